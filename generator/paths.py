"""Files a deck names (images, rules) are read only from inside the folders it may use.

A name is relative, has no '..', and after following symbolic links still lies inside one of
the allowed folders (the deck's folder, layouts/, fonts/). Anything else is refused.

Not here: reading or checking a file's contents (textfile.py, images.py).
"""
from __future__ import annotations

import os
import re
from pathlib import Path, PurePosixPath, PureWindowsPath


class Refused(ValueError):
    """The name is not allowed (the message says why); not the same as 'not found'."""


_DRIVE = re.compile(r"^[A-Za-z]:")


def check_name(name: str, what: str = "file") -> None:
    """Refuse absolute paths, '~', '..' and backslashes before touching the disk."""
    if not name or not name.strip():
        raise Refused(f"the {what} name is empty")
    if "\x00" in name:
        raise Refused(f"the {what} name holds a NUL character")
    if name.startswith(("/", "~", "\\")) or _DRIVE.match(name) or PureWindowsPath(name).is_absolute():
        raise Refused(f"{what} '{name}' is an absolute path; name a file inside the deck folder")
    parts = PurePosixPath(name.replace("\\", "/")).parts
    if ".." in parts:
        raise Refused(f"{what} path '{name}' leaves the deck folder ('..' is not allowed)")


def find_inside(name: str, bases, what: str = "file") -> Path | None:
    """The resolved file for `name` under the first base that has it, or None when none has it.

    Raises Refused when the name is a path out of the bases, or a symbolic link that leads out.
    (os.path, not pathlib: a deck of 270 pictures asks for 270 of them on every build.)"""
    check_name(name, what)
    for base in bases:
        if base is None:
            continue
        candidate = os.path.join(base, name)
        if not os.path.lexists(candidate):
            continue
        root = os.path.realpath(base)
        real = os.path.realpath(candidate)
        if real != root and not real.startswith(root.rstrip(os.sep) + os.sep):
            raise Refused(f"{what} '{name}' leads outside the deck folder (a symbolic link to {real})")
        if os.path.isfile(real):
            return Path(real)
    return None


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
