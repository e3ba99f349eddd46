"""pnp build --only: a few cards for a quick proof print, chosen by name, id, number or range; the leaf and the
printout say that it is a partial build, and the component check does not stop it.

pnp runs in this process (cli.pnp_in_process: the CLI's own entry, each run reading its files afresh): what is
checked is what --only chooses, says and prints."""
from __future__ import annotations

from cli import copy_deck, pnp_in_process as pnp
from pdfcheck import leaf_text, page_text, placements, squash
from smalldeck import run, starter


def test_only_some_cards_by_name_id_number_and_range(tmp_path):
    r = pnp("build", "royal-lines", "--only", "Joker", "--only", "5-8", "--only", "ace-of-clubs", "--only", "#12",
            cwd=tmp_path, check=True)
    out = tmp_path / "output" / "royal-lines-partial.pdf"       # the whole game's PDF is not replaced
    assert r.stdout.strip() == (f"wrote output/royal-lines-partial.pdf: partial build, 6 of 55 cards (8 with copies), "
                                "4 pages, 1 card sheet; no rule pages; the component check was not run")
    assert not (tmp_path / "output" / "royal-lines.pdf").exists()
    pages = placements(out)
    assert len(pages) == 4 and [len(p) for p in pages] == [0, 0, 8, 8]        # the leaf, one sheet, no rules
    leaf = squash(leaf_text(out, (0,)))
    assert squash("Partial build") in leaf
    assert squash("#4 Ace of Clubs, #5 Joker, #6 Jack of Spades, #7 Queen of Spades, #8 King of Spades, "
                  "#12 Jack of Diamonds") in leaf


def test_only_builds_a_deck_the_component_check_refuses(tmp_path):
    game = copy_deck("royal-lines", tmp_path)
    cards = game / "playing-cards.csv"             # Royal Lines' playing cards are rows of a CSV file
    text = cards.read_text(encoding="utf-8")
    ace = next(line for line in text.splitlines() if line.startswith("settler,Ace of Clubs,"))
    cards.write_text(text.replace(ace + "\n", "", 1), encoding="utf-8")
    whole = pnp("build", game, "-o", tmp_path / "whole.pdf")
    assert whole.returncode == 1 and not (tmp_path / "whole.pdf").exists()
    part = pnp("build", game, "--only", "joker", "-o", tmp_path / "part.pdf")
    assert part.returncode == 0 and "the component check was not run" in part.stdout
    assert [len(p) for p in placements(tmp_path / "part.pdf")] == [0, 0, 3, 3]


def test_a_choice_that_names_no_card_is_one_line(tmp_path):
    for choice, message in (("Jokr", "--only 'Jokr': no card of that name or id in decks/royal-lines/deck.yaml "
                                     "(did you mean 'Joker'?)"),
                            ("9-3", "--only 9-3: the range runs backwards; write 3-9"),
                            ("56-60", "--only 56-60: no card has that number; decks/royal-lines/deck.yaml numbers "
                                      "its cards 1 to 55 (as pnp proof shows them)")):
        r = pnp("build", "royal-lines", "--only", choice, "-o", tmp_path / "x.pdf")
        assert r.returncode == 2 and r.stderr.splitlines() == [f"pnp: error: {message}"]
        assert not (tmp_path / "x.pdf").exists()


SHIPPED = ("vasa-regalis", "royal-lines", "aqua-regia", "christina-regina", "a-royal-will")


def test_the_first_three_cards_of_every_shipped_game_build(tmp_path):
    """A partial build reads the component list against the whole deck: Christina Regina's list names
    back.heading, a field only its rule cards' own backs show, and its first three cards are not rule cards."""
    for game in SHIPPED:
        out = tmp_path / f"{game}.pdf"
        r = pnp("build", game, "--only", "1-3", "-o", out)
        assert r.returncode == 0, f"{game}: {r.stderr}"
        assert r.stdout.startswith(f"wrote {out}: partial build, 3 of ") and r.stderr == ""
        assert sum(len(p) for p in placements(out)) > 0


def test_a_partial_build_still_reports_the_component_lists_own_mistakes(tmp_path):
    game = copy_deck("christina-regina", tmp_path)
    comp = game / "components.yaml"
    text = comp.read_text(encoding="utf-8")
    assert text.count("back.heading") >= 1
    comp.write_text(text.replace("back.heading", "back.headin", 1), encoding="utf-8")
    r = pnp("build", game, "--only", "1-3", "-o", tmp_path / "x.pdf")
    assert r.returncode == 2 and not (tmp_path / "x.pdf").exists()
    lines = r.stderr.splitlines()
    assert len(lines) == 1 and "components.yaml:" in lines[0]
    assert "unknown field 'back.headin'" in lines[0] and "did you mean 'back.heading'?" in lines[0]


def test_a_range_partly_past_the_deck_is_refused_whole(tmp_path):
    for choice, message in (("50-60", "--only 50-60: no card has the numbers 56-60"),
                            ("55-56", "--only 55-56: no card has the number 56"),
                            ("0", "--only 0: no card has that number"),
                            ("0-3", "--only 0-3: no card has the number 0"),
                            ("1-99999999999999", "--only 1-99999999999999: no card has the numbers 56-99999999999999")):
        r = pnp("build", "royal-lines", "--only", choice, "-o", tmp_path / "x.pdf")
        assert r.returncode == 2 and r.stderr.splitlines() == [
            f"pnp: error: {message}; decks/royal-lines/deck.yaml numbers its cards 1 to 55 (as pnp proof shows them)"]
        assert not (tmp_path / "x.pdf").exists()
    r = pnp("build", "royal-lines", "--only", "5,6", "-o", tmp_path / "x.pdf")
    assert r.returncode == 2 and "(give each choice an --only of its own: --only 5 --only 6)" in r.stderr


def test_a_range_over_a_part_left_out_is_refused(tmp_path):
    deck = tmp_path / "mid"
    deck.mkdir()
    (deck / "deck.yaml").write_text(
        "game: {title: Mid}\nparts:\n  - {id: base, title: Base}\n  - {id: extra, title: Extra, optional: true}\n"
        "  - {id: more, title: More}\nkinds:\n  plain:\n    template: basic-card\n    name: \"{title}\"\n    back: none\n"
        "    fields: {title: text, value: int, text: markup, colour: {type: colour, default: \"#336699\"}}\n"
        "cards:\n  - {title: A}\n  - {title: B}\n  - {title: C, part: extra}\n  - {title: D, part: extra}\n"
        "  - {title: E, part: more}\n")
    r = pnp("build", deck, "--without", "extra", "--only", "2-5", "-o", tmp_path / "x.pdf")
    assert r.returncode == 2 and r.stderr.splitlines() == [
        f"pnp: error: --only 2-5: no card has the numbers 3-4 in this build: {deck}/deck.yaml numbers its cards 1 to "
        "5, and part 'extra' is left out (--without)"] and not (tmp_path / "x.pdf").exists()
    r = pnp("build", deck, "--without", "extra", "--only", "5", "-o", tmp_path / "x.pdf", check=True)
    assert "partial build, 1 of 3 cards" in r.stdout


def test_only_says_it_counts_distinct_cards_in_its_help_and_on_the_leaf(tmp_path):
    folder = starter(tmp_path)
    code, out, err = run("build", "-h")
    assert "Numbers count distinct cards (a deck's rows), not copies" in " ".join(out.split())
    pdf = tmp_path / "part.pdf"
    code, out, err = run("build", folder, "--only", "1-2", "-o", pdf)
    assert code == 0, err
    assert "2 of 6 cards (7 with copies)" in out                   # Wheat x4 and Barley x3
    leaf = squash(leaf_text(pdf, (0,)))
    assert squash("A proof print of 2 of the 6 distinct cards (#1 Wheat, #2 Barley; 7 with copies), chosen with "
                  "--only by their numbers as pnp proof shows them") in leaf, leaf[:600]
