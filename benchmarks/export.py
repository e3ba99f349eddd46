"""How fast is `pnp export`? Milliseconds per card for the Game Crafter export of each seed game
(or, with --to tts, the Tabletop Simulator export); with --against, one target's CPU time against another's.

    python benchmarks/export.py [GAME ...] [--to gamecrafter|tts] [--jobs N] [--repeat N] [--profile]
    python benchmarks/export.py [GAME ...] --to drivethrucards --against pdf [--art N] [--designer] [--repeat N]
                                [--figures empty,first,unchanged,edited,cold]

For each game (default: every deck under decks/), in this process:
- first: the first full export in this process, into a fresh folder (fonts read from disk);
- best, median: a full export into a fresh folder, over --repeat runs (deck loading included);
- again: a second export of the unchanged deck into the same folder (nothing is redrawn);
with the CPU time (this process and its workers) per card of the best run, and the cores used.
--profile writes a cProfile of one in-process (jobs=1) full export per game to /tmp/pnp-export-GAME.prof.
Issue 11's target: at most 12 ms per card on 2 cores.

--against B (issue 56): each game exported with --to A and --to B as whole processes taking turns (timing.measure: a
ratio is the median of the ratios within a turn, CPU time of the process and the workers it waited for), with a
cache folder of its own, into a copy of the game: `empty`, into an empty folder with an empty cache (a designer's
first export: nothing laid out, examined or converted before); `first`, into an empty folder (pnp's cache as an
earlier export left it: a designer's second export); `unchanged`, again into the same folder; `edited`, after one
card's text changed; `cold`, into an empty folder with the cache's CMYK pictures removed (every picture converted
again, the layout store and the pictures' examination kept). GAMEs may be shipped games or folders; --art N adds
benchmarks/artdeck.py's deck of N cards with pictures, --designer benchmarks/designer.py's 91-piece game. A target
may be pdf-cmyk (--to pdf --cmyk). Issue 56's targets for --to drivethrucards against pdf: at most 2x into an empty
folder (empty, first, cold), at most 1.2x unchanged.
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


TARGETS = {"pdf": ["--to", "pdf"], "pdf-cmyk": ["--to", "pdf", "--cmyk"], "drivethrucards": ["--to", "drivethrucards"],
           "gamecrafter": ["--to", "gamecrafter"], "tts": ["--to", "tts"]}
LIMITS = {"empty": 2.0, "first": 2.0, "unchanged": 1.2, "cold": 2.0}    # issue 56, --to drivethrucards against pdf
FIGURES = ("empty", "first", "unchanged", "edited", "cold")


def against(args) -> int:
    """The --against benchmark (see the module's docstring): prints a line a game and figure, returns 1 when a
    target is missed."""
    from timing import PY, Edit, measure, ratio
    root = Path(tempfile.mkdtemp(prefix="pnp-bench-against-"))
    games = [(g, g, None) for g in args.games]         # (label, game, the text an edit flips: None, Edit's pick)
    if args.art:
        import artdeck
        games.append((f"art {args.art}", artdeck.art_deck(root / f"art-{args.art}", args.art), "Card 3, "))
    if args.designer:
        import designer
        games.append(("designer", designer.designer_game(root / "designer"), "Isle 7,"))
    missed = 0
    figures = [f for f in FIGURES if f in (args.figures or FIGURES)]
    print(f"pnp export --to {args.to} against --to {args.against}: CPU time ratios, median of {args.repeat} turns; "
          f"load average {os.getloadavg()[0]:.1f}")
    try:
        for n, (label, game, text) in enumerate(games):
            deck = Edit(Path(game) if Path(str(game)).is_dir() else game, root / f"deck-{n}", text)
            def cmd(target, out, before=None):
                argv = [PY, "-m", "generator", "export", str(deck.folder), *TARGETS[target], "--force", "-q", "-o",
                        str(out)]
                return (argv, {"PNP_CACHE": f"{out}-cache"}, before)        # each target a cache of its own

            def empty(out, conversions=False, cache=False):
                def go():
                    shutil.rmtree(out, ignore_errors=True)
                    if cache:
                        shutil.rmtree(f"{out}-cache", ignore_errors=True)
                    cmyk = Path(f"{out}-cache") / "cmyk"
                    if conversions and cmyk.is_dir():
                        for sub in cmyk.iterdir():
                            if sub.is_dir():
                                shutil.rmtree(sub, ignore_errors=True)
                return go
            a, b = root / f"out-{n}-a", root / f"out-{n}-b"
            runs = []
            for figure in figures:
                for target, out in ((args.to, a), (args.against, b)):
                    before = {"empty": empty(out, cache=True), "first": empty(out), "unchanged": None, "edited": deck,
                              "cold": empty(out, True)}[figure]
                    runs.append(cmd(target, out, before))
            results = measure(runs, args.repeat)
            for k, figure in enumerate(figures):
                x, y = results[2 * k], results[2 * k + 1]
                r = ratio(x, y)
                limit = LIMITS.get(figure) if (args.to, args.against) == ("drivethrucards", "pdf") else None
                verdict = "" if limit is None else ("  ok" if r <= limit else "  OVER") + f" (target <= {limit:g}x)"
                missed += limit is not None and r > limit
                print(f"{label:14} {figure:10} {args.to} cpu {x['cpu']:6.2f} s  {args.against} cpu {y['cpu']:6.2f} s  "
                      f"{r:5.2f}x{verdict}", flush=True)
    finally:
        shutil.rmtree(root, ignore_errors=True)
    return 1 if missed else 0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("games", nargs="*")
    ap.add_argument("--jobs", type=int, default=default_jobs())
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--profile", action="store_true")
    ap.add_argument("--to", choices=sorted(set(TO) | set(TARGETS)), default="gamecrafter")
    ap.add_argument("--against", choices=sorted(TARGETS), help="time --to against this target (issue 56)")
    ap.add_argument("--art", type=int, default=0, help="with --against: an art deck of N cards too")
    ap.add_argument("--designer", action="store_true", help="with --against: the designer's 91-piece game too")
    ap.add_argument("--figures", type=lambda v: v.split(","), help=f"with --against: some of {','.join(FIGURES)}")
    args = ap.parse_args(argv)
    if args.against:
        sys.path.insert(0, str(Path(__file__).resolve().parent))
        return against(args)
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
