"""generator/export/ keeps its shape: the package's modules import each other in one direction (no
cycles), none imports another module's underscore names, none is over about 450 lines, and each
opens with a comment saying what it holds and what it does not ("Not here: ...")."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

from cli import ROOT

PACKAGE = ROOT / "generator" / "export"
MODULES = sorted(PACKAGE.glob("*.py"))
MOST_LINES = 450


def _imports(path: Path):
    """(module imported, names imported from it) for every import of the package's own modules,
    at any depth of the file (imports inside functions count: they still make a cycle)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            if node.module:
                yield node.module.split(".")[0], [a.name for a in node.names]
            else:                           # from . import a, b: the modules a and b
                for alias in node.names:
                    yield alias.name, []
        elif isinstance(node, ast.ImportFrom) and node.level == 2 and node.module:
            yield "../" + node.module, [a.name for a in node.names]


def _graph() -> dict:
    names = {p.stem for p in MODULES}
    return {p.stem: sorted({m for m, _ in _imports(p) if m in names and m != p.stem}) for p in MODULES}


def test_no_module_imports_another_in_a_cycle():
    graph = _graph()
    state: dict = {}
    cycles = []

    def visit(node, path):
        state[node] = "open"
        for nxt in graph[node]:
            if state.get(nxt) == "open":
                cycles.append(path[path.index(nxt):] + [nxt])
            elif nxt not in state:
                visit(nxt, path + [nxt])
        state[node] = "done"

    for node in graph:
        if node not in state:
            visit(node, [node])
    assert not cycles, " ; ".join(" -> ".join(c) for c in cycles)
    assert graph["tts"] and "saved" in graph["tts"] and "tts" not in graph["saved"]      # the old cycle


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.name)
def test_no_underscore_names_of_another_module(path):
    wrong = [f"{module}.{name}" for module, names in _imports(path) for name in names
             if name.startswith("_") and name != "__version__"]
    assert not wrong, f"{path.name} imports private names {wrong}"


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.name)
def test_small_and_says_what_it_holds(path):
    text = path.read_text(encoding="utf-8")
    assert text.count("\n") <= MOST_LINES, f"{path.name}: {text.count(chr(10))} lines"
    doc = ast.get_docstring(ast.parse(text))
    assert doc and len(doc) > 80, f"{path.name} opens with no comment saying what it holds"
    assert "Not here" in doc, f"{path.name}'s opening comment does not say what it does not hold"


def test_the_png_helpers_the_export_uses_are_public():
    """render/png.py's numpy switch is a public name (it was `_numpy`, imported from tts.py)."""
    from generator.render import png
    assert callable(png.numpy_or_none) and not hasattr(png, "_numpy")
    source = "".join(p.read_text(encoding="utf-8") for p in MODULES)
    assert "_numpy" not in source
