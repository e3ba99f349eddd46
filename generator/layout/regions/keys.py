"""How a region type declares itself: Key (a key's name, its kind, its default, what it is), the kinds of value
a key may hold, each with the one checker every key of that kind is read through, and RegionType (a type's
keys, how it lays out, how its operations are drawn).

The kinds, and what a template writes for each:
- Length: a length with its unit (`3mm`, `0.5pt`, `1in`, `40px` at the deck's dpi; 0 alone), from `low` to `high`
  points (`high` may be the card's shorter side: SHORT_SIDE);
- Colour: a colour as deck/colours.py reads one ('#rrggbb', '#rrggbbaa', rgb(), rgba(), a CSS name), a palette
  name, black, white, none, or a {field} (names are held to the deck's palette and CSS's when the template is
  loaded: read.check_colours);
- Choice: one of a few words, or (where a card may decide) a {field}, checked when the card is drawn;
- Number: a number from `low` to `high`; Whole: a whole number from `low` to `high`;
- Fraction: a percentage (`40%`) or a number (0.4) from `low` to `high`;
- Focus: [x%, y%], a point of a picture; Dash: [dash] or [dash, gap] lengths (bare numbers are points);
  Offset: [right, down] lengths (a text's shadow);
- Words: text up to `limit` characters (it may hold {fields}); Font: a font family of pnp's or the deck's;
  Src: a picture's name inside the deck folder (or a {field}); Flag: true or false; Name: a region's id;
  Box: [x, y, width, height] from the top-left of the trim box, in units or % of the card.
Every mistake is the template's error at the key's line, naming `region ID.KEY` (its id, or its type and place,
`region rect0`). A key whose value holds a brace ("{14 + value}pt") is read for each card through the same
checker once filled (percard.py); `when` is one brace, a placeholder or an expression (Condition).
Not here: the keys every region takes (common.py), reading a region (read.py), each type's own table (its
module).
"""
from __future__ import annotations

import math
import re
from typing import Callable

from ...records import Record
from ...errors import PnpError, found, known_list, suggest
from ...text.expressions import ExpressionError, compiled
from ...text.fields import names_in
from ...files.paths import Refused, check_name
from ...units import DPI, UnitError, length
from ...files.yamlfile import Map, Seq
from .. import fonts
from ...deck.sizes import MAX_EDGE, checked_length
from ...deck import colours

_HEX = re.compile(r"^#[0-9a-fA-F]{6}$")
# compiled where first used (re's cache): a rebuild reads no template
_PERCENT = r"^\s*(-?\d+(?:\.\d+)?)\s*%\s*$"


class Reading(Record):
    """What a key's checker may need: the region as written, how errors name it (`region title`), the card's size in
    points, the deck (its own fonts; None for pnp's shared templates alone) and the region's type."""
    r: Map
    where: str
    width: float
    height: float
    deck: object
    type: "RegionType"

    def error(self, key, message: str, hint: str | None = None) -> PnpError:
        return self.r.error(key, message, field=f"{self.where}.{key}", hint=hint)

    @property
    def dpi(self) -> float:
        """What a px is (1/dpi in): the deck's dpi:, or units.DPI for pnp's shared templates alone."""
        return self.deck.dpi if self.deck is not None else DPI


def SHORT_SIDE(width: float, height: float) -> float:          # noqa: N802 (a bound, named as the numbers are)
    """A Length's upper bound: the card's shorter side (a corner's radius)."""
    return min(width, height)


class Length(Record):
    low: float | None = 0.0
    high: float | Callable = MAX_EDGE           # points, or a function of the card's width and height

    def check(self, rd: Reading, key):
        high = self.high(rd.width, rd.height) if callable(self.high) else self.high
        return checked_length(rd.r, key, field=f"{rd.where}.{key}", low=self.low, high=high, dpi=rd.dpi)


class Colour(Record):
    def check(self, rd: Reading, key):
        v = rd.r[key]
        if v is None:
            return v
        if not isinstance(v, str):
            raise rd.error(key, f"expected a colour ({colours.FORMS}, a palette name or '{{field}}'), found {found(v)}")
        if colours.is_written_colour(v) and not names_in(v) and not _HEX.match(v.strip()):
            try:
                colours.parse(v)
            except colours.BadColour as exc:
                raise rd.error(key, str(exc)) from None
        return v


class Choice(Record):
    options: tuple
    said: str = ""              # how the message lists them (default: "a, b, c")
    fields: bool = True         # whether a card's {field} may decide it (checked when the card is drawn)

    def check(self, rd: Reading, key):
        v = rd.r[key]
        if self.fields and isinstance(v, str) and names_in(v):
            return v
        if v not in self.options:
            raise rd.error(key, f"expected {self.said or ', '.join(self.options)}, found {found(v)}",
                           hint=suggest(v, self.options) if isinstance(v, str) else None)
        return v


def _is_number(v) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool)


class Number(Record):
    low: float
    high: float

    def check(self, rd: Reading, key):
        v = rd.r[key]
        if not _is_number(v) or not math.isfinite(v) or not self.low <= v <= self.high:
            raise rd.error(key, f"expected a number from {self.low:g} to {self.high:g}, found {found(v)}")
        return float(v)


class Whole(Record):
    low: int
    high: int

    def check(self, rd: Reading, key):
        v = rd.r[key]
        if isinstance(v, bool) or not isinstance(v, int) or not self.low <= v <= self.high:
            raise rd.error(key, f"expected a whole number of {key} from {self.low} to {self.high}, found {found(v)}")
        return v


class Fraction(Record):
    what: str                   # "an opacity": the message's words for it
    low: float = 0.0
    high: float = 1.0

    def check(self, rd: Reading, key):
        v = rd.r[key]
        f = None
        if isinstance(v, str) and v.strip().endswith("%"):
            try:
                f = float(v.strip()[:-1]) / 100
            except ValueError:
                f = None
        elif _is_number(v):
            f = float(v)
        if f is None or not math.isfinite(f) or not self.low <= f <= self.high:
            raise rd.error(key, f"expected {self.what} from {self.low * 100:g}% to {self.high * 100:g}% (or "
                                f"{self.low:g} to {self.high:g}), found {found(v)}")
        return f


class Focus(Record):
    """[x%, y%], the point of a picture that stays in view (0% 0% its top-left corner), as fractions."""

    def check(self, rd: Reading, key):
        v = rd.r[key]
        if not isinstance(v, Seq) or len(v) != 2:
            raise rd.error(key, "expected [x%, y%], the point of the picture to keep (from its left and its top), "
                           f"such as [50%, 30%], found {found(v) if not isinstance(v, Seq) else f'{len(v)} values'}")
        out = []
        for axis, p in zip(("x", "y"), v):
            if _is_number(p) and p == 0:
                out.append(0.0)             # 0 needs no unit, as in CSS
                continue
            m = re.match(_PERCENT, p) if isinstance(p, str) else None
            if m is None or not 0 <= float(m.group(1)) <= 100:
                raise rd.error(key, f"expected the focus's {axis} as a percentage from 0% to 100%, found {found(p)}")
            out.append(float(m.group(1)) / 100)
        return out[0], out[1]


class Dash(Record):
    def check(self, rd: Reading, key):
        v = rd.r[key]
        if not isinstance(v, Seq) or not 1 <= len(v) <= 2:      # drawn as a PDF dash array
            raise rd.error(key, "expected [dash] or [dash, gap] lengths such as [2pt, 1pt], found "
                           f"{found(v) if not isinstance(v, Seq) else f'{len(v)} values'}")
        try:        # bare numbers are points, as in PDF's own dash arrays
            v = tuple(float(d) if _is_number(d) else length(d, dpi=rd.dpi) for d in v)
        except UnitError as exc:
            raise rd.error(key, str(exc))
        if not all(math.isfinite(d) for d in v):
            raise rd.error(key, "dash lengths must be finite")
        if any(d < 0 or d > 200 for d in v) or not any(v):
            raise rd.error(key, "dash lengths must be from 0pt to 200pt and not all 0")
        return v


class Offset(Record):
    """[right, down]: two lengths (bare 0 allowed) from -`most` to `most` points, as (dx, dy) in points (a
    text's shadow)."""
    most: float = 36.0

    def check(self, rd: Reading, key):
        v = rd.r[key]
        if not isinstance(v, Seq) or len(v) != 2:
            raise rd.error(key, "expected [right, down] lengths such as [1pt, 1pt], found "
                           f"{found(v) if not isinstance(v, Seq) else f'{len(v)} values'}")
        try:
            out = tuple(0.0 if _is_number(d) and d == 0 else length(d, dpi=rd.dpi) for d in v)
        except (UnitError, TypeError) as exc:
            raise rd.error(key, f"{exc}" if isinstance(exc, UnitError) else f"expected lengths, found {found(v)}")
        if not all(math.isfinite(d) and abs(d) <= self.most for d in out):
            raise rd.error(key, f"each length must be from -{self.most:g}pt to {self.most:g}pt")
        return out


class Words(Record):
    limit: int = 5000

    def check(self, rd: Reading, key):
        v = rd.r[key]
        if isinstance(v, (Map, Seq, bool)) or v is None:
            raise rd.error(key, f"expected text, found {found(v)}")
        v = str(v)
        if len(v) > self.limit:
            raise rd.error(key, f"text is {len(v)} characters; the limit is {self.limit}")
        return v


class Condition(Record):
    """A region's `when`: one brace, "{footer}" (the region is drawn where that field is not empty) or an
    expression, "{cost == 0}" (drawn where it is true). Anything else ("{cost} == 0", "{a}{b}", "yes") would be
    text that is never empty, so the region would be drawn on every card: an error, not a silent true."""
    limit: int = 5000

    def check(self, rd: Reading, key):
        v = Words(self.limit).check(rd, key)
        try:
            whole = compiled(v.strip()).whole
        except ExpressionError as exc:
            raise rd.error(key, exc.message, hint=exc.hint) from None
        if whole is None:
            inside = "".join(p if isinstance(p, str) else p.text[1:-1] for p in compiled(v.strip()).parts)
            raise rd.error(key, f"{v!r} is not one brace such as \"{{field}}\" (drawn where that field is not "
                           "empty) or \"{cost == 0}\" (drawn where it is true), so this would be true on every "
                           "card", hint=f'write the whole condition inside the braces: when: "{{{inside.strip()}}}"')
        return v.strip()


class Font(Record):
    def check(self, rd: Reading, key):
        v = Words(100).check(rd, key)
        if names_in(v):
            return v
        known = fonts.families(rd.deck)
        if v not in known:
            v = fonts.named(v, rd.deck) or v
        if v not in known:
            machine = fonts.system(v)           # the machine's own (fontconfig): the proof says so
            if machine is not None:
                return machine
            raise rd.error(key, f"unknown font '{v}': not the deck's, pnp's, nor installed on this machine",
                           hint=suggest(v, known) or known_list(known))
        return fonts.resolve(v, rd.deck)          # the deck's own family of that name, if it has one


class Src(Record):
    def check(self, rd: Reading, key):
        v = Words(500).check(rd, key)
        if not names_in(v):
            try:
                check_name(v, "image")
            except Refused as exc:
                raise rd.error(key, str(exc))
        return v


class Flag(Record):
    def check(self, rd: Reading, key):
        v = rd.r[key]
        if not isinstance(v, bool):
            raise rd.error(key, f"expected true or false, found {found(v)}")
        return v


class Name(Record):
    def check(self, rd: Reading, key):
        v = rd.r[key]
        if isinstance(v, (Map, Seq, bool)) or v is None:
            raise rd.error(key, f"expected a region name, found {found(v)}")
        return str(v)


class Box(Record):
    """[x, y, width, height] in points; a line's width and height may be negative (it runs either way)."""

    def check(self, rd: Reading, key):
        r, box, width, height = rd.r, rd.r[key], rd.width, rd.height
        if not isinstance(box, Seq) or len(box) != 4:
            raise rd.error(key, "expected [x, y, width, height] with units, e.g. [3mm, 3mm, 50%, 10mm], "
                           f"found {found(box) if not isinstance(box, Seq) else f'{len(box)} values'}")
        try:
            x, y = length(box[0], width, rd.dpi), length(box[1], height, rd.dpi)
            w, h = length(box[2], width, rd.dpi), length(box[3], height, rd.dpi)
        except UnitError as exc:
            raise rd.error(key, str(exc))
        if not rd.type.either_way and (w <= 0 or h <= 0):
            raise rd.error(key, f"width and height must be more than 0, found {box[2]!r} and {box[3]!r}")
        x0, x1, y0, y1 = min(x, x + w), max(x, x + w), min(y, y + h), max(y, y + h)
        if any(not math.isfinite(v) or abs(v) > 2 * MAX_EDGE for v in (x, y, w, h)) \
                or x1 < -0.01 or y1 < -0.01 or x0 > width + 0.01 or y0 > height + 0.01:
            raise r.error(key, f"the box [{', '.join(map(str, box))}] lies outside the card "
                          f"({width / 72 * 25.4:.1f} x {height / 72 * 25.4:.1f} mm)", field=f"{rd.where}.{key}")
        return x, y, w, h


class Key(Record):
    """One key a region may write: its kind (whose checker reads it), its default when it is not written (a
    value, or a function of the region's other values: min_size's is its size's), what it is (for the
    reader of the table), and `upto`: a key whose value this one may not exceed."""
    name: str
    kind: object                # one of the kinds above: kind.check(reading, key) reads it
    default: object = None
    doc: str = ""
    upto: str = ""


class RegionType(Record):
    """A region type as a whole: its name, its own keys (every region also takes common.COMMON), how a region
    of it lays out into display operations (`lay_out(face, region, ctx, bleed)`), how each operation it owns
    is drawn (`draws`: {op class: draw(pen, op)}), whether it may bleed (then it takes `bleed`), whether its
    box may run either way (a line), and `outline(x, y, w, h)`: the points of its box it draws within
    (template coordinates, y down), turned by `rotate` when `turns` (box_error holds them to the piece)."""
    name: str
    keys: tuple
    lay_out: Callable
    draws: dict = {}
    bleeds: bool = False
    either_way: bool = False
    turns: bool = True
    outline: Callable | None = None
