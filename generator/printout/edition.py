"""The "This edition" box: every change this edition made to the seed's words, every fact it had to
infer or question it settled, and every piece it prints in a number the seed does not give, each
with what the seed says, what is printed, and why. Printed at the end of the rule pages
(printout/rules.py), so that the printout itself, not only the deck file or the proof, says them.

The entries come from the deck (deck/edition.py: `corrections:` and everything marked `inferred`) and
from its component list (a component's `seed_says:` with a `why:`, see docs/check.md).

Not here: reading corrections and inferred facts from the deck (deck/edition.py), setting the box on the
rule pages (rules.py, layout/pages.py).
"""
from __future__ import annotations

import re

from ..deck.edition import about, corrections, inferred_facts
from ..deck.model import Deck
from ..language import words

TITLE = "This edition"


def quote(text: str) -> str:
    """Text quoted in markup as written: one line, its asterisks printed (not read as bold or italic)."""
    return " ".join(str(text).split()).replace("*", "\\*")


def _sentence(text: str, stop: str = ".") -> str:
    """One sentence: flattened, its first letter a capital, a full stop (`stop`: '。' in Japanese) at the end."""
    text = " ".join(str(text).split())
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text[-1] in ".!?" or (stop != "." and text[-1] in "。！？") else text + stop


_CARD = re.compile(r"^card '([^']+)'(?:, (.*))?$")
_NUMBERED = re.compile(r"^(.*\D)(\d+)$")


def _names(names: list[str]) -> str:
    """'Rope 1', 'Rope 2', ... 'Rope 5' as 'Rope 1-5'; other names joined with commas."""
    m = [_NUMBERED.match(n) for n in names]
    if len(names) > 2 and all(m) and len({x.group(1) for x in m}) == 1:
        nums = [int(x.group(2)) for x in m]
        if nums == list(range(nums[0], nums[0] + len(nums))):
            return f"{m[0].group(1)}{nums[0]}–{nums[-1]}"
    return ", ".join(names)


def printed_about(fact: dict, _=None) -> str:
    """What an inferred fact is about, for a reader of the printout: 'Rope 1–5: material',
    'Rule card 1 (back)' (the proof's form names the deck's fields: "cards Rope 1, ..., field material")."""
    found = [_CARD.match(s) for s in fact["about"]]
    if found and all(found):
        rests = {m.group(2) or "" for m in found}
        if len(rests) == 1:
            rest = rests.pop()
            names = _names(list(dict.fromkeys(m.group(1) for m in found)))
            if rest == "back":
                return _("{card} (back)", card=names) if _ is not None else f"{names} (back)"
            rest = rest[len("field "):] if rest.startswith("field ") else rest
            return f"{names}: {rest}" if rest else names
    return about(fact)


def pieces(deck: Deck) -> list[dict]:
    """Components printed in a number the seed does not give, with the reason (components.yaml `why:`)."""
    from ..check.model import read_components  # lazy: +49 ms to import (benchmarks/imports.py)
    clist = read_components(deck)
    out = []
    for c in (clist.components if clist else []):
        if not c.why or c.count is None:
            continue
        parts = getattr(c, "parts", ())
        if parts and any(p in deck.left_out for p in parts):
            continue
        said = sorted(set(c.seed_says))
        out.append({"name": c.name, "count": str(c.count), "seed": said, "why": c.why})
    return out


def entries(deck: Deck) -> dict:
    """The box's entries by group: corrections, inferred, pieces (each a list of dicts)."""
    return {"corrections": [c._asdict() for c in corrections(deck)],
            "inferred": inferred_facts(deck),
            "pieces": pieces(deck)}


def has_original(deck: Deck) -> bool:
    """Whether the deck's rules are printed from an original: the deck says so (`game.reprints_source: true`,
    naming it in `game.source`). A source alone may be what the rules were retold from, and a game without
    one is its designer's own: the printout of either never speaks of "the original" (its corrections are to
    its rules as first written, its pieces counted against its rules)."""
    return bool(deck.game.reprints_source and str(deck.game.source or "").strip())


def reasoned(e: dict) -> bool:
    """Whether every entry carries its reason (a correction's `why:`, a fact's note, a piece's `why:`): only
    then do the leaf and the box promise "the reason for each"."""
    return all(c["why"].strip() for c in e["corrections"]) and all(str(f.get("note") or "").strip()
                                                                    for f in e["inferred"])


def markup(deck: Deck) -> str:
    """The box as rule-page markup; "" when there is nothing to say."""
    e = entries(deck)
    if not any(e.values()):
        return ""
    g = deck.game
    _ = words(deck.language)
    first = re.split(r";|\.\s", g.source)[0].strip().rstrip(".") if g.source else ""   # its first clause
    source = f" ({quote(first).replace('(', '– ').replace(')', '')})" if first else ""
    original, why = has_original(deck), reasoned(e)
    if original:
        intro = (_("*The rule pages print the original's rules{source}, but for what is listed here: what the "
                   "original says, what this edition prints instead, and why.*", source=source) if why else
                 _("*The rule pages print the original's rules{source}, but for what is listed here: what the "
                   "original says and what this edition prints instead.*", source=source))
    elif e["corrections"]:
        intro = (_("*What this edition corrects in its rules as first written, and what it settles where they are "
                   "silent, and why.*") if why else
                 _("*What this edition corrects in its rules as first written, and what it settles where they are "
                   "silent.*"))
    else:
        intro = (_("*What this edition settles where its rules are silent, and why.*") if why else
                 _("*What this edition settles where its rules are silent.*"))
    lines = [_("## This edition"), intro, ""]
    if e["corrections"]:
        lines += [_("### Changes to the original's words"), _("*The original → this edition.*")] if original else \
            [_("### Corrections"), _("*As first written → as printed here.*")]
        for c in e["corrections"]:
            head = f"- **{quote(printed_about({'about': [c['about']]}, _))}:** " if c["about"] else "- "
            if c["seed"] == c["printed"]:
                what = f"“{quote(c['seed'])}”"
            elif c["printed"]:
                what = f"“{quote(c['seed'])}” → “{quote(c['printed'])}”"
            else:
                what = _("“{seed}” → left out", seed=quote(c['seed']))
            lines.append(head + what + (f" *({quote(c['why'].strip().rstrip('.'))}.)*" if c["why"] else ""))
        lines.append("")
    if e["inferred"]:
        lines += [_("### Not in the original: settled or chosen here") if original else _("### Settled or chosen here")]
        for f in e["inferred"]:
            seed = " ".join(str(f.get("seed") or "").split())
            sp, stop = _.space, _.stop          # ' ' and '.'; in Japanese '' and '。'
            quoted = (_("The original: “{seed}”", seed=quote(seed)) if original else
                      _("The rules: “{seed}”", seed=quote(seed)))
            said = sp + quoted + ('' if seed[-1:] in '.!?:。！？' else stop) if seed else ""
            value = sp + _("This edition: {value}", value=quote(_sentence(f['value'], stop))) if f["value"] else ""
            lines.append(f"- **{quote(_sentence(printed_about(f, _), stop)[:-1])}{stop}**{said}{value}{sp}"
                         f"*{quote(_sentence(f['note'], stop))}*")
        lines.append("")
    if e["pieces"]:
        lines += [_("### Pieces")]
        for p in e["pieces"]:
            said = _(" and ").join(str(n) for n in p["seed"])
            if original:
                seed = (_("the original lists none") if p["seed"] == [0] else
                        _("the original says {counts}", counts=said))
            else:
                seed = _("the rules list none") if p["seed"] == [0] else _("the rules say {counts}", counts=said)
            lines.append(_("- **{piece}:** {n} printed; {seed}.", piece=quote(p['name']), n=p['count'], seed=seed)
                         + f"{_.space}*{quote(_sentence(p['why'], _.stop))}*")
        lines.append("")
    return "\n".join(lines).rstrip() + "\n"
