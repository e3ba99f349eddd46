"""The proof's image files: every distinct face at pages.FACE_DPI (faces/), the leaf's and the rule pages at
pages.PAGE_DPI (pages/), each drawn once, on every core (render/pool.py).

Each distinct face is rasterized once: the contact sheet's thumbnail is that image made smaller, never drawn
again. An image an earlier proof wrote into the same folder, from the same inputs (the face's drawing, the
digests of its pictures' bytes, the drawing code and the resolution), and still the bytes written, is kept:
neither the face nor its pictures are drawn or read again, and its thumbnail is made from the file. The record
of what was written is .proof-cache.json in faces/ and in pages/ (export/trust.py, as an export keeps its own).
Images of an earlier proof that this one does not make are removed.
Not here: which faces a deck has (collect.py), the contact sheet's layout (contact.py), drawing (render/).
"""
from __future__ import annotations

import hashlib
from pathlib import Path

from . import pages
from ..render.pool import map_chunks, share, shared
from .collect import face_cards
from ..files.output import write_atomic

CACHE = ".proof-cache.json"


def write(out_dir: Path, cards, doc, result, thumb_size=None) -> tuple[list[str], dict]:
    """Write faces/ and pages/ into `out_dir` (result.face_files and result.pages filled in); returns the
    files written (for the result's list) and, when `thumb_size(face)` gives each face's thumbnail size, the
    thumbnails: (side, face key) -> PIL image."""
    from ..export.trust import Outputs  # lazy: +7 ms to import (benchmarks/imports.py)
    records = {folder: Outputs(out_dir / folder, CACHE) for folder in ("faces", "pages")}
    faces, names, keys = [], [], []
    for side, cps in face_cards(cards):
        name = f"faces/{len(faces) + 1:03d}-{cps[0].card.id}-{side.side}.png"[:120]
        faces.append(side.face)
        names.append(name)
        keys.append((side.side, side.key))
        result.face_files[keys[-1]] = name
    texts = [(f"pages/page-{tp.number:02d}.png", tp) for tp in doc.pages]
    for tp in doc.pages:
        result.pages.append({"label": tp.label, "number": tp.number, "file": f"pages/page-{tp.number:02d}.png"})
    page_faces = pages.page_faces([tp for _, tp in texts])
    hashes = [_hash(f, pages.FACE_DPI) for f in faces] + [_hash(f, pages.PAGE_DPI) for f in page_faces]
    files = names + [n for n, _ in texts]
    jobs = []
    for i, (name, digest) in enumerate(zip(files, hashes)):
        size = thumb_size(faces[i]) if thumb_size is not None and i < len(faces) else None
        folder, _, plain = name.partition("/")
        jobs.append((i, name, digest, not records[folder].fresh(plain, digest), size))
    share(faces=faces + page_faces, out=Path(out_dir), face_count=len(faces))
    done = map_chunks(_draw, jobs)
    new: dict = {"faces": {}, "pages": {}}
    for (i, name, digest, draw, _), (stamp, _thumb) in zip(jobs, done):
        folder, _, plain = name.partition("/")
        new[folder][plain] = {"hash": digest, **stamp} if draw else dict(records[folder].get(plain))
    thumbs = {keys[i]: _image(thumb) for (i, *_), (_, thumb) in zip(jobs, done) if thumb is not None}
    keep = set(files)
    for folder in ("faces", "pages"):
        for old in sorted((out_dir / folder).glob("*.png")) if (out_dir / folder).is_dir() else []:
            if f"{folder}/{old.name}" not in keep:
                old.unlink(missing_ok=True)
        if new[folder] or records[folder].found:
            records[folder].save(new[folder])
    return (["faces/"] if names else []) + (["pages/"] if texts else []), thumbs


def _hash(face, dpi: float) -> str:
    """What a face's image is drawn from: its drawing, its pictures' bytes, the drawing code, the resolution."""
    from ..export.plan import code_digest  # lazy: +11 ms to import (benchmarks/imports.py)
    from ..pictures.images import BadImage, digest  # lazy: +8 ms to import (benchmarks/imports.py)
    from ..layout.display import Image  # lazy: here, as another function of this module imports a different Image
    pictures = []
    for op in face.ops:
        if type(op) is Image:
            try:
                pictures.append(digest(op.path))
            except (BadImage, OSError):
                pictures.append(None)           # drawing it reports it
    blob = repr((code_digest(), dpi, face.width, face.height, face.bleed, face.shape, face.ops, pictures))
    return hashlib.sha256(blob.encode()).hexdigest()[:32]


def _image(thumb):
    from PIL import Image  # lazy: here, as another function of this module imports a different Image
    (w, h), rgb = thumb
    return Image.frombytes("RGB", (w, h), rgb)


def _draw(chunk: list) -> list:
    """In a worker: for each (index, file, hash, draw?, thumbnail size) the image drawn and written (or, when it
    is kept, read back), and its thumbnail: [(what the record keeps of the file, ((w, h), RGB bytes) | None)]."""
    from PIL import Image  # lazy: here, as another function of this module imports a different Image

    from ..export.trust import stamp  # lazy: +7 ms to import (benchmarks/imports.py)
    from ..render.png import encode_png  # lazy: +6 ms to import (benchmarks/imports.py)
    faces, out, count = shared("faces"), shared("out"), shared("face_count")
    drawn = {}
    for is_face in (True, False):           # faces with their cutting guide, pages without
        todo = [job[0] for job in chunk if job[3] and (job[0] < count) == is_face]
        drawn.update(zip(todo, _render([faces[i] for i in todo], pages.FACE_DPI if is_face else pages.PAGE_DPI,
                                       is_face)))
    results = []
    for i, name, _digest, draw, size in chunk:
        path = out / name
        if draw:
            image = drawn[i]
            data = encode_png(image, pages.FACE_DPI if i < count else pages.PAGE_DPI)
            write_atomic(path, data)
            record = stamp(path, data)
        else:
            record = {}
            image = Image.open(path).convert("RGB") if size is not None else None
        thumb = None
        if size is not None:
            small = image.resize(size, Image.Resampling.BOX)
            thumb = (small.size, small.tobytes())
        results.append((record, thumb))
    return results


def _render(faces: list, dpi: float, guide: bool) -> list:
    """Each face (trim and bleed) as a PIL image at `dpi`, all from one PDF."""
    from ..render import png  # lazy: +6 ms to import (benchmarks/imports.py)
    if not faces:
        return []
    pages.fonts(faces)
    sizes = [(pages.px(f.width + 2 * f.bleed, dpi), pages.px(f.height + 2 * f.bleed, dpi)) for f in faces]
    return list(png.render_pages(png.faces_pdf(faces, guide), sizes))
