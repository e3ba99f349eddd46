"""In a paragraph holding right-to-left text (its own, or Arabic words in an English line) a word whose characters stand at two bidi levels is ordered part by part
(layout/wrap.py _level_runs): the no-break space typography puts between a number and its Arabic noun stays
between them (not on the number's far side, the noun touching the number), and a sentence's full stop after
a number ends the line at its left (in visual order, read from the pieces' places)."""
from __future__ import annotations

from generator.layout import wrap

TEXT = "أكثر من 3\u00a0بطاقات حتى تبقى 3."


def _pieces():
    return sorted(wrap.wrap(TEXT, "sans", 400, 10).pieces, key=lambda p: p.x)


def test_the_no_break_space_stays_between_the_number_and_its_noun():
    ps = _pieces()
    noun = next(p for p in ps if p.text.startswith("بطاقات"))
    space = next(p for p in ps if p.text == "\u00a0")
    three = next(p for p in ps if p.text == "3" and p.x > noun.x)
    assert noun.x < space.x < three.x                       # noun, space, number: from the left
    assert space.x >= noun.x + wrap.width_of(noun.font)(noun.text, 10) - 0.1


def test_the_full_stop_after_a_number_ends_the_line_at_its_left():
    ps = _pieces()
    assert ps[0].text == "." and ps[1].text == "3" and ps[1].x > ps[0].x


def test_in_a_left_to_right_line_the_arabic_noun_keeps_its_number_a_space_away():
    """"Hello السلام 12\u00a0بطاقة" in an English paragraph: the Arabic run reads from the right (the noun
    leftmost, then 12, then the greeting), the no-break space between the noun and 12, not on 12's far side."""
    ps = sorted(wrap.wrap("Hello السلام 12\u00a0بطاقة", "sans", 400, 10).pieces, key=lambda p: p.x)
    texts = [p.text for p in ps]
    assert texts[0].startswith("Hello")
    noun = next(p for p in ps if p.text.startswith("بطاقة"))
    twelve = next(p for p in ps if p.text == "12")
    greeting = next(p for p in ps if "السلام" in p.text)
    assert noun.x < twelve.x < greeting.x
    gap = twelve.x - (noun.x + wrap.width_of(noun.font)(noun.text, 10))
    assert gap >= 1.0, (gap, texts)                 # a space between them (the no-break space's width)
