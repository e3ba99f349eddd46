"""What is wrong with a spreadsheet source as a whole, named once: the cells measuring a workbook marked (error
cells, merged cells, formulas with no stored value: readers.Marks), each with its column's header; a CSV row
with more or fewer cells than its header; a file or sheet with no cards.
Not here: reading the cells (readers.py), a row's own values (source.py).
"""
from __future__ import annotations

from .cells import filled, text_cell
from .readers import CellError, Marks, Table, column_letter


def named_marks(source, table: Table, marks: Marks, header_row: int, values) -> set:
    """Note (source.note) what measuring the sheet found, each with its column's header (`values`: the header
    row's cells); returns the columns a merged header cell spans (their values are not named again)."""
    heads = {col: text_cell(v).strip() for col, v in enumerate(values, 1) if filled(v)}
    spanned = set()
    for row, col, text in marks.errors:
        source.note(table.error(row, col, heads.get(col) if row > header_row else None,
                                f"the cell holds the error {text}", hint="correct the formula, or type the value"))
    for r1, c1, r2, c2 in marks.merged:
        span = f"{column_letter(c1)}{r1}:{column_letter(c2)}{r2}"
        if r1 <= header_row <= r2:
            spanned.update(range(c1, c2 + 1))
            source.note(table.error(header_row, c1, None, f"the header cell is merged across {span}: a header names "
                                    "one column", hint="unmerge the cells and give each column a header of its own"))
        elif r1 > header_row:
            source.note(table.error(r1, c1, heads.get(c1), f"the cells {span} are merged: only {column_letter(c1)}{r1} "
                                    "holds a value, and the others would be empty",
                                    hint="unmerge them and fill each cell"))
    if marks.formulas:
        named = [f"{column_letter(c)}{r}" + (f" ({heads[c]})" if r > header_row and c in heads else "")
                 for r, c in sorted(marks.formulas)]
        more = f" and {len(named) - 5} more" if len(named) > 5 else ""
        name = table.display.replace("\\", "/").rpartition("/")[2]
        kind = name.rpartition(".")[2]
        source.note(table.error(None, None, None, f"{len(named)} cell{'s hold' if len(named) > 1 else ' holds'} a "
                                "formula with no value stored in the file, as a file written by a script has until a "
                                f"spreadsheet program saves it: {', '.join(named[:5])}{more}",
                                hint=f"open the file in a spreadsheet program and save it once, or let LibreOffice "
                                f"store them: soffice --headless --convert-to {kind} --outdir stored {name}, then use "
                                f"stored/{name}; or have the script write values, not formulas"))
    return spanned


def ragged(table: Table, number: int, values, header_row: int, width: int) -> CellError:
    """A CSV row with more or fewer cells than its header (its extra cells empty: one with a value is a value
    in a column with no header)."""
    several = any("\n" in str(v) for v in values)
    return table.error(number, None, None, f"the row has {len(values)} cell{'s' if len(values) != 1 else ''}, and the "
                       f"header (line {header_row}) {width}: every row has a cell for each column, empty or not",
                       hint="a cell of this row runs over several lines: is a quote left open?" if several else
                       f"a separator too {'many' if len(values) > width else 'few'}?")


def empty(table: Table, entry, header_row: int | None) -> CellError:
    """A source that gives no cards: a file or sheet with no rows, or with only its header row."""
    what = "the file" if table.sheet is None else "the sheet"
    row = "line" if table.sheet is None else "row"
    return table.error(None, None, None, f"{what} is empty: it has no rows" if header_row is None else
                       f"no cards: only the header row ({row} {header_row}) is filled",
                       hint=f"{entry.file}:{entry.where('file')[0]} names it as a source of cards: fill it, or "
                       "leave it out of the deck's cards")
