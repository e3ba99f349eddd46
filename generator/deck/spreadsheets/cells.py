"""A spreadsheet cell as a value: as text (3.0 -> "3", TRUE -> "TRUE"), or as the number its field's type
wants (a CSV's "3" is 3 in a whole-number field); a date or a control character is refused, naming the cell.
Not here: checking the value against its field's declaration (sections/fields.py).
"""
from __future__ import annotations

import math
import re

from ...errors import found
import datetime

BAD_CHARS = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
INT = re.compile(r"^[+-]?\d+(?:\.0*)?$")
NUMBER = re.compile(r"^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$")
TRUE, FALSE = ("true", "yes", "1"), ("false", "no", "0")        # a true-or-false cell's words (any case)


def filled(v) -> bool:
    return v is not None and not (isinstance(v, str) and not v.strip())


def shown(v) -> str:
    """A cell as a mistake names it: 'the number 3' (a spreadsheet's 3.0 is 3, as it is read), 'abc'."""
    if isinstance(v, float) and v.is_integer() and abs(v) < 1e15:
        v = int(v)
    return found(text_cell(v) if not isinstance(v, (int, float)) or isinstance(v, bool) else v)


def text_cell(v) -> str:
    """A cell as text: 3.0 -> "3", 0.1 -> "0.1", TRUE -> "TRUE"."""
    if isinstance(v, bool):
        return "TRUE" if v else "FALSE"
    if isinstance(v, float) and v.is_integer() and abs(v) < 1e15:
        return str(int(v))
    return v if isinstance(v, str) else str(v)


def text_value(v, table, number, col, head) -> str:
    if is_date(v):
        raise table.error(number, col, head, f"the cell holds a date or time ({v}); pnp reads text and "
                          "numbers", hint="format the column as text in your spreadsheet program")
    text = text_cell(v).replace("\r\n", "\n").replace("\r", "\n")
    bad = BAD_CHARS.search(text)
    if bad:
        raise table.error(number, col, head, f"text holds U+{ord(bad.group()):04X}, a control character "
                          "that cannot be printed")
    return text


def is_date(v) -> bool:
    return isinstance(v, (datetime.date, datetime.time, datetime.timedelta))


def typed(v, ftype: str, table, number, col, head):
    """A cell as the value its field's type wants: a whole number, a number, or text. What cannot be read
    so stays as it is, for the field check to name ("expected a whole number, found 'abc'")."""
    if isinstance(v, bool):
        return text_cell(v) if ftype not in ("int", "number") else v
    if isinstance(v, float):
        if not math.isfinite(v):
            return v
        if v.is_integer() and abs(v) < 1e15:
            v = int(v)
        return v if ftype in ("int", "number", "back") else text_cell(v)
    if isinstance(v, int):
        return v if ftype in ("int", "number", "back") else str(v)
    if ftype in ("int", "number"):
        text = text_value(v, table, number, col, head).strip()
        if INT.match(text):
            return int(text.split(".")[0])
        if ftype == "number" and NUMBER.match(text):
            return float(text)
        return text
    return text_value(v, table, number, col, head)
