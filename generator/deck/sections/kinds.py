"""The `kinds:` section: the kinds of card, each with its template, its back, the pattern of its cards'
names and the fields its cards fill in, each field declared with a type, limits, choices and a default.
Not here: the values cards give their fields (fields.py), the cards themselves (cards.py).
"""
from __future__ import annotations

from ...errors import PnpError, found, known_list, suggest
from ...text.expressions import ExpressionError, compiled
from ...files.yamlfile import Map, Seq
from ..model import FieldSpec, Kind
from ..values import MAX_NUMBER, NAME, finite, need_map, need_text, unknown_keys
from .backs import back_ref
from .cards import CARD_KEYS
from .fields import TYPES, field_value
from .languages import split, text_of

KEYS = {            # key of a kind: what it holds; default
    "title": "text: the kind's name as printed; default: its id",
    "plural": "text: the title for several ('Settlers (aces)'); default: the title and an s",
    "template": "the template its cards are drawn with; default: defaults.template",
    "back": "a back: a name from backs:, none, or {template, fields}; default: defaults.back",
    "fields": "a mapping of field names to a type, or to {type, required, choices, min, max, default}",
    "name": "the pattern of its cards' names, with {field}s and {kind}; default: '{kind}'",
}
FIELD_KEYS = {      # key of a field's declaration: what it holds; default
    "type": "text, markup, int, number, colour or image (fields.TYPES); default: text",
    "required": "true or false: every card must give it (or the default); default: false",
    "choices": "a list of the values allowed; default: any",
    "min": "a number: the smallest allowed (int and number fields); default: none",
    "max": "a number: the largest allowed, at least min; default: none",
    "default": "the value of a card that gives none, checked as a card's value is; default: none",
    "typography": "plain: the field's text printed as written, no curly quotes or dashes (text/typography.py); "
                  "default: as the deck's game.typography",
}
FIELD_TYPES = tuple(TYPES)            # what each takes: fields.py


def read(r, m: Map, backs, default_back, default_template) -> dict:
    out = {}
    for kid, value in m.items():
        with r.noting():
            out[str(kid)] = kind(r, kid, value, m, backs, default_back, default_template)
    return out


def kind(r, kid, value, m: Map, backs, default_back, default_template) -> Kind:
    """One kind. A mistake in its settings is noted and the kind is still made, from what could be read,
    so that its cards are checked too and do not each report an unknown kind."""
    field = f"kinds.{kid}"
    value = need_map(value, m, kid, "kind settings")
    translated: dict = {}
    with r.noting():
        value, translated = split(r, value, ("title", "plural"), f"kind {kid}")
    with r.noting():
        unknown_keys(value, tuple(KEYS), f"kind {kid}", field)
    template = ""
    with r.noting():
        if "template" in value:
            template = r.template_ref(value["template"], value, "template", f"{field}.template")
        elif ("template", "default") not in r.failed:
            template = need_text(default_template, value, "template", f"{field}.template")
    back = default_back
    if "back" in value:
        back = None
        with r.noting():
            back = back_ref(r, value["back"], value, "back", backs, f"{field}.back")
    fields = {}
    fm = value.get("fields") or Map()
    if not isinstance(fm, Map):         # its cards' fields, its name pattern's, its templates': not said again
        r.failed.add(("fields", str(kid)))
        with r.noting():
            raise value.error("fields", f"expected a mapping of field names to types, found {found(fm)}",
                              field=f"{field}.fields")
        fm = Map()
    for fname, spec in fm.items():
        with r.noting():
            if fname in CARD_KEYS:
                raise fm.error(fname, f"'{fname}' is a card setting and cannot be a field name",
                               field=f"{field}.fields.{fname}")
            try:
                fields[str(fname)] = field_spec(r, fname, spec, fm, f"{field}.fields.{fname}")
            except PnpError:
                fields[str(fname)] = FieldSpec(str(fname))  # its cards' values are read as plain text
                raise
    pattern = "{kind}"
    with r.noting():
        pattern = need_text(value.get("name", "{kind}"), value, "name", f"{field}.name")
        try:
            used = compiled(pattern).names if "{" in pattern else ()
        except ExpressionError as exc:  # a brace left open, an expression that cannot be read: at its line
            pattern = "{kind}"
            raise value.error("name", exc.message, field=f"{field}.name", hint=exc.hint)
        for n in used if ("fields", str(kid)) not in r.failed else ():
            if n not in fields and n != "kind":
                known = list(fields) + ["kind"]
                raise value.error("name", f"the name pattern uses {{{n}}}, which is not a field of kind '{kid}'",
                                  field=f"{field}.name", hint=suggest(n, known) or known_list(known))
    title = str(kid)
    with r.noting():
        title = need_text(value.get("title", kid), value, "title", f"{field}.title")
    plural = ""
    with r.noting():
        plural = need_text(value.get("plural"), value, "plural", f"{field}.plural", required=False)
    words: dict = {}
    for lang, values in translated.items():
        for k, v in values.items():
            with r.noting():
                words.setdefault(lang, {})[k] = text_of(v, value, f"{k}:{lang}", f"{field}.{k}:{lang}")
    return Kind(str(kid), title, template, back, fields, pattern, plural, words, m.where(kid)[0],
                value.where("name")[0] if "name" in value else 0)


def field_spec(r, name, value, parent, field) -> FieldSpec:
    """One field's declaration: a type ('int'), or {type, required, choices, min, max, default}."""
    if isinstance(value, str):
        value = Map({"type": value})
        value.file, value.line, value._pos = parent.file, parent.where(name)[0], {}
    if not isinstance(value, Map):
        raise parent.error(name, f"expected a field type or {{type, required, ...}}, found {found(value)}",
                           field=field)
    unknown_keys(value, tuple(FIELD_KEYS), f"field {name}", field)
    ftype = value.get("type", "text")
    if ftype not in FIELD_TYPES:
        raise value.error("type", f"unknown field type '{ftype}'", field=f"{field}.type",
                          hint=suggest(ftype, FIELD_TYPES) or known_list(FIELD_TYPES))
    if not NAME.match(str(name)):
        raise parent.error(name, f"field name '{name}' cannot be written as {{{name}}} in a template",
                           field=field, hint="use letters, digits, '_' and '-', starting with a letter")
    choices = value.get("choices")
    if choices is None:
        choices = ()
    if not isinstance(choices, (Seq, tuple)):
        raise value.error("choices", f"expected a list of allowed values, found {found(choices)}",
                          field=f"{field}.choices")
    for i, c in enumerate(choices):
        if isinstance(c, (Map, Seq)) or c is None:
            raise choices.error(i, f"expected a plain value, found {found(c)}", field=f"{field}.choices[{i}]")
    for bound in ("min", "max"):
        b = value.get(bound)
        if b is not None and (isinstance(b, bool) or not isinstance(b, (int, float)) or not finite(b)):
            raise value.error(bound, f"expected a number between -{MAX_NUMBER:g} and {MAX_NUMBER:g}, "
                              f"found {found(b)}", field=f"{field}.{bound}")
    if value.get("min") is not None and value.get("max") is not None and value["min"] > value["max"]:
        raise value.error("max", f"max {value['max']} is less than min {value['min']}", field=f"{field}.max")
    required = value.get("required", False)
    if not isinstance(required, bool):
        raise value.error("required", f"expected true or false, found {found(required)}",
                          field=f"{field}.required")
    typo = value.get("typography", "")
    if typo not in ("", "plain", "typographic"):
        raise value.error("typography", f"expected plain or typographic, found {found(typo)}",
                          field=f"{field}.typography")
    spec = FieldSpec(str(name), ftype, required, tuple(choices), value.get("min"), value.get("max"), None)
    default = field_value(r, spec, value.get("default"), value, "default", f"{field}.default")
    return FieldSpec(str(name), ftype, required, tuple(choices), value.get("min"), value.get("max"), default,
                     parent.where(name)[0], typo)
