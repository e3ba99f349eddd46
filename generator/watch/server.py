"""The preview, served on 127.0.0.1 only: the page, its state, its images, the PDF, the layout view's model of
a card and its writes (studio.py), and nothing else.

Every answer is made from the last good build held in memory; no request names a file on disk, so no path
can lead out of the preview, and there is nothing to list. An unknown path is 404; a request whose Host is
not this server's own address is refused (a web page elsewhere cannot reach the preview by renaming itself).
A write (POST) must also come from this server's own page: no Origin but its own, the token the page was
served with (X-Pnp-Token), a JSON body. The page learns of each rebuild through server-sent events (/events).
"""
from __future__ import annotations

import errno
import hmac
import json
import re
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib import resources
from urllib.parse import parse_qs, urlsplit

from ..errors import PnpError
from .preview import MAX_PX
from .studio import MAX_BODY, Refused, Studio

IMAGE = re.compile(r"^/(face|large|sheet)/([0-9a-f]{32})\.png$")
CSP = ("default-src 'none'; img-src 'self' blob:; connect-src 'self'; script-src 'self' 'unsafe-inline'; "
       "style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'")
KEEPALIVE = 15.0            # seconds between comments on an idle event stream


class Preview:
    """What the server shows, replaced by the watch loop after every build (publish)."""

    def __init__(self):
        self.changed = threading.Condition()
        self.snapshot = None        # preview.Snapshot of the last good build
        self.failure = None         # rebuild.Failure of the last build, when it failed
        self.number = 0
        self.published = 0          # how many times: a good build twice, its cards and then its PDF (rebuild.py)
        self.stopping = False

    def publish(self, snapshot, failure, number: int) -> None:
        with self.changed:
            self.snapshot, self.failure, self.number = snapshot, failure, number
            self.published += 1
            self.changed.notify_all()

    def stop(self) -> None:
        with self.changed:
            self.stopping = True
            self.changed.notify_all()

    def state(self) -> dict:
        with self.changed:
            snap, failure, number = self.snapshot, self.failure, self.number
        out = dict(snap.state) if snap is not None else {"build": 0, "cards": [], "sheets": []}
        out["number"] = number
        out["failure"] = failure._asdict() if failure is not None else None
        return out


def _page(token: str) -> bytes:
    page = resources.files(__package__).joinpath("page.html").read_bytes()
    return page.replace(b"__PNP_TOKEN__", token.encode("ascii"))


def _bug(exc: Exception) -> str:
    if isinstance(exc, OSError):
        return f"{exc.filename or ''}: {exc.strerror or exc}".lstrip(": ")
    return f"internal error: {type(exc).__name__}: {' '.join(str(exc).split())[:200]} (this is a bug in pnp)"


def _script() -> bytes:
    return resources.files(__package__).joinpath("studio.js").read_bytes()


class Handler(BaseHTTPRequestHandler):
    server_version = "pnp-watch"
    sys_version = ""
    protocol_version = "HTTP/1.1"
    preview: Preview
    studio: Studio
    port: int

    def log_message(self, format, *args):       # the terminal is for builds, not requests
        pass

    def do_HEAD(self):
        self.do_GET(head=True)

    def do_GET(self, head: bool = False):
        if not self._own_host():
            return self._send(403, b"forbidden: this preview answers only at its own address\n", "text/plain")
        url = urlsplit(self.path)
        path = url.path
        if path == "/":
            return self._send(200, _page(self.studio.token), "text/html; charset=utf-8", head=head)
        if path == "/studio.js":
            return self._send(200, _script(), "text/javascript; charset=utf-8", head=head)
        if path in ("/layout.json", "/reference"):
            query = parse_qs(url.query)
            card = (query.get("card") or [""])[0]
            if path == "/reference":
                found = self.studio.picture_bytes(card)
                if found is not None:
                    return self._send(200, found[0], found[1], head=head)
                return self._send(404, b"no reference picture for that card\n", "text/plain")
            try:
                model = self.studio.layout(card, (query.get("side") or ["front"])[0])
            except Refused as exc:
                return self._json(exc.status, {"error": str(exc)})
            except Exception as exc:    # a bug in pnp met on this card: said in one line, and served on
                return self._json(500, {"error": _bug(exc)})
            return self._json(200, model, head=head)
        if path == "/state.json":
            body = json.dumps(self.preview.state(), ensure_ascii=False).encode("utf-8")
            return self._send(200, body, "application/json; charset=utf-8", head=head)
        if path == "/events":
            return self._send(200, b"", "text/event-stream", head=True) if head else self._events()
        if path == "/game.pdf":
            snap = self.preview.snapshot
            if snap is not None:
                return self._send(200, snap.pdf, "application/pdf", head=head)
        m = IMAGE.match(path)
        if m:
            snap = self.preview.snapshot
            png = None
            px = (parse_qs(url.query).get("px") or [None])[0]       # the layout view's: the size it shows it at
            if px is not None and (m.group(1) != "large" or not (px.isascii() and px.isdigit())
                                   or len(px) > 4 or not 16 <= int(px) <= MAX_PX):
                return self._send(400, f"px is a width in pixels, 16 to {MAX_PX}, of a large face\n".encode(),
                                  "text/plain")
            if snap is not None:
                draw = {"face": snap.face_png, "large": snap.large_png, "sheet": snap.sheet_png}[m.group(1)]
                png = draw(m.group(2), int(px)) if px is not None else draw(m.group(2))
            if png is not None:
                return self._send(200, png, "image/png", cache="public, max-age=31536000, immutable", head=head)
        return self._send(404, b"not found\n", "text/plain")

    def do_POST(self):
        """A write from the layout view (studio.py): refused, in one line of JSON, unless it comes from this
        server's own page with its token; the server goes on whatever is sent."""
        try:
            length = int(self.headers.get("Content-Length") or -1)
        except ValueError:
            length = -1
        if not 0 <= length <= MAX_BODY:
            self.close_connection = True
            return self._json(413 if length > MAX_BODY else 411, {"error": "a write is a JSON body with its length, "
                                                                    f"at most {MAX_BODY} bytes"})
        body = self.rfile.read(length)
        if not self._own_host():
            return self._json(403, {"error": "forbidden: this preview answers only at its own address"})
        origin = self.headers.get("Origin")
        if origin is not None and origin.strip().lower() not in (f"http://127.0.0.1:{self.port}",
                                                                 f"http://localhost:{self.port}"):
            return self._json(403, {"error": f"forbidden: a write from another origin ({origin[:80]})"})
        token = self.headers.get("X-Pnp-Token") or ""
        if not hmac.compare_digest(token.encode("utf-8", "replace"), self.studio.token.encode("ascii")):
            return self._json(403, {"error": "forbidden: a write needs the token this preview's page was served "
                                             "with (reload the page)"})
        if (self.headers.get("Content-Type") or "").split(";")[0].strip().lower() != "application/json":
            return self._json(415, {"error": "a write is sent as application/json"})
        path = urlsplit(self.path).path
        try:
            if path == "/layout/box":
                return self._json(200, self.studio.write(body))
            if path in ("/layout/undo", "/layout/redo"):
                return self._json(200, self.studio.again(body, path == "/layout/undo"))
        except Refused as exc:
            return self._json(exc.status, {"error": str(exc)})
        except Exception as exc:        # a bug in pnp, or a file it cannot read: said in one line, and served on
            return self._json(500, {"error": _bug(exc)})
        return self._json(404, {"error": "not found"})

    def _json(self, status: int, value, head: bool = False):
        body = json.dumps(value, ensure_ascii=False).encode("utf-8")
        return self._send(status, body, "application/json; charset=utf-8", head=head)

    def _own_host(self) -> bool:
        host = (self.headers.get("Host") or "").strip().lower()
        return host in (f"127.0.0.1:{self.port}", f"localhost:{self.port}")

    def _send(self, status: int, body: bytes, kind: str, cache: str = "no-store", head: bool = False):
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", cache)
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("Content-Security-Policy", CSP)
        self.send_header("Referrer-Policy", "no-referrer")
        self.end_headers()
        if not head:
            self.wfile.write(body)

    def _events(self):
        """A server-sent event each time a build is published (good or not: a good one as its cards are ready, and
        again once its PDF is written); the page then asks /state.json."""
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-store")
        self.send_header("X-Content-Type-Options", "nosniff")
        self.end_headers()
        self.close_connection = True
        p = self.preview
        seen = -1
        try:
            self.wfile.write(b"retry: 1000\n\n")
            while True:
                with p.changed:
                    p.changed.wait_for(lambda: p.published != seen or p.stopping, timeout=KEEPALIVE)
                    number, published, stopping = p.number, p.published, p.stopping
                if stopping:
                    return
                if published != seen:
                    seen = published
                    self.wfile.write(f"event: build\ndata: {number}\n\n".encode())
                else:
                    self.wfile.write(b": still here\n\n")
                self.wfile.flush()
        except (BrokenPipeError, ConnectionResetError, OSError):
            return


class _HTTPServer(ThreadingHTTPServer):
    def handle_error(self, request, client_address):
        """A browser that closes a connection mid-answer (a reload, a closed tab) is no error of pnp's: nothing
        is printed, where socketserver prints a traceback; anything else is printed as it would be."""
        if isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError, ConnectionAbortedError)):
            return
        super().handle_error(request, client_address)


class Server:
    """ThreadingHTTPServer on 127.0.0.1:port (0: any free port) in a thread of its own."""

    def __init__(self, preview: Preview, port: int, reference=None, wrote=None):
        self.studio = Studio(preview, reference, wrote)
        handler = type("PreviewHandler", (Handler,), {"preview": preview, "studio": self.studio})
        try:
            self.httpd = _HTTPServer(("127.0.0.1", port), handler)
        except OSError as exc:
            if exc.errno == errno.EADDRINUSE:
                raise PnpError(f"port {port} is in use on 127.0.0.1", field="--port",
                               hint="choose another with --port N, or --port 0 for any free one")
            raise PnpError(f"cannot serve the preview on 127.0.0.1:{port}: {exc.strerror or exc}", field="--port")
        self.httpd.daemon_threads = True
        self.port = self.httpd.server_address[1]
        handler.port = self.port
        self.preview = preview
        self.url = f"http://127.0.0.1:{self.port}/"
        self.thread = threading.Thread(target=self.httpd.serve_forever, kwargs={"poll_interval": 0.2},
                                       name="pnp-preview", daemon=True)

    def start(self) -> None:
        self.thread.start()

    def stop(self) -> None:
        self.preview.stop()
        self.httpd.shutdown()
        self.httpd.server_close()
