"""Write imposed pages to a PDF: fonts embedded and subset, same input -> same bytes, atomic write; a file that
already holds those bytes is not written again (written.py, by a digest of the document and
what its pictures' streams are: render/splice.py's key).

A face placed more than once (a shared back, a card with copies) is one form XObject drawn at each
place; a face placed once is drawn inline (a form per card cost reportlab as much again as the
whole floor job at 5500 cards: README, Performance), and so is a face with see-through shapes at every
place (their graphics states are listed in the page's resources: reportlab's forms list none).
Either way each placement is a marked-content sequence, so a reader finds every card and its size:

    /PnpCard <</Trim [0 0 w h] /Bleed b>> BDC q 1 0 0 1 x y cm (/Fn Do | the face's ops) Q EMC

Where the sheet shows less of a face's bleed than it was laid out with (cards that touch show none on
the touching sides), the props say how much it shows, `/Shown [left bottom right top]`, and the
placement is clipped to it: `... cm -l -b W H re W n ...`.
The pictures' compressed pixels are read from their files as the PDF is written (render/splice.py): the
document is never whole in memory. The pictures to convert (PNGs with alpha ...) are converted on every core
as the pages are drawn (render/rasters.py convert_ahead).
"""
from __future__ import annotations

import io

from reportlab import rl_config
from reportlab.lib.rl_accel import fp_str


from ..layout.face import Image, Text
from ..files.written import write_unless_same
from ..reportlab_adapter import document, set_flate
from .dates import dated_canvas
from .deflate import deflate
from .draw import colour, draw_cut_guide, draw_ops, needs_page
from .splice import filled, fills, key
from ..layout.fonts import register
from ..pictures import picturecache
from .drawn import begin

rl_config.useA85 = 0        # binary zlib streams: smaller files, no ASCII85 pass


def _flate(data) -> bytes:
    return deflate(data.encode("utf8") if isinstance(data, str) else data)


# reportlab's one FlateDecode filter, which every stream it writes goes through (pages, forms, font
# subsets): deflated by render/deflate.py, faster than reportlab's zlib and the same bytes in every process
set_flate(_flate)


def render_pdf(pages, path, title: str = "", author: str = "", subject: str = "", held=None,
               date: int | None = None) -> bool:
    """Draw `pages` into the PDF at `path`; False when the file already held these bytes (not written again).
    `held`: the pictures a long-running process keeps in memory (render/rasters.Memory), or None; `date`: what the
    document is dated (dates.py)."""
    faces = {id(pl.face): pl.face for page in pages for pl in page.placements}
    # laid-out faces and pages may come from the layout store, made by an earlier process
    register({op.font for ops in [f.ops for f in faces.values()] + [p.ops for p in pages] for op in ops
              if type(op) is Text})
    pictures = [op.path for page in pages for ops in [page.ops] + [pl.face.ops for pl in page.placements]
                for op in ops if type(op) is Image and op.tint is None and not op.path.lower().endswith(".svg")]
    buf = io.BytesIO()
    c = dated_canvas(buf, (pages[0].width, pages[0].height), 1, date)
    if pictures or held is not None:
        from .rasters import convert_ahead  # lazy: +12 ms to import (benchmarks/imports.py)
        begin(document(c), held)
        if pictures:                    # those to convert are converted on every core as the pages are drawn
            convert_ahead(document(c), pictures)
    c.setTitle(title)
    c.setAuthor(author)
    c.setSubject(subject)
    c.setCreator("pnp")
    uses: dict[int, int] = {}
    for page in pages:
        for pl in page.placements:
            uses[id(pl.face)] = uses.get(id(pl.face), 0) + 1
    forms: dict[int, str] = {}
    for page in pages:
        c.setPageSize((page.width, page.height))
        c.bookmarkPage(f"p{id(page)}")
        if page.ops:
            draw_ops(c, page.ops)
        for pl in page.placements:
            face = pl.face
            name = forms.get(id(face))
            if name is None and uses[id(face)] > 1 and not needs_page(face.ops):
                name = forms[id(face)] = f"F{len(forms)}"
                _define_form(c, face, name)
            shown = _shown(pl, face)
            extra = f" /Shown [{fp_str(*shown)}]" if shown is not None else ""
            c.addLiteral(f"/PnpCard <</Trim [0 0 {fp_str(face.width, face.height)}] /Bleed {fp_str(face.bleed)}"
                         f"{extra}>> BDC")
            c.saveState()
            if getattr(pl, "rotate", 0):     # a quarter turn anticlockwise, its box's bottom-left at (x, y)
                c.transform(0, 1, -1, 0, pl.x + face.height, pl.y)
            else:
                c.translate(pl.x, pl.y)
            if shown is not None:        # the sheet shows less bleed than the face has: clip to what it shows
                sl, sb, sr, st = shown
                c.addLiteral(f"{fp_str(-sl, -sb, face.width + sl + sr, face.height + sb + st)} re W n")
            if name is None:
                draw_ops(c, face.ops)
            else:
                c.doForm(name)
            c.restoreState()
            c.addLiteral("EMC")
            draw_cut_guide(c, face, pl.x, pl.y)
        if page.marks:
            c.setStrokeColor(colour(page.mark_colour))
            c.setLineWidth(page.mark_width)
            c.setDash()
            for x1, y1, x2, y2 in page.marks:
                c.line(x1, y1, x2, y2)
        c.showPage()
    c.save()
    pdf, doc = buf.getvalue(), document(c)
    # a PDF of the same bytes as the file holds is not written again (nor its pictures read)
    wrote = write_unless_same(path, filled(pdf, fills(doc)), key(doc, pdf))
    picturecache.save()
    return wrote


def _shown(pl, face):
    """The bleed the sheet shows on each side (left, bottom, right, top), when it is less than the face's."""
    shown = getattr(pl, "shown", ())
    if not shown or all(v >= face.bleed - 1e-6 for v in shown):
        return None
    return tuple(min(v, face.bleed) for v in shown)


def _define_form(c, face, name: str) -> None:
    b = face.bleed
    c.beginForm(name, lowerx=-b, lowery=-b, upperx=face.width + b, uppery=face.height + b)
    draw_ops(c, face.ops)
    c.endForm()


def pdf_bytes(c, buf) -> bytes:
    """The document canvas `c` saved into `buf` (an io.BytesIO), its pictures filled in (render/splice.py)."""
    c.save()
    data = filled(buf.getvalue(), fills(document(c)))
    return data if isinstance(data, bytes) else data.tobytes()


def new_canvas(buf, size, title: str = "", author: str = "", subject: str = "", date: int | None = None,
               version: tuple | None = None):
    """A canvas for a document of pnp's own other than the build (the print-shop PDF): invariant (same
    input, same bytes), its streams deflated by render/deflate.py (set_flate above), the initial font
    one of ours so no unembedded standard font enters the file, the document's metadata, its date (dates.py) and
    `version` ((1, 4): reportlab's own when None)."""
    c = dated_canvas(buf, size, 1, date, version)
    c.setTitle(title)
    c.setAuthor(author)
    c.setSubject(subject)
    c.setCreator("pnp")
    return c
