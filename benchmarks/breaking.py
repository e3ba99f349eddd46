"""What breaking each paragraph as a whole costs (issue 55: layout/paragraph.py's total fit): the shipped games
built by pnp as it is, and by the same pnp with paragraph.breaks swapped for first fit (each line as long as
the same candidate ends allow, paragraph.ends: the same hyphenation, no-break groups and narrowed spaces, none
of it weighed against the lines after), the two taking turns in one run.

Each game is built as a first build (PNP_CACHE=off: every card, the leaf and the rule pages laid out and broken)
and as a rebuild (each variant's own cache filled by an earlier run: a rebuild takes the leaf and the rule pages
from the layout store). The ratio is the median of the turns' ratios of CPU time, total fit over first fit.
Targets: a first build at most 1.1x; a rebuild breaks no paragraph at all (counted: `breaks` calls), so its
ratio is noise about 1.0x.
Usage: python benchmarks/breaking.py [--repeat N] [GAME ...]
       python benchmarks/breaking.py --as first-fit|total-fit|count PNP-ARGS ...   (one process, as measured)
"""
from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from timing import PY, ROOT, brief, measure, ratio  # noqa: E402

TARGET = 1.1
GAMES = ("vasa-regalis", "royal-lines", "aqua-regia", "christina-regina", "a-royal-will")


def first_fit(widths, gaps, kinds, avail, piece, cuts, hyphened, lines_cost=0.0, last_alone=True, hangs=None,
              tied=None):
    """paragraph.breaks' answer by first fit: from each line's start, the furthest end that fits."""
    from generator.layout import paragraph
    n = len(widths)
    if n == 0:
        return [((0, 0), (0, 0))]
    words = paragraph.Words(widths, gaps, kinds, hyphened, hangs)
    words.tied = paragraph.TIED if tied is None else tied
    start, end, out = 0, n << 16, []
    while start != end:
        ends = paragraph.ends(start >> 16, start & 0xFFFF, words, avail, piece, cuts)
        stop = max(e[0] for e in ([e for e in ends if e[1] - e[2] <= avail + 0.01] or ends))
        out.append(((start >> 16, start & 0xFFFF), (stop >> 16, stop & 0xFFFF)))
        start = stop
    return out


def run_as(variant: str, args: list[str]) -> int:
    """pnp's CLI in this process, its paragraphs broken by `variant` (count: total fit, the calls told)."""
    sys.path.insert(0, str(ROOT))
    from generator.layout import paragraph
    calls = [0]
    if variant == "first-fit":
        paragraph.breaks = first_fit
    elif variant == "count":
        total = paragraph.breaks

        def counted(*a, **k):
            calls[0] += 1
            return total(*a, **k)
        paragraph.breaks = counted
    from generator.cli import main
    try:
        main(args, prog_name="pnp")
    except SystemExit as e:
        code = e.code or 0
    else:
        code = 0
    if variant == "count":
        print(f"paragraphs broken: {calls[0]}", file=sys.stderr)
    return code


def report(tmp: Path, repeat: int, games=GAMES) -> list[str]:
    """Measure and print; returns the names of the targets missed."""
    import subprocess
    failures = []
    me = str(Path(__file__).resolve())
    for game in games:
        def build(variant: str) -> list[str]:
            return [PY, me, "--as", variant, "build", game, "--output", str(tmp / f"{game}-{variant}.pdf")]
        ca, cb = {"PNP_CACHE": str(tmp / f"{game}-total")}, {"PNP_CACHE": str(tmp / f"{game}-first")}
        off = {"PNP_CACHE": "off"}
        tr, fr, tc, fc = measure([(build("total-fit"), ca), (build("first-fit"), cb),
                                  (build("total-fit"), off), (build("first-fit"), off)], repeat)
        counted = subprocess.run(build("count"), env={**__import__("os").environ, **ca}, cwd=ROOT,
                                 capture_output=True, text=True).stderr.strip().splitlines()[-1]
        for label, x, y, target in (("first build", tc, fc, TARGET), ("rebuild", tr, fr, None)):
            r = ratio(x, y)
            ok = target is None or r <= target
            said = f"{'ok' if ok else 'OVER'} (target <= {target:g}x)" if target else f"({counted})"
            print(f"  {game:17} {label:12} total fit {brief(x)}  first fit {brief(y)}  {r:4.2f}x  {said}",
                  flush=True)
            if not ok:
                failures.append(f"breaking {game} {label}")
        if not counted.endswith(": 0"):
            failures.append(f"breaking {game} rebuild ({counted})")
    return failures


def main() -> int:
    if len(sys.argv) > 2 and sys.argv[1] == "--as":
        return run_as(sys.argv[2], sys.argv[3:])
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("games", nargs="*", default=list(GAMES))
    args = ap.parse_args()
    failures = report(Path(tempfile.mkdtemp(prefix="pnp-breaking-")), args.repeat, args.games)
    if failures:
        print("targets missed: " + ", ".join(failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
