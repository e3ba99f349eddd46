"""The printout speaks to players only, in the game's own words. Read back from the PDFs: no "seed"
(pnp's name for the original rules it starts from) and no card's internal number ("Material #23"), even in a
build without a part; "the original" only where the deck has one, never "word for word"; one spelling per
game (British or American) across the cards, the leaf and the rule pages; a kind's name printed one way;
the cutting list says what is printed ("1 field marker"), never a sheet's capacity, and for many small
round pieces offers a quicker way.
"""
from __future__ import annotations

import re

import pytest

from cli import pnp_in_process
from pdfcheck import all_text, squash
from seedtext import GAMES

from generator.printout.words import AMERICAN, WORDS
from generator.text.typography import plain_words

PAPERS = ["a4", "letter"]
BRITISH_WORDS = re.compile(r"\b(" + "|".join(WORDS) + r")\b", re.IGNORECASE)
AMERICAN_WORDS = re.compile(r"\b(" + "|".join(set(WORDS.values())) + r")\b", re.IGNORECASE)


def _near(text: str, m: re.Match) -> str:
    return " ".join(text[max(0, m.start() - 40):m.end() + 40].split())


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("game", GAMES)
def test_no_seed_no_internal_number_no_word_for_word(built, game, paper):
    text = all_text(built(game, "--paper", paper))
    for pattern in (r"\bseeds?\b", r"#\s?\d", r"word for word"):
        m = re.search(pattern, text, re.IGNORECASE)
        assert m is None, f"{game} {paper}: {_near(text, m)!r}"
    assert squash("The rule pages print the original's rules") in squash(text)


def test_a_build_without_a_part_names_no_card_it_left_out(built):
    """Vasa Regalis without its 5-6 player set: the box says nothing of Rope and Gilding (the facts about the
    left-out cards), and names no card by its place in the deck file ("Material #23-27")."""
    whole = all_text(built("vasa-regalis"))
    text = all_text(built("vasa-regalis", "--without", "five-six"))
    assert "Rope 1–5: material" in " ".join(whole.split())
    assert not re.search(r"#\s?\d", text), re.search(r".{40}#\s?\d.{40}", text, re.S).group(0)
    assert "Rope 1" not in text and "Gilding 1" not in text
    assert "material. This edition: Rope" not in " ".join(text.split())


@pytest.mark.parametrize("game", GAMES)
def test_one_spelling_in_the_whole_printout(built, game):
    """The game's spelling (game.spelling) throughout: its cards, the leaf's cutting notes (pnp's words), the
    rule pages and the box."""
    from generator.deck import load_deck
    from generator.printout.words import spelling
    deck = load_deck(game)
    text = all_text(built(game, "--paper", "letter"))           # Letter's leaf says 'neighbours' too
    other = BRITISH_WORDS if spelling(deck) == AMERICAN else AMERICAN_WORDS
    m = other.search(text)
    assert m is None, f"{game} ({spelling(deck)}): {_near(text, m)!r}"


def _deck(tmp_path, game: str, kinds: str = "", rules: str = "Play well.", extra: str = ""):
    deck = tmp_path / "mine"
    (deck / "templates").mkdir(parents=True)
    (deck / "templates" / "card.yaml").write_text(
        "size: poker\nregions:\n  - {type: rect, box: [0mm, 0mm, 100%, 100%], fill: white}\n"
        '  - {type: text, box: [5mm, 5mm, 50mm, 8mm], text: "{title}", size: 10pt}\n')
    (deck / "deck.yaml").write_text(
        f"game: {game}\n"
        f"kinds: {{{kinds or 'rule: {title: Rule Card, template: card, fields: {title: text}}'}}}\n"
        "cards: [{kind: rule, title: One}, {kind: rule, title: Two}]\n"
        f"rules: {{text: {rules!r}}}\n" + extra)
    return deck


def test_a_deck_without_an_original_is_never_said_to_print_one(tmp_path):
    """A designer's own deck that settles a fact but quotes no original: the leaf and the box speak of the
    rules, not of an original; one printed from an original (game.source names it, game.reprints_source says the
    rules are its) that quotes its words (a correction) says so."""
    own = _deck(tmp_path / "a", "{title: Mine}", extra="inferred:\n  - {about: Who starts, value: The youngest, "
                                                       "note: the rules do not say}\n")
    pnp_in_process("build", own, "-o", tmp_path / "own.pdf", check=True)
    text = " ".join(all_text(tmp_path / "own.pdf").split())
    assert "This edition" in text and "The youngest" in text
    assert "original" not in text.lower(), text[:400]
    fixed = _deck(tmp_path / "b", "{title: Mine, source: The first printing, reprints_source: true}", rules="Play wel.",
                  extra="corrections:\n  - {about: Rules, seed: Play wel., printed: Play well., why: a typo}\n")
    (fixed / "deck.yaml").write_text((fixed / "deck.yaml").read_text().replace("Play wel.'", "Play well.'"))
    pnp_in_process("build", fixed, "-o", tmp_path / "fixed.pdf", check=True)
    text = " ".join(plain_words(all_text(tmp_path / "fixed.pdf")).split())    # typography aside
    assert "The rule pages print the original's rules" in text and "word for word" not in text


def test_a_kind_titled_as_a_name_keeps_its_capitals(tmp_path):
    """A kind titled 'Rule Card' (as its cards print it) is '2 Rule Cards' on the leaf, not '2 rule Cards';
    a kind titled 'Rule card' is a common noun there: '2 rule cards'."""
    named = _deck(tmp_path / "a", "{title: Mine}")
    pnp_in_process("build", named, "-o", tmp_path / "a.pdf", check=True)
    assert "2 Rule Cards" in all_text(tmp_path / "a.pdf")
    plain = _deck(tmp_path / "b", "{title: Mine}", kinds="rule: {title: Rule card, template: card, fields: {title: text}}")
    pnp_in_process("build", plain, "-o", tmp_path / "b.pdf", check=True)
    text = all_text(tmp_path / "b.pdf")
    assert "2 rule cards" in text and "rule Cards" not in text


@pytest.mark.parametrize("game", GAMES)
def test_the_cutting_list_says_what_is_printed(built, game):
    """Each piece size is listed with what is printed of it ('36 promises', '1 field marker'), never with
    how many a sheet could hold ('117 a sheet')."""
    from generator.deck import load_deck
    from generator.printout.words import plural
    deck = load_deck(game)
    text = " ".join(plain_words(all_text(built(game))).split())        # typography aside: "2–10" as "2-10"
    cutting = text[text.index("Cutting"):]
    assert not re.search(r"\d a sheet", cutting), cutting[:600]
    counts: dict = {}
    for c in deck.cards:
        counts[c.kind] = counts.get(c.kind, 0) + c.copies
    for kind, n in counts.items():
        assert " ".join(plain_words(plural(deck, kind, n)).split()) in cutting, f"{game}: '{plural(deck, kind, n)}' not in the cutting list"


def test_many_round_pieces_come_with_a_quicker_way(built):
    """A Royal Will's 98 round chits: cut them as squares, or use coins or counters from another game for the
    coins and the trackers; Aqua Regia's one marker is just cut out."""
    text = " ".join(all_text(built("a-royal-will")).split())
    assert "98 round pieces take a while to cut out" in text
    assert "cut along the straight lines only, and leave the circles" in text
    assert "instead of the 20 game trackers and 66 coins, use coins or counters from another game" in text
    ar = " ".join(all_text(built("aqua-regia")).split())
    assert "1 field marker (18 mm round): cut it out along its gray circle." in ar
    assert "round pieces take a while" not in ar


@pytest.mark.parametrize("rules, expected", [
    ("The COLOURS of the neighbours' grey cards, re-coloured.", "british"),
    ("Each color, each Colors card, gray tokens; a colour.", "american"),
    ("colour2 _colour colouré Color", "american"),      # only whole words count: Color
    ("Colourful colour color", "british"),
    ("No word of either spelling.", "british"),
])
def test_a_decks_spelling_is_read_from_its_whole_words(tmp_path, rules, expected):
    """Without game.spelling, the words of either spelling the deck prints decide it, each whole word counted
    (as \\bword\\b finds them: not in colour2, _colour or colouré), in any case; British on a tie."""
    from generator.deck import load_deck
    from generator.printout.words import spelling
    deck = load_deck(str(_deck(tmp_path, "{title: Mine}", rules=rules)))
    assert spelling(deck) == expected
