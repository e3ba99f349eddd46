"""Editing YAML text one value at a time: the text of a value replaced where it stands (its span, as
yamlparse.loads(spans=True) keeps it), a key added to a mapping or an item to a sequence in the smallest text
that says it, in the style the collection is written in (flow `{...}` / `[...]`, or block lines at the
collection's own indent), and the result parsed again and held to what was meant: every other value the same.

Everything else in the file stays as it was, byte for byte: comments, quoting, key order, blank lines, the
style of every collection. A scalar keeps its own quoting (plain, 'single' or "double").
Not here: what is edited (layout/boxedit.py: a region's box), writing the file (output.py).
"""
from __future__ import annotations

import json

from ..errors import PnpError
from .yamlparse import loads
from .yamltree import Map, Seq


def parse(text: str, name: str):
    """The text's tree, every Map and Seq knowing where each of its values stands (yamltree's span)."""
    return loads(text, name, spans=True)


def quoted(style: str, value: str) -> str:
    """`value` as a scalar written in `style`: '' plain, '"' or "'" quoted (a flow or block-literal scalar is
    written plain: a length never needs more)."""
    if style == '"':
        return json.dumps(value, ensure_ascii=False)
    if style == "'":
        return "'" + value.replace("'", "''") + "'"
    return value


def replaced(text: str, edits) -> str:
    """`text` with each (start, end, new) of `edits` (spans that do not overlap) replaced by its new text."""
    out, at = [], 0
    for start, end, new in sorted(edits):
        if start < at:
            raise ValueError("edits overlap")
        out += [text[at:start], new]
        at = end
    out.append(text[at:])
    return "".join(out)


def content_end(text: str, tree, span) -> int:
    """Where a value's own text ends: a scalar's last character (a block scalar's trailing lines left out), a
    flow collection's bracket, a block collection's last value (its span runs on over the comments and blank
    lines after it)."""
    start, end, style = span
    if isinstance(tree, (Map, Seq)) and not style and len(tree):
        last = list(tree)[-1] if isinstance(tree, Map) else len(tree) - 1
        return content_end(text, tree[last], tree.span(last))
    return start + len(text[start:end].rstrip())


def _line_end(text: str, at: int) -> int:
    n = text.find("\n", at)
    n = len(text) if n < 0 else n
    return n - 1 if n > at and text[n - 1] == "\r" else n


def newline(text: str) -> str:
    """The file's own line ending (CR LF for a file written on Windows), for the lines an edit adds."""
    return "\r\n" if "\r\n" in text else "\n"


def _column(text: str, at: int) -> int:
    return at - (text.rfind("\n", 0, at) + 1)


def _closing(text: str, tree) -> tuple[int, bool]:
    """Where to write in a flow collection, after its last value (not after a comment that may follow it on its
    line), and whether it holds anything yet."""
    if not len(tree):
        return tree.span()[0] + 1, False
    last = list(tree)[-1] if isinstance(tree, Map) else len(tree) - 1
    return content_end(text, tree[last], tree.span(last)), True


def add_key(text: str, m: Map, key: str, value: str) -> str:
    """`key: value` added to mapping `m` (parsed with spans from `text`), after its last key."""
    span = m.span()
    if span[2] == "{":
        at, full = _closing(text, m)
        return text[:at] + (", " if full else "") + f"{key}: {value}" + text[at:]
    if not len(m):
        raise PnpError("cannot add a key to an empty block mapping", m.file, m.line)
    column = min(col for _, col in m._pos.values()) - 1
    last = list(m)[-1]
    at = _line_end(text, content_end(text, m[last], m.span(last)))
    return text[:at] + newline(text) + " " * column + f"{key}: {value}" + text[at:]


def add_item(text: str, s: Seq, item: str) -> str:
    """`item` (its text, written flow-style) added to sequence `s` after its last item."""
    span = s.span()
    if span[2] == "[":
        at, full = _closing(text, s)
        return text[:at] + (", " if full else "") + item + text[at:]
    if not len(s):
        raise PnpError("cannot add an item to an empty block sequence", s.file, s.line)
    first = s.span(0)[0]
    dash = text.rfind("-", 0, first)
    at = _line_end(text, content_end(text, s[-1], s.span(len(s) - 1)))
    return text[:at] + newline(text) + " " * _column(text, dash) + f"- {item}" + text[at:]


def set_empty(text: str, m: Map, key: str, value: str) -> str:
    """The empty (null) value of `key` in `m` replaced by `value` (written flow-style)."""
    start, end, _ = m.span(key)
    return text[:start] + (value if end > start else " " + value) + text[end:]


def add_top(text: str, key: str, block: str) -> str:
    """`key:` and its block (lines indented by the caller) added at the end of the document."""
    nl = newline(text)
    sep = "" if not text or text.endswith("\n") else nl
    return f"{text}{sep}{key}:{nl}{block}"


def check(after_text: str, name: str, expected):
    """`after_text` parsed must give `expected` (the tree as it was, with the one change meant), or the edit is
    refused: nothing is written. The tree it parses to."""
    try:
        after = loads(after_text, name)
    except PnpError as exc:
        raise PnpError(f"the edit would not parse ({exc.message}); nothing was written", name) from None
    if not same(after, expected):
        raise PnpError("the edit would change more than the value meant (is the value shared through an alias?); "
                       "nothing was written", name)
    return after


def same(a, b) -> bool:
    """Equal values of the same kinds (1 and 1.0 and True are not the same value written)."""
    if type(a) is not type(b) and not (isinstance(a, dict) and isinstance(b, dict)) \
            and not (isinstance(a, list) and isinstance(b, list)):
        return False
    if isinstance(a, dict):
        return list(a) == list(b) and all(same(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    return a == b
