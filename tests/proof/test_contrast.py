"""The proof's contrast check (generator/proof/contrast.py): text under 9pt whose ink and ground have a WCAG 2.1
contrast ratio under 4.5:1 is a warning; larger text, enough contrast, and text over a picture are not."""
from __future__ import annotations

from types import SimpleNamespace

import pytest

from generator.layout.display import Ellipse, Face, Image, Polygon, Rect, Text
from generator.proof.contrast import contrast_issues, low_contrast, ratio


def test_the_wcag_ratio():
    assert ratio("#000000", "#ffffff") == pytest.approx(21.0)
    assert ratio("#777777", "#ffffff") == pytest.approx(4.48, abs=0.01)


def _face(*ops) -> Face:
    return Face("X (front)", "card", 180.0, 252.0, ops=list(ops))


def test_small_text_on_a_ground_too_close_is_found():
    gilt_on_green = _face(Rect(0, 0, 180, 252, "#ffffff"), Rect(10, 100, 160, 40, "#2c6a3d"),
                          Text(20, 110, "FACTION", "F", 6.5, "#d9b861"),            # on the green band: 3.4:1
                          Text(20, 60, "below", "F", 6.5, "#d9b861"),               # on white: 1.9:1
                          Text(20, 115, "BIG", "F", 12.0, "#d9b861"),               # 12pt: not held to 4.5
                          Text(20, 120, "ink", "F", 6.5, "#ffffff"))                # white on green: 6.4:1
    found = low_contrast(gilt_on_green)
    assert [(op.text, ground, round(r, 1)) for op, ground, r in found] == [
        ("FACTION", "#2c6a3d", 3.4), ("below", "#ffffff", 1.9)]


def test_the_ground_is_the_shape_under_the_text():
    ellipse = _face(Ellipse(0, 0, 100, 100, "#000000"), Text(45, 45, "in", "F", 7, "#222222"),
                    Text(2, 2, "corner", "F", 7, "#eeeeee"))           # outside the ellipse: on the paper
    assert [op.text for op, _, _ in low_contrast(ellipse)] == ["in", "corner"]
    star = _face(Polygon(((0, 0), (100, 0), (50, 100)), "#203040"), Text(45, 20, "x", "F", 7, "#304050"))
    assert [op.text for op, _, _ in low_contrast(star)] == ["x"]
    picture = _face(Image(0, 0, 180, 252, "art.png"), Text(20, 20, "over art", "F", 7, "#ffffff"))
    assert low_contrast(picture) == []                  # a picture's colours are not one ground: not judged


def test_one_warning_for_each_template_ink_ground_and_size_at_its_first_card():
    face = _face(Rect(0, 0, 180, 252, "#a2282b"), Text(20, 20, "THE FAVORITE", "F", 7.5, "#d9b861"))
    cards = [SimpleNamespace(card=SimpleNamespace(id=f"c{i}", name=f"Card {i}", source="deck.yaml:9"),
                             sides=[SimpleNamespace(face=face, side="front")]) for i in range(3)]
    deck = SimpleNamespace(palette={"gilt": "#d9b861", "red": "#a2282b"})
    issues = contrast_issues(deck, cards)
    assert len(issues) == 1
    i = issues[0]
    assert i.check == "contrast" and i.level == "warning" and i.card == "Card 0" and i.also == 2
    assert "text 'THE FAVORITE' at 7.5pt in gilt (#d9b861) on red (#a2282b): contrast 3.8" in i.message
