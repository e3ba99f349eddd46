"""A <span> in a `text` region (issue 45): a text region prints its words as written, so a span there would print
as a tag; it is one error naming the region, at the template's line when the template writes it, at the card's
cell when a card's field does. In a textbox the same span colours its words (tests/layout/test_text_look.py)."""
from __future__ import annotations

from cli import pnp_in_process


def _game(tmp_path, title_text: str):
    folder = tmp_path / "g"
    assert pnp_in_process("new", folder).returncode == 0
    template = folder / "templates" / "card.yaml"
    text = template.read_text(encoding="utf-8")
    template.write_text(text.replace('text: "{title}", font: serif', f"text: '{title_text}', font: serif", 1),
                        encoding="utf-8")
    return folder


def _refused(tmp_path, folder) -> list[str]:
    out = tmp_path / "x.pdf"
    proc = pnp_in_process("build", folder, "-o", out)
    assert proc.returncode == 2 and not out.exists(), proc.stderr
    return proc.stderr.strip().splitlines()


def test_a_span_the_template_writes_in_a_text_region_is_one_error_at_its_line(tmp_path):
    lines = _refused(tmp_path, _game(tmp_path, '<span color="red">{title}</span>'))
    assert len(lines) == 1, lines
    assert "g/templates/card.yaml:10:" in lines[0] and "region title.text: " in lines[0], lines[0]
    assert '<span color="red"> would print as written: a text region' in lines[0]
    assert "make it a textbox region" in lines[0]
    assert "in region 'title'" not in lines[0], lines[0]         # named once, by its id, as every error names it


def test_a_span_a_card_writes_in_a_text_region_is_one_error_at_its_cell(tmp_path):
    folder = _game(tmp_path, "{title}")
    cards = folder / "cards.csv"
    rows = cards.read_text(encoding="utf-8").splitlines()
    at = next(i for i, row in enumerate(rows) if row.startswith("crop,Wheat,"))
    rows[at] = rows[at].replace("crop,Wheat,", 'crop,"<span color=""red"">Wheat</span>",', 1)
    cards.write_text("\n".join(rows) + "\n", encoding="utf-8")
    lines = _refused(tmp_path, folder)
    assert len(lines) == 1, lines
    assert f"g/cards.csv:{at + 1}: title: " in lines[0], lines[0]
    assert "region 'title'" in lines[0] and "would print as written" in lines[0]
