"""File names for exported images that keep what tells pieces apart.

A name is made of the piece's own words, lower case, with hyphens between them; what a plain slug
would throw away but that distinguishes pieces is kept: a sign before a number becomes a word
("+1/-1 token" -> plus-1-minus-1-token, not 1-1-token), a decimal point stays (1.5 is not 15), and
accented letters lose only their accents (Sköld -> skold). The names are ASCII, so they survive
upload forms and URLs.

Faces are named for their card; a back for what it is: a named back by its name (and, where the
back template draws several images, by what tells them apart: back-court-copper), a card's own back
by the card, a back shared by several cards of one kind by the kind.

Not here: which images there are (plan.py); Tabletop Simulator's sheet names (tts_sheets.py).
"""
from __future__ import annotations

import re
import unicodedata

_SIGN = re.compile(r"(?<![\w.])([+\-\u2212\u00b1])(?=\d)")
_WORDS = {"&": " and ", "%": " percent ", "#": " number ", "@": " at "}
_SIGNS = {"+": " plus ", "-": " minus ", "\u2212": " minus ", "\u00b1": " plus minus "}


def stem(text: str, fallback: str = "card") -> str:
    """`text` as a file-name stem: lower-case ASCII words and numbers joined by hyphens."""
    t = unicodedata.normalize("NFKD", str(text))
    t = "".join(c for c in t if not unicodedata.combining(c))
    t = _SIGN.sub(lambda m: _SIGNS[m.group(1)], t)
    for k, v in _WORDS.items():
        t = t.replace(k, v)
    t = re.sub(r"(?<=\d)[.,](?=\d)", ".", t)                   # 1.5 and 1,5 stay a decimal
    s = re.sub(r"[^a-z0-9.]+|(?<!\d)\.|\.(?!\d)", "-", t.lower())
    s = re.sub(r"-{2,}", "-", s).strip("-")
    return s or fallback


class Claims:
    """Unique names within one folder: a second claim of a name is numbered."""

    def __init__(self):
        self.taken: set = set()

    def __call__(self, base: str, suffix: str = ".png") -> str:
        name, n = f"{base}{suffix}", 2
        while name in self.taken:
            name, n = f"{base}-{n}{suffix}", n + 1
        self.taken.add(name)
        return name


def _one(values) -> str | None:
    seen = set(values)
    return next(iter(seen)) if len(seen) == 1 else None


def name_images(faces, backs, kind_title) -> None:
    """Give every Image of a plan its file name (`kind_title(kind id)` names a kind)."""
    claim = Claims()
    for image in faces:
        image.file = claim(f"{_owner(image, kind_title)}-face")
    by_back: dict = {}
    for image in backs:
        by_back.setdefault(image.back_name, []).append(image)
    for image in backs:
        if image.back_name:
            group = by_back[image.back_name]
            base = f"back-{stem(image.back_name, 'back')}"
            if len(group) > 1:
                tells = _telling(image, group)
                base = f"{base}-{tells}" if tells else base
            image.file = claim(base)
            continue
        names = _one(card.name for _, card in image.cards)
        if names is not None:
            image.file = claim(f"{stem(names)}-back")
        elif _one(card.kind for _, card in image.cards) is not None:
            image.file = claim(f"back-{stem(kind_title(image.first[1].kind))}")
        else:
            image.file = claim(f"back-{stem(image.template.name, 'shared')}")


def _owner(image, kind_title) -> str:
    """What a face image is named for: its card, or the kind of the several cards showing it."""
    name = _one(card.name for _, card in image.cards)
    if name is not None:
        return stem(name)
    kind = _one(card.kind for _, card in image.cards)
    if kind is not None:
        return stem(kind_title(kind))
    return stem(image.first[1].name)


def _telling(image, group) -> str:
    """The values of the fields that differ between the images of one named back, joined."""
    keys = [k for k in image.values if len({str(other.values.get(k)) for other in group}) > 1]
    return "-".join(stem(str(image.values[k]), "") for k in keys).strip("-")
