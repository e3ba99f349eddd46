"""generator/files/textfile.py: every text file a deck holds is UTF-8 (a byte-order mark allowed), and one that
is not, or that holds a control character, is an error at its line."""
from __future__ import annotations

import pytest

from smalldeck import DECK, TEMPLATE, at, deck, errors, refused, run


@pytest.mark.parametrize("name, data, line", [
    ("rules.md", b"# Rules\n\ncaf\xe9\n", 3),
    ("templates__front.yaml", TEMPLATE.encode().replace(b"{title}", b"\xff{title}"), 4),
    ("components.yaml", b"components:\n  - {name: Cards \x96 all, count: 3}\n", 2),
    ("deck.yaml", DECK.encode().replace(b"Draw three", b"Draw thr\xe9e"), 18),
])


def test_a_text_file_that_is_not_utf8_names_its_line(tmp_path, name, data, line):
    folder = deck(tmp_path / "d", DECK + ("rules: {file: rules.md}\n" if name == "rules.md" else ""))
    (folder / name.replace("__", "/")).write_bytes(data)
    lines = refused(folder)
    assert len(lines) == 1 and at(lines[0], f"{folder}/{name.replace('__', '/')}", line), lines
    assert "not UTF-8 text (byte " in lines[0]


def test_words_txt_that_is_not_utf8_is_one_line_for_the_proof(tmp_path):
    folder = deck(tmp_path / "d", **{"words.txt": b"Oxenstierna\nSt\xf6rtebeker\n"})
    code, _, err = run("proof", folder, "-o", tmp_path / "proof")
    assert code == 2 and errors(err) and "words.txt:2:" in err and "not UTF-8" in err, err


def test_a_rules_file_with_a_byte_order_mark_builds_and_a_control_character_does_not(tmp_path):
    folder = deck(tmp_path / "d", DECK + "rules: {file: rules.md}\n", **{"rules.md": "\ufeff# Rules\n\nPlay.\n"})
    code, _, err = run("build", folder, "-o", tmp_path / "out.pdf")
    assert code == 0, err
    folder = deck(tmp_path / "e", DECK + "rules: {file: rules.md}\n", **{"rules.md": "# Rules\n\nPlay\x07.\n"})
    lines = refused(folder)
    assert len(lines) == 1 and "rules.md:3:5" in lines[0] and "U+0007" in lines[0]
