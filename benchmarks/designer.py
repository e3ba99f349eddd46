"""A designer's game for the CMYK benchmark (issue 56): 91 pieces with pictures, see-through panels and shadowed
type, the kind of game whose `--to drivethrucards` took 57 s of CPU (and 57 s again, unchanged) against 0.9 s to build.

`designer_game(folder)` writes, as a designer would after `pnp new`:
- 60 poker cards (68 printed: every eighth twice), each with a picture of its own (benchmarks/artdeck.py's flat
  illustrations, 630 x 880 px, every other one a PNG with an alpha channel, its corners faded), full-bleed behind a
  see-through panel (opacity 75%) that its title and text sit on, the title with a shadow, a see-through seal over
  the picture's corner, and one shared back with the game's picture (an alpha PNG too) under a see-through band;
- 12 round chits, 25 mm (four faces, three copies each), a see-through ring on each;
- 10 hex tiles, 2.5 in corner to corner (The Game Crafter's Medium Hex Tile), each a picture under a see-through
  hexagon;
- a 7 x 7 in board with a see-through overlay over its picture and a shadowed title.
91 pieces: every one of them has something to flatten in CMYK. The pictures are kept in the temporary folder
(artdeck.py's), the deck file and templates written each time: the same game every run.
Not here: timing (export.py --against), the art deck (artdeck.py).
"""
from __future__ import annotations

import io
import shutil
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import artdeck  # noqa: E402

CARDS, CHITS, TILES = 60, 4, 10

DECK = """game: {title: Lantern Isles, designer: Benchmark Press}
palette: {sea: '#1d4f6f', sand: '#e8d3a1', ink: '#1e1e1e', paper: '#fbf7ec', gilt: '#e2c26b', ember: '#a8261f'}
backs:
  card: {template: card-back}
kinds:
  card: {template: card, back: card, name: '{title}', fields: {title: text, text: markup, art: image}}
  chit: {template: chit, back: none, name: '{title}', fields: {title: text, value: int}}
  tile: {template: tile, back: none, name: '{title}', fields: {title: text, art: image}}
  board: {template: board, back: none, name: '{title}', fields: {title: text, art: image}}
cards:
"""
TEMPLATES = {
    "card": """size: poker
safe: 3mm
regions:
  - {id: art, type: image, box: [0mm, 0mm, 100%, 100%], src: "{art}", fit: cover, bleed: true}
  - {id: panel, type: rect, box: [4mm, 52mm, 55.5mm, 32.9mm], fill: paper, radius: 3mm, opacity: 75%}
  - {id: seal, type: ellipse, box: [46mm, 4mm, 13mm, 13mm], fill: ember, stroke: gilt, stroke_width: 1pt, opacity: 60%}
  - {id: title, type: text, box: [6mm, 54mm, 51.5mm, 8mm], text: "{title}", font: serif, style: bold, size: 12pt, align: center, colour: ink, shadow: gilt}
  - {id: text, type: textbox, box: [7mm, 63mm, 49.5mm, 19mm], text: "{text}", font: serif, size: 8.5pt, align: center, valign: middle, colour: ink}
""",
    "card-back": """size: poker
regions:
  - {id: ground, type: rect, box: [0mm, 0mm, 100%, 100%], fill: sea, bleed: true}
  - {id: art, type: image, box: [0mm, 0mm, 100%, 100%], src: art/back.png, fit: cover, bleed: true}
  - {id: band, type: rect, box: [0mm, 36mm, 100%, 17mm], fill: ink, opacity: 55%}
  - {id: name, type: text, box: [6mm, 39mm, 51.5mm, 11mm], text: "{game}", font: serif, style: bold, size: 16pt, align: center, colour: gilt, shadow: ink}
""",
    "chit": """size: {width: 25mm, height: 25mm}
shape: circle
gutter: 3mm
safe: 2mm
regions:
  - {id: disc, type: ellipse, box: [0mm, 0mm, 100%, 100%], fill: sea, bleed: true}
  - {id: ring, type: ellipse, box: [2mm, 2mm, 21mm, 21mm], stroke: sand, stroke_width: 2pt, opacity: 50%}
  - {id: value, type: text, box: [5mm, 7mm, 15mm, 11mm], text: "{value}", font: serif, style: bold, size: 20pt, align: center, colour: gilt, shadow: ink}
""",
    "tile": """size: {width: 2.5in, height: 2.165in}
shape: hex
safe: 3mm
regions:
  - {id: art, type: image, box: [0mm, 0mm, 100%, 100%], src: "{art}", fit: cover, bleed: true}
  - {id: veil, type: hexagon, box: [4mm, 4mm, 55.5mm, 47mm], fill: sand, opacity: 35%}
  - {id: name, type: text, box: [10mm, 22mm, 43.5mm, 9mm], text: "{title}", font: serif, style: bold, size: 12pt, align: center, colour: ink, shadow: paper}
""",
    "board": """size: {width: 7in, height: 7in}
safe: 6mm
regions:
  - {id: art, type: image, box: [0mm, 0mm, 100%, 100%], src: "{art}", fit: cover, bleed: true}
  - {id: overlay, type: rect, box: [12mm, 12mm, 153.8mm, 153.8mm], fill: paper, radius: 6mm, opacity: 40%}
  - {id: compass, type: star, box: [68.9mm, 68.9mm, 40mm, 40mm], points: 8, inner: 40%, fill: ember, opacity: 70%}
  - {id: title, type: text, box: [20mm, 20mm, 137.8mm, 20mm], text: "{title}", font: serif, style: bold, size: 30pt, align: center, colour: ink, shadow: gilt}
""",
}


def _picture(folder: Path, name: str, seed: int, alpha: bool, size=(600, 450)) -> str:
    from PIL import Image, ImageDraw, ImageFilter
    image = artdeck.painting(seed, *size)
    out = io.BytesIO()
    if alpha:
        mask = Image.new("L", image.size, 0)
        ImageDraw.Draw(mask).rounded_rectangle((10, 10, size[0] - 10, size[1] - 10), 60, fill=255)
        rgba = image.convert("RGBA")
        rgba.putalpha(mask.filter(ImageFilter.GaussianBlur(6)))
        rgba.save(out, "PNG")
    else:
        image.save(out, "PNG")
    (folder / "art" / name).write_bytes(out.getvalue())
    return f"art/{name}"


def designer_game(folder: Path) -> Path:
    """The game (see the module's docstring), written to `folder` (emptied first)."""
    folder = Path(folder)
    shutil.rmtree(folder, ignore_errors=True)
    kept = Path(tempfile.gettempdir()) / "pnp-bench-art" / f"designer-v{artdeck.FORMAT}"
    if not (kept / "art").is_dir():
        partial = kept.with_name(kept.name + ".part")
        shutil.rmtree(partial, ignore_errors=True)
        (partial / "art").mkdir(parents=True)
        _picture(partial, "back.png", 999_999, True, (750, 1050))
        for i in range(CARDS):
            _picture(partial, f"card-{i + 1:02d}.png", 10_000 + i, i % 2 == 0, (630, 880))
        for i in range(TILES):
            _picture(partial, f"tile-{i + 1:02d}.png", 20_000 + i, False, (750, 650))
        _picture(partial, "board.png", 30_000, False, (1500, 1500))
        partial.rename(kept)
    shutil.copytree(kept, folder)
    (folder / "templates").mkdir()
    for name, text in TEMPLATES.items():
        (folder / "templates" / f"{name}.yaml").write_text(text, encoding="utf-8")
    lines = [DECK]
    for i in range(CARDS):
        copies = ", copies: 2" if i % 8 == 0 else ""
        lines.append(f"  - {{kind: card, title: Isle {i + 1}, art: art/card-{i + 1:02d}.png{copies}, text: 'Sail "
                     f"**{i % 4 + 1}** and take the *lantern* from the harbour you leave.'}}\n")
    for i in range(CHITS):
        lines.append(f"  - {{kind: chit, title: Lantern {i + 1}, value: {i + 1}, copies: 3}}\n")
    for i in range(TILES):
        lines.append(f"  - {{kind: tile, title: Harbour {i + 1}, art: art/tile-{i + 1:02d}.png}}\n")
    lines.append("  - {kind: board, title: The Lantern Isles, art: art/board.png}\n")
    (folder / "deck.yaml").write_text("".join(lines), encoding="utf-8")
    return folder


if __name__ == "__main__":
    print(designer_game(Path(sys.argv[1] if len(sys.argv) > 1 else "designer-game")))
