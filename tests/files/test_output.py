"""Outputs are replaced whole or not at all. A failed, interrupted or killed build leaves the
previous PDF byte-identical and no temporary file behind."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pypdf
import pytest

from cli import ROOT, pnp_in_process
from pdfcheck import same_bytes
from generator.errors import PnpError
from generator.files.output import temp_files, write_atomic

HEAD = """game: {title: Big Deck}
palette: {sea: "#2b5f8a", sand: "#e0c890"}
kinds:
  plain:
    template: basic-card
    back: {template: basic-back}
    fields: {title: text, value: int, text: markup, colour: colour}
cards:
"""


def _deck(folder: Path, cards: int) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    rows = [f"  - {{title: Card {i}, value: {i % 10}, colour: {('sea', 'sand')[i % 2]}, "
            f"text: \"Card {i}: **bold** words and *italic* ones, long enough to wrap onto a second line.\"}}"
            for i in range(cards)]
    (folder / "deck.yaml").write_text(HEAD + "\n".join(rows) + "\n")
    return folder


def _cpu_seconds(pid: int) -> float:
    """User + system CPU time a running process has used (from /proc), 0 if it is gone."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _leftovers(out: Path) -> list[str]:
    return sorted(p.name for p in out.parent.iterdir() if p.name != out.name)


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads a process's CPU time from /proc")
def test_killing_builds_midway_leaves_the_previous_pdf(tmp_path):
    out = tmp_path / "out" / "game.pdf"
    deck = _deck(tmp_path / "game", 3)
    pnp_in_process("build", deck, "-o", out, check=True)       # the previous PDF (the builds killed are processes)
    _deck(deck, 1500)            # the next builds are long: 1,500 distinct cards, ~1.8 s of CPU each
    killed = 0
    # kill after the build has had this much CPU time: while importing, laying out, drawing and writing
    for cpu in (0.3, 0.9, 1.5):
        previous = out.read_bytes()
        proc = subprocess.Popen([sys.executable, "-m", "generator", "build", str(deck), "-o", str(out)],
                                cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        while proc.poll() is None and _cpu_seconds(proc.pid) < cpu:
            time.sleep(0.02)
        if proc.poll() is None:
            proc.send_signal(signal.SIGKILL)
        proc.wait()
        proc.stderr.close()
        if proc.returncode == -signal.SIGKILL:
            killed += 1
            now = out.read_bytes()
            if now != previous:
                # the kill landed after the rename, between the finished write and the exit: the new
                # PDF must then be whole (never a partial file)
                assert now.rstrip().endswith(b"%%EOF"), f"a partial PDF after a kill at {cpu}s of CPU"
                assert len(pypdf.PdfReader(str(out)).pages) > 100
        else:           # a fast machine finished first: then the new PDF is whole
            assert proc.returncode == 0
            assert len(pypdf.PdfReader(str(out)).pages) > 100
        assert _leftovers(out) == [], f"left behind after a kill at {cpu}s of CPU"
    assert killed >= 1


_DIE_WHILE_WRITING = """
import os, signal, sys
import generator.files.output as o
if sys.argv[1] == "named":
    o._anonymous = lambda path, data, mode, *durable: None     # as on a system without O_TMPFILE
write_all = o._write_all
def dying(fd, data, *durable):
    if not data.startswith(b"%PDF"):                   # the layout caches write theirs as before
        return write_all(fd, data, *durable)
    os.write(fd, data[: len(data) // 2])              # half the PDF is on disk ...
    os.kill(os.getpid(), signal.SIGKILL)               # ... when the process is killed
o._write_all = dying
from generator.cli import run
run(sys.argv[2:])
"""


def _killed_rebuild(tmp_path, how: str):
    """A deck of three cards built (in this process), then built again (on Letter) by a writer killed halfway
    through the file, writing its temporary `how` ("anonymous" or "named"). Returns the file, the first build's
    bytes and the deck."""
    out = tmp_path / "out" / "game.pdf"
    deck = _deck(tmp_path / "game", 3)
    pnp_in_process("build", deck, "-o", out, check=True)
    previous = out.read_bytes()
    proc = subprocess.run([sys.executable, "-c", _DIE_WHILE_WRITING, how, "build", str(deck),
                           "--paper", "letter", "-o", str(out)], cwd=ROOT, capture_output=True)
    assert proc.returncode == -signal.SIGKILL
    same_bytes(out.read_bytes(), previous)
    return out, previous, deck


def test_killed_while_writing_the_file_itself(tmp_path):
    out, _, _ = _killed_rebuild(tmp_path, "anonymous")
    assert _leftovers(out) == []


def test_a_temporary_left_by_a_killed_writer_is_swept_by_the_next(tmp_path):
    """Without O_TMPFILE a named temporary is written; if the writer is killed it stays until the next
    write to the same file removes it (its process is dead: the next writer may be any process, here the
    test's own)."""
    out, previous, deck = _killed_rebuild(tmp_path, "named")
    left = [p.name for p in temp_files(out)]
    assert len(left) == 1 and left[0].startswith(".game.pdf.") and left[0].endswith(".tmp")
    pnp_in_process("build", deck, "-o", out, check=True)
    assert temp_files(out) == [] and _leftovers(out) == []
    same_bytes(out.read_bytes(), previous)       # the same deck and options give the same bytes


def test_a_failed_build_leaves_the_previous_pdf(tmp_path):
    out = tmp_path / "game.pdf"
    deck = _deck(tmp_path / "game", 3)
    pnp_in_process("build", deck, "-o", out, check=True)       # what is written is the point, not the process
    previous = out.read_bytes()
    (deck / "deck.yaml").write_text((deck / "deck.yaml").read_text().replace("value: 1,", "value: one,"))
    proc = pnp_in_process("build", deck, "-o", out)
    assert proc.returncode == 2 and "expected a whole number" in proc.stderr
    same_bytes(out.read_bytes(), previous)
    assert _leftovers(out) == ["game"]


def test_an_exception_while_writing_leaves_the_old_file(tmp_path, monkeypatch):
    import generator.files.output as o
    target = tmp_path / "x.bin"
    write_atomic(target, b"old contents")

    def interrupted(fd, data, *durable):
        os.write(fd, data[:3])
        raise KeyboardInterrupt
    monkeypatch.setattr(o, "_write_all", interrupted)
    with pytest.raises(KeyboardInterrupt):
        write_atomic(target, b"new contents")
    assert target.read_bytes() == b"old contents"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["x.bin"]


def test_outputs_are_readable_as_a_plain_write_would_make_them(tmp_path):
    old = os.umask(0o022)
    try:
        write_atomic(tmp_path / "a.pdf", b"%PDF-1.4")
    finally:
        os.umask(old)
    assert (tmp_path / "a.pdf").stat().st_mode & 0o777 == 0o644


def test_writing_where_a_folder_cannot_be_is_a_pnp_error(tmp_path):
    (tmp_path / "file").write_text("not a folder")
    with pytest.raises(PnpError) as info:
        write_atomic(tmp_path / "file" / "x.pdf", b"data")
    assert "cannot write" in str(info.value)


def test_a_cache_file_is_written_without_waiting_for_the_disk(tmp_path, monkeypatch):
    """An output waits for the disk (fsync) before it is renamed into place; a cache file does not (pnp watch
    writes several on a save: each fsync is the disk's time on the way to the page), as one a crash cut short
    fails its checksum and is made again (files/cachefile.py)."""
    from generator.files import cachefile
    synced: list = []
    monkeypatch.setattr(os, "fsync", lambda fd: synced.append(fd))
    write_atomic(tmp_path / "out.pdf", b"%PDF-1.4")
    assert len(synced) == 2                         # the file, then its folder
    synced.clear()
    assert cachefile.write(tmp_path / "c.cache", "test", 1, {"a": 1})
    assert synced == [] and cachefile.read(tmp_path / "c.cache", "test", 1) == {"a": 1}
