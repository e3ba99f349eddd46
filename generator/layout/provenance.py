"""Where each region of a laid-out card comes from, and what it is on that card: its id and type, the template
file and line its box is written at (the card's own template, or the one it extends), its box as laid out on
this card (mm from the trim's top-left) and as written (with its units), whether the box is computed for each
card (and so cannot be moved by hand), whether a `when:` hides it on this card, its font, size and colour as
resolved for this card, and this card's findings about it (text that does not fit, shrunk, in the safe zone; a
picture printed under 150 dpi).

What `pnp layout` prints and `pnp watch`'s layout view shows; a template's chain of files (links, owners) is
what boxedit.py writes through. Nothing here writes a file or knows who asks.
Not here: laying a face out (face.py), writing a box back (boxedit.py).
"""
from __future__ import annotations

from pathlib import Path

from ..records import Record
from ..errors import PnpError, PnpErrors
from ..files.yamlfile import Map, Seq, load
from ..text.expressions import ExpressionError
from ..text.fields import fill, holds
from ..units import mm
from . import resolution, safezone
from .deck import card_values, layout_card
from .face import Context
from .fonts import shown
from .regions import TYPES, resolve
from .regions.common import BOX, keys_of
from .regions.percard import Deferred
from .templatefiles import template_file
from .templates import get_template

MM = 72 / 25.4


class Link(Record):
    """One template file of a chain (the card's template first, then the one it extends, and so on)."""
    name: str
    path: Path
    tree: object            # its parsed text (a Map), as yamlfile.load or splice.parse gives it
    text: str = ""          # its text, when it was parsed for an edit
    data: bytes = b""       # ... and its bytes


class Entry(Record):
    """A region as one file of a chain writes it: the file, its place in the file's regions, its mapping."""
    link: Link
    index: int
    region: Map


def links(name: str, deck, parse=None) -> list[Link]:
    """The chain of template files of template `name` (which the deck has loaded: its mistakes are already
    said), the template itself first. `parse(path) -> Link`: how each file is read (default: yamlfile.load)."""
    out, seen = [], set()
    while name and name not in seen:
        seen.add(name)
        path = template_file(name, deck.folder)
        if path is None:
            break
        link = parse(name, path) if parse is not None else Link(name, path, load(path))
        out.append(link)
        base = link.tree.get("extends") if isinstance(link.tree, Map) else None
        name = base if isinstance(base, str) else None
    return out


def owners(chain: list[Link], rid: str) -> list[Entry]:
    """The entries that make region `rid` of the chain's first template, from the one that defines it to the
    last that overrides it (templates.py: an override names its base region by id; drop removes it)."""
    found: list = []
    for link in reversed(chain):
        seq = link.tree.get("regions") if isinstance(link.tree, Map) else None
        for i, r in enumerate(seq if isinstance(seq, Seq) else ()):
            if not isinstance(r, Map):
                continue
            own = r.get("id")
            if (str(own) if own is not None else f"{r.get('type')}{i}") != rid:
                continue
            if r.get("drop") is True:
                found = []
            elif found and own is not None:
                found.append(Entry(link, i, r))
            else:
                found = [Entry(link, i, r)]
    return found


def boxed(found: list[Entry]) -> Entry | None:
    """The entry whose box the region draws: the last that writes one (None: the default box)."""
    return next((e for e in reversed(found) if "box" in e.region), None)


def relative(path, deck) -> tuple[str, bool]:
    """(a template file's name from the game's folder, whether it is the game's own): pnp's shared templates
    are named from pnp's layouts/ and are not the game's to edit."""
    real = Path(path).resolve()
    folder = deck.folder.resolve()
    if folder in real.parents:
        return real.relative_to(folder).as_posix(), (folder / "templates") in real.parents
    return f"layouts/cards/{real.name}", False


def card_regions(deck, card, side: str = "front", face=None, error: PnpError | None = None) -> dict:
    """A card's side laid out region by region (module docstring): the template's size, safe inset and file,
    and each region's provenance in drawing order. `face`: the face a build laid out (else laid out here);
    `error`: the mistake that kept it from being laid out (its region's finding)."""
    template = card.template if side == "front" else (card.back.template if card.back is not None else None)
    if not template:
        raise PnpError(f"card '{card.name}' has no {side}")
    tpl = get_template(template, deck)
    values = card_values(deck, card)
    if side == "back":
        values.update(card.back.field_map)
    ctx = Context(values, deck, f"card '{card.name}'" + (" (back)" if side == "back" else ""), str(card.source),
                  card.field_lines, card.kind)
    if face is None and error is None:
        try:
            laid = layout_card(deck, card, strict=False)
            face = laid.front if side == "front" else laid.back
        except PnpError as exc:
            error = exc
    chain = links(template, deck)
    found = _findings(deck, tpl, face, error)
    own_file, own = relative(chain[0].path, deck) if chain else (tpl.file, False)
    return {"template": tpl.name, "file": own_file, "editable": own, "side": side,
            "width_mm": round(mm(tpl.width), 3), "height_mm": round(mm(tpl.height), 3),
            "safe_mm": round(mm(tpl.safe), 3), "bleed_mm": round(mm(face.bleed), 3) if face is not None else 0.0,
            "shape": tpl.shape, "error": str(error) if error is not None else None,
            "regions": [_region(deck, tpl, r, n, ctx, chain, found, face) for n, r in enumerate(tpl.regions)]}


def _region(deck, tpl, region, order: int, ctx: Context, chain: list[Link], found: dict, face) -> dict:
    entries = owners(chain, region.id)
    writer = boxed(entries)
    where = writer or (entries[0] if entries else None)
    file, own = relative(where.link.path, deck) if where is not None else (tpl.file, False)
    line = (writer.region.where("box")[0] if writer is not None else where.region.line) if where else None
    written = writer.region["box"] if writer is not None else list(BOX.default)
    computed = type(region.box) is Deferred
    hidden, given, why_hidden = False, region, None
    try:
        hidden = bool(region.when) and not holds(region.when, ctx.values)
    except ExpressionError as exc:
        hidden, why_hidden = True, exc.message
    try:
        rtype = TYPES[region.type]
        given = resolve(region, ctx, tpl.width, tpl.height, rtype, keys_of(rtype))
    except (PnpError, ExpressionError) as exc:
        found.setdefault(region.id, []).append({"check": "layout", "message": getattr(exc, "message", str(exc))})
    box = given.box if type(given.box) is not Deferred else None
    why = None
    if computed:
        why = f"its box is computed for each card ({_said(written)}): change the expression in {file}"
    elif not own:
        why = f"it is written in pnp's shared template {file}: copy the template into the game's templates/ to " \
              "move it"
    definer = entries[0].link.name if entries else tpl.name
    out = {"id": region.id, "type": region.type, "order": order, "file": file, "line": line,
           "box_mm": [round(mm(v), 3) for v in box] if box is not None else None,
           "written": _said_items(written), "box_written": writer is not None, "computed": computed,
           "editable": why is None, "why": why, "inherited_from": definer if definer != tpl.name else None,
           "overridden_in": [e.link.name for e in entries[1:]], "hidden": hidden, "when": region.when or None,
           "findings": found.get(region.id, [])}
    if why_hidden:
        out["why_hidden"] = why_hidden
    out.update(_paint(given, ctx, face))
    return out


def _said(written) -> str:
    return str(written) if isinstance(written, str) else "[" + ", ".join(map(str, written)) + "]"


def _said_items(written) -> list | str:
    return written if isinstance(written, str) else [str(v) for v in written]


def _paint(region, ctx: Context, face) -> dict:
    """The region's font, size and colours as this card resolves them (what a braced key gives it here)."""
    out = {}
    values = region.values
    try:
        if "font" in values:
            style = values.get("style")
            out["font"] = shown(ctx.family(region)) + (f" {style}" if style and style != "regular" else "")
        if isinstance(values.get("size"), (int, float)):
            out["size_pt"] = round(values["size"], 2)
            used = next((u for rid, _f, _n, u in (face.shrunk if face is not None else ()) if rid == region.id), None)
            if used is not None:
                out["used_size_pt"] = round(used, 2)
        for key in ("colour", "fill", "stroke"):
            v = values.get(key)
            if isinstance(v, str):
                out[key] = ctx.colour(v, region) or "none"
        if isinstance(values.get("src"), str):
            out["src"] = fill(values["src"], ctx.values)
    except (PnpError, ExpressionError):
        pass                            # the card's own mistake, said where it is laid out
    return out


def _findings(deck, tpl, face, error) -> dict:
    """{region id: [{check, message}]}: this card's findings about each region, as the proof words them."""
    out: dict = {}
    for exc in (error.errors if isinstance(error, PnpErrors) else [error] if error is not None else []):
        rid = next((r.id for r in tpl.regions if f"region '{r.id}'" in exc.message
                    or (exc.field or "").startswith(f"region {r.id}")), None)
        check = "overflow" if "does not fit" in exc.message else "layout"
        out.setdefault(rid, []).append({"check": check, "message": exc.message})
    if face is None:
        return out
    for rid, _field, normal, used in face.shrunk:
        out.setdefault(rid, []).append({"check": "shrunk", "message": f"shrunk from {normal:g}pt to {used:g}pt "
                                        f"({round(100 * (normal - used) / normal)}% smaller) to fit"})
    inset, zone = safezone.template_zone(tpl)
    for f in safezone.unsafe(face, tpl, inset):
        out.setdefault(f.region, []).append({"check": "safe", "message": safezone.describe(f, face.shape, zone)})
    for f in resolution.low(face):
        out.setdefault(f.region, []).append({"check": "resolution", "message": resolution.describe(f, deck.folder)})
    return out
