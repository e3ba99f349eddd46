"""docs/deck-format.md's examples of colours, shadows, paths and cropped pictures, built as written: each YAML
block under those headings is taken from the page, its regions put in a poker card's template (its palette as the
page gives it), and the deck built; a page whose example no longer builds fails here."""
from __future__ import annotations

import re
import textwrap

from PIL import Image

from cli import ROOT, pnp_in_process

HEADINGS = ("#### Colours", "#### Shadows", "#### Paths", "#### Pictures cropped, zoomed and clipped")


def _blocks() -> dict:
    page = (ROOT / "docs" / "deck-format.md").read_text(encoding="utf-8")
    out = {}
    for h in HEADINGS:
        part = page[page.index(h):]
        part = part[:part.index("\n#### ", 5)]
        out[h] = re.findall(r"```yaml\n(.*?)```", part, re.S)
    return out


def test_the_pages_drawing_examples_build(tmp_path):
    blocks = _blocks()
    assert all(blocks.values()), blocks
    palette = blocks["#### Colours"][0].strip()
    regions = "".join(b for h in HEADINGS[1:] for b in blocks[h])
    folder = tmp_path / "examples"
    (folder / "templates").mkdir(parents=True)
    (folder / "art").mkdir()
    Image.new("RGB", (400, 300), (200, 60, 40)).save(folder / "art" / "pic.png")
    (folder / "deck.yaml").write_text(textwrap.dedent("""\
        game: {title: Examples}
        """) + palette.replace("}", ', ink: "#1d2230"}') + textwrap.dedent("""
        kinds: {card: {title: Card, template: card, back: none}}
        cards: [{kind: card, name: A}]
        """))
    (folder / "templates" / "card.yaml").write_text("size: poker\nregions:\n" + regions)
    out = tmp_path / "examples.pdf"
    proc = pnp_in_process("build", folder, "-o", out, env={"PNP_CACHE": "off"})
    assert proc.returncode == 0, proc.stderr
    from generator.pipeline import load
    from generator.proof.collect import collect
    ops = collect(load(str(folder)))[0].sides[0].face.ops
    kinds = {type(op).__name__ for op in ops}
    assert {"Path", "Image", "Rect", "Text", "Polygon"} <= kinds, kinds
    assert any(getattr(op, "blur", 0) for op in ops) and any(getattr(op, "clip", ()) for op in ops)
