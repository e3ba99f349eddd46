"""pnp proof: every card's text checked (spelling, repeats, markup, shrink, fit, glyphs), the
documents and the contact sheet written, and --since listing exactly the cards that changed."""
from __future__ import annotations

import json
from html import escape as html_escape
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from PIL import Image

from cli import pnp_in_process
from proofdeck import CARDS, make_deck
from generator.deck import load_deck
from generator.layout.deck import layout_deck
from generator.proof import proof_deck
from generator.proof.checks import markup_problems
from generator.proof.spelling import Speller, WordList, repeated

LONG = " ".join(["Each player takes one card from the river and places it face down beside the board."] * 7)
TOO_LONG = " ".join(["Each player takes one card from the river and places it face down beside the board."] * 25)


def issues(result, check=None, level=None):
    return [i for i in result.issues if (check is None or i.check == check) and (level is None or i.level == level)]


def line_of(path: Path, n: int) -> str:
    return path.read_text().splitlines()[n - 1]


# -- the seed's own typos --------------------------------------------------------------------------

def test_seed_typos_in_a_card_are_errors_with_card_field_and_line(tmp_path):
    # the seed's typos planted in the proof's own small deck (they were planted in a copy of Vasa Regalis, proofed
    # whole twice): a card's title and the first line of its text, a block scalar
    folder = make_deck(tmp_path / "fixture", CARDS)
    deck_file = folder / "deck.yaml"
    card = next(c for c in load_deck(str(folder)).cards if {"title", "text"} <= set(c.fields))
    lines = deck_file.read_text().splitlines()
    t = card.field_lines["title"]
    assert re.match(r"[\s-]*title:", lines[t - 1])
    lines[t - 1] = re.sub(r"(title:\s*).*", r"\1SOLIBITOR Card", lines[t - 1])
    x = card.field_lines["text"]
    assert lines[x - 1].rstrip().endswith("|"), "the text is a block scalar: its first line follows"
    lines[x] = re.sub(r"^(\s*)", r"\1Most advantegeous: ", lines[x])
    deck_file.write_text("\n".join(lines) + "\n")
    # the card as it is named now (this deck names a card by its title)
    card = next(c for c in load_deck(str(folder)).cards if c.field_lines == card.field_lines)
    assert card.name == "SOLIBITOR Card"

    out = tmp_path / "proof"
    proc = pnp_in_process("proof", folder, "-o", out)
    assert proc.returncode == 1, proc.stderr
    data = json.loads((out / "proof.json").read_text())
    spelling = [i for i in data["issues"] if i["check"] == "spelling"]
    found = {(i["message"].split("'")[1], i["card"], i["side"], i["field"]) for i in spelling}
    assert found == {("SOLIBITOR", card.name, "front", "title"), ("advantegeous", card.name, "front", "text")}
    for i in spelling:
        file, _, line = i["where"].rpartition(":")
        assert Path(file) == deck_file
        assert i["message"].split("'")[1] in line_of(deck_file, int(line))
    assert f"card '{card.name}', field title: 'SOLIBITOR'" in proc.stderr
    assert "did you mean 'SOLICITOR'?" in proc.stderr
    assert f"card '{card.name}', field text: 'advantegeous'" in proc.stderr
    assert data["errors"] == 2

    # a word the deck's words.txt accepts is no longer an error; the other still is
    with open(folder / "words.txt", "a") as f:
        f.write("Solibitor\n")
    proc = pnp_in_process("proof", folder, "-o", out)
    assert proc.returncode == 1
    assert "'SOLIBITOR'" not in proc.stderr and "'advantegeous'" in proc.stderr     # (the card's name holds it)


# -- each check ------------------------------------------------------------------------------------

def test_clean_deck_has_no_issues_and_exit_status_0(tmp_path):
    folder = make_deck(tmp_path / "fixture", CARDS)
    out = tmp_path / "proof"
    proc = pnp_in_process("proof", folder, "-o", out)
    assert proc.returncode == 0, proc.stderr
    data = json.loads((out / "proof.json").read_text())
    assert data["errors"] == 0 and data["warnings"] == 0 and data["issues"] == []
    assert [c["name"] for c in data["cards"]] == list(CARDS)


def test_shrunk_text_is_a_warning_with_sizes_and_exit_status_0(tmp_path):
    folder = make_deck(tmp_path / "fixture", {**CARDS, "Bread": LONG})
    deck = load_deck(str(folder))
    shrunk_faces = {lo.card.name: lo.front.shrunk for lo in layout_deck(deck)}
    assert shrunk_faces["Bread"] and not shrunk_faces["Apple"]
    region, field, normal, used = shrunk_faces["Bread"][0]
    result = proof_deck(deck, None, contact_sheet=False)
    found = issues(result, "shrunk")
    assert len(found) == 1 and found[0].level == "warning"
    i = found[0]
    assert (i.card, i.field, i.side) == ("Bread", "text", "front")
    assert f"from {normal:g}pt to {used:g}pt ({round(100 * (normal - used) / normal)}% smaller)" in i.message
    assert i.where == f"{deck.file}:{deck.cards[1].field_lines['text']}"
    proc = pnp_in_process("proof", folder, "-o", tmp_path / "proof")
    assert proc.returncode == 0
    assert "warning: card 'Bread', field text: text in region 'body' shrunk" in proc.stderr


def test_text_that_does_not_fit_is_an_error_for_that_card_and_the_rest_is_proofed(tmp_path):
    folder = make_deck(tmp_path / "fixture", {**CARDS, "Cheese": TOO_LONG})
    out = tmp_path / "proof"
    proc = pnp_in_process("proof", folder, "-o", out)
    assert proc.returncode == 1
    data = json.loads((out / "proof.json").read_text())
    fit = [i for i in data["issues"] if i["check"] == "fit"]
    assert [(i["card"], i["field"], i["level"]) for i in fit] == [("Cheese", "text", "error")]
    assert "does not fit region 'body'" in fit[0]["message"]
    cards = {c["name"]: c for c in data["cards"]}
    assert cards["Cheese"]["front_text"] is None                 # not laid out ...
    assert cards["Cheese"]["back_text"] == [["label", None, "PROOF BACK"]]   # ... but its back is
    assert cards["Dates"]["front_text"] == [["title", "title", "Dates"], ["body", "text", CARDS["Dates"]]]


def test_a_character_without_a_glyph_is_an_error_naming_card_and_field(tmp_path):
    folder = make_deck(tmp_path / "fixture", {**CARDS, "Tree ก": "A tree."})
    result = proof_deck(load_deck(str(folder)), None, contact_sheet=False)
    found = issues(result, "glyph")
    assert [(i.card, i.field, i.level) for i in found] == [("Tree ก", "title", "error")]
    assert "U+0E01" in found[0].message
    assert not result.ok


def test_repeated_words_are_errors(tmp_path):
    folder = make_deck(tmp_path / "fixture", {**CARDS, "Dates": "Dates grow on the the palm trees."})
    result = proof_deck(load_deck(str(folder)), None, contact_sheet=False)
    found = issues(result, "repeat")
    assert [(i.card, i.field, i.level) for i in found] == [("Dates", "text", "error")]
    assert "'the the'" in found[0].message
    assert repeated("The the end; then the theatre") == [("The the", 0)]
    assert repeated("had had", {"had"}) == []


def test_unbalanced_markup_is_an_error_in_the_raw_text(tmp_path):
    cards = {**CARDS, "Apple": "An **apple a day.\n\nKeeps the *doctor away.",
             "Bread": "* a bullet\n* **bold** and *it*"}
    folder = make_deck(tmp_path / "fixture", cards)
    result = proof_deck(load_deck(str(folder)), None, contact_sheet=False)
    found = issues(result, "markup")
    assert [(i.card, i.field, i.level) for i in found] == [("Apple", "text", "error"), ("Apple", "text", "error")]
    assert "1 '**' (bold)" in found[0].message and "1 '*' (italic)" in found[1].message
    deck_file = Path(result.deck.file)
    assert "apple" in line_of(deck_file, int(found[0].where.rpartition(":")[2]))
    assert "doctor" in line_of(deck_file, int(found[1].where.rpartition(":")[2]))
    assert markup_problems("- **Build:** place\n- *Fix:* replace") == []
    assert markup_problems("2 * 3 * 4")[0][0] == "warning"        # even, but prints as written


def test_spelling_dictionary_words_list_and_scripts(tmp_path):
    (tmp_path / "words.txt").write_text("# names\nOxenstierna\nhad had\n")
    wl = WordList.read(tmp_path)
    s = Speller(wl)
    assert s.unknown("Axel Oxenstierna and the colour of Stiernhielm's favour") == ["Axel", "Stiernhielm's"]
    assert s.unknown("OXENSTIERNA Gustav II Adolf, Karl XI; naïve アクアレギア") == []
    assert wl.repeats == {"had"}


def test_the_dictionary_is_kept_in_the_cache_folder_and_read_back_as_pyspellchecker_loads_it(tmp_path, monkeypatch):
    """pyspellchecker reads a dictionary from gzipped JSON (English: ~0.3 s of CPU a process); what it loads is
    kept in pnp's cache folder and read back from there, the same words and frequencies in the same order; a
    damaged file is loaded afresh, and with the cache off nothing is kept. (Persian: the smallest dictionary.)"""
    import spellchecker
    from generator.proof import spelling
    loaded = dict(spellchecker.SpellChecker(language="fa").word_frequency.dictionary)
    monkeypatch.setenv("PNP_CACHE", str(tmp_path / "cache"))
    assert spelling._words("fa") == loaded
    [kept] = (tmp_path / "cache" / "spelling").iterdir()
    real = spellchecker.SpellChecker
    monkeypatch.setattr(spellchecker, "SpellChecker", None)         # not loaded again: read from the cache
    again = spelling._words("fa")
    assert again == loaded and list(again) == list(loaded)
    kept.write_bytes(kept.read_bytes()[:-1] + b"\0")                 # damaged: loaded afresh, and kept again
    monkeypatch.setattr(spellchecker, "SpellChecker", real)
    assert spelling._words("fa") == loaded
    monkeypatch.setattr(spellchecker, "SpellChecker", None)
    assert spelling._words("fa") == loaded
    monkeypatch.setenv("PNP_CACHE", "off")
    monkeypatch.setattr(spellchecker, "SpellChecker", real)
    assert spelling._words("fa") == loaded and spelling._words("xx") is None
    assert [p.name for p in (tmp_path / "cache" / "spelling").iterdir()] == [kept.name]


# -- documents and contact sheet -------------------------------------------------------------------

def test_contact_sheet_has_a_labelled_tile_for_every_distinct_face(tmp_path):
    deck = load_deck("vasa-regalis")
    laid = layout_deck(deck)
    distinct = len({lo.front.key for lo in laid}) + len({lo.back.key for lo in laid if lo.back})
    out = tmp_path / "proof"
    result = proof_deck(deck, out)
    geo = json.loads((out / "proof.json").read_text())["contact"]
    assert geo["tiles"] == distinct == len(geo["labels"])
    assert {c.name for c in deck.cards} == {n for t in geo["labels"] for n in t["cards"]}
    img = Image.open(out / "contact.png").convert("RGB")
    cw, ch = geo["cell"]
    cols, rows = geo["columns"], geo["rows"]
    assert cols * rows >= distinct > cols * (rows - 1)
    assert img.size == (max(320, 2 * geo["margin"] + cols * cw + (cols - 1) * geo["gap"]),
                        geo["header"] + 2 * geo["margin"] + rows * ch + (rows - 1) * geo["gap"])
    for x, y, w, h in geo["boxes"]:
        tile = img.crop((x, y, x + w, y + h))
        assert len(tile.resize((16, 16)).getcolors(256)) > 3, "a drawn card, not empty background"
        label = img.crop((x, y + h + 2, x + w, y + ch)).convert("L")
        assert label.getextrema()[0] < 100, "a label under every tile"
    assert len(result.thumbs) == distinct
    html = (out / "proof.html").read_text()
    # each card shows its front and its back, each a link to its readable image (tests/proof/test_pages.py)
    assert html.count("<img src='faces/") == sum(1 + (lo.back is not None) for lo in laid)
    for c in deck.cards:
        assert f"id='{c.id}'" in html
    for fact in deck.inferred:
        assert html_escape(fact.note) in html
    md = (out / "proof.md").read_text()
    assert [m for m in re.findall(r"^### (.+)$", md, re.M)] == [c.name for c in deck.cards]


def test_corrections_are_listed_and_a_seed_typo_still_printed_is_an_error(tmp_path):
    folder = make_deck(tmp_path / "fixture", {**CARDS, "Dates": "Dates are advantegeous; dates are advantageous."})
    with open(folder / "deck.yaml", "a") as f:
        f.write('corrections:\n  - {about: "Dates", seed: "advantegeous", printed: "advantageous"}\n')
    result = proof_deck(load_deck(str(folder)), tmp_path / "proof", contact_sheet=False)
    assert result.corrections[0]["seed"] == "advantegeous" and result.corrections[0]["found"]
    assert [i.check for i in issues(result, level="error")] == ["spelling", "correction"]
    assert "advantegeous" in (tmp_path / "proof" / "proof.html").read_text()


# -- --since ---------------------------------------------------------------------------------------

def _edit(cards: dict) -> tuple[dict, dict]:
    """Bread's text changed, Cheese 3 copies, Dates removed, Eggs added."""
    new = {k: v for k, v in cards.items() if k != "Dates"}
    new["Bread"] = "Bread is baked in a hot oven."
    new["Eggs"] = "Eggs are laid by hens."
    return new, {"Cheese": 3}


def test_since_an_earlier_proof_lists_exactly_the_changed_cards(tmp_path):
    folder = make_deck(tmp_path / "fixture", CARDS)
    first = tmp_path / "first"
    proof_deck(load_deck(str(folder)), first, contact_sheet=False)
    new, copies = _edit(CARDS)
    make_deck(folder, new, copies)
    out = tmp_path / "second"
    proc = pnp_in_process("proof", folder, "-o", out, "--since", first / "proof.json")
    assert proc.returncode == 0, proc.stderr
    data = json.loads((out / "proof.json").read_text())
    got = {(c["status"], c["name"]) for c in data["since"]["cards"]}
    assert got == {("changed", "Bread"), ("changed", "Cheese"), ("removed", "Dates"), ("added", "Eggs")}
    what = {c["name"]: c["what"] for c in data["since"]["cards"]}
    assert what["Bread"] == ["field text"] and what["Cheese"] == ["copies 1 -> 3"]
    listed = re.findall(r"^  (changed|added|removed)\s+(\S+)", proc.stdout, re.M)
    assert set(listed) == got
    changes = (out / "changes.html").read_text()
    assert "<del>an</del> <ins>a hot</ins>" in changes
    assert "Apple" not in changes                      # unchanged: not to be read again
    assert "Apple" in (out / "proof.html").read_text()  # the full proof is still written
    # the folder of an earlier proof works as well, and nothing changed since the second proof
    proc = pnp_in_process("proof", folder, "-o", tmp_path / "third", "--since", out)
    assert "0 changed, 0 added, 0 removed" in proc.stdout


def _git(repo: Path, *args):
    subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@example.org", *args], cwd=repo, check=True,
                   capture_output=True)


@pytest.mark.skipif(shutil.which("git") is None, reason="needs git")
def test_since_a_git_revision_lists_exactly_the_changed_cards(tmp_path):
    repo = tmp_path / "repo"
    repo.mkdir()
    _git(repo, "init", "-q")
    (repo / "README").write_text("x\n")
    _git(repo, "add", ".")
    _git(repo, "commit", "-q", "-m", "before the deck")
    folder = make_deck(repo / "decks" / "fixture", CARDS)
    _git(repo, "add", ".")
    _git(repo, "commit", "-q", "-m", "deck")
    new, copies = _edit(CARDS)
    make_deck(folder, new, copies)

    expected = {("changed", "Bread"), ("changed", "Cheese"), ("removed", "Dates"), ("added", "Eggs")}
    proc = pnp_in_process("proof", folder, "-o", tmp_path / "p1", "--since", "HEAD")      # the working tree vs HEAD
    assert proc.returncode == 0, proc.stderr
    assert set(re.findall(r"^  (changed|added|removed)\s+(\S+)", proc.stdout, re.M)) == expected

    _git(repo, "commit", "-q", "-am", "edits")
    proc = pnp_in_process("proof", folder, "-o", tmp_path / "p2", "--since", "HEAD~1")
    assert set(re.findall(r"^  (changed|added|removed)\s+(\S+)", proc.stdout, re.M)) == expected
    proc = pnp_in_process("proof", folder, "-o", tmp_path / "p3", "--since", "HEAD")
    assert "0 changed, 0 added, 0 removed" in proc.stdout
    proc = pnp_in_process("proof", folder, "-o", tmp_path / "p4", "--since", "HEAD~2")    # before the deck existed
    assert "did not exist" in proc.stdout
    assert set(re.findall(r"^  (added)\s+(\S+)", proc.stdout, re.M)) == {("added", n) for n in new}


def test_since_an_unknown_revision_is_a_one_line_error(tmp_path):
    folder = make_deck(tmp_path / "fixture", CARDS)
    proc = pnp_in_process("proof", folder, "-o", tmp_path / "p", "--since", "no-such-ref")
    assert proc.returncode == 2
    assert proc.stderr.count("\n") == 1 and "no-such-ref" in proc.stderr and "Traceback" not in proc.stderr
