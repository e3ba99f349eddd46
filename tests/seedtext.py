"""The seeds (tests/seeds/, copies of ../shared/seeds/) and each game's rules section in them, as sentences.

A seed is a transcription: besides the words it carries markup of its own (Markdown bullets and bold, a
`<u>` underline, LaTeX arrows in Aqua Regia). `sentences(game)` strips that markup and returns the
sentences of the game's rules section, so a test can look for each of them in the printout.
"""
from __future__ import annotations

import os
import re
from pathlib import Path

HERE = Path(__file__).resolve().parent
SEEDS = HERE / "seeds"
GAMES = ("a-royal-will", "aqua-regia", "christina-regina", "royal-lines", "vasa-regalis")


def shared_seeds() -> Path | None:
    """../shared/seeds beside the repository (or $PNP_SHARED_SEEDS), if it exists."""
    env = os.environ.get("PNP_SHARED_SEEDS")
    folder = Path(env) if env else HERE.parent.parent / "shared" / "seeds"
    return folder if folder.is_dir() else None


def seed(game: str) -> str:
    return (SEEDS / f"{game}.txt").read_text(encoding="utf-8")


# Where each seed's rules begin and end (the first line of the section, and the line after it; None: the end).
# What lies outside is not rules: the original PnP files' print lists, the card list of Christina Regina
# (printed on its cards), Vasa Regalis's card values.
SECTIONS = {
    "a-royal-will": ("SUPER QUICK OVERVIEW:", None),
    "aqua-regia": ("Aqua Regia is a climbing game", None),
    "christina-regina": ("Rule Card 1. The Cards", None),
    "royal-lines": ("BASICS", None),
    "vasa-regalis": ("RULE CARD 2", "5"),
}


def section(game: str) -> str:
    lines = seed(game).splitlines()
    start_mark, end_mark = SECTIONS[game]
    start = next(i for i, l in enumerate(lines) if l.strip().startswith(start_mark))
    end = len(lines)
    if end_mark is not None:
        end = next(i for i in range(start + 1, len(lines)) if lines[i].strip() == end_mark)
    return "\n".join(lines[start:end])


def unmark(text: str) -> str:
    """The seed's words without its transcription markup."""
    text = text.replace("\\rightarrow", "→").replace("\\ ", " ").replace("$", "")
    text = re.sub(r"</?u>", "", text)
    text = text.replace("**", "")
    out = []
    for line in text.splitlines():
        line = line.strip()
        line = re.sub(r"^-\s+", "", line)          # a bullet
        if line in ("-", ""):
            out.append("")
            continue
        out.append(line)
    return "\n".join(out)


def sentences(text: str) -> list[str]:
    """Sentences (or, for a line with no full stop, the line): each line of the seed is split after
    . ! ? followed by a space."""
    out = []
    for line in text.splitlines():
        for s in re.split(r"(?<=[.!?])\s+", line.strip()):
            if s.strip():
                out.append(s.strip())
    return out
