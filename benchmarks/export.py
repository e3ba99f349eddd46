"""How fast is `pnp export`? Milliseconds per card for the Game Crafter export of each seed game
(or, with --to tts, the Tabletop Simulator export).

    python benchmarks/export.py [GAME ...] [--to gamecrafter|tts] [--jobs N] [--repeat N] [--profile]

For each game (default: every deck under decks/), in this process:
- first: the first full export in this process, into a fresh folder (fonts read from disk);
- best, median: a full export into a fresh folder, over --repeat runs (deck loading included);
- again: a second export of the unchanged deck into the same folder (nothing is redrawn);
with the CPU time (this process and its workers) per card of the best run, and the cores used.
--profile writes a cProfile of one in-process (jobs=1) full export per game to /tmp/pnp-export-GAME.prof.
Issue 11's target: at most 12 ms per card on 2 cores.
"""
from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from generator import pipeline  # noqa: E402
from generator.deck import known_games  # noqa: E402
from generator.export import default_jobs, export  # noqa: E402
from generator.export.tts import export_tts  # noqa: E402

TO = {"gamecrafter": lambda deck, out, jobs: export(deck, out, jobs=jobs),
      "tts": lambda deck, out, jobs: export_tts(deck, out)}


def _cpu() -> float:
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


def timed(game: str, out: Path, jobs: int, to: str = "gamecrafter"):
    """(wall seconds, cpu seconds, report) of one export: load the deck, plan, draw, write."""
    wall, cpu = time.perf_counter(), _cpu()
    deck = pipeline.load(game)
    report = TO[to](deck, out, jobs)
    return time.perf_counter() - wall, _cpu() - cpu, report


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("games", nargs="*")
    ap.add_argument("--jobs", type=int, default=default_jobs())
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--profile", action="store_true")
    ap.add_argument("--to", choices=sorted(TO), default="gamecrafter")
    args = ap.parse_args(argv)
    games = args.games or known_games()
    print(f"pnp export --to {args.to} benchmark: {args.jobs} processes on {os.cpu_count()} cores; "
          f"best of {args.repeat}")
    print(f"load average {os.getloadavg()[0]:.1f} (other work on this machine slows every figure)")
    print(f"{'game':20} {'cards':>5} {'images':>6} {'first':>10} {'best':>10} {'median':>10} {'cpu':>9} "
          f"{'again':>10}   (ms per card)")
    root = Path(tempfile.mkdtemp(prefix="pnp-bench-"))
    failed = 0
    try:
        for game in games:
            try:
                n = pipeline.load(game).card_count()
            except Exception as exc:       # a deck being written may not load yet
                print(f"{game:20} does not load: {exc}")
                failed += 1
                continue
            first, _, report = timed(game, root / f"{game}-first", args.jobs, args.to)
            runs = sorted((timed(game, root / f"{game}-{i}", args.jobs, args.to) for i in range(args.repeat)),
                          key=lambda r: r[0])
            wall, cpu, report = runs[0]
            median = runs[len(runs) // 2][0]
            again = min(timed(game, root / f"{game}-0", args.jobs, args.to)[0] for _ in range(args.repeat))
            images = len(report.plan.images) if args.to == "gamecrafter" else len(report.layout.files)
            print(f"{game:20} {n:5} {images:6} {first * 1000 / n:10.1f} {wall * 1000 / n:10.1f} "
                  f"{median * 1000 / n:10.1f} {cpu * 1000 / n:9.1f} {again * 1000 / n:10.2f}")
            if args.profile:
                import cProfile
                prof = Path(tempfile.gettempdir()) / f"pnp-export-{game}.prof"
                deck = pipeline.load(game)
                cProfile.runctx("export(deck, out, 1)", globals(),
                                {"export": TO[args.to], "deck": deck, "out": root / f"{game}-prof"}, str(prof))
                print(f"{'':20} profile (jobs=1): {prof}")
    finally:
        shutil.rmtree(root, ignore_errors=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
