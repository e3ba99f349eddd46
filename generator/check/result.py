"""What the component check finds: a Problem, each component's Outcome, and the deck's CheckResult, each
as a dict for `pnp check --format json`. Not here: how the deck is checked (engine.py), the component
list as read (model.py), the report shown (report.py).
"""
from __future__ import annotations

from types import SimpleNamespace

from ..records import Record
from .model import Span


class Problem(Record):
    type: str                       # missing | extra | duplicated | short | count | players | back | unaccounted
    message: str
    cards: list | tuple = ()                          # card names involved
    combination: dict | None = None                   # field -> value, for a coverage problem

    def as_dict(self) -> dict:
        d = {"type": self.type, "message": self.message}
        if self.cards:
            d["cards"] = self.cards
        if self.combination is not None:
            d["combination"] = self.combination
        return d


class Outcome(SimpleNamespace):
    """One component's result, filled in by check_deck."""

    def __init__(self, name: str = "", line: int = 0, status: str = "ok", note: str = ""):
        super().__init__(name=name, line=line,
                         status=status,     # ok | fault | left out | not printed
                         expected=[], found=[], problems=[], warnings=[], note=note)

    def fault(self, kind, message, cards=(), combination=None):
        self.problems.append(Problem(kind, message, list(cards), combination))
        self.status = "fault"

    def as_dict(self) -> dict:
        return {"name": self.name, "line": self.line, "status": self.status, "expected": self.expected,
                "found": self.found, "problems": [p.as_dict() for p in self.problems],
                "warnings": self.warnings, "note": self.note}


class CheckResult(Record):
    game: str
    deck: str
    file: str | None                # the component list, as shown to the user
    players: int | None             # --players N, if asked
    player_range: Span | None       # the game's player counts
    supported: list                 # player counts this build can serve (left-out parts considered)
    left_out: tuple
    seed: str
    components: list                # [Outcome], filled by check_deck
    warnings: list                  # deck-level warnings, filled by check_deck

    @property
    def outcomes(self) -> list:
        return self.components

    @property
    def faults(self) -> int:
        return sum(len(o.problems) for o in self.components)

    @property
    def ok(self) -> bool:
        return self.faults == 0

    @property
    def warning_count(self) -> int:
        return len(self.warnings) + sum(len(o.warnings) for o in self.components)

    def as_dict(self) -> dict:
        return {"game": self.game, "deck": self.deck, "components_file": self.file, "ok": self.ok,
                "faults": self.faults, "warnings": self.warning_count,
                "players": self.players,
                "player_range": str(self.player_range) if self.player_range else None,
                "supported_players": self.supported, "left_out": list(self.left_out), "seed": self.seed,
                "deck_warnings": self.warnings, "components": [o.as_dict() for o in self.components]}
