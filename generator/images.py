"""Image files a deck names, checked before anything draws them: a real PNG or JPEG, of a sane size.

Pillow's decompression-bomb guard is on (Image.MAX_IMAGE_PIXELS) and its warning is an error,
so a small file that claims to be a gigantic picture is refused before it is decoded.
"""
from __future__ import annotations

import warnings
from functools import lru_cache
from pathlib import Path

from PIL import Image

MAX_PIXELS = 40_000_000          # e.g. 6000 x 6600: a tarot card at 1200 dpi
MAX_BYTES = 50_000_000
FORMATS = ("PNG", "JPEG")
SUFFIXES = (".png", ".jpg", ".jpeg")

Image.MAX_IMAGE_PIXELS = MAX_PIXELS


class BadImage(ValueError):
    pass


def check_image(path) -> tuple[int, int]:
    """(width, height) in pixels of a PNG or JPEG that decodes whole; BadImage otherwise."""
    p = Path(path)
    st = p.stat()
    return _check(str(p), st.st_size, st.st_mtime_ns)


@lru_cache(maxsize=256)
def _check(path: str, size: int, mtime: int) -> tuple[int, int]:
    if size > MAX_BYTES:
        raise BadImage(f"is {size} bytes; the limit is {MAX_BYTES}")
    Image.MAX_IMAGE_PIXELS = MAX_PIXELS
    with warnings.catch_warnings():
        warnings.simplefilter("error", Image.DecompressionBombWarning)
        try:
            with Image.open(path) as im:
                if im.format not in FORMATS:
                    raise BadImage(f"is a {im.format} image; use PNG or JPEG")
                w, h = im.size
                if w < 1 or h < 1 or w * h > MAX_PIXELS:
                    raise BadImage(f"is {w} x {h} pixels; the limit is {MAX_PIXELS // 1_000_000} million pixels")
                im.load()
        except BadImage:
            raise
        except (Image.DecompressionBombError, Image.DecompressionBombWarning) as exc:
            raise BadImage(f"claims more than {MAX_PIXELS // 1_000_000} million pixels "
                           f"({str(exc).split('pixels')[0].split('(')[-1].strip()} pixels)")
        except Image.UnidentifiedImageError:
            raise BadImage("is not an image Pillow can read; use PNG or JPEG")
        except (OSError, ValueError, SyntaxError, EOFError, MemoryError) as exc:
            raise BadImage(f"cannot be read as an image ({str(exc).splitlines()[0][:80] or type(exc).__name__})")
    return w, h
