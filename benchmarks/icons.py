"""Icons inside text (issue 31): the same synthetic deck built with an icon in every card's text (":coin:", a
PNG named under icons:) and with the icon replaced by a letter, the two taking turns in one run.

Each deck is built as a rebuild (pnp's font and layout caches filled by an earlier run: what a designer's
next build costs) and as a first build (PNP_CACHE=off: every card laid out, every icon measured and placed).
The ratio is the median of the turns' ratios of CPU time, icons over letter. Target: at most 1.3x (both).
Usage: python benchmarks/icons.py [--repeat N] [--cards N ...]
"""
from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from timing import ROOT, poker_deck, twins  # noqa: E402

TARGET = 1.3
ICON = ROOT / "tests" / "decks" / "icons" / "icons" / "coin.png"


def deck(folder: Path, n: int, icon: bool) -> Path:
    """n poker cards whose text pays a coin: written ':coin:' (an icon), or 'C' (a letter in its place)."""
    folder.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(ICON, folder / "coin.png")
    coin = ":coin:" if icon else "C"
    return poker_deck(folder, n, f"Icons {n}", "basic-card",
                      lambda i: f"Play this card on your turn. **Pay {i % 4 + 1}** {coin} and pass.",
                      ("icons: {coin: coin.png}",))


def report(tmp: Path, repeat: int, sizes=(550,)) -> list[str]:
    """Measure and print; returns the names of the targets missed."""
    failures = []
    for n in sizes:
        failures += twins(tmp, repeat, n, deck(tmp / f"icons-{n}", n, True), deck(tmp / f"letter-{n}", n, False), ("icons", "letter"), TARGET)
    return failures


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=7)
    ap.add_argument("--cards", type=int, nargs="*", default=[550])
    args = ap.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="pnp-bench-icons-"))
    print(f"icons in every card's text against a letter in their place (CPU time, median of {args.repeat} turns):")
    failures = report(tmp, args.repeat, args.cards)
    shutil.rmtree(tmp, ignore_errors=True)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
