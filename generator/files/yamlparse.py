"""Parsing YAML text with PyYAML, safely, into Map/Seq/scalars that remember where every key and item came from
(and, asked for an edit, where each value starts and ends in the text: loads(spans=True)).

No tags construct objects: this is yaml.SafeLoader with position-keeping containers, and a tag it does not know
(such as !!python/object) is an error naming its line. Limits keep a typo (or a hostile file) from exhausting
the machine: how deeply it nests, and how many values its aliases expand to ("billion laughs"). libyaml parses
(and, where the file cannot nest deep enough to overflow its recursive composer, composes).

Imported only when a file must be parsed: a rebuild takes every unchanged file's tree from the cache
(yamlfile.load), and PyYAML's import (~10 ms) is then not paid at all.
Not here: reading a file and the cache of its parsed tree (yamlfile.py), Map and Seq (yamltree.py).
"""
from __future__ import annotations

import re

from ..errors import PnpError
from .yamltree import Map, Seq

class _CompiledOnFirstUse:
    """A regular expression that compiles when first used (see _import_yaml)."""

    def __init__(self, pattern, flags):
        self._args, self._compiled = (pattern, flags), None

    def __getattr__(self, name):
        if self._compiled is None:
            self._compiled = _re_compile(*self._args)
        return getattr(self._compiled, name)


_re_compile = re.compile


def _import_yaml():
    """import yaml, less the ~15 ms (a sixth of a small build) that PyYAML spends, as it is imported,
    compiling one regular expression over all of Unicode: yaml.reader.Reader.NON_PRINTABLE, used only
    by its pure-Python reader. pnp reads with libyaml; should the Python reader run after all (PyYAML
    built without libyaml), the expression compiles then."""
    def compile_(pattern, flags=0):
        if isinstance(pattern, str) and "\U0010ffff" in pattern:
            return _CompiledOnFirstUse(pattern, flags)
        return _re_compile(pattern, flags)
    re.compile = compile_
    try:
        import yaml
    finally:
        re.compile = _re_compile
    return yaml


yaml = _import_yaml()
from yaml.composer import Composer  # noqa: E402
from yaml.constructor import SafeConstructor  # noqa: E402
from yaml.resolver import Resolver  # noqa: E402

MAX_DEPTH = 40
MAX_VALUES = 1_000_000      # values after expanding every alias
MAX_ALIASES = 100_000       # alias uses (*name) in one file

try:                                    # libyaml parses (fast) ...
    from yaml.cyaml import CParser as _Parser
    _C = True
except ImportError:                     # pragma: no cover - PyYAML built without libyaml
    _C = False

    class _Parser(yaml.reader.Reader, yaml.scanner.Scanner, yaml.parser.Parser):
        def __init__(self, stream):
            yaml.reader.Reader.__init__(self, stream)
            yaml.scanner.Scanner.__init__(self)
            yaml.parser.Parser.__init__(self)

C_COMPOSE_MAX = 2000    # nesting indicators ([ { - : ?) a file may hold for libyaml to compose it (see loads)
_SCALARS = frozenset(f"tag:yaml.org,2002:{t}" for t in ("str", "int", "float", "bool", "null"))


class _Constructor(SafeConstructor):
    pnp_level = 0
    pnp_spans = False           # keep where each value stands in the text (loads(spans=True))
    pnp_count_depth = False     # libyaml composed the nodes: count the depth while constructing

    def construct_object(self, node, deep=False):
        if type(node) is yaml.ScalarNode and node.tag in _SCALARS:
            # most of a file: made at once, without PyYAML's bookkeeping of each node (a deck of 100 cards
            # parsed in 12 ms, 8 of them that), which a plain value needs none of
            if self.pnp_count_depth and self.pnp_level >= MAX_DEPTH:
                raise _at(node, f"nested more than {MAX_DEPTH} levels deep", self.pnp_file)
            return self._pnp_construct(node, deep, self.yaml_constructors[node.tag])
        if not self.pnp_count_depth:
            return self._pnp_construct(node, deep)
        self.pnp_level += 1
        try:
            if self.pnp_level > MAX_DEPTH:
                raise _at(node, f"nested more than {MAX_DEPTH} levels deep", self.pnp_file)
            return self._pnp_construct(node, deep)
        finally:
            self.pnp_level -= 1

    def _pnp_construct(self, node, deep, scalar=None):
        """As SafeLoader's (or `scalar`, a plain value's constructor), but a value that cannot be built (a
        5000-digit number) is an error at its own line rather than an exception from deep inside PyYAML; a date
        that is no day (2024-13-01) is its text, which the key that reads it judges (game.date names itself)."""
        try:
            return scalar(self, node) if scalar is not None else super().construct_object(node, deep)
        except (PnpError, yaml.YAMLError):
            raise
        except (ValueError, TypeError, OverflowError, ArithmeticError) as exc:
            if node.tag == "tag:yaml.org,2002:timestamp":
                return node.value       # no such day (2024-13-01): the text as written, which its key judges
            text = str(exc).split(";")[0].strip()
            if "4300" in text or "digits" in text:
                text = "the number is too long"
            raise _at(node, f"cannot read this value: {text}", self.pnp_file)




class _CLoader(_Parser, _Constructor, Resolver):
    """libyaml parses and composes (in C, recursively: see loads for when that is safe)."""

    def __init__(self, stream):
        _Parser.__init__(self, stream)
        _Constructor.__init__(self)
        Resolver.__init__(self)


class _Loader(Composer, _Parser, _Constructor, Resolver):
    """libyaml parses, Python composes: for files that could nest deeper than libyaml's composer,
    which recurses in C and crashes the process a few thousand levels down, where Python's stops
    with RecursionError."""

    def __init__(self, stream):
        _Parser.__init__(self, stream)
        Composer.__init__(self)
        _Constructor.__init__(self)
        Resolver.__init__(self)

    pnp_aliases = False

    def compose_node(self, parent, index):
        """Python's composer, counting how deep it is: a file with no aliases is measured here, in passing."""
        if self.check_event(yaml.AliasEvent):
            self.pnp_aliases = True
            return super().compose_node(parent, index)
        self.pnp_level += 1
        try:
            if self.pnp_level > MAX_DEPTH:
                mark = self.peek_event().start_mark
                raise PnpError(f"nested more than {MAX_DEPTH} levels deep", self.pnp_file, mark.line + 1,
                               mark.column + 1)
            return super().compose_node(parent, index)
        finally:
            self.pnp_level -= 1


def _at(node, message: str, file: str, hint: str | None = None) -> PnpError:
    mark = node.start_mark
    return PnpError(message, file, mark.line + 1, mark.column + 1, hint=hint)


def _mark(obj, node, file):
    obj.file = file
    obj.line = node.start_mark.line + 1
    obj.column = node.start_mark.column + 1
    return obj


def _span(node) -> tuple[int, int, str]:
    """Where a node stands in the text: (start, end) as offsets of characters, and how it is written: a
    scalar's style ('' plain, '"', "'", '|', '>'), a collection's '[' or '{' (flow) or '' (block)."""
    style = getattr(node, "style", None) or ""
    if isinstance(node, yaml.CollectionNode):
        style = ("{" if isinstance(node, yaml.MappingNode) else "[") if node.flow_style else ""
    return node.start_mark.index, node.end_mark.index, style


def _construct_map(loader, node):
    own = sum(1 for k, _ in node.value if k.tag != "tag:yaml.org,2002:merge")
    loader.flatten_mapping(node)
    merged = len(node.value) - own          # pairs brought in by `<<: *anchor` come first
    m = _mark(Map(), node, loader.pnp_file)
    m._pos = {}
    if loader.pnp_spans:
        m._spans, m._extent = {}, _span(node)
    yield m
    written = set()
    for i, (key_node, value_node) in enumerate(node.value):
        key = loader.construct_object(key_node, deep=True)
        try:
            hash(key)
        except TypeError:
            raise _at(key_node, "a mapping key must be a plain value, not a list or mapping", loader.pnp_file)
        if i >= merged:
            # a key written here may override a merged one, but not another key written here
            if key in written:
                raise _at(key_node, f"duplicate key '{key}'", loader.pnp_file,
                          hint=f"it was first given on line {m._pos[key][0]}")
            written.add(key)
        m[key] = loader.construct_object(value_node, deep=True)
        m._pos[key] = (key_node.start_mark.line + 1, key_node.start_mark.column + 1)
        if loader.pnp_spans:
            m._spans[key] = _span(value_node)


def _construct_seq(loader, node):
    s = _mark(Seq(), node, loader.pnp_file)
    s._pos = []
    if loader.pnp_spans:
        s._spans, s._extent = [], _span(node)
    yield s
    for child in node.value:
        s.append(loader.construct_object(child, deep=True))
        s._pos.append((child.start_mark.line + 1, child.start_mark.column + 1))
        if loader.pnp_spans:
            s._spans.append(_span(child))


def _unknown_tag(loader, node):
    raise _at(node, f"YAML tag '{node.tag.replace('tag:yaml.org,2002:', '!!')}' is not allowed: "
                    "pnp reads plain YAML (text, numbers, lists and mappings) and builds no objects",
              loader.pnp_file)


# Lone surrogates cannot reach a value through libyaml (it refuses their escapes) or UTF-8 decoding;
# only PyYAML's pure-Python reader lets "\ud800" through (and compiling that range costs 0.8 ms).
_BAD_CHARS = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]" if _C
                        else r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\ud800-\udfff]")
_ANCHOR = re.compile(r"(?:^|[\s\[{,])&[^\s\[\]{},]", re.M)


def _construct_str(loader, node):
    value = loader.construct_scalar(node)
    bad = _BAD_CHARS.search(value)
    if bad:
        raise _at(node, f"text holds U+{ord(bad.group()):04X}, a control character that cannot be printed",
                  loader.pnp_file,
                  hint="remove it, or write the character itself")
    return value


_Constructor.add_constructor("tag:yaml.org,2002:map", _construct_map)
_Constructor.add_constructor("tag:yaml.org,2002:seq", _construct_seq)
_Constructor.add_constructor("tag:yaml.org,2002:str", _construct_str)
for _tag in ("binary", "set", "omap", "pairs"):          # safe, but nothing a deck needs
    _Constructor.add_constructor(f"tag:yaml.org,2002:{_tag}", _unknown_tag)
_Constructor.add_constructor(None, _unknown_tag)


def _measure(root, file: str) -> None:
    """Refuse a node graph with aliases that nests too deeply, refers to itself, or expands too far.

    Aliases make the graph a DAG (or, in YAML, even a cycle): sizes are computed once a node,
    so a billion-laughs file is measured in time linear in its text, then refused. Scalars (most
    nodes) are counted where they stand, without a visit of their own."""
    size: dict[int, int] = {}
    depth: dict[int, int] = {}
    seen_scalars: set[int] = set()
    on_path: set[int] = set()
    aliases = 0
    if not isinstance(root, _COLLECTIONS):
        return
    stack = [(root, False, 1)]
    while stack:
        node, done, level = stack.pop()
        key = id(node)
        children = _children(node)
        if done:
            on_path.discard(key)
            total, deepest = 1, 0
            for c in children:
                if isinstance(c, _COLLECTIONS):
                    total += size[id(c)]
                    deepest = max(deepest, depth[id(c)])
                else:
                    total += 1
                    deepest = max(deepest, 1)
            size[key], depth[key] = total, deepest + 1
            if total > MAX_VALUES:
                raise _at(node, f"this value expands to more than {MAX_VALUES} values through aliases (*name)",
                          file, hint="use fewer nested aliases")
            continue
        if key in size:
            aliases += 1
            if aliases > MAX_ALIASES:
                raise _at(node, f"more than {MAX_ALIASES} aliases (*name) in one file", file)
            if level + depth[key] - 1 > MAX_DEPTH:
                raise _at(node, f"nested more than {MAX_DEPTH} levels deep (through an alias)", file)
            continue
        if key in on_path:
            raise _at(node, "an alias (*name) refers to the value that contains it", file)
        if level > MAX_DEPTH:
            raise _at(node, f"nested more than {MAX_DEPTH} levels deep", file)
        on_path.add(key)
        stack.append((node, True, level))
        for child in children:
            ck = id(child)
            if not isinstance(child, _COLLECTIONS):
                if ck in seen_scalars:
                    aliases += 1
                    if aliases > MAX_ALIASES:
                        raise _at(child, f"more than {MAX_ALIASES} aliases (*name) in one file", file)
                seen_scalars.add(ck)
                if level + 1 > MAX_DEPTH:
                    raise _at(child, f"nested more than {MAX_DEPTH} levels deep", file)
                continue
            if ck in on_path:
                raise _at(child, "an alias (*name) refers to the value that contains it", file)
            stack.append((child, False, level + 1))


_COLLECTIONS = (yaml.MappingNode, yaml.SequenceNode)


def _children(node) -> list:
    if isinstance(node, yaml.MappingNode):
        return [n for pair in node.value for n in pair]
    if isinstance(node, yaml.SequenceNode):
        return list(node.value)
    return []


def _line_of(text: str, index: int) -> int:
    return text.count("\n", 0, max(0, index)) + 1


def loads(text: str, name: str = "<text>", spans: bool = False):
    """Load YAML text (see load). `spans`: each Map and Seq also keeps where each of its values stands in the
    text, start and end (yamltree's span), for an edit that replaces one value and nothing else (splice.py)."""
    loader = None
    try:
        # Each nested collection is opened by one of these characters, so a file with few of them cannot
        # nest deep enough to overflow libyaml's recursive composer (~300 bytes of C stack a level): it
        # composes, twice as fast as Python, and the constructor counts the depth. Others compose in Python.
        if _C and sum(map(text.count, "[{-:?")) <= C_COMPOSE_MAX:
            loader = _CLoader(text)
            loader.pnp_count_depth = True
            loader.pnp_level = 1        # the root is constructed first; its children are built after it returns
            loader.pnp_aliases = _ANCHOR.search(text) is not None     # an alias needs an anchor
        else:
            loader = _Loader(text)
        loader.pnp_file = name
        loader.pnp_spans = spans
        node = loader.get_single_node()
        if node is None:
            raise PnpError("file is empty", name, 1)
        if loader.pnp_aliases:          # shared values: measure what they expand to
            _measure(node, name)
        return loader.construct_document(node)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else None
        col = mark.column + 1 if mark else None
        problem = exc.problem or exc.context or "invalid YAML"
        if exc.context and exc.problem:
            problem = f"{exc.context}, {problem}" if problem.startswith("but ") else f"{problem} ({exc.context})"
        if "maximum nesting depth" in problem:     # PyYAML 6.0.4's own limit (1,000 levels), far past ours
            raise PnpError(f"nested more than {MAX_DEPTH} levels deep", name, line, col)
        hint = None
        if mark is not None:
            lines = text.split("\n")
            here = lines[mark.line] if 0 <= mark.line < len(lines) else ""
            alias = re.match(r"\*([^\s,\[\]{}]+)", here[mark.column:])
            if problem == "found undefined alias" and alias:        # libyaml's composer names no alias
                problem = f"found undefined alias '{alias[1]}'"
                hint = f"no &{alias[1]} stands before it in the file: an anchor is written before its aliases"
            if "\t" in here[: mark.column + 1] or "\\t" in problem:
                hint = "indent with spaces, not tabs"
        raise PnpError(f"YAML syntax error: {problem}", name, line, col, hint=hint)
    except yaml.reader.ReaderError as exc:
        raise PnpError(f"character U+{exc.character:04X} is not allowed in YAML" if isinstance(exc.character, int)
                       else "a character that is not allowed in YAML", name, _line_of(text, exc.position))
    except yaml.YAMLError as exc:
        raise PnpError(f"YAML error: {exc}".splitlines()[0], name)
    except UnicodeError as exc:
        raise PnpError(f"text that is not valid Unicode: {exc.reason}", name)
    except RecursionError:
        mark = None
        try:
            mark = loader.peek_event().start_mark if loader is not None else None
        except Exception:               # the parser may be past use: the file is still named
            pass
        raise PnpError(f"nested more than {MAX_DEPTH} levels deep", name, mark.line + 1 if mark else None,
                       mark.column + 1 if mark else None)
    finally:
        if loader is not None:
            loader.dispose()
