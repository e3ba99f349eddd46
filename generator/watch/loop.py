"""The watch loop: build, serve the preview, then build again whenever a file the game uses is saved.

Watched: the game's folder (every file in it: deck.yaml, components.yaml, spreadsheets, templates, images,
fonts, rules, words.txt, whatever the deck comes to read) and the shared layouts/ and fonts/. Changes are
grouped (watchfiles: a save that arrives in several writes within STEP ms is one rebuild). The build's own
output and its temporary files are not watched, even when they lie inside the game's folder, nor are editors'
temporary files (a swap or lock file, a backup, vim's test file 4913, a .tmp written before a rename): they
neither start a build nor appear among the files a build says were saved.
"""
from __future__ import annotations

import json
import os
import queue
import re
import signal
import sys
import threading
from pathlib import Path

import click

from .. import FONTS, LAYOUTS, pipeline
from ..deck import resolve_game, shadowed
from ..layout import store
from ..render import rasters
from .preview import RENDER
from .rebuild import Builder, Outcome
from .server import Preview, Server
from ..deck.load import read_deck
from ..errors import Collector, PnpError
import tempfile
import webbrowser
from .touched import summary

STEP = 20           # ms of quiet after a change before rebuilding (an editor's save can be several writes)
DEBOUNCE = 1600     # ms: the most that changes are gathered before a rebuild
TIMEOUT = 500       # ms: how often the watcher looks up from waiting (to notice that it is running, or to stop)
# s: how long a thread waiting for the interpreter waits at most for the one running (Python's default: 5 ms). The
# page is told of a build before its PDF is written (rebuild.py), and asks for the state and the changed faces while
# the build's thread writes the PDF: each of the preview's steps (accept, read, answer) waits for the interpreter,
# so at 5 ms a wait two requests took 200-300 ms; at 0.5 ms, a few
SWITCH = 0.0005


# Files editors and office programs write beside the one being saved, by name: emacs's lock (.#x) and autosave
# (#x#), backups (x~, x.bak), vim's swap files (.x.swp, .x.swo ...) and the file it writes to test a folder
# (4913, 5036 ...: digits alone), temporaries (x.tmp, x.temp, .goutputstream-..., x.crswap, x.part),
# LibreOffice's and Microsoft Office's locks (.~lock.x.ods#, ~$x.xlsx), Kate's swap files (x.kate-swp), and
# what `sed -i` writes before its rename (sedXXXXXX)
TEMPORARY = re.compile(r"^(\.#.*|#.*#|.*~|.*\.bak|\..*\.sw.|\d+|.*\.te?mp|\.goutputstream-.*|.*\.crswap|.*\.part"
                       r"|\.~lock\..*#|~\$.*|.*\.kate-swp|sed[A-Za-z0-9]{6})$", re.I)


def temporary(name: str) -> bool:
    """Whether a file of this name is an editor's (or office program's) temporary file, not the game's."""
    return TEMPORARY.match(name) is not None


class Filter:
    """watchfiles' default filter (editor swap and backup files, .git, __pycache__), editors' temporary files
    (TEMPORARY), and none of pnp's outputs."""

    def __init__(self, out: Path, folder: Path):
        from watchfiles import DefaultFilter  # lazy: +14 ms to import (benchmarks/imports.py)
        self.default = DefaultFilter()
        self.out = str(out.resolve())
        output_dir = Path("output").resolve()           # pnp's outputs, when the game's folder is the current one
        inside = output_dir == folder.resolve() or output_dir in folder.resolve().parents
        self.output_dir = "\0" if inside else str(output_dir) + os.sep
        self.tmp = f".{out.name}."

    def __call__(self, change, path: str) -> bool:
        if not self.default(change, path):
            return False
        name = os.path.basename(path)
        if path == self.out or path.startswith(self.output_dir) or name.startswith(self.tmp) or temporary(name):
            return False
        # write_atomic's temporaries, and the anonymous file (O_TMPFILE) it writes first, which the kernel
        # reports under its inode number
        return not ((name.startswith(".") and name.endswith(".tmp")) or (name[:1] == "#" and name[1:].isdigit()))


def run(game: str, opts, output: Path | None, port: int, open_browser: bool, as_json: bool,
        reference: Path | None = None) -> int:
    deck_file = resolve_game(game)                  # an unknown game is a mistake at the start: exit 2
    folder = deck_file.parent
    note = shadowed(game)
    game = str(folder.resolve() if deck_file.name == "deck.yaml" else deck_file.resolve())
    deck_id = folder.name if deck_file.name == "deck.yaml" else deck_file.stem      # as deck/load.py names it
    out = output if output is not None else Path("output") / output_name(deck_id, opts)
    refuse_at_start(game, opts, out)                # the command line's own mistakes: exit 2, nothing served
    say = _Say(as_json)
    if note:
        say.note(note)                              # once, not at every rebuild: the builds name the path
    preview = Preview()
    saves = Saves()
    server = Server(preview, port, reference, wrote=saves.wrote)
    stop = threading.Event()
    old_term = signal.signal(signal.SIGTERM, _interrupt)
    sys.setswitchinterval(SWITCH)
    held = {"stores": store.Held(), "pictures": rasters.Memory()}
    watcher = None
    try:
        server.start()
        say.serving(server.url, folder)
        if open_browser and not open_in_browser(server.url):
            say.note(f"no web browser could be opened here (--open); open {server.url} yourself")
        builder = Builder(game, opts, output, folder.resolve(), held)
        watched = (folder.resolve(), LAYOUTS.resolve(), FONTS.resolve())
        keep = Filter(out, folder)
        before = _files(watched, keep)
        say.outcome(builder.build(), preview)
        watcher = threading.Thread(target=saves.watch, args=(watched, keep, stop, before), name="pnp-watch-files",
                                   daemon=True)
        watcher.start()
        while True:
            paths = saves.next(TIMEOUT / 1000)
            if paths is None:
                if not watcher.is_alive():
                    break
                continue
            if paths == "watching":
                say.watching()
                continue
            say.saved(paths, folder)
            say.outcome(builder.build(paths, shown=lambda snap: preview.publish(snap, None, snap.number)), preview)
    except KeyboardInterrupt:
        pass
    finally:
        stop.set()
        server.stop()
        if watcher is not None:
            watcher.join(timeout=TIMEOUT / 1000 * 4)
        # kept to the end: no thread of the preview may be drawing (pdfium, reportlab) as the process ends and
        # pypdfium2 closes its library (a face being drawn then aborted the process: "variant is valueless")
        RENDER.acquire(timeout=60)
        held["stores"].release()
        signal.signal(signal.SIGTERM, old_term)
    say.stopped()
    return 0


class Saves:
    """What the loop builds for, in order: the files the watcher finds saved (watchfiles, on a thread of its own)
    and the template files the layout view writes (studio.py), which are built at once, not when the watcher
    notices them 20-40 ms later (a drag's release); the watcher's report of a file the view wrote, as the view
    wrote it, is not built again, whichever of the two comes first (on a busy machine the watcher's report can
    be built before the view's thread says it wrote: a second build of the same bytes, which a page or a test
    waiting for the next build took for the build of its next write). Whatever waits when a build ends is one
    build."""

    def __init__(self):
        self.queue: queue.Queue = queue.Queue()
        self.written: dict = {}             # path -> (size, time) as the layout view wrote it, and it was built
        self.built: dict = {}               # path -> (size, time) as it was when a build for it was started

    def wrote(self, path) -> None:
        """The layout view wrote `path` (from a thread of the preview's server)."""
        self.queue.put(("wrote", [str(Path(path).resolve())]))

    def watch(self, watched, keep, stop: threading.Event, before: dict) -> None:
        """The watcher (its own thread): each set of changes found, once "watching" (the saves made before it ran
        found too: files that differ from `before`)."""
        from watchfiles import watch  # lazy: +14 ms to import (benchmarks/imports.py)
        ready = False
        # said as watch() sets the watcher up, not at its first report (a TIMEOUT later): a save from here on is
        # reported by it, or, made before it was set up, found by the look at the files at its first report
        self.queue.put(("watching", None))
        try:
            for changes in watch(*watched, watch_filter=keep, step=STEP, debounce=DEBOUNCE, stop_event=stop,
                                 rust_timeout=TIMEOUT, yield_on_timeout=True, raise_interrupt=False):
                paths = sorted({p for _, p in changes})
                if not ready:               # the watcher runs from here on; a save made before it is found here
                    ready = True
                    now = _files(watched, keep)
                    paths = sorted(set(paths) | {p for p in set(now) | set(before) if now.get(p) != before.get(p)})
                if paths:
                    self.queue.put(("saved", paths))
        except BaseException as exc:        # said by the loop, which ends
            self.queue.put(("failed", exc))

    def next(self, timeout: float):
        """The paths to build for next (sorted), "watching" once the watcher runs, or None after `timeout` s."""
        try:
            kind, paths = self.queue.get(timeout=timeout)
        except queue.Empty:
            return None
        if kind == "failed":
            raise paths
        if kind == "watching":
            return kind
        items = [(kind, paths)]
        while True:                         # whatever else waits: the same build
            try:
                items.append(self.queue.get_nowait())
            except queue.Empty:
                break
        out: set = set()
        for kind, paths in items:
            if kind == "failed":
                raise paths
            if kind == "watching":
                self.queue.put((kind, paths))
                continue
            for p in paths:
                now = _stat(p)
                if kind == "wrote":
                    self.written[p] = now
                    if p not in out and self.built.get(p) == now and now is not None:
                        continue            # the watcher's report of this write came first: built already
                elif self.written.get(p) == now and now is not None:
                    continue                # the view's write, built already
                out.add(p)
                self.built[p] = now
        return sorted(out) if out else self.next(0)


def output_name(deck_id: str, opts) -> str:
    """The PDF's name in output/, as pnp build names it for the same options (commands/build.py)."""
    from ..pipeline import output_name as named  # lazy: here, as another function of this module imports a different named
    lang = f".{opts.language}" if opts.language else ""        # (--lang of its source language: no suffix)
    return named(deck_id + lang, opts.paper, opts.duplex) + ".pdf"


def refuse_at_start(game: str, opts, out: Path) -> None:
    """The mistakes of the command line itself, found before anything is served (PnpError: exit 2): the sheets'
    options together (--bleed with --gutter touching), a --lang the deck does not name, a --without part it
    lacks or cannot leave out, an output that cannot be written. A mistake in the deck's own files is not one
    of them: the watch starts, shows it, and builds again once it is mended."""
    from ..deck.languages import named  # lazy: here, as another function of this module imports a different named
    from ..impose.spec import sheet_spec  # lazy: +14 ms to import (benchmarks/imports.py)
    sheet_spec(opts.paper, opts.duplex, opts.offset, opts.bleed, opts.spacing)
    found = Collector(limit=10**6)
    try:
        deck, loader = read_deck(game, found)
    except PnpError:
        deck = None                         # not YAML at all: the first build says so, and the watch goes on
    if deck is not None:
        failed = {k for k, _ in loader.failed}
        if opts.language is not None and "languages" not in failed and not any(
                e.field and str(e.field).startswith("languages") for e in found.errors):
            named(deck, opts.language)
        if opts.without and deck.parts and "part" not in failed:
            pipeline.check_without(deck, opts.without)
    writable(out)


def writable(out: Path) -> None:
    """PnpError unless a file can be written at `out` (its folder made if need be, as a build makes it)."""

    if out.is_dir():
        raise PnpError(f"cannot write {out}: it is a folder", field="-o", hint="name a file such as game.pdf")
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(dir=out.parent, prefix=f".{out.name}.", suffix=".tmp"):
            pass
    except OSError as exc:
        raise PnpError(f"cannot write {out}: {exc.strerror or exc}", field="-o",
                       hint="choose a folder you can write in with -o") from None


def open_in_browser(url: str) -> bool:
    """Open `url` in the user's web browser; False where none can be (no display to show one on, or no
    browser): Python's webbrowser would otherwise run a text browser in this very terminal, or nothing."""
    if sys.platform.startswith("linux") and not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")) \
            and not os.environ.get("BROWSER"):
        return False
    try:
        return bool(webbrowser.open(url))
    except webbrowser.Error:
        return False


def _files(folders, keep) -> dict:
    """{path: (size, time)} of the files under `folders` that the watch looks at."""
    out = {}
    for top in folders:
        for dirpath, dirnames, filenames in os.walk(top):
            dirnames[:] = [d for d in dirnames if keep(None, os.path.join(dirpath, d))]
            for f in filenames:
                path = os.path.join(dirpath, f)
                if keep(None, path):
                    try:
                        st = os.stat(path)
                    except OSError:
                        continue
                    out[path] = (st.st_size, st.st_mtime_ns)
    return out


def _stat(path: str):
    try:
        st = os.stat(path)
    except OSError:
        return None
    return st.st_size, st.st_mtime_ns


def _interrupt(signum, frame):
    raise KeyboardInterrupt


class _Say:
    """What the terminal is told: lines for a person, or with --json one JSON object a line for a program."""

    def __init__(self, as_json: bool):
        self.json = as_json

    def _emit(self, event: dict, text: str | None, err: bool = False) -> None:
        if self.json:
            click.echo(json.dumps(event, ensure_ascii=False))
        elif text is not None:
            click.echo(text, err=err)
        sys.stdout.flush()

    def note(self, text: str) -> None:
        self._emit({"event": "note", "message": text}, f"pnp: note: {text}", err=True)

    def serving(self, url: str, folder: Path) -> None:
        self._emit({"event": "serving", "url": url, "folder": str(folder)},
                   f"pnp: watching {folder}; the preview is at {url} (Ctrl-C stops)")

    def watching(self) -> None:
        self._emit({"event": "watching"}, None)

    def saved(self, paths, folder: Path) -> None:
        shown = []
        for p in paths[:5]:
            try:
                shown.append(str(Path(p).relative_to(folder.resolve())))
            except ValueError:
                shown.append(p)
        more = f" and {len(paths) - 5} more" if len(paths) > 5 else ""
        self._emit({"event": "saved", "paths": paths}, f"saved: {', '.join(shown)}{more}")

    def outcome(self, o: Outcome, preview: Preview) -> None:
        preview.publish(o.snapshot, o.failure, o.number)
        if o.ok:
            snap = o.snapshot
            cards = len(snap.state["cards"])
            changed = f"; changed: {summary(o.touched, o.changed)}" if o.changed else ""
            counts = dict(snap.state["counts"])
            counts["warning"] += len(o.warnings)        # the build's own warnings, printed below: counted too
            found = f"; {counts['error']} errors, {counts['warning']} warnings (see the preview)" \
                if counts["error"] or counts["warning"] else ""
            self._emit({"event": "built", "build": o.number, "pdf": str(snap.out), "cards": cards,
                        "changed": o.changed, "touched": o.touched,
                        "rebuild_cpu_ms": o.rebuild_ms, "preview_cpu_ms": o.preview_ms,
                        "wall_ms": round(o.wall_ms, 1), "shown_ms": round(o.shown_ms, 1),
                        "shown_cpu_ms": o.shown_cpu_ms, "counts": counts, "incomplete": o.check is not None,
                        "warnings": [w.removeprefix("pnp: warning: ") for w in o.warnings]},
                       f"build {o.number}: wrote {snap.out}, {snap.state['card_count']} cards in {o.wall_ms:.0f} ms"
                       f"{changed}{found}")
            if not self.json:
                for line in o.warnings:
                    click.echo(line, err=True)
            if o.check and not self.json:
                click.echo("pnp: warning: the component check finds the deck incomplete (see the preview)", err=True)
        else:
            kept = f"kept the last good {o.snapshot.out} (build {o.snapshot.number})" if o.snapshot is not None \
                else "nothing built yet"
            self._emit({"event": "failed", "build": o.number, "errors": o.failure.errors, "lines": o.failure.lines,
                        "kept": str(o.snapshot.out) if o.snapshot is not None else None}, None)
            if not self.json:
                for line in o.failure.lines:
                    click.echo(f"pnp: error: {line}", err=True)
                click.echo(f"build {o.number} failed; {kept}; fix it and save again", err=True)

    def stopped(self) -> None:
        self._emit({"event": "stopped"}, "pnp: stopped watching")
