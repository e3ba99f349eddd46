"""Running pnp as a user does: a subprocess, its exit status, stdout and stderr."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
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
