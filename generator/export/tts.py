"""The Tabletop Simulator export: deck sheets, tile images and a saved object, in one folder.

The images are drawn by the same layout and drawing code as the PDF (render/png.py), at the cell's
or tile's pixel size, on every core (tts_draw.draw_all); each is redrawn only when what it is drawn from, or
the file itself, changed (export/trust.py), as for The Game Crafter. The saved object (saved.py) holds one deck object for
each kind of card in each part of the game, with every card by name as many times as it is printed,
and a bag of tiles for each kind of tile.

Not here: where each piece goes (tts_sheets.py), how the images are drawn (tts_draw.py), the saved
object's fields (saved.py).
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path

from .tts_draw import draw_all, laid_faces
from .tts_sheets import Layout, digest, grid, layout
from ..layout.deck import layout_deck
from .targets import RECORDS

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
    """Export `deck` for Tabletop Simulator into `out_dir`: the sheets and tile images, each named for
    a digest of its bytes, and a saved object naming them by their local paths, or under `base_url`
    where they will be hosted."""
    from ..layout.safezone import warnings as safe_warnings  # lazy: +4 ms to import (benchmarks/imports.py)
    from ..files.output import write_atomic, write_if_changed  # lazy: +5 ms to import (benchmarks/imports.py)
    from . import saved, trust  # lazy: +9 ms to import (benchmarks/imports.py)
    from .folder import prepare, sweep  # lazy: +7 ms to import (benchmarks/imports.py)
    start = time.perf_counter()
    out = prepare(out_dir)
    lay = layout(deck)
    report = Report(lay, out)
    outputs = trust.Outputs(out, RECORDS["tts"])
    name = saved.file_name(deck)
    found = [n for n in trust.strays(out, {name}) if n not in outputs.files]
    if clean:
        trust.check_clean(outputs, found)

    # an image drawn before from the same inputs, and still the bytes written, is kept under its name
    todo = []
    for o in lay.outputs:
        o.file = "" if redraw else (outputs.find(o.stem, o.hash) or "")
        if not o.file:
            todo.append(o)
    laid = layout_deck(deck, 0.0)         # from the layout store where a build laid them out
    update = progress(len(todo)) if progress and todo else None
    data = dict(zip((id(o) for o in todo), draw_all(laid, lay, todo, update)))    # id(Output) -> its PNG bytes

    # every image is named for its bytes; images of the same bytes (a coin's face and its back) are one file
    new: dict = {}
    by_sha = {outputs.get(o.file).get("sha"): o.file for o in lay.outputs if o.file}
    for o in lay.outputs:
        if o.file:
            entry = new.setdefault(o.file, dict(outputs.get(o.file)))
            if o.file not in report.kept and o.file not in report.drawn:
                report.kept.append(o.file)
        else:
            png = data[id(o)]
            sha = trust.digest(png)
            o.file = by_sha.get(sha) or f"{o.stem}-{sha[:12]}.png"
            if o.file not in new:
                write_atomic(out / o.file, png)
                new[o.file] = {"hash": o.hash, **trust.stamp(out / o.file, png)}
                report.drawn.append(o.file)
            by_sha[sha] = o.file
            entry = new[o.file]
        made = [m for m in entry.get("made") or [] if isinstance(m, list)]
        if [o.stem, o.hash] not in made:
            made.append([o.stem, o.hash])
        entry["made"] = made

    # every face drawn, checked against its template's safe zone as build and proof do
    drawn = [(f"card '{c.face.first[1].name}' (face)", c.face) for s in lay.sheets for c in s.cells]
    drawn += [(f"card '{c.back.first[1].name}' (back)", c.back) for s in lay.sheets for c in s.cells if c.back]
    drawn += [(f"card '{o.image.first[1].name}' ({o.image.side})", o.image) for o in lay.backs + lay.tiles]
    faces = [(who, laid_faces(laid, [image])[0]) for who, image in drawn]
    report.warnings = safe_warnings(faces, deck)

    text, report.objects = saved.saved_object(deck, lay, saved.urls(out, base_url))
    write_if_changed(out / name, text.encode("utf-8"))
    report.saved = out / name
    new[name] = {"hash": digest(text), **trust.stamp(out / name, text.encode("utf-8"))}
    expected = set(new)
    found = [n for n in found if n not in expected]
    sweep(report, outputs, expected, clean, found)
    outputs.save(new)
    from ..pictures import picturecache  # lazy: +5 ms to import (benchmarks/imports.py)
    picturecache.save()                 # what was learnt of the pictures, for the next run
    report.seconds = time.perf_counter() - start
    return report
