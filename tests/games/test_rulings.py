"""Issues 44 and 57: every question a group still asked with the printouts alone is answered where players look: on the
rule or reference card that covers the point, and on the rule pages, marked "This edition" where the original
leaves it open, and listed in the This edition box with its reason. Read back from each game's built PDF: the
words of each card face (the face whose text starts with the card's title) and of the rule pages (up to the
box); the box itself as test_editions reads it. Also: no type size or production note is printed for players,
and Christina Regina's rule cards name the rule page where each full text starts, which the rule pages'
own numbering confirms on A4 and on Letter.
"""
from __future__ import annotations

import re

import pytest

from pdfcheck import all_text, columns_text, page_text, placements, squash, words_in
from printedrules import box_text, norm, printed_rules, rule_pages

# (the question, [(where, the answer's words)]): where is a card face's title or "rules" (the rule pages)
RULINGS = {
    "vasa-regalis": [
        ("where a replaced card goes", [
            ("rules", "3. Fix: Optionally replace 1 of your cards in a pile, either from your hand or from another "
                      "pile. This edition: the card you replace goes where its replacement came from, face down: "
                      "into your hand, or into the other pile, in the replacement's place.")]),
        ("how a player knows their own face-down card in a pile", [
            ("rules", "Lay the pile's cards overlapping in a row, in the order they are placed, so that everyone "
                      "can see whose card is whose.")]),
        ("who picks when looking at a card in a hand", [
            ("rules", "This edition: to look at a card in a hand, you pick it: its owner holds their cards face "
                      "down, and you choose one.")]),
        ("2 players: the order of the colors and the Captain per color", [
            ("Rule Card 1", "You win if 1 of your colors wins. This edition: each color plays as a player would, "
                            "yours and theirs in turn."),
            ("rules", "Seat the four colors so that yours and the other player's alternate, and play them clockwise "
                      "in that order; the Captain card passes from color to color, so each color is Captain once.")]),
        ("ties between several highest piles", [
            ("rules", "This edition: piles that share the lowest total, or the highest, are checked together: what "
                      "counts is the lowest card in any of them.")]),
        ("the neutral color placing lowest on the highest pile", [
            ("Rule Card 2", "with 3, no one loses or wins with the neutral color: lowest on the highest pile, it "
                            "leaves no winner."),
            ("rules", "if it alone placed the lowest card on the highest pile, no one wins.")]),
        ("building: one pile a round that everyone adds to", [
            ("Round Summary", "This edition: one pile a round, each player adding 1 card, overlapping in play "
                              "order."),
            ("rules", "This edition: each round builds one new pile, and every player adds 1 card to it: the "
                      "Captain starts it")]),
        ("the designer's feedback address and the rules' address, as credits", [
            ("rules", "CREDITS From the original Print & Play file: Vasa Regalis - Print & Play is free but we would "
                      "appreciate feedback (both about what is good and what may be better) to "
                      "nicholas.hjelmberg@gmail.com."),
            ("rules", "download the rules from http://novasuecia.se/regalis/files/Regalis%20Card%20Rules.pdf")]),
        # issue 57
        ("the tie-break: only the tied players compared on the next pile", [
            ("Round Summary", "A tie: only the tied players compare, on the next highest pile."),
            ("rules", "This edition, breaking a tie: when two or more players share the lowest card on the highest "
                      "pile or piles, only they are compared, on the pile or piles with the next highest total")]),
        ("the lowest card on the highest pile belongs to a player already blamed", [
            ("Round Summary", "A blamed player's card counts: lowest there, no one wins."),
            ("rules", "If the lowest card on the highest pile is a blamed player's (alone, or once a tie is broken), "
                      "no one wins.")]),
        ("the rulings of the rule pages on the card players hold: the row, who picks, the replaced card, tied piles", [
            ("Round Summary", "overlapping in play order. You pick the card in a hand. A replaced card goes where "
                              "its replacement was."),
            ("Round Summary", "This edition: equal piles are checked together.")]),
    ],
    "royal-lines": [
        ("what a line with no royals scores", [
            ("Evaluating Royal Lines", "This edition: a line with no royals scores 0 p."),
            ("rules", "This edition: a royal line with no royals scores 0 p.")]),
        ("two jokers recruited into one line", [
            ("Special Recruitments", "After the last recruitment they panic (this edition: one by one, as recruited; "
                                     "a joker is never one of another's 2 cards):"),
            ("rules", "This edition: with two jokers in one line, they panic one at a time, in the order they were "
                      "recruited. A joker is never one of the 2 cards another joker collapses with")]),
        ("whether a recruited leftover joker is a settler that takes over", [
            ("Special Recruitments", "put the new ace in its place, face up. This edition: a joker never takes over."),
            ("rules", "This edition: only a recruited ace takes over. A recruited joker, even a leftover settler, "
                      "never does")]),
        ("jokers cancelling with no attractive card left (issue 57)", [
            ("Recruiting", "this edition: none left, as Discarded."),
            ("rules", "This edition: if no promise of an attractive suit is left once they cancel, it is as if no "
                      "one played one: none is recruited and the topmost colonial is discarded (DISCARDED).")]),
        ("one Set-up & Players card for each two neighbours, with 5 players (issue 57)", [
            ("Set-up & Players", "This edition: lay these cards between neighbours, one for each pair and one for "
                                 "a player left over.")]),
        ("two players reaching 3 wins in the same round", [
            ("Evaluating Royal Lines", "This edition: if several players reach 3 wins in the same round, play on "
                                       "until one player alone has the most wins."),
            ("rules", "This edition: if several players reach 3 wins in the same round, play on until one player "
                      "alone has the most wins: that player becomes the Colonial Overlord.")]),
    ],
    "aqua-regia": [
        ("reactivity 1: a single card only, on the Turn Summary", [
            ("Turn Summary", "the dealer plays first (several cards only of reactivity 2+)."),
            ("Turn Summary", "reactivity 1: single card only, not onto a play of several."),
            ("rules", "and a card of reactivity 1 is only ever played as a single card, never onto a play of several "
                      "cards.")]),
        ("'not onto a field of several cards' read as the whole pile (issue 57)", [
            ("IT Reference", "single card only, and not onto a play of")]),     # the key's "1" sits beside it
        ("whether a player who passed may play again in the same field (issue 57)", [
            ("Turn Summary", "Pass: draw 1 card (if any are left); this edition: you may still play on a later turn."),
            ("rules", "a player who passed may play again on a later turn of the same field.")]),
        ("the discard pile face up and open to search", [
            ("Turn Summary", "take a stronger one from the discard pile (face up, open to all)"),
            ("rules", "The discard pile lies face up, and any player may look through it at any time.")]),
        ("a dealer who cannot lead", [
            ("Turn Summary", "No playable card: the role of dealer passes left, with no card drawn."),
            ("rules", "This edition: a dealer with no playable card draws none; the player on the left becomes the "
                      "dealer.")]),
        ("who leads after a No lead field change", [
            ("Turn Summary", "No lead: if no one can lead, the field moves one step too and the first dealer leads."),
            ("rules", "the field changes one step in the current order, and the first dealer leads on the new field")]),
    ],
    "christina-regina": [
        ("Rule Card 2 keeps the goal sentence", [
            ("Rule Card 2", "Objective: draw court cards of your own factions."),
            ("rules", "The players' objective is to draw court cards of their own factions.")]),
        ("whether faction cards are held or laid face down in a row", [
            ("Rule Card 1", "This edition: lay yours face down in a row, 1-2-3"),
            ("rules", "This edition: lay your 3 faction cards face down in a row in front of you, Copper (1), "
                      "Silver (2) and Gold (3) from left to right")]),
        ("what tilt means", [
            ("Rule Card 1", "to tilt one, turn it sideways."),
            ("rules", "To tilt a faction card is to turn it sideways where it lies, still face down.")]),
        ("whether the Copper, Silver and Gold stacks all score 3-2-1", [
            ("Rule Card 4", "This edition: every stack scores 3, 2, 1"),
            ("rules", "This edition: every influence stack, Copper, Silver and Gold alike, scores 3 points to its "
                      "top faction, 2 to the second, 1 to the third and none below")]),
        ("how the non-colored cards keep track of points", [
            ("Rule Card 4", "to keep track, the faction's player takes a non-colored court card of the number "
                            "scored."),
            ("rules", "To keep track, a faction's player takes, for each score, a non-colored court card of the "
                      "number scored (Gold 3, Silver 2, Copper 1")]),
        ("how many assassinations one player may make", [
            ("Rule Card 3", "No second assassination on the same victim (this edition: any number on others, one a "
                            "turn)."),
            ("rules", "This edition: a player may attempt one assassination a turn (it is the turn's one action), "
                      "and any number in a game, but only one against each other player.")]),
        ("the discard pile face up and searchable (issue 57)", [
            ("Action", "This edition: the discards lie face up, open to all."),
            ("rules", "The discarded court cards lie face up in one pile that any player may look through at any "
                      "time")]),
        ("'switch any 2 top court cards' from one stack? (issue 57)", [
            ("Action", "Switch any 2 top court cards from any court stacks. This edition: the top cards of two "
                       "different stacks."),
            ("rules", "This edition: Manipulation switches the top cards of two different stacks")]),
        ("the scoring's four steps, numbered", [
            ("Rule Card 4", "4. Winner (this edition): The player who scored the most wins."),
            ("rules", "4. Winner (this edition): The player who scored the most has successfully influenced")]),
    ],
    "a-royal-will": [
        ("what a pot is for The Sleight, and whether 3 means at least 3", [
            ("Check-up Chart", "Revealed, it busts The Will, not if 3 Coin Cards are the same character (this "
                               "edition: 3 or more)."),
            ("rules", "This edition: the pot is The Will, and 3 means 3 or more")]),
        ("whether the Tax Collector, Solicitor and Executor may target oneself", [
            ("Check-up Chart", "Executor — Swap any 2 face-down Coin Cards (this edition: yours too, not the Heir’s), "
                               "unseen."),
            ("Check-up Chart", "Solicitor — Put your +1/−1 token by a player (this edition: you too)"),
            ("Check-up Chart", "Tax Collector — Move 1 coin from a player’s Inheritance (this edition: yours too)"),
            ("rules", "This edition: your own Coin Card may be one of the 2, as in the Example Will"),
            ("rules", "should that player's Coin Card be changed. This edition: the player you choose may be you."),
            ("rules", "into The Assets or into The Bank. This edition: the player may be you.")]),
        ("whether a won Will paying a Forger with count 2 adds the guaranteed coin", [
            ("Check-up Chart", "if The Will busts or your count is 0, take 1 coin from The Assets (this edition: "
                               "otherwise just your count)."),
            ("rules", "This edition: the coin is taken in those two cases only: a won Will pays a Forger with a coin "
                      "count of 1 or more just its count (a count of 2: 2 coins).")]),
        # issue 57
        ("the first action when the tied leaders do not include last Will's first player", [
            ("The Assets of The Will", "a tie: who went first last Will; this edition: else the first tied player "
                                       "to their left"),
            ("rules", "This edition: if that player is not among the tied, the first of the tied players to their "
                      "left goes first.")]),
        ("whether the Executor may swap the Heir's Coin Card", [
            ("Executor", "This edition: your own Coin Card may be one of the 2; the Heir’s may not."),
            ("Heir", "This edition: no Executor may swap your Coin Card."),
            ("rules", "The Heir's Coin Card may not: a swap targets both cards' players")]),
        ("a tie at the end of the game that the last Will does not break", [
            ("The Assets of The Will", "Tie: most received in the last Will; this edition: then a shared win."),
            ("rules", "This edition: players still tied share the win (with game trackers, each takes one).")]),
        ("The Sleight's card still said 'bust a pot'", [
            ("The Sleight", "cannot bust a pot if 3 Coin Cards are the same character (this edition: the pot is The "
                            "Will; 3 or more).")]),
    ],
}

# what each ruling is called in the This edition box, with its reason beside it (test_editions checks the reason)
IN_THE_BOX = {
    "vasa-regalis": ["Two players, two colors each", "Three players: the neutral color", "Building: one pile a round",
                     "Whose card is whose in a pile", "Looking at a card in a hand", "Where a replaced card goes",
                     "Piles of equal total", "Breaking a tie", "A blamed player placing lowest on the highest pile",
                     "The feedback address (credits)"],
    "royal-lines": ["A recruited joker", "Two jokers in one royal line", "A royal line with no royals",
                    "Several players reaching 3 wins in the same round",
                    "Jokers cancelling with no attractive promise left"],
    "aqua-regia": ["A card showing 1 for the field: a single card only", "The discard pile",
                   "A dealer who cannot lead", "No one can lead on the field", "Playing again after a pass"],
    "christina-regina": ["'The scoring is done in four steps'", "Faction cards in front of their player",
                         "How many assassinations a player may attempt", "Scoring the Copper, Silver and Gold stacks",
                         "Keeping track of the points", "The discard pile", "Manipulation: which 2 top court cards"],
    "a-royal-will": ["Whom the Solicitor and the Tax Collector may choose", "A Forger's guaranteed coin in a won Will",
                     "The Sleight: the pot and the 3 Coin Cards",
                     "The first action when last Will's first player is not among the tied",
                     "The Executor and the Heir's Coin Card", "A tie at the end of the game, still tied"],
}


def face(pdf, title: str, last: bool = False) -> str:
    """The words of the first card face whose text starts with `title` (a symbol before it, as a badge or a
    crown set higher than the title's baseline reads first, left out), squashed; `last`: of the last such face,
    the sheets read from the last (the cards at the deck's end: the pages before them are not read)."""
    pages = list(enumerate(placements(pdf)))
    for i, page in reversed(pages) if last else pages:
        for p in page:
            text = words_in(pdf, i, p)
            words = text.split()
            while words and not any(ch.isalnum() for ch in words[0]):
                words.pop(0)
            if " ".join(words).startswith(title):
                return squash(text)
    raise AssertionError(f"no card face starts with {title!r}")


def rules(pdf) -> str:
    """The rule pages, column by column, up to the This edition box, squashed."""
    text = squash(printed_rules(pdf))
    return text[:text.index(squash("This edition The rule pages print"))]


@pytest.mark.parametrize("game", sorted(RULINGS))
def test_each_question_is_answered_where_players_look(built, game):
    pdf = built(game)
    read = {"rules": rules(pdf)}
    missing = []
    for question, answers in RULINGS[game]:
        for where, words in answers:
            if where not in read:
                read[where] = face(pdf, where)
            if squash(words) not in read[where]:
                missing.append(f"{question}: {where!r} does not say {words!r}")
    assert not missing, f"{game}:\n" + "\n".join(missing)


@pytest.mark.parametrize("game", sorted(IN_THE_BOX))
def test_each_ruling_is_listed_in_the_this_edition_box(built, game):
    box = box_text(built(game))
    for about in IN_THE_BOX[game]:
        assert norm(about) in box, f"{game}: {about!r} is not in the This edition box"


PRODUCTION = re.compile(r"\d\s?pt\b|at a size for reading|the three below|nine to a sheet|tokens' sheet|poker cards? a "
                        r"side|at about \d")


@pytest.mark.parametrize("game", sorted(RULINGS))
def test_no_type_size_or_production_note_is_printed(built, game):
    """Players read rules, not how the printout was made: no "at 7pt", "at about 6pt; at 7pt they need about one
    and a half poker cards a side", "this edition: the three below, then the winner" anywhere in the PDF."""
    text = " ".join(all_text(built(game)).split())
    m = PRODUCTION.search(text)
    assert m is None, f"{game}: {text[max(0, m.start() - 60):m.end() + 40]!r}"


TITLES = {1: "The Cards", 2: "Object and Course of the Game", 3: "Assassination", 4: "End of Game"}


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_christina_reginas_rule_cards_name_the_rule_page_of_their_full_text(built, paper):
    """'in short (in full: rules, p. N)' on each side of the rule cards: the rule page numbered N (its footer
    says 'rules · page N of M') is where that rule text's heading is, on A4 and on Letter alike."""
    pdf = built("christina-regina", "--paper", paper)
    pages = rule_pages(pdf)
    assert len(pages) >= 2
    for n, title in TITLES.items():
        card = face(pdf, f"Rule Card {n}", last=True)        # the rule cards are the deck's last
        m = re.search(r"inshort\(infull:rules,p\.(\d+)\)", card)
        assert m, f"Rule Card {n}: no rule page named on the card: {card[:60]!r}"
        k = int(m.group(1))
        assert 1 <= k <= len(pages), f"Rule Card {n} names rules page {k} of {len(pages)}"
        at = pages[k - 1]
        assert squash(f"rules · page {k} of {len(pages)}") in squash(page_text(pdf, at))
        assert squash(f"Rule Card {n}. {title}") in squash(columns_text(pdf, at)), \
            f"{paper}: Rule Card {n}'s full text does not start on rules page {k}"
