"""Evaluate a deck's component list against its cards: counts, coverage, uniqueness, backs, player counts.

Copies count (a card with copies: 4 is four cards). Optional parts left out of this build
(deck.left_out) leave their components out: not a fault, unless the asked-for player count needs them.
Not here: reading components.yaml (model.py), what a check finds (result.py), showing it (report.py).
"""
from __future__ import annotations

from collections import Counter

from ..errors import PnpError
from .model import Component, Span, read_components, show_value, value_key
from .result import CheckResult, Outcome

MAX_LISTED = 12


# ---------------------------------------------------------------- helpers
def card_value(card, fname):
    if fname == "name":
        return card.name
    if fname == "kind":
        return card.kind
    if fname == "part":
        return card.part
    if fname.startswith("back."):
        return card.back.field_map.get(fname[5:]) if card.back is not None else None
    return card.fields.get(fname)


def matches(card, where: dict) -> bool:
    return all(value_key(card_value(card, f)) in allowed for f, allowed in where.items())


def names(cards, limit=MAX_LISTED) -> list:
    """Card names in print order, 'Name ×N' where a name stands for several copies."""
    tally = Counter()
    for c in cards:
        tally[c.name] += c.copies
    out = [f"{n} ×{k}" if k > 1 else n for n, k in tally.items()]
    if len(out) > limit:
        out = out[:limit] + [f"... and {len(out) - limit} more"]
    return out


def combo_text(fields, combo) -> str:
    if fields == ("name",):
        return show_value(combo[0])
    return " ".join(f"{f}={show_value(v)}" for f, v in zip(fields, combo))


def plural(n, word) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def span_text(span: Span) -> str:
    return str(span.lo) if span.lo == span.hi else f"{span.lo} to {span.hi}"


# ---------------------------------------------------------------- the check
def _measure(c: Component, cards) -> int:
    if c.distinct:
        return len({value_key(card_value(card, c.distinct)) for card in cards} - {None})
    return sum(card.copies for card in cards)


def _unit(c: Component, n=2) -> str:
    if c.distinct:
        return f"different {c.distinct}" + (" value" if n == 1 else " values")
    return "card" if n == 1 else "cards"


def _needed_for(c: Component, deck) -> Span | None:
    """The player counts that need a component: its own 'players', else those of its parts."""
    if c.players:
        return c.players
    spans = [deck.parts[p].players for p in c.parts if p in deck.parts and deck.parts[p].players]
    if not spans:
        return None
    return Span(min(s[0] for s in spans), max(s[1] for s in spans))


def _left_out(c: Component, deck) -> list:
    return [p for p in c.parts if p in deck.left_out]


def _count(c: Component, cards, out: Outcome):
    found = _measure(c, cards)
    out.expected.append(f"{span_text(c.count)} {_unit(c, c.count.hi)}")
    out.found.append(f"{found} {_unit(c, found)}")
    if found not in c.count:
        listed = "" if c.distinct else (": " + ", ".join(names(cards)) if cards else "")
        if c.distinct:
            values = sorted({show_value(value_key(card_value(k, c.distinct))) for k in cards})
            listed = ": " + ", ".join(values) if values else ""
        more = "too many" if found > c.count.hi else "too few"
        out.fault("count", f"{more}: expected {span_text(c.count)} {_unit(c, c.count.hi)}, "
                           f"found {found}{listed}", [k.name for k in cards])
    if c.seed_says:
        said = sorted(set(c.seed_says))
        if said != [c.count.lo] or c.count.lo != c.count.hi:
            says = " and ".join(str(n) for n in said) if len(said) > 1 else str(said[0])
            conflict = "contradicts itself: it says " if len(said) > 1 else "says "
            if c.why:           # a stated reason, printed in the rules' "This edition" box
                out.expected.append(f"the seed {conflict}{says}, this edition {span_text(c.count)}: "
                                    f"why is printed in This edition")
            else:
                out.warnings.append(f"the seed {conflict}{says}; the deck chose {span_text(c.count)} "
                                    f"(found {found})")


def _coverage(c: Component, cards, out: Outcome):
    cov = c.each
    tally, holders = Counter(), {}
    for card in cards:
        combo = tuple(value_key(card_value(card, f)) for f in cov.fields)
        tally[combo] += card.copies
        holders.setdefault(combo, []).append(card)
    times = set(cov.times.values())
    how = ("once" if times == {1} else f"{times.pop()} times") if len(times) == 1 else "as listed"
    if len(cov.fields) == 1 and len(cov.times) <= MAX_LISTED:
        listed = ", ".join(show_value(combo[0]) for combo in cov.times)
        out.expected.append(f"{cov.fields[0]} {listed}: {how} each" if how != "as listed" else
                            f"{cov.fields[0]} " + ", ".join(f"{show_value(k[0])} x{t}" for k, t in cov.times.items()))
    elif (how == "as listed" and len(cov.times) <= MAX_LISTED) or len(cov.times) <= 3:
        out.expected.append(", ".join(f"{combo_text(cov.fields, k)} x{t}" for k, t in cov.times.items()))
    else:
        out.expected.append(f"every {' x '.join(cov.fields)} {how} ({plural(len(cov.times), 'combination')})")
    complete = sum(1 for combo, t in cov.times.items() if tally.get(combo, 0) == t)
    out.found.append(f"{complete} of {len(cov.times)} complete")
    for combo, want in cov.times.items():
        have = tally.get(combo, 0)
        what = combo_text(cov.fields, combo)
        combination = dict(zip(cov.fields, combo))
        held = holders.get(combo, [])
        if have == 0 and want > 0:
            out.fault("missing", f"missing: {what}" + (f" (expected {want})" if want != 1 else ""),
                      combination=combination)
        elif have < want:
            out.fault("short", f"short: {what}: {have} of {want}: " + ", ".join(names(held)),
                      [k.name for k in held], combination)
        elif have > want:
            out.fault("duplicated", f"duplicated: {what}: {have}, expected {want}: " + ", ".join(names(held)),
                      [k.name for k in held], combination)
    for combo, held in holders.items():
        if combo not in cov.times:
            what = combo_text(cov.fields, combo)
            out.fault("extra", f"extra: {', '.join(names(held))} ({what} is not in the list)",
                      [k.name for k in held], dict(zip(cov.fields, combo)))


def _unique(c: Component, cards, out: Outcome):
    groups = {}
    for card in cards:
        key = tuple(value_key(card_value(card, f)) for f in c.unique)
        groups.setdefault(key, []).append(card)
    what = " + ".join(c.unique)
    out.expected.append(f"no two cards with the same {what}")
    dupes = {k: g for k, g in groups.items() if sum(x.copies for x in g) > 1}
    out.found.append("no duplicates" if not dupes else plural(len(dupes), "duplicate"))
    for key, group in dupes.items():
        n = sum(x.copies for x in group)
        out.fault("duplicated", f"duplicated: {combo_text(c.unique, key)}: {n} copies: " + ", ".join(names(group)),
                  [k.name for k in group], dict(zip(c.unique, key)))


def _back_ok(card, want: str) -> bool:
    back = card.back
    if back is None:
        return False
    if want == "none":
        return back.template is None
    if want == "printed":
        return back.template is not None
    return back.name == want


def _back(c: Component, cards, out: Outcome):
    label = {"none": "no back (single-sided)", "printed": "a printed back"}.get(c.back, f"the '{c.back}' back")
    out.expected.append(label)
    wrong = [card for card in cards if not _back_ok(card, c.back)]
    out.found.append("all" if not wrong else f"{plural(sum(k.copies for k in wrong), 'card')} without it")
    if wrong:
        out.fault("back", f"not {label}: " + ", ".join(names(wrong)), [k.name for k in wrong])


def _per_player(c: Component, cards, out: Outcome, counts):
    if c.of_each:
        _per_seat(c, cards, out, counts)
        return
    found = _measure(c, cards)
    needs = []
    for n in counts:
        need = None
        if c.per_player:
            need = n * c.per_player
        for span, k in c.per_players:
            if n in span:
                need = max(need or 0, k)
        if need is not None:
            needs.append((n, need))
    if c.per_player:
        out.expected.append(f"{c.per_player} {_unit(c, c.per_player)} per player")
    if c.per_players:
        out.expected.append(f"{_unit(c)} by players: " + ", ".join(f"{s}: {k}" for s, k in c.per_players))
    out.found.append(f"{found} {_unit(c, found)}")
    for n, need in needs:
        if found < need:
            out.fault("players", f"{n} players need {need} {_unit(c, need)}; this build has {found}",
                      [k.name for k in cards])


def _needs(c: Component, counts) -> list:
    """(player count, cards it needs) for each served player count."""
    out = []
    for n in counts:
        need = n * c.per_player if c.per_player else None
        for span, k in c.per_players:
            if n in span:
                need = max(need or 0, k)
        if need is not None:
            out.append((n, need))
    return out


def _per_seat(c: Component, cards, out: Outcome, counts):
    """per_player(s) with of_each: every value of the field on its own ("one of each for every seat")."""
    groups: dict = {}
    for card in cards:
        groups.setdefault(value_key(card_value(card, c.of_each)), []).append(card)
    if c.per_player:
        out.expected.append(f"{c.per_player} {_unit(c, c.per_player)} of each {c.of_each} per player")
    if c.per_players:
        out.expected.append(f"of each {c.of_each}, by players: " + ", ".join(f"{s}: {k}" for s, k in c.per_players))
    out.found.append(", ".join(f"{show_value(v)}: {sum(k.copies for k in g)}" for v, g in groups.items())
                     or "no cards")
    if not groups:
        for n, need in _needs(c, counts)[-1:]:
            out.fault("players", f"{n} players need {need} {_unit(c, need)} of each {c.of_each}; this build has none")
    for value, group in groups.items():
        found = sum(k.copies for k in group)
        for n, need in _needs(c, counts):
            if found < need:
                out.fault("players", f"{n} players need {need} of {c.of_each} {show_value(value)} (one for every "
                                     f"seat); this build has {found}", [k.name for k in group],
                          {c.of_each: value})
                break


def _supported(clist, deck, player_range) -> list:
    if player_range is None:
        return []
    blocked = set()
    for c in clist.components:
        if _left_out(c, deck):
            span = _needed_for(c, deck)
            if span:
                blocked.update(span.numbers())
    return [n for n in player_range.numbers() if n not in blocked]


def _backs(deck, out: Outcome):
    """Every card kind that needs a back has one: a back of None means nothing was declared."""
    out.expected.append("a back for every card (back: none for a single-sided item)")
    missing, single = {}, []
    for card in deck.cards:
        if card.back is None:
            missing.setdefault(card.kind, []).append(card)
        elif card.back.template is None and card.kind not in single:
            single.append(card.kind)
    backed = sorted({c.kind for c in deck.cards} - set(missing) - set(single))
    out.found.append(f"backs: {', '.join(backed) or 'none'}" + (f"; single-sided: {', '.join(single)}"
                                                               if single else ""))
    for kind, cards in missing.items():
        title = deck.kinds[kind].title if kind in deck.kinds else kind
        out.fault("back", f"kind '{kind}' ({title}) declares no back: " + ", ".join(names(cards))
                  + " (give it a back, or back: none if it is single-sided)", [k.name for k in cards])


def _game_span(deck):
    return Span(*deck.game.players) if deck.game.players else None


def check_deck(deck, players: int | None = None) -> CheckResult:
    """Check DECK (a loaded, perhaps part-reduced Deck) against its component list."""
    clist = read_components(deck)
    player_range = clist.players if clist else (Span(*deck.game.players) if deck.game.players else None)
    if players is not None and player_range is not None and players not in player_range:
        source = f"players: in {clist.file}" if clist and clist.players != _game_span(deck) \
            else f"game.players in {deck.file}"
        raise PnpError(f"--players {players}: {deck.game.title} is for {player_range} players", hint=source)
    result = CheckResult(deck.game.title, deck.id, clist.file if clist else None, players, player_range,
                         _supported(clist, deck, player_range) if clist else [], tuple(deck.left_out),
                         clist.seed if clist else "", [], [])
    if clist is None:
        result.warnings.append("no component list (components.yaml): nothing to check the cards against")
        return result
    if players is not None:
        counts = [players]
    else:
        counts = result.supported
    accounted = set()
    for c in clist.components:
        out = Outcome(c.name, c.line, note=c.note)
        result.components.append(out)
        left = _left_out(c, deck)
        if left:
            out.status = "left out"
            span = _needed_for(c, deck)
            parts = ", ".join(f"'{p}'" for p in left)
            out.found.append(f"part {parts} left out of this build")
            if span:
                out.expected.append(f"for {span} players")
            if players is not None and span and players in span:
                out.fault("players", f"{players} players need this, but part {parts} is left out "
                                     f"(drop --without {' '.join(left)})")
            continue
        if c.not_printed and not c.where:
            out.status = "not printed"
            out.expected.append(c.not_printed)
            continue
        cards = [card for card in deck.cards if matches(card, c.where)]
        accounted.update(card.id for card in cards)
        if c.not_printed:
            out.status = "not printed"
            out.expected.append(c.not_printed)
            continue
        if c.players and players is not None and players not in c.players:
            out.note = (out.note + "; " if out.note else "") + f"only for {c.players} players"
        if c.count is not None:
            _count(c, cards, out)
        if c.each is not None:
            _coverage(c, cards, out)
        if c.unique:
            _unique(c, cards, out)
        if c.back is not None:
            _back(c, cards, out)
        if c.per_player or c.per_players:
            _per_player(c, cards, out, counts)
    stray = [card for card in deck.cards if card.id not in accounted]
    if stray:
        out = Outcome("Cards in no component")
        out.expected.append("every card counted by a component")
        out.found.append(plural(sum(k.copies for k in stray), "card"))
        out.fault("extra", "extra: " + ", ".join(names(stray)) + " (no component counts them)",
                  [k.name for k in stray])
        result.components.append(out)
    backs = Outcome("Card backs")
    _backs(deck, backs)
    result.components.append(backs)
    return result
