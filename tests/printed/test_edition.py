"""Every game playable from its printout: the rule pages carry every sentence of the seed's rules (after
the deck's listed corrections), and the "This edition" box at their end names every correction and every
inferred fact of the deck, with what the seed says, what is printed and why.

Expectations come from the seeds (tests/seeds/, copies of ../shared/seeds) and from deck.yaml's own lists,
read here with PyYAML, not through pnp.
"""
from __future__ import annotations

import re

import pytest
import yaml

from cli import ROOT
from printedrules import box_text, norm, printed_rules
from seedtext import GAMES, seed as seed_text, section, sentences, unmark

from generator.deck import load_deck
from generator.deck.edition import about, inferred_facts
from generator.printout.edition import printed_about


def corrections(game: str) -> list[dict]:
    data = yaml.safe_load((ROOT / "decks" / game / "deck.yaml").read_text(encoding="utf-8"))
    return data.get("corrections") or []


def corrected(text: str, game: str) -> str:
    """The seed's words with the deck's corrections applied (a correction's words may span lines)."""
    for c in corrections(game):
        pattern = r"\s+".join(re.escape(w) for w in str(c["seed"]).split())
        text = re.sub(pattern, lambda m: str(c["printed"]), text)
    return text


@pytest.mark.parametrize("game", GAMES)
def test_every_sentence_of_the_seed_rules_is_printed(built, game):
    pdf = built(game)
    printed = norm(printed_rules(pdf))
    wanted = sentences(corrected(unmark(section(game)), game))
    assert len(wanted) > 10
    missing = [s for s in wanted if norm(s) not in printed]
    assert not missing, f"{game}: {len(missing)} of {len(wanted)} sentences of the seed's rules not printed: {missing[:8]}"


@pytest.mark.parametrize("game", GAMES)
def test_this_edition_names_every_correction_and_inferred_fact(built, game):
    pdf = built(game)
    box = box_text(pdf)
    for c in corrections(game):
        for key in ("seed", "printed", "why"):
            if c.get(key):
                assert norm(c[key]) in box, f"{game}: correction {c['about']!r}: its {key} is not in the box"
    facts = inferred_facts(load_deck(game))
    assert facts or corrections(game)
    for f in facts:
        assert norm(printed_about(f)) in box, f"{game}: inferred fact {about(f)!r} not named in the box"
        for key in ("value", "note", "seed"):
            if f.get(key):
                assert norm(f[key]) in box, f"{game}: inferred fact {about(f)!r}: its {key} is not in the box"


@pytest.mark.parametrize("game", GAMES)
def test_every_change_of_wording_gives_its_reason(game):
    """Each correction says why (printed beside it), and quotes words the seed really holds: its rules, or for
    a card's own words (a title's spelling made one with the rest), the seed's card list."""
    seed = " ".join(unmark(section(game)).split()) + " " + " ".join(unmark(seed_text(game)).split())
    for c in corrections(game):
        assert str(c.get("why") or c.get("note") or "").strip(), f"{game}: correction {c['about']!r} gives no reason"
        assert " ".join(str(c["seed"]).split()) in seed, f"{game}: {c['seed']!r} is not in the seed's rules"


@pytest.mark.parametrize("game", GAMES)
def test_no_word_for_the_makers_in_the_printout(built, game):
    """The printout is for players. 'Seed' (pnp's name for the original rules it starts from) is
    printed nowhere: the decks' texts say "the rules" or "the original"."""
    from pdfcheck import all_text
    text = all_text(built(game))
    assert text.count("This edition") >= 2
    assert not re.search(r"(?i)\bseeds?\b", text), re.search(r"(?i).{0,40}\bseeds?\b.{0,40}", text).group(0)
