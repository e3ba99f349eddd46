"""Where a game is: a game folder holds a deck.yaml (DECK_FILE); GAME on the command line is a folder or
a deck file, else the name of a game that ships with pnp (decks/ in the repository, generator/shipped/decks
in a wheel). Not here: reading the deck file (load.py).
"""
from __future__ import annotations

from pathlib import Path

from .. import DECKS
from ..errors import PnpError, suggest

DECK_FILE = "deck.yaml"


def known_games() -> list[str]:
    """The games that ship with pnp (decks/ in the repository, generator/shipped/decks in a wheel)."""
    if not DECKS.is_dir():
        return []
    return sorted(p.name for p in DECKS.iterdir() if (p / DECK_FILE).is_file())


def local_games(folder: Path | None = None) -> list[str]:
    """Game folders (a folder with a deck.yaml) directly inside `folder` (default: the current directory)."""
    folder = Path.cwd() if folder is None else folder
    try:
        return sorted(p.name for p in folder.iterdir() if p.is_dir() and (p / DECK_FILE).is_file())
    except OSError:
        return []


def resolve_game(game: str) -> Path:
    """GAME as a path first (a game folder, or its deck file), then as the name of a shipped game."""
    p = Path(game)
    if p.is_file() and p.suffix in (".yaml", ".yml"):
        return p
    if p.is_dir() and (p / DECK_FILE).is_file():
        return p / DECK_FILE
    if _plain_name(game) and (DECKS / game / DECK_FILE).is_file():
        return DECKS / game / DECK_FILE
    if p.is_dir():
        raise PnpError(f"'{game}' is a folder with no {DECK_FILE}; a game folder holds a {DECK_FILE}",
                       hint=f"start one with: pnp new {game}" if not any(p.iterdir()) else None)
    if p.exists():
        raise PnpError(f"'{game}' is a file, not a game: a game is a folder holding a {DECK_FILE} (or that "
                       f"{DECK_FILE} itself), or a shipped game's name", hint=f"the folder it is in: {p.parent}"
                       if (p.parent / DECK_FILE).is_file() else None)
    games = known_games()
    hint = suggest(game, games + local_games()) or f"start a new game with: pnp new {game}"
    raise PnpError(f"unknown game '{game}': no such folder here, and no shipped game of that name; "
                   f"shipped: {', '.join(games) or 'none'}", hint=hint)


def shadowed(game: str) -> str | None:
    """A one-line note when a folder here has a shipped game's name (the folder is used), else None."""
    p = Path(game)
    if _plain_name(game) and p.is_dir() and (p / DECK_FILE).is_file() and (DECKS / game / DECK_FILE).is_file():
        return (f"using the folder ./{game}, not the shipped game '{game}' "
                f"(write the shipped one's path to use it: {DECKS / game})")
    return None


def _plain_name(game: str) -> bool:
    return bool(game) and "/" not in game and "\\" not in game and game not in (".", "..")
