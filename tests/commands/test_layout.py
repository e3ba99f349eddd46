"""`pnp layout`: a card's regions as its templates write them (file, line, box as laid out and as written,
computed, inherited, hidden by `when:`, findings), and `--move`/`--box`, which write one region's box back into
its template: that value changed in the units it is written in, every other byte as it was; an inherited
region as an override in the child; every refusal one line, exit 2, nothing written."""
from __future__ import annotations

import json

from cli import pnp_in_process
from pdfcheck import MM, on_card

EVENT = """# An event: the card, with its kind line in ink.
extends: card
regions:
  - id: kind        # the kind line
    colour: ink
"""


def _starter(tmp_path, name="g"):
    pnp_in_process("new", name, cwd=tmp_path, check=True)
    return tmp_path / name


def _layout(game, *args):
    proc = pnp_in_process("layout", game, *args, "--json", cwd=game.parent, check=True)
    return json.loads(proc.stdout)


def _regions(game, *args) -> dict:
    return {r["id"]: r for r in _layout(game, *args)["regions"]}


def _refused(game, *args) -> str:
    proc = pnp_in_process("layout", game, *args, cwd=game.parent)
    assert proc.returncode == 2 and len(proc.stderr.strip().splitlines()) == 1, proc.stderr
    assert "Traceback" not in proc.stderr
    return proc.stderr


def test_the_starters_title_as_written_and_moved_5mm_with_one_line_changed(tmp_path):
    game = _starter(tmp_path)
    card = game / "templates" / "card.yaml"
    text = card.read_text()
    line = next(n for n, ln in enumerate(text.splitlines(), 1) if "{id: title," in ln)
    shown = _layout(game)
    assert shown["card"]["name"] == "Wheat" and shown["template"] == "card" and shown["file"] == "templates/card.yaml"
    assert [r["id"] for r in shown["regions"]] == ["background", "panel", "value-top", "value-bottom", "title",
                                                   "kind", "text"]
    title = {r["id"]: r for r in shown["regions"]}["title"]
    assert (title["file"], title["line"], title["box_mm"], title["written"]) == \
        ("templates/card.yaml", line, [17, 6, 29.5, 9], ["17mm", "6mm", "29.5mm", "9mm"])
    assert title["computed"] is False and title["inherited_from"] is None and title["editable"] is True
    assert (title["font"], title["size_pt"], title["colour"]) == ("serif bold", 12, "#1e1e1e")
    said = pnp_in_process("layout", "g", cwd=tmp_path, check=True).stdout
    assert f"title          text     templates/card.yaml:{line}  [17, 6, 29.5, 9] mm  written [17mm, 6mm, 29.5mm, " \
           "9mm]  serif bold 12pt #1e1e1e" in said

    pnp_in_process("build", "g", "--only", "1", "--no-instructions", "-o", tmp_path / "a.pdf", cwd=tmp_path,
                   check=True)
    moved = pnp_in_process("layout", "g", "--template", "card", "--region", "title", "--move", "5mm,0",
                           cwd=tmp_path, check=True)
    assert moved.stdout.strip() == f"wrote templates/card.yaml:{line}: region 'title' box [22mm, 6mm, 29.5mm, 9mm]"
    after = card.read_text()
    changed = [(a, b) for a, b in zip(text.splitlines(), after.splitlines()) if a != b]
    assert len(after.splitlines()) == len(text.splitlines()) and changed == [
        (text.splitlines()[line - 1], text.splitlines()[line - 1].replace("[17mm,", "[22mm,"))]
    pnp_in_process("build", "g", "--only", "1", "--no-instructions", "-o", tmp_path / "b.pdf", cwd=tmp_path,
                   check=True)
    moved = on_card(tmp_path / "b.pdf", "Wheat")[0] - on_card(tmp_path / "a.pdf", "Wheat")[0]
    assert abs(moved / MM - 5) < 0.05
    assert _regions(game)["title"]["box_mm"] == [22, 6, 29.5, 9]


def test_an_inherited_region_is_written_as_an_override_in_the_template_the_card_uses(tmp_path):
    game = _starter(tmp_path)
    deck = game / "deck.yaml"
    text = deck.read_text()
    at = text.index("  event:")
    deck.write_text(text[:at] + text[at:].replace("template: card", "template: event", 1))
    (game / "templates" / "event.yaml").write_text(EVENT)
    card_before = (game / "templates" / "card.yaml").read_bytes()
    regions = _regions(game, "--card", "event")
    assert regions["title"]["inherited_from"] == "card" and regions["title"]["file"] == "templates/card.yaml"
    assert regions["kind"]["inherited_from"] == "card" and regions["kind"]["overridden_in"] == ["event"]

    pnp_in_process("layout", "g", "--template", "event", "--region", "title", "--move", "10mm,0", cwd=tmp_path,
                   check=True)
    pnp_in_process("layout", "g", "--template", "event", "--region", "kind", "--box", "17mm,16mm,29.5mm,5mm",
                   cwd=tmp_path, check=True)
    assert (game / "templates" / "event.yaml").read_text() == EVENT.replace(
        "    colour: ink\n", "    colour: ink\n    box: [17mm, 16mm, 29.5mm, 5mm]\n") + \
        "  - {id: title, box: [27mm, 6mm, 29.5mm, 9mm]}\n"
    assert (game / "templates" / "card.yaml").read_bytes() == card_before        # the base as it was
    regions = _regions(game, "--card", "Storm")
    assert regions["title"]["box_mm"] == [27, 6, 29.5, 9] and regions["title"]["file"] == "templates/event.yaml"
    assert _regions(game, "--card", "1")["title"]["box_mm"] == [17, 6, 29.5, 9]     # a crop's card: not moved

    # --base: where the box is written in the template it extends
    pnp_in_process("layout", "g", "--template", "event", "--region", "value-top", "--move", "0,1mm", "--base",
                   cwd=tmp_path, check=True)
    card = (game / "templates" / "card.yaml").read_text()
    assert card == card_before.decode().replace("value-top, type: text, box: [5mm, 5mm,",
                                                "value-top, type: text, box: [5mm, 6mm,")


def test_a_box_stays_in_its_own_units_px_at_the_decks_dpi_and_percent_of_the_card(tmp_path):
    game = _starter(tmp_path)
    back = game / "templates" / "back.yaml"
    # 8mm, 32mm at 300 dpi; the width a share of the card
    back.write_text(back.read_text().replace("box: [8mm, 32mm, 47.5mm, 25mm]", "box: [94px, 378px, 50%, '295px']"))
    pnp_in_process("layout", "g", "--template", "back", "--region", "title", "--move", "10mm,-0.5mm", cwd=tmp_path,
                   check=True)
    assert "box: [212px, 372px, 50%, '295px']" in back.read_text()         # 94 + 118.1, 378 - 5.9; the rest kept
    pnp_in_process("layout", "g", "--template", "back", "--region", "title", "--box", "20mm,32mm,40%,25mm",
                   cwd=tmp_path, check=True)
    assert "box: [236px, 378px, 40%, '295px']" in back.read_text()         # its quotes kept


def test_what_cannot_be_written_is_one_line_each_and_nothing_changes(tmp_path):
    game = _starter(tmp_path)
    card = game / "templates" / "card.yaml"
    card.write_text(card.read_text() + '  - {id: stamp, type: text, box: [5mm, "{80 + 2}mm", 20mm, 4mm], '
                    'text: "x", size: 6pt, safe: false}\n'
                    '  - {id: one, type: text, box: [40mm, 80mm, 10mm, 4mm], text: "1", size: 6pt, '
                    'when: "{value == 1}"}\n')
    before = {p: p.read_bytes() for p in (game / "templates").iterdir()}
    regions = _regions(game, "--card", "2")
    assert regions["stamp"]["computed"] is True and regions["stamp"]["editable"] is False
    assert regions["stamp"]["box_mm"] == [5, 82, 20, 4] and '"{80 + 2}mm"' not in str(regions["stamp"]["written"])
    assert regions["stamp"]["written"] == ["5mm", "{80 + 2}mm", "20mm", "4mm"]
    assert "computed for each card" in regions["stamp"]["why"]
    assert regions["one"]["hidden"] is True and _regions(game)["one"]["hidden"] is False     # Barley: value 2
    for args, said in (
            (("--region", "stamp", "--move", "1mm,0"), "its box is computed for each card"),
            (("--region", "titel", "--move", "1mm,0"), "has no region 'titel' (did you mean 'title'?)"),
            (("--region", "title", "--move", "5,0"), "expected a length such as '63.5mm'"),
            (("--region", "title", "--move", "5mm"), "expected 2 lengths separated by commas, found 1"),
            (("--region", "title", "--move", "40mm,0"), "past the right edge"),
            (("--region", "title", "--move", "5mm,0", "--expect", "0" * 32), "changed since it was read"),
            (("--region", "title"), "one of --move DX,DY or --box X,Y,W,H")):
        assert said in _refused(game, "--template", "card", *args)
    assert "unknown template 'crad'" in _refused(game, "--template", "crad", "--region", "title", "--move", "1mm,0")
    assert {p: p.read_bytes() for p in (game / "templates").iterdir()} == before
    (game / "templates" / "back.yaml").write_text("extends: basic-back   # pnp's own\n")
    assert "layouts/cards/basic-back.yaml, pnp's shared template, not the game's own" in _refused(
        game, "--template", "back", "--region", "frame", "--move", "1mm,0", "--base")
    assert "pnp's shared template" in _refused(game, "--template", "basic-back", "--region", "frame", "--move", "1mm,0")
    assert (game / "templates" / "back.yaml").read_text() == "extends: basic-back   # pnp's own\n"
    assert "no card of that name or id" in _refused(game, "--card", "Wheet")


def test_a_cards_findings_name_their_region(tmp_path):
    """Text shrunk to fit, and text that does not fit at all (the card is not laid out, its region says why)."""
    game = _starter(tmp_path)
    card = game / "templates" / "card.yaml"
    card.write_text(card.read_text().replace("size: 11pt,", "size: 11pt, min_size: 6pt,"))
    csv = game / "cards.csv"
    csv.write_text(csv.read_text().replace("Score **1** point at harvest.", "Score **1** point. " * 30)
                   .replace("crop,Barley", "crop,Barley Barley Barley Barley Barley Barley"))
    regions = _regions(game)
    assert [f["check"] for f in regions["text"]["findings"]] == ["shrunk"]
    assert regions["text"]["used_size_pt"] < regions["text"]["size_pt"] == 11
    shown = _layout(game, "--card", "2")
    assert "does not fit" in shown["error"]
    title = {r["id"]: r for r in shown["regions"]}["title"]
    assert [f["check"] for f in title["findings"]] == ["overflow"] and title["box_mm"] == [17, 6, 29.5, 9]
