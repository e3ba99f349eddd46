"""`python -m generator`: runs the command line (cli.py), as the `pnp` script does. Nothing else is here."""
from .cli import run

run()
