"""A proof's finding (Issue): its level, the check that made it, its message, and the card, side, field and
file:line it is about. What every check of the proof (checks.py, wordchecks.py, colours.py) returns and
every document (report.py) shows. Not here: the checks themselves.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, field as dc_field

ERROR, WARNING = "error", "warning"


@dataclass
class Issue:
    level: str                  # error | warning
    check: str                  # spelling | repeat | markup | small | shrunk | safe | resolution | svg | fit
                                # | glyph | layout | correction | words | colour | contrast
    message: str
    card: str | None = None     # the card's name
    card_id: str | None = None
    side: str | None = None     # front | back
    field: str | None = None
    where: str = ""             # file:line
    also: int = 0               # other cards showing the same face
    cards: list = dc_field(default_factory=list)      # a word's finding: every card that prints it
    card_ids: list = dc_field(default_factory=list)
    pages: list = dc_field(default_factory=list)      # ... and every other page: "print leaf, page 1"
    places: list = dc_field(default_factory=list)     # ... and where each was written (file:line)

    def line(self) -> str:
        """One line, compiler style: 'file:line: error: card 'X' (back), field text: message'; a word
        printed in several places is one finding naming them all."""
        about = []
        if self.card and len(self.cards) <= 1:
            about.append(f"card '{self.card}'" + (f" ({self.side})" if self.side == "back" else ""))
        if self.field and len(self.cards) <= 1 and not self.pages:
            about.append(f"field {self.field}")
        also = f" (and {self.also} more card{'s' if self.also != 1 else ''})" if self.also else ""
        if len(self.cards) > 1:         # the first three named, as a build names the cards a mistake is on
            also = f" (on {len(self.cards)} cards: {', '.join(self.cards[:3])}{', ...' if len(self.cards) > 3 else ''})"
        if self.pages:
            also += f" (on the {'; '.join(self.pages)})"
        where = f"{self.where}: " if self.where else ""
        head = ", ".join(about)
        return f"{where}{self.level}: {head + ': ' if head else ''}{self.message}{also}"

    def as_dict(self) -> dict:
        return asdict(self)
