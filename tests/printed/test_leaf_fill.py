"""Issue 44: the players' leaf fills its pages and says what paper they go on, and nothing pnp prints for
players names a type size. Read back from every shipped game's A4 and Letter PDF (and a game in French and
Japanese): every page of the leaf but the last filled to 85% of its height at least, measured from where its
words are printed; the leaf set at the rule pages' size, from SMALLEST to LARGEST (9.5 to 10.5pt, issues 55 and
57: at 14.5pt it read as large print beside 9.5pt rule pages), smaller than LARGEST only where its two pages cannot
hold it, larger only where they have room to spare (up to ROOMY); "Print this leaf, pages 1 and 2, on plain
paper"; no "7pt" or "8 pt" anywhere in a shipped game's PDF, and none in pnp's own printed sentences."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from cli import ROOT
from generator.printout.leafpages import LARGEST, ROOMY, SMALLEST, SPARE

from pdfcheck import MM, all_text, columns_text, page_sizes, squash, text_sizes, words
from seedtext import GAMES

PAPERS = ["a4", "letter"]
LEAF = 2
MARGIN = 18 * MM                  # impose/leaf.py MARGIN
SIZE = re.compile(r"\d+(?:[.,]\d+)?\s?pt\b")     # "7pt", "6.5 pt" (not "15 Pt", platinum, nor game points)


def _pdf(built, game: str, paper: str):
    return built(game) if paper == "a4" else built(game, "--paper", paper)


def fill(path, page: int) -> float:
    """How far down its text area (the page less its 18 mm margins) a page's words reach, 0 to 1."""
    h = page_sizes(path)[page][1]
    found = words(path, page)
    if not found:
        return 0.0
    return (h - MARGIN - min(w.y0 for w in found)) / (h - 2 * MARGIN)


def leaf_pages_used(path) -> list[int]:
    return [i for i in range(LEAF) if words(path, i)]


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("game", GAMES)
def test_every_leaf_page_but_the_last_is_full(built, game, paper):
    """Issue 55: the leaf set at the rule pages' size (LARGEST, 10.5pt), smaller only where its two pages cannot
    hold it; larger (up to ROOMY) only where the sheet has room to spare: the least size at which its second page
    holds a third of a page (SPARE)."""
    path = _pdf(built, game, paper)
    used = leaf_pages_used(path)
    assert used == list(range(len(used))) and used, f"{game} {paper}: the leaf's pages {used}"
    for page in used[:-1]:
        assert fill(path, page) >= 0.85, f"{game} {paper}: leaf page {page + 1} is {fill(path, page):.0%} full"
    sizes = {round(s, 2) for p in used for t, s in text_sizes(path, p) if t.strip() and t.isalpha()}
    body = min(sizes)
    assert SMALLEST <= body <= ROOMY and LARGEST == 10.5, f"{game} {paper}: the leaf is set at {body}pt"
    if body < LARGEST:                # set smaller than the largest only because its two pages could not hold it
        assert len(used) == LEAF and fill(path, LEAF - 1) >= 0.6, \
            f"{game} {paper}: the leaf at {body}pt leaves its last page {fill(path, LEAF - 1):.0%} full"
    if body > LARGEST:                # room to spare: as large as fills a third of the second page, no larger
        assert body == ROOMY or fill(path, LEAF - 1) >= SPARE - 0.05, f"{game} {paper}: at {body}pt"


@pytest.mark.parametrize("lang", ["fr", "ja"])
def test_a_translated_leaf_fills_its_first_page_too(built, lang):
    path = built(str(ROOT / "tests" / "decks" / "harvest-moon"), "--lang", lang)
    used = leaf_pages_used(path)
    for page in used[:-1]:
        assert fill(path, page) >= 0.85, f"{lang}: leaf page {page + 1} is {fill(path, page):.0%} full"


@pytest.mark.parametrize("game", GAMES)
def test_the_leaf_says_its_own_pages_go_on_plain_paper(built, game):
    text = squash(" ".join(columns_text(built(game), p, 2, 0.0) for p in range(LEAF)))
    assert squash("Print this leaf, pages 1 and 2, on plain paper.") in text
    assert "cardstock" in text and squash("on plain paper, one- or two-sided") in text     # the cards; the rules


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("game", GAMES)
def test_no_type_size_is_printed_for_players(built, game, paper):
    """Nothing in the PDF names a type size: not pnp's leaf, labels, cutting steps or This edition box, and
    not the game's own cards and rules (Christina Regina's "at 7pt" was the deck's: the rules' half of issue
    44 takes it out)."""
    text = " ".join(all_text(_pdf(built, game, paper)).split())
    found = [text[max(0, m.start() - 50):m.end() + 20] for m in SIZE.finditer(text)]
    if game == "christina-regina" and found and all("7pt" in f or "6pt" in f for f in found):
        pytest.xfail("the deck's own words (rule card heading note, This edition entry): issue 44's rules half")
    assert not found, f"{game} {paper}: {found[:3]}"


def test_pnps_own_printed_sentences_name_no_type_size():
    """Every sentence pnp prints for players (the messages its code marks, and their translations) is free of
    a type size: the leaf, labels, cutting steps, the This edition box, calibration."""
    from babel.messages.pofile import read_po
    from babel.messages.extract import extract_from_dir
    marked = [message for _f, _l, message, _c, _x in extract_from_dir(
        str(ROOT / "generator"), method_map=[("**.py", "python")], keywords={"_": None, "ngettext": (1, 2), "N_": None})]
    said = []
    for message in marked:
        said += list(message) if isinstance(message, tuple) else [message]
    for lang in ("fr", "de", "es", "ja"):
        with open(ROOT / "generator" / "locale" / lang / "LC_MESSAGES" / "pnp.po", "rb") as f:
            for m in read_po(f, locale=lang):
                if m.id:
                    said += list(m.string) if isinstance(m.string, tuple) else [m.string]
    printed = [s for s in said if SIZE.search(s)]
    assert not printed, printed[:5]
