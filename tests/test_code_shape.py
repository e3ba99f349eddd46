"""The code's shape: no two modules import each other, no module takes another's private names, no module is
longer than 450 lines, every module opens with a docstring saying what it holds; the pipeline's stages import only
the stages before them; no module keeps state with `global`, forgets a cache with cache_clear, or keeps more than
a few containers that live as long as the process (each saying why); at most 8 modules at generator/'s top; an
import inside a function says what it saves (`# lazy: +N ms to import`, benchmarks/imports.py).

Every .py file under generator/ and benchmarks/ is read with `ast` (nothing is imported or run). The
import graph has an edge from a module to each module of the project it imports, wherever the import is
(at the top, inside a function or under an `if`: a function-level import still ties the two together):
`import a.b`, `from a import b` (to the submodule a.b when it is one, else to package a's __init__), and
relative imports. benchmarks/ is a folder of scripts run as `python benchmarks/run.py`, so its files import
each other by their bare names (`import watch`); a folder's module name follows its __init__.py files.
A private name is one with a leading underscore that is not a dunder: `from X import _name` of another
module, or `X._name` where X names a module of the project (`import X as _X` is only an alias, and fine).

Each check reports everything it finds, naming file:line; test_the_checks_catch_what_they_look_for plants
each kind of finding in tmp_path and checks it is caught, so a check that finds nothing has been seen to
find something.
"""
from __future__ import annotations

import ast
import gc
from dataclasses import dataclass, field
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
TREES = ("generator", "benchmarks")
MAX_LINES = 450
# The pipeline's stages in order: each imports only those before it (export and proof are built on render; the
# proof may read the exports' own records). pipeline.py runs load -> check -> lay out -> impose -> printout ->
# render for the later stages. The other packages and modules (errors, files, pictures, text, language ...)
# are below every stage and import none.
STAGES = ("deck", "check", "layout", "impose", "printout", "render", "pipeline", "export", "proof", "watch",
          "commands", "cli", "__main__")
MAX_TOP = 8                 # modules at generator/'s top (its packages hold the rest)
MAX_PROCESS_STATE = 4       # module-level containers a module changes after import (see state_findings)
MUTATING = {"append", "extend", "insert", "add", "update", "setdefault", "pop", "popitem", "clear", "remove",
            "discard", "move_to_end", "appendleft"}
# A module may be longer only for a reason written here (path relative to the repository: why).
LONG: dict[str, str] = {}


@dataclass
class Module:
    name: str               # dotted, as Python would import it ("generator.layout.face", "run")
    path: Path
    rel: str                # path relative to the root, for messages
    package: bool           # an __init__.py
    tree: ast.Module
    lines: int
    edges: list[tuple[str, int]] = field(default_factory=list)        # (module imported, line)
    walked: list[ast.AST] = field(default_factory=list, repr=False)     # every node of tree, once walked (nodes())


def nodes(m: Module) -> list[ast.AST]:
    """Every node of m's tree, as ast.walk gives them: walked once for all the checks below (each walked the whole
    project again, some several times)."""
    if not m.walked:
        m.walked = list(ast.walk(m.tree))
    return m.walked


def dotted(path: Path) -> tuple[str, bool]:
    """A file's module name: its folders up to the first one without an __init__.py (that one is on
    sys.path), and whether it is a package's __init__."""
    package = path.name == "__init__.py"
    parts = [] if package else [path.stem]
    folder = path.parent
    while (folder / "__init__.py").exists():
        parts.insert(0, folder.name)
        folder = folder.parent
    return ".".join(parts), package


def read(root: Path, trees=TREES) -> dict[str, Module]:
    """The modules under root's trees, parsed, with their import edges. The garbage collector waits meanwhile:
    the 300,000 nodes of the project's trees, none of them garbage, set off its full collections again and
    again (half the parsing's time)."""
    paused = gc.isenabled()
    gc.disable()
    try:
        return _read(root, trees)
    finally:
        if paused:
            gc.enable()


def _read(root: Path, trees) -> dict[str, Module]:
    modules: dict[str, Module] = {}
    for tree in trees:
        for path in sorted((root / tree).rglob("*.py")):
            if any(p.startswith(".") or p == "__pycache__" for p in path.relative_to(root).parts):
                continue
            name, package = dotted(path)
            text = path.read_text(encoding="utf-8")
            rel = path.relative_to(root).as_posix()
            assert name not in modules, f"{rel} and {modules[name].rel} are both module {name}"
            modules[name] = Module(name, path, rel, package, ast.parse(text, rel), len(text.splitlines()))
    for m in modules.values():
        m.edges = [(target, line) for target, line, _ in imports(m, modules)]
    return modules


def base_of(m: Module, node: ast.ImportFrom) -> str:
    """The module a `from ... import` reads from, relative imports resolved against m's package."""
    if not node.level:
        return node.module or ""
    package = m.name if m.package else m.name.rpartition(".")[0]
    parts = package.split(".") if package else []
    parts = parts[:len(parts) - (node.level - 1)]
    return ".".join(parts + ([node.module] if node.module else []))


def known_prefix(name: str, modules) -> str | None:
    while name and name not in modules:
        name = name.rpartition(".")[0]
    return name or None


def imports(m: Module, modules):
    """(module of the project imported, line, name taken from it or None) for every import in m."""
    for node in nodes(m):
        if isinstance(node, ast.Import):
            for alias in node.names:
                target = known_prefix(alias.name, modules)
                if target:
                    yield target, node.lineno, None
        elif isinstance(node, ast.ImportFrom):
            base = base_of(m, node)
            for alias in node.names:
                sub = f"{base}.{alias.name}" if base else alias.name
                if sub in modules:
                    yield sub, node.lineno, None
                elif base in modules:
                    yield base, node.lineno, alias.name


def private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def cycles(modules: dict[str, Module]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm), each sorted."""
    index, low, stack, on, out = {}, {}, [], set(), []
    graph = {n: sorted({t for t, _ in m.edges if t != n}) for n, m in modules.items()}

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                out.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return sorted(out)


def cycle_findings(modules) -> list[str]:
    out = []
    for group in cycles(modules):
        inside = set(group)
        ties = [f"{modules[a].rel}:{line} imports {b}" for a in group for b, line in modules[a].edges
                if b in inside and b != a]
        out.append(f"import cycle among {', '.join(group)}: " + "; ".join(sorted(set(ties))))
    return out


def scope_names(body) -> dict[str, str | None]:
    """The names a scope binds (not descending into nested functions or classes): a module of the project
    for an import of one, None for anything else (an argument, an assignment, an imported value)."""
    out: dict[str, str | None] = {}
    todo = list(body)
    while todo:
        node = todo.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            out.setdefault(node.name, None)
            todo.extend(node.decorator_list)
            continue
        if isinstance(node, ast.Lambda):
            continue
        if isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load):
            out.setdefault(node.id, None)
        elif isinstance(node, ast.arg):
            out.setdefault(node.arg, None)
        todo.extend(ast.iter_child_nodes(node))
    return out


def private_findings(modules) -> list[str]:
    out = []
    for m in modules.values():
        for target, line, name in imports(m, modules):
            if name and private(name) and target != m.name:
                out.append(f"{m.rel}:{line} takes {target}'s private name {name}")
        if _may_reach(m, modules):
            out.extend(_reaches(m, modules))
    return sorted(set(out), key=lambda s: (s.split(":")[0], int(s.split(":")[1].split()[0]), s))


def _may_reach(m: Module, modules) -> bool:
    """Whether m could take a module's private name as `X._name`: some chain of attributes with a private name in
    it starts at a name that one of m's imports (in any scope) binds to a module of the project. Most modules have
    none (their `self._x`, `re._y` start at other names), and _reaches' walk of every scope, the slow part of the
    check, is not needed for them; it decides for the others, scope by scope."""
    roots = set()
    for node in nodes(m):
        if isinstance(node, ast.Attribute) and private(node.attr):
            value = node.value
            while isinstance(value, ast.Attribute):
                value = value.value
            if isinstance(value, ast.Name):
                roots.add(value.id)
    return bool(roots) and any(name in roots and target for node in nodes(m)
                               if isinstance(node, (ast.Import, ast.ImportFrom))
                               for name, target in import_bindings(m, node, modules))


def _reaches(m: Module, modules):
    """`X._name` where X names a module of the project (bound by an import in an enclosing scope)."""
    def bind(body, scopes):
        names = scope_names(body)
        for node in body_imports(body):
            for name, target in import_bindings(m, node, modules):
                names[name] = target
        return scopes + [names]

    def walk(node, scopes):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            args = node.args
            for outer in getattr(node, "decorator_list", []) + args.defaults + [d for d in args.kw_defaults if d]:
                yield from walk(outer, scopes)          # evaluated where the function is defined
            arg_names = {a.arg: None for a in args.posonlyargs + args.args + args.kwonlyargs
                         + [a for a in (args.vararg, args.kwarg) if a]}
            body = node.body if isinstance(node.body, list) else [node.body]
            inner = bind(body, scopes)
            inner[-1] = {**arg_names, **inner[-1]}
            for child in body:
                yield from walk(child, inner)
            return
        if isinstance(node, ast.Attribute):
            chain, value = [node.attr], node.value
            while isinstance(value, ast.Attribute):
                chain.insert(0, value.attr)
                value = value.value
            if isinstance(value, ast.Name):
                bound = next((s[value.id] for s in reversed(scopes) if value.id in s), None)
                if bound:
                    full = bound
                    for part in chain:
                        if private(part):
                            if full != m.name:
                                yield f"{m.rel}:{node.lineno} takes {full}'s private name {part}"
                            break
                        if f"{full}.{part}" not in modules:
                            break
                        full = f"{full}.{part}"
                    return
        for child in ast.iter_child_nodes(node):
            yield from walk(child, scopes)

    scopes = bind(m.tree.body, [])
    for node in m.tree.body:
        yield from walk(node, scopes)


def body_imports(body):
    """The imports of a scope, not those of the functions and classes in it."""
    todo = list(body)
    while todo:
        node = todo.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
            continue
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node
        todo.extend(ast.iter_child_nodes(node))


def import_bindings(m: Module, node, modules):
    """(name bound, the module of the project it names or None) for each name an import binds."""
    if isinstance(node, ast.Import):
        for alias in node.names:
            if alias.asname:
                yield alias.asname, alias.name if alias.name in modules else None
            else:
                top = alias.name.split(".")[0]
                yield top, top if top in modules else None
    else:
        base = base_of(m, node)
        for alias in node.names:
            sub = f"{base}.{alias.name}" if base else alias.name
            yield alias.asname or alias.name, sub if sub in modules else None


def length_findings(modules, limit=MAX_LINES, allowed=LONG) -> list[str]:
    return [f"{m.rel} is {m.lines} lines (at most {limit}; split it by what it holds)"
            for m in modules.values() if m.lines > limit and m.rel not in allowed]


def docstring_findings(modules) -> list[str]:
    return [f"{m.rel}:1 opens with no docstring saying what it holds" for m in modules.values()
            if ast.get_docstring(m.tree) is None]


def stage_of(name: str) -> str | None:
    """The stage a module of generator/ belongs to (its package under generator/, or its own name there)."""
    parts = name.split(".")
    if parts[0] != "generator" or len(parts) < 2:
        return None
    return parts[1] if parts[1] in STAGES else None


def stage_findings(modules) -> list[str]:
    """An import of a later stage (or, from below every stage, of any stage)."""
    rank = {s: i for i, s in enumerate(STAGES)}
    out = []
    for m in modules.values():
        if not m.name.startswith("generator.") or m.name == "generator":
            continue
        mine = stage_of(m.name)
        for target, line in m.edges:
            theirs = stage_of(target)
            if theirs is None or theirs == mine:
                continue
            if mine is None:
                out.append(f"{m.rel}:{line} imports {target}: {m.name} is below the stages, and imports none")
            elif rank[theirs] > rank[mine]:
                out.append(f"{m.rel}:{line} imports {target}: stage {theirs} comes after {mine}")
    return sorted(out)


def global_findings(modules) -> list[str]:
    return [f"{m.rel}:{node.lineno} keeps state with `global {', '.join(node.names)}`"
            for m in modules.values() for node in nodes(m) if isinstance(node, ast.Global)]


def cache_clear_findings(modules) -> list[str]:
    return [f"{m.rel}:{node.lineno} calls cache_clear(): key the cache by what it reads instead"
            for m in modules.values() for node in nodes(m)
            if isinstance(node, ast.Attribute) and node.attr == "cache_clear"]


def process_state(m: Module) -> list[tuple[str, int, bool]]:
    """(name, line, said why) for each container bound at m's top (a literal, or made by a call) that m's
    functions change (item assignment or deletion, or a mutating method); `said why`: a comment on its line or
    on the line just above it."""
    bound: dict[str, int] = {}
    for node in m.tree.body:
        targets = node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(
            node, ast.AnnAssign) and node.value is not None else []
        value = getattr(node, "value", None)
        if isinstance(value, (ast.Dict, ast.List, ast.Set, ast.Call, ast.DictComp, ast.ListComp, ast.SetComp)):
            for t in targets:
                if isinstance(t, ast.Name):
                    bound[t.id] = node.lineno
    changed = set()
    for node in nodes(m):
        if isinstance(node, (ast.Assign, ast.AugAssign, ast.Delete)):
            for t in (node.targets if isinstance(node, (ast.Assign, ast.Delete)) else [node.target]):
                if isinstance(t, ast.Subscript) and isinstance(t.value, ast.Name) and t.value.id in bound:
                    changed.add(t.value.id)
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in MUTATING \
                and isinstance(node.func.value, ast.Name) and node.func.value.id in bound:
            changed.add(node.func.value.id)
    lines = m.path.read_text(encoding="utf-8").splitlines()

    def said(line: int) -> bool:
        return "#" in lines[line - 1] or (line >= 2 and lines[line - 2].strip().startswith("#"))
    return [(name, bound[name], said(bound[name])) for name in sorted(changed)]


def state_findings(modules, limit=MAX_PROCESS_STATE) -> list[str]:
    found = [(m, name, line, why) for m in modules.values() if m.name.startswith("generator")
             for name, line, why in process_state(m)]
    out = [f"{m.rel}:{line} {name} lives as long as the process: say why in a comment"
           for m, name, line, why in found if not why]
    if len(found) > limit:
        out.append(f"{len(found)} containers live as long as the process (at most {limit}): "
                   + ", ".join(f"{m.rel}:{line} {name}" for m, name, line, _ in found))
    return out


def top_findings(modules, limit=MAX_TOP) -> list[str]:
    top = sorted(m.rel for m in modules.values() if m.name.count(".") == 1 and not m.package
                 and m.name.startswith("generator."))
    return [f"{len(top)} modules at generator/'s top (at most {limit}): {', '.join(top)}"] if len(top) > limit else []


def lazy_findings(modules) -> list[str]:
    """An import inside a function of generator/ that does not say why it is not at the module's top: pnp imports
at the top, except where that costs start-up time a command does not need, said with its figure (`# lazy: +N ms
to import`, measured by benchmarks/imports.py), or for an optional library (inside a `try`)."""
    out = []
    for m in modules.values():
        if not m.name.startswith("generator"):
            continue
        if all(node.col_offset == 0 for node in nodes(m) if isinstance(node, (ast.Import, ast.ImportFrom))):
            continue            # every import at the module's top level: none inside a function (no walk)
        text = m.path.read_text(encoding="utf-8").splitlines()
        for node in untried_imports(m.tree):
            if "# lazy" not in text[node.end_lineno - 1]:
                out.append(f"{m.rel}:{node.lineno} imports inside a function without saying why (# lazy: +N ms)")
    return sorted(set(out))


def untried_imports(tree: ast.AST) -> list[ast.AST]:
    """The imports inside a function that no `try` body between them and their innermost function holds (an
    optional library), in one walk of the tree."""
    out = []
    todo = [(tree, False, False)]           # (node, inside a function, inside a try's body in that function)
    while todo:
        node, inside, tried = todo.pop()
        if isinstance(node, (ast.Import, ast.ImportFrom)) and inside and not tried:
            out.append(node)
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                todo.append((child, True, False))
            else:
                todo.append((child, inside, tried or (isinstance(node, ast.Try) and child in node.body)))
    return out


def _report(findings):
    return "\n".join(findings)


@pytest.fixture(scope="module")
def project() -> dict[str, Module]:
    """The project's modules, read once for the checks below."""
    return read(ROOT)


def test_no_import_cycles(project):
    found = cycle_findings(project)
    assert not found, _report(found)


def test_no_module_takes_another_modules_private_names(project):
    found = private_findings(project)
    assert not found, _report(found)


def test_no_module_is_too_long(project):
    found = length_findings(project)
    assert not found, _report(found)
    stale = sorted(set(LONG) - {m.rel for m in project.values() if m.lines > MAX_LINES})
    assert not stale, f"LONG names modules that are no longer too long: {stale}"


def test_every_module_says_what_it_holds(project):
    found = docstring_findings(project)
    assert not found, _report(found)


def test_each_stage_imports_only_the_stages_before_it(project):
    found = stage_findings(project)
    assert not found, _report(found)


def test_no_module_keeps_state_with_global_or_forgets_a_cache(project):
    found = global_findings(project) + cache_clear_findings(project)
    assert not found, _report(found)


def test_at_most_four_containers_live_as_long_as_the_process_each_saying_why(project):
    found = state_findings(project)
    assert not found, _report(found)


def test_imports_are_at_the_top_or_say_what_they_save(project):
    found = lazy_findings(project)
    assert not found, _report(found)


def test_at_most_eight_modules_at_the_top(project):
    found = top_findings(project)
    assert not found, _report(found)


def test_the_checks_catch_what_they_look_for(tmp_path, project):
    """A small project planted in tmp_path, with one of each finding and near misses that are fine."""
    def write(rel, text):
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text, encoding="utf-8")

    write("pkg/__init__.py", '"""Package."""\nfrom .a import thing\n')
    write("pkg/a.py", '"""A."""\nimport pkg.b as _b\n_own = 1\nthing = 2\n\n\ndef f():\n    from . import b\n'
                      '    return b.__name__, _b.public\n')
    write("pkg/b.py", '"""B."""\n\n\ndef g():\n    from .c import value\n    return value\n')
    write("pkg/c.py", '"""C."""\nfrom .a import _own\nfrom pkg.a import thing as _thing\nvalue = 3\n')
    write("pkg/sub/__init__.py", "")
    write("pkg/sub/d.py", '"""D."""\nfrom .. import a\nfrom pkg import sub\n'
                          'from .e import __doc__ as e_doc\n\n\ndef h(a):\n    return a._x\n\n\n'
                          'def k():\n    return a._own\n' + "x = 1\n" * 20)
    write("pkg/sub/e.py", '"""E: fine on its own."""\nfrom . import d\nfrom ..sub import d as dd\nimport pkg.sub.d\n'
                          'y = d.x + dd.x + pkg.sub.d.x\nz = pkg.sub.d._hidden\n')
    write("scripts/one.py", '"""One."""\nimport sys\nFLAG = 1\n\n\ndef main():\n    import two\n'
                            '    return two\n')
    write("scripts/two.py", '"""Two."""\nfrom one import FLAG, _private_helper\n')
    modules = read(tmp_path, ("pkg", "scripts"))

    assert set(modules) == {"pkg", "pkg.a", "pkg.b", "pkg.c", "pkg.sub", "pkg.sub.d", "pkg.sub.e", "one", "two"}
    assert cycles(modules) == [["one", "two"], ["pkg.a", "pkg.b", "pkg.c"], ["pkg.sub.d", "pkg.sub.e"]]
    found = cycle_findings(modules)
    assert found[1] == ("import cycle among pkg.a, pkg.b, pkg.c: pkg/a.py:2 imports pkg.b; pkg/a.py:8 imports "
                        "pkg.b; pkg/b.py:5 imports pkg.c; pkg/c.py:2 imports pkg.a; pkg/c.py:3 imports pkg.a")
    assert "scripts/one.py:7 imports two" in found[0] and "scripts/two.py:2 imports one" in found[0]
    # `from pkg import sub` is the package's __init__, not a cycle of d with e through it
    assert ("pkg.sub", 3) in modules["pkg.sub.d"].edges and ("pkg", 2) not in modules["pkg.sub.d"].edges

    assert private_findings(modules) == [
        "pkg/c.py:2 takes pkg.a's private name _own",
        "pkg/sub/d.py:12 takes pkg.a's private name _own",      # h's `a` is its argument: not the module
        "pkg/sub/e.py:6 takes pkg.sub.d's private name _hidden",
        "scripts/two.py:2 takes one's private name _private_helper",
    ]
    assert length_findings(modules, limit=20) == ["pkg/sub/d.py is 32 lines (at most 20; split it by what it holds)"]
    assert length_findings(modules, limit=20, allowed={"pkg/sub/d.py": "why"}) == []
    assert docstring_findings(modules) == ["pkg/sub/__init__.py:1 opens with no docstring saying what it holds"]

    # and the project's own modules are found where they are
    assert {"generator.layout.face", "generator", "generator.cli", "run", "watch"} <= set(project)
    assert "generator.cli" in {target for target, _ in project["generator.__main__"].edges}


def test_the_state_and_stage_checks_catch_what_they_look_for(tmp_path):
    """A planted generator/ with a later stage imported, a global, a cache_clear, containers changed after
    import (one with a comment, one without, one never changed) and too many modules at its top."""
    def write(rel, text):
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text, encoding="utf-8")

    write("generator/__init__.py", '"""G."""\n')
    write("generator/deck/__init__.py", '"""D."""\n')
    write("generator/deck/load.py", '"""L."""\nfrom ..layout import face\nfrom ..errors import x\n')
    write("generator/layout/__init__.py", '"""Y."""\n')
    write("generator/layout/face.py", '"""F."""\nfrom ..deck import load\n_n = 0\n\n\ndef f():\n'
                                      '    global _n\n    g.cache_clear()\n')
    write("generator/errors.py", '"""E."""\nfrom .layout import face\n'
                                 "# the workers' inherited state\n_kept: dict = {}\n_seen = set()\n"
                                 'TABLE = {"a": 1}\n\n\ndef f():\n    _kept["x"] = 1\n    _seen.add(2)\n'
                                 '    return TABLE["a"]\n')
    for n in range(8):
        write(f"generator/m{n}.py", f'"""M{n}."""\n')
    modules = read(tmp_path, ("generator",))
    assert stage_findings(modules) == [
        "generator/deck/load.py:2 imports generator.layout.face: stage layout comes after deck",
        "generator/errors.py:2 imports generator.layout.face: generator.errors is below the stages, and imports none"]
    assert global_findings(modules) == ["generator/layout/face.py:7 keeps state with `global _n`"]
    assert cache_clear_findings(modules) == [
        "generator/layout/face.py:8 calls cache_clear(): key the cache by what it reads instead"]
    assert state_findings(modules) == ["generator/errors.py:5 _seen lives as long as the process: say why in a comment"]
    assert state_findings(modules, limit=1)[-1].startswith("2 containers live as long as the process (at most 1)")
    write("generator/m0.py", '"""M0."""\n\n\ndef f():\n    import json  # lazy: +1 ms to import\n    import csv\n'
                             '    try:\n        import yaml\n    except ImportError:\n        pass\n')
    modules = read(tmp_path, ("generator",))
    assert lazy_findings(modules) == ["generator/m0.py:6 imports inside a function without saying why (# lazy: +N ms)"]
    assert top_findings(modules) == ["9 modules at generator/'s top (at most 8): generator/errors.py, "
                                     + ", ".join(f"generator/m{n}.py" for n in range(8))]
