"""Typographic punctuation: text as a typesetter would print it, in the text's language.

    typeset('Don\'t take "1-3" cards - or -1 p. 25X...', "en")
    -> 'Don’t take “1–3” cards – or −1 p. 25×…'   (the spaced dash and the numbers held by no-break spaces)

What it changes, outside markup (below):
- quotes and apostrophes by language: “ ” ‘ ’ (English and most), „ “ ‚ ‘ (German), « » with narrow
  no-break spaces inside (French), « » (Spanish, Catalan, Italian, Portuguese), „ ” « » (Polish), 「」『』 are
  left to the writer (Japanese and Chinese keep “ ” ‘ ’); an apostrophe inside or at the end of a word is ’.
- a hyphen between numbers ("1-3", "5-6 player", "1 - 3 jokers") is an en dash, closed up (in Japanese and
  Chinese CLDR's full-width ～: "2～4人"); a hyphen with a space on each side is a
  spaced en dash held to the word before it by a no-break space (no line starts with the dash);
- "..." is an ellipsis "…"; a hyphen before a number at a word's start ("-1 p.") is a minus sign "−";
  "x" or "X" between numbers ("3x4", "2 x 3") and after one ("25X") is a multiplication sign "×";
- a spaced separator (·, •, |) goes with the word after it, never ending a line; in a heading it holds the
  words on both sides;
- a number and the word after it ("10 coins", "3.3 mm", "1 change") are held together by a no-break space,
  so no line ends on the number;
- French: a narrow no-break space before : ; ! ? (and inside « »), replacing a space written there.

Never changed: what markup writes — an icon (:name:), a {field}, a URL, a file name (deck.yaml), an
option (--lang), `code`, an escape (\\*, \\:), a line's bullet or number ("- ", "1. ") or heading marks.
typeset is idempotent: text it printed is printed again the same.

`fallback` puts back the plain character for each one a font has no glyph for (a deck's own font without
"−"), so the glyph check never refuses what this module added.

What a build typeset is kept between runs in its deck folder's book (open_book, save_book: one cache file a deck
folder, under a digest of this module's and markup.py's code), so that a rebuild typesets nothing and compiles
none of the expressions below (~5% of a warm rebuild's instructions). The book only saves time: the text is the
same with it warm, cold or off (PNP_CACHE=off).
Not here: where it is applied (layout/face.py Context.typeset for cards, printout/ for pnp's words and the
rule pages, language/ Words), markup itself (markup.py).
"""
from __future__ import annotations

import hashlib
import re
from functools import lru_cache
from pathlib import Path

from ..files import cachefile
from . import markup
from .markup import ICON

PLAIN, TYPOGRAPHIC = "plain", "typographic"
NBSP, NNBSP = "\u00a0", "\u202f"            # no-break space, narrow no-break space
EN, MINUS, TIMES, ELLIPSIS = "\u2013", "\u2212", "\u00d7", "\u2026"

# (double open, double close, single open, single close, space inside the marks)
QUOTES = {
    "en": ("“", "”", "‘", "’", ""),
    "de": ("„", "“", "‚", "‘", ""),
    "fr": ("«", "»", "‹", "›", NNBSP),
    "es": ("«", "»", "“", "”", ""),
    "ca": ("«", "»", "“", "”", ""),
    "it": ("«", "»", "“", "”", ""),
    "pt": ("«", "»", "“", "”", ""),
    "pl": ("„", "”", "«", "»", ""),           # CLDR's quotation marks for Polish
}
RANGE = {"ja": "\uff5e", "zh": "\uff5e"}    # a number range's dash where it is not an en dash: CLDR's ("2～4人")
# what each character this module makes falls back to where a font lacks it
FALLBACK = {"“": '"', "”": '"', "„": '"', "«": '"', "»": '"', "‘": "'", "’": "'", "‚": "'", "‹": "'",
            "›": "'", EN: "-", MINUS: "-", TIMES: "x", ELLIPSIS: "...", NNBSP: NBSP, NBSP: " ", "\uff5e": EN}
MADE = frozenset(FALLBACK)

BOOK = 1            # the books' format
GROWTH = 4          # a book holding this many times the texts a build looks up is written anew (save_book)


@lru_cache(maxsize=1)
def _patterns() -> tuple:
    """(_KEEP, _LINE_START, _KEPT), compiled when a text is first typeset in a process (a rebuild finds its texts
    in the book and compiles none: _KEEP alone, with ICON's ranges of CJK letters, costs ~2 ms)."""
    # markup and names that are never changed: icons, fields, URLs, e-mail, options, code, file names, escapes
    keep = re.compile(
        ICON.pattern +                                       # :icon:
        r"|\{[^{}\n]*\}"                                     # {field}
        r"|`[^`\n]*`"                                        # `code`
        r"|\b(?:https?://|www\.)[^\s<>]*[^\s<>.,;:!?)\]'\"]"   # a URL
        r"|[\w.+-]+@[\w-]+(?:\.[\w-]+)+"                     # an e-mail address
        r"|(?<![\w-])--?[A-Za-z][\w-]*(?:=\S*)?"             # --option, -x
        r"|\b[\w-]+(?:/[\w.-]+)*\.(?:ya?ml|md|pdf|png|jpe?g|svg|csv|xlsx|ods|txt|json|po|ttf|otf|py|zip|html)\b"
        r"|\\:[A-Za-z][A-Za-z0-9_-]*:"                       # \:word: (printed as written)
        r"|\\[*:\\]"                                         # \* \: \\
        r"|<[^<>\n]*>"                                       # a tag (reportlab XML)
    )
    line_start = re.compile(r"^(\s*(?:#{1,3}\s+|[-•♣♠♥♦*]\s+|\d+[.)]\s+|[a-z][.)]\s+)?)", re.M)
    return keep, line_start, re.compile("[\U000f0000-\U000ffffd]")


_FIRST, _LAST = 0xF0000, 0xFFFFD   # private use: the kept spans' places (one character each) while the rest is changed


def typeset(text: str, lang: str = "en") -> str:
    """`text` with typographic punctuation for the language `lang` ("fr", "de-AT", ...)."""
    if not text or not isinstance(text, str):
        return text
    key = (text, _base(lang))
    known, used = _memo()
    out = known.get(key)
    if out is None:
        if "\n\n" not in text:
            out = _typeset(*key)
        else:                                   # a paragraph at a time
            out = "\n\n".join(_typeset(part, key[1]) for part in text.split("\n\n"))
        known[key] = out
    used[key] = out
    return out


def _base(lang: str) -> str:
    return (lang or "en").replace("_", "-").split("-", 1)[0].lower()


@lru_cache(maxsize=8192)
def _typeset(text: str, lang: str) -> str:
    kept: list[str] = []

    def keep(m: re.Match) -> str:
        kept.append(m.group(0))
        return chr(_FIRST + len(kept) - 1)

    _keep, _line_start, _kept = _patterns()
    if _kept.search(text) or len(text) > _LAST - _FIRST:     # private-use characters of its own, or a paragraph
        return text                                          # over 65,533 characters: as written
    t = _keep.sub(keep, text) if _may_keep(text) else text
    # each line's bullet, number or heading mark is set aside too
    t = _line_start.sub(keep, t)
    t = _dashes(t)
    t = _separators(t, text)
    t = _quotes(t, lang)
    t = _numbers(t)
    if lang == "fr":
        t = _french(t)
    if lang in RANGE and (EN in t or "-" in t):         # a range between numbers: the language's own dash, a
        t = re.sub(r"(?<![0-9A-Za-z.,/-])(\d+)[-\u2013](\d+)(?![0-9A-Za-z/-]|[.,]\d)",   # counter after it too
                   r"\1" + RANGE[lang] + r"\2", t)
    if kept:
        t = _kept.sub(lambda m: kept[ord(m.group(0)) - _FIRST], t)
    return t


# what each of _KEEP's kinds of span holds (its ':' or '<', or a file name's ".yaml" ...): a text with none of them
# holds no span to keep, and is not searched
_KEEP_MARKS = (":", "{", "`", "@", "-", "\\", "<", "www.", ".y", ".m", ".p", ".j", ".s", ".c", ".x", ".o", ".t",
               ".z", ".h")


def _may_keep(text: str) -> bool:
    return any(mark in text for mark in _KEEP_MARKS)


def _dashes(t: str) -> str:
    t = t.replace("...", ELLIPSIS)
    # (each expression below matches only where its hyphen or dash is: a text without one is not searched)
    hyphen = "-" in t
    if hyphen or EN in t:
        # a range written with spaces, "1 - 3 jokers": closed up, as any range
        t = re.sub(r"(?<![\w.,])(\d+(?:[.,]\d+)?)[ \u00a0]+[-\u2013][ \u00a0]+(\d+(?:[.,]\d+)?)(?![\w-]|[.,]\d)",
                   r"\1" + EN + r"\2", t)
        hyphen = "-" in t
    if hyphen:
        # a hyphen (or two) with a space on each side: a spaced en dash, held to the word before it
        t = re.sub(r"(?<=\S)[ \u00a0]+-{1,2}[ \u00a0]+(?=\S)", NBSP + EN + " ", t)
        hyphen = "-" in t
    if EN in t or "\u2014" in t:
        t = re.sub(r"(?<=\S)[ \u00a0]+[\u2013\u2014] (?=\S)", lambda m: NBSP + m.group(0).strip() + " ", t)
    if hyphen:
        # number ranges: 1-3, 5-6 player (not a date or code: 2024-05-01, 1-2-3)
        t = re.sub(r"(?<![\w.,/-])(\d+(?:[.,]\d+)?)-(\d+(?:[.,]\d+)?)(?![\w/-]|[.,]\d)", r"\1" + EN + r"\2", t)
        # a minus sign: a hyphen starting a word, before a digit
        t = re.sub(r"(?:(?<=^)|(?<=[\s(\[/\u00a0]))-(?=\d)", MINUS, t, flags=re.M)
    return t


def _separators(t: str, text: str) -> str:
    """A spaced separator ("Round Summary · Captain") never ends a line: it goes with the word after it, and in
    a heading it holds the words on both sides (the heading breaks elsewhere)."""
    if "·" not in t and " • " not in t and " | " not in t:
        return t
    lines = t.split("\n")
    heads = [ln.lstrip().startswith("#") for ln in text.split("\n")]
    out = []
    for ln, head in zip(lines, heads + [False] * (len(lines) - len(heads))):
        if head:
            ln = re.sub(r"(?<=\S)[ \u00a0]([·•|])[ \u00a0](?=\S)", NBSP + r"\1" + NBSP, ln)
        else:
            ln = re.sub(r"(?<=\S) ([·•|])[ \u00a0](?=\S)", r" \1" + NBSP, ln)
        out.append(ln)
    return "\n".join(out)


def _quotes(t: str, lang: str) -> str:
    dq_open, dq_close, sq_open, sq_close, inside = QUOTES.get(lang, QUOTES["en"])
    if "'" in t:
        t = re.sub(r"(?<=\w)'(?=\w)", "’", t)                 # don't, l'eau, rock'n'roll
        t = re.sub(r"(?<![\w'])'(?=\d\d?s?\b)", "’", t)          # '90s, '23
        t = re.sub(r"(?<=[\w.,!?…%)])'", lambda m: sq_close, t)  # a closing single quote
        t = re.sub(r"'(?=\S)", sq_open, t)
        t = t.replace("'", "’")
    if '"' in t:
        out = []
        for i, ch in enumerate(t):
            if ch != '"':
                out.append(ch)
                continue
            before = t[i - 1] if i else " "
            after = t[i + 1] if i + 1 < len(t) else " "
            opening = (before.isspace() or before in "([{-\u2013\u2014/*_“‘„‚«‹" or _FIRST <= ord(before) <= _LAST) \
                and not after.isspace()
            out.append(dq_open + inside if opening else inside + dq_close)
        t = "".join(out)
    if inside:                                          # French marks written by hand: their spaces
        t = re.sub(r"«[ \u00a0]?(?=\S)", "«" + inside, t)
        t = re.sub(r"(?<=\S)[ \u00a0]?»", inside + "»", t)
    return t


def _numbers(t: str) -> str:
    if not re.search(r"\d", t):             # (each expression below matches only at a digit)
        return t
    if "x" not in t and "X" not in t:
        return _held(t)
    t = re.sub(r"(?<=\d) ?[xX] ?(?=\d)", TIMES, t)               # 3x4, 2 x 3
    t = re.sub(r"(?<=\d)[xX](?=$|[\s.,;:!?)\u00a0…])", TIMES, t, flags=re.M)   # 25X
    return _held(t)


def _held(t: str) -> str:
    # a number and the word after it: held by a no-break space (a letter word, not a new sentence's number)
    t = re.sub(r"(?<![\w.,-])([−-]?\d+(?:[.,]\d+)*[%×]?) (?=[^\W\d_]|[%°€$£])", r"\1" + NBSP, t)
    return t


def _french(t: str) -> str:
    # a narrow no-break space before ; ! ? and : (replacing a space written there), not inside a word or number
    t = re.sub(r"(?<=[^\W\d]|[»*_)])[ \u00a0]?([;!?])", NNBSP + r"\1", t)
    t = re.sub(r"(?<=[^\W\d]|[»*_)])[ \u00a0]?:(?=[\s*_]|$)", NNBSP + ":", t, flags=re.M)
    t = re.sub(r"(?<=\d)[ \u00a0]:(?=\s|$)", NNBSP + ":", t, flags=re.M)
    return t


def fallback(text: str, missing) -> str:
    """`text` with each character of `missing` that typeset makes put back as its plain form."""
    for ch in missing:
        if ch in FALLBACK:
            plain = FALLBACK[ch]
            text = text.replace(ch, plain if plain not in missing else FALLBACK.get(plain, plain))
    return text


def plain_words(text: str) -> str:
    """`text` as typeset wrote it, read back plain (the proof's spelling, tests): quotes straight, dashes as
    hyphens, no-break spaces as spaces."""
    return fallback(fallback(text, MADE), MADE)


@lru_cache(maxsize=1)
def _memo() -> tuple:
    """({(text, language): typeset} known in this process: typeset, or read from a book; {...} looked up in this
    process: what a book is written with). Each entry is named by all it is made from, so the entries of any
    deck's book answer any deck alike; a process building several decks (pnp watch) keeps them all."""
    return {}, {}


@lru_cache(maxsize=1)
def _stamp() -> str:
    """A digest of the code that typesets: this module and markup.py (its ICON)."""
    h = hashlib.blake2b(digest_size=12)
    for module in (__file__, markup.__file__):
        h.update(Path(module).read_bytes())
    return h.hexdigest()


def _book(where: str) -> tuple:
    """(the book file of a deck folder, {(text, language): typeset} it holds) read once a process and cache
    folder; (None, {}) without one."""
    return _book_in(cachefile.cache_dir(), where)


@lru_cache(maxsize=16)
def _book_in(base: Path | None, where: str) -> tuple:
    if base is None:
        return None, {}
    digest = hashlib.blake2b(where.encode(), digest_size=8).hexdigest()
    file = base / "typeset" / f"book-{Path(where).name[:40]}-{digest}.marshal"
    held = cachefile.read(file, "typeset book", BOOK)
    if not (type(held) is tuple and len(held) == 2 and held[0] == _stamp() and type(held[1]) is dict):
        return file, {}
    return file, held[1]


def open_book(where: str) -> None:
    """Read the book of a deck folder (`where`: its resolved path, or the deck's id without one): the texts its
    last builds typeset answer without typesetting them again."""
    book = _book(where)[1]
    known = _memo()[0]
    for key, out in book.items():
        if type(key) is tuple and len(key) == 2 and type(out) is str:
            known.setdefault(key, out)


def save_book(where: str, merge: bool = False) -> None:
    """Write the book of a deck folder with what this process looked up, where it holds a text the book lacks:
    added to what the book held (a text edited back finds its punctuation), unless the book holds over GROWTH
    times as many texts as were looked up (a deck edited for long), when it keeps only those (a failure only costs
    time). `merge`: a run that typeset part of what a build does only adds to the book."""
    file, held = _book(where)
    used = _memo()[1]
    if file is None or not used:
        return
    fresh = not held.keys() >= used.keys()
    keep = merge or len(held) <= GROWTH * len(used)
    if not fresh and keep:
        return
    out = {**held, **used} if keep else dict(used)
    if cachefile.write(file, "typeset book", BOOK, (_stamp(), out)):
        held.clear()
        held.update(out)
