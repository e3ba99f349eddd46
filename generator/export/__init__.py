"""pnp export: a game's pieces as print shops and Tabletop Simulator take them.

The package's modules, each named for what it holds:
- uploads.py: The Game Crafter's and MakePlayingCards' exports (one PNG per distinct face and
  back, manifest.csv), on every core through worker.py; plan.py decides the images, names.py
  their file names, products.py the product each piece is ordered as (shops.py reads the shops'
  data files, layouts/shop-*.yaml), manifest.py the manifest's rows, safezone.py a shop's safe zone.
- printpdf.py: the print-shop PDF (one face a page, TrimBox and BleedBox set) and its manifest.
- tts.py: the Tabletop Simulator export (tts_sheets.py lays out the deck sheets and tiles,
  tts_draw.py draws them, saved.py writes the saved object).
- folder.py and trust.py: the output folder, the record of what was written there, and strays.

Not here: any drawing of its own (render/), any layout (layout/). This file imports nothing until
asked: `from generator.export import export` loads the upload export when first used.
"""
from __future__ import annotations
import importlib

_LAZY = {"export": "uploads", "default_jobs": "uploads", "Report": "uploads", "chunks": "uploads",
         "MANIFEST": "uploads"}


def __getattr__(name: str):
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f"{__name__}.{module}"), name)
