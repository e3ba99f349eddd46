"""Reading a deck's text files (YAML, rules, word lists, templates, spreadsheets' text): UTF-8 only.

Every text file a deck names is read here, so that each one is bounded in size before it is read,
and one that is not UTF-8 is a one-line error naming the file, the line and the byte where it stops
being UTF-8, never an exception from deep inside a reader.
"""
from __future__ import annotations

import re
from pathlib import Path

from ..errors import PnpError

MAX_BYTES = 2_000_000
_BOM = "\ufeff"
# characters that cannot be printed; tab, newline and carriage return are text
CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


def read_bytes(path, name: str, limit: int = MAX_BYTES) -> bytes:
    """The file's bytes, refused (naming the file) when it is larger than `limit` or cannot be read."""
    path = Path(path)
    try:
        size = path.stat().st_size if path.is_file() else 0
        if size > limit:
            raise PnpError(f"file is {size} bytes; the limit is {limit}", name)
        with open(path, "rb") as f:
            raw = f.read(limit + 1)         # a file that grew since stat() is still bounded
    except OSError as exc:
        raise PnpError(f"cannot read file: {exc.strerror or exc}", name)
    if len(raw) > limit:
        raise PnpError(f"file is more than {limit} bytes; the limit is {limit}", name)
    return raw


def decode(raw: bytes, name: str) -> str:
    """UTF-8 bytes as text, or an error at the line and byte where they stop being UTF-8."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        column = exc.start - (raw.rfind(b"\n", 0, exc.start) + 1) + 1
        raise PnpError(f"not UTF-8 text (byte {exc.start} is 0x{raw[exc.start]:02x})", name, line, column,
                       hint="save the file as UTF-8")


def read_text(path, name: str | None = None, limit: int = MAX_BYTES, controls: bool = False) -> str:
    """A text file as a string: UTF-8 (a leading byte-order mark is dropped), at most `limit` bytes.
    Unless `controls`, a control character (other than tab and line ends) is an error at its line."""
    name = name or str(path)
    text = decode(read_bytes(path, name, limit), name)
    if text.startswith(_BOM):
        text = text[1:]
    if not controls:
        bad = CONTROL.search(text)
        if bad:
            line = text.count("\n", 0, bad.start()) + 1
            column = bad.start() - (text.rfind("\n", 0, bad.start()) + 1) + 1
            raise PnpError(f"text holds U+{ord(bad.group()):04X}, a control character that cannot be printed",
                           name, line, column, hint="remove it, or save the file as plain UTF-8 text")
    return text
