"""Card sheets (generator/impose/cardsheets.py) in a long-running process: when every piece is as it was in the last
build, that build's sheets are used again with this build's faces and cards (pnp watch: a card's text saved packs
and labels nothing again); when a piece's number or size changes, the sheets are packed afresh."""
from __future__ import annotations

from cli import pnp_in_process
from pdfcheck import same_bytes

from generator import pipeline
from generator.impose import cardsheets
from generator.layout import store
from generator.render import rasters


def test_the_last_sheets_are_used_again_while_every_piece_is_as_it_was(tmp_path, monkeypatch):
    game = tmp_path / "game"
    pnp_in_process("new", game, check=True)
    packed: list = []
    real = cardsheets._card_sheets
    monkeypatch.setattr(cardsheets, "_card_sheets", lambda *a: packed.append(1) or real(*a))
    held = {"stores": store.Held(), "pictures": rasters.Memory()}
    cards = game / "cards.csv"
    text = cards.read_text(encoding="utf-8")

    def build(name: str):
        deck = pipeline.load(str(game), held=held)
        packed.clear()
        laid, pages = pipeline.laid_and_pages(deck, pipeline.BuildOptions())
        was_packed = bool(packed)
        pipeline.write_pdf(deck, pages, tmp_path / f"{name}.pdf")
        fresh = tmp_path / f"{name}-fresh.pdf"
        pnp_in_process("build", game, "-o", fresh, check=True, env={"PNP_CACHE": "off"})
        same_bytes((tmp_path / f"{name}.pdf").read_bytes(), fresh.read_bytes(), f"{name}: kept sheets, a fresh build")
        return was_packed, laid, [p for p in pages if p.placements]

    assert build("first")[0]
    cards.write_text(text.replace("Every player discards", "Each player discards"), encoding="utf-8")
    was_packed, laid, sheets = build("edited")
    assert not was_packed
    storm = next(lo for lo in laid if lo.card.name == "Storm")
    placed = [p for page in sheets for p in page.placements if p.card.name == "Storm"]
    assert placed and {id(p.card) for p in placed} == {id(storm.card)}
    assert {id(p.face) for p in placed} == {id(storm.front), id(storm.back)}   # this build's faces, front and back
    cards.write_text(text.replace("Storm,,Every player discards their **highest** crop.,1",
                                  "Storm,,Every player discards their **highest** crop.,2"), encoding="utf-8")
    assert build("another copy")[0]                    # a piece more: packed afresh
