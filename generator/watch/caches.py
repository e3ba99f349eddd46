"""What a long-running process must forget when a file changes.

A one-shot `pnp build` reads each template, sheet layout and font once and keeps it for the rest of the
process (functools.lru_cache); pnp watch lives on, so a saved template, size, sheet layout or font file must
drop what was made from it. Card values and text live in the deck file, read afresh on every build; the
layout store keeps faces by their values and is dropped whole when a template, image or font changes
(layout/store.py), which it learns by looking at the files' times again (store.forget_files).
"""
from __future__ import annotations

from pathlib import Path

FONT_SUFFIXES = (".ttf", ".otf")


def forget(changed, deck_folder: Path | None) -> None:
    """Drop what the files in `changed` (paths) may have made stale. Cheap for a deck file's edit:
    templates are read again (they may name the deck's own sizes, fonts and palette), files are looked at
    again only when one outside the deck's values changed."""
    from ..impose import sheets
    from ..layout import store, templates
    paths = [Path(p) for p in changed]
    templates.get_template.cache_clear()        # a few ms: a deck's sizes, fonts and palette reach its templates
    templates.sizes.cache_clear()
    sheets.get_sheet.cache_clear()
    if any(_layout_reads(p, deck_folder) for p in paths):
        store.forget_files()
    if any(p.suffix.lower() in FONT_SUFFIXES or p.name == "fonts.yaml" for p in paths):
        _forget_fonts()


def _layout_reads(p: Path, deck_folder: Path | None) -> bool:
    """Whether layout reads this file besides the deck's values (the store's stamp covers it)."""
    from ..layout.store import _deck_file
    if deck_folder is None:
        return True
    try:
        rel = p.resolve().relative_to(deck_folder.resolve())
    except ValueError:
        return True                             # layouts/, fonts/: shared files
    return _deck_file(str(rel))


def _forget_fonts() -> None:
    """A font file or the font list changed: parse and register fonts afresh, and measure text again."""
    from ..layout import fonts, text
    for cached in (fonts._catalogue, fonts._ttf, fonts.family, fonts._missing, text.wrap):
        cached.cache_clear()
    fonts._registered.clear()
