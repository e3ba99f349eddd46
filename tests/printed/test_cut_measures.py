"""Issue 44: the gutters the leaf's cutting steps print are the gutters drawn. Each piece size's line in the
"Cutting" section names its gutters ("2.4 mm gutters between columns", "the middle of the gutters (3.0 mm
between columns, 4.0 mm between rows)"); the cut marks on the sheet that holds that size are read back from
the PDF and the gutters they mark measured: the same figure, to the tenth of a millimetre printed."""
from __future__ import annotations

import re

import pytest

from pdfcheck import MM, leaf_text, lines, page_text, placements

GAMES = ["vasa-regalis", "royal-lines", "aqua-regia", "christina-regina", "a-royal-will"]
NUM = r"(\d+(?:\.\d+)?)"


def cutting_lines(path) -> list[tuple[float, float, bool, str]]:
    """(width, height, round, what the line says) for each piece size the leaf's cutting section lists."""
    text = " ".join(leaf_text(path).split())
    cutting = text[text.index("Cutting"):]
    out = []
    for m in re.finditer(r"• [^•]*?\((?:" + NUM + " × " + NUM + " mm|" + NUM + r" mm round)\): (.*?)(?= •|$)",
                         cutting):
        w, h, d, how = m.groups()
        out.append((float(w or d), float(h or d), d is not None, how.split(". ")[0]))
    return out


def printed_gutters(how: str) -> dict:
    """{'columns': mm, 'rows': mm} as the line says them (one figure for both: both)."""
    both = re.search(r"middle of the " + NUM + " mm gutters", how)
    if both:
        return {"columns": float(both.group(1)), "rows": float(both.group(1))}
    apart = re.search(r"middle of the gutters \(" + NUM + " mm between columns, " + NUM + r" mm between rows\)", how)
    if apart:
        return {"columns": float(apart.group(1)), "rows": float(apart.group(2))}
    out = {}
    for axis in ("columns", "rows"):
        m = re.search(NUM + " mm gutters between " + axis, how)
        if m:
            out[axis] = float(m.group(1))
    return out


def drawn_gutters(path, w: float, h: float, round_: bool) -> dict:
    """{'columns': mm, 'rows': mm}: the gutters the cut marks measure around the sheet holding the most pieces
    of this size, between neighbours along each axis that has two or more of them. A rectangle's gutter is the
    space between the two cut lines either side of it; a round piece's sheet is cut through the middle of its
    gutters, one line, so its gutter is the space between two lines less the piece. Only the marks on a side
    of the block with no other piece near are read (another size's block above or below has marks of its own)."""
    pages = placements(path)
    page = max(range(len(pages)), key=lambda i: sum(abs(p.w - w * MM) < 0.1 and abs(p.h - h * MM) < 0.1
                                                    for p in pages[i]))
    mine = [p for p in pages[page] if abs(p.w - w * MM) < 0.1 and abs(p.h - h * MM) < 0.1]
    others = [p for p in pages[page] if p not in mine]
    if len(mine) < 2:
        return {}
    x0, x1 = min(p.x for p in mine), max(p.x + p.w for p in mine)
    y0, y1 = min(p.y for p in mine), max(p.y + p.h for p in mine)
    reach = 8 * MM                                              # marks stand this close to their block at most
    clear = 2 * reach                                           # ... and another block's marks as close to it
    above = not any(o.y < y1 + clear and o.y + o.h > y1 for o in others)
    below = not any(o.y + o.h > y0 - clear and o.y < y0 for o in others)
    right = not any(o.x < x1 + clear and o.x + o.w > x1 for o in others)
    left = not any(o.x + o.w > x0 - clear and o.x < x0 for o in others)
    cuts: dict = {"columns": set(), "rows": set()}
    for a, b, c, d in lines(path, page):
        if abs(a - c) < 0.01 and x0 - reach < a < x1 + reach and (
                above and y1 - 0.01 <= min(b, d) < y1 + reach or below and y0 - reach < max(b, d) <= y0 + 0.01):
            cuts["columns"].add(round(a, 2))                    # a vertical mark above or below the block
        if abs(b - d) < 0.01 and y0 - reach < b < y1 + reach and (
                right and x1 - 0.01 <= min(a, c) < x1 + reach or left and x0 - reach < max(a, c) <= x0 + 0.01):
            cuts["rows"].add(round(b, 2))                       # a horizontal mark left or right of the block
    out = {}
    for axis, size, starts in (("columns", w * MM, {round(p.x, 2) for p in mine}),
                               ("rows", h * MM, {round(p.y, 2) for p in mine})):
        if len(starts) < 2:
            continue
        at = sorted(cuts[axis])
        steps = [b - a for a, b in zip(at, at[1:])]
        gaps = [s - size for s in steps if s > size * 0.5] if round_ else [s for s in steps if s < size * 0.5]
        out[axis] = round(sum(gaps) / len(gaps) / MM, 3) if gaps else 0.0     # none: touching, one cut
    return out


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("game", GAMES)
def test_the_gutters_printed_are_the_gutters_drawn(built, game, paper):
    path = built(game) if paper == "a4" else built(game, "--paper", "letter")
    checked = 0
    for w, h, round_, how in cutting_lines(path):
        said = printed_gutters(how)
        drawn = drawn_gutters(path, w, h, round_)
        for axis, mm in said.items():
            assert axis in drawn, f"{game}: {w} × {h} mm: the leaf names {axis} gutters, the sheet has none: {how}"
            assert abs(drawn[axis] - mm) <= 0.051, \
                f"{game}: {w} × {h} mm: the leaf says {mm} mm between {axis}, the marks measure {drawn[axis]:.2f}"
            checked += 1
        for axis, mm in drawn.items():
            if mm > 0.05:
                assert axis in said, f"{game}: {w} × {h} mm: {mm:.1f} mm gutters between {axis}, unsaid: {how}"
    assert checked, f"{game}: no gutter figure in the cutting section"


def test_a_royal_wills_tokens_and_coins_say_their_own_gutters(built):
    """The tokens' gutters are 3.0 mm across and 4.0 mm down, the coins' 4.0 mm across and 3.1 mm down: the
    leaf says each (it said "4.0 mm" of both, the wider of the two)."""
    said = {(w, round_): printed_gutters(how) for w, h, round_, how in cutting_lines(built("a-royal-will"))}
    assert said[(30.0, True)] == {"columns": 3.0, "rows": 4.0}
    assert said[(22.0, True)] == {"columns": 4.0, "rows": 3.1}
