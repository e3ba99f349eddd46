"""How pnp's benchmarks time things: a whole process's wall and CPU time and peak memory (run), several
commands taking turns (measure), the ratio of two commands' times within each turn (ratio), the CPU time
the VM's host took away (steal), a seed deck's copy with one card edited before each run (Edit), and a
shipped game's number of cards (card_count).

Shared by benchmarks/run.py and benchmarks/watch.py. Not here: what is measured and the targets (run.py,
watch.py), the floor (floor.py).
"""
from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PY = sys.executable


def run(cmd) -> tuple[float, float, float]:
    """Wall seconds, CPU seconds (user + system) and peak RSS (MiB) of one whole process. `cmd`: an
    argument list, or (list, env), or (list, env, before): before() runs first, untimed (see Edit)."""
    cmd, env, before = (cmd + (None,) * (3 - len(cmd))) if isinstance(cmd, tuple) else (cmd, None, None)
    if before is not None:
        before()
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            env={**os.environ, **env} if env else None)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode != 0:
        raise SystemExit(f"failed: {' '.join(cmd)}\n{proc.stderr.read().decode()}")
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024.0


def steal() -> tuple[int, int]:
    """(stolen, total) CPU ticks so far, from /proc/stat: time this VM's CPUs waited for the host."""
    try:
        fields = [int(x) for x in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    except (OSError, ValueError):
        return 0, 0
    return (fields[7] if len(fields) > 7 else 0), sum(fields[:8])


def measure(cmds: list, repeat: int) -> list[dict]:
    """Time several commands, taking turns (a, b, a, b, ...) so that a slow moment of the machine
    falls on all of them alike: their ratio is what this benchmark is about."""
    for cmd in cmds:
        run(cmd)                               # warm the file cache
    walls: list[list[float]] = [[] for _ in cmds]
    cpus: list[list[float]] = [[] for _ in cmds]
    mems: list[list[float]] = [[] for _ in cmds]
    for _ in range(repeat):
        for k, cmd in enumerate(cmds):
            w, c, m = run(cmd)
            walls[k].append(w)
            cpus[k].append(c)
            mems[k].append(m)
    return [{"median": statistics.median(w), "min": min(w), "max": max(w), "mem": max(m), "runs": w,
             "cpu": statistics.median(c), "cpu_runs": c}
            for w, c, m in zip(walls, cpus, mems)]


def ratio(a: dict, b: dict, runs: str = "cpu_runs") -> float:
    """a's time over b's: the median of the ratios of runs made in the same turn. Each turn runs every
    command once, back to back, so a slow or fast spell of the machine (on this project's VM, a third either
    way within a minute) falls on both sides of a ratio; a ratio of medians would take a's median and b's
    median from different turns. By default CPU time (user + system): pnp and the floor are each one
    single-threaded process, so on a quiet machine it is their wall time, and on a VM whose host takes
    10-30% of the time away (steal, printed with the figures) it leaves out what the host took."""
    return statistics.median(x / y for x, y in zip(a[runs], b[runs]))


class Edit:
    """A copy of a seed deck (or of the deck folder `game`, a path) in which one card's text changes before every
    run (its first letter flips case), as when a designer edits a card and builds again: that card is laid out
    afresh each time. The text is `value`, or the longest a card holds that the deck file holds once."""

    def __init__(self, game, folder: Path, value: str | None = None):
        shutil.copytree(game if isinstance(game, Path) else ROOT / "decks" / game, folder)
        self.folder, self.file = folder, folder / "deck.yaml"
        self.text = self.file.read_text(encoding="utf-8")
        self.value = value or self._pick()
        self.flipped = False

    def _pick(self) -> str:
        """The longest text value of a card that the deck file holds exactly once."""
        sys.path.insert(0, str(ROOT))
        from generator.deck import load_deck
        cards = load_deck(str(self.folder)).cards
        values = sorted((v for c in cards for v in c.fields.values() if isinstance(v, str) and len(v) >= 4
                         and v[0].isalpha() and self.text.count(v) == 1), key=len, reverse=True)
        if not values:
            raise SystemExit(f"no card text to edit in {self.file}")
        return values[0]

    def __call__(self) -> None:
        self.flipped = not self.flipped
        v = self.value
        edited = v[0].swapcase() + v[1:] if self.flipped else v
        self.file.write_text(self.text.replace(v, edited), encoding="utf-8")


def brief(r: dict) -> str:
    """A measured command as one column: its median wall time, CPU time and peak memory."""
    return f"{r['median'] * 1000:6.0f} ms (cpu {r['cpu'] * 1000:5.0f} ms, {r['mem']:5.1f} MiB)"


def twins(tmp: Path, repeat: int, n: int, a: Path, b: Path, names: tuple, target: float) -> list[str]:
    """Two decks of n cards that differ in one thing (a, b, named `names`), built in turns as rebuilds (a cache
    shared by the two) and as first builds (no cache); prints the CPU ratios a/b and returns the targets missed."""
    cache, off = {"PNP_CACHE": str(tmp / f"{names[0]}-cache")}, {"PNP_CACHE": "off"}

    def build(deck: Path, name: str) -> list[str]:
        return [PY, "-m", "generator", "build", str(deck), "--output", str(tmp / f"{name}-{n}.pdf")]
    ar, br, ac, bc = measure([(build(a, names[0]), cache), (build(b, names[1]), cache),
                              (build(a, names[0]), off), (build(b, names[1]), off)], repeat)
    failures = []
    for label, x, y in (("rebuild", ar, br), ("first build", ac, bc)):
        r = ratio(x, y)
        ok = r <= target
        print(f"  {n} cards, {label:12} {names[0]} {brief(x)}  {names[1]} {brief(y)}  {r:4.2f}x  "
              f"{'ok' if ok else 'OVER'} (target <= {target:g}x)", flush=True)
        if not ok:
            failures.append(f"{names[0]} {n} {label}")
    return failures


def poker_deck(folder: Path, n: int, title: str, template: str, text, top: tuple = ()) -> Path:
    """deck.yaml of n distinct poker cards, as run.py's synthetic deck: card i titled "Card i+1", value i % 10,
    colour c(i % 3), text(i) its text, one shared back; `top`: lines after the palette (an icons: line)."""
    lines = [f"game: {{title: {title}, designer: pnp benchmark}}",
             "palette: {c0: '#2f6b3b', c1: '#a8261f', c2: '#1d2f4f'}", *top,
             "backs: {plain: {template: basic-back}}",
             "kinds:",
             "  card:",
             f"    template: {template}",
             "    back: plain",
             "    name: '{title}'",
             "    fields: {title: text, value: int, text: markup, colour: colour}",
             "cards:"]
    lines += [f"  - {{title: Card {i + 1}, value: {i % 10}, colour: c{i % 3}, text: '{text(i)}'}}" for i in range(n)]
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "deck.yaml").write_text("\n".join(lines) + "\n")
    return folder


def card_count(game: str) -> int:
    out = subprocess.run([PY, "-m", "generator", "list"], cwd=ROOT, capture_output=True, text=True).stdout
    for line in out.splitlines():
        if line.split()[:1] == [game]:
            return int(line.split(" cards")[0].split()[-1])
    raise SystemExit(f"no card count for {game}")
