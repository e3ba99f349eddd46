"""What the preview page shows of a build, and its images.

A Snapshot is one good build: each card with the digests of its faces, its proof findings and inferred
facts, and each page of the PDF by the digest of what is drawn on it. Images are named by those digests, so
the browser fetches again only what changed, and they are drawn when first asked for: a card's face through
the one drawing path (render/png.py, as pnp export and pnp proof draw them; small in the grid, large when the
page shows one on a click), a sheet by rasterizing the page
of the PDF just written (pdfium). RENDER is held while anything draws: the rebuild, and the images (reportlab's
font registry and pdfium are not made for two threads at once).
The page is told of a build before its PDF is written (rebuild.py), so a snapshot's PDF may still be on its way:
what needs it (the PDF served, a sheet's image) waits for it. The faces the page was showing that the build
changed are drawn ahead (and the layout view's card), as the page is told and before the PDF is written
(plan_ahead, draw_ahead): the page asks for them at once, and waits for them to be made rather than for the PDF.
"""
from __future__ import annotations

import hashlib
import marshal
import os
import threading
import time

RENDER = threading.Lock()
FACE_DPI = 110                  # a poker card 275 x 385 px, shown at half that for sharp screens
LARGE_DPI = 300                 # a face shown large on a click: a poker card 750 px wide, shown at 360 px or more
MAX_PX = 4096                   # the widest a face is drawn for the layout view (at the size it shows it)
SHEET_WIDTH = 900               # pixels across a sheet
AHEAD_MS = 40                   # ms: the most spent drawing ahead the changed faces the page shows in its grid
WAIT = 600.0                    # seconds: the most a request waits for a PDF being written


class Digests:
    """Content digests of faces and pages, remembered by object between builds: a face from the layout
    store is the same object in the next build, so only what was laid out anew is hashed (and a face whose
    pictures were saved since: the store keeps the face, which holds their names, not their pixels)."""

    def __init__(self):
        self.known: dict = {}           # id(obj) -> (obj, stamp, digest); obj is held so its id is not reused
        self.faces: dict = {}           # id(face) -> (face, digest) in this build: a face many cards show, once

    def of(self, obj, *content, stamp=None) -> str:
        return self._digest(obj, stamp, lambda: repr(content).encode())

    def _digest(self, obj, stamp, data) -> str:
        """The digest of `data()`, what `obj` holds, made only when `obj` is new or its `stamp` changed."""
        hit = self.known.get(id(obj))
        if hit is not None and hit[0] is obj and hit[1] == stamp:
            return hit[2]
        digest = hashlib.blake2b(data(), digest_size=16).hexdigest()
        self.known[id(obj)] = (obj, stamp, digest)
        return digest

    def face(self, face) -> str:
        hit = self.faces.get(id(face))
        if hit is not None and hit[0] is face:
            return hit[1]
        images = _images(face)
        digest = self._digest(face, images, lambda: _face_data(face, images))
        self.faces[id(face)] = (face, digest)
        return digest

    def keep_only(self, objs) -> None:
        """Forget all but `objs` (at the end of a build: the next one looks at the faces' pictures again)."""
        wanted = {id(o) for o in objs}
        self.known = {k: v for k, v in self.known.items() if k in wanted}
        self.faces = {}


def _face_data(face, images) -> bytes:
    """What a face draws, as bytes: marshal's (version 2, which writes equal values alike: no references, no
    interned strings apart) of its size, shape, each operation's kind and values and its pictures' stamps (a fifth
    of the time repr takes); repr where a value is not one marshal writes."""
    content = (face.width, face.height, face.bleed, face.shape, [(type(op).__name__, tuple(op)) for op in face.ops],
               images)
    try:
        return marshal.dumps(content, 2)
    except ValueError:
        return repr(content).encode()


def _images(face) -> list:
    """The size, times and inode of each image a face draws, as this build found them (images.seen): a saved
    image changes the face's picture, not its ops."""
    from ..pictures.images import seen  # lazy: +47 ms to import (benchmarks/imports.py)
    from ..layout.display import Image  # lazy: +326 ms to import (benchmarks/imports.py)
    out = []
    for op in face.ops:
        if type(op) is Image:
            stamp = seen(op.path)
            if stamp is None:
                try:
                    st = os.stat(op.path)
                    stamp = (st.st_size, st.st_mtime_ns)
                except OSError:
                    pass
            out.append(stamp)
    return out


def _issue(i) -> dict:
    return {"level": i.level, "check": i.check, "message": i.message, "side": i.side, "field": i.field,
            "where": i.where, "also": i.also, "card": i.card}


class Snapshot:
    """One good build, as the page shows it (state()) and as its images are drawn (face_png, sheet_png)."""

    def __init__(self, number: int, deck, laid: list, pages: list, pdf: bytes, out, issues, facts,
                 digests: Digests, before: "Snapshot | None", times: dict, check: str | None):
        self._written = threading.Event()           # set once the PDF is written (or the build has failed)
        self.number, self.pdf, self.out = number, pdf, out
        self.deck, self.laid = deck, laid           # for the layout view (layout())
        self._layouts: dict = {}
        self.faces: dict = {}                       # digest -> Face
        self.sheets: dict = {}                      # digest -> page index in the PDF
        cards = []
        by_card: dict = {}
        for i in issues:            # a finding about several cards (a word, a template's region) shown on each
            for card_id in dict.fromkeys(i.card_ids or [i.card_id]):
                by_card.setdefault(card_id, []).append(_issue(i))
        old = before.card_digests if before is not None else {}
        self.card_digests: dict = {}
        changed = []
        for lo in laid:
            c = lo.card
            front = digests.face(lo.front)
            self.faces[front] = lo.front
            back = None
            if lo.back is not None:
                back = digests.face(lo.back)
                self.faces[back] = lo.back
            mine = by_card.get(c.id, [])
            self.card_digests[c.id] = (front, back, repr(mine))
            is_new = before is not None and old.get(c.id) != self.card_digests[c.id]
            if is_new:
                changed.append(c.name)
            cards.append({"id": c.id, "number": c.index + 1, "name": c.name, "kind": deck.kinds[c.kind].title,
                          "template": c.template, "back_template": c.back.template if c.back is not None else None,
                          "part": deck.parts[c.part].title, "copies": c.copies, "source": str(c.source),
                          "front": front, "back": back, "findings": mine, "changed": is_new,
                          "size": [round(lo.front.width + 2 * lo.front.bleed, 2),
                                   round(lo.front.height + 2 * lo.front.bleed, 2)],
                          "inferred": [{"about": "; ".join(f["about"]), "value": f["value"], "note": f["note"],
                                        "where": f["where"]} for f in facts if c.name in f["cards"]]})
        sheets = []
        for n, page in enumerate(pages):
            placed = tuple((digests.face(pl.face), pl.x, pl.y, pl.rotate) for pl in page.placements)
            digest = digests.of(page, page.kind, page.width, page.height, placed, page.marks,
                                digests.of(page.ops, page.ops) if page.ops else "")
            self.sheets[digest] = n
            sheets.append({"digest": digest, "page": n + 1, "kind": page.kind, "label": _label(page),
                           "width": page.width, "height": page.height})
        digests.keep_only([lo.front for lo in laid] + [lo.back for lo in laid if lo.back is not None]
                          + list(pages) + [p.ops for p in pages if p.ops])
        self.changed = changed
        g = deck.game
        self.state = {"build": number, "title": g.title, "game": deck.id, "pdf": str(out),
                      "built_at": time.strftime("%H:%M:%S"), "times": times, "changed": changed,
                      "cards": cards, "card_count": deck.card_count(), "sheets": sheets, "check": check,
                      "deck_findings": [_issue(i) for i in issues if i.card_id is None and not i.card_ids],
                      "counts": {"error": sum(i.level == "error" for i in issues),
                                 "warning": sum(i.level == "warning" for i in issues)}}
        self._pdf_doc = None
        self._png: dict = {}
        self._asked: dict = {}      # (kind, digest), ("layout", card, side) -> when the page last asked for it
        self._ahead: list = []      # the same keys, of what to make ahead (plan_ahead), the next first
        self._ahead_done = threading.Condition()

    @property
    def pdf(self) -> bytes | None:
        """The PDF's bytes, once written (None: the build failed writing it)."""
        self._written.wait(WAIT)
        return self._pdf

    @pdf.setter
    def pdf(self, data: bytes | None) -> None:
        self._pdf = data
        if data is not None:
            self._written.set()

    def written(self, data: bytes | None) -> None:
        """The PDF is written (`data`: its bytes), or could not be (None): what waits for it goes on."""
        self._pdf = data
        self._written.set()

    def face_png(self, digest: str) -> bytes | None:
        face = self.faces.get(digest)
        if face is None:
            return None
        return self._drawn(("face", digest), lambda: _drawn_as(face, "face"))

    def large_png(self, digest: str, px: int | None = None) -> bytes | None:
        """A face at LARGE_DPI, for the page's large view of it; or `px` pixels wide (bleed and all), the size the
        layout view shows it at (its CSS pixels times the screen's devicePixelRatio)."""
        face = self.faces.get(digest)
        if face is None:
            return None
        kind = "large" if px is None else f"large@{px}"
        return self._drawn((kind, digest), lambda: _drawn_as(face, kind))

    def sheet_png(self, digest: str) -> bytes | None:
        n = self.sheets.get(digest)
        if n is None:
            return None
        self._written.wait(WAIT)        # the PDF first: it is written holding RENDER, so not waited for holding it
        return self._drawn(("sheet", digest), lambda: self._sheet_png(n))

    def plan_ahead(self, before: "Snapshot | None") -> None:
        """Note what the page was showing (it had asked for it from `before`) that this build changed: the layout
        view's card (its model), then the faces shown large (the layout view's, a card opened large), then the
        faces in the grid, the most lately asked for first. draw_ahead makes them, and a request for one waits for
        that (not for the PDF). Before the page is told of the build."""
        wanted = []
        shown: dict = {}                # a face's digest -> [(kind, when the page last asked for it)]
        was = before.asked() if before is not None else []
        for key, asked in was:
            if key[0] not in ("layout", "sheet"):
                shown.setdefault(key[1], []).append((key[0], asked))
        for card_id, new in self.card_digests.items() if before is not None else ():
            old = before.card_digests.get(card_id)
            for side in (0, 1) if old is not None else ():
                if new[side] is None or new[side] == old[side]:
                    continue
                for kind, asked in shown.get(old[side], ()):
                    self._asked.setdefault((kind, new[side]), asked)    # (shown in its card's place: the next
                    if (kind, new[side]) not in self._png:              # build's too; drawn early, or now)
                        wanted.append((kind == "face", -asked, (kind, new[side])))
        views = [(-asked, key) for key, asked in was if key[0] == "layout" and key[1] in self.card_digests]
        if views:                                       # the layout view shows one card: the one asked for last
            wanted.append((-1, 0.0, min(views)[1]))
        with self._ahead_done:
            self._ahead = [key for *_, key in sorted(wanted)]

    def draw_ahead(self) -> int:
        """Make what plan_ahead noted: the layout view's model and the faces shown large whatever the time they
        take, the others for at most AHEAD_MS in all; what is left is made when asked for. Returns how many."""
        end = time.perf_counter() + AHEAD_MS / 1000
        drawn = 0
        while self._ahead:
            key = self._ahead[0]
            if drawn and key[0] == "face" and time.perf_counter() > end:
                break
            try:
                if key[0] == "layout":
                    self._model(key[1], key[2])
                else:
                    with RENDER:
                        png = self._png.get(key) or _drawn_as(self.faces[key[1]], key[0])
            except Exception:           # (made when asked for, which says what is wrong)
                png = None
            with self._ahead_done:
                if key[0] != "layout" and png is not None:
                    self._png[key] = png
                self._ahead.pop(0)
                self._ahead_done.notify_all()
            drawn += 1
        with self._ahead_done:
            self._ahead = []
            self._ahead_done.notify_all()
        return drawn

    def layout(self, card_id: str, side: str) -> dict | None:
        """The layout view's model of a card's side: its regions, where each is written, as laid out in this
        build (layout/provenance.py), and the digest of each template file they were read from; None for a card
        or side this build does not have."""
        key = (card_id, side)
        self._asked[("layout", *key)] = time.monotonic()
        if key not in self._layouts and ("layout", *key) in self._ahead:     # being made ahead: not after the PDF
            with self._ahead_done:
                self._ahead_done.wait_for(lambda: key in self._layouts or ("layout", *key) not in self._ahead,
                                          timeout=WAIT)
        model = self._model(card_id, side)
        if model is None:
            return None
        return {**model, "files": _digests(self.deck, {r["file"] for r in model["regions"]} | {model["file"]})}

    def _model(self, card_id: str, side: str) -> dict | None:
        """card_regions of a card's side, made once (under RENDER); None for a card or side this build lacks."""
        key = (card_id, side)
        if key not in self._layouts:
            lo = next((lo for lo in self.laid if lo.card.id == card_id), None)
            face = (lo.front if side == "front" else lo.back) if lo is not None else None
            if face is None:
                return None
            from ..layout.provenance import card_regions  # lazy: +390 ms to import (benchmarks/imports.py)
            with RENDER:
                if key not in self._layouts:
                    self._layouts[key] = card_regions(self.deck, lo.card, side, face)
        return self._layouts[key]

    def _drawn(self, key, draw) -> bytes:
        self._asked[key] = time.monotonic()
        png = self._png.get(key)
        if png is None and key in self._ahead:          # being drawn ahead: wait for that, not for the PDF
            with self._ahead_done:
                self._ahead_done.wait_for(lambda: key in self._png or key not in self._ahead, timeout=WAIT)
            png = self._png.get(key)
        if png is None:
            with RENDER:
                png = self._png.get(key)
                if png is None:
                    png = self._png[key] = draw()
        return png

    def _sheet_png(self, n: int) -> bytes | None:
        import pypdfium2 as pdfium  # lazy: +119 ms to import (benchmarks/imports.py)

        from ..render.png import encode_png, render_rgb  # lazy: +484 ms to import (benchmarks/imports.py)
        if self._pdf_doc is None:
            if self.pdf is None:
                return None
            self._pdf_doc = pdfium.PdfDocument(self.pdf)
        page = self._pdf_doc[n]
        try:
            w_pt, h_pt = page.get_size()
            w = SHEET_WIDTH
            h = max(1, round(h_pt * w / w_pt))
            return encode_png(render_rgb(page, w, h), dpi=72 * w / w_pt, size=(w, h))
        finally:
            page.close()

    def asked(self) -> list:
        """[(key, when the page last asked for it)]: what the page asked of this build (a copy: the server's
        threads add to it)."""
        return list(self._asked.items())

    def took(self, early) -> None:
        """The faces drawn early (early.Early), kept as drawn on request."""
        self._png.update(early.join())

    def inherit(self, before: "Snapshot | None") -> None:
        """Keep the images an earlier snapshot drew that this one shows too."""
        if before is None:
            return
        for (kind, digest), png in before._png.items():
            if digest in (self.sheets if kind == "sheet" else self.faces):
                self._png[(kind, digest)] = png
        for key, asked in before.asked():
            if key[1] in (self.sheets if key[0] == "sheet" else self.card_digests if key[0] == "layout"
                          else self.faces) and key not in self._asked:
                self._asked[key] = asked

    def close(self) -> None:
        with RENDER:
            if self._pdf_doc is not None:
                self._pdf_doc.close()
                self._pdf_doc = None


def _face_png(face, dpi: float = FACE_DPI, px: int | None = None) -> bytes:
    """A face's PNG at `dpi`, or `px` pixels wide (bleed and all)."""
    from ..render.png import encode_png, face_pdf, render_pages  # lazy: +484 ms to import (benchmarks/imports.py)
    dpi, w, h = size_of(face, dpi, px)
    rgb = list(render_pages(face_pdf(face), [(w, h)], raw=True))[0]
    return encode_png(rgb, dpi=dpi, size=(w, h))


def size_of(face, dpi: float, px: int | None = None) -> tuple:
    """(dpi, width, height) in pixels of a face (bleed and all) drawn at `dpi`, or `px` pixels wide."""
    wide, high = face.width + 2 * face.bleed, face.height + 2 * face.bleed
    if px is not None:
        dpi = px * 72 / wide
    return dpi, max(1, round(wide / 72 * dpi)), max(1, round(high / 72 * dpi))


def as_kind(kind: str) -> tuple:
    """(dpi, px) of a face's PNG as `kind` names it: "face" (the grid's, FACE_DPI), "large" (LARGE_DPI), "large@PX"
    (PX pixels wide)."""
    if kind.startswith("large@"):
        return LARGE_DPI, int(kind[6:])
    return (FACE_DPI if kind == "face" else LARGE_DPI), None


def _drawn_as(face, kind: str) -> bytes:
    return _face_png(face, *as_kind(kind))


def _digests(deck, files) -> dict:
    """{file: the digest of its bytes now} for template files named from the game's folder: what a write from
    the layout view says it read (a file changed since is not written)."""
    from ..layout.boxedit import digest  # lazy: +400 ms to import (benchmarks/imports.py)
    out = {}
    for name in sorted(files):
        try:
            out[name] = digest((deck.folder / name).read_bytes())
        except OSError:
            pass
    return out


def _label(page) -> str:
    if page.label:
        return page.label
    if page.kind in ("front", "back"):
        return f"Sheet {page.sheet}, {'fronts' if page.kind == 'front' else 'backs'}"
    return page.kind
