"""Issue 57: every measure the leaf's cutting steps print is the one the sheets draw, for every shipped game, on
A4 and Letter, in every duplex mode (long, short, gutter-fold, fronts only). For each piece size the leaf lists,
the gutters it names ("2.4 mm gutters between columns", "the middle of the gutters (3.0 mm between columns,
4.0 mm between rows)") are measured between neighbouring pieces as the sheets place them; an axis it names has
two pieces or more on it on some sheet, and one it leaves unnamed has none (no "between rows" for a block of one
row); a lone piece's bleed ("its colour runs 2.0 mm past the cut lines") is the bleed the sheet lets it show.
In-process, on the pages impose makes (the PDF's marks are read back for A4 and Letter in test_cut_measures.py)."""
from __future__ import annotations

import re

import pytest

from generator.deck import load_deck
from generator.impose.cardsheets import card_sheets
from generator.impose.grid import Axis, Spec, Stock, describe
from generator.impose.spec import sheet_spec
from generator.pipeline import lay_out
from generator.printout.howto import how_to_cut
from generator.units import from_mm, mm
from seedtext import GAMES

NUM = r"(\d+(?:\.\d+)?)"
LINE = re.compile(r"^- .*?\((?:" + NUM + " × " + NUM + " mm|" + NUM + r" mm round)\): (.*)$")


def said(how: str) -> dict:
    """{'columns': mm, 'rows': mm, 'bleed': (side, end)} as a cutting line says them (touching: 0.0)."""
    out: dict = {}
    both = re.search(r"middle of the " + NUM + " mm gutters", how)
    apart = re.search(r"middle of the gutters \(" + NUM + " mm between columns, " + NUM + r" mm between rows\)", how)
    if apart:
        out = {"columns": float(apart.group(1)), "rows": float(apart.group(2))}
    for axis in ("columns", "rows"):
        m = re.search(NUM + " mm gutters between " + axis, how)
        if m:
            out[axis] = float(m.group(1))
        if re.search(axis + r" touch\b", how):
            out[axis] = 0.0
    if both:
        out["either"] = float(both.group(1))
    one = re.search(r"colour runs " + NUM + " mm past the cut lines", how)
    two = re.search(r"colour runs " + NUM + " mm past the side cut lines, " + NUM + " mm past the top", how)
    if one:
        out["bleed"] = (float(one.group(1)),) * 2
    elif two:
        out["bleed"] = (float(two.group(1)), float(two.group(2)))
    return out


def drawn(cards, w: float, h: float, round_: bool) -> dict:
    """{'columns': {mm, ...}, 'rows': {mm, ...}, 'bleed': (side, end)}: the gutters between neighbouring pieces of
    this size on every sheet, along a row and down a column (each piece once: a gutter-fold page's backs mirror
    its fronts), and the least bleed a lone piece of it shows beyond its trim at its sides and ends."""
    out: dict = {"columns": set(), "rows": set()}
    lone = []
    for page in cards:
        if page.kind == "back":
            continue
        seen, mine = set(), []
        for pl in page.placements:
            if (id(pl.card), pl.copy) in seen:
                continue
            seen.add((id(pl.card), pl.copy))
            if abs(mm(pl.width) - w) < 0.05 and abs(mm(pl.height) - h) < 0.05 and \
                    (pl.face.shape == "circle") == round_:
                mine.append(pl)
        if len(mine) == 1:
            lone.append(mine[0])
        for axis, along, across, size in (("columns", "x", "y", "width"), ("rows", "y", "x", "height")):
            lines: dict = {}
            for pl in mine:
                lines.setdefault(round(getattr(pl, across), 2), []).append(pl)
            for line in lines.values():
                at = sorted(line, key=lambda p: getattr(p, along))
                for a, b in zip(at, at[1:]):
                    out[axis].add(round(mm(getattr(b, along) - getattr(a, along) - getattr(a, size)), 2))
    if lone and not round_ and not out["columns"] and not out["rows"]:
        sides = [tuple(min(v, pl.face.bleed) for v in pl.page_shown()) for pl in lone]
        out["bleed"] = (round(mm(min(min(s[0], s[2]) for s in sides)), 2),
                        round(mm(min(min(s[1], s[3]) for s in sides)), 2))
    return out


MODES = [(paper, duplex) for paper in ("a4", "letter") for duplex in ("long", "short", "fold", "none")]


@pytest.mark.parametrize("game", GAMES)
def test_every_measure_the_leaf_prints_is_drawn(game):
    deck = load_deck(game)
    for paper, duplex in MODES:
        spec = sheet_spec(paper, duplex)
        cards = card_sheets(lay_out(deck, spec, drop_backs=True), spec)
        where = f"{game} {paper} {duplex}"
        lines = [LINE.match(line.replace("\u00a0", " ")) for line in how_to_cut(deck, cards, spec)]
        checked = 0
        for m in filter(None, lines):
            w, h, d, how = m.groups()
            words, found = said(how), drawn(cards, float(w or d), float(h or d), d is not None)
            for axis in ("columns", "rows"):
                gutters = found[axis]
                if "either" in words and gutters:
                    words.setdefault(axis, words["either"])
                assert (axis in words) == bool(gutters), \
                    f"{where}: {w or d} mm: the sheets hold {axis} {sorted(gutters)}, the leaf says: {how}"
                for g in gutters:
                    assert abs(g - words[axis]) <= 0.051, \
                        f"{where}: {w or d} mm: {g} mm drawn between {axis}, the leaf says {words[axis]}: {how}"
                    checked += 1
            if "bleed" in found and max(found["bleed"]) > 0:
                assert "bleed" in words, f"{where}: a lone piece's bleed {found['bleed']} unsaid: {how}"
                for printed, measured in zip(words["bleed"], found["bleed"]):
                    assert abs(printed - measured) <= 0.051, f"{where}: bleed {found['bleed']} drawn: {how}"
                checked += 1
        assert checked, f"{where}: no measure in the cutting steps"


def test_a_block_of_one_row_says_nothing_of_rows():
    """A grid that holds two rows, of which the sheets fill one: its gutters between columns, none between rows
    (the leaf printed "4.0 mm gutters between rows" for a designer's six chits in one row)."""
    axis = Axis(n=4, size=from_mm(25), gutter=from_mm(4), bleed=from_mm(2), pad=0.0, gap=from_mm(1), mark=from_mm(3),
                ends=2, start=0.0)
    grid = Spec(Stock(from_mm(25), from_mm(25)), axis, axis._replace(n=2))
    assert "between rows" in describe(grid)
    one_row = describe(grid, placed=(4, 1)).replace("\u00a0", " ")
    assert "4.0 mm gutters between columns" in one_row and "rows" not in one_row, one_row


def test_a_lone_piece_names_the_bleed_each_side_shows():
    """A board alone on its sheet showing 1.8 mm at its sides and 2.0 mm at its ends says both."""
    axis = Axis(n=1, size=from_mm(190), gutter=0.0, bleed=from_mm(1.8), pad=0.0, gap=from_mm(1), mark=from_mm(3),
                ends=2, start=0.0)
    grid = Spec(Stock(from_mm(190), from_mm(262)), axis, axis._replace(size=from_mm(262), bleed=from_mm(2)))
    assert describe(grid, placed=(1, 1)).replace("\u00a0", " ") == \
        "its colour runs 1.8 mm past the side cut lines, 2.0 mm past the top and bottom ones"
    even = (from_mm(2),) * 4
    assert describe(grid, placed=(1, 1), shown=even).replace("\u00a0", " ") == "its colour runs 2.0 mm past the cut lines"
