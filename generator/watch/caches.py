"""What a long-running process must forget when a file changes.

A one-shot `pnp build` reads each template, card size, sheet layout and font once and keeps it for the rest of
the process (functools.lru_cache); pnp watch lives on, so a saved template, size, sheet layout or font file must
drop what was made from it. Card values and text live in the deck's own files, read afresh on every build; the
layout store keeps faces by their values and is dropped whole when a template or font changes
(layout/store.py), which it learns by looking at the files' times again (store.forget_files); a saved picture
drops nothing (images.picture sees its new size and time, and examines it anew). A deck file's
edit that changes its palette, its own card sizes or its own fonts reaches its templates too (deck_changed).

Not here: the layout store itself (layout/store.py), watching files (loop.py).
"""
from __future__ import annotations

from pathlib import Path

FONT_SUFFIXES = (".ttf", ".otf")


def forget(changed, deck_folder: Path | None) -> None:
    """Drop what the files in `changed` (paths) may have made stale; and every picture is looked at again."""
    from .. import images
    from ..layout import store
    images.next_build()
    paths = [Path(p) for p in changed]
    rels = [_inside(p, deck_folder) for p in paths]
    if any(rel is None or rel.parts[:1] == ("templates",) or p.suffix.lower() in FONT_SUFFIXES
           for p, rel in zip(paths, rels)):
        forget_templates()
    if any(rel is None or store.covers(str(rel)) for rel in rels):
        store.forget_files()
    if any(p.suffix.lower() in FONT_SUFFIXES or p.name == "fonts.yaml" for p in paths):
        _forget_fonts()


def forget_templates() -> None:
    from ..impose import sheets
    from ..layout import sizes, templates
    templates.get_template.cache_clear()
    sizes.sizes.cache_clear()
    sheets.get_sheet.cache_clear()


def deck_notes(deck_folder: Path | None):
    """What a loaded deck tells its templates (layout/templates.note_deck): its palette, its own card sizes and
    fonts. Where a template names a size or font is left out: it changes with every line added above it."""
    from ..layout import fonts, templates
    note = templates.deck_note(deck_folder)
    return (note.palette, note.sizes) if note else None, fonts.deck_families(deck_folder)


def _inside(p: Path, deck_folder: Path | None) -> Path | None:
    """`p` relative to the deck's folder, or None for a file outside it (layouts/, fonts/)."""
    if deck_folder is None:
        return None
    try:
        return p.resolve().relative_to(deck_folder.resolve())
    except ValueError:
        return None


def _forget_fonts() -> None:
    """A font file or the font list changed: parse and register fonts afresh, and measure text again."""
    from ..layout import fonts, text
    fonts.forget()
    text.forget()
