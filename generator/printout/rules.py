"""A deck's rule pages, printed after the card sheets so the sheets keep their duplex order.

    rules: {file: rules.md, font: serif, size: 9.5pt, columns: 2, accent: navy}
    rules: {text: "...", columns: 1}

`file` is read from inside the deck folder; `accent` is a "#rrggbb" or a palette name, used for the title
and the headings. The text is the card markup: "# " and "## " headings, "- " bullets, **bold**, *italic*.
The pages are the paper's size (the sheet layout); nothing else of the build's options reaches them.

Not here: flowing the text into columns and pages (layout/pages.py), the This edition box's words
(edition.py), the leaf (leaf.py).
"""
from __future__ import annotations

import re

from ..deck.model import Deck
from ..errors import Collector, PnpError
from ..units import UnitError, length
from ..files.yamlfile import Map
from ..language import words
from ..impose.paper import SheetLayout
from ..files.textfile import read_text
from pathlib import Path
from .edition import markup as edition_box
from ..impose.page import Page
from ..text import typography

MAX_RULES = 200_000
KEYS = ("file", "text", "font", "size", "columns", "accent")
HEX = re.compile(r"^#[0-9a-fA-F]{6}$")


def rule_text(deck: Deck) -> tuple[str, dict]:
    r = deck.rules
    if r is None:
        return "", {}
    if not isinstance(r, Map):
        raise PnpError("expected rules: {file: rules.md} or {text: ...}", deck.file, field="rules")
    for k in r:
        if k not in KEYS and not re.match(r"^text:[A-Za-z0-9-]+$", str(k)):
            raise r.error(k, f"unknown key '{k}' in rules", field=f"rules.{k}", hint=", ".join(KEYS))
    if "file" in r and "text" in r:     # one of them would be passed over in silence
        raise r.error("text", "the rules are given twice, as rules.file and rules.text", field="rules.text",
                      hint="keep one: file: rules.md, or text: with the rules themselves")
    from ..layout.fonts import resolve  # lazy: +324 ms to import (benchmarks/imports.py)
    settings: dict = {"font": resolve(str(r.get("font", "serif")), deck)}
    if "size" in r:
        try:
            settings["size"] = length(r["size"], dpi=deck.dpi)
        except UnitError as exc:
            raise r.error("size", str(exc), field="rules.size")
        if not 6 <= settings["size"] <= 24:
            raise r.error("size", f"rule text size must be from 6pt to 24pt, found {r['size']}", field="rules.size")
    cols = r.get("columns", 1)
    if isinstance(cols, bool) or cols not in (1, 2, 3):
        raise r.error("columns", f"expected 1, 2 or 3, found {cols!r}", field="rules.columns")
    settings["columns"] = cols
    if "accent" in r:
        name = str(r["accent"])
        colour = name if HEX.match(name) else deck.palette.get(name)
        if colour is None:
            raise r.error("accent", f"unknown colour '{name}' for rules.accent", field="rules.accent",
                          hint="a '#rrggbb' or a name from the palette")
        settings["accent"] = colour
    if "text" in r:
        return str(deck.extra.get("rules_text", r["text"])), settings
    name = str(deck.extra.get("rules_file") or r.get("file", ""))
    path = (deck.folder / name).resolve()
    if not name or deck.folder.resolve() not in path.parents:
        raise r.error("file", f"rules file '{name}' must be inside the deck folder", field="rules.file")
    if not path.is_file():
        raise r.error("file", f"rules file '{name}' not found", field="rules.file")
    data = read_text(path, rules_file(deck), limit=4 * MAX_RULES)
    if not data.strip():            # the printout would silently have no rules
        raise PnpError("the rules file is empty", rules_file(deck),
                       hint=f"{deck.file}:{r.where('file')[0]} names it: write the rules in it, or leave rules: out")
    if len(data) > MAX_RULES:
        raise PnpError(f"the rules file is {len(data)} characters; the limit is {MAX_RULES}", rules_file(deck),
                       hint=f"{deck.file}:{r.where('file')[0]} names it")      # the file at fault first
    return data, settings


def rules_file(deck: Deck) -> str:
    """The rules file (rules: {file: ...}) as errors name it, beside the deck file."""
    return str(Path(deck.file).parent / str(deck.extra.get("rules_file") or deck.rules.get("file", "")))


def refuse_markup(deck: Deck, text: str) -> None:
    """Unbalanced ** or * in the rules (markup.problems, as the proof finds them), HTML, Kramdown and headings
    deeper than ### (each would print as written) stop the build, one error for each, at its line."""
    from ..text.markup import problems  # lazy: +3 ms to import (benchmarks/imports.py)
    if not text:
        return
    if "text" in deck.rules:
        file, first = deck.file, deck.rules.where("text")[0]     # a block scalar's text starts a line below
        first += 1 if "\n" in text.rstrip("\n") else 0
    else:
        file, first = rules_file(deck), 1
    found = Collector()
    for p in problems(text):
        if p.level == "error":
            found.add(PnpError(p.message, file, first + p.line - 1, field="rules"))
    for n, line in enumerate(text.splitlines()):
        foreign = _FOREIGN.search(re.sub(r"`[^`]*`", lambda m: " " * len(m.group()), line))
        if foreign and not foreign.group().lower().startswith(("<span", "</span")):
            what = "a Kramdown attribute list" if foreign.group().startswith("{:") else "HTML"
            found.add(PnpError(f"'{foreign.group()}' is {what}, which pnp does not read: it would print as "
                               "written", file, first + n, foreign.start() + 1, field="rules",
                               hint="write them in pnp's markup: # headings, **bold**, *italic*, - bullets "
                                    "(docs/deck-format.md, Other files)"))
    found.done()


# a tag (<div>, </p>, <br/>), a comment or a Kramdown attribute list ({: .class}) outside backticks, not escaped
_FOREIGN = re.compile(r"(?<!\\)(?:</?[A-Za-z][A-Za-z0-9-]*(?:\s[^<>]*)?/?>|<!--|\{:[^}]*\})")


def refuse_icons(deck: Deck, text: str | None = None) -> None:
    """A :name: in the rules that is no icon of the deck stops the build, one error for each, at its line
    (a rules section that cannot be read is left for the rule pages to report)."""
    from ..layout.inline import unknown, unknown_message  # lazy: +132 ms to import (benchmarks/imports.py)
    if text is None:
        if not isinstance(deck.rules, dict):
            return
        try:
            text = rule_text(deck)[0]
        except PnpError:
            return
    if ":" not in (text or ""):
        return
    if "text" in deck.rules:
        file, first = deck.file, deck.rules.where("text")[0] + (1 if "\n" in text.rstrip("\n") else 0)
    else:
        file, first = rules_file(deck), 1
    found = Collector()
    for name, line in unknown(deck.icons, text):
        message, hint = unknown_message(deck.icons, name)
        found.add(PnpError(f"{message} in the rules", file, first + line - 1, field="rules", hint=hint))
    found.done()


def rule_pages(deck: Deck, sheet: SheetLayout) -> list:
    """The deck's `rules:` section as flowing pages, headed by the game's title and closed by the
    "This edition" box (printout/edition.py); [] if it has neither."""
    if deck.extra.get("partial"):           # a proof print of a few cards (pnp build --only): no rules
        return []
    text, settings = rule_text(deck)
    box = edition_box(deck)
    if not text and not box:
        return []
    refuse_markup(deck, text)
    refuse_icons(deck, text)
    family = settings.get("font", "serif")
    text, box = one_bullet(text, box)
    from ..layout.inline import stamp  # lazy: +132 ms to import (benchmarks/imports.py)
    from ..layout.hyphens import language  # lazy: +686 ms to import (benchmarks/imports.py)
    from ..layout.store import remembered  # lazy: +154 ms to import (benchmarks/imports.py)
    g = deck.game
    _ = words(deck.language)
    args = {"text": text, "family": family, "size": settings.get("size", 9.5),
            "columns": settings.get("columns", 1), "accent": settings.get("accent", "#1a1a1a"),
            "title": g.title, "subtitle": _("Rules") + (" · " + _("version {version}", version=g.version).replace(" ", "\u00a0")
                                                        if g.version else ""),
            "footer": _("{game} — rules", game=g.title), "width": sheet.width, "height": sheet.height, "box": box,
            "icons": stamp(deck.icons), "hyphenate": language(deck)}
    if not _.english:           # pnp's words on the pages (English: flow's own, so the arguments stay as they were)
        args["continued"] = _(" (continued)")
        args["page_of"] = _("{footer} · page {n} of {total}")
    # laid out again only when the text, its settings, the paper or pnp's files change (layout/store.py); the text,
    # the box and the title as written, typeset (in the deck's language, unless its typography is plain) only then
    pages = remembered(f"{deck.id}-rules", deck, {**args, "language": deck.language, "typography": g.typography},
                       lambda: _flow(deck, **{**args,
                                              "text": typeset(deck, text, family, lang=_rules_language(deck)),
                                              "box": typeset(deck, box, family, own=True),
                                              "title": typeset(deck, g.title, family)}))
    return [Page("text", sheet.width, sheet.height, ops=ops, label=f"Rules page {i + 1}")
            for i, ops in enumerate(pages)]


_BULLET = re.compile(r"^(\s*)([-•♣♠♥♦*])(?=\s)", re.M)


def one_bullet(text: str, box: str = "") -> tuple[str, str]:
    """The rule pages' text and box with one bullet glyph throughout: the one the rules write most ("- " and
    "* " are "•"), so a game never mixes "♣" and "•" (a tie keeps "•")."""
    counts: dict = {}
    for m in _BULLET.finditer(text):
        glyph = "•" if m.group(2) in "-*" else m.group(2)
        counts[glyph] = counts.get(glyph, 0) + 1
    if len(counts) < 2 and not (counts and "•" not in counts and _BULLET.search(box)):
        return text, box
    glyph = max(counts, key=lambda g: (counts[g], g == "•"))

    def one(m: re.Match) -> str:
        return m.group(1) + ("-" if glyph == "•" else glyph)
    fixed = [_BULLET.sub(one, part) for part in (text, box)]
    return fixed[0], fixed[1]


def _rules_language(deck: Deck) -> str:
    """The language the rules print in: the deck's, or its source language where a translation has no rules of its
    own (rules.LANG.md, rules: {text:LANG}) and prints the source's, which keep their own punctuation."""
    if deck.language != deck.source_language and not (deck.extra.get("rules_file") or deck.extra.get("rules_text")):
        return deck.source_language
    return deck.language


def typeset(deck: Deck, text: str, family: str, own: bool = False, lang: str | None = None) -> str:
    """Rule-page markup with typographic punctuation in the deck's language (text/typography.py): the deck's
    own text unless game.typography is plain, pnp's words (`own`) always; a character the family cannot draw
    (in the styles the text uses) is left as written, so the glyph check below judges the text as written."""
    from ..layout import fonts  # lazy: +312 ms to import (benchmarks/imports.py)
    from ..layout.wrap import styles_used, without_icons  # lazy: +145 ms to import (benchmarks/imports.py)
    if not text or (not own and deck.game.typography == typography.PLAIN):
        return text
    out = typography.typeset(text, lang or deck.language)
    if out != text:
        try:
            missing = fonts.missing_glyphs(without_icons(out), family, styles_used(out) + ("italic",))
        except PnpError:
            return text                     # the font itself is at fault: reported where the pages are made
        out = typography.fallback(out, [c for c in missing if c in typography.MADE])
    return out


def _flow(deck: Deck, text, family, size, columns, accent, title, subtitle, footer, width, height, box,
          icons="", hyphenate="", **words_) -> list:
    from ..layout import fonts  # lazy: +312 ms to import (benchmarks/imports.py)
    from ..layout.pages import flow  # lazy: +103 ms to import (benchmarks/imports.py)
    from ..layout.wrap import styles_used, without_icons  # lazy: +145 ms to import (benchmarks/imports.py)
    try:
        missing = fonts.missing_glyphs(without_icons(text + box) + title + subtitle + "·“”", family,
                                       styles_used(text + "\n\n" + box) + ("italic",))
    except PnpError as exc:
        raise PnpError(exc.message, deck.file, deck.rules.where("font")[0], field="rules.font", hint=exc.hint)
    if missing:
        chars = ", ".join(f"'{c}' (U+{ord(c):04X})" for c in missing)
        where = "rules" if any(c in text for c in missing) else "corrections, inferred"
        raise PnpError(f"rule pages: font '{fonts.shown(family)}' has no glyph for {chars}", deck.file,
                       deck.rules.where()[0] if where == "rules" else None, field=where)
    return flow(text, width, height, family=family, size=size, footer=footer, columns=columns, accent=accent,
                title=title, subtitle=subtitle, box=box, icons_=deck.icons if icons else None, hyphenate=hyphenate,
                families=fonts.deck_keys(deck), **words_)
