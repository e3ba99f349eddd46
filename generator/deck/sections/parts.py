"""The `parts:` section: the parts a box holds (the base game, expansions, optional modules), in order;
each card names its part. Not here: leaving optional parts out of a build (model.Deck.without).
"""
from __future__ import annotations

from ...errors import PnpError, found
from ...files.yamlfile import Map, Seq
from ..model import Part
from ..values import need_text, player_count, unknown_keys
from .languages import split, text_of

KEYS = {            # key: what it holds; default
    "id": "text: the name cards give as their part (required)",
    "title": "text, printed where the part is named; default: the id",
    "players": "a player count, 4 or '2-6' (1 to 100); default: none",
    "optional": "true or false: a build may leave the part out (pnp build --without PART); default: false",
    "note": "text printed beside the part; default: none",
}
DEFAULT = {"base": Part("base", "Base game")}       # a deck with no parts: one, which every card is in


def read(r, seq, root) -> dict:
    parts = {}
    if seq is None:
        return dict(DEFAULT)
    if not isinstance(seq, Seq):
        raise root.error("parts", f"expected a list of parts, found {found(seq)}", field="parts")
    for i, m in enumerate(seq):
        with r.noting():
            part(r, i, m, seq, parts)
    if not parts and r.sound:
        raise root.error("parts", "expected at least one part", field="parts")
    return parts


def part(r, i, m, seq, parts) -> None:
    if not isinstance(m, Map):
        raise seq.error(i, f"expected a part with id and title, found {found(m)}", field=f"parts[{i}]")
    pid = None
    try:
        m, translated = split(r, m, ("title", "note"), "a part")
        unknown_keys(m, tuple(KEYS), "a part", f"parts[{i}]")
        pid = need_text(m.get("id"), m, "id", f"parts[{i}].id")
        if pid in parts:
            raise m.error("id", f"duplicate part id '{pid}'", field=f"parts[{i}].id")
        optional = m.get("optional", False)
        if not isinstance(optional, bool):
            raise m.error("optional", f"expected true or false, found {optional!r}",
                          field=f"parts[{i}].optional")
        parts[pid] = Part(pid, need_text(m.get("title", pid), m, "title", f"parts[{i}].title"),
                          player_count(m.get("players"), m, "players", f"parts[{i}].players"), optional,
                          need_text(m.get("note"), m, "note", f"parts[{i}].note", required=False),
                          {lang: {k: text_of(v, m, f"{k}:{lang}", f"parts[{i}].{k}:{lang}") for k, v in values.items()}
                           for lang, values in translated.items()})
    except PnpError:
        if pid is not None and pid not in parts:
            r.failed.add(("part", pid))      # its cards are passed over: this part's mistake is noted
        raise


def within_game(r, parts: dict, seq, game) -> None:
    """A part for player counts the game is not for (parts: [{players: 5-6}] in a game for 2-4) contradicts
    game.players: an error at the part's players."""
    if not isinstance(seq, Seq) or not game.players:
        return
    lo, hi = game.players
    for i, m in enumerate(seq):
        pid = m.get("id") if isinstance(m, Map) else None
        part = parts.get(pid) if isinstance(pid, str) else None      # an id that is no text was refused in read()
        if part is None or not part.players or (lo <= part.players[0] and part.players[1] <= hi):
            continue
        with r.noting(wide=False):
            raise m.error("players", f"part '{part.id}' is for {_span(*part.players)} players, but the game is for "
                          f"{_span(lo, hi)} (game.players)", field=f"parts[{i}].players",
                          hint="give the game every player count its parts serve, or the part the game's")


def _span(lo: int, hi: int) -> str:
    return str(lo) if lo == hi else f"{lo}-{hi}"
