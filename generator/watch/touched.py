"""What a save touched, said as the designer thinks of it: a saved template (or one it extends) is reported
as that template with the cards whose faces it changed, and a back that changed on every card showing it (its
fields in deck.yaml, its picture) as that back, with its cards, rather than as a long list of card names.

Not here: which cards changed (preview.py's Snapshot compares their faces' digests), the terminal's and the
page's wording (loop.py, page.html).
"""
from __future__ import annotations

from pathlib import Path
from ..errors import PnpError


def touched(deck, laid: list, old: dict, new: dict, saved) -> list[dict]:
    """[{"template" or "back": name, "file" (a template's), "side", "cards": [names]}] for this build (a
    template saved that others extend also says which of them drew the cards: "shown_as").
    `old`, `new`: card id -> (front digest, back digest, findings) of the last good build and of this one;
    `saved`: the files saved since it. A card is in at most one entry; cards no entry explains are left to
    the list of changed cards."""
    if not old:
        return []
    sides: dict = {}                # card id -> the sides whose faces changed
    for lo in laid:
        before, now = old.get(lo.card.id), new.get(lo.card.id)
        if before is None or now is None:
            continue
        changed = [side for side, i in (("front", 0), ("back", 1)) if before[i] != now[i]]
        if changed:
            sides[lo.card.id] = changed
    out: list = []
    taken: set = set()
    for path in sorted({Path(p).resolve() for p in saved if str(p).endswith((".yaml", ".yml"))}):
        entry = _template(deck, laid, sides, path, taken)
        if entry:
            out.append(entry)
    out += _backs(deck, laid, sides, taken)
    return out


def _template(deck, laid, sides: dict, path: Path, taken: set) -> dict | None:
    """The cards whose changed face is drawn from a template that reads `path` (itself, or one it extends)."""
    from ..layout.templates import get_template  # lazy: +161 ms to import (benchmarks/imports.py)
    reads: dict = {}
    cards, which, names = [], set(), set()         # the cards, their sides, the templates drawing them
    for lo in laid:
        if lo.card.id not in sides or lo.card.id in taken:
            continue
        hit = False
        for side in sides[lo.card.id]:
            face = lo.front if side == "front" else lo.back
            if face is None:
                continue
            if face.template not in reads:
                try:
                    reads[face.template] = _files(get_template(face.template, deck))
                except PnpError:
                    reads[face.template] = set()
            if path in reads[face.template]:
                hit = True
                which.add(side)
                names.add(face.template)
        if hit:
            cards.append(lo.card)
    if not cards:
        return None
    taken.update(c.id for c in cards)
    return {"template": path.stem, "file": _shown(path, deck.folder), "side": " and ".join(sorted(which)),
            "cards": [c.name for c in cards], **({"shown_as": sorted(names)} if names != {path.stem} else {})}


def _files(tpl) -> set:
    """Every file a loaded template was read from: its own, and those of the templates it extends (its
    regions say where each was written)."""
    out = {Path(tpl.file).resolve()} if tpl.file else set()
    for r in tpl.regions:
        for file in [r.source.rpartition(":")[0]] + [p[3] for p in r.places if len(p) > 3]:    # (and overridden)
            if file:
                out.add(Path(file).resolve())
    return out


def _backs(deck, laid, sides: dict, taken: set) -> list[dict]:
    """A named back whose face changed on every card that shows it (two or more): that back."""
    shown: dict = {}
    for lo in laid:
        back = lo.card.back
        if back is not None and back.name and back.template and lo.back is not None:
            shown.setdefault(back.name, []).append(lo)
    out = []
    for name, los in shown.items():
        if len(los) < 2 or any(lo.card.id in taken or "back" not in sides.get(lo.card.id, ()) for lo in los):
            continue
        taken.update(lo.card.id for lo in los)
        out.append({"back": name, "template": los[0].card.back.template, "side": "back",
                    "cards": [lo.card.name for lo in los]})
    return out


def _shown(path: Path, folder) -> str:
    """A file as the terminal names it: inside the game's folder, from there."""
    try:
        return str(path.relative_to(Path(folder).resolve())) if folder is not None else str(path)
    except ValueError:
        return str(path)


def summary(entries: list[dict], changed: list) -> str:
    """'template card (templates/card.yaml): 12 cards; back plain: 12 cards; Wheat' for the terminal: each
    entry with how many cards it touched, then the changed cards no entry explains."""
    parts, told = [], set()
    for e in entries:
        n = len(e["cards"])
        what = f"template {e['template']} ({e['file']})" if "template" in e and "back" not in e else f"back {e['back']}"
        first = ", ".join(e["cards"][:3]) + (", …" if n > 3 else "")
        parts.append(f"{what}: {n} card{'s' if n != 1 else ''} ({first})")
        told.update(e["cards"])
    rest = [c for c in changed if c not in told]
    if rest:
        parts.append(", ".join(rest[:8]) + (" …" if len(rest) > 8 else ""))
    return "; ".join(parts)
