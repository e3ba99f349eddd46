"""The findings pnp watch shows beside a build (generator/watch/findings.py): the proof's checks of the cards, but
not the word list's unneeded entries, which only the proof can judge (a word only the print leaf prints, as Aqua
Regia's version label "PnP", is needed; watch does not lay the leaf's markup out again to see it)."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

from cli import ROOT, copy_deck, pnp_in_process
from generator import pipeline
from generator.watch.findings import findings


def _unneeded(messages) -> list[str]:
    return sorted(m.split("'")[1] for m in messages if "is not needed by any card" in m)


def test_watch_calls_no_word_unneeded_and_the_proof_names_only_the_unneeded_one(tmp_path):
    """As Aqua Regia's version label "PnP" (a word its words.txt holds for the leaf alone), on the small
    tests/decks/harvest-moon (about half the CPU of the whole game's layout and proof)."""
    deck_dir = Path(shutil.copytree(ROOT / "tests" / "decks" / "harvest-moon", tmp_path / "harvest-moon"))
    deck = deck_dir / "deck.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace('  version: "1.0"', '  version: "PnP 1.0"'),
                    encoding="utf-8")                                   # printed on the leaf alone
    words = deck_dir / "words.txt"
    words.write_text(words.read_text(encoding="utf-8") + "PnP\nZanzibarite\n", encoding="utf-8")
    cards = deck_dir / "cards.csv"              # a card's own finding: a word neither the dictionary nor words.txt has
    cards.write_text(cards.read_text(encoding="utf-8").replace("points at harvest.", "points at harvset.", 1),
                     encoding="utf-8")
    deck = pipeline.load(str(deck_dir))
    laid, _ = pipeline.laid_and_pages(deck, pipeline.BuildOptions())
    issues, _ = findings(deck, laid)
    assert any("harvset" in i.message for i in issues), "the cards' own findings are still shown"
    assert _unneeded(i.message for i in issues) == []
    proc = pnp_in_process("proof", deck_dir, "-q", "-o", tmp_path / "proof", cwd=tmp_path)
    assert proc.returncode in (0, 1), proc.stderr
    report = json.loads((tmp_path / "proof" / "proof.json").read_text(encoding="utf-8"))
    assert _unneeded(i["message"] for i in report["issues"]) == ["zanzibarite"]   # (the list is read in lower case)


def test_the_speller_is_kept_between_builds_until_a_words_file_changes(tmp_path):
    """pnp watch keeps the deck's speller between its builds (Deck.memo["held"]), so a text spelled before is
    not spelled again; a word added to words.txt gives the next build a new one, which accepts it."""
    from generator.watch.findings import speller
    deck_dir = copy_deck("vasa-regalis", tmp_path)
    held: dict = {}
    first = speller(pipeline.load(str(deck_dir), held=held))
    assert first.unknown("Zorbulon sails") == ["Zorbulon"] and "Zorbulon sails" in first.asked
    assert speller(pipeline.load(str(deck_dir), held=held)) is first
    words = deck_dir / "words.txt"
    words.write_text(words.read_text(encoding="utf-8") + "Zorbulon\n", encoding="utf-8")
    second = speller(pipeline.load(str(deck_dir), held=held))
    assert second is not first and second.unknown("Zorbulon sails") == []
    assert speller(pipeline.load(str(deck_dir))) is not second        # a build that holds nothing: its own


def test_a_face_kept_from_the_last_build_is_not_measured_again_for_the_safe_zone(tmp_path, monkeypatch):
    """The safe zone's findings of each face are kept between a watch's builds (Deck.memo["held"]): after one card's
    text is saved, only its face is measured again, and the findings are those of a build that holds nothing."""
    from generator.layout import safezone, store
    deck_dir = copy_deck("vasa-regalis", tmp_path)
    measured: list = []
    real = safezone.unsafe
    monkeypatch.setattr(safezone, "unsafe", lambda face, *a: measured.append(face.name) or real(face, *a))
    held = {"stores": store.Held()}

    def build(keep: bool = True) -> list:
        deck = pipeline.load(str(deck_dir), held=held if keep else None)
        laid, _ = pipeline.laid_and_pages(deck, pipeline.BuildOptions())
        measured.clear()
        return [(i.check, i.message, i.card_ids, i.where) for i in findings(deck, laid)[0]]
    build()
    assert len(measured) > 30
    deck = deck_dir / "deck.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("title: Rule Card 1", "title: Rule Card Zanzibar"),
                    encoding="utf-8")
    issues = build()
    assert measured == ["Rule card 1"]
    assert issues == build(keep=False)
