"""Issue 44: every character card of A Royal Will is set alike. The Forger and The Sleight carry a coin-count
rule as well as an action, in the original's words (some 90 and 70 words, against 15 to 40 on the others), and
had a template of their own: their text at 7pt against the others' 8pt, their emblem half the size. Read back
from the PDF: the text of every character card at one size, and its emblem's symbol at one size."""
from __future__ import annotations

from pdfcheck import MM, placements, plumber_words

from generator.deck import load_deck

CHARACTERS = {"Advisor", "Executor", "Solicitor", "Tax Collector", "Heir", "Forger", "The Sleight"}


def test_every_character_card_is_set_alike(built):
    pdf = built("a-royal-will")
    deck = load_deck("a-royal-will")
    assert {c.fields["character"] for c in deck.cards if c.kind == "character"} == CHARACTERS
    body, emblem, seen = set(), set(), set()
    for page, placed in enumerate(placements(pdf)):
        h, found = plumber_words(pdf, page, styled=True)
        for p in placed:
            if abs(p.w - 63.5 * MM) > 0.1:
                continue
            inside = [w for w in found if p.x < (w["x0"] + w["x1"]) / 2 < p.x + p.w
                      and p.y < h - (w["top"] + w["bottom"]) / 2 < p.y + p.h]
            text = " ".join(w["text"] for w in inside)
            name = next((c for c in CHARACTERS if text.startswith(c)), None)
            if name is None or "Action:" not in text:
                continue                                        # a back, or another piece
            seen.add(name)
            body.add((name, tuple(sorted({round(float(w["size"]), 2) for w in inside
                                          if "Condensed" in w["fontname"]}))))
            emblem.add((name, tuple(sorted({round(float(w["size"]), 2) for w in inside
                                            if "Sans" in w["fontname"] and "Condensed" not in w["fontname"]
                                            and not any(ch.isalnum() for ch in w["text"])}))))
    assert seen == CHARACTERS
    assert len({sizes for _, sizes in body}) == 1, f"the characters' texts are set at {sorted(body)}"
    assert len({sizes for _, sizes in emblem}) == 1, f"the characters' emblems are set at {sorted(emblem)}"
