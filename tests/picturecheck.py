"""Reading pictures back from a built PDF: every image and form XObject drawn on each page, where (its box on
the page, through every `cm` and form matrix), the clipping rectangle it is drawn in, and what it is (an
image's size, filter and soft mask; a form's operators). Inline images (BI ... EI) are listed as well.
All coordinates are PDF points from the bottom-left corner of the page.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import pypdf
from pypdf.generic import ContentStream

PATH_PAINT = {b"f", b"F", b"f*", b"S", b"s", b"B", b"B*", b"b", b"b*", b"sh"}
PATH_BUILD = {b"m", b"l", b"c", b"v", b"y", b"re", b"h"}


@dataclass(frozen=True)
class Drawn:
    kind: str               # "image" | "form" | "inline"
    name: str               # the XObject's resource name ("" for an inline image)
    obj: int                # the XObject's object number (0 for an inline image)
    box: tuple              # (x0, y0, x1, y1) on the page: the unit square (image) or the BBox (form)
    clip: tuple | None      # the clipping rectangle in force, (x0, y0, x1, y1), or None
    inside: tuple = ()      # the object numbers of the forms it is drawn inside, outermost first
    clips: tuple = ()       # each clipping rectangle in force (clip is where they meet)
    info: dict = field(default_factory=dict, compare=False)   # image: Width, Height, Filter, SMask


def _mul(a, b):
    """a x b for PDF matrices [a b c d e f] (row vectors: a point is transformed by a, then b)."""
    return (a[0] * b[0] + a[1] * b[2], a[0] * b[1] + a[1] * b[3],
            a[2] * b[0] + a[3] * b[2], a[2] * b[1] + a[3] * b[3],
            a[4] * b[0] + a[5] * b[2] + b[4], a[4] * b[1] + a[5] * b[3] + b[5])


def _box(m, x0, y0, x1, y1):
    pts = [(x * m[0] + y * m[2] + m[4], x * m[1] + y * m[3] + m[5]) for x, y in ((x0, y0), (x1, y0), (x0, y1), (x1, y1))]
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    return (min(xs), min(ys), max(xs), max(ys))


def _meet(clips):
    if not clips:
        return None
    return (max(c[0] for c in clips), max(c[1] for c in clips), min(c[2] for c in clips), min(c[3] for c in clips))


def _walk(reader, content, resources, ctm, out, inside, operators, clips=()):
    xobjects = (resources or {}).get("/XObject")
    xobjects = xobjects.get_object() if xobjects is not None else {}
    stack = []
    rect = None
    clipping = False
    for operands, op in content.operations:
        operators.append(op)
        if op == b"q":
            stack.append((ctm, clips))
        elif op == b"Q":
            ctm, clips = stack.pop()
        elif op == b"cm":
            ctm = _mul(tuple(float(v) for v in operands), ctm)
        elif op == b"re":
            x, y, w, h = (float(v) for v in operands)
            rect = _box(ctm, x, y, x + w, y + h)
        elif op in (b"W", b"W*"):
            clipping = True
        elif op == b"n" or op in PATH_PAINT:
            if clipping and rect is not None:
                clips = clips + (rect,)
            clipping, rect = False, None
        elif op == b"INLINE IMAGE":
            out.append(Drawn("inline", "", 0, _box(ctm, 0, 0, 1, 1), _meet(clips), inside, clips))
        elif op == b"Do":
            name = operands[0]
            ref = xobjects.raw_get(name)
            x = ref.get_object()
            if x["/Subtype"] == "/Image":
                info = {k: x.get(k) for k in ("/Width", "/Height", "/Filter", "/SMask", "/ColorSpace")}
                out.append(Drawn("image", str(name), ref.idnum, _box(ctm, 0, 0, 1, 1), _meet(clips), inside, clips,
                                 info))
            else:
                m = tuple(float(v) for v in x.get("/Matrix", [1, 0, 0, 1, 0, 0]))
                inner = _mul(m, ctm)
                bbox = [float(v) for v in x["/BBox"]]
                form_ops: list = []
                out.append(Drawn("form", str(name), ref.idnum, _box(inner, *bbox), _meet(clips), inside, clips,
                                 {"operators": form_ops, "resources": x.get("/Resources")}))
                _walk(reader, ContentStream(x, reader), x.get("/Resources"), inner, out, inside + (ref.idnum,),
                      form_ops, clips)


def drawn(path) -> list[list[Drawn]]:
    """Every picture-like thing drawn on each page, in drawing order, forms' contents after the form."""
    reader = pypdf.PdfReader(str(path))
    pages = []
    for page in reader.pages:
        out: list = []
        _walk(reader, page.get_contents(), page.get("/Resources"), (1, 0, 0, 1, 0, 0), out, (), [])
        pages.append(out)
    return pages


def near(a, b, tolerance: float = 0.05) -> bool:
    return all(abs(x - y) <= tolerance for x, y in zip(a, b))
