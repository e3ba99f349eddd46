"""`px` at the deck's stated dpi (issue 45): a deck's top-level `dpi:` (300 by default, as Squib's) says what a px
is in its templates, its own sizes and its text, so a template drawn for a 150 dpi Squib deck keeps its
coordinates; a change of dpi lays every face out again (the layout store's stamp holds it), and a bad dpi is one
line naming deck.yaml's line and the key. Read back from the print shop's PDF (one face a page) at 300 dpi."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pypdfium2 as pdfium

from cli import pnp_in_process

SQUARE = '  - {id: square, type: rect, box: [0px, 0px, 150px, 150px], fill: "#ff00ff"}'


def _game(tmp_path: Path, dpi: str | None, region: str = SQUARE) -> Path:
    """A `pnp new` game whose card template draws `region`, its deck.yaml stating `dpi:` (none: the default)."""
    folder = tmp_path / "g"
    assert pnp_in_process("new", folder).returncode == 0
    template = folder / "templates" / "card.yaml"
    template.write_text(template.read_text(encoding="utf-8").rstrip("\n") + "\n" + region + "\n", encoding="utf-8")
    _state(folder, dpi)
    return folder


def _state(folder: Path, dpi: str | None) -> None:
    deck = folder / "deck.yaml"
    lines = [ln for ln in deck.read_text(encoding="utf-8").splitlines() if not ln.startswith("dpi:")]
    at = lines.index("game:")
    deck.write_text("\n".join(lines[:at] + ([f"dpi: {dpi}"] if dpi is not None else []) + lines[at:]) + "\n",
                    encoding="utf-8")


def _face(tmp_path: Path, folder: Path, name: str):
    """The first face of the deck's print-shop PDF: (its page's width in points, its bleed in points, the page
    rendered at 300 dpi)."""
    out = tmp_path / name
    proc = pnp_in_process("export", folder, "--to", "pdf", "-o", out)
    assert proc.returncode == 0, proc.stderr
    doc = pdfium.PdfDocument(str(next(out.glob("*.pdf"))))
    try:
        page = doc[0]
        width = page.get_width()
        img = page.render(scale=300 / 72).to_pil().convert("RGB")
    finally:
        doc.close()
    return width, (width - 63.5 * 72 / 25.4) / 2, img


def _magenta(img) -> tuple[int, int, int, int]:
    """The box (x0, y0, x1, y1) of the magenta pixels, in the render's 300 dpi pixels."""
    px = np.asarray(img).astype(int)
    rows, cols = np.nonzero((px[..., 0] > 200) & (px[..., 1] < 60) & (px[..., 2] > 200))
    assert rows.size, "no magenta on the face"
    return int(cols.min()), int(rows.min()), int(cols.max()) + 1, int(rows.max()) + 1


def test_a_box_in_px_is_drawn_at_the_decks_dpi(tmp_path):
    """150 px at dpi 150 is one inch: 300 pixels of a 300 dpi render, from the trim's corner."""
    folder = _game(tmp_path, "150")
    _, bleed, img = _face(tmp_path, folder, "at150")
    x0, y0, x1, y1 = _magenta(img)
    corner = bleed * 300 / 72
    assert abs(x0 - corner) <= 1 and abs(y0 - corner) <= 1, (x0, y0, corner)
    assert abs((x1 - x0) - 300) <= 2 and abs((y1 - y0) - 300) <= 2, (x0, y0, x1, y1)


def test_changing_the_dpi_and_building_again_redraws_the_box(tmp_path):
    """The same game built at dpi 150, then at the default 300 (deck.yaml alone changed, the same cache): the
    square is half as wide, not the faces laid out at 150 dpi taken from the store."""
    folder = _game(tmp_path, "150")
    first = _magenta(_face(tmp_path, folder, "a")[2])
    _state(folder, None)
    second = _magenta(_face(tmp_path, folder, "b")[2])
    assert abs((first[2] - first[0]) - 300) <= 2
    assert abs((second[2] - second[0]) - 150) <= 2, second
    _state(folder, "600")
    third = _magenta(_face(tmp_path, folder, "c")[2])
    assert abs((third[2] - third[0]) - 75) <= 2, third


def test_a_decks_own_size_and_a_computed_box_count_px_at_its_dpi(tmp_path):
    """A size of the deck's own written in px (`sizes:`), and a box a card computes ("{value * 50}px"), both at
    the deck's dpi: the chit 1.5 x 1.5 in at dpi 100, the bar as long as the card's value says."""
    region = '  - {id: square, type: rect, box: [0px, 0px, "{value * 50}px", 100px], fill: "#ff00ff"}'
    folder = _game(tmp_path, "100")
    deck = folder / "deck.yaml"
    text = deck.read_text(encoding="utf-8").replace("palette:", "sizes:\n  chit: 150px x 150px\n\npalette:", 1)
    at = text.index("  event:")                     # an event's value is "!": its fronts show the back's template
    deck.write_text(text[:at] + text[at:].replace("template: card", "template: back", 1), encoding="utf-8")
    (folder / "templates" / "back.yaml").write_text(
        "size: chit\nregions:\n  - {type: rect, box: [0mm, 0mm, 100%, 100%], fill: back, bleed: true}\n")
    (folder / "templates" / "card.yaml").write_text(
        "size: chit\nregions:\n  - {type: text, box: [3mm, 30mm, 30mm, 5mm], text: '{title}', size: 8pt}\n"
        + region + "\n")
    width, _, img = _face(tmp_path, folder, "chit")
    bleed = (width - 108) / 2
    assert abs(width - 2 * bleed - 108) < 0.01            # 150 px at 100 dpi: 1.5 in, 108 pt
    x0, y0, x1, y1 = _magenta(img)
    assert abs((y1 - y0) - 300) <= 2                        # 100 px: one inch
    assert abs((x1 - x0) - 150) <= 2, (x0, x1)              # the first card's value is 1: 50 px, half an inch


def test_a_bad_dpi_is_one_line_naming_the_deck_file_and_the_key(tmp_path):
    for bad in ("fast", "0", "true", "'300'"):
        folder = _game(tmp_path / bad.strip("'"), bad)
        out = tmp_path / "x.pdf"
        proc = pnp_in_process("build", folder, "-o", out)
        assert proc.returncode == 2 and not out.exists(), proc.stderr
        lines = proc.stderr.strip().splitlines()
        assert len(lines) == 1, proc.stderr
        assert lines[0].startswith("pnp: error: ") and "g/deck.yaml:3:1: dpi: " in lines[0], lines[0]
        assert "a number from 10 to 2400" in lines[0], lines[0]
