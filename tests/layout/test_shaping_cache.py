"""Shaped words kept between runs (generator/layout/shapecache.py): a warm rebuild reads its deck's book alone, loads
no HarfBuzz, no hyphenation dictionary and no bidi algorithm, and is the same bytes as a build with the cache off;
a word its book lacks is shaped and added; a damaged book or a book of other words costs only time. The builds
that read a book run in fresh processes (this process has shaped words of its own); the reference builds with the
cache off run through the CLI's entry in the test's process (the unchanged game's is the run's shared one)."""
from __future__ import annotations

import ast
import os
import subprocess
import sys

from cli import ROOT, copy_deck, pnp, pnp_in_process
from pdfcheck import same_bytes


def _modules_and_files(deck, out, cache) -> tuple[set, set]:
    """(every module loaded by the time `pnp build DECK` finishes in a fresh process, the shaping cache's files)."""
    code = ("import sys, atexit\n"
            "atexit.register(lambda: print('\\nMODULES ' + repr(sorted(sys.modules))))\n"
            "from generator.cli import run\n"
            f"run(['build', {str(deck)!r}, '--output', {str(out)!r}])\n")
    proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=300,
                          env={**os.environ, "PNP_CACHE": str(cache)})
    assert proc.returncode == 0, proc.stderr
    line = next(ln for ln in proc.stdout.splitlines() if ln.startswith("MODULES "))
    return set(ast.literal_eval(line[len("MODULES "):])), {p.name for p in (cache / "shaping").iterdir()}


def test_a_warm_rebuild_loads_no_shaper_and_reads_its_book_alone(tmp_path, built_uncached):
    deck = copy_deck("vasa-regalis", tmp_path)
    cache = tmp_path / "cache"
    first, files = _modules_and_files(deck, tmp_path / "a.pdf", cache)
    assert "uharfbuzz._harfbuzz" in first and "pyphen" in first          # it did shape and hyphenate
    books = {f for f in files if f.startswith("book-vasa-regalis-")}
    assert len(books) == 1
    fonts = cache / "shaping"
    for name in files - books:          # the fonts' files unreadable: a rebuild must not need them
        (fonts / name).write_bytes(b"not a cache file")
    again, _ = _modules_and_files(deck, tmp_path / "b.pdf", cache)
    assert not {m for m in again if m.split(".")[0] in ("pyphen", "bidi") or m == "uharfbuzz._harfbuzz"}, \
        sorted(m for m in again if "harfbuzz" in m or "pyphen" in m or "bidi" in m)
    assert "reportlab.pdfbase.ttfonts" in again
    cold = built_uncached("vasa-regalis")                   # the reference: the game built with the cache off
    same_bytes((tmp_path / "b.pdf").read_bytes(), cold.read_bytes(), "warm and off")
    same_bytes((tmp_path / "a.pdf").read_bytes(), cold.read_bytes(), "first and off")


def test_a_word_the_book_lacks_is_shaped_and_a_damaged_book_costs_only_time(tmp_path):
    deck = copy_deck("vasa-regalis", tmp_path)
    cache = tmp_path / "cache"
    # the book written (in this process: the builds that read it are new ones)
    pnp_in_process("build", deck, "-o", tmp_path / "a.pdf", check=True, env={"PNP_CACHE": str(cache)})
    assert [p.name.startswith("book-vasa-regalis-") for p in (cache / "shaping").glob("book-*")] == [True]
    text = (deck / "deck.yaml").read_text(encoding="utf-8")
    edited = text.replace("title: Vasa Regalis", "title: Vasa AVATAR Wavy Regalis", 1)
    assert edited != text
    (deck / "deck.yaml").write_text(edited, encoding="utf-8")
    cold = tmp_path / "cold.pdf"
    pnp_in_process("build", deck, "-o", cold, check=True, env={"PNP_CACHE": "off"})      # the reference
    warm = tmp_path / "warm.pdf"
    pnp("build", deck, "-o", warm, check=True, env={"PNP_CACHE": str(cache)})
    same_bytes(warm.read_bytes(), cold.read_bytes(), "after an edit and off")
    for book in (cache / "shaping").glob("book-*"):
        data = bytearray(book.read_bytes())
        data[-20:] = b"\0" * 20
        book.write_bytes(bytes(data))
    pnp("build", deck, "-o", warm, check=True, env={"PNP_CACHE": str(cache)})
    same_bytes(warm.read_bytes(), cold.read_bytes(), "a damaged book and off")
