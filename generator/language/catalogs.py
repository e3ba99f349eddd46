"""The message catalogs: generator/locale/LANG/LC_MESSAGES/pnp.po, one for each language pnp speaks (fr, de,
es, ja), read at run time with Babel (a .po file is compiled in memory to gettext's form, so there is no
.mo file to keep in step with it). generator/locale/pnp.pot is the template every catalog is made from.

Making and refreshing them (docs/languages.md):

    pybabel extract -F generator/locale/babel.cfg -k ngettext:1,2 --add-location=file -w 120 \
        -o generator/locale/pnp.pot generator
    pybabel update -i generator/locale/pnp.pot -d generator/locale -D pnp -w 120

tests/deck/test_languages.py checks that every catalog holds every message the code marks, translated, with the
same placeholders. Also here: a language's name in English, its decimal sign (Babel's data), and the one
line said when a language has no catalog.

Not here: the sentences themselves (the modules that print them), Words (__init__.py).
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path
import gettext
import io
import re

LOCALE = Path(__file__).resolve().parent.parent / "locale"
DOMAIN = "pnp"


def catalog_file(code: str) -> Path | None:
    """The .po file for `code` (or for its base language), None when pnp has none."""
    base = code.replace("_", "-").split("-", 1)[0].lower()        # fr-CA -> fr (as language.base)
    for name in (code.replace("-", "_"), base):
        path = LOCALE / name / "LC_MESSAGES" / f"{DOMAIN}.po"
        if path.is_file():
            return path
    return None


def languages() -> list[str]:
    """The languages pnp has a catalog for, besides English."""
    return sorted(p.parent.parent.name for p in LOCALE.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))


@lru_cache(maxsize=None)
def translations(code: str):
    """gettext translations for `code` from its .po file; None (English) when pnp has no catalog for it,
    which is said once on stderr."""
    path = catalog_file(code)
    if path is None:
        note_missing(code)
        return None

    from babel.messages.mofile import write_mo  # lazy: +116 ms to import (benchmarks/imports.py)
    from babel.messages.pofile import read_po  # lazy: +124 ms to import (benchmarks/imports.py)
    with open(path, "rb") as f:
        catalog = read_po(f, locale=path.parent.parent.name, domain=DOMAIN)
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    buffer.seek(0)
    return gettext.GNUTranslations(buffer)


@lru_cache(maxsize=None)
def own_words(code: str) -> frozenset:
    """The words pnp's own sentences print in the language (its catalog's translations), lower-case: the
    proof's spelling check of a printout in that language accepts them as pnp's, not the designer's."""
    path = catalog_file(code)
    if path is None:
        return frozenset()

    from babel.messages.pofile import read_po  # lazy: +124 ms to import (benchmarks/imports.py)
    with open(path, "rb") as f:
        catalog = read_po(f, locale=path.parent.parent.name, domain=DOMAIN)
    said = " ".join(" ".join(m.string) if isinstance(m.string, tuple) else m.string for m in catalog if m.id)
    return frozenset(w.lower() for w in re.findall(r"[^\W\d_]+(?:['’][^\W\d_]+)*", re.sub(r"\{\w+\}", " ", said)))


@lru_cache(maxsize=None)
def note_missing(code: str) -> None:
    """One line on stderr, once a process (a warm one too: the line is about pnp, not the deck): pnp prints its
    own sentences in English for this language."""
    from ..errors import warn  # lazy: +11 ms to import (benchmarks/imports.py)
    warn(f"pnp has no {name(code)} catalog for its own printed words (the print leaf, sheet labels, "
         f"cutting steps, rule page headings, This edition box): they are printed in English "
         f"(catalogs: {', '.join(languages())})", "note")


@lru_cache(maxsize=None)
def name(code: str) -> str:
    """The language's name in English ('French'), or its code when Babel does not know it."""
    try:
        from babel import Locale
        return Locale.parse(code.replace("-", "_")).get_display_name("en") or code
    except Exception:               # an unknown or malformed code: named as written
        return code


@lru_cache(maxsize=None)
def known(code: str) -> bool:
    """Whether Babel knows the language (a code such as 'fr', 'pt-BR', 'ja')."""
    try:
        from babel import Locale
        Locale.parse(code.replace("-", "_"))
        return True
    except Exception:               # babel raises several kinds for an unknown code
        return False


@lru_cache(maxsize=None)
def decimal_sign(code: str) -> str:
    """The language's decimal sign in its own digits: ',' in French and German, '.' in Japanese, '٫' in Egyptian
    Arabic."""
    from babel.numbers import get_decimal_symbol  # lazy: +59 ms to import (benchmarks/imports.py)
    try:
        return get_decimal_symbol(code.replace("-", "_"), numbering_system="default")
    except Exception:               # an unknown code: the English sign
        return "."


# the zero of each CLDR numbering system a language pnp may print in writes by default (Unicode's digits follow it)
ZEROS = {"arab": "\u0660", "arabext": "\u06f0", "deva": "\u0966", "beng": "\u09e6", "mymr": "\u1040",
         "thai": "\u0e50", "tibt": "\u0f20", "khmr": "\u17e0", "laoo": "\u0ed0"}


@lru_cache(maxsize=None)
def digits(code: str) -> str:
    """The ten digits the language writes by default (CLDR's default numbering system, through Babel), or ""
    for 0-9: Arabic writes 0-9 (CLDR's `ar`), Egyptian and Saudi Arabic ٠-٩, Persian ۰-۹."""
    try:
        from babel import Locale
        system = Locale.parse(code.replace("-", "_")).default_numbering_system
    except Exception:               # an unknown code: 0-9
        return ""
    zero = ZEROS.get(system)
    return "".join(chr(ord(zero) + n) for n in range(10)) if zero else ""


@lru_cache(maxsize=None)
def right_to_left(code: str) -> bool:
    """Whether the language is written from right to left (CLDR's character order: Arabic, Hebrew, Persian ...);
    English, pnp's own, without loading Babel."""
    if code.replace("_", "-").split("-", 1)[0].lower() == "en":
        return False
    try:
        from babel import Locale
        return Locale.parse(code.replace("-", "_")).character_order == "right-to-left"
    except Exception:               # an unknown or malformed code: left to right
        return False
