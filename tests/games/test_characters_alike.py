"""Issues 44 and 57: A Royal Will's character cards are framed alike and each one's words fill its panel. The
Forger and The Sleight carry a coin-count rule as well as an action, in the original's words (some 90 and 70
words, against 15 to 40 on the others); issue 44 set every text at 7pt below a medallion repeating the badge's
symbol, which left the Executor's and the Tax Collector's two lines in an empty panel (issue 57). Read back from
the PDF: each card's symbol once, in its badge, at one size for all seven; each card's text, wherever its size,
reaching over most of the room its panel gives it (templates/character.yaml: 50 mm under the banner)."""
from __future__ import annotations

from pdfcheck import MM, placements, plumber_words

from generator.deck import load_deck

CHARACTERS = {"Advisor", "Executor", "Solicitor", "Tax Collector", "Heir", "Forger", "The Sleight"}
ROOM = 50 * MM              # the text box's height (templates/character.yaml, character-rule.yaml)


def test_every_character_card_is_framed_alike_and_filled(built):
    pdf = built("a-royal-will")
    deck = load_deck("a-royal-will")
    assert {c.fields["character"] for c in deck.cards if c.kind == "character"} == CHARACTERS
    badge, filled, seen = set(), {}, set()
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
            body = [w for w in inside if "Condensed" in w["fontname"]]
            sizes = {round(float(w["size"]), 2) for w in body if w["text"].isalpha()}
            assert min(sizes) >= 7.0, f"{name}: its text set at {sorted(sizes)}"
            filled[name] = (max(w["bottom"] for w in body) - min(w["top"] for w in body)) / ROOM
            badge.add(tuple(sorted({round(float(w["size"]), 2) for w in inside
                                    if "Sans" in w["fontname"] and "Condensed" not in w["fontname"]
                                    and not any(ch.isalnum() for ch in w["text"])})))
    assert seen == CHARACTERS
    assert len(badge) == 1, f"the characters' symbols are set at {sorted(badge)}"
    empty = {name: f"{fill:.0%}" for name, fill in filled.items() if not 0.6 <= fill <= 1.0}
    assert not empty, f"character texts filling their panel's room so: {empty}"
