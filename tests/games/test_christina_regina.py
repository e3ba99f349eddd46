"""Christina Regina built and read back: six sheets in the original print order, backs per
kind (court backs show their group only; faction and dagger backs give nothing away), two rule cards
with text on both sides, each back behind its own front, and all four rule texts of the seed in full.
The rule cards carry the four rule texts in short, at 7pt or more (the original's full texts need
about one and a half poker cards a side at that size); the rule pages print them in full; what this
edition settles (the card at stake, who starts, the four scoring steps) is printed on the cards.

The expectations come from the seed (print list, rule texts) and research/games.md (characters),
not from deck.yaml, so a wrong deck fails here.
"""
from __future__ import annotations

import re

import pytest
import yaml

from cli import ROOT, TESTS
from pdfcheck import MM, Word, columns_text, page_sizes, placements, plumber_words, squash, words

SEED = TESTS / "seeds" / "christina-regina.txt"     # a copy of ../shared/seeds (tests/seeds/README.md)
DECK = ROOT / "decks" / "christina-regina" / "deck.yaml"
COLOURS = ["blue", "red", "green", "black", "purple"]
GROUPS = {1: "Copper", 2: "Silver", 3: "Gold"}
# research/games.md: which character is which colour (inferred there from the seed's order)
CHARACTERS = {
    "blue": [("THE PHILOSOPHER", "René Descartes"), ("THE POET", "Georg Stiernhielm"), ("THE SCIENTIST", "Olof Rudbeck")],
    "red": [("THE FAVORITE", "Magnus de la Gardie"), ("THE MATCH", "Fredrik Vilhelm"), ("THE SUITOR", "Karl Gustav")],
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
            assert GROUPS[value] in words and str(value) in words and "Non-colored" in text, where
            assert not any(c.capitalize() in words for c in COLOURS), where
        elif kind == "action":
            assert all(a in text for a in ("Agitation", "Manipulation", "Persuasion")), where
        elif kind == "dagger":
            assert "DAGGER" in words and colour.capitalize() in words, where
        else:
            assert f"Rule Card {2 * value - 1} ·" in text, where


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


# each side's heading says where its full text starts: the rule page, as the rule pages' footers number them
# (tests/test_rulings.py checks that each rule text starts on that page)
HEADING_TAIL = {1: "in short (in full: rules, p. 1)", 2: "in short (in full: rules, p. 1)",
                3: "in short (in full: rules, p. 2)", 4: "in short (in full: rules, p. 2)"}


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
    fx, fy = _phrase_centre(pdf, f, p, f"Rule Card {front} · {HEADING_TAIL[front]}")     # the heading line, centred
    bx, by = _phrase_centre(pdf, b, q, f"Rule Card {back} · {HEADING_TAIL[back]}")
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


def _unmarked(line: str) -> str:
    """A seed or deck line's words as a reader sees them: no bold markers, no list dashes."""
    return re.sub(r"^\s*-\s+", "", line.replace("**", "").replace("*", ""))


def _plain(line: str) -> str:
    return squash(_unmarked(line))


def _rule_pages_text(pdf) -> str:
    """The rule pages (after the card sheets), column by column, up to the This edition box."""
    last = card_pages(pdf)[-1][1]
    text = squash(" ".join(columns_text(str(pdf), i) for i in range(last + 1, len(page_sizes(pdf)))))
    return text[:text.index(squash("This edition The rule pages print"))].replace("•", "")


def test_corrections_are_real_typos_of_the_seed(pdf):
    """Each correction quotes the seed's words (as a reader sees them, without the transcription's bold
    markers), and the printout prints its corrected words: the rule pages (the cards carry the rules in short),
    or, for a card's own words (a title's spelling), the cards."""
    seed = "\n".join(_unmarked(ln) for ln in SEED.read_text(encoding="utf-8").splitlines()) + "\n"
    fixes = _corrections()
    assert len(fixes) >= 3
    printed = _rule_pages_text(pdf)
    from pdfcheck import all_text
    everywhere = _plain(all_text(pdf))
    for fix in fixes:
        assert fix["seed"] in seed, fix
        assert fix["seed"] != fix["printed"]
        assert _plain(fix["printed"]) in (printed if fix["about"].startswith("Rule Card") else everywhere), fix


@pytest.mark.parametrize("number", [1, 2, 3, 4])
def test_rule_texts_appear_in_full_on_the_rule_pages(pdf, number):
    """Every line of the seed's four rule texts, corrected, is on the rule pages (issue 32: the cards carry
    them in short, at 7pt)."""
    sections = _seed_rule_texts()
    assert sorted(sections) == [1, 2, 3, 4]
    printed = _rule_pages_text(pdf)
    seed = "\n".join(_unmarked(ln) for ln in sections[number]) + "\n"
    for fix in _corrections():
        seed = seed.replace(fix["seed"], fix["printed"])
    missing = [ln for ln in seed.splitlines() if ln.strip() and squash(ln) not in printed]
    assert not missing, f"Rule Card {number}: lines not on the rule pages: {missing}"


# Every rule of each rule text, as its card says it in short (issue 32): the card is read at the table.
IN_SHORT = {
    1: ["1.1 Court Cards (27)", "non-colored or colored (blue, red, green, black and purple)",
        "three groups Copper (1), Silver (2) and Gold (3)", "Sort the court cards by group, shuffle and place face down.",
        "Turn the top two cards in each stack face up. They form the court stacks.", "1.2 Faction Cards (15)",
        "Sort them in 5 piles by color, face down", "Each player picks 1 pile (3 cards of the same color)",
        "discarded without being disclosed", "1.3 Action Cards (5)", "Give each player 1 action card",
        "1.4 Dagger Cards (5)", "Put the dagger cards aside until used.", "Faction cards are kept hidden",
        "Action cards are kept open", "Dagger cards are only used in assassinations."],
    2: ["the more points that faction scores at the end of the game", "one (and only one) of the following",
        "Draw: Draw the top court card of one stack and move the top court card of another stack face down to its bottom.",
        "Players may not draw if a stack is depleted.", "a) Drawn non-colored cards are discarded.",
        "b) Drawn colored cards go to the influence stacks", "Action: Discard your action card (you may not use it again)",
        "Assassination: Attempt 1 assassination on 1 other player's faction",
        "turn face up the top two cards of each court stack", "Players may only pass if a court stack is depleted",
        "If all pass, the game ends."],
    3: ["by guessing his or her color.", "No one else may see the cards.", "names a victim and a faction card number.",
        "The card must be untilted.", "gives the victim the guessed color's dagger to look at.",
        "gives the assassin his or her faction card of that number to look at.",
        "without revealing any cards or colors.", "a) Successful: the victim tilts his or her faction card of that number.",
        "b) Failed: the assassin tilts his or her faction card of that number.",
        "Both return the dagger cards face down.", "No second assassination on the same victim",
        "Tilted faction cards stay hidden until the end."],
    4: ["The game ends when all players pass consecutively", "a court stack is depleted",
        "The scoring is done in four steps", "Resolve assassinations: Flip the tilted faction cards.",
        "remove the corresponding topmost court card.", "Reveal factions: Flip the untilted faction cards.",
        "Score factions: Score one influence stack at the time", "3 points to the top faction, 2 to the second",
        "A faction no player plays is scored anyway.", "Red scores 3, Black 1.", "The player who scored the most wins.",
        "most 3 points, then most 2 points", "Queen Christina wins herself!"],
}


def _rule_card_text(pdf, number: int) -> str:
    rule_cards = [(f, p, b, q) for (f, p, b, q), (kind, _, _) in zip(all_cards(pdf), _expected_order())
                  if kind == "rule"]
    f, p, b, q = rule_cards[(number - 1) // 2]
    return squash(card_text(pdf, *((f, p) if number % 2 else (b, q)))).replace("•", "")


@pytest.mark.parametrize("number", [1, 2, 3, 4])
def test_rule_cards_carry_every_rule_in_short(pdf, number):
    text = _rule_card_text(pdf, number)
    assert squash(f"Rule Card {number} · in short") in text
    missing = [phrase for phrase in IN_SHORT[number] if squash(phrase) not in text]
    assert not missing, f"Rule Card {number}: not on the card: {missing}"


def test_rule_card_3_says_which_card_is_tilted(pdf):
    """The seed's "tilt his or her assassin faction card" (the victim is no assassin) is printed as the card
    of the number named, on the card and the rule pages; both players' cards of that number must be untilted."""
    card, pages = _rule_card_text(pdf, 3), _rule_pages_text(pdf)
    assert "assassinfactioncard" not in card and "assassinfactioncard" not in pages
    assert card.count(squash("tilts his or her faction card of that number.")) == 2
    assert pages.count(squash("must tilt his or her faction card of the number named in step 1.")) == 2
    assert squash("This edition: both players' cards of that number.") in card
    assert squash("This edition: the assassin's and the victim's cards of that number must both be untilted.") in pages


def test_rule_cards_2_and_4_print_what_this_edition_settles(pdf):
    assert squash("This edition: anyone may start; turns pass left.") in _rule_card_text(pdf, 2)
    assert squash("This edition: any player may take the first turn; turns then pass to the left.") \
        in _rule_pages_text(pdf)
    # the fourth step is numbered and named, marked as this edition's (issue 44: no note about the text)
    for text in (_rule_card_text(pdf, 4), _rule_pages_text(pdf)):
        assert squash("The scoring is done in four steps:") in text
        assert squash("4. Winner (this edition): The player who scored the most") in text
        assert "thethreebelow" not in text


def test_one_spelling_on_the_cards(pdf):
    """American, as the rules (color, colored): no British colour on any card, and the red Copper character's
    title made American too (THE FAVORITE, a correction the This edition box lists)."""
    text = " ".join(card_text(pdf, f, p) + " " + card_text(pdf, b, q) for f, p, b, q in all_cards(pdf)).lower()
    assert "colour" not in text and "colored" in text
    assert "favourite" not in text and "the favorite" in text


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
    """Bold from the seed's markup stays bold; rule text never drops below 7pt (issue 32)."""
    f, p, b, q = [c for c, (kind, _, _) in zip(all_cards(pdf), _expected_order()) if kind == "rule"][0]
    words = _styled_words(str(pdf), *((f, p) if side == "front" else (b, q)))
    assert words and min(size for _, _, size in words) >= 7 - 0.01
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
