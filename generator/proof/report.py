"""The proof as documents: what proof.html and proof.md both say, and proof.json.

Here: a card's back in words, a side's distinct texts, the faces' counts, the inferred facts, the notes for
the designer, the texts that changed between two records, and proof.json. Not here: proof.html and
changes.html (report_html.py), proof.md and changes.md (report_md.py), the findings themselves (checks.py).
"""
from __future__ import annotations

import json

from ..deck.model import Deck
from ..deck.edition import about as about_, inferred_facts as facts


def back_label(rec: dict) -> str:
    """A card's back in words: none, a named back (its template), or its own."""
    b = rec.get("back")
    if not b or not b.get("template"):
        return "none (single-sided)"
    if b.get("name"):
        return f"{b['name']} (template {b['template']})"
    return f"its own (template {b['template']})"


def distinct_texts(texts) -> list[tuple[str, str, int]]:
    """(label, text, times) for a side's texts: a value printed in several corners is listed once."""
    out: dict = {}
    for r, f, t in texts:
        label = f or f"[{r}]"
        key = (label if f else "[template]", t)
        if key in out:
            out[key][2] += 1
        else:
            out[key] = [label, t, 1]
    return [tuple(v) for v in out.values()]


def faces_line(result) -> str:
    """'258 printed (129 fronts, 129 backs); 36 distinct', counted from the deck, failed faces included."""
    f = result.faces
    if not f:
        return f"{result.contact.get('tiles', 0)} distinct"
    failed = f"; {f['failed']} could not be laid out" if f["failed"] else ""
    return (f"{f['total']} printed ({f['fronts']} fronts, {f['backs']} backs, copies counted); "
            f"{f['distinct']} distinct{failed}")


def parked(deck: Deck) -> list[dict]:
    """The cards the deck parks (copies: 0): written, not printed, counted 0 ({name, kind, where} each)."""
    return [{"name": c.name, "kind": c.kind, "where": str(c.source)} for c in deck.extra.get("parked", ())]


def inferred_facts(deck: Deck) -> list[dict]:
    """The deck's inferred facts, one entry per fact (deck/edition.py)."""
    return facts(deck)


def about(fact: dict) -> str:
    """What an inferred fact is about, in words (deck/edition.py)."""
    return about_(fact)


def designer_notes(deck: Deck) -> list[str]:
    """What the print leaf no longer says (it speaks to players): what a designer with pnp can do."""
    notes = []
    optional = [p for p in deck.parts.values() if p.optional]
    for p in optional:
        notes.append(f"Build without the optional part '{p.title}': pnp build {deck.id} --without {p.id}.")
    notes.append(f"A calibration sheet for the players' printers as the PDF's last pages: pnp build {deck.id} "
                 "--calibration. For your own printer: pnp calibrate, then pnp build --offset X,Y.")
    notes.append("Every correction, inferred fact and piece count that differs from the seed is printed in the "
                 "rules' This edition box, and listed below.")
    return notes


def changed_texts(old: dict, new: dict) -> list[tuple[str, str, str]]:
    """(label, old text, new text) for each field and back field that differs between two records."""
    out = []
    for group, label in (("fields", "field"), ("back_fields", "back field")):
        of = old.get("fields", {}) if group == "fields" else (old.get("back") or {}).get("fields", {})
        nf = new.get("fields", {}) if group == "fields" else (new.get("back") or {}).get("fields", {})
        for k in list(nf) + [k for k in of if k not in nf]:
            if of.get(k) != nf.get(k):
                out.append((f"{label} {k}", of.get(k, ""), nf.get(k, "")))
    return out


def proof_json(deck: Deck, result) -> str:
    from .since import FORMAT  # lazy: +9 ms to import (benchmarks/imports.py)
    data = {
        "format": FORMAT, "version": 1, "game": deck.id, "title": deck.game.title, "deck": deck.file,
        "errors": result.counts()["error"], "warnings": result.counts()["warning"],
        "issues": [i.as_dict() for i in result.issues],
        "cards": [{k: v for k, v in r.items() if not k.startswith("_")} for r in result.records],
        "inferred": inferred_facts(deck),
        "corrections": result.corrections,
        "accepted": result.accepted,
        **({"icons": result.icons} if result.icons else {}),       # the deck's icons, when it has any
        **({"parked": parked(deck)} if parked(deck) else {}),        # cards written with copies: 0
        "faces": result.faces,
        "face_files": [{"side": k[0], "file": v} for k, v in result.face_files.items()],
        "pages": result.pages,
        "contact": {k: v for k, v in result.contact.items()},
    }
    if result.since is not None:
        s = result.since
        data["since"] = {"ref": s.ref, "label": s.label, **s.counts(),
                         "cards": [{"status": c.status, "id": c.id, "name": c.name, "what": c.what}
                                   for c in s.changes]}
    return json.dumps(data, indent=1, ensure_ascii=False) + "\n"
