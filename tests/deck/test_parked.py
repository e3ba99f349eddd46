"""A card written with `copies: 0` is parked (issue 53): read and checked, not printed, counted 0, and listed by
pnp proof and its contact sheet; a kind written in other capitals in a Type column is its kind, with one warning
for each way it is written. Read back from a `pnp new` game's PDF and proof."""
from __future__ import annotations

import json

from cli import pnp_in_process
from newgame import build, fronts, new_game
from pdfcheck import all_text

CARDS = """Type,title,value,text,QTY,Notes
Crop,Wheat,1,Score **1** point at harvest.,4,cheap
crop,Barley,2,Score **2** points at harvest.,3,
crop,Apples,3,Score **3** points at harvest.,0,parked until the playtest
event,Storm,,Every player discards their **highest** crop.,1,
EVENT,Market Day,,"Draw **2** cards, then give **1** card to the player on your left.",1,
EVENT,Good Rain,,Every player draws **1** card.,1,
"""


def game(tmp_path):
    folder = new_game(tmp_path, "", cards=CARDS)
    deck = folder / "deck.yaml"
    deck.write_text(deck.read_text().replace(
        "cards: {file: cards.csv}", "cards: {file: cards.csv, columns: {Type: kind, QTY: copies}, ignore: [Notes]}"))
    return folder


def test_a_parked_card_is_not_printed_is_counted_out_and_is_listed_by_the_proof(tmp_path):
    folder = game(tmp_path)
    pdf, proc = build(folder)
    titles = [text.split()[1] for text, _ in fronts(pdf)]
    assert "Apples" not in titles and titles.count("Wheat") == 4 and len(titles) == 10, titles
    assert proc.stdout.rstrip().endswith(", 10 cards"), proc.stdout                    # 4 + 3 + 0 + 1 + 1 + 1
    assert "7 crops: 4 Wheat, 3 Barley" in " ".join(all_text(pdf).split()), all_text(pdf)[:600]   # the leaf
    warned = [ln for ln in proc.stderr.splitlines() if "capitals aside" in ln]
    assert warned == [f"pnp: warning: {folder}/cards.csv:2: kind 'Crop' is read as the kind 'crop' (capitals "
                      "aside); every card written so is one of its cards",
                      f"pnp: warning: {folder}/cards.csv:6: kind 'EVENT' is read as the kind 'event' (capitals "
                      "aside); every card written so is one of its cards"], proc.stderr      # once a spelling
    only = pnp_in_process("build", folder, "--only", "3", "-o", tmp_path / "x.pdf")
    assert only.returncode == 2 and "--only 3: 'Apples' (number 3) is parked (copies: 0): not printed" in only.stderr
    only = pnp_in_process("build", folder, "--only", "2-4", "-o", tmp_path / "x.pdf")
    assert "partial build, 2 of 5 cards (4 with copies)" in only.stdout, only.stdout + only.stderr
    proof = pnp_in_process("proof", folder, "-o", tmp_path / "proof", "-q")
    assert proof.returncode in (0, 1), proof.stderr
    md = (tmp_path / "proof" / "proof.md").read_text()
    assert "## Parked (copies: 0)" in md and "- Apples (crop, `" in md, md
    data = json.loads((tmp_path / "proof" / "proof.json").read_text())
    assert data["parked"][0]["name"] == "Apples" and data["contact"]["parked"] == ["Apples"]
    assert "Apples" not in {label["card"] for label in data["contact"]["labels"]}


def test_pnp_cards_writes_the_sheet_back_with_its_own_headers_and_columns(tmp_path):
    folder = game(tmp_path)
    out = pnp_in_process("cards", folder, check=True).stdout
    lines = out.splitlines()
    assert lines[0] == "Type,title,value,text,QTY,Notes", lines[0]           # QTY stays QTY, Notes kept
    assert lines[1] == "crop,Wheat,1,Score **1** point at harvest.,4,cheap", lines
    assert lines[3] == "crop,Apples,3,Score **3** points at harvest.,0,parked until the playtest", lines
    (folder / "cards.csv").write_text(out)                                   # read back through the same mapping
    assert pnp_in_process("cards", folder, check=True).stdout == out
