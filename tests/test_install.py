"""pnp as a designer installs it: built into an sdist and a wheel (the wheel from the sdist, in an isolated environment),
installed into a fresh virtual environment with no checkout on its path, and run from an empty folder.

Slow (it builds the package, ~6 CPU s), so it is made once per test run, across the test workers,
and every check below reads what that one installation made."""
from __future__ import annotations

import os
import subprocess
import sys
import sysconfig
import tarfile
import zipfile
from pathlib import Path

import pytest

from cli import ROOT
from pdfcheck import page_sizes

SHIPPED = ("decks", "layouts", "fonts")


def _run(args, cwd, env=None, timeout=600) -> subprocess.CompletedProcess:
    return subprocess.run([str(a) for a in args], cwd=cwd, capture_output=True, text=True, timeout=timeout, env=env)


# The sdist, then the wheel made from the sdist, both in dist: as `python -m build` makes them (in an isolated
# environment holding only what pyproject.toml's build-system asks for), but in one such environment, not one for each
# (making the second and installing setuptools into it again was 3 of the test's CPU seconds); run with PIP_NO_COMPILE,
# so pip byte-compiles nothing in it (the build's processes compile the modules they import)
BUILD = """import sys, tarfile
from pathlib import Path
import build, build.env
root, dist = Path(sys.argv[1]), Path(sys.argv[2])
with build.env.DefaultIsolatedEnv() as env:
    source = build.ProjectBuilder.from_isolated_env(env, root)
    env.install(source.build_system_requires)
    env.install(source.get_requires_for_build("sdist"))
    sdist = Path(source.build("sdist", dist))
    with tarfile.open(sdist) as tar:
        tar.extractall(dist.parent / "sdist", filter="data")
    (unpacked,) = (dist.parent / "sdist").iterdir()
    wheel = build.ProjectBuilder.from_isolated_env(env, unpacked)
    env.install(wheel.get_requires_for_build("wheel"))
    wheel.build("wheel", dist)
"""


# The wheel's requirements, each met by an installed distribution (what `pip check` says of pnp's: 1.5 s of CPU for
# pip's start and its look at every installed distribution), in the fresh venv's Python
CHECK = """import sys
from importlib.metadata import PackageNotFoundError, distribution
from packaging.requirements import Requirement
unmet = []
for line in distribution("pnp").requires or ():
    req = Requirement(line)
    if req.marker and not req.marker.evaluate({"extra": ""}):
        continue
    try:
        version = distribution(req.name).version
    except PackageNotFoundError:
        version = None
    if version is None or not req.specifier.contains(version, prereleases=True):
        unmet.append(f"{req} (installed: {version})")
print("\\n".join(unmet))
sys.exit(1 if unmet else 0)
"""


# Each argument a command line, run through pnp's entry in this one process; the first that does not end in 0 ends it
COMMANDS = """import sys
from generator.cli import invoke
for line in sys.argv[1:]:
    try:
        code = invoke(line.split())
    except SystemExit as exc:
        code = exc.code
    if code != 0:
        sys.exit(f"pnp {line}: exit {code}")
"""


def _install(base: Path) -> None:
    """The sdist and the wheel (made from the sdist) in base/dist, the wheel installed into base/venv.

    The venv's dependencies are the tests' own: a .pth file puts this environment's site-packages after the
    venv's own (where the wheel installs pnp itself, and which Python reads first; a path a .pth file adds runs
    none of that folder's .pth files, so the checkout's editable install stays out), and every requirement the
    wheel declares is checked to be met by them. Installing them from the index took 14 of the test's CPU
    seconds; what is tested is the wheel: its files, its metadata, its entry point."""
    dist = base / "dist"
    proc = _run([sys.executable, "-c", BUILD, ROOT, dist], cwd=base, env={**os.environ, "PIP_NO_COMPILE": "1"})
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    venv = base / "venv"
    # the venv gets no pip of its own (ensurepip: ~2.5 s); this one installs into it
    _run([sys.executable, "-m", "venv", "--without-pip", venv], cwd=base).check_returncode()
    python = venv / "bin" / "python"
    own = _run([python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"], cwd=base).stdout.strip()
    (Path(own) / "pnp-tests-dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    wheel = next(dist.glob("pnp-*.whl"))
    proc = _run([sys.executable, "-m", "pip", "--python", python, "install", "-q", "--no-deps", wheel], cwd=base)
    assert proc.returncode == 0, proc.stderr[-3000:]
    proc = _run([python, "-c", CHECK], cwd=base)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]      # every requirement met


@pytest.fixture(scope="session")
def installed(artefacts, tmp_path_factory):
    """(dist folder, the fresh venv's bin folder, an empty working folder, its environment). The installation is
    made once per run, by whichever test worker first asks (a module fixture was made once per worker that ran
    one of these tests: twice under xdist); the tests run pnp from it, and change nothing in it but Python's
    caches (so it is not guarded as plain artefacts are)."""
    base = artefacts.get("python -m build; python -m venv --without-pip; pip install the wheel", _install,
                         guarded=False)
    bin_ = base / "venv" / "bin"
    work = tmp_path_factory.mktemp("empty")
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    env["PATH"] = f"{bin_}{os.pathsep}{env.get('PATH', '')}"
    env["PNP_CACHE"] = str(tmp_path_factory.mktemp("cache"))
    return base / "dist", bin_, work, env


def _tracked(folder: str) -> set[str]:
    out = subprocess.run(["git", "ls-files", folder], cwd=ROOT, capture_output=True, text=True)
    if out.returncode != 0:
        pytest.skip("not a git checkout: cannot list the tracked files to compare with the wheel")
    return {line for line in out.stdout.splitlines() if not line.endswith(".py")}


def test_the_wheel_and_the_sdist_carry_every_shipped_file(installed):
    dist = installed[0]
    wheel = set(zipfile.ZipFile(next(dist.glob("pnp-*.whl"))).namelist())
    with tarfile.open(next(dist.glob("pnp-*.tar.gz"))) as tar:
        sdist = {name.split("/", 1)[1] for name in tar.getnames() if "/" in name}
    for folder in SHIPPED:
        for rel in _tracked(folder):
            assert f"generator/shipped/{rel}" in wheel, f"the wheel lacks {rel}"
            assert rel in sdist, f"the sdist lacks {rel}"
    assert any(n.endswith(".dist-info/licenses/LICENSE") for n in wheel)


def test_the_installed_pnp_is_the_wheel_not_the_checkout(installed):
    _, bin_, work, env = installed
    proc = _run([bin_ / "python", "-c", "import generator; print(generator.__file__); print(generator.DECKS)"],
                cwd=work, env=env)
    where, decks = proc.stdout.split()
    assert str(bin_.parent) in where and str(ROOT) not in where
    assert decks.endswith("generator/shipped/decks") and str(bin_.parent) in decks


def test_from_an_empty_folder_list_build_new_and_every_command(installed, built):
    _, bin_, work, env = installed
    pnp = bin_ / "pnp"

    def run(*args):
        proc = _run([pnp, *args], cwd=work, env=env)
        assert proc.returncode == 0, f"pnp {' '.join(args)}: {proc.stderr}"
        return proc

    names = [line.split()[0] for line in run("list").stdout.splitlines()]
    assert names == ["a-royal-will", "aqua-regia", "christina-regina", "royal-lines", "vasa-regalis"]
    run("build", "vasa-regalis")
    pdf = work / "output" / "vasa-regalis.pdf"
    assert len(page_sizes(pdf)) == len(page_sizes(built("vasa-regalis")))
    run("new", "my-game")
    assert (work / "my-game" / "deck.yaml").is_file() and (work / "my-game" / "README.md").is_file()
    # the other commands in one process of the venv's Python, through the entry `pnp` runs (generator.cli.invoke),
    # each from the wheel: three processes' start and imports fewer (~1.5 s of CPU)
    proc = _run([bin_ / "python", "-c", COMMANDS, "build my-game", "check my-game", "proof my-game",
                 "export my-game"], cwd=work, env=env)
    assert proc.returncode == 0, proc.stderr
    assert (work / "output" / "my-game.pdf").read_bytes().startswith(b"%PDF")
    assert (work / "output" / "my-game" / "proof" / "proof.html").is_file()
    assert sorted(p.name for p in (work / "output" / "my-game" / "gamecrafter").glob("*.png"))
    assert run("--version").stdout.startswith("pnp, version ")
    proc = _run([bin_ / "python", "-m", "generator", "--version"], cwd=work, env=env)      # no deck read twice
    assert proc.returncode == 0 and proc.stdout.startswith("pnp, version ")
