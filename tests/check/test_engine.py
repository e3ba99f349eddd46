"""The component-check engine on tiny synthetic decks: each rule type, parts and player counts, backs,
warnings, the reports, and malformed component lists (one-line errors naming file, line and field)."""
from __future__ import annotations

import json
import textwrap

import pytest

from generator.check import check_deck, report_json, report_text
from generator.deck import load_deck
from generator.errors import PnpError

DECK = """\
game: {title: Tiny, players: 2-5}
parts:
  - {id: base, title: Base, players: 2-4}
  - {id: big, title: Big set, players: 5, optional: true}
backs:
  plain: {template: t-back}
  other: {template: t-back2}
defaults: {back: plain}
kinds:
  num:
    template: t
    name: "{colour} {value}"
    fields:
      colour: {type: text}
      value: {type: int}
  token:
    template: t
    back: none
    name: Token
  rule:
    template: t
    fields: {title: text}
cards:
  - {kind: num, colour: red, value: 1}
  - {kind: num, colour: red, value: 2}
  - {kind: num, colour: blue, value: 1}
  - {kind: num, colour: blue, value: 2}
  - {kind: token, copies: 5}
  - {kind: rule, name: Rules, title: Rules}
  - {kind: num, colour: green, value: 1, part: big}
  - {kind: num, colour: green, value: 2, part: big}
"""

COMPONENTS = """\
components:
  - name: Numbers
    where: {kind: num, part: base}
    count: 4
    each: {colour: [red, blue], value: 1-2}
  - name: Tokens
    where: {kind: token}
    count: 5
    per_player: 1
    back: none
  - name: Rules
    where: {kind: rule}
    each: {name: [Rules]}
  - name: Big set
    where: {part: big}
    count: 2
    each: {colour: green, value: 1-2}
  - name: Colours
    where: {kind: num}
    distinct: colour
    per_players: {2-4: 2, 5: 3}
"""


def make(tmp_path, deck=DECK, components=COMPONENTS):
    folder = tmp_path / "tiny"
    folder.mkdir(exist_ok=True)
    (folder / "deck.yaml").write_text(textwrap.dedent(deck), encoding="utf-8")
    if components is not None:
        (folder / "components.yaml").write_text(textwrap.dedent(components), encoding="utf-8")
    return folder


def check(tmp_path, deck=DECK, components=COMPONENTS, players=None, without=()):
    d = load_deck(make(tmp_path, deck, components))
    if without:
        d = d.without(without)
    return check_deck(d, players)


def messages(result):
    return [p.message for o in result.components for p in o.problems]


def outcome(result, name):
    return next(o for o in result.components if o.name == name)


def test_complete_deck_passes(tmp_path):
    r = check(tmp_path)
    assert r.ok, report_text(r)
    assert [o.status for o in r.components] == ["ok"] * 6
    assert report_text(r).splitlines()[-1].startswith("complete: 6 checked, 0 faults")


def test_missing_combination_named(tmp_path):
    r = check(tmp_path, DECK.replace("  - {kind: num, colour: blue, value: 2}\n", ""))
    assert not r.ok
    assert "missing: colour=blue value=2" in messages(r)
    assert "too few: expected 4 cards, found 3: red 1, red 2, blue 1" in messages(r)


def test_duplicated_card_named_with_copies(tmp_path):
    r = check(tmp_path, DECK.replace("colour: blue, value: 2}", "colour: blue, value: 2, copies: 2}"))
    assert "duplicated: colour=blue value=2: 2, expected 1: blue 2 ×2" in messages(r)
    prob = next(p for o in r.components for p in o.problems if p.type == "duplicated")
    assert prob.cards == ["blue 2"] and prob.combination == {"colour": "blue", "value": "2"}


def test_changed_value_is_missing_plus_duplicate_plus_extra(tmp_path):
    r = check(tmp_path, DECK.replace("colour: red, value: 2}", "colour: red, value: 1}")
              .replace("colour: blue, value: 1}", "colour: blue, value: 7}"))
    msgs = messages(r)
    assert "missing: colour=red value=2" in msgs
    assert "duplicated: colour=red value=1: 2, expected 1: red 1 ×2" in msgs
    assert "extra: blue 7 (colour=blue value=7 is not in the list)" in msgs


def test_card_in_no_component_is_extra(tmp_path):
    r = check(tmp_path, DECK + "  - {kind: num, colour: pink, value: 1, part: big}\n")
    assert messages(r) == ["too many: expected 2 cards, found 3: green 1, green 2, pink 1",
                           "extra: pink 1 (colour=pink value=1 is not in the list)"]
    r = check(tmp_path, DECK.replace("name: Token\n", "name: Token\n  chit:\n    template: t\n    name: Chit\n")
              + "  - {kind: chit}\n")
    assert messages(r) == ["extra: Chit (no component counts them)"]
    assert outcome(r, "Cards in no component").status == "fault"


def test_unique_names_duplicates(tmp_path):
    comps = COMPONENTS.replace("    each: {name: [Rules]}\n", "    unique: [name]\n")
    assert check(tmp_path, components=comps).ok
    r = check(tmp_path, DECK + "  - {kind: rule, name: Rules, title: Again}\n", comps)
    assert "duplicated: Rules: 2 copies: Rules ×2" in messages(r)


def test_each_with_times_per_value(tmp_path):
    comps = COMPONENTS + "  - name: Per value\n    where: {kind: num, part: base}\n" \
                         "    each: {colour: {red: 2, blue: 3}}\n"
    r = check(tmp_path, components=comps)
    assert messages(r) == ["short: colour=blue: 2 of 3: blue 1, blue 2"]


def test_each_union_of_grids(tmp_path):
    comps = COMPONENTS + textwrap.indent(textwrap.dedent("""\
        - name: Union
          where: {kind: num}
          each:
            - {colour: [red, blue], value: 1-2}
            - {colour: green, value: [1, 2, 3]}
    """), "  ")
    r = check(tmp_path, components=comps)
    assert messages(r) == ["missing: colour=green value=3"]


def test_where_null_selects_cards_without_the_value(tmp_path):
    deck = DECK + "  - {kind: num, value: 9, name: Blank}\n"
    comps = COMPONENTS + "  - name: Blank\n    where: {kind: num, colour: null}\n    count: 1\n"
    r = check(tmp_path, deck, comps)
    assert outcome(r, "Blank").status == "ok"
    assert "extra: Blank (colour=(none) value=9 is not in the list)" in messages(r)


def test_per_player_and_distinct(tmp_path):
    three = DECK.replace("{kind: token, copies: 5}", "{kind: token, copies: 3}")
    r = check(tmp_path, three, players=3)
    assert messages(r) == ["too few: expected 5 cards, found 3: Token ×3"]
    no_count = COMPONENTS.replace("    count: 5\n    per_player", "    per_player")
    r = check(tmp_path, three, no_count)
    assert messages(r) == ["4 players need 4 cards; this build has 3", "5 players need 5 cards; this build has 3"]
    assert check(tmp_path, three, no_count, players=3).ok
    assert messages(check(tmp_path, three, no_count, players=4)) == ["4 players need 4 cards; this build has 3"]


def test_left_out_part_is_not_a_fault_unless_players_need_it(tmp_path):
    r = check(tmp_path, without=("big",))
    assert r.ok, report_text(r)
    assert outcome(r, "Big set").status == "left out"
    assert r.supported == [2, 3, 4]
    assert "this build serves 2-4" in report_text(r)
    assert check(tmp_path, without=("big",), players=4).ok
    r = check(tmp_path, without=("big",), players=5)
    assert not r.ok
    assert "5 players need this, but part 'big' is left out (drop --without big)" in messages(r)
    assert "5 players need 3 different colour values; this build has 2" in messages(r)


def test_players_outside_the_game_is_bad_input(tmp_path):
    with pytest.raises(PnpError, match=r"--players 6: Tiny is for 2-5 players"):
        check(tmp_path, players=6)


def test_missing_back_is_a_fault_and_back_none_is_not(tmp_path):
    deck = DECK.replace("defaults: {back: plain}\n", "")
    r = check(tmp_path, deck)
    msgs = messages(r)
    assert any(m.startswith("kind 'num' (num) declares no back: red 1, red 2, blue 1, blue 2, green 1, green 2")
               for m in msgs), msgs
    assert any(m.startswith("kind 'rule' (rule) declares no back: Rules") for m in msgs)
    assert not any("'token'" in m for m in msgs)          # back: none is deliberate


def test_component_back_rule(tmp_path):
    comps = COMPONENTS.replace("    each: {name: [Rules]}\n", "    each: {name: [Rules]}\n    back: other\n")
    r = check(tmp_path, components=comps)
    assert messages(r) == ["not the 'other' back: Rules"]
    r = check(tmp_path, DECK.replace("title: Rules}", "title: Rules, back: other}"), comps)
    assert r.ok


def test_seed_contradiction_is_a_warning(tmp_path):
    comps = COMPONENTS.replace("    count: 5\n    per_player: 1\n", "    count: 5\n    seed_says: [5, 6]\n")
    r = check(tmp_path, components=comps)
    assert r.ok
    assert outcome(r, "Tokens").warnings == [
        "the seed contradicts itself: it says 5 and 6; the deck chose 5 (found 5)"]
    assert "warning     Tokens: the seed contradicts itself" in report_text(r)
    r = check(tmp_path, components=comps.replace("[5, 6]", "6"))
    assert outcome(r, "Tokens").warnings == ["the seed says 6; the deck chose 5 (found 5)"]
    assert check(tmp_path, components=comps.replace("[5, 6]", "5")).warning_count == 0


def test_not_printed_component(tmp_path):
    comps = COMPONENTS + "  - name: Coins\n    not_printed: use coins\n"
    r = check(tmp_path, components=comps)
    assert r.ok and outcome(r, "Coins").status == "not printed"
    assert "not printed Coins: use coins" in report_text(r)


def test_no_component_list_passes_with_a_warning(tmp_path):
    r = check(tmp_path, components=None)
    assert r.ok and r.warnings == ["no component list (components.yaml): nothing to check the cards against"]


def test_json_report(tmp_path):
    r = check(tmp_path, DECK.replace("  - {kind: num, colour: blue, value: 2}\n", ""))
    data = json.loads(report_json(r))
    assert data["ok"] is False and data["faults"] == 2
    numbers = next(c for c in data["components"] if c["name"] == "Numbers")
    assert numbers["status"] == "fault" and numbers["line"] == 2
    assert {"type": "missing", "message": "missing: colour=blue value=2",
            "combination": {"colour": "blue", "value": "2"}} in numbers["problems"]


def test_inline_components_in_deck_yaml(tmp_path):
    inline = DECK + textwrap.indent(COMPONENTS, "")
    assert check(tmp_path, inline, components=None).ok
    with pytest.raises(PnpError, match="components are given both here and in components.yaml"):
        check(tmp_path, inline)


@pytest.mark.parametrize("bad, where", [
    ("    count: 4\n    each: {colour", "    count: 4\n    each: {colr"),
    ("    distinct: colour", "    distinct: color"),
    ("    where: {kind: num, part: base}", "    where: {kind: nums, part: base}"),
    ("    where: {kind: num, part: base}", "    where: {kind: num, part: basic}"),
    ("    count: 4\n    each", "    count: four\n    each"),
    ("    count: 4\n    each", "    cont: 4\n    each"),
    ("    back: none", "    back: nothing"),
    ("per_players: {2-4: 2, 5: 3}", "per_players: {two: 2}"),
    ("value: 1-2}", "value: 2-1}"),
])
def test_malformed_list_is_one_line_error_with_file_line_field(tmp_path, bad, where):
    comps = COMPONENTS.replace(bad, where, 1)
    assert comps != COMPONENTS
    with pytest.raises(PnpError) as err:
        check(tmp_path, components=comps)
    text = str(err.value)
    assert "\n" not in text
    assert err.value.file.endswith("components.yaml") and err.value.line and err.value.field, text
    assert err.value.field.startswith("components["), text


def test_malformed_list_messages(tmp_path):
    cases = {
        "components: {}\n": "expected 'components:' with a list of components",
        "- just text\n": "expected a component",
        "components:\n  - {name: X}\n": "a component needs a rule",
        "components:\n  - {name: X, times: 2}\n": "'times' goes with 'each'",
        "components:\n  - {name: X, each: {colour: [red], value: 1}, bogus: 1}\n": "unknown key 'bogus'",
        "components:\n  - {name: X, count: 1, seed_says: [x]}\n": "expected a whole number",
        "components:\n  - {name: X, each: {value: 1}, times: 0}\n": "expected a whole number from 1 to 20000, found the "
                                                                  "number 0$",     # as every mistake says it: not 'int 0'
        "components:\n  - {name: X, each: {value: [1]}, times: [2]}\n": "found a list$",
        "components:\n  - {name: X, seed_says: [1]}\n": "seed_says needs the count",
        "components:\n  - {name: X, each: [{colour: red}, {value: 1}]}\n": "must name the same fields",
        "components:\n  - {name: X, count: 1\n": "YAML syntax error",
    }
    for text, expect in cases.items():
        with pytest.raises(PnpError, match=expect) as err:
            check(tmp_path, components=text)
        assert "components.yaml" in str(err.value) and err.value.line, str(err.value)


def test_a_difference_from_the_seed_with_a_reason_is_no_warning(tmp_path):
    comps = COMPONENTS.replace("    count: 5\n    per_player: 1\n",
                               "    count: 5\n    seed_says: [4]\n    why: one token for every seat of 5\n")
    r = check(tmp_path, components=comps)
    assert r.ok and r.warning_count == 0
    assert "the seed says 4, this edition 5: why is printed in This edition" in report_text(r)
    with pytest.raises(PnpError, match="give seed_says too"):
        check(tmp_path, components=COMPONENTS.replace("    per_player: 1\n", "    per_player: 1\n    why: x\n", 1))


EVERY_SEAT = """\
  - name: Rules for every seat
    where: {kind: rule}
    per_player: 1
    of_each: title
"""


def test_of_each_asks_for_every_value_at_every_seat(tmp_path):
    """per_player with of_each: each title on its own needs one per player ('a reference card of each kind
    for every seat'); the total of all titles is not enough."""
    deck = DECK.replace("  - {kind: rule, name: Rules, title: Rules}\n",
                        "  - {kind: rule, name: Rules, title: Rules, copies: 5}\n"
                        "  - {kind: rule, name: Summary, title: Summary, copies: 4}\n")
    comps = COMPONENTS.replace("    each: {name: [Rules]}\n", "    each: {name: {Rules: 5, Summary: 4}}\n") + EVERY_SEAT
    r = check(tmp_path, deck, comps)
    assert messages(r) == ["5 players need 5 of title Summary (one for every seat); this build has 4"]
    assert outcome(r, "Rules for every seat").found == ["Rules: 5, Summary: 4"]
    assert check(tmp_path, deck, comps, players=4).ok
    r = check(tmp_path, deck.replace("title: Summary, copies: 4", "title: Summary, copies: 5"),
              comps.replace("Summary: 4", "Summary: 5"))
    assert r.ok and "1 card of each title per player" in report_text(r)
    with pytest.raises(PnpError, match="of_each goes with per_player"):
        check(tmp_path, deck, comps.replace("    per_player: 1\n    of_each", "    of_each"))
