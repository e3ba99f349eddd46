"""The least a print shop's CMYK PDF can spend on a deck's pictures (issue 56), each stage alone at its best.

    python benchmarks/cmyk_floor.py [--art N] [--designer] [--repeat N]

For benchmarks/artdeck.py's deck of N cards (default 100) and, with --designer, benchmarks/designer.py's game: every
raster picture that `--to drivethrucards` converts (the palette PNGs are copied, not converted), its transparency
flattened onto white. Each stage is timed on its own, in this process (CPU time), as the export cannot do with less:
- decode: Pillow reading each picture's pixels (the RGB export copies its bytes and decodes none);
- convert: LittleCMS on each colour the pictures hold, once (the export's table of converted colours needs no more);
- gather: each pixel's CMYK looked up once in a table holding every colour already (nothing found new, nothing
  converted: no bookkeeping at all);
- up: the PNG Up predictor's rows (inkstreams.up_rows);
- deflate: the rows deflated as the export does (Z_RLE) and at zlib-ng's fastest level (1), the lesser counted.
Their sum is a floor for the pictures alone; the export adds the rest of its work (reading the deck, laying it out,
drawing, writing: about the whole of `--to pdf`'s time) and numpy's import. docs/performance.md, round five.
"""
from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def _pictures(folder: Path):
    """The deck's converted pictures as RGB images (palette PNGs without transparency left out: copied)."""
    from PIL import Image
    out, decode = [], 0.0
    for p in sorted(q for q in folder.rglob("*") if q.suffix.lower() in (".png", ".jpg", ".jpeg")):
        with Image.open(p) as im:
            if im.mode in ("P", "L") and "transparency" not in im.info:
                continue
            t = time.process_time()
            im.load()
            decode += time.process_time() - t
            rgba = im.convert("RGBA") if im.mode != "RGB" else im
            flat = Image.new("RGB", rgba.size, "white")
            flat.paste(rgba, mask=rgba if rgba.mode == "RGBA" else None)
            out.append(flat)
    return out, decode


def floor(folder: Path) -> dict:
    """Each stage's CPU seconds for the pictures under `folder`, and their count, pixels and colours."""
    import numpy as np
    from PIL import Image
    from zlib_ng import zlib_ng
    from generator.export.cmyk import ink
    from generator.export.inkstreams import up_rows
    from generator.render.deflate import rle
    clock = time.process_time
    images, decode = _pictures(folder)
    index = [np.bitwise_and(np.frombuffer(i.tobytes("raw", "RGBX"), np.uint32), 0xFFFFFF, dtype=np.intp)
             for i in images]
    colours = np.unique(np.concatenate(index))
    rgb = np.empty((1, len(colours), 3), np.uint8)
    rgb[0, :, 0], rgb[0, :, 1], rgb[0, :, 2] = colours & 255, (colours >> 8) & 255, colours >> 16
    transform = ink(None, "swop").transform()

    def applied(image):     # LittleCMS's core alone, as cmyk.py applies it
        done = Image.new("CMYK", image.size)
        transform.transform.apply(image.getim(), done.getim())
        return done
    applied(Image.fromarray(rgb[:, :16]))          # the transform made before it is timed
    t = clock()
    cmyk = np.asarray(applied(Image.fromarray(rgb, "RGB")))
    convert = clock() - t
    table = np.zeros(1 << 24, np.uint32)
    table[colours] = np.ascontiguousarray(cmyk).reshape(-1, 4).view(np.uint32).reshape(-1)
    t = clock()
    looked = [table[i] for i in index]
    gather = clock() - t
    t = clock()
    rows = [up_rows(px.view(np.uint8).reshape(im.size[1], im.size[0], 4)) for px, im in zip(looked, images)]
    up = clock() - t
    t = clock()
    runs = sum(len(rle(r)) for r in rows)
    rle_s = clock() - t
    t = clock()
    level1 = sum(len(zlib_ng.compress(r, 1)) for r in rows)
    level1_s = clock() - t
    return {"pictures": len(images), "pixels": sum(i.size[0] * i.size[1] for i in images), "colours": len(colours),
            "decode": decode, "convert": convert, "gather": gather, "up": up, "rle": rle_s, "rle MB": runs / 1e6,
            "level 1": level1_s, "level 1 MB": level1 / 1e6}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--art", type=int, default=100, help="the art deck's cards (0: none)")
    ap.add_argument("--designer", action="store_true", help="benchmarks/designer.py's game too")
    ap.add_argument("--repeat", type=int, default=2)
    args = ap.parse_args(argv)
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    root = Path(tempfile.mkdtemp(prefix="pnp-bench-floor-"))
    decks = []
    if args.art:
        import artdeck
        decks.append((f"art {args.art}", artdeck.art_deck(root / "art", args.art)))
    if args.designer:
        import designer
        decks.append(("designer", designer.designer_game(root / "designer")))
    for label, folder in decks:
        for _ in range(args.repeat):
            f = floor(Path(folder))
            least = f["decode"] + f["convert"] + f["gather"] + f["up"] + min(f["rle"], f["level 1"])
            print(f"{label:10} {f['pictures']} pictures, {f['pixels'] / 1e6:.1f} M px, {f['colours'] / 1e6:.2f} M "
                  f"colours: decode {f['decode']:.3f} s, convert {f['convert']:.3f} s, gather {f['gather']:.3f} s, "
                  f"up {f['up']:.3f} s, deflate Z_RLE {f['rle']:.3f} s ({f['rle MB']:.1f} MB) or level 1 "
                  f"{f['level 1']:.3f} s ({f['level 1 MB']:.1f} MB); floor {least:.2f} s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
