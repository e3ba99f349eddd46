"""A face laid out again after its template was saved, from the face laid out before: in a long-running process
(pnp watch), a template saved (a box moved in the layout view, a key edited) lays out again every face drawn from
it, and most of its regions are as they were. A region equal to one of the template as it was (every key, where
each is written) lays out to the same part of a face for the same values, so that part is taken from the face the
last build laid out for the card's values (its spans say where each region's part lies: Face.spans), and only the
other regions are laid out: the face is the one laying it all out makes (tests/layout/test_relaid.py).

Taken only where everything else a face is laid out from is as it was: the layout store's stamp (pnp's code, the
deck's palette, sizes, fonts, icons, layouts/ and fonts/; store.py) and the template's size, shape, gutter and
where its size is written; and only from a face of the same values whose spans match its operations.
Not here: laying out a face or a region (face.py), the store (store.py), the templates kept between builds
(templates.get_template).
"""
from __future__ import annotations

from ..errors import PnpError
from .templatefiles import chain_before
from .templates import get_template, held_template


class Earlier:
    """What a template's faces may take from the last build: the chain_stamp its faces were kept under then, for
    each region now the index of the equal region then (None: laid out anew), and how many regions it had."""

    def __init__(self, stamp: str, same: tuple, regions: int):
        self.stamp, self.same, self.regions = stamp, same, regions

    def before(self, old):
        """layout_face's `before` from `old`, a face of the template as it was for the same values (None: none,
        or one whose spans do not match its operations)."""
        if old is None:
            return None
        spans = getattr(old, "spans", ())
        if len(spans) != self.regions or (spans and spans[-1] != (len(old.ops), len(old.texts), len(old.shrunk),
                                                                  len(old.markup))):
            return None
        return old, self.same


def earlier(template: str, deck) -> Earlier | None:
    """What template `template`'s faces may take from the last build's (once a build); None where nothing: its
    files are as they were, the template then was not kept (not a long-running process), or it differs in more
    than its regions, or no region is as it was."""
    memo = deck.memo_of("relaid")
    if template not in memo:
        memo[template] = _earlier(template, deck)
    return memo[template]


def _earlier(template: str, deck) -> Earlier | None:
    stamp = chain_before(template, deck)
    old = held_template(template, deck, stamp) if stamp is not None else None
    if old is None or old.broken:
        return None
    try:
        new = get_template(template, deck)
    except PnpError:                    # laying it out says what is wrong
        return None
    if (new.name, new.width, new.height, new.shape, new.gutter, new.bleed, new.size_source) != \
            (old.name, old.width, old.height, old.shape, old.gutter, old.bleed, old.size_source):
        return None
    same = tuple(_equal(region, n, old.regions) for n, region in enumerate(new.regions))
    if all(n is None for n in same):
        return None
    return Earlier(stamp, same, len(old.regions))


def _equal(region, n: int, regions: tuple) -> int | None:
    """The index of a region in `regions` equal to `region` (the one at `n` first), or None."""
    if n < len(regions) and _same(regions[n], region):
        return n
    return next((i for i, r in enumerate(regions) if i != n and _same(r, region)), None)


def _same(a, b) -> bool:
    try:
        return a == b and a.type == b.type
    except Exception:                   # a value that cannot be compared: laid out anew
        return False
