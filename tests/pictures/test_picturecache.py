"""A picture is examined once and never decoded to be checked, copied into the PDF as its file holds
it, and read again only to be copied: a rebuild decodes nothing, an unchanged export or proof opens no picture.

A deck of every kind of picture (tests/rasterkinds.py), one card each, with one picture on every back, is
built and exported in a process that counts, through Python's audit hook, each time a picture file is opened,
and each time Pillow decodes a picture (ImageFile.load). Also: the same bytes cold, warm and again; a picture
shown by every back is one image in the PDF; broken files are refused naming what is wrong, without decoding.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import textwrap

import pytest
from cli import ROOT, pnp, pnp_in_process
from pdfcheck import same_bytes
from rasterkinds import KINDS

RUNNER = textwrap.dedent('''
    import atexit, json, os, runpy, sys
    watched = os.environ["PNP_WATCHED"]
    opened = {}

    def hook(event, args):
        if event == "open" and args and isinstance(args[0], (str, bytes)):
            path = os.fsdecode(args[0])
            if path.startswith(watched):
                opened[os.path.basename(path)] = opened.get(os.path.basename(path), 0) + 1
    sys.addaudithook(hook)
    import PIL.ImageFile
    decoded = []
    load = PIL.ImageFile.ImageFile.load

    def counted(self):
        if self.tile:                       # pixels still to be decoded (a later load() decodes nothing)
            decoded.append(1)
        return load(self)
    PIL.ImageFile.ImageFile.load = counted
    main = os.getpid()
    atexit.register(lambda: os.getpid() == main and sys.stderr.write(
        "AUDIT " + json.dumps({"opened": opened, "decoded": len(decoded)}) + "\\n"))
    sys.argv = ["pnp"] + sys.argv[1:]
    runpy.run_module("generator", run_name="__main__")
''')
TEMPLATE = """size: poker
regions:
  - {id: bg, type: rect, box: [0mm, 0mm, 100%, 100%], fill: "#2f6b3b", bleed: true}
  - {id: art, type: image, box: [5mm, 10mm, 53.5mm, 40mm], src: "{art}", fit: cover}
  - {id: title, type: text, box: [5mm, 60mm, 53.5mm, 10mm], text: "{title}", size: 12pt, colour: white}
"""
BACK = """size: poker
regions:
  - {id: art, type: image, box: [0mm, 0mm, 100%, 100%], src: art/back.png, fit: cover, bleed: true}
"""


def _deck(folder):
    """A deck of one card for each kind of picture, and a picture on every back."""
    (folder / "art").mkdir(parents=True)
    (folder / "templates").mkdir()
    (folder / "templates" / "card.yaml").write_text(TEMPLATE, encoding="utf-8")
    (folder / "templates" / "back.yaml").write_text(BACK, encoding="utf-8")
    (folder / "art" / "back.png").write_bytes(KINDS["rgb"][0]())
    lines = ["game: {title: Pictures, designer: Tester}", "backs: {plain: {template: back}}", "kinds:",
             "  card: {template: card, back: plain, name: '{title}', fields: {title: text, art: image}}", "cards:"]
    for i, (kind, (make, suffix, _)) in enumerate(sorted(KINDS.items())):
        (folder / "art" / f"{kind}{suffix}").write_bytes(make())
        lines.append(f"  - {{title: Card {i + 1}, art: art/{kind}{suffix}}}")
    (folder / "deck.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return folder


@pytest.fixture(scope="module")
def deck(tmp_path_factory):
    return _deck(tmp_path_factory.mktemp("pictures") / "pictures")


def _audited(deck, cache, *args) -> dict:
    """Run pnp on `deck` in a process that counts opened picture files and decoded pictures."""
    proc = subprocess.run([sys.executable, "-c", RUNNER, *map(str, args)], cwd=ROOT, capture_output=True, text=True,
                          timeout=300, env={**os.environ, "PNP_CACHE": str(cache), "PNP_WATCHED": str(deck / "art")})
    assert proc.returncode == 0, proc.stderr
    line, = [ln for ln in proc.stderr.splitlines() if ln.startswith("AUDIT ")]
    return json.loads(line[len("AUDIT "):])


def _converted(name: str) -> bool:
    """A picture whose colours are converted (not copied from its file: a palette with transparency is copied,
    with a mask made for it)."""
    stem, _, _ = name.rpartition(".")
    return name != "back.png" and KINDS[stem][2] in ("split", "decode")


def test_the_same_bytes_cold_warm_and_again_and_one_image_for_every_back(tmp_path, deck):
    import pypdf
    off, first, again = tmp_path / "off.pdf", tmp_path / "first.pdf", tmp_path / "again.pdf"
    # the warm build is a new process, which knows the pictures only from the cache the first one filled
    pnp_in_process("build", deck, "-o", off, check=True, env={"PNP_CACHE": "off"})
    pnp_in_process("build", deck, "-o", first, check=True, env={"PNP_CACHE": str(tmp_path / "cache")})
    pnp("build", deck, "-o", again, check=True, env={"PNP_CACHE": str(tmp_path / "cache")})
    same_bytes(off.read_bytes(), first.read_bytes(), "no cache and an empty one")
    same_bytes(first.read_bytes(), again.read_bytes(), "an empty cache and a warm one")
    reader = pypdf.PdfReader(off)
    images, masks = set(), set()
    for number in range(1, len(reader.xref_objStm) + max(reader.xref[0]) + 1):
        try:
            obj = reader.get_object(number)
        except Exception:
            continue
        if hasattr(obj, "get") and obj.get("/Subtype") == "/Image":
            images.add(number)
            if obj.get("/SMask") is not None:
                masks.add(obj.raw_get("/SMask").idnum)
    # every picture once, however many cards show it (the back: on every card) and however many files hold its
    # bytes (back.png is rgb.png's; grey.png and grey-4-bit.png are the same file), and a mask for each with alpha
    distinct = {p.read_bytes() for p in (deck / "art").iterdir()}
    assert len(distinct) == len(KINDS) - 1
    assert len(images - masks) == len(distinct), (len(images), len(masks))
    alpha = {"rgba", "grey-alpha", "palette-transparent", "palette-2-bit-transparent", "rgba-16-bit",
             "grey-alpha-16-bit", "interlaced-rgba", "interlaced-palette-transparent"}
    assert len(masks) == len(alpha)


def test_a_cold_build_examines_each_picture_once_and_a_rebuild_decodes_none(tmp_path, deck):
    cache = tmp_path / "cache"
    cold = _audited(deck, cache, "build", deck, "-o", tmp_path / "cold.pdf")
    names = sorted(os.listdir(deck / "art"))
    # each file examined once (read whole, never decoded); then each picture's bytes read again, from the first
    # file that holds them, to be copied or converted (a file of the same bytes is drawn by the same form)
    assert sorted(cold["opened"]) == names and set(cold["opened"].values()) <= {1, 2}, cold
    groups = {}
    for name in names:
        groups.setdefault((deck / "art" / name).read_bytes(), []).append(name)
    assert len(groups) == len(names) - 2
    for group in groups.values():
        assert sorted(cold["opened"][name] for name in group) == [1] * (len(group) - 1) + [2], (group, cold)
    must = [k for k, (_, _, how) in KINDS.items() if how in ("mask", "decode")]
    assert cold["decoded"] == len(must), cold                  # only what cannot be copied or split is decoded
    warm = _audited(deck, cache, "build", deck, "-o", tmp_path / "warm.pdf")
    # nothing examined again; each copied picture read once, to be copied; a converted one taken from the cache
    assert warm["opened"] == {name: 1 for name in names if cold["opened"][name] == 2 and not _converted(name)}, warm
    assert warm["decoded"] == 0
    same_bytes((tmp_path / "cold.pdf").read_bytes(), (tmp_path / "warm.pdf").read_bytes())


def test_an_unchanged_export_or_proof_opens_no_picture(tmp_path, deck):
    cache = tmp_path / "cache"
    for command in (("export", deck), ("export", deck, "--to", "tts"), ("proof", deck)):
        out = tmp_path / "-".join(command[2:] or ("out",)) / command[0]
        # the first run fills the cache (in this process: what it opens is not counted); the second is a new
        # process, which must open no picture
        first = pnp_in_process(*command, "-o", out, env={"PNP_CACHE": str(cache)})
        assert first.returncode == 0, first.stderr
        files = {p: p.stat().st_mtime_ns for p in out.rglob("*.png")}
        assert files, command
        again = _audited(deck, cache, *command, "-o", out)
        assert again == {"opened": {}, "decoded": 0}, (command, again)
        # nothing drawn again (a worker drawing would read pictures this process does not see: files rewritten)
        assert {p: p.stat().st_mtime_ns for p in out.rglob("*.png")} == files, command


def test_a_proof_redraws_only_the_faces_of_a_changed_picture(tmp_path):
    deck = _deck(tmp_path / "pictures")
    out = tmp_path / "proof"
    pnp_in_process("proof", deck, "-o", out, check=True)
    before = {p.name: p.read_bytes() for p in (out / "faces").glob("*.png")}
    contact = (out / "contact.png").read_bytes()
    shutil.copyfile(deck / "art" / "jpeg-grey.jpg", deck / "art" / "jpeg-rgb.jpg")
    pnp_in_process("proof", deck, "-o", out, check=True)
    after = {p.name: p.read_bytes() for p in (out / "faces").glob("*.png")}
    assert after.keys() == before.keys()
    changed = sorted(n for n in after if after[n] != before[n])
    number = sorted(KINDS).index("jpeg-rgb") + 1
    assert len(changed) == 1 and changed[0].endswith(f"-card-{number}-front.png"), changed
    assert (out / "contact.png").read_bytes() != contact


def test_a_picture_renamed_or_copied_is_not_examined_again(tmp_path, monkeypatch):
    from generator.pictures import images, picturecache
    monkeypatch.setenv("PNP_CACHE", str(tmp_path / "cache"))
    picturecache.forget()
    examined = []
    real = images._values
    monkeypatch.setattr(images, "_values", lambda path, data: examined.append(path) or real(path, data))
    (tmp_path / "a.png").write_bytes(KINDS["rgba"][0]())
    first = images.picture(tmp_path / "a.png")
    shutil.copyfile(tmp_path / "a.png", tmp_path / "b.png")
    again = images.picture(tmp_path / "b.png")
    assert examined == [str(tmp_path / "a.png")] and again == first
    picturecache.save()
    picturecache.forget()           # what this process knows of the folder, examined files too
    assert images.picture(tmp_path / "a.png") == first and len(examined) == 1       # from the cache's file
    (tmp_path / "a.png").write_bytes(KINDS["rgb"][0]())                              # saved anew: other bytes
    assert images.picture(tmp_path / "a.png").raster != first.raster and len(examined) == 2


def test_a_rebuild_with_nothing_changed_leaves_the_pdf_as_it_is_and_opens_no_picture(tmp_path, deck):
    """The PDF a rebuild would write holds the same bytes as the file there, which pnp wrote and nobody has
    touched since: it is left as it is (its inode and time unchanged), and no picture or conversion is read to
    write it. A file touched since, a changed picture or PNP_CACHE=off: written again, the same bytes as a
    build from nothing. The
    process that must open no picture is a new one, counting (_audited); the other builds say and write what they
    do through the CLI's entry in the test's process."""
    cache, out = tmp_path / "cache", tmp_path / "out.pdf"
    first = pnp_in_process("build", deck, "-o", out, check=True, env={"PNP_CACHE": str(cache)})
    assert first.stdout.startswith(f"wrote {out}: ")
    before = out.stat()
    again = _audited(deck, cache, "build", deck, "-o", out)
    assert again == {"opened": {}, "decoded": 0}, again
    assert (out.stat().st_ino, out.stat().st_mtime_ns) == (before.st_ino, before.st_mtime_ns)
    said = pnp_in_process("build", deck, "-o", out, check=True, env={"PNP_CACHE": str(cache)})
    assert said.stdout.startswith(f"{out} is up to date: ")
    fresh = tmp_path / "fresh.pdf"
    pnp_in_process("build", deck, "-o", fresh, check=True, env={"PNP_CACHE": "off"})
    out.write_bytes(out.read_bytes() + b"% touched\n")          # someone changed the file: written again
    rebuilt = pnp_in_process("build", deck, "-o", out, check=True, env={"PNP_CACHE": str(cache)})
    assert rebuilt.stdout.startswith("wrote ")
    same_bytes(out.read_bytes(), fresh.read_bytes())
    off = pnp_in_process("build", deck, "-o", out, check=True, env={"PNP_CACHE": "off"})
    assert off.stdout.startswith("wrote ")
    changed = shutil.copytree(deck, tmp_path / "changed")
    pnp_in_process("build", changed, "-o", out, check=True, env={"PNP_CACHE": str(cache)})
    shutil.copyfile(changed / "art" / "rgb.png", changed / "art" / "rgba.png")     # another picture, same name
    rebuilt = pnp_in_process("build", changed, "-o", out, check=True, env={"PNP_CACHE": str(cache)})
    assert rebuilt.stdout.startswith("wrote ")
    assert out.read_bytes() != fresh.read_bytes()


def _threads(monkeypatch, deck, out, ahead: bool = True) -> list[str]:
    """Build `deck` with no cache (in this process: which threads convert is not a matter of processes), counting
    the threads that convert a picture; ahead=False: each converted as it is drawn, as before convert_ahead."""
    import threading
    from generator.render import convert, rasters
    threads = set()
    with monkeypatch.context() as patch:
        if not ahead:
            patch.setattr(rasters, "convert_ahead", lambda doc, paths: None)
        for name in ("split", "mask", "decoded"):
            def counted(data, r, made=getattr(convert, name)):
                threads.add(threading.current_thread().name.split("_")[0])
                return made(data, r)
            patch.setattr(convert, name, counted)
        pnp_in_process("build", deck, "-o", out, check=True, env={"PNP_CACHE": "off"})
    return sorted(threads)


def test_a_cold_build_converts_its_pictures_on_other_threads_to_the_same_bytes(tmp_path, deck, monkeypatch):
    """The pictures to convert (alpha, 16 bits, interlaced ...) are converted on threads of their own while
    the sheets are drawn; the PDF is the bytes of one converting each as it is drawn (one conversion alone:
    no thread)."""
    out, drawn = tmp_path / "threads.pdf", tmp_path / "drawn.pdf"
    assert _threads(monkeypatch, deck, out) == ["pnp-convert"]
    assert _threads(monkeypatch, deck, drawn, ahead=False) == ["MainThread"]
    same_bytes(out.read_bytes(), drawn.read_bytes())
    one = shutil.copytree(deck, tmp_path / "one")
    text = (one / "deck.yaml").read_text(encoding="utf-8").splitlines()
    converted = [f"art/{k}{suffix}" for k, (_, suffix, how) in sorted(KINDS.items())
                 if how in ("split", "decode", "mask")]
    keep = converted[0]
    (one / "deck.yaml").write_text("\n".join(ln for ln in text if not any(c in ln for c in converted[1:]))
                                   + "\n", encoding="utf-8")
    assert _threads(monkeypatch, one, tmp_path / "one.pdf") == ["MainThread"], keep
