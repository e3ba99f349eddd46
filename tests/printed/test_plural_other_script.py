"""pnp's own English words (a language it has no catalog for: Persian) count a kind with a title in another
script without an English "s" glued to it ("9 محصول", not "9 محصولs"), the title isolated in the English sentence
(FSI/PDI: it reads from the right in its place); a Latin title still takes an s (printout/words.plural)."""
from __future__ import annotations

from types import SimpleNamespace

from generator.printout.words import plural


def _deck(title: str, language: str = "fa"):
    kind = SimpleNamespace(title=title, plural="")
    return SimpleNamespace(kinds={"crop": kind}, language=language)


def test_an_arabic_title_takes_no_s_and_a_latin_one_does():
    assert plural(_deck("محصول"), "crop", 9) == "9 \u2068محصول\u2069"
    assert plural(_deck("Crop", "en"), "crop", 9) == "9 crops"
    assert plural(_deck("Cards", "en"), "crop", 2) == "2 cards"
