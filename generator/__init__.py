"""pnp: print-and-play card generator.

The pipeline runs one way, one package a stage:
deck (load and validate YAML) -> check (component rules) -> layout (each card face)
-> impose (faces on sheets) -> render (PDF, PNG). commands/ holds the CLI, one file a command.
"""
from pathlib import Path

__version__ = "0.1.0"

ROOT = Path(__file__).resolve().parent.parent
DECKS = ROOT / "decks"
LAYOUTS = ROOT / "layouts"
FONTS = ROOT / "fonts"
