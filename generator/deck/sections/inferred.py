"""The `inferred:` section: facts the rules did not state, which the deck chose, listed on the proof and
in the rules' This edition box. (A single value says why it was inferred where it is written, as
{value: X, inferred: why}: reading.Reading.unwrap.) Not here: grouping them for print (../edition.py).
"""
from __future__ import annotations

from ...files.yamlfile import Map, Seq
from ..model import Inferred
from ..values import need_text, unknown_keys
from .languages import split, text_of

KEYS = {            # key of an inferred fact: what it holds
    "about": "text: what the fact is about (required)",
    "seed": "text: what the seed (the original rules) says about it, quoted; default: none",
    "value": "text: the value chosen; default: none",
    "note": "text: why, and from what (required)",
}


def read(r, seq, root):
    """The facts, one by one (a fact with a mistake is noted and passed over)."""
    if seq is None:
        return
    if not isinstance(seq, Seq):
        raise root.error("inferred", "expected a list of {about, value, note}", field="inferred")
    for i, m in enumerate(seq):
        with r.noting(wide=False):
            if not isinstance(m, Map):
                raise seq.error(i, "expected {about, value, note}", field=f"inferred[{i}]")
            written = m
            m, translated = split(r, m, ("about", "value", "note"), "an inferred fact")
            unknown_keys(m, tuple(KEYS), "an inferred fact", f"inferred[{i}]")
            words = {lang: {k: text_of(v, written, f"{k}:{lang}", f"inferred[{i}].{k}:{lang}") for k, v in kv.items()}
                     for lang, kv in translated.items()}
            yield Inferred(need_text(m.get("about"), m, "about", f"inferred[{i}].about"),
                           need_text(m.get("value"), m, "value", f"inferred[{i}].value", required=False),
                           need_text(m.get("note"), m, "note", f"inferred[{i}].note"), r.src(m),
                           need_text(m.get("seed"), m, "seed", f"inferred[{i}].seed", required=False), words)
