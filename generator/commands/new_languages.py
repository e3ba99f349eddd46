"""The starter in several languages, for `pnp new FOLDER --lang en,fr`: the copied starter given a languages:
section, each kind's title:LANG in deck.yaml, title:LANG and text:LANG columns in cards.csv, and rules.LANG.md
and words.LANG.txt, from layouts/starter-languages.yaml (French, German, Spanish, Japanese). A language that
file has no texts for gets empty columns (each a warning when the game is built in it, until filled in).

Not here: copying the starter (new.py), what the languages mean when the game is built (deck/languages.py).
"""
from __future__ import annotations

import csv
import io
from pathlib import Path

from ..errors import PnpError
from ..language.catalogs import known

SOURCE = "en"               # the language the starter is written in


def codes(given: str) -> list[str]:
    """'en,fr,ja' -> ['en', 'fr', 'ja']: the starter's English first, then its translations."""
    from ..deck.sections.languages import CODE  # lazy: +138 ms to import (benchmarks/imports.py)
    out = [c.strip() for c in given.split(",") if c.strip()]
    for c in out:
        if not CODE.match(c) or not known(c):
            raise PnpError(f"--lang: '{c}' is not a language code", hint="codes such as en,fr,de,es,ja")
    if not out or out[0] != SOURCE:
        raise PnpError(f"--lang {given}: the starter is written in English, so its languages start with en",
                       hint=f"pnp new FOLDER --lang en,{','.join(c for c in out if c != SOURCE) or 'fr'}")
    if len(set(out)) != len(out):
        raise PnpError(f"--lang {given}: a language is named twice")
    return out


def translate(folder: Path, langs: list[str], texts_file: Path) -> list[str]:
    """Give the starter copied into `folder` its translations; the files written beside the starter's."""
    import yaml  # lazy: +83 ms to import (benchmarks/imports.py)
    texts = yaml.safe_load(texts_file.read_text(encoding="utf-8"))
    others = langs[1:]
    deck = (folder / "deck.yaml").read_text(encoding="utf-8")
    section = ["# The languages the game prints in: English, its source (title, text, rules.md, words.txt), and",
               "# each translation beside it (title:fr and text:fr in cards.csv, rules.fr.md, words.fr.txt).",
               "# pnp build GAME --lang fr prints output/GAME.fr.pdf; pnp cards GAME --lang fr -o cards.fr.xlsx",
               "# writes a sheet for a translator (name it here as fr: {file: cards.fr.xlsx} to read it back).",
               "languages:", f"  source: {SOURCE}"]
    section += [f"  {c}: {{}}" + ("                  # printed in pnp's Japanese font" if c == "ja" else "")
                for c in others]
    deck = deck.replace("\ngame:\n", "\n" + "\n".join(section) + "\n\ngame:\n", 1)
    for kid, title in (("crop", "Crop"), ("event", "Event")):
        extra = "".join(f"    title:{c}: {texts.get(c, {}).get('kinds', {}).get(kid, '')}\n" for c in others
                        if texts.get(c))
        extra += "".join(f"    plural:{c}: {texts[c]['plurals'][kid]}\n" for c in others    # German's own plurals
                         if kid in texts.get(c, {}).get("plurals", {}))
        deck = deck.replace(f"    title: {title}\n", f"    title: {title}\n{extra}", 1)
    (folder / "deck.yaml").write_text(deck, encoding="utf-8")
    rows = list(csv.reader(io.StringIO((folder / "cards.csv").read_text(encoding="utf-8"))))
    head = rows[0]
    cols = [h for c in others for h in (f"title:{c}", f"text:{c}")]
    out = io.StringIO(newline="")
    w = csv.writer(out, lineterminator="\n")
    at = head.index("copies")
    w.writerow(head[:at] + cols + head[at:])
    for i, row in enumerate(rows[1:]):
        said = []
        for c in others:
            card = (texts.get(c) or {}).get("cards", [])
            said += list(card[i]) if i < len(card) else ["", ""]
        w.writerow(row[:at] + said + row[at:])
    (folder / "cards.csv").write_text(out.getvalue(), encoding="utf-8")
    written = []
    for c in others:
        t = texts.get(c)
        if not t:
            continue
        (folder / f"rules.{c}.md").write_text(t["rules"], encoding="utf-8")
        words = (folder / "words.txt").read_text(encoding="utf-8").splitlines()
        keep = [line for line in words if not line.startswith("#")]       # the title's words
        (folder / f"words.{c}.txt").write_text(
            f"# Words the {c} spelling check in `pnp proof GAME --lang {c}` accepts beyond its dictionary.\n"
            + "\n".join(keep + ["# the designer, as the starter names them: put your name in its place", "Your",
                                "Name", "# the game's words the dictionary lacks"] + list(t.get("words", ())))
            + "\n", encoding="utf-8")
        written += [f"rules.{c}.md", f"words.{c}.txt"]
    return written
