"""The print leaf's words: two pages for the players holding the PDF. Its front: the game, what is in the box
(each piece with its count), which pages to print on what and how (as the build's SheetSpec prints them),
the sheets part by part, how to cut (howto.py); its back: setting up (game.setup, or the rules' own setup
section), where the rules and their "This edition" box are, the source.

The leaf is two pages, so card fronts stay on odd pages and backs on even ones. Its sections flow over both
as the rule pages flow, the first page full and the second holding the rest, at the largest size (9.5 to
10.5pt: leafpages.LARGEST, SMALLEST) at which they fit (lay_out). What only a designer with pnp can act on
(build options, the proof) is in the proof, not here. Not here either: the leaf's pages as drawn (leafpages.py), the card sheets it
describes (cardsheets.py), the cutting steps (howto.py).
"""
from __future__ import annotations

import re

from ..deck.model import Deck
from .howto import how_to_cut
from ..layout.hyphens import own_language
from .leafpages import LEAF, lay_out
from ..impose.page import Page
from ..impose.spec import FOLD, NONE, PAGE, SheetSpec
from ..language import words
from .words import plural, spelled, spelling

FAMILY = "serif"


def markup(deck: Deck, cards: list[Page], rules: list[Page], spec: SheetSpec,
           calibration_pages: int = 0) -> tuple[str, str]:
    """The leaf's two pages as markup (first, second), for the proof to check: each page's blocks (a paragraph
    the page break splits, with the page it starts on)."""
    parts = sections(deck, cards, rules, spec, calibration_pages)
    return lay_out(parts, spec.paper.width, spec.paper.height, deck.file, family(deck), deck.icons,
                   own_language(deck), words(deck.language).rtl).texts


def family(deck: Deck) -> str:
    """The family the leaf is set in: serif, or the one the deck's language prints it in (Japanese)."""
    from ..layout.fonts import own  # lazy: +374 ms to import (benchmarks/imports.py)
    return own(FAMILY, deck)


def sections(deck: Deck, cards: list[Page], rules: list[Page], spec: SheetSpec,
             calibration_pages: int = 0) -> list[str]:
    """The leaf's sections in order, each a markup string: the game, what is in the box, printing, the
    sheets, cutting; setting up, this edition, the source. Two pages hold them (lay_out)."""
    return typeset_sections(deck, written(deck, cards, rules, spec, calibration_pages))


def written(deck: Deck, cards: list[Page], rules: list[Page], spec: SheetSpec, calibration_pages: int = 0) -> str:
    """The leaf's words before the punctuation of the whole is typeset (typeset_sections): what the leaf is laid
    out again for when it changes (printout/document.py)."""
    last = LEAF + len(cards)
    front = instructions(deck, cards, spec, LEAF + 1, len(rules), calibration_pages)
    back = contents(deck, (last + 1, last + len(rules)) if rules else (0, 0),
                    last + 1 + _box_page(rules) if rules else 0)
    # a measure never broken from its number: "3.3 mm", "63.5 × 88.9 mm", "160-250 g/m²" (no-break spaces)
    return _MEASURE.sub(lambda m: m.group().replace(" ", "\u00a0"), front + "\n" + back)


def typeset_sections(deck: Deck, text: str) -> list[str]:
    """The leaf's words (written) typeset in the deck's language, in sections."""
    from .rules import typeset  # lazy: +10 ms to import (benchmarks/imports.py)
    text = typeset(deck, text, family(deck), own=True)          # pnp's words, and the deck's own within them
    return [s.strip("\n") for s in re.split(r"\n(?=## )", text) if s.strip()]


_MEASURE = re.compile(r"\d+(?:[.,]\d+)?(?:[-–]\d+)?(?: × \d+(?:[.,]\d+)?)? (?:mm|g/m²|lb)(?!\w)")


def _pages(_, a: int, b: int) -> str:
    if a == b:
        return _("page {n}", n=a)
    if b == a + 1:                  # two pages: "pages 3 and 4" (French "pages 3 et 4", never "3 à 4")
        return _("pages {first} and {last}", first=a, last=b)
    return _("pages {first}–{last}", first=a, last=b)


def _players(_, span) -> str:
    if not span:
        return ""
    if span[0] == span[1]:
        return _.ngettext("{n} player", "{n} players", span[0], n=span[0])
    return _("{least}–{most} players", least=span[0], most=span[1])


def in_the_box(deck: Deck) -> list[str]:
    """Every piece with its count, part by part; a kind of 2 to 4 different cards in several copies names them."""
    _ = words(deck.language)
    lines = [_("## In the box")]
    for part in deck.parts.values():
        cards = [c for c in deck.cards if c.part == part.id]
        if not cards:
            continue
        counts: dict[str, dict] = {}
        for c in cards:
            label = str(c.fields.get("title") or c.name)
            title = deck.kinds[c.kind].title
            if label.lower().endswith(" " + title.lower()):         # "Bust/Won token" -> "Bust/Won"
                label = label[:-len(title) - 1]
            counts.setdefault(c.kind, {}).setdefault(label, 0)
            counts[c.kind][label] += c.copies
        total = sum(sum(v.values()) for v in counts.values())
        if len(deck.parts) > 1:
            if part.players:
                players = _players(_, part.players)
                lines.append(_.ngettext("**{part}**, for {players}: {n} piece", "**{part}**, for {players}: {n} pieces",
                                        total, part=part.title, players=players, n=total))
            else:
                lines.append(_.ngettext("**{part}**: {n} piece", "**{part}**: {n} pieces", total, part=part.title,
                                        n=total))
        for kind, labels in counts.items():
            n = sum(labels.values())
            line = plural(deck, kind, n)
            if 2 <= len(labels) <= 4 and max(labels.values()) > 1:     # "12 tokens: 6 Bust/Won, 6 +1/-1"
                line = _("{things}: {each}", things=line, each=_(", ").join(_("{n} {label}", n=k, label=label)
                                                                             for label, k in labels.items()))
            lines.append(f"- {line}")
    extra = _not_printed(deck)
    if extra:
        lines.append(_("You also need: {things}.", things=_("; ").join(extra)))
    return lines


def _not_printed(deck: Deck) -> list[str]:
    """Components the deck lists but does not print (components.yaml not_printed:), for 'You also need'."""
    try:
        from ..check.model import read_components
        clist = read_components(deck)
    except Exception:           # the check stage reports a broken list; the leaf goes on without it
        return []
    return [f"{c.name} ({c.not_printed})" for c in (clist.components if clist else []) if c.not_printed]


def backed(cards: list[Page]) -> list[bool]:
    """For each card page: whether it belongs to a sheet printed on both sides (a fronts page followed by its
    backs page, or that backs page). A sheet none of whose pieces has a back has no backs page."""
    out = []
    for i, p in enumerate(cards):
        nxt = cards[i + 1] if i + 1 < len(cards) else None
        out.append(p.kind == "back" or p.kind == "front" and nxt is not None and nxt.kind == "back"
                   and nxt.sheet == p.sheet)
    return out


def _page_list(_, numbers: list[int]) -> str:
    """'page 19', 'pages 3–18', 'pages 3–10 and 12–19': page numbers as runs."""
    runs: list[list[int]] = []
    for n in sorted(numbers):
        if runs and n == runs[-1][1] + 1:
            runs[-1][1] = n
        else:
            runs.append([n, n])
    if len(runs) == 1:
        return _pages(_, *runs[0])
    return _("pages {runs}", runs=_.join([f"{a}–{b}" if a != b else str(a) for a, b in runs]))


def printing(deck: Deck, cards: list[Page], spec: SheetSpec, first: int, rules: tuple,
             calibration: tuple) -> list[str]:
    """Which pages to print, on what, and how: this leaf on plain paper, the card sheets on card stock (a
    sheet whose pieces have no back single-sided, as it prints no backs page), the rules on plain paper."""
    _ = words(deck.language)
    last = first + len(cards) - 1
    stock, backs = spec.stock, spec.duplex.backs
    sheets = _pages(_, first, last)
    lines = [_("## Printing"), _("Print this leaf, {pages}, on plain paper.", pages=_pages(_, 1, LEAF))]
    if backs == NONE:
        lines.append(_("1. Print the card sheets, {pages}, single-sided on {stock} at 100% (actual size, not fit to "
                       "page). This file holds the card fronts only.", pages=sheets, stock=stock))
    elif backs == FOLD:
        lines += [_("1. Print the card sheets, {pages}, **single-sided** on {stock} at 100% (actual size, not fit to "
                    "page). Each sheet holds the fronts on one half and their backs on the other, either side of a "
                    "dashed fold line.", pages=sheets, stock=stock),
                  _("2. Fold each sheet along its dashed line, printed side out, and glue the halves together (a "
                    "glue stick, spread thin and even); let it dry flat under a book before you cut.")]
    else:
        edge = _("long edge") if spec.duplex.edge == "long" else _("short edge")
        both = backed(cards)
        double = [first + i for i, b in enumerate(both) if b]
        single = [first + i for i, b in enumerate(both) if not b]
        in_order = not single or not double or max(double) < min(single)    # fronts on odd pages throughout
        if double and in_order:
            lines += [_("1. Print the card sheets, {pages}, **double-sided**, flipping on the **{edge}**, on {stock} "
                        "at 100% (actual size, not fit to page). Each odd page holds card fronts, the even page after "
                        "it their backs.", pages=_page_list(_, double), edge=edge, stock=stock),
                      _("2. No duplex printer? Print the odd pages, put the printed stack back in the tray as your "
                        "printer needs (try one sheet first), then print the even pages.")]
        elif double:
            lines += [_("1. Print the card sheets, {pages}, **double-sided**, flipping on the **{edge}**, on {stock} "
                        "at 100% (actual size, not fit to page). Each fronts page is followed by its backs page.",
                        pages=_page_list(_, double), edge=edge, stock=stock),
                      _("2. No duplex printer? Print each fronts page, put it back in the tray as your printer needs "
                        "(try one sheet first), and print its backs page on the other side.")]
        if single:
            what, count, at = _("; ").join(_sheet_contents(deck, cards[n - first]) for n in single), len(single), \
                _page_list(_, single)
            lines.append(_.ngettext("{n}. Print {pages} ({contents}) **single-sided** on {stock} at 100%: nothing "
                                    "on it has a back, so no backs page follows.",
                                    "{n}. Print {pages} ({contents}) **single-sided** on {stock} at 100%: nothing "
                                    "on them has a back, so no backs page follows.", count, n=len(lines) - 1,
                                    pages=at, stock=stock, contents=what))
    if rules[0]:
        lines.append(_("{n}. Print the rules, {pages}, on plain paper, one- or two-sided.", n=len(lines) - 1,
                       pages=_pages(_, *rules)))
    if calibration[0]:
        lines.append(_("{n}. Backs not behind their fronts? {Pages}: a calibration sheet. Print it double-sided like "
                       "the cards and hold it up to a light: it says how far your printer shifts the backs.",
                       n=len(lines) - 1, Pages=_pages(_, *calibration).capitalize()))
    elif backs == PAGE and any(p.kind == "back" for p in cards):
        lines.append(_("{n}. Backs a little off their fronts? Most printers shift the back side by 1 or 2 mm; cut "
                       "on the fronts' marks and the backs' edges will hardly show.", n=len(lines) - 1))
    lines.append(_("Every card page has a label in its margin: the game, the sheet's number, fronts or backs."))
    return [_spelled(deck, line) for line in lines]


def _spelled(deck: Deck, line: str) -> str:
    """pnp's English words in the game's spelling (words.py); another language's as its catalog writes them."""
    return spelled(line, spelling(deck)) if words(deck.language).english else line


def sheet_list(deck: Deck, cards: list[Page], first: int, spec: SheetSpec) -> list[str]:
    """The card sheets, part by part: which pages hold what (a gutter-fold sheet is one page)."""
    _ = words(deck.language)
    lines = [_("## The sheets")]
    two_sided = {id(p): b for p, b in zip(cards, backed(cards))}
    by_part: dict[str, list[tuple[int, Page]]] = {}
    for i, p in enumerate(cards):
        if p.kind in ("front", "fold") and p.placements:
            part = p.placements[0].card.part
            by_part.setdefault(part, []).append((first + i, p))
    for part_id, pages in by_part.items():
        part = deck.parts[part_id]
        span = lambda p: 2 if p.kind == "front" and two_sided[id(p)] else 1      # noqa: E731
        if len(by_part) > 1 or part.optional:
            pa, pb = pages[0][0], pages[-1][0] + span(pages[-1][1]) - 1
            who = _(" ({players})", players=_players(_, part.players)) if part.players else ""
            skip = (_(": needed only for {players}; skip {pages} otherwise", players=_players(_, part.players),
                      pages=_pages(_, pa, pb))
                    if part.optional and part.players else (_(": optional") if part.optional else ""))
            lines.append(f"**{part.title}**{who}{skip}")
        runs: list[list] = []          # consecutive sheets with the same contents share a line
        for n, p in pages:
            what = _sheet_contents(deck, p)
            if runs and runs[-1][2] == what and runs[-1][1] == p.sheet - 1:
                runs[-1][1], runs[-1][4] = p.sheet, n + span(p) - 1
            else:
                runs.append([p.sheet, p.sheet, what, n, n + span(p) - 1])
        for a, b, what, pa, pb in runs:
            if a == b:
                lines.append(_("- {sheets} ({pages}): {contents}", sheets=_("Sheet {n}", n=a), pages=_pages(_, pa, pb),
                               contents=what))
            else:                       # "Sheets 4–6: 9 promises each", not 9 in all
                lines.append(_("- {sheets} ({pages}): {contents} on each",
                               sheets=_("Sheets {first}–{last}", first=a, last=b), pages=_pages(_, pa, pb),
                               contents=what))
    return lines


def instructions(deck: Deck, cards: list[Page], spec: SheetSpec, first: int, rule_pages: int,
                 calibration_pages: int = 0) -> str:
    """The leaf's front: the game, what is in the box, printing, the sheets, cutting."""
    g = deck.game
    _ = words(deck.language)
    last = first + len(cards) - 1
    rules = (last + 1, last + rule_pages) if rule_pages else (0, 0)
    cal_first = last + rule_pages + 1
    calibration = (cal_first, cal_first + calibration_pages - 1) if calibration_pages else (0, 0)
    lines = [f"# {g.title}" + (f" — {g.subtitle}" if g.subtitle else ""),
             "\u00a0· ".join(x for x in (byline(deck), g.publisher, _players(_, g.players).replace(" ", "\u00a0"),
                                    unbroken(_("version {version}", version=g.version)) if g.version else "") if x),
             *(["", _("## Partial build"), str(deck.extra["partial"])] if deck.extra.get("partial") else []),
             "", *in_the_box(deck),
             "", *printing(deck, cards, spec, first, rules, calibration),
             "", *sheet_list(deck, cards, first, spec),
             "", *(_spelled(deck, line) for line in how_to_cut(deck, cards, spec))]
    return "\n".join(lines)


def unbroken(text: str) -> str:
    """A version ("version PnP 1.0") as one piece a line never breaks: no-break spaces for its spaces."""
    return text.replace(" ", "\u00a0")


# A designer field that names no person (a tradition, no one known) or says "by" itself is printed as written;
# any other is a name, printed "by NAME". The words, in the languages pnp speaks, that start such a field:
NO_PERSON = re.compile(r"(?i)^(?:(?:by|par|von|por|traditional|trad\.|anonymous|anon\.|unknown|folk"
                       r"|public domain|various|traditionnel|traditionnelle|anonyme|inconnu|domaine public"
                       r"|traditionell|anonym|unbekannt|volksspiel|tradicional|anónimo|anónima|desconocido"
                       r"|dominio público)(?!\w)|伝統|作者不明|作者不詳)")


def byline(deck: Deck) -> str:
    """Who the game is by, as the leaf's second line prints it: "by Marlon Fussell"; a designer field that is
    no person's name ("Traditional (Swedish)", "Anonymous") or says "by" itself, as written; "" for none."""
    designer = " ".join(str(deck.game.designer or "").split())
    if not designer:
        return ""
    _ = words(deck.language)
    return designer if NO_PERSON.match(designer) else _("by {designer}", designer=designer)


def _sheet_contents(deck: Deck, page: Page) -> str:
    """'9 material cards' ... for one sheet, in print order (a gutter-fold page: its fronts)."""
    out: list[list] = []
    seen = set()
    for pl in page.placements:
        if page.kind == "fold" and (id(pl.card), pl.copy) in seen:
            continue                    # the backs half of a gutter-fold page
        seen.add((id(pl.card), pl.copy))
        kind = pl.card.kind
        if out and out[-1][0] == kind:
            out[-1][1] += 1
        else:
            out.append([kind, 1])
    return words(deck.language)(", ").join(plural(deck, k, n) for k, n in out)     # the language's comma (، in Arabic)


def contents(deck: Deck, rule_pages: tuple = (0, 0), box_page: int = 0) -> str:
    """The leaf's back: setting up, where the rules are, what this edition changed, the source."""
    from .edition import entries, has_original, reasoned  # lazy: +3 ms to import (benchmarks/imports.py)
    g = deck.game
    _ = words(deck.language)
    lines = []
    if g.instructions:
        lines += [g.instructions.strip(), ""]
    setup = g.setup.strip() if g.setup else rules_setup(deck)
    if setup:
        lines += [setup]
    if rule_pages[0]:
        lines += ["", _("The full rules are on {pages}.", pages=_pages(_, *rule_pages))]
    if lines:                   # a heading with nothing under it (no setup, no rules) is left out
        lines.insert(0, _("## Setting up"))
    e = entries(deck)
    n_fix, n_chosen, n_pieces = len(e["corrections"]), len(e["inferred"]), len(e["pieces"])
    if n_fix or n_chosen or n_pieces:
        original, why = has_original(deck), reasoned(e)
        said = []
        if n_fix and original:
            said.append(_.ngettext("{n} change to the original's words", "{n} changes to the original's words",
                                   n_fix, n=n_fix))
        elif n_fix:
            said.append(_.ngettext("{n} correction to the rules as first written",
                                   "{n} corrections to the rules as first written", n_fix, n=n_fix))
        if n_chosen and original:
            said.append(_.ngettext("{n} fact the original leaves open, settled here",
                                   "{n} facts the original leaves open, settled here", n_chosen, n=n_chosen))
        elif n_chosen:
            said.append(_.ngettext("{n} fact the rules leave open, settled here",
                                   "{n} facts the rules leave open, settled here", n_chosen, n=n_chosen))
        if n_pieces and original:
            said.append(_.ngettext("{n} piece counted differently from the original",
                                   "{n} pieces counted differently from the original", n_pieces, n=n_pieces))
        elif n_pieces:
            said.append(_.ngettext("{n} piece counted differently from the rules",
                                   "{n} pieces counted differently from the rules", n_pieces, n=n_pieces))
        where = _(" at the end of the rules ({page})", page=_pages(_, box_page, box_page)) if box_page else ""
        # the rule pages are the original's only where the deck says so (game.reprints_source): never "word for
        # word", since a deck may shorten a rule on its cards or move a sentence, and says so in the box; "the
        # reason for each" only where each entry has one
        if original:
            lead = (_("The rule pages print the original's rules, but for what the box headed “This edition”{where} "
                      "lists, with the reason for each: {what}.", where=where, what=_.join(said)) if why else
                    _("The rule pages print the original's rules, but for what the box headed “This edition”{where} "
                      "lists: {what}.", where=where, what=_.join(said)))
        else:
            lead = (_("The box headed “This edition”{where} lists, with the reason for each, {what}.", where=where,
                      what=_.join(said)) if why else
                    _("The box headed “This edition”{where} lists {what}.", where=where, what=_.join(said)))
        lines += ["", _("## This edition"), lead]
    if g.source:
        lines += ["", _("## Source"), g.source]
    return "\n".join(lines)


# compiled where first used (re's cache), with re.IGNORECASE: a rebuild whose leaf is remembered looks for none
_SETUP = (r"(#{1,3})[ \t]+(?:setup|set-up|set up|setting up|preparation|mise en place|préparation|aufbau"
          r"|spielvorbereitung|vorbereitung|preparación|preparativos|準備)\b[^\n]*")


def rules_setup(deck: Deck) -> str:
    """With no `game.setup`, the rules' own setup section (a heading "Setup", "Setting up", ...), up to the
    next heading of its level or above: what the players read first, on the leaf too. "" if there is none."""
    from .rules import rule_text  # lazy: +10 ms to import (benchmarks/imports.py)
    text = rule_text(deck)[0]
    m = next((m for m in re.finditer(_SETUP, text, re.IGNORECASE) if m.start() == 0 or text[m.start() - 1] == "\n"), None)
    if m is None:
        return ""
    level = len(m.group(1))
    body = []
    for line in text[m.end():].lstrip("\n").splitlines():
        head = re.match(r"#{1,6}(?=[ \t])", line)
        if head and len(head.group(0)) <= level:
            break
        body.append(line)
    return "\n".join(body).strip()


def _box_page(rules: list[Page]) -> int:
    """Which rule page (from 0) the This edition box starts on: the first with a frame drawn on it."""
    from ..layout.face import Rect  # lazy: +373 ms to import (benchmarks/imports.py)
    return next((i for i, p in enumerate(rules) if any(isinstance(op, Rect) for op in p.ops)), len(rules) - 1)
