"""generator/layout/templates.py: a template's regions as it is read. Two regions of one id are refused (an
override, a drop and `extends` would take the second for the first); a region with a mistake of its own is left
out, its mistake said, and the rest of the template read (the checks after it go on without it); every region
is named alike by every error, by its id (`region title.text`), whether read or checked."""
from __future__ import annotations

import pytest

from generator.deck.load import load_deck
from generator.errors import PnpError, PnpErrors
from generator.layout.templates import get_template
from smalldeck import DECK, TEMPLATE, deck, refused

TWICE = '  - {id: title, type: text, box: [5mm, 30mm, 53mm, 10mm], text: "again"}\n'


def test_two_regions_of_one_id_are_an_error_at_the_second(tmp_path):
    lines = refused(deck(tmp_path / "d", front=TEMPLATE + TWICE))
    assert len(lines) == 1, lines
    assert lines[0].startswith(f"{tmp_path}/d/templates/front.yaml:8:") and "region title.id: two regions of " \
        "this template have the id 'title' (the first at line 4)" in lines[0], lines


def test_a_child_overriding_a_parent_with_two_regions_of_one_id_is_refused_at_the_parent(tmp_path):
    """The override landed on the second 'title' in silence: the parent's mistake is said, at its own line."""
    child = "extends: front\nregions:\n  - {id: title, colour: sand}\n"
    folder = deck(tmp_path / "d", DECK.replace("template: front", "template: child"), front=TEMPLATE + TWICE,
                  **{"templates__child.yaml": child})
    lines = refused(folder)
    assert len(lines) == 1 and "templates/front.yaml:8:" in lines[0] and "two regions" in lines[0], lines


def test_a_region_with_a_mistake_is_left_out_and_the_rest_read(tmp_path):
    """get_template raises every region's mistake; asked for what it can (partial), it is the template without
    the region, the mistake kept in `broken`."""
    folder = deck(tmp_path / "d", front=TEMPLATE.replace("align: center}", "align: centre}").replace(
        'text: "{text}"}', 'text: "{text}", leading: lots}'))
    loaded = load_deck(folder)
    with pytest.raises(PnpErrors) as info:
        get_template("front", loaded)
    assert [e.field for e in info.value.errors] == ["region title.align", "region body.leading"]
    tpl = get_template("front", loaded, partial=True)
    assert [r.id for r in tpl.regions] == ["bg", "foot", "value"]
    assert [rid for rid, _ in tpl.broken] == ["title", "body"]


@pytest.mark.parametrize("region, field", [
    ('  - {id: cost, type: text, box: [5mm, 5mm, 10mm, 10mm], text: "{cots}"}', "region cost.text"),   # checked
    ('  - {id: cost, type: text, box: [5mm, 5mm, 10mm, 10mm], text: "{cost}", size: big}', "region cost.size"),  # read
    ('  - {type: text, box: [5mm, 5mm, 10mm, 10mm], text: "x", size: big}', "region text5.size"),   # no id: TYPE5
    ('  - {id: cost, drop: true}', "region cost.drop"),                 # drop: names the id, not regions[5]
])
def test_a_region_is_named_by_its_id_by_every_error(tmp_path, region, field):
    lines = refused(deck(tmp_path / "d", DECK.replace("value: {type: int, min: 0, max: 9}",
                                                      "value: {type: int, min: 0, max: 9}\n      cost: int"),
                         front=TEMPLATE + region + "\n"))
    assert len(lines) == 1 and f"templates/front.yaml:8:" in lines[0] and f" {field}: " in lines[0], lines


def test_a_template_none_of_whose_mistakes_is_a_regions_fails_as_a_whole(tmp_path):
    folder = deck(tmp_path / "d", front=TEMPLATE.replace("size: poker", "size: pokr"))
    with pytest.raises(PnpError, match="unknown card size 'pokr'"):
        get_template("front", load_deck(folder), partial=True)
