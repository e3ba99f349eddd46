"""The proof's checks of words: unknown and repeated words wherever they are printed (card faces, the print
leaf, the rule pages, the This edition box), one finding a word naming every card and page that prints
it; words.txt entries no printed word needs; and the words accepted only because words.txt lists them.

Not here: the dictionary and words.txt themselves (spelling.py), the other checks (checks.py).
"""
from __future__ import annotations

import re

from ..records import Record
from ..deck.model import Deck
from ..layout import wrap as markup
from .collect import CardProof, face_cards
from .issues import ERROR, WARNING, Issue
from .spelling import Speller, repeated, words
from .where import Where, file_lines, find_line, rules_source, word_line
from ..deck.edition import corrections as read_corrections

class Seen(Record):
    """One place a word is printed that the spell check questions."""
    check: str                  # spelling | repeat
    word: str                   # the word (or the repeated pair) as printed
    card: str | None = None
    card_id: str | None = None
    side: str | None = None
    field: str | None = None
    where: str = ""             # file:line it was written at
    page: str | None = None     # a page that is not a card: "print leaf, page 1", "rule pages"
    own: str = ""               # " (template 'x', region 'y')": a template's own text
    source: bool = False        # printed untranslated: spelled in the deck's source language (Speller.source)


def _seen_in(text: str, speller: Speller, **where) -> list[Seen]:
    out = [Seen("spelling", w, **where) for w in speller.unknown(text)]
    out += [Seen("repeat", pair, **where) for pair, _ in repeated(text, speller.wordlist.repeats)]
    return out


def card_words(cards: list[CardProof], speller: Speller, where: Where) -> list[Seen]:
    """Unknown and repeated words on each distinct face, for every card that shows it. A word of the template's
    own text (around a field's placeholder: "{value} VP") is the template's, at its region's line; it and a
    field printed untranslated are spelled in the deck's source language."""
    out = []
    untranslated = where.deck.extra.get("untranslated", frozenset())
    for side, cps in face_cards(cards):
        for region, fieldname, text in side.face.texts:
            translated = fieldname is not None and (cps[0].card.id, fieldname) not in untranslated
            seen = _seen_in(text, speller.of(not translated))
            if not seen:                # (most texts: nothing more to work out)
                continue
            literal = where.literal(side.template, region) if fieldname else set()
            value = {w.lower() for w, _ in words(str(side.values.get(fieldname, "")))} if fieldname else set()
            for s in seen:
                if s.check == "spelling" and translated and speller.source is not None \
                        and s.word.lower() in literal and s.word.lower() not in value \
                        and speller.source.known(s.word):
                    continue            # the template's own word, in the source language: known there
                own_word = fieldname is None or (s.word.split()[0].lower() in literal and
                                                 s.word.split()[0].lower() not in value)
                own = f" (template '{side.template}', region '{region}')" if own_word else ""
                for cp in cps:
                    at = (where.region_source(side.template, region) if own_word else "") or \
                        where.of(cp.card, side, region, fieldname, s.word.split()[0])
                    out.append(s._replace(card=cp.card.name, card_id=cp.card.id, side=side.side,
                                          field=None if own_word else fieldname, own=own, where=at,
                                          source=speller.source is not None and (not translated or own_word)))
    return out


def grouped(seen: list[Seen], speller: Speller) -> list[Issue]:
    """One finding per questioned word, naming every card and page that prints it (in print order)."""
    groups: dict = {}
    for s in seen:
        groups.setdefault((s.check, s.word.lower()), []).append(s)
    out = []
    for (check, _), items in groups.items():
        first = items[0]
        if check == "spelling":
            by = speller.of(first.source)
            guess = by.suggest(first.word)
            hint = f" (did you mean '{guess}'?)" if guess else ""
            message = f"'{first.word}' is not in the dictionary or {by.file}{hint}{first.own}"
        else:
            message = f"repeated word '{first.word}'{first.own}"
        cards = list(dict.fromkeys(s.card for s in items if s.card))
        ids = list(dict.fromkeys(s.card_id for s in items if s.card_id))
        pages = list(dict.fromkeys(s.page for s in items if s.page))
        places = list(dict.fromkeys(s.where for s in items if s.where))
        fieldname = first.field if first.card else (first.field or None)
        out.append(Issue(ERROR, check, message, first.card, first.card_id, first.side, fieldname, first.where,
                         0, cards, ids, pages, places))
    return out


def spelling(cards: list[CardProof], speller: Speller, where: Where) -> list[Issue]:
    """Unknown and repeated words on the cards, one finding per word (see grouped)."""
    return grouped(card_words(cards, speller, where), speller)


def rule_words(deck: Deck, speller: Speller) -> list[Seen]:
    """The deck's rule text (rules: {file} or {text}), checked like card text, line by line."""
    from ..printout.rules import rule_text  # lazy: +4 ms to import (benchmarks/imports.py)
    text, _ = rule_text(deck)
    if not text:
        return []
    file, first = rules_source(deck)
    untranslated = deck.language != deck.source_language and not (deck.extra.get("rules_file") or
                                                                 deck.extra.get("rules_text"))
    by = speller.of(untranslated)           # rules with no rules.LANG.md are printed, and spelled, as written
    out = []
    for n, line in enumerate(text.splitlines()):
        if line.strip():
            out += [s._replace(source=by is not speller) for s in
                    _seen_in(markup.plain(line), by, field="rules", where=f"{file}:{first + n}", page="rule pages")]
    return out


def edition_words(deck: Deck, speller: Speller) -> list[Seen]:
    """The This edition box, entry by entry: its own words are checked; the seed's, quoted on purpose
    with their typos, are not."""
    from ..printout.edition import pieces  # lazy: +4 ms to import (benchmarks/imports.py)
    out = []
    page = "rule pages (This edition box)"
    for c in read_corrections(deck):
        for key in ("about", "printed", "why"):
            value = getattr(c, key)
            line = word_line(c.source.file, c.source.line, value, value.split()[0]) if value.split() else 0
            out += _seen_in(value, speller, field=f"corrections.{key}", where=f"{c.source.file}:{line or c.source.line}",
                            page=page)
    for i in deck.inferred:
        for key, value in (("about", i.subject if not i.subject.startswith(("card '", "cards[")) else ""),
                           ("value", i.value), ("note", i.note)):
            out += _seen_in(value, speller, field=f"inferred.{key}", where=str(i.source), page=page)
    for pc in pieces(deck):
        out += _seen_in(pc["name"] + "\n" + pc["why"], speller, field="components.why",
                        where=str(deck.extra.get("components_file") or deck.file), page=page)
    return out


def leaf_words(deck: Deck, speller: Speller, leaf: tuple) -> list[Seen]:
    """The print leaf's two pages as printed; a word found in deck.yaml is pointed at there (setup,
    titles, kinds), any other is pnp's own wording."""
    out = []
    lines = file_lines(deck.file)
    for n, text in enumerate(leaf, 1):
        page = f"print leaf, page {n}"
        for s in _seen_in(markup.plain(text), speller, page=page):
            pattern = re.compile(r"^(?!\s*#).*(?<!\w)" + re.escape(s.word.split()[0]) + r"(?!\w)")
            line = find_line(lines, pattern, 1, len(lines))         # (not in a comment)
            out.append(s._replace(where=f"{deck.file}:{line}" if line else page,
                                  field="game" if line else None))
    return out


def unused_words(speller: Speller) -> list[Issue]:
    wl = speller.wordlist
    return [Issue(WARNING, "words", f"'{w}' in {speller.file} is not needed by any card or rule page (remove it?)",
                  where=f"{wl.file}:{line}")
            for w, line in wl.words.items() if w not in speller.used]


def accepted_words(deck: Deck, cards: list[CardProof], speller: Speller, leaf: tuple = ()) -> list[dict]:
    """The words accepted only because the game's words.txt lists them: each with its line there and
    every card (or page) printing it."""
    wl = speller.wordlist
    found: dict = {}

    def note(text, place):
        for word, _ in words(text):
            entry = speller.listed(word)
            if entry:
                item = found.setdefault(entry, {"word": entry, "line": f"{wl.file}:{wl.words[entry]}",
                                                "printed": [], "places": []})
                if word not in item["printed"]:
                    item["printed"].append(word)
                if place not in item["places"]:
                    item["places"].append(place)

    for side, cps in face_cards(cards):
        for _, _, text in side.face.texts:
            for cp in cps:
                note(text, cp.card.name + (" (back)" if side.side == "back" else ""))
    for n, text in enumerate(leaf, 1):
        note(markup.plain(text), f"print leaf, page {n}")
    from ..printout.rules import rule_text  # lazy: +4 ms to import (benchmarks/imports.py)
    rules, _ = rule_text(deck)
    if rules:
        note(markup.plain(rules), "rule pages")
    return sorted(found.values(), key=lambda d: d["word"])
