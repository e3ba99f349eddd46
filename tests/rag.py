"""The rag of printed text read back from a PDF: each line of the rule pages with how far short of its column it
ends, and each line end a hyphenation made, with the word it cut (for the tests of layout/paragraph.py and
layout/hyphens.py over the shipped games).
"""
from __future__ import annotations

from dataclasses import dataclass

import pdfread
from pdfcheck import per_file

SHY = "\u00ad"
MM = 72 / 25.4


@dataclass
class Line:
    page: int
    column: int
    top: float           # its baseline, down from the page's top
    x0: float
    x1: float
    size: float
    text: str
    right: float         # where its column (or the box it is in) ends
    inner: bool = False  # a paragraph's line with another of its lines below it in the same column

    @property
    def short(self) -> float:
        """How far short of its column's end it stops, in points."""
        return self.right - self.x1


def _baseline(height: float, c) -> float:
    """A char's baseline, down from the page's top (its origin's: the same for every font of a line)."""
    return round(height - c["origin"][1], 1)


@per_file
def _page(pdf, index: int) -> tuple:
    """((width, height), the page's characters (pdfread: pdfplumber's, read by pdfium)), read once a file and page:
    the rag's and the hyphenation's tests read the same shared builds."""
    return pdfread.page_chars(pdf, index)


def _lines_of(pdf, index: int, columns: int, margin: float, gap: float) -> list[Line]:
    """The page's lines of text (chars grouped by column and baseline), the footer and the title left out."""
    (width, height), chars = _page(pdf, index)
    col_w = (width - 2 * margin - (columns - 1) * gap) / columns
    boxes = [r for r in pdfread.rects_and_curves(pdf, index)    # the box's frame: a filled rectangle, its corners
             if r["x1"] - r["x0"] < col_w + 1 and r["bottom"] - r["top"] > 10 and r.get("fill")]   # rounded
    groups: dict = {}
    for c in chars:
        if c["bottom"] > height - margin - 4 or not c["text"].strip() and c["text"] != SHY:
            continue                                # the footer (under its rule), spaces
        col = min(columns - 1, max(0, int((c["x0"] - margin + gap / 2) // (col_w + gap))))
        groups.setdefault((col, _baseline(height, c)), []).append(c)
    out = []
    for (col, bottom), chars in groups.items():
        size = max(round(c["size"], 2) for c in chars)
        x0, x1 = min(c["x0"] for c in chars), max(c["x1"] for c in chars)
        right = margin + col * (col_w + gap) + col_w
        for r in boxes:
            if r["x0"] - 1 <= x0 and x1 <= r["x1"] + 1 and r["top"] <= bottom <= r["bottom"]:
                right = r["x1"] - 5.0               # inside the This edition box: its padding (pages.BOX_PAD)
        text = "".join(c["text"] for c in sorted(chars, key=lambda c: c["x0"]))
        out.append(Line(index, col, bottom, x0, x1, size, text, right))
    out.sort(key=lambda ln: (ln.column, ln.top))
    for a, b in zip(out, out[1:]):
        if a.column == b.column and a.size == b.size and abs((b.top - a.top) - a.size * 1.3) < 0.35:
            a.inner = True
    return out


def _key(text: str) -> str:
    """The last letters and digits of a text (LAST of them, lower case): how a line's end is matched with the end
    of a line of the markup it was set from."""
    return "".join(c for c in text.lower() if c.isalnum())[-LAST:]


LAST = 12


def rule_lines(pdf, pages: list[int], markup: str = "", columns: int = 2, margin: float = 18 * MM,
               gap: float = 8 * MM) -> list[Line]:
    """Every line of text on the given pages (the rule pages: pages.flow's margin and gap), each marked inner where
    its paragraph goes on on the line below it in the same column at the paragraph's leading (1.3), and does not
    end where a line of `markup` (what the pages were set from) ends: a line break the text writes."""
    ends = {_key(line) for line in markup.splitlines() if len(_key(line)) == LAST}
    out = []
    for i in pages:
        out += _lines_of(str(pdf), i, columns, margin, gap)
    for ln in out:
        if ln.inner and ln.text[-1:] != SHY and _key(ln.text) in ends:
            ln.inner = False
    return out


def holes(lines: list[Line], least: float = 10 * MM) -> list[Line]:
    """The inner lines ending more than `least` short of their column."""
    return [ln for ln in lines if ln.inner and ln.short > least]


def hyphenated(pdf) -> list[tuple[str, int, str]]:
    """Every word a line end hyphenated, in the whole PDF: (the word, where it was cut, the page and the line's
    text), the word made of the line's last word and the first word of the line below it in the same column or
    text box (nearest below, overlapping it)."""
    out = []
    for i in range(pdfread.page_count(pdf)):
        (_, height), chars = _page(str(pdf), i)
        lines: dict = {}
        for c in chars:
            lines.setdefault(_baseline(height, c), []).append(c)
        rows = []
        for bottom, chars in lines.items():
            chars.sort(key=lambda c: c["x0"])
            # a row may hold several text boxes side by side: cut it where the chars are far apart
            run = [chars[0]]
            for c in chars[1:]:
                if c["x0"] - run[-1]["x1"] > 2 * c["size"]:
                    rows.append((bottom, run))
                    run = []
                run.append(c)
            rows.append((bottom, run))
        for bottom, run in rows:
            if run[-1]["text"] != SHY:
                continue
            head = _spaced(run).split()[-1][:-1]
            x0, x1, size = run[0]["x0"], run[-1]["x1"], run[-1]["size"]
            below = [(b, r) for b, r in rows if bottom < b <= bottom + 2.2 * size
                     and r[0]["x0"] < x1 and r[-1]["x1"] > x0]
            if not below:
                continue
            nxt = min(below, key=lambda br: (br[0], abs(br[1][0]["x0"] - x0)))[1]
            tail = _spaced(nxt).split()[0]
            out.append((head + tail.rstrip(SHY), len(head), f"page {i + 1}: {_spaced(run)}"))
    return out


def _spaced(chars: list) -> str:
    """A row's chars as text, a space where two stand apart (a line set word by word writes none)."""
    out = ""
    for a, b in zip([None] + chars[:-1], chars):
        if a is not None and b["x0"] - a["x1"] > 0.12 * b["size"] and not out.endswith(" "):
            out += " "
        out += b["text"]
    return out
