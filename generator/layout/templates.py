"""Card templates as data: layouts/cards/NAME.yaml (or a deck's own templates/NAME.yaml).

A template gives the card size, its safe inset, and regions drawn in order. Boxes are
[x, y, width, height] from the top-left corner of the trim box, in explicit units or % of the card.
Every value is checked when the template is loaded, so a mistake is reported at its line in the
template file, not later while a card is drawn.
"""
from __future__ import annotations

import math
import re
from functools import lru_cache
from pathlib import Path
from typing import NamedTuple

from .. import LAYOUTS
from ..errors import Collector, PnpError, PnpErrors, found, known_list, suggest
from ..fields import names_in
from ..units import UnitError, length
from ..yamlfile import Map, Seq, load

REGION_TYPES = {
    "rect": ("fill", "stroke", "stroke_width", "radius", "bleed"),
    "ellipse": ("fill", "stroke", "stroke_width", "bleed"),
    "line": ("stroke", "stroke_width", "dash"),
    "text": ("text", "font", "style", "size", "min_size", "colour", "align", "valign", "rotate"),
    "textbox": ("text", "font", "size", "min_size", "leading", "colour", "align", "valign", "rotate"),
    "image": ("src", "fit"),
}
COMMON = ("id", "type", "box", "when")
TEMPLATE_KEYS = ("extends", "size", "safe", "radius", "shape", "gutter", "regions", "description")
COLOUR_KEYS = ("fill", "stroke", "colour")
BASIC_COLOURS = ("black", "white", "none", "transparent")
ALIGN = {"text": ("left", "center", "right"), "textbox": ("left", "center", "right", "justify")}
VALIGN = ("top", "middle", "bottom")
FITS = ("contain",)
SHAPES = ("rect", "circle")
STYLES = ("regular", "bold", "italic", "bolditalic")
MAX_EDGE = 2000.0            # points: about 700 mm, larger than any sheet
MAX_FONT = 400.0             # points
MAX_REGIONS = 500
MAX_TEXT = 5000
MIN_TEXT = 6.0               # points: no word is printed smaller (issue 20)
_HEX = re.compile(r"^#[0-9a-fA-F]{6}$")
_NAME = re.compile(r"^[A-Za-z0-9_][A-Za-z0-9_.\-]*$")


class Size(NamedTuple):
    """A named card size: trim width and height, and optionally the bleed and safe inset it is made with."""
    width: float
    height: float
    bleed: float | None = None      # the bleed its pieces are made with (None: the output's own default)
    safe: float | None = None       # the default safe inset of templates of this size (None: 3mm)


SIZE_KEYS = ("width", "height", "bleed", "safe")
_BY = re.compile(r"^\s*(\S+?)\s*[x×]\s*(\S+)\s*$")


def parse_size(m: Map, key, field: str) -> Size:
    """A size written as {width, height, bleed, safe} or as "63.5mm x 88.9mm" (m[key]), checked where written."""
    v = m[key]
    if isinstance(v, str):
        parts = _BY.match(v)
        if not parts:
            raise m.error(key, f"expected a size such as '63.5mm x 88.9mm' or {{width, height}}, found {found(v)}",
                          field=field)
        v = Map({"width": parts.group(1), "height": parts.group(2)})
        v.file, v.line, v.column, v._pos = m.file, *m.where(key), {}
    if not isinstance(v, Map):
        raise m.error(key, f"expected {{width, height}} or '63.5mm x 88.9mm', found {found(v)}", field=field)
    for k in v:
        if k not in SIZE_KEYS:
            raise v.error(k, f"unknown key '{k}' in size", field=f"{field}.{k}",
                          hint=suggest(k, SIZE_KEYS) or known_list(SIZE_KEYS))
    for k in ("width", "height"):
        if k not in v:
            raise m.error(key, f"size needs a {k}", field=f"{field}.{k}")
    width = _len(v, "width", field=f"{field}.width", low=1.0)
    height = _len(v, "height", field=f"{field}.height", low=1.0)
    short = min(width, height)
    bleed = _len(v, "bleed", field=f"{field}.bleed", high=length("10mm")) if "bleed" in v else None
    safe = _len(v, "safe", field=f"{field}.safe", high=short / 2) if "safe" in v else None
    return Size(width, height, bleed, safe)


@lru_cache(maxsize=1)
def sizes() -> dict:
    """The shared card sizes (layouts/sizes.yaml): name -> Size."""
    m = load(LAYOUTS / "sizes.yaml", "layouts/sizes.yaml")
    if not isinstance(m, Map):
        raise PnpError("expected a mapping of size names to {width, height}", "layouts/sizes.yaml", 1)
    return {str(k): parse_size(m, k, str(k)) for k in m}


def deck_sizes(m, root_file: str = "") -> dict:
    """A deck's own `sizes:` section: name -> Size. A name may not redefine a shared size."""
    if m is None:
        return {}
    if not isinstance(m, Map):
        raise PnpError(f"expected a mapping of size names to {{width, height, bleed, safe}}, found {found(m)}",
                       root_file, field="sizes")
    out = {}
    shared = sizes()
    mistakes = Collector()
    for k in m:
        with mistakes.each():           # a mistake in one size is noted, and the next one read
            name = str(k)
            if name_problem(name):
                raise m.error(k, f"size name '{name}' may hold only letters, digits, '-', '_' and '.'",
                              field=f"sizes.{name}")
            if name in shared:
                raise m.error(k, f"'{name}' is a shared card size already ({_mm(shared[name])}); give yours "
                              "another name", field=f"sizes.{name}")
            out[name] = parse_size(m, k, f"sizes.{name}")
    mistakes.done()
    return out


def _mm(s: Size) -> str:
    return f"{s.width / 72 * 25.4:g} x {s.height / 72 * 25.4:g} mm"


def sizes_for(deck_folder: Path | None) -> dict:
    """The sizes a template of this deck may name: the shared ones and the deck's own."""
    note = _DECKS.get(deck_folder)
    own = note[3] if note else {}
    return {**sizes(), **own} if own else sizes()


class Region(NamedTuple):
    id: str
    type: str
    box: tuple            # (x, y_from_top, w, h) in points
    props: dict           # key -> value as written (strings may hold {fields}); never changed once made
    when: str = ""
    source: str = ""      # "file:line" of the region
    places: tuple = ()    # ((key, line, column), ...): where each key was written

    def get(self, key, default=None):
        return self.props.get(key, default)

    def at(self, key=None) -> tuple[str, int | None, int | None]:
        """(file, line, column) where `key` of this region was written."""
        file, _, line = self.source.rpartition(":")
        for k, ln, col in self.places:
            if k == key:
                return file, ln, col
        return file, int(line) if line.isdigit() else None, None

    def error(self, key, message: str, hint: str | None = None) -> PnpError:
        file, line, col = self.at(key)
        return PnpError(message, file, line, col, f"region {self.id}" + (f".{key}" if key else ""), hint)


class Template(NamedTuple):
    name: str
    width: float
    height: float
    safe: float
    radius: float
    shape: str
    gutter: float
    regions: tuple
    file: str = ""
    size_name: str = ""
    bleed: float | None = None      # the bleed its size is made with, when the size names one
    size_source: str = ""           # "file:line" where its size is given (its own, or the template it extends)

    @property
    def fields_used(self) -> tuple:
        """Every {field} any region names: two faces with equal values for these draw the same."""
        names = set()
        for r in self.regions:
            names.update(names_in(r.when))
            for v in r.props.values():
                if isinstance(v, str):
                    names.update(names_in(v))
        return tuple(sorted(names))


def _search_dirs(deck_folder: Path | None) -> list[Path]:
    dirs = []
    if deck_folder is not None:
        dirs.append(deck_folder / "templates")
    dirs.append(LAYOUTS / "cards")
    return dirs


def known_templates(deck_folder: Path | None) -> list[str]:
    names = set()
    for d in _search_dirs(deck_folder):
        if d.is_dir():
            names.update(p.stem for p in d.glob("*.yaml"))
    return sorted(names)


def name_problem(name) -> str | None:
    """Why `name` cannot be a template name (it must be a plain name, never a path), or None."""
    if not isinstance(name, str) or not name.strip():
        return f"expected a template name, found {found(name)}"
    if "/" in name or "\\" in name or name.startswith((".", "~")) or ".." in name:
        return f"template '{name}' is a path; a template is named without folder or '.yaml'"
    if not _NAME.match(name):
        return f"template name '{name}' may hold only letters, digits, '-', '_' and '.'"
    return None


def _find(name: str, deck_folder: Path | None) -> Path | None:
    if name_problem(name):
        return None
    for d in _search_dirs(deck_folder):
        p = d / f"{name}.yaml"
        if p.is_file():
            real, root = p.resolve(), d.resolve()
            if root not in real.parents:
                raise PnpError(f"template file '{p}' is a symbolic link leading outside {d.name}/ (to {real})")
            return p
    return None


def template_problem(name, deck_folder: Path | None) -> tuple[str, str | None] | None:
    """(message, hint) when no template of this name can be found; None when one can."""
    why = name_problem(name)
    if why:
        return why, None
    if _find(name, deck_folder) is None:
        known = known_templates(deck_folder)
        return f"unknown template '{name}'", suggest(name, known) or known_list(known)
    return None


# What the loaded decks say about the templates they use, by deck folder: the deck file, its palette,
# and where each template name is written. A template error found while laying out cards can then
# point at the line that names the template, and colours written in a template are checked against
# the palette of the deck that uses it.
_DECKS: dict = {}


def note_deck(folder: Path | None, file: str, palette: dict, refs: dict, own_sizes: dict | None = None,
              own_fonts: dict | None = None) -> None:
    """Remember a loaded deck's palette, where it names each template ({name: (file, line, col, field)}), its
    own card sizes, and make its own font families known (fonts.add_deck_fonts)."""
    if folder is not None:
        _DECKS[folder] = (file, dict(palette), dict(refs), dict(own_sizes or {}))
        if own_fonts:
            from .fonts import add_deck_fonts
            add_deck_fonts(folder, own_fonts)


def _named_at(name, deck_folder) -> tuple:
    note = _DECKS.get(deck_folder)
    where = note[2].get(name) if note else None
    return tuple(where) if where else (None, None, None, None)


def _len(m: Map, key, of=None, field=None, low: float | None = 0.0, high: float = MAX_EDGE):
    value = m[key]
    try:
        points = length(value, of)
    except UnitError as exc:
        raise m.error(key, str(exc), field=field or key)
    if not math.isfinite(points) or (low is not None and points < low) or points > high:
        lo = "" if low is None else f"from {low:g}pt "
        raise m.error(key, f"expected a length {lo}up to {high:g}pt ({high / 72 * 25.4:.0f}mm), found {value!r}",
                      field=field or key)
    return points


def _display(p: Path) -> str:
    try:
        return str(p.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(p)


def _raw(name: str, deck_folder: Path | None) -> tuple[Map, str]:
    try:
        problem = template_problem(name, deck_folder)
    except PnpError as exc:             # a symbolic link out of templates/
        raise PnpError(exc.message, *_named_at(name, deck_folder), hint=exc.hint)
    if problem:
        raise PnpError(problem[0], *_named_at(name, deck_folder), hint=problem[1])
    path = _find(name, deck_folder)
    m = load(path, _display(path))
    if not isinstance(m, Map):
        raise PnpError(f"a template must be a mapping with size and regions; found {found(m)}", _display(path), 1)
    unknown = [m.error(key, f"unknown key '{key}' in template", field=str(key),
                       hint=suggest(key, TEMPLATE_KEYS) or known_list(TEMPLATE_KEYS))
               for key in m if key not in TEMPLATE_KEYS]
    if unknown:
        raise PnpErrors(unknown)
    return m, _display(path)


@lru_cache(maxsize=None)
def get_template(name: str, deck_folder: Path | None = None, _chain: tuple = ()) -> Template:
    """Load a template, following `extends` (the child's keys win; its regions come after the parent's)."""
    m, file = _raw(name, deck_folder)
    parent = None
    if "extends" in m:
        base = m["extends"]
        try:
            problem = template_problem(base, deck_folder)
        except PnpError as exc:         # a symbolic link out of templates/
            problem = (exc.message, exc.hint)
        if problem:
            raise m.error("extends", problem[0], field="extends", hint=problem[1])
        if base == name or base in _chain:
            loop = " -> ".join(_chain + (name, base))
            raise m.error("extends", f"template '{name}' extends itself ({loop})", field="extends")
        parent = get_template(base, deck_folder, _chain + (name,))
    known = sizes_for(deck_folder)
    bleed = None
    if "size" in m:
        size = m["size"]
        if isinstance(size, str) and not _BY.match(size):
            if size not in known:
                raise m.error("size", f"unknown card size '{size}'", field="size",
                              hint=suggest(size, known) or known_list(known))
            chosen, size_name = known[size], size
        elif isinstance(size, (Map, str)):
            chosen, size_name = parse_size(m, "size", "size"), ""
        else:
            raise m.error("size", f"expected a size name ({', '.join(known)}), {{width, height}} or "
                          f"'63.5mm x 88.9mm', found {found(size)}", field="size")
        width, height, bleed = chosen.width, chosen.height, chosen.bleed
        size_safe = chosen.safe
    elif parent:
        width, height, size_name, bleed = parent.width, parent.height, parent.size_name, parent.bleed
        size_safe = None
    else:
        raise PnpError("template has no size", file, 1, field="size",
                       hint=f"add size: {next(iter(known), 'poker')} or size: {{width: 25mm, height: 25mm}}")
    if width <= 0 or height <= 0 or width > MAX_EDGE or height > MAX_EDGE:
        raise m.error("size", "card size must be positive and under 700mm", field="size")
    if parent and "size" in m and (abs(width - parent.width) > 0.01 or abs(height - parent.height) > 0.01):
        raise m.error("size", f"template '{name}' is {_mm(Size(width, height))}, but the template it extends, "
                              f"'{parent.name}' ({parent.size_source}), is {_mm(Size(parent.width, parent.height))}"
                              ", and its regions are placed for that size", field="size",
                      hint="give both the same size, or do not extend it")
    short = min(width, height)
    safe = (_len(m, "safe", high=short / 2) if "safe" in m else size_safe if size_safe is not None
            else parent.safe if parent else length("3mm"))
    radius = _len(m, "radius", high=short / 2) if "radius" in m else (parent.radius if parent else 0.0)
    gutter = _len(m, "gutter", high=200.0) if "gutter" in m else (parent.gutter if parent else 0.0)
    if bleed:               # a size made with bleed: its pieces stand apart on the sheet, each showing its own
        gutter = max(gutter, 2 * bleed)
    shape = m.get("shape", parent.shape if parent else "rect")
    if shape not in SHAPES:
        raise m.error("shape", f"expected rect or circle, found {found(shape)}", field="shape",
                      hint=suggest(shape, SHAPES))
    for key in ("description",):
        if key in m and isinstance(m[key], (Map, Seq)):
            raise m.error(key, f"expected text, found {found(m[key])}", field=key)
    regions = list(parent.regions) if parent else []
    seq = m.get("regions")
    if seq is None:
        seq = Seq()
    if not isinstance(seq, Seq):
        raise m.error("regions", f"expected a list of regions, found {found(seq)}", field="regions")
    if len(seq) + len(regions) > MAX_REGIONS:
        raise m.error("regions", f"more than {MAX_REGIONS} regions", field="regions")
    mistakes = Collector()
    for i, r in enumerate(seq):
        with mistakes.each():           # a mistake in one region is noted, and the next one read
            regions.append(_region(r, seq, i, width, height, file, deck_folder))
    mistakes.done()
    size_source = f"{file}:{m.where('size')[0]}" if "size" in m else parent.size_source
    tpl = Template(name, width, height, safe, radius, shape, gutter, tuple(regions), file, size_name, bleed,
                   size_source)
    if not _chain and deck_folder in _DECKS:
        _check_colours(tpl, *_DECKS[deck_folder][:2])
    return tpl


def _check_colours(tpl: Template, deck_file: str, palette: dict) -> None:
    """Colours written in the template (not taken from a field) must be ones the deck's palette gives."""
    mistakes = Collector()
    for region in tpl.regions:
        for k in COLOUR_KEYS:
            v = region.get(k)
            if not isinstance(v, str) or names_in(v):
                continue
            v = v.strip()
            if v.startswith("#") or v in palette or v.lower() in BASIC_COLOURS:
                continue
            known = list(palette) + list(BASIC_COLOURS)
            with mistakes.each():
                raise region.error(k, f"unknown colour '{v}': not '#rrggbb', black, white, none or a name in "
                                      f"the palette of {deck_file}", hint=suggest(v, known) or known_list(palette))
    mistakes.done()


def _colour(r: Map, key, field: str) -> str:
    v = r[key]
    if v is None:
        return v
    if not isinstance(v, str):
        raise r.error(key, f"expected a colour ('#rrggbb', a palette name or '{{field}}'), found {found(v)}",
                      field=field)
    if v.strip().startswith("#") and not names_in(v) and not _HEX.match(v.strip()):
        raise r.error(key, f"expected a colour '#rrggbb' (six hex digits), found {v!r}", field=field)
    return v


def _choice(r: Map, key, allowed, field: str) -> str:
    v = r[key]
    if isinstance(v, str) and names_in(v):
        return v                                  # decided by a card's field; checked when drawn
    if v not in allowed:
        raise r.error(key, f"expected {', '.join(allowed)}, found {found(v)}", field=field,
                      hint=suggest(v, allowed))
    return v


def _number(r: Map, key, low: float, high: float, field: str) -> float:
    v = r[key]
    if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v) or not low <= v <= high:
        raise r.error(key, f"expected a number from {low:g} to {high:g}, found {found(v)}", field=field)
    return float(v)


def _scalar_text(r: Map, key, field: str, limit: int = MAX_TEXT) -> str:
    v = r[key]
    if isinstance(v, (Map, Seq)) or v is None:
        raise r.error(key, f"expected text, found {found(v)}", field=field)
    if isinstance(v, bool):
        raise r.error(key, f"expected text, found {found(v)}", field=field)
    v = str(v)
    if len(v) > limit:
        raise r.error(key, f"text is {len(v)} characters; the limit is {limit}", field=field)
    return v


def symbols_only(text) -> bool:
    """True for text written in the template (no {field}) with no letter or digit: a symbol set alone."""
    import unicodedata
    text = str(text)
    return bool(text.strip()) and not names_in(text) and \
        not any(unicodedata.category(ch)[0] in "LN" for ch in text)


def _region(r, seq: Seq, i: int, width: float, height: float, file: str,
            deck_folder: Path | None = None) -> Region:
    where = f"regions[{i}]"
    if not isinstance(r, Map):
        raise seq.error(i, f"expected a region (a mapping with type and box), found {found(r)}", field=where)
    rtype = r.get("type")
    if not isinstance(rtype, str) or rtype not in REGION_TYPES:
        raise r.error("type" if "type" in r else None,
                      f"unknown region type {rtype!r}" if "type" in r else "region has no type",
                      field=f"{where}.type", hint=suggest(rtype, REGION_TYPES) or known_list(REGION_TYPES))
    allowed = COMMON + REGION_TYPES[rtype]
    for key in r:
        if key not in allowed:
            raise r.error(key, f"unknown key '{key}' for a {rtype} region", field=f"{where}.{key}",
                          hint=suggest(key, allowed) or known_list(allowed))
    rid = r.get("id", f"{rtype}{i}")
    if isinstance(rid, (Map, Seq, bool)) or rid is None:
        raise r.error("id", f"expected a region name, found {found(rid)}", field=f"{where}.id")
    if "when" in r:
        _scalar_text(r, "when", f"{where}.when")
    box = r.get("box", Seq(["0mm", "0mm", "100%", "100%"]))
    if not isinstance(box, Seq) or len(box) != 4:
        raise r.error("box", "expected [x, y, width, height] with units, e.g. [3mm, 3mm, 50%, 10mm], "
                      f"found {found(box) if not isinstance(box, Seq) else f'{len(box)} values'}",
                      field=f"{where}.box")
    try:
        x, y = length(box[0], width), length(box[1], height)
        w, h = length(box[2], width), length(box[3], height)
    except UnitError as exc:
        raise r.error("box", str(exc), field=f"{where}.box")
    if rtype != "line" and (w <= 0 or h <= 0):         # a line may run either way: its box may be negative
        raise r.error("box", f"width and height must be more than 0, found {box[2]!r} and {box[3]!r}",
                      field=f"{where}.box")
    x0, x1, y0, y1 = min(x, x + w), max(x, x + w), min(y, y + h), max(y, y + h)
    if any(not math.isfinite(v) or abs(v) > 2 * MAX_EDGE for v in (x, y, w, h)) \
            or x1 < -0.01 or y1 < -0.01 or x0 > width + 0.01 or y0 > height + 0.01:
        raise r.error("box", f"the box [{', '.join(map(str, box))}] lies outside the card "
                      f"({width / 72 * 25.4:.1f} x {height / 72 * 25.4:.1f} mm)", field=f"{where}.box")
    props = []
    for key in REGION_TYPES[rtype]:
        if key not in r:
            continue
        field = f"{where}.{key}"
        v = r[key]
        if key in ("stroke_width", "radius"):
            v = _len(r, key, field=field, high=72.0 if key == "stroke_width" else min(width, height))
        elif key in ("size", "min_size"):
            v = _len(r, key, field=field, low=1.0, high=MAX_FONT)
        elif key in COLOUR_KEYS:
            v = _colour(r, key, field)
        elif key == "text":
            v = _scalar_text(r, key, field)
        elif key == "src":
            v = _scalar_text(r, key, field, limit=500)
            if not names_in(v):
                from ..paths import Refused, check_name
                try:
                    check_name(v, "image")
                except Refused as exc:
                    raise r.error(key, str(exc), field=field)
        elif key == "font":
            v = _scalar_text(r, key, field, limit=100)
            if not names_in(v):
                from .fonts import families, resolve
                if v not in families(deck_folder):
                    raise r.error(key, f"unknown font '{v}'", field=field,
                                  hint=suggest(v, families(deck_folder)) or known_list(families(deck_folder)))
                v = resolve(v, deck_folder)          # the deck's own family of that name, if it has one
        elif key == "style":
            v = _choice(r, key, STYLES, field)
        elif key == "align":
            v = _choice(r, key, ALIGN[rtype], field)
        elif key == "valign":
            v = _choice(r, key, VALIGN, field)
        elif key == "fit":
            v = _choice(r, key, FITS, field)
        elif key == "rotate":
            v = _number(r, key, -360, 360, field)
        elif key == "leading":
            v = _number(r, key, 0.5, 4, field)
        elif key == "bleed":
            if not isinstance(v, bool):
                raise r.error(key, f"expected true or false, found {found(v)}", field=field)
        elif key == "dash":
            if not isinstance(v, Seq) or not 1 <= len(v) <= 2:      # drawn as setDash(*dash)
                raise r.error(key, f"expected [dash] or [dash, gap] lengths such as [2pt, 1pt], found "
                              f"{found(v) if not isinstance(v, Seq) else f'{len(v)} values'}", field=field)
            try:        # bare numbers are points, as in PDF's own dash arrays
                v = tuple(float(d) if isinstance(d, (int, float)) and not isinstance(d, bool) else length(d)
                          for d in v)
            except UnitError as exc:
                raise r.error(key, str(exc), field=field)
            if not all(math.isfinite(d) for d in v):
                raise r.error(key, "dash lengths must be finite", field=field)
            if any(d < 0 or d > 200 for d in v) or not any(v):
                raise r.error(key, "dash lengths must be from 0pt to 200pt and not all 0", field=field)
        props.append((key, v))
    sizes_ = dict(props)
    if "min_size" in sizes_ and sizes_["min_size"] > sizes_.get("size", 10.0 if rtype == "text" else 9.0):
        raise r.error("min_size", f"min_size {r['min_size']} is larger than the size "
                      f"{r.get('size', 'default')}", field=f"{where}.min_size")
    if rtype in ("text", "textbox"):
        for key in ("size", "min_size"):
            if key in sizes_ and sizes_[key] < MIN_TEXT - 1e-9 and not symbols_only(sizes_.get("text", "")):
                raise r.error(key, f"{key} {r[key]} is smaller than {MIN_TEXT:g}pt: no word is printed smaller "
                              f"(a symbol set alone, with no letter or digit, may be)", field=f"{where}.{key}")
    line = r.where()[0]
    places = tuple((str(k), *r.where(k)) for k in r)
    return Region(str(rid), rtype, (x, y, w, h), sizes_, str(r.get("when", "")),
                  f"{file}:{line}", places)


def geometry(deck_id: str, folder: Path | None, names) -> dict:
    """{template: (width, height, shape, gutter)} for the templates `names` of a deck, for the sheets to plan
    each piece's bleed before anything is laid out. Remembered between builds (layout/store.py, whose stamp
    covers the template files), so a rebuild parses no template it does not lay out; {} when one of them
    cannot be read (laying the cards out reports it)."""
    from .store import remembered
    names = sorted(set(names))

    def compute() -> list:
        out = []
        for name in names:
            tpl = get_template(name, folder)
            out.append(f"{name}\t{tpl.width!r}\t{tpl.height!r}\t{tpl.shape}\t{tpl.gutter!r}")
        return out
    try:
        lines = remembered(f"{deck_id}-sizes", folder, {"templates": names}, compute, what="lines")
    except PnpError:
        return {}
    out = {}
    for line in lines:
        name, w, h, shape, gutter = line.split("\t")
        out[name] = (float(w), float(h), shape, float(gutter))
    return out
