"""A picture file is checked as what it is made of (generator/pictures/rasterfile.py), never decoded: a PNG's
chunks and their checksums, a JPEG's markers. Every way such a file can be broken is refused with what is
wrong, as a one-line mistake at the card's field (tests/decks/picture-mistakes holds the SVG ones); what PDF
cannot carry (a 12-bit, lossless or arithmetic-coded JPEG) is refused saying what to do; a file of another
kind is named by Pillow, as before.
"""
from __future__ import annotations

import io
import struct
import zlib

import pytest
from cli import pnp_in_process
from PIL import Image
from rasterkinds import KINDS

from generator.pictures.images import BadImage, picture
from generator.pictures.rasterfile import chunks, examine, png_data

RGB = KINDS["rgb"][0]()
JPEG = KINDS["jpeg-rgb"][0]()


def _chunk(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))


def _png(ihdr=None, palette=b"", idat=True, end=True) -> bytes:
    head = ihdr or struct.pack(">IIBBBBB", 4, 3, 8, 2, 0, 0, 0)
    rows = b"".join(b"\0" + bytes(12) for _ in range(3))
    return (b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", head) + (_chunk(b"PLTE", palette) if palette else b"")
            + (_chunk(b"IDAT", zlib.compress(rows)) if idat else b"") + (_chunk(b"IEND", b"") if end else b""))


def _frame(marker: int, bits: int = 8) -> bytes:
    """JPEG with its frame header's marker and sample precision changed."""
    at = next(i for i in range(2, len(JPEG) - 1) if JPEG[i] == 0xFF and JPEG[i + 1] in (0xC0, 0xC1, 0xC2))
    return JPEG[:at + 1] + bytes([marker]) + JPEG[at + 2:at + 4] + bytes([bits]) + JPEG[at + 5:]


def _gif() -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (4, 4)).save(out, "GIF")
    return out.getvalue()


BROKEN = {   # name: (the file's bytes, what the mistake says)
    "cut short": (RGB[:-30], "the PNG file is cut short"),
    "a damaged chunk": (RGB[:60] + bytes([RGB[60] ^ 1]) + RGB[61:], "does not match its checksum"),
    "no end": (_png(end=False), "the PNG file is cut short"),
    "no pixels": (_png(idat=False), "it holds no pixel data"),
    "a colour type PNG has not": (_png(struct.pack(">IIBBBBB", 4, 3, 8, 5, 0, 0, 0)), "colour type 5"),
    "16-bit palette": (_png(struct.pack(">IIBBBBB", 4, 3, 16, 3, 0, 0, 0)), "colour type 3 at 16 bits"),
    "no palette": (_png(struct.pack(">IIBBBBB", 4, 3, 8, 3, 0, 0, 0)), "a palette picture without its palette"),
    "a palette of 7 bytes": (_png(struct.pack(">IIBBBBB", 4, 3, 8, 3, 0, 0, 0), bytes(7)), "a palette of 7 bytes"),
    "no pixels wide": (_png(struct.pack(">IIBBBBB", 0, 3, 8, 2, 0, 0, 0)), "it claims to be 0 x 3 pixels"),
    "a bomb": (_png(struct.pack(">IIBBBBB", 10_000, 10_000, 8, 2, 0, 0, 0)), "claims more than 40 million pixels"),
    "a JPEG cut short": (JPEG[:len(JPEG) // 2], "broken JPEG file: it is cut short"),
    "a JPEG without its frame": (JPEG[:2] + b"\xff\xda\x00\x02" + JPEG[-2:], "a scan before its frame"),
    "a 12-bit JPEG": (_frame(0xC0, 12), "a JPEG of 12-bit samples"),
    "a lossless JPEG": (_frame(0xC3), "is a lossless JPEG, which a PDF cannot carry"),
    "an arithmetic-coded JPEG": (_frame(0xC9), "is a arithmetic-coded JPEG"),
    "a GIF": (_gif(), "is a GIF image; use PNG, JPEG or SVG"),
    "text": (b"these are notes", "is not an image Pillow can read"),
}


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_a_broken_picture_is_refused_saying_what_is_wrong(tmp_path, name):
    data, says = BROKEN[name]
    path = tmp_path / "art.png"
    path.write_bytes(data)
    with pytest.raises(BadImage) as exc:
        picture(path)
    assert says in str(exc.value), str(exc.value)


def test_every_kind_a_designer_brings_is_read_as_it_is(tmp_path):
    for kind, (make, suffix, _) in KINDS.items():
        data = make()
        r = examine(data, 40_000_000)
        with Image.open(io.BytesIO(data)) as im:
            assert (r.width, r.height) == im.size, kind
        if r.format == "PNG":
            assert sum(len(p) for p in png_data(data)) == r.data, kind
            assert [k for k, _, _ in chunks(memoryview(data))][-1] == b"IEND"
        else:
            assert r.data == len(data) and r.colour == {"L": 1, "RGB": 3, "CMYK": 4}[Image.open(io.BytesIO(data)).mode]


def test_a_broken_picture_in_a_deck_is_one_line_at_its_field(tmp_path):
    deck = tmp_path / "deck"
    (deck / "templates").mkdir(parents=True)
    (deck / "templates" / "pic.yaml").write_text("size: poker\nregions:\n  - {id: art, type: image, box: [5mm, 5mm, "
                                                 "50mm, 50mm], src: '{art}'}\n", encoding="utf-8")
    (deck / "deck.yaml").write_text("game: {title: T}\nkinds:\n  pic: {template: pic, fields: {title: text, art: "
                                    "image}}\ncards:\n  - {title: One, art: one.png}\n  - {title: Two, art: two.jpg}\n",
                                    encoding="utf-8")
    (deck / "one.png").write_bytes(BROKEN["a damaged chunk"][0])
    (deck / "two.jpg").write_bytes(BROKEN["a 12-bit JPEG"][0])
    proc = pnp_in_process("build", deck, "-o", tmp_path / "out.pdf")        # what it says is the point
    assert proc.returncode == 2
    lines = proc.stderr.splitlines()
    assert len(lines) == 2, proc.stderr
    # the file at fault first, then the line that names it (issue 33)
    assert f"{deck / 'one.png'}: the file cannot be read as an image (broken PNG file: chunk IDAT does not match " \
        "its checksum)" in lines[0] and "deck.yaml:5 names it as cards[0].art" in lines[0], lines[0]
    assert f"{deck / 'two.jpg'}: the file is a JPEG of 12-bit samples" in lines[1] \
        and "deck.yaml:6 names it as cards[1].art" in lines[1], lines[1]
    assert not (tmp_path / "out.pdf").exists()
