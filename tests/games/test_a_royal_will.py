"""A Royal Will built and read back from the PDF: 25 character cards, 6 check-up charts,
12 two-sided tokens, 66 coins and the game trackers as round chits with their own cut guides."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

import pytest

from pdfcheck import (MM, Placed, all_text, columns_text, lines, page_sizes, placements, plumber_words, sheet_ops,
                      squash, text_pages)
from generator.deck import load_deck

LEAF = 2
POKER = (63.5 * MM, 88.9 * MM)
CHART = (66 * MM, 134 * MM)
TOKEN = (30 * MM, 30 * MM)      # tokens and trackers
COIN = (22 * MM, 22 * MM)

# The seven characters and how many of each the game has (the rules and published reviews).
CHARACTERS = {"Advisor": 4, "Executor": 4, "Solicitor": 4, "Tax Collector": 4, "Heir": 4, "Forger": 4,
              "The Sleight": 1}
# A phrase of each character's action, and of the coin-count rules, as the seed words them.
ACTIONS = {
    "Advisor": "Predict whether The Will is",
    "Executor": "Swap the position of any 2 face down Coin Cards without looking at or revealing the cards.",
    "Solicitor": "Place a ‘+/-’ token next to the player you choose.",
    "Tax Collector": "Move 1 coin from a player’s Inheritance into The Assets or into The Bank.",
    "Heir": "You cannot be the target of any character actions this entire Will.",
    "Forger": "perform a wager by placing at least 1 or more coins from your Inheritance on top of this card.",
    "The Sleight": "take the remaining coins from The Assets and add them to your Inheritance.",
}
COIN_RULES = {
    "Forger": "You are always guaranteed 1 coin.",
    "The Sleight": "The Sleight has a coin count of 0. When The Sleight is revealed, The Will is automatically bust",
}
ASSETS = {2: 5, 3: 7, 4: 10, 5: 12, 6: 15}


@dataclass(frozen=True)
class Item:
    page: int
    placed: Placed
    text: str           # the words drawn inside it, line by line from the top

    def is_size(self, size) -> bool:
        return abs(self.placed.w - size[0]) < 0.05 and abs(self.placed.h - size[1]) < 0.05


def _lines_of(words) -> str:
    """Words (text, x0, cy) grouped into lines by their vertical centre, top line first, so that
    words of mixed sizes on one row stay one line."""
    rows: list[list] = []
    for w in sorted(words, key=lambda w: -w[2]):
        if rows and abs(rows[-1][0] - w[2]) < 3.0:
            rows[-1][1].append(w)
        else:
            rows.append([w[2], [w]])
    return "\n".join(" ".join(w[0] for w in sorted(r, key=lambda w: w[1])) for _, r in rows)


def read(path, only=None) -> list[Item]:
    """Every placed face with its text, reading each page's words once; only(page's placements, page number): read
    only the pages it says yes to (pdfplumber's words cost ~0.1-0.3 s a sheet)."""
    items = []
    pl = placements(path)
    for i in range(len(pl)):
        if not pl[i] or (only is not None and not only(pl, i)):
            continue
        h, found = plumber_words(path, i)
        words = [(w["text"], float(w["x0"]), float(w["x1"]), h - (float(w["top"]) + float(w["bottom"])) / 2)
                 for w in found]
        for p in pl[i]:
            inside = [(t, x0, cy) for t, x0, x1, cy in words
                      if p.x <= (x0 + x1) / 2 <= p.x + p.w and p.y <= cy <= p.y + p.h]
            items.append(Item(i, p, _lines_of(inside)))
    return items


def words_at(path, page: int, box) -> list[str]:
    """The words whose centre lies in box = (x, y, w, h), page coordinates from the bottom-left."""
    x, y, w, h = box
    H, found = plumber_words(path, page)
    return [t["text"] for t in found
            if x <= (t["x0"] + t["x1"]) / 2 <= x + w and y <= H - (t["top"] + t["bottom"]) / 2 <= y + h]


def guides(path, page: int) -> list[tuple[float, float, float, float]]:
    """Round cut guides drawn on the page itself (not inside a face): the (x0, y0, x1, y1) box of each
    closed path of curves, from its start point and every control point; a guide is stroked twice, a white
    band and the grey line on it (render/draw.py HALO), and counted once."""
    out, pts = [], []
    for args, op in sheet_ops(path, page):
        if op == b"m":
            pts = [(float(args[0]), float(args[1]))]
        elif op == b"c":
            a = [float(v) for v in args]
            pts += [(a[0], a[1]), (a[2], a[3]), (a[4], a[5])]
        elif op in (b"S", b"s") and len(pts) > 4:
            xs, ys = [p[0] for p in pts], [p[1] for p in pts]
            out.append((min(xs), min(ys), max(xs), max(ys)))
            pts = []
        elif op in (b"l", b"Do"):
            pts = []
    return list(dict.fromkeys(out))


def _outside(mark, boxes, bleed=0.0) -> bool:
    x0, y0, x1, y1 = min(mark[0], mark[2]), min(mark[1], mark[3]), max(mark[0], mark[2]), max(mark[1], mark[3])
    for bx, by, bw, bh in boxes:
        if x1 > bx - bleed + 0.01 and x0 < bx + bw + bleed - 0.01 and y1 > by - bleed + 0.01 \
                and y0 < by + bh + bleed - 0.01:
            return False
    return True


def first_words(item: Item) -> str:
    """The first line with words, symbols left out: a character card's name (its banner also shows the
    action's symbol), a token's face (a crown sits above it)."""
    for line in item.text.split("\n"):
        words = [w for w in line.split() if any(ch.isalnum() for ch in w)]
        if words:
            return " ".join(words)
    return ""


banner_name = first_words


@pytest.fixture(scope="module")
def arw(built):
    return built("a-royal-will")


@pytest.fixture(scope="module")
def items(arw):
    return read(arw)


def fronts(items, size):
    return [it for it in items if it.page % 2 == 0 and it.is_size(size)]


def test_sheets_in_print_order_sizes_sharing_where_they_fit(arw, items):
    """Pieces of different sizes share a sheet: the tokens and trackers leave room for two rows of
    coins, so the 129 items take 6 sheets (3 of character cards, charts, chits, coins); fronts then backs."""
    pl = placements(arw)
    assert sheet_pages(pl) == list(range(LEAF, LEAF + 2 * 6))    # then the rule pages
    assert len(page_sizes(arw)) > LEAF + 2 * 6

    def kinds(page):
        return [next(s for s, size in (("card", POKER), ("chart", CHART), ("token", TOKEN), ("coin", COIN))
                     if abs(p.w - size[0]) < 0.05) for p in page]
    per_sheet = [list(dict.fromkeys(kinds(pl[i]))) for i in sheet_pages(pl)[::2]]
    assert per_sheet == [["card"], ["card"], ["card"], ["chart"], ["token", "coin"], ["coin"]]
    for i in sheet_pages(pl)[::2]:              # each backs page holds the same pieces as its fronts
        assert sorted(kinds(pl[i])) == sorted(kinds(pl[i + 1]))


def sheet_pages(pl) -> list[int]:
    """The card-sheet pages (the leaf comes before them, the rule pages after)."""
    return [i for i in range(LEAF, len(pl)) if pl[i]]


def test_twenty_five_character_cards_in_the_right_numbers(items):
    cards = fronts(items, POKER)
    assert Counter(banner_name(c) for c in cards) == Counter(CHARACTERS)
    # every card back is the same, so a face-down Coin Card gives nothing away
    backs = [it for it in items if it.page % 2 == 1 and it.is_size(POKER)]
    assert len(backs) == 25 and len({b.placed.form for b in backs}) == 1


def test_solicitor_printed_right(arw, items):
    assert not any("solibitor" in it.text.lower() for it in items)     # no card; the This edition box quotes it
    solicitors = [c for c in fronts(items, POKER) if banner_name(c) == "Solicitor"]
    assert len(solicitors) == 4
    deck = load_deck("a-royal-will")
    fix = dict(deck.extra["corrections"][0])
    assert fix["seed"] == "SOLIBITOR" and fix["printed"].lower() == "solicitor"


def test_each_card_shows_its_action_and_the_coin_rules(items):
    for card in fronts(items, POKER):
        name = banner_name(card)
        text = squash(card.text)
        assert squash(ACTIONS[name]) in text, f"{name}: action text missing"
        if name in COIN_RULES:
            assert squash("Coin count:" + COIN_RULES[name]) in text, f"{name}: coin-count rule missing"
        else:
            assert "Coincount:" not in text


def test_coin_count_bottom_left_matches_the_deck(arw, items):
    seen: dict[str, list[int]] = {}
    for card in fronts(items, POKER):
        p = card.placed
        corner = words_at(arw, card.page, (p.x, p.y, 20 * MM, 19 * MM))
        numbers = [w for w in corner if w.isdigit()]
        assert len(numbers) == 1, f"{banner_name(card)}: bottom-left corner shows {corner}"
        seen.setdefault(banner_name(card), []).append(int(numbers[0]))
    deck = load_deck("a-royal-will")
    expected: dict[str, list[int]] = {}
    for c in deck.cards:
        if c.kind == "character":
            expected.setdefault(c.fields["character"], []).extend([c.fields["coins"]] * c.copies)
    assert {k: sorted(v) for k, v in seen.items()} == {k: sorted(v) for k, v in expected.items()}
    # within what the rules imply: The Sleight is 0, a Forger can be 0, the example shows 1 to 4
    assert seen["The Sleight"] == [0]
    assert 0 in seen["Forger"]
    assert all(0 <= v <= 4 for v in sum(seen.values(), []))
    about = [i for i in deck.inferred if "coin count" in i.subject]
    assert about and "Sleight" in about[0].value


def test_six_check_up_charts(items):
    charts = fronts(items, CHART)
    assert len(charts) == 6
    for chart in charts:
        text = squash(chart.text)
        for name in CHARACTERS:
            assert squash(name) in text, f"chart lacks {name}"
    backs = [it for it in items if it.page % 2 == 1 and it.is_size(CHART)]
    assert len(backs) == 6
    for back in backs:
        rows = back.text.split("\n")
        for n, coins in ASSETS.items():
            assert f"{n} players {coins} coins" in rows, f"no row for {n} players in {rows}"
        assert "10coins" in squash(back.text)          # the end of the game


def _fill_colours(placed: Placed) -> list[tuple[float, ...]]:
    return [tuple(round(float(a), 3) for a in args) for args, op in placed.ops if op == b"rg"]


def _token(placed) -> bool:
    return abs(placed.w - TOKEN[0]) < 0.05 and abs(placed.h - TOKEN[1]) < 0.05


@pytest.mark.parametrize("duplex", ["long", "short"])
def test_tokens_two_sided_each_back_behind_its_front(built, duplex):
    out = built("a-royal-will", "--duplex", duplex)

    def tokens_or_behind(pl, page):         # a sheet with a token on it, or the sheet behind one
        return any(_token(p) for p in pl[page]) or page > 0 and any(_token(p) for p in pl[page - 1])
    got = read(out, tokens_or_behind)
    W, H = page_sizes(out)[0]
    tokens = [t for t in fronts(got, TOKEN) if "GAME" not in t.text]
    assert Counter(first_words(t) for t in tokens) == Counter({"BUST": 6, "+1": 6})
    flip = {"BUST": "WON", "+1": "−1"}
    orange, green = (0.878, 0.443, 0.11), (0.161, 0.522, 0.243)      # #e0711c, #29853e (deck.yaml)
    for t in tokens:
        p = t.placed
        bx, by = (W - p.x - p.w, p.y) if duplex == "long" else (p.x, H - p.y - p.h)
        behind = [b for b in got if b.page == t.page + 1 and abs(b.placed.x - bx) < 0.2 * MM
                  and abs(b.placed.y - by) < 0.2 * MM]
        assert len(behind) == 1, f"token on page {t.page + 1} at {p.x:.1f},{p.y:.1f} has no back behind it"
        face = first_words(t)
        assert first_words(behind[0]) == flip[face]
        colour = orange if face == "BUST" else green
        assert _fill_colours(p)[0] == colour
        assert _fill_colours(behind[0].placed)[0] == colour


def test_coins_and_trackers_are_round_chits_on_their_own_sheets(arw, items):
    W = page_sizes(arw)[0][0]
    coins = fronts(items, COIN)
    trackers = [t for t in fronts(items, TOKEN) if "GAME WON" in t.text]
    assert len(coins) == 66
    # the seed says 18 and 20; the deck prints 20 and says so in print (the rules' This edition box)
    assert len(trackers) == 20
    printed = squash(" ".join(columns_text(arw, i) for i in text_pages(arw)))
    assert "Gametrackers(optionalrule):20printed;theoriginalsays18and20." in printed
    # both are printed on both sides: the same face behind each (long-edge duplex)
    for chit in coins + trackers:
        p = chit.placed
        behind = [b for b in items if b.page == chit.page + 1 and abs(b.placed.x - (W - p.x - p.w)) < 0.2 * MM
                  and abs(b.placed.y - p.y) < 0.2 * MM]
        assert len(behind) == 1 and behind[0].text == chit.text
    # on sheets of their own: no card or chart shares a page with them
    for page in {c.page for c in coins + trackers}:
        assert not any(it.is_size(POKER) or it.is_size(CHART) for it in items if it.page == page)


def _circle_items(pl_page):
    """The round chits among a page's placements (tokens, trackers, coins: the square sizes)."""
    return [p for p in pl_page if any(abs(p.w - s[0]) < 0.05 and abs(p.h - s[1]) < 0.05 for s in (TOKEN, COIN))]


@pytest.mark.parametrize("paper,bleed", [("a4", 0), ("letter", 0), ("a4", 1.5)])
def test_cut_marks_never_cross_an_item(built, paper, bleed):
    # (no bleed: the run's shared builds of the game on each paper, not others made with --bleed 0)
    out = built("a-royal-will", "--paper", paper, *(("--bleed", bleed) if bleed else ()))
    pl = placements(out)
    for page in sheet_pages(pl):
        boxes = [(p.x, p.y, p.w, p.h) for p in pl[page]]
        marks = lines(out, page)
        assert len(marks) >= 8, f"page {page + 1} has {len(marks)} cut marks"
        bad = [m for m in marks if not _outside(m, boxes, bleed * MM)]
        assert not bad, f"page {page + 1}: cut marks over an item: {bad[:3]}"


@pytest.mark.parametrize("bleed", [0, 1.5])
def test_round_guides_belong_to_their_own_chit(built, bleed):
    out = built("a-royal-will", "--paper", "a4", *(("--bleed", bleed) if bleed else ()))   # as test_cut_marks_never_...
    pl = placements(out)
    total = 0
    for page in sheet_pages(pl):
        circles = guides(out, page)
        chits = _circle_items(pl[page])
        if not chits:
            assert circles == [], f"page {page + 1}: round guides on a page of cards"
            continue
        assert len(circles) == len(chits), f"page {page + 1}: {len(circles)} guides for {len(chits)} chits"
        for p in chits:
            own = [c for c in circles if abs(c[0] - p.x) < 0.05 and abs(c[1] - p.y) < 0.05
                   and abs(c[2] - (p.x + p.w)) < 0.05 and abs(c[3] - (p.y + p.h)) < 0.05]
            assert len(own) == 1, f"page {page + 1}: chit at {p.x:.1f},{p.y:.1f} has {len(own)} guides"
        # guides never touch: neighbours are at least the template's 3mm gutter apart
        for i, a in enumerate(circles):
            for b in circles[i + 1:]:
                r = (a[2] - a[0]) / 2
                d = ((a[0] + a[2] - b[0] - b[2]) ** 2 + (a[1] + a[3] - b[1] - b[3]) ** 2) ** 0.5 / 2
                assert d >= 2 * r + 3 * MM - 0.05
        total += len(chits)
    assert total == 2 * (12 + 20 + 66)          # fronts and backs of tokens, trackers, coins


def test_round_chits_are_cut_apart_through_the_middle_of_the_gutter(arw):
    pl = placements(arw)
    for page in range(LEAF, len(pl)):
        chits = _circle_items(pl[page])
        xs = {round(m[0], 1) for m in lines(arw, page) if abs(m[0] - m[2]) < 0.01}
        ys = {round(m[1], 1) for m in lines(arw, page) if abs(m[1] - m[3]) < 0.01}
        for size in {(round(p.w, 2), round(p.h, 2)) for p in chits}:
            same = [p for p in chits if (round(p.w, 2), round(p.h, 2)) == size]
            gx = min((b.x - a.x - a.w for a in same for b in same if abs(a.y - b.y) < 0.01 and b.x > a.x),
                     default=None)
            gy = min((a.y - b.y - b.h for a in same for b in same if abs(a.x - b.x) < 0.01 and b.y < a.y),
                     default=None)
            for g in (gx, gy):
                assert g is None or g >= 3 * MM - 0.01           # the template's gutter, at least
            for p in same:
                if gx is not None:
                    assert round(p.x - gx / 2, 1) in xs and round(p.x + p.w + gx / 2, 1) in xs
                if gy is not None:
                    assert round(p.y - gy / 2, 1) in ys and round(p.y + p.h + gy / 2, 1) in ys
                # no mark in line with a chit's own edge: one cut between neighbours, not two
                assert round(p.x, 1) not in xs and round(p.x + p.w, 1) not in xs


def test_deck_facts(arw):
    deck = load_deck("a-royal-will")
    assert deck.game.players == (2, 6)
    kinds = Counter()
    for c in deck.cards:
        kinds[c.kind] += c.copies
    assert kinds == Counter({"character": 25, "chart": 6, "token": 12, "tracker": 20, "coin": 66})
    tokens = Counter()
    for c in deck.cards:
        if c.kind == "token":
            tokens[c.fields["token"]] += c.copies
    assert tokens == Counter({"Bust/Won": 6, "+1/-1": 6})


# ---------------------------------------------------------------- issue 32
SYMBOLS = {"Advisor": "☽", "Executor": "⇄", "Solicitor": "±", "Tax Collector": "⛁", "Heir": "♛", "Forger": "✒",
           "The Sleight": "☠"}


def test_every_character_shows_its_symbol_once(arw):
    """The banner's badge carries the character's symbol, every character's alike; the panel is its text's
    (issue 57: a medallion repeated the badge's symbol above two lines of 7pt in an empty panel)."""
    seen = Counter()
    for item in read(arw):
        name = banner_name(item)
        if item.is_size(POKER) and name in CHARACTERS:
            assert item.text.split().count(SYMBOLS[name]) == 1, (name, item.text[:60])
            seen[name] += 1
    assert seen == Counter(CHARACTERS)


def test_labels_and_rule_texts_on_the_characters_are_readable(arw):
    """The coin-count label and the tokens' captions at 6.5pt (they were 6pt); the Forger's and The Sleight's
    two texts at 7pt or more."""
    sizes = {}
    for i, page in enumerate(placements(arw)):
        if not page:
            continue
        h, found = plumber_words(arw, i, styled=True)
        for w in found:
            sizes.setdefault(w["text"], set()).add(round(float(w["size"]), 2))
    assert min(sizes["count"]) >= 6.5 and min(sizes["Solicitor"]) >= 6.5 and min(sizes["Advisor"]) >= 6.5
    assert min(sizes["wager"]) >= 7 and min(sizes["automatically"]) >= 7


def test_one_spelling_in_what_the_deck_prints(arw):
    """American, as the rules (center, favor): the deck's own words follow them. (The print leaf's cutting
    notes are pnp's, not the deck's.)"""
    deck_text = squash(" ".join(all_text(arw).split("Setting up", 1)[1:])).lower()
    for british in ("centre", "colour", "favour", "grey"):
        assert british not in deck_text, british


def test_what_this_edition_settles_is_on_the_check_up_chart_and_in_the_rules(arw):
    """Who deals the first Will and what a punished player with fewer than 2 coins gives: settled in the This
    edition box, and printed where players look, the chart's Will in Brief and the rules."""
    text = squash(all_text(arw))
    assert squash("Deal 2 cards to each player. First Will (this edition): anyone deals, and acts first.") in text
    assert squash("the greediest puts 2 coins into The Assets (this edition: all they have, if fewer).") in text
    assert squash("This edition: the players choose who deals the first Will.") in text
    assert squash("(This edition: a player with fewer moves all they have.)") in text
