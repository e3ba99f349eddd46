"""Test-wide fixtures: where pnp's caches and outputs go, and the artefacts that tests share.

The suite runs in parallel (`make test`: pytest-xdist, one worker per core) and in a random order
(pytest-randomly), so no test may rely on another having run, or not run, before it.

Where things go
    Each test process (pytest itself, or each xdist worker) has its own pnp cache folder ($PNP_CACHE,
    set below) and its own temporary folders (tmp_path, tmp_path_factory): nothing a test writes can
    race with another worker's. Never write into the repository (decks/, output/): copy a deck with
    cli.copy_deck(NAME, tmp_path) to change it.

Shared artefacts: made once per run, read by many tests
    A built PDF, an export or a proof costs seconds; a test that only READS one asks for it here:

        built(GAME, *OPTIONS)     the Path of the PDF `pnp build GAME OPTIONS -o ...` wrote
        built.stdout(GAME, *OPTIONS)      what that command printed
        exported(GAME, *OPTIONS)  the folder `pnp export GAME OPTIONS -o ...` wrote (PNGs, manifest.csv)
        exported.stdout(...), exported.stderr(...)

    e.g. `def test_x(built): pdf = built("a-royal-will", "--duplex", "short")`, or a module fixture
    `@pytest.fixture(scope="module") def pdf(built): return built("aqua-regia")`. The same GAME and
    OPTIONS (as strings, in the same order) give the same artefact, so tests that read a build with the
    same options share it: prefer options another test already uses. An option given its default value
    (`--paper a4`, `--duplex long`, `--to gamecrafter`) is the artefact without it. Each artefact is made once per
    run across all workers: the first worker to ask makes it under a file lock in the run's shared
    temporary folder (pytest-xdist's recipe); the others wait for it, then read it. If making it fails,
    every test that asks fails with the command's error.

    Never change a shared artefact. Its files are made read-only (which root ignores), and every
    artefact a worker handed out is checked at the end of the run: one whose files changed fails the
    run, naming it. A test that changes things (edits a deck, exports into a folder twice, kills a
    build) works in its own tmp_path; to start from a shared artefact rather than make its own, it
    copies it there with cli.writable_copy(folder, tmp_path / "x").

    A new kind of artefact: a session fixture that calls artefacts.get(NAME, make), where NAME says
    exactly how it is made (the command and its arguments) and make(folder) writes it into folder.

Fresh processes
    Tests that prove something about a process (startup imports, kills, byte-identical output across
    processes) run pnp as a user does, with cli.pnp(...) in a subprocess; they share their inputs
    (a built PDF, an export) through the fixtures above, not their processes.
"""
from __future__ import annotations

import hashlib
import os
import re
import shutil
import stat
from pathlib import Path

import pytest
from filelock import FileLock

from cli import pnp_in_process


def _hypothesis_without_the_projects_constants() -> None:
    """Hypothesis (6.131 and later) now and then draws a constant it found in the source of the project's modules
    (every module imported so far that is not a test's: generator/ is ~230): it parses each of them, 1.5 s of CPU
    in each test process of a fresh clone (its table is kept in .hypothesis/, which a clone lacks), and the
    examples then depend on which modules the process happened to import before (the run's random order), where
    the property tests (test_fuzz.py, files/test_splice.py) promise the same examples on every run. They draw from
    strategies of their own, the project's words among them. Hypothesis has no setting for it: its function is
    replaced by one that finds none (where this hypothesis has it)."""
    try:
        from hypothesis.internal.conjecture import providers
    except ImportError:
        return
    if callable(getattr(providers, "_get_local_constants", None)) and hasattr(providers, "Constants"):
        providers._get_local_constants = providers.Constants


_hypothesis_without_the_projects_constants()


def _collector_as_pnp_runs_it() -> None:
    """The garbage collector of each test process set as a `pnp` process sets it (generator/cli.run: a look for
    cycles every 100,000 new objects, not every 700), so the in-process runs (cli.pnp_in_process, which calls
    cli.invoke) collect as `pnp` does. A worker holds the suite's modules, shared builds and readings, and at 700
    its collector ran ~10,000 times and walked all of them in ~40 full collections: ~21 s of the two workers' CPU
    in a run (timed by gc callbacks); tests/games, printed and check in one process: 5.3 s before, 1.4 s with
    this. (Freezing what survives a full collection saved no more, and hid the frozen objects from
    gc.get_referrers, which hypothesis asks.) No test proves anything about when cycles are collected."""
    import gc

    gc.set_threshold(100_000, 10, 10)


_collector_as_pnp_runs_it()
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")     # as generator/cli.run holds it, before numpy is imported


def pytest_terminal_summary(terminalreporter, config):
    """The random order's seed, which -q (addopts) leaves out of the header: a failure that depends on
    the order can then be repeated."""
    seed = getattr(config.option, "randomly_seed", None)
    if config.pluginmanager.hasplugin("randomly") and isinstance(seed, int):
        terminalreporter.write_line(f"tests ran in a random order: --randomly-seed={seed} repeats it, "
                                    "-p no:randomly runs them in file order")


@pytest.fixture(scope="session", autouse=True)
def _own_cache(tmp_path_factory):
    """pnp's caches go to a folder of this test process, not the user's ~/.cache or another worker's."""
    old = os.environ.get("PNP_CACHE")
    os.environ["PNP_CACHE"] = str(tmp_path_factory.mktemp("pnp-cache"))
    yield
    if old is None:
        os.environ.pop("PNP_CACHE", None)
    else:
        os.environ["PNP_CACHE"] = old


def _digest(folder: Path) -> str:
    h = hashlib.sha256()
    for f in sorted(p for p in folder.rglob("*") if p.is_file() and p.name != ".done"):
        h.update(f.relative_to(folder).as_posix().encode() + b"\0" + f.read_bytes() + b"\0")
    return h.hexdigest()


class Artefacts:
    """Folders made once per test run and shared by every test, and every xdist worker, that reads them."""

    def __init__(self, root: Path):
        self.root = root
        self.handed: dict[Path, str] = {}       # folder -> the digest of its files when made

    def get(self, name: str, make, guarded: bool = True) -> Path:
        """The folder of artefact `name`, made by make(folder) the first time anyone in this run asks.
        guarded=False: its files are neither made read-only nor checked at the end of the run, for an artefact
        that is not plain files (a virtual environment: its interpreter a link to another, which chmod would
        follow; Python writes its caches into it)."""
        slug = re.sub(r"[^A-Za-z0-9.=-]+", "_", name)[:80] + "-" + hashlib.sha1(name.encode()).hexdigest()[:10]
        folder = self.root / slug
        done = folder / ".done"
        self.root.mkdir(parents=True, exist_ok=True)
        with FileLock(f"{folder}.lock"):
            if not done.is_file():
                if folder.exists():             # left half-made by a maker that failed
                    shutil.rmtree(folder)
                folder.mkdir()
                make(folder)
                for f in folder.rglob("*") if guarded else ():
                    if f.is_file():
                        f.chmod(f.stat().st_mode & ~(stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH))
                done.write_text(_digest(folder) if guarded else "")
        if guarded:
            self.handed.setdefault(folder, done.read_text())
        return folder

    def changed(self) -> list[str]:
        return [folder.name for folder, digest in self.handed.items() if _digest(folder) != digest]


def _run_folder(tmp_path_factory) -> Path:
    """The folder of this test run that every xdist worker shares (the workers' temporary folders are in it)."""
    base = tmp_path_factory.getbasetemp()
    return base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base


@pytest.fixture(scope="session", autouse=True)
def _shared_readings(tmp_path_factory):
    """What tests/pdfcheck.py reads off a PDF's page with pdfplumber is kept for the run's other workers too."""
    os.environ["PNP_TEST_READINGS"] = str(_run_folder(tmp_path_factory) / "readings")
    yield
    os.environ.pop("PNP_TEST_READINGS", None)


@pytest.fixture(scope="session")
def artefacts(tmp_path_factory):
    """The run's shared artefacts: under xdist, in the folder all workers' temporary folders share."""
    store = Artefacts(_run_folder(tmp_path_factory) / "shared")
    yield store
    changed = store.changed()
    assert not changed, (f"a test changed shared artefacts {changed}: copy one into tmp_path "
                         "(cli.writable_copy) before changing it")


def _defaults(command: str) -> dict[str, str]:
    """{option: its default} of `pnp COMMAND`'s options that take one value (--paper: a4, --duplex: long, --to:
    gamecrafter...), as the CLI declares them."""
    import click

    from generator.cli import main
    return {name: str(p.default).lower() for p in main.get_command(None, command).params
            if isinstance(p, click.Option) and not p.is_flag and not p.multiple and isinstance(p.default, str)
            for name in p.opts}


def _key(command: str, args: list[str]) -> str:
    """The artefact's name: the command line, less any option given its default value (`--paper a4` asks for
    what no --paper does: the same artefact, made once)."""
    defaults, kept, i = _defaults(command), [command], 0
    while i < len(args):
        if args[i] in defaults and i + 1 < len(args) and args[i + 1].lower() == defaults[args[i]]:
            i += 2
            continue
        kept.append(args[i])
        i += 1
    return " ".join(kept)


def _command(artefacts: Artefacts, command: str, output: str):
    """A fixture's function: (GAME, *OPTIONS) -> the artefact `pnp COMMAND GAME OPTIONS -o FOLDER/OUTPUT`
    made once per run, with .stdout(...) and .stderr(...) of the same command."""
    def folder(game, *options) -> Path:
        args = [str(game), *map(str, options)]

        def make(into: Path) -> None:
            # in this worker's process, through the CLI's own entry (cli.pnp_in_process): what a fresh `pnp`
            # process writes is the same bytes (tests/render/test_deflate.py, tests/impose/test_print_modes.py),
            # and 80-odd artefacts a run each saved a process's start and imports (~0.2 s of CPU)
            proc = pnp_in_process(command, *args, "-o", into / output.format(game=Path(str(game)).name), check=True)
            (into / "stdout.txt").write_text(proc.stdout, encoding="utf-8")
            (into / "stderr.txt").write_text(proc.stderr, encoding="utf-8")
        return artefacts.get(_key(command, args), make)

    def artefact(game, *options) -> Path:
        return folder(game, *options) / output.format(game=Path(str(game)).name)
    artefact.stdout = lambda game, *options: (folder(game, *options) / "stdout.txt").read_text(encoding="utf-8")
    artefact.stderr = lambda game, *options: (folder(game, *options) / "stderr.txt").read_text(encoding="utf-8")
    return artefact


@pytest.fixture(scope="session")
def built(artefacts):
    """built(GAME, *OPTIONS): the path of GAME's PDF built with OPTIONS, once per run; tests read it, never
    change it. built.stdout(GAME, *OPTIONS): what the build printed."""
    return _command(artefacts, "build", "{game}.pdf")


@pytest.fixture(scope="session")
def exported(artefacts):
    """exported(GAME, *OPTIONS): the folder of GAME's Game Crafter export with OPTIONS, once per run; tests
    read it, never change it. exported.stdout(...) and exported.stderr(...): what the export printed."""
    return _command(artefacts, "export", "gamecrafter")


@pytest.fixture(scope="session")
def built_uncached(artefacts):
    """built_uncached(GAME): the path of GAME's PDF built with the cache off (PNP_CACHE=off), once per run: the
    reference the cache tests compare their builds with (a copy of GAME, unchanged, builds the same bytes)."""
    def pdf(game: str) -> Path:
        def make(into: Path) -> None:
            pnp_in_process("build", game, "-o", into / f"{game}.pdf", check=True, env={"PNP_CACHE": "off"})
        return artefacts.get(f"build {game} PNP_CACHE=off", make) / f"{game}.pdf"
    return pdf
