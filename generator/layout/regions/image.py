"""The image region: a picture (PNG, JPEG or SVG) fitted into its box (or covering it, cropped about its
focus), maybe to the bleed, turned about the box's centre and see-through as it says; its keys, its layout
into an Image operation, and how an Image is drawn (also an icon in text: layout/inline.py).

Not here: finding and checking the picture's file (face.Context.image_path), the geometry of fit and focus
(images.fitted), placing a picture in a PDF (render/placing.py, which the pen reaches).
"""
from __future__ import annotations


from ...records import Record
from ...errors import known_list, suggest
from ...text.fields import fill, names_in
from .common import grow, pdf_box
from .keys import SHORT_SIDE, Choice, Focus, Key, Length, RegionType, Src

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


KEYS = (
    Key("src", Src(), "", "the picture's file inside the deck folder, or a {field} naming it"),
    Key("fit", Choice(FITS), "contain", "contain (whole inside the box), cover (the box filled, cropped) or stretch"),
    Key("focus", Focus(), (0.5, 0.5), "[x%, y%]: the point of the picture placed at the same point of the box"),
    Key("radius", Length(high=SHORT_SIDE), 0.0, "the picture's corners rounded by this much (clipped)"),
)


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
    face.ops.append(Image(x, y, w, h, ctx.image_path(src, region), _fit(region, ctx), fx, fy, region=region.id,
                          rotate=v["rotate"], cx=cx, cy=cy, opacity=v["opacity"], radius=v["radius"]))


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
