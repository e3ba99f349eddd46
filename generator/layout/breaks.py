"""Where a line may break in text written without spaces (Japanese, Chinese): between any two of its
characters, but not before closing punctuation and small kana (、。」ー っ) nor after an opening bracket (「（),
the common rules of Japanese typesetting (kinsoku shori), nor around a range's dash (～) nor after a number (its
counter stays with it: "1回", "2～4人"); and between such a character and a Latin word written against it
("右へX mm"). Text with no such character is one word per space, as ever.

Not here: breaking lines (text.break_lines), the fonts those scripts print in (fonts.py).
"""
from __future__ import annotations

# the scripts written without spaces: CJK radicals and symbols, kana, CJK ideographs, full-width forms (tested
# by code point: a regular expression of these ranges cost every build 1.5 ms to compile)
WIDE = ((0x2E80, 0x2FFF), (0x3000, 0x30FF), (0x3190, 0x31FF), (0x3400, 0x4DBF), (0x4E00, 0x9FFF),
        (0xF900, 0xFAFF), (0xFF00, 0xFFEF))
NO_START = set("、。，．・：；？！）」』】〕〉》ー～〜…‥ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ々ゝゞヽヾ"
               ",.:;?!)]}%")
NO_END = set("（「『【〔〈《([{～〜")             # a range's dash ("2～4人") ends no line, as it starts none
DIGITS = set("0123456789０１２３４５６７８９")


def wide(text: str) -> bool:
    """Whether the text holds a character of a script written without spaces."""
    return not text.isascii() and any(_wide(c) for c in text)


def _wide(c: str) -> bool:
    """Whether the character `c` is of a script written without spaces."""
    o = ord(c)
    return o >= 0x2E80 and any(a <= o <= b for a, b in WIDE)


def breakable(before: str, after: str) -> bool:
    """Whether a line may break between the characters `before` and `after`, written with no space."""
    if not before or not after or after in NO_START or before in NO_END or before[-1] in DIGITS:
        return False            # ... nor after a number: its counter stays with it ("1回", "3枚")
    return _wide(before[0]) or _wide(after[0])


def segments(word: str) -> list[str]:
    """A word written with no space cut where a line may break: ["収","穫","の",...]; [word] without wide
    characters."""
    if not wide(word):
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
    return "" if before and after and (_wide(before[-1]) or _wide(after[0])) else " "
