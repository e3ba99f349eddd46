"""Templates that compute (issue 45): a 550-card deck whose template has expressions in five regions (a colour
chosen by a condition, arithmetic, a size and a turn from a field, a function, a plural) against the same deck
whose template writes plain placeholders in those regions, the two taking turns in one run.

Each deck is built as a rebuild (pnp's font and layout caches filled by an earlier run) and as a first build
(PNP_CACHE=off: every card laid out, every expression evaluated for it). The ratio is the median of the turns'
ratios of CPU time, expressions over placeholders. Target: at most 1.1x (both).
Usage: python benchmarks/expressions.py [--repeat N] [--cards N ...]
"""
from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from timing import poker_deck, twins  # noqa: E402

TARGET = 1.1
PLAIN = """extends: basic-card
regions:
  - {id: background, fill: "{colour}"}
  - {id: value-top, text: "{value}", size: 20pt}
  - {id: value-bottom, text: "{value}", rotate: 180}
  - {id: title, text: "{title}"}
  - {id: text, text: "{text} {value} points"}
"""
COMPUTED = """extends: basic-card
regions:
  - {id: background, fill: "{'c1' if value > 4 else colour}"}
  - {id: value-top, text: "{value * 2}", size: "{18 + value % 4}pt"}
  - {id: value-bottom, text: "{value * 2}", rotate: "{180 if value >= 0 else 0}"}
  - {id: title, text: "{upper(title)}"}
  - {id: text, text: "{text} {value} {plural(value, 'point')}"}
"""


def deck(folder: Path, n: int, computed: bool) -> Path:
    """n poker cards (as benchmarks/run.py's synthetic deck) shown by a template of the deck's own."""
    (folder / "templates").mkdir(parents=True, exist_ok=True)
    (folder / "templates" / "face.yaml").write_text(COMPUTED if computed else PLAIN)
    return poker_deck(folder, n, f"Expressions {n}", "face",
                      lambda i: f"Play this card on your turn. **Draw {i % 4 + 1}** and pass.")


def report(tmp: Path, repeat: int, sizes=(550,)) -> list[str]:
    """Measure and print; returns the names of the targets missed."""
    failures = []
    for n in sizes:
        failures += twins(tmp, repeat, n, deck(tmp / f"computed-{n}", n, True), deck(tmp / f"plain-{n}", n, False), ("expressions", "placeholders"), TARGET)
    return failures


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=7)
    ap.add_argument("--cards", type=int, nargs="*", default=[550])
    args = ap.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="pnp-bench-expressions-"))
    print("expressions in five regions against plain placeholders (CPU time, median of "
          f"{args.repeat} turns):")
    failures = report(tmp, args.repeat, args.cards)
    shutil.rmtree(tmp, ignore_errors=True)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
