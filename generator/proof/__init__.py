"""Proofreading: every card's text in print order, checked, and a contact sheet to look over.

collect.py lays out each card (an error stays with its card); checks.py and spelling.py find
what a proofreader must see; contact.py draws the contact sheet; report.py writes proof.html,
proof.md and proof.json; since.py compares with a git revision or an earlier proof.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from ..deck.model import Deck


@dataclass
class ProofResult:
    deck: Deck
    records: list                           # one dict a card, print order (collect.record)
    issues: list                            # [checks.Issue]
    corrections: list                       # the deck's corrections, as dicts
    contact: dict                           # contact-sheet geometry and labels
    thumbs: dict = field(default_factory=dict)     # (side, face key) -> PNG bytes
    since: object = None                    # since.Since with --since
    files: list = field(default_factory=list)
    contact_file: str = ""

    def counts(self) -> dict:
        out = {"error": 0, "warning": 0}
        for i in self.issues:
            out[i.level] += 1
        return out

    def issues_of(self, card_id: str) -> list:
        return [i for i in self.issues if i.card_id == card_id]

    @property
    def ok(self) -> bool:
        return self.counts()["error"] == 0


def proof_deck(deck: Deck, out_dir: Path | None = None, since_ref: str | None = None,
               contact_sheet: bool = True) -> ProofResult:
    """Run every check; with out_dir, write the documents and the contact sheet there."""
    from . import checks, contact, report
    from .collect import collect, record
    from .report import inferred_facts
    from .spelling import Speller, WordList

    cards = collect(deck)
    wordlist = WordList.read(deck.folder, str(Path(deck.file).parent / "words.txt"))
    issues, corrections = checks.run_all(deck, cards, Speller(wordlist))
    index = {c.id: c.index for c in deck.cards}
    issues.sort(key=lambda i: (i.level != "error", index.get(i.card_id, len(index)), i.side or "", i.where))
    records = [record(deck, cp) for cp in cards]

    result = ProofResult(deck, records, issues, corrections, {})
    if since_ref is not None:
        from .since import since
        result.since = since(deck, since_ref, records)

    tiles = contact.tiles(cards) if contact_sheet else []
    image, result.contact = contact.sheet(deck.game.title, tiles)
    facts = inferred_facts(deck)
    for cp, rec in zip(cards, records):
        rec["_inferred"] = [f for f in facts if cp.card.name in f["cards"]]
        rec["_thumbs"] = [(s.side, s.key) for s in cp.sides if s.face is not None]
    result.thumbs = {t.key: contact.png_bytes(t.image) for t in tiles if t.image is not None}

    if out_dir is not None:
        from ..output import write_atomic
        out_dir = Path(out_dir)
        if contact_sheet:
            write_atomic(out_dir / "contact.png", contact.png_bytes(image))
            result.contact_file = "contact.png"
            result.contact["file"] = "contact.png"
        docs = {"proof.html": report.proof_html(deck, result), "proof.md": report.proof_md(deck, result)}
        if result.since is not None:
            docs["changes.html"] = report.changes_html(deck, result)
            docs["changes.md"] = report.changes_md(deck, result)
        docs["proof.json"] = report.proof_json(deck, result)
        for name, text in docs.items():
            write_atomic(out_dir / name, text.encode("utf-8"))
        if result.since is None:            # a list of changes from an earlier --since is stale now
            for name in ("changes.html", "changes.md"):
                (out_dir / name).unlink(missing_ok=True)
        result.files = (["contact.png"] if contact_sheet else []) + list(docs)
    return result

