"""errors.Collector: a run notes every mistake (up to 20, in file and line order) instead of the first only."""
from __future__ import annotations

import pytest

from generator.errors import MAX_ERRORS, Collector, PnpError, PnpErrors


def test_mistakes_are_noted_and_reported_in_file_and_line_order():
    found = Collector()
    for file, line in (("b.yaml", 3), ("a.yaml", 9), ("a.yaml", 2)):
        with found.each():
            raise PnpError("wrong", file, line, field="f")
    with pytest.raises(PnpErrors) as info:
        found.done()
    assert info.value.lines() == ["a.yaml:2: f: wrong", "a.yaml:9: f: wrong", "b.yaml:3: f: wrong"]
    assert str(info.value) == "a.yaml:2: f: wrong"          # read as one PnpError, it is the first


def test_nothing_noted_is_nothing_raised_and_other_exceptions_pass_through():
    found = Collector()
    with found.each():
        pass
    found.done()
    with pytest.raises(KeyError):
        with found.each():
            raise KeyError("a bug is not a user's mistake")


def test_reading_stops_once_the_limit_is_reached():
    found = Collector()
    seen = 0
    with pytest.raises(PnpErrors) as info:
        for i in range(100):
            seen += 1
            with found.each():
                raise PnpError(f"mistake {i}", "deck.yaml", i + 1)
    assert seen == MAX_ERRORS and len(info.value.errors) == MAX_ERRORS


def test_the_command_line_prints_one_line_for_each(tmp_path):
    from cli import pnp
    (tmp_path / "deck.yaml").write_text("game: {title: T}\n"
                                        "kinds: {k: {template: basic-card, fields: {title: text, value: int, "
                                        "text: markup, colour: colour}}}\ncards: []\n")
    proc = pnp("build", tmp_path)
    assert proc.returncode == 2 and len(proc.stderr.strip().splitlines()) == 1
