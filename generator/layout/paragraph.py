"""A paragraph broken into lines as a whole (total fit, as Knuth and Plass break TeX's paragraphs): of every set of
breaks, the one whose lines cost least in sum, each line's cost from how short it ends (its slack, cubed, as
TeX's badness), the hyphen it ends with, a hyphen on the line above too, a label parted from its number ("Player
/ 3") and, for the last line, one short word alone or nothing but the end of a word hyphenated above it; a line ending more than HOLE short (a hole) costs more than
any of those but the label, so that no hole is left where a set of breaks without one exists; where none does, a
hole 15 mm deeper costs as much as another (two lines ending 11 mm short are better than one ending 40 mm short).
So a short line is moved up the paragraph rather than left as a hole, and a hyphen is taken only where it mends the
rag. A line's spaces may narrow (by up to SHRINK of each, at a cost, as TeX's shrinkable glue and a typesetter's minimum word space) to
take a word more.

The paragraph is n words, each with its width, the room before it (a space's width, or nothing), and whether a
line may break before it (`kinds`: SPACE; GLUE only where nothing else fits: an icon and the word it belongs to,
runs of one word in several fonts). A line may also end inside a word, at a point `cuts(k)` gives, asked for only
where a line's last word does not fit whole: a hyphenation point (the line ends with a hyphen) or a no-break space
between a number and its noun (the line ends before it, the next starts after it: TIED, only where keeping
them leaves a hole or nothing else fits, the noun never left alone on the last line: STRANDED). On a page a
line's last full stop, comma or closing quote may stand past the measure by part of its width (HANG, as
microtype's protrusion), so that its letters end there to the eye.
`piece(k, a, b, hyphen)` is the width of word k from a to b (b None: to its end), its hyphen added. A word no line
can hold is set whole on a line of its own (over-full: wrap.Lines' `widest` tells the fitter, which shrinks the
text).
lines_of makes a paragraph's words (words.words_of's) into these and its lines from the breaks.
Not here: a block's words and its forced breaks (wrap.break_lines, words.py), where a word may be hyphenated
(hyphens.py).
"""
from __future__ import annotations

import heapq
import re
from bisect import bisect_left, bisect_right

from ..units import length
from . import hyphens
from .words import ICON, space_width, width_of

SHY = hyphens.SHY

SPACE, GLUE, LABEL = 1, 2, 3            # a break before a word: at a space; in glue (last resort); before a number
HOLE = length("10mm")                   # an inner line ending this much short of its measure is a hole
LINE = 10.0                             # TeX's \linepenalty: every line costs this much badness at least
HYPHEN = 2500.0                         # demerits of a line ending in a hyphen (TeX's \hyphenpenalty 50, squared)
LADDER = 5000.0                         # ... of two lines in a row ending in hyphens (TeX's \doublehyphendemerits)
FINAL = 10000.0                         # ... of a paragraph's last line holding nothing but the end of a word
#                                         ("play- / ers.", as TeX's \finalhyphendemerits): with HYPHEN, more than any
#                                         line short of a hole costs, so the word goes down whole unless that leaves one
LABELLED = 1.5e6                        # ... of a number parted from the word before it ("Player / 3")
TIED = 9e5                              # ... of a number parted from its noun at their no-break space ("3 / cards"):
#                                         only where nothing else fits, or keeping them leaves a hole (under HOLED)
KEPT = 3e6                              # ... where its text holds them firmer (the players' leaf, issue 44): only
#                                         where nothing else fits, or keeping them leaves a line 40 mm short
STRANDED = 2e6                          # ... and its noun left alone on the paragraph's last line: worse than a
#                                         hole up to 25 mm deeper ("15 / pieces." keeps "15 pieces." whole)
WIDOW = 0.2                             # of the measure: a last line this short holding one word alone ...
ALONE = 20000.0                         # ... costs this
HOLED = 1e6                             # an inner line ending more than HOLE short
DEEPER = length("15mm")                 # ... and as much again for every 15 mm more (one deep hole is worse than two)
FORCED = 1e8                            # a break in glue, a third hyphen in a row, an over-full line
TOO_MANY = 2                            # lines in a row ending in a hyphen, at most (but where nothing else fits)
SHRINK = 0.2                            # of a space: how much a line's spaces may narrow to take a word more
DEEP = 2 * HOLE                         # a line ending this short is tried only where no other can end
ROOM = length("8mm")                    # a word is hyphenated only where the line leaves this much before it
HANG = {".": 0.7, ",": 0.7, "’": 0.7, "”": 0.7, ":": 0.5, ";": 0.5}   # of its width: how far a page line's last
#                                         character may stand past the measure (microtype's protrusion), so that
#                                         the line's letters end at the measure to the eye


def _badness(slack: float, stretch: float) -> float:
    r = slack / stretch
    return min(100.0 * r * r * r, 10000.0)


def breaks(widths: list, gaps: list, kinds: list, avail: float, piece, cuts, hyphened, lines_cost: float = 0.0,
           last_alone: bool = True, hangs: list | None = None, tied: float = TIED) -> list:
    """The best breaks of a paragraph of len(widths) words: [(start, end)] a line each, a position being (word,
    cut: 0 for the word's start), end (n, 0) for the paragraph's. `gaps[k]`: the room before word k (k > 0);
    `kinds[k]`: SPACE, GLUE or LABEL before word k, or 0 where a line never breaks; `piece(k, a, b, hyphen)`,
    `cuts(k)` ((where the line ends in it, where the next line starts in it, whether with a hyphen), ...): above;
    `hyphened(k)`: whether word k ends in a hard hyphen (a line ending there counts as hyphenated); `lines_cost`:
    what each line costs besides (a text box's height is what it has: a line more costs more than any rag);
    `last_alone`: whether one short word alone on the last line costs ALONE; `hangs[k]`: how far word k's last
    character may stand past the measure where a line ends with it (HANG); `tied`: what parting a number from its
    noun costs (TIED, or KEPT).
    A position is held as one number, word << 16 | cut, and a state as position << 2 | the hyphens in a row."""
    n = len(widths)
    if n == 0:
        return [((0, 0), (n, 0))]
    words = Words(widths, gaps, kinds, hyphened, hangs)
    words.tied = tied
    end = n << 16
    stretch = min(HOLE, avail / 4) or 1.0
    hole = HOLED + (LINE + _badness(HOLE, stretch)) ** 2
    alone_below = WIDOW * avail if last_alone else -1.0
    # the cheapest way found to each state: state -> (cost, the state before it)
    best: dict = {0: (0.0, -1)}
    todo, seen = [0], set()
    pop, push = heapq.heappop, heapq.heappush
    while todo:
        state = pop(todo)
        if state in seen:
            continue
        seen.add(state)
        start, run = state >> 2, state & 3
        if start == end:
            continue
        base = best[state][0] + lines_cost
        for stop, width, room, hyphen, penalty, alone in ends(start >> 16, start & 0xFFFF, words, avail, piece,
                                                               cuts):
            slack = avail - width
            if slack < -0.01:           # its spaces narrowed (by up to SHRINK of each): as TeX's shrink
                cost = (LINE + _badness(-slack, room)) ** 2 if -slack <= room + 0.01 else FORCED + 1e8
            elif stop == end:
                cost = LINE * LINE + (ALONE if alone and width < alone_below else 0.0) + (FINAL if run and alone
                                                                                        else 0.0)
                if alone and start & 0xFFFF and not run:        # a noun alone, parted from its number above
                    cost += STRANDED
            elif slack > HOLE:          # a hole: HOLED, and as much again for each DEEPER it is wider
                cost = hole + HOLED * (slack - HOLE) / DEEPER
            else:
                r = slack / stretch
                cost = (LINE + 100.0 * r * r * r) ** 2
            if hyphen:
                cost += HYPHEN + (LADDER if run else 0.0) + (FORCED if run >= TOO_MANY else 0.0)
                key = stop << 2 | min(run + 1, TOO_MANY + 1)
            else:
                key = stop << 2
            total = base + cost + penalty
            got = best.get(key)
            if got is None or total < got[0] - 1e-9:
                best[key] = (total, state)
                if key not in seen:
                    push(todo, key)
    state = min((v[0], k) for k, v in best.items() if k >> 2 == end)[1]
    out = []
    while best[state][1] >= 0:
        before = best[state][1]
        out.append(((before >> 18, (before >> 2) & 0xFFFF), (state >> 18, (state >> 2) & 0xFFFF)))
        state = before
    return out[::-1]


class Words:
    """A paragraph's words as sums from its start, so that a line's width from any word to any other is two
    look-ups: natural (`at`: widths and the spaces between), narrowest (`tight`: its spaces narrowed by SHRINK),
    and how many places a line may break at a space before each word (`spaced`); what a break before each word
    costs (`penalty`) and whether each ends in a hard hyphen (`hyphened`). A line ending before word j counts
    as `at_end[j]` and `tight_end[j]` wide (at and tight, less what its last character may hang: `hangs`)."""

    def __init__(self, widths: list, gaps: list, kinds: list, hyphened, hangs: list | None = None):
        self.widths, self.gaps, self.kinds, self.n, self.tied = widths, gaps, kinds, len(widths), TIED
        at, tight, spaced, penalty = [0.0], [0.0], [0], [0.0]
        for k, w in enumerate(widths):
            g = gaps[k] if k else 0.0
            at.append(at[-1] + g + w)
            tight.append(tight[-1] + (1.0 - SHRINK) * g + w)
            kind = kinds[k] if k else 0
            spaced.append(spaced[-1] + (kind == SPACE or kind == LABEL))
            if k:
                penalty.append(FORCED if kind == GLUE else LABELLED if kind == LABEL else 0.0)
        self.at, self.tight, self.spaced, self.penalty = at, tight, spaced, penalty
        self.hyphened = [hyphened(k) for k in range(len(widths))]
        if hangs:
            self.at_end = [0.0] + [at[j] - hangs[j - 1] for j in range(1, len(at))]
            self.tight_end = [0.0] + [tight[j] - hangs[j - 1] for j in range(1, len(tight))]
        else:
            self.at_end, self.tight_end = at, tight


def ends(i: int, a: int, words: Words, avail: float, piece, cuts) -> list:
    """Where a line from word i, cut a, may end: [(position, its width, how much its spaces may narrow, whether it
    ends in a hyphen, its penalty, whether it holds one word alone)]. An end leaving more than DEEP is given only
    where no other is but a number parted from its noun (the widest of them); a word is looked into (cuts) only
    where what the line leaves before it could mend it (ROOM, or HOLE for a number's noun); the first end is given
    even when over-full, where no end fits. (benchmarks/breaking.py's first fit takes its lines from these too.)"""
    n, kinds, gaps, at, tight = words.n, words.kinds, words.gaps, words.at, words.tight
    hyphened, penalty, at_end, tight_end = words.hyphened, words.penalty, words.at_end, words.tight_end
    first = words.widths[i] if not a else piece(i, a, None, False)
    # the line from word i to before word j (i < j <= n): natural width first + at[j] - at[i + 1], narrowest
    # first + tight[j] - tight[i + 1]; j_max the last j whose narrowest fits
    base_at, base_tight = at[i + 1] - first, tight[i + 1] - first
    j_max = bisect_right(tight_end, avail + 0.01 + base_tight, i + 1, n + 1) - 1
    j_lo = bisect_left(at_end, avail - DEEP + base_at, i + 1, j_max + 1)
    out = []
    for j in range(max(j_lo, i + 1), min(j_max, n - 1) + 1):
        if kinds[j]:                # a break before word j
            width = at_end[j] - base_at
            out.append((j << 16, width, width - tight_end[j] + base_tight, hyphened[j - 1], penalty[j], False))
    if j_max == n:                  # the paragraph's end fits
        width = at_end[n] - base_at
        out.append((n << 16, width, width - tight_end[n] + base_tight, False, 0.0,
                    words.spaced[n] == words.spaced[i + 1]))
        return out
    # word j_max does not fit whole: where it may be cut
    j = j_max
    lead = a if j == i else 0
    if j > i:
        x = at[j] - base_at + gaps[j]
        narrow = x - (tight[j] - base_tight + (1.0 - SHRINK) * gaps[j])
        left = avail - (at[j] - base_at)
    else:
        x = narrow = 0.0
        left = avail
    found = bool(out)
    tie = None                  # a number parted from its noun: where the line leaves a hole, or nothing fits
    if left > (ROOM if j > i else 0.0) or not found:
        for p, resume, hyphen in cuts(j):
            if p <= lead:
                continue
            hw = x + piece(j, lead, p, hyphen)
            if hw - narrow > avail + 0.01:
                break
            if not hyphen and left <= HOLE:
                if not found:
                    tie = (j << 16 | resume, hw, narrow, False, words.tied, False)
                continue
            out.append((j << 16 | resume, hw, narrow, hyphen, 0.0 if hyphen else words.tied, False))
            found = found or hyphen
    if found:
        return out
    if tie is not None:
        return [tie]
    for k in range(j_lo - 1, i, -1):        # the widest end leaving more than DEEP (beside a number's noun parted)
        if kinds[k]:
            width = at_end[k] - base_at
            return out + [(k << 16, width, width - tight_end[k] + base_tight, hyphened[k - 1], penalty[k], False)]
    if out:
        return out
    # nothing fits: the word whole, over-full (or the break before it)
    k = j + 1
    return [(k << 16 if k < n else n << 16, avail, 0.0, k < n and hyphened[j],
             FORCED + (FORCED if k < n and kinds[k] == GLUE else 0.0), words.spaced[k] == words.spaced[i + 1])]


def lines_of(words: list, known: dict, fs: float, avail: float, hy, spaces: dict, last_font: str,
             lines_cost: float, hang: bool = False, tied: float = TIED) -> tuple:
    """One paragraph's words (words.words_of's, between forced breaks) broken into lines `avail` wide at `fs`
    (breaks): (the lines, each [(x, word, font, width)], the font of its last text word, its widest unbreakable
    piece). `known`: the icons' metrics by name; `hy`: how its words are hyphenated (hyphens.splits); `spaces`:
    a space's width by font, remembered; `last_font`: the font of the text word before it; `hang`: a line's last
    full stop, comma, colon, semicolon or closing quote may stand past the measure (HANG: a page's lines);
    `tied`: what parting a number from its noun costs."""
    if not words:
        return [[]], last_font, 0.0
    n = len(words)
    texts, fonts_, widths, gaps, kinds = [], [], [], [], []
    space_before = False
    for k, (word, font, _, space_after) in enumerate(words):
        icon = font == ICON
        text = word.replace(SHY, "") if SHY in word else word
        texts.append(word)
        fonts_.append(font)
        widths.append(known[word].width * fs if icon else width_of(font)(text, fs))
        gaps.append(space_width(spaces, last_font if icon else font, fs) if k and space_before is True else 0.0)
        if not k:
            kinds.append(0)
        elif icon or not space_before:
            kinds.append(GLUE)
        elif space_before is True and texts[k - 1][-1:].isalpha() and _NUMBER.match(word):
            kinds.append(LABEL)           # a label kept with its number: "Player 3", "Cards 1–4"
        else:
            kinds.append(SPACE)
        space_before = space_after
        if not icon:
            last_font = font
    clean = [t.replace(SHY, "") if SHY in t else t for t in texts]
    pieces: dict = {}

    def piece(k: int, a: int, b, hyphen: bool) -> float:
        got = pieces.get((k, a, b, hyphen))
        if got is None:
            got = pieces[k, a, b, hyphen] = width_of(fonts_[k])(clean[k][a:b] + (SHY if hyphen else ""), fs)
        return got

    cut_memo: dict = {}

    def cuts(k: int) -> tuple:
        got = cut_memo.get(k)
        if got is None:
            got = cut_memo[k] = () if fonts_[k] == ICON else tuple(sorted(
                [(len(head) - 1, len(head) - 1, True) for head, _ in hyphens.splits(texts[k], hy)]
                + [(t, t + 1, False) for t in _ties(clean[k])]))
        return got

    hangs = [HANG.get(clean[k][-1:], 0.0) * width_of(fonts_[k])(clean[k][-1], fs) if fonts_[k] != ICON
             and clean[k][-1:] in HANG else 0.0 for k in range(n)] if hang else None
    if sum(widths) + sum(gaps) - (hangs[-1] if hangs else 0.0) <= avail + 0.01:         # one line holds it all
        chosen = [((0, 0), (n, 0))]
    else:
        chosen = breaks(widths, gaps, kinds, avail, piece, cuts, lambda k: clean[k][-1:] == "-", lines_cost,
                        hangs=hangs, tied=tied)
    lines, widest = [], 0.0
    for (i, a), (j, b) in chosen:
        parts = []
        for k in range(i, j + (1 if b else 0)):
            lo, hi = (a if k == i else 0), (b if k == j and b else None)
            hyphen = hi is not None and clean[k][hi - 1] != NBSP
            hi = hi - 1 if hi is not None and not hyphen else hi         # a tie: the line ends before its space
            whole = not lo and hi is None
            w = widths[k] if whole else piece(k, lo, hi, hyphen)
            parts.append((gaps[k] if k > i else 0.0, clean[k] if whole else clean[k][lo:hi] + (SHY if hyphen else ""),
                          fonts_[k], w))
            widest = max(widest, w)
        room = sum(g for g, _, _, _ in parts)
        over = room + sum(w for _, _, _, w in parts) - avail - (hangs[j - 1] if hangs and not b else 0.0)
        narrow = 1.0 - over / room if over > 0.01 and room else 1.0        # its spaces narrowed to take its words
        line: list = []
        cur = 0.0
        for gap, text, font, w in parts:
            gap = gap * narrow if narrow != 1.0 else gap
            line.append((cur + gap, text, font, w))
            cur += gap + w
        lines.append(line)
    start = None                        # a run of glued words holding an icon: as wide as any word
    for k in range(n + 1 if ICON in fonts_ else 0):
        if k < n and k and kinds[k] == GLUE:
            continue
        if start is not None and any(fonts_[m] == ICON for m in range(start, k)):
            widest = max(widest, sum(widths[start:k]) + sum(gaps[start + 1:k]))
        start = k
    return lines, last_font, widest


NBSP = "\u00a0"


def _ties(word: str) -> list[int]:
    """Where a word's no-break spaces hold a number to the noun after it ("3\u00a0cards": typography's, so that
    no line ends on the number), a line may break as a last resort (TIED); not before a unit ("3 mm")."""
    if NBSP not in word:
        return []
    return [m.start() for m in _TIE.finditer(word)]


_TIE = re.compile(r"(?<=[\d%×])\u00a0(?=[^\W\d_]{3})(?![a-zA-Z]{1,2}\b)")

_NUMBER = re.compile(r"\d+(?:[.,]\d+)?(?:[–-]\d+)?[.,;:!?)]*$")      # a number alone, or a range ("3", "1–4.")
