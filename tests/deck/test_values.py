"""A deck's values (deck/values.py, sections/fields.py, sections/game.py): numbers finite and within 10^12,
player counts from 1 to 100, a default filled in and checked as a value is, and keys that did nothing refused."""
from __future__ import annotations

import pytest

from pdfcheck import squash
from smalldeck import DECK, TEMPLATE, deck, refused, run


@pytest.mark.parametrize("spec", ["{type: int, min: .nan}", "{type: int, max: .inf}", "{type: number, min: -.inf}",
                                  "{type: int, max: 1e300}"])


def test_a_number_in_a_file_is_finite(tmp_path, spec):
    lines = refused(deck(tmp_path / "d", DECK.replace("{type: int, min: 0, max: 9}", spec)))
    assert len(lines) == 1 and "kinds.card.fields.value." in lines[0] and "between -1e+12 and 1e+12" in lines[0]


@pytest.mark.parametrize("value", [".nan", ".inf", "-.inf", "1e13"])


def test_a_card_value_is_finite(tmp_path, value):
    text = DECK.replace("{type: int, min: 0, max: 9}", "number").replace("value: 1}", f"value: {value}}}")
    lines = refused(deck(tmp_path / "d", text))
    assert len(lines) == 1 and "cards[0].value" in lines[0]


@pytest.mark.parametrize("players", ["2-600000000", "2-" + "6" * 30, "0-4"])


def test_game_players_are_bounded(tmp_path, players):
    lines = refused(deck(tmp_path / "d", DECK.replace("game: {title: Tried}",
                                                      f"game: {{title: Tried, players: '{players}'}}")))
    assert len(lines) == 1 and "game.players" in lines[0]


def test_a_default_fills_a_card_and_is_checked_like_a_value(tmp_path):
    text = DECK.replace("footer: text", "footer: {type: text, default: always}")
    code, _, err = run("build", deck(tmp_path / "d", text), "-o", tmp_path / "out.pdf")
    assert code == 0, err
    from pdfcheck import all_text, squash
    assert squash(all_text(tmp_path / "out.pdf")).count("Base") >= 3        # the footer shows on every card
    lines = refused(deck(tmp_path / "e", DECK.replace("{type: int, min: 0, max: 9}",
                                                      "{type: int, min: 0, max: 9, default: 12}")))
    assert len(lines) == 1 and "kinds.card.fields.value.default: expected a number from 0 to 9" in lines[0]


def test_keys_that_did_nothing_are_refused(tmp_path):
    assert "unknown key 'proof'" in refused(deck(tmp_path / "d", DECK + "proof: {strict: true}\n"))[0]
    front = TEMPLATE.replace("size: poker", "size: poker\nbleed_colour: '#ffffff'")
    assert "unknown key 'bleed_colour' in template" in refused(deck(tmp_path / "e", front=front))[0]


@pytest.mark.parametrize("old, new, field", [
    ("game: {title: Tried}", "game: {title: Tried, titel: x}", "game.titel"),
    ("defaults: {back: plain}", "defaults: {back: plain, bakc: plain}", "defaults.bakc"),
    ("    name: \"{title}\"\n", "    name: \"{title}\"\n    colour: red\n", "kinds.card.colour"),
    ("footer: text", "footer: {type: text, requird: true}", "kinds.card.fields.footer.requird"),
    ("backs: {plain: {template: back, fields: {label: Tried}}}",
     "backs: {plain: {template: back, feilds: {label: Tried}}}", "backs.plain.feilds"),
    ("defaults: {back: plain}", "defaults: {back: plain}\ninferred: [{about: x, value: y, colour: red}]",
     "inferred[0].colour"),
    ("defaults: {back: plain}", "defaults: {back: plain}\nparts: [{id: base, title: Base, titel: x}]",
     "parts[0].titel"),
])
def test_an_unknown_key_names_its_whole_path(tmp_path, old, new, field):
    """An unknown key named by its path, as every other mistake there is (it was the key alone: 'colour')."""
    lines = refused(deck(tmp_path / "d", DECK.replace(old, new, 1)))
    assert len(lines) == 1 and f" {field}: unknown key '" in lines[0], lines


def test_a_part_id_that_is_no_text_is_refused_in_one_line(tmp_path):
    """A part's id given as a list, in a game with a player count: the id is refused (it was an internal error, a
    list looked up as a part's id by the check of the parts' player counts: test_fuzz.py found it)."""
    text = DECK.replace("game: {title: Tried}", "game: {title: Tried, players: 2-4}").replace(
        "defaults: {back: plain}", "defaults: {back: plain}\nparts: [{id: base}, {id: [extra], players: 3}]")
    lines = refused(deck(tmp_path / "d", text))
    assert len(lines) == 1 and "parts[1].id" in lines[0], lines
