"""`extends` that overrides (issue 45): a child template's region with a parent region's id changes that region key
by key, in its place in the drawing order; {id: ID, drop: true} removes it; a region with no type names a parent
region or is an error with a suggestion; a `when:` naming a field only some kinds have works through extends; every
template's mistakes in one run. Built on a `pnp new` game and read back from its PDF."""
from __future__ import annotations

import re

from cli import pnp_in_process
from pdfcheck import page_text, whole

from generator.deck.load import load_deck
from generator.layout.templates import get_template


def starter(tmp_path, template: str, kind: str = "crop"):
    """A `pnp new` game (named for its test) whose kind `kind` shows templates/child.yaml (`template`)."""
    game = tmp_path / f"g-{tmp_path.name}"
    pnp_in_process("new", game.name, cwd=tmp_path, check=True)
    (game / "templates" / "child.yaml").write_text(template)
    deck = game / "deck.yaml"
    text = deck.read_text()
    at = text.index(f"  {kind}:\n")
    deck.write_text(text[:at] + text[at:].replace("template: card", "template: child", 1))
    return game


def build(tmp_path, game):
    return pnp_in_process("build", game.name, "-o", tmp_path / "out.pdf", cwd=tmp_path)


def fronts_text(pdf) -> str:
    """The fronts sheets' text (page_text), the sheets found by pdfium's quick reading of every page (the words of
    every page were read for it, ~0.15 s a page)."""
    import pypdfium2 as pdfium
    doc = pdfium.PdfDocument(pdf)
    try:
        fronts = [i for i, page in enumerate(doc)
                  if re.search(r"sheet \d+ of \d+ · fronts", whole(page.get_textpage().get_text_range()))]
    finally:
        doc.close()
    assert fronts
    return "\n".join(page_text(pdf, i) for i in fronts)


def test_a_region_of_the_parents_id_changes_only_what_it_writes_in_the_parents_place(tmp_path):
    game = starter(tmp_path, """extends: card
regions:
  - {id: extra, type: rect, box: [0mm, 0mm, 5mm, 5mm], fill: ink}
  - {id: title, colour: gilt, size: 10pt}
""")
    tpl = get_template("child", load_deck(game))
    ids = [r.id for r in tpl.regions]
    parent = [r.id for r in get_template("card", load_deck(game)).regions]
    assert ids == parent + ["extra"]                   # title in its own place; the new region after the parent's
    title = tpl.regions[ids.index("title")]
    assert title.get("colour") == "gilt" and title.values["size"] == 10.0
    assert title.get("font") == "serif" and title.get("style") == "bold" and title.get("text") == "{title}"
    assert title.at("colour")[0].endswith("child.yaml") and title.at("font")[0].endswith("card.yaml")
    assert build(tmp_path, game).returncode == 0
    text = fronts_text(tmp_path / "out.pdf")
    assert text.count("Wheat") == 4 and text.count("Apples") == 2      # drawn once a card, not twice


def test_a_dropped_region_is_not_drawn(tmp_path):
    game = starter(tmp_path, """extends: card
regions:
  - {id: kind, drop: true}
""")
    assert [r.id for r in get_template("child", load_deck(game)).regions] == \
        [r.id for r in get_template("card", load_deck(game)).regions if r.id != "kind"]
    assert build(tmp_path, game).returncode == 0
    text = fronts_text(tmp_path / "out.pdf")
    assert "Crop" not in text and text.count("Event") == 3


def test_mistakes_in_overriding_each_one_line_in_one_run(tmp_path):
    game = starter(tmp_path, """extends: card
regions:
  - {id: titel, colour: gilt}
  - {id: kind, type: textbox}
  - {id: text, drop: 1}
  - {id: nothing, drop: true}
  - {id: value-top, size: 500pt}
""")
    proc = build(tmp_path, game)
    lines = proc.stderr.strip().splitlines()
    assert proc.returncode == 2 and not (tmp_path / "out.pdf").exists()
    assert len(lines) == 5, proc.stderr
    child = f"{game.name}/templates/child.yaml"
    assert lines[0].startswith(f"pnp: error: {child}:3:") and "region 'titel' writes no type" in lines[0] \
        and "did you mean 'title'?" in lines[0]
    assert lines[1].startswith(f"pnp: error: {child}:4:") and "overrides a text region" in lines[1] \
        and "keeps its type" in lines[1]
    assert lines[2].startswith(f"pnp: error: {child}:5:") and "{id: ID, drop: true}" in lines[2]
    assert lines[3].startswith(f"pnp: error: {child}:6:") and "region 'nothing' drops" in lines[3]
    assert lines[4].startswith(f"pnp: error: {child}:7:") and "size" in lines[4]


def test_every_templates_mistakes_in_one_run(tmp_path):
    """Two templates at fault (the child shown by the crops, another shown by the events): both named."""
    game = starter(tmp_path, "extends: card\nregions:\n  - {id: titel, colour: gilt}\n")
    (game / "templates" / "other.yaml").write_text("extends: card\nregions:\n  - {id: knd, drop: true}\n")
    deck = game / "deck.yaml"
    text = deck.read_text()
    at = text.index("  event:\n")
    deck.write_text(text[:at] + text[at:].replace("template: card", "template: other", 1))
    proc = build(tmp_path, game)
    assert proc.returncode == 2
    assert "child.yaml:3" in proc.stderr and "'titel'" in proc.stderr
    assert "other.yaml:3" in proc.stderr and "'knd'" in proc.stderr and "did you mean 'kind'?" in proc.stderr


def test_a_when_naming_another_kinds_field_works_through_extends(tmp_path):
    """The card template draws a note where a crop has one (a field events do not have); the events show a
    template extending it: their cards are drawn without the note, not refused."""
    game = tmp_path / f"g-{tmp_path.name}"
    pnp_in_process("new", game.name, cwd=tmp_path, check=True)
    card = game / "templates" / "card.yaml"
    card.write_text(card.read_text() + '  - {id: note, type: text, box: [7mm, 70mm, 49.5mm, 5mm], text: "{note}", '
                    'when: "{len(note) > 3}", size: 7pt}\n')
    (game / "templates" / "child.yaml").write_text("extends: card\nregions:\n  - {id: kind, colour: ink}\n")
    deck = game / "deck.yaml"
    text = deck.read_text().replace("      colour: {type: colour, default: harvest}\n",
                                    "      colour: {type: colour, default: harvest}\n      note: {type: text}\n", 1)
    at = text.index("  event:\n")
    deck.write_text(text[:at] + text[at:].replace("template: card", "template: child", 1))
    cards = game / "cards.csv"
    rows = cards.read_text().splitlines()
    rows[0] += ",note"
    rows[1:] = [r + (",Sow in spring" if r.startswith("crop,Wheat") else ",ok" if r.startswith("crop,") else ",")
                for r in rows[1:]]
    cards.write_text("\n".join(rows) + "\n")
    proc = build(tmp_path, game)
    assert proc.returncode == 0, proc.stderr
    text = fronts_text(tmp_path / "out.pdf")
    assert text.count("Sow in spring") == 4 and " ok" not in text      # "ok" is too short for the condition


def test_a_child_with_its_own_size_is_read_when_its_parent_fails(tmp_path):
    """A mistake in the parent and one in the child's own new region: both in one run (the child's overrides of
    a parent that did not load are not guessed at)."""
    game = starter(tmp_path, 'extends: card\nsize: poker\nregions:\n  - {id: kind, text: "{value}"}\n'
                             '  - {id: new, type: rect, fill: "{valeu ** 2}"}\n', kind="event")
    card = game / "templates" / "card.yaml"
    card.write_text(card.read_text().replace("size: 12pt, align: center", "size: 12pt, align: centre"))
    proc = build(tmp_path, game)
    lines = proc.stderr.strip().splitlines()
    assert proc.returncode == 2 and len(lines) == 2, proc.stderr
    assert "card.yaml:10:" in lines[0] and "did you mean 'center'?" in lines[0]
    assert "child.yaml:5:" in lines[1] and "may not use powers" in lines[1]
