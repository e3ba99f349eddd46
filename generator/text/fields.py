"""Field substitution: "{value} of {suit}" with a card's fields. Names only, no expressions.
Not here: markup (markup.py), laying text out (layout/wrap.py)."""
from __future__ import annotations

import re

PLACEHOLDER = re.compile(r"\{([A-Za-z_][A-Za-z0-9_\-]*)\}")


def names_in(pattern: str) -> list[str]:
    return PLACEHOLDER.findall(pattern or "")


def fill(pattern: str, values: dict, missing: str = "") -> str:
    """Replace each {name} by str(values[name]); unknown names become `missing`."""
    def one(m):
        v = values.get(m.group(1))
        return missing if v is None else str(v)
    return PLACEHOLDER.sub(one, str(pattern))


def slug(text: str) -> str:
    s = re.sub(r"[^a-z0-9]+", "-", str(text).lower()).strip("-")
    return s or "card"
