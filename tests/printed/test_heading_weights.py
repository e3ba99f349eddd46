"""The rule pages' three heading levels differ in weight as well as size and space (layout/pages.py): the first
two bold, the third in the regular weight (letter-spaced capitals, as A Royal Will's "ADVISOR"), all three in the
accent colour; and a body paragraph's bold capitals ("IMPORTANT:" run in, bold for the lead word only) are not
set like any heading. Read back from A Royal Will's PDF (pdfread: each character's font, size, colour and place).
"""
from __future__ import annotations

import pytest

import pdfread
from printedrules import rule_pages


@pytest.fixture(scope="module")
def chars(built):
    pdf = built("a-royal-will")
    return [list(pdfread.page_chars(pdf, i)[1]) for i in rule_pages(pdf)]


def _word(pages: list, word: str) -> list[dict]:
    for chars in pages:
        starts, text = [], ""                       # a character may print two letters (a ligature)
        for c in chars:
            starts.append(len(text))
            text += c["text"]
        if word in text:
            at = text.index(word)
            return [c for c, s in zip(chars, starts) if at <= s < at + len(word)]
    raise AssertionError(f"{word!r} is not printed")


def _bold(c: dict) -> bool:
    return "Bold" in c["fontname"]


def _gaps(cs: list) -> float:
    return min(b["x0"] - a["x1"] for a, b in zip(cs, cs[1:]))


def test_three_levels_differ_in_size_weight_and_colour(chars):
    h1, h2, h3 = _word(chars, "CHARACTERS"), _word(chars, "CHARACTER ACTIONS"), _word(chars, "ADVISOR")
    body = _word(chars, "Predict")
    assert h1[0]["size"] > h2[0]["size"] > h3[0]["size"] == body[0]["size"]
    assert all(_bold(c) for c in h1 + h2 if c["text"].strip())
    assert not any(_bold(c) for c in h3), {c["fontname"] for c in h3}           # the third level lighter
    assert h3[0]["non_stroking_color"] == h2[0]["non_stroking_color"] != body[0]["non_stroking_color"]
    assert _gaps(h3) > _gaps(h1) / h1[0]["size"] * h3[0]["size"] + 0.3         # spaced wider than the bold ones


def test_bold_capitals_in_the_text_are_a_run_in_lead_not_a_heading(chars):
    lead, rest = _word(chars, "IMPORTANT:"), _word(chars, "You must perform")
    h3 = _word(chars, "ADVISOR")
    assert all(_bold(c) for c in lead) and not any(_bold(c) for c in rest)
    assert lead[0]["non_stroking_color"] != h3[0]["non_stroking_color"]          # ink, not the headings' accent
    assert abs(lead[-1]["top"] - rest[0]["top"]) < 0.5                           # on one line: run in
    assert _gaps(lead) < _gaps(h3) - 0.5                                          # not letter-spaced
