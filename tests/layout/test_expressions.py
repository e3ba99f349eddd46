"""Templates that compute (issue 45): a brace holds an expression over the card's fields, every key may take one,
read for each card as strictly as a written value; each mistake is one line naming the template's file and line,
the key, the expression and the card. Built on a `pnp new` game and read back from its PDF."""
from __future__ import annotations

import re

import pytest

from cli import pnp_in_process
from pdfcheck import page_text, text_sizes

CROP = """extends: card
regions:
  - {id: kind, text: "{'High' if value > 2 else 'Low'} x{value * 2}"}
  - {id: value-top, size: "{14 + value}pt"}
"""


def starter(tmp_path, template: str, kind: str = "crop", name: str = "g"):
    """A `pnp new` game whose kind `kind` shows templates/computed.yaml (`template`). (Run in this process after
    another game of the same folder name with a cards.csv, a build read that one's rows: each test's game is
    named for its test.)"""
    name = f"{name}-{tmp_path.name}"
    pnp_in_process("new", name, cwd=tmp_path, check=True)
    game = tmp_path / name
    (game / "templates" / "computed.yaml").write_text(template)
    deck = game / "deck.yaml"
    text = deck.read_text()
    at = text.index(f"  {kind}:\n")
    deck.write_text(text[:at] + text[at:].replace("template: card", "template: computed", 1))
    return game


def build(tmp_path, game):
    return pnp_in_process("build", game.name, "-o", tmp_path / "out.pdf", cwd=tmp_path)


def fronts(pdf) -> list[int]:
    return [i for i in range(8) if re.search(r"sheet \d+ of \d+ · fronts", _safe_text(pdf, i))]


def _safe_text(pdf, i) -> str:
    try:
        return page_text(pdf, i)
    except IndexError:
        return ""


def test_an_extended_card_computes_its_kind_line_and_its_value_size(tmp_path):
    """The issue's example: the kind line "Low x2", "Low x4", "High x6" in place of "Crop", the top values
    at 15, 16 and 17 pt (the bottom ones stay 24 pt)."""
    game = starter(tmp_path, CROP)
    proc = build(tmp_path, game)
    assert proc.returncode == 0, proc.stderr
    pdf = tmp_path / "out.pdf"
    pages = fronts(pdf)
    assert pages
    text = "\n".join(page_text(pdf, i) for i in pages)
    assert text.count("Low x2") == 4 and text.count("Low x4") == 3 and text.count("High x6") == 2
    assert "Crop" not in text and "Event" in text          # the events keep the card template's kind line
    sizes = {(ch, round(size, 2)) for i in pages for ch, size in text_sizes(pdf, i) if ch in "123"}
    assert {(c, s) for c, s in sizes if s in (15.0, 16.0, 17.0)} == {("1", 15.0), ("2", 16.0), ("3", 17.0)}
    assert ("1", 24.0) in sizes and ("3", 24.0) in sizes     # value-bottom is not overridden


def test_a_misspelt_name_in_an_expression_is_one_error_naming_the_template_and_the_name(tmp_path):
    game = starter(tmp_path, CROP.replace("value > 2", "valeu > 2"))
    proc = build(tmp_path, game)
    assert proc.returncode == 2 and not (tmp_path / "out.pdf").exists()
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1, proc.stderr
    assert lines[0].startswith(f"pnp: error: {game.name}/templates/computed.yaml:3:")
    assert "'valeu' in {'High' if valeu > 2 else 'Low'}" in lines[0] and "did you mean 'value'?" in lines[0]


@pytest.mark.parametrize("region, line", [
    ('{id: kind, text: "{10 // (value - 1)}"}',
     r"/templates/computed.yaml:3:\d+: region kind.text: card 'Wheat': \{10 // \(value - 1\)\}: 10 // 0: "
     r"division by zero"),
    ('{id: kind, text: "{title > 2}"}',
     r"/templates/computed.yaml:3:\d+: region kind.text: card 'Wheat': \{title > 2\}: 'Wheat' > 2: text "
     r"compared with a number"),
    ('{id: value-top, size: "{value}"}',
     r"/templates/computed.yaml:3:\d+: region value-top.size: card 'Wheat': \"\{value\}\" gives 1: expected a "
     r"length with a unit"),
    ('{id: kind, style: "{title}"}',
     r"/templates/computed.yaml:3:\d+: region kind.style: card 'Wheat': \"\{title\}\" gives 'Wheat': expected "
     r"regular, bold, italic, bolditalic"),
    ('{id: kind, text: "{title - 1}"}',
     r"region kind.text: card 'Wheat': \{title - 1\}: 'Wheat' - 1: text and a number cannot be subtracted"),
    ('{id: kind, text: "{\':card:\' * (value * 2000)}"}',
     r"region kind.text: card 'Wheat': .*makes a text of 12000 characters; the limit is 5000"),
])
def test_each_mistake_on_a_card_is_one_line_naming_file_line_key_expression_and_card(tmp_path, region, line):
    game = starter(tmp_path, f"extends: card\nregions:\n  - {region}\n")
    proc = build(tmp_path, game)
    assert proc.returncode == 2 and not (tmp_path / "out.pdf").exists()
    first = [ln for ln in proc.stderr.splitlines() if "'Wheat'" in ln]
    assert len(first) == 1 and re.search(line, first[0]), proc.stderr
    assert "Traceback" not in proc.stderr


@pytest.mark.parametrize("region, said", [
    ('{id: kind, text: "{title.upper()}"}', "may not use attribute access"),
    ('{id: kind, text: "{value ** 99}"}', "may not use powers"),
    ('{id: kind, text: "{__import__(\'os\')}"}', "unknown function '__import__'"),
    ('{id: kind, text: "{uper(title)}"}', "did you mean 'upper'?"),
    ('{id: kind, text: "{plural(value)}"}', "plural() is given 1 argument, and is written plural(n, 'coin') or "
                                            "plural(n, 'die', 'dice')"),     # (it was Python's own, on each card)
    ('{id: kind, text: "{(lambda: 1)()}"}', "may not use a call of anything but a function by its name"),
    ('{id: kind, text: "{value +}"}', "is not an expression pnp can read"),
    ('{id: kind, text: "{value"}', "a brace is opened and not closed"),
    ('{id: kind, when: "{value} > 2"}', 'write the whole condition inside the braces: when: "{value > 2}"'),
    ('{id: value-top, size: "{value +}pt"}', "is not an expression pnp can read"),
])
def test_a_mistake_in_an_expression_itself_is_found_at_the_templates_line_before_any_card(tmp_path, region, said):
    game = starter(tmp_path, f"extends: card\nregions:\n  - {region}\n")
    proc = build(tmp_path, game)
    lines = proc.stderr.strip().splitlines()
    assert proc.returncode == 2 and len(lines) == 1, proc.stderr
    assert lines[0].startswith(f"pnp: error: {game.name}/templates/computed.yaml:3:") and said in lines[0]
    assert "card '" not in lines[0]


def test_every_mistake_of_a_run_is_reported_in_that_run(tmp_path):
    """Three regions wrong on one card and a key wrong on every card: each its own line, in one run (a key wrong
    alike on several cards one line, naming them)."""
    game = starter(tmp_path, """extends: card
regions:
  - {id: kind, text: "{10 // (value - 1)}"}
  - {id: value-top, size: "{value}"}
  - {id: title, colour: "{'gilt' if title > 2 else 'ink'}"}
""")
    proc = build(tmp_path, game)
    lines = proc.stderr.strip().splitlines()
    assert proc.returncode == 2
    assert sum("division by zero" in ln for ln in lines) == 1
    # one line each, the cards it fails on named in it: Wheat, Barley, Apples (issue 54: a line a card)
    assert [ln.count("(and 2 more cards: ") for ln in lines if "region value-top.size" in ln] == [1], lines
    assert [ln.count("(and 2 more cards: ") for ln in lines if "text compared with a number" in ln] == [1], lines


def test_text_that_looks_like_a_number_is_a_number(tmp_path):
    """The events' value is a text field ("!" by default); a cell "5" in it is the number 5 in an expression,
    "!" stays text and is tested with == without a mistake."""
    game = starter(tmp_path, """extends: card
regions:
  - {id: kind, text: "{'none' if value == '!' else value * 2} {len(title)} {plural(len(title), 'letter')}"}
""", kind="event")
    cards = game / "cards.csv"
    cards.write_text(cards.read_text().replace("event,Storm,,", "event,Storm,5,"))
    proc = build(tmp_path, game)
    assert proc.returncode == 0, proc.stderr
    text = "\n".join(page_text(tmp_path / "out.pdf", i) for i in fronts(tmp_path / "out.pdf"))
    assert "10 5 letters" in text and "none 10 letters" in text and "none 9 letters" in text


def test_functions_and_repetition(tmp_path):
    game = starter(tmp_path, """extends: card
regions:
  - {id: kind, box: [3mm, 15mm, 57.5mm, 5mm], text: "{upper(title)}|{'*' * value}|{max(value, 2)}|{round(value / 3, 2)}|{join('-', title, '', kind)}"}
""")
    assert build(tmp_path, game).returncode == 0
    text = "\n".join(page_text(tmp_path / "out.pdf", i) for i in fronts(tmp_path / "out.pdf"))
    assert "WHEAT|*|2|0.33|Wheat-Crop" in text and "APPLES|***|3|1|Apples-Crop" in text
