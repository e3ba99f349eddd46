"""Issue 55: a game named in Arabic or Hebrew prints its name in its own letters on every page that names it (the
leaf, each card sheet's label, the rule pages' title and every footer: drawn from the fallback chain's Arabic or
Hebrew face, not the family's, whose missing glyph read back as "دددد"); pnp's own sentences run in the build's
language's direction, an English name isolated inside an Arabic one, a Hebrew name inside an English one staying
where the sentence puts it (the bidi algorithm's own order, python-bidi's, read back from the PDF). A `pnp new`
game, built in-process."""
from __future__ import annotations

import csv

import pytest
from bidi import get_display

import pdfread
from cli import pnp_in_process
from printedrules import rule_pages

from generator.language import words

TITLES = {"ar": ("حصاد القمر", "Arabic"), "he": ("קציר הירח", "Hebrew")}


def _game(tmp_path, code: str, title: str, english_cards: bool = False):
    game = tmp_path / "g"
    pnp_in_process("new", str(game), "--lang", f"en,{code}", check=True)
    if english_cards:                   # the cards' names left untranslated: printed in English
        rows = list(csv.DictReader((game / "cards.csv").open(encoding="utf-8")))
        with (game / "cards.csv").open("w", encoding="utf-8", newline="") as f:
            out = csv.DictWriter(f, fieldnames=list(rows[0]))
            out.writeheader()
            out.writerows({**r, f"title:{code}": ""} for r in rows)
    deck = game / "deck.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("  title: G\n", f"  title: G\n  title:{code}: {title}\n",
                                                             1), encoding="utf-8")
    pdf = tmp_path / "g.pdf"
    pnp_in_process("build", str(game), "--lang", code, "-o", str(pdf), check=True)
    return pdf


def _rows(pdf, index: int) -> dict:
    """{baseline: chars left to right} of a page."""
    (_, height), chars = pdfread.page_chars(pdf, index)
    rows: dict = {}
    for c in chars:
        rows.setdefault(round(height - c["origin"][1], 1), []).append(c)
    return {y: sorted(cs, key=lambda c: c["x0"]) for y, cs in rows.items()}


@pytest.mark.parametrize("code", TITLES)
def test_the_title_prints_in_its_own_letters_wherever_the_game_is_named(tmp_path, code):
    title, face = TITLES[code]
    pdf = _game(tmp_path, code, title)
    letters = set(title.replace(" ", ""))
    rules = rule_pages(pdf)
    named = [0, *range(2, pdfread.page_count(pdf))]     # the leaf's first page, every card sheet, every rule page
    for i in named:
        mine = [c for c in pdfread.page_chars(pdf, i)[1] if c["text"] in letters]
        assert mine, f"page {i + 1} does not name the game"
        assert all(face in c["fontname"] for c in mine), (i, {c["fontname"] for c in mine})
        shown = ["".join(c["text"] for c in row) for row in _rows(pdf, i).values()]
        # the title's letters read back as its own, in visual order (from the left) on the line naming it
        want = get_display(title).replace(" ", "")
        assert any(want in row.replace(" ", "") for row in shown), (i, shown)
    first = _rows(pdf, rules[0])
    top = min(first)                                    # the rule pages' title heads the first of them
    assert get_display(title).replace(" ", "") in "".join(c["text"] for c in first[top]).replace(" ", "")
    for i in rules:                                     # and every footer names the game in its language
        rows = _rows(pdf, i)
        foot = "".join(c["text"] for c in rows[max(rows)]).replace(" ", "")
        assert get_display(title).replace(" ", "") in foot, foot


def test_an_arabic_leaf_reads_right_to_left_with_english_names_in_it(tmp_path):
    """The Arabic leaf's "In the box" line names English cards (no Arabic for them): each name isolated in the
    Arabic sentence, the line in the order the bidi algorithm gives it (python-bidi, which keeps isolates)."""
    pdf = _game(tmp_path, "ar", TITLES["ar"][0], english_cards=True)
    _ = words("ar")
    line = _("{things}: {each}", things="9 محاصيل", each=_(", ").join(
        _("{n} {label}", n=n, label=label) for label, n in (("Wheat", 4), ("Barley", 3), ("Apples", 2))))
    rows = ["".join(c["text"] for c in row if c["text"] != "•").replace(" ", "").replace("\u00a0", "")
            for row in _rows(pdf, 0).values()]
    _same_order(line, "R", rows)


def _same_order(line: str, base: str, rows: list) -> None:
    """The PDF's row that prints the start of `line` (as much of it as the row holds, where the line wraps) holds
    it in the order python-bidi's algorithm gives."""
    words = line.split(" ")
    for n in range(len(words), 0, -1):
        head = " ".join(words[:n])
        want = get_display(head, base_dir=base)
        for c in " \u00a0\u2068\u2069":
            want = want.replace(c, "")
        if sorted(want) in [sorted(row) for row in rows]:
            assert want in rows, (want, rows)
            return
    raise AssertionError(f"no row prints the start of {line!r}: {rows}")


def test_a_hebrew_name_in_an_english_sentence_stays_where_the_sentence_puts_it(tmp_path):
    """An English build of a game whose kinds are named in Hebrew: the leaf's lines that start with the name
    ("9 יבול: 4 Wheat, 3 Barley, 2 Apples") run left to right as the English sentence does, the name read from the
    right in its place (they were set right to left as a whole, by their first letter)."""
    game = tmp_path / "g"
    pnp_in_process("new", str(game), check=True)
    deck = game / "deck.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("    title: Crop\n", "    title: יבול\n"),
                    encoding="utf-8")
    pdf = tmp_path / "g.pdf"
    pnp_in_process("build", str(game), "-o", str(pdf), check=True)
    _ = words("en")
    line = _("{things}: {each}", things="9 \u2068יבול\u2069", each=_(", ").join(
        _("{n} {label}", n=n, label=label) for label, n in (("Wheat", 4), ("Barley", 3), ("Apples", 2))))
    assert get_display(line, base_dir="L").startswith("9 ")
    rows = ["".join(c["text"] for c in row if c["text"] != "•").replace(" ", "").replace("\u00a0", "")
            for row in _rows(pdf, 0).values()]
    _same_order(line, "L", rows)
