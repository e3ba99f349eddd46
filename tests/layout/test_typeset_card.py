"""Issue 43's card, set as a typographer would: on a `pnp new` game whose text box is set in DejaVu Sans 26 mm wide,
`Don't AVOID "Towns"; incomprehensibilities notwithstanding. שלום` prints with "AV" kerned, "Don’t" and “Towns”,
the long word hyphenated at a line's end, the text at 9pt or more and the Hebrew word right to left; read back
from the PDF's characters (pdfread: each one's text, font, place and size).

DejaVu Sans is the one pnp ships (fonts/DejaVuSans.ttf, the `symbols` family), copied into the game as a family
of the deck's own, as a designer would name it; it has no Hebrew, so its `fallback:` names the shared `hebrew`
family (the `symbols` family itself falls back to nothing: a symbol font's missing glyph is an error)."""
from __future__ import annotations

import shutil

import pdfread
from cli import ROOT, pnp_in_process

TEXT = "Don't AVOID \"Towns\"; incomprehensibilities notwithstanding. שלום"
A_ADVANCE = 1401 / 2048         # DejaVu Sans's "A" alone, in em


def test_the_card_text_is_kerned_hyphenated_at_nine_points_and_right_to_left(tmp_path):
    game = tmp_path / "game"
    pnp_in_process("new", str(game), check=True)
    shutil.copy(ROOT / "fonts" / "DejaVuSans.ttf", game / "DejaVuSans.ttf")
    deck = (game / "deck.yaml").read_text()
    family = "fonts:\n  dejavu: {regular: DejaVuSans.ttf, fallback: [hebrew]}\n\npalette:"
    (game / "deck.yaml").write_text(deck.replace("palette:", family, 1))
    template = game / "templates" / "card.yaml"
    t = template.read_text()
    old = "box: [7mm, 30mm, 49.5mm, 38mm], text: \"{text}\", font: serif"
    assert old in t
    template.write_text(t.replace(old, "box: [18.75mm, 30mm, 26mm, 38mm], text: \"{text}\", font: dejavu"))
    cards = (game / "cards.csv").read_text().splitlines()
    first = cards[1].split(",")
    quoted = TEXT.replace('"', '""')
    cards[1] = ",".join(first[:3] + [f'"{quoted}"', first[-1]])
    (game / "cards.csv").write_text("\n".join(cards) + "\n")
    pnp_in_process("build", str(game), "--output", str(tmp_path / "game.pdf"), cwd=tmp_path, check=True)

    out = tmp_path / "game.pdf"
    page = next(cs for i in range(pdfread.page_count(out)) for cs in [pdfread.page_chars(out, i)[1]]
                if any("DejaVuSans" in c["fontname"] for c in cs))
    every = [c for c in page if any(f in c["fontname"] for f in ("DejaVuSans", "PnpSansHebrew"))]
    left, top = min(c["x0"] for c in every), min(c["top"] for c in every)
    chars = [c for c in every if c["x0"] < left + 30 * 72 / 25.4 and c["top"] < top + 40 * 72 / 25.4]   # one copy
    sizes = {round(c["size"], 2) for c in chars}
    assert min(sizes) >= 9.0, sizes

    assert {c["fontname"].split("+")[-1] for c in chars} == {"DejaVuSans", "PnpSansHebrew"}
    text = "".join(c["text"] for c in chars)
    assert "Don\u2019t" in text and "\u201cTowns\u201d" in text, text             # typographic, not ' and "
    assert "'" not in text and '"' not in text
    a = text.index("AVOID")
    kern = chars[a + 1]["x0"] - chars[a]["x0"]
    assert kern < A_ADVANCE * chars[a]["size"] - 0.5, "AV is not kerned"

    lines: dict = {}                                # the text's lines, top to bottom
    for c in chars:
        lines.setdefault(round(c["top"], 1), []).append(c)
    rows = ["".join(c["text"] for c in sorted(row, key=lambda c: c["x0"])).strip()
            for _, row in sorted(lines.items())]
    broken = [r for r in rows if r.endswith("\u00ad")]           # a hyphen hyphenation added: a soft one
    heads = [r.split()[-1][:-1] for r in broken]
    assert heads and heads[0] and "incomprehensibilities".startswith(heads[0]), rows

    hebrew = [c for c in chars if "\u05d0" <= c["text"] <= "\u05ea"]
    assert {c["text"] for c in hebrew} == set("שלום")
    x = {c["text"]: c["x0"] for c in hebrew}
    assert x["ש"] > x["ל"] > x["ו"] > x["ם"]          # the first letter rightmost: right to left
