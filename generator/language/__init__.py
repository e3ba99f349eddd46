"""pnp's own printed sentences in one language (Words): the print leaf, the sheet labels, the cutting steps,
the rule pages' headings, the This edition box and the calibration sheet say what they say through a Words,
`_("Cut along the marks.")`, `_.ngettext("{n} change", "{n} changes", n, n=n)`, numbers through `_.num`.

A message is written in the code in English, with `{name}` placeholders filled in after it is translated;
the translations are gettext catalogs, one for each language pnp speaks (catalogs.py reads them from
generator/locale/LANG/LC_MESSAGES/pnp.po). English needs none: its Words hands each message back as written,
and never imports Babel. Every sentence is said with typographic punctuation in its language (text/typography.py:
“quotes”, en dashes, no-break spaces between a number and its unit), its {placeholders} left as written.
A language with no catalog prints English, and says so once on stderr (catalogs.note_missing).

Not here: which language a deck prints in and its own texts per language (deck/languages.py), the fonts a
language needs (layout/fonts.py), the catalogs' files (catalogs.py).
"""
from __future__ import annotations

from functools import lru_cache
from unicodedata import bidirectional

from ..text.typography import typeset
from .catalogs import decimal_sign, digits, right_to_left, translations

FSI, PDI = "\u2068", "\u2069"     # a name set apart in a sentence: its own direction, one neutral to the sentence

SOURCE = "en"               # the language pnp's messages are written in
UNSPACED = ("ja", "zh")     # languages written without spaces between sentences, ending them with 。


class Words:
    """pnp's sentences in `code`'s language: call it with a message (and its placeholders' values)."""

    def __init__(self, code: str = SOURCE, translations=None):
        self.code = code
        self.base = base(code)
        self.translations = translations        # gettext.GNUTranslations, or None: the messages as written

    @property
    def english(self) -> bool:
        return self.translations is None

    def __call__(self, message: str, **values) -> str:
        text = message if self.translations is None else self.translations.gettext(message)
        return self._said(text, values)

    def ngettext(self, singular: str, plural: str, count: int, **values) -> str:
        if self.translations is None:
            text = singular if count == 1 else plural
        else:
            text = self.translations.ngettext(singular, plural, count)
        return self._said(text, values)

    def _said(self, text: str, values: dict) -> str:
        """A message with its values in it, typeset: each value that writes a letter of the other direction (a
        Hebrew name in English, an English one in Arabic) isolated (isolate), each number in the language's
        digits."""
        if values:
            text = text.format(**{k: self.value(v) for k, v in values.items()})
        return typeset(self.digits(text) if self.native else text, self.code)

    def value(self, v):
        """A value as a sentence of this language holds it: a number in its digits, a name isolated where it
        runs the other way."""
        if type(v) is str:
            return isolate(v, self.rtl)
        return v

    @property
    def rtl(self) -> bool:
        """Whether the language is written from right to left (CLDR's character order, through Babel)."""
        return not self.english and right_to_left(self.code)

    @property
    def native(self) -> str:
        """The language's own digits ("٠١٢٣٤٥٦٧٨٩" in Egyptian Arabic), or "" where it writes 0-9 (CLDR's default
        numbering system for the language: Latin digits for Arabic itself, Arabic-Indic for ar-EG)."""
        return "" if self.english else digits(self.code)

    def digits(self, text: str) -> str:
        """`text`'s digits 0-9 in the language's own (native), but inside an isolated name."""
        if not self.native:
            return text
        table = str.maketrans("0123456789", self.native)
        out, depth = [], 0
        for c in text:
            depth += (c in "\u2066\u2067\u2068") - (c == PDI and depth > 0)
            out.append(c if depth else c.translate(table))
        return "".join(out)

    @property
    def space(self) -> str:
        """What is written between two sentences: a space, or nothing in Japanese and Chinese."""
        return "" if self.base in UNSPACED else " "

    @property
    def stop(self) -> str:
        """A sentence's full stop: '.', or '。' in Japanese and Chinese."""
        return "。" if self.base in UNSPACED else "."

    def num(self, value: float, spec: str) -> str:
        """`value` formatted as f"{value:{spec}}" ("63.5"), with the language's decimal sign ("63,5")."""
        text = format(value, spec)
        if self.base == SOURCE:
            return text
        return self.digits(text.replace(".", decimal_sign(self.code)) if "." in text else text)

    def join(self, items: list[str]) -> str:
        """'a', 'a and b', 'a, b and c', in the language's words."""
        _ = self
        items = list(items)
        if len(items) <= 1:
            return "".join(items)
        return _("{first} and {last}", first=_(", ").join(items[:-1]), last=items[-1])


def isolate(value: str, rtl: bool) -> str:
    """`value`, written into a sentence that runs right to left (`rtl`) or left to right, between FSI and PDI
    where it holds a letter of the other direction outside its own isolates ("Cut the ⁨שלום⁩ cards"): the bidi
    algorithm then orders it on its own, and the sentence's words, numbers and punctuation around it stay where
    the sentence puts them. Other values as they are."""
    if value.isascii() and not rtl:
        return value
    depth, other = 0, False
    for c in value:
        if c in "\u2066\u2067\u2068":
            depth += 1
        elif c == PDI:
            depth = max(0, depth - 1)
        elif not depth:
            kind = bidirectional(c)
            if (kind == "L") if rtl else (kind in ("R", "AL")):
                other = True
                break
    return FSI + value + PDI if other else value


def base(code: str) -> str:
    """The language of a code without its region: fr-CA -> fr."""
    return code.replace("_", "-").split("-", 1)[0].lower()


@lru_cache(maxsize=None)
def words(code: str = SOURCE) -> Words:
    """pnp's sentences in the language `code` (its catalog, or its base language's: fr-CA reads fr's); English,
    and a language pnp has no catalog for, print the messages as written (catalogs.note_missing says so)."""
    if base(code) == SOURCE:
        return Words(code)
    return Words(code, translations(code))


def N_(message: str) -> str:
    """A message marked for the catalogs where it is written, and translated where it is printed (_(...))."""
    return message
