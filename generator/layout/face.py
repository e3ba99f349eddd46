"""Stage 3: lay out one card face from a template and its field values into a display list.

layout_face lays out each region of the card's template with the card's values (Context) through its type's
own layout (layout/regions/: colours from the palette, pictures found inside the deck's folder, fitted or
cropped to their box, which may run to the bleed edge; text in its font with the deck's icons in it (:name:),
shrunk to fit down to its min_size, every character checked for a glyph); a mistake names the card, the field
and the template's line. Context is what a face is drawn from, and the one place a region's layout reaches
the deck: its palette (colour), its fonts (family, glyphs), its icons (icons, icon) and its files (image_path).
Not here: the display list itself, Face and its drawing operations (display.py, whose names this module
also gives: render/, impose/ and export/ import them from here); templates and each type of region
(templates.py, regions/); wrapping markup text (wrap.py); a deck's cards and the cache of faces (deck.py,
store.py).
"""
from __future__ import annotations

import copy
import re
import unicodedata

from ..errors import PnpError, PnpErrors, known_list, suggest, warn
from ..text import typography
from ..text.expressions import ExpressionError
from ..text.fields import fill, fill_markup, holds, names_in
from . import fonts, inline, wrap
from .display import Ellipse, Face, Image, Line, Polygon, Rect, Text  # noqa: F401 (their names, given here)
from .regions import TYPES, Region, box_error, expression_error, field_of, on_piece, resolve
from .regions import repeat
from .regions.repeat import COPY
from .regions.common import keys_of
from .regions.region import words_key
from .templates import get_template
from .. import LAYOUTS
from ..files.paths import Refused, files_under, find_inside
from ..deck.translations import has_words
from ..deck.values import display
from ..deck import colours

BASIC_COLOURS = {"black": "#000000", "white": "#ffffff", "none": None, "transparent": None}
_BRACES = re.compile(r"\{[^{}]*\}")         # a {field} or {= expression}: the card's words, not the template's
_SEPARATORS = "\t\u2028\u2029\x85\x0b\x0c"     # what a text region sets as a space, a line, a paragraph
_LINES = {ord("\t"): " ", 0x2028: "\n", 0x2029: "\n\n", 0x85: "\n", 0x0B: "\n", 0x0C: "\n\n",
          0xFEFF: "\u2060"}          # a byte-order mark inside text: the word joiner it was once used as
_ONE_LINE = {**{ord(c): " " for c in _SEPARATORS + "\n\r"}, 0xFEFF: "\u2060"}


class Context:
    """What a face is drawn from: field values, the deck (the one value a build passes down: its palette,
    templates, fonts, icons, folder), where errors point; and what a region's layout asks of the deck."""

    def __init__(self, values: dict, deck, subject: str, source: str, field_lines: dict | None = None,
                 kind: str = "", card: str = ""):
        self.values = values
        self.kind = kind                # the card's kind: which of its fields print as written (typeset)
        self.card = card                # the card's id: which of its fields a translation lacks (typeset)
        self.deck = deck
        self.palette = deck.palette
        self.deck_folder = deck.folder
        self.subject = subject          # "card 'Green 1'"
        self.source = source            # "decks/x/deck.yaml:12"
        self.field_lines = field_lines or {}

    def given(self, values: dict) -> "Context":
        """This context with other values (a repeated region's copy reads its number as `i`)."""
        other = copy.copy(self)
        other.values = values
        return other

    def error(self, message: str, field: str | None = None, hint: str | None = None) -> PnpError:
        file, _, line = self.source.rpartition(":")
        if field and field in self.field_lines:
            line = str(self.field_lines[field])
        return PnpError(f"{self.subject}: {message}", file or self.source, int(line) if line.isdigit() else None,
                        field=field, hint=hint)

    def colour(self, spec, region: Region) -> str | None:
        """A colour as a region writes it (deck/colours.py's forms: '#rrggbb', '#rrggbbaa', rgb(), a CSS name;
        a palette name, black, white, none, a {field}), as '#rrggbb', '#rrggbbaa' (see-through) or None (none)."""
        if spec is None:
            return None
        name = fill(str(spec), self.values).strip()
        if name.startswith("#") and len(name) == 7 and all(c in "0123456789abcdefABCDEF" for c in name[1:]):
            return name
        if name in self.palette:
            return self.palette[name]
        if name.lower() in BASIC_COLOURS:
            return BASIC_COLOURS[name.lower()]
        try:
            return colours.parse(name)
        except colours.BadColour as exc:
            raise self.error(f"{exc} in region '{region.id}' ({region.source})",
                             field=(names_in(str(spec)) or [None])[0]) from None
        except KeyError:
            known = list(self.palette) + list(BASIC_COLOURS)
            hint = suggest(name, known) or known_list(known)
        key, written = self._written(region, spec)
        if names_in(written) and _BRACES.sub("", written).strip():      # a name the template makes of a field
            raise region.error(key, f"{self.subject}: '{written}' makes the colour '{name}', which is not a "
                                    f"colour or a name in the palette of {self.deck.file}", hint=hint)
        raise self.error(f"unknown colour '{name}' in region '{region.id}' ({region.source})",
                         field=(names_in(str(spec)) or [None])[0], hint=hint)

    def _written(self, region: Region, value) -> tuple:
        """(the key, its value as the template writes it) of the key of `region` that holds `value` on this card
        (a key the card gives is filled in already: the template's own region has it as written)."""
        key = next((k for k, v in region.props.items() if v == value), None)
        if key is None:
            return None, str(value)
        for tpl in self.deck.memo_of("templates").values():
            for r in tpl.regions:
                if r.id == region.id and r.source == region.source and key in r.props:
                    written = r.props[key]
                    return key, str(getattr(written, "written", written))
        return key, str(value)

    def family(self, region: Region) -> str:
        """The key of the font family a text region writes (the deck's own of that name, if it has one)."""
        fam = fonts.resolve(str(region.get("font", "sans")), self.deck)
        try:
            fonts.family(fam)
        except PnpError as exc:
            raise self.error(f"{exc.message} in region '{region.id}' ({region.source})", hint=exc.hint)
        return fam

    def text(self, region: Region) -> str:
        """A text region's own text in the deck's language: its `text:LANG` where the template gives one (a
        template's literal words translated, "Deliver" as text:fr "Livrer", or a translator's sheet's row
        template:FILE.REGION), else its `text`."""
        sheet = self.deck.extra.get("template_words")
        said = (sheet.get(words_key(region)) if sheet else None) or \
            region.props.get(f"text:{self.deck.language}")     # a translator's sheet's row over the template's
        return str(region.values["text"]) if said is None else said

    def content(self, region: Region, one_line: bool) -> str:
        """A text region's text (Context.text) with its fields filled in, its separators as the region sets
        them: a tab a space (no font draws one); a line or paragraph separator (U+2028, U+2029) a line break and
        a new paragraph in a text box (`one_line` false: its markup filled as markup, text/fields.fill_markup), a
        space in a text region's one line, as a line break is."""
        out = fill(self.text(region), self.values) if one_line else fill_markup(self.text(region), self.values)
        table = _ONE_LINE if one_line else _LINES
        return out.translate(table) if any(chr(c) in out for c in table) else out

    def typeset(self, content: str, region: Region, fam: str, styles=("regular",)) -> str:
        """A region's text, its fields filled in, with typographic punctuation in the deck's language
        (text/typography.py), unless the deck (game.typography: plain) or a field it shows (typography: plain
        in a kind's fields) says plain; a character the family's `styles` cannot draw is left as written."""
        if self.deck.game.typography == typography.PLAIN:
            return content
        kind = self.deck.kinds.get(self.kind)
        plain = [f.name for f in kind.fields.values() if f.typography == typography.PLAIN] if kind else []
        if plain and any(n in plain for n in names_in(str(region.get("text", "")))):
            return content
        out = typography.typeset(content, self.language_of(region))
        if out != content:
            missing = [c for c in fonts.missing_glyphs(wrap.without_icons(out), fam, styles) if c in typography.MADE]
            if missing:
                out = typography.fallback(out, missing)
        return out

    def language_of(self, region: Region) -> str:
        """The language a text region's words print in: the deck's, or its source language where the translation
        lacks them (a card's field it has no text for, the template's own words with no text:LANG), so that
        English left in a French printout keeps English punctuation ("Now!", not "Now !")."""
        deck = self.deck
        if deck.language == deck.source_language:
            return deck.language
        untranslated = deck.extra.get("untranslated", ())
        written = str(region.get("text", ""))
        if untranslated and any((self.card, n) in untranslated for n in names_in(written)):
            return deck.source_language
        if f"text:{deck.language}" not in region.props and \
                words_key(region) not in deck.extra.get("template_words", {}) and has_words(_BRACES.sub(" ", written)):
            return deck.source_language
        return deck.language

    def glyphs(self, content: str, fam: str, styles, region: Region) -> None:
        """Every character of `content` (icons aside) must have a glyph in the family's `styles`."""
        missing = fonts.missing_glyphs(wrap.without_icons(content), fam, styles)
        if missing:
            chars = ", ".join(_shown(c) for c in missing)
            rest = [fonts.shown(f) for f in fonts.chain(fam)[1:]]
            nor = f", nor has its fallback ({', '.join(rest)})" if rest else ""
            raise self.error(f"font '{fonts.shown(fam)}' has no glyph for {chars} in region '{region.id}'{nor}",
                             field=field_of(region))

    def families(self) -> tuple:
        """The keys of the deck's own font families: what an SVG picture's text may name (its Image op carries
        them to render/svg.py)."""
        return fonts.deck_keys(self.deck)

    def icons(self, content: str, region: Region) -> tuple:
        """The IconMetrics of the icons `content` writes; text that writes a name that is no icon of the deck
        is an error: at the template's line when its own text writes it, else at the card's field that does."""
        if ":" not in content:
            return ()
        for name, _ in inline.unknown(self.deck.icons, content):
            message, hint = inline.unknown_message(self.deck.icons, name)
            own = str(region.get("text", ""))
            if any(n == name for n, _ in wrap.icons_in(own)):
                raise region.error("text", message, hint=hint)
            fields = [n for n in names_in(own) if f":{name}:" in str(self.values.get(n, ""))]
            raise self.error(f"{message} in region '{region.id}'", field=(fields or [field_of(region)])[0],
                             hint=hint)
        return inline.metrics(self.deck.icons, content)

    def icon(self, name: str, x: float, baseline: float, size: float, colour: str, rotate: float, cx: float,
             cy: float, opacity: float = 1.0) -> Image | None:
        """The drawing operation of the deck's icon `name` in text (layout/inline.py)."""
        return inline.op(self.deck.icons, name, x, baseline, size, colour, rotate, cx, cy, opacity, self.families())

    def image_path(self, src: str, region: Region | None = None) -> str:
        """Images are read only from inside the deck's folder or layouts/, and must be a sane PNG, JPEG or SVG."""
        return _image_path(src, self, region)


def layout_face(template_name: str, ctx: Context, bleed: float = 0.0, name: str = "", before=None,
                key: tuple | None = None) -> Face:
    """The face of template `template_name` for a card's values, every region laid out in drawing order (its
    mistakes raised together, PnpErrors). `before`: (a face of the same values, laid out from an earlier
    version of the template, and for each region of this one the index of the equal region there, or None):
    an equal region's part of that face is taken as it is (layout/relaid.py), the others laid out. `key`: its
    identity (Face.key), when the caller has one (default: the template, the bleed and every value)."""
    try:
        tpl = get_template(template_name, ctx.deck)
    except PnpError as exc:
        if exc.file:
            raise
        raise ctx.error(exc.message, field="template", hint=exc.hint)
    face = Face(name or ctx.subject, tpl.name, tpl.width, tpl.height, bleed, tpl.shape, tpl.gutter,
                source=tpl.size_source)
    given_wrong = []                    # every mistake of the card's face: a region at fault is left, the next laid out
    spans = []
    old, same = before if before is not None else (None, ())
    for n, region in enumerate(tpl.regions):
        if old is not None and same[n] is not None:
            _take(face, old, same[n])
        else:
            _lay_out_region(face, region, ctx, tpl, bleed, given_wrong)
        spans.append((len(face.ops), len(face.texts), len(face.shrunk), len(face.markup)))
    if given_wrong:
        error = given_wrong[0] if len(given_wrong) == 1 else PnpErrors(given_wrong)
        error.face = face               # what was laid out (its markup's problems: deck.layout_card says them too)
        raise error
    face.spans = tuple(spans)
    face.key = key if key is not None else \
        (tpl.name, bleed, tuple(sorted((k, str(v)) for k, v in ctx.values.items())))
    return face


def _lay_out_region(face: Face, region: Region, ctx: Context, tpl, bleed: float, given_wrong: list) -> None:
    """One region of a face laid out onto it (each copy of a repeated one); its mistakes noted in given_wrong."""
    try:
        copies = ((None, ctx),) if region.values.get("repeat") is None else _copies(region, ctx, tpl)
    except PnpError as exc:
        _note(given_wrong, _placed(region, exc, ctx))
        return
    for i, ctx_i in copies:
        try:
            given = _given(region, ctx_i, tpl, i)
        except PnpError as exc:
            _note(given_wrong, _placed(region, exc, ctx))
            continue
        if given is None:
            continue
        try:
            TYPES[region.type].lay_out(face, given, ctx_i, bleed)
        except PnpError as exc:         # (an expression's, a brace the drawing filled: placed here)
            _note(given_wrong, _placed(region, exc, ctx))


def _take(face: Face, old: Face, n: int) -> None:
    """Region `n`'s part of the face `old` (its operations, texts, shrunk sizes and markup) put onto `face`."""
    start = old.spans[n - 1] if n else (0, 0, 0, 0)
    end = old.spans[n]
    face.ops.extend(old.ops[start[0]:end[0]])
    face.texts.extend(old.texts[start[1]:end[1]])
    face.shrunk.extend(old.shrunk[start[2]:end[2]])
    face.markup.extend(old.markup[start[3]:end[3]])


def _shown(ch: str) -> str:
    """A character an error names: as written and by its code point, or one that prints as nothing or alone
    cannot be seen (a format character, a separator, a lone accent, a private-use one) by its code and name."""
    kind = unicodedata.category(ch)
    if kind[0] not in "CZM":
        return f"'{ch}' (U+{ord(ch):04X})"
    name = "a private-use character" if kind == "Co" else unicodedata.name(ch, "an unassigned character").lower()
    return f"U+{ord(ch):04X} ({name})"


def _note(wrong: list, exc: PnpError) -> None:
    """Note a region's mistake (or each of several) among a face's."""
    wrong.extend(exc.errors if isinstance(exc, PnpErrors) else [exc])


def _placed(region: Region, exc: PnpError, ctx: Context) -> PnpError:
    """A mistake in what a card gives a region, as said: an expression's at the template's line of its key, or,
    for a word icons() does not know, at the card's field it came from (its cell); any other as it is."""
    if not isinstance(exc, ExpressionError):
        return exc
    field = getattr(exc, "field", None)
    if field is not None and field in ctx.values:
        return ctx.error(f"{exc.message} in region '{region.id}'", field=field, hint=exc.hint)
    return expression_error(region, _key_of(region, exc.brace), exc, ctx.subject)


def _copies(region: Region, ctx: Context, tpl) -> list:
    """[(i, the context whose values read i)] for each copy of a repeated region (regions/repeat.py) this card
    draws; none where its `when`, reading no copy's number, does not hold (one that reads it is each copy's)."""
    first = ctx.given({**ctx.values, COPY: 0})
    if region.when and COPY not in names_in(region.when) and not holds(region.when, first.values):
        return []
    rtype = TYPES[region.type]
    n = resolve(region, first, tpl.width, tpl.height, rtype, keys_of(rtype)).values["repeat"]
    return [(i, first if i == 0 else ctx.given({**ctx.values, COPY: i})) for i in range(n)]


def _given(region: Region, ctx: Context, tpl, i: int | None) -> Region | None:
    """The region on this card, its keys given for each card read (regions/percard.py) and held to its piece;
    copy `i` of a repeated one moved to its place (None: drawn once); None where its `when` does not hold."""
    if region.when and not holds(region.when, ctx.values):
        return None
    rtype = TYPES[region.type]
    given = resolve(region, ctx, tpl.width, tpl.height, rtype, keys_of(rtype))
    if i is None:
        if given is not region:
            on_piece(given, region, tpl.width, tpl.height, tpl.bleed or 0.0, ctx.subject)
        return given
    dx, dy = repeat.offset(given.values, given.box, i)
    x, y, w, h = given.box
    moved = given._replace(box=(x + dx, y + dy, w, h))
    error = box_error(moved, tpl.width, tpl.height, tpl.bleed or 0.0)
    if error is not None:
        raise PnpError(f"{ctx.subject}: copy {i} of a repeated region: {error.message}", error.file, error.line,
                       error.column, error.field, error.hint)
    return moved


def _key_of(region: Region, brace: str) -> str | None:
    """The key of a region whose written value holds this brace."""
    if brace and brace in region.when:
        return "when"
    return next((k for k, v in region.props.items() if isinstance(v, str) and brace and brace in v), None)


def text_icons(content: str, region: Region, ctx: Context) -> tuple:
    """Context.icons: the IconMetrics of the icons `content` writes, or the error of one that is no icon."""
    return ctx.icons(content, region)


def _image_path(src: str, ctx: Context, region: Region | None = None) -> str:
    from ..pictures.images import SUFFIXES, BadImage, check_image  # lazy: +12 ms to import (benchmarks/imports.py)
    names = names_in(str(region.get("src", ""))) if region is not None else []
    field = names[0] if names else None

    def fail(message, hint=None):
        if field is None and region is not None and region.source:
            # the name is written in the template itself: point there
            file, _, line = region.source.rpartition(":")
            return PnpError(message, file, int(line) if line.isdigit() else None,
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
            raise PnpError(f"the file {exc}", display(path),
                           hint=f"{region.source} names it in region '{region.id}'")
        raise fail(f"image '{src}' {exc}")
    if path.suffix.lower() == ".svg":       # its text set in pnp's fonts: every glyph there, or the SVG's line
        from . import svgtext  # lazy: +1.2 ms to import; a deck without SVGs loads no XML parser (tests/test_startup.py)
        own = ctx.families()
        try:
            svgtext.check(path, own)
            warned = ctx.deck.memo_of("svg fonts warned")
            for line, names, used in svgtext.unmatched(path, own):
                if (str(path), names) not in warned:
                    warned[(str(path), names)] = True
                    warn(f"{display(path)}:{line}: the SVG's font-family '{names}' is none of the deck's families "
                         f"nor pnp's: its text is set in {used} (add the family under fonts: in deck.yaml)")
        except PnpError as exc:
            where = f"{region.source} names it in region '{region.id}'" if region is not None and region.source \
                else f"{ctx.subject} shows it"
            errors = [PnpError(e.message, display(path), e.line, hint=where) for e in getattr(exc, "errors", [exc])]
            raise errors[0] if len(errors) == 1 else PnpErrors(errors)
    return str(path)
