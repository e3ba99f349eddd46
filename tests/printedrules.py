"""The rule pages of a built PDF read back as text, and its This edition box: for tests that compare what a
game prints with its seed and its deck's lists."""
from __future__ import annotations

import re

from pdfcheck import columns_text, placements, squash


def norm(text: str) -> str:
    """Text compared without whitespace, case, typographic quotes or a bullet's glyph (typography, not words:
    the rule pages print one bullet glyph a game, "♣ " as "• ")."""
    text = text.replace("’", "'").replace("‘", "'").replace("“", '"').replace("”", '"').replace("•", "")
    text = re.sub(r"(^|\n)[ \t]*♣[ \t]", r"\1", text)
    return squash(text).lower()


def rule_pages(pdf) -> list[int]:
    """The pages after the last card sheet (a sheet whose pieces have no backs has no backs page)."""
    pl = placements(pdf)
    last = max(i for i, p in enumerate(pl) if p)
    return list(range(last + 1, len(pl)))


def printed_rules(pdf) -> str:
    return "\n".join(columns_text(pdf, i) for i in rule_pages(pdf))


def box_text(pdf) -> str:
    """The This edition box, normalised (see norm): from its heading and first words to the end."""
    text = norm(printed_rules(pdf))
    at = text.find(norm("This edition The rule pages print"))
    assert at >= 0, "no This edition box on the rule pages"
    return text[at:]
