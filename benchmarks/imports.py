"""What each import written inside a function saves: the time importing its module adds to a process that has
already imported the module it is written in (each pair in a fresh process, the least of three runs).

pnp writes imports at a module's top, except where importing at the top would cost start-up time a command does
not need (issue 42): such an import carries a comment `# lazy: +N ms ...` with the figure this script measures.
`python benchmarks/imports.py` lists every function-level import of generator/ with its figure, the largest
first; `--over MS` only those that cost more.
"""
from __future__ import annotations

import argparse
import ast
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PROBE = ("import sys, time\n"
         "import {home}\n"
         "t = time.perf_counter()\n"
         "import {target}\n"
         "print((time.perf_counter() - t) * 1000)\n")


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def target_of(home: str, node: ast.AST, is_package: bool) -> list[str]:
    """The modules an import statement loads (a `from X import y` of a submodule y loads X.y)."""
    if isinstance(node, ast.Import):
        return [a.name for a in node.names]
    if node.level:
        base = home.split(".")
        if not is_package:
            base = base[:-1]
        base = base[:len(base) - (node.level - 1)]
        mod = ".".join(base + ([node.module] if node.module else []))
    else:
        mod = node.module
    found = [mod]
    for a in node.names:
        sub = f"{mod}.{a.name}"
        if (ROOT / Path(*sub.split("."))).with_suffix(".py").exists() or (ROOT / Path(*sub.split("."))).is_dir():
            found.append(sub)
    return found


def function_imports():
    """(file, line, home module, [target modules]) for every import inside a function of generator/."""
    for path in sorted((ROOT / "generator").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        home = module_name(path)
        for fn in ast.walk(tree):
            if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
                for node in ast.walk(fn):
                    if isinstance(node, (ast.Import, ast.ImportFrom)):
                        yield path, node.lineno, home, target_of(home, node, path.name == "__init__.py")


def cost(home: str, targets: list[str], runs: int = 3) -> float:
    """Milliseconds that importing `targets` adds after `home` (the least of `runs` fresh processes)."""
    code = PROBE.format(home=home, target=", ".join(targets))
    best = float("inf")
    for _ in range(runs):
        out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
        if out.returncode:
            return float("nan")
        best = min(best, float(out.stdout.strip().splitlines()[-1]))
    return best


def measure(pairs, workers: int = 2) -> dict:
    keys = sorted({(home, tuple(targets)) for _, _, home, targets in pairs})
    with ThreadPoolExecutor(workers) as pool:
        figures = list(pool.map(lambda k: cost(k[0], list(k[1])), keys))
    return dict(zip(keys, figures))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--over", type=float, default=0.0, help="only imports costing more than this many ms")
    args = ap.parse_args()
    pairs = list(function_imports())
    figures = measure(pairs)
    rows = sorted(((figures[(h, tuple(t))], p, line, h, t) for p, line, h, t in pairs), key=lambda r: -r[0])
    for ms, path, line, home, targets in rows:
        if ms > args.over or ms != ms:
            print(f"{ms:7.1f} ms  {path.relative_to(ROOT)}:{line}  {', '.join(targets)}")


if __name__ == "__main__":
    main()
