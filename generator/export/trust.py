"""What an earlier export wrote into a folder, and whether each file is still exactly that.

The cache (.export-cache.json) records, for every file an export wrote, the hash of what it was drawn
from and the SHA-256, size and modification time of the bytes written. A file is up to date only if
both still hold: the inputs are the same, and the file on disk is the file written. Its size and
modification time are compared first (a stat, no reading); a file whose stat differs is read and
hashed, and redrawn unless its bytes are still the ones written (a copy, a `touch`). So an image
overwritten by another, truncated or edited is drawn again, and one merely copied back is not.

Anything else in the folder that an export did not write is a stray: reported, and removed only
when asked (`--clean`), and only from a folder an earlier export wrote (that has this cache), so
that a mistyped `-o` never empties a folder of someone's own files.

Not here: what the files are or how they are drawn (uploads.py, printpdf.py, tts.py); the folder
itself (folder.py).
"""
from __future__ import annotations

import hashlib
import json
import os
import re
from pathlib import Path

from ..errors import PnpError
from ..files.output import write_atomic

CACHE = ".export-cache.json"           # The Game Crafter's; each target keeps its own record (targets.py), so an
                                        # export into another's folder sees its files as strays, not as its own
FORMAT = 2
_DIGESTED = re.compile(r".+-[0-9a-f]{12}\.png")     # a file named for its bytes


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def stamp(path: Path, data: bytes) -> dict:
    """What to remember of a file just written with `data`."""
    st = path.stat()
    return {"sha": digest(data), "size": st.st_size, "mtime": st.st_mtime_ns}


class Outputs:
    """The files an earlier export recorded in `out`, each {"hash", "sha", "size", "mtime", ...}."""

    def __init__(self, out: Path, cache: str = CACHE):
        self.out = Path(out)
        self.cache = cache
        self.files: dict = {}
        self.found = False          # a cache was there: an earlier export wrote this folder
        try:
            data = json.loads((self.out / cache).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return
        self.found = True
        if not isinstance(data, dict):
            return                  # a damaged cache: every file is drawn again
        if data.get("pnp") == 1 and isinstance(data.get("images"), dict):
            # the first format named the files but not their bytes: still ours (an image no longer
            # needed is removed, not called a stray), but none is trusted, so each is drawn again
            self.files = {n: {} for n in data["images"] if isinstance(n, str) and _safe_name(n)}
            return
        files = data.get("files") if data.get("pnp") == FORMAT else None
        if not isinstance(files, dict):
            return
        for name, entry in files.items():
            if isinstance(name, str) and isinstance(entry, dict) and _safe_name(name):
                self.files[name] = entry

    def get(self, name: str) -> dict:
        return self.files.get(name) or {}

    def intact(self, name: str) -> bool:
        """Is `name` on disk still the file the cache says was written?"""
        entry = self.files.get(name)
        if not entry or not isinstance(entry.get("sha"), str):
            return False
        path = self.out / name
        try:
            st = path.stat()
        except OSError:
            return False
        if st.st_size == entry.get("size") and st.st_mtime_ns == entry.get("mtime"):
            return True
        if st.st_size != entry.get("size"):
            return False
        try:
            same = digest(path.read_bytes()) == entry["sha"]
        except OSError:
            return False
        if same:                    # the same bytes, touched or copied back: remember the new stat
            entry["mtime"] = st.st_mtime_ns
        return same

    def fresh(self, name: str, hash_: str) -> bool:
        """Drawn from the same inputs, and still the bytes written?"""
        return self.get(name).get("hash") == hash_ and self.intact(name)

    def find(self, stem: str, hash_: str) -> str | None:
        """The file an earlier export drew from `hash_` for `stem` and named for its bytes
        (STEM-DIGEST.png: tts.py), if it is still the bytes written; or the file the same bytes were
        written to under another stem (entry "made": [[stem, hash], ...] of every image it is)."""
        for name in sorted(self.files):
            entry = self.files[name]
            made = entry.get("made")
            ours = isinstance(made, list) and [stem, hash_] in made
            if ours or (entry.get("hash") == hash_ and _DIGESTED.fullmatch(name)
                        and name.rsplit("-", 1)[0] == stem):
                if self.intact(name):
                    return name
        return None

    def save(self, files: dict) -> None:
        """Record `files` (name -> entry) as what the folder now holds, if that changed."""
        self.files = dict(files)
        text = json.dumps({"pnp": FORMAT, "files": self.files}, indent=0, sort_keys=True, ensure_ascii=False)
        data = text.encode("utf-8")
        try:
            if (self.out / self.cache).read_bytes() == data:
                return
        except OSError:
            pass
        write_atomic(self.out / self.cache, data)


def _safe_name(name: str) -> bool:
    """A plain file name inside the folder (a damaged cache must not point elsewhere)."""
    return bool(name) and "/" not in name and "\\" not in name and name not in (".", "..") and "\0" not in name


def strays(out: Path, expected) -> list[str]:
    """Names in `out` that this export does not write (hidden files, like the cache, are not listed)."""
    expected = set(expected)
    try:
        names = os.listdir(out)
    except OSError:
        return []
    return sorted(n for n in names if n not in expected and not n.startswith("."))


def check_clean(outputs: Outputs, found: list[str]) -> None:
    """Refuse to remove strays from a folder no earlier export wrote: before anything is written."""
    if found and not outputs.found:
        raise PnpError(f"not removing {len(found)} file{'s' if len(found) != 1 else ''} from {outputs.out} "
                       f"({', '.join(found[:3])}{' ...' if len(found) > 3 else ''}): no earlier pnp export "
                       f"wrote that folder ({outputs.cache} is missing)",
                       hint="remove them yourself, or export into a folder of its own")


def remove(out: Path, found: list[str]) -> tuple[list[str], list[str]]:
    """Remove the stray files (never folders) of `found`: (removed, left)."""
    removed, left = [], []
    for name in found:
        path = out / name
        if path.is_file() or path.is_symlink():
            try:
                path.unlink()
                removed.append(name)
                continue
            except OSError:
                pass
        left.append(name)
    return removed, left
