"""The art deck against its text-only twin (issue 36): what a picture on every card costs, in one run.

`python benchmarks/art.py [--cards N] [--repeat N] [--quick]` (run.py runs it too) generates the art deck and its
twin (benchmarks/artdeck.py: N cards, each with a picture of its own, RGB PNG, PNG with alpha, palette PNG and
JPEG in turn, one picture on every back; the twin the same deck without them) and times, as whole processes
taking turns (timing.measure: a ratio is the median of the ratios within a turn):
- `pnp build` cold (PNP_CACHE=off), rebuilt with nothing changed (its PDF up to date: left as it is), the same
  with the PDF touched before each run (written again), and rebuilt after one card's text changed;
- pnp watch's rebuild after a one-card edit (the CPU time the warm process reports, as benchmarks/watch.py);
- `pnp export` for The Game Crafter into an empty folder (cold) and again into the same folder (unchanged), to
  Tabletop Simulator into an empty folder, and `pnp proof` into an empty folder (pnp's caches warm from the
  builds, as a designer's are; these use every core);
- a process that reads every picture file once (the floor of putting them into a PDF), for the cold target.
Each is judged as a ratio of CPU time (user + system of the process and the workers it waited for) to the
twin's: the work done, whatever the machine's other load; the exports and the proof run on every core, so the
wall-time ratio is printed beside it, with the cores each used (CPU time / wall time). Also: the PDF's size
against the pictures' bytes and the twin's PDF, peak memory, and (not with --quick) peak memory at 2,000 cards
and how it grows with the number of cards.
Targets (issue 36): after an edit and in pnp watch at most 1.5x the twin; cold at most the twin's cold build plus
twice the time to read every picture; unchanged at most 1.3x; the PDF at most 1.15x the pictures' bytes plus the
twin's PDF; the Game Crafter export unchanged at most 1.5x, the proof at most 3x; 300 MB at 2,000 cards.
Not here: the deck (artdeck.py), how a process is timed (timing.py), the shipped games (run.py, watch.py).
"""
from __future__ import annotations

import argparse
import os
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import artdeck  # noqa: E402
from timing import PY, Edit, measure, ratio, run, steal  # noqa: E402

MEMORY_CARDS = 2000
EDITED = "Card 3, "             # the third card's title (its first letter's case flips before each run)
READ = ("import sys, os\nfor name in sorted(os.listdir(sys.argv[1])):\n"
        "    with open(os.path.join(sys.argv[1], name), 'rb') as f:\n        f.read()\n")


def _pnp(*args) -> list:
    return [PY, "-m", "generator", *map(str, args)]


def _touch(path: Path) -> None:
    """A `before` for timing.run: the file's time moved, so pnp does not take it for the PDF it wrote."""
    if path.exists():
        st = path.stat()
        os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns + 1_000_000))


def _fresh(folder: Path):
    """A `before` for timing.run: the output folder emptied, so the export or proof starts from nothing."""
    return lambda: shutil.rmtree(folder, ignore_errors=True)


class Deck:
    """One deck (the art deck or its twin) and the commands the benchmark runs on it."""

    def __init__(self, name: str, folder: Path, tmp: Path):
        self.name, self.folder = name, folder
        self.out = tmp / name
        self.out.mkdir(parents=True, exist_ok=True)
        self.cache = {"PNP_CACHE": str(tmp / "cache")}
        self.edit = Edit(folder, tmp / f"{name}-edited", EDITED)

    def builds(self) -> list:
        """Cold (into a file of its own: a build with the cache off always writes), rebuilt with nothing
        changed (the PDF there is up to date: pnp leaves it as it is), after a one-card edit, and with nothing
        changed but the PDF touched before each run (so it is written again, pictures and all)."""
        pdf, again = self.out / "build.pdf", self.out / "again.pdf"
        return [(_pnp("build", self.folder, "--output", self.out / "cold.pdf"), {"PNP_CACHE": "off"}),
                (_pnp("build", self.folder, "--output", pdf), self.cache),
                (_pnp("build", self.edit.folder, "--output", self.out / "edited.pdf"), self.cache, self.edit),
                (_pnp("build", self.folder, "--output", again), self.cache, lambda: _touch(again))]

    def exports(self) -> list:
        gc, tts, proof = self.out / "gc-cold", self.out / "tts", self.out / "proof"
        return [(_pnp("export", self.folder, "--output", gc), self.cache, _fresh(gc)),
                (_pnp("export", self.folder, "--output", self.out / "gc"), self.cache),
                (_pnp("export", self.folder, "--to", "tts", "--output", tts), self.cache, _fresh(tts)),
                (_pnp("proof", self.folder, "--output", proof), self.cache, _fresh(proof))]


def _watch(decks, tmp: Path, repeat: int) -> list[list[float]]:
    """CPU seconds of pnp watch's rebuild after each one-card edit, for each deck: one watch a deck, all
    started first, and in each turn every deck edited and rebuilt in turn, so that the machine's drift falls
    on each alike (the first two turns left out: code paths warm)."""
    from watch import Watch
    edits = [Edit(d.folder, tmp / f"{d.name}-watched", EDITED) for d in decks]
    watches = []
    out = [[] for _ in decks]
    try:
        for d, e in zip(decks, edits):
            watches.append(Watch(e.folder, tmp / f"{d.name}-watched.pdf", tmp / "cache"))
        for w in watches:
            w.until("built")
            w.until("watching")
        for turn in range(repeat + 2):
            for d, e, w, times in zip(decks, edits, watches, out):
                e()
                built = w.until("built", "failed")
                if built["event"] != "built" or not built["changed"]:
                    raise SystemExit(f"{d.name}: the edit did not rebuild one card: {built}")
                if turn >= 2:
                    times.append(built["rebuild_cpu_ms"] / 1000)
    finally:
        for w in watches:
            w.stop()
    return out


def measure_art(n: int, repeat: int, tmp: Path) -> dict:
    art = Deck("art", artdeck.art_deck(tmp / "art-deck", n), tmp)
    twin = Deck("twin", artdeck.twin_deck(tmp / "twin-deck", n), tmp)
    pictures = artdeck.pictures(art.folder)
    read = [PY, "-c", READ, str(art.folder / "art")]
    stolen0, total0 = steal()
    builds = measure(art.builds() + twin.builds() + [read], repeat)
    exports = measure(art.exports() + twin.exports(), max(3, repeat // 2))
    watch = tuple(_watch((art, twin), tmp, repeat))
    stolen1, total1 = steal()
    return {"cards": n, "pictures": len(pictures), "bytes": sum(p.stat().st_size for p in pictures),
            "builds": builds, "exports": exports, "watch": watch,
            "pdf": ((art.out / "cold.pdf").stat().st_size, (twin.out / "cold.pdf").stat().st_size),
            "steal": 100 * (stolen1 - stolen0) / (total1 - total0) if total1 > total0 else 0.0}


def memory(n: int, tmp: Path) -> dict:
    """Peak RSS (MiB) of a cold build and a rebuild of the n-card art deck."""
    folder = artdeck.art_deck(tmp / f"art-{n}", n)
    pdf = tmp / f"art-{n}.pdf"
    cache = {"PNP_CACHE": str(tmp / f"cache-{n}")}
    cold = run((_pnp("build", folder, "--output", pdf), {"PNP_CACHE": "off"}))
    run((_pnp("build", folder, "--output", pdf), cache))
    warm = run((_pnp("build", folder, "--output", pdf), cache))
    return {"cards": n, "cold": cold[2], "rebuild": warm[2], "cold_s": cold[1], "rebuild_s": warm[1]}


def _ms(r: dict) -> str:
    return f"{r['cpu'] * 1000:6.0f} ms cpu {r['median'] * 1000:6.0f} ms wall"


def report(m: dict, mem: dict | None = None) -> list[str]:
    """Prints the figures; returns what is over its target."""
    over = []
    b, e = m["builds"], m["exports"]
    a_cold, a_warm, a_edit, a_again, t_cold, t_warm, t_edit, t_again, read = b
    print(f"\nart deck: {m['cards']} cards, {m['pictures']} pictures of {m['bytes'] / 1e6:.1f} MB, against its "
          f"text-only twin; {os.cpu_count()} cores; the host took {m['steal']:.0f}% (steal)")
    print(f"{'job':34} {'art deck':32} {'text-only twin':32} {'ratio cpu':>9} {'wall':>6}  target")

    def row(label, a, t, target=None, extra=""):
        r, wall = ratio(a, t), ratio(a, t, "runs")
        ok = "" if target is None else ("  ok" if r <= target else "  OVER") + f" (<= {target:g}x)"
        if target is not None and r > target:
            over.append(f"art {label}")
        print(f"{label:34} {_ms(a):32} {_ms(t):32} {r:8.2f}x {wall:5.2f}x{ok}{extra}")
    row("rebuild, nothing changed", a_warm, t_warm, 1.3)
    row("  the same, the PDF written again", a_again, t_again)
    row("rebuild after a one-card edit", a_edit, t_edit, 1.5)
    watch_art, watch_twin = m["watch"]
    w = statistics.median(x / y for x, y in zip(watch_art, watch_twin))
    ok = w <= 1.5
    if not ok:
        over.append("art watch")
    print(f"{'pnp watch: rebuild after an edit':34} {statistics.median(watch_art) * 1000:6.0f} ms cpu{'':19}"
          f"{statistics.median(watch_twin) * 1000:6.0f} ms cpu{'':19}{w:8.2f}x {'':6}{'  ok' if ok else '  OVER'} "
          "(<= 1.5x)")
    # cold: the twin's cold build and twice the reading of every picture, each turn's own
    budget = [t + 2 * r for t, r in zip(t_cold["cpu_runs"], read["cpu_runs"])]
    cold = statistics.median(a / x for a, x in zip(a_cold["cpu_runs"], budget))
    extra = statistics.median(a - t for a, t in zip(a_cold["cpu_runs"], t_cold["cpu_runs"]))
    print(f"{'cold build (PNP_CACHE=off)':34} {_ms(a_cold):32} {_ms(t_cold):32} {ratio(a_cold, t_cold):8.2f}x "
          f"{ratio(a_cold, t_cold, 'runs'):5.2f}x  {'ok' if cold <= 1 else 'OVER'} (the art deck's cold build "
          f"{cold:.2f}x of the twin's + 2 x reading the pictures)")
    walls = [t + 2 * r for t, r in zip(t_cold["runs"], read["runs"])]
    wall = statistics.median(a / x for a, x in zip(a_cold["runs"], walls))
    print(f"{'':34} {extra * 1000:.0f} ms more than the twin's; a process reading every picture: {_ms(read)}")
    print(f"{'':34} wall time (pictures converted on every core as the pages are drawn): {wall:.2f}x of the "
          "twin's + 2 x reading the pictures")
    if cold > 1:
        over.append("art cold build")
    names = ("Game Crafter export, empty folder", "Game Crafter export, unchanged", "Tabletop Simulator export",
             "pnp proof")
    targets = (None, 1.5, None, 3.0)
    for k, (label, target) in enumerate(zip(names, targets)):
        a, t = e[k], e[k + 4]
        row(label, a, t, target, f"   cores used: art {a['cpu'] / a['median']:.1f}, twin {t['cpu'] / t['median']:.1f}")
    pdf, twin_pdf = m["pdf"]
    size = (pdf - twin_pdf) / m["bytes"]
    ok = pdf <= 1.15 * m["bytes"] + twin_pdf
    if not ok:
        over.append("art PDF size")
    print(f"the PDF: {pdf / 1e6:.1f} MB = the twin's {twin_pdf / 1e6:.2f} MB + {size:.3f} x the pictures' "
          f"{m['bytes'] / 1e6:.1f} MB  {'ok' if ok else 'OVER'} (<= 1.15x)")
    print(f"peak memory, {m['cards']} cards: cold build {a_cold['mem']:.0f} MiB (twin {t_cold['mem']:.0f}), rebuild "
          f"{a_warm['mem']:.0f} MiB (twin {t_warm['mem']:.0f})")
    if mem is not None:
        ok = max(mem["cold"], mem["rebuild"]) <= 300
        if not ok:
            over.append("art memory")
        grow = (max(mem["cold"], mem["rebuild"]) - max(a_cold["mem"], a_warm["mem"])) / (mem["cards"] - m["cards"])
        print(f"peak memory, {mem['cards']} cards: cold build {mem['cold']:.0f} MiB ({mem['cold_s']:.1f} s cpu), "
              f"rebuild {mem['rebuild']:.0f} MiB ({mem['rebuild_s']:.1f} s cpu)  {'ok' if ok else 'OVER'} "
              f"(<= 300 MB); {grow * 1000:.0f} KiB more for each further card")
    return over


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cards", type=int, default=270)
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--quick", action="store_true", help="60 cards, 3 runs each, no 2,000-card deck")
    args = ap.parse_args()
    cards, repeat = (60, 3) if args.quick else (args.cards, args.repeat)
    tmp = Path(tempfile.mkdtemp(prefix="pnp-bench-art-"))
    try:
        m = measure_art(cards, repeat, tmp)
        mem = None if args.quick else memory(MEMORY_CARDS, tmp)
        over = report(m, mem)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    if over:
        print("targets missed: " + ", ".join(over))
    return 0


if __name__ == "__main__":
    sys.exit(main())
