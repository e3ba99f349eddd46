"""The `rules:` section: the rule pages' settings, kept as written for the stages that make them; here
it is only checked to be a mapping. Its keys (file, text, font, size, columns, accent) and their checks are
where the rule pages are made: printout/rules.py (KEYS). Not here: the rules' text (rules.md).
"""
from __future__ import annotations

from ...errors import found
from ...files.yamlfile import Map


def read(r, root):
    """The section as written (None when there is none); a mistake in it keeps no card from being laid out."""
    rules = root.get("rules")
    if rules is not None and not isinstance(rules, Map):
        with r.noting(wide=False):
            raise root.error("rules", f"expected rules: {{file: rules.md}} or {{text: ...}}, found {found(rules)}",
                             field="rules")
    return rules
