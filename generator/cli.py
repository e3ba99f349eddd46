"""The `pnp` command. Each subcommand lives in commands/NAME.py and is imported only when run.
Not here: any command's work (commands/NAME.py), the pipeline (pipeline.py)."""
from __future__ import annotations

import gc
import importlib
import importlib.util
import sys

import click

from . import __version__
from .errors import IncompleteDeck, PnpError, PnpErrors, held_note, holding, suggest, unheld
import os
import re
import traceback
from pathlib import Path

COMMANDS = {
    "new": "Start a new game in a folder of its own.",
    "list": "List the shipped games and the game folders here, with their card counts.",
    "build": "Build a game's printable PDF.",
    "watch": "Build a game on every save, with a live preview in the browser.",
    "calibrate": "Print a sheet to measure your printer's duplex offset.",
    "check": "Check a deck against its game's component list.",
    "export": "Export a game for The Game Crafter or Tabletop Simulator.",
    "proof": "Write a proofreading report and contact sheet.",
    "cards": "Write a game's cards as a table (CSV or XLSX), to keep them in a spreadsheet.",
    "layout": "Show a card's regions and where each is written; move a region's box in its template.",
}


class LazyGroup(click.Group):
    def list_commands(self, ctx):
        return [name for name in COMMANDS if self._module(name)]

    def _module(self, name):
        try:
            return importlib.util.find_spec(f"generator.commands.{name}") is not None
        except ImportError:
            return False

    def get_command(self, ctx, name):
        if name not in COMMANDS or not self._module(name):
            return None
        return importlib.import_module(f"generator.commands.{name}").command

    def format_commands(self, ctx, formatter):
        rows = [(n, COMMANDS[n]) for n in self.list_commands(ctx)]
        with formatter.section("Commands"):
            formatter.write_dl(rows)


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, "-V", "--version", prog_name="pnp")
def main():
    """pnp: print-and-play cards from a game folder (deck.yaml, templates, rules).

    GAME is the path of a game folder, or the name of a game that ships with pnp (pnp list).
    Outputs go to ./output/ unless -o says otherwise."""


def run(args=None) -> None:
    """Entry point: user mistakes are one line on stderr and exit status 2, never a traceback.

    The garbage collector of a pnp process looks for cycles every 100,000 new objects, not every 700 (a command
    makes a few hundred thousand as it imports its modules and reads its caches, nearly all of them kept to its
    end), and at exit leaves what the process still holds to the system (gc.freeze: the last collection would walk
    every object only to find the modules' cycles). A warm rebuild of Vasa Regalis: 1,007 M -> 929 M instructions
    (callgrind), a tenth of them the collector's before. Python never promised to finalize what still lives at exit.
    numpy's OpenBLAS is held to one thread unless the environment says otherwise: pnp multiplies no matrices, and
    the threads it starts as numpy is imported, and that spin after, cost a CMYK export 0.1-0.2 s of CPU."""
    gc.set_threshold(100_000, 10, 10)
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    code = invoke(args)
    gc.freeze()
    sys.exit(code)


def invoke(args=None) -> int:
    """Run pnp with `args` (default: the command line); return the exit status.

    0: done. 1: the component check found the deck incomplete. 2: a mistake in the input, named
    on one line. 70: a bug in pnp (one line; PNP_DEBUG=1 shows the traceback). 130: interrupted."""
    with holding() as warnings:         # the real error first: warnings are printed once the command did its work
        try:
            code = _invoke(args)
        except SystemExit:              # pnp proof's status 1: its findings, its files written
            unheld(warnings)
            raise
        if code in (0, 130):
            unheld(warnings)
        elif held_note(warnings):       # below the errors, counted: one line, however many
            click.echo(held_note(warnings), err=True)
    return code


def _invoke(args) -> int:

    try:
        code = main.main(args=args, prog_name="pnp", standalone_mode=False)
        return code if isinstance(code, int) else 0
    except PnpErrors as exc:            # every mistake found in one run: a line each
        for line in exc.lines():
            click.echo(f"pnp: error: {line}", err=True)
        return 2
    except PnpError as exc:
        click.echo(f"pnp: error: {exc}", err=True)
        return 2
    except IncompleteDeck as exc:
        click.echo(exc.report, err=True)
        return 1
    except click.exceptions.Abort:
        click.echo("pnp: aborted", err=True)
        return 130
    except click.UsageError as exc:        # a wrong option or argument: one line, and where to look

        ctx = exc.ctx
        message = " ".join(exc.format_message().split())
        unknown = re.match(r"No such command '(.*)'", message)
        hint = suggest(unknown.group(1), COMMANDS) if unknown else None
        see = f" ({hint})" if hint else f" (see '{ctx.command_path} --help')" if ctx is not None else ""
        click.echo(f"pnp: error: {message}{see}", err=True)
        return 2
    except click.ClickException as exc:
        click.echo(f"pnp: error: {' '.join(exc.format_message().split())}", err=True)
        return 2
    except click.exceptions.Exit as exc:
        return exc.exit_code
    except KeyboardInterrupt:
        click.echo("pnp: interrupted; no output was changed", err=True)
        return 130
    except BrokenPipeError:
        return 0
    except OSError as exc:
        if os.environ.get("PNP_DEBUG"):
            raise
        where = f"{exc.filename}: " if getattr(exc, "filename", None) else ""
        click.echo(f"pnp: error: {where}{exc.strerror or exc}", err=True)
        return 2
    except MemoryError:
        click.echo("pnp: error: out of memory", err=True)
        return 2
    except Exception as exc:            # a bug: say so on one line, never a traceback
        if os.environ.get("PNP_DEBUG"):
            raise
        text = " ".join(str(exc).split())[:200]
        click.echo(f"pnp: internal error: {type(exc).__name__}: {text} at {_pointer(exc)} "
                   "(this is a bug in pnp; run with PNP_DEBUG=1 to see the whole traceback)", err=True)
        return 70


def _pointer(exc: BaseException) -> str:
    """Where a bug struck: the innermost line of pnp's own code in the traceback (else the innermost line)."""
    frames = traceback.extract_tb(exc.__traceback__)
    if not frames:
        return "an unknown place"
    package = Path(__file__).resolve().parent
    ours = [f for f in frames if package in Path(f.filename).resolve().parents]
    frame = (ours or frames)[-1]
    path = Path(frame.filename).resolve()
    shown = path.relative_to(package.parent) if package in path.parents else path
    return f"{shown.as_posix()}:{frame.lineno} ({frame.name})"


if __name__ == "__main__":
    run()
