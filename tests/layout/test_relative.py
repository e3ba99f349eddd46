"""A box written against the region it overrides (issue 53, regions/relative.py): `+=5mm` / `-=2mm` in a template
that extends another is the parent's value moved so much, checked as a written box; one in a region that
overrides none is an error at its line."""
from __future__ import annotations

import pytest

from cli import pnp_in_process
from newgame import new_game

from generator.deck.load import load_deck
from generator.errors import PnpError
from generator.layout.templates import get_template

MM = 72 / 25.4


def test_plus_and_minus_equals_move_the_parents_values(tmp_path):
    folder = new_game(tmp_path, '  - {id: title, box: ["+=2mm", "+=10%", "-=4mm", 9mm]}\n')
    tpl = get_template("shown", load_deck(folder))
    x, y, w, h = next(r.box for r in tpl.regions if r.id == "title")
    assert [round(v / MM, 2) for v in (x, y, w, h)] == [19.0, round(6 + 8.89, 2), 25.5, 9.0]   # card: 17, 6, 29.5


def test_a_relative_value_needs_a_region_it_overrides_and_a_length(tmp_path):
    folder = new_game(tmp_path, '  - {id: new, type: text, box: ["+=2mm", 5mm, 20mm, 5mm], text: x}\n'
                                '  - {id: title, box: ["+=2mmm", 6mm, 20mm, 5mm]}\n'
                                '  - {id: kind, box: [17mm, 15mm, "-=40mm", 5mm]}\n')
    with pytest.raises(PnpError):
        get_template("shown", load_deck(folder))
    err = pnp_in_process("build", folder, "-o", tmp_path / "x.pdf").stderr
    assert "shown.yaml:3:27: region new.box: a box value written +=/-= is moved from the same value of the " \
           "region this one overrides" in err, err
    assert "shown.yaml:4:23: region title.box: '+=2mmm': expected a length" in err, err
    assert "shown.yaml:5:16: region kind.box: width and height must be more than 0, found '-10.5mm'" in err, err
