"""Digests of every output the shipped games make: the PDF on A4 and Letter in every duplex mode, with --bleed,
--only and --calibration; every export (The Game Crafter, MakePlayingCards, the print-shop PDF in RGB and CMYK,
DriveThruCards, PNGs, the showcase, Tabletop Simulator); the proof. A change meant to leave the printouts as they were (a refactor) is held to the same list before and after:

    python benchmarks/digests.py > /tmp/before.txt      # on the old commit
    python benchmarks/digests.py > /tmp/after.txt       # on the new one
    diff /tmp/before.txt /tmp/after.txt                  # nothing: the same bytes

Each line is "SHA-256  path" relative to the output folder (pnp-digests in the system's temporary folder, emptied
first, unless --out says: Tabletop Simulator's saved objects name their images by their full path, so the folder
must be the same on both sides). pnp is run as a user runs it (python -m generator), with the cache off, so every
file is made afresh.
Not here: timing (run.py), the tests (tests/).
"""
from __future__ import annotations

import argparse
import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("vasa-regalis", "royal-lines", "aqua-regia", "christina-regina", "a-royal-will")
BUILDS = {      # name -> build options
    "a4-long": [],
    "a4-short": ["--duplex", "short"],
    "a4-fold": ["--duplex", "fold"],
    "a4-none": ["--duplex", "none", "--drop-backs"],
    "letter-long": ["--paper", "letter"],
    "letter-short": ["--paper", "letter", "--duplex", "short"],
    "letter-fold": ["--paper", "letter", "--duplex", "fold"],
    "a4-bleed": ["--bleed", "3"],
    "a4-offset-calibration": ["--offset", "0.5,-1", "--calibration"],
    "only": ["--only", "1", "--only", "3-5"],
}
EXPORTS = {      # name -> export options
    "gamecrafter": ["--to", "gamecrafter", "-j", "1"],
    "mpc": ["--to", "mpc", "-j", "1"],
    "pdf": ["--to", "pdf"],
    "pdf-cmyk": ["--to", "pdf", "--cmyk"],
    "drivethrucards": ["--to", "drivethrucards"],
    "png": ["--to", "png"],
    "showcase": ["--to", "showcase"],
    "tts": ["--to", "tts"],
}


def jobs(out: Path) -> list[list[str]]:
    runs = []
    for game in GAMES:
        for name, opts in BUILDS.items():
            runs.append(["build", game, *opts, "-o", str(out / "build" / f"{game}.{name}.pdf")])
        for name, opts in EXPORTS.items():
            runs.append(["export", game, *opts, "-o", str(out / name / game)])
        runs.append(["proof", game, "-q", "-o", str(out / "proof" / game)])
    return runs


def run(args: list[str], cwd: Path) -> tuple[list[str], int, str]:
    env = {**os.environ, "PNP_CACHE": "off"}
    p = subprocess.run([sys.executable, "-m", "generator", *args], cwd=cwd, env=env, capture_output=True,
                       text=True)
    return args, p.returncode, p.stderr.strip()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", default=str(Path(tempfile.gettempdir()) / "pnp-digests"),
                    help="the folder to write the outputs in (emptied first)")
    ap.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 1)
    a = ap.parse_args()
    out = Path(a.out).resolve()
    shutil.rmtree(out, ignore_errors=True)
    with ThreadPoolExecutor(a.jobs) as pool:
        results = list(pool.map(lambda r: run(r, ROOT), jobs(out)))
    for args, code, err in results:
        if code not in (0, 1):          # 1: the proof found something (it still wrote its files)
            print(f"# exit {code}: pnp {' '.join(args)}: {err.splitlines()[-1] if err else ''}")
    # the exports' and the proof's own records (.export-cache.json ...) hold the files' times: not outputs
    for path in sorted(p for p in out.rglob("*") if p.is_file() and not p.name.startswith(".")):
        digest = hashlib.sha256(path.read_bytes()).hexdigest()
        print(f"{digest}  {path.relative_to(out).as_posix()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
