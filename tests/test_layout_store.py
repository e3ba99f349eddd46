"""Laid-out faces kept between builds (generator/layout/store.py): a warm rebuild is the same bytes
as a cold one, and any change to what a face is drawn from lays it out afresh."""
from __future__ import annotations

import shutil

from cli import ROOT, copy_deck, pnp
from pdfcheck import all_text, squash

from generator.images import SUFFIXES
from generator.layout.store import IMAGE_SUFFIXES


def _build(tmp_path, deck, name, cache) -> bytes:
    out = tmp_path / f"{name}.pdf"
    pnp("build", deck, "-o", out, check=True, env={"PNP_CACHE": str(cache)})
    return out.read_bytes()


def test_warm_rebuild_is_the_cold_build(tmp_path):
    """A Royal Will shares faces between many cards (backs, coins): a warm build must share them alike."""
    cache = tmp_path / "cache"
    cold = _build(tmp_path, "a-royal-will", "cold", cache)
    stored = sorted(p.name.rsplit("-", 1)[0] for p in (cache / "layout").iterdir())
    assert stored == ["a-royal-will", "a-royal-will-leaf"]       # the faces, the print-instructions leaf
    warm = _build(tmp_path, "a-royal-will", "warm", cache)
    assert warm == cold == _build(tmp_path, "a-royal-will", "off", "off")


def test_an_edited_card_is_laid_out_again(tmp_path):
    deck = copy_deck("vasa-regalis", tmp_path)
    cache = tmp_path / "cache"
    _build(tmp_path, deck, "before", cache)
    text = (deck / "deck.yaml").read_text(encoding="utf-8")
    edited = text.replace("Choose a Captain to start", "Choose a Skipper to start")
    assert edited != text
    (deck / "deck.yaml").write_text(edited, encoding="utf-8")
    warm = _build(tmp_path, deck, "after", cache)
    assert "ChooseaSkipper" in squash(all_text(tmp_path / "after.pdf"))
    assert warm == _build(tmp_path, deck, "after-off", "off")


def test_rule_pages_are_remembered_until_the_rules_change(tmp_path):
    """Royal Lines' three rule pages are flowed once; an edit to rules.md flows them again."""
    deck = copy_deck("royal-lines", tmp_path)
    cache = tmp_path / "cache"
    cold = _build(tmp_path, deck, "cold", cache)
    assert any(p.name.startswith("royal-lines-rules-") for p in (cache / "layout").iterdir())
    assert _build(tmp_path, deck, "warm", cache) == cold == _build(tmp_path, deck, "off", "off")
    rules = deck / "rules.md"
    text = rules.read_text(encoding="utf-8")
    rules.write_text(text + "\n## Errata\nThe errata paragraph is remembered too.\n", encoding="utf-8")
    warm = _build(tmp_path, deck, "edited", cache)
    assert "Theerrataparagraphisrememberedtoo" in squash(all_text(tmp_path / "edited.pdf"))
    assert warm == _build(tmp_path, deck, "edited-off", "off")


def test_an_edited_colour_lays_the_cards_out_again(tmp_path):
    deck = copy_deck("vasa-regalis", tmp_path)
    cache = tmp_path / "cache"
    before = _build(tmp_path, deck, "before", cache)
    text = (deck / "deck.yaml").read_text(encoding="utf-8")
    edited = text.replace('green: "#2f6b3b"', 'green: "#1f5b2b"')
    assert edited != text
    (deck / "deck.yaml").write_text(edited, encoding="utf-8")
    warm = _build(tmp_path, deck, "after", cache)
    assert warm != before
    assert warm == _build(tmp_path, deck, "after-off", "off")


def test_an_edited_template_lays_every_card_out_again(tmp_path):
    deck = copy_deck("vasa-regalis", tmp_path)
    (deck / "templates").mkdir()
    local = deck / "templates" / "vasa-back.yaml"
    shutil.copy(ROOT / "layouts" / "cards" / "vasa-back.yaml", local)
    cache = tmp_path / "cache"
    before = _build(tmp_path, deck, "before", cache)
    local.write_text(local.read_text(encoding="utf-8").replace('text: "VASA"', 'text: "WASA"'), encoding="utf-8")
    warm = _build(tmp_path, deck, "after", cache)
    assert warm != before
    assert "WASA" in squash(all_text(tmp_path / "after.pdf"))
    assert warm == _build(tmp_path, deck, "after-off", "off")


def test_a_face_that_cannot_be_laid_out_fails_every_build(tmp_path):
    deck = copy_deck("vasa-regalis", tmp_path)
    cache = tmp_path / "cache"
    _build(tmp_path, deck, "good", cache)
    text = (deck / "deck.yaml").read_text(encoding="utf-8")
    (deck / "deck.yaml").write_text(text.replace("Choose a Captain", "Choose a \u4e00 Captain"), encoding="utf-8")
    for _ in range(2):
        proc = pnp("build", deck, "-o", tmp_path / "bad.pdf", env={"PNP_CACHE": str(cache)})
        assert proc.returncode == 2 and "no glyph" in proc.stderr, proc.stderr


def test_the_store_watches_every_image_kind_the_layout_reads():
    assert IMAGE_SUFFIXES == SUFFIXES
