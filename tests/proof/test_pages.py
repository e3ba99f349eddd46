"""A proof a proofreader can read: every face at 200 dpi, front beside back; the print leaf and the rule
pages shown and spell-checked like card text; a word questioned once, naming every card and page that
prints it; the words accepted through words.txt listed; the faces counted from the deck, failed or not."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from PIL import Image

from cli import copy_deck, pnp_in_process
from proofdeck import CARDS, make_deck


def proof(folder, out) -> tuple:
    proc = pnp_in_process("proof", folder, "-o", out)
    return proc, json.loads((out / "proof.json").read_text())


def spelling(data, word):
    return [i for i in data["issues"] if i["check"] == "spelling" and f"'{word}'" in i["message"]]


@pytest.fixture(scope="module")
def shipped(tmp_path_factory):
    """Christina Regina's proof, made once for the two tests that read it: (its folder, the process, proof.json)."""
    out = tmp_path_factory.mktemp("christina-regina") / "proof"
    return (out, *proof("christina-regina", out))


def test_every_face_is_readable_front_beside_back(shipped):
    out, proc, data = shipped
    assert proc.returncode == 0, proc.stderr
    files = data["face_files"]
    assert len(files) == data["faces"]["distinct"] == 49
    for f in files:
        image = Image.open(out / f["file"])
        dpi = image.info["dpi"][0]
        assert dpi >= 150 - 0.01
        # a poker card (63.5 x 88.9 mm) at that resolution: 5.5 pt text is 15 px tall
        assert image.size == (round(63.5 / 25.4 * 200), round(88.9 / 25.4 * 200))
    html = (out / "proof.html").read_text()
    block = html[html.index("id='rule-card-1'"):]
    block = block[:block.index("<div class='body'>")]
    shown = re.findall(r"<a href='(faces/[^']+)' target='_blank'><img src='\1' width='(\d+)'", block)
    assert [s[0].rsplit("-", 1)[1] for s in shown] == ["front.png", "back.png"]       # side by side, in a row
    assert all(int(w) >= 250 for _, w in shown)


def test_the_leaf_and_rule_pages_are_shown(shipped):
    out, _, data = shipped
    labels = [p["label"] for p in data["pages"]]
    assert labels[:2] == ["Print leaf, page 1", "Print leaf, page 2"]
    assert [l for l in labels[2:]] == [f"Rules, page {n}" for n in range(1, len(labels) - 1)] and len(labels) > 3
    for p in data["pages"]:
        image = Image.open(out / p["file"])
        assert image.info["dpi"][0] >= 150 - 0.01 and image.size[0] >= 1200
        assert len(image.convert("L").getcolors(256 * 256) or []) > 2, "a drawn page, not a blank one"
    html = (out / "proof.html").read_text()
    assert html.count("<a href='pages/page-") == len(data["pages"])


def test_a_typo_planted_in_the_leaf_is_caught(tmp_path):
    folder = copy_deck("a-royal-will", tmp_path)
    deck = folder / "deck.yaml"
    deck.write_text(deck.read_text().replace('instructions: "Once cut, sort the chits',
                                             'instructions: "Befroe play, sort the chitts'))
    proc, data = proof(folder, tmp_path / "proof")
    assert proc.returncode == 1
    for word in ("Befroe", "chitts"):
        found = spelling(data, word)
        assert len(found) == 1 and found[0]["pages"] == ["print leaf, page 2"], found
        file, _, line = found[0]["where"].rpartition(":")
        assert Path(file).name == "deck.yaml" and word in deck.read_text().splitlines()[int(line) - 1]
    assert "Befroe" in proc.stderr and "print leaf" in proc.stderr


def test_a_typo_planted_in_the_rule_pages_is_caught(tmp_path):
    folder = copy_deck("royal-lines", tmp_path)
    # the rule pages and the This edition box are the whole game's; of its 63 cards the first (and the two
    # reference cards written in deck.yaml) are enough to proof them
    table = folder / "playing-cards.csv"
    table.write_text("".join(table.read_text(encoding="utf-8").splitlines(keepends=True)[:2]), encoding="utf-8")
    rules = folder / "rules.md"
    rules.write_text(rules.read_text().replace("the players try to recruit them", "the players try to recrut them"))
    deck = folder / "deck.yaml"
    deck.write_text(deck.read_text().replace('why: "a typo: the settler card is meant"', 'why: "a tpyo: the settler card is meant"'))
    proc, data = proof(folder, tmp_path / "proof")
    assert proc.returncode == 1
    found = spelling(data, "recrut")
    line = next(n for n, l in enumerate(rules.read_text().splitlines(), 1) if "recrut" in l)
    assert len(found) == 1 and found[0]["pages"] == ["rule pages"] and found[0]["where"].endswith(f"rules.md:{line}")
    found = spelling(data, "tpyo")                                   # in the This edition box, from deck.yaml
    assert len(found) == 1 and found[0]["pages"] == ["rule pages (This edition box)"]
    assert "tpyo" in deck.read_text().splitlines()[int(found[0]["where"].rpartition(":")[2]) - 1]
    # the seed's own typos, quoted in the box on purpose, are not findings
    assert not spelling(data, "advantegeous") and not spelling(data, "disadvantegous")


def test_a_typo_on_three_cards_is_one_finding_naming_them(tmp_path):
    cards = {**CARDS, "Apple": "An apple a dya.", "Bread": "Bread is baked a dya.", "Dates": "Dates grow a dya."}
    folder = make_deck(tmp_path / "fixture", cards)
    proc, data = proof(folder, tmp_path / "proof")
    assert proc.returncode == 1
    found = spelling(data, "dya")
    assert len(found) == 1
    assert found[0]["cards"] == ["Apple", "Bread", "Dates"]
    assert len(found[0]["places"]) == 3                                # each card's own line in deck.yaml
    assert data["errors"] == 1
    line = [l for l in proc.stderr.splitlines() if "'dya'" in l]
    assert len(line) == 1 and "(on 3 cards: Apple, Bread, Dates)" in line[0]
    html = (tmp_path / "proof" / "proof.html").read_text()
    assert "<b>3 cards:</b> Apple, Bread, Dates" in html
    for card in ("apple", "bread", "dates"):                           # and each card lists it
        block = html[html.index(f"id='{card}'"):]
        assert "&#x27;dya&#x27;" in block[:block.index("</div></div>")] or "'dya'" in block[:block.index("</div></div>")]


def test_words_accepted_through_words_txt_are_listed(tmp_path):
    cards = {**CARDS, "Apple": "An apple from Oxenstierna.", "Bread": "Oxenstierna's bread."}
    folder = make_deck(tmp_path / "fixture", cards, words="# names\nOxenstierna\n")
    proc, data = proof(folder, tmp_path / "proof")
    assert proc.returncode == 0, proc.stderr
    assert data["accepted"] == [{"word": "oxenstierna", "line": f"{folder / 'words.txt'}:2",
                                 "printed": ["Oxenstierna", "Oxenstierna’s"], "places": ["Apple", "Bread"]}]
    html = (tmp_path / "proof" / "proof.html").read_text()
    assert "Accepted through words.txt" in html and "<b>oxenstierna</b>" in html


def test_the_face_count_matches_the_deck_when_some_fail(tmp_path):
    too_long = " ".join(["Each player takes one card from the river and places it face down."] * 30)
    folder = make_deck(tmp_path / "fixture", {**CARDS, "Cheese": too_long}, copies={"Dates": 3})
    proc, data = proof(folder, tmp_path / "proof")
    assert proc.returncode == 1
    f = data["faces"]
    # 4 cards, Dates in 3 copies: 6 fronts and 6 backs printed, whether or not Cheese's front lays out
    assert (f["fronts"], f["backs"], f["total"], f["failed"]) == (6, 6, 12, 1)
    assert f["distinct"] == 3 + 1 + 1           # 3 fronts drawn, 1 front that failed, 1 back all share
    assert "12 faces (5 distinct, 1 not laid out)" in proc.stdout
