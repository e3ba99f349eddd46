"""pnp watch's rebuild after a one-card text edit, against the floor for the same cards, in the same run.

For each seed game: a copy of the game is watched by one `pnp watch --json` process (its caches warm, as a
designer's would be after the first build); before each turn one card's text changes (timing.Edit) and the
watcher reports the CPU time of its rebuild (load, check, lay out, impose, write the PDF: measured with
time.thread_time around the rebuild in the warm process, in its `built` event as rebuild_cpu_ms), then the
floor script (benchmarks/floor.py) runs for the same number of cards as a whole process. The ratio is the
median of the turns' ratios of CPU time. Target (issue 19): at most 0.5x. The preview's own work after a
rebuild (the proof's findings and the page's model: preview_cpu_ms) is printed beside it; images are drawn
only when a browser asks for them, so none are drawn here.
Usage: python benchmarks/watch.py [--repeat N] [GAME ...]
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from timing import PY, ROOT, Edit, card_count, run  # noqa: E402

TARGET = 0.5
DEADLINE = 60.0


class Watch:
    def __init__(self, folder: Path, out: Path, cache: Path):
        self.proc = subprocess.Popen([PY, "-m", "generator", "watch", str(folder), "--port", "0", "--json",
                                      "--output", str(out)], cwd=ROOT, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, text=True, env={**os.environ, "PNP_CACHE": str(cache)})

    def until(self, *events: str) -> dict:
        end = time.monotonic() + DEADLINE
        while time.monotonic() < end:
            line = self.proc.stdout.readline()
            if not line:
                raise SystemExit(f"pnp watch ended ({self.proc.wait()})")
            event = json.loads(line)
            if event["event"] in events:
                return event
        raise SystemExit(f"pnp watch: no {events} within {DEADLINE:g} s")

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(2)
            try:
                self.proc.wait(timeout=DEADLINE)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


def measure(game: str, tmp: Path, repeat: int) -> dict:
    n = card_count(game)
    edit = Edit(game, tmp / "watched" / game)
    floor = [PY, "benchmarks/floor.py", str(n), str(tmp / f"floor-{game}.pdf")]
    w = Watch(edit.folder, tmp / f"{game}-watched.pdf", tmp / "cache")
    try:
        w.until("built")
        w.until("watching")
        rebuilds, previews, floors = [], [], []
        run(floor)                                      # the floor's files in the page cache, as for pnp
        for turn in range(repeat + 2):
            edit()
            built = w.until("built", "failed")
            if built["event"] != "built" or built["changed"] == []:
                raise SystemExit(f"{game}: the edit did not rebuild one card: {built}")
            _, cpu, _ = run(floor)
            if turn >= 2:                               # two edits first: every code path warm
                rebuilds.append(built["rebuild_cpu_ms"] / 1000)
                previews.append(built["preview_cpu_ms"] / 1000)
                floors.append(cpu)
    finally:
        w.stop()
    return {"game": game, "cards": n, "rebuild": statistics.median(rebuilds), "preview": statistics.median(previews),
            "floor": statistics.median(floors), "ratio": statistics.median(r / f for r, f in zip(rebuilds, floors)),
            "min": min(rebuilds), "max": max(rebuilds)}


def report(rows: list[dict]) -> list[str]:
    """Prints the table; returns the games over the target."""
    print(f"\n{'pnp watch: rebuild after a one-card edit':42} {'rebuild CPU':22} {'preview CPU':12} "
          f"{'floor CPU':10} ratio (target <= {TARGET:g}x)")
    over = []
    for r in rows:
        ok = r["ratio"] <= TARGET
        if not ok:
            over.append(f"watch {r['game']}")
        print(f"{r['game'] + ' (' + str(r['cards']) + ' cards)':42} {r['rebuild'] * 1000:5.0f} ms "
              f"({r['min'] * 1000:3.0f}-{r['max'] * 1000:3.0f}) {r['preview'] * 1000:8.0f} ms "
              f"{r['floor'] * 1000:7.0f} ms  {r['ratio']:4.2f}x  {'ok' if ok else 'OVER'}")
    return over


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=7)
    ap.add_argument("games", nargs="*")
    args = ap.parse_args()
    games = args.games or sorted(p.name for p in (ROOT / "decks").iterdir() if (p / "deck.yaml").is_file())
    tmp = Path(tempfile.mkdtemp(prefix="pnp-bench-watch-"))
    over = report([measure(g, tmp, args.repeat) for g in games])
    if over:
        print("targets missed: " + ", ".join(over))
    return 0


if __name__ == "__main__":
    sys.exit(main())
