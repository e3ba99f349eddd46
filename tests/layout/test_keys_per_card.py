"""Every key may take a brace (issue 45): read for each card as the key's own value would be written and checked
as strictly; a crop focus from a cell "20%, 80%", a box item, an opacity, a turn, a style, a polygon's sides, a
when that computes; what follows from a key (min_size from size) worked out again for each card. Read from the
display list each card is laid out into, and from the PDF."""
from __future__ import annotations

import math

from cli import pnp_in_process
from pdfcheck import text_sizes

from generator.deck.load import load_deck
from generator.layout.deck import layout_card
from generator.layout.display import Image, Polygon, Rect, Text

MM = 72 / 25.4


def game(tmp_path, regions: str, columns: str = "", cells=None):
    """A `pnp new` game (named for its test) whose crops show templates/keyed.yaml (the card template and
    `regions`); `columns`: more crop fields (text), `cells`: {title: their cells}."""
    folder = tmp_path / f"g-{tmp_path.name}"
    pnp_in_process("new", folder.name, cwd=tmp_path, check=True)
    (folder / "templates" / "keyed.yaml").write_text("extends: card\nregions:\n" + regions)
    deck = folder / "deck.yaml"
    text = deck.read_text()
    at = text.index("  crop:\n")
    text = text[:at] + text[at:].replace("template: card", "template: keyed", 1)
    for c in filter(None, columns.split(",")):
        text = text.replace("      colour: {type: colour, default: harvest}\n",
                            f"      colour: {{type: colour, default: harvest}}\n      {c}: {{type: text}}\n", 1)
    deck.write_text(text)
    if columns:
        csv = folder / "cards.csv"
        rows = csv.read_text().splitlines()
        rows[0] += "," + columns
        for i, row in enumerate(rows[1:], 1):
            title = row.split(",")[1]
            extra = (cells or {}).get(title, [""] * len(columns.split(",")))
            rows[i] = row + "," + ",".join(f'"{v}"' for v in extra)
        csv.write_text("\n".join(rows) + "\n")
    return folder


def faces(folder) -> dict:
    deck = load_deck(folder)
    return {c.name: layout_card(deck, c).front for c in deck.cards}


def test_a_focus_from_a_cell_an_opacity_and_a_box_item(tmp_path):
    folder = game(tmp_path, """  - {id: art, type: image, box: [10mm, "{20 + value * 5}mm", 40mm, 20mm], src: icons/card.png,
     fit: cover, focus: "{focus}", opacity: "{1 - value / 10}"}
""", "focus", {"Wheat": ["20%, 80%"], "Barley": ["[0, 100%]"], "Apples": ["50%, 50%"]})
    laid = faces(folder)
    art = {name: next(op for op in face.ops if isinstance(op, Image) and op.region == "art")
           for name, face in laid.items() if name in ("Wheat", "Barley", "Apples")}
    assert (art["Wheat"].fx, art["Wheat"].fy) == (0.2, 0.8) and (art["Barley"].fx, art["Barley"].fy) == (0.0, 1.0)
    assert math.isclose(art["Wheat"].opacity, 0.9) and math.isclose(art["Apples"].opacity, 0.7)
    height = laid["Wheat"].height
    for name, value in (("Wheat", 1), ("Barley", 2), ("Apples", 3)):      # y from the top: 20mm + value * 5mm
        assert math.isclose(height - art[name].y - art[name].h, (20 + value * 5) * MM, abs_tol=0.01)


def test_a_style_a_colour_a_turn_and_sides_chosen_by_the_card(tmp_path):
    folder = game(tmp_path, """  - {id: title, style: "{'italic' if value > 2 else 'bold'}", colour: "{'gilt' if value > 1 else 'ink'}"}
  - {id: mark, type: polygon, box: [40mm, 40mm, 10mm, 10mm], sides: "{value + 3}", fill: ink, rotate: "{value * 15}"}
""")
    laid = faces(folder)
    title = {n: next(op for op in f.ops if isinstance(op, Text) and op.text == n) for n, f in laid.items()
             if n in ("Wheat", "Barley", "Apples")}
    assert "Bold" in title["Wheat"].font and ("Italic" in title["Apples"].font or "Oblique" in title["Apples"].font)
    assert title["Wheat"].colour == "#1e1e1e" and title["Barley"].colour == "#e2c26b"
    marks = {n: next(op for op in f.ops if isinstance(op, Polygon)) for n, f in laid.items()
             if n in ("Wheat", "Apples")}
    assert len(marks["Wheat"].points) == 4 and len(marks["Apples"].points) == 6


def test_min_size_follows_a_size_given_by_the_card(tmp_path):
    """min_size's default is 6pt or the size if smaller: a size of 4pt + value gives 5pt on Wheat (a text at 5pt,
    not refused as under its min_size), and a written min_size above a computed size is the card's error."""
    folder = game(tmp_path, '  - {id: kind, size: "{4 + value}pt"}\n')
    laid = faces(folder)
    kind = next(op for op in laid["Wheat"].ops if isinstance(op, Text) and op.text == "Crop")
    assert kind.size == 5.0
    (tmp_path / "b").mkdir()
    bad = game(tmp_path / "b", '  - {id: kind, size: "{4 + value}pt", min_size: 6pt}\n')
    proc = pnp_in_process("build", bad, "-o", tmp_path / "b.pdf", cwd=tmp_path)
    assert proc.returncode == 2 and "card 'Wheat': min_size 6pt is larger than the size 5" in proc.stderr


def test_a_when_that_computes(tmp_path):
    folder = game(tmp_path, """  - {id: panel, when: "{value != 2}"}
  - {id: tag, type: rect, box: [5mm, 80mm, 5mm, 5mm], fill: ink, when: "{value >= 2 and kind == 'Crop'}"}
""")
    laid = faces(folder)

    def rects(name):
        return [op for op in laid[name].ops if isinstance(op, Rect)]
    assert len(rects("Wheat")) == 2 and len(rects("Barley")) == 2 and len(rects("Apples")) == 3
    # Wheat: background and panel; Barley: background and tag; Apples: all three


def test_sizes_given_by_cards_print_at_those_sizes(tmp_path):
    folder = game(tmp_path, '  - {id: title, size: "{9 + value}.5pt"}\n')
    out = tmp_path / "o.pdf"
    assert pnp_in_process("build", folder, "-o", out, cwd=tmp_path).returncode == 0
    sizes = {round(s, 2) for p in (2,) for ch, s in text_sizes(out, p) if ch in "WBA"}
    assert {10.5, 11.5, 12.5} <= sizes
