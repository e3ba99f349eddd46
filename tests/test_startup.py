"""What a command costs before it does anything: `pnp build` imports only what building needs
(README, Performance: "import only what a command needs")."""
from __future__ import annotations

import ast
import os
import subprocess
import sys

from cli import ROOT, pnp_in_process


def _modules_after(*args, cache=None) -> set[str]:
    """Every module loaded by the time `pnp ARGS` finishes, in a fresh process (its cache folder `cache`, if given)."""
    code = ("import sys, atexit\n"
            "atexit.register(lambda: print('\\nMODULES ' + repr(sorted(sys.modules))))\n"
            "from generator.cli import run\n"
            f"run({list(args)!r})\n")
    env = None if cache is None else {**os.environ, "PNP_CACHE": str(cache)}
    proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=300, env=env)
    assert proc.returncode == 0, proc.stderr
    line = next(ln for ln in proc.stdout.splitlines() if ln.startswith("MODULES "))
    return set(ast.literal_eval(line[len("MODULES "):]))


def test_build_loads_no_module_it_does_not_use(tmp_path):
    """Rasterizing (pdfium, numpy), proofreading, export, reports as JSON and difflib's suggestions are other
    commands' work; a build that succeeds loads none of them. It spells its words (issue 54): the first build of
    them loads the dictionary (pyspellchecker, which reads it as JSON) and nothing more of the proof's; a rebuild
    from the same words, none. (Pillow it does load: reportlab imports it.) The first build is one from an empty
    cache folder: with the worker's, an earlier test's build of the game had spelled its words already, and which
    ran first decided what this test saw (an import of the suggestions' index passed it in one random order)."""
    cache = tmp_path / "cache"
    first = _modules_after("build", "vasa-regalis", "--output", str(tmp_path / "v.pdf"), cache=cache)
    spelling = {"spellchecker", "json", "generator.proof", "generator.proof.spelling", "generator.proof.spelled",
                "generator.proof.issues", "generator.language.catalogs"}
    assert not {m for m in first if m.split(".")[0] in ("pypdfium2", "numpy", "difflib")
                or m.startswith(("generator.export", "generator.render.png", "reportlab.platypus"))
                or (m.startswith("generator.proof") and m not in spelling)}, sorted(first)
    loaded = _modules_after("build", "vasa-regalis", "--output", str(tmp_path / "v.pdf"), cache=cache)
    assert "generator.render.pdf" in loaded and "reportlab.pdfgen.canvas" in loaded     # it did build
    unwanted = {"pypdfium2", "numpy", "spellchecker", "generator.export", "generator.proof",
                "generator.render.png", "difflib", "json"}
    found = {m for m in loaded if m.split(".")[0] in unwanted or m in unwanted
             or m.startswith("reportlab.platypus")}
    assert not found, sorted(found)
    assert (tmp_path / "v.pdf").read_bytes().startswith(b"%PDF")
    # a deck without pictures or icons draws none: the pictures' and SVG's modules stay unloaded
    pictures = {"generator.pictures.images", "generator.pictures.svgfile", "generator.pictures.rasterfile",
                "generator.render.rasters", "generator.render.convert", "generator.render.svg", "xml.parsers.expat"}
    assert not loaded & pictures, sorted(loaded & pictures)


def test_a_rebuild_reads_every_unchanged_yaml_file_from_the_cache_without_pyyaml(tmp_path):
    """Every YAML file a rebuild reads is the same bytes as before: their trees come from the cache, and PyYAML
    (~10 ms to import) is not imported at all; a changed file is parsed (and imports it)."""
    deck = tmp_path / "vasa"
    import shutil
    shutil.copytree(ROOT / "decks" / "vasa-regalis", deck)
    pnp_in_process("build", deck, "--output", tmp_path / "v.pdf", check=True)     # the cache filled (no count)
    again = _modules_after("build", str(deck), "--output", str(tmp_path / "v.pdf"))
    assert "generator.files.yamlfile" in again and not {m for m in again if m.split(".")[0] == "yaml"}
    assert "generator.files.yamlparse" not in again
    text = (deck / "deck.yaml").read_text(encoding="utf-8")
    (deck / "deck.yaml").write_text(text + "\n# edited\n", encoding="utf-8")
    edited = _modules_after("build", str(deck), "--output", str(tmp_path / "v.pdf"))
    assert "yaml" in edited and "generator.files.yamlparse" in edited


def test_yaml_reads_without_compiling_its_python_readers_expression():
    """PyYAML compiles a regular expression over all of Unicode as it is imported, for its pure-Python
    reader only (~15 ms); pnp reads with libyaml, so it compiles on first use, and still works then."""
    code = ("import generator.files.yamlparse as y\n"
        "import yaml\n"
        "import re\n"
        "pattern = yaml.reader.Reader.NON_PRINTABLE\n"
        "print(isinstance(pattern, re.Pattern))\n"
        "print(y.loads('a: [1, 2]\\n')['a'])\n"
        "try:\n"
        "    yaml.reader.Reader('ok\\x07')\n"
        "except yaml.reader.ReaderError as exc:\n"
        "    print('refused', hex(exc.character))\n"
        "print(pattern.search('ab\\x07').start())\n")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                         timeout=120, check=True).stdout.splitlines()
    assert out == ["False", "[1, 2]", "refused 0x7", "2"]


def _numpy_threads(env_value):
    """(OPENBLAS_NUM_THREADS, the process's threads once numpy is imported) in a pnp process run with the variable
    `env_value` (None: unset)."""
    code = ("import atexit, os\n"
            "def after():\n"
            "    import numpy\n"
            "    print('THREADS', os.environ.get('OPENBLAS_NUM_THREADS'), len(os.listdir('/proc/self/task')))\n"
            "atexit.register(after)\n"
            "from generator.cli import run\n"
            "run(['--version'])\n")
    env = {k: v for k, v in os.environ.items() if k != "OPENBLAS_NUM_THREADS"}
    if env_value is not None:
        env["OPENBLAS_NUM_THREADS"] = env_value
    proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=300, env=env)
    assert proc.returncode == 0, proc.stderr
    _, value, threads = next(ln for ln in proc.stdout.splitlines() if ln.startswith("THREADS ")).split()
    return value, int(threads)


def test_numpy_in_a_pnp_process_starts_no_openblas_threads():
    """pnp multiplies no matrices: numpy's OpenBLAS, which starts a thread a core as numpy is imported (and they spin
    after), is held to one (cli.run) unless the environment names a number, which is kept."""
    assert _numpy_threads(None) == ("1", 1)
    value, threads = _numpy_threads("2")
    assert value == "2" and (threads == 2 or os.cpu_count() == 1)
