"""A paragraph broken as a whole (layout/paragraph.py, through wrap.break_lines): no inner line ends more than
10 mm short where another set of breaks avoids it (against every set of breaks of small paragraphs), a label kept
with its number, at most two hyphens in a row, one short word alone on a last line avoided, a text box never given
a line more for its rag, a number parted from its noun only where nothing else fits or keeping them leaves a
hole, and a page line's last full stop standing past the measure."""
from __future__ import annotations

import itertools
import random

import pytest

from generator.layout import fonts, paragraph, shaping, wrap
from generator.layout.hyphens import Hyphenation

HOLE = paragraph.HOLE


def _lines(starts: tuple, widths: list, gaps: list, avail: float) -> list[float] | None:
    """The slack of each line of one set of breaks (word indexes starting lines), None where a line overflows even
    with its spaces narrowed as far as they may (paragraph.SHRINK)."""
    out = []
    bounds = list(starts) + [len(widths)]
    for a, b in zip(bounds, bounds[1:]):
        w = widths[a] + sum(gaps[k] + widths[k] for k in range(a + 1, b))
        if w - paragraph.SHRINK * sum(gaps[a + 1:b]) > avail + 0.01:
            return None
        out.append(avail - w)
    return out


def _holes(slacks: list[float]) -> int:
    return sum(s > HOLE for s in slacks[:-1])


@pytest.mark.parametrize("seed", range(12))
def test_no_hole_where_another_set_of_breaks_avoids_it(seed):
    """Random paragraphs of up to 11 words, each set of breaks that fits checked: where one leaves no hole, the
    breaks chosen leave none. No line overflows."""
    rnd = random.Random(seed)
    for _ in range(25):
        n = rnd.randint(4, 11)
        widths = [rnd.uniform(15, 90) for _ in range(n)]
        gaps = [0.0] + [2.5] * (n - 1)
        kinds = [0] + [paragraph.SPACE] * (n - 1)
        avail = rnd.uniform(120, 200)
        chosen = paragraph.breaks(widths, gaps, kinds, avail, lambda *a: 0.0, lambda k: (), lambda k: False, 0.0)
        starts = tuple(s[0] for s, _ in chosen)
        got = _lines(starts, widths, gaps, avail)
        assert got is not None
        least = min(_holes(s) for r in range(n) for c in itertools.combinations(range(1, n), r)
                    if (s := _lines((0, *c), widths, gaps, avail)) is not None)
        if least == 0:
            assert _holes(got) == 0, (widths, avail, starts)


@pytest.fixture(scope="module")
def serif() -> str:
    fonts.ensure("serif", ("regular", "bold"))
    return "serif"


def _text(ls) -> list[str]:
    return [" ".join(w for _, w, _, _ in line) for line in ls.lines]


def test_a_label_stays_with_its_number(serif):
    """"Rule Cards 1–4" and "page 7": the number starts no line where the label could go down with it and leave no
    hole."""
    font = fonts.font_name(serif)
    text = "Shuffle the deck and hand out the Rule Cards 1–4 as page 7 of the rules says"
    for cut in ("Rule Cards", "as page"):
        label = cut.split()[-1]
        assert shaping.width(" " + label, font, 9.0) < HOLE
        head = text[:text.index(cut) + len(cut)]
        width = shaping.width(head, font, 9.0) + 1.0       # the line would end on the label, its number next
        ls = wrap.break_lines(wrap.parse(text)[0], serif, width, 9.0, lines_cost=0.0)
        for line in _text(ls):
            assert not line.split()[0][0].isdigit(), _text(ls)


def test_at_most_two_lines_in_a_row_end_in_a_hyphen(serif):
    text = " ".join(["incomprehensibilities"] * 8)
    width = shaping.width("incomprehensibilities incomprehen", fonts.font_name(serif), 9.0)
    ls = wrap.break_lines(wrap.parse(text)[0], serif, width, 9.0, hyphenate=Hyphenation("en_US"), lines_cost=0.0)
    ends = [line[-1][1].endswith("\u00ad") for line in ls.lines]
    assert any(ends) and "TTT" not in "".join("T" if e else "F" for e in ends)


def test_one_short_word_alone_on_the_last_line_is_avoided(serif):
    """Where a greedy break leaves "wins." alone on the last line, the paragraph is broken so that the last line
    holds two words at least, in as many lines."""
    font = fonts.font_name(serif)
    text = "After the last card is drawn, the player whose crops score the most wins."
    width = shaping.width("After the last card is drawn, the player whose crops score the most", font, 10.0) + 0.5
    ls = wrap.break_lines(wrap.parse(text)[0], serif, width, 10.0, lines_cost=0.0)
    assert len(ls.lines) == 2 and len(_text(ls)[-1].split()) >= 2


def test_a_text_box_is_never_given_a_line_more_for_its_rag(serif):
    """With the box's cost of a line, the breaks take the fewest lines (greedy's count) even where a line more
    would mend a hole; on a page (cost 0) the same text may take one."""
    font = fonts.font_name(serif)
    for seed in range(20):
        rnd = random.Random(seed)
        words = ["".join(rnd.choice("abcdefghij") for _ in range(rnd.randint(2, 12))) for _ in range(14)]
        text = " ".join(words)
        width = shaping.width(" ".join(words[:4]), font, 10.0)
        boxed = wrap.break_lines(wrap.parse(text)[0], serif, width, 10.0)
        greedy, cur = 1, 0.0
        for w in words:
            ww = shaping.width(w, font, 10.0)
            gap = shaping.width(" ", font, 10.0) if cur else 0.0
            if cur and cur + gap + ww > width + 0.01:
                greedy, cur = greedy + 1, ww
            else:
                cur += gap + ww
        assert len(boxed.lines) == greedy


def test_a_number_leaves_its_noun_only_where_it_would_leave_a_hole(serif):
    """Typography holds "12 TOWERS" together with a no-break space; a line may still break there where the
    group does not fit and moving it down whole would leave a hole, never before a unit ("63.5 mm")."""
    assert paragraph._ties("3\u00a0cards") == [1] and paragraph._ties("63.5\u00a0mm") == [] and paragraph._ties("word") == []
    font = fonts.font_name(serif)
    text = "Then deal 12\u00a0TOWERS now"
    width = shaping.width("Then deal 12", font, 10.0) + 0.8 * HOLE      # parted, its first line is no hole
    assert width - shaping.width("Then deal", font, 10.0) > HOLE
    ls = wrap.break_lines(wrap.parse(text)[0], serif, width, 10.0, lines_cost=0.0)
    assert _text(ls) == ["Then deal 12", "TOWERS now"]
    roomy = wrap.break_lines(wrap.parse(text)[0], serif, width * 3, 10.0, lines_cost=0.0)
    assert _text(roomy) == ["Then deal 12\u00a0TOWERS now"]
    short = "Then deal 12\u00a0cards now"                  # moved down whole, it leaves no hole: it stays whole
    narrow = shaping.width("Then deal 12 ca", font, 10.0)
    assert [ln.split()[-1] for ln in _text(wrap.break_lines(wrap.parse(short)[0], serif, narrow, 10.0,
                                                            lines_cost=0.0))][0] == "deal"


def test_a_page_lines_last_full_stop_may_stand_past_the_measure(serif):
    """On a page (hang: paragraph.HANG, microtype's protrusion) a line whose words fit but for part of its last
    full stop takes them, the stop standing past the measure by at most HANG of its width; a text box's line
    (hang off) never does, and nothing else stands past."""
    font = fonts.font_name(serif)
    stop = shaping.width(".", font, 10.0)
    width = shaping.width("Take two cards.", font, 10.0) - 0.6 * stop       # all but 0.6 of the stop fits
    block = wrap.parse("Take two cards. Then pass.")[0]
    hung = wrap.break_lines(block, serif, width, 10.0, lines_cost=0.0, hang=True)
    assert _text(hung) == ["Take two cards.", "Then pass."]
    x, word, f, w = hung.lines[0][-1]
    assert width < x + w <= width + paragraph.HANG["."] * stop + 0.01
    boxed = wrap.break_lines(block, serif, width, 10.0, lines_cost=0.0)
    assert _text(boxed)[0] == "Take two" and all(ln[-1][0] + ln[-1][3] <= width + 0.01 for ln in boxed.lines)


def test_a_noun_is_not_left_alone_on_the_last_line_nor_parted_where_its_text_holds_it_firmer(serif):
    """A number parted from its noun to save a hole, but not where the noun would then stand alone on the
    paragraph's last line (paragraph.STRANDED), nor where the text holds them firmer (KEPT: the players' leaf)
    and the hole is shallower than 40 mm."""
    font = fonts.font_name(serif)
    width = shaping.width("Then deal 12", font, 10.0) + 0.8 * HOLE
    alone = wrap.break_lines(wrap.parse("Then deal 12\u00a0TOWERS")[0], serif, width, 10.0, lines_cost=0.0)
    assert _text(alone) == ["Then deal", "12\u00a0TOWERS"]
    text = wrap.parse("Then deal 12\u00a0TOWERS now")[0]
    assert _text(wrap.break_lines(text, serif, width, 10.0, lines_cost=0.0)) == ["Then deal 12", "TOWERS now"]
    kept = wrap.break_lines(text, serif, width, 10.0, lines_cost=0.0, tied=paragraph.KEPT)
    assert _text(kept) == ["Then deal", "12\u00a0TOWERS now"]


def test_a_last_line_is_not_the_end_of_a_word_hyphenated_above_it(serif):
    """"... to the other play- / ers.": the last line left a word's end costs FINAL (as TeX's
    \\finalhyphendemerits), so the word goes down whole where the line above then ends no hole (here 9.4 mm short);
    mid-paragraph the same hyphen is taken."""
    font = fonts.font_name(serif)
    text = "The action cards are kept open to the other players."
    width = shaping.width("The action cards are kept open to the other play\u00ad", font, 10.0) + 0.5
    ls = wrap.break_lines(wrap.parse(text)[0], serif, width, 10.0, hyphenate=Hyphenation("en_US"), lines_cost=0.0)
    assert _text(ls) == ["The action cards are kept open to the other", "players."]
    assert width - ls.lines[0][-1][0] - ls.lines[0][-1][3] < HOLE
    longer = wrap.break_lines(wrap.parse(text[:-1] + " in turn, each of them.")[0], serif, width, 10.0,
                              hyphenate=Hyphenation("en_US"), lines_cost=0.0)
    assert _text(longer)[0].endswith("play\u00ad"), _text(longer)
