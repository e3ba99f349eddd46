"""YAML as pnp loads it: Map (a dict) and Seq (a list), each knowing the file, line and column it was
written at and where each of its keys or items was, so a later stage can point a user at the exact place
(and, parsed for an edit, where each value stands in the text: span); and the same tree as plain data (encode_tree, decode_tree), for the parsed-YAML cache.

Not here: reading and parsing a file, its limits and the cache's file (yamlfile.py, which gives Map and
Seq too).
"""
from __future__ import annotations

from ..errors import PnpError


class Map(dict):
    file: str = ""
    line: int = 0
    column: int = 0

    def where(self, key=None) -> tuple[int, int]:
        pos = getattr(self, "_pos", {})
        try:
            return pos.get(key, (self.line, self.column)) if key is not None else (self.line, self.column)
        except TypeError:           # an unhashable key asked about
            return (self.line, self.column)

    def error(self, key, message: str, field: str | None = None, hint: str | None = None) -> PnpError:
        line, col = self.where(key)
        return PnpError(message, self.file, line, col, field, hint)

    def span(self, key=None) -> tuple[int, int, str] | None:
        """(start, end, style) of the value of `key` in the text, or of the mapping itself (no key): offsets of
        characters, and how it is written ('' plain or block, '"', "'", '|', '>', '[', '{'); None unless the
        text was parsed with spans (yamlparse.loads(spans=True))."""
        return getattr(self, "_extent", None) if key is None else getattr(self, "_spans", {}).get(key)


class Seq(list):
    file: str = ""
    line: int = 0
    column: int = 0

    def where(self, index=None) -> tuple[int, int]:
        pos = getattr(self, "_pos", [])
        if index is not None and 0 <= index < len(pos):
            return pos[index]
        return (self.line, self.column)

    def error(self, index, message: str, field: str | None = None, hint: str | None = None) -> PnpError:
        line, col = self.where(index)
        return PnpError(message, self.file, line, col, field, hint)

    def span(self, index=None) -> tuple[int, int, str] | None:
        """As Map.span, for the item at `index` (or the sequence itself)."""
        if index is None:
            return getattr(self, "_extent", None)
        spans = getattr(self, "_spans", [])
        return spans[index] if 0 <= index < len(spans) else None


_SCALARS = (str, int, float, bool, type(None))


def encode_tree(value, seen: dict | None = None):
    """A loaded value as plain data: Map as ("m", line, column, keys, values, positions), Seq as ("s", line,
    column, items, positions), scalars as themselves; a collection met again (through an alias) as ("r", n),
    the nth collection met, so that what the file shares stays shared. ValueError for anything else (a date)."""
    if seen is None:
        seen = {}
    t = type(value)
    if t is Map or t is Seq:
        n = seen.get(id(value))
        if n is not None:
            return ("r", n)
        seen[id(value)] = len(seen)
        if t is Seq:
            return ("s", value.line, value.column, [encode_tree(v, seen) for v in value],
                    list(getattr(value, "_pos", [])))
        keys = list(value)
        if not all(type(k) in _SCALARS for k in keys):
            raise ValueError("a key marshal cannot hold")
        pos = getattr(value, "_pos", {})
        return ("m", value.line, value.column, keys, [encode_tree(value[k], seen) for k in keys],
                [pos.get(k, (value.line, value.column)) for k in keys])
    if t in _SCALARS:
        return value
    raise ValueError(f"{t.__name__} is not kept")


def decode_tree(data, file: str, made: list | None = None):
    """What encode_tree made, with `file` as every collection's file; ValueError when it is not of that shape."""
    if made is None:
        made = []
    t = type(data)
    if t is tuple:
        kind = data[0]
        if kind == "r":
            return made[data[1]]
        _, line, column, *rest = data
        if kind == "m":
            keys, values, pos = rest
            if not len(keys) == len(values) == len(pos):
                raise ValueError("not a mapping")
            m = Map()
            made.append(m)
            m.update(zip(keys, [decode_tree(v, file, made) for v in values]))
            m._pos = dict(zip(keys, map(tuple, pos)))
        elif kind == "s":
            items, pos = rest
            m = Seq()
            made.append(m)
            m.extend([decode_tree(v, file, made) for v in items])
            m._pos = list(map(tuple, pos))
        else:
            raise ValueError("not a collection")
        m.file, m.line, m.column = file, line, column
        return m
    if t in _SCALARS:
        return data
    raise ValueError("not a value")
