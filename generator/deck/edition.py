"""What this edition changed or chose: the deck's `corrections:` of the seed's words and every fact it
marks `inferred`. The rule pages print them in a "This edition" box (printout/edition.py); the proof lists
and checks them (proof/).

    corrections:
      - {about: "Rule card 2", seed: "proceed as follow", printed: "proceed as follows", why: "a typo"}
      - {about: "QR code", seed: "Scan this QR code ...", printed: "", why: "no QR code in this edition"}

`printed: ""` is the seed's text left out. `note:` is the older name of `why:`. A translation's words are
`about:LANG`, `printed:LANG` and `why:LANG` (`--lang LANG` prints them; the seed's words stay as the seed writes
them), as every other text of the deck is translated (deck/languages.py).
Not here: reading `inferred:` and the values marked inferred (sections/inferred.py, reading.py), printing
the box (printout/edition.py).
"""
from __future__ import annotations

import re

from ..records import Record
from ..errors import PnpError
from ..files.yamlfile import Map, Seq
from .model import Deck, Source

CORRECTION_KEYS = ("about", "seed", "printed", "why", "note")
TRANSLATED = ("about", "printed", "why", "note")             # KEY:LANG
_TRANSLATION = re.compile(r"^(about|printed|why|note):([A-Za-z]{2,3}(?:-[A-Za-z0-9]+)*)$")


class Correction(Record):
    about: str            # where in the rules or on which card
    seed: str             # the seed's words, as the seed writes them
    printed: str          # what this edition prints instead; "" = left out
    why: str              # the reason, printed beside it
    source: Source


def corrections(deck: Deck) -> list[Correction]:
    """The deck's corrections, validated: a list of {about, seed, printed, why}."""
    raw = deck.extra.get("corrections")
    if raw is None:
        return []
    if not isinstance(raw, Seq):
        line = raw.where()[0] if isinstance(raw, Map) else 0
        raise PnpError("expected a list of {about, seed, printed, why}", deck.file, line, field="corrections")
    out = []
    for i, m in enumerate(raw):
        if not isinstance(m, Map):
            raise PnpError("expected {about, seed, printed, why}", deck.file, raw.where(i)[0],
                           field=f"corrections[{i}]")
        unknown = [k for k in m if k not in CORRECTION_KEYS and not _TRANSLATION.match(str(k))]
        if unknown or "seed" not in m or "printed" not in m:
            raise m.error(unknown[0] if unknown else None,
                          f"unknown key '{unknown[0]}'" if unknown else "a correction needs seed and printed",
                          field=f"corrections[{i}]", hint="about, seed, printed, why")
        for k in CORRECTION_KEYS:
            if isinstance(m.get(k), (Map, Seq)):
                raise m.error(k, "expected text", field=f"corrections[{i}].{k}")
        for k in m:
            if _TRANSLATION.match(str(k)) and isinstance(m.get(k), (Map, Seq)):
                raise m.error(k, "expected text", field=f"corrections[{i}].{k}")
        text = {k: "" if m.get(k) is None else str(m.get(k)) for k in CORRECTION_KEYS}
        if deck.language != deck.source_language:           # the words of the language it prints in
            sheet = deck.extra.get("correction_words", {})      # a translator's sheet's rows, over deck.yaml's
            for k in TRANSLATED:
                said = sheet.get(f"correction:{i + 1}.{k}", m.get(f"{k}:{deck.language}"))
                if said is not None:
                    text[k] = str(said)
        out.append(Correction(text["about"], text["seed"], text["printed"], text["why"] or text["note"],
                              Source(m.file, m.line)))
    return out


_PROVISIONAL = re.compile(r"^card '([^']+) #(\d+)'")
_INDEXED = re.compile(r"^cards\[(\d+)\]\.?")


def inferred_facts(deck: Deck) -> list[dict]:
    """The deck's inferred facts, one entry per fact: the same fact (value, note and what it is about) shared
    by several cards, written once in an anchor or in each of their spreadsheet rows, is one entry naming all
    of them. Each card is named by its name (a card without one by the name its kind gives it, never by its
    place in the file, "material #23"). A fact about cards of a part left out of this build (--without) names
    only the cards printed, and is left out when none of its cards is. Each: about (list), value, note, seed,
    where, cards."""
    groups: dict = {}
    at = {c.index: c for c in deck.cards}               # by place in the deck file (a part left out: missing)
    names = {c.name for c in deck.cards}
    for i in deck.inferred:
        subject = i.subject
        m = _PROVISIONAL.match(subject)
        if m:
            card = at.get(int(m.group(2)) - 1)
            if card is not None and card.kind == m.group(1):
                subject = f"card '{card.name}'" + subject[m.end():]
            elif deck.left_out:
                continue                                # a card of a part left out
        m = _INDEXED.match(subject)
        if m:
            card = at.get(int(m.group(1)))
            if card is not None:
                rest = subject[m.end():]
                subject = f"card '{card.name}'" + (f", {rest}" if rest else "")
            elif deck.left_out:
                continue
        name = subject.split("'")[1] if subject.startswith("card '") and subject.count("'") >= 2 else None
        if name is not None and deck.left_out and name not in names:
            continue
        # one fact, wherever it is written: in an anchor several cards share, or in each row of a spreadsheet
        key = (i.value, i.note, subject.split("'", 2)[2] if name is not None else subject)
        if key not in groups:
            groups[key] = {"about": [], "value": i.value, "note": i.note, "seed": i.seed, "where": str(i.source),
                           "cards": []}
        groups[key]["about"].append(subject)
        if name:
            groups[key]["cards"].append(name)
    return list(groups.values())


def about(fact: dict) -> str:
    """What an inferred fact is about, in a few words: 'cards Rope 1, Rope 2, field material'."""
    subjects = fact["about"]
    if len(subjects) == 1:
        return subjects[0]
    tails = {a.split("'", 2)[2] if a.count("'") >= 2 else "" for a in subjects}
    if all(a.startswith("card '") for a in subjects) and len(tails) == 1:
        names = ", ".join(a.split("'")[1] for a in subjects)
        return f"cards {names}{tails.pop()}"
    return "; ".join(subjects)
