"""The names a template's regions write, checked against the deck before a card is laid out: an icon its own
text writes (:name:) must be one of the deck's icons, and a table lookup() reads a kind of the deck or a sheet of
its workbooks, with the field read one of its columns. Each mistake is (the region's id, the error), so that the
checks after it lay the cards out without that region (validate.py).
"""
from __future__ import annotations

from ..deck.model import Deck
from ..errors import PnpError, known_list, suggest
from ..text.fields import tables_in
from .deckfacts import columns, sheets
from .inline import unknown, unknown_message
from .regions.percard import written
from .templates import Template


def icon_errors(deck: Deck, tpl: Template) -> list[tuple[str, PnpError]]:
    """(the region's id, the error) for a :name: that a region's own text writes (not a field's value) where the
    deck has no such icon."""
    out = []
    for r in tpl.regions:
        own = str(r.get("text", ""))
        for name, _ in unknown(deck.icons, own):
            message, hint = unknown_message(deck.icons, name)
            out.append((r.id, r.error("text", message, hint=hint)))
    return out


def lookup_errors(deck: Deck, tpl: Template) -> list[tuple[str, PnpError]]:
    """(the region's id, the error) for lookup('table', key, 'field') written with a table that is none of the
    deck's kinds (by name or title, in any case) nor a sheet of the workbooks its cards come from, or with a field its kind has not: an error at the
    template's line, as laying its first card out would find it (the tables as text/deckwide.py finds them)."""
    out, tables = [], None
    kinds: dict = {}                    # a kind's name and title -> the columns lookup() reads (deckfacts.py)
    for kid, kind in deck.kinds.items():
        kinds[kid] = columns(kind)
        kinds.setdefault(kind.title, kinds[kid])
    for r in tpl.regions:
        for key, text in written(r):
            for brace, table, field in tables_in(text):
                if table not in kinds and tables is None:
                    tables = {**kinds, **{name: None for name in sheets(deck) if name not in kinds}}
                known = kinds if table in kinds else tables
                match = table if table in known else next((k for k in known if k.lower() == table.lower()), None)
                if match is None:
                    out.append((r.id, r.error(key, f"'{table}' in {brace} is neither a kind of the deck nor a sheet of its "
                                            f"workbooks ({deck.file})",
                                       hint=suggest(table, list(known)) or known_list(list(known)))))
                elif known[match] is not None and field is not None and field not in known[match]:
                    out.append((r.id, r.error(key, f"'{field}' in {brace} is no field of kind '{match}' ({deck.file})",
                                       hint=suggest(field, list(known[match])) or known_list(list(known[match])))))
    return out
