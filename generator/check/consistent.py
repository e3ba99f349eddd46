"""One component of a component list held to itself, before the deck is: rules that no deck could meet at
once are the list's own mistake, reported at the line of the rule that cannot be met, not judged against the
cards as if the deck were short. A count that its `each:` grid (or its per-player rule, at the list's largest
player count) cannot meet, a per-player need an exact grid cannot meet, `unique:` fields that a grid asks
to repeat, a grid value that `where:` never selects, a value in `where:` or `each:` that no card can hold
(not among its field's choices, or outside its min and max), a `per_players:` count outside the list's players.
Not here: reading the rules (model.py), judging the cards (engine.py).
"""
from __future__ import annotations

from ..files.yamlfile import Map


def _span(span) -> str:
    return str(span.lo) if span.lo == span.hi else f"{span.lo} to {span.hi}"


def _cards(n: int) -> str:
    return f"{n} card" + ("" if n == 1 else "s")


def _worst(c, players) -> tuple[int, int] | None:
    """(player count, what it needs) at the list's player count that needs the most, by per_player(s)."""
    if players is None or not (c.per_player or c.per_players):
        return None
    best = None
    for n in players.numbers():
        need = n * c.per_player if c.per_player else None
        for span, k in c.per_players:
            if n in span:
                need = max(need or 0, k)
        if need is not None and (best is None or need > best[1]):
            best = (n, need)
    return best


def _possible(value, specs) -> bool:
    """Whether some kind's declaration of a field (`specs`) lets a card hold `value` (as the check compares it:
    text; None, no value, is always possible)."""
    if value is None or not specs:
        return True
    for spec in specs:
        if spec.choices and value not in {str(v).strip() for v in spec.choices}:
            continue
        if spec.type in ("int", "number"):
            try:
                n = float(value)
            except ValueError:
                continue
            if (spec.type == "int" and not n.is_integer()) or (spec.min is not None and n < spec.min) or \
                    (spec.max is not None and n > spec.max):
                continue
        return True
    return False


def _allowed(specs) -> str:
    spec = specs[0]
    if spec.choices:
        return "one of " + ", ".join(str(v) for v in spec.choices)
    low, high = (f"{v:g}" if isinstance(v, float) else str(v) for v in (spec.min, spec.max))
    return ("a whole number" if spec.type == "int" else "a number") + (
        f" from {low} to {high}" if spec.min is not None and spec.max is not None else
        f" from {low}" if spec.min is not None else f" up to {high}" if spec.max is not None else "")


def check_values(c, m: Map, fld: str, specs: dict) -> None:
    """A value in where: or each: that no card can hold: it would select nothing, or ask for what cannot be."""
    sides = [("where", f, vals) for f, vals in c.where.items()]
    if c.each is not None:
        sides += [("each", f, c.each.values[i]) for i, f in enumerate(c.each.fields)]
    for key, f, values in sides:
        bad = next((v for v in values if not _possible(v, specs.get(f, ()))), None)
        if bad is not None:
            raise m.error(key, f"{key}: {f} {bad} is a value no card can hold: {f} is {_allowed(specs[f])}, as "
                          "its kind declares it", field=f"{fld}.{key}.{f}")


def check_component(c, m: Map, fld: str, players, specs: dict | None = None) -> None:
    """Raise the first of c's rules (read from `m`, `fld` its field path) that its other rules contradict.
    `players`: the list's player counts (a Span, or None); `specs`: each field's declarations, by kind."""
    check_values(c, m, fld, specs or {})
    grid = None if c.each is None or c.distinct else sum(c.each.times.values())    # the copies `each` makes
    how = ""
    if c.each is not None:
        shown = sorted(set(c.each.times.values()))
        how = f"{len(c.each.times)} combination{'s' if len(c.each.times) != 1 else ''}" + (
            f", {shown[0]} of each" if len(shown) == 1 and shown[0] != 1 else "" if len(shown) == 1 else ", as listed")
    if c.count is not None and grid is not None and grid not in c.count:
        raise m.error("count", f"count {c.count} cannot be met: each: asks for exactly {_cards(grid)} ({how})",
                      field=f"{fld}.count", hint=f"make the count {grid}, or change each:")
    worst = None if c.of_each else _worst(c, players)       # of_each: per value; how many values is the deck's
    rule = "per_player" if c.per_player else "per_players"
    if worst is not None and c.count is not None and worst[1] > c.count.hi:
        unit = f"different {c.distinct} values" if c.distinct else "cards"
        raise m.error("count", f"count {c.count} cannot be met: {rule}: needs {worst[1]} {unit} for {worst[0]} "
                      f"players (the list's players are {_span(players)})", field=f"{fld}.count",
                      hint=f"make the count at least {worst[1]}, or the rule smaller")
    if worst is not None and grid is not None and c.count is None and worst[1] > grid:
        raise m.error(rule, f"{rule}: needs {_cards(worst[1])} for {worst[0]} players, but each: asks for exactly "
                      f"{_cards(grid)} ({how})", field=f"{fld}.{rule}")
    if c.unique and c.each is not None and set(c.unique) <= set(c.each.fields):
        at = [i for i, f in enumerate(c.each.fields) if f in c.unique]
        twice = [k for k, t in c.each.times.items() if t > 1]
        if twice:
            what = " ".join(f"{c.each.fields[i]}={twice[0][i]}" for i in at)
            raise m.error("unique", f"unique: {', '.join(c.unique)} cannot be met: each: asks for "
                          f"{c.each.times[twice[0]]} copies of {what}", field=f"{fld}.unique")
    if c.each is not None:
        for i, f in enumerate(c.each.fields):
            allowed = c.where.get(f)
            if allowed is None:
                continue
            stray = [k[i] for k in c.each.times if k[i] not in allowed]
            if stray:
                raise m.error("each", f"each: asks for {f} {stray[0] if stray[0] is not None else '(none)'}, which "
                              f"where: never selects (where: {f}: {', '.join(str(v) for v in allowed)})",
                              field=f"{fld}.each.{f}")
    if players is not None:
        table = m.get("per_players")
        for (span, _), key in zip(c.per_players, list(table) if isinstance(table, Map) else []):
            if span.hi < players.lo or span.lo > players.hi:
                raise table.error(key, f"per_players: {span}: no game has that many players (the list's players "
                                  f"are {_span(players)})", field=f"{fld}.per_players.{key}")
