"""Pictures as designers draw them: SVG art drawn as vectors, PNG (RGB and transparent) and JPEG
art, a full-bleed picture cropped to fill its card about a focus, a stretched one, and the resolution check
(a planted 60 x 40 px picture in a 50 mm box). tests/decks/art is built on A4 and Letter and read back: where
each picture was drawn and how large (tests/picturecheck.py follows every `cm` into images and forms), which
colour lies at known points of each source picture on the rendered page (pdfium), one form XObject per SVG
file however many cards show it, one image XObject per raster file. (Exported for The Game Crafter, proofed and
previewed: tests/export/test_pictures.py, tests/proof/test_pictures.py, tests/watch/test_pictures.py.)
"""
from __future__ import annotations

import shutil
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from artdeck import ART, FRAMED, GRID, H, INK, MOSS, SEA, W, box as _box, close, contain
from cli import pnp, pnp_in_process
from pdfcheck import MM, placements, same_bytes, squash, words_in
from picturecheck import PATH_BUILD, PATH_PAINT, drawn, near


PAPERS = [(), ("--paper", "letter")]


COIN = _box(54, 3, 6, 6)
# where each card's picture lies on its card, by the card's title: (kind of XObject, box)
EXPECTED = {
    "Photo": ("image", contain(FRAMED, 480, 360)),
    "Alpha": ("image", FRAMED),
    "Emblem": ("form", contain(FRAMED, 100, 80)),
    "Stretched": ("image", _box(6.75, 14, 50, 30)),         # 400 x 300 px stretched to 50 x 30 mm
    "Low": ("image", contain(FRAMED, 60, 40)),
}


def _cards(pdf, page: int) -> dict:
    """title -> [placements] of the cards on a page."""
    out: dict = {}
    for p in placements(pdf)[page]:
        out.setdefault(squash(words_in(pdf, page, p)), []).append(p)
    return out


def _on(p, d) -> tuple:
    """The drawn thing's box relative to the placement's trim corner."""
    return (d.box[0] - p.x, d.box[1] - p.y, d.box[2] - p.x, d.box[3] - p.y)


def _pictures(pdf, page: int, p) -> list:
    """What is drawn on placement p (the centre of its box on the card or its bleed), besides the face's form."""
    out = []
    for d in drawn(pdf)[page]:
        cx, cy = (d.box[0] + d.box[2]) / 2, (d.box[1] + d.box[3]) / 2
        if not (d.kind == "form" and d.name == p.form) and p.x - p.bleed <= cx <= p.x + p.w + p.bleed \
                and p.y - p.bleed <= cy <= p.y + p.h + p.bleed:
            out.append(d)
    return out


def _wraps_image(d, everything) -> bool:
    """Whether `d` is the form a raster picture is drawn through (every picture is a form XObject named by its
    bytes: render/placing.py): the picture itself is then the image drawn inside it."""
    return d.kind == "form" and any(x.kind == "image" and x.inside and x.inside[-1] == d.obj for x in everything)


def _render(pdf, page: int, scale: float = 4.0):
    doc = pdfium.PdfDocument(str(pdf))
    try:
        image = doc[page].render(scale=scale).to_pil().convert("RGB")
        height = doc[page].get_size()[1]
    finally:
        doc.close()

    def at(x, y):
        return image.getpixel((int(x * scale), int((height - y) * scale)))
    return at


@pytest.fixture(scope="module", params=PAPERS, ids=["a4", "letter"])
def paper(request):
    return request.param


@pytest.fixture(scope="module")
def pdf(built, paper):
    return built(ART, *paper)


def test_each_picture_is_drawn_at_its_place_and_size(pdf):
    cards = _cards(pdf, 2)
    assert sorted(cards) == ["Alpha", "Emblem", "FullArt", "Low", "Photo", "Stretched"], cards
    for title, (kind, box) in EXPECTED.items():
        for p in cards[title]:
            pictures = _pictures(pdf, 2, p)
            art = [d for d in pictures if near(_on(p, d), box, 0.05) and not _wraps_image(d, pictures)]
            assert len(art) == 1 and art[0].kind == kind, (title, [(d.kind, _on(p, d)) for d in pictures])
            coins = [d for d in pictures if near(_on(p, d), COIN, 0.05)]
            assert len(coins) == 1 and coins[0].kind == "form", title


def test_one_form_per_svg_and_one_image_per_raster_file(pdf):
    everything = [d for page in drawn(pdf) for d in page]
    faces = {p.form for page in placements(pdf) for p in page}
    wrappers = {d.obj: d for d in everything if d.kind == "form" and _wraps_image(d, everything)}
    forms = {d.obj: d for d in everything if d.kind == "form" and d.name not in faces and d.obj not in wrappers}
    # two SVG files: the coin (on every front) and the emblem (on one card, twice, and on every back)
    assert len(forms) == 2, sorted(d.name for d in forms.values())
    # each raster file is one form holding one image, however many cards show it
    assert len(wrappers) == 5 and all(
        len({x.obj for x in everything if x.kind == "image" and x.inside and x.inside[-1] == w}) == 1
        for w in wrappers)
    coin_shown = [d for d in everything if d.kind == "form" and abs(d.box[2] - d.box[0] - 6 * MM) < 0.05]
    emblem_shown = [d for d in everything if d.obj in forms and d not in coin_shown]
    assert len({d.obj for d in coin_shown}) == 1 and len(coin_shown) >= 7
    assert len({d.obj for d in emblem_shown}) == 1 and len(emblem_shown) >= 3
    for form in forms.values():
        ops = set(form.info["operators"])
        assert ops & PATH_BUILD and ops & PATH_PAINT, form.name                 # vectors: paths, filled
        assert b"Do" not in ops and b"INLINE IMAGE" not in ops, form.name      # no picture inside
    assert not [d for d in everything if d.inside and d.inside[-1] in forms]    # nothing drawn inside them
    images = {d.obj: d for d in everything if d.kind == "image"}
    assert len(images) == 5                                                     # five raster files, once each
    assert sorted(int(d.info["/Width"]) for d in images.values()) == [60, 400, 400, 480, 960]
    jpeg, = [d.info for d in images.values() if int(d.info["/Width"]) == 480]
    assert "/DCTDecode" in str(jpeg["/Filter"])                                # the JPEG as it is
    smasks = [i for i in images.values() if i.info["/SMask"] is not None]
    assert len(smasks) == 1 and int(smasks[0].info["/Width"]) == 400         # alpha.png keeps its alpha


def test_the_cover_picture_is_cropped_about_its_focus_and_reaches_the_bleed_edge(pdf):
    p, = _cards(pdf, 2)["FullArt"]
    art, = [d for d in _pictures(pdf, 2, p) if d.kind == "image"]
    b = p.bleed
    assert b > 0
    # the picture's box is the card grown by its bleed: the crop is to that box, not to the trim
    box = (-b, -b, W + b, H + b)
    assert any(near((c[0] - p.x, c[1] - p.y, c[2] - p.x, c[3] - p.y), box, 0.01) for c in art.clips), art.clips
    # cover: 960 x 720 px scaled to the box's height; focus [25%, 75%]: a quarter of the spare width is
    # left of the box, and the picture's bottom lies on the box's bottom (the spare height is none)
    bw, bh = W + 2 * b, H + 2 * b
    s = bh / 720
    dw = 960 * s
    x0 = -b + (bw - dw) * 0.25
    assert near(_on(p, art), (x0, -b, x0 + dw, H + b), 0.05)
    at = _render(pdf, 2)
    sl, sb, sr, st = p.shown

    def source(u, v):
        """Where the source pixel (u, v) lands on the page."""
        return p.x + x0 + u * s, p.y + H + b - v * s
    checked = 0
    for r in range(3):
        for c in range(4):
            for du, dv in ((60, 60), (180, 180), (120, 120)):
                x, y = source(c * 240 + du, r * 240 + dv)
                inside = p.x - sl + 1 <= x <= p.x + W + sr - 1 and p.y - sb + 1 <= y <= p.y + H + st - 1
                near_coin = p.x + 53 * MM <= x <= p.x + 61 * MM and y >= p.y + H - 10 * MM
                near_title = p.y + 5 * MM <= y <= p.y + 18 * MM
                if inside and not near_coin and not near_title:
                    assert close(at(x, y), GRID[r * 4 + c]), (r, c, du, dv, at(x, y))
                    checked += 1
    assert checked >= 12
    # what the focus kept: the left edge of the card shows the first column, three quarters of the
    # picture's spare width is cut from the right, so the last column (blue, #0082c8) is not shown at all
    assert close(at(p.x + 1, p.y + H / 2), GRID[4])
    assert not any(close(at(p.x + f * W, p.y + g * H), GRID[3]) for f in (0.05, 0.5, 0.95) for g in (0.1, 0.5, 0.9))
    # the bleed the sheet shows beyond the trim is picture, not paper
    assert close(at(p.x - sl / 2, p.y + H / 2), GRID[4]) and close(at(p.x + W / 2, p.y + H + st / 2), GRID[1])


def test_transparent_pictures_show_the_card_colour_through(pdf):
    cards = _cards(pdf, 2)
    at = _render(pdf, 2)
    alpha, = cards["Alpha"]
    x0, y0, x1, y1 = (v + o for v, o in zip(FRAMED, (alpha.x, alpha.y, alpha.x, alpha.y)))
    assert close(at(x0 + 2, y0 + 2), MOSS) and close(at(x1 - 2, y1 - 2), MOSS)      # the PNG's clear corners
    assert close(at((x0 + x1) / 2, (y0 + y1) / 2), (200, 30, 30))                     # its opaque disc
    for emblem in cards["Emblem"]:
        ex0, ey0, ex1, ey1 = (v + o for v, o in zip(contain(FRAMED, 100, 80), (emblem.x, emblem.y) * 2))
        s = (ex1 - ex0) / 100

        def svg(u, v):
            return at(ex0 + u * s, ey1 - v * s)
        assert close(svg(50, 75), SEA) and close(svg(3, 3), SEA)      # no shape there: the card's colour
        assert close(svg(75, 25), INK)                                 # the star
        assert close(svg(6, 20), (255, 215, 0), 20) and close(svg(44, 20), (255, 69, 0), 20)   # the gradient
        # the half-transparent disc: its blue over the card's colour, half each
        assert close(svg(30, 60), tuple((a + c) // 2 for a, c in zip((0x20, 0x60, 0xc0), SEA)), 8), svg(30, 60)
        assert close(at(ex0 + 2, ey1 + 2 * MM), SEA)                  # the band the contain leaves above it


def test_a_stretched_picture_fills_its_box_whatever_its_proportions(pdf):
    p, = _cards(pdf, 2)["Stretched"]
    at = _render(pdf, 2)
    x0, y0, x1, y1 = (v + o for v, o in zip(_box(6.75, 14, 50, 30), (p.x, p.y, p.x, p.y)))
    qx, qy = (x1 - x0) / 4, (y1 - y0) / 4
    assert close(at(x0 + qx, y1 - qy), GRID[0]) and close(at(x1 - qx, y1 - qy), GRID[1])
    assert close(at(x0 + qx, y0 + qy), GRID[2]) and close(at(x1 - qx, y0 + qy), GRID[3])


def test_the_build_warns_of_the_low_resolution_picture_only(built):
    err = built.stderr(ART)
    lines = [ln for ln in err.splitlines() if "dpi" in ln]
    assert lines == ["pnp: warning: card 'Low' (face): picture 'art/low.png' in region 'art' prints at 30 dpi "
                     "(60 x 40 px drawn 50.0 x 33.3 mm on the trimmed card); under 150 dpi it prints blurred: give it at least "
                     "295 x 197 px"], err


def test_same_input_same_bytes(tmp_path, pdf, paper):
    again = tmp_path / "again.pdf"
    pnp("build", ART, *paper, "-o", again, check=True, env={"PNP_CACHE": "off"})
    same_bytes(pdf.read_bytes(), again.read_bytes(), "a build and one in a fresh process, cold")
    twice = tmp_path / "twice.pdf"
    pnp("build", ART, *paper, "-o", twice, check=True)
    same_bytes(again.read_bytes(), twice.read_bytes(), "two builds")


def test_the_art_deck_stays_small():
    total = sum(f.stat().st_size for f in ART.rglob("*") if f.is_file())
    assert total < 200_000, total
    assert Path(ART / "art" / "emblem.svg").read_bytes().startswith(b"<?xml")


def test_two_files_of_the_same_bytes_share_one_form(tmp_path):
    """A designer's copy of a picture under another name (emblem.svg as crest.svg, grid.png as sea.png) is
    drawn through the form of the same bytes, not defined twice (which reportlab refuses)."""
    deck = shutil.copytree(ART, tmp_path / "art")
    shutil.copy(deck / "art" / "emblem.svg", deck / "art" / "crest.svg")
    shutil.copy(deck / "art" / "grid.png", deck / "art" / "sea.png")
    yaml = (deck / "deck.yaml").read_text(encoding="utf-8")
    (deck / "deck.yaml").write_text(yaml + "  - {title: Crest, art: art/crest.svg}\n"
                                           "  - {title: Sea, art: art/sea.png, template: full-art}\n", encoding="utf-8")
    out = tmp_path / "out.pdf"
    proc = pnp_in_process("build", deck, "-o", out)        # what the PDF holds is the point, not the process
    assert proc.returncode == 0, proc.stderr
    everything = [d for page in drawn(out) for d in page]
    pictures = {d.name for d in everything if d.kind == "form" and d.name.startswith("/FormXob.Pic")}
    assert len(pictures) == 7, sorted(pictures)         # the two SVGs and the five rasters, once each
