"""Drawing on every core: chunks of work handed to forked processes that inherit what this one holds.

Faces are laid out, fonts registered and pictures examined in this process; a forked worker inherits all of
it (nothing is pickled but the chunk's items and the results), so `share()` what the work reads, then
`map_chunks(fn, items)`: fn(chunk) runs in the workers on chunks of the items, in order, and returns a list
of results, one an item. Few items, one core, or no fork on this platform: fn runs here. The garbage
collector is frozen while the workers live, so that the pages they inherit stay shared with this process.
The export to The Game Crafter has its own pool (export/uploads.py: its workers lay faces out themselves).
Not here: what is drawn (proof/images.py, export/tts_draw.py).
"""
from __future__ import annotations

import math
import os
from functools import partial
import gc
from ..errors import PnpError

# What the workers about to be forked read (share): process-wide because a forked process inherits only what its
# parent's modules hold, and nothing else reaches it unpickled. A worker started afresh (export/worker.setup) fills
# its own.
_SHARED: dict = {}
MIN_ITEMS = 6           # fewer items than this are drawn here: starting a pool would cost more


def share(**values) -> None:
    """Make `values` known to the workers about to be forked (and to this process): shared(name) reads one."""
    _SHARED.clear()
    _SHARED.update(values)


def shared(name: str, default=KeyError):
    """What share() made known as `name` (`default` when nothing was, if one is given)."""
    if default is not KeyError:
        return _SHARED.get(name, default)
    return _SHARED[name]


def cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:
        return os.cpu_count() or 1


def chunks(items: list, jobs: int, most: int = 24) -> list[list]:
    """Chunks enough to keep every core busy to the end, each of at most `most` items."""
    size = max(1, min(most, math.ceil(len(items) / (jobs * 2))))
    return [items[i:i + size] for i in range(0, len(items), size)]


def map_chunks(fn, items: list, jobs: int | None = None, most: int = 24, fewest: int = MIN_ITEMS,
               progress=None) -> list:
    """fn(chunk) for chunks of `items` (of at most `most` items), on every core when there are `fewest` items
    or more: the results of all of them, in the items' order; progress(n), if given, as n more are done. A
    user's mistake met in a worker (a picture gone since it was examined) is raised here, as it was made."""
    import multiprocessing  # lazy: +7 ms to import (benchmarks/imports.py)
    jobs = cores() if jobs is None else jobs
    if not items:
        return []
    if jobs <= 1 or len(items) < fewest or "fork" not in multiprocessing.get_all_start_methods():
        out = []
        for chunk in chunks(items, 1, most):
            out += fn(chunk)
            if progress:
                progress(len(chunk))
        return out
    from concurrent.futures import ProcessPoolExecutor  # lazy: +7 ms to import (benchmarks/imports.py)
    work = chunks(items, jobs, most)
    done = []
    gc.freeze()
    try:
        with ProcessPoolExecutor(max_workers=min(jobs, len(work)),
                                 mp_context=multiprocessing.get_context("fork")) as pool:
            for chunk, result in zip(work, pool.map(partial(_guarded, fn), work)):
                done.append(result)
                if progress:
                    progress(len(chunk))
    finally:
        gc.unfreeze()
    for kind, value in done:
        if kind == "error":
            raise PnpError(*value)
    return [r for _, results in done for r in results]


def _guarded(fn, chunk) -> tuple:
    """("done", fn(chunk)), or ("error", the PnpError's fields): an exception of pnp's own is sent back as
    data, never pickled."""
    try:
        return "done", fn(chunk)
    except PnpError as exc:
        return "error", (exc.message, exc.file, exc.line, exc.column, exc.field, exc.hint)
