"""Fonts of the machine that builds, found through fontconfig (its `fc-match` command, where it is installed): the
TrueType files of a family a template, a span or an SVG names that neither the deck nor pnp ships.

Such a font prints only where it is installed, so the proof says which were taken from the machine (a warning:
ship the family in the deck folder to print the same everywhere); it is embedded as any other. Only a family whose
name fontconfig matches exactly (not its nearest substitute) and whose file has TrueType outlines is taken.
Not here: registering the family (fonts.system), the deck's own families (fonts.py).
"""
from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

STYLE_PATTERNS = {"regular": "", "bold": ":weight=bold", "italic": ":slant=italic",
                  "bolditalic": ":weight=bold:slant=italic"}
PREFIX = "pnp-sys-"             # a system font's registered name: PREFIX + its digest + "-" + its file's path


def files(name: str) -> dict:
    """{style: Path} of the installed TrueType family `name` (each style fontconfig has of it; those it lacks
    are left out), or {} where fontconfig is missing or has no family of that name."""
    if shutil.which("fc-match") is None:
        return {}
    wanted = " ".join(name.split()).lower()
    out = {}
    for style, pattern in STYLE_PATTERNS.items():
        try:
            said = subprocess.run(["fc-match", "-f", "%{family}\t%{file}\t%{fontformat}", name + pattern],
                                  capture_output=True, text=True, timeout=10).stdout
        except (OSError, subprocess.SubprocessError):
            return {}
        families, _, rest = said.partition("\t")
        file, _, kind = rest.partition("\t")
        same = wanted in [" ".join(f.split()).lower() for f in families.split(",")]
        if same and kind.strip() == "TrueType" and file.lower().endswith(".ttf") and Path(file).is_file():
            if Path(file) not in out.values() or style == "regular":
                out[style] = Path(file)
    return out if "regular" in out else {}


def path_of(registered_name: str) -> Path | None:
    """The file a system font's registered name names (None for another font's name)."""
    if not registered_name.startswith(PREFIX):
        return None
    return Path(registered_name[len(PREFIX):].split("-", 1)[1])
