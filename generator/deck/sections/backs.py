"""The `backs:` section, named backs, and a back wherever one is given (defaults, a kind, a card, a
spreadsheet source): the name of one of backs:, `none` (nothing printed on the back), or a back of its own,
{template, fields}. Not here: which back a card ends up with (kinds.py, cards.py).
"""
from __future__ import annotations

from ...errors import PnpError, found, known_list, suggest
from ...files.yamlfile import Map, Seq
from ..model import BackRef, Inferred
from ..reading import Skip
from ..values import MAX_TEXT, need_map, need_text, no_placeholder, unknown_keys

KEYS = {            # key of a back of its own ({template, fields}): what it holds
    "template": "the back's template (required)",
    "fields": "a mapping of field names to values: what the back's template fills in, beside the card's own",
    "inferred": "text: why the back was inferred (listed on the proof)",
}


def read(r, m, root) -> dict:
    if m is None:
        return {}
    m = need_map(m, root, "backs", "named backs")
    out = {}
    for name, value in m.items():
        with r.noting():
            try:
                ref = back_ref(r, value, m, name, out, f"backs.{name}")
            except (PnpError, Skip):
                r.failed.add(("back", str(name)))
                raise
            out[str(name)] = BackRef(ref.template, ref.fields, str(name))
    return out


def back_ref(r, value, parent, key, backs, field) -> BackRef | None:
    """A back: a named back, 'none', or inline {template, fields}."""
    if value is None or value == "none":
        return BackRef(None, (), "none")
    if isinstance(value, str):
        if ("back", value) in r.failed:
            raise Skip()
        if value not in backs:
            raise parent.error(key, f"unknown back '{value}'", field=field,
                               hint=suggest(value, backs) or known_list(backs))
        return backs[value]
    if isinstance(value, Map):
        unknown_keys(value, tuple(KEYS), field, field)
        if "inferred" in value:
            note = need_text(value["inferred"], value, "inferred", f"{field}.inferred")
            r.inferred.append(Inferred(field, "", note, r.src(value, "inferred")))
        template = r.template_ref(value.get("template"), value, "template", f"{field}.template")
        fields = value.get("fields") or Map()
        if not isinstance(fields, Map):
            raise value.error("fields", f"expected a mapping of field values, found {found(fields)}",
                              field=f"{field}.fields")
        vals = []
        for k, v in fields.items():
            v = r.unwrap(v, fields, k, f"{field} field {k}")
            if isinstance(v, (Map, Seq)):
                raise fields.error(k, f"expected a value, found {found(v)}", field=f"{field}.fields.{k}")
            if isinstance(v, str) and len(v) > MAX_TEXT:
                raise fields.error(k, f"text is {len(v)} characters; the limit is {MAX_TEXT}",
                                   field=f"{field}.fields.{k}")
            if isinstance(v, str):
                no_placeholder(v, fields, k, f"{field}.fields.{k}")
            vals.append((str(k), v))
        return BackRef(template, tuple(vals))
    raise parent.error(key, f"expected a back name, 'none' or {{template, fields}}, found {found(value)}",
                       field=field)
