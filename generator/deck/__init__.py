"""Stage 1: load a deck folder's YAML and validate it into typed objects (model.py)."""
from .load import load_deck, resolve_game, known_games  # noqa: F401
from .model import Deck, Card, Kind, Part, BackRef, Inferred  # noqa: F401
