"""Files a deck names (images, rules) are read only from inside the folders it may use.

A name is relative, has no '..', and after following symbolic links still lies inside one of
the allowed folders (the deck's folder, layouts/, fonts/). Anything else is refused.

Not here: reading or checking a file's contents (textfile.py, images.py).
"""
from __future__ import annotations

import os
import re
import stat
from functools import lru_cache
from pathlib import Path, PureWindowsPath


class Refused(ValueError):
    """The name is not allowed (the message says why); not the same as 'not found'."""


_DRIVE = re.compile(r"^[A-Za-z]:")


def check_name(name: str, what: str = "file") -> None:
    """Refuse absolute paths, '~', '..' and backslashes before touching the disk."""
    if not name or not name.strip():
        raise Refused(f"the {what} name is empty")
    if "\x00" in name:
        raise Refused(f"the {what} name holds a NUL character")
    if (name.startswith(("/", "~", "\\")) or _DRIVE.match(name)
            or (":" in name and PureWindowsPath(name).is_absolute())):
        raise Refused(f"{what} '{name}' is an absolute path; name a file inside the deck folder")
    if ".." in name.replace("\\", "/").split("/"):
        raise Refused(f"{what} path '{name}' leaves the deck folder ('..' is not allowed)")


def find_inside(name: str, bases, what: str = "file") -> Path | None:
    """The resolved file for `name` under the first base that has it, or None when none has it.

    Raises Refused when the name is a path out of the bases, or a symbolic link that leads out.
    Each of the name's parts is looked at with lstat: where none is a symbolic link, the file lies inside the
    base as named, and only where one is are both resolved and compared (a deck of 270 pictures asks for 270
    names on every build: 2 ms, not 22 with pathlib's resolve)."""
    check_name(name, what)
    parts = [p for p in name.split("/") if p not in ("", ".")]
    for base in bases:
        if base is None:
            continue
        path, linked, st = os.fspath(base), False, None
        try:
            for part in parts:
                path = os.path.join(path, part)
                st = os.lstat(path)
                linked = linked or stat.S_ISLNK(st.st_mode)
        except OSError:
            continue                    # not under this base
        if linked:
            root = os.path.realpath(base)
            real = os.path.realpath(path)
            if real != root and not real.startswith(root.rstrip(os.sep) + os.sep):
                raise Refused(f"{what} '{name}' leads outside the deck folder (a symbolic link to {real})")
            if os.path.isfile(real):
                return Path(real)
        elif st is not None and stat.S_ISREG(st.st_mode):
            return Path(os.path.join(_real(os.path.abspath(base)), *parts))    # (a relative base: cwd's)
    return None


@lru_cache(maxsize=32)
def _real(base: str) -> str:
    """A base folder's real path, once a process (the deck's folder, layouts/: their own links do not move); given
    absolute, so a relative folder named again from another working folder is not taken for the first."""
    return os.path.realpath(base)


def files_under(base: Path, suffixes=(), limit: int = 2000) -> list[str]:
    """Relative names of files under `base` (for 'did you mean'), at most `limit` of them."""
    out = []
    if base is None or not Path(base).is_dir():
        return out
    for p in sorted(Path(base).rglob("*")):
        if len(out) >= limit:
            break
        if p.is_file() and (not suffixes or p.suffix.lower() in suffixes):
            out.append(p.relative_to(base).as_posix())
    return out
