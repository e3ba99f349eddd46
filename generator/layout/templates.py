"""Card templates as data: layouts/cards/NAME.yaml (or a deck's own templates/NAME.yaml).

A template gives the card size, its safe inset, and regions drawn in order. Boxes are
[x, y, width, height] from the top-left corner of the trim box, in explicit units or % of the card.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from .. import LAYOUTS
from ..errors import PnpError, known_list, suggest
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
TEMPLATE_KEYS = ("extends", "size", "safe", "radius", "shape", "gutter", "regions", "description", "bleed_colour")


@lru_cache(maxsize=1)
def sizes() -> dict:
    m = load(LAYOUTS / "sizes.yaml", "layouts/sizes.yaml")
    return {k: (length(v["width"]), length(v["height"])) for k, v in m.items()}


@dataclass(frozen=True)
class Region:
    id: str
    type: str
    box: tuple            # (x, y_from_top, w, h) in points
    props: tuple          # ((key, value), ...) as written (strings may hold {fields})
    when: str = ""
    source: str = ""

    def get(self, key, default=None):
        return dict(self.props).get(key, default)


@dataclass(frozen=True)
class Template:
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

    @property
    def fields_used(self) -> tuple:
        """Every {field} any region names: two faces with equal values for these draw the same."""
        from ..fields import names_in
        names = set()
        for r in self.regions:
            names.update(names_in(r.when))
            for _, v in r.props:
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


def _find(name: str, deck_folder: Path | None) -> Path | None:
    if not name or "/" in name or "\\" in name or name.startswith("."):
        return None
    for d in _search_dirs(deck_folder):
        p = d / f"{name}.yaml"
        if p.is_file():
            return p
    return None


def _len(m: Map, key, of=None, field=None):
    try:
        return length(m[key], of)
    except UnitError as exc:
        raise m.error(key, str(exc), field=field or key)


def _display(p: Path) -> str:
    try:
        return str(p.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(p)


def _raw(name: str, deck_folder: Path | None, chain=()) -> tuple[Map, str]:
    path = _find(name, deck_folder)
    if path is None:
        known = known_templates(deck_folder)
        raise PnpError(f"unknown template '{name}'", hint=suggest(name, known) or known_list(known))
    m = load(path, _display(path))
    if not isinstance(m, Map):
        raise PnpError("a template must be a mapping", _display(path), 1)
    for key in m:
        if key not in TEMPLATE_KEYS:
            raise m.error(key, f"unknown key '{key}' in template", field=key,
                          hint=suggest(key, TEMPLATE_KEYS) or known_list(TEMPLATE_KEYS))
    return m, _display(path)


@lru_cache(maxsize=None)
def get_template(name: str, deck_folder: Path | None = None, _chain: tuple = ()) -> Template:
    """Load a template, following `extends` (the child's keys win; its regions come after the parent's)."""
    if name in _chain:
        raise PnpError(f"template '{name}' extends itself through {' -> '.join(_chain)}")
    m, file = _raw(name, deck_folder)
    parent = None
    if "extends" in m:
        parent = get_template(str(m["extends"]), deck_folder, _chain + (name,))
    if "size" in m:
        size = m["size"]
        if isinstance(size, str):
            if size not in sizes():
                raise m.error("size", f"unknown card size '{size}'", field="size",
                              hint=suggest(size, sizes()) or known_list(sizes()))
            width, height = sizes()[size]
            size_name = size
        elif isinstance(size, Map):
            width, height = _len(size, "width", field="size.width"), _len(size, "height", field="size.height")
            size_name = ""
        else:
            raise m.error("size", "expected a size name (poker, bridge, ...) or {width, height}", field="size")
    elif parent:
        width, height, size_name = parent.width, parent.height, parent.size_name
    else:
        raise PnpError("template has no size", file, 1, field="size")
    if width <= 0 or height <= 0 or width > 2000 or height > 2000:
        raise m.error("size", "card size must be positive and under 700mm", field="size")
    safe = _len(m, "safe") if "safe" in m else (parent.safe if parent else length("3mm"))
    radius = _len(m, "radius") if "radius" in m else (parent.radius if parent else 0.0)
    gutter = _len(m, "gutter") if "gutter" in m else (parent.gutter if parent else 0.0)
    shape = m.get("shape", parent.shape if parent else "rect")
    if shape not in ("rect", "circle"):
        raise m.error("shape", f"expected rect or circle, found {shape!r}", field="shape")
    regions = list(parent.regions) if parent else []
    seq = m.get("regions") or Seq()
    if not isinstance(seq, Seq):
        raise m.error("regions", "expected a list of regions", field="regions")
    for i, r in enumerate(seq):
        regions.append(_region(r, seq, i, width, height, file))
    return Template(name, width, height, safe, radius, shape, gutter, tuple(regions), file, size_name)


def _region(r, seq: Seq, i: int, width: float, height: float, file: str) -> Region:
    where = f"regions[{i}]"
    if not isinstance(r, Map):
        raise seq.error(i, "expected a region (a mapping with type and box)", field=where)
    rtype = r.get("type")
    if rtype not in REGION_TYPES:
        raise r.error("type", f"unknown region type {rtype!r}", field=f"{where}.type",
                      hint=suggest(rtype, REGION_TYPES) or known_list(REGION_TYPES))
    allowed = COMMON + REGION_TYPES[rtype]
    for key in r:
        if key not in allowed:
            raise r.error(key, f"unknown key '{key}' for a {rtype} region", field=f"{where}.{key}",
                          hint=suggest(key, allowed) or known_list(allowed))
    box = r.get("box", ["0mm", "0mm", "100%", "100%"])
    if not isinstance(box, Seq) or len(box) != 4:
        raise r.error("box", "expected [x, y, width, height] with units, e.g. [3mm, 3mm, 50%, 10mm]",
                      field=f"{where}.box")
    try:
        x, y = length(box[0], width), length(box[1], height)
        w, h = length(box[2], width), length(box[3], height)
    except UnitError as exc:
        raise r.error("box", str(exc), field=f"{where}.box")
    props = []
    for key in REGION_TYPES[rtype]:
        if key in r:
            v = r[key]
            if key in ("stroke_width", "radius", "size", "min_size"):
                try:
                    v = length(v)
                except UnitError as exc:
                    raise r.error(key, str(exc), field=f"{where}.{key}")
            props.append((key, v))
    line = r.where()[0]
    return Region(str(r.get("id", f"{rtype}{i}")), rtype, (x, y, w, h), tuple(props),
                  str(r.get("when", "")), f"{file}:{line}")
