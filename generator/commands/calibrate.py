"""pnp calibrate: a two-sided sheet to measure a printer's duplex offset.
Not here: the sheet's drawing (printout/calibration.py), the paper and duplex (impose/spec.py)."""
from __future__ import annotations

from pathlib import Path

import click

from ..impose.spec import FLIPPED, sheet_spec
from . import options
from ..impose.paper import paper_id


@click.command("calibrate")
@options.paper
@click.option("--duplex", type=click.Choice(list(FLIPPED), case_sensitive=False),
              default="long", show_default=True,
              help="How your printer turns the paper.")
@options.pdf_output("[default: output/calibration-PAPER.pdf]")
def command(paper, duplex, output):
    """Print a sheet that measures your printer's duplex offset for --offset X,Y."""
    from ..printout.calibration import calibration_pages  # lazy: +574 ms to import (benchmarks/imports.py)
    from ..render.pdf import render_pdf  # lazy: +532 ms to import (benchmarks/imports.py)
    out = Path(output) if output else Path("output") / f"calibration-{paper_id(paper)}.pdf"
    spec = sheet_spec(paper, duplex)
    render_pdf(calibration_pages(spec), out, "pnp duplex calibration", "pnp")
    click.echo(f"wrote {out}: print it double-sided ({spec.duplex.edge} edge), hold it to a light, read X,Y")
