"""`pnp check` on the five real decks, and on mutated copies of them: each kind of fault is named
(the card or the missing combination), check exits 1, and `pnp build` refuses unless --force."""
from __future__ import annotations

import json
import re
import shutil

import pytest

from cli import ROOT, pnp_in_process

DECKS = ROOT / "decks"
GAMES = ["vasa-regalis", "royal-lines", "aqua-regia", "christina-regina", "a-royal-will"]
TITLES = ["Vasa Regalis", "Royal Lines", "Aqua Regia", "Christina Regina", "A Royal Will"]


# pnp check and build run in this process (cli.pnp_in_process: the CLI's own entry, each run reading its files
# afresh): what is checked here is what they find and say, and a pnp subprocess costs its start-up 76 times over
pnp = pnp_in_process


def mutated(tmp_path, game, *edits, file="deck.yaml"):
    """A copy of a real deck folder with text replacements (each must match exactly once)."""
    folder = tmp_path / game
    shutil.copytree(DECKS / game, folder)
    path = folder / file
    text = path.read_text(encoding="utf-8")
    for old, new in edits:
        assert text.count(old) == 1, f"{old!r} occurs {text.count(old)} times in {game}/{file}"
        text = text.replace(old, new)
    path.write_text(text, encoding="utf-8")
    return folder


def refuses_to_build(folder, tmp_path, *lines, forced=False):
    """build exits 1 with the same report and writes nothing; `forced`: with --force it builds, the report printed.
    (The refusal is the check stage's, before any card is laid out; --force builds the whole copied game, cold:
    one fault shows it, test_metal_short_of_its_four_copies.)"""
    out = tmp_path / "out.pdf"
    r = pnp("build", folder, "-o", out)
    assert r.returncode == 1, r.stderr
    assert not out.exists()
    assert "the deck is incomplete; not built (use --force to build anyway)" in r.stderr
    for line in lines:
        assert line in r.stderr, r.stderr
    if not forced:
        return
    forced = pnp("build", folder, "-o", out, "--force")
    assert forced.returncode == 0, forced.stderr
    assert out.is_file() and out.read_bytes()[:5] == b"%PDF-"
    assert "pnp: building anyway (--force)" in forced.stderr
    for line in lines:
        assert line in forced.stderr


def fails_check(folder, *lines, args=()):
    r = pnp("check", folder, *args)
    assert r.returncode == 1, r.stdout + r.stderr
    assert "INCOMPLETE:" in r.stdout
    assert re.search(r"pnp: \S+ is incomplete: \d+ faults?", r.stderr), r.stderr
    for line in lines:
        assert line in r.stdout, r.stdout
    return r.stdout


# ---------------------------------------------------------------- the real decks
@pytest.mark.parametrize("game", GAMES)
def test_every_deck_has_a_component_list_and_passes(game):
    assert (DECKS / game / "components.yaml").is_file()
    r = pnp("check", game)
    assert r.returncode == 0, r.stdout + r.stderr
    assert f"against decks/{game}/components.yaml" in r.stdout
    assert "FAULT" not in r.stdout
    last = r.stdout.strip().splitlines()[-1]
    assert re.match(r"complete: \d+ checked, 0 faults", last), last
    assert "Card backs: a back for every card" in r.stdout


@pytest.mark.parametrize("game", GAMES)
def test_every_player_count_passes(game):
    """Each count of the game's range checked as `pnp check --players N` checks it (commands/check.py: check_deck
    on the deck it loaded, exit status 0 when ok), the deck loaded once rather than by a command for each count
    (the --players option itself: test_part_missing_for_one_player_count, test_left_out_part_...)."""
    from generator.check import check_deck, report_json
    from generator.pipeline import load
    data = json.loads(pnp("check", game, "--format", "json").stdout)
    lo, _, hi = data["player_range"].partition("-")
    deck = load(game, faces=True)
    for n in range(int(lo), int(hi or lo) + 1):
        result = check_deck(deck, n)
        assert result.ok, report_json(result)
        assert json.loads(report_json(result))["players"] == n


def test_json_report_of_a_real_deck():
    r = pnp("check", "vasa-regalis", "--format", "json")
    data = json.loads(r.stdout)
    assert data["ok"] is True and data["faults"] == 0 and data["player_range"] == "2-6"
    names = [c["name"] for c in data["components"]]
    assert "Material cards, base game" in names and names[-1] == "Card backs"


def test_seed_contradiction_with_a_printed_reason_is_no_warning():
    """A Royal Will's trackers: the seed says 18 and 20; the deck's why: is printed in This edition."""
    r = pnp("check", "a-royal-will")
    assert r.returncode == 0
    assert ("ok          Game trackers (optional rule): 20 cards; the seed contradicts itself: it says 18 and 20, "
            "this edition 20: why is printed in This edition") in r.stdout
    assert "0 warnings" in r.stdout


def test_engine_names_no_game():
    words = TITLES + GAMES + ["Vasa", "Regalis", "Christina", "Regina", "Aqua", "Royal", "joker", "metal",
                              "Sleight", "tracker", "faction"]
    for path in sorted((ROOT / "generator" / "check").glob("*.py")):
        text = path.read_text(encoding="utf-8").lower()
        for word in words:
            assert word.lower() not in text, f"{path.name} names {word!r}"


# ---------------------------------------------------------------- faults, one kind at a time
def test_card_removed(tmp_path):
    folder = mutated(tmp_path, "vasa-regalis", ("  - {<<: *wood, value: 3}\n", ""))
    fails_check(folder, "missing: material=Wood colour=green value=3",
                "too few: expected 16 cards, found 15")
    refuses_to_build(folder, tmp_path, "missing: material=Wood colour=green value=3")


def test_card_removed_named_by_name(tmp_path):
    folder = mutated(tmp_path, "christina-regina", ("  - {kind: dagger, <<: *green}\n", ""))
    fails_check(folder, "FAULT       Dagger cards, one per colour", "missing: colour=green",
                "too few: expected 5 cards, found 4: Blue dagger, Red dagger, Black dagger, Purple dagger")
    refuses_to_build(folder, tmp_path, "missing: colour=green")


def test_card_doubled(tmp_path):
    line = "colonial,Queen of Hearts,Q,hearts,red,♥,♛,,\n"        # the playing cards are a spreadsheet
    folder = mutated(tmp_path, "royal-lines", (line, line + line), file="playing-cards.csv")
    fails_check(folder, "duplicated: suit=hearts rank=Q: 2, expected 1: Queen of Hearts ×2",
                "duplicated: suit=hearts colour=red rank=Q: 2, expected 1: Queen of Hearts ×2",
                "too many: expected 12 cards, found 13")
    refuses_to_build(folder, tmp_path, "duplicated: suit=hearts rank=Q: 2, expected 1: Queen of Hearts ×2")


def test_card_doubled_by_copies(tmp_path):
    folder = mutated(tmp_path, "vasa-regalis", ("  - {<<: *iron, value: 2}\n", "  - {<<: *iron, value: 2, copies: 2}\n"))
    fails_check(folder, "duplicated: material=Iron colour=black value=2: 2, expected 1: Iron 2 ×2")
    refuses_to_build(folder, tmp_path, "duplicated: material=Iron colour=black value=2")


def test_value_changed_so_a_combination_is_missing(tmp_path):
    folder = mutated(tmp_path, "vasa-regalis", ("  - {<<: *sculptures, value: 2}\n",
                                                "  - {<<: *sculptures, value: 3}\n"))
    fails_check(folder, "missing: material=Sculptures colour=red value=2",
                "duplicated: material=Sculptures colour=red value=3: 2, expected 1: Sculptures 3 ×2")
    refuses_to_build(folder, tmp_path, "missing: material=Sculptures colour=red value=2")


def test_value_changed_in_a_grid_of_groups(tmp_path):
    folder = mutated(tmp_path, "christina-regina",
                     ("x-purple-2: &purple-2 {<<: [*purple, *silver]", "x-purple-2: &purple-2 {<<: [*purple, *gold]"))
    out = fails_check(folder, "missing: colour=purple group=Silver value=2",
                      "duplicated: colour=purple group=Gold value=3: 2, expected 1: Purple Gold faction ×2")
    assert "duplicated: colour=purple group=Gold value=3: 2, expected 1: Purple Gold court ×2" in out
    refuses_to_build(folder, tmp_path, "missing: colour=purple group=Silver value=2")


def test_component_count_off(tmp_path):
    folder = mutated(tmp_path, "a-royal-will", ("  - {kind: coin, copies: 66}\n", "  - {kind: coin, copies: 60}\n"))
    fails_check(folder, "FAULT       Coins (line ", "expected: 66 cards", "found:    60 cards",
                "too few: expected 66 cards, found 60: Coin ×60")
    refuses_to_build(folder, tmp_path, "too few: expected 66 cards, found 60: Coin ×60")


def test_component_count_off_with_seed_contradiction(tmp_path):
    folder = mutated(tmp_path, "a-royal-will", ("  - {kind: tracker, copies: 20}\n", "  - {kind: tracker, copies: 18}\n"))
    fails_check(folder, "too few: expected 20 cards, found 18: Game tracker ×18",
                "expected: 20 cards; the seed contradicts itself: it says 18 and 20, this edition 20")


def test_part_missing_for_one_player_count(tmp_path):
    # Royal Lines: 1 joker for 2-3 players, 2 for 4, 3 for 5; the deck loses one
    folder = mutated(tmp_path, "royal-lines", ("joker,Joker,Joker,,,,,,3\n", "joker,Joker,Joker,,,,,,2\n"),
                     file="playing-cards.csv")
    out = fails_check(folder, "5 players need 3 cards; this build has 2", "short: rank=Joker: 2 of 3: Joker ×2")
    assert "4 players need" not in out
    assert "5 players need 7 cards; this build has 6" in out      # the settler deck, too
    four = fails_check(folder, args=("--players", "4"))
    assert "players need" not in four                               # 4 players are served; the count is still off
    refuses_to_build(folder, tmp_path, "5 players need 3 cards; this build has 2")


def test_colour_missing_for_six_players(tmp_path):
    gilding = "".join(f"  - {{<<: *gilding, value: {v}, part: five-six}}\n" for v in (2, 3, 4, 5))
    folder = mutated(tmp_path, "vasa-regalis",
                     ("  - {<<: *gilding, value: 1, part: five-six, new_sheet: true}\n", ""), (gilding, ""))
    fails_check(folder, "6 players need 6 different colour values; this build has 5",
                "missing: colour=yellow value=1", "missing: colour=yellow value=5")
    assert pnp("check", folder, "--players", "5").returncode == 1        # the 5-6 set is still incomplete
    refuses_to_build(folder, tmp_path, "6 players need 6 different colour values; this build has 5")


def test_left_out_part_needed_by_the_player_count(built):
    r = pnp("check", "vasa-regalis", "--without", "five-six")
    assert r.returncode == 0, r.stdout
    assert "2-6 players; this build serves 2-4; left out: five-six" in r.stdout
    assert "left out    Material cards, 5-6 player set" in r.stdout
    assert pnp("check", "vasa-regalis", "--without", "five-six", "--players", "4").returncode == 0
    out = fails_check("vasa-regalis", "5 players need this, but part 'five-six' is left out (drop --without five-six)",
                      "5 players need 5 different colour values; this build has 4",
                      args=("--without", "five-six", "--players", "5"))
    assert "FAULT       Rule card 3, 5-6 players" in out
    # leaving the part out is not a fault: the run's shared build (made with check=True: exit status 0)
    assert built("vasa-regalis", "--without", "five-six").read_bytes()[:5] == b"%PDF-"


# ---------------------------------------------------------------- bad input: exit 2, one line
def test_malformed_component_list_is_bad_input(tmp_path):
    folder = mutated(tmp_path, "vasa-regalis", ("    each:\n      - {material: Wood,", "    each:\n      - {materal: Wood,"),
                     file="components.yaml")
    for args in (("check", folder), ("build", folder, "-o", tmp_path / "x.pdf")):
        r = pnp(*args)
        assert r.returncode == 2, r.stderr
        lines = r.stderr.strip().splitlines()
        assert len(lines) == 1, r.stderr
        assert re.match(r"pnp: error: \S*components\.yaml:14:\d+: components\[0\] \(Material cards, base game\)"
                        r"\.each\[0\]\.materal: unknown field 'materal'", lines[0]), lines[0]
        assert "did you mean 'material'?" in lines[0]
    assert not (tmp_path / "x.pdf").exists()


def test_players_outside_the_game_is_bad_input():
    r = pnp("check", "vasa-regalis", "--players", "7")
    assert r.returncode == 2
    assert r.stderr.strip() == ("pnp: error: --players 7: Vasa Regalis is for 2-6 players "
                                "(game.players in decks/vasa-regalis/deck.yaml)")
    assert pnp("check", "vasa-regalis", "--players", "0").returncode == 2
    assert pnp("check", "vasa-regalis", "--without", "base").returncode == 2


def test_metal_short_of_its_four_copies(tmp_path):
    folder = mutated(tmp_path, "aqua-regia", ("  - {<<: *Fe, copies: 4}\n", "  - {<<: *Fe, copies: 3}\n"))
    fails_check(folder, "short: symbol=Fe rank=8: 3 of 4: Iron ×3", "too few: expected 64 cards, found 63")
    refuses_to_build(folder, tmp_path, "short: symbol=Fe rank=8: 3 of 4: Iron ×3", forced=True)
