"""Field substitution: "{value} of {suit}" with a card's fields, and the expressions a brace may hold
("{'High' if value > 2 else 'Low'}": text/expressions.py), read the same way by every caller.
Not here: markup (markup.py), laying text out (layout/wrap.py), what an expression may hold (expressions.py).
"""
from __future__ import annotations

import ast
import re

from .expressions import ExpressionError, compiled, evaluate, shown, truthy
from .expressions import fill as fill_pattern

PLACEHOLDER = re.compile(r"\{([A-Za-z_][A-Za-z0-9_\-]*)\}")


def names_in(pattern) -> list[str]:
    """The fields a value as written reads: its plain {name}s and the names in its expressions (none for a
    value that is not text, or whose braces do not parse: reading it reports that)."""
    pattern = pattern if isinstance(pattern, str) else ""
    if "{" not in pattern:
        return []
    try:
        return list(compiled(pattern).names)
    except ExpressionError:
        return PLACEHOLDER.findall(pattern)


def deck_names_in(pattern) -> list[str]:
    """The fields count() and sum() read on every card of the deck in a value as written (names_in's are the
    card's own)."""
    return list(dict.fromkeys(n for p in _braces(pattern, "(") for n in p.deck_names))


def tables_in(pattern) -> list[tuple]:
    """(the brace as written, its table, its field) of each lookup() in a value as written whose table is written
    as text (the field too, else None): what a template's check holds to the deck's kinds and sheets before any
    card is laid out (layout/validate.py)."""
    out = []
    for p in _braces(pattern, "lookup"):
        for node in ast.walk(p.tree) if p.tree is not None else ():
            if isinstance(node, ast.Call) and node.func.id == "lookup" and len(node.args) == 3 and \
                    isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str):
                field = node.args[2].value if isinstance(node.args[2], ast.Constant) else None
                out.append((p.text, node.args[0].value, field if isinstance(field, str) else None))
    return out


def _braces(pattern, needle: str) -> list:
    """The braces of a value as written that holds `needle` (none for a value that is not text, or whose braces
    do not parse: reading it reports that)."""
    if not isinstance(pattern, str) or needle not in pattern:
        return []
    try:
        return [p for p in compiled(pattern).parts if not isinstance(p, str)]
    except ExpressionError:
        return []


def fill(pattern: str, values: dict, missing: str = "") -> str:
    """The value as written with each brace filled in for these values: {name} by str(values[name]) (an unknown
    name by `missing`), an expression by its result. ExpressionError for an expression that fails."""
    pattern = str(pattern)
    if "{" not in pattern and "}" not in pattern:
        return pattern
    p = compiled(pattern)
    if p.plain and missing == "":
        return fill_pattern(p, values)
    out = []
    for part in p.parts:
        if isinstance(part, str):
            out.append(part)
        elif part.name is not None:
            v = values.get(part.name)
            out.append(missing if v is None else str(v))
        else:
            out.append(fill_pattern(p._replace(parts=(part,), plain=False), values))
    return "".join(out)


_STARS = re.compile(r"\*{1,3}$")


def fill_markup(pattern, values: dict) -> str:
    """fill() for markup text: emphasis written around a brace that is empty on this card (`*{snark}*`,
    `**{bonus}**`) is left out with it, rather than printed as asterisks."""
    pattern = str(pattern)
    if "*" not in pattern or "{" not in pattern:
        return fill(pattern, values)
    parts = compiled(pattern).parts
    out, skip = [], 0
    for k, part in enumerate(parts):
        if isinstance(part, str):
            out.append(part[skip:])
            skip = 0
            continue
        text = shown(evaluate(part, values))
        after = parts[k + 1] if k + 1 < len(parts) and isinstance(parts[k + 1], str) else ""
        stars = _STARS.search(out[-1]) if out and not text.strip() else None
        if stars and after.startswith(stars.group()):
            out[-1] = out[-1][:stars.start()]
            skip = len(stars.group())
        out.append(text)
    return "".join(out)


def holds(condition: str, values: dict) -> bool:
    """Whether a region's `when` holds for these values: "{footer}" where the field is not empty; an expression
    ("{cost > 2}") where it is true (a number not 0, a text not empty). A field these values lack is empty text
    ("{not note}" holds where there is no note); an expression that fails on a field these values lack (another
    kind's cost in "{cost > 2}") does not hold: the region is not drawn on such a card."""
    if not condition:
        return True
    p = compiled(condition)
    b = p.whole
    if b is None:
        return bool(fill(condition, values).strip())
    try:
        return truthy(evaluate(b, values))
    except ExpressionError:
        if b.name is None and any(values.get(n) is None for n in b.names):
            return False            # "{cost > 2}" on a card without a cost: not drawn there
        raise


def blanked(pattern: str, by: str = "x") -> str:
    """A value as written with each brace (a placeholder or an expression) replaced by `by`: its own text alone."""
    if "{" not in pattern:
        return pattern
    try:
        return "".join(p if isinstance(p, str) else by for p in compiled(pattern).parts)
    except ExpressionError:
        return PLACEHOLDER.sub(by, pattern)


def slug(text: str) -> str:
    s = re.sub(r"[^a-z0-9]+", "-", str(text).lower()).strip("-")
    return s or "card"
