"""Text shaped as a typographer sets it: HarfBuzz (uharfbuzz) gives each run of a line its glyphs and their
advances (kerning, standard ligatures, mark positioning, Arabic's joined forms), and the Unicode bidi algorithm
(python-bidi) orders a line's runs, right-to-left ones (Arabic, Persian, Hebrew) from right to left and numbers
and Latin words inside them in their own order.

A text is shaped a word at a time (a space is a space's own advance), so that a line's width is its words'
widths and its spaces', as the wrapper measures them, and the drawing sets every glyph where the measuring put
it. Every width pnp measures text by (wrapping, shrinking to fit, centring, the safe zone, labels) is
`width` here; the pen (render/draw.py) draws `glyphs`. Shaped words are remembered by their text and font: a
font's reportlab name names its file's contents (layout/fonts.py), and HarfBuzz's advances scale with the size
(no hinting), so one shaping in 1/1000 em serves every size.
Not here: where a line breaks (wrap.py, hyphens.py); how glyphs are written into a PDF (render/draw.py);
reportlab's private names (reportlab_adapter.py).
"""
from __future__ import annotations

import re
from functools import lru_cache
from unicodedata import bidirectional

from ..records import Record
from ..reportlab_adapter import add_private_glyphs, font_bytes, glyph_char, glyph_maps, private_glyphs
from . import shapecache

FEATURES = {"kern": True, "liga": True, "clig": True, "calt": True, "mark": True, "mkmk": True}
RTL_TYPES = frozenset(("R", "AL"))
STRONG = frozenset(("L", "R", "AL"))
SHY = "\u00ad"
OPENS, PDI = "\u2066\u2067\u2068", "\u2069"         # LRI, RLI, FSI: a name isolated in a sentence; its close
UNSEEN = dict.fromkeys(map(ord, SHY + "\u200b"))        # soft hyphen, zero-width space: drawn only at a line's end
INVISIBLE = dict.fromkeys(map(ord, SHY + "\u200b" + OPENS + PDI))   # ... and the isolates: never drawn


class Glyph(Record):
    """One shaped glyph: its id in the font, the character it is drawn as (a character the font maps to that
    glyph, or a private-use one standing for it: reportlab_adapter.glyph_char), the character's own advance and the
    shaped advance and offsets, in 1/1000 em."""
    gid: int
    char: str
    width: float
    advance: float
    dx: float
    dy: float


@lru_cache(maxsize=64)
def _hb_font(font: str):
    """HarfBuzz's font for a registered reportlab font (by name: it names the file's contents); HarfBuzz is
    loaded only when a word is not in the shaping cache (shapecache.py)."""
    import uharfbuzz as hb  # lazy: ~17 ms to import HarfBuzz, which a rebuild whose words are all in the shaping book never loads
    return hb.Font(hb.Face(hb.Blob(font_bytes(font))))


def rtl(text: str) -> bool:
    """Whether `text`'s first strong character outside its isolates is right-to-left (a paragraph that starts at
    the right: the bidi algorithm's rules P2 and P3)."""
    if text.isascii():
        return False
    if not _isolated(text):
        text = "".join(text[a:b] for a, b in _outside(text))
    for c in text:
        kind = bidirectional(c)
        if kind in STRONG:
            return kind != "L"
    return False


def has_rtl(text: str) -> bool:
    """Whether `text` holds a right-to-left letter (Hebrew, Arabic ...)."""
    return not text.isascii() and not RTL_TYPES.isdisjoint(map(bidirectional, text))


def _isolated(text: str) -> bool:
    """Whether `text` holds no isolate (a name pnp set apart in its own sentence: language.isolate)."""
    return text.isascii() or not any(c in text for c in OPENS)


def _spans(text: str) -> list[tuple[int, int]]:
    """Where `text`'s outermost isolates are: [(at its opening, after its PDI or the text's end)]."""
    out, depth, start = [], 0, 0
    for i, c in enumerate(text):
        if c in OPENS:
            if not depth:
                start = i
            depth += 1
        elif c == PDI and depth:
            depth -= 1
            if not depth:
                out.append((start, i + 1))
    if depth:
        out.append((start, len(text)))
    return out


def _outside(text: str) -> list[tuple[int, int]]:
    """The stretches of `text` outside its isolates, as (start, end)."""
    out, at = [], 0
    for a, b in _spans(text):
        out.append((at, a))
        at = b
    return out + [(at, len(text))]


def levels(text: str, base: int | None = None) -> list[int]:
    """The bidi embedding level of each character of `text` (no soft hyphens or zero-width spaces in it): all 0
    for text without a right-to-left character in a left-to-right paragraph. `base`: the paragraph's level
    (0, 1), else found from its first strong character. An isolate (FSI, LRI or RLI to its PDI: a name pnp
    wrote into its own sentence) is resolved on its own, one level up in its own direction, and is one neutral
    character to the text around it (the bidi algorithm's rules X5a-X6a and BD13)."""
    if base is None:
        base = rtl(text)
    if not base and not has_rtl(text):
        return [0] * len(text)
    if not _isolated(text):
        return _with_isolates(text, int(base))
    if PDI in text:                 # a PDI whose opening ended the line above: a neutral (python-bidi refuses it)
        text = text.replace(PDI, "\ufffc")
    from bidi import algorithm as uba  # lazy, +0.6 ms to import: (loaded only for right-to-left text)
    storage = uba.get_empty_storage()
    storage["base_level"], storage["base_dir"] = int(base), "LR"[int(base)]
    uba.get_embedding_levels(text, storage, False, False)
    uba.explicit_embed_and_overrides(storage, False)
    uba.resolve_weak_types(storage, False)
    uba.resolve_neutral_types(storage, False)
    uba.resolve_implicit_levels(storage, False)
    got = [c["level"] for c in storage["chars"]]
    return got if len(got) == len(text) else [int(base)] * len(text)


def _with_isolates(text: str, base: int) -> list[int]:
    """levels() of a text holding isolates: the text with each isolate as one neutral character (U+FFFC), and
    each isolate's content as a paragraph of its own direction (its opening's: FSI its first strong character's),
    raised to the least level above the paragraph's of that direction; its opening and PDI at the neutral's."""
    spans = _spans(text)
    outer, at = "", 0
    for a, b in spans:
        outer += text[at:a] + "\ufffc"
        at = b
    outer_lv = levels(outer + text[at:], base)
    out, at, k = [], 0, 0
    for a, b in spans:
        out.extend(outer_lv[k:k + a - at])
        k += a - at
        level = outer_lv[k]
        closed = text[b - 1] == PDI and b - a > 1
        inside = text[a + 1:b - 1 if closed else b]
        own = {"\u2066": 0, "\u2067": 1}.get(text[a], int(rtl(inside)))
        raised = base + 1 if own != base % 2 else base + 2          # the least level above of its direction
        out.append(level)
        out.extend(v - own + raised for v in (levels(inside, own) if inside else []))
        if closed:
            out.append(level)
        k += 1
        at = b
    out.extend(outer_lv[k:])
    return out


def visual(items: list, lv: list[int]) -> list:
    """`items` (in logical order, each at level `lv[i]`) in visual order, left to right: every run at a level of
    at least L reversed, from the highest level down to the lowest odd one (the bidi algorithm's rule L2)."""
    if not lv or max(lv) == 0:
        return list(items)
    order = list(range(len(items)))
    lo = min(lv)
    lo += not lo % 2
    for level in range(max(lv), lo - 1, -1):
        i = 0
        while i < len(order):
            if lv[order[i]] >= level:
                j = i
                while j < len(order) and lv[order[j]] >= level:
                    j += 1
                order[i:j] = order[i:j][::-1]
                i = j
            else:
                i += 1
    return [items[k] for k in order]


def in_visual_order(line: list, rtl_: bool, icon: str) -> list:
    """A line's words [(x, word, font, width)] (wrap.py's, in the order written) as [(x, word, font, width, bidi
    level)] in visual order, placed again from the left with the spaces they had between them; as they were
    (level 0) in a line of left-to-right text. The spaces between words are ordered with them at their own
    levels (a number and an isolated name after it, "4 ⁨Wheat⁩" in Arabic, are two runs the space between them
    parts). A word in the font `icon` (an icon) is a neutral character, so it stays where it is written among
    the words around it."""
    if not rtl_ and all(w.isascii() for _, w, _, _ in line):
        return [(*item, 0) for item in line]
    text, items, at = "", [], []          # items: k for word k, -k-1 for the space before word k
    for k, (x, word, font, ww) in enumerate(line):
        if k and x > line[k - 1][0] + line[k - 1][3] + 0.01:
            items.append(-k - 1)
            at.append(len(text))
            text += " "
        seen = "\ufffc" if font == icon else word.translate(UNSEEN) or "\ufffc"
        items.append(k)
        at.append(len(text) + min(len(seen) - 1, seen_from(seen)))
        text += seen
    lv = levels(text, int(rtl_))
    order = visual(list(range(len(items))), [lv[i] for i in at])
    out, x = [], 0.0
    for n in order:
        k = items[n]
        if k < 0:                       # a space: the room it had
            k = -k - 1
            x += line[k][0] - line[k - 1][0] - line[k - 1][3]
            continue
        out.append((x, line[k][1], line[k][2], line[k][3], lv[at[n]]))
        x += line[k][3]
    return out


def mirrored(text: str, level: int) -> str:
    """`text` as a run at bidi `level` is drawn, where the pen shapes it left to right (no right-to-left letter in
    it: a bracket or a colon in the Latin font beside an Arabic word): at an odd level, its characters from the
    right and each bracket (and every other mirrored character) as its mirror image, the bidi algorithm's rules
    L2 and L4 (HarfBuzz does both for a right-to-left run)."""
    if not level % 2 or has_rtl(text) or text.isalnum():
        return text
    from bidi.mirror import MIRRORED  # lazy, +0.2 ms to import: (right-to-left lines only)
    return "".join(MIRRORED.get(c, c) for c in reversed(text))


def seen_from(word: str) -> int:
    """Where a word's first character that is not an isolate's opening or close is (its level is the word's)."""
    i = 0
    while i < len(word) and (word[i] in OPENS or word[i] == PDI):
        i += 1
    return i


def visible(text: str) -> bool:
    """Whether `text` holds nothing INVISIBLE (a soft hyphen, a zero-width space, an isolate)."""
    return text.isascii() or _UNDRAWN.search(text) is None


_UNDRAWN = re.compile("[\u00ad\u200b\u2066-\u2069]")     # INVISIBLE's characters


def _harfbuzz(word: str, font: str, rtl_: bool) -> tuple:
    """HarfBuzz's shaping of a word: ((gid, cluster, x advance, x offset, y offset), ...) in font units, in
    visual order."""
    if not word:                # (nothing to shape: HarfBuzz gives an empty buffer no positions at all)
        return ()
    import uharfbuzz as hb  # lazy: ~17 ms to import HarfBuzz, which a rebuild whose words are all in the shaping book never loads
    buf = hb.Buffer()
    buf.add_str(word)
    buf.guess_segment_properties()
    buf.direction = "rtl" if rtl_ else "ltr"
    hb.shape(_hb_font(font), buf, FEATURES)
    return tuple((i.codepoint, i.cluster, p.x_advance, p.x_offset, p.y_offset)
                 for i, p in zip(buf.glyph_infos, buf.glyph_positions))


@lru_cache(maxsize=65536)
def _raw(word: str, font: str, rtl_: bool) -> tuple:
    """What HarfBuzz makes of a word (no spaces, one direction), from the shaping cache or HarfBuzz itself."""
    key = word + "\x01" if rtl_ else word
    raw = shapecache.get(font, key)
    if raw is None:
        raw = _harfbuzz(word, font, rtl_)
        shapecache.put(font, key, raw)
    return raw


def _spellings(word: str, raw: tuple) -> list:
    """The characters each glyph of `raw` was made of: a cluster's first glyph spells the cluster, any other
    nothing."""
    starts = sorted({g[1] for g in raw}) + [len(word)]
    ends = dict(zip(starts, starts[1:]))
    out, seen = [], set()
    for g in raw:
        out.append(word[g[1]:ends[g[1]]] if g[1] not in seen else "")
        seen.add(g[1])
    return out


@lru_cache(maxsize=65536)
def _shaped(word: str, font: str, rtl_: bool) -> tuple:
    """A word (no spaces, one direction) shaped: its Glyphs in visual order."""
    raw = _raw(word, font, rtl_)
    chars, widths, upem = glyph_maps(font)
    scale = 1000.0 / upem
    out = []
    for (gid, _, advance, dx, dy), spelled in zip(raw, _spellings(word, raw)):
        if len(spelled) == 1 and chars.get(ord(spelled)) == gid:
            char, width = spelled, widths.get(ord(spelled), 0.0)
        else:
            char, width = glyph_char(font, gid, spelled)
        out.append(Glyph(gid, char, width, advance * scale, dx * scale, dy * scale))
    return tuple(out)


@lru_cache(maxsize=65536)
def _set(word: str, font: str) -> tuple | None:
    """A left-to-right word as the pen writes it: (its characters, its advance in 1/1000 em, ((glyph index,
    what the glyph is moved by first, as TJ counts), ...), what the next glyph is moved by); None for a word with
    a glyph raised or lowered (Glyphs draw it). The same figures as its Glyphs, without making them."""
    raw = _raw(word, font, False)
    chars, widths, upem = glyph_maps(font)
    scale = 1000.0 / upem
    simple = len(raw) == len(word) and all(g[1] == i for i, g in enumerate(raw))
    spelled = word if simple else _spellings(word, raw)
    out, moves, carry, em = [], [], 0.0, 0.0
    for i, (gid, _, advance, dx, dy) in enumerate(raw):
        if dy:
            return None
        ch = spelled[i]
        if len(ch) == 1 and chars.get(ord(ch)) == gid:
            width = widths.get(ord(ch), 0.0)
        else:
            ch, width = glyph_char(font, gid, ch)
        a, x = advance * scale, dx * scale
        move = carry - x
        if move > 0.005 or move < -0.005:
            moves.append((i, round(move, 3)))
        out.append(ch)
        carry, em = width - a + x, em + a
    return "".join(out), em, tuple(moves), carry


@lru_cache(maxsize=65536)
def drawing(text: str, font: str) -> tuple:
    """`text` as the pen writes it: (the characters of its glyphs in visual order, ((glyph index, what that glyph
    is moved by first, in TJ's 1/1000 em), ...), ((glyph index, its rise in 1/1000 em), ...) for a glyph raised
    or lowered, each until the next); kept in the shaping cache, so that a rebuild finds its lines there."""
    key = "\x02" + text
    kept = shapecache.get_line(font, key)
    if kept is not None and add_private_glyphs(font, kept[3]):
        return kept[:3]
    got = _drawing_of(text, font)
    shapecache.put(font, key, (*got, private_glyphs(font, got[0])))
    return got


def _drawing_of(text: str, font: str) -> tuple:
    if visible(text) and not has_rtl(text):
        out, moves, n, carry = [], [], 0, 0.0
        for k, word in enumerate(text.split(" ")):
            for part in ((" ", word) if k else (word,)):
                got = _set(part, font) if part else ("", 0.0, (), 0.0)
                if got is None:
                    return _drawing(glyphs(text, font))
                chars, _, mv, after = got
                if not chars:
                    continue
                first = mv[0][1] if mv and mv[0][0] == 0 else 0.0
                move = carry + first
                if move > 0.005 or move < -0.005:
                    moves.append((n, round(move, 3)))
                moves.extend((n + i, m) for i, m in mv if i)
                out.append(chars)
                n, carry = n + len(chars), after
        return "".join(out), tuple(moves), ()
    return _drawing(glyphs(text, font))


def _drawing(gs: tuple) -> tuple:
    """drawing() made from Glyphs."""
    moves, rises, carry, rise = [], [], 0.0, 0.0
    for i, g in enumerate(gs):
        move = carry - g.dx
        if move > 0.005 or move < -0.005:
            moves.append((i, round(move, 3)))
        if g.dy != rise:
            rise = g.dy
            rises.append((i, rise))
        carry = g.width - g.advance + g.dx
    return "".join(g.char for g in gs), tuple(moves), tuple(rises)


@lru_cache(maxsize=65536)
def glyphs(text: str, font: str) -> tuple:
    """`text` as its Glyphs in visual order, left to right: each word and each run of one direction shaped,
    the runs ordered by the bidi algorithm (its paragraph's direction from its first strong character), each
    space its own advance. Zero-width spaces are not drawn, nor soft hyphens but the one that ends a text (its line
    broken there): that one is a hyphen."""
    if text[-1:] == SHY:            # a line's end hyphenated: its hyphen
        return glyphs(text[:-1], font) + (_hyphen(font),)
    text = text.translate(INVISIBLE)
    if not text:
        return ()
    if not has_rtl(text):          # left to right throughout: its words and spaces in order
        out = []
        for k, word in enumerate(text.split(" ")):
            if k:
                out.extend(_shaped(" ", font, False))
            if word:
                out.extend(_shaped(word, font, False))
        return tuple(out)
    lv = levels(text)
    runs: list = []             # (text, level) cut at spaces and where the level changes
    start = 0
    for i in range(1, len(text) + 1):
        if i == len(text) or lv[i] != lv[start] or text[i] == " " or text[i - 1] == " ":
            runs.append((text[start:i], lv[start]))
            start = i
    out: list = []
    for run, level in visual(runs, [lvl for _, lvl in runs]):
        out.extend(_shaped(run, font, bool(level % 2)))
    return tuple(out)


@lru_cache(maxsize=64)
def _hyphen(font: str) -> Glyph:
    """The hyphen that ends a hyphenated line: the hyphen's glyph, read back as a soft hyphen (glyph_char)."""
    chars, widths, _ = glyph_maps(font)
    gid = chars.get(ord("-"), 0)
    char, width = glyph_char(font, gid, SHY)
    return Glyph(gid, char, width, widths.get(ord("-"), width), 0.0, 0.0)


@lru_cache(maxsize=65536)
def _em(text: str, font: str) -> float:
    if " " not in text and visible(text) and not has_rtl(text):
        got = _set(text, font)
        if got is not None:
            return got[1]
    return sum(g.advance for g in glyphs(text, font))


def width(text: str, font: str, size: float) -> float:
    """`text`'s shaped width in points at `size` in a registered font: what every measure of text uses."""
    return _em(text, font) * size / 1000.0


@lru_cache(maxsize=65536)
def plain(text: str, font: str) -> bool:
    """Whether `text` draws as its own characters at their own advances (nothing shaped differs): the pen then
    writes it as it is."""
    chars, moves, rises = drawing(text, font)
    return chars == text and not moves and not rises
