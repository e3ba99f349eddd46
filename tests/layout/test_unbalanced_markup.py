"""Unbalanced markup (text/markup.py's one definition, layout/deck.py's errors): the same error in pnp build,
export and proof, at the card's field, the template's line or the rules' line."""
from __future__ import annotations

import pytest

from smalldeck import DECK, TEMPLATE, at, deck, refused, run


def test_unbalanced_bold_is_the_same_error_in_build_export_and_proof(tmp_path):
    bad = DECK.replace('"Play **one** card."', '"Play **one card."')
    folder = deck(tmp_path / "d", bad)
    line = next(i for i, ln in enumerate(bad.splitlines(), 1) if "**one card" in ln)
    message = "unbalanced markup: 1 '**' (bold) in the paragraph 'Play **one card.'"
    lines = refused(folder)
    assert len(lines) == 1 and at(lines[0], f"{folder}/deck.yaml", line) and message in lines[0], lines
    code, _, err = run("export", folder, "-o", tmp_path / "images")
    assert code == 2 and message in err and f"deck.yaml:{line}" in err, err
    code, _, err = run("proof", folder, "-o", tmp_path / "proof")
    assert code == 1
    found = [ln for ln in err.splitlines() if message in ln]
    assert len(found) == 1 and found[0].startswith(f"{folder}/deck.yaml:{line}: error: card 'One'"), err


@pytest.mark.parametrize("text, ok", [
    ("Play **one** and *two*.", True),
    ("2 * 3 * 4 points", True),                # literal asterisks: they print as written, the proof warns
    ("- **Build:** a\n- *Fix:* b", True),
    ("Keep the *doctor away.", False),
    ("Score **1 point.", False),
    ("**bold***", False),
    ("### Third\n\nText.", True),
    ("#### Fourth\n\nText.", False),         # printed '#### Fourth' as written, with no word
])


def test_what_unbalanced_markup_is(tmp_path, text, ok):
    bad = DECK.replace('"Play **one** card."', repr(text).replace("'", '"'))
    folder = deck(tmp_path / "d", bad)
    code, _, err = run("build", folder, "-o", tmp_path / "out.pdf")
    assert code == (0 if ok else 2), err
    from generator.text.markup import problems
    assert any(p.level == "error" for p in problems(text)) is (not ok)


def test_unbalanced_markup_in_a_templates_own_text_names_the_template(tmp_path):
    front = TEMPLATE.replace('text: "{text}"', 'text: "**Rule:** {text} *always"')
    lines = refused(deck(tmp_path / "d", front=front))
    assert len(lines) == 1 and "templates/front.yaml:5:" in lines[0] and "region body.text" in lines[0], lines


def test_unbalanced_markup_in_rules_and_instructions_names_their_lines(tmp_path):
    rules = "# Rules\n\nFirst paragraph.\n\nSecond has **no end.\n\n- a bullet *open\n"
    text = DECK.replace("game: {title: Tried}", "game:\n  title: Tried\n  instructions: \"Sort **the chits.\"\n"
                        "  setup: \"1. Deal **three cards.\"") + "rules: {file: rules.md}\n"
    folder = deck(tmp_path / "d", text, **{"rules.md": rules})
    lines = refused(folder)
    assert [ln.split(": ", 1)[0] for ln in lines] == [f"{folder}/deck.yaml:3", f"{folder}/deck.yaml:4",
                                                      f"{folder}/rules.md:5", f"{folder}/rules.md:7"], lines
    assert "game.setup: unbalanced markup: 1 '**' (bold)" in lines[1], lines       # (it printed on the leaf as written)


def test_html_and_kramdown_in_the_rules_are_each_an_error_at_their_line(tmp_path):
    """A tag, a comment or a Kramdown attribute list printed as written, with no word; a span (whose words print
    as the text around them), a comparison and a tag inside backticks are none."""
    rules = ("# Rules\n\n<div>Play.</div>\n\nText {: .class}\n\nIf strength < 3 and x > 2, `<b>` stays, "
             "<span color=\"red\">x</span>.\n\n<!-- note -->\n")
    folder = deck(tmp_path / "d", DECK + "rules: {file: rules.md}\n", **{"rules.md": rules})
    lines = refused(folder)
    assert [ln.split(" rules: ")[0] for ln in lines] == [f"{folder}/rules.md:3:1:", f"{folder}/rules.md:5:6:",
                                                       f"{folder}/rules.md:9:1:"], lines
    assert "'<div>' is HTML, which pnp does not read" in lines[0] and "Kramdown attribute list" in lines[1], lines


def test_a_heading_deeper_than_three_levels_in_the_rules_is_an_error_at_its_line(tmp_path):
    """Markdown's #### printed as written ('#### Scoring' on the rule page), with no word (on a card too:
    test_what_unbalanced_markup_is)."""
    rules = "# Rules\n\n### Turns\n\nPlay.\n\n#### Scoring\n\nCount.\n"
    folder = deck(tmp_path / "d", DECK + "rules: {file: rules.md}\n", **{"rules.md": rules})
    lines = refused(folder)
    assert lines == [f"{folder}/rules.md:7: rules: '####' is a level-4 heading, which pnp does not read: it would "
                     "print as written (headings are #, ## and ###)"], lines
