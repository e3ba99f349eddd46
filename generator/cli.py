"""The `pnp` command. Each subcommand lives in commands/NAME.py and is imported only when run."""
from __future__ import annotations

import importlib
import sys

import click

COMMANDS = {
    "list": "List the games under decks/ with their card counts.",
    "build": "Build a game's printable PDF.",
    "calibrate": "Print a sheet to measure your printer's duplex offset.",
    "check": "Check a deck against its game's component list.",
    "export": "Write Game Crafter upload images for every card.",
    "proof": "Write a proofreading report and contact sheet.",
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


@click.group(cls=LazyGroup)
@click.version_option(package_name="pnp")
def main():
    """pnp: print-and-play cards from YAML decks."""


def run():
    """Entry point: user mistakes are one line on stderr and exit status 2, never a traceback."""
    from .errors import IncompleteDeck, PnpError
    try:
        main.main(standalone_mode=False)
    except PnpError as exc:
        click.echo(f"pnp: error: {exc}", err=True)
        sys.exit(2)
    except IncompleteDeck as exc:
        click.echo(exc.report, err=True)
        sys.exit(1)
    except click.exceptions.Abort:
        click.echo("pnp: aborted", err=True)
        sys.exit(130)
    except click.ClickException as exc:
        exc.show()
        sys.exit(2)
    except click.exceptions.Exit as exc:
        sys.exit(exc.exit_code)
    except KeyboardInterrupt:
        click.echo("pnp: interrupted; no output was changed", err=True)
        sys.exit(130)


if __name__ == "__main__":
    run()
