"""Issue 56: a CMYK PDF's pictures and flattened patches each made once (generator/export/inkstreams.py), read back:
- a face printed several times (a card's copies, a back every card shares) is one image XObject, shown on each page;
- a picture shown on several faces is converted once;
- an unchanged export converts nothing and writes nothing; an export into an empty folder with the same cache
  converts nothing and writes the same bytes;
- the colours a picture shows converted once a process (Ink.looked_up) give LittleCMS's own values, pixel for pixel,
  a flat picture's looked up a run at a time too;
- consecutive see-through operations are one patch, and one over nothing finer than fills and pictures is 300 dpi;
- a picture with an alpha channel over one colour is no patch: its own pixels flattened onto that colour.
The deck is made here: two poker cards with a see-through picture each (one card printed three times), two more
showing one opaque picture, and one back with a see-through band.
"""
from __future__ import annotations

import io

import numpy as np
import pikepdf
import pytest
from PIL import Image, ImageDraw

from cli import pnp_in_process

CARD = """size: poker
regions:
  - {id: ground, type: rect, box: [0mm, 0mm, 100%, 100%], fill: sea, bleed: true}
  - {id: art, type: image, box: [4mm, 10mm, 55.5mm, 40mm], src: "{art}", fit: cover}
  - {id: panel, type: rect, box: [6mm, 30mm, 51.5mm, 15mm], fill: paper, opacity: 70%}
  - {id: title, type: text, box: [6mm, 60mm, 51.5mm, 8mm], text: "{title}", font: serif, size: 12pt, align: center, colour: ink}
"""
BACK = """size: poker
regions:
  - {id: ground, type: rect, box: [0mm, 0mm, 100%, 100%], fill: ink, bleed: true}
  - {id: band, type: rect, box: [0mm, 38mm, 100%, 13mm], fill: paper, opacity: 50%}
"""
DECK = """game: {title: Streams Test, designer: pnp tests}
palette: {sea: '#1d4f6f', paper: '#fbf7ec', ink: '#1e1e1e'}
backs: {plain: {template: back}}
kinds:
  card: {template: card, back: plain, name: '{title}', fields: {title: text, art: image}}
cards:
  - {title: Fade, art: art/fade.png, copies: 3}
  - {title: Glow, art: art/glow.png}
  - {title: Solid, art: art/solid.png}
  - {title: Solid again, art: art/solid.png}
"""


def _picture(size, alpha: bool, colour) -> bytes:
    im = Image.new("RGB", size, colour)
    ImageDraw.Draw(im).ellipse((10, 10, size[0] - 10, size[1] - 10), fill=(230, 200, 90))
    if alpha:
        mask = Image.new("L", size, 0)
        ImageDraw.Draw(mask).rounded_rectangle((8, 8, size[0] - 8, size[1] - 8), 30, fill=255)
        im = im.convert("RGBA")
        im.putalpha(mask)
    out = io.BytesIO()
    im.save(out, "PNG")
    return out.getvalue()


@pytest.fixture
def deck(tmp_path):
    folder = tmp_path / "streams"
    (folder / "templates").mkdir(parents=True)
    (folder / "art").mkdir()
    (folder / "templates" / "card.yaml").write_text(CARD, encoding="utf-8")
    (folder / "templates" / "back.yaml").write_text(BACK, encoding="utf-8")
    (folder / "deck.yaml").write_text(DECK, encoding="utf-8")
    (folder / "art" / "fade.png").write_bytes(_picture((400, 300), True, (160, 40, 40)))
    (folder / "art" / "glow.png").write_bytes(_picture((400, 300), True, (40, 120, 60)))
    (folder / "art" / "solid.png").write_bytes(_picture((400, 300), False, (60, 60, 140)))
    return folder


@pytest.fixture
def made(monkeypatch):
    """The CMYK pictures made (inkstreams._pixels: each call's jobs), counted."""
    from generator.export import inkstreams
    calls: list = []
    real = inkstreams._pixels

    def counting(streams, keys):
        calls.append([streams.jobs[k][0] for k in keys])
        return real(streams, keys)
    monkeypatch.setattr(inkstreams, "_pixels", counting)
    monkeypatch.setattr("generator.render.pool.cores", lambda: 1)     # made here, where they are counted
    return calls


def _images_by_page(pdf_path) -> list[set]:
    with pikepdf.open(pdf_path) as pdf:
        pages = []
        for page in pdf.pages:
            found = set()
            stack = [page.Resources]
            while stack:
                res = stack.pop()
                for x in (res.get("/XObject") or {}).values():
                    if x.get("/Subtype") == "/Image":
                        found.add(x.objgen)
                    elif "/Resources" in x:
                        stack.append(x.Resources)
            pages.append(found)
        return pages


def test_each_face_and_picture_made_once_and_kept(deck, tmp_path, made):
    cache = {"PNP_CACHE": str(tmp_path / "cache")}
    out = tmp_path / "dtc"
    pnp_in_process("export", deck, "--to", "drivethrucards", "-o", out, check=True, env=cache)
    kinds = [k for call in made for k in call]
    # four patches (Fade's panel over its picture; Glow's; the panel over solid.png, the same on Solid and Solid
    # again, whose titles are drawn after it; the back's band) and three pictures (fade.png and glow.png flattened
    # onto the sea beneath them, solid.png, shown on two faces), however many pages show them: Fade is printed three
    # times and the back is behind all five cards
    assert sorted(kinds) == ["patch", "patch", "patch", "patch", "raster", "raster", "raster"]
    pages = _images_by_page(out / "poker-deck.pdf")
    assert len(pages) == 12 and all(pages)
    backs, fronts = pages[0::2], pages[1::2]
    assert len(set.union(*backs)) == 1                                  # one back image on every back page
    assert len(fronts[0]) == 2 and fronts[0] == fronts[1] == fronts[2]  # Fade's three copies: the same XObjects
    assert len(fronts[4]) == 2 and fronts[4] == fronts[5]               # Solid and Solid again: the same two
    assert len(set.union(*pages)) == 7
    first = (out / "poker-deck.pdf").read_bytes()

    made.clear()
    again = pnp_in_process("export", deck, "--to", "drivethrucards", "-o", out, check=True, env=cache)
    assert made == [] and "0 written, 2 unchanged" in again.stdout       # nothing converted, nothing written

    other = tmp_path / "other"
    pnp_in_process("export", deck, "--to", "drivethrucards", "-o", other, check=True, env=cache)
    assert made == [] and (other / "poker-deck.pdf").read_bytes() == first      # from the cache: the same bytes

    made.clear()
    off = tmp_path / "off"
    pnp_in_process("export", deck, "--to", "drivethrucards", "-o", off, check=True, env={"PNP_CACHE": "off"})
    assert len([k for call in made for k in call]) == 7 and (off / "poker-deck.pdf").read_bytes() == first


def test_a_run_of_see_through_operations_is_one_patch_at_print_resolution(deck):
    """Fade's picture (an alpha channel) and the see-through panel over it, the picture taken as a patch: one patch
    over both boxes, at 300 dpi (nothing finer than a fill and a 200 dpi picture lies under it); the title, type, is
    drawn after, as vectors. As drawn, the picture lies on one colour (the sea, a rectangle covering it), so it is
    flattened onto that colour at its own pixels and only the panel is a patch."""
    from generator import pipeline
    from generator.export.flatten import PLAIN_DPI, grounds, marks
    from generator.layout.deck import layout_deck
    d = pipeline.load(str(deck))
    face = layout_deck(d, 9.0)[0].front
    (first, last, box), = marks(face, grounded={})
    names = [type(op).__name__ for op in face.ops]
    assert (names[first], names[last]) == ("Image", "Rect") and last == first + 1
    assert box[4] == pytest.approx((box[2] - box[0]) * PLAIN_DPI / 72, abs=1)
    assert grounds(face) == {first: "#1d4f6f"}
    (only, panel, _), = marks(face)
    assert only == panel == last


def test_colours_looked_up_give_littlecms_values(monkeypatch):
    """Ink.convert (each colour converted the first time a picture shows it, then looked up) against LittleCMS
    converting each pixel, then limited: an RGB picture, twice (the second time from the table), a palette one and
    a grey one."""
    from PIL import ImageCms
    from generator.export.cmyk import Ink
    monkeypatch.setenv("PNP_CACHE", "off")
    rng = np.random.default_rng(56)
    picture = Image.fromarray(rng.integers(0, 256, (64, 96, 3), dtype=np.uint8), "RGB")
    ink = Ink(200.0, "gracol")

    def littlecms(im):
        return ink.limited(np.array(ImageCms.applyTransform(im.convert("RGB"), ink.transform()), dtype=np.uint8))
    first = ink.convert(picture)
    assert np.array_equal(first, littlecms(picture)) and np.array_equal(ink.convert(picture), first)
    assert int(first.astype(int).sum(axis=2).max()) <= 200 * 255 // 100
    palette = picture.quantize(37)
    grey = picture.convert("L")
    assert np.array_equal(ink.convert(palette), littlecms(palette))
    assert np.array_equal(ink.convert(grey), littlecms(grey))


def test_a_flat_picture_looked_up_a_run_at_a_time_gives_littlecms_values(monkeypatch):
    """A flat picture (runs of one colour along its rows, one running on into the next row) is looked up a run at a
    time (Ink._runs), a noisy one pixel by pixel: both LittleCMS's values."""
    from PIL import ImageCms
    from generator.export.cmyk import Ink
    monkeypatch.setenv("PNP_CACHE", "off")
    rng = np.random.default_rng(57)
    flat = np.repeat(np.repeat(rng.integers(0, 256, (6, 5, 3), dtype=np.uint8), 9, axis=0), 16, axis=1)
    flat[:, :16] = flat[:, -16:] = (250, 3, 40)
    flat[20, 33] = (1, 2, 3)
    noisy = rng.integers(0, 256, flat.shape, dtype=np.uint8)
    runs, real = [], Ink._runs
    monkeypatch.setattr(Ink, "_runs", lambda self, packed: runs.append(len(packed)) or real(self, packed))
    ink = Ink(200.0, "gracol")
    for pixels in (flat, noisy):
        im = Image.fromarray(pixels, "RGB")
        want = ink.limited(np.array(ImageCms.applyTransform(im, ink.transform()), dtype=np.uint8))
        assert np.array_equal(ink.convert(im), want)
    assert runs == [54 * 80]


@pytest.mark.parametrize("width, dpi", [("0.5pt", 600), ("1pt", 300), ("2pt", 300)])
def test_a_stroke_of_a_point_or_more_is_patched_at_print_resolution(deck, width, dpi):
    """The back's see-through band, outlined: a stroke under 1 pt keeps its patch at 600 dpi (a hairline's
    edges), one of 1 pt or more (4 pixels wide at 300 dpi) is patched at 300 dpi as fills are."""
    from generator import pipeline
    from generator.layout.deck import layout_deck
    from generator.export.flatten import marks
    (deck / "templates" / "back.yaml").write_text(
        BACK.replace("opacity: 50%}", f"opacity: 50%, stroke: paper, stroke_width: {width}}}"), encoding="utf-8")
    face = layout_deck(pipeline.load(str(deck)), 9.0)[0].back
    (_, _, box), = marks(face)
    assert box[4] == pytest.approx((box[2] - box[0]) * dpi / 72, abs=1)


def test_a_palette_picture_keeps_its_pixels_with_a_cmyk_palette(tmp_path, monkeypatch):
    """A palette PNG is written as it is with an Indexed CMYK palette: each entry what converting its pixels gives,
    and what cmyk() gives the colour one at a time."""
    import re
    from generator.export.cmyk import Ink
    from generator.export.inkstreams import Streams
    from generator.pictures.images import known
    monkeypatch.setenv("PNP_CACHE", "off")
    rng = np.random.default_rng(7)
    path = tmp_path / "palette.png"
    Image.fromarray(rng.integers(0, 256, (40, 60, 3), dtype=np.uint8), "RGB").quantize(50).save(path)
    ink = Ink(220.0, "swop")
    space = Streams(ink)._indexed(known(str(path)).stored)
    hival, hexes = re.fullmatch(rb"\[/Indexed /DeviceCMYK (\d+) <([0-9a-f]+)>\]", space).groups()
    palette = np.frombuffer(bytes.fromhex(hexes.decode()), np.uint8).reshape(-1, 4)
    assert len(palette) == int(hival) + 1 >= 50
    with Image.open(path) as im:
        assert np.array_equal(palette[np.asarray(im)], ink.convert(im))
        rgb = im.getpalette("RGB")
    one = Ink(220.0, "swop")
    assert [one.cmyk("#%02x%02x%02x" % tuple(rgb[i:i + 3])) for i in range(0, 150, 3)] == [tuple(c) for c in palette[:50].tolist()]


@pytest.mark.parametrize("change, ground", [
    (("", ""), "#1d4f6f"),                                                          # the sea covers it
    (("fill: sea, bleed: true}", "fill: sea, bleed: true}\n  - {id: chip, type: rect, box: [10mm, 20mm, 5mm, "
                                 "5mm], fill: paper}"), None),                      # a second colour beneath
    (("box: [0mm, 0mm, 100%, 100%], fill: sea", "box: [0mm, 0mm, 100%, 100%], fill: sea, opacity: 90%"), None),
    (("  - {id: ground, type: rect, box: [0mm, 0mm, 100%, 100%], fill: sea, bleed: true}\n", ""), "#ffffff"),
])
def test_a_picture_is_flattened_onto_one_colour_only(deck, change, ground):
    """flatten.grounds: Fade's picture (an alpha channel) is flattened onto the colour beneath it only where one
    opaque rectangle's fill (or the paper) is all there is under it; else it stays a patch."""
    from generator import pipeline
    from generator.layout.deck import layout_deck
    from generator.export.flatten import grounds
    (deck / "templates" / "card.yaml").write_text(CARD.replace(*change), encoding="utf-8")
    face = layout_deck(pipeline.load(str(deck)), 9.0)[0].front
    art = next(i for i, op in enumerate(face.ops) if type(op).__name__ == "Image")
    assert grounds(face).get(art) == ground


def test_see_through_shapes_over_an_opaque_picture_are_composited_at_its_pixels(deck, tmp_path, monkeypatch):
    """flatten.veils: Solid's picture drawn finer than VEIL_DPI (600 x 450 px: 275 dpi), its see-through panel and a
    see-through seal (an ellipse, stroked 1 pt) over it are no patches: composited onto the picture's own pixels
    (veil.py), the picture the page's one image. Inside the panel each pixel is the picture's taken 70% to the paper
    colour, outside both the picture's own; the seal's centre as pdfium renders the face there (a patch's pixels)."""
    from generator import pipeline
    from generator.export.flatten import box, grounds, marks, render_patches, veils
    from generator.export.veil import veiled
    from generator.layout.deck import layout_deck
    monkeypatch.setenv("PNP_CACHE", "off")
    seal = "  - {id: seal, type: ellipse, box: [40mm, 12mm, 12mm, 12mm], fill: '#a8261f', stroke: paper, " \
           "stroke_width: 1pt, opacity: 60%}\n"
    (deck / "templates" / "card.yaml").write_text(CARD.replace("  - {id: title", seal + "  - {id: title"), "utf-8")
    (deck / "art" / "solid.png").write_bytes(_picture((600, 450), False, (60, 60, 140)))
    faces = layout_deck(pipeline.load(str(deck)), 9.0)
    solid, fade = faces[2].front, faces[0].front
    art = next(i for i, op in enumerate(solid.ops) if type(op).__name__ == "Image")
    (panel, veil), (ring, shape) = veils(solid, grounds(solid))[art]
    assert type(solid.ops[panel]).__name__ == "Rect" and veil[0] == "panel" and veil[7:] == ("#fbf7ec", 0.7)
    assert type(solid.ops[ring]).__name__ == "Ellipse" and shape[0] == "shape"
    assert marks(solid, grounded=grounds(solid), veiled={panel, ring}) == []
    assert veils(fade, grounds(fade)) == {}             # 183 dpi: its panel and seal stay patches
    x0, y0, x1, y1 = veil[1:5]
    assert 0 < x0 < x1 <= 600 and 0 < y0 < y1 <= 450
    out = np.asarray(veiled(str(deck / "art" / "solid.png"), None, (veil, shape))).astype(int)
    with Image.open(deck / "art" / "solid.png") as im:
        own = np.asarray(im.convert("RGB")).astype(int)
    inside = own[int(y0) + 2:int(y1) - 2, int(x0) + 2:int(x1) - 2]
    expect = np.rint(inside * 0.3 + np.array([0xfb, 0xf7, 0xec]) * 0.7)
    assert np.abs(out[int(y0) + 2:int(y1) - 2, int(x0) + 2:int(x1) - 2] - expect).max() <= 1
    c0, r0, w, h = shape[1:5]
    assert np.array_equal(out[int(y1) + 1:], own[int(y1) + 1:]) and np.array_equal(out[:r0], own[:r0])
    (patch,) = render_patches(solid, [(ring, box(solid.ops[ring], solid, 300))])
    centre = np.asarray(patch).astype(int)[patch.height // 2, patch.width // 2]
    assert np.abs(out[r0 + h // 2, c0 + w // 2] - centre).max() <= 6
    assert np.abs(out[r0 + h // 2, c0 + w // 2] - own[r0 + h // 2, c0 + w // 2]).max() > 30     # the seal shows

    out_dir = tmp_path / "out"
    pnp_in_process("export", deck, "--to", "drivethrucards", "-o", out_dir, check=True)
    with pikepdf.open(out_dir / "poker-deck.pdf") as pdf:
        page = pdf.pages[9]                 # Solid's front (each back followed by its front)
        images = []
        stack = [page.obj]
        while stack:
            for _, x in (stack.pop().get("/Resources", {}).get("/XObject", {}) or {}).items():
                (images.append((int(x.Width), int(x.Height))) if x.Subtype == "/Image" else stack.append(x))
    assert images == [(600, 450)]
