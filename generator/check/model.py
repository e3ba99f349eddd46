"""A deck's component list (components.yaml) read into rule objects, with errors that point at the line.

The format is documented in docs/check.md. Nothing here knows a game: a component is a filter over
the deck's cards plus the rules those cards must meet (a count, full coverage of a combination of
field values, uniqueness, a back, what each player count needs).
"""
from __future__ import annotations

import re
from types import SimpleNamespace

from ..records import Record
from ..errors import Collector, PnpError, found as written, known_list, suggest
from ..files.yamlfile import Map, Seq
from .consistent import check_component

TOP_KEYS = ("players", "seed", "components")
COMPONENT_KEYS = ("name", "where", "count", "distinct", "each", "times", "unique", "back", "players",
                  "per_player", "per_players", "of_each", "seed_says", "why", "note", "not_printed")
CARD_ATTRS = ("name", "kind", "part")          # card settings usable like fields in where/each/unique
BACK_WORDS = ("none", "printed")
RANGE = re.compile(r"^\s*(\d{1,9})\s*(?:-|–|to)\s*(\d{1,9})\s*$")     # digits bounded: int() stays cheap
MAX_COMBINATIONS = 10000
MAX_COUNT = 20000           # no count can pass the cards a deck may hold (deck.load.MAX_CARDS)
MAX_PLAYERS = 100           # as game.players in deck.yaml


class Span(Record):
    """An inclusive range of whole numbers: a count, or player counts."""
    lo: int
    hi: int

    def __contains__(self, n) -> bool:
        return self.lo <= n <= self.hi

    def __str__(self) -> str:
        return str(self.lo) if self.lo == self.hi else f"{self.lo}-{self.hi}"

    def numbers(self):
        return range(self.lo, self.hi + 1)


class Coverage(Record):
    """Every combination of these fields' values, each present `times` copies (no more, no less)."""
    fields: tuple                 # field names
    values: tuple                 # per field: a tuple of value keys (see value_key)
    times: dict                   # combination (tuple of keys) -> expected copies

    def combinations(self):
        return list(self.times)


class Component(SimpleNamespace):
    """One entry of a component list, filled in as it is read."""

    def __init__(self, name: str = "", line: int = 0):
        super().__init__(
            name=name, line=line,
            where={},           # field -> tuple of allowed value keys (None = no value)
            parts=(),           # parts named in where.part
            count=None,         # Span | None
            distinct=None,      # count distinct values of this field, not copies
            each=None,          # Coverage | None
            unique=(),          # fields whose values no two copies may share
            back=None,          # a back name, "none" or "printed"
            players=None,       # Span | None: the player counts that need this component
            per_player=None,    # needed per player: N players need N x this
            per_players=(),     # ((Span, need), ...)
            of_each=None,       # per_player(s) count each value of this field on its own ("per seat")
            seed_says=(),       # the count(s) the seed gives, when it disagrees
            why="",             # why the count differs from the seed's: printed in "This edition"
            note="",
            not_printed="")     # a component the deck does not print, and why


class ComponentList(Record):
    file: str
    players: Span | None
    seed: str
    components: list

    def fields(self) -> set:
        """Every field a component names (where, each, unique, distinct)."""
        out = set()
        for c in self.components:
            out.update(c.where)
            out.update(c.each.fields if c.each else ())
            out.update(c.unique)
            if c.distinct:
                out.add(c.distinct)
        return out


def value_key(value):
    """Card values and rule values compare as text: 3 and "3" are the same value; None is 'no value'."""
    if value is None or value == "":
        return None
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value).strip()


def show_value(key) -> str:
    return "(none)" if key is None else str(key)


def _kind(value) -> str:
    """As every other mistake says what was written: 'the number 0', 'a list', 'nothing' (it was 'int 0')."""
    return written(value)


def _span(value, parent, key, fld, what="a number such as 3 or a range such as '2-4'", players=False) -> Span:
    """A count or a range of counts, bounded before anything is made of it: a count from 0 to MAX_COUNT,
    player counts from 1 to MAX_PLAYERS."""
    high = MAX_PLAYERS if players else MAX_COUNT
    low = 1 if players else 0
    if isinstance(value, int) and not isinstance(value, bool):
        lo = hi = value
    else:
        m = RANGE.match(str(value)) if isinstance(value, str) else None
        if not m:
            raise parent.error(key, f"expected {what}, found {_kind(value)}", field=fld)
        lo, hi = int(m.group(1)), int(m.group(2))
    if lo > hi:
        raise parent.error(key, f"'{value}' is not a range from low to high", field=fld)
    if lo < low or hi > high:
        raise parent.error(key, f"'{value}' is not {'a player count' if players else 'a count'} from {low} "
                                f"to {high}", field=fld)
    return Span(lo, hi)


def _whole(value, parent, key, fld, minimum=0, maximum=None) -> int:
    maximum = MAX_COUNT if maximum is None else maximum
    if isinstance(value, bool) or not isinstance(value, int) or not minimum <= value <= maximum:
        raise parent.error(key, f"expected a whole number from {minimum} to {maximum}, found {_kind(value)}",
                           field=fld)
    return value


def _text(value, parent, key, fld) -> str:
    if value is None or isinstance(value, (Map, Seq, bool)):
        raise parent.error(key, f"expected text, found {_kind(value)}", field=fld)
    return str(value)


def _unknown(m: Map, allowed, where, fld):
    for key in m:
        if key not in allowed:
            raise m.error(key, f"unknown key '{key}' in {where}", field=f"{fld}.{key}",
                          hint=suggest(key, allowed) or known_list(allowed))


def _without(m: Map, key) -> Map:
    """A copy of a mapping without one key, keeping the positions of the rest."""
    out = Map((k, v) for k, v in m.items() if k != key)
    out.file, out.line, out.column = m.file, m.line, m.column
    out._pos = {k: v for k, v in m._pos.items() if k != key}
    return out


def _values(value, parent, key, fld) -> tuple:
    """One value, a list of values, or 'N-M' (the whole numbers N to M); null means 'no value'."""
    items = list(value) if isinstance(value, Seq) else [value]
    out = []
    for i, item in enumerate(items):
        where_i = (value, i) if isinstance(value, Seq) else (parent, key)
        if isinstance(item, (Map, Seq)):
            raise where_i[0].error(where_i[1], f"expected a value, found {_kind(item)}", field=fld)
        m = RANGE.match(item) if isinstance(item, str) else None
        if m:
            lo, hi = int(m.group(1)), int(m.group(2))
            if lo > hi or hi - lo > MAX_COMBINATIONS:
                raise where_i[0].error(where_i[1], f"'{item}' is not a range from low to high", field=fld)
            out.extend(str(n) for n in range(lo, hi + 1))
        else:
            out.append(value_key(item))
    if not out:
        raise parent.error(key, "expected at least one value", field=fld)
    return tuple(dict.fromkeys(out))


class _Reader:
    def __init__(self, deck, file):
        self.deck = deck
        self.file = file
        fields = {}
        for kind in deck.kinds.values():
            for fname, spec in kind.fields.items():
                fields.setdefault(fname, spec)
        self.fields = fields
        self.specs: dict = {}           # field -> its declaration in every kind that has it
        for kind in deck.kinds.values():
            for fname, spec in kind.fields.items():
                self.specs.setdefault(fname, []).append(spec)
        self.known = list(CARD_ATTRS) + list(fields) + [f"back.{f}" for f in deck.back_fields()]
        self.players = None

    def field_name(self, name, parent, key, fld) -> str:
        name = str(name)
        if name not in self.known:
            raise parent.error(key, f"unknown field '{name}': no card kind has it", field=fld,
                               hint=suggest(name, self.known) or known_list(self.known))
        return name

    def check_known_values(self, fname, values, parent, key, fld):
        """Kinds and parts are the deck's own names: a typo there is the list's fault, not the deck's."""
        known = {"kind": self.deck.kinds, "part": self.deck.parts}.get(fname)
        if known is None:
            return
        for v in values:
            if v not in known:
                raise parent.error(key, f"unknown {fname} '{v}'", field=fld,
                                   hint=suggest(v, known) or known_list(known))

    def read(self, raw) -> ComponentList:
        if isinstance(raw, Seq):
            top, items = None, raw
        elif isinstance(raw, Map):
            _unknown(raw, TOP_KEYS, "the component list", "components")
            top, items = raw, raw.get("components")
            if not isinstance(items, Seq):
                raise raw.error("components" if "components" in raw else None,
                                f"expected 'components:' with a list of components, found {_kind(items)}",
                                field="components")
        else:
            raise PnpError(f"a component list must be a mapping with 'components:' (a list), found {_kind(raw)}",
                           self.file, 1, field="components")
        players = self.deck.game.players
        players = Span(*players) if players else None
        seed = ""
        if top is not None:
            if "players" in top:
                players = _span(top["players"], top, "players", "players", "a player count such as 4 or '2-6'",
                                players=True)
            if "seed" in top:
                seed = _text(top["seed"], top, "seed", "seed")
        self.players = players
        found = Collector()
        comps = []
        for i, item in enumerate(items):
            with found.each():          # a mistake in one component is noted, and the next one read
                comps.append(self.component(item, items, i))
        found.done()
        if not comps:
            raise (top or items).error("components" if top is not None else None,
                                       "the component list is empty", field="components")
        return ComponentList(self.file, players, seed, comps)

    def component(self, m, seq: Seq, i: int) -> Component:
        fld = f"components[{i}]"
        if not isinstance(m, Map):
            raise seq.error(i, f"expected a component (name, where, count, ...), found {_kind(m)}", field=fld)
        _unknown(m, COMPONENT_KEYS, "a component", fld)
        c = Component(_text(m.get("name"), m, "name", f"{fld}.name"), m.line)
        fld = f"components[{i}] ({c.name})"
        where = m.get("where")
        if where is not None:
            if not isinstance(where, Map):
                raise m.error("where", f"expected a mapping of field: value(s), found {_kind(where)}",
                              field=f"{fld}.where")
            for fname, value in where.items():
                f = f"{fld}.where.{fname}"
                fname = self.field_name(fname, where, fname, f)
                c.where[fname] = _values(value, where, fname, f) if value is not None else (None,)
                self.check_known_values(fname, c.where[fname], where, fname, f)
            c.parts = tuple(p for p in c.where.get("part", ()) if p is not None)
        if "count" in m:
            c.count = _span(m["count"], m, "count", f"{fld}.count")
        if "distinct" in m:
            c.distinct = self.field_name(_text(m["distinct"], m, "distinct", f"{fld}.distinct"),
                                         m, "distinct", f"{fld}.distinct")
        if "each" in m:
            c.each = self.coverage(m, fld)
        elif "times" in m:
            raise m.error("times", "'times' goes with 'each'", field=f"{fld}.times")
        if "unique" in m:
            u = m["unique"]
            names = list(u) if isinstance(u, Seq) else [u]
            c.unique = tuple(self.field_name(_text(n, m, "unique", f"{fld}.unique"), m, "unique", f"{fld}.unique")
                             for n in names)
        if "back" in m:
            back = _text(m["back"], m, "back", f"{fld}.back")
            if back not in BACK_WORDS and back not in self.deck.backs:
                known = list(BACK_WORDS) + list(self.deck.backs)
                raise m.error("back", f"unknown back '{back}'", field=f"{fld}.back",
                              hint=suggest(back, known) or known_list(known))
            c.back = back
        if "players" in m:
            c.players = _span(m["players"], m, "players", f"{fld}.players", "player counts such as 5 or '5-6'",
                               players=True)
        if "per_player" in m:
            c.per_player = _whole(m["per_player"], m, "per_player", f"{fld}.per_player", 1)
        if "per_players" in m:
            c.per_players = self.per_players(m, fld)
        if "seed_says" in m:
            s = m["seed_says"]
            items = list(s) if isinstance(s, Seq) else [s]
            c.seed_says = tuple(_whole(v, m, "seed_says", f"{fld}.seed_says") for v in items)
            if c.count is None:
                raise m.error("seed_says", "seed_says needs the count the deck chose ('count:')",
                              field=f"{fld}.seed_says")
        if "of_each" in m:
            c.of_each = self.field_name(_text(m["of_each"], m, "of_each", f"{fld}.of_each"),
                                        m, "of_each", f"{fld}.of_each")
            if not (c.per_player or c.per_players):
                raise m.error("of_each", "of_each goes with per_player or per_players", field=f"{fld}.of_each")
            if c.distinct:
                raise m.error("of_each", "give either distinct or of_each, not both", field=f"{fld}.of_each")
        if "why" in m:
            c.why = _text(m["why"], m, "why", f"{fld}.why")
            if not c.seed_says:
                raise m.error("why", "why says why the count differs from the seed's: give seed_says too "
                                     "(seed_says: 0 for a component the seed does not list)", field=f"{fld}.why")
        if "note" in m:
            c.note = _text(m["note"], m, "note", f"{fld}.note")
        if "not_printed" in m:
            c.not_printed = _text(m["not_printed"], m, "not_printed", f"{fld}.not_printed")
        rules = (c.count, c.each, c.unique, c.back, c.per_player, c.per_players, c.not_printed)
        if not any(r for r in rules if r is not None):
            raise m.error("name", "a component needs a rule: count, each, unique, back, per_player, "
                                  "per_players or not_printed", field=fld)
        if c.per_player and self.players is None and not self.deck.extra.get("players_failed"):
            raise m.error("per_player", "per_player needs the game's player count (game.players in deck.yaml, "
                                        "or players: in the component list)", field=f"{fld}.per_player")
        specs = self.specs              # the fields of the kinds `where` selects, if it names them
        if c.where.get("kind") and None not in c.where["kind"]:
            specs = {}
            for kid in c.where["kind"]:
                for fname, spec in self.deck.kinds[kid].fields.items():
                    specs.setdefault(fname, []).append(spec)
        check_component(c, m, fld, self.players, specs)      # rules no deck could meet: the list's mistake
        return c

    def coverage(self, m: Map, fld) -> Coverage:
        """each: {field: values, ...} (every combination), or a list of such grids (their union)."""
        each = m["each"]
        f = f"{fld}.each"
        grids = list(each) if isinstance(each, Seq) else [each]
        if not grids or not all(isinstance(g, Map) and g for g in grids):
            raise m.error("each", f"expected a mapping of field: values (or a list of them), found {_kind(each)}",
                          field=f)
        fields, per_value, combos = None, None, {}
        for gi, grid in enumerate(grids):
            gf = f"{f}[{gi}]" if isinstance(each, Seq) else f
            grid_times = None
            if "times" in grid:
                grid_times = _whole(grid["times"], grid, "times", f"{gf}.times", 1)
                grid = _without(grid, "times")
                if not grid:
                    raise grids[gi].error("times", "a grid needs fields besides 'times'", field=gf)
            names = tuple(self.field_name(k, grid, k, f"{gf}.{k}") for k in grid)
            if fields is None:
                fields = names
            elif set(names) != set(fields):
                raise grid.error(None, f"every grid in 'each' must name the same fields ({', '.join(fields)})",
                                 field=gf)
            values = {}
            for fname, value in grid.items():
                name = str(fname)
                if isinstance(value, Map):
                    if len(grid) > 1 or len(grids) > 1:
                        raise grid.error(fname, "value: times pairs are allowed only when 'each' names one field",
                                         field=f"{gf}.{fname}")
                    per_value = {}
                    for v, t in value.items():
                        per_value[value_key(v)] = _whole(t, value, v, f"{gf}.{fname}.{v}")
                    vals = tuple(per_value)
                elif value is None:
                    raise grid.error(fname, "expected the values to cover (a list or 'N-M')", field=f"{gf}.{fname}")
                else:
                    vals = _values(value, grid, fname, f"{gf}.{fname}")
                self.check_known_values(name, vals, grid, fname, f"{gf}.{fname}")
                values[name] = vals
            size = 1
            for vals in values.values():
                size *= len(vals)
            if size + len(combos) > MAX_COMBINATIONS:
                raise m.error("each", f"more than {MAX_COMBINATIONS} combinations", field=f)
            product = [()]
            for name in fields:
                product = [c + (v,) for c in product for v in values[name]]
            for c in product:
                combos[c] = grid_times
        times = 1
        if "times" in m:
            if per_value is not None or any(t is not None for t in combos.values()):
                raise m.error("times", "give either 'times' or the times of each value or grid, not both",
                              field=f"{fld}.times")
            times = _whole(m["times"], m, "times", f"{fld}.times", 1)
        expected = {c: (per_value[c[0]] if per_value is not None else t if t is not None else times)
                    for c, t in combos.items()}
        values = tuple(tuple(dict.fromkeys(c[i] for c in combos)) for i in range(len(fields)))
        return Coverage(tuple(fields), values, expected)

    def per_players(self, m: Map, fld):
        table = m["per_players"]
        f = f"{fld}.per_players"
        if not isinstance(table, Map) or not table:
            raise m.error("per_players", f"expected player count: number needed pairs such as {{2-3: 1, 4: 2}}, "
                                         f"found {_kind(table)}", field=f)
        out = []
        for key, need in table.items():
            span = _span(key, table, key, f"{f}.{key}", "a player count such as 4 or '2-3'", players=True)
            out.append((span, _whole(need, table, key, f"{f}.{key}")))
        return tuple(out)


def read_components(deck) -> ComponentList | None:
    """The deck's component list, or None when it has none: read once a deck (a build asks for it in its check,
    the component check, the leaf and the This edition box)."""
    raw = deck.components
    if raw is None:
        return None
    file = str(deck.extra.get("components_file") or deck.file)
    return deck.once("components", deck, lambda: _Reader(deck, file).read(raw))
