"""pnp's own English words (a language it has no catalog for: Arabic) count a kind with a title in another
script without an English "s" glued to it ("9 محصول", not "9 محصولs"); a Latin title still takes one
(printout/words.plural)."""
from __future__ import annotations

from types import SimpleNamespace

from generator.printout.words import plural


def _deck(title: str, language: str = "ar"):
    kind = SimpleNamespace(title=title, plural="")
    return SimpleNamespace(kinds={"crop": kind}, language=language)


def test_an_arabic_title_takes_no_s_and_a_latin_one_does():
    assert plural(_deck("محصول"), "crop", 9) == "9 محصول"
    assert plural(_deck("Crop", "en"), "crop", 9) == "9 crops"
    assert plural(_deck("Cards", "en"), "crop", 2) == "2 cards"
