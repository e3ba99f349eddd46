"""The proof's checks. Each finding is an Issue naming the card, side, field and file:line.

errors:   spelling (not in the dictionary or words.txt), repeated words ("the the"), unbalanced
          markup (an odd number of ** or * in a paragraph), text that does not fit, characters
          without a glyph, any other layout error
          a correction's seed text still printed
warnings: text shrunk below its template's size, asterisks printed as written, a words.txt entry
          that accepted nothing, cards told apart only by colours that collapse for colour-blind players
          or in greyscale (colours.py)
"""
from __future__ import annotations

import re
from dataclasses import asdict, dataclass
from functools import lru_cache
from pathlib import Path

from ..deck.model import Card, Deck
from ..errors import PnpError
from ..fields import names_in
from ..layout import text as markup
from ..layout.templates import get_template
from ..yamlfile import Map, Seq
from .collect import CardProof, Side
from .spelling import Speller, repeated

ERROR, WARNING = "error", "warning"


@dataclass
class Issue:
    level: str                  # error | warning
    check: str                  # spelling | repeat | markup | shrunk | fit | glyph | layout | correction | words
    message: str
    card: str | None = None     # the card's name
    card_id: str | None = None
    side: str | None = None     # front | back
    field: str | None = None
    where: str = ""             # file:line
    also: int = 0               # other cards showing the same face

    def line(self) -> str:
        """One line, compiler style: 'file:line: error: card 'X' (back), field text: message'."""
        about = []
        if self.card:
            about.append(f"card '{self.card}'" + (f" ({self.side})" if self.side == "back" else ""))
        if self.field:
            about.append(f"field {self.field}")
        also = f" (and {self.also} more card{'s' if self.also != 1 else ''})" if self.also else ""
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


def spelling(cards: list[CardProof], speller: Speller, where: Where) -> list[Issue]:
    """Unknown and repeated words on each distinct face. A word in a template's own text (not a
    field) is reported once for the template, however many faces show it."""
    out: list[Issue] = []
    seen: dict = {}

    def add(key, issue):
        if key in seen:
            seen[key].also += 1 + issue.also
            return
        seen[key] = issue
        out.append(issue)

    for cp, side, also in _faces(cards):
        for region, fieldname, text in side.face.texts:
            own = "" if fieldname else f" (template '{side.template}', region '{region}')"
            scope = (side.template, region) if fieldname is None else (cp.card.id, side.side, fieldname)
            for word in speller.unknown(text):
                guess = speller.suggest(word)
                hint = f" (did you mean '{guess}'?)" if guess else ""
                add(("spelling", scope, word),
                    Issue(ERROR, "spelling", f"'{word}' is not in the dictionary or words.txt{hint}{own}",
                          cp.card.name, cp.card.id, side.side, fieldname,
                          where.of(cp.card, side, region, fieldname, word), also))
            for pair, _ in repeated(text, speller.wordlist.repeats):
                add(("repeat", scope, pair.lower()),
                    Issue(ERROR, "repeat", f"repeated word '{pair}'{own}", cp.card.name, cp.card.id, side.side,
                          fieldname, where.of(cp.card, side, region, fieldname, pair.split()[0]), also))
    return out


_BULLET_STAR = re.compile(r"^\s*\*\s+", re.M)


def markup_problems(raw: str) -> list[tuple[str, str, str]]:
    """(level, message, paragraph start) for each paragraph of markup whose ** or * do not pair up."""
    out = []
    for para in re.split(r"\n\s*\n", str(raw).replace("\r\n", "\n")):
        if "*" not in para:
            continue
        body = _BULLET_STAR.sub("", para)
        bold = body.count("**")
        single = body.replace("**", "").count("*")
        start = para.strip().splitlines()[0] if para.strip() else para
        start = start if len(start) <= 60 else start[:57] + "..."
        if bold % 2:
            out.append((ERROR, f"unbalanced markup: {bold} '**' (bold) in the paragraph '{start}'", start))
        elif single % 2:
            out.append((ERROR, f"unbalanced markup: {single} '*' (italic) in the paragraph '{start}'", start))
        elif any("*" in b.text for b in markup.parse(para)):
            out.append((WARNING, f"an asterisk prints as written (markup needs *text* with no space inside) "
                                 f"in the paragraph '{start}'", start))
    return out


def _markup_fields(template: str, deck: Deck) -> list[str]:
    try:
        tpl = get_template(template, deck.folder)
    except PnpError:
        return []
    out = []
    for r in tpl.regions:
        if r.type == "textbox":
            out += [n for n in names_in(str(r.get("text", ""))) if n not in out]
    return out


def unbalanced(cards: list[CardProof], deck: Deck, where: Where) -> list[Issue]:
    out, seen = [], set()
    for cp in cards:
        for side in cp.sides:
            for fieldname in _markup_fields(side.template, deck):
                raw = side.values.get(fieldname)
                if not isinstance(raw, str) or "*" not in raw or (fieldname, raw) in seen:
                    continue
                seen.add((fieldname, raw))
                for level, message, start in markup_problems(raw):
                    first = re.search(r"[^\W_]+", start)
                    out.append(Issue(level, "markup", message, cp.card.name, cp.card.id, side.side, fieldname,
                                     where.of(cp.card, side, None, fieldname, first.group(0) if first else None)))
    return out


def _flat(text: str) -> str:
    return " ".join(str(text).split())


def corrections(deck: Deck, cards: list[CardProof]) -> tuple[list[dict], list[Issue]]:
    """The deck's `corrections:` (typos fixed from the seed). Each is looked for in print (cards and
    rule pages): a seed text still printed (outside its corrected form) is an error."""
    raw = deck.extra.get("corrections")
    if raw is None:
        return [], []
    if not isinstance(raw, Seq):
        where = raw.where() if isinstance(raw, Map) else (0, 0)
        raise PnpError("expected a list of {about, seed, printed}", deck.file, where[0], field="corrections")
    from ..impose.rules import rule_text
    corpus = [t for cp in cards for s in cp.sides if s.face for _, _, t in s.face.texts]
    corpus += [str(v) for cp in cards for s in cp.sides for v in s.values.values()]
    rules, _ = rule_text(deck)
    corpus += [rules, markup.plain(rules)] if rules else []
    printed_text = _flat("\n".join(corpus))
    entries, issues = [], []
    for i, m in enumerate(raw):
        if not isinstance(m, Map):
            line = raw.where(i)[0]
            raise PnpError("expected {about, seed, printed}", deck.file, line, field=f"corrections[{i}]")
        unknown = [k for k in m if k not in ("about", "seed", "printed", "note")]
        if unknown or "seed" not in m or "printed" not in m:
            raise m.error(unknown[0] if unknown else None,
                          f"unknown key '{unknown[0]}'" if unknown else "a correction needs seed and printed",
                          field=f"corrections[{i}]", hint="about, seed, printed, note")
        entry = {k: str(m.get(k, "")) for k in ("about", "seed", "printed", "note")}
        entry["where"] = f"{m.file}:{m.line}"
        printed, seed = _flat(entry["printed"]), _flat(entry["seed"])
        entry["found"] = bool(printed) and printed in printed_text
        rest = printed_text.replace(printed, " ") if printed else printed_text
        # Only a correction printed as written is checked: a descriptive one ("printed once") cannot be.
        if entry["found"] and seed and re.search(r"(?<!\w)" + re.escape(seed) + r"(?!\w)", rest):
            issues.append(Issue(ERROR, "correction", f"the seed's text '{entry['seed']}' is still printed "
                                f"(corrected to '{entry['printed']}')", None, None, None, "corrections",
                                entry["where"]))
        entries.append(entry)
    return entries, issues


def rule_pages(deck: Deck, speller: Speller) -> list[Issue]:
    """The deck's rule pages (rules: {file} or {text}), checked like card text, line by line."""
    from ..impose.rules import rule_text
    text, _ = rule_text(deck)
    if not text:
        return []
    r = deck.rules
    name = str(r.get("file", "")) if "text" not in r else ""
    if name:
        file, first = str(Path(deck.file).parent / name), 1
    else:
        file, first = deck.file, r.where("text")[0] + 1
    out = []
    lines = text.splitlines()
    for n, line in enumerate(lines):
        where = f"{file}:{first + n}"
        for word in speller.unknown(markup.plain(line) if line.strip() else ""):
            guess = speller.suggest(word)
            hint = f" (did you mean '{guess}'?)" if guess else ""
            out.append(Issue(ERROR, "spelling", f"'{word}' is not in the dictionary or words.txt{hint}",
                             None, None, None, "rules", where))
        for pair, _ in repeated(line, speller.wordlist.repeats):
            out.append(Issue(ERROR, "repeat", f"repeated word '{pair}'", None, None, None, "rules", where))
    para_start = 0
    for n, line in enumerate(lines + [""]):
        if not line.strip():
            para = "\n".join(lines[para_start:n])
            for level, message, _ in markup_problems(para):
                out.append(Issue(level, "markup", message, None, None, None, "rules", f"{file}:{first + para_start}"))
            para_start = n + 1
    return out


def unused_words(speller: Speller) -> list[Issue]:
    wl = speller.wordlist
    return [Issue(WARNING, "words", f"'{w}' in words.txt is not needed by any card or rule page (remove it?)",
                  where=f"{wl.file}:{line}")
            for w, line in wl.words.items() if w not in speller.used]


def run_all(deck: Deck, cards: list[CardProof], speller: Speller) -> tuple[list[Issue], list[dict]]:
    _file_lines.cache_clear()           # the deck's files as they are now, read once a run
    where = Where(deck)
    issues = layout_errors(cards)
    issues += spelling(cards, speller, where)
    issues += unbalanced(cards, deck, where)
    issues += shrunk(cards, where)
    entries, found = corrections(deck, cards)
    issues += found
    issues += rule_pages(deck, speller)
    issues += unused_words(speller)
    from .colours import colour_issues
    issues += colour_issues(deck, cards)
    return issues, entries
