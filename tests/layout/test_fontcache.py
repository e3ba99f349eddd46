"""The font cache (generator/layout/fontcache.py) only saves time: the PDF is the same with it cold,
warm, damaged, unwritable or off.

Each build with a cache is its own process (what a process holds is not what the cache holds), of Vasa Regalis's
first three cards: six font styles, as many as what is asserted of a cache needs. The cold build, into a
fresh cache, is made once for the file; the damaged test damages a copy of its cache."""
from __future__ import annotations

import shutil

import pytest

from cli import pnp, pnp_in_process
from pdfcheck import same_bytes


def _build(folder, name, cache, run=pnp) -> bytes:
    out = folder / f"{name}.pdf"
    run("build", "vasa-regalis", "--only", "1-3", "-o", out, check=True, env={"PNP_CACHE": str(cache)})
    return out.read_bytes()


@pytest.fixture(scope="module")
def cold(tmp_path_factory):
    """(the PDF built into an empty cache, that cache's folder)."""
    folder = tmp_path_factory.mktemp("fontcache")
    cache = folder / "cache"
    return _build(folder, "cold", cache), cache


def test_cold_warm_and_off_build_the_same_bytes(cold, tmp_path):
    cold, cache = cold
    stored = sorted(p.name for p in (cache / "fonts").iterdir())
    # one file for each font style the three cards use (six), named for the font
    assert len(stored) >= 6 and all(p.endswith(".marshal") for p in stored), stored
    assert any(p.startswith("PnpSans") for p in stored)
    assert not [p for p in stored if p.startswith(".")], "a temporary file was left behind"
    warm = _build(tmp_path, "warm", cache)
    off = _build(tmp_path, "off", "off", pnp_in_process)          # no cache: no process needed
    same_bytes(cold, warm, "cold and warm")
    same_bytes(warm, off, "warm and off")
    assert cold[:5] == b"%PDF-"


def test_damaged_cache_files_are_parsed_afresh(cold, tmp_path):
    good, cache = cold
    cache = shutil.copytree(cache, tmp_path / "cache")
    files = sorted((cache / "fonts").iterdir())
    files[0].write_bytes(b"not marshal data")
    files[1].write_bytes(files[1].read_bytes()[:1000])          # cut short
    files[2].write_bytes(files[3].read_bytes())                 # another font's data under this key
    same_bytes(_build(tmp_path, "again", cache), good)


def test_a_cache_that_cannot_be_written_is_skipped(cold, tmp_path):
    good, _ = cold
    blocked = tmp_path / "a-file"
    blocked.write_text("the cache folder's place is taken by a file")
    same_bytes(_build(tmp_path, "blocked", blocked), good)
    assert blocked.read_text().startswith("the cache folder")
