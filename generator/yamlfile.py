"""Safe YAML loading that remembers where every key and item came from.

Mappings load as Map (a dict) and sequences as Seq (a list); both know the line and
column of each key or item, so a later stage can point a user at the exact place.
No tags construct objects: this is yaml.SafeLoader with position-keeping containers.
"""
from __future__ import annotations

from pathlib import Path

import yaml

from .errors import PnpError

MAX_BYTES = 2_000_000
MAX_DEPTH = 40


class Map(dict):
    file: str = ""
    line: int = 0
    column: int = 0

    def where(self, key=None) -> tuple[int, int]:
        return self._pos.get(key, (self.line, self.column)) if key is not None else (self.line, self.column)

    def error(self, key, message: str, field: str | None = None, hint: str | None = None) -> PnpError:
        line, col = self.where(key)
        return PnpError(message, self.file, line, col, field, hint)


class Seq(list):
    file: str = ""
    line: int = 0
    column: int = 0

    def where(self, index=None) -> tuple[int, int]:
        if index is not None and 0 <= index < len(self._pos):
            return self._pos[index]
        return (self.line, self.column)

    def error(self, index, message: str, field: str | None = None, hint: str | None = None) -> PnpError:
        line, col = self.where(index)
        return PnpError(message, self.file, line, col, field, hint)


class _Loader(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):  # libyaml parses, Python constructs
    pass


def _mark(obj, node, file):
    obj.file = file
    obj.line = node.start_mark.line + 1
    obj.column = node.start_mark.column + 1
    return obj


def _construct_map(loader, node):
    loader.flatten_mapping(node)
    m = _mark(Map(), node, loader.pnp_file)
    m._pos = {}
    yield m
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        try:
            hash(key)
        except TypeError:
            raise PnpError("a mapping key must be a plain value", loader.pnp_file,
                           key_node.start_mark.line + 1, key_node.start_mark.column + 1)
        if key in m._pos:
            raise PnpError(f"duplicate key '{key}'", loader.pnp_file,
                           key_node.start_mark.line + 1, key_node.start_mark.column + 1)
        m[key] = loader.construct_object(value_node, deep=True)
        m._pos[key] = (key_node.start_mark.line + 1, key_node.start_mark.column + 1)


def _construct_seq(loader, node):
    s = _mark(Seq(), node, loader.pnp_file)
    s._pos = []
    yield s
    for child in node.value:
        s.append(loader.construct_object(child, deep=True))
        s._pos.append((child.start_mark.line + 1, child.start_mark.column + 1))


_Loader.add_constructor("tag:yaml.org,2002:map", _construct_map)
_Loader.add_constructor("tag:yaml.org,2002:seq", _construct_seq)


def _depth(node, limit=MAX_DEPTH, seen=None) -> int:
    stack = [(node, 1)]
    deepest = 0
    while stack:
        n, d = stack.pop()
        deepest = max(deepest, d)
        if d > limit:
            return d
        if isinstance(n, yaml.MappingNode):
            stack.extend((v, d + 1) for _, v in n.value)
        elif isinstance(n, yaml.SequenceNode):
            stack.extend((v, d + 1) for v in n.value)
    return deepest


def load(path, display: str | None = None):
    """Load one YAML file into Map/Seq/scalars, or raise PnpError pointing at the fault."""
    path = Path(path)
    name = display or str(path)
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise PnpError(f"cannot read file: {exc.strerror or exc}", name)
    if len(raw) > MAX_BYTES:
        raise PnpError(f"file is {len(raw)} bytes; the limit is {MAX_BYTES}", name)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise PnpError(f"not UTF-8 text (byte {exc.start})", name)
    loader = _Loader(text)
    loader.pnp_file = name
    try:
        node = loader.get_single_node()
        if node is None:
            raise PnpError("file is empty", name, 1)
        if _depth(node) > MAX_DEPTH:
            raise PnpError(f"nested more than {MAX_DEPTH} levels deep", name,
                           node.start_mark.line + 1)
        return loader.construct_document(node)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else None
        col = mark.column + 1 if mark else None
        problem = exc.problem or exc.context or "invalid YAML"
        raise PnpError(f"YAML syntax error: {problem}", name, line, col)
    except yaml.YAMLError as exc:
        raise PnpError(f"YAML error: {exc}".splitlines()[0], name)
    except RecursionError:
        raise PnpError("YAML nested too deeply", name)
    finally:
        loader.dispose()
