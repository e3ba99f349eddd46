"""A key given for each card: a key whose written value holds a brace (`size: "{14 + value}pt"`, `focus: "{focus}"`,
`box: [3mm, "{top}", 50%, 10mm]`) is parsed when its template is read (Deferred: the syntax and the names its
expressions read) and read for each card through its kind's own checker once filled (resolve), as strictly as a
written value; a mistake names the template's line, the key, what was written and the card.

How a filled value is read: a brace that is the whole value gives its result as it is (a number stays a number);
otherwise the filled text is read as the key's own value would be written: a number ("45") is a number, true and
false are a flag, anything else is text ("17pt", "cover"); a list key (box, focus, dash) takes "20%, 80%" or
"[20%, 80%]" as its items, each read so. Keys whose text the region fills itself as it draws (text, colours, src)
are not Deferred: their braces are filled where they are drawn (text/fields.fill), and a `when` is face.py's.
Not here: the expressions themselves (text/expressions.py), the kinds' checkers (keys.py), reading a region
(read.py), the checks of a template against its cards (validate.py).
"""
from __future__ import annotations


from ...records import Record
from ...errors import PnpError
from ...files.yamlfile import Map, Seq
from ...text.expressions import NUMBER, ExpressionError, Pattern, compiled, evaluate, said, shown
from ...text.fields import deck_names_in, fill, names_in
from .keys import Box, Colour, Condition, Dash, Focus, Name, Reading, Src, Words
from .repeat import Grid, Step

FILLED_AS_DRAWN = (Words, Colour, Src, Condition, Name)      # kinds whose braces the drawing fills (or none)
LISTS = (Box, Focus, Dash, Step, Grid)                      # kinds written as a list


class Deferred(Record):
    """A key given for each card: its kind, its value as written (text, or a list some of whose items hold
    braces), and each braced part parsed ((index in the list or None, Pattern))."""
    kind: object
    written: object
    patterns: tuple

    @property
    def names(self) -> tuple:
        return tuple(dict.fromkeys(n for _, p in self.patterns for n in p.names))

    def __str__(self) -> str:
        if isinstance(self.written, str):
            return self.written
        return "[" + ", ".join(str(v) for v in self.written) + "]"


def _pattern(rd: Reading, key, text) -> Pattern | None:
    """The parsed braces of a text as written, or None when it has none; ExpressionError as the template's
    error at the key's line."""
    if not isinstance(text, str) or ("{" not in text and "}" not in text):
        return None
    try:
        p = compiled(text)
    except ExpressionError as exc:
        raise rd.error(key, exc.message, hint=exc.hint) from None
    return p if p.braces else None


def parsed(rd: Reading, key, kind) -> Deferred | None:
    """What `key` writes, when it holds a brace: checked for its expressions' syntax (and its text-filled kinds
    left as written, returning None); a Deferred for the other kinds, which are read for each card."""
    v = rd.r[key]
    if isinstance(v, Seq):
        patterns = tuple((i, p) for i, item in enumerate(v) if (p := _pattern(rd, key, item)) is not None)
    else:
        p = _pattern(rd, key, v)
        patterns = ((None, p),) if p is not None else ()
    if not patterns or isinstance(kind, FILLED_AS_DRAWN):
        return None
    return Deferred(kind, v, patterns)


def deferred_keys(region) -> list:
    """The keys of a region given for each card (box among them)."""
    out = [k for k, v in region.values.items() if type(v) is Deferred]
    return out + ["box"] if type(region.box) is Deferred else out


def named(region):
    """(key, field name) for every field a region's braces read: its when, its text-filled keys, its Deferred
    keys (its box among them)."""
    for n in names_in(region.when):
        yield "when", n
    for key, v in region.props.items():
        if isinstance(v, str):
            for n in names_in(v):
                yield key, n
        elif type(v) is Deferred:
            for n in v.names:
                yield key, n
        elif isinstance(v, tuple) and len(v) == 3 and type(v[1]) is tuple:     # a gradient: its colours too
            for t, _ in v[1]:
                if isinstance(t, str):
                    for n in names_in(t):
                        yield key, n
    if type(region.box) is Deferred:
        for n in region.box.names:
            yield "box", n


def written(region):
    """(key, text) for every value of a region written as text (a key holding a brace, each item of a list that
    holds one), as the template writes it."""
    for key, v in (("when", region.when), *region.props.items(), ("box", region.box)):
        texts = [v] if isinstance(v, str) else [t for t in getattr(v, "written", ()) if isinstance(t, str)] \
            if type(v) is Deferred and not isinstance(v.written, str) else [v.written] if type(v) is Deferred else []
        for t in texts:
            yield key, t


def deck_named(region):
    """(key, field name) for every field a region's count() and sum() read on the deck's cards."""
    for key, t in written(region):
        for n in deck_names_in(t):
            yield key, n


def _scalar(text: str):
    """Filled text read as a value would be written: a number, true or false, or text."""
    t = text.strip()
    if NUMBER.match(t):
        return int(t) if t.lstrip("+-").isdigit() else float(t)
    return {"true": True, "false": False}.get(t, t)


def _items(text: str) -> Seq:
    t = text.strip()
    if t.startswith("[") and t.endswith("]"):
        t = t[1:-1]
    return Seq(_scalar(x) for x in t.split(",")) if t.strip() else Seq()


def filled(d: Deferred, values: dict):
    """The value a Deferred key has for these values, as its kind's checker reads it."""
    listy = isinstance(d.kind, LISTS)
    if isinstance(d.written, Seq):
        out = Seq(d.written)
        for i, p in d.patterns:
            out[i] = _one(p, values)
        return out
    v = _one(d.patterns[0][1], values)
    if listy and isinstance(v, str):
        return _items(v)
    return v


def _one(p: Pattern, values: dict):
    b = p.whole
    if b is not None:
        v = evaluate(b, values)
        return _scalar(v) if isinstance(v, str) else v
    return _scalar(fill_text(p, values))


def fill_text(p: Pattern, values: dict) -> str:
    return "".join(part if isinstance(part, str) else shown(evaluate(part, values)) for part in p.parts)


class _Card(Map):
    """One filled key as a checker reads it: its mistakes name the template's line, the key, what was written
    and the card."""

    def __init__(self, key, value, region, written, subject: str):
        super().__init__({key: value})
        self.region, self.written, self.subject = region, written, subject

    def error(self, key, message: str, field: str | None = None, hint: str | None = None) -> PnpError:
        return self.region.error(key, f"{self.subject}: \"{self.written}\" gives {said(self[key])}: {message}",
                                 hint=hint)


def expression_error(region, key, exc: ExpressionError, subject: str) -> PnpError:
    """An expression's mistake on a card, at the template's line of the key that writes it."""
    said_brace = exc.message if exc.brace and exc.message.startswith(exc.brace) else f"{exc.brace}: {exc.message}"
    return region.error(key, f"{subject}: {said_brace}" if exc.brace else f"{subject}: {exc.message}",
                        hint=exc.hint)


def resolve(region, ctx, width: float, height: float, rtype, keys) -> object:
    """The region with its Deferred keys read for the card `ctx` draws (itself when it has none): each filled
    and read through its kind's checker, the defaults that follow from them worked out again, a key held
    below its `upto` (whether a box or a turn given by the card keeps it on its piece: read.on_piece)."""
    later = deferred_keys(region)
    if not later:
        return region
    kept = ctx.deck.memo_of("regions given")       # (the region, the values its braces read) -> what they give
    key = (id(region), tuple((type(v), v) for v in map(ctx.values.get, _names(region, later))))
    given = kept.get(key)
    if given is None:
        given = _resolved(region, ctx, width, height, rtype, keys, later)
        if kept is not None:
            kept[key] = given
    return given


def _names(region, later) -> tuple:
    return tuple(n for k in later for n in (region.box if k == "box" else region.values[k]).names)


def _resolved(region, ctx, width, height, rtype, keys, later):
    values = dict(region.values)
    box = region.box
    for key in later:
        d = region.box if key == "box" else values[key]
        try:
            value = filled(d, ctx.values)
        except ExpressionError as exc:
            raise expression_error(region, key, exc, ctx.subject) from None
        card = _Card(key, value, region, str(d), ctx.subject)
        checked = d.kind.check(Reading(card, f"region {region.id}", width, height, ctx.deck, rtype), key)
        if key == "box":
            box = checked
        else:
            values[key] = checked
    props = dict(region.props)
    for k in keys:
        if k.name in props and type(props[k.name]) is Deferred:
            props[k.name] = values[k.name]
        elif k.name not in props and callable(k.default) and k.name in values:
            values[k.name] = k.default(values)
    for k in keys:
        if k.upto and k.name in props and props[k.name] > values[k.upto]:
            raise region.error(k.name, f"{ctx.subject}: {k.name} {shown(round(props[k.name], 2))}pt is larger than "
                                       f"the {k.upto} {shown(round(values[k.upto], 2))}pt")
    return region._replace(box=box, props=props, values=values)
