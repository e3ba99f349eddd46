"""docs/deck-format.md's examples of issue 53's keys, built as written: every YAML block headed with the template
file it goes in (`# templates/pips.yaml`: repeated regions, `cut.yaml`: overflow, `lower.yaml`: a box moved from its
parent's) is put into a `pnp new` game, a card showing each, and the PDF read back for what the page says they
print."""
from __future__ import annotations

import re

from cli import ROOT
from newgame import build, ellipses, fronts, new_game

PAGE = ROOT / "docs" / "deck-format.md"


def templates() -> dict:
    """{name: text} of the page's YAML blocks headed `# templates/NAME.yaml`."""
    out = {}
    for block in re.findall(r"```yaml\n(.*?)```", PAGE.read_text(encoding="utf-8"), re.S):
        first, _, rest = block.partition("\n")
        m = re.fullmatch(r"# templates/([\w-]+)\.yaml", first.strip())
        if m:
            out[m.group(1)] = rest
    return out


def test_the_pages_templates_build_and_print_what_it_says(tmp_path):
    shown = templates()
    assert {"pips", "cut", "lower"} <= set(shown), sorted(shown)
    cards = ("kind,title,value,text,copies,template\n"
             "crop,Wheat,1,Score **1** point at harvest.,1,pips\n"
             "crop,Apples,3,Score **3** points at harvest.,1,pips\n"
             f"crop,Barley,2,\"{'Score 2 points at harvest, and more. ' * 12}\",1,cut\n"
             "event,Storm,,Every player discards their **highest** crop.,1,lower\n")
    folder = new_game(tmp_path, "", cards=cards, templates=shown)
    pdf, _ = build(folder)
    faces = {text.split()[1]: (text, p) for text, p in fronts(pdf)}
    assert ellipses(faces["Wheat"][1]) == 1 and ellipses(faces["Apples"][1]) == 3     # a pip a point of value
    words = faces["Wheat"][0].split()
    assert all(str(n) in words for n in range(2, 7)) and words.count("1") == 4, words  # marks 1 to 6 (1: two values, the text)
    assert "…" in faces["Barley"][0] and faces["Barley"][0].count("and more") < 12    # cut, at its size
    assert "Storm" in faces["Storm"][0]
