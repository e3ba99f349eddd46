"""One template shared by kinds whose fields differ: tests/decks/shared-template has actions (title,
text) and treasures (title, text, value) showing templates/card.yaml, which names {value} only in regions
whose when: names it. It builds; the value's badge, number and "Worth N :coin:" are on the treasures and absent
from the actions; a name that none of the kinds has is still an error with its did-you-mean, and so is
{value} in a region whose when: does not name it (for the kind that lacks it)."""
from __future__ import annotations

import shutil

import pdfread
from cli import ROOT, pnp_in_process
from pdfcheck import placements, squash, words_in

DECK = ROOT / "tests" / "decks" / "shared-template"
TEMPLATE = DECK / "templates" / "card.yaml"


def test_the_region_is_drawn_for_the_kind_that_has_the_field_and_absent_for_the_other(built):
    pdf = built("tests/decks/shared-template")
    cards = placements(pdf)[2]
    assert len(cards) == 4
    texts = [squash(words_in(pdf, 2, p)) for p in cards]
    raid, silver, feast, gold = texts
    assert squash("Worth 2") in silver and squash("Worth 3") in gold
    assert "Worth" not in raid + feast and not any(ch.isdigit() for ch in raid + feast), (raid, feast)
    coins = [im for im in pdfread.images(pdf, 2) if tuple(im["srcsize"]) == (64, 64)]
    fills = {tuple(round(v, 3) for v in r["non_stroking_color"]) for r in pdfread.rects_and_curves(pdf, 2)
             if r["kind"] == "curve" and r["fill"]}
    gold_fill = tuple(round(v / 255, 3) for v in (0xd9, 0xa9, 0x3c))
    on = [p for p in cards if any(p.x < im["x0"] < p.x + p.w and p.y < im["y0"] < p.y + p.h for im in coins)]
    assert [texts[cards.index(p)] for p in on] == [silver, gold]        # the coins: one a treasure, none an action
    assert gold_fill in fills                                           # the badges (ellipses) are drawn


def test_the_deck_builds_and_proofs_without_a_warning_or_a_finding(tmp_path):
    import json
    r = pnp_in_process("build", DECK, "-o", tmp_path / "out.pdf")
    assert r.returncode == 0 and r.stderr == "", r.stderr
    r = pnp_in_process("proof", DECK, "-o", tmp_path / "proof")
    assert r.returncode == 0, r.stderr
    proof = json.loads((tmp_path / "proof" / "proof.json").read_text())
    assert proof["issues"] == []
    texts = {c["name"]: [t[0] for t in c["front_text"]] for c in proof["cards"]}
    assert texts["Raid"] == ["title", "text"] and texts["Silver"] == ["title", "text", "value", "worth"]


def _variant(tmp_path, old: str, new: str):
    folder = tmp_path / "v"
    shutil.copytree(DECK, folder)
    template = folder / "templates" / "card.yaml"
    text = template.read_text()
    assert text.count(old) == 1
    template.write_text(text.replace(old, new))
    r = pnp_in_process("build", folder, "-o", tmp_path / "out.pdf")
    line = next(n for n, ln in enumerate(template.read_text().splitlines(), 1) if new in ln)
    return r, f"{folder}/templates/card.yaml:{line}:"


def test_a_name_that_no_kind_has_is_still_an_error_with_its_did_you_mean(tmp_path):
    r, where = _variant(tmp_path, 'fill: gold, when: "{value}"}', 'fill: gold, when: "{valeu}"}')
    assert r.returncode == 2 and not (tmp_path / "out.pdf").exists()
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"pnp: error: {where}"), lines
    assert "region badge.when: {valeu} is not a field of kind 'action' or 'treasure'" in lines[0]
    assert "(did you mean 'value'?)" in lines[0]


def test_a_field_some_kinds_lack_outside_when_is_an_error_for_them(tmp_path):
    r, where = _variant(tmp_path, 'text: "{title}", font: serif', 'text: "{title} {value}", font: serif')
    assert r.returncode == 2
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"pnp: error: {where}"), lines
    assert "region title.text: {value} is not a field of kind 'action' " in lines[0]


def test_a_region_whose_when_names_one_field_may_not_name_another_some_kinds_lack(tmp_path):
    r, where = _variant(tmp_path, 'text: "Worth {value} :coin:"', 'text: "Worth {value} :coin: of {bonus}"')
    assert r.returncode == 2
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and "region worth.text: {bonus} is not a field of kind 'action' or 'treasure'" in lines[0]
