"""Card templates as data: layouts/cards/NAME.yaml (or a deck's own templates/NAME.yaml), found by name and
loaded with what they extend, once a loaded deck (kept on it: Deck.memo_of), checked against what the deck says
(its palette, its own card sizes and fonts, where it names each template).

A template gives the card size, its safe inset, and regions drawn in order; a template may extend another
(its keys win; its regions come after the parent's, except those with a parent region's id, which override that
region key by key in its place, and {id: ID, drop: true}, which removes it). Everything is checked as it is loaded, so a mistake
is reported at its line in the template file, not later while a card is drawn.
Not here: where a template's files are and the stamp of their sizes and times (templatefiles.py); what a region may hold and how each is checked (regions/); how a size is written, the shared
sizes and lengths (sizes.py); laying a card out from a template (face.py); the checks of a deck's
templates against its cards (validate.py).
"""
from __future__ import annotations

from ..records import Record
from ..deck.sizes import MAX_EDGE, SIZE_TEXT, Size, checked_length, checked_safe, parse_size, size_mm, sizes
from ..errors import PnpError, PnpErrors, found, known_list, suggest
from ..units import DPI, length
from ..files.yamlfile import Map, Seq, load
from .regions import check_colours, named, read_region
from .regions.read import named_as
from .shapes import HEX_SHAPES, ORIENTATIONS, hex_shape
from .templatefiles import chain_stamp, display, template_file, template_problem

TEMPLATE_KEYS = ("extends", "size", "safe", "radius", "shape", "orientation", "gutter", "regions", "description")
SHAPES = ("rect", "circle", "hex")        # as written; a Template's shape is one of shapes.PIECE_SHAPES
MAX_REGIONS = 500


class Template(Record):
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
    broken: tuple = ()              # ((region id, PnpError), ...): regions left out for a mistake of their own

    @property
    def fields_used(self) -> tuple:
        """Every {field} any region names: two faces with equal values for these draw the same."""
        return tuple(sorted({n for r in self.regions for _, n in named(r)}))


def _named_at(name, deck, message: str, hint: str | None) -> PnpError:
    """A mistake in finding template `name`, where the deck names it: (file, line, column, field), or the
    spreadsheet cell's place (deck/reading.py's template_ref), said as a cell's mistake is: cards.csv:2 (template)."""
    where = deck.template_refs.get(name) if deck is not None else None
    if where and where[0] == "cell":
        from ..deck.spreadsheets.readers import CellError  # lazy: +3 ms to import (benchmarks/imports.py)
        _, file, sheet, row, column, header, index = where
        return CellError(message, file, sheet, row, column, header, hint, index)
    return PnpError(message, *(tuple(where) if where else (None, None, None, None)), hint=hint)


def sizes_for(deck) -> dict:
    """The sizes a template of this deck may name: the shared ones and the deck's own (kept on the deck)."""
    if deck is None:
        return sizes()
    memo = deck.memo_of("card sizes")
    if not memo:
        memo.update(sizes())
        memo.update(deck.sizes)
    return memo


def _raw(name: str, deck) -> tuple[Map, str]:
    deck_folder = deck.folder if deck is not None else None
    try:
        problem = template_problem(name, deck_folder)
    except PnpError as exc:             # a symbolic link out of templates/
        raise _named_at(name, deck, exc.message, exc.hint)
    if problem:
        raise _named_at(name, deck, problem[0], problem[1])
    path = template_file(name, deck_folder)
    m = load(path, display(path))
    if not isinstance(m, Map):
        raise PnpError(f"a template must be a mapping with size and regions; found {found(m)}", display(path), 1)
    unknown = [m.error(key, f"unknown key '{key}' in template", field=str(key),
                       hint=suggest(key, TEMPLATE_KEYS) or known_list(TEMPLATE_KEYS))
               for key in m if key not in TEMPLATE_KEYS]
    if unknown:
        raise PnpErrors(unknown)
    return m, display(path)


def get_template(name: str, deck=None, _chain: tuple = (), partial: bool = False) -> Template:
    """The template `name` of a loaded deck (None: pnp's shared templates alone), following `extends` (the
    child's keys win; its regions come after the parent's, or override one of its id in its place, or drop it):
    read once a deck, and kept on it; in a long-running process (pnp watch), kept from one build to the next
    while what the layout store keeps its faces under is the same (its files: chain_stamp; the deck's palette,
    dpi, sizes and fonts, pnp's code, layouts/ and fonts/: store.deck_stamp). A template some of whose regions
    have mistakes of their own raises them all, unless `partial` (the checks that go on past them,
    layout/validate.py): then it is the template without those regions, which name their mistakes in `broken`."""
    memo = deck.memo_of("templates") if deck is not None else {}
    key = (name, not _chain)            # read as another's parent, its colours are not checked against the deck
    tpl = memo.get(key)
    if tpl is None:                     # (a template that fails to load is not kept: it fails again, the same way)
        kept, at = _held(deck)
        if kept is not None:
            at = (*key, at, chain_stamp(name, deck))
            tpl = kept.get(at)
        if tpl is None:
            tpl = _load(name, deck, _chain)
            if kept is not None:
                while len(kept) >= HELD:
                    kept.pop(next(iter(kept)))
                kept[at] = tpl
        memo[key] = tpl
    if tpl.broken and not partial:
        errors = [e for _, e in tpl.broken]
        raise errors[0] if len(errors) == 1 else PnpErrors(errors)
    return tpl


HELD = 64                               # the templates a long-running process keeps (get_template)


def held_template(name: str, deck, stamp: str) -> Template | None:
    """Template `name` as a long-running process kept it when its files' chain_stamp was `stamp` (an earlier
    build's), if it did."""
    kept, at = _held(deck)
    return kept.get((name, True, at, stamp)) if kept is not None else None


def _held(deck) -> tuple[dict | None, str]:
    """The templates a long-running process keeps between builds (Deck.memo["held"]) and what its deck's are kept
    under now; (None, "") where nothing is held or the layout store's stamp is not taken (the cache off)."""
    held = (deck.memo or {}).get("held") if deck is not None else None
    if held is None:
        return None, ""
    from .store import deck_stamp  # lazy: +4 ms to import (benchmarks/imports.py)
    stamp = deck_stamp(deck)
    if stamp is None:
        return None, ""
    return held.setdefault("templates", {}), f"{deck.folder}|{deck.language}|{stamp}"


def _load(name: str, deck, _chain: tuple) -> Template:
    deck_folder = deck.folder if deck is not None else None
    m, file = _raw(name, deck)
    parent, unread = None, None
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
        try:
            parent = get_template(base, deck, _chain + (name,), partial=True)
        except PnpError as exc:
            if "size" not in m or "regions" not in m:
                raise
            unread = exc            # its own regions are read still (their mistakes too), then both reported
    known = sizes_for(deck)
    dpi = deck.dpi if deck is not None else DPI         # what a px is: the deck's
    bleed = None
    if "size" in m:
        size = m["size"]
        if isinstance(size, str) and not SIZE_TEXT.match(size):
            if size not in known:
                raise m.error("size", f"unknown card size '{size}'", field="size",
                              hint=suggest(size, known) or known_list(known))
            chosen, size_name = known[size], size
        elif isinstance(size, (Map, str)):
            chosen, size_name = parse_size(m, "size", "size", dpi), ""
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
        raise m.error("size", f"template '{name}' is {size_mm(Size(width, height))}, but the template it extends, "
                              f"'{parent.name}' ({parent.size_source}), is {size_mm(Size(parent.width, parent.height))}"
                              ", and its regions are placed for that size", field="size",
                      hint="give both the same size, or do not extend it")
    short = min(width, height)
    safe = (checked_safe(m, "safe", width, height, "safe", dpi) if "safe" in m else size_safe
            if size_safe is not None else parent.safe if parent else length("3mm"))
    radius = (checked_length(m, "radius", high=short / 2, dpi=dpi) if "radius" in m
              else parent.radius if parent else 0.0)
    gutter = checked_length(m, "gutter", high=200.0, dpi=dpi) if "gutter" in m else (parent.gutter if parent else 0.0)
    if bleed:               # a size made with bleed: its pieces stand apart on the sheet, each showing its own
        gutter = max(gutter, 2 * bleed)
    shape = _piece_shape(m, parent, width, height)
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
    # a region with a mistake is noted and left out, and the next one read: the template loads without it
    broken = list(parent.broken) if parent else []
    lost = {rid for rid, _ in broken}                   # the parent's regions left out: overrides of them too
    ids = {r.id: n for n, r in enumerate(regions)}       # the regions of the template it extends
    own: dict = {}                                       # id -> where this template writes it
    for i, r in enumerate(seq):
        rid = _region_id(r)
        if isinstance(r, Map) and ("type" not in r or "drop" in r) and (unread is not None or rid in lost):
            continue                    # overrides a region of a template that did not load, or a region left out
        n = None
        try:
            _not_twice(r, seq, i, rid, own)
            n = _overrides(r, seq, i, ids, regions, parent)
            if n is None:
                regions.append(read_region(r, seq, i, width, height, file, deck))
            elif r.get("drop") is True:
                regions[n] = None
            else:
                regions[n] = read_region(r, seq, i, width, height, file, deck, base=regions[n])
        except PnpError as exc:
            broken += [(rid, e) for e in getattr(exc, "errors", [exc])]
            if n is not None:           # a region its override got wrong: left out, not drawn as the parent's
                regions[n] = None
    if unread is not None:
        raise PnpErrors([*getattr(unread, "errors", [unread]), *(e for _, e in broken)])
    regions = [r for r in regions if r is not None]
    if not _chain and deck is not None:             # the colours it writes, held to the deck's palette
        for region in list(regions):
            try:
                check_colours([region], deck.file, deck.palette)
            except PnpError as exc:
                broken += [(region.id, e) for e in getattr(exc, "errors", [exc])]
                regions.remove(region)
    size_source = f"{file}:{m.where('size')[0]}" if "size" in m else parent.size_source
    return Template(name, width, height, safe, radius, shape, gutter, tuple(regions), file, size_name, bleed,
                    size_source, tuple(broken))


def without_regions(deck, pruned: dict):
    """A copy of `deck` whose templates named in `pruned` ({name: region ids}) lack those regions (and any left
    out as they were read): what its cards are laid out with to find their other mistakes once those regions'
    are said. The deck's own memo is left as it was."""
    if not pruned:
        return deck
    memo = dict(deck.memo)
    memo["templates"] = dict(deck.memo_of("templates"))
    for name, ids in pruned.items():
        tpl = get_template(name, deck, partial=True)
        memo["templates"][(name, True)] = tpl._replace(regions=tuple(r for r in tpl.regions if r.id not in ids),
                                                       broken=())
    return deck._replace(memo=memo)


def _region_id(r) -> str | None:
    """The id a region of a template's list writes, if it writes one that is a name."""
    rid = r.get("id") if isinstance(r, Map) else None
    return str(rid) if isinstance(rid, (str, int)) and not isinstance(rid, bool) else None


def _not_twice(r, seq: Seq, i: int, rid: str | None, own: dict) -> None:
    """Two regions of one template with one id (or two overrides of one region of the template it extends): an
    override, a drop and `extends` would take the second for the first, and errors and the proof name both
    alike; an error at the second's id."""
    if rid is None:
        return
    if rid in own:
        raise r.error("id", f"two regions of this template have the id '{rid}' (the first at line {own[rid]})",
                      field=f"region {rid}.id", hint="give each region an id of its own")
    own[rid] = r.where("id")[0]


def _overrides(r, seq: Seq, i: int, ids: dict, regions: list, parent: Template | None) -> int | None:
    """The place, among the regions of the template this one extends, of the region `r` overrides (a region of
    its id: its keys replace that one's, key by key) or drops (drop: true); None for a region of its own. A
    region with no type, or with drop, names a region of that template by its id, or is an error."""
    if not isinstance(r, Map):
        return None
    rid = r.get("id")
    rid = rid if isinstance(rid, (str, int, float)) and not isinstance(rid, bool) else None
    rid = None if rid is None else str(rid)
    drop = "drop" in r
    if drop and parent is None:
        raise r.error("drop", "drop: true removes a region of the template this one extends; this template "
                              "extends none", field=f"{named_as(r, i, None)}.drop")
    if drop and (r["drop"] is not True or set(r) - {"id", "drop"}):
        raise r.error("drop", "a dropped region is written {id: ID, drop: true} and nothing else",
                      field=f"{named_as(r, i, None)}.drop", hint="to change a region, write its id and the keys that change")
    if parent is None or (rid not in ids and "type" in r and not drop):
        return None
    if rid is None or rid not in ids:
        known = [reg.id for reg in parent.regions]
        said = f"region {rid!r}" if rid is not None else "a region with no id"
        how = "drops" if drop else "writes no type, so it overrides"
        raise r.error("id" if "id" in r else None,
                      f"{said} {how} a region of template '{parent.name}' ({parent.file}), which this one "
                      "extends, but that template has no region of that id",
                      field=f"{named_as(r, i, None)}.id",
                      hint=(suggest(rid, known) if rid is not None else None) or known_list(known))
    n = ids[rid]
    if regions[n] is None:
        raise r.error("id", f"region '{rid}' is dropped above", field=f"region {rid}.id")
    return n


def _piece_shape(m: Map, parent: Template | None, width: float, height: float) -> str:
    """The piece's shape (shapes.PIECE_SHAPES): `shape` as written (or the parent's), a hexagon with its
    `orientation` (flat, or pointy for a piece taller than wide, unless it says)."""
    if "shape" in m:
        shape = m["shape"]
        if shape not in SHAPES:
            raise m.error("shape", f"expected rect, circle or hex, found {found(shape)}", field="shape",
                          hint=suggest(shape, SHAPES) if isinstance(shape, str) else None)
    else:
        shape = parent.shape if parent else "rect"
    if "orientation" in m:
        way = m["orientation"]
        if way not in ORIENTATIONS:
            raise m.error("orientation", f"expected flat or pointy, found {found(way)}", field="orientation",
                          hint=suggest(way, ORIENTATIONS) if isinstance(way, str) else None)
        if shape not in ("hex",) + HEX_SHAPES:
            raise m.error("orientation", f"orientation is for a hex piece (shape: hex), not a {shape} one",
                          field="orientation")
        return hex_shape(way)
    if shape == "hex":
        return hex_shape("pointy" if height > width + 0.01 else "flat")
    return shape


def geometry(deck, names) -> dict:
    """{template: (width, height, shape, gutter)} for the templates `names` of a deck, for the sheets to plan
    each piece's bleed before anything is laid out. Remembered between builds (layout/store.py) under the
    templates' files (chain_stamp), so a rebuild parses no template it does not lay out; {} when one of them
    cannot be read (laying the cards out reports it)."""
    from .store import remembered  # lazy: +4 ms to import (benchmarks/imports.py)
    names = sorted(set(names))

    def compute() -> list:
        out = []
        for name in names:
            tpl = get_template(name, deck)
            out.append(f"{name}\t{tpl.width!r}\t{tpl.height!r}\t{tpl.shape}\t{tpl.gutter!r}")
        return out
    try:
        lines = remembered(f"{deck.id}-sizes", deck, {"templates": [(n, chain_stamp(n, deck)) for n in names]},
                           compute, what="lines")
    except PnpError:
        return {}
    out = {}
    for line in lines:
        name, w, h, shape, gutter = line.split("\t")
        out[name] = (float(w), float(h), shape, float(gutter))
    return out
