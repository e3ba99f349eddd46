"""The layout view's side of the preview server: a card's regions for the page (/layout.json), a region's box
written back into its template (POST /layout/box), undone and redone (POST /layout/undo, /layout/redo), and the
reference pictures a designer calibrates against (/reference/CARD, from `pnp watch --reference FOLDER`).

A write is held to what it may touch, whoever asks: the request carries the token the page was served with
(a page of another origin cannot read it), names a template of the watched game's templates/ and a region id
(never a path), changes only that region's `box` (layout/boxedit.py), and says the digest of the file it read:
a file changed on disk since is not written (409; the page reloads it). An undo or redo puts back the bytes a
write of this process replaced, only where the file still holds what that write left. A request that is not
of this shape is refused in one line, and the server goes on. The write is all: the watch loop is told of it
(`wrote`) and rebuilds at once, as for any save, without waiting to notice it.
Not here: the routes, Host and Origin checks (server.py), where a region comes from (layout/provenance.py).
"""
from __future__ import annotations

import json
import math
import secrets
import threading
from pathlib import Path

from ..errors import PnpError
from .preview import RENDER

MAX_BODY = 16_384           # bytes of a write's JSON
HISTORY = 200               # writes kept for undo and redo
PICTURES = {".png": "image/png", ".jpg": "image/jpeg", ".jpeg": "image/jpeg", ".webp": "image/webp"}
MAX_PICTURE = 64 << 20
WRITE_KEYS = {"template": str, "region": str, "box_mm": list, "files": dict, "base": bool, "game": str,
              "card": str}


class Refused(Exception):
    """A request refused: its HTTP status and one line saying why."""

    def __init__(self, status: int, message: str):
        super().__init__(message)
        self.status = status


class Studio:
    """What the layout view needs of the watch: the token, the writes made (for undo and redo), the folder of
    reference pictures. One a `pnp watch` process; the preview's snapshot gives the deck each write is made on."""

    def __init__(self, preview, reference: Path | None = None, wrote=None):
        self.preview = preview
        self.wrote = wrote                  # wrote(path): told of each file written, to build at once (loop.Saves)
        self.token = secrets.token_urlsafe(24)
        self.reference = Path(reference).resolve() if reference is not None else None
        self.lock = threading.Lock()        # one write at a time: each reads, checks and writes its file
        self.writes: dict = {}              # id -> (path, file, bytes before, bytes after)
        self.count = 0

    def layout(self, card: str, side: str) -> dict:
        snap = self.preview.snapshot
        model = snap.layout(card, side) if snap is not None and side in ("front", "back") else None
        if model is None:
            raise Refused(404, f"no card '{card}' with a {side} in the last good build")
        return {**model, "game": snap.deck.id, "reference": self.picture(card) is not None}

    def write(self, body: bytes) -> dict:
        """POST /layout/box: {template, region, box_mm: [x, y, w, h], files: {file: digest}, base?, game?}."""
        from ..layout import boxedit  # lazy: +400 ms to import (benchmarks/imports.py)
        ask = _json(body)
        unknown = sorted(set(ask) - set(WRITE_KEYS))
        if unknown:
            raise Refused(400, f"unknown field '{unknown[0]}': a write names a template, a region and its box, "
                               "nothing else")
        for key in ("template", "region", "box_mm", "files"):
            if key not in ask:
                raise Refused(400, f"missing field '{key}'")
        for key, kind in WRITE_KEYS.items():
            if key in ask and not isinstance(ask[key], kind):
                raise Refused(400, f"field '{key}' must be {kind.__name__}")
        box = ask["box_mm"]
        if len(box) != 4 or not all(isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)
                                    and abs(v) < 2000 for v in box):
            raise Refused(400, "box_mm must be four numbers, millimetres from the trim's top-left")
        snap = self.preview.snapshot
        if snap is None:
            raise Refused(409, "nothing is built yet")
        deck = snap.deck
        if ask.get("game", deck.id) != deck.id:
            raise Refused(403, f"this preview writes only the game it watches ({deck.id})")
        with self.lock, RENDER:
            try:
                edit = boxedit.plan(deck, ask["template"], ask["region"], box=[v * 72 / 25.4 for v in box],
                                    base=ask.get("base", False))
            except PnpError as exc:
                raise Refused(400, _line(exc)) from None
            said = ask["files"].get(edit.file)
            if said != boxedit.digest(edit.before):
                raise Refused(409, f"{edit.file} changed on disk since the page read it; nothing was written "
                                   "(the page reloads it)")
            try:
                boxedit.apply(edit)
            except PnpError as exc:
                raise Refused(409, _line(exc)) from None
            self.count += 1
            self.writes[self.count] = (edit.path, edit.file, edit.before, edit.after)
            for old in list(self.writes)[:-HISTORY]:
                del self.writes[old]
            if self.wrote is not None:
                self.wrote(edit.path)
        return {"ok": True, "file": edit.file, "line": edit.line, "box": list(edit.box), "how": edit.how,
                "template": edit.template, "digest": boxedit.digest(edit.after), "undo": self.count}

    def again(self, body: bytes, undo: bool) -> dict:
        """POST /layout/undo or /layout/redo: {undo: N}, the number a write answered with."""
        from ..layout import boxedit  # lazy: +400 ms to import (benchmarks/imports.py)
        ask = _json(body)
        n = ask.get("undo")
        if set(ask) != {"undo"} or not isinstance(n, int) or isinstance(n, bool):
            raise Refused(400, "an undo or redo is {\"undo\": N}, N the number its write answered with")
        with self.lock:
            if n not in self.writes:
                raise Refused(404, f"no write {n} to {'undo' if undo else 'redo'} (this watch made it, or it is "
                                   "too old)")
            path, file, before, after = self.writes[n]
            now, then = (after, before) if undo else (before, after)
            try:
                boxedit.restore(path, now, then)
            except PnpError:
                raise Refused(409, f"{file} changed on disk since; nothing was written (the page reloads it)") \
                    from None
            if self.wrote is not None:
                self.wrote(path)
        return {"ok": True, "file": file, "digest": boxedit.digest(then)}

    def picture(self, card: str) -> Path | None:
        """The reference picture of a card: a PNG, JPEG or WebP in the reference folder (not below it) named for
        the card: its id, its name or its number (7, 07, 007)."""
        snap = self.preview.snapshot
        if self.reference is None or snap is None:
            return None
        c = next((lo.card for lo in snap.laid if lo.card.id == card), None)
        if c is None:
            return None
        n = c.index + 1
        names = {c.id.casefold(), c.name.casefold(), str(n), f"{n:02d}", f"{n:03d}"}
        try:
            found = sorted(p for p in self.reference.iterdir() if p.suffix.lower() in PICTURES
                           and p.stem.casefold() in names)
        except OSError:
            return None
        for p in found:
            real = p.resolve()
            if real.parent == self.reference and real.is_file() and real.stat().st_size <= MAX_PICTURE:
                return real
        return None

    def picture_bytes(self, card: str) -> tuple[bytes, str] | None:
        path = self.picture(card)
        if path is None:
            return None
        try:
            return path.read_bytes(), PICTURES[path.suffix.lower()]
        except OSError:
            return None


def _json(body: bytes) -> dict:
    if len(body) > MAX_BODY:
        raise Refused(413, f"the request is over {MAX_BODY} bytes")
    try:
        ask = json.loads(body.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        raise Refused(400, "the request is not JSON") from None
    if not isinstance(ask, dict):
        raise Refused(400, "the request is not a JSON object")
    return ask


def _line(exc: PnpError) -> str:
    return " ".join(str(exc).split())
