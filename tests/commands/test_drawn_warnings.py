"""Every command that draws a deck's faces warns of them alike (commands/options.py face_warnings): a picture under
150 dpi and text in the template's safe zone, measured once and worded as pnp build words them, naming the card,
the picture and the region: pnp build, --only, export --to png and --to tts (which warned of neither, and of no
picture), the proof (its findings name at most three cards, as a build's line does)."""
from __future__ import annotations

import re
import struct
import zlib

from smalldeck import DECK, TEMPLATE, deck, run

ART = '  - {id: art, type: image, box: [20mm, 66mm, 40mm, 20mm], src: "art.png"}\n'
STAMP = '  - {id: stamp, type: text, box: [20mm, 86.5mm, 23.5mm, 2mm], text: "v1", size: 6pt, align: center}\n'


def _png(w: int, h: int) -> bytes:
    def chunk(kind, payload):
        c = struct.pack(">I", len(payload)) + kind + payload
        return c + struct.pack(">I", zlib.crc32(kind + payload) & 0xFFFFFFFF)
    raw = b"".join(b"\x00" + b"\x80\x40\x20" * w for _ in range(h))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))


def test_build_only_png_tts_and_proof_warn_of_the_same_picture_and_region(tmp_path):
    folder = deck(tmp_path / "d", DECK.replace("value: 3}", "value: 3}\n" + "".join(
        f"  - {{title: C{i}, value: {i}}}\n" for i in range(4, 9))), TEMPLATE + ART + STAMP,
        **{"art.png": _png(60, 30)})
    said, low = {}, {}
    for name, args in (("build", ["build", folder, "-o", tmp_path / "b.pdf"]),
                       ("only", ["build", folder, "--only", "2-3", "-o", tmp_path / "o.pdf"]),
                       ("png", ["export", folder, "--to", "png", "-o", tmp_path / "png"]),
                       ("tts", ["export", folder, "--to", "tts", "-o", tmp_path / "tts"])):
        code, out, err = run(*args)
        assert code == 0, (name, err)
        lines = [ln for ln in err.splitlines() if ln.startswith("pnp: warning: ")]
        said[name] = [ln for ln in lines if ": contrast " not in ln]
        low[name] = [ln for ln in lines if ": contrast " in ln]
    # the 6pt stamp on the sea-blue ground: pnp build's own warning (issue 55: layout/contrast.py; the proof's
    # finding), not the exports'
    assert len(low["build"]) == len(low["only"]) == 1 and "'v1' at 6pt" in low["build"][0] and \
        not low["png"] and not low["tts"], low
    dpi = re.compile(r"picture 'art\.png' in region 'art' prints at 38 dpi \(60 x 30 px drawn 40\.0 x 20\.0 mm")
    for name, lines in said.items():
        assert len(lines) == 2, (name, lines)
        assert dpi.search(lines[0]) or dpi.search(lines[1]), (name, lines)
        zone = next(ln for ln in lines if "safe zone" in ln)
        assert "text in region 'stamp' ('v1') reaches 0.1 mm from the cut, inside the template's 3 mm safe zone" \
            in zone, (name, zone)
    assert "(and 7 more cards)" in said["build"][0] and "(and 1 more card)" in said["only"][0], said
    assert said["png"] == said["build"] and said["tts"] == said["build"], said      # the same words
    code, out, err = run("proof", folder, "-o", tmp_path / "proof")
    zone = [ln for ln in err.splitlines() if "safe zone" in ln]
    assert len(zone) == 1 and "(on 8 cards: One, Two, Three, ...)" in zone[0], err
    assert "reaches 0.1 mm from the cut, inside the template's 3 mm safe zone" in zone[0], zone
    assert any(dpi.search(ln) for ln in err.splitlines()), err
