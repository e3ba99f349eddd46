"""A one-line text region (a card's title) holding right-to-left words sets them in visual order
(layout/regions/text.py _visual): "يوم السوق" (market day) prints its first word at the right, not "السوق يوم";
a title without right-to-left letters is drawn as before. Read back from the PDF's characters (pdfread)."""
from __future__ import annotations

import csv

import pdfread
from cli import pnp_in_process

TITLE = "يوم السوق"


def test_an_arabic_title_of_two_words_reads_from_the_right(tmp_path):
    game = tmp_path / "game"
    pnp_in_process("new", str(game), "--lang", "en,ar", check=True)    # set in the Arabic edition's fonts
    with (game / "cards.csv").open(encoding="utf-8-sig") as f:
        rows = list(csv.DictReader(f))
    rows[0]["title:ar"] = TITLE
    with (game / "cards.csv").open("w", encoding="utf-8", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(rows[0]))
        w.writeheader()
        w.writerows(rows)
    pnp_in_process("build", str(game), "--lang", "ar", "--output", str(tmp_path / "g.pdf"), cwd=tmp_path,
                   check=True)
    pdf = tmp_path / "g.pdf"
    page = next(cs for i in range(2, pdfread.page_count(pdf)) for cs in [pdfread.page_chars(pdf, i)[1]]
                if any("Arabic-Bold" in c["fontname"] for c in cs))                             # a card sheet
    arabic = [c for c in page if "Arabic-Bold" in c["fontname"]]                               # the bold titles
    top = min(c["top"] for c in arabic)
    left = min(c["x0"] for c in arabic)
    one = sorted((c for c in arabic if abs(c["top"] - top) < 1 and c["x0"] < left + 150), key=lambda c: c["x0"])
    shown = "".join(c["text"] for c in one)
    assert set(shown.replace(" ", "")) == set(TITLE.replace(" ", "")), shown
    x = {}
    for c in one:
        x.setdefault(c["text"], []).append(c["x0"])
    assert min(x["ي"]) > max(x["ق"])            # يوم (first) right of السوق (second)
    assert min(x["م"]) > max(x["س"])
