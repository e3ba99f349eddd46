"""The `game:` section: facts about the game, printed on the rule pages, the print leaf and the proof.
Not here: anything about the cards (kinds.py, cards.py) or the rule pages' own settings (rules.py).
"""
from __future__ import annotations

import calendar
import datetime
import re

from ...errors import PnpError
from ...files.yamlfile import Map
from ..model import Game
from ..values import need_text, no_placeholder, player_count, unknown_keys
from .languages import split, text_of
from .icons import unknown, unknown_message

KEYS = {            # key: what it holds. Each is text (no {field} in it) unless said; each but title may be left out
    "title": "the game's name (required)",
    "subtitle": "a line under the title",
    "designer": "who designed the game",
    "publisher": "who published it",
    "players": "a player count: 4, or a range '2-6' (1 to 100)",
    "version": "this edition's version",
    "source": "where the rules come from",
    "reprints_source": "true or false: whether the rule pages print the rules of the text game.source names (its "
                       "words, but for the changes the This edition box lists); only then does the printout speak "
                       "of \"the original\"; default: false (the rules are this edition's own, or retold)",
    "year": "the year of the game",
    "date": "this edition's date, YYYY-MM-DD: what its PDFs are dated (SOURCE_DATE_EPOCH, when set, wins)",
    "instructions": "markup printed on the print leaf (its ** and * pair up)",
    "setup": "markup: how to set the game up, for the print leaf",
    "spelling": "american or british: the spelling of pnp's own printed words; default: the deck's own",
    "small_text": "warning or error: what a template's text under 6pt is; default: warning",
    "typography": "typographic or plain: curly quotes, dashes, ellipses, no-break spaces in the deck's printed "
                  "text, or the text as written; default: typographic",
    "hyphenate": "true or false: whether the deck's words are hyphenated at a line's end by its language's "
                 "dictionary (layout/hyphens.py); default: true",
}
CHOICES = {"spelling": ("american", "british"), "small_text": ("warning", "error"),
           "typography": ("typographic", "plain")}
TRANSLATED = ("title", "subtitle", "instructions", "setup", "source")     # KEY:LANG, in a translation


def read(r, m: Map) -> Game:
    allowed = tuple(KEYS)
    translations: dict = {}
    with r.noting():
        m, translations = split(r, m, TRANSLATED, "game")
    with r.noting():
        unknown_keys(m, allowed, "game", "game")
    g = {"title": ""}
    with r.noting():
        g["title"] = need_text(m.get("title"), m, "title", "game.title")
        no_placeholder(g["title"], m, "title", "game.title")
    for key in allowed[1:]:
        with r.noting():
            if key == "players":            # a bad count is its own error, not also the component list's
                r.failed.add(("game", "players"))
                g["players"] = player_count(m.get("players"), m, "players", "game.players")
                r.failed.discard(("game", "players"))
            elif key in CHOICES and key in m:
                g[key] = _choice(m, key)
            elif key == "date" and key in m:
                g[key] = _date(m)
            elif key in ("hyphenate", "reprints_source") and key in m:
                if type(m[key]) is not bool:
                    raise PnpError(f"game.{key} must be true or false, found {m[key]!r}", m.file or r.file,
                                   m.where(key)[0], field=f"game.{key}")
                if key == "reprints_source" and m[key] and not str(m.get("source") or "").strip():
                    raise PnpError("game.reprints_source says the rules are printed from a source: name it in "
                                   "game.source", m.file or r.file, m.where(key)[0], field="game.reprints_source")
                g[key] = m[key]
            elif key in m:
                g[key] = need_text(r.unwrap(m[key], m, key, f"game {key}"), m, key, f"game.{key}",
                                   required=False)
                no_placeholder(g[key], m, key, f"game.{key}")
    for key in ("instructions", "setup"):      # markup printed on the print leaf: its ** and * pair up
        if g.get(key):
            markup_value(r, g[key], m, key, f"game.{key}")
    g["translations"] = {}
    for lang, values in translations.items():
        for key, value in values.items():
            with r.noting():
                k = f"{key}:{lang}"
                text = text_of(value, m, k, f"game.{k}")
                no_placeholder(text, m, k, f"game.{k}")
                if key in ("instructions", "setup"):
                    markup_value(r, text, m, k, f"game.{k}")
                g["translations"].setdefault(lang, {})[key] = text
    return Game(**g)


def refuse_icons(r, m: Map, table: dict) -> None:
    """A :name: in game.setup or game.instructions (markup printed on the print leaf) that is no icon of the
    deck: one error each, at its line, with a did-you-mean (the deck's icons are read after this section)."""
    for key in ("instructions", "setup"):
        value = m.get(key)
        if not isinstance(value, str) or ":" not in value:
            continue
        for name, line in unknown(table, value):
            message, hint = unknown_message(table, name)
            with r.noting(wide=False):       # it does not keep the cards from being laid out
                raise PnpError(f"{message} in game.{key}", m.file or r.file,
                               m.where(key)[0] + line - (1 if "\n" not in value else 0), field=f"game.{key}",
                               hint=hint)


def _date(m: Map) -> str:
    """game.date as written, YYYY-MM-DD (YAML reads an unquoted date as a date: taken as it is)."""
    value = m["date"]
    if isinstance(value, datetime.date) and not isinstance(value, datetime.datetime):
        return value.isoformat()
    try:
        return datetime.date.fromisoformat(str(value).strip()).isoformat() if isinstance(value, str) \
            and len(value.strip()) == 10 else _bad_date(m)
    except ValueError:
        return _bad_date(m)


def _bad_date(m: Map):
    raise m.error("date", f"expected a date written YYYY-MM-DD (2026-11-29), found {m['date']!r}", field="game.date")


def date_epoch(game) -> int | None:
    """The moment (seconds since 1970, UTC) the game's PDFs are dated by, taken from its own files: its
    `date`, else 1 January of the last year its `year` names ("2013-2023": 2023), else None (the PDFs keep
    2000-01-01). Never a file's time, which differs between two copies of the same game."""
    if game.date:
        y, mo, d = (int(v) for v in game.date.split("-"))
        return calendar.timegm((y, mo, d, 0, 0, 0))
    years = [int(v) for v in re.findall(r"(?<!\d)(1[5-9]\d\d|2\d\d\d)(?!\d)", game.year or "")]
    return calendar.timegm((years[-1], 1, 1, 0, 0, 0)) if years else None


def _choice(m: Map, key: str) -> str:
    value = str(m[key]).strip().lower() if isinstance(m[key], str) else None
    if value not in CHOICES[key]:
        raise m.error(key, f"expected {' or '.join(CHOICES[key])}, found {m[key]!r}", field=f"game.{key}")
    return value


def markup_value(r, value: str, m, key, field) -> None:
    """Markup written in the deck file and printed as such (game.instructions, game.setup): its ** and * pair up."""
    from ...text.markup import problems  # lazy: +21 ms to import (benchmarks/imports.py)
    for p in problems(value):
        if p.level == "error":
            with r.noting(wide=False):       # it does not keep the cards from being laid out
                line = m.where(key)[0]
                raise PnpError(p.message, m.file or r.file, line + p.line - (1 if "\n" not in value else 0),
                               field=field)
