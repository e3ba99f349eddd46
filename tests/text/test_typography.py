"""Typographic punctuation (generator/text/typography.py): quotes by language, dashes in ranges and between
words, ellipses, minus and multiplication signs, no-break spaces after numbers, French spacing; markup,
names and options never changed; idempotent; a font's missing glyph falls back to the plain character.
"""
from __future__ import annotations

import pytest

from generator.text.typography import NBSP, NNBSP, MADE, fallback, plain_words, typeset

CASES = [
    ("en", "Don't AVOID \"Towns\"", "Don’t AVOID “Towns”"),
    ("en", "the players' cards and 'quoted' words", "the players’ cards and ‘quoted’ words"),
    ("en", "a 1-3 jokers, 5-6 player set", f"a 1–3{NBSP}jokers, 5–6{NBSP}player set"),
    ("en", "the deck - it's the one", f"the deck{NBSP}– it’s the one"),
    ("en", "Wait...", "Wait…"),
    ("en", "Lose -1 p. now", f"Lose −1{NBSP}p. now"),
    ("en", "a 3x4 grid, 25X the stake", f"a 3×4{NBSP}grid, 25×{NBSP}the stake"),
    ("en", "10 coins, 3.3 mm, 1 change", f"10{NBSP}coins, 3.3{NBSP}mm, 1{NBSP}change"),
    ("de", "Er sagt \"Hallo\" - gut", f"Er sagt „Hallo“{NBSP}– gut"),
    ("fr", "Il dit \"oui\" : bien ! Vraiment?", f"Il dit «{NNBSP}oui{NNBSP}»{NNBSP}: bien{NNBSP}! Vraiment{NNBSP}?"),
    ("fr", "« déjà »", f"«{NNBSP}déjà{NNBSP}»"),
    ("es", "dice \"hola\"", "dice «hola»"),
    ("fr-CA", "l'eau", "l’eau"),
]


@pytest.mark.parametrize("lang, text, want", CASES)
def test_typeset(lang, text, want):
    assert typeset(text, lang) == want
    assert typeset(want, lang) == want              # idempotent: set text is set again the same


KEPT = [
    ":coin: and 2:vp: {field} {a-b}",
    "see deck.yaml, rules.md and templates/card-front.yaml",
    "run pnp build --lang fr --duplex=short -o out",
    "https://example.org/a-b-c?x=1 and www.x.org/1-3",
    "write to a.b-c@example.org",
    "`code \"as\" - written`",
    "a \\* star and \\:colon:",
    "2024-05-01 and 1-2-3 and 10:30",
]


@pytest.mark.parametrize("text", KEPT)
def test_markup_and_names_are_never_changed(text):
    assert typeset(text, "en") == text
    assert typeset(text, "fr").replace(NNBSP, " ") == text


def test_line_marks_are_kept():
    text = "# Heading \"one\"\n- a bullet - with a dash\n1. a step\n   a) sub-step\n* star item"
    out = typeset(text, "en")
    lines = out.split("\n")
    assert lines[0] == "# Heading “one”"
    assert lines[1] == f"- a bullet{NBSP}– with a dash"
    assert lines[2:] == ["1. a step", "   a) sub-step", "* star item"]


def test_markup_quotes_pair_inside_bold():
    assert typeset('**"Bold"** and *"it"*', "en") == "**“Bold”** and *“it”*"


def test_a_long_text_is_typeset_paragraph_by_paragraph():
    para = "It's 1-3 coins. " * 50
    text = "\n\n".join([para] * 400)             # 320,000 characters: more spans than one paragraph's places
    out = typeset(text, "en")
    assert "'" not in out and out.count("1–3") == 400 * 50


def test_fallback_puts_back_what_a_font_lacks():
    out = typeset("Don't \"go\" 1-3 - no...", "en")
    assert fallback(out, ["’", "“", "”"]) == "Don't \"go\" 1–3" + NBSP + "– no…"
    plain = plain_words(out)
    assert not set(plain) & MADE
    assert plain == "Don't \"go\" 1-3 - no..."


def test_a_separator_never_ends_a_line():
    out = typeset("# ROUND SUMMARY · CAPTAIN\nred · green | blue", "en")
    head, body = out.split("\n")
    assert head == f"# ROUND SUMMARY{NBSP}·{NBSP}CAPTAIN"         # a heading breaks elsewhere
    assert body == f"red ·{NBSP}green |{NBSP}blue"                # the separator goes with the word after it
    assert typeset(out, "en") == out


def test_a_range_written_with_spaces_is_closed_up():
    assert typeset("for 2 - 5 players, 1 - 3 jokers (2013 - 2023)", "en") == \
        f"for 2–5{NBSP}players, 1–3{NBSP}jokers (2013–2023)"
