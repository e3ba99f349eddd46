"""The Tabletop Simulator export: deck sheets, tile images and a saved object, in one folder.

The images are drawn by the same layout and drawing code as the PDF (render/png.py), at the cell's
or tile's pixel size; each is redrawn only when what it is drawn from, or the file itself, changed
(export/trust.py), as for The Game Crafter. The saved object (saved.py) holds one deck object for
each kind of card in each part of the game, with every card by name as many times as it is printed,
and a bag of tiles for each kind of tile.

Not here: where each piece goes (tts_sheets.py), how the images are drawn (tts_draw.py), the saved
object's fields (saved.py).
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path

from .tts_draw import blank_png, draw_sheet, draw_tiles, laid_faces
from .tts_sheets import BLANK, Layout, digest, grid, layout

__all__ = ["Report", "export_tts", "grid", "layout"]


@dataclass
class Report:
    layout: Layout
    out: Path
    saved: Path = None                              # the saved-object JSON
    drawn: list = field(default_factory=list)
    kept: list = field(default_factory=list)
    removed: list = field(default_factory=list)
    stray: list = field(default_factory=list)
    cleaned: list = field(default_factory=list)
    warnings: list = field(default_factory=list)
    objects: list = field(default_factory=list)     # (kind, nickname, count) of each object in the save
    seconds: float = 0.0


def export_tts(deck, out_dir, base_url: str | None = None, redraw: bool = False, clean: bool = False,
               progress=None) -> Report:
    """Export `deck` for Tabletop Simulator into `out_dir`: the sheets and tile images, and
    a saved object naming them by local file URL, or under `base_url` where they will be hosted."""
    from ..layout.deck import layout_deck
    from ..layout.safezone import warnings as safe_warnings
    from ..output import write_atomic, write_if_changed
    from . import saved, trust
    from .folder import prepare, sweep
    from .plan import code_digest
    start = time.perf_counter()
    out = prepare(out_dir)
    lay = layout(deck)
    report = Report(lay, out)
    outputs = trust.Outputs(out, trust.TTS_CACHE)
    name = saved.file_name(deck)
    expected = set(lay.files) | {name}
    if any(s.backs_file == BLANK for s in lay.sheets) or any(not b for _f, b in lay.tile_of.values()):
        expected.add(BLANK)
    found = [n for n in trust.strays(out, expected) if n not in outputs.files]
    if clean:
        trust.check_clean(outputs, found)

    jobs = []                       # (file, hash, draw() -> bytes)
    for s in lay.sheets:
        jobs.append((s.faces_file, s.hash, lambda s=s: draw_sheet(laid, s, False)))
        if s.unique_back:
            jobs.append((s.backs_file, s.hash + "-backs", lambda s=s: draw_sheet(laid, s, True)))
    singles = list(lay.backs.values()) + [lay.tiles[f] for f in sorted(lay.tiles)]
    if BLANK in expected:
        jobs.append((BLANK, digest("blank", code_digest()), blank_png))
    todo = [j for j in jobs if redraw or not outputs.fresh(j[0], j[1])]
    todo_singles = [t for t in singles if redraw or not outputs.fresh(t.file, t.hash)]
    names = {j[0] for j in todo} | {t.file for t in todo_singles}
    if names:
        keep = {f: e for f, e in outputs.files.items() if f not in names}
        if keep != outputs.files:
            outputs.save(keep)
    laid = layout_deck(deck, 0.0)         # from the layout store where a build laid them out
    update = progress(len(names)) if progress and names else None
    new = {}
    for file, hash_, draw in todo:
        data = draw()
        write_atomic(out / file, data)
        new[file] = {"hash": hash_, **trust.stamp(out / file, data)}
        report.drawn.append(file)
        if update:
            update(1)
    for i in range(0, len(todo_singles), 24):
        chunk = todo_singles[i:i + 24]
        for t, data in zip(chunk, draw_tiles(laid, chunk)):
            write_atomic(out / t.file, data)
            new[t.file] = {"hash": t.hash, **trust.stamp(out / t.file, data)}
            report.drawn.append(t.file)
        if update:
            update(len(chunk))
    for file, hash_, _ in jobs:
        if file not in new:
            new[file] = dict(outputs.get(file))
            report.kept.append(file)
    for t in singles:
        if t.file not in new:
            new[t.file] = dict(outputs.get(t.file))
            report.kept.append(t.file)

    # every face drawn, checked against its template's safe zone as build and proof do
    drawn = [(f"card '{c.face.first[1].name}' (face)", c.face) for s in lay.sheets for c in s.cells]
    drawn += [(f"card '{c.back.first[1].name}' (back)", c.back) for s in lay.sheets for c in s.cells if c.back]
    drawn += [(f"card '{t.image.first[1].name}' ({t.image.side})", t.image) for t in singles]
    faces = [(who, laid_faces(laid, [image])[0]) for who, image in drawn]
    report.warnings = safe_warnings(faces, deck.folder)

    text, report.objects = saved.saved_object(deck, lay, saved.urls(out, base_url))
    write_if_changed(out / name, text.encode("utf-8"))
    report.saved = out / name
    new[name] = {"hash": digest(text), **trust.stamp(out / name, text.encode("utf-8"))}
    sweep(report, outputs, expected, clean, found)
    outputs.save(new)
    report.seconds = time.perf_counter() - start
    return report
