"""The proof's findings for the cards a build has just laid out: spelling suspects, text shrunk to fit,
unbalanced markup, corrections still printed (generator/proof/checks.py, run_all), and each card's inferred facts.
Not the word list's entries no card needs: a word only the print leaf prints would be one, and the leaf's markup
is the proof's to lay out (`pnp proof` lists them). The faces come from the build itself, so nothing is laid out twice.
The speller is kept between builds while the words files are as they were (speller()).
Not here: the checks themselves (generator/proof/), the page's model of a build (preview.py)."""
from __future__ import annotations

import os

from ..deck.model import Deck
from ..layout.deck import card_values


def speller(deck: Deck):
    """The deck's speller (proof/spelling.for_deck), kept between the builds of a watch (Deck.memo["held"]) while
    the deck's language and words files are as they were: what it found of each text (Speller.asked) is then not
    spelled again, and after a save only the texts that changed are."""
    from ..proof.spelling import WORDS_FILE, for_deck, words_file  # lazy: +20 ms to import (benchmarks/imports.py)
    held = (deck.memo or {}).get("held")
    if held is None or deck.folder is None:
        return for_deck(deck)
    lang = getattr(deck, "language", None)
    key = [lang, deck.source_language]
    for name in {WORDS_FILE, words_file(lang, deck.source_language)}:
        try:
            st = os.stat(os.path.join(deck.folder, name))
            key.append((name, st.st_size, st.st_mtime_ns, st.st_ino))
        except OSError:
            key.append((name, None))
    kept = held.get("speller")
    if kept is None or kept[0] != key:
        kept = held["speller"] = (key, for_deck(deck))
    return kept[1]


def proof_cards(deck: Deck, laid: list) -> list:
    """The proof's view of each laid-out card (proof/collect.py's CardProof), from the build's faces."""
    from ..proof.collect import CardProof, Side  # lazy: +12 ms to import (benchmarks/imports.py)
    out = []
    for lo in laid:
        card = lo.card
        values = card_values(deck, card)
        front = Side("front", card.template, values, face=lo.front)
        back = None
        if card.back is not None and card.back.template:
            back = Side("back", card.back.template, {**values, **card.back.field_map}, face=lo.back)
        out.append(CardProof(card, front, back))
    return out


def findings(deck: Deck, laid: list) -> tuple[list, list]:
    """(the proof's issues, as proof/checks.py's run_all makes them, in card order; the deck's inferred facts)."""
    from ..proof import checks  # lazy: +17 ms to import (benchmarks/imports.py)
    from ..proof.report import inferred_facts  # lazy: +21 ms to import (benchmarks/imports.py)
    issues, _ = checks.run_all(deck, proof_cards(deck, laid), speller(deck), leaf=None)
    index = {c.id: c.index for c in deck.cards}
    issues.sort(key=lambda i: (i.level != "error", index.get(i.card_id, len(index)), i.side or "", i.where))
    return issues, inferred_facts(deck)
