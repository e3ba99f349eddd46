"""The checks every part of deck.yaml shares, for one value each: text (and its length limit), a name
that refers to something (a kind, a part, a back), a mapping, a player count, a number pnp can compute
with, unknown keys, a {placeholder} where none is filled in; and how a file is named in messages.

Each check takes the value, the mapping (or list) it was read from, its key there and its field as the
message names it ("kinds.metal.title"), and raises that mapping's error (file:line:column) or returns the
value. Not here: what a section's keys are and what each must be (sections/), a field's value against its
declared type (sections/fields.py), the state of a reading (reading.py).
"""
from __future__ import annotations

import math
import re
from pathlib import Path

from ..errors import PnpErrors, found, known_list, suggest
from ..text.fields import PLACEHOLDER
from ..files.yamlfile import Map, Seq

MAX_TEXT = 5000                 # characters in one text value
MAX_NUMBER = 1e12               # the largest number (either sign) pnp computes with
NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_\-]*$")       # a field or font family name: written as {name}
TEMPLATE_NAME = re.compile(r"^[A-Za-z0-9_][A-Za-z0-9_.\-]*$")     # a template or card size name


def display(path: Path) -> str:
    """A file as messages name it: relative to the current directory when it is inside it."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


def name_problem(name) -> str | None:
    """Why `name` cannot be a template name (it must be a plain name, never a path), or None."""
    if not isinstance(name, str) or not name.strip():
        return f"expected a template name, found {found(name)}"
    if "/" in name or "\\" in name or name.startswith((".", "~")) or ".." in name:
        return f"template '{name}' is a path; a template is named without folder or '.yaml'"
    if not TEMPLATE_NAME.match(name):
        return f"template name '{name}' may hold only letters, digits, '-', '_' and '.'"
    return None


def need_map(value, parent, key, what) -> Map:
    if not isinstance(value, Map):
        raise parent.error(key, f"expected a mapping of {what}, found {found(value)}", field=key)
    return value


def need_name(value, parent, key, field, what) -> str:
    """A reference by name (a kind, part, back): plain text or a number, never a list or mapping."""
    if isinstance(value, (Map, Seq, bool)) or value is None or isinstance(value, float):
        raise parent.error(key, f"expected {what}, found {found(value)}", field=field)
    return str(value)


def need_text(value, parent, key, field, required=True, limit=MAX_TEXT) -> str:
    """Text of at most `limit` characters ("" when left out and not `required`)."""
    if value is None:
        if required:
            raise parent.error(key, "is required", field=field)
        return ""
    if isinstance(value, bool) or isinstance(value, (Map, Seq)):
        raise parent.error(key, f"expected text, found {found(value)}", field=field)
    text = str(value)
    if len(text) > limit:
        raise parent.error(key, f"text is {len(text)} characters; the limit is {limit}", field=field)
    return text


def player_count(value, parent, key, field):
    """A player count: 4 or '2-6' ('2 to 6'), from 1 to 100, as (low, high); None when left out."""
    if value is None:
        return None
    if isinstance(value, int) and not isinstance(value, bool):
        lo = hi = value
    else:
        m = re.match(r"^\s*(\d{1,9})\s*(?:-|–|to)\s*(\d{1,9})\s*$", str(value))
        if not m:
            raise parent.error(key, f"expected a player count such as 4 or '2-6', found {value!r}", field=field)
        lo, hi = int(m.group(1)), int(m.group(2))
    if not (1 <= lo <= hi <= 100):
        raise parent.error(key, f"player count {value!r} is not a range from 1 to 100", field=field)
    return (lo, hi)


def finite(n) -> bool:
    """A number pnp can compute with: not nan or infinite, and within MAX_NUMBER."""
    return (not isinstance(n, float) or math.isfinite(n)) and abs(n) <= MAX_NUMBER


def without_extensions(m: Map) -> Map:
    """Keys starting with 'x-' hold YAML anchors for reuse and are otherwise ignored."""
    out = Map((k, v) for k, v in m.items() if not str(k).startswith("x-"))
    out.file, out.line, out.column, out._pos = m.file, m.line, m.column, m._pos
    return out


def unknown_keys(m: Map, allowed, where: str, field: str = ""):
    """Every key of `m` that is not `allowed`, each an error (PnpErrors when there are several), its field named
    from `field`, the path of `m` (kinds.crop.KEY; the key alone at the top level)."""
    errors = [m.error(key, f"unknown key '{key}' in {where}", field=f"{field}.{key}" if field else str(key),
                      hint=suggest(key, allowed) or known_list(allowed)) for key in m if key not in allowed]
    if errors:
        raise errors[0] if len(errors) == 1 else PnpErrors(errors)


def no_placeholder(value: str, m, key, field) -> None:
    """A value is printed as written: a {name} in it would print as '{name}', so it is refused. Fields are
    filled in only where a template or a kind's name pattern writes them."""
    if "{" in value:
        hit = PLACEHOLDER.search(value)
        if hit:
            raise m.error(key, f"'{hit.group()}' in a value prints as written: fields are filled in only in "
                               "templates and name patterns", field=field,
                          hint="write the text itself, or show both fields from the template")

