"""What the filled and outlined shapes share (rect, ellipse, hexagon, polygon, star, path): their fill and stroke
keys, declared once, the colours a region of them lays out with, its shadow (a copy of its op in the shadow's
colour, moved, maybe blurred: shadowed), and how such a shape is drawn: its colours, its dash set around its one
path and unset after, turned about its centre, see-through as its opacity and its colours' alphas say; a blurred
shadow as BLUR_STEPS translucent copies, each outlined wider (blur_layers).

Not here: each shape's own keys, outline and operation (its module); the pen it draws with (render/draw.py).
"""
from __future__ import annotations

import math

from ...deck.colours import alpha
from . import gradient
from .keys import Colour, Dash, Key, Length
from .lettering import SHADOWS, shadow_of

FILL = Key("fill", gradient.Fill(), None, "the colour inside (none: unfilled), or a gradient: {gradient: linear, "
                                          "from: COLOUR, to: COLOUR, angle: DEGREES} or {gradient: radial, ...}")
STROKE = Key("stroke", Colour(), None, "the outline's colour (none: no outline)")
STROKE_WIDTH = Key("stroke_width", Length(high=72.0), 0.5, "the outline's width, where there is one")
DASH = Key("dash", Dash(), (), "[dash] or [dash, gap] lengths: the outline dashed")
KEYS = (FILL, STROKE, STROKE_WIDTH, DASH)
SHAPE_KEYS = KEYS + SHADOWS          # a shape region's: its paint and its shadow (a text box's shadow is its text's)
BLUR_STEPS = 8                       # translucent copies a blurred shadow is drawn as
PAINT = {(0, 0): "n", (1, 0): "S", (0, 1): "f", (1, 1): "B"}      # (stroke, fill) -> the path's paint operator


def colours(region, ctx) -> tuple:
    """(fill, stroke, stroke width) of a shape region on a card: '#rrggbb[aa]' or None each (the fill maybe a
    gradient: gradient.colours, to be placed on its box), the width 0 with no stroke."""
    v = region.values
    stroke = ctx.colour(v["stroke"], region)
    return gradient.colours(v["fill"], region, ctx), stroke, v["stroke_width"] if stroke else 0.0


def shadowed(face, region, ctx, op) -> None:
    """A shape's op on `face`, after its shadow where it casts one: the op in the shadow's colour (its fill
    where it is filled, its stroke where it is outlined), moved by shadow_offset, blurred by shadow_blur."""
    shadow, (dx, dy, blur) = shadow_of(region, ctx)
    if shadow is not None and (op.fill or op.stroke):
        moved = op._replace(fill=shadow if op.fill else None, stroke=shadow if op.stroke else None, blur=blur)
        if hasattr(op, "points"):
            moved = moved._replace(points=tuple((x + dx, y + dy) for x, y in op.points))
        elif hasattr(op, "segments"):
            moved = moved._replace(segments=tuple((s[0], *(n + (dy if k % 2 else dx) for k, n in enumerate(s[1:])))
                                                  for s in op.segments))
        else:
            moved = moved._replace(x=op.x + dx, y=op.y + dy, cx=op.cx + dx, cy=op.cy + dy)
        face.ops.append(moved)
    face.ops.append(op)


def blur_layers(blur: float, opacity: float) -> tuple:
    """((alpha, reach), ...) of a shadow blurred over `blur` points at `opacity`, widest first: BLUR_STEPS + 1
    copies, the k-th reaching k / BLUR_STEPS of `blur` past the edge (the last: the shape itself), each of its
    own alpha, so that the ring between two reaches, which the copies reaching past it cover together, is as
    dark as a smoothstep falling from `opacity` at the edge to nothing `blur` out says at its middle."""
    n = BLUR_STEPS
    cover = [opacity] + [opacity * (1 - t * t * (3 - 2 * t)) for t in ((i - 0.5) / n for i in range(1, n + 1))]
    out, beyond = [], 0.0                   # beyond: what the copies reaching further cover together
    for i in range(n, -1, -1):
        a = 1 - (1 - cover[i]) / (1 - beyond) if beyond < 1 else 0.0
        out.append((round(max(0.0, a), 4), round(blur * i / n, 4)))
        beyond = cover[i]
    return tuple(out)


def matrix(degrees: float, cx: float, cy: float) -> tuple:
    """The PDF matrix (a b c d e f) that turns a drawing `degrees` anticlockwise about (cx, cy)."""
    a = math.radians(degrees)
    cos, sin = round(math.cos(a), 12), round(math.sin(a), 12)
    return cos, sin, -sin, cos, cx - cos * cx + sin * cy, cy - sin * cx - cos * cy


def draw(pen, op, path: str, rotate: float = 0.0, cx: float = 0.0, cy: float = 0.0) -> None:
    """A shape op (fill, stroke, stroke_width, dash, opacity) whose outline is `path`: its colours, its dash
    around the path and its paint operator, turned `rotate` degrees about (cx, cy), see-through below an
    opacity of 1 or a colour's alpha of ff. A gradient fill (gradient.placed) is shaded inside the path first, then
    the stroke drawn; a blurred shadow (op.blur) as blur_layers' copies."""
    ops = []
    if getattr(op, "blur", 0.0):
        _blurred(pen, op, path, rotate, cx, cy)
        return
    if gradient.is_gradient(op.fill):
        before = ["q", f"{pen.num(*matrix(rotate, cx, cy))} cm"] if rotate % 360 else ["q"]
        pen.shade(op.fill, " ".join([*before, f"{path} W n"]), op.opacity)
        if not op.stroke:
            return
        op = op._replace(fill=None)
    if op.fill:
        ops.append(pen.paint(op.fill, "rg"))
    if op.stroke:
        ops.append(pen.paint(op.stroke, "RG", op.stroke_width))
        ops.append(f"{pen.num(op.stroke_width)} w")
        if op.dash:
            ops.append(f"[{pen.num(*op.dash)}] 0 d")
    ops.append(f"{path} {PAINT[bool(op.stroke), bool(op.fill)]}")
    if op.stroke and op.dash:
        ops.append("[] 0 d")
    if rotate % 360:
        ops = ["q", f"{pen.num(*matrix(rotate, cx, cy))} cm", *ops, "Q"]
    pen.see_through(ops, op.opacity * alpha(op.fill), op.opacity * alpha(op.stroke))


def _blurred(pen, op, path: str, rotate: float, cx: float, cy: float) -> None:
    """A blurred shadow: BLUR_STEPS copies of the shape in its one colour, each outlined (round joins and
    caps) out to its reach, each see-through, so that together they fade from the edge out."""
    colour = op.fill or op.stroke
    turn = [f"{pen.num(*matrix(rotate, cx, cy))} cm"] if rotate % 360 else []
    look = [pen.paint(colour, "rg"), pen.paint(colour, "RG", None), "1 j 1 J"]
    if op.stroke and op.dash and not op.fill:
        look.append(f"[{pen.num(*op.dash)}] 0 d")
    base = op.stroke_width if op.stroke and not op.fill else 0.0
    for a, r in blur_layers(op.blur, op.opacity * alpha(colour)):
        width = base + 2 * r
        if width <= 0:
            paint_ = f"{path} f"
        else:
            paint_ = f"{pen.num(width)} w {path} {'B' if op.fill else 'S'}"
        if a > 0:
            pen.see_through(["q", *turn, *look, paint_, "Q"], a, a)
