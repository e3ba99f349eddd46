"""docs/from-squib-and-nandeck.md's pnp snippets, built as written, so the page cannot drift from what pnp reads.

Taken from the page as it stands: every YAML block whose first line names a file (`# deck.yaml`: its keys join the
test deck's; `# templates/NAME.yaml`: written as that template), every region written in a code span
(`{type: ...}`: all of them on one card, templates/drawing.yaml), every expression in quotes (`"{...}"`: each a
text region's text, templates/expressions.yaml) and every region key with a brace (`size: "{14 + value}pt"`: each
on a text region of its own, templates/keys.yaml). A game of crops with the fields they read is built from them,
and its PDF read back: the extends example's computed kind lines, the expressions' results (the card's number and
the counts over the deck among them), the drawing's gradient shading, the outline's stroke and the span's red,
nanDECK's track and die as repeated regions.
"""
from __future__ import annotations

import re

import yaml
from PIL import Image

from cli import ROOT, pnp_in_process
from newgame import ellipses
from pdfcheck import all_text, placements, squash, words_in

PAGE = ROOT / "docs" / "from-squib-and-nandeck.md"
KEYS = ("size", "when", "rotate", "opacity", "box", "colour", "font", "align")

DECK = """game: {title: Squib Page, designer: Tester, players: 2-4, version: "0.1", small_text: error}
palette: {paper: "#fbf7ec", ink: "#1e1e1e", gold: "#e2c26b", harvest: "#3f7d3a", back: "#6b3f24", gilt: "#e2c26b"}
kinds:
  crop:
    title: Crop
    template: card
    name: "{title}"
    fields:
      title: {type: text, required: true}
      value: {type: int, required: true}
      text: markup
      cost: {type: int, default: 0}
      vp: {type: int, default: 0}
      art: {type: image, default: art.png}
      colour: {type: colour, default: harvest}
"""
CARDS = """kind,title,value,text,cost,qty,VP + Climb,Notes,template
crop,Wheat,1,Score **1** point.,0,2,1,cheap,high-low
crop,Barley,2,Score **2** points.,1,1,2,,high-low
crop,Apples,3,Score **3** points.,2,1,3,,high-low
crop,Oats,1,Score at harvest.,3,1,1,,drawing
crop,Rye,2,Score at harvest.,0,1,2,,expressions
crop,Corn,3,Score at harvest.,2,1,3,,expressions
crop,Spelt,2,Score at harvest.,0,1,2,,keys
"""
SVG = ('<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40" viewBox="0 0 40 40">'
       '<circle cx="20" cy="20" r="18" fill="#b03030"/>'
       '<text x="20" y="27" font-family="serif" font-size="18" text-anchor="middle" fill="#ffffff">7</text></svg>')


def snippets() -> dict:
    """What the page writes for pnp: {"files": {name: text}, "regions": [...], "expressions": [...],
    "keys": [(key, value)]}."""
    text = PAGE.read_text(encoding="utf-8")
    files = {}
    for block in re.findall(r"```yaml\n(.*?)```", text, re.S):
        first, _, rest = block.partition("\n")
        m = re.match(r"# (deck\.yaml|templates/[\w-]+\.yaml)$", first.strip())
        if m:
            files[m.group(1)] = rest
    pnp = []                # the prose, and the last cell (pnp's column) of each table row
    for line in re.sub(r"```.*?```", "", text, flags=re.S).splitlines():
        cells = re.split(r"(?<!\\)\|", line.strip().strip("|")) if line.startswith("|") else [line]
        pnp.append(cells[-1])
    spans = re.findall(r"`([^`\n]+)`", "\n".join(pnp))
    regions = [s for s in spans if s.startswith("{type: ")]
    expressions = [s for s in spans if re.fullmatch(r'"[^"]*\{.*\}[^"]*"', s)]
    keys = [tuple(s.split(": ", 1)) for s in spans
            if re.fullmatch(rf'({"|".join(KEYS)}): ("[^"]*\{{[^"]*\}}[^"]*"|\[.*"\{{.*\}}.*\])', s)]
    return {"files": files, "regions": regions, "expressions": expressions, "keys": keys}


def test_the_page_has_snippets_of_each_sort():
    s = snippets()
    assert set(s["files"]) >= {"deck.yaml", "templates/high-low.yaml"}
    assert len(s["regions"]) >= 15 and len(s["expressions"]) >= 6 and len(s["keys"]) >= 5, s
    assert "being built" not in PAGE.read_text(encoding="utf-8")


def _game(tmp_path):
    s = snippets()
    folder = tmp_path / "squib"
    assert pnp_in_process("new", folder).returncode == 0             # its card and back templates, its icons
    (folder / "cards.csv").write_text(CARDS, encoding="utf-8")
    (folder / "components.yaml").unlink()                    # it counts the new game's events
    Image.new("RGB", (60, 40), (40, 90, 160)).save(folder / "art.png")
    (folder / "icons" / "wood.png").write_bytes((folder / "icons" / "card.png").read_bytes())
    (folder / "seal.svg").write_text(SVG, encoding="utf-8")
    page_deck = s["files"].pop("deck.yaml")
    assert not set(yaml.safe_load(page_deck)) & set(yaml.safe_load(DECK)), "the page's deck.yaml and the test's meet"
    (folder / "deck.yaml").write_text(DECK + page_deck, encoding="utf-8")
    for name, text in s["files"].items():
        (folder / name).write_text(text, encoding="utf-8")
    drawing = "size: poker\nregions:\n" + "".join(f"  - {r}\n" for r in s["regions"])
    (folder / "templates" / "drawing.yaml").write_text(drawing, encoding="utf-8")
    lines, y = [], 5
    for e in s["expressions"]:
        lines.append(f"  - {{type: text, box: [5mm, {y}mm, 53.5mm, 5mm], text: {e}, size: 8pt}}")
        y += 6
    (folder / "templates" / "expressions.yaml").write_text("size: poker\nregions:\n" + "\n".join(lines) + "\n",
                                                             encoding="utf-8")
    lines, y = [], 5                    # the keys, on a card of their own (Spelt)
    for key, value in s["keys"]:
        box = "" if key == "box" else f"box: [40mm, {y}mm, 18mm, 5mm], "
        size = "" if key == "size" else "size: 8pt, "
        lines.append(f"  - {{type: text, {box}text: '{key}', {size}{key}: {value}}}")
        y += 6 if key != "box" else 0
    (folder / "templates" / "keys.yaml").write_text("size: poker\nregions:\n" + "\n".join(lines) + "\n",
                                                      encoding="utf-8")
    return folder


def test_the_pages_snippets_build_and_print_what_it_says(tmp_path):
    folder = _game(tmp_path)
    pdf = tmp_path / "out.pdf"
    proc = pnp_in_process("build", folder, "-o", pdf)
    assert proc.returncode == 0, proc.stderr
    assert "error" not in proc.stderr, proc.stderr
    text = squash(all_text(pdf))
    for words in ("Low x2", "Low x4", "High x6",            # the extends example
                  "High", "6 VP",                            # "{'High' if value > 2 else 'Low'}", "{vp * 2} VP"
                  "RYE 3 2", "CORN 4 3",                     # "{upper(title)} {len(title)} {max(cost, value)}"
                  "0 coins", "2 coins", "Corn, Score at harvest.",
                  "5/7", "5 of 7", "1 dear", "14 VP"):      # number/total, kind_number of kind_total, count(), sum()
        assert squash(words) in text, (words, text[:3000])
    ops = [op for page in placements(pdf) for p in page for _, op in p.ops]
    assert b"sh" in ops                                      # a gradient is a PDF shading
    assert b"Tr" in ops                                      # the outline: a text render mode
    copies = text.count("Wheat")
    assert copies >= 2                                       # qty 2, read as copies
    # Oats (value 1) shows the drawing: nanDECK's TRACK as ten numbered spaces, its DICE as one pip of nine (the
    # grid's middle), beside the page's other ellipses
    page, oats = next((n, p) for n, placed in enumerate(placements(pdf)) for p in placed
                      if "Oats" in words_in(pdf, n, p))
    assert "1 2 3 4 5 6 7 8 9 10" in words_in(pdf, page, oats)
    others = [r for r in snippets()["regions"] if r.startswith("{type: ellipse") and "repeat" not in r]
    assert ellipses(oats) == len(others) + 1, (ellipses(oats), others)
