"""The caches hold data, never code. A cache file (layout store, font cache) that is damaged, cut
short, foreign, stale, of the wrong shape, or a pickle planted to run code, is ignored and rebuilt: the PDF
is the same bytes as a build with no cache, and nothing planted runs.

A build that reads a font cache is a `pnp` process of its own (a process reads a font's cache file once for
each name it registers): the font files under test are read only by a new process. The layout store is read from
its file on every build, and what a process learnt of a folder of pictures is forgotten at will
(picturecache.forget), so the builds that damage those, and those that need no cache (PNP_CACHE=off, another
deck's store), run through the CLI's entry in the test's process (cli.pnp_in_process), without an interpreter's
start."""
from __future__ import annotations

import os
import pickle
import shutil
from pathlib import Path

import pytest

from cli import ROOT, copy_deck, pnp, pnp_in_process
from pdfcheck import same_bytes

from generator.files import cachefile, yamlfile
from generator.pictures import picturecache
from generator.layout import fontcache, store


class _Planted:
    """Unpickling this runs a shell command that leaves a file: what a pickle cache would let happen."""

    def __init__(self, marker: Path):
        self.marker = marker

    def __reduce__(self):
        return (os.system, (f"touch {self.marker}",))


def _build(tmp_path, deck, name, cache, run=pnp) -> bytes:
    """The PDF of `deck` built with the cache folder `cache` ("off": none), by a `pnp` process (or `run`)."""
    out = tmp_path / f"{name}.pdf"
    proc = run("build", deck, "-o", out, env={"PNP_CACHE": str(cache)})
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""
    return out.read_bytes()


@pytest.fixture(scope="module")
def cold(tmp_path_factory):
    """Royal Lines built with no cache at all: what every build below must equal, byte for byte."""
    tmp = tmp_path_factory.mktemp("cold")
    return _build(tmp, "royal-lines", "off", "off", pnp_in_process)


@pytest.fixture(scope="module")
def warm(tmp_path_factory, cold):
    """(deck, cache, other): a copy of Royal Lines and the cache its first build filled (that PDF the same bytes
    as `cold`; a new process, which parses and keeps every font it uses), and a layout store of another deck's
    (tests/decks/icons): what each test below damages a copy of."""
    tmp = tmp_path_factory.mktemp("warm")
    deck = copy_deck("royal-lines", tmp)
    cache = tmp / "cache"
    same_bytes(_build(tmp, deck, "first", cache), cold)
    other_cache = tmp / "other"
    _build(tmp, ROOT / "tests" / "decks" / "icons", "other", other_cache, pnp_in_process)
    other = next(p for p in (other_cache / "layout").iterdir() if p.suffix == ".faces").read_bytes()
    return deck, cache, other


def _cache(warm, tmp_path) -> Path:
    """This test's own copy of the warm cache, to damage."""
    return shutil.copytree(warm[1], tmp_path / "cache")


def test_no_cache_module_imports_pickle():
    for module in (store, fontcache, cachefile, yamlfile, picturecache):
        text = Path(module.__file__).read_text(encoding="utf-8")
        assert "import pickle" not in text and "pickle.loads" not in text, module.__name__


def test_cache_files_carry_a_header_a_format_and_a_checksum(tmp_path, cold, warm):
    cache = _cache(warm, tmp_path)
    files = sorted((cache / "layout").iterdir()) + sorted((cache / "fonts").iterdir())
    trees = sorted((cache / "yaml").iterdir())
    assert len(files) >= 6 and len(trees) >= 4          # Royal Lines' templates at least
    for f in files + trees:
        data = f.read_bytes()
        assert data.startswith(cachefile.MAGIC), f.name
        what = {"fonts": "font", "yaml": "yaml tree"}.get(f.parent.name, f"layout {f.suffix[1:]}")
        version = {"font": fontcache.FORMAT, "yaml tree": yamlfile.CACHE_FORMAT}.get(what, store.FORMAT)
        assert cachefile.loads(what, version, data) is not None, f.name
        assert cachefile.loads(what, version + 1, data) is None            # another format: stale
        assert cachefile.loads("something else", version, data) is None    # another cache's file
    # the files as they are, read back (the fonts' by new processes: test_a_planted_pickle_runs_nothing and
    # tests/layout/test_fontcache.py)
    same_bytes(_build(tmp_path, warm[0], "warm", cache, pnp_in_process), cold)


def _damage(kind: str, data: bytes, other: bytes) -> bytes:
    start = len(cachefile.MAGIC) + cachefile._HEAD.size
    if kind == "flipped":
        i = start + (len(data) - start) // 2
        return data[:i] + bytes([data[i] ^ 0x40]) + data[i + 1:]
    if kind == "truncated":
        return data[: len(data) * 2 // 3]
    if kind == "header only":
        return data[:start]
    if kind == "empty":
        return b""
    if kind == "foreign":
        return other                            # a whole, intact file of another deck (another stamp)
    if kind == "stale":                         # an intact file of an older format
        what, fmt, py, mv, length, digest = cachefile._HEAD.unpack_from(data, len(cachefile.MAGIC))
        return cachefile.MAGIC + cachefile._HEAD.pack(what, fmt - 1, py, mv, length, digest) + data[start:]
    if kind == "wrong shape":                   # intact, checksum right, but not faces
        stamp, faces = cachefile.loads("layout faces", store.FORMAT, data)
        bogus = {k: ("not", "a", "face") for k in faces}
        bogus[next(iter(faces))] = tuple([1.5] * len(store._FACE))
        return cachefile.dumps("layout faces", store.FORMAT, (stamp, bogus))
    if kind == "bad op":                        # a face whose drawing operation has the wrong arity
        stamp, faces = cachefile.loads("layout faces", store.FORMAT, data)
        k = next(iter(faces))
        face = list(faces[k])
        face[7] = [(0, (1.0, 2.0))] + list(face[7])
        faces[k] = tuple(face)
        return cachefile.dumps("layout faces", store.FORMAT, (stamp, faces))
    raise ValueError(kind)


@pytest.mark.parametrize("kind", ["flipped", "truncated", "header only", "empty", "foreign", "stale",
                                  "wrong shape", "bad op"])
def test_a_bad_layout_store_is_laid_out_afresh(tmp_path, cold, warm, kind):
    deck, _, other = warm
    cache = _cache(warm, tmp_path)
    faces = next(p for p in (cache / "layout").iterdir() if p.suffix == ".faces" and "rules" not in p.name
                 and "leaf" not in p.name)
    faces.write_bytes(_damage(kind, faces.read_bytes(), other))
    same_bytes(_build(tmp_path, deck, "again", cache, pnp_in_process), cold)
    assert cachefile.read(faces, "layout faces", store.FORMAT) is not None      # rewritten whole
    assert not [p for p in (cache / "layout").iterdir() if p.name.startswith(".")], "a temporary file was left"


def test_a_planted_pickle_runs_nothing(tmp_path, cold, warm):
    deck = warm[0]
    cache = _cache(warm, tmp_path)
    marker = tmp_path / "owned"
    planted = pickle.dumps(_Planted(marker))
    assert not marker.exists()
    for f in [*(cache / "layout").iterdir(), *(cache / "fonts").iterdir(), *(cache / "yaml").iterdir()]:
        f.write_bytes(planted)                                  # every cache file, under its own name
        f.with_suffix(".pickle").write_bytes(planted)           # and under the name the old store used
    same_bytes(_build(tmp_path, deck, "again", cache), cold)
    assert not marker.exists(), "a cache file was unpickled"


def test_a_font_cache_of_the_wrong_shape_is_parsed_afresh(tmp_path, cold, warm):
    cache = _cache(warm, tmp_path)
    files = sorted((cache / "fonts").iterdir())
    state = cachefile.read(files[0], "font", fontcache.FORMAT)
    assert fontcache._shaped(state)
    bad = dict(state, face=dict(state["face"], charWidths=[1, 2, 3]))
    files[0].write_bytes(cachefile.dumps("font", fontcache.FORMAT, bad))              # intact, wrong shape
    files[1].write_bytes(cachefile.dumps("font", fontcache.FORMAT, {"face": 1}))       # intact, not a font
    files[2].write_bytes(cachefile.dumps("font", fontcache.FORMAT, state))             # another font's state
    same_bytes(_build(tmp_path, warm[0], "again", cache), cold)


def test_cachefile_refuses_what_marshal_cannot_hold_and_reads_back_what_it_wrote(tmp_path):
    value = ("stamp", {b"k": (1, 2.5, "x", None, True, [(0, (1.0,))], b"bytes")})
    assert cachefile.loads("t", 1, cachefile.dumps("t", 1, value)) == value
    with pytest.raises(ValueError):
        cachefile.dumps("t", 1, object())
    assert cachefile.write(tmp_path / "x", "t", 1, object()) is False
    assert not (tmp_path / "x").exists()
    assert cachefile.read(tmp_path / "missing", "t", 1) is None


def test_the_store_keeps_every_drawing_operation_the_layout_makes():
    """A new kind of operation would not be kept: the store's list must name every one a region type draws
    (layout/regions/: DRAWERS, the operations render/ can draw) and every one display.py names."""
    from generator.layout import display, regions
    named = {v for v in vars(display).values()
             if isinstance(v, type) and issubclass(v, tuple) and hasattr(v, "_fields")}
    assert set(store.OPS) == set(regions.DRAWERS) | named


def test_a_rect_and_an_ellipse_keep_their_dash_and_opacity_and_an_older_store_is_not_read():
    """Rect and Ellipse carry dash and opacity since the store's format 6: a face of them comes back whole,
    and a face stored before (a Rect of 8 values) is not taken for one, so it is laid out afresh."""
    from generator.layout.display import Ellipse, Face, Rect
    ops = [Rect(1.0, 2.0, 30.0, 20.0, "#112233", "#445566", 1.0, 2.0, (3.0, 1.0), 0.4),
           Ellipse(5.0, 6.0, 10.0, 8.0, None, "#445566", 1.5, (2.0,), 1.0),
           Rect(0.0, 0.0, 5.0, 5.0, "#112233")]
    face = Face("x", "t", 63.5, 88.9, 9.0, "rect", 0.0, ops)
    back = store.decode_face(store.face_data(face))
    assert back == face and [type(op) for op in back.ops] == [Rect, Ellipse, Rect]
    assert back.ops[0].dash == (3.0, 1.0) and back.ops[0].opacity == 0.4 and back.ops[2].opacity == 1.0
    assert store.FORMAT >= 6
    old = list(store.face_data(face))
    old[7] = [(0, (1.0, 2.0, 30.0, 20.0, "#112233", "#445566", 1.0, 2.0))]      # format 5's Rect
    assert store.decode_face(tuple(old)) is None


def _same_tree(a, b) -> None:
    """Two loaded YAML values alike: types, values, order, and every collection's file and positions."""
    assert type(a) is type(b), (a, b)
    if isinstance(a, (yamlfile.Map, yamlfile.Seq)):
        assert (a.file, a.line, a.column, a._pos) == (b.file, b.line, b.column, b._pos)
        pairs = zip(a.values(), b.values()) if isinstance(a, dict) else zip(a, b)
        assert (list(a) if isinstance(a, dict) else len(a)) == (list(b) if isinstance(b, dict) else len(b))
        for x, y in pairs:
            _same_tree(x, y)
    else:
        assert a == b


def test_a_yaml_file_read_again_comes_back_as_parsed_positions_and_all(tmp_path, monkeypatch):
    """The parsed-YAML cache: every shipped template read through it equals a fresh parse (values, types,
    order, lines and columns); an edited file is parsed again; a damaged, foreign or misshapen tree is
    parsed again and rewritten; what a file shares through aliases stays shared; a file with dates is never
    kept."""
    from generator import ROOT
    monkeypatch.setenv("PNP_CACHE", str(tmp_path / "cache"))
    files = (sorted(ROOT.glob("decks/*/templates/*.yaml")) + sorted(ROOT.glob("layouts/**/*.yaml"))
             + sorted(ROOT.glob("decks/*/deck.yaml")) + sorted(ROOT.glob("decks/*/components.yaml")))
    assert len(files) > 20
    for f in files:
        fresh = yamlfile.loads(f.read_text(encoding="utf-8"), "T")
        _same_tree(yamlfile.load(f, "T"), fresh)        # written
        _same_tree(yamlfile.load(f, "T"), fresh)        # read back
    assert len(list((tmp_path / "cache" / "yaml").iterdir())) == len(files)
    tpl = tmp_path / "t.yaml"
    tpl.write_text("size: {width: 2in}\nregions:\n  - {id: a, text: one}\n", encoding="utf-8")
    assert yamlfile.load(tpl)["regions"][0]["text"] == "one"
    tpl.write_text("size: {width: 2in}\nregions:\n  - {id: a, text: two}\n", encoding="utf-8")
    second = yamlfile.load(tpl)
    assert second["regions"][0]["text"] == "two" and second["regions"].where(0) == (3, 5)
    cached = yamlfile._cache_file(tpl)
    good = cached.read_bytes()
    digest = cachefile.loads("yaml tree", yamlfile.CACHE_FORMAT, good)[0]
    other = yamlfile._cache_file(files[0]).read_bytes()
    for bad in (good[:-7], b"", other, cachefile.dumps("yaml tree", yamlfile.CACHE_FORMAT, (digest, ("m", 1))),
                cachefile.dumps("yaml tree", yamlfile.CACHE_FORMAT, (digest, ("x", 1, 1, [], []))),
                cachefile.dumps("yaml tree", yamlfile.CACHE_FORMAT, (digest, ("m", 1, 1, ["a"], [], []))),
                cachefile.dumps("yaml tree", yamlfile.CACHE_FORMAT, (digest, ("m", 1, 1, ["a"], [{1: 2}], [(1, 1)])))):
        cached.write_bytes(bad)
        _same_tree(yamlfile.load(tpl), second)
        assert cached.read_bytes() == good                  # parsed again, and written anew
    shared = tmp_path / "shared.yaml"
    shared.write_text("a: &x {b: [1, 2]}\nc: *x\nd: {<<: *x, e: 3}\n", encoding="utf-8")
    for _ in range(2):              # written, then read back
        value = yamlfile.load(shared)
        assert value["a"] is value["c"] and value["d"]["b"] is value["a"]["b"] and value["d"]["e"] == 3
    assert yamlfile._cache_file(shared).exists()
    dated = tmp_path / "dated.yaml"
    dated.write_text("day: 2024-05-01\n", encoding="utf-8")
    yamlfile.load(dated)
    assert not yamlfile._cache_file(dated).exists()


def test_the_picture_cache_is_data_and_a_damaged_or_planted_file_is_made_again(tmp_path):
    """What was learnt of each picture (pictures/dir-*) and what a picture was converted to
    (pictures/*.pdfimage) are cache files of data, checked as the others are: each damaged, misshapen or a
    planted pickle is ignored, the pictures examined and converted again, and the PDF the same bytes.
    The builds run in this process, each after picturecache.forget() (what a process holds of a folder of pictures
    is what a new one reads from these files)."""

    deck = shutil.copytree(ROOT / "tests" / "decks" / "art", tmp_path / "art")
    out = tmp_path / "off.pdf"
    proc = pnp_in_process("build", deck, "-o", out, env={"PNP_CACHE": "off"})
    assert proc.returncode == 0, proc.stderr
    cold = out.read_bytes()
    cache = tmp_path / "cache"

    def build(name):
        """A build in this process that knows nothing of the pictures but what the cache's files hold, as a new
        process (picturecache.forget: what this process learnt of their folder is forgotten)."""
        out = tmp_path / f"{name}.pdf"
        picturecache.forget()
        proc = pnp_in_process("build", deck, "-o", out, env={"PNP_CACHE": str(cache)})
        assert proc.returncode == 0, proc.stderr
        return out.read_bytes()
    same_bytes(build("first"), cold)
    index = sorted((cache / "pictures").glob("dir-*"))
    converted = sorted((cache / "pictures").glob("*.pdfimage"))
    assert index and converted                          # tests/decks/art has a PNG with alpha: converted once
    kept = cachefile.read(index[0], "pictures", picturecache.FORMAT)
    folder, paths, pictures = kept
    assert all(picturecache.shaped(v) for v in pictures.values())
    marker = tmp_path / "owned"
    planted = pickle.dumps(_Planted(marker))
    for damage in ("planted", "flipped", "wrong shape"):
        for f in index + converted:
            data = f.read_bytes()
            if damage == "planted":
                f.write_bytes(planted)
            elif damage == "flipped":
                f.write_bytes(_damage("flipped", data, b""))
            elif f.name.startswith("dir-"):
                bad = {k: ("raster", 1, 1, ("PNG",)) for k in pictures}
                f.write_bytes(cachefile.dumps("pictures", picturecache.FORMAT, (folder, paths, bad)))
            else:
                f.write_bytes(cachefile.dumps("picture pdf", picturecache.FORMAT, ((b"x", b"y"),)))
        same_bytes(build(damage), cold, damage)
        assert not marker.exists(), "a cache file was unpickled"
