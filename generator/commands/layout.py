"""pnp layout GAME: a card's regions as its templates write them (id, type, file:line, box as laid out and as
written, computed or not, inherited or not), and `--template NAME --region ID --move DX,DY | --box X,Y,W,H`,
which writes a region's box back into its template file, as a drag in `pnp watch`'s layout view does.
Not here: where a region comes from (layout/provenance.py), the write (layout/boxedit.py)."""
from __future__ import annotations

import json

import click

from ..errors import PnpError
from ..units import UnitError, length


@click.command("layout")
@click.argument("game")
@click.option("--card", "card", metavar="CARD",
              help="The card to show: its number as pnp proof shows it (7), its name or id, or a kind (the first "
                   "card of that kind) [default: the first card].")
@click.option("--back", is_flag=True, help="Show the card's back rather than its front.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON (for scripts and tests).")
@click.option("--template", "template", metavar="NAME",
              help="With --region and --move or --box: the template (one of the game's templates/) to write.")
@click.option("--region", "region", metavar="ID", help="The id of the region whose box is written.")
@click.option("--move", "move", metavar="DX,DY",
              help="Move the region's box by DX,DY (lengths: 5mm,0 or -2mm,1.5mm), snapped to 0.5 mm (or the "
                   "unit's own step: 1px, 0.5%, 0.01in), written in the units the box is written in.")
@click.option("--box", "box", metavar="X,Y,W,H", help="Give the region this box (lengths with units, from the "
              "trim's top-left: 20mm,6mm,30mm,9mm), written in the units the template writes it in.")
@click.option("--base", is_flag=True, help="For a region the template inherits (extends): write it where its "
              "box is written in the template it extends, rather than as an override by id in NAME.")
@click.option("--expect", metavar="DIGEST", help="Write only if the file is still the one whose digest --json "
              "gave (a script's guard against a file edited since it read it).")
def command(game, card, back, as_json, template, region, move, box, base, expect):
    """Show GAME's regions for a card (its front, or --back): each region's id and type, the template file and
    line its box is written at (the card's own template, or the one it extends), its box as laid out on this
    card (mm from the trim's top-left) and as written, whether it is computed for each card or hidden by a
    `when:` here, its font, size and colour, and this card's findings about it.

    With --template, --region and --move or --box, write that region's box back into its template file instead:
    that one value changed in the units it is written in, every other byte of the file as it was."""
    from .. import pipeline  # lazy: +147 ms to import (benchmarks/imports.py)
    writing = move is not None or box is not None or template is not None or region is not None
    for given, option in ((card is not None, "--card"), (back, "--back")) if writing else \
            ((base, "--base"), (expect is not None, "--expect")):
        if given:
            raise PnpError(f"{option} is for {'showing a card' if writing else 'writing a box'}; it is not "
                           f"given with {'--template, --region, --move or --box' if writing else 'a card shown'}",
                           field=option)
    deck = pipeline.load(game)
    if writing:
        return _write(deck, template, region, move, box, base, expect, as_json)
    return _show(deck, card, "back" if back else "front", as_json)


def _write(deck, template, region, move, box, base, expect, as_json):
    from ..layout import boxedit  # lazy: +400 ms to import (benchmarks/imports.py)
    if template is None or region is None or (move is None) == (box is None):
        raise PnpError("writing a box takes --template NAME, --region ID and one of --move DX,DY or --box X,Y,W,H",
                       field="--template" if template is None else "--region" if region is None else "--move")
    tpl = boxedit.target(deck, template, region, base)[0]
    sizes = (tpl.width, tpl.height)
    if move is not None:
        edit = boxedit.plan(deck, template, region, move=_lengths(move, "--move", 2, sizes, deck.dpi), base=base)
    else:
        edit = boxedit.plan(deck, template, region, box=_lengths(box, "--box", 4, sizes, deck.dpi), base=base)
    boxedit.apply(edit, expect)
    said = {"file": edit.file, "line": edit.line, "template": edit.template, "region": region,
            "box": list(edit.box), "how": edit.how, "digest": boxedit.digest(edit.after),
            "was": boxedit.digest(edit.before)}
    if as_json:
        click.echo(json.dumps(said, ensure_ascii=False))
        return
    how = {"set": "", "key": " (a box added to its override)", "override": " (an override added)"}[edit.how]
    click.echo(f"wrote {edit.file}:{edit.line}: region '{region}' box [{', '.join(map(str, edit.box))}]{how}")


def _lengths(text: str, option: str, count: int, sizes: tuple, dpi: float) -> tuple:
    """DX,DY or X,Y,W,H as points (a % of the card's width for x and w, of its height for y and h)."""
    parts = [p.strip() for p in str(text).replace(" ", ",").split(",") if p.strip()]
    if len(parts) != count:
        raise PnpError(f"'{text}': expected {count} lengths separated by commas, found {len(parts)}",
                       field=option, hint="e.g. " + ("5mm,0" if count == 2 else "20mm,6mm,30mm,9mm"))
    try:
        return tuple(length(0 if p in ("0", "-0") else p, sizes[i % 2], dpi) for i, p in enumerate(parts))
    except UnitError as exc:
        raise PnpError(f"'{text}': {exc}", field=option) from None


def _show(deck, choice, side, as_json):
    from ..layout.provenance import card_regions  # lazy: +390 ms to import (benchmarks/imports.py)
    card = _card(deck, choice)
    if side == "back" and (card.back is None or not card.back.template):
        raise PnpError(f"card '{card.name}' has no back", field="--back")
    shown = card_regions(deck, card, side)
    shown = {"card": {"number": card.index + 1, "id": card.id, "name": card.name, "kind": card.kind}, **shown}
    if as_json:
        click.echo(json.dumps(shown, ensure_ascii=False, indent=1))
        return
    c = shown["card"]
    click.echo(f"card #{c['number']} {c['name']} ({c['kind']}), {side}: template {shown['template']} "
               f"({shown['file']}), {shown['width_mm']:g} x {shown['height_mm']:g} mm, safe {shown['safe_mm']:g} mm")
    if shown["error"]:
        click.echo(f"  does not lay out: {shown['error']}")
    for r in shown["regions"]:
        box = "[" + ", ".join(f"{v:g}" for v in r["box_mm"]) + "] mm" if r["box_mm"] else "(not laid out)"
        written = r["written"] if isinstance(r["written"], str) else "[" + ", ".join(r["written"]) + "]"
        notes = []
        if r["inherited_from"]:
            notes.append(f"inherited from {r['inherited_from']}")
        if r["computed"]:
            notes.append("computed")
        if r["hidden"]:
            notes.append(f"hidden here by when: {r['when']}")
        paint = " ".join(f"{r[k]:g}pt" if k == "size_pt" else str(r[k]) for k in ("font", "size_pt", "colour")
                         if k in r)
        click.echo(f"  {r['id']:<14} {r['type']:<8} {r['file']}:{r['line']}  {box}  written {written}"
                   + (f"  {paint}" if paint else "") + (f"  ({'; '.join(notes)})" if notes else ""))
        for f in r["findings"]:
            click.echo(f"      {f['check']}: {f['message']}")


def _card(deck, choice):
    """The card CARD names: its number, name or id (deck/select.py, as --only reads them), else the first card of
    the kind it names; the first card when none is asked for."""
    from ..deck.select import chosen  # lazy: +110 ms to import (benchmarks/imports.py)
    if not deck.cards:
        raise PnpError(f"{deck.file} has no cards")
    if choice is None:
        return deck.cards[0]
    want = str(choice).strip().casefold()
    for c in deck.cards:
        kind = deck.kinds[c.kind]
        if c.kind.casefold() == want or kind.title.casefold() == want:
            if not any(d.name.casefold() == want or d.id.casefold() == want for d in deck.cards):
                return c
    try:
        return chosen(deck, [choice])[0]
    except PnpError as exc:
        raise PnpError(exc.message.replace("--only", "--card"),
                       hint=exc.hint or "a card's number (7), name or id, or a kind") from None
