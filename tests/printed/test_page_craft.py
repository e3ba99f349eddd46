"""The rule pages set as a typographer would (layout/pages.py, printout/rules.py), read back from the PDF: three
heading levels apart in size; a heading in capitals letter-spaced; one bullet glyph a game (Vasa Regalis wrote
"♣" and "-"); no separator left at a line's end ("ROUND SUMMARY ·"); no short word alone on a paragraph's last
line where a narrower break avoids it.
"""
from __future__ import annotations

import pytest

import pdfread
from printedrules import printed_rules, rule_pages

from generator.layout import pages
from generator.layout.display import Text


@pytest.fixture(scope="module")
def vasa(built):
    return built("vasa-regalis")


def _chars(pdf, page: int) -> list[dict]:
    return list(pdfread.page_chars(pdf, page)[1])


def _word_chars(chars: list[dict], word: str) -> list[dict]:
    text = "".join(c["text"] for c in chars)
    at = text.index(word)
    return chars[at:at + len(word)]


def test_heading_levels_differ_and_capitals_are_tracked(vasa):
    first = rule_pages(vasa)[0]
    chars = _chars(vasa, first)
    h1, h2 = _word_chars(chars, "RULE"), _word_chars(chars, "PHASES")
    body = _word_chars(chars, "King")
    assert h1[0]["size"] > h2[0]["size"] * 1.15 > body[0]["size"] * 1.15
    gaps = [b["x0"] - a["x1"] for a, b in zip(h1, h1[1:])]
    assert min(gaps) > 0.5, gaps                # letter-spaced: 0.06 em apart (body text's letters touch)
    plain = [b["x0"] - a["x1"] for a, b in zip(body, body[1:])]
    assert max(abs(g) for g in plain) < 0.05, plain


def test_one_bullet_glyph_and_no_separator_at_a_lines_end(vasa):
    text = printed_rules(vasa)
    assert "♣" not in text and text.count("•") >= 10
    ends = [ln for ln in text.split("\n") if ln.rstrip().endswith(("·", "•", "|"))]
    assert not ends, ends


def _last_lines(ops: list) -> list[str]:
    lines: dict = {}
    for op in ops:
        if isinstance(op, Text):
            lines.setdefault(round(op.y, 1), []).append(op.text)
    ys = sorted(lines, reverse=True)
    return [" ".join(lines[y]) for y in ys]


def test_no_short_word_alone_at_a_paragraphs_end():
    text = ("Each player takes the cards of one colour and shuffles them, then places the top card face up in "
            "front of them so that everyone sees it.")
    for width in range(300, 420, 6):            # at some of these widths a greedy break leaves "it." alone
        laid = pages.flow(text, width, 400.0, margin=20.0, family="serif", size=10.0)[0]
        lines = _last_lines(laid)
        assert len(lines[-1].split()) >= 2, (width, lines)


def test_the_rebalanced_break_takes_no_more_lines():
    from generator.layout import wrap
    text = ("Each player takes the cards of one colour and shuffles them, then places the top card face up in "
            "front of them so that everyone sees it.")
    block = wrap.parse(text)[0]
    for width in range(300, 420, 6):
        greedy = wrap.break_lines(block, "serif", width - 40.0, 10.0, hang=True)      # a page's last stop hangs
        assert len(_last_lines(pages.flow(text, width, 400.0, margin=20.0, size=10.0)[0])) == len(greedy.lines)
