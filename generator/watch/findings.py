"""The proof's findings for the cards a build has just laid out: spelling suspects, text shrunk to fit,
unbalanced markup, corrections still printed (generator/proof/checks.py, run_all), and each card's inferred facts.
Not the word list's entries no card needs: a word only the print leaf prints would be one, and the leaf's markup
is the proof's to lay out (`pnp proof` lists them). The faces come from the build itself, so nothing is laid out twice.
Not here: the checks themselves (generator/proof/), the page's model of a build (preview.py)."""
from __future__ import annotations

from ..deck.model import Deck
from ..layout.deck import card_values


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
    from ..proof.spelling import for_deck  # lazy: +20 ms to import (benchmarks/imports.py)
    issues, _ = checks.run_all(deck, proof_cards(deck, laid), for_deck(deck), leaf=None)
    index = {c.id: c.index for c in deck.cards}
    issues.sort(key=lambda i: (i.level != "error", index.get(i.card_id, len(index)), i.side or "", i.where))
    return issues, inferred_facts(deck)
