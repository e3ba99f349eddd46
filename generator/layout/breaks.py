"""Where a line may break in text written without spaces (Japanese, Chinese): between any two of its
characters, but not before closing punctuation and small kana (、。」ー っ) nor after an opening bracket (「（),
the common rules of Japanese typesetting (kinsoku shori), and between such a character and a Latin word
or number written against it ("右へX mm"). Text with no such character is one word per space, as ever.

Not here: breaking lines (text.break_lines), the fonts those scripts print in (fonts.py).
"""
from __future__ import annotations

import re

WIDE = re.compile(r"[\u2e80-\u2fff\u3000-\u30ff\u3190-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef]")
NO_START = set("、。，．・：；？！）」』】〕〉》ー～…‥ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ々ゝゞヽヾ"
               ",.:;?!)]}%")
NO_END = set("（「『【〔〈《([{")


def wide(text: str) -> bool:
    """Whether the text holds a character of a script written without spaces."""
    return bool(WIDE.search(text))


def breakable(before: str, after: str) -> bool:
    """Whether a line may break between the characters `before` and `after`, written with no space."""
    if not before or not after or after in NO_START or before in NO_END:
        return False
    return bool(WIDE.match(before) or WIDE.match(after))


def segments(word: str) -> list[str]:
    """A word written with no space cut where a line may break: ["収","穫","の",...]; [word] without wide
    characters."""
    if not WIDE.search(word):
        return [word]
    out = [word[0]]
    for prev, c in zip(word, word[1:]):
        if breakable(prev, c):
            out.append(c)
        else:
            out[-1] += c
    return out


def joiner(before: str, after: str) -> str:
    """What is written between two words of a line in one font: a space, or nothing where they were cut
    apart from one word (segments) with a wide character on either side."""
    return "" if before and after and (WIDE.match(before[-1]) or WIDE.match(after[0])) else " "
