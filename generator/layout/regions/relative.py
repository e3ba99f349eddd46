"""A box written against the region it overrides (Squib's `y: += 50` in an extending layout): in a template that
`extends` another, an item of a region's box may be `+=5mm` or `-=2mm` (any unit, or % of the card), the value
of the same item of the region of that id in the template it extends, moved by so much. It is made the length it
comes to before the box is read, so it is checked (on the card, width and height above 0) as a written one is.

Not here: reading a box (keys.Box), which region a region overrides (templates.py).
"""
from __future__ import annotations

from ...files.yamlfile import Map, Seq
from ...units import UnitError, length

SIGNS = {"+=": 1.0, "-=": -1.0}


def _relative(v) -> bool:
    return isinstance(v, str) and v.strip()[:2] in SIGNS


def made_absolute(r: Map, base, width: float, height: float, dpi: float, where: str) -> Map:
    """`r` itself, or, where its box holds relative items, a copy of it whose box holds the lengths they come to
    against `base` (the region it overrides; None: it overrides none, an error)."""
    box = r.get("box")
    if not isinstance(box, Seq) or not any(_relative(v) for v in box):
        return r
    field = f"{where}.box"
    if base is None:
        raise r.error("box", "a box value written +=/-= is moved from the same value of the region this one "
                             "overrides in the template it extends; this region overrides none", field=field,
                      hint="give it the id of a region of the template it extends, or write the value itself")
    if type(base.box) is not tuple:
        raise r.error("box", f"region '{base.id}' of the template it extends gives its box for each card; a value "
                             "written +=/-= needs one written there", field=field)
    if len(box) != 4:
        return r                        # (the box's own check says so)
    items = Seq()
    items.file, items.line, items.column = box.file, box.line, box.column
    items._pos = list(getattr(box, "_pos", []))
    for j, v in enumerate(box):
        if not _relative(v):
            items.append(v)
            continue
        text = v.strip()
        if "{" in text:
            raise box.error(j, f"{v!r}: a value written +=/-= is a length, not a brace", field=field)
        try:
            by = length(text[2:].strip(), width if j % 2 == 0 else height, dpi)
        except UnitError as exc:
            raise box.error(j, f"{v!r}: {exc}", field=field) from None
        items.append(f"{round((base.box[j] + SIGNS[text[:2]] * by) / 72 * 25.4, 6):g}mm")   # (as said, if wrong)
    out = Map(r)
    out.file, out.line, out.column = r.file, r.line, r.column
    out._pos = dict(getattr(r, "_pos", {}))
    out["box"] = items
    return out
