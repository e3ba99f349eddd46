"""Rich text for cards and pages: a small Markdown-like markup, wrapped and shrunk to fit.

Markup: **bold**, *italic*, a blank line between paragraphs, a single newline for a line
break, "- " or "• " for a bullet, "1. " for a numbered item, "# " / "## " for headings.
Wrapping and drawing are reportlab's Paragraph; this module decides sizes and fit.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from reportlab.lib.enums import TA_CENTER, TA_JUSTIFY, TA_LEFT, TA_RIGHT
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Paragraph

from . import fonts

ALIGN = {"left": TA_LEFT, "center": TA_CENTER, "right": TA_RIGHT, "justify": TA_JUSTIFY}
_BULLET = re.compile(r"^\s*([-•♣♠♥♦*])\s+(.*)$")
_NUMBER = re.compile(r"^\s*(\d+[.)]|[a-z][.)])\s+(.*)$")
_HEADING = re.compile(r"^(#{1,3})\s+(.*)$")
_BOLD = re.compile(r"\*\*(.+?)\*\*", re.S)
_ITALIC = re.compile(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])", re.S)


@dataclass(frozen=True)
class Block:
    """One paragraph of parsed markup."""
    kind: str        # para | bullet | heading1 | heading2 | heading3
    text: str        # reportlab paragraph XML
    bullet: str = ""


def escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def inline(text: str) -> str:
    """**bold** and *italic* to reportlab tags; unbalanced markers are left as written."""
    t = escape(text)
    t = _BOLD.sub(r"<b>\1</b>", t)
    t = _ITALIC.sub(r"<i>\1</i>", t)
    return t.replace("\n", "<br/>")


@lru_cache(maxsize=4096)
def parse(markup: str) -> tuple[Block, ...]:
    blocks: list[Block] = []
    para: list[str] = []

    def flush():
        if para:
            blocks.append(Block("para", inline("\n".join(para))))
            para.clear()

    for raw in str(markup).replace("\r\n", "\n").split("\n"):
        line = raw.rstrip()
        if not line.strip():
            flush()
            continue
        h, b, n = _HEADING.match(line), _BULLET.match(line), _NUMBER.match(line)
        if h:
            flush()
            blocks.append(Block(f"heading{len(h.group(1))}", inline(h.group(2))))
        elif b and not line.lstrip().startswith("**"):
            flush()
            sym = b.group(1)
            blocks.append(Block("bullet", inline(b.group(2)), "•" if sym in "-*" else sym))
        elif n:
            flush()
            blocks.append(Block("bullet", inline(n.group(2)), n.group(1)))
        elif line.startswith(("  ", "\t")) and blocks and blocks[-1].kind == "bullet" and not para:
            last = blocks.pop()
            blocks.append(Block("bullet", last.text + "<br/>" + inline(line.strip()), last.bullet))
        else:
            para.append(line.strip())
    flush()
    return tuple(blocks)


def plain(markup: str) -> str:
    """The text a reader sees, without markup: for the proof and for tests."""
    out = []
    for b in parse(markup):
        t = re.sub(r"<br/>", "\n", b.text)
        t = re.sub(r"<[^>]+>", "", t).replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&")
        out.append(f"{b.bullet} {t}" if b.bullet else t)
    return "\n".join(out)


def styles_used(markup: str) -> tuple[str, ...]:
    used = {"regular"}
    for b in parse(markup):
        if "<b>" in b.text or b.kind.startswith("heading"):
            used.add("bold")
        if "<i>" in b.text:
            used.add("italic")
        if "<b>" in b.text and "<i>" in b.text:
            used.add("bolditalic")
    return tuple(sorted(used))


@lru_cache(maxsize=2048)
def _style(family: str, size: float, leading: float, align: str, colour: str, kind: str,
           bullet_width: float) -> ParagraphStyle:
    base = fonts.font_name(family)
    scale = {"heading1": 1.3, "heading2": 1.15, "heading3": 1.0}.get(kind, 1.0)
    s = size * scale
    st = ParagraphStyle(
        name=f"{family}-{kind}-{size}", fontName=fonts.font_name(family, "bold") if kind.startswith("heading")
        else base, fontSize=s, leading=s * leading, textColor=colour,
        alignment=TA_LEFT if kind.startswith("heading") and align == "justify" else ALIGN[align],
        spaceAfter=size * 0.35, spaceBefore=size * (0.5 if kind.startswith("heading") else 0))
    if kind == "bullet":
        st.leftIndent = bullet_width
        st.bulletIndent = 0
        st.bulletFontName = base
        st.bulletFontSize = s
        st.spaceAfter = size * 0.2
    return st


def paragraphs(markup: str, family: str, size: float, leading: float = 1.2, align: str = "left",
               colour: str = "#000000") -> list[Paragraph]:
    out = []
    fonts.ensure(family, styles_used(markup))
    for b in parse(markup):
        bw = size * (1.1 if len(b.bullet) <= 1 else 0.65 * len(b.bullet) + 0.6) if b.bullet else 0.0
        st = _style(family, size, leading, align, colour, b.kind, bw)
        out.append(Paragraph(b.text, st, bulletText=b.bullet or None))
    return out


def measure(paras: list[Paragraph], width: float) -> tuple[float, float]:
    """(height, widest unbreakable width) of paragraphs stacked in a column of `width`."""
    height, widest = 0.0, 0.0
    for i, p in enumerate(paras):
        _, h = p.wrap(width, 1e6)
        height += h + (p.style.spaceBefore if i else 0) + (p.style.spaceAfter if i < len(paras) - 1 else 0)
        widest = max(widest, p.minWidth() + p.style.leftIndent)
    return height, widest


@dataclass
class Fitted:
    paragraphs: list
    size: float
    height: float


def fit(markup: str, family: str, width: float, height: float, size: float, min_size: float,
        leading: float = 1.2, align: str = "left", colour: str = "#000000") -> Fitted | None:
    """The largest size from `size` down to `min_size` (0.25pt steps) at which the text fits, or None."""
    def attempt(s):
        paras = paragraphs(markup, family, s, leading, align, colour)
        h, widest = measure(paras, width)
        return paras, h, (h <= height + 0.01 and widest <= width + 0.01)

    paras, h, ok = attempt(size)
    if ok:
        return Fitted(paras, size, h)
    steps = int(round((size - min_size) / 0.25))
    lo, hi, best = 1, steps, None
    while lo <= hi:                      # binary search the largest size that fits
        mid = (lo + hi) // 2
        s = size - 0.25 * mid
        p, hh, good = attempt(s)
        if good:
            best, hi = (p, s, hh), mid - 1
        else:
            lo = mid + 1
    if best is None:
        return None
    p, s, hh = best
    if p is not None:
        # re-wrap at the chosen size so the paragraphs hold that layout for drawing
        measure(p, width)
    return Fitted(p, s, hh)
