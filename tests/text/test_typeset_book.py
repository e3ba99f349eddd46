"""Typeset text kept between runs (text/typography.py's books): a warm rebuild typesets nothing and compiles none of
typography's expressions, and is the same bytes as a build with the cache off; a text edited after the book was
written is typeset and added; a damaged book costs only time. What is counted is counted in a fresh process
(_typeset_in); the builds that only write a book or a reference PDF (PNP_CACHE=off) run through the CLI's entry in
the test's process (the unchanged game's is the run's shared one)."""
from __future__ import annotations

import os
import subprocess
import sys

from cli import ROOT, copy_deck, pnp_in_process
from pdfcheck import same_bytes


def _typeset_in(deck, out, cache) -> int:
    """How many texts `pnp build DECK` typeset (not found in a book) in a fresh process."""
    code = ("import sys, atexit\n"
            "from generator.text import typography\n"
            "atexit.register(lambda: print('\\nTYPESET', typography._typeset.cache_info().misses,"
            " typography._patterns.cache_info().misses))\n"
            "from generator.cli import run\n"
            f"run(['build', {str(deck)!r}, '--output', {str(out)!r}])\n")
    proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=300,
                          env={**os.environ, "PNP_CACHE": str(cache)})
    assert proc.returncode == 0, proc.stderr
    line = next(ln for ln in proc.stdout.splitlines() if ln.startswith("TYPESET "))
    texts, patterns = map(int, line.split()[1:])
    assert (texts == 0) == (patterns == 0), line        # the expressions are compiled when a text is typeset
    return texts


def test_a_warm_rebuild_typesets_nothing_and_prints_the_same(tmp_path, built_uncached):
    deck = copy_deck("vasa-regalis", tmp_path)
    cache = tmp_path / "cache"
    assert _typeset_in(deck, tmp_path / "a.pdf", cache) > 100          # the leaf, the labels, the rules ...
    assert [p.name.startswith("book-vasa-regalis-") for p in (cache / "typeset").iterdir()] == [True]
    assert _typeset_in(deck, tmp_path / "b.pdf", cache) == 0
    cold = built_uncached("vasa-regalis")                   # the reference: the game built with the cache off
    same_bytes((tmp_path / "b.pdf").read_bytes(), cold.read_bytes(), "warm and off")
    same_bytes((tmp_path / "a.pdf").read_bytes(), cold.read_bytes(), "first and off")


def test_an_edited_text_is_typeset_and_a_damaged_book_costs_only_time(tmp_path):
    deck = copy_deck("vasa-regalis", tmp_path)
    cache = tmp_path / "cache"
    pnp_in_process("build", deck, "-o", tmp_path / "a.pdf", check=True, env={"PNP_CACHE": str(cache)})
    assert [p.name.startswith("book-vasa-regalis-") for p in (cache / "typeset").iterdir()] == [True]
    text = (deck / "deck.yaml").read_text(encoding="utf-8")
    edited = text.replace("title: Vasa Regalis", 'title: Vasa "Regalis" - 2 ships...', 1)
    assert edited != text
    (deck / "deck.yaml").write_text(edited, encoding="utf-8")
    warm = tmp_path / "warm.pdf"
    assert _typeset_in(deck, warm, cache) > 0               # the title, and the sentences that name it
    assert _typeset_in(deck, warm, cache) == 0              # ... added to the book
    cold = tmp_path / "cold.pdf"
    pnp_in_process("build", deck, "-o", cold, check=True, env={"PNP_CACHE": "off"})
    same_bytes(warm.read_bytes(), cold.read_bytes(), "after an edit and off")
    for book in (cache / "typeset").iterdir():
        book.write_bytes(b"not a cache file")
    damaged = tmp_path / "damaged.pdf"
    assert _typeset_in(deck, damaged, cache) > 50          # the leaf's words, the labels ...
    same_bytes(damaged.read_bytes(), cold.read_bytes(), "a damaged book and off")
    assert _typeset_in(deck, damaged, cache) == 0           # written anew


def test_each_cache_folder_gets_its_own_books_in_one_process(tmp_path):
    """A process that builds with one cache folder and then another (pnp_in_process runs, PNP_CACHE set for each)
    writes the typeset and shaping books into the folder each build names, and none with the cache off: the books
    are read once a process and cache folder, not once a process."""
    from cli import pnp_in_process
    deck = copy_deck("vasa-regalis", tmp_path)

    def books(cache):
        return sorted(p.parent.name for p in cache.rglob("book-*"))
    for name in ("a", "b"):
        pnp_in_process("build", deck, "-o", tmp_path / f"{name}.pdf", check=True,
                       env={"PNP_CACHE": str(tmp_path / name)})
        assert books(tmp_path / name) == ["shaping", "typeset"], name
    before = {p: p.stat().st_mtime_ns for p in tmp_path.rglob("book-*")}
    (deck / "deck.yaml").write_text((deck / "deck.yaml").read_text(encoding="utf-8").replace(
        "Choose a Captain to start", "Choose a Skipper to start"), encoding="utf-8")
    pnp_in_process("build", deck, "-o", tmp_path / "off.pdf", check=True, env={"PNP_CACHE": "off"})
    assert {p: p.stat().st_mtime_ns for p in tmp_path.rglob("book-*")} == before
