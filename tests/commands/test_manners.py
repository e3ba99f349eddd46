"""The CLI's manners: every command answers -h and --help alike, --version and -V say the version, choices
are taken in any case, and results go to stdout. pnp runs in this process (cli.pnp_in_process: the CLI's own
entry, which `pnp` runs; tests/test_install.py runs the installed `pnp` itself)."""
from __future__ import annotations

import pytest

from cli import pnp_in_process as pnp


COMMANDS = ["build", "calibrate", "cards", "check", "export", "layout", "list", "new", "proof", "watch"]


@pytest.mark.parametrize("command", COMMANDS)
def test_every_command_answers_dash_h(command):
    short, long = pnp(command, "-h"), pnp(command, "--help")
    assert short.returncode == 0 and short.stdout == long.stdout and f"Usage: pnp {command}" in short.stdout


def test_version_choices_in_any_case_and_results_on_stdout(tmp_path):
    from generator import __version__
    assert pnp("--version", check=True).stdout.strip() == f"pnp, version {__version__}"
    assert pnp("-V", check=True).stdout.strip() == f"pnp, version {__version__}"
    out = tmp_path / "v.pdf"
    proc = pnp("build", "vasa-regalis", "--paper", "A4", "--duplex", "LONG", "-o", out, check=True)
    assert proc.stdout.startswith(f"wrote {out}") and proc.stderr == ""
    assert pnp("check", "vasa-regalis", "--format", "JSON", check=True).stdout.lstrip().startswith("{")
