"""render/deflate.py: the same pixels or page give the same bytes in every process.

Export draws in forked or spawned workers, and a build is a new process each time. A deflate whose
matches depend on what the process allocated before (as ISA-L's did: a card image now and then came
out a few bits different, so CI's byte-identical checks failed) breaks "same input, same bytes".
"""
from __future__ import annotations

import hashlib
import json
import multiprocessing
import subprocess
import sys
import sysconfig
import zlib
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

import deflate_job
from deflate_job import again as _again, idat as _idat
from generator.render.deflate import deflate

SPAWNED = 24           # fresh processes, each with its own address-space layout and heap history
# A fresh process's work: Python started without site (-S: a third of such a start), its path given instead (this
# folder, the checkout's, the installed packages'); the digests printed as JSON
FRESH = """import json, sys
sys.path[:0] = json.loads(sys.argv[1])
from deflate_job import again
print(json.dumps(again(json.loads(sys.argv[2]))))
"""
PATH = [str(Path(deflate_job.__file__).parent), str(Path(deflate_job.__file__).parent.parent),
        sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]]     # zlib-ng's compiled module: platlib


def _fresh(job) -> dict[str, str]:
    proc = subprocess.run([sys.executable, "-S", "-c", FRESH, json.dumps(PATH), json.dumps(job)],
                          capture_output=True, text=True, check=True)
    return json.loads(proc.stdout)


@pytest.fixture(scope="module")
def images(exported) -> list[Path]:
    return sorted(exported("vasa-regalis", "--without", "five-six").glob("*.png"))


@pytest.fixture(scope="module")
def rows(images, tmp_path_factory) -> tuple[str, dict[str, tuple[int, int]]]:
    """Every image's pixel rows, inflated once, one after another in one file: (its path, {image: (offset,
    length)}). The fresh processes map it and deflate each image's rows again."""
    path, spans, at = tmp_path_factory.mktemp("rows") / "rows", {}, 0
    with open(path, "wb") as f:
        for image in images:
            data = zlib.decompress(_idat(image))
            f.write(data)
            spans[str(image)] = (at, len(data))
            at += len(data)
    return str(path), spans


def test_deflate_gives_the_same_bytes_in_every_process(images, rows):
    """Every exported image's rows, deflated again in fresh processes (and forked ones, as
    export's workers are) after other allocations, give exactly the bytes export wrote.
    ISA-L's matches moved with the address layout (not with ASLR off): a fresh process gave some images
    other bytes about one time in ten (4 processes of 40, each with 1 to 4 of the 20 images), so the test
    needs its many processes, not many images or rounds in one: with ISA-L it failed 9 runs in 10."""
    want = {str(p): hashlib.sha256(_idat(p)).hexdigest() for p in images}
    assert len(want) == 20
    path, spans = rows
    jobs = [(kb, path, spans) for kb in range(0, 3000, 3000 // SPAWNED)]
    with ThreadPoolExecutor(2) as threads:                      # two at a time, each a new Python
        for got in threads.map(_fresh, jobs):
            other = sorted(Path(name).name for name in want if got[name] != want[name])
            assert not other, f"deflated to other bytes in a fresh process: {other}"
    jobs = [(kb, path, spans) for kb in range(0, 3000, 3000 // 4)]
    with multiprocessing.get_context("fork").Pool(2, maxtasksperchild=1) as pool:
        for got in pool.imap_unordered(_again, jobs):
            other = sorted(Path(name).name for name in want if got[name] != want[name])
            assert not other, f"deflated to other bytes in a forked process: {other}"


def test_deflate_round_trips_at_every_level(images):
    rows = zlib.decompress(_idat(images[0]))
    for level in (None, 1, 2, 6, 9):
        packed = deflate(rows, level)
        assert zlib.decompress(packed) == rows and len(packed) < len(rows) // 5
    assert deflate(memoryview(rows)) == deflate(rows)          # a buffer is deflated as its bytes
