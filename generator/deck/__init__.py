"""Stage 1: load a deck folder's YAML and validate it into typed objects (model.py). The names other
packages use are here: load_deck, and where games are (games.py); the typed deck (model.py).

    games.py     where a game is: a folder, a deck file, or a shipped game's name
    load.py      deck.yaml read into a Deck, its sections in order (Loader, load_deck, read_deck)
    reading.py   one reading's state, and how a mistake is noted and reading goes on
    values.py    the checks of single values every section shares (text, names, unknown keys ...)
    sections/    a module per section of deck.yaml (game, palette, parts, kinds, cards ...), its keys at its top
    sheets/      cards from spreadsheets (.csv, .xlsx, .ods) among the cards
    model.py     the typed deck
    edition.py   corrections and inferred facts, for the rules' This edition box and the proof
    table.py     a deck's cards as a table (pnp cards)
    select.py    some of the cards (pnp build --only)

Not here: templates and laying out cards (layout/), the component list's rules (check/).
"""
from .games import known_games, local_games, resolve_game, shadowed  # noqa: F401
from .load import load_deck  # noqa: F401
from .model import Deck, Card, Kind, Part, BackRef, Inferred  # noqa: F401
