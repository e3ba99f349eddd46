"""pnp: print-and-play card generator.

The pipeline runs one way, one package a stage:
deck (load and validate YAML) -> check (component rules) -> layout (each card face)
-> impose (faces on sheets) -> render (PDF, PNG). commands/ holds the CLI, one file a command.

Not here: any stage's work (each package holds its own), the command line (cli.py, commands/).
"""
from pathlib import Path

from .shipped import folder

__version__ = "0.2.0"

ROOT = Path(__file__).resolve().parent.parent      # the folder that holds this package
DECKS = folder("decks")                             # the shipped games
LAYOUTS = folder("layouts")                         # shared templates, card sizes, sheet layouts, the starter game
FONTS = folder("fonts")                             # shared font families (fonts.yaml)
