"""Headless Chromium driven through the DevTools protocol over a pipe (--remote-debugging-pipe).

No client library: with a pipe, Chromium reads commands on its file descriptor 3 and writes answers and events
on 4, each a JSON object ended by a NUL byte, so the standard library is all a test needs (no websocket, no port
for another process to reach, and no browser download as playwright or pyppeteer would want).
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import time

FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--remote-debugging-pipe")


def chromium() -> str | None:
    return shutil.which("chromium") or shutil.which("chromium-browser")


class Browser:
    def __init__(self, profile, binary: str | None = None):
        to_r, self._to = os.pipe()          # commands: we write, Chromium reads on its fd 3
        self._from, from_w = os.pipe()      # answers: Chromium writes on its fd 4, we read

        def fds():
            os.dup2(to_r, 3)
            os.dup2(from_w, 4)
        self.proc = subprocess.Popen([binary or chromium(), *FLAGS, f"--user-data-dir={profile}", "about:blank"],
                                     stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                     pass_fds=(3, 4), preexec_fn=fds)
        os.close(to_r)
        os.close(from_w)
        self._buf = b""
        self._id = 0
        self.session = None
        self.target = None

    def send(self, method: str, params: dict | None = None, session: str | None = None, timeout: float = 30):
        self._id += 1
        msg = {"id": self._id, "method": method, "params": params or {}}
        if session or self.session:
            msg["sessionId"] = session or self.session
        os.write(self._to, json.dumps(msg).encode() + b"\0")
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            reply = self._next(end)
            if reply.get("id") == self._id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply.get("result", {})
        raise TimeoutError(f"no answer to {method} within {timeout} s")

    def _next(self, end: float) -> dict:
        while b"\0" not in self._buf:
            if time.monotonic() > end:
                raise TimeoutError("Chromium said nothing")
            chunk = os.read(self._from, 1 << 16)
            if not chunk:
                raise RuntimeError(f"Chromium ended ({self.proc.poll()})")
            self._buf += chunk
        raw, self._buf = self._buf.split(b"\0", 1)
        return json.loads(raw)

    def open(self, url: str) -> None:
        """A new tab at `url`; later commands go to it."""
        self.session = None
        self.target = self.send("Target.createTarget", {"url": url})["targetId"]
        self.session = self.send("Target.attachToTarget", {"targetId": self.target, "flatten": True})["sessionId"]

    def close_tab(self) -> None:
        """Close the tab open() made; the browser goes on, for another tab."""
        if self.target is not None and self.proc.poll() is None:
            self.session = None
            self.send("Target.closeTarget", {"targetId": self.target}, timeout=5)
        self.target = None

    def eval(self, expression: str):
        r = self.send("Runtime.evaluate", {"expression": expression, "returnByValue": True, "awaitPromise": True})
        if "exceptionDetails" in r:
            raise RuntimeError(f"{expression}: {r['exceptionDetails']}")
        return r["result"].get("value")

    def until(self, expression: str, deadline: float = 20.0):
        """Evaluate `expression` until it is truthy; its value."""
        end = time.monotonic() + deadline
        last = None
        while time.monotonic() < end:
            last = self.eval(expression)
            if last:
                return last
            time.sleep(0.1)
        raise AssertionError(f"not true within {deadline:g} s: {expression} (last: {last!r})")

    def close(self) -> None:
        try:
            if self.proc.poll() is None:
                self.session = None
                self.send("Browser.close", timeout=5)
        except Exception:
            pass
        finally:
            try:
                self.proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
            os.close(self._to)
            os.close(self._from)
