"""Issue 5: Christina Regina built and read back: six sheets in the original print order, backs per
kind (court backs show their group only; faction and dagger backs give nothing away), two rule cards
with text on both sides, each back behind its own front, and all four rule texts of the seed in full.

The expectations come from the seed (print list, rule texts) and research/games.md (characters),
not from deck.yaml, so a wrong deck fails here.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from cli import ROOT
from pdfcheck import MM, Word, page_sizes, placements, plumber_words, squash, words

SEED = Path(__file__).resolve().parent / "seeds" / "christina-regina.txt"     # a copy of ../shared/seeds (tests/seeds/README.md)
DECK = ROOT / "decks" / "christina-regina" / "deck.yaml"
COLOURS = ["blue", "red", "green", "black", "purple"]
GROUPS = {1: "Copper", 2: "Silver", 3: "Gold"}
# research/games.md: which character is which colour (inferred there from the seed's order)
CHARACTERS = {
    "blue": [("THE PHILOSOPHER", "René Descartes"), ("THE POET", "Georg Stiernhielm"), ("THE SCIENTIST", "Olof Rudbeck")],
    "red": [("THE FAVOURITE", "Magnus de la Gardie"), ("THE MATCH", "Fredrik Vilhelm"), ("THE SUITOR", "Karl Gustav")],
    "green": [("THE LATE KING", "Gustav Adolf"), ("THE CHANCELLOR", "Axel Oxenstierna"),
              ("THE DIPLOMAT", "Johan Adler Salvius")],
    "black": [("THE TUTOR", "Johannes Matthiae"), ("THE JESUIT", "Paolo Casati"), ("THE CONFIDANT", "Antonio Pimentel")],
    "purple": [("THE WIDOW QUEEN", "Maria Eleonora"), ("THE COMPANION", "Ebba Levenhaupt"), ("THE FRIEND", "Ebba Sparre")],
}


def _expected_order():
    """The seed's print list, card by card: (kind, colour or None, value or None)."""
    def faction(c):
        return [("faction", c, v) for v in (1, 2, 3)]

    def court(c):
        return [("court", c, v) for v in (1, 2, 3)]
    return [
        # sheet 1: faction cards (3 blue, 3 red, 3 green)
        *faction("blue"), *faction("red"), *faction("green"),
        # sheet 2: faction cards (3 black, 3 purple), court cards (3 blue)
        *faction("black"), *faction("purple"), *court("blue"),
        # sheet 3: court cards (3 red, 3 green, 3 black)
        *court("red"), *court("green"), *court("black"),
        # sheet 4: court cards (3 purple, 3 copper, 3 silver)
        *court("purple"), *[("plain", None, 1)] * 3, *[("plain", None, 2)] * 3,
        # sheet 5: court cards (1 silver, 5 gold), action cards (3)
        ("plain", None, 2), *[("plain", None, 3)] * 5, *[("action", None, None)] * 3,
        # sheet 6: action cards (2), dagger cards (5), rule cards (2)
        *[("action", None, None)] * 2, *[("dagger", c, None) for c in COLOURS], ("rule", None, 1), ("rule", None, 2),
    ]


@pytest.fixture(scope="module")
def pdf(built):
    return built("christina-regina")


def _words(path: str, page: int) -> list[Word]:
    return words(path, page)


def _in(w, p, margin=0.0):
    return p.x - margin <= w.cx <= p.x + p.w + margin and p.y - margin <= w.cy <= p.y + p.h + margin


def card_words(path, page, p) -> list:
    return [w for w in _words(str(path), page) if _in(w, p)]


def card_text(path, page, p) -> str:
    """A card's words in reading order: lines top to bottom (grouped by baseline), each left to right."""
    ws = sorted(card_words(path, page, p), key=lambda w: -w.y0)
    lines, line = [], []
    for w in ws:
        if line and abs(line[0].y0 - w.y0) > 1.0:
            lines.append(line)
            line = []
        line.append(w)
    if line:
        lines.append(line)
    return " ".join(" ".join(w.text for w in sorted(ln, key=lambda w: w.x0)) for ln in lines)


def card_pages(path):
    """(fronts page, backs page) per sheet: the pages that hold cards, in pairs."""
    pl = placements(path)
    used = [i for i, page in enumerate(pl) if page]
    return list(zip(used[0::2], used[1::2]))


def reading_order(page):
    return sorted(page, key=lambda p: (-round(p.y, 1), round(p.x, 1)))


def behind(path, front_page, back_page, p):
    """The placement on the backs page that lies behind front placement p (long-edge duplex)."""
    width = page_sizes(path)[front_page][0]
    want = (width - p.x - p.w, p.y)
    match = [q for q in placements(path)[back_page]
             if abs(q.x - want[0]) <= 0.2 * MM and abs(q.y - want[1]) <= 0.2 * MM]
    assert len(match) == 1, f"no single back behind the front at ({p.x:.1f}, {p.y:.1f}) on page {front_page + 1}"
    return match[0]


def all_cards(path):
    """[(front page, front placement, back page, back placement)] in print order."""
    out = []
    for f, b in card_pages(path):
        for p in reading_order(placements(path)[f]):
            out.append((f, p, b, behind(path, f, b, p)))
    return out


def test_six_sheets_twelve_card_pages(pdf):
    pl = placements(pdf)
    used = [len(page) for page in pl if page]
    assert used == [9] * 12
    assert len(card_pages(pdf)) == 6
    # fronts and backs alternate: every card page is followed by its backs page
    first = next(i for i, page in enumerate(pl) if page)
    assert all(pl[i] for i in range(first, first + 12))


def test_every_card_in_the_original_print_order(pdf):
    cards = all_cards(pdf)
    expected = _expected_order()
    assert len(cards) == len(expected) == 54
    for n, ((f, p, _, _), (kind, colour, value)) in enumerate(zip(cards, expected)):
        text = card_text(pdf, f, p)
        words = text.split()
        where = f"card {n + 1} (sheet {n // 9 + 1}, slot {n % 9 + 1}): {text!r}"
        if kind in ("faction", "court"):
            title, character = CHARACTERS[colour][value - 1]
            assert colour.capitalize() in words, where          # the colour in words, not only in ink
            assert GROUPS[value] in text and str(value) in words, where
            assert title in text and character in text, where
            assert ("FACTION" in words) == (kind == "faction"), where
            others = [c.capitalize() for c in COLOURS if c != colour]
            assert not any(o in words for o in others), where
        elif kind == "plain":
            assert GROUPS[value] in words and str(value) in words and "Non-coloured" in text, where
            assert not any(c.capitalize() in words for c in COLOURS), where
        elif kind == "action":
            assert all(a in text for a in ("Agitation", "Manipulation", "Persuasion")), where
        elif kind == "dagger":
            assert "DAGGER" in words and colour.capitalize() in words, where
        else:
            assert f"Rule Card {2 * value - 1}." in text, where


def test_court_cards_each_colour_once_per_group(pdf):
    seen = {}
    for (f, p, _, _), (kind, _, _) in zip(all_cards(pdf), _expected_order()):
        words = card_text(pdf, f, p).split()
        if kind == "court":         # the coloured court cards: read their colour and group off the card
            colour = next(c for c in COLOURS if c.capitalize() in words)
            group = next(g for g in GROUPS.values() if g in words)
            seen[(colour, group)] = seen.get((colour, group), 0) + 1
    assert seen == {(c, g): 1 for c in COLOURS for g in GROUPS.values()}


def _back_words(pdf, b, q):
    return [w.text for w in card_words(pdf, b, q)]


def test_court_backs_show_only_their_group(pdf):
    forms = {}
    expected = _expected_order()
    for (f, p, b, q), (kind, colour, value) in zip(all_cards(pdf), expected):
        if kind not in ("court", "plain"):
            continue
        assert _back_words(pdf, b, q) == [GROUPS[value]], f"court back of {kind} {colour} {value}"
        forms.setdefault(GROUPS[value], set()).add(q.form)
    # one back per group, the same for coloured and non-coloured cards: the back tells nothing more
    assert {g: len(v) for g, v in forms.items()} == {"Copper": 1, "Silver": 1, "Gold": 1}
    assert len(set.union(*forms.values())) == 3


@pytest.mark.parametrize("kind", ["faction", "dagger"])
def test_hidden_backs_show_neither_colour_nor_number(pdf, kind):
    forms = set()
    for (f, p, b, q), (k, colour, value) in zip(all_cards(pdf), _expected_order()):
        if k != kind:
            continue
        text = " ".join(_back_words(pdf, b, q))
        assert text, "a back with no words at all"
        assert kind.capitalize() in text.split()
        assert not re.search(r"\d", text), text
        lowered = text.lower()
        assert not any(c in lowered for c in COLOURS), text
        assert not any(g.lower() in lowered for g in GROUPS.values()), text
        forms.add(q.form)
    # every back of the kind is one and the same drawing: no tint or mark tells one card from another
    assert len(forms) == 1


def _phrase_centre(pdf, page, p, phrase):
    """Centre of the words of `phrase` (consecutive on one line) inside placement p."""
    ws = sorted(card_words(pdf, page, p), key=lambda w: (-round(w.y0), w.x0))
    parts = phrase.split()
    for i in range(len(ws) - len(parts) + 1):
        run = ws[i:i + len(parts)]
        if [w.text for w in run] == parts and max(w.y0 for w in run) - min(w.y0 for w in run) < 0.5:
            return ((min(w.x0 for w in run) + max(w.x1 for w in run)) / 2,
                    (min(w.y0 for w in run) + max(w.y1 for w in run)) / 2)
    raise AssertionError(f"'{phrase}' not found on page {page + 1}")


@pytest.mark.parametrize("front, back", [(1, 2), (3, 4)])
def test_rule_text_back_lies_behind_its_front(pdf, front, back):
    f, b = card_pages(pdf)[-1]
    width = page_sizes(pdf)[f][0]
    rules = [(p, q) for (ff, p, bb, q), (kind, _, _) in zip(all_cards(pdf), _expected_order()) if kind == "rule"]
    p, q = rules[(front - 1) // 2]
    fx, fy = _phrase_centre(pdf, f, p, f"Rule Card {front}.")
    bx, by = _phrase_centre(pdf, b, q, f"Rule Card {back}.")
    assert abs((width - fx) - bx) <= 0.2 * MM and abs(fy - by) <= 0.2 * MM


def _seed_rule_texts() -> dict:
    """{n: [lines]} for the seed's 'Rule Card n.' sections (each runs to the next one or the file's end)."""
    text = SEED.read_text(encoding="utf-8")
    heads = list(re.finditer(r"^Rule Card (\d)\. .*$", text, re.M))
    out = {}
    for i, m in enumerate(heads):
        end = heads[i + 1].start() if i + 1 < len(heads) else len(text)
        out[int(m.group(1))] = [ln for ln in text[m.start():end].splitlines() if ln.strip()]
    return out


def _corrections():
    return yaml.safe_load(DECK.read_text(encoding="utf-8")).get("corrections") or []


def _plain(line: str) -> str:
    """A seed or deck line as a reader sees it: no bold markers, no list dashes."""
    return squash(re.sub(r"^\s*-\s+", "", line.replace("**", "").replace("*", "")))


def test_corrections_are_real_typos_of_the_seed(pdf):
    seed = SEED.read_text(encoding="utf-8")
    fixes = _corrections()
    assert len(fixes) >= 3
    printed = squash(" ".join(card_text(pdf, f, p) + " " + card_text(pdf, b, q) for f, p, b, q in all_cards(pdf)))
    for fix in fixes:
        assert fix["seed"] in seed, fix
        assert fix["seed"] != fix["printed"]
        assert _plain(fix["printed"]) in printed, fix


@pytest.mark.parametrize("number", [1, 2, 3, 4])
def test_rule_texts_appear_in_full(pdf, number):
    sections = _seed_rule_texts()
    assert sorted(sections) == [1, 2, 3, 4]
    rule_cards = [(f, p, b, q) for (f, p, b, q), (kind, _, _) in zip(all_cards(pdf), _expected_order())
                  if kind == "rule"]
    f, p, b, q = rule_cards[(number - 1) // 2]
    page, place = (f, p) if number % 2 else (b, q)
    printed = squash(card_text(pdf, page, place)).replace("•", "")
    seed = "\n".join(sections[number]) + "\n"
    for fix in _corrections():
        seed = seed.replace(fix["seed"], fix["printed"])
    missing = [ln for ln in seed.splitlines() if ln.strip() and _plain(ln) not in printed]
    assert not missing, f"Rule Card {number}: lines not on the card: {missing}"


def _styled_words(path: str, page: int, p):
    """(text, font, size) of each word inside placement p; a change of font starts a new word."""
    h, found = plumber_words(path, page, styled=True)
    out = []
    for w in found:
        cx, cy = (float(w["x0"]) + float(w["x1"])) / 2, h - (float(w["top"]) + float(w["bottom"])) / 2
        if p.x <= cx <= p.x + p.w and p.y <= cy <= p.y + p.h:
            out.append((w["text"], w["fontname"], float(w["size"])))
    return out


@pytest.mark.parametrize("side, phrase", [("front", "court stacks"), ("back", "influence stacks")])
def test_rule_cards_keep_the_seed_emphasis_and_a_readable_size(pdf, side, phrase):
    """Bold from the seed's markup stays bold; rule text never drops below 5.5pt."""
    f, p, b, q = [c for c, (kind, _, _) in zip(all_cards(pdf), _expected_order()) if kind == "rule"][0]
    words = _styled_words(str(pdf), *((f, p) if side == "front" else (b, q)))
    assert words and min(size for _, _, size in words) >= 5.5 - 0.01
    parts = phrase.split()
    runs = [words[i:i + len(parts)] for i in range(len(words)) 
            if [w[0].strip(".,;:") for w in words[i:i + len(parts)]] == parts]
    assert runs, f"'{phrase}' not found as separate words on the rule card's {side}"
    assert all("Bold" in font for run in runs for _, font, _ in run), runs


def test_text_inside_the_safe_area(pdf):
    safe = 3 * MM - 0.3 * MM        # glyph boxes include the font's ascent and descent
    for f, p, b, q in all_cards(pdf):
        for page, place in ((f, p), (b, q)):
            for w in card_words(pdf, page, place):
                assert place.x + safe <= w.x0 and w.x1 <= place.x + place.w - safe, (page, w)
                assert place.y + safe <= w.y0 and w.y1 <= place.y + place.h - safe, (page, w)
