"""generator/layout/validate.py: what a deck's templates need of its cards, checked before anything is laid out:
every placeholder a field of each kind showing the template (at the template's line, with a did-you-mean), a field
that prints nowhere a warning, a back the size of its front, a piece that fits the paper."""
from __future__ import annotations

import re

import pytest

from smalldeck import BACK, DECK, TEMPLATE, at, deck, refused, run


@pytest.mark.parametrize("old, new, key, hint", [
    ('text: "{title}"', 'text: "{titel}"', "title.text", "did you mean 'title'?"),
    ('when: "{footer}"', 'when: "{foter}"', "foot.when", "did you mean 'footer'?"),
    ('fill: "{colour}"', 'fill: "{color}"', "bg.fill", "did you mean 'colour'?"),
    ('"{part} · {game}"', '"{part} · {gme}"', "foot.text", "did you mean 'game'?"),
    ('text: "{text}"', 'text: "{rules}"', "body.text", "its fields: colour, footer, text, title, value"),
])


def test_a_placeholder_that_names_no_field_is_an_error_at_its_line(tmp_path, old, new, key, hint):
    folder = deck(tmp_path / "d", front=TEMPLATE.replace(old, new))
    line = next(i for i, ln in enumerate(TEMPLATE.splitlines(), 1) if old in ln)
    for command in ("build", "check", "proof"):
        lines = refused(folder, command=command)
        assert len(lines) == 1, lines
        assert at(lines[0], f"{folder}/templates/front.yaml", line), lines[0]
        assert f"region {key}: " in lines[0] and "is not a field of kind 'card'" in lines[0] and hint in lines[0]
    assert not (tmp_path / "proof").exists()


def test_a_back_may_show_its_own_fields_and_every_cards_values(tmp_path):
    back = BACK.replace('text: "{label}"', 'text: "{label} {name} {kind} {designer} {copies} {title_game}"')
    code, _, err = run("build", deck(tmp_path / "d", back=back), "-o", tmp_path / "out.pdf")
    assert code == 0, err
    wrong = BACK.replace('text: "{label}"', 'text: "{lable}"')
    lines = refused(deck(tmp_path / "e", back=wrong))
    assert len(lines) == 1 and "templates/back.yaml:4:" in lines[0] and "did you mean 'label'?" in lines[0]


def test_a_template_shared_by_two_kinds_needs_each_ones_fields(tmp_path):
    two = DECK.replace("cards:\n", "  note:\n    template: front\n    fields: {title: text, text: markup}\ncards:\n"
                       "  - {kind: note, title: Four, text: Four.}\n").replace("- {title: One", "- {kind: card, title: One") \
        .replace("- {title: Two", "- {kind: card, title: Two").replace("- {title: Three", "- {kind: card, title: Three")
    lines = refused(deck(tmp_path / "d", two))
    # the note kind has no colour and no value: the template's fill and the value's text would be empty for its
    # cards. It has no footer either, but {footer} is named only in a when: (issue 31), so for its cards the
    # footer region is simply not drawn (tests/layout/test_shared_templates.py)
    assert [re.sub(r".*region (\S+): .*", r"\1", ln) for ln in lines] == ["bg.fill", "value.text"], lines
    assert all("is not a field of kind 'note'" in ln for ln in lines)


def test_a_field_that_prints_nowhere_is_a_warning_and_only_when_nothing_is_wrong(tmp_path):
    quiet = DECK.replace("      value: {type: int, min: 0, max: 9}\n", "      value: {type: int, min: 0, max: 9}\n"
                         "      secret: text\n").replace("value: 3}", "value: 3, secret: hidden}")
    folder = deck(tmp_path / "d", quiet)
    code, _, err = run("build", folder, "-o", tmp_path / "out.pdf")
    assert code == 0
    line = next(i for i, ln in enumerate(quiet.splitlines(), 1) if "secret: text" in ln)
    assert err.startswith(f"pnp: warning: {folder}/deck.yaml:{line}: kinds.card.fields.secret: ") and \
        "no template of theirs (back, front) shows it" in err and len(err.splitlines()) == 1, err
    lines = refused(deck(tmp_path / "e", quiet, front=TEMPLATE.replace("{title}", "{titel}")))
    assert len(lines) == 1 and "warning" not in "".join(lines)


def test_a_back_of_another_size_names_both_templates(tmp_path):
    folder = deck(tmp_path / "d", back=BACK.replace("size: poker", "size: mini"))
    lines = refused(folder)
    assert len(lines) == 1
    assert lines[0].startswith(f"{folder}/templates/back.yaml:1: size: back template 'back' is 44.4 x 63.5 mm")
    assert f"{folder}/templates/front.yaml:1" in lines[0] and "63.5 x 88.9 mm" in lines[0]


def test_a_back_turned_sideways_is_another_size_too(tmp_path):
    back = BACK.replace("size: poker", "size: {width: 88.9mm, height: 63.5mm}")
    assert "must be the size of its front" in refused(deck(tmp_path / "d", back=back))[0]


def test_a_card_larger_than_the_paper_names_its_template_line(tmp_path):
    big = TEMPLATE.replace("size: poker", "size: {width: 250mm, height: 300mm}")
    folder = deck(tmp_path / "d", front=big, back=BACK.replace("size: poker", "size: {width: 250mm, height: 300mm}"))
    lines = refused(folder)
    assert len(lines) == 1 and lines[0].startswith(f"{folder}/templates/front.yaml:1: size: a 250.0 x 300.0 mm piece")
