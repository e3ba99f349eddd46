"""The `components:` section, the deck's component list (what the box must hold), or components.yaml
beside deck.yaml: which of the two, read as YAML and kept as written for pnp check (check/model.py reads
and checks it; its keys are there). Not here: counting the cards against it (check/).
"""
from __future__ import annotations

from ...files.yamlfile import load
from ..games import DECK_FILE
from ..values import display

SIDE_FILE = "components.yaml"


def read(r, root) -> tuple:
    """(the component list as written, or None; the file it is in)."""
    components, components_file = root.get("components"), r.file
    side = r.folder / SIDE_FILE
    if r.path.name == DECK_FILE and side.is_file():
        with r.noting(wide=False):       # the component list: read by pnp check, not laid out
            if components is not None:
                raise root.error("components", "components are given both here and in components.yaml; "
                                 "keep one", field="components")
            components_file = display(side)
            components = load(side, components_file)
    return components, components_file
