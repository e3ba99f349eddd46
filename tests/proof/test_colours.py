"""pnp proof warns where cards told apart only by colour look alike to a colour-blind player or in
greyscale (generator/proof/colours.py), and the shipped games raise no such warning."""
from __future__ import annotations

import json

import pytest

from cli import pnp_in_process

GAMES = ["vasa-regalis", "royal-lines", "aqua-regia", "christina-regina", "a-royal-will"]


def test_simulated_differences_follow_the_published_models():
    from generator.proof.colours import THRESHOLD, delta_e
    # Vasa Regalis's old brown and its red: apart for most eyes, the same for a protanope
    assert delta_e("#a8261f", "#6e4424", "protan") < 2 and delta_e("#a8261f", "#6e4424", "tritan") > THRESHOLD
    # red and green collapse for the red-green deficiencies, not for tritanopia
    assert delta_e("#d62728", "#2ca02c", "deutan") < THRESHOLD < delta_e("#d62728", "#2ca02c", "tritan")
    # greyscale keeps lightness only: a dark blue and a dark red of one lightness collapse
    assert delta_e("#24508f", "#a2282b", None) < 3
    assert delta_e("#000000", "#ffffff", None) > 90


@pytest.mark.parametrize("game", GAMES)
def test_the_shipped_games_raise_no_colour_warning(game):
    from generator.pipeline import load
    from generator.proof.collect import collect
    from generator.proof.colours import colour_issues
    deck = load(game)
    assert colour_issues(deck, collect(deck)) == []


def test_vasa_regalis_brown_and_christina_reginas_copper_stand_apart():
    """The two pairs the issue found close: now ΔE 10 or more for every viewer."""
    from generator.pipeline import load
    from generator.proof.colours import THRESHOLD, VIEWS, delta_e
    vasa, cr = load("vasa-regalis").palette, load("christina-regina").palette
    for palette, a, others in ((vasa, "brown", ("red", "green", "black", "white", "yellow")),
                               (cr, "Copper", ("red", "blue", "green", "black", "purple", "Silver", "Gold"))):
        for b in others:
            for view, how in VIEWS:
                assert delta_e(palette[a], palette[b], how) >= THRESHOLD, (a, b, view)


def test_a_colour_pair_that_collapses_under_deuteranopia_is_flagged(tmp_path):
    """Two suits told apart by colour alone (the same names, symbols and values), red and a green a
    deuteranope sees as the same: the proof names the cards and the viewer, and still exits 0. (Two cards of a deck
    of the test's own, as Vasa Regalis's Wood once turned into Sculptures in an olive green would print them: a
    copy of the whole game was proofed, every face drawn at 200 dpi.)"""
    deck = tmp_path / "suits"
    (deck / "templates").mkdir(parents=True)
    (deck / "deck.yaml").write_text(
        'game: {title: Suits}\npalette: {red: "#a8261f", green: "#6b6b1f"}\n'
        "kinds:\n  material:\n    title: Material\n    template: suit\n    back: none\n"
        '    name: "{material} {value}"\n    fields: {material: text, colour: colour, symbol: text, value: number}\n'
        "cards:\n"
        '  - {kind: material, material: Sculptures, colour: red, symbol: "⚜", value: 1}\n'
        '  - {kind: material, material: Sculptures, colour: green, symbol: "⚜", value: 1}\n', encoding="utf-8")
    (deck / "templates" / "suit.yaml").write_text(
        "size: poker\nregions:\n  - {type: rect, box: [0mm, 0mm, 100%, 100%], fill: white}\n"
        '  - {type: rect, box: [5mm, 5mm, 53.5mm, 20mm], fill: "{colour}"}\n'
        '  - {type: text, box: [5mm, 30mm, 53.5mm, 10mm], text: "{symbol} {material} {value}", size: 12pt}\n',
        encoding="utf-8")
    out = tmp_path / "proof"
    proc = pnp_in_process("proof", deck, "-o", out, "--quiet")
    assert proc.returncode == 0, proc.stderr
    found = [i for i in json.loads((out / "proof.json").read_text())["issues"] if i["check"] == "colour"]
    import re
    views = {re.search(r"and in (\w+)", i["message"]).group(1) for i in found}
    assert "deuteranopia" in views
    deut = [i for i in found if "deuteranopia" in i["message"]]
    assert any("'Sculptures 1'" in i["message"] and "green" in i["message"] and "red" in i["message"]
               for i in deut), deut
    assert all(i["level"] == "warning" for i in found)
    html = (out / "proof.html").read_text()
    assert "deuteranopia" in html


def test_cards_told_apart_by_a_word_are_not_flagged():
    """Vasa Regalis's suits also differ by material name and symbol: no warning even where colours collapse."""
    from generator.pipeline import load
    from generator.proof.collect import collect
    from generator.proof.colours import confusable
    deck = load("vasa-regalis")
    deck = deck._replace(palette={**deck.palette, "brown": "#6e4424"})
    assert confusable(collect(deck)) == []
