"""The `languages:` section: the languages a deck prints in, its source language (what its plain texts are
written in: `text`, `rules.md`, `words.txt`), and for each translation the fonts it prints with and a
translator's sheet its texts may come from:

    languages:
      source: en                              # default: en
      fr: {}                                  # a translation: FIELD:fr beside each FIELD, rules.fr.md, words.fr.txt
      de: {file: cards.de.xlsx}               # its texts from a translator's sheet (pnp cards --lang de)
      ja: {fonts: {serif: japanese, sans: japanese}}   # a family templates name -> the one printed instead

Also here: a translation written beside what it translates, `KEY:LANG` (`title:fr`, `text:ja`), taken out of
a mapping (translated) for the sections that read one (game, kinds, parts, cards).
Not here: the deck put into a language (deck/languages.py), pnp's own sentences (language/).
"""
from __future__ import annotations

import re

from ...errors import found, suggest
from ...files.yamlfile import Map
from ..model import Language
from ..values import NAME, need_map, need_text, unknown_keys
from ...language.catalogs import known

KEYS = {            # the section's keys: source, and one for each translation, named by its language's code
    "source": "the code of the language the deck's plain texts are written in; default: en",
    "LANG": "a translation ('fr', 'pt-BR'): {} or {file, sheet, fonts}",
}
LANGUAGE_KEYS = {   # a translation's keys
    "file": "a translator's sheet (.csv, .xlsx, .ods) in the deck folder: its FIELD:LANG columns, keyed by id",
    "sheet": "the sheet of that workbook; default: the first",
    "fonts": "{family: family}: a family the templates (and the leaf) name, printed in another in this language",
}
CODE = re.compile(r"^[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$")
SOURCE = "en"


def read(r, root) -> dict:
    """{code: Language}, the source language first; {} when the deck names no languages (English only)."""
    m = root.get("languages")
    if m is None:
        return {}
    m = need_map(m, root, "languages", "languages ({source: en, fr: {}})")
    source = SOURCE
    if "source" in m:
        source = code(m, "source", need_text(m["source"], m, "source", "languages.source"), "languages.source")
    out = {source: Language(source, source=r.src(m, "source" if "source" in m else None))}
    for key, value in m.items():
        if key == "source":
            continue
        with r.noting():
            lang = code(m, key, str(key), f"languages.{key}")
            if lang == source:
                raise m.error(key, f"'{lang}' is the deck's source language: its texts are the plain columns "
                              "(text, title), rules.md and words.txt", field=f"languages.{key}")
            # a language whose settings hold a mistake is still one of the deck's: that mistake is its one
            # error, not every KEY:LANG of the deck after it (issue 47)
            out[lang] = Language(lang, source=r.src(m, key))
            out[lang] = translation(r, lang, value, m)
    return out


def code(m, key, value: str, field: str) -> str:
    if not CODE.match(value) or not known(value):
        raise m.error(key, f"'{value}' is not a language code", field=field,
                      hint="a code such as fr, de, es, ja or pt-BR (ISO 639, with a region if need be)")
    return value


def translation(r, lang: str, value, m: Map) -> Language:
    field = f"languages.{lang}"
    if value is None:
        return Language(lang, source=r.src(m, lang))
    value = need_map(value, m, lang, f"settings of language {lang} ({{file, sheet, fonts}})")
    unknown_keys(value, tuple(LANGUAGE_KEYS), f"language {lang}", field)
    fonts = ()
    if "fonts" in value:
        fm = need_map(value["fonts"], value, "fonts", "font families ({serif: japanese})")
        pairs = []
        for fam, to in fm.items():
            if not NAME.match(str(fam)):
                raise fm.error(fam, f"'{fam}' is not a font family's name", field=f"{field}.fonts.{fam}")
            pairs.append((str(fam), need_text(to, fm, fam, f"{field}.fonts.{fam}")))
        fonts = tuple(pairs)
    file = need_text(value.get("file"), value, "file", f"{field}.file", required=False, limit=500)
    sheet = need_text(value.get("sheet"), value, "sheet", f"{field}.sheet", required=False) or None
    if sheet and not file:
        raise value.error("sheet", "a sheet needs the file it is in", field=f"{field}.sheet")
    return Language(lang, fonts, file, sheet, r.src(m, lang), value)


TRANSLATED = re.compile(r"^([A-Za-z_][A-Za-z0-9_\-]*):([A-Za-z0-9\-]+)$")


def split(r, m: Map, translatable, where: str) -> tuple[Map, dict]:
    """(m without its KEY:LANG keys, {lang: {KEY: value}}): the translations written in a mapping of deck.yaml
    (or a spreadsheet's row). A KEY that is not `translatable`, or a LANG the deck does not name, is a mistake,
    noted (reading goes on without it)."""
    if not any(isinstance(k, str) and TRANSLATED.match(k) for k in m):
        return m, {}
    plain = Map((k, v) for k, v in m.items() if not (isinstance(k, str) and TRANSLATED.match(k)))
    plain.file, plain.line, plain.column, plain._pos = m.file, m.line, m.column, getattr(m, "_pos", {})
    for attr in ("table", "_cells", "_yaml", "corrections"):        # a spreadsheet's row names its cells
        if hasattr(m, attr):
            setattr(plain, attr, getattr(m, attr))
    if hasattr(m, "table"):
        plain.__class__ = m.__class__
    out: dict = {}
    langs = list(r.languages)[1:]
    for k, v in m.items():
        hit = TRANSLATED.match(k) if isinstance(k, str) else None
        if not hit:
            continue
        key, lang = hit.groups()
        with r.noting(wide=False):
            if key not in translatable:
                raise m.error(k, f"'{key}' cannot be translated in {where}", field=str(k),
                              hint=f"what can: {', '.join(translatable)}" if translatable else None)
            if lang not in langs:
                if ("language", lang) in r.failed:
                    continue                # said once, at the first: not again for every cell (issue 47)
                r.failed.add(("language", lang))
                message, hint = not_a_language(k, lang, langs)
                raise m.error(k, message, field=str(k), hint=hint)
            out.setdefault(lang, {})[key] = v
    return plain, out


def not_a_language(key: str, lang: str, langs: list) -> tuple[str, str]:
    """(message, hint) for a KEY:LANG whose LANG is none of the deck's translations `langs`."""
    said = f"the deck's translations are {', '.join(langs)}" if langs else "the deck names no translations"
    return (f"'{key}': '{lang}' is not one of the deck's languages ({said}); the deck's other KEY:{lang} texts are "
            "passed over with it", suggest(lang, langs) or f"name it under languages: in deck.yaml ({lang}: {{}})")


def column_language(r, head: str) -> tuple[str, str] | None:
    """(message, hint) for a spreadsheet's column FIELD:LANG whose LANG is none of the deck's translations, said
    once at the header's cell, not at the first row that fills it (its rows' cells are passed over with it)."""
    lang, langs = TRANSLATED.match(head).group(2), list(r.languages)[1:]
    if lang in langs or ("language", lang) in r.failed:
        return None
    r.failed.add(("language", lang))
    return not_a_language(head, lang, langs)


def text_of(value, m, key, field) -> str:
    """A translated text: plain text, never a list or mapping."""
    if isinstance(value, (Map, list, bool)):
        raise m.error(key, f"expected text, found {found(value)}", field=field)
    return need_text(value, m, key, field, required=False)

