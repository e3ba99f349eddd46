"""The image region: a picture (PNG, JPEG or SVG), or the part of it `crop` names, fitted into its box (or covering
it, cropped about its focus), zoomed about its focus, clipped to a shape (`clip`: circle, hexagon, star, polygon,
a rounded rectangle), outlined (`stroke`), maybe to the bleed, turned about the box's centre and see-through as it
says; its keys, its layout into an Image operation (and the outline's shape op after it), and how an Image is
drawn (also an icon in text: layout/inline.py).

Not here: finding and checking the picture's file (face.Context.image_path), the geometry of fit and focus
(images.fitted), placing a picture in a PDF (render/placing.py, which the pen reaches).
"""
from __future__ import annotations


import re

from ...records import Record
from ...errors import found, known_list, suggest
from ...files.yamlfile import Map, Seq
from ...text.fields import fill, names_in
from .. import shapes
from . import paint
from .common import grow, pdf_box, turned
from .ellipse import Ellipse
from .facts import UNKNOWN, in_box, turn_box
from .keys import SHORT_SIDE, Choice, Focus, Fraction, Key, Length, RegionType, Src, Whole
from .polygon import MAX_CORNERS, Polygon
from .rect import Rect

FITS = ("contain", "cover", "stretch")     # as images.FITS, without importing Pillow


class Image(Record):
    """A picture (PNG, JPEG or SVG: images.py) in the box x, y, w, h: the one way a picture reaches render/
    (render/placing.py places it). `fit` and the focus (fx, fy: 0 to 1 across the picture from its left
    and its top) as images.fitted() reads them; `tint` ('#rrggbb' or None) draws it in that one colour; turned
    `rotate` degrees anticlockwise about (cx, cy); `opacity` 0 to 1. An icon in text is one too: `tint` its
    text's colour when the icon is tinted, turned and see-through with its text."""
    x: float
    y: float
    w: float
    h: float
    path: str
    fit: str = "contain"        # contain | cover | stretch
    fx: float = 0.5
    fy: float = 0.5
    tint: str | None = None
    region: str = ""            # the template region that placed it (the proof's findings name it)
    rotate: float = 0.0
    cx: float = 0.0
    cy: float = 0.0
    opacity: float = 1.0
    radius: float = 0.0         # its corners rounded by this much: the picture clipped
    crop: tuple = ()            # (x0, y0, x1, y1): the part of the picture shown, 0 to 1 from its top-left
    zoom: float = 1.0           # the fitted picture scaled about its focus (clipped to the box)
    clip: tuple = ()            # ("ellipse",), or the corners ((x, y), ...) of the shape it is clipped to
    families: tuple = ()        # an SVG's: the keys of its deck's own font families, which its text may name

    def bounds(self):
        return turn_box(self.x, self.y, self.x + self.w, self.y + self.h, self.rotate, self.cx, self.cy)

    def colours(self):
        return (("image", self.path),) + ((("ink", self.tint),) if self.tint else ())

    def ground(self, x, y):
        return UNKNOWN if in_box(self, x, y) else None

    def see_through(self):
        return self.opacity < 1.0       # the picture's own transparency: its file's (export/flatten.py)


class Crop(Record):
    """[x, y, width, height] of a picture: px of its own (bare numbers too) or %: ((value, is a %), ...)."""

    def check(self, rd, key):
        v = rd.r[key]
        if isinstance(v, str):          # a card's "{crop}": "10%, 0%, 50%, 50%" or "[...]"
            v = Seq(x.strip() for x in v.strip().strip("[]").split(","))
        if not isinstance(v, Seq) or len(v) != 4:
            raise rd.error(key, "expected [x, y, width, height] of the picture, in px or %, such as "
                           f"[10%, 0%, 50%, 50%], found {found(v) if not isinstance(v, Seq) else f'{len(v)} values'}")
        out = []
        for item in v:
            m = re.match(r"^\s*(\d+(?:\.\d+)?)\s*(px|%)?\s*$", str(item)) if not isinstance(item, bool) else None
            if m is None:
                raise rd.error(key, f"expected a crop's lengths in px of the picture or %, found {found(item)}")
            out.append((float(m.group(1)), m.group(2) == "%"))
        if out[2][0] <= 0 or out[3][0] <= 0 or any(p and n > 100 for n, p in out):
            raise rd.error(key, "a crop's width and height are more than 0, and a % at most 100%")
        return tuple(out)


class Zoom(Record):
    def check(self, rd, key):
        return Fraction("a zoom", 0.1, 20.0).check(rd, key)


CLIPS = ("circle", "hexagon", "star", "polygon", "rect")
_CLIP_KEYS = {"circle": (), "hexagon": ("orientation",), "star": ("points", "inner"), "polygon": ("sides",),
              "rect": ("radius",)}


class Clip(Record):
    """The shape a picture is clipped to: a word (circle, hexagon, star, polygon, rect) or a mapping naming
    it (`shape:`) with its own keys, as its region type writes them: ("circle",), ("hexagon", orientation),
    ("star", points, inner), ("polygon", sides), ("rect", radius)."""

    def check(self, rd, key):
        v = rd.r[key]
        where = f"{rd.where}.{key}"
        m = v if isinstance(v, Map) else None
        shape = m.get("shape") if m is not None else v
        if shape not in CLIPS:
            at = (m, "shape") if m is not None and "shape" in m else (rd.r, key)
            raise at[0].error(at[1], f"expected a clip shape ({', '.join(CLIPS)}), found {found(shape)}",
                              field=where, hint=suggest(shape, CLIPS) if isinstance(shape, str) else None)
        own = _CLIP_KEYS[shape]
        if m is not None:
            for k in m:
                if k != "shape" and k not in own:
                    raise m.error(k, f"unknown key '{k}' for a {shape} clip", field=f"{where}.{k}",
                                  hint=suggest(str(k), own) or known_list(own or ("shape",)))
        sub = rd._replace(r=m if m is not None else Map({}), where=where)

        def own_key(name, kind, default):
            return kind.check(sub, name) if m is not None and name in m else default
        if shape == "hexagon":
            return ("hexagon", own_key("orientation", Choice(shapes.ORIENTATIONS, fields=False), "flat"))
        if shape == "star":
            return ("star", own_key("points", Whole(3, MAX_CORNERS), 5),
                    own_key("inner", Fraction("the inner corners' share", 0.01, 0.99), 0.5))
        if shape == "polygon":
            return ("polygon", own_key("sides", Whole(3, MAX_CORNERS), 6))
        if shape == "rect":
            return ("rect", own_key("radius", Length(high=SHORT_SIDE), 0.0))
        return ("circle",)


KEYS = (
    Key("src", Src(), "", "the picture's file inside the deck folder, or a {field} naming it"),
    Key("fit", Choice(FITS), "contain", "contain (whole inside the box), cover (the box filled, cropped) or stretch"),
    Key("focus", Focus(), (0.5, 0.5), "[x%, y%]: the point of the picture placed at the same point of the box"),
    Key("radius", Length(high=SHORT_SIDE), 0.0, "the picture's corners rounded by this much (clipped)"),
    Key("crop", Crop(), (), "[x, y, width, height] of the picture (px, or %): the part of it shown"),
    Key("zoom", Zoom(), 1.0, "the fitted picture scaled about its focus: 150% or 1.5 (10% to 2000%)"),
    Key("clip", Clip(), (), "the shape the picture is clipped to: circle, hexagon, star, polygon, rect, or "
                          "{shape: hexagon, orientation: pointy}, {shape: star, points: 6, inner: 40%}, "
                          "{shape: polygon, sides: 8}, {shape: rect, radius: 3mm}"),
) + paint.KEYS[1:]                       # stroke, stroke_width, dash: its outline


def lay_out(face, region, ctx, bleed: float) -> None:
    v = region.values
    src = fill(str(v["src"]), ctx.values).strip()
    if not src:
        return
    x, y, w, h = pdf_box(face, region)
    cx, cy = x + w / 2, y + h / 2
    if v["bleed"] and bleed:
        x, y, w, h = grow(face, x, y, w, h, bleed)
    fx, fy = v["focus"]
    path = ctx.image_path(src, region)
    crop = _crop(v["crop"], path, region, ctx)
    clip = _clip_outline(v["clip"], x, y, w, h)
    radius = v["clip"][1] if v["clip"] and v["clip"][0] == "rect" else v["radius"]
    op = Image(x, y, w, h, path, _fit(region, ctx), fx, fy, region=region.id, rotate=v["rotate"], cx=cx, cy=cy,
               opacity=v["opacity"], radius=radius, crop=crop, zoom=v["zoom"], clip=clip,
               families=ctx.families() if path.lower().endswith(".svg") else ())
    face.ops.append(op)
    stroke = ctx.colour(v["stroke"], region)
    if stroke:
        face.ops.append(_outline(op, stroke, v["stroke_width"], v["dash"]))


def _crop(crop: tuple, path: str, region, ctx) -> tuple:
    """A crop as (x0, y0, x1, y1), 0 to 1 of the picture from its top-left: a % as it is, a px of the picture's
    own (its pixels; an SVG's points); a crop reaching past the picture is the card's error."""
    if not crop:
        return ()
    from ...pictures.images import BadImage, known  # lazy: +22 ms to import (benchmarks/imports.py)
    try:
        pic = known(path)
    except (BadImage, OSError):
        return ()                       # (the picture's own mistake is named where it is placed)
    out = []
    for i, (value, percent) in enumerate(crop):
        size = pic.width if i % 2 == 0 else pic.height
        out.append(value / 100 if percent else value / size)
    x0, y0, w, h = out
    if x0 + w > 1 + 1e-9 or y0 + h > 1 + 1e-9:
        raise region.error("crop", f"{ctx.subject}: the crop reaches past the picture '{src_name(path)}' "
                                   f"({pic.width:g} x {pic.height:g})")
    return (round(x0, 6), round(y0, 6), round(min(1.0, x0 + w), 6), round(min(1.0, y0 + h), 6))


def src_name(path: str) -> str:
    return str(path).replace("\\", "/").rsplit("/", 1)[-1]


def _clip_outline(clip: tuple, x: float, y: float, w: float, h: float) -> tuple:
    """The Image op's clip for a region's `clip` on the box x, y, w, h (the face's points, not turned: the
    picture turns with it as it is placed)."""
    if not clip or clip[0] == "rect":
        return ()
    kind = clip[0]
    if kind == "circle":
        return ("ellipse",)
    if kind == "hexagon":
        return shapes.hexagon(x, y, w, h, clip[1] == "pointy")
    if kind == "star":
        return shapes.star(x, y, w, h, clip[1], clip[2])
    return shapes.polygon(x, y, w, h, clip[1])


def _outline(op: Image, stroke: str, width: float, dash: tuple):
    """The shape op outlining a picture: its clip's shape, else what shows of it (its box where it covers it,
    else the picture as fitted; its corners rounded as the picture's are)."""
    if op.clip and op.clip[0] == "ellipse":
        return Ellipse(op.x, op.y, op.w, op.h, None, stroke, width, dash, op.opacity, op.rotate, op.cx, op.cy)
    if op.clip:
        pts = op.clip
        if op.rotate % 360:
            pts = turned(pts, op.rotate, op.cx, op.cy)
        return Polygon(tuple(pts), None, stroke, width, dash, op.opacity)
    x, y, w, h = op.x, op.y, op.w, op.h
    if op.fit == "contain" and not op.crop and op.zoom <= 1.0:
        from ...pictures.images import BadImage, fitted, known  # lazy: +22 ms to import (benchmarks/imports.py)
        try:
            pic = known(op.path)
            x, y, w, h = fitted(x, y, w, h, pic.width, pic.height, "contain", op.fx, op.fy)
            if op.zoom < 1.0:
                px, py = x + op.fx * w, y + (1 - op.fy) * h
                x, y, w, h = px - (px - x) * op.zoom, py - (py - y) * op.zoom, w * op.zoom, h * op.zoom
        except (BadImage, OSError):
            pass
    return Rect(x, y, w, h, None, stroke, width, min(op.radius, w / 2, h / 2), dash, op.opacity, op.rotate,
                op.cx, op.cy)


def _fit(region, ctx) -> str:
    """The region's fit, which a card's field may give ("{fit}"): contain, cover or stretch."""
    spec = str(region.values["fit"])
    fit = fill(spec, ctx.values).strip()
    if fit not in FITS:
        raise ctx.error(f"unknown fit '{fit}' in region '{region.id}' ({region.source})",
                        field=(names_in(spec) or [None])[0], hint=suggest(fit, FITS) or known_list(FITS))
    return fit


def draw(pen, op: Image) -> None:
    if op.opacity < 1.0:
        with pen.alpha(op.opacity):
            pen.picture(op)
    else:
        pen.picture(op)


TYPE = RegionType("image", KEYS, lay_out, {Image: draw}, bleeds=True)
