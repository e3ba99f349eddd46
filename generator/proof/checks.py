"""The proof's checks. Each finding is an Issue naming the card, side, field and file:line.

errors:   spelling (not in the dictionary or words.txt), repeated words ("the the"), unbalanced
          markup (an odd number of ** or * in a paragraph), text that does not fit, characters
          without a glyph, any other layout error
          a correction's seed text still printed
warnings: text shrunk below its template's size, text reaching into the template's safe zone (measured
          along the piece's shape: the circle of a round chit), asterisks printed as written, a
          words.txt entry that accepted nothing, cards told apart only by colours that collapse for
          colour-blind players or in greyscale (colours.py)
"""
from __future__ import annotations

import re
from dataclasses import asdict, dataclass, field as dc_field
from typing import NamedTuple
from functools import lru_cache
from pathlib import Path

from ..deck.model import Card, Deck
from ..errors import PnpError
from ..layout import text as markup
from ..layout.templates import get_template
from .collect import CardProof, Side
from .spelling import Speller, repeated, words

ERROR, WARNING = "error", "warning"


@dataclass
class Issue:
    level: str                  # error | warning
    check: str                  # spelling | repeat | markup | shrunk | safe | fit | glyph | layout | correction | words
    message: str
    card: str | None = None     # the card's name
    card_id: str | None = None
    side: str | None = None     # front | back
    field: str | None = None
    where: str = ""             # file:line
    also: int = 0               # other cards showing the same face
    cards: list = dc_field(default_factory=list)      # a word's finding: every card that prints it
    card_ids: list = dc_field(default_factory=list)
    pages: list = dc_field(default_factory=list)      # ... and every other page: "print leaf, page 1"
    places: list = dc_field(default_factory=list)     # ... and where each was written (file:line)

    def line(self) -> str:
        """One line, compiler style: 'file:line: error: card 'X' (back), field text: message'; a word
        printed in several places is one finding naming them all."""
        about = []
        if self.card and len(self.cards) <= 1:
            about.append(f"card '{self.card}'" + (f" ({self.side})" if self.side == "back" else ""))
        if self.field and len(self.cards) <= 1 and not self.pages:
            about.append(f"field {self.field}")
        also = f" (and {self.also} more card{'s' if self.also != 1 else ''})" if self.also else ""
        if len(self.cards) > 1:
            also = f" (on {len(self.cards)} cards: {', '.join(self.cards)})"
        if self.pages:
            also += f" (on the {'; '.join(self.pages)})"
        where = f"{self.where}: " if self.where else ""
        head = ", ".join(about)
        return f"{where}{self.level}: {head + ': ' if head else ''}{self.message}{also}"

    def as_dict(self) -> dict:
        return asdict(self)


# -- where a field's text was written ---------------------------------------------------------------

@lru_cache(maxsize=16)
def _file_lines(file: str) -> tuple:
    try:
        return tuple(Path(file).read_text(encoding="utf-8").splitlines())
    except OSError:
        return ()


def _find(lines, pattern, start: int, end: int) -> int:
    """The first line from `start` to `end` (1-based, inclusive) matching `pattern`, or 0."""
    for n in range(max(start, 1), min(len(lines), end) + 1):
        if pattern.search(lines[n - 1]):
            return n
    return 0


def _key(name: str):
    return re.compile(r"^\s*(?:-\s+)?['\"]?" + re.escape(name) + r"['\"]?\s*:")


def card_end(deck: Deck, card: Card) -> int:
    """The last line a card's YAML can span: the line before the next card (or the file's end)."""
    nxt = [c.source.line for c in deck.cards[card.index + 1:] if c.source.line > card.source.line]
    return (min(nxt) - 1) if nxt else len(_file_lines(card.source.file))


def field_line(deck: Deck, card: Card, side: Side, fieldname: str | None) -> int:
    """The line a field's value was written on: the card's own line for it, the line of its
    inline back's field, or the card's first line."""
    lines = _file_lines(card.source.file)
    if fieldname and side.side == "back" and card.back is not None and fieldname in card.back.field_map:
        if card.back.name == "":        # an inline back: find `back:` then the field inside the card
            end = card_end(deck, card)
            back = _find(lines, _key("back"), card.source.line, end)
            found = _find(lines, _key(fieldname), back, end) if back else 0
            return found or back or card.source.line
        return card.source.line         # a named back: the card that shows it
    if fieldname and card.field_lines.get(fieldname):
        return card.field_lines[fieldname]
    return card.source.line


def word_line(file: str, start: int, value: str, word: str) -> int:
    """The line of `word` in a field value written from line `start` (block scalars span lines)."""
    lines = _file_lines(file)
    span = value.count("\n") + 2
    pattern = re.compile(r"(?<!\w)" + re.escape(word) + r"(?!\w)")
    return _find(lines, pattern, start, start + span) or start


class Where:
    """file:line for a card's field, a template's own text, or a word in either."""

    def __init__(self, deck: Deck):
        self.deck = deck

    def of(self, card: Card, side: Side, region: str | None, fieldname: str | None, word: str | None = None) -> str:
        if fieldname is None and region is not None:
            src = self.region_source(side.template, region)
            if src:
                return src
        file = card.source.file
        line = field_line(self.deck, card, side, fieldname)
        if word and fieldname:
            line = word_line(file, line, str(side.values.get(fieldname, "")), word)
        return f"{file}:{line}" if line else file

    def region_source(self, template: str, region: str) -> str:
        try:
            tpl = get_template(template, self.deck.folder)
        except PnpError:
            return ""
        for r in tpl.regions:
            if r.id == region:
                return r.source
        return ""


# -- the checks --------------------------------------------------------------------------------------

def _kind_of_error(exc: PnpError) -> str:
    if "no glyph" in exc.message:
        return "glyph"
    if "does not fit" in exc.message:
        return "fit"
    return "layout"


def layout_errors(cards: list[CardProof]) -> list[Issue]:
    out = []
    for cp in cards:
        for side in cp.sides:
            exc = side.error
            if exc is None:
                continue
            where = f"{exc.file}:{exc.line}" if exc.file and exc.line else (exc.file or str(cp.card.source))
            message = exc.message
            for prefix in (f"card '{cp.card.name}' (back): ", f"card '{cp.card.name}': "):
                if message.startswith(prefix):
                    message = message[len(prefix):]
            if exc.hint:
                message += f" ({exc.hint})"
            out.append(Issue(ERROR, _kind_of_error(exc), message, cp.card.name, cp.card.id, side.side,
                             exc.field, where))
    return out


def _faces(cards: list[CardProof]):
    """Each distinct face once: (first card showing it, side, how many other cards show it)."""
    seen: dict = {}
    order = []
    for cp in cards:
        for side in cp.sides:
            if side.face is None:
                continue
            k = (side.side, side.key)
            if k in seen:
                seen[k][2] += 1
            else:
                seen[k] = [cp, side, 0]
                order.append(k)
    return [tuple(seen[k]) for k in order]


def shrunk(cards: list[CardProof], where: Where) -> list[Issue]:
    out = []
    for cp, side, also in _faces(cards):
        for region, fieldname, normal, used in side.face.shrunk:
            pct = round(100 * (normal - used) / normal)
            out.append(Issue(WARNING, "shrunk", f"text in region '{region}' shrunk from {normal:g}pt to "
                             f"{used:g}pt ({pct}% smaller) to fit", cp.card.name, cp.card.id, side.side, fieldname,
                             where.of(cp.card, side, region, fieldname), also))
    return out


def safe_zone(cards: list[CardProof], where: Where, folder) -> list[Issue]:
    """Text reaching into its template's safe zone, on each distinct face: the same check (and
    words) as `pnp build` and `pnp export` (layout/safezone.py)."""
    from ..layout.fonts import register
    from ..layout.safezone import describe, template_zone, unsafe
    out = []
    faces = _faces(cards)
    register({op.font for _cp, side, _also in faces for op in side.face.ops if hasattr(op, "font")})
    for cp, side, also in faces:
        try:
            tpl = get_template(side.face.template, folder)
        except PnpError:
            continue
        inset, zone = template_zone(tpl)
        for f in unsafe(side.face, tpl, inset):
            out.append(Issue(WARNING, "safe", describe(f, side.face.shape, zone), cp.card.name, cp.card.id,
                             side.side, f.field, where.of(cp.card, side, f.region, f.field), also))
    return out


class Seen(NamedTuple):
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


def face_cards(cards: list[CardProof]):
    """Each distinct face once: (side, [every card showing it]), in print order."""
    seen: dict = {}
    for cp in cards:
        for side in cp.sides:
            if side.face is not None:
                seen.setdefault((side.side, side.key), (side, []))[1].append(cp)
    return list(seen.values())


def _seen_in(text: str, speller: Speller, **where) -> list[Seen]:
    out = [Seen("spelling", w, **where) for w in speller.unknown(text)]
    out += [Seen("repeat", pair, **where) for pair, _ in repeated(text, speller.wordlist.repeats)]
    return out


def card_words(cards: list[CardProof], speller: Speller, where: Where) -> list[Seen]:
    """Unknown and repeated words on each distinct face, for every card that shows it."""
    out = []
    for side, cps in face_cards(cards):
        for region, fieldname, text in side.face.texts:
            own = "" if fieldname else f" (template '{side.template}', region '{region}')"
            for s in _seen_in(text, speller):
                for cp in cps:
                    out.append(s._replace(card=cp.card.name, card_id=cp.card.id, side=side.side, field=fieldname,
                                          own=own, where=where.of(cp.card, side, region, fieldname,
                                                                  s.word.split()[0])))
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
            guess = speller.suggest(first.word)
            hint = f" (did you mean '{guess}'?)" if guess else ""
            message = f"'{first.word}' is not in the dictionary or words.txt{hint}{first.own}"
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


def markup_problems(raw: str) -> list[tuple[str, str, str]]:
    """(level, message, block start) for each block of markup whose ** or * do not pair up: the one
    definition (generator/markup.problems) that a build refuses and a face records as it is laid out."""
    return [(p.level, p.message, p.start) for p in markup.problems(str(raw))]


def unbalanced(cards: list[CardProof], deck: Deck, where: Where) -> list[Issue]:
    """The markup problems each distinct face recorded while it was laid out (Face.markup)."""
    out = []
    for cp, side, also in _faces(cards):
        for region, fieldname, level, message, start in side.face.markup:
            first = re.search(r"[^\W_]+", start)
            out.append(Issue(level, "markup", message, cp.card.name, cp.card.id, side.side, fieldname,
                             where.of(cp.card, side, region, fieldname, first.group(0) if first else None), also))
    return out


def _flat(text: str) -> str:
    return " ".join(str(text).split())


def corrections(deck: Deck, cards: list[CardProof]) -> tuple[list[dict], list[Issue]]:
    """The deck's `corrections:` (deck/edition.py). Each is looked for in print (cards and rule pages): a
    seed text still printed (outside its corrected form) is an error."""
    from ..deck.edition import corrections as read
    from ..impose.rules import rule_text
    listed = read(deck)
    if not listed:
        return [], []
    corpus = [t for cp in cards for s in cp.sides if s.face for _, _, t in s.face.texts]
    corpus += [str(v) for cp in cards for s in cp.sides for v in s.values.values()]
    rules, _ = rule_text(deck)
    corpus += [rules, markup.plain(rules)] if rules else []
    printed_text = _flat("\n".join(corpus))
    entries, issues = [], []
    for c in listed:
        entry = {"about": c.about, "seed": c.seed, "printed": c.printed, "why": c.why, "note": c.why,
                 "where": str(c.source)}
        printed, seed = _flat(c.printed), _flat(c.seed)
        entry["found"] = bool(printed) and printed in printed_text
        rest = printed_text.replace(printed, " ") if printed else printed_text
        # A correction printed as written is checked: its seed text must be gone. One that leaves the
        # seed's words out (printed: "") is checked too: they must not be printed at all.
        if (entry["found"] or not printed) and seed and re.search(r"(?<!\w)" + re.escape(seed) + r"(?!\w)", rest):
            what = f"corrected to '{c.printed}'" if printed else "left out"
            issues.append(Issue(ERROR, "correction", f"the seed's text '{c.seed}' is still printed ({what})",
                                None, None, None, "corrections", entry["where"]))
        if not printed:
            entry["found"] = True
        entries.append(entry)
    return entries, issues


def rule_words(deck: Deck, speller: Speller) -> list[Seen]:
    """The deck's rule text (rules: {file} or {text}), checked like card text, line by line."""
    from ..impose.rules import rule_text
    text, _ = rule_text(deck)
    if not text:
        return []
    file, first = _rules_source(deck)
    out = []
    for n, line in enumerate(text.splitlines()):
        if line.strip():
            out += _seen_in(markup.plain(line), speller, field="rules", where=f"{file}:{first + n}",
                            page="rule pages")
    return out


def _rules_source(deck: Deck) -> tuple[str, int]:
    r = deck.rules
    name = str(r.get("file", "")) if "text" not in r else ""
    if name:
        return str(Path(deck.file).parent / name), 1
    return deck.file, r.where("text")[0] + 1


def rule_markup(deck: Deck) -> list[Issue]:
    """Unbalanced ** and * in the rule text, paragraph by paragraph."""
    from ..impose.rules import rule_text
    text, _ = rule_text(deck)
    if not text:
        return []
    file, first = _rules_source(deck)
    out = []
    lines = text.splitlines()
    para_start = 0
    for n, line in enumerate(lines + [""]):
        if not line.strip():
            para = "\n".join(lines[para_start:n])
            for level, message, _ in markup_problems(para):
                out.append(Issue(level, "markup", message, None, None, None, "rules", f"{file}:{first + para_start}"))
            para_start = n + 1
    return out


def edition_words(deck: Deck, speller: Speller) -> list[Seen]:
    """The This edition box, entry by entry: its own words are checked; the seed's, quoted on purpose
    with their typos, are not."""
    from ..deck.edition import corrections as read_corrections
    from ..impose.edition import pieces
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
    lines = _file_lines(deck.file)
    for n, text in enumerate(leaf, 1):
        page = f"print leaf, page {n}"
        for s in _seen_in(markup.plain(text), speller, page=page):
            pattern = re.compile(r"^(?!\s*#).*(?<!\w)" + re.escape(s.word.split()[0]) + r"(?!\w)")
            line = _find(lines, pattern, 1, len(lines))         # (not in a comment)
            out.append(s._replace(where=f"{deck.file}:{line}" if line else page,
                                  field="game" if line else None))
    return out


def unused_words(speller: Speller) -> list[Issue]:
    wl = speller.wordlist
    return [Issue(WARNING, "words", f"'{w}' in words.txt is not needed by any card or rule page (remove it?)",
                  where=f"{wl.file}:{line}")
            for w, line in wl.words.items() if w not in speller.used]


def run_all(deck: Deck, cards: list[CardProof], speller: Speller, leaf: tuple = ()) -> tuple[list[Issue], list[dict]]:
    """Every check. `leaf`: the print leaf's two pages as markup (proof/pages.py), checked too."""
    _file_lines.cache_clear()           # the deck's files as they are now, read once a run
    where = Where(deck)
    issues = layout_errors(cards)
    seen = card_words(cards, speller, where) + leaf_words(deck, speller, leaf) + rule_words(deck, speller)
    seen += edition_words(deck, speller)
    issues += grouped(seen, speller)
    issues += unbalanced(cards, deck, where)
    issues += shrunk(cards, where)
    issues += safe_zone(cards, where, deck.folder)
    entries, found = corrections(deck, cards)
    issues += found
    issues += rule_markup(deck)
    issues += unused_words(speller)
    from .colours import colour_issues
    issues += colour_issues(deck, cards)
    return issues, entries


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
    from ..impose.rules import rule_text
    rules, _ = rule_text(deck)
    if rules:
        note(markup.plain(rules), "rule pages")
    return sorted(found.values(), key=lambda d: d["word"])
