"""An art deck for the benchmark (issue 36): N poker cards, each with a picture of its own, and its text-only twin.

`art_deck(folder, n)` writes a deck as a designer would make one after `pnp new`: a card template with a
picture region (`src: "{art}"`, fit cover) above the card's title, value and text, and a back template whose
picture (`art/back.png`) every card's back shares. Each card's picture is 600 x 450 px, drawn from its card's
number (the same deck every run): soft colour fields in flat steps with outlined shapes over them, as flat
illustration art is, about 85 KB a file on average. The kinds take turns, card by card: an RGB PNG, a PNG with
an alpha channel (its corners faded out), a palette PNG (256 colours) and a JPEG (quality 90).
`twin_deck(folder, n)` writes the same deck with the picture regions and the picture field removed: what pnp
does for the cards' text, colours and layout, without the pictures.
Generated pictures are kept in a folder of the temporary directory named for their number and FORMAT, and
copied from there (drawing 2,000 pictures takes a minute); the deck file and templates are written each time.
Not here: timing the builds (art.py), the other benchmarks (run.py).
"""
from __future__ import annotations

import io
import os
import shutil
import tempfile
from pathlib import Path

FORMAT = 1                  # bump when the pictures or the deck change: decks kept from before are made again
WIDTH, HEIGHT = 600, 450
KINDS = ("rgb", "alpha", "palette", "jpeg")
SUFFIX = {"rgb": ".png", "alpha": ".png", "palette": ".png", "jpeg": ".jpg"}
TEXT = "Play this card on your turn. **Draw {d}** and pass the *harvest* to the left."

DECK = """game: {{title: {title}, designer: Benchmark Press}}
palette: {{c0: '#2f6b3b', c1: '#a8261f', c2: '#1d2f4f', paper: '#fbf7ec', ink: '#1e1e1e', gilt: '#e2c26b'}}
backs: {{plain: {{template: back}}}}
kinds:
  card:
    template: card
    back: plain
    name: '{{title}}'
    fields: {{title: text, value: int, text: markup, colour: colour{art_field}}}
cards:
"""
CARD = """size: poker
safe: 3mm
regions:
  - {id: background, type: rect, box: [0mm, 0mm, 100%, 100%], fill: "{colour}", bleed: true}
  - {id: panel, type: rect, box: [3mm, 3mm, 57.5mm, 82.9mm], fill: paper, radius: 2mm}
ART  - {id: art, type: image, box: [3mm, 16mm, 57.5mm, 43.1mm], src: "{art}", fit: cover}
  - {id: value, type: text, box: [5mm, 5mm, 10mm, 9mm], text: "{value}", font: serif, style: bold, size: 20pt, align: center, colour: "{colour}"}
  - {id: title, type: text, box: [16mm, 5mm, 42mm, 9mm], text: "{title}", font: serif, style: bold, size: 12pt, align: center, colour: ink}
  - {id: text, type: textbox, box: [6mm, 61mm, 51.5mm, 22mm], text: "{text}", font: serif, size: 9pt, align: center, valign: middle, colour: ink}
"""
BACK = """size: poker
regions:
  - {id: background, type: rect, box: [0mm, 0mm, 100%, 100%], fill: c2, bleed: true}
ART  - {id: art, type: image, box: [0mm, 0mm, 100%, 100%], src: art/back.png, fit: cover, bleed: true}
  - {id: title, type: textbox, box: [8mm, 36mm, 47.5mm, 17mm], text: "**{game}**", font: serif, size: 18pt, align: center, valign: middle, colour: gilt}
"""


def kind_of(i: int) -> str:
    """The kind of card i's picture (0-based): the four kinds take turns."""
    return KINDS[i % len(KINDS)]


def picture_name(i: int) -> str:
    return f"art/{i + 1:04d}{SUFFIX[kind_of(i)]}"


def painting(seed: int, width: int = WIDTH, height: int = HEIGHT):
    """A flat-illustration picture (PIL RGB image): colour fields in 32 steps a channel, outlined shapes."""
    import numpy as np
    from PIL import Image, ImageDraw, ImageFilter
    rng = np.random.default_rng(seed)
    y, x = np.mgrid[0:height // 6, 0:width // 6].astype(np.float32) * 6
    field = np.zeros(x.shape + (3,), np.float32)
    for c in range(3):
        f = np.zeros(x.shape, np.float32)
        for _ in range(3):
            fx, fy, phase = rng.uniform(0.001, 0.006), rng.uniform(0.001, 0.006), rng.uniform(0, 6.3)
            f += np.sin((x * fx + y * fy) * 6.28 + phase)
        field[..., c] = 128 + 100 * f / 3
    image = Image.fromarray(np.clip(field, 0, 255).astype(np.uint8)).resize((width, height), Image.BILINEAR)
    image = Image.fromarray((np.asarray(image) // 8 * 8).astype(np.uint8))
    draw = ImageDraw.Draw(image)
    for _ in range(14):
        x0, y0, r = int(rng.integers(0, width)), int(rng.integers(0, height)), int(rng.integers(10, 90))
        colour = tuple(int(v) for v in rng.integers(0, 256, 3))
        k = rng.random()
        if k < 0.4:
            draw.ellipse((x0 - r, y0 - r, x0 + r, y0 + r), fill=colour, outline=(20, 20, 20), width=3)
        elif k < 0.8:
            draw.rectangle((x0 - r, y0 - r // 2, x0 + r, y0 + r // 2), fill=colour, outline=(20, 20, 20), width=3)
        else:
            draw.line((x0, y0, x0 + int(rng.integers(-200, 200)), y0 + int(rng.integers(-200, 200))), fill=colour,
                      width=r // 8 + 1)
    return image.filter(ImageFilter.GaussianBlur(0.8))


def picture_bytes(i: int) -> bytes:
    """Card i's picture file (see the module's docstring)."""
    from PIL import Image, ImageDraw, ImageFilter
    image = painting(i)
    kind = kind_of(i)
    out = io.BytesIO()
    if kind == "rgb":
        image.save(out, "PNG")
    elif kind == "alpha":
        mask = Image.new("L", image.size, 0)
        ImageDraw.Draw(mask).rounded_rectangle((10, 10, WIDTH - 10, HEIGHT - 10), 60, fill=255)
        rgba = image.convert("RGBA")
        rgba.putalpha(mask.filter(ImageFilter.GaussianBlur(6)))
        rgba.save(out, "PNG")
    elif kind == "palette":
        image.quantize(256).save(out, "PNG")
    else:
        image.save(out, "JPEG", quality=90)
    return out.getvalue()


def back_bytes() -> bytes:
    out = io.BytesIO()
    painting(999_999, 750, 1050).save(out, "PNG")
    return out.getvalue()


def _write(args) -> None:
    folder, i = args
    (Path(folder) / picture_name(i)).write_bytes(picture_bytes(i))


def _deck_text(n: int, pictures: bool) -> str:
    lines = [DECK.format(title=f"Art {n}" if pictures else f"Art {n} twin", art_field=", art: image" if pictures else "")]
    for i in range(n):
        art = f", art: {picture_name(i)}" if pictures else ""
        lines.append(f"  - {{title: Card {i + 1}, value: {i % 10}, colour: c{i % 3}, text: '{TEXT.format(d=i % 4 + 1)}'"
                     f"{art}}}\n")
    return "".join(lines)


def _templates(folder: Path, pictures: bool) -> None:
    (folder / "templates").mkdir(parents=True, exist_ok=True)
    for name, text in (("card", CARD), ("back", BACK)):
        lines = [line[len("ART"):] if line.startswith("ART") else line for line in text.splitlines(True)
                 if pictures or not line.startswith("ART")]
        (folder / "templates" / f"{name}.yaml").write_text("".join(lines), encoding="utf-8")


def _kept(n: int) -> Path:
    return Path(tempfile.gettempdir()) / "pnp-bench-art" / f"v{FORMAT}-{n}"


def _pictures(folder: Path, n: int) -> None:
    folder.mkdir(parents=True)
    (folder / "art").mkdir()
    (folder / "art" / "back.png").write_bytes(back_bytes())
    jobs = [(str(folder), i) for i in range(n)]
    if n >= 50:
        from multiprocessing import Pool
        with Pool(min(4, os.cpu_count() or 1)) as pool:
            pool.map(_write, jobs, chunksize=8)
    else:
        for job in jobs:
            _write(job)


def _deck(folder: Path, n: int, pictures: bool) -> Path:
    shutil.rmtree(folder, ignore_errors=True)
    if pictures:
        kept = _kept(n)
        if not (kept / "art").is_dir():
            partial = kept.with_name(kept.name + f".{os.getpid()}")
            shutil.rmtree(partial, ignore_errors=True)
            _pictures(partial, n)
            try:
                partial.rename(kept)
            except OSError:             # another run made them at the same time
                shutil.rmtree(partial, ignore_errors=True)
        shutil.copytree(kept, folder)
    folder.mkdir(parents=True, exist_ok=True)
    _templates(folder, pictures)
    (folder / "deck.yaml").write_text(_deck_text(n, pictures), encoding="utf-8")
    return folder


def art_deck(folder: Path, n: int) -> Path:
    """A deck of n cards with a picture each (see the module's docstring), written to `folder`."""
    return _deck(Path(folder), n, True)


def twin_deck(folder: Path, n: int) -> Path:
    """The art deck of n cards without its pictures: no picture field, no picture regions."""
    return _deck(Path(folder), n, False)


def pictures(folder: Path) -> list[Path]:
    """Every picture file of an art deck, the shared back's first."""
    art = Path(folder) / "art"
    return [art / "back.png"] + sorted(p for p in art.iterdir() if p.name != "back.png")


if __name__ == "__main__":
    import sys
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 270
    made = art_deck(Path(sys.argv[1]), n)
    twin = twin_deck(Path(sys.argv[1] + "-twin"), n)
    total = sum(p.stat().st_size for p in pictures(made))
    print(f"{made}: {n} cards, {total / 1e6:.1f} MB of pictures; {twin}: the text-only twin")
