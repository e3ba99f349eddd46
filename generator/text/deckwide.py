"""The functions an expression may call over the whole deck, and what they read of it: count(condition),
sum(value, condition) and lookup(table, key, field) over its cards (and the sheets of its workbooks), icons(text)
through its icons and its `icon_letters:`.

A card's values hold the deck's facts under a name no field can have (expressions.CARDS, ICONS): a Deckwide,
compared and shown by a digest of what it reads (every card's values, the sheets' bytes; the icons and letters),
so that a face whose template calls one of them is kept, in this build and the layout store, under that digest,
and laid out again when another card changes. count() and sum() read their arguments on each printed card of the
deck in print order (the condition true: a number not 0, a text not empty; a card on which it fails for a field it
lacks does not count); what one gives is kept on its Deckwide, so a deck of N cards asks it once, not N times.
Not here: parsing and evaluating a brace (expressions.py), what the deck's cards and sheets are (layout/deck.py
makes a Deckwide of them), drawing an icon (layout/inline.py).
"""
from __future__ import annotations

import ast

from ..errors import known_list, suggest
from .expressions import ExpressionError, MAX_TEXT, as_value, checked, said, shown, truthy

MAX_ICONS = 200                 # icons one icons() may make


class Table:
    """A table lookup() reads: a kind's cards or a sheet's rows, each row a dict, and the column rows are found
    by (a card's name, then its first field; a sheet's first column)."""

    def __init__(self, name: str, rows: list, keys: tuple, columns: tuple, what: str):
        self.name, self.rows, self.keys, self.columns, self.what = name, rows, keys, columns, what


class Deckwide:
    """The deck's facts as an expression reads them. `rows()`: each printed card's values, in print order;
    `tables()`: {name: Table} of the kinds and sheets lookup() may name; `icons`: the deck's icon names; `letters`:
    its icon_letters (a letter -> an icon's name). `digest` names what it was made of."""

    def __init__(self, digest: str, rows=None, tables=None, icons=(), letters=None):
        self.digest = digest
        self._rows, self._tables = rows, tables
        self.icons, self.letters = frozenset(icons), dict(letters or {})
        self.kept: dict = {}            # (brace, call's place) -> what count() or sum() gave

    def __repr__(self) -> str:
        return f"Deckwide({self.digest})"

    __str__ = __repr__

    def __eq__(self, other) -> bool:
        return isinstance(other, Deckwide) and other.digest == self.digest

    def __hash__(self) -> int:
        return hash(self.digest)

    def __lt__(self, other) -> bool:        # (values are sorted by name; two never meet, but sorting may ask)
        return repr(self) < repr(other)

    def call(self, name: str, node: ast.Call, ev):
        said_call = ast.unparse(node)
        if name in ("count", "sum"):
            key = (ev.expr, node.lineno, node.col_offset)
            if key not in self.kept:
                self.kept[key] = self._over_cards(name, node, ev, said_call)
            return self.kept[key]
        args = [ev._eval(a) for a in node.args]
        if name == "lookup":
            if len(args) != 3:
                raise ExpressionError(f"{said_call}: lookup(table, key, field) takes three values")
            return self.lookup(*args, said_call)
        if len(args) != 1:
            raise ExpressionError(f"{said_call}: icons(text) takes one text")
        return self.icons_of(args[0], said_call, node.args[0])

    # -- count() and sum() ---------------------------------------------------------------------------------
    def _over_cards(self, name: str, node: ast.Call, ev, said_call: str):
        args = node.args
        if name == "count" and len(args) > 1 or name == "sum" and not 1 <= len(args) <= 2:
            raise ExpressionError(f"{said_call}: " + ("count(condition) takes one condition" if name == "count"
                                                      else "sum(value, condition) takes a value and a condition"))
        condition = args[-1] if (name == "count" and args) or len(args) == 2 else None
        total = 0
        for values in self._rows():
            try:
                if condition is not None and not truthy(ev.evaluated_with(values, condition)):
                    continue
                if name == "count":
                    total += 1
                    continue
                v = ev.evaluated_with(values, args[0])
            except ExpressionError as exc:
                if any(values.get(n.id) is None for n in _fields(args)):
                    continue            # a field this card lacks (another kind's): it does not count
                raise ExpressionError(f"{said_call}, on card '{values.get('name')}': {exc.message}",
                                      hint=exc.hint) from None
            if v == "":
                continue                # an empty value adds nothing
            if isinstance(v, str) or isinstance(v, bool):
                raise ExpressionError(f"{said_call}, on card '{values.get('name')}': sum() adds numbers, found "
                                      f"{said(v)}")
            total += v
        return checked(total)

    # -- lookup() ------------------------------------------------------------------------------------------
    def lookup(self, table, key, field, said_call: str = "lookup"):
        tables = self._tables() if self._tables is not None else {}
        t = tables.get(shown(table))
        if t is None:
            t = next((v for k, v in tables.items() if k.lower() == shown(table).lower()), None)
        if t is None:
            raise ExpressionError(f"{said_call}: {said(table)} is neither a kind of the deck nor a sheet of its "
                                  "workbooks", hint=suggest(shown(table), list(tables)) or known_list(list(tables)))
        column = shown(field)
        if column not in t.columns:
            raise ExpressionError(f"{said_call}: {t.what} has no {'field' if t.what.startswith('kind') else 'column'} "
                                  f"'{column}'", hint=suggest(column, list(t.columns)) or known_list(list(t.columns)))
        wanted = shown(key)
        for k in t.keys:
            for row in t.rows:
                if shown(row.get(k)) == wanted:
                    return as_value(row.get(column))
        found = [shown(row.get(t.keys[0])) for row in t.rows]
        raise ExpressionError(f"{said_call}: no row of {t.what} is {said(key)}",
                              hint=suggest(wanted, found) or known_list(found))

    # -- icons() -------------------------------------------------------------------------------------------
    def icons_of(self, text, said_call: str = "icons", arg=None) -> str:
        """"coin coin star" (or, through icon_letters, "CCS") as ":coin: :coin: :star:", each word an icon's
        name or a run of its letters; a word that is neither is an IconError naming the field it came from."""
        names = []
        for word in shown(text).split():
            if word in self.icons:
                names.append(word)
            elif self.letters and all(ch in self.letters for ch in word):
                names.extend(self.letters[ch] for ch in word)
            else:
                field = arg.id if isinstance(arg, ast.Name) else None
                hint = suggest(word, sorted(self.icons)) or known_list(sorted(self.icons))
                if self.letters:
                    hint += f"; letters: {', '.join(f'{k} ({v})' for k, v in self.letters.items())}"
                raise IconError(f"{said_call}: '{word}' is no icon of the deck"
                                + (", nor a run of its icon_letters" if self.letters else ""), field, hint)
            if len(names) > MAX_ICONS:
                raise ExpressionError(f"{said_call} makes more than {MAX_ICONS} icons")
        out = " ".join(f":{n}:" for n in names)
        if len(out) > MAX_TEXT:
            raise ExpressionError(f"{said_call} makes a text of {len(out)} characters; the limit is {MAX_TEXT}")
        return out


def _fields(args) -> list:
    """The names the arguments read as fields (not the functions they call)."""
    nodes = [n for a in args for n in ast.walk(a)]
    called = {id(n.func) for n in nodes if isinstance(n, ast.Call)}
    return [n for n in nodes if isinstance(n, ast.Name) and id(n) not in called and n.id not in ("True", "False")]


class IconError(ExpressionError):
    """icons() met a word that is no icon: the card's field it came from (None: the template's own text), so
    that the mistake names the card's cell."""

    def __init__(self, message: str, field: str | None, hint: str | None = None):
        super().__init__(message, hint=hint)
        self.field = field
