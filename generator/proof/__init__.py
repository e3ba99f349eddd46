"""Proofreading: every card's text in print order, checked, each face at a readable size, the print
leaf and the rule pages shown and checked too, and a contact sheet to look over.

collect.py lays out each card (an error stays with its card); pages.py lays out the leaf and the rule
pages as the build does and renders faces (200 dpi) and pages (150 dpi); checks.py (layout, fit, safe
zone, markup, corrections), wordchecks.py with spelling.py (a questioned word is one finding naming every
card and page that prints it) and colours.py find what a proofreader must see, each finding an Issue
(issues.py) pointing at its file:line (where.py); icons.py lists the deck's icons and where they print;
contact.py draws the contact sheet; report_html.py, report_md.py and report.py write proof.html, proof.md
and proof.json; since.py compares with a git revision or an earlier proof.
This module runs them all (proof_deck); images.py writes the images; it holds no check of its own.

Not here: laying cards out or drawing them (layout/, render/).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from ..deck.model import Deck
from ..errors import PnpError
from .issues import Issue


@dataclass
class ProofResult:
    deck: Deck
    records: list                           # one dict a card, print order (collect.record)
    issues: list                            # [issues.Issue]
    corrections: list                       # the deck's corrections, as dicts
    contact: dict                           # contact-sheet geometry and labels
    thumbs: dict = field(default_factory=dict)     # (side, face key) -> PNG bytes (contact.Thumbs)
    since: object = None                    # since.Since with --since
    files: list = field(default_factory=list)
    contact_file: str = ""
    faces: dict = field(default_factory=dict)       # counts: fronts, backs, total, distinct, failed
    face_files: dict = field(default_factory=dict)  # (side, face key) -> "faces/NNN-....png"
    pages: list = field(default_factory=list)       # [{label, number, file}]: leaf and rule pages
    accepted: list = field(default_factory=list)    # words accepted through words.txt (wordchecks.accepted_words)
    icons: list = field(default_factory=list)       # the deck's icons and where each is printed (icons.listed)
    complete: bool = True                           # every card laid out (page numbers are the build's)
    card_proofs: list = field(default_factory=list) # [collect.CardProof], print order

    def counts(self) -> dict:
        out = {"error": 0, "warning": 0}
        for i in self.issues:
            out[i.level] += 1
        return out

    def issues_of(self, card_id: str) -> list:
        return [i for i in self.issues if i.card_id == card_id or card_id in i.card_ids]

    @property
    def ok(self) -> bool:
        return self.counts()["error"] == 0


def face_counts(cards) -> dict:
    """Faces as the deck has them, whether or not each could be laid out: a front for every card and a
    back for every card that has one (copies counted apart), and how many distinct drawings."""
    fronts = sum(cp.card.copies for cp in cards)
    backs = sum(cp.card.copies for cp in cards if cp.back is not None)
    ok = {(s.side, s.key) for cp in cards for s in cp.sides if s.face is not None}
    failed = sum(1 for cp in cards for s in cp.sides if s.face is None)
    return {"fronts": fronts, "backs": backs, "total": fronts + backs, "sides": sum(len(cp.sides) for cp in cards),
            "distinct": len(ok) + failed, "failed": failed}


def proof_deck(deck: Deck, out_dir: Path | None = None, since_ref: str | None = None,
               contact_sheet: bool = True) -> ProofResult:
    """Run every check; with out_dir, write the documents, the face and page images and the contact sheet there."""
    from . import checks, contact, images, pages, report, report_html, report_md  # lazy: +133 ms to import (benchmarks/imports.py)
    from .collect import collect, record  # lazy: +104 ms to import (benchmarks/imports.py)
    from .spelling import for_deck  # lazy: +3 ms to import (benchmarks/imports.py)
    from .icon_list import listed as listed_icons  # lazy: +6 ms to import (benchmarks/imports.py)
    from .wordchecks import accepted_words  # lazy: +103 ms to import (benchmarks/imports.py)
    from .report import inferred_facts  # lazy: +3 ms to import; a build that spells its words (spelled.py) loads no json

    cards = collect(deck)
    speller = for_deck(deck)
    extra: list = []
    try:
        doc = pages.document(deck, cards)
    except PnpError as exc:             # rule pages that cannot be laid out: an error, and the proof goes on
        doc = pages.Document((), [], False)
        extra.append(Issue("error", "layout", f"the leaf or rule pages cannot be laid out: {exc.message}",
                           where=f"{exc.file}:{exc.line}" if exc.file and exc.line else (exc.file or deck.file),
                           field=exc.field))
    issues, corrections = checks.run_all(deck, cards, speller, doc.leaf)
    issues += extra
    index = {c.id: c.index for c in deck.cards}
    issues.sort(key=lambda i: (i.level != "error", index.get(i.card_id, len(index)), i.side or "", i.where))
    records = [record(deck, cp) for cp in cards]

    result = ProofResult(deck, records, issues, corrections, {})
    result.card_proofs = cards
    result.faces = face_counts(cards)
    result.complete = doc.complete
    result.accepted = accepted_words(deck, cards, speller, doc.leaf)
    result.icons = listed_icons(deck, cards, _rules(deck))
    if since_ref is not None:
        from .since import since  # lazy: +12 ms to import (benchmarks/imports.py)
        result.since = since(deck, since_ref, records)

    written, drawn = [], {}
    if out_dir is not None:
        out_dir = Path(out_dir)
        size = None
        if contact_sheet:
            cell = contact.cell_size([s.face for cp in cards for s in cp.sides if s.face is not None])
            size = lambda face: contact.thumb_size(face, contact.DPI, cell)     # noqa: E731
        written, drawn = images.write(out_dir, cards, doc, result, size)
    tiles = contact.tiles(cards, drawn=drawn) if contact_sheet else []
    image, result.contact = contact.sheet(deck.game.title, tiles, tuple(c.name for c in deck.extra.get("parked", ())))
    facts = inferred_facts(deck)
    for cp, rec in zip(cards, records):
        rec["_inferred"] = [f for f in facts if cp.card.name in f["cards"]]
        rec["_thumbs"] = [(s.side, s.key) for s in cp.sides if s.face is not None]
    result.thumbs = contact.Thumbs(tiles)

    if out_dir is not None:
        from ..files.output import write_atomic, write_if_changed  # lazy: +13 ms to import (benchmarks/imports.py)
        if contact_sheet:
            write_if_changed(out_dir / "contact.png", contact.png_bytes(image))
            result.contact_file = "contact.png"
            result.contact["file"] = "contact.png"
        docs = {"proof.html": report_html.proof_html(deck, result), "proof.md": report_md.proof_md(deck, result)}
        if result.since is not None:
            docs["changes.html"] = report_html.changes_html(deck, result)
            docs["changes.md"] = report_md.changes_md(deck, result)
        docs["proof.json"] = report.proof_json(deck, result)
        for name, text in docs.items():
            write_atomic(out_dir / name, text.encode("utf-8"))
        if result.since is None:            # a list of changes from an earlier --since is stale now
            for name in ("changes.html", "changes.md"):
                (out_dir / name).unlink(missing_ok=True)
        result.files = (["contact.png"] if contact_sheet else []) + list(docs) + written
    from ..pictures import picturecache  # lazy: +4 ms to import (benchmarks/imports.py)
    picturecache.save()                     # what was learnt of the pictures, for the next run
    return result


def _rules(deck: Deck) -> str:
    """The rules' text, or "" when there is none or it cannot be read (a finding already)."""
    from ..printout.rules import rule_text  # lazy: +5 ms to import (benchmarks/imports.py)
    try:
        return rule_text(deck)[0]
    except PnpError:
        return ""
