"""What a spreadsheet source may say: the keys of its entry in deck.yaml, and the columns of its sheet
(named in the first non-blank row). Not here: reading them (source.py).
"""
from __future__ import annotations

SUFFIXES = (".csv", ".xlsx", ".ods")
SOURCE_KEYS = ("file", "sheet", "kind", "part", "template", "back",   # {file: cards.xlsx, sheet: Metals, ...}
               "columns", "ignore", "skip_sheets")     # a designer's own headers and sheets (mapping.py)
SETTINGS = ("kind", "part", "template", "back")        # a source's defaults for its rows that leave them empty
CARD_COLUMNS = ("kind", "name", "part", "copies", "template", "back", "new_sheet", "inferred")  # as a YAML card's
CORRECTION = ("correction.seed", "correction.printed", "correction.note")      # a correction of the row's card
NOTE = ".inferred"              # FIELD.inferred: why the row's value of FIELD was inferred
BACK = "back."                  # back.template, back.FIELD: the row's card's own back
