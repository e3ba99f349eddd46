"""What ships with pnp: the five games (decks/), the shared layouts (layouts/) and the fonts (fonts/).

In the repository these are the top-level folders decks/, layouts/ and fonts/; a wheel or sdist maps them
into this package (generator/shipped/decks, .../layouts, .../fonts: see pyproject.toml), folders beside this
file (pip installs a wheel as files, never as a zip; importlib.resources, which would find them in one too,
cost every command ~8 ms to import). Either way the rest of pnp sees one Path for each.

Not here: reading any of these files (deck/, layout/, impose/paper.py).
"""
from __future__ import annotations

from pathlib import Path

NAMES = ("decks", "layouts", "fonts")


def folder(name: str) -> Path:
    """The shipped folder `name`: inside the installed package, else the repository's top level."""
    installed = Path(__file__).resolve().parent / name
    if installed.is_dir():
        return installed
    return Path(__file__).resolve().parent.parent.parent / name
