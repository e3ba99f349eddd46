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

from ..text.typography import typeset
from .catalogs import decimal_sign, translations

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
        return typeset(text.format(**values) if values else text, self.code)

    def ngettext(self, singular: str, plural: str, count: int, **values) -> str:
        if self.translations is None:
            text = singular if count == 1 else plural
        else:
            text = self.translations.ngettext(singular, plural, count)
        return typeset(text.format(**values) if values else text, self.code)

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
        if self.base == SOURCE or "." not in text:
            return text
        return text.replace(".", decimal_sign(self.code))

    def join(self, items: list[str]) -> str:
        """'a', 'a and b', 'a, b and c', in the language's words."""
        _ = self
        items = list(items)
        if len(items) <= 1:
            return "".join(items)
        return _("{first} and {last}", first=_(", ").join(items[:-1]), last=items[-1])


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
