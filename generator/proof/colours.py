"""The colour check: can cards that differ only by colour be told apart by every player, and in greyscale?

Cards of one template that show the same text (value, name, symbol, every word) and differ only in their
colours are told apart by colour alone: a suit, a kind, a player. Each pair of such cards is looked at as
four viewers see it:

- protanopia, deuteranopia, tritanopia: the simulation matrices of Machado, Oliveira & Fernandes,
  "A Physiologically-based Model for Simulation of Color Vision Deficiency", IEEE Transactions on
  Visualization and Computer Graphics 15(6), 2009, pp. 1291-1298, at full severity, applied in linear sRGB;
- greyscale (a black-and-white printer or copier): the luminance of the W3C Filter Effects `grayscale`
  matrix (Rec. 709 weights);

both from the coloraide library (`Color.filter`). The difference between the two simulated colours is
CIEDE2000 (Sharma, Wu & Dalal, "The CIEDE2000 Color-Difference Formula", Color Research & Application
30(1), 2005), also from coloraide. Two cards are hard to tell apart when every colour that differs between
them (a background, a band, an ink) differs by less than THRESHOLD: ΔE00 of about 2 is just noticeable
with the two colours side by side; 10 is a difference a player notices across a table at a glance, in
poor light, with the cards apart.
Not here: the proof's other checks (checks.py, wordchecks.py).
"""
from __future__ import annotations

from functools import lru_cache
from itertools import combinations

from ..deck.colours import over
from .issues import WARNING, Issue

THRESHOLD = 10.0
VIEWS = (("protanopia", "protan"), ("deuteranopia", "deutan"), ("tritanopia", "tritan"), ("greyscale", None))


def _simulate(hexstr: str, how: str | None):
    from coloraide import Color  # lazy: +76 ms to import (benchmarks/imports.py)
    c = Color(over(hexstr, "#ffffff"))        # a see-through colour as it prints on the paper
    return c.filter("grayscale") if how is None else c.filter(how, method="machado")


@lru_cache(maxsize=4096)
def delta_e(a: str, b: str, how: str | None) -> float:
    """CIEDE2000 between two '#rrggbb[aa]' colours as `how` (protan, deutan, tritan, None: greyscale) sees them."""
    return float(_simulate(a, how).delta_e(_simulate(b, how), method="2000"))


def _colours(face) -> list:
    """The face's painted colours in drawing order: (what, colour) for fills, strokes, inks and pictures, as
    each operation declares them (op.colours(): layout/regions/facts.py)."""
    return [c for op in face.ops for c in op.colours()]


def _text(face) -> tuple:
    return tuple((region, text) for region, _, text in face.texts)


def differing(a, b) -> list[tuple[str, str]] | None:
    """The colour pairs that differ between two faces drawn alike, or None when something else differs
    (a shape, an image, a region drawn on one only)."""
    ca, cb = _colours(a), _colours(b)
    if len(ca) != len(cb):
        return None
    pairs = []
    for (wa, x), (wb, y) in zip(ca, cb):
        if wa != wb or (wa == "image" and x != y) or ((x is None) != (y is None)):
            return None
        if x != y and x is not None:
            pairs.append((x, y))
    return list(dict.fromkeys(pairs))


def confusable(cards) -> list[dict]:
    """Pairs of faces (one side of two cards) that show the same text and differ only in colours that a
    viewer cannot tell apart: [{view, cards: (a, b), side, colours: [(x, y, ΔE)]}]."""
    groups: dict = {}
    for cp in cards:
        for side in cp.sides:
            if side.face is None:
                continue
            key = (side.side, side.face.template, _text(side.face))
            faces = groups.setdefault(key, {})
            faces.setdefault(side.face.key, (side.face, []))[1].append(cp.card)
    found = []
    for (side, _, _), faces in groups.items():
        for (fa, ca), (fb, cb) in combinations(faces.values(), 2):
            pairs = differing(fa, fb)
            if not pairs:
                continue
            for view, how in VIEWS:
                diffs = [(x, y, delta_e(x, y, how)) for x, y in pairs]
                if max(d for _, _, d in diffs) < THRESHOLD:
                    found.append({"view": view, "side": side, "cards": (ca[0], cb[0]), "others": len(ca) + len(cb) - 2,
                                  "colours": diffs})
    return found


def colour_issues(deck, cards) -> list:
    """The check as proof issues (warnings): for each viewer and each set of look-alike colours, one warning
    naming the first pair of cards that differ only in them (and how many more pairs do)."""
    names = {v.lower(): k for k, v in deck.palette.items()}
    grouped: dict = {}
    for f in confusable(cards):
        key = (f["view"], f["side"], tuple(sorted((x, y) for x, y, _ in f["colours"])))
        grouped.setdefault(key, []).append(f)
    out = []
    for (view, side, _), found in grouped.items():
        f = found[0]
        a, b = f["cards"]
        x, y, d = max(f["colours"], key=lambda c: c[2])
        what = f"{names.get(x.lower(), x)} ({x}) and {names.get(y.lower(), y)} ({y})"
        who = (f"'{a.name}' and '{b.name}'" if a.name != b.name
               else f"'{a.name}' (line {a.source.line}) and '{b.name}' (line {b.source.line})")
        on = " on their backs" if side == "back" else ""
        out.append(Issue(WARNING, "colour",
                         f"cards {who} differ only in colour{on}, and in {view} {what} differ by ΔE {d:.1f} "
                         f"(under {THRESHOLD:g}): hard to tell apart; change a colour, or add a word or symbol "
                         "that differs", a.name, a.id, side, where=str(a.source), also=len(found) - 1))
    return out
