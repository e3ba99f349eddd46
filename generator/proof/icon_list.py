"""The deck's icons in the proof: each listed with its file, its size and shift, whether it takes its text's
colour, and every card and page that prints it; and the icons shown where the proof prints a card's text
(proof.html draws each as a small picture, from one stylesheet rule per icon).

Not here: the `icons:` section (deck/sections/icons.py), the spelling check that passes over :name:
(spelling.py), drawing them on faces and pages (layout/inline.py).
"""
from __future__ import annotations

import base64
import html

from ..deck.model import Deck
from ..text.markup import ICON, ICON_TAG, icons_in

MIME = {".png": "image/png", ".jpg": "image/jpeg", ".jpeg": "image/jpeg", ".svg": "image/svg+xml"}


def listed(deck: Deck, cards, rules: str = "") -> list[dict]:
    """Each icon of the deck: name, file, where it is named, scale, shift, tint, the cards that print it (in
    print order) and whether the rule pages do."""
    if not deck.icons:
        return []
    printed: dict = {}
    for cp in cards:
        for side in cp.sides:
            for _, _, text in side.face.texts if side.face is not None else ():
                for name, _ in icons_in(text):
                    who = printed.setdefault(name, [])
                    if cp.card.name not in who:
                        who.append(cp.card.name)
    in_rules = {name for name, _ in icons_in(rules or "")}
    return [{"name": i.name, "file": i.file, "where": str(i.source), "scale": i.scale, "shift": i.shift,
             "tint": i.tint, "cards": printed.get(i.name, []), "rules": i.name in in_rules}
            for i in sorted(deck.icons.values(), key=lambda i: i.name)]


def css(deck: Deck) -> str:
    """A stylesheet rule for each icon whose file could be read: `.icon-NAME`, its picture (as a data URI)."""
    rules = [".icon{display:inline-block;height:1em;width:1em;vertical-align:baseline;background:center/contain "
             "no-repeat}"]
    for i in sorted(deck.icons.values(), key=lambda i: i.name):
        if i.path is None:
            continue
        mime = MIME.get(i.path.suffix.lower(), "image/png")
        data = base64.b64encode(i.path.read_bytes()).decode("ascii")
        w, h = i.pixels
        rules.append(f".icon-{i.name}{{background-image:url(data:{mime};base64,{data});width:{w / h:.3f}em}}")
    return "\n".join(rules)


def _span(name: str) -> str:
    return f"<span class='icon icon-{name}' title=':{name}:' role='img' aria-label=':{name}:'></span>"


def shown(escaped: str, names) -> str:
    """HTML text (already escaped) with each :name: of a known icon drawn as the icon."""
    if ":" not in escaped or not names:
        return escaped
    return ICON.sub(lambda m: _span(m.group(1)) if m.group(1) in names else m.group(0), escaped)


def shown_markup(xml: str, names) -> str:
    """A parsed block's text (markup.parse) with each icon tag drawn as the icon, or as :name: written."""
    if "<icon " not in xml:
        return xml
    return ICON_TAG.sub(lambda m: _span(m.group(1)) if m.group(1) in names else f":{m.group(1)}:", xml)


def _drawn(i: dict) -> str:
    """How an icon is drawn, in words: '1.25 em high, shifted -0.1 em, tinted'."""
    return "".join([f"{i['scale']:g} em high", f", shifted {i['shift']:+g} em" if i["shift"] else "",
                    ", in its text's colour" if i["tint"] else ""])


def markdown(entries: list[dict]) -> list[str]:
    """proof.md's lines for the icons."""
    return [f"- `:{i['name']}:` {i['file']}, {_drawn(i)}: {', '.join(i['cards']) or 'no card'}"
            f"{'; the rule pages' if i['rules'] else ''} (`{i['where']}`)" for i in entries]


def table(entries: list[dict]) -> str:
    """proof.html's table of the icons."""
    e = html.escape
    rows = "".join(f"<tr><td>{_span(i['name'])} <code>:{e(i['name'])}:</code></td><td><code>{e(i['file'])}</code>"
                   f"</td><td>{e(_drawn(i))}</td><td>{e(', '.join(i['cards']) or 'no card')}"
                   f"{'; the rule pages' if i['rules'] else ''}</td><td><code>{e(i['where'])}</code></td></tr>"
                   for i in entries)
    return ("<table><tr><th>icon</th><th>file</th><th>drawn</th><th>printed on</th><th>named at</th></tr>"
            f"{rows}</table>")


def names_of(deck: Deck) -> set:
    """The icons the proof can draw: those whose file could be read."""
    return {n for n, i in deck.icons.items() if i.path is not None}
