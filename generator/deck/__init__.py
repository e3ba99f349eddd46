"""Stage 1: load a deck folder's YAML and validate it into typed objects (model.py)."""
from .load import known_games, load_deck, local_games, resolve_game, shadowed  # noqa: F401
from .model import Deck, Card, Kind, Part, BackRef, Inferred  # noqa: F401
