"""The `defaults:` section: the back, template and part a card (or kind) has unless it names its own.
Read in steps, as what each names is read: the section itself first, its part once the parts are read,
its template, and its back once the backs are read (load.py calls them in that order).
Not here: the back a kind gives its cards (kinds.py), a card's own (cards.py).
"""
from __future__ import annotations

from ...errors import found, known_list, suggest
from ...files.yamlfile import Map
from .backs import back_ref
from ..values import need_name, unknown_keys

KEYS = {            # key: what it holds; none of them is required
    "back": "a back: a name from backs:, none, or {template, fields}; for kinds that name none",
    "template": "a template's name, for kinds that name none",
    "part": "a part's id, for cards that name none; default: the first part",
}


def read(r, root) -> Map:
    """The section, checked to be a mapping of the known keys (an empty one when it is not)."""
    defaults = root.get("defaults") or Map()
    if not isinstance(defaults, Map):
        with r.noting():
            raise root.error("defaults", f"expected a mapping of back, template and part, found "
                             f"{found(defaults)}", field="defaults")
        defaults = Map()
    with r.noting():
        unknown_keys(defaults, tuple(KEYS), "defaults", "defaults")
    return defaults


def part(r, defaults: Map, parts: dict) -> None:
    """defaults.part, checked to name a part (it is left out of `defaults` when it does not)."""
    if "part" in defaults:
        with r.noting():
            dpart = need_name(defaults.pop("part"), defaults, "part", "defaults.part", "a part id")
            if dpart not in parts:
                raise defaults.error("part", f"unknown part '{dpart}'", field="defaults.part",
                                     hint=suggest(dpart, parts) or known_list(parts))
            defaults["part"] = dpart


def template(r, defaults: Map) -> None:
    """defaults.template, checked to be a template's name (it is left out of `defaults` when it is not)."""
    if "template" in defaults:
        with r.noting():
            name = defaults.pop("template")
            r.failed.add(("template", "default"))     # until it is read: kinds without one then skip it
            defaults["template"] = r.template_ref(name, defaults, "template", "defaults.template")
            r.failed.discard(("template", "default"))


def back(r, defaults: Map, backs: dict):
    """The default back (a BackRef), or None."""
    default_back = None
    if "back" in defaults:
        with r.noting():
            default_back = back_ref(r, defaults.get("back"), defaults, "back", backs, "defaults.back")
    return default_back
