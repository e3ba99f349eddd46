"""The card and rules markup, parsed in one place: what is drawn (layout/wrap.py), what the proof
checks and what a build refuses all come from parse() and problems() here.

Markup: **bold**, *italic*, a blank line between paragraphs, a single newline for a line break,
"- " or "• " for a bullet, "1. " for a numbered item (indented two spaces or a tab under an item: a
sub-item), "# " / "## " for headings; \\* is an asterisk printed as written (for quoting text that holds one).

Icons: ":name:" (a letter, then letters, digits, '_' or '-', between colons, with no letter right before
it, though right after a kana or kanji, as Japanese writes: "2:coin:" is two and an icon, "a:b:c" is text, "山:coin:"
a kanji and an icon) names one of the deck's icons (deck.yaml `icons:`);
parse() leaves it in a block's text as the tag <icon name="NAME"/>, which layout/wrap.py draws as a
picture on the baseline. "\\:" is a colon printed as written, so "\\:word:" prints ":word:". Which names
are icons is the deck's to say: icons_in() finds every one written, with its line, for the build's check
(layout/inline.py); one_line() splits a text region's text (no markup) into text and icons.

Spans: <span color="red" size="12pt" font="serif">text</span> (Pango's form, as Squib writes it: also
`colour`, `foreground` and `face`) sets its text in another colour, size or font family; spans nest, and end
within their paragraph. parse() keeps each tag in a block's text. What a span's values mean for a card (a palette
name, 12pt against the text's size, the deck's font) layout/spans.py works out and checks before the text is
wrapped, writing them back as one attribute, look="COLOUR LOOK SHARE LOOK FAMILY" (a colour '#rrggbb', a size as a
share of the text's, a font family's key); spans() gives the runs inside such a tag their look (a run's style
then carries it: look_of), and sets nothing apart for a tag it has not read (the rule pages). "\\<span" prints
"<span" as written.

An empty line in a card's text box (a line of spaces between two lines of text, `"a\n \nb"`, as Squib's
designers write one) is a line of its own, a full line high (full_lines marks it EMPTY_LINE, which parse() reads
as a line break); a line with nothing on it ends a paragraph, as in the rules.

Unbalanced markup: an asterisk (or a pair) that parse() leaves unpaired in a paragraph, bullet or
heading. One that touches a word on one side only ("**Bold" with no closing "**", "away*") was meant
as markup and would print as written: an error, the same in `pnp build`, `pnp export` and `pnp proof`.
One with a space on both sides, or a word on both sides ("2 * 3", "a*b"), cannot open or close
emphasis: it prints as written, and the proof warns.
"""
from __future__ import annotations

import re
from functools import lru_cache

from ..records import Record

_BULLET = re.compile(r"^\s*([-•♣♠♥♦*])\s+(.*)$")
_NUMBER = re.compile(r"^\s*(\d+[.)]|[a-z][.)])\s+(.*)$")
_HEADING = re.compile(r"^(#{1,3})\s+(.*)$")
_BOLD = re.compile(r"\*\*(.+?)\*\*", re.S)
_ITALIC = re.compile(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])", re.S)
_LEFT = re.compile(r"\*+")          # asterisks left unpaired in a block's text
_TAG = re.compile(r"<[^>]+>")
# :coin: (not after a letter or \; after a Japanese or Chinese character it is: those scripts write no spaces)
ICON = re.compile(r"(?<![^\W\d\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff66-\uff9f])(?<!\\)"
                  r":([A-Za-z][A-Za-z0-9_-]*):")
ICON_TAG = re.compile(r'<icon name="([A-Za-z][A-Za-z0-9_-]*)"/>')
_SPAN = re.compile(r'<b>|</b>|<i>|</i>|<br/>|<icon name="[^"]*"/>|<span[^>]*>|</span>|[^<]+')
SPAN_TAG = re.compile(r'(?<!\\)<span(?=[\s>])[^<>]*>|(?<!\\)</span>')    # <span ...> and </span>, not \\<span
_ATTR = re.compile(r'([A-Za-z_-]+)\s*=\s*(?:"([^"]*)"|\'([^\']*)\')')
LOOK = "\x1f"           # between a run's style and its span's look (colour, size, family)
EMPTY_LINE = "\u2063"   # a card text's line of spaces between lines of text: an empty line (full_lines)
_SPACES = re.compile(r"^[ \t\u00a0]+$")
ERROR, WARNING = "error", "warning"


class Block(Record):
    """One paragraph of parsed markup."""
    kind: str        # para | bullet | heading1 | heading2 | heading3
    text: str        # reportlab paragraph XML
    bullet: str = ""
    level: int = 0   # a bullet indented under the item before it: 1


class Problem(Record):
    """Markup that does not print as written: `line` is where its block starts (1 = the first line)."""
    level: str       # error | warning
    message: str
    start: str       # the start of the block, as written (for finding and naming it)
    line: int


def escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def attributes(tag: str) -> list[tuple[str, str]]:
    """A span tag's (name, value) pairs, in order, as written."""
    return [(m.group(1), m.group(2) if m.group(2) is not None else m.group(3)) for m in _ATTR.finditer(tag)]


def _escaped(text: str) -> str:
    """escape(text), its span tags kept (their values escaped) and \\<span printed as "<span"."""
    if "span" not in text:
        return escape(text)
    out, at = [], 0
    for m in SPAN_TAG.finditer(text):
        out.append(escape(text[at:m.start()]))
        tag = m.group()
        out.append("</span>" if tag == "</span>" else
                   "<span" + "".join(f' {k}="{escape(v)}"' for k, v in attributes(tag)) + ">")
        at = m.end()
    out.append(escape(text[at:]))
    return "".join(out).replace("\\&lt;span", "&lt;span").replace("\\&lt;/span", "&lt;/span")


def inline(text: str) -> str:
    """**bold** and *italic* to reportlab tags, :name: to an icon tag, span tags kept; unbalanced markers
    are left as written; \\* is a plain '*' and \\: a plain ':'."""
    t = _escaped(text)
    escaped = "\\*" in t
    if escaped:
        t = t.replace("\\*", "\x00")
    t = _BOLD.sub(r"<b>\1</b>", t)
    t = _ITALIC.sub(r"<i>\1</i>", t)
    if escaped:
        t = t.replace("\x00", "*")
    if ":" in t:
        t = ICON.sub(r'<icon name="\1"/>', t).replace("\\:", ":")
    return t.replace("\n", "<br/>")


def icons_in(text: str) -> list[tuple[str, int]]:
    """(name, line) of every :name: that `text` writes (line 1 is its first), in order; not \\:name:."""
    if ":" not in text:
        return []
    return [(m.group(1), text.count("\n", 0, m.start()) + 1) for m in ICON.finditer(str(text))]


def full_lines(text: str) -> str:
    """A card's text with each line of spaces between two lines of text marked EMPTY_LINE: a full empty line."""
    if "\n" not in text or not any(_SPACES.match(ln) for ln in text.split("\n")):
        return text
    lines = text.split("\n")
    written = [i for i, ln in enumerate(lines) if ln.strip()]
    if not written:
        return text
    return "\n".join(EMPTY_LINE if _SPACES.match(ln) and written[0] < i < written[-1] else ln
                     for i, ln in enumerate(lines))


def without_icons(text: str) -> str:
    """`text` with each :name: written in it left out (the glyph check: an icon is no character), and \\:
    as the colon it prints; an empty line's mark (EMPTY_LINE) too."""
    if EMPTY_LINE in text:
        text = text.replace(EMPTY_LINE, "")
    if ":" not in text:
        return text
    return ICON.sub("", text).replace("\\:", ":")


def one_line(text: str) -> list[tuple[bool, str]]:
    """A text region's text (printed as written, no markup) as (is an icon, text or icon name) runs."""
    if ":" not in text:
        return [(False, text)]
    out, at = [], 0
    for m in ICON.finditer(text):
        if m.start() > at:
            out.append((False, text[at:m.start()].replace("\\:", ":")))
        out.append((True, m.group(1)))
        at = m.end()
    if at < len(text):
        out.append((False, text[at:].replace("\\:", ":")))
    return out


@lru_cache(maxsize=4096)
def _parse(markup: str) -> tuple[tuple[Block, int, str], ...]:
    """(block, the line it starts on, its first line as written) for every block."""
    blocks: list[list] = []
    para: list[str] = []
    para_at = [0, ""]

    def flush():
        if para:
            blocks.append([Block("para", inline("\n".join(para))), *para_at])
            para.clear()

    for n, raw in enumerate(str(markup).replace("\r\n", "\n").split("\n"), 1):
        line = raw.rstrip()
        if line == EMPTY_LINE:              # a line of spaces between lines of text: an empty line
            if not para:
                para_at[:] = [n, ""]
            para.append("")
            continue
        if not line.strip():
            flush()
            continue
        h, b, num = _HEADING.match(line), _BULLET.match(line), _NUMBER.match(line)
        if h:
            flush()
            blocks.append([Block(f"heading{len(h.group(1))}", inline(h.group(2))), n, line])
        elif b and not line.lstrip().startswith("**"):
            flush()
            sym = b.group(1)
            blocks.append([Block("bullet", inline(b.group(2)), "•" if sym in "-*" else sym, _level(line, blocks)),
                           n, line])
        elif num:
            flush()
            blocks.append([Block("bullet", inline(num.group(2)), num.group(1), _level(line, blocks)), n, line])
        elif line.startswith(("  ", "\t")) and blocks and blocks[-1][0].kind == "bullet" and not para:
            last = blocks[-1][0]
            blocks[-1][0] = Block("bullet", last.text + "<br/>" + inline(line.strip()), last.bullet, last.level)
        else:
            if not para:
                para_at[:] = [n, line.strip()]
            para.append(line.strip())
    flush()
    return tuple((b, n, start) for b, n, start in blocks)


def _level(line: str, blocks: list) -> int:
    """1 for a bullet indented (two spaces or a tab) under a bullet ("   a) ..." under "1. ..."), else 0: it
    is set under its item's text (layout/text.py hanging)."""
    nested = line.startswith(("  ", "\t")) and bool(blocks) and blocks[-1][0].kind == "bullet"
    return 1 if nested else 0


@lru_cache(maxsize=4096)
def parse(markup: str) -> tuple[Block, ...]:
    return tuple(b for b, _, _ in _parse(markup))


def located(markup: str) -> tuple[tuple[Block, int], ...]:
    """Each block of parse(markup) with the line it starts on (1 = the first): where a text set over several
    pages (the print leaf) breaks, in its markup."""
    return tuple((b, n) for b, n, _ in _parse(markup))


def _unescape(t: str) -> str:
    return t.replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&")


@lru_cache(maxsize=4096)
def spans(xml: str) -> tuple[tuple[str, str], ...]:
    """A block's text as (text, style) runs; "\n" marks a line break, style "icon" an icon (text: its name).
    Inside a span, a run's style is followed by its look (LOOK, then colour, size, family: look_of)."""
    bold = italic = 0
    out = []
    looks: list = []
    for tok in _SPAN.findall(xml):
        if tok.startswith("<span"):
            looks.append(_look(tok, looks[-1] if looks else ("", "", "")))
        elif tok == "</span>":
            if looks:
                looks.pop()
        elif tok == "<b>":
            bold += 1
        elif tok == "</b>":
            bold -= 1
        elif tok == "<i>":
            italic += 1
        elif tok == "</i>":
            italic -= 1
        elif tok == "<br/>":
            out.append(("\n", "regular"))
        elif tok.startswith("<icon "):
            out.append((tok[12:-3], "icon"))
        else:
            style = ("bold" if bold else "") + ("italic" if italic else "")
            style = {"": "regular", "bolditalic": "bolditalic"}.get(style, style)
            out.append((_unescape(tok), LOOK.join((style, *looks[-1])) if looks else style))
    return tuple(out)


def _look(tag: str, outer: tuple) -> tuple:
    """(colour, size, family) inside a span tag ('' where it says nothing: its outer span's), as layout/spans.py
    writes them once it has checked them: look="COLOUR LOOK SHARE LOOK FAMILY". A tag it has not read (in the
    rule pages) sets nothing apart: its words print as the text around them."""
    looks = [v.split(LOOK) for k, v in attributes(_unescape(tag)) if k == "look" and v.count(LOOK) == 2]
    if not looks:
        return outer
    return tuple(v or o for v, o in zip(looks[-1], outer))


@lru_cache(maxsize=1024)
def look_of(style: str) -> tuple[str, str, float, str]:
    """A run's style (spans()) as (style, colour, size as a share of the text's, family): ('bold', '', 1.0, '')
    outside a span. A size not yet a share (a span's tag as written, in text layout/spans.py has not
    seen: the rule pages) counts as the text's."""
    if LOOK not in style:
        return style, "", 1.0, ""
    base, colour, size, family = style.split(LOOK)
    try:
        share = float(size) if size else 1.0
    except ValueError:
        share = 1.0
    return base, colour, share if 0 < share < 100 else 1.0, family


def plain(markup: str) -> str:
    """The text a reader sees, without markup: for the proof and for tests."""
    out = []
    for b in parse(markup):
        t = re.sub(r"<br/>", "\n", b.text)
        t = ICON_TAG.sub(r":\1:", t)
        t = re.sub(r"<[^>]+>", "", t).replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&")
        out.append(f"{b.bullet} {t}" if b.bullet else t)
    return "\n".join(out)


def styles_used(markup: str) -> tuple[str, ...]:
    """The styles the markup prints in: regular, and those of its runs (spans), a heading's set bold. Only
    these fonts are parsed and checked for glyphs (a block with **bold** and, apart from it, *italic*
    prints no bold italic)."""
    used = {"regular"}
    for b in parse(markup):
        styles = {st.partition(LOOK)[0] for t, st in spans(b.text) if st != "icon" and t != "\n"}
        if b.kind.startswith("heading"):
            styles = {"bolditalic" if "italic" in st else "bold" for st in styles} | {"bold"}
        used |= styles
    return tuple(sorted(used))


def _meant(text: str, m: re.Match) -> bool:
    """Whether unpaired asterisks were meant as markup: a word on one side of them only."""
    before = text[m.start() - 1] if m.start() else " "
    after = text[m.end()] if m.end() < len(text) else " "
    return before.isspace() != after.isspace()


_DEEP_HEADING = re.compile(r"^ {0,3}(#{4,6})\s")      # Markdown's fourth to sixth levels: markup has # to ###


@lru_cache(maxsize=4096)
def problems(markup: str) -> tuple[Problem, ...]:
    """Every block of `markup` whose asterisks do not pair up (see the module's docstring), and every heading
    deeper than ### (Markdown's ####), which would print with its hashes."""
    out = []
    if "####" in markup:
        for n, line in enumerate(markup.split("\n"), 1):
            deep = _DEEP_HEADING.match(line)
            if deep:
                out.append(Problem(ERROR, f"'{deep.group(1)}' is a level-{len(deep.group(1))} heading, which pnp does "
                                          "not read: it would print as written (headings are #, ## and ###)",
                                   line[:60], n))
    if "*" not in markup:
        return tuple(out)
    for b, line, start in _parse(markup.replace("\\*", "\x01")):     # an escaped \\* is no markup
        if "*" not in b.text:
            continue
        flat = _TAG.sub("", b.text.replace("<br/>", " "))     # what prints, less the markup that paired
        left = list(_LEFT.finditer(flat))
        meant = [m for m in left if _meant(flat, m)]
        start = start if len(start) <= 60 else start[:57] + "..."
        bold = sum(m.group().count("**") for m in meant)
        single = sum(len(m.group()) % 2 for m in meant)
        if bold:
            out.append(Problem(ERROR, f"unbalanced markup: {bold} '**' (bold) in the paragraph '{start}'",
                               start, line))
        elif single:
            out.append(Problem(ERROR, f"unbalanced markup: {single} '*' (italic) in the paragraph '{start}'",
                               start, line))
        elif left:
            out.append(Problem(WARNING, "an asterisk prints as written (markup needs *text* with no space "
                                        f"inside) in the paragraph '{start}'", start, line))
    return tuple(out)
