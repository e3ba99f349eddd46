"""Issue 47: every option of every command is checked before anything is written or served. For each option
of each command (read from the commands themselves, so that a new option without a row here fails the first
test) a bad value, or a flag given where it cannot apply: exit status 2, one line on stderr naming the option
(or what is wrong with its value), and nothing written in the folder pnp runs in. A flag that takes no value
and applies everywhere has no wrong use and says why in FLAGS. pnp watch runs in a process of its own, which
must stop by itself (it would otherwise serve and wait)."""
from __future__ import annotations

import importlib
import os
import shutil
import subprocess
import sys

import click
import pytest

from cli import ROOT, pnp_in_process

from generator.cli import COMMANDS

G = "g"         # the starter game (pnp new, English and French), copied into the folder each run is made in
# (command, option): [(arguments after the command, words the one line says)]
BAD = {
    ("new", "--from"): [(["N", "--from", "no-such-game"], "no-such-game")],
    ("new", "--title"): [(["N", "--title", "游戏"], "游")],
    ("new", "--lang"): [(["N", "--lang", "xx"], "xx")],
    ("calibrate", "--paper"): [(["--paper", "b4"], "b4")],
    ("calibrate", "--duplex"): [(["--duplex", "fold"], "fold")],
    ("calibrate", "--output"): [(["-o", "cal.txt"], "cal.txt")],
    ("check", "--players"): [([G, "--players", "0"], "0"), ([G, "--players", "9"], "9")],
    ("check", "--without"): [([G, "--without", "nopart"], "nopart")],
    ("check", "--format"): [([G, "--format", "xml"], "xml")],
    ("check", "--lang"): [([G, "--lang", "de"], "de")],
    ("export", "--to"): [([G, "--to", "nowhere"], "nowhere")],
    ("export", "--without"): [([G, "--without", "nopart"], "nopart")],
    ("export", "--output"): [([G, "-o", "afile/out"], "afile"), ([G, "--to", "png", "-o", "out.pdf"], "out.pdf"),
                             ([G, "--to", "showcase", "-o", "hand.PNG"], "a file's ending")],
    ("export", "--jobs"): [([G, "-j", "0"], "0")],
    ("export", "--base-url"): [([G, "--to", "tts", "--base-url", "ftp://x y"], "--base-url"),
                               ([G, "--base-url", "https://example.com/"], "--base-url")],
    ("export", "--order"): [([G, "--to", "pdf", "--order", "random"], "random"),
                            ([G, "--order", "back-front"], "--order")],
    ("export", "--bleed"): [([G, "--to", "pdf", "--bleed", "-1"], "-1"), ([G, "--bleed", "3"], "--bleed")],
    ("export", "--cmyk"): [([G, "--cmyk"], "--cmyk")],
    ("export", "--ink-limit"): [([G, "--to", "drivethrucards", "--ink-limit", "500"], "500"),
                                ([G, "--ink-limit", "240"], "--ink-limit")],
    ("export", "--condition"): [([G, "--to", "drivethrucards", "--condition", "swp"], "swp"),
                                ([G, "--to", "pdf", "--condition", "swop"], "--condition")],
    ("export", "--dpi"): [([G, "--to", "png", "--dpi", "5"], "5"), ([G, "--dpi", "300"], "--dpi")],
    ("export", "--hand"): [([G, "--to", "showcase", "--hand", "No Such Card"], "No Such Card"),
                           ([G, "--hand", "Wheat"], "--hand")],
    ("export", "--lang"): [([G, "--lang", "de"], "de")],
    ("proof", "--since"): [([G, "--since", "no-such-ref"], "no-such-ref")],
    ("proof", "--output"): [([G, "-o", "afile/proof"], "afile"), ([G, "-o", "proof.html"], "proof.html")],
    ("proof", "--lang"): [([G, "--lang", "de"], "de")],
    ("cards", "--output"): [([G, "-o", "out.doc"], "out.doc")],
    ("cards", "--lang"): [([G, "--lang", "de"], "de")],
}
PRINTOUT = {    # build's and watch's printout options
    "--paper": [([G, "--paper", "b4"], "b4")],
    "--duplex": [([G, "--duplex", "sideways"], "sideways")],
    "--offset": [([G, "--offset", "1"], "1"), ([G, "--offset", "99,0"], "offset"),
                 ([G, "--duplex", "fold", "--offset", "1,1"], "--offset")],
    "--bleed": [([G, "--bleed", "20"], "20"), ([G, "--bleed", "nan"], "nan")],
    "--gutter": [([G, "--gutter", "wide"], "wide")],
    "--drop-backs": [([G, "--drop-backs"], "--drop-backs")],
    "--without": [([G, "--without", "nopart"], "nopart")],
    "--output": [([G, "-o", "out.txt"], "out.txt"), ([G, "-o", "afile/g.pdf"], "afile")],
    "--lang": [([G, "--lang", "de"], "de"), ([G, "--lang", "xx"], "xx")],
}
for _cmd in ("build", "watch"):
    BAD.update({(_cmd, k): v for k, v in PRINTOUT.items()})
BAD[("build", "--calibration")] = [([G, "--calibration", "--duplex", "none"], "--calibration")]
BAD[("build", "--only")] = [([G, "--only", "0"], "0"), ([G, "--only", "x-y"], "x-y"),
                            ([G, "--only", "No Such Card"], "No Such Card")]
BAD[("watch", "--port")] = [([G, "--port", "70000"], "70000")]
BAD[("watch", "--reference")] = [([G, "--reference", "nofolder"], "nofolder"), ([G, "--reference", "afile"], "afile")]
_WRITE = ["--template", "card", "--region", "title"]
BAD.update({
    ("layout", "--card"): [([G, "--card", "No Such Card"], "No Such Card"),
                           ([G, "--card", "Wheat", *_WRITE, "--move", "1mm,0"], "--card")],
    ("layout", "--back"): [([G, "--back", *_WRITE, "--move", "1mm,0"], "--back")],
    ("layout", "--template"): [([G, "--template", "nope", "--region", "title", "--move", "1mm,0"], "nope"),
                               ([G, "--template", "../deck", "--region", "title", "--move", "1mm,0"], "../deck")],
    ("layout", "--region"): [([G, "--template", "card", "--region", "nope", "--move", "1mm,0"], "nope"),
                             ([G, "--template", "card", "--move", "1mm,0"], "--region")],
    ("layout", "--move"): [([G, *_WRITE, "--move", "1,0"], "1,0"), ([G, *_WRITE, "--move", "90mm,0"], "right edge"),
                           ([G, *_WRITE], "--move")],
    ("layout", "--box"): [([G, *_WRITE, "--box", "1mm"], "1mm"), ([G, *_WRITE, "--box", "1mm,1mm,0mm,1mm"], "width"),
                          ([G, *_WRITE, "--box", "1mm,1mm,1mm,1mm", "--move", "1mm,0"], "--move")],
    ("layout", "--base"): [([G, "--base"], "--base")],
    ("layout", "--expect"): [([G, *_WRITE, "--move", "1mm,0", "--expect", "0" * 32], "changed since"),
                             ([G, "--expect", "0" * 32], "--expect")],
})
# flags that take no value and apply wherever they are given: nothing to get wrong
FLAGS = {
    ("build", "--no-instructions"): "leaves the leaf out, any deck, any paper",
    ("watch", "--no-instructions"): "as build's",
    ("build", "--force"): "goes on past the component check: any deck",
    ("export", "--force"): "as build's",
    ("build", "--strict"): "warnings as errors: any deck",
    ("watch", "--strict"): "as build's", ("check", "--strict"): "as build's", ("export", "--strict"): "as build's",
    ("proof", "--strict"): "as build's",
    ("watch", "--open"): "opens a browser, and says so where there is none (tests/watch/test_start.py)",
    ("watch", "--json"): "the events as JSON lines: any run",
    ("check", "--verbose"): "a flag: every missing translation listed, any deck",
    ("export", "--redraw"): "draws every image again: any export",
    ("export", "--clean"): "removes what the export did not write: any export",
    ("export", "--quiet"): "fewer lines: any export", ("proof", "--quiet"): "fewer lines: any proof",
    ("layout", "--json"): "JSON rather than lines: showing or writing, any deck",
}


def _options():
    for name in COMMANDS:
        cmd = importlib.import_module(f"generator.commands.{name}").command
        for p in cmd.params:
            if isinstance(p, click.Option) and not p.hidden and p.name != "help":
                yield name, max(p.opts, key=len), p


def test_every_option_of_every_command_has_a_row():
    missing = [(c, o) for c, o, _ in _options() if (c, o) not in BAD and (c, o) not in FLAGS]
    assert not missing, f"options with no bad value tried and no reason given: {missing}"
    assert all(p.is_flag for c, o, p in _options() if (c, o) in FLAGS)
    stale = [k for k in [*BAD, *FLAGS] if k not in {(c, o) for c, o, _ in _options()}]
    assert not stale, stale


CASES = [(c, o, args, said) for (c, o), rows in BAD.items() for args, said in rows]


@pytest.fixture(scope="module")
def starter(tmp_path_factory):
    folder = tmp_path_factory.mktemp("starter") / G
    pnp_in_process("new", folder, "--lang", "en,fr", check=True)
    return folder


def _tree(folder):
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*"))


@pytest.mark.parametrize("command,option,args,said", CASES,
                         ids=[f"{c} {' '.join(a[1:] if a and a[0] == G else a)}" for c, o, a, s in CASES])
def test_a_bad_value_is_one_line_exit_2_and_nothing_written(starter, tmp_path, command, option, args, said):
    shutil.copytree(starter, tmp_path / G)
    (tmp_path / "afile").write_text("a file, not a folder", encoding="utf-8")
    before = _tree(tmp_path)
    if command == "watch":          # a process of its own: on a mistake it stops by itself, before serving
        proc = subprocess.run([sys.executable, "-m", "generator", "watch", *args, *(["--port", "0"] if
                               option != "--port" else [])], cwd=tmp_path, capture_output=True, text=True,
                              timeout=60, env={**os.environ, "PYTHONPATH": str(ROOT), "BROWSER": "true"})
    else:
        proc = pnp_in_process(command, *args, cwd=tmp_path)
    lines = [ln for ln in proc.stderr.splitlines() if ln.strip()]
    assert proc.returncode == 2, (command, args, proc.returncode, proc.stderr)
    assert len(lines) == 1 and said.lower() in lines[0].lower(), (command, args, proc.stderr)
    assert "Traceback" not in proc.stderr
    assert _tree(tmp_path) == before, f"{command} {args} wrote {set(_tree(tmp_path)) - set(before)}"
