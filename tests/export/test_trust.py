"""An export that can be trusted. A damaged or replaced image is redrawn, a merely
touched one is not; files the export did not write are reported, and removed only when asked and
only from a folder an export wrote; file names keep signs and numbers; export refuses an
incomplete deck as build does, with the same --force, and redraws everything only with --redraw."""
from __future__ import annotations

import csv
import os
import shutil

import pytest
from PIL import Image

from cli import copy_deck, pnp_in_process, writable_copy


def manifest(folder):
    with open(folder / "manifest.csv", newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


@pytest.fixture
def folder(exported, tmp_path):
    """Vasa Regalis without its 5-6 player set, exported once per run (a shared artefact), copied here to
    damage: the same bytes, the same times, as if exported here."""
    return writable_copy(exported("vasa-regalis", "--without", "five-six"), tmp_path / "gamecrafter")


def again(out, *args):
    return pnp_in_process("export", "vasa-regalis", "--without", "five-six", "-o", out, *args, check=True)


def test_an_overwritten_image_is_redrawn(folder):
    """One card's image replaced by another card's: the same size and kind of file, so only its
    bytes tell. The next export redraws it and only it; the image is that card's again."""
    original = (folder / "iron-2-face.png").read_bytes()
    shutil.copyfile(folder / "wood-1-face.png", folder / "iron-2-face.png")
    proc = again(folder)
    assert "1 drawn, 19 unchanged" in proc.stdout, proc.stdout
    assert (folder / "iron-2-face.png").read_bytes() == original


def test_a_replaced_image_with_the_recorded_time_is_redrawn(folder):
    """The replacement is given back the time stamp recorded for the file (as `cp -p` or a sync
    tool might): its size gives it away."""
    target = folder / "iron-2-face.png"
    st = target.stat()
    shutil.copyfile(folder / "wood-1-face.png", target)
    os.utime(target, ns=(st.st_atime_ns, st.st_mtime_ns))
    assert target.stat().st_size != st.st_size
    proc = again(folder)
    assert "1 drawn, 19 unchanged" in proc.stdout, proc.stdout


def test_a_damaged_image_of_the_same_size_is_redrawn(folder):
    """A few bytes changed in place, size kept, time moved: hashed, found different, redrawn."""
    target = folder / "back-vasa.png"
    data = bytearray(target.read_bytes())
    data[-40] ^= 0xFF
    target.write_bytes(bytes(data))
    proc = again(folder)
    assert "1 drawn, 19 unchanged" in proc.stdout, proc.stdout
    with Image.open(target) as im:
        im.load()                       # a whole, readable PNG again


def test_a_touched_or_copied_back_image_is_not_redrawn(folder, tmp_path):
    """Same bytes, new time stamp: read and hashed, found the same, kept (and its new time noted,
    so the export after that does not read it again)."""
    target = folder / "wood-3-face.png"
    keep = tmp_path / "keep.png"
    shutil.copyfile(target, keep)
    shutil.copyfile(keep, target)
    os.utime(folder / "wood-1-face.png")
    proc = again(folder)
    assert "0 drawn, 20 unchanged" in proc.stdout, proc.stdout


def test_redraw_draws_everything_and_force_does_not(folder):
    assert "20 drawn, 0 unchanged" in again(folder, "--redraw").stdout
    forced = again(folder, "--force")
    assert "0 drawn, 20 unchanged" in forced.stdout and "anyway" not in forced.stderr


def test_a_stray_file_is_reported_and_removed_only_with_clean(folder):
    (folder / "old-card-face.png").write_bytes(b"not ours")
    (folder / "notes.txt").write_text("mine", encoding="utf-8")
    (folder / "sub").mkdir()
    proc = again(folder)
    assert "pnp: warning: 3 stray files in" in proc.stderr
    assert "did not write: notes.txt, old-card-face.png, sub (--clean removes them)" in proc.stderr
    assert (folder / "old-card-face.png").is_file() and (folder / "notes.txt").is_file()
    assert sorted(p.name for p in folder.glob("*.png")) == sorted(
        [r["file"] for r in manifest(folder)] + ["old-card-face.png"])
    cleaned = again(folder, "--clean")
    assert "removed 2 stray files" in cleaned.stderr and "notes.txt, old-card-face.png" in cleaned.stderr
    assert "1 stray file in" in cleaned.stderr and "sub (--clean removes files, not folders)" in cleaned.stderr
    assert not (folder / "old-card-face.png").exists() and not (folder / "notes.txt").exists()
    assert (folder / "sub").is_dir()
    quiet = again(folder)
    assert "stray" in quiet.stderr and "sub" in quiet.stderr     # still reported, never removed


def test_clean_refuses_a_folder_no_export_wrote(tmp_path):
    """--clean into a folder of someone's own files: refused before anything is written."""
    out = tmp_path / "mine"
    out.mkdir()
    (out / "holiday.png").write_bytes(b"a photo")
    proc = pnp_in_process("export", "vasa-regalis", "--without", "five-six", "-o", out, "--clean")
    assert proc.returncode == 2 and proc.stderr.count("\n") == 1, proc.stderr
    assert "not removing 1 file from" in proc.stderr and "holiday.png" in proc.stderr
    assert sorted(p.name for p in out.iterdir()) == ["holiday.png"]


def test_an_image_of_a_dropped_part_is_removed_not_stray(folder):
    """Images an earlier export wrote and this one no longer needs are removed, as before."""
    proc = pnp_in_process("export", "vasa-regalis", "-o", folder, check=True)
    assert "15 drawn" in proc.stdout and "stray" not in proc.stderr
    back = again(folder)
    assert "15 removed" in back.stdout and "stray" not in back.stderr


def test_an_incomplete_deck_is_refused_by_export_as_by_build(tmp_path):
    deck = copy_deck("vasa-regalis", tmp_path)
    text = (deck / "deck.yaml").read_text(encoding="utf-8")
    assert text.count("  - {<<: *wood, value: 3}\n") == 1
    (deck / "deck.yaml").write_text(text.replace("  - {<<: *wood, value: 3}\n", ""), encoding="utf-8")
    out = tmp_path / "gc"
    proc = pnp_in_process("export", deck, "-o", out)
    assert proc.returncode == 1, proc.stderr
    assert "missing: material=Wood colour=green value=3" in proc.stderr
    assert "the deck is incomplete; not exported (use --force to export anyway)" in proc.stderr
    assert not out.exists()
    forced = pnp_in_process("export", deck, "-o", out, "--force")
    assert forced.returncode == 0, forced.stderr
    assert "pnp: exporting anyway (--force)" in forced.stderr
    assert len(manifest(out)) == 34 and "34 drawn" in forced.stdout
    built = pnp_in_process("build", deck, "-o", tmp_path / "x.pdf")
    assert built.returncode == 1 and "not built (use --force to build anyway)" in built.stderr


def test_file_names_keep_signs_and_say_what_a_shared_back_is(tmp_path):
    """A Royal Will's +1/-1 token is not 1-1-token; Christina Regina's court backs are named for
    their group, not for the first card that shows them."""
    from generator import pipeline
    from generator.export.plan import plan
    files = {i.file for i in plan(pipeline.load("a-royal-will")).images}
    assert {"plus-1-minus-1-token-face.png", "plus-1-minus-1-token-back.png", "bust-won-token-face.png",
            "back-coin.png", "back-tracker.png", "back-character.png", "back-chart.png"} <= files
    assert not any(f.startswith("1-1") for f in files)
    backs = [i for i in plan(pipeline.load("christina-regina")).backs]
    court = {i.file: {c.fields["group"] for _, c in i.cards} for i in backs if i.back_name == "court"}
    assert court == {"back-court-copper.png": {"Copper"}, "back-court-silver.png": {"Silver"},
                     "back-court-gold.png": {"Gold"}}


def test_file_name_stems():
    from generator.export.names import stem
    assert stem("+1/-1 token") == "plus-1-minus-1-token"
    assert stem("Sköld \u22122") == "skold-minus-2"
    assert stem("1.5 ships") == "1.5-ships" != stem("15 ships")
    assert stem("Round 1-3") == "round-1-3"
    assert stem("Set-up & Players") == "set-up-and-players"
    assert stem("アクア") == "card"


def test_two_targets_in_one_folder_never_remove_each_others_files(folder):
    """The Game Crafter's and Tabletop Simulator's exports keep separate records: either, sent into
    the other's folder, reports the other's files as strays and removes none of them."""
    before = sorted(p.name for p in folder.iterdir())
    tts = pnp_in_process("export", "vasa-regalis", "--without", "five-six", "--to", "tts", "-o", folder, check=True)
    assert "21 stray files in" in tts.stderr and "removed" not in tts.stdout       # 20 images, the manifest
    after = {p.name for p in folder.iterdir()}
    assert set(before) <= after and "Vasa Regalis.json" in after
    gc = again(folder)
    assert "0 drawn, 20 unchanged" in gc.stdout and "Vasa Regalis.json" in gc.stderr and "removed" not in gc.stdout
    assert {p.name for p in folder.iterdir()} == after


def test_a_folder_of_the_first_cache_format_is_redrawn_and_its_old_names_removed(folder):
    """An export made before this one recorded names only (format 1): every image is drawn again,
    and one it wrote under a name no longer used (1-1-token-face.png before signs were kept) is
    removed, not reported as a stray."""
    import json
    (folder / "wood-9-face.png").write_bytes(b"written by an older pnp")
    images = {name: {"hash": "x", "warnings": []} for name in [p.name for p in folder.glob("*.png")]}
    (folder / ".export-cache.json").write_text(json.dumps({"pnp": 1, "images": images}), encoding="utf-8")
    proc = again(folder)
    assert "20 drawn, 0 unchanged, 1 removed" in proc.stdout and "stray" not in proc.stderr
    assert not (folder / "wood-9-face.png").exists()
