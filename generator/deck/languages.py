"""A deck put into one of its languages (in_language): the same cards, numbers, colours and pictures, with
each text in that language where the deck gives it (FIELD:LANG in deck.yaml or a column, a translator's
sheet, title:LANG of the game, kinds and parts, rules.LANG.md beside rules.md), the fonts that language
prints in (Deck.language: layout/fonts.py reads its languages: settings), and its own name for its outputs (GAME.fr: output/GAME.fr.pdf, output/GAME.fr/proof/).

A text a translation lacks is printed in the source language, and is a warning naming the card (or kind,
part, game setting) and field, or with `strict` an error at the place it is written. Texts with no letter in
them ("3", "!", "+1") and fields with `choices` (they name things: a colour, a picture's file) are shared by
every language, as numbers, colours and pictures are; a language may still override any field.
A card keeps its name (its identity in errors, the proof, pnp check and --only) in every language.

Not here: reading the translations (sections/languages.py, sheets/, translations.py), pnp's own sentences
in the language (language/), the fonts themselves (layout/fonts.py).
"""
from __future__ import annotations

from pathlib import Path

from ..errors import Collector, PnpError, suggest as near
from .model import Deck
from .translations import (CORRECTION_ROW, KIND_ROW, OWN, correction_words, read as read_sheet, template_rows,
                           wordy)
from ..language.catalogs import name

def in_language(deck: Deck, code: str | None, strict: bool = False, every: bool = False) -> tuple[Deck, list[str]]:
    """(the deck in language `code`, its warnings): `code` None or the source language is the deck as loaded.
    PnpError for a language the deck does not name; PnpErrors for every text missing, with `strict`. The texts
    missing are one warning a file, with their count (`every`: one a text, as pnp check --verbose lists them)."""
    source = deck.source_language
    languages = deck.languages
    if code is None or code == source:
        return deck._replace(language=source), []
    named(deck, code)
    lang = languages[code]
    missing: list = []          # (file, line, field, message)

    def lacks(where, line, field, what):
        missing.append((where, line, field, what))

    game = deck.game
    said = game.translations.get(code, {})
    for key in ("subtitle", "setup", "instructions"):
        if wordy(getattr(game, key)) and key not in said:
            lacks(deck.file, 0, f"game.{key}", f"game.{key} has no {_name(code)} text ({key}:{code})")
    game = game._replace(**{k: v for k, v in said.items()})
    sheet = read_sheet(deck, code)          # a translator's sheet, languages: {fr: {file: ...}}
    kinds = {}
    for kid, kind in deck.kinds.items():
        words = {**kind.translations.get(code, {}), **sheet.get(KIND_ROW + kid, {})}
        if wordy(kind.title) and "title" not in words:
            lacks(deck.file, kind.line, f"kinds.{kid}.title", f"kind '{kid}' has no {_name(code)} title (title:{code})")
        plural = words.get("plural", kind.plural if "title" not in words else "")
        kinds[kid] = kind._replace(title=words.get("title", kind.title), plural=plural)
    parts = {}
    for pid, part in deck.parts.items():
        words = part.translations.get(code, {})
        shown = len(deck.parts) > 1 or part.optional
        if shown and wordy(part.title) and "title" not in words:
            lacks(deck.file, 0, f"parts.{pid}.title", f"part '{pid}' has no {_name(code)} title (title:{code})")
        parts[pid] = part._replace(title=words.get("title", part.title), note=words.get("note", part.note))
    cards = []
    untranslated = set()        # (card id, field) printed in the source language: the proof spells it so
    for card in deck.cards:
        kind = deck.kinds[card.kind]
        given = {**card.translations.get(code, {}), **sheet.get(card.id, {})}
        for fname, value in card.fields.items():
            spec = kind.fields.get(fname)
            if spec is None or spec.type not in ("text", "markup") or spec.choices or fname in given:
                continue
            if wordy(value):
                untranslated.add((card.id, fname))
            if wordy(value) and value != spec.default:
                lacks(card.source.file, card.field_lines.get(fname, card.source.line), fname,
                      f"card '{card.name}': field {fname} has no {_name(code)} text ({fname}:{code}); "
                      f"the {_name(source)} is printed")
        values = {**card.fields, **{k: v for k, v in given.items() if k != "name"}}
        cards.append(card._replace(fields=values))
    inferred = []
    for fact in deck.inferred:
        words = fact.translations.get(code, {})
        for key, value in (("about", fact.subject), ("value", fact.value), ("note", fact.note)):
            if fact.translations and wordy(value) and key not in words:
                lacks(fact.source.file, fact.source.line, f"inferred.{key}",
                      f"inferred fact '{fact.subject}': {key} has no {_name(code)} text ({key}:{code})")
        inferred.append(fact._replace(subject=words.get("about", fact.subject), value=words.get("value", fact.value),
                                      note=words.get("note", fact.note)))
    _corrections(deck, code, sheet, lacks)
    extra = dict(deck.extra)
    extra["untranslated"] = frozenset(untranslated)
    extra["template_words"] = template_rows(sheet)
    extra["correction_words"] = {k: v[OWN] for k, v in sheet.items() if k.startswith(CORRECTION_ROW)}
    _rules(deck, code, extra, lacks)
    found = Collector()
    for file, line, field, message in missing if strict else ():
        found.add(PnpError(message + " (--strict)", file, line or None, field=field))
    found.done()
    warnings = [] if strict else summed(missing, code, source, every)
    out = deck._replace(id=f"{deck.id}.{code}", game=game, kinds=kinds, parts=parts, cards=cards, extra=extra,
                        language=code, inferred=inferred, memo={})     # laid out in its own fonts: a memo of its own
    return out, warnings


def _corrections(deck: Deck, code: str, sheet: dict, lacks) -> None:
    """The corrections' words a translation lacks: about, printed and why (or note), each one that holds words
    with no KEY:LANG nor a translator's sheet's row (the seed's words stay as written: not translated)."""
    raw = deck.extra.get("corrections")
    for rid, _text, said in correction_words(deck):
        if code not in said and rid not in sheet:
            i, key = rid[len(CORRECTION_ROW):].split(".")
            m = raw[int(i) - 1]
            lacks(deck.file, m.where(key)[0], f"corrections[{int(i) - 1}].{key}",
                  f"correction '{m.get('about') or i}': {key} has no {_name(code)} text ({key}:{code})")


def summed(missing: list, code: str, source: str, every: bool = False) -> list[str]:
    """The warnings for the texts a translation lacks ((file, line, field, message) each): one line a file, with
    the count and the first of them, or (`every`) each as its own line."""
    by_file: dict = {}
    for file, line, field, message in missing:
        by_file.setdefault(file, []).append((line, field, message))
    out = []
    for file, found in by_file.items():
        if every or len(found) == 1:
            out += [f"{file}:{line}: {message}" if line else f"{file}: {message}" for line, _f, message in found]
            continue
        line, field, _m = min(found, key=lambda f: (f[0] or 0))
        first = f"line {line}, {field}" if line else field
        out.append(f"{file}: {len(found)} texts have no {_name(code)} translation and print in {_name(source)} "
                   f"(the first: {first}); pnp check --lang {code} --verbose lists each")
    return out


def check_settings(deck: Deck, found: Collector, known: list, but: str | None = None) -> None:
    """Every translation's settings checked whether or not it is the one printed (`but`: the one in_language
    read already), each mistake at its own file and line: a family under fonts: that is none of the font
    families `known` (either side: the pipeline asks layout for them), a mistake in a translator's sheet (at its
    cell; one not written yet is missing only for --lang)."""
    for code, lang in deck.languages.items():
        if code == deck.source_language or lang.settings is None:
            continue
        fonts = lang.settings.get("fonts")
        for fam, to in lang.fonts:
            for name, what in ((fam, "the family the templates name"), (to, "the family printed instead")):
                if name not in known:
                    with found.each():
                        raise fonts.error(fam, f"'{name}' is no font family ({what}, in {_name(code)})",
                                          field=f"languages.{code}.fonts.{fam}",
                                          hint=near(name, known) or f"families: {', '.join(known)}")
        if lang.file and code != but and (deck.folder / lang.file).is_file():     # (one not written yet: pnp
            with found.each():                                                    # cards --lang writes it)
                read_sheet(deck, code)


def named(deck: Deck, code: str) -> None:
    """PnpError unless the deck names the language `code` (under languages:)."""
    languages, source = deck.languages, deck.source_language
    if code in languages:
        return
    said = (f"its translations are {', '.join(list(languages)[1:])}" if len(languages) > 1 else
            f"it is written in {name(source)} only")
    raise PnpError(f"the deck has no {name(code)} ({code}) text: {said}", deck.file, field="languages",
                   hint=f"name it in deck.yaml (languages: {{{code}: {{}}}}) and give its texts as FIELD:{code}; "
                        f"pnp cards GAME --lang {code} -o cards.{code}.xlsx writes a sheet to translate")


def language_name(code: str) -> str:
    """The language's name in English ("French"), as the warnings say it."""
    return name(code)


_name = language_name


def _rules(deck: Deck, code: str, extra: dict, lacks) -> None:
    """The rules in the language: rules.LANG.md beside the rules file, or the rules' text:LANG."""
    rules = deck.rules
    if not isinstance(rules, dict):
        return
    if "text" in rules:
        if f"text:{code}" in rules:
            extra["rules_text"] = str(rules[f"text:{code}"])
        elif wordy(str(rules["text"])):
            lacks(deck.file, rules.where("text")[0], "rules.text",
                  f"the rules have no {_name(code)} text (rules: {{text:{code}: ...}})")
        return
    name = str(rules.get("file", ""))
    if not name:
        return
    path = Path(name)
    translated = str(path.with_name(f"{path.stem}.{code}{path.suffix}"))
    if (deck.folder / translated).is_file():
        extra["rules_file"] = translated
    else:
        lacks(deck.file, rules.where("file")[0], "rules.file",
              f"no {translated} beside {name}: the rules are printed in {_name(deck.source_language)}")
