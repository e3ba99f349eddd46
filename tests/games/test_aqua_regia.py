"""Aqua Regia built with the CLI and read back from the PDF: 64 metal cards in strength order with
their reactivity boxes, the reference cards, the field marker and board, backs behind fronts, the Japanese
title in real glyphs, and the inferred reactivity table marked in the deck."""
from __future__ import annotations

import pytest

from cli import copy_deck, pnp_in_process
from pdfcheck import MM, all_text, fonts, page_sizes, placements, squash, words, words_in

LEAF = 2
ORDER = ["Li", "K", "Ca", "Na", "Mg", "Al", "Zn", "Fe", "Ni", "Sn", "Pb", "Cu", "Hg", "Ag", "Pt", "Au"]
NAMES = ["Lithium", "Potassium", "Calcium", "Sodium", "Magnesium", "Aluminum", "Zinc", "Iron", "Nickel", "Tin",
         "Lead", "Copper", "Mercury", "Silver", "Platinum", "Gold"]
FIELDS = ("water", "vapor", "acid", "aqua_regia")
POKER = (63.5 * MM, 88.9 * MM)


@pytest.fixture(scope="module")
def pdf(built):
    return built("aqua-regia")


@pytest.fixture(scope="module")
def deck():
    from generator.deck import load_deck
    return load_deck("aqua-regia")


def sheet_fronts(pl) -> list[int]:
    """The fronts pages of the card sheets (the rule pages after them hold no cards)."""
    last = max(i for i, p in enumerate(pl) if p)
    return list(range(LEAF, last + 1, 2))


def fronts(path):
    """(page index, placement) of every card front, in print order."""
    pl = placements(path)
    return [(i, p) for i in sheet_fronts(pl) for p in pl[i]]


def metal_of(text: str) -> str | None:
    found = [n for n in NAMES if n in text.split()]
    return found[0] if len(found) == 1 and "STRENGTH" in text else None


def test_64_metal_cards_each_metal_four_times_in_strength_order(pdf):
    seen = []
    for page, p in fronts(pdf):
        text = words_in(pdf, page, p)
        name = metal_of(text)
        if name:
            rank = NAMES.index(name) + 1
            assert f"STRENGTH {rank} OF 16" in text, text
            assert ORDER[rank - 1] in text.split(), text
            assert (p.w, p.h) == (pytest.approx(POKER[0], abs=0.01), pytest.approx(POKER[1], abs=0.01))
            seen.append(name)
    assert len(seen) == 64
    assert seen == [n for n in NAMES for _ in range(4)]


def test_reactivity_boxes_read_back_large_in_field_order(pdf, deck):
    """The four big digits at the foot of each metal card, left to right, are the deck's values."""
    values = {c.fields["element"]: [c.fields[f] for f in FIELDS] for c in deck.cards if c.kind == "metal"}
    checked = 0
    for page, p in fronts(pdf):
        name = metal_of(words_in(pdf, page, p))
        if not name:
            continue
        digits = [w for w in words(pdf, page)
                  if p.x <= w.cx <= p.x + p.w and p.y <= w.cy <= p.y + 0.3 * p.h and w.text in ("0", "1", "2")]
        digits.sort(key=lambda w: w.x0)
        assert [int(w.text) for w in digits] == values[name], name
        assert all(w.y1 - w.y0 >= 28 for w in digits), "reactivity digits must be large (about 40pt)"
        labels = [w for w in words(pdf, page) if p.x <= w.cx <= p.x + p.w and p.y <= w.cy <= p.y + p.h
                  and w.text in ("WATER", "ACID", "AQUA")]
        assert [w.text for w in sorted(labels, key=lambda w: (w.x0, -w.y0))] == ["WATER", "WATER", "ACID", "AQUA"]
        checked += 1
    assert checked == 64


def test_backs_lie_behind_their_fronts(pdf):
    pl = placements(pdf)
    w_page = page_sizes(pdf)[LEAF][0]
    behind = 0
    for f in sheet_fronts(pl):
        backs = pl[f + 1]
        for p in pl[f]:
            want = (w_page - p.x - p.w, p.y)
            match = [q for q in backs if abs(q.x - want[0]) <= 0.2 * MM and abs(q.y - want[1]) <= 0.2 * MM]
            text = words_in(pdf, f, p)
            if "Field board" in text:
                assert match == []                     # the board is single-sided
                continue
            assert len(match) == 1, f"no back behind {text[:30]!r} on page {f + 1}"
            back = words_in(pdf, f + 1, match[0])
            if metal_of(text):
                assert "AQUA REGIA" in back and "アクアレギア" in back
                assert not any(n in back.split() for n in NAMES)   # a back never gives a metal away
            elif "Turn Summary" in text:
                assert "IT Reference" in back and "Ionization tendency" in back
            elif "NORMAL" in text:
                assert "REVERSED" in back and "↺" in back
            behind += 1
    assert behind == 64 + 5 + 1


def test_japanese_title_rendered_with_real_glyphs(pdf):
    used = fonts(pdf)
    kana = [name for name in used if "PnpKana" in name]
    assert kana and all(used[name] for name in kana), used
    assert "アクアレギア" in all_text(pdf)
    board_page = [i for i, p in fronts(pdf) if "Field board" in words_in(pdf, i, p)]
    assert len(board_page) == 1
    ws = words(pdf, board_page[0])
    en = [w for w in ws if w.text == "REGIA"]
    ja = [w for w in ws if "アクアレギア" in w.text]
    assert en and ja
    # beside: on the same line, the Japanese to the right of the English
    assert any(abs(j.cy - e.cy) < 4 * MM and j.x0 > e.x1 for j in ja for e in en)


def test_a_kanji_in_the_kana_title_fails_the_build_naming_the_card(tmp_path):
    folder = copy_deck("aqua-regia", tmp_path)
    y = folder / "deck.yaml"
    text = y.read_text()
    assert "&title-ja アクアレギア" in text
    y.write_text(text.replace("&title-ja アクアレギア", "&title-ja アクア王レギア"))
    out = tmp_path / "x.pdf"
    proc = pnp_in_process("build", folder, "-o", out)
    assert proc.returncode == 2, proc.stderr
    err = proc.stderr.strip()
    assert len(err.splitlines()) == 1 and "Traceback" not in err
    assert "card 'Lithium'" in err and "U+738B" in err and "kana" in err and "deck.yaml" in err
    assert not out.exists()


def test_board_shows_both_orders_and_marker_spots(pdf):
    (page, board), = [(i, p) for i, p in fronts(pdf) if "Field board" in words_in(pdf, i, p)]
    assert board.w == pytest.approx(190 * MM, abs=0.01) and board.h == pytest.approx(262 * MM, abs=0.01)
    text = squash(words_in(pdf, page, board))
    for name in ("Water", "WaterVapor", "Acid", "AquaRegia"):
        assert name in text
    assert squash("Water → Water Vapor → Acid → Aqua Regia → Water") in text
    assert squash("Aqua Regia → Acid → Water Vapor → Water → Aqua Regia") in text
    assert text.count("marker") >= 4 and "↻" in text and "↺" in text
    # the four arrowheads of each ring: normal (clockwise) and reversed
    heads = [w.text for w in words(pdf, page) if w.text in ("▶", "◀", "▲", "▼")]
    assert sorted(heads) == sorted(["▶", "◀", "▲", "▼"] * 2)


def test_reference_cards_order_and_turn_summary(pdf):
    refs = [(i, p) for i, p in fronts(pdf) if "Turn Summary" in words_in(pdf, i, p)]
    assert len(refs) == 5
    text = squash(words_in(pdf, *refs[0]))
    for passage in ["Play as many cards as the last play, or one more, all of one metal, each:",
                    "of reactivity other than 0 to the field;",
                    "stronger than the last play;",
                    # issue 44: read alone, the card said nothing against leading two cards of reactivity 1
                    "reactivity 1: single card only, not onto a play of several.",
                    "Reverse Change: the same card played 4 at once reverses the field order.",
                    "Pass: draw 1 card (if any are left); this edition: you may still play on a later turn.",
                    # issue 44: the discard pile is face up and open to search (Metal Precipitation takes from it)
                    "Metal Precipitation: discard 1 card and take a stronger one from the discard pile (face up, "
                    "open to all), not a metal with all 4 there.",
                    "Field change: when all others have passed and the turn is back with the last player who played, "
                    "that player becomes the dealer",
                    # the field changes when no one can lead (issue 32: the rule was only in the This edition box);
                    # issue 44: and who leads then
                    "No lead: if no one can lead, the field moves one step too and the first dealer leads.",
                    "the dealer plays first (several cards only of reactivity 2+).",
                    # issue 44: a dealer who cannot lead
                    "No playable card: the role of dealer passes left, with no card drawn.",
                    "End: the first player to run out of cards wins."]:
        assert squash(passage) in text, passage
    # the order side: left column then right column reads weakest to strongest
    pl = placements(pdf)
    page, front = refs[0]
    w_page = page_sizes(pdf)[page][0]
    back = [q for q in pl[page + 1] if abs(q.x - (w_page - front.x - front.w)) < 0.2 * MM and abs(q.y - front.y) < 0.2 * MM][0]
    ws = [w for w in words(pdf, page + 1) if back.x <= w.cx <= back.x + back.w and back.y <= w.cy <= back.y + back.h]
    mid = back.x + back.w / 2
    symbols = []
    for column in (lambda w: w.cx < mid, lambda w: w.cx >= mid):
        col = sorted((w for w in ws if column(w)), key=lambda w: -w.cy)
        for w in col:
            sym = w.text.lstrip("0123456789")
            if sym in ORDER and sym not in symbols:
                symbols.append(sym)
    assert symbols == ORDER


def test_letter_paper_fits_the_board(built):
    out = built("aqua-regia", "--paper", "letter")
    assert all(s == (pytest.approx(612.0), pytest.approx(792.0)) for s in page_sizes(out))
    assert any(abs(p.w - 190 * MM) < 0.01 for page in placements(out) for p in page)


def test_deck_metal_fields_and_inferred_table(deck):
    metals = [c for c in deck.cards if c.kind == "metal"]
    assert [c.fields["symbol"] for c in metals] == ORDER
    assert [c.fields["rank"] for c in metals] == list(range(1, 17))
    assert all(c.copies == 4 and set(c.fields) == {"symbol", "element", "rank", *FIELDS} for c in metals)
    table = [i for i in deck.inferred if "reactivity" in i.subject.lower()]
    assert len(table) == 1
    assert "0 = " in table[0].note and "1 = " in table[0].note and "2 = " in table[0].note


def test_reactivity_table_follows_the_stated_rule(deck):
    """The rule in the deck's comment and inferred note, applied to the chemistry facts of games.md:
    2 = reacts outright, 1 = reacts only in a limited way, 0 = does not react. Silver in aqua regia is
    coated by insoluble silver chloride, as lead is by its salt in acid: 1, like lead's (issue 24)."""
    outright = {"water": ORDER[:4], "vapor": ORDER[:8], "acid": ORDER[:10],
                "aqua_regia": [s for s in ORDER if s != "Ag"]}
    limited = {"water": ["Mg"], "vapor": [], "acid": ["Pb", "Cu", "Hg", "Ag"], "aqua_regia": ["Ag"]}
    for c in (c for c in deck.cards if c.kind == "metal"):
        for f in FIELDS:
            want = 2 if c.fields["symbol"] in outright[f] else 1 if c.fields["symbol"] in limited[f] else 0
            assert c.fields[f] == want, (c.name, f)
