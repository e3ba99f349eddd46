"""Running pnp as a user does: a subprocess, its exit status, stdout and stderr; or, where what a fresh process
does is not the point, in this process through the CLI's own entry (pnp_in_process)."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import warnings
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent      # the checkout
TESTS = ROOT / "tests"                              # the tests' data: decks/, broken/, fonts/, seeds/, sheets/


def pnp(*args, cwd=None, check=False, env=None) -> subprocess.CompletedProcess:
    """`env`: variables to set on top of this process's environment."""
    proc = subprocess.run([sys.executable, "-m", "generator", *map(str, args)], cwd=cwd or ROOT,
                          capture_output=True, text=True, timeout=300,
                          env={**os.environ, **env} if env else None)
    if check and proc.returncode != 0:
        raise AssertionError(f"pnp {' '.join(map(str, args))} failed ({proc.returncode}):\n{proc.stderr}")
    return proc


def pnp_in_process(*args, cwd=None, check=False, env=None) -> subprocess.CompletedProcess:
    """pnp run in this process through the CLI's own entry (generator.cli.invoke, which `pnp` runs), from `cwd`
    (default: the checkout, as pnp() runs), as a CompletedProcess: exit status, stdout, stderr. It costs no
    interpreter start and no imports (a `pnp` subprocess costs 0.3-0.5 s before it does anything), for tests of
    what a command says and writes; what a fresh process does (start-up, kills, same bytes across processes,
    the real `pnp` entry) is tested with pnp(). An exception pnp does not catch fails the test, as a traceback
    would; pnp proof's status 1 (SystemExit) is returned as `pnp` exits with it. `env`: variables set for the run
    (PNP_CACHE: pnp reads it as it opens a cache), as pnp() sets them on the process."""
    import contextlib
    import io

    from generator.cli import invoke
    # nothing an earlier run in this process read needs forgetting: each run loads its deck afresh, and what is
    # worked out from a deck's files lives on that deck (docs/architecture.md, One value a build); what pictures
    # were found to be is kept by their files' stat, as a new process reads it from the cache
    out, err = io.StringIO(), io.StringIO()
    here = os.getcwd()
    saved = {name: os.environ.get(name) for name in env or {}}
    os.environ.update(env or {})
    os.chdir(cwd or ROOT)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err), warnings.catch_warnings():
            _warnings_as_a_process_shows_them(err)
            try:
                code = invoke([str(a) for a in args])
            except SystemExit as exc:
                code = exc.code
    finally:
        os.chdir(here)
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value
    if check and code != 0:
        raise AssertionError(f"pnp {' '.join(map(str, args))} failed ({code}):\n{err.getvalue()}")
    return subprocess.CompletedProcess(["pnp", *map(str, args)], code, out.getvalue(), err.getvalue())


def _warnings_as_a_process_shows_them(err) -> None:
    """Python's warnings as `pnp` shows them on its stderr (Python's default filters, not pytest's, which would
    keep them for its summary): a warning a command gives is in what a test reads, as from a subprocess."""
    warnings.resetwarnings()
    for category in (DeprecationWarning, PendingDeprecationWarning, ImportWarning, ResourceWarning):
        warnings.simplefilter("ignore", category)
    warnings.showwarning = lambda message, category, filename, lineno, file=None, line=None: err.write(
        warnings.formatwarning(message, category, filename, lineno, line))


def copy_deck(name: str, dest: Path) -> Path:
    """A copy of decks/NAME to mutate in a test; returns the folder."""
    target = dest / name
    shutil.copytree(ROOT / "decks" / name, target)
    return target


def writable_copy(src: Path, dest: Path) -> Path:
    """A copy of a shared artefact's folder (conftest.py) to change in a test: files keep their times,
    and are writable. Returns dest."""
    shutil.copytree(src, dest, ignore=shutil.ignore_patterns(".done", "stdout.txt", "stderr.txt"))
    for p in dest.rglob("*"):
        p.chmod(p.stat().st_mode | 0o200)
    return dest
