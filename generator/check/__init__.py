"""Stage 2: check a deck's cards against its component list (components.yaml; see docs/check.md).

The rules are data in the deck; this package knows no game. check_deck returns a CheckResult
(.ok, .faults, .components); report_text and report_json show it.

Not here: reading deck.yaml (deck/), drawing anything.
"""
from .engine import check_deck  # noqa: F401
from .model import read_components  # noqa: F401
from .report import report_json, report_text  # noqa: F401
from .result import CheckResult, Outcome, Problem  # noqa: F401
