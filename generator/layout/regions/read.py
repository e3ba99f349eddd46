"""Reading a template's region: its type, then every key it writes through its kind's checker, as its type's
table (and the common one) declares it; colours held to the deck's palette; a region's box held to its piece.

Every value is checked as it is read, so a mistake is reported at its line in the template file, not later
while a card is drawn.
Not here: the kinds of key and their checkers (keys.py), which keys a type takes (its module, common.py),
finding, loading and extending templates (templates.py).
"""
from __future__ import annotations

import re
from pathlib import Path

from ... import LAYOUTS
from ...deck.colours import FORMS, css_names, is_written_colour
from ...deck.sections.languages import not_a_language
from ...errors import Collector, PnpError, found, known_list, suggest
from ...files.yamlfile import Map, Seq
from .common import corners, keys_of, turned
from .gradient import Fill
from .keys import Colour, Reading
from . import relative, repeat
from ...units import DPI
from .percard import Deferred, deferred_keys, parsed
from .region import Region
from .registry import TYPES

BASIC_COLOURS = ("black", "white", "none", "transparent")
_SPECIAL = ("id", "type", "box", "when")      # common keys that are the Region's own fields, not its values


# compiled where first used (re's cache): a rebuild reads no template
_TRANSLATION = r"^text:[A-Za-z]{2,3}(?:-[A-Za-z0-9]+)*$"


def _own_language(deck, r: Map, key: str, file: str, where: str) -> None:
    """A deck's own template's `text:LANG` in a language the deck does not name is refused, as deck.yaml's
    `title:LANG` and a `text:LANG` column are: it would never print. (A shared template, in layouts/, may hold
    the languages of every deck that shows it.)"""
    lang = key.partition(":")[2]
    langs = list(deck.languages)[1:] if deck is not None else []
    if deck is None or lang in langs or LAYOUTS.resolve() in Path(file).resolve().parents:
        return
    message, hint = not_a_language(key, lang, langs)
    raise r.error(key, message.split("; the deck's other")[0], field=f"{where}.{key}", hint=hint)


def read_region(r, seq: Seq, i: int, width: float, height: float, file: str,
                deck=None, base: Region | None = None) -> Region:
    """regions[i] of a template (`r`, in `seq`) of a card width x height points, every value checked where
    it is written (whether its box stays on the piece is validate.py's check, box_error: a back of the wrong
    size is that mistake, not one of each of its regions). A key holding a brace that its kind does not fill as
    it is drawn is kept as written (percard.Deferred: its expressions parsed) and read for each card. `base`:
    the region of the template it extends that this one overrides (templates.py): its type, and every key
    this one does not write."""
    where = f"regions[{i}]"
    if not isinstance(r, Map):
        raise seq.error(i, f"expected a region (a mapping with type and box), found {found(r)}", field=where)
    name = r.get("type") if base is None or "type" in r else base.type
    where = named_as(r, i, name)
    if not isinstance(name, str) or name not in TYPES:
        raise r.error("type" if "type" in r else None,
                      f"unknown region type {name!r}" if "type" in r else "region has no type",
                      field=f"{where}.type", hint=suggest(name, TYPES) or known_list(TYPES))
    if base is not None and name != base.type:
        raise r.error("type", f"region '{base.id}' overrides a {base.type} region of the template it extends "
                              f"({base.source}), and keeps its type", field=f"{where}.type",
                      hint=f"to draw a {name} instead, write drop: true here and add a region of another id")
    rtype = TYPES[name]
    keys = keys_of(rtype)
    allowed = [k.name for k in keys]
    translated = {}                 # text:LANG: the region's own words in a translation (face.Context.text)
    for key in r:
        if "text" in allowed and re.match(_TRANSLATION, str(key)):
            if not isinstance(r[key], (str, int, float)) or isinstance(r[key], bool):
                raise r.error(key, f"expected text for {key}", field=f"{where}.{key}")
            _own_language(deck, r, str(key), file, where)
            translated[str(key)] = str(r[key])
            continue
        if key not in allowed:
            raise r.error(key, f"unknown key '{key}' for a {name} region", field=f"{where}.{key}",
                          hint=suggest(key, allowed) or known_list(allowed))
    r = relative.made_absolute(r, base, width, height, deck.dpi if deck is not None else DPI, where)
    rd = Reading(r, where, width, height, deck, rtype)
    props, values = {}, {}
    inherited = dict(base.props) if base is not None else {}
    if base is not None:
        inherited.update(box=base.box, when=base.when, id=base.id)
    for k in keys:
        if k.name in r and k.name != "type":
            v = parsed(rd, k.name, k.kind)
            if v is None:
                v = k.kind.check(rd, k.name)
            if k.name not in _SPECIAL:
                props[k.name] = v
            values[k.name] = v
        elif k.name in inherited:
            v = inherited[k.name]
            if k.name not in _SPECIAL:
                props[k.name] = v
            values[k.name] = v
        elif k.name not in _SPECIAL:
            values[k.name] = _default(k, values)
    for k in keys:
        if k.upto and k.name in props and type(props[k.name]) is not Deferred and \
                type(values[k.upto]) is not Deferred and props[k.name] > values[k.upto]:
            raise r.error(k.name, f"{k.name} {r.get(k.name, props[k.name])} is larger than the {k.upto} "
                                  f"{r.get(k.upto, 'default')}", field=f"{where}.{k.name}")
    repeat.check(r, values, where)
    # text under MIN_TEXT is a warning, or the deck's error: layout/smallprint.py
    props.update(translated)
    box = values["box"] if "box" in values else (0.0, 0.0, width, height)
    places = tuple((str(k), *r.where(k)) for k in r)
    source = f"{file}:{r.where()[0]}"
    if base is not None:
        base_file = base.source.rpartition(":")[0]
        places += tuple((k, ln, col, *(other or [base_file])) for k, ln, col, *other in base.places
                        if k not in r and k != "id")
    return Region(values.get("id", f"{name}{i}"), name, box, props, values.get("when", ""),
                  source, places, {k: v for k, v in values.items() if k not in _SPECIAL})


def named_as(r, i: int, type_name) -> str:
    """How errors name regions[i] of a template, as the checks after reading name a Region (Region.error): by
    its id (`region title`), or the id it takes by default, its type and position (`region rect0`); a region
    whose type is unknown and that writes no id by its place in the list (`regions[3]`)."""
    rid = r.get("id") if isinstance(r, Map) else None
    if isinstance(rid, (str, int)) and not isinstance(rid, bool) and str(rid).strip():
        return f"region {rid}"
    return f"region {type_name}{i}" if isinstance(type_name, str) and type_name in TYPES else f"regions[{i}]"


def _default(k, values: dict):
    """A key's default: its value, or what follows from the region's other values (None, to be worked out for
    each card, when one of those is given for each card)."""
    if not callable(k.default):
        return k.default
    try:
        return k.default(values)
    except TypeError:                   # it follows from a Deferred key: percard.resolve works it out
        return None


def check_colours(regions, deck_file: str, palette: dict) -> None:
    """Colours written in a template's regions (not taken from a field) must be ones the deck's palette gives."""
    mistakes = Collector()
    for region in regions:
        for k in TYPES[region.type].keys:
            if type(k.kind) is not Colour and type(k.kind) is not Fill:
                continue
            v = region.get(k.name)
            for v in [c for c, _ in v[1]] if type(v) is tuple else (v,):       # a gradient's colours
                if not isinstance(v, str) or "{" in v:
                    continue
                v = v.strip()
                if is_written_colour(v) or v in palette or v.lower() in BASIC_COLOURS or v.lower() in css_names():
                    continue
                known = list(palette) + list(BASIC_COLOURS)
                with mistakes.each():
                    raise region.error(k.name, f"unknown colour '{v}': not {FORMS}, black, white, none or a name "
                                               f"in the palette of {deck_file}",
                                       hint=suggest(v, known) or suggest(v.lower(), css_names()) or
                                       known_list(palette))
    mistakes.done()


def on_piece(region: Region, written: Region, width: float, height: float, bleed: float, subject: str) -> None:
    """A region whose box, turn or outline a card gives (percard.resolve made `region` of `written`) held to
    its piece as box_error holds a written one: the error names the card."""
    later = deferred_keys(written)
    if not ({"box", "rotate"} & set(later) or (later and TYPES[region.type].outline is not None)):
        return
    error = box_error(region, width, height, bleed)
    if error is not None:
        raise PnpError(f"{subject}: {error.message}", error.file, error.line, error.column, error.field, error.hint)


def _mm(points: float) -> str:
    return f"{points / 72 * 25.4:.1f}".rstrip("0").rstrip(".")


def box_error(region: Region, width: float, height: float, bleed: float = 0.0) -> PnpError | None:
    """A region drawn wholly on its piece: what it draws within (its box; a line's two ends; a hexagon's
    corners), turned about the box's centre as it is drawn, inside the piece's width x height points, or
    inside its bleed (`bleed` points past the cut) for a region that bleeds. One reaching further would be
    drawn over the pieces beside it: the error at the region's box, naming the region, the edge it crosses and
    by how much (None when it does not)."""
    rtype = TYPES[region.type]
    x, y, w, h = region.box
    turn = float(region.get("rotate", 0) or 0) if rtype.turns else 0.0
    points = rtype.outline(region) if rtype.outline else corners(region)
    if turn % 180:          # anticlockwise on the page: clockwise in the template's coordinates (y down)
        points = turned(points, -turn, x + w / 2, y + h / 2)
    room = bleed if rtype.bleeds and region.get("bleed") is True else 0.0
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
    past = {"left": -room - x0, "top": -room - y0, "right": x1 - width - room, "bottom": y1 - height - room}
    edge, by = max(past.items(), key=lambda kv: kv[1])
    if by <= 0.01:
        return None
    turned_ = f", turned {turn:g}° as it is drawn," if turn % 180 else ""
    limit = f"the piece's {_mm(room)} mm bleed" if room else "the piece"
    return region.error("box", f"the box{turned_} reaches {_mm(by)} mm past the {edge} edge of the "
                        f"{_mm(width)} x {_mm(height)} mm piece: it would be drawn over the pieces beside it",
                        hint=f"keep every box inside {limit}" if room or not rtype.bleeds else
                        "keep every box inside the piece; a background meant to run past the cut is written to the "
                        "cut, with bleed: true")
