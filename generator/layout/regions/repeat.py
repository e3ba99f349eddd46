"""A region drawn several times (nanDECK's FOR, Squib's ranges): `repeat: N` (a whole number, or a brace a card
gives: `repeat: "{value}"`), each copy moved from the one before by `step: [dx, dy]`, or set in rows by
`grid: [columns, dx, dy]`; `i` (0 for the first copy) may be read by the region's other keys ("{i * 10}",
`when: "{i < cost}"`). `repeat: 0` draws nothing; without step or grid each copy stands to the right of the one
before, a box's width on.

The keys' kinds (Step, Grid), the check that step and grid go with a repeat and not with each other, and where
copy i stands (offset). Not here: laying the copies out (face.py), the keys every region takes (common.py).
"""
from __future__ import annotations

import math

from ...deck.sizes import MAX_EDGE
from ...errors import found
from ...files.yamlfile import Seq
from ...units import UnitError, length

MAX_REPEAT = 500                # copies of one region on a card (as many as a template's regions)
COPY = "i"                      # the name a repeated region's braces read its copy's number by, from 0


def _items(rd, key, n: int, said: str) -> Seq:
    """The key's list of `n` items, or its error saying what it takes (`said`)."""
    v = rd.r[key]
    if not isinstance(v, Seq) or len(v) != n:
        raise rd.error(key, f"expected {said}, found {found(v) if not isinstance(v, Seq) else f'{len(v)} values'}")
    return v


def _moves(rd, key, dx, dy) -> tuple[float, float]:
    """(dx, dy) in points: lengths (or % of the card's width and height; 0 alone), either way."""
    try:
        out = tuple(0.0 if isinstance(d, (int, float)) and not isinstance(d, bool) and d == 0 else length(d, of, rd.dpi)
                    for d, of in ((dx, rd.width), (dy, rd.height)))
    except UnitError as exc:
        raise rd.error(key, str(exc))
    if not all(math.isfinite(d) and abs(d) <= MAX_EDGE for d in out):
        raise rd.error(key, f"each step must be within {MAX_EDGE / 72 * 25.4:.0f}mm either way")
    return out


class Times:
    """How many times a region is drawn: a whole number from 0 to MAX_REPEAT."""

    def check(self, rd, key):
        v = rd.r[key]
        if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= MAX_REPEAT:
            raise rd.error(key, f"expected how many times to draw the region, a whole number from 0 to {MAX_REPEAT}, "
                                f"found {found(v)}")
        return v

    def __repr__(self) -> str:
        return "Times()"


class Step:
    """[dx, dy]: where each copy stands from the one before, as points (y down)."""

    def check(self, rd, key):
        v = _items(rd, key, 2, "[dx, dy], how far each copy stands from the one before (lengths such as [6mm, 0mm])")
        return _moves(rd, key, v[0], v[1])

    def __repr__(self) -> str:
        return "Step()"


class Grid:
    """[columns, dx, dy]: copies set `columns` to a row, dx apart, their rows dy apart: (columns, dx, dy)."""

    def check(self, rd, key):
        v = _items(rd, key, 3, "[columns, dx, dy]: copies in rows of `columns`, dx apart, rows dy apart (such as "
                               "[3, 6mm, 6mm])")
        columns = v[0]
        if isinstance(columns, bool) or not isinstance(columns, int) or not 1 <= columns <= MAX_REPEAT:
            raise rd.error(key, f"expected the grid's columns as a whole number from 1 to {MAX_REPEAT}, found "
                                f"{found(columns)}")
        return (columns, *_moves(rd, key, v[1], v[2]))

    def __repr__(self) -> str:
        return "Grid()"


def check(r, values: dict, where: str) -> None:
    """step and grid move a repeated region's copies: each goes with `repeat`, and one of them at most."""
    if values.get("repeat") is None:
        for key in ("step", "grid"):
            if key in r:
                raise r.error(key, f"{key} places the copies of a repeated region; this one has no repeat",
                              field=f"{where}.{key}", hint='add repeat: N (or repeat: "{field}")')
    if "step" in r and "grid" in r:
        raise r.error("grid", "a repeated region's copies are placed by step or by grid, not both",
                      field=f"{where}.grid", hint="step: [dx, dy] for a row; grid: [columns, dx, dy] for rows")


def offset(values: dict, box: tuple, i: int) -> tuple[float, float]:
    """How far copy `i` of a repeated region stands from its box (points, y down)."""
    grid, step = values.get("grid"), values.get("step")
    if grid is not None:
        columns, dx, dy = grid
        return (i % columns) * dx, (i // columns) * dy
    dx, dy = step if step is not None else (box[2], 0.0)
    return i * dx, i * dy
