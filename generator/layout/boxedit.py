"""A region's box written back into its template file: `pnp layout --move/--box` and a drag in `pnp watch`'s
layout view. The template file stays the only truth: the edit is a splice of the box's items where they stand
(files/splice.py), each in the unit it was written in (mm stays mm, px stays px at the deck's dpi, % stays a share
of the card; units.written, snapped to the unit's step), every other byte of the file as it was; the new text is
parsed again and must differ from the old in that box alone; the file is written atomically, and not at all if
it changed on disk since it was read (its digest).

A region the card's template inherits (`extends`) is written as an override by id in that template (the
smallest YAML that says it: `box:` added to its override, or `- {id: ID, box: [...]}` added to its regions), or,
asked for (base), where its box is written in the template it extends. Only the game's own templates
(its templates/ folder) are written, only a region's `box`, and never a box computed for each card.
Not here: where a region comes from (provenance.py), the splice itself (files/splice.py).
"""
from __future__ import annotations

import copy
import hashlib
import json
import re
from pathlib import Path

from ..records import Record
from ..errors import PnpError, known_list, suggest
from ..files import splice
from ..files.output import write_atomic
from ..files.yamltree import Map, Seq
from ..units import UnitError, length, unit_of, written
from .provenance import Entry, Link, boxed, links, owners, relative
from .regions import TYPES, box_error
from .regions.common import BOX
from .regions.percard import Deferred
from .templatefiles import known_templates, template_file
from .templates import get_template

_PLAIN_ID = r"[A-Za-z_][A-Za-z0-9_.-]*"
_WORDS = {"true", "false", "null", "yes", "no", "on", "off", "y", "n"}


class Edit(Record):
    """A box written back, or about to be: the file (its path, and its name from the game's folder), its bytes
    before and after, the box's line after, the items as written, and how (`set`: items replaced; `key`: a box
    added to the region's override; `override`: an override added to the template's regions)."""
    path: Path
    file: str
    before: bytes
    after: bytes
    line: int
    box: tuple
    how: str
    template: str


def digest(data: bytes) -> str:
    """What a page or a script says it read of a file: the hex digest of its bytes."""
    return hashlib.blake2b(data, digest_size=16).hexdigest()


def target(deck, template: str, rid: str, base: bool = False):
    """Where an edit of region `rid` of `template` goes: (the template as loaded, the region, its entries in the
    chain of files (provenance.owners), the entry whose box it draws (None: the default box), the entry written
    to (None: an override added to the template's own file), the file written). PnpError, in one line, for a
    template or region that is not there, a computed box, a file that is not the game's own."""
    if template_file(template, deck.folder) is None or template not in known_templates(deck.folder):
        known = [n for n in known_templates(deck.folder) if template_file(n, deck.folder).resolve().is_relative_to(
            (deck.folder / "templates").resolve())]
        raise PnpError(f"unknown template '{template}' in {deck.folder / 'templates'}", field="--template",
                       hint=suggest(template, known) or known_list(known))
    tpl = get_template(template, deck)
    region = next((r for r in tpl.regions if r.id == rid), None)
    if region is None:
        ids = [r.id for r in tpl.regions]
        raise PnpError(f"template '{template}' ({tpl.file}) has no region '{rid}'", field="--region",
                       hint=suggest(rid, ids) or known_list(ids))
    if type(region.box) is Deferred:
        raise PnpError(f"region '{rid}' of template '{template}': its box is computed for each card "
                       f"({region.box}), so it is not moved by hand; change the expression in the template",
                       *region.at("box")[:3], field="box")
    chain = links(template, deck, _parse)
    found = owners(chain, rid)
    writer = boxed(found)
    entry = (writer or (found[0] if found else None)) if base else \
        next((e for e in reversed(found) if e.link is chain[0]), None)
    link = entry.link if entry is not None else chain[0]
    name, own = relative(link.path, deck)
    if not own:
        raise PnpError(f"region '{rid}' is written in {name}, pnp's shared template, not the game's own",
                       field="--template", hint=f"copy {name} into {deck.folder / 'templates'} to edit it there")
    return tpl, region, found, writer, entry, link


def plan(deck, template: str, rid: str, box=None, move=None, base: bool = False) -> Edit:
    """The edit that gives region `rid` of `template` the box `box` ((x, y, w, h) points from the trim's
    top-left) or moves it by `move` ((dx, dy) points), read from the files as they are now; nothing written."""
    tpl, region, found, writer, entry, link = target(deck, template, rid, base)
    old = list(writer.region["box"]) if writer is not None else list(BOX.default)
    if len(old) != 4:
        raise PnpError(f"region '{rid}': its box is not written as [x, y, width, height]", str(link.path),
                       field="box")
    now = _points(old, tpl, deck)            # the box as the file writes it now (the deck may be a build behind)
    x, y, w, h = now
    new = (x + move[0], y + move[1], w, h) if move is not None else tuple(box)
    units = [unit_of(v) for v in old]
    fallback = next((u for u in units if u and u != "%"), "mm")
    items = []
    for i, (value, was) in enumerate(zip(new, now)):
        if abs(value - was) < 1e-6:
            items.append(old[i])
        else:
            items.append(written(value, units[i] or fallback, tpl.height if i % 2 else tpl.width, deck.dpi))
    points = _points(items, tpl, deck)
    _held_to_piece(region, points, tpl)
    text = link.text
    expected = copy.deepcopy(link.tree)
    if entry is not None and entry is writer:
        how = "set"
        box_seq = entry.region["box"]
        edits = [(*box_seq.span(i)[:2], splice.quoted(box_seq.span(i)[2], str(items[i])))
                 for i in range(4) if items[i] is not old[i]]
        after = splice.replaced(text, edits)
        expected["regions"][entry.index]["box"][:] = list(items)
    elif entry is not None:
        how = "key"
        after = splice.add_key(text, entry.region, "box", _flow(items))
        expected["regions"][entry.index]["box"] = list(items)
    else:
        how = "override"
        item = f"{{id: {_id(rid)}, box: {_flow(items)}}}"
        tree = link.tree
        regions = tree.get("regions") if isinstance(tree, Map) else None
        if isinstance(regions, Seq):
            after = splice.add_item(text, regions, item)
        elif "regions" in tree and regions is None:
            after = splice.set_empty(text, tree, "regions", f"[{item}]")
        elif "regions" not in tree:
            after = splice.add_top(text, "regions", f"  - {item}{splice.newline(text)}")
        else:
            raise PnpError("regions is not a list", str(link.path), tree.where("regions")[0], field="regions")
        expected.setdefault("regions", [])
        if expected["regions"] is None:
            expected["regions"] = []
        expected["regions"].append({"id": rid, "box": list(items)})
    name, _ = relative(link.path, deck)
    parsed = splice.check(after, name, expected)
    bom = "\ufeff" if link.data.startswith(b"\xef\xbb\xbf") else ""
    return Edit(link.path, name, link.data, (bom + after).encode("utf-8"), _entry_line(parsed, entry, how),
                tuple(items), how, link.name)


def apply(edit: Edit, expect: str | None = None) -> Edit:
    """Write the edit, unless the file is no longer the bytes it was planned on (nor `expect`, the digest the
    asker read): then PnpError, and nothing written."""
    if expect is not None and expect != digest(edit.before):
        raise PnpError("changed since it was read (its digest is not the one expected); nothing was written",
                       shown(edit.path), hint="read it again and move the region again")
    if Path(edit.path).read_bytes() != edit.before:
        raise PnpError("changed on disk while the box was written; nothing was written", shown(edit.path),
                       hint="read it again and move the region again")
    write_atomic(edit.path, edit.after)
    return edit


def restore(path: Path, now: bytes, then: bytes) -> None:
    """Put back `then` (an undo or a redo) where the file still holds `now`; PnpError if it does not."""
    if Path(path).read_bytes() != now:
        raise PnpError("changed on disk since; nothing was written", shown(path), hint="read it again")
    write_atomic(path, then)


def shown(path) -> str:
    """A file's name as pnp's messages give it: from the current folder where it lies below it."""
    try:
        return str(Path(path).resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


def _parse(name: str, path: Path) -> Link:
    data = Path(path).read_bytes()
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise PnpError("not UTF-8 text; nothing was written", str(path)) from None
    body = text[1:] if text.startswith("\ufeff") else text
    return Link(name, Path(path), splice.parse(body, str(path)), body, data)


def _points(items, tpl, deck) -> tuple:
    try:
        return tuple(length(v, tpl.height if i % 2 else tpl.width, deck.dpi) for i, v in enumerate(items))
    except UnitError as exc:
        raise PnpError(f"the box [{', '.join(map(str, items))}]: {exc}", field="box") from None


def _held_to_piece(region, points, tpl) -> None:
    """The new box must be one the template would accept: a width and height (but for a line), on the piece."""
    x, y, w, h = points
    if not TYPES[region.type].either_way and (w <= 0 or h <= 0):
        raise PnpError(f"region '{region.id}': the width and height must be more than 0; nothing was written",
                       field="box")
    error = box_error(region._replace(box=points), tpl.width, tpl.height, tpl.bleed or 0.0)
    if error is not None:
        raise PnpError(f"region '{region.id}': {error.message}; nothing was written", error.file, error.line,
                       field="box", hint=error.hint)


def _flow(items) -> str:
    return "[" + ", ".join(str(v) for v in items) + "]"


def _id(rid: str) -> str:
    return rid if re.fullmatch(_PLAIN_ID, rid) and rid.lower() not in _WORDS else json.dumps(rid)


def _entry_line(tree, entry: Entry | None, how: str) -> int:
    regions = tree.get("regions") if isinstance(tree, Map) else None
    if not isinstance(regions, Seq):
        return 1
    r = regions[-1] if how == "override" else regions[entry.index]
    return r.where("box")[0] if isinstance(r, Map) else regions.line
