"""The print leaf (the PDF's first two pages) speaks to the players: every piece with its count, which
pages to print and how, how to cut, how to set up, where the rules and their This edition box are; a
calibration sheet on request; nothing addressed to the tool (pnp commands, options, the proof).

Counts are taken from deck.yaml through the loader; page numbers from the built PDF itself.
"""
from __future__ import annotations

import re
from collections import Counter

import pytest

import pdfread
from cli import pnp_in_process
from pdfcheck import SPACED, columns_text, page_sizes, placements, squash, words
from seedtext import GAMES

from generator.deck import load_deck

LEAF = 2


def leaf_text(pdf) -> str:
    """The leaf's two pages read column by column (it is set in two, as the rule pages are)."""
    return "\n".join(columns_text(pdf, i, 2, 0.0) for i in range(LEAF))


def sheet_range(pdf) -> tuple[int, int, list[int]]:
    """First and last page (1-based) of the card sheets printed double-sided (fronts and backs in pairs), and
    the pages printed single-sided after them: a sheet none of whose pieces has a back, such as a board, has
    no backs page, and its label says so."""
    from pdfcheck import sheet_text
    double, single = [], []
    for i in range(len(page_sizes(pdf))):
        label = next((t for t, _, _ in sheet_text(pdf, i) if re.search(r"sheet \d+ of \d+ · ", t)), "")
        if "duplex" in label:
            double.append(i + 1)
        elif "single-sided" in label:
            single.append(i + 1)
    return double[0], double[-1], single


@pytest.mark.parametrize("game", GAMES)
def test_the_leaf_names_every_piece_with_its_count(built, game):
    text = squash(leaf_text(built(game))).lower()
    deck = load_deck(game)
    counts = Counter()
    for c in deck.cards:
        counts[(c.part, c.kind)] += c.copies
    assert counts
    for (part, kind), n in counts.items():
        word = deck.kinds[kind].title.split()[0].lower()          # "25 character cards", "4 settlers (aces)"
        assert re.search(rf"(?<![0-9]){n}{re.escape(word)}", text), f"{game}: the leaf does not say '{n} {word}...'"
    if len(deck.parts) > 1:
        for part in deck.parts.values():
            assert squash(part.title).lower() in text


@pytest.mark.parametrize("game", GAMES)
def test_the_leaf_says_which_pages_to_print_and_how(built, game):
    pdf = built(game)
    text = leaf_text(pdf)
    flat = squash(text)
    first, last, single = sheet_range(pdf)
    assert squash(f"Print the card sheets, pages {first}–{last}, double-sided, flipping on the long edge") in flat
    for page in single:                     # Aqua Regia's board: no back, no backs page, and the leaf says so
        assert squash(f"Print page {page} (") in flat and "single-sided" in flat     # (a line may break after its hyphen)
        assert squash("nothing on it has a back, so no backs page follows") in flat
    last = max([last, *single])
    assert "A4cardstock" in flat and "at100%(actualsize,notfittopage)" in flat
    total = len(page_sizes(pdf))
    pages = f"{last + 1} and {total}" if total == last + 2 else f"{last + 1}–{total}"    # two pages: "20 and 21"
    assert squash(f"Print the rules, pages {pages}, on plain paper") in flat
    assert squash(f"The full rules are on pages {pages}.") in flat
    assert "Cutting" in text and "cut marks" in text
    assert "Setting up" in text and squash(load_deck(game).game.setup.splitlines()[0].split("**")[-1])[:20] in flat
    # where the This edition box starts: the page that holds its title
    box = next(i + 1 for i in range(last, total)
               if "ThiseditionTherulepagesprint" in squash(columns_text(pdf, i)))
    assert f"(page{box})" in flat


@pytest.mark.parametrize("game", GAMES)
def test_the_leaf_speaks_to_players_not_to_the_tool(built, game):
    text = leaf_text(built(game))
    assert not re.search(r"\bpnp\b", text), f"{game}: the leaf names the tool"      # (a version "PnP 1.0" is the game's)
    for tool in ("--", "calibrate", "proof", "deck file", "offset", "inferred"):
        assert tool not in text.lower(), f"{game}: the leaf says {tool!r}"


@pytest.mark.parametrize("game", GAMES)
def test_the_leaf_is_set_for_reading(built, game):
    pdf = built(game)
    sizes = [c["size"] for i in range(LEAF) for c in pdfread.page_chars(pdf, i)[1]]
    assert sizes and min(sizes) >= 8 - 0.01


def test_an_optional_part_says_when_to_skip_its_pages(built):
    pdf = built("vasa-regalis")
    flat = squash(leaf_text(pdf))
    five_six = [i + 1 for i, p in enumerate(placements(pdf)) if p][4:]
    assert squash(f"5-6 player set (5–6 players): needed only for 5–6 players; skip pages {five_six[0]}–{five_six[-1]} "
                  "otherwise") in flat


def test_calibration_sheet_as_the_last_pages_on_request(tmp_path, built):
    plain = built("vasa-regalis")
    out = tmp_path / "cal.pdf"
    pnp_in_process("build", "vasa-regalis", "--calibration", "-o", out, check=True)
    n = len(page_sizes(plain))
    assert len(page_sizes(out)) == n + 2
    back = squash(" ".join(w.text for w in words(out, n + 1)))
    assert "Duplexcalibration—back" in back and "+10" in back
    assert "pnp" not in back and "--offset" not in back          # worded for a player holding the PDF
    flat = squash(leaf_text(out))
    assert squash(f"Backs not behind their fronts? Pages {n + 1} and {n + 2}: a calibration sheet.") in flat
    assert "calibration" not in leaf_text(plain)


def test_a_setup_too_long_for_the_leaf_is_one_error(tmp_path):
    """The leaf's sections run over its two pages; a setup (with the instructions before it) that no page
    can hold at its smallest size (leafpages.SMALLEST) is one line naming game.setup, exit status 2, nothing
    written."""
    from generator.printout.leafpages import SMALLEST
    from cli import copy_deck
    deck = copy_deck("vasa-regalis", tmp_path)
    y = deck / "deck.yaml"
    long = "\n".join(f"    {n}. Put the cards in a pile, then count them once more." for n in range(1, 75))
    words = " ".join(["Sort the cards by color, then by value, before you deal."] * 80)
    text = y.read_text(encoding="utf-8")
    start = text.index("  setup: |")
    end = text.index("\n\n", start)
    y.write_text(text[:start] + f"  instructions: \"{words}\"\n  setup: |\n" + long + text[end:], encoding="utf-8")
    proc = pnp_in_process("build", deck, "-o", tmp_path / "x.pdf")
    assert proc.returncode == 2, proc.stderr
    err = proc.stderr.strip()
    assert len(err.splitlines()) == 1 and "game.setup" in err and f"{SMALLEST:g}pt" in err, err
    assert not (tmp_path / "x.pdf").exists()


def test_a_deck_with_nothing_to_set_up_prints_no_setting_up_heading(tmp_path):
    """A designer's first deck: cards and a back, no game.setup, no instructions, no rules. The leaf's back
    has nothing to say under "Setting up", so it prints no such heading (it used to end the leaf, alone);
    the same deck with a setup prints the heading with the setup under it."""
    deck = tmp_path / "plain"
    deck.mkdir()
    cards = "\n".join(f"  - {{kind: card, title: Card {i}, value: {i}, colour: c0, text: Draw {i}.}}"
                      for i in range(1, 4))
    base = ("game: {title: Plain Deck, designer: Tester%s}\n"
            "palette: {c0: '#2f6b3b'}\n"
            "backs: {plain: {template: basic-back}}\n"
            "kinds:\n  card:\n    template: basic-card\n    back: plain\n    name: '{title}'\n"
            "    fields: {title: text, value: int, text: markup, colour: colour}\n"
            "cards:\n" + cards + "\n")
    (deck / "deck.yaml").write_text(base % "", encoding="utf-8")
    proc = pnp_in_process("build", deck, "-o", tmp_path / "plain.pdf")
    assert proc.returncode == 0, proc.stderr
    text = leaf_text(tmp_path / "plain.pdf")
    assert "Cutting" in text and "Setting up" not in text, text
    (deck / "deck.yaml").write_text(base % ", setup: Deal each player three cards.", encoding="utf-8")
    proc = pnp_in_process("build", deck, "-o", tmp_path / "set.pdf")
    assert proc.returncode == 0, proc.stderr
    flat = squash(leaf_text(tmp_path / "set.pdf"))
    assert squash("Setting up Deal each player three cards.") in flat, flat


def test_the_leaf_answers_what_issue_57_found_it_left_open(built):
    """A run of like sheets says what each holds ("Sheets 4–6 ... 9 promises (2–10) on each": it read as 9 in all);
    Royal Lines says where its three shared reference cards lie with 5 players ("one for each two neighbours");
    Christina Regina's setup lays each player's faction cards face down in a row, 1-2-3, as its rules do."""
    lines = squash(leaf_text(built("royal-lines")))
    assert squash("Sheets 4–6 (pages 9–14): 9 promises (2–10) on each") in lines
    assert squash("one for each pair of neighbours and one for a player left over: 1 card with 2 players, 2 with 3 "
                  "or 4, 3 with 5.") in lines
    regina = squash(leaf_text(built("christina-regina")))
    assert squash("lays it face down in a row in front of them: Copper (1), Silver (2), Gold (3) from left to "
                  "right.") in regina


@pytest.mark.parametrize("game", ["vasa-regalis", "christina-regina"])
def test_a_byline_never_breaks_its_version(built, game):
    """The byline's version ("version PnP 1.0") and player count stay on one line, and so does the rule pages'
    subtitle (issue 57: "version / PnP 1.0" wrapped on Vasa Regalis' and Christina Regina's leaves). The
    leaf's second line is read back, narrowed so that it must wrap somewhere."""
    from generator.printout.leaf import instructions
    deck = load_deck(game)
    version = deck.game.version
    pdf = built(game)
    line = [ln for ln in leaf_text(pdf).splitlines() if "version" in ln]
    assert line and version in line[0], line
    from printedrules import rule_pages
    first = pdfread.text_of(pdfread.page_chars(pdf, rule_pages(pdf)[0])[1], **SPACED)
    assert f"Rules · version {version}" in first.replace("\u00a0", " "), first[:200]
    from generator.impose.spec import sheet_spec
    byline = instructions(deck, [], sheet_spec("a4"), 3, 0).split("\n")[1]
    assert "version\u00a0" + version.replace(" ", "\u00a0") in byline, byline
    assert re.search(r"\d–\d\u00a0players", byline), byline
    assert byline.count("\u00a0· ") == byline.count("·"), byline      # a separator never starts a line
