"""The upload exports, The Game Crafter's and MakePlayingCards': one PNG per distinct face and back
at the shop's exact pixel size for the product (300 DPI, the shop's bleed: 1/8 in for The Game
Crafter, 36 px for MakePlayingCards), and a manifest (manifest.csv) of what to upload, how many of
each, and the product each piece is ordered as (products.py), or the nearest and what differs.

plan.py decides the images (their content hashes and names.py's file names), worker.py draws them
through the PDF's own layout and drawing code, on every core; only images whose inputs changed, or
whose file is no longer the one written (trust.py), are redrawn.

Not here: the products and their sizes (layouts/shop-*.yaml, products.py), the output folder and its
sweep (folder.py), the print-shop PDF (printpdf.py), the Tabletop Simulator export (tts.py).
"""
from __future__ import annotations

import math
import os
import time
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import PnpError
from ..files.output import write_if_changed
from . import trust, worker
from .folder import prepare, sweep
from .manifest import manifest_csv
from .plan import Plan, plan
from .targets import of_shop
from ..pictures import picturecache
from PIL import Image
from ..layout import fonts
import multiprocessing
from concurrent.futures import ProcessPoolExecutor, as_completed
import gc

MANIFEST = "manifest.csv"
POOL_MIN = 6          # fewer images than this are drawn in this process: a pool would cost more
CHUNK_MAX = 24        # faces per PDF: fonts are embedded once per PDF, pdfium loads it once


@dataclass
class Report:
    plan: Plan
    out: Path
    shop: str = "gamecrafter"
    drawn: list = field(default_factory=list)       # files drawn this time
    kept: list = field(default_factory=list)        # files up to date since the last export
    removed: list = field(default_factory=list)     # files of an earlier export no longer needed
    stray: list = field(default_factory=list)       # names in the folder no export wrote (left there)
    cleaned: list = field(default_factory=list)     # stray files removed (--clean)
    warnings: list = field(default_factory=list)    # safe-zone warnings, one line each
    seconds: float = 0.0

    @property
    def manifest(self) -> Path:
        return self.out / MANIFEST


def default_jobs() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:
        return os.cpu_count() or 1


def chunks(items: list, jobs: int) -> list[list]:
    """Jobs of a few faces each: enough jobs to keep every core busy to the end, few enough that
    each PDF's fixed cost (embedding fonts) is shared by several faces."""
    if not items:
        return []
    size = max(1, min(CHUNK_MAX, math.ceil(len(items) / (jobs * 2))))
    return [items[i:i + size] for i in range(0, len(items), size)]


def export(deck, out_dir, jobs: int | None = None, redraw: bool = False, clean: bool = False, progress=None,
           start_method: str | None = None, shop_id: str = "gamecrafter") -> Report:
    """Export `deck` to `out_dir` for shop `shop_id` (gamecrafter or mpc). `redraw`: draw every image, even those up to date. `clean`:
    remove files no export wrote from `out_dir` (they are reported either way). `progress(total)`,
    if given, is called with the number of images to draw and may return a function called with n
    as each n more are done (a progress bar). `start_method` picks how worker processes start
    (default: fork where there is one)."""
    start = time.perf_counter()
    out = prepare(out_dir)
    p = plan(deck, shop_id)
    report = Report(p, out, shop_id)
    outputs = trust.Outputs(out, of_shop(shop_id).record)
    expected = {image.file for image in p.images} | {MANIFEST}
    found = [n for n in trust.strays(out, expected) if n not in outputs.files]
    if clean:
        trust.check_clean(outputs, found)
    todo = [image for image in p.images if redraw or not outputs.fresh(image.file, image.hash)]
    if todo:
        # forget the images about to be redrawn first: if this export stops half-way, the next
        # one redraws them rather than trusting a record that no longer describes the file
        names = {i.file for i in todo}
        keep = {f: e for f, e in outputs.files.items() if f not in names}
        if keep != outputs.files:
            outputs.save(keep)
        _preload(image.template for image in todo)
    items = [(image.first[0], image.side, image.file) + image.target.draw_size + (image.target.turn,)
             + ((image.target.face_px,) if image.target.face_px else ()) for image in todo]
    update = progress(len(items)) if progress and items else None
    done = {file: (warnings, stamp) for file, warnings, stamp in _draw(deck, out, items, jobs or default_jobs(),
                                                                       update, start_method, shop_id)}
    new = {}
    for image in p.images:
        if image.file in done:
            report.drawn.append(image.file)
            warnings, stamp = done[image.file]
            entry = {"hash": image.hash, "warnings": warnings, **stamp}
        else:
            report.kept.append(image.file)
            entry = dict(outputs.get(image.file))
            warnings = [w for w in entry.get("warnings") or [] if isinstance(w, str)]
        report.warnings.extend(warnings)
        new[image.file] = entry
    write_if_changed(out / MANIFEST, manifest_csv(p).encode("utf-8"))
    sweep(report, outputs, expected, clean, found)
    outputs.save(new)
    picturecache.save()                 # what was learnt of the pictures, for the next run
    report.seconds = time.perf_counter() - start
    return report


def _preload(templates) -> None:
    """Read the font files the templates name and import the drawing libraries once, here, before
    the workers are forked: each would otherwise parse the fonts again (tens of milliseconds a
    file) and import pdfium, PIL and numpy again (a tenth of a second or more)."""
    import pypdfium2  # lazy: +45 ms to import (benchmarks/imports.py)

    from ..render import png  # lazy: +15 ms to import (benchmarks/imports.py)
    png.numpy_or_none()
    names = {"sans"}
    for tpl in templates:
        names.update(str(r.get("font", "sans")) for r in tpl.regions if r.type in ("text", "textbox"))
    for name in sorted(names):
        try:
            fonts.family(name)
        except PnpError:
            pass            # the layout names the card and region


def _draw(deck, out: Path, items: list, jobs: int, progress, start_method=None, shop_id="gamecrafter") -> list:
    if not items:
        return []
    spec = (str(Path(deck.folder).resolve()), tuple(deck.left_out))
    worker.setup(deck, spec, out, shop_id)
    results = []
    try:
        if jobs <= 1 or len(items) < POOL_MIN:
            for job in chunks(items, 1):
                results.append(_checked(worker.draw(job)))
                if progress:
                    progress(len(job))
        else:
            results = _pool(items, jobs, spec, out, progress, start_method, shop_id)
    finally:
        worker.forget()
    return [pair for done in results for pair in done]


def _pool(items, jobs, spec, out, progress, start_method=None, shop_id="gamecrafter") -> list:
    if start_method is None and "fork" in multiprocessing.get_all_start_methods():
        start_method = "fork"       # workers inherit the loaded deck and fonts: nothing to redo
    context = multiprocessing.get_context(start_method)
    work = chunks(items, jobs)
    results: list = [None] * len(work)
    if start_method == "fork":
        gc.freeze()     # the workers' garbage collector leaves the inherited objects alone: their
                        # memory pages stay shared with this process instead of being copied
    try:
        with ProcessPoolExecutor(max_workers=min(jobs, len(work)), mp_context=context, initializer=worker.setup,
                                 initargs=(None, spec, str(out), shop_id)) as pool:
            futures = {pool.submit(worker.draw, job): i for i, job in enumerate(work)}
            try:
                for future in as_completed(futures):
                    i = futures[future]
                    results[i] = _checked(future.result())
                    if progress:
                        progress(len(work[i]))
            except BaseException:
                for f in futures:
                    f.cancel()
                raise
    finally:
        if start_method == "fork":
            gc.unfreeze()
    return results


def _checked(done: list) -> list:
    if done and done[0][0] == "error":
        raise PnpError(*done[0][1])
    return done
