"""Options shared by several commands, parsed into explicit units."""
from __future__ import annotations

import click

from ..units import from_mm


def parse_offset(ctx, param, value):
    if value is None:
        return (0.0, 0.0)
    try:
        x, y = (float(v) for v in value.split(","))
    except ValueError:
        raise click.BadParameter(f"expected X,Y in millimetres such as 0.5,-1; found {value!r}")
    if abs(x) > 50 or abs(y) > 50:
        raise click.BadParameter("an offset over 50 mm is not a printer error; check the numbers")
    return (from_mm(x), from_mm(y))


def parse_bleed(ctx, param, value):
    if value is None:
        return 0.0
    if not 0 <= value <= 10:
        raise click.BadParameter(f"expected millimetres from 0 to 10, found {value}")
    return from_mm(value)


paper = click.option("--paper", type=click.Choice(["a4", "letter"]), default="a4", show_default=True,
                     help="Paper size.")
duplex = click.option("--duplex", type=click.Choice(["long", "short", "fold", "none"]), default="long",
                      show_default=True,
                      help="How the backs are printed: duplex flipping on the long or short edge; fold: each front "
                           "beside its back about a fold line, for a single-sided printer; none: fronts only "
                           "(refused when backs carry text, unless --drop-backs).")
gutter = click.option("--gutter", type=click.Choice(["auto", "touching"]), default="auto", show_default=True,
                      help="auto: a gutter between cards, filled with each card's own colour, wherever the paper "
                           "has room (a cut a little off the line shows only that card); touching: cards side by "
                           "side, one cut between neighbours.")
drop_backs = click.option("--drop-backs", is_flag=True,
                          help="With --duplex none: print the fronts even though some backs carry text.")
offset = click.option("--offset", metavar="X,Y", callback=parse_offset,
                      help="Shift the backs pages by X,Y mm (right, up as seen on the back) to correct a "
                           "printer's duplex error; measure it with `pnp calibrate`.")
bleed = click.option("--bleed", type=float, metavar="MM", callback=parse_bleed,
                     help="Extend card backgrounds MM millimetres past the cut line (the gutters widen to hold "
                          "it) [default: as much as the gutter holds].")
