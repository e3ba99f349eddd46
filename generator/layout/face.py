"""Stage 3: lay out one card face from a template and its field values into a display list.

layout_face draws each region of the card's template with the card's values (Context): colours from the
palette, pictures found inside the deck's folder (fitted or cropped to their box, which may run to the bleed
edge), text in its font with the deck's icons in it (:name:), shrunk to fit down to its min_size, every
character checked for a glyph; a mistake names the card, the field and the template's line.
Not here: the display list itself, Face and its drawing operations (display.py, whose names this module
also gives: render/, impose/ and export/ import them from here); templates and their regions (templates.py,
regions.py); wrapping markup text (text.py); a deck's cards and the cache of faces (deck.py, store.py).
"""
from __future__ import annotations

import math

from ..errors import PnpError, known_list, suggest
from ..fields import fill, names_in
from . import fonts, icons, text
from .display import Ellipse, Face, Image, Line, Polygon, Rect, Text
from .regions import SHAPE_REGIONS, Region, field_of
from .templates import Template, get_template

BASIC_COLOURS = {"black": "#000000", "white": "#ffffff", "none": None, "transparent": None}
MIN_SIZE = 6.0


class Context:
    """What a face is drawn from: field values, the deck (its palette, templates, fonts, icons), where errors
    point."""

    def __init__(self, values: dict, deck, subject: str, source: str, field_lines: dict | None = None):
        self.values = values
        self.deck = deck                # the loaded Deck: every face of a build is laid out from the one value
        self.palette = deck.palette
        self.icons = deck.icons         # {name: Icon}
        self.deck_folder = deck.folder
        self.subject = subject          # "card 'Green 1'"
        self.source = source            # "decks/x/deck.yaml:12"
        self.field_lines = field_lines or {}

    def error(self, message: str, field: str | None = None, hint: str | None = None) -> PnpError:
        file, _, line = self.source.rpartition(":")
        if field and field in self.field_lines:
            line = str(self.field_lines[field])
        return PnpError(f"{self.subject}: {message}", file or self.source, int(line) if line.isdigit() else None,
                        field=field, hint=hint)

    def colour(self, spec, region: Region) -> str | None:
        if spec is None:
            return None
        name = fill(str(spec), self.values).strip()
        if name.startswith("#") and len(name) == 7 and all(c in "0123456789abcdefABCDEF" for c in name[1:]):
            return name
        if name in self.palette:
            return self.palette[name]
        if name.lower() in BASIC_COLOURS:
            return BASIC_COLOURS[name.lower()]
        known = list(self.palette) + list(BASIC_COLOURS)
        raise self.error(f"unknown colour '{name}' in region '{region.id}' ({region.source})",
                         field=(names_in(str(spec)) or [None])[0], hint=suggest(name, known) or known_list(known))


def layout_face(template_name: str, ctx: Context, bleed: float = 0.0, name: str = "") -> Face:
    try:
        tpl = get_template(template_name, ctx.deck)
    except PnpError as exc:
        if exc.file:
            raise
        raise ctx.error(exc.message, field="template", hint=exc.hint)
    face = Face(name or ctx.subject, tpl.name, tpl.width, tpl.height, bleed, tpl.shape, tpl.gutter,
                source=tpl.size_source)
    for region in tpl.regions:
        if region.when and not fill(region.when, ctx.values).strip():
            continue
        _draw_region(face, tpl, region, ctx, bleed)
    face.key = (tpl.name, bleed, tuple(sorted((k, str(v)) for k, v in ctx.values.items())))
    return face


def _box(tpl: Template, region: Region):
    """Region box in PDF coordinates: (x, y_bottom, w, h)."""
    x, top, w, h = region.box
    return x, tpl.height - top - h, w, h


def _grow(tpl: Template, x, y, w, h, bleed):
    """Extend a box that touches the trim edge out to the bleed edge."""
    eps = 0.01
    x0, y0, x1, y1 = x, y, x + w, y + h
    if x0 <= eps:
        x0 -= bleed
    if y0 <= eps:
        y0 -= bleed
    if x1 >= tpl.width - eps:
        x1 += bleed
    if y1 >= tpl.height - eps:
        y1 += bleed
    return x0, y0, x1 - x0, y1 - y0


def _draw_region(face: Face, tpl: Template, region: Region, ctx: Context, bleed: float):
    get = region.props.get          # its keys, read many times a card: no method call each
    x, y, w, h = _box(tpl, region)
    t = region.type
    if t in ("rect", "ellipse"):
        if get("bleed") and bleed:
            x, y, w, h = _grow(tpl, x, y, w, h, bleed)
        fill_c = ctx.colour(get("fill"), region)
        stroke = ctx.colour(get("stroke"), region)
        sw = get("stroke_width", 0.5 if stroke else 0.0)
        dash, opacity = tuple(get("dash") or ()), float(get("opacity", 1.0))
        if t == "rect":
            face.ops.append(Rect(x, y, w, h, fill_c, stroke, sw, get("radius", 0.0), dash, opacity))
        else:
            face.ops.append(Ellipse(x, y, w, h, fill_c, stroke, sw, dash, opacity))
    elif t == "line":
        face.ops.append(Line(x, y + h, x + w, y, ctx.colour(get("stroke", "black"), region) or "#000000",
                             get("stroke_width", 0.5), tuple(get("dash") or ())))
    elif t == "text":
        _text_line(face, tpl, region, ctx, x, y, w, h)
    elif t == "textbox":
        _text_box(face, tpl, region, ctx, x, y, w, h)
    elif t == "image":
        src = fill(str(get("src", "")), ctx.values).strip()
        if src:
            if get("bleed") and bleed:
                x, y, w, h = _grow(tpl, x, y, w, h, bleed)
            fx, fy = get("focus", (0.5, 0.5))
            face.ops.append(Image(x, y, w, h, _image_path(src, ctx, region), _fit(region, ctx), fx, fy,
                                  region=region.id))
    elif t in SHAPE_REGIONS:
        _shape_region(face, region, ctx, bleed, x, y, w, h)


def _shape_region(face: Face, region: Region, ctx: Context, bleed: float, x, y, w, h):
    """A hexagon, polygon or star region as one Polygon op (layout/shapes.py gives its corners). A hexagon
    with bleed grows by the bleed on every side, as far as the bleed edge (a hex piece's background)."""
    get = region.props.get          # its keys, read many times a card: no method call each
    from . import shapes
    t = region.type
    if t == "hexagon":
        points = shapes.hexagon(x, y, w, h, get("orientation", "flat") == "pointy")
        if get("bleed") and bleed:
            points = shapes.clipped(shapes.grown(points, bleed), -bleed, -bleed, face.width + bleed,
                                    face.height + bleed)
    elif t == "polygon":
        points = shapes.polygon(x, y, w, h, get("sides", 6), get("rotate", 0.0))
    else:
        points = shapes.star(x, y, w, h, get("points", 5), get("inner", 0.5), get("rotate", 0.0))
    stroke = ctx.colour(get("stroke"), region)
    face.ops.append(Polygon(tuple(points), ctx.colour(get("fill"), region), stroke,
                            get("stroke_width", 0.5 if stroke else 0.0), tuple(get("dash") or ()),
                            float(get("opacity", 1.0))))


def _fit(region: Region, ctx: Context) -> str:
    """The region's fit, which a card's field may give ("{fit}"): contain, cover or stretch."""
    from .regions import FITS
    spec = str(region.get("fit", "contain"))
    fit = fill(spec, ctx.values).strip()
    if fit not in FITS:
        raise ctx.error(f"unknown fit '{fit}' in region '{region.id}' ({region.source})",
                        field=(names_in(spec) or [None])[0], hint=suggest(fit, FITS) or known_list(FITS))
    return fit


def _image_path(src: str, ctx: Context, region: Region | None = None) -> str:
    """Images are read only from inside the deck's folder or layouts/, and must be a sane PNG, JPEG or SVG."""
    from .. import LAYOUTS
    from ..images import SUFFIXES, BadImage, check_image
    from ..paths import Refused, files_under, find_inside
    names = names_in(str(region.get("src", ""))) if region is not None else []
    field = names[0] if names else None

    def fail(message, hint=None):
        if field is None and region is not None and region.source:
            # the name is written in the template itself: point there
            file, _, line = region.source.rpartition(":")
            return PnpError(f"{message} in region '{region.id}'", file, int(line) if line.isdigit() else None,
                            field=f"region {region.id}.src", hint=hint)
        return ctx.error(message, field=field, hint=hint)

    bases = [b for b in (ctx.deck_folder, LAYOUTS) if b is not None]
    try:
        path = find_inside(src, bases, "image")
    except Refused as exc:
        raise fail(str(exc))
    if path is None:
        known = files_under(ctx.deck_folder, SUFFIXES) if ctx.deck_folder is not None else []
        raise fail(f"image '{src}' not found in the deck folder",
                   hint=suggest(src, known) or (known_list(known) if known else None))
    try:
        check_image(path)
    except BadImage as exc:
        if field is None and region is not None and region.source:
            # the file is at fault: named first, then the template's line that names it (as a card's is)
            from ..deck.values import display
            raise PnpError(f"the file {exc}", display(path),
                           hint=f"{region.source} names it in region '{region.id}'")
        raise fail(f"image '{src}' {exc}")
    return str(path)


def _family(region: Region, ctx: Context) -> str:
    fam = fonts.resolve(str(region.get("font", "sans")), ctx.deck)
    try:
        fonts.family(fam)
    except PnpError as exc:
        raise ctx.error(f"{exc.message} in region '{region.id}' ({region.source})", hint=exc.hint)
    return fam


def text_icons(content: str, region: Region, ctx: Context) -> tuple:
    """The IconMetrics of the icons `content` writes; text that writes a name that is no icon of the deck is
    an error: at the template's line when its own text writes it, else at the card's field that does."""
    if ":" not in content:
        return ()
    for name, _ in icons.unknown(ctx.icons, content):
        message, hint = icons.unknown_message(ctx.icons, name)
        own = str(region.get("text", ""))
        if any(n == name for n, _ in text.icons_in(own)):
            raise region.error("text", f"{message} in region '{region.id}'", hint=hint)
        fields = [n for n in names_in(own) if f":{name}:" in str(ctx.values.get(n, ""))]
        raise ctx.error(f"{message} in region '{region.id}'", field=(fields or [field_of(region)])[0], hint=hint)
    return icons.metrics(ctx.icons, content)


def _glyphs(content: str, fam: str, styles, region: Region, ctx: Context):
    missing = fonts.missing_glyphs(text.without_icons(content), fam, styles)
    if missing:
        chars = ", ".join(f"'{c}' (U+{ord(c):04X})" for c in missing)
        raise ctx.error(f"font '{fonts.shown(fam)}' has no glyph for {chars} in region '{region.id}'",
                        field=field_of(region))


def _text_line(face, tpl, region, ctx, x, y, w, h):
    get = region.props.get          # its keys, read many times a card: no method call each
    content = fill(str(get("text", "")), ctx.values)
    if not content.strip():
        return
    fam = _family(region, ctx)
    style = str(get("style", "regular"))
    if style not in fonts.STYLES:
        raise ctx.error(f"unknown style '{style}' in region '{region.id}' ({region.source})",
                        hint=known_list(fonts.STYLES))
    metrics = text_icons(content, region, ctx)
    _glyphs(content, fam, (style,), region, ctx)
    font = fonts.font_name(fam, style)
    size = get("size", 10.0)
    min_size = get("min_size", min(MIN_SIZE, size))
    runs, measure = None, None
    if metrics:
        runs = _runs(content, font, {m.name: m for m in metrics})
        measure = lambda s: sum(w1 * s for w1, _ in runs)    # noqa: E731 (width at size s: linear in it)
    used = _fitting_size(content, font, size, w + 0.01, measure)
    if used < min_size:
        raise ctx.error(f"text '{content}' does not fit region '{region.id}' of template '{tpl.name}' "
                        f"({w / 72 * 25.4:.1f}mm wide) even at {min_size:g}pt", field=field_of(region))
    if used < size:
        face.shrunk.append((region.id, field_of(region), size, used))
    fc = fonts.face(font)
    align = str(get("align", "left"))
    valign = str(get("valign", "middle"))
    cap = (getattr(fc, "capHeight", 700) or 700) * used / 1000.0
    if valign == "top":
        base = y + h - cap
    elif valign == "bottom":
        base = y - fc.descent * used / 1000.0
    else:
        base = y + (h - cap) / 2
    ax = {"left": x, "center": x + w / 2, "right": x + w}.get(align)
    if ax is None:
        raise ctx.error(f"unknown align '{align}' in region '{region.id}'", hint="left, center or right")
    rotate = float(get("rotate", 0) or 0)
    colour = ctx.colour(get("colour", "black"), region) or "#000000"
    if runs is None:
        face.ops.append(Text(ax, base, content, font, used, colour, align, rotate, x + w / 2, y + h / 2))
    else:                   # text and icons side by side, the whole line placed as `align` says
        at = ax - {"left": 0.0, "center": 0.5, "right": 1.0}[align] * measure(used)
        for width, (icon, run) in runs:
            if icon:
                op = icons.op(ctx.icons, run, at, base, used, colour, rotate, x + w / 2, y + h / 2)
                if op is not None:
                    face.ops.append(op)
            else:
                face.ops.append(Text(at, base, run, font, used, colour, "left", rotate, x + w / 2, y + h / 2))
            at += width * used
    face.texts.append((region.id, field_of(region), content))


def _runs(content: str, font: str, known: dict) -> list:
    """A text region's text as [(width per point of size, (is an icon, text or icon name))]."""
    from reportlab.pdfbase.pdfmetrics import stringWidth
    return [(known[t].width if icon else stringWidth(t, font, 1000.0) / 1000.0, (icon, t))
            for icon, t in text.one_line(content)]


def _fitting_size(content: str, font: str, size: float, width: float, measure=None) -> float:
    """The largest of size, size - 0.25pt, size - 0.5pt ... at which one line of text is at most `width` wide
    (`measure(size)`: its width, icons and all; else the text's). Width grows linearly with size, so the step
    is computed, then checked against the real width."""
    if measure is None:
        from reportlab.pdfbase.pdfmetrics import stringWidth

        def measure(s):
            return stringWidth(content, font, s)
    if measure(size) <= width:
        return size
    per_point = measure(1000.0) / 1000.0
    steps = max(1, math.ceil((size - width / per_point) / 0.25) - 1) if per_point > 0 else 1
    used = round(size - 0.25 * steps, 2)
    while used > 0 and measure(used) > width:
        used = round(used - 0.25, 2)
    while used < size and measure(round(used + 0.25, 2)) <= width:
        used = round(used + 0.25, 2)
    return used


def _text_box(face, tpl, region, ctx, x, y, w, h):
    get = region.props.get          # its keys, read many times a card: no method call each
    content = fill(str(get("text", "")), ctx.values)
    if not content.strip():
        return
    fam = _family(region, ctx)
    for p in text.problems(content):        # unbalanced ** and *: the build refuses them (layout.deck)
        face.markup.append((region.id, field_of(region), p.level, p.message, p.start))
    metrics = text_icons(content, region, ctx)
    _glyphs(content.replace("**", "").replace("*", "") + "•", fam, text.styles_used(content), region, ctx)
    size = get("size", 9.0)
    min_size = get("min_size", min(MIN_SIZE, size))
    leading = float(get("leading", 1.2))
    align = str(get("align", "left"))
    if align not in text.ALIGN:
        raise ctx.error(f"unknown align '{align}' in region '{region.id}'", hint=known_list(text.ALIGN))
    colour = ctx.colour(get("colour", "black"), region) or "#000000"
    fonts.ensure(fam, text.styles_used(content))
    fitted = text.fit(content, fam, w, h, size, min_size, leading, align, metrics)
    if fitted is None:
        need = text.needed_height(content, fam, w, min_size, leading, metrics)
        raise ctx.error(f"text does not fit region '{region.id}' of template '{tpl.name}' even at {min_size:g}pt "
                        f"(needs {need / 72 * 25.4:.1f}mm of {h / 72 * 25.4:.1f}mm)", field=field_of(region))
    if fitted.size < size:
        face.shrunk.append((region.id, field_of(region), size, fitted.size))
    valign = str(get("valign", "top"))
    top = y + h
    if valign == "middle":
        top = y + h - (h - fitted.height) / 2
    elif valign == "bottom":
        top = y + fitted.height
    rotate = float(get("rotate", 0) or 0)
    cx, cy = x + w / 2, y + h / 2
    for p in fitted.wrapped.pieces:
        if p.font != text.ICON:
            face.ops.append(Text(x + p.x, top - p.y, p.text, p.font, p.size, colour, "left", rotate, cx, cy))
            continue
        op = icons.op(ctx.icons, p.text, x + p.x, top - p.y, p.size, colour, rotate, cx, cy)
        if op is not None:
            face.ops.append(op)
    face.texts.append((region.id, field_of(region), text.plain(content)))
