"""A `pnp watch` process for tests: started on a game folder with --json and --port 0, its events read as
they come, its preview asked over real HTTP, and always stopped (stop(), or the context manager)."""
from __future__ import annotations

import http.client
import json
import os
import queue
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEADLINE = 20.0         # seconds: how long a test waits for the watcher before it fails


def _as_in_a_terminal() -> None:
    """Ctrl-C as a terminal delivers it: a suite started in the background of a script (`make test &`) runs
    with SIGINT ignored, which its children would inherit, and then the watcher could not be interrupted."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


class Watcher:
    def __init__(self, folder: Path, *args, cwd: Path | None = None, env: dict | None = None, as_json: bool = True):
        self.folder = Path(folder)
        self.events: list[dict] = []
        self._queue: queue.Queue = queue.Queue()
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "generator", "watch", str(folder), "--port", "0", *(["--json"] if as_json else []),
             *map(str, args)],
            cwd=cwd or folder.parent, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
            env={**os.environ, "PYTHONPATH": str(ROOT), **(env or {})}, preexec_fn=_as_in_a_terminal)
        self.stderr: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()
        threading.Thread(target=self._read_err, daemon=True).start()
        try:
            serving = self.wait_for(lambda e: e["event"] == "serving")
        except BaseException:
            self.stop()
            raise
        self.url = serving["url"]
        self.port = int(self.url.rsplit(":", 1)[1].strip("/"))

    def _read(self):
        for line in self.proc.stdout:
            try:
                self._queue.put(json.loads(line))
            except ValueError:         # without --json: lines for a person; the preview's address is one
                url = line.split("the preview is at ", 1)[1].split()[0] if "the preview is at " in line else None
                self._queue.put({"event": "serving", "url": url} if url else {"event": "text", "line": line})
        self._queue.put({"event": "exit"})

    def _read_err(self):
        for line in self.proc.stderr:
            self.stderr.append(line)
            self._queue.put({"event": "stderr", "line": line})

    def wait_for(self, match, deadline: float = DEADLINE) -> dict:
        """The next event (after those already taken) for which match(event) is true."""
        end = time.monotonic() + deadline
        while True:
            left = end - time.monotonic()
            if left <= 0:
                raise AssertionError(f"pnp watch: no such event within {deadline:g} s; events: {self.events[-5:]}; "
                                     f"stderr: {''.join(self.stderr)[-2000:]}")
            try:
                event = self._queue.get(timeout=left)
            except queue.Empty:
                continue
            self.events.append(event)
            if match(event):
                return event
            if event["event"] == "exit":
                raise AssertionError(f"pnp watch ended ({self.proc.wait()}): {''.join(self.stderr)[-2000:]}")

    def first_build(self) -> dict:
        """The first build, once the watcher is looking at the files (a save from then on is seen)."""
        first = self.build()
        self.wait_for(lambda e: e["event"] == "watching")
        return first

    def build(self, deadline: float = DEADLINE) -> dict:
        """The next finished build, good ("built") or not ("failed")."""
        return self.wait_for(lambda e: e["event"] in ("built", "failed"), deadline)

    def get(self, path: str, host: str | None = None) -> tuple[int, dict, bytes]:
        """(status, headers, body) of a GET sent as written (no normalising of '..')."""
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=DEADLINE)
        try:
            conn.putrequest("GET", path, skip_host=True)
            conn.putheader("Host", host or f"127.0.0.1:{self.port}")
            conn.endheaders()
            r = conn.getresponse()
            return r.status, dict(r.getheaders()), r.read()
        finally:
            conn.close()

    def state(self) -> dict:
        status, _, body = self.get("/state.json")
        assert status == 200
        return json.loads(body)

    def interrupt(self) -> int:
        """Ctrl-C: the exit status."""
        self.proc.send_signal(signal.SIGINT)
        return self.proc.wait(timeout=DEADLINE)

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(timeout=DEADLINE)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.stop()


def edit(path: Path, old: str, new: str) -> None:
    """Replace `old`, which the file must hold, with `new`, as an editor saves: the whole file at once."""
    text = path.read_text(encoding="utf-8")
    assert old in text and old != new, f"{old!r} is not in {path}"
    path.write_text(text.replace(old, new), encoding="utf-8")


def refused(folder: Path, *args, monkeypatch):
    """`pnp watch FOLDER --port 0 ARGS`, expected to stop by itself on a mistake at the start (exit 2, nothing
    served): run in this process (cli.pnp_in_process), its preview's server replaced by one that fails the test
    as it is made (a watch that got past its mistake would serve and wait; here it cannot). A CompletedProcess."""
    from cli import pnp_in_process
    from generator.watch import loop

    def served(*args, **kwargs):
        raise AssertionError("pnp watch got past its mistake at the start: it would serve the preview")
    with monkeypatch.context() as patch:
        patch.setattr(loop, "Server", served)
        return pnp_in_process("watch", folder, "--port", "0", *args, cwd=Path(folder).parent)
