"""A region as read from its template (Region): its id, type, box, the keys written (props) and those with
every default filled in (values), its `when`, and where it and each of its keys were written.

Not here: reading and checking one (read.py), what a type's keys are (its module).
"""
from __future__ import annotations

import unicodedata
from pathlib import Path

from ...records import Record
from ...errors import PnpError
from ...text.fields import names_in


class Region(Record):
    id: str
    type: str
    box: tuple            # (x, y_from_top, w, h) in points
    props: dict           # key -> value as written (strings may hold {fields}); never changed once made
    when: str = ""
    source: str = ""      # "file:line" of the region
    places: tuple = ()    # ((key, line, column[, file]), ...): where each key was written (file: a key a template
    #                       overriding this region kept from the template it extends, written in that one's file)
    values: dict = {}     # props, and every other key of its type at its default: what layout reads

    def get(self, key, default=None):
        return self.props.get(key, default)

    def at(self, key=None) -> tuple[str, int | None, int | None]:
        """(file, line, column) where `key` of this region was written."""
        file, _, line = self.source.rpartition(":")
        for k, ln, col, *other in self.places:
            if k == key:
                return (other[0] if other else file), ln, col
        return file, int(line) if line.isdigit() else None, None

    def error(self, key, message: str, hint: str | None = None) -> PnpError:
        file, line, col = self.at(key)
        return PnpError(message, file, line, col, f"region {self.id}" + (f".{key}" if key else ""), hint)


def field_of(region: Region) -> str | None:
    """The field a text region prints (the first {name} in its text), or None for the template's own text."""
    names = names_in(str(region.get("text", "")))
    return names[0] if names else None


def symbols_only(text) -> bool:
    """True for text written in the template (no {field}) with no letter or digit: a symbol set alone."""
    text = str(text)
    return bool(text.strip()) and not names_in(text) and \
        not any(unicodedata.category(ch)[0] in "LN" for ch in text)


def words_key(region: Region) -> str:
    """How a translator's sheet names a region's own words: the stem of the template file its `text` is
    written in and the region's id ("card.deliver": row template:card.deliver)."""
    return f"{Path(region.at('text')[0]).stem}.{region.id}"
