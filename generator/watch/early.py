"""The layout view's card's large face drawn while a build goes on (rebuild.py): after a drag the view shows that
card, so its new face is drawn as the build makes its findings and the page's model, on the machine's other core,
not after the page is told. Its PDF is made on the build's thread (reportlab; the build holds RENDER), pdfium draws
it and its PNG is deflated on a thread of their own, which no other use of pdfium may meet: nothing the build does
until it joins the thread uses pdfium, and it joins it before it lets RENDER go.
Not here: the faces drawn after the page is told, or when asked for (preview.py).
"""
from __future__ import annotations

import threading
import time

from .preview import as_kind, size_of


class Early:
    """The faces of _shown_large drawn on a thread while the build goes on (join() gives them); what cannot be
    drawn here is drawn when asked for (preview.py), which says what is wrong."""

    def __init__(self, before, laid: list, digests):
        """`before`: the last good build's Snapshot (what the page asked of it), `laid`: this build's cards, laid
        out, `digests`: its preview.Digests."""
        self.pngs: dict = {}            # (kind, digest) -> PNG bytes
        self.cpu_ms = 0.0               # the thread's CPU time
        self.thread = None
        jobs = []
        try:
            for kind, digest, face in _shown_large(before, laid, digests):
                from ..render.png import face_pdf  # lazy: +484 ms to import (benchmarks/imports.py)
                jobs.append((kind, digest, face, face_pdf(face)))
        except Exception:               # (drawn when asked for, which says what is wrong)
            jobs = []
        if jobs:
            self.thread = threading.Thread(target=self._draw, args=(jobs,), name="pnp-early", daemon=True)
            self.thread.start()

    def _draw(self, jobs) -> None:
        from ..render.png import encode_png, render_pages  # lazy: +484 ms to import (benchmarks/imports.py)
        cpu0 = time.thread_time()
        for kind, digest, face, pdf in jobs:
            try:
                dpi, w, h = size_of(face, *as_kind(kind))
                self.pngs[(kind, digest)] = encode_png(list(render_pages(pdf, [(w, h)], raw=True))[0], dpi=dpi,
                                                       size=(w, h))
            except Exception:
                pass
        self.cpu_ms = (time.thread_time() - cpu0) * 1000

    def join(self) -> dict:
        """What was drawn, once the thread is done."""
        if self.thread is not None:
            self.thread.join()
            self.thread = None
        return self.pngs


def _shown_large(before, laid: list, digests) -> list:
    """[(kind, digest, face)]: the face of the card the layout view showed last (`before`'s), at each size the page
    asked for it large, where this build changed it."""
    asked = before.asked() if before is not None else []
    views = [(at, key) for key, at in asked if key[0] == "layout"]
    if not views:
        return []
    _, (_, card_id, side) = max(views)
    lo = next((lo for lo in laid if lo.card.id == card_id), None)
    old = before.card_digests.get(card_id)
    face = (lo.front if side == "front" else lo.back) if lo is not None else None
    if face is None or old is None:
        return []
    new = digests.face(face)
    was = old[0 if side == "front" else 1]
    if new == was:
        return []
    return [(key[0], new, face) for key, _ in asked if key[0].startswith("large") and key[1] == was]
