"""The French proof of a partly translated deck (issue 47): `pnp proof --lang fr` of the two-language starter (`pnp
new --lang en,fr`) with one card's 30 English words left untranslated, against `pnp proof` of the same deck in
English, taking turns, caches warm (each proof run once first, as a designer's proofs find them). The ratio is the
median of the turns' ratios of CPU time, French over English. Target: at most 2x (the untranslated English spelled
with the English dictionary, each language's suggestions from its index in the cache folder: proof/suggest_index.py).
Moved here from tests/proof/test_languages.py, which holds what the proof says, not how long it takes.
Usage: python benchmarks/proof_languages.py [--repeat N]
"""
from __future__ import annotations

import argparse
import csv
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from timing import PY, ROOT, measure, ratio  # noqa: E402

TARGET = 2.0
UNTRANSLATED = ("Every player draws two cards from the market, then chooses one crop to keep and passes the other "
                "to the player on their left before the harvest begins this round.")


def deck(tmp: Path) -> Path:
    """The two-language starter with the card 'Market Day' left in English (its French text and title empty)."""
    tmp.mkdir(parents=True, exist_ok=True)
    folder = tmp / "g"
    subprocess.run([PY, "-m", "generator", "new", str(folder), "--lang", "en,fr"], cwd=ROOT, check=True,
                   capture_output=True)
    path = folder / "cards.csv"
    rows = list(csv.reader(path.open(encoding="utf-8")))
    head = rows[0]
    market = next(r for r in rows if r[head.index("title")] == "Market Day")
    market[head.index("text")] = UNTRANSLATED
    market[head.index("text:fr")] = market[head.index("title:fr")] = ""
    with path.open("w", encoding="utf-8", newline="") as f:
        csv.writer(f, lineterminator="\n").writerows(rows)
    return folder


def report(tmp: Path, repeat: int) -> list[str]:
    """Measure and print; returns the names of the targets missed."""
    folder = deck(tmp)
    cache = {"PNP_CACHE": str(tmp / "cache")}
    english = ([PY, "-m", "generator", "proof", str(folder), "-q", "-o", str(tmp / "en")], cache)
    french = ([PY, "-m", "generator", "proof", str(folder), "-q", "-o", str(tmp / "fr"), "--lang", "fr"], cache)
    en, fr = measure([english, french], repeat)     # measure() runs each once first, untimed
    r = ratio(fr, en)
    print(f"pnp proof --lang fr / pnp proof (English), CPU: {r:.2f}x (target {TARGET}x): "
          f"{fr['cpu']:.2f} s / {en['cpu']:.2f} s")
    return [] if r <= TARGET else ["proof --lang fr"]


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        sys.exit(1 if report(Path(tmp), args.repeat) else 0)
