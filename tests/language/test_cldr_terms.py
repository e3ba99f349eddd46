"""pnp's own words in Arabic, Hebrew, Polish and Vietnamese held to CLDR (through Babel) where CLDR has the term:
"a and b" as the language's list pattern joins two, the millimetre as its short unit, Japanese number ranges with
CLDR's range sign; each language's direction and digits from CLDR (generator/language/catalogs.py)."""
from __future__ import annotations

import re

import pytest
from babel import Locale
from babel.messages.pofile import read_po

from generator.language import isolate, words
from generator.language.catalogs import catalog_file, digits, right_to_left
from generator.text.typography import RANGE, typeset

NEW = ("ar", "he", "pl", "vi")


def _catalog(code: str) -> dict:
    with open(catalog_file(code), "rb") as f:
        return {m.id: m.string for m in read_po(f, locale=code) if m.id}


@pytest.mark.parametrize("code", NEW)
def test_a_and_b_is_cldrs_pattern_for_two(code):
    said = _catalog(code)["{first} and {last}"]
    assert said == Locale.parse(code).list_patterns["standard"]["2"].format("{first}", "{last}")


@pytest.mark.parametrize("code", NEW)
def test_millimetres_are_cldrs_short_unit(code):
    """Every message that writes a length in mm writes CLDR's short unit for the language."""
    pattern = Locale.parse(code)._data["unit_patterns"]["length-millimeter"]["short"]["other"]
    unit = pattern.replace("{0}", "").strip("\u00a0\u202f ")
    found = 0
    for msgid, said in _catalog(code).items():
        if isinstance(msgid, str) and re.search(r"\{(mm|across|down|height)\} mm", msgid):
            assert unit in said, (code, msgid, said)
            found += 1
    assert found >= 8


@pytest.mark.parametrize("code", NEW)
def test_every_message_is_translated(code):
    said = _catalog(code)
    assert all(v and (all(v) if isinstance(v, tuple) else True) for v in said.values())
    assert words(code).english is False


def test_direction_and_digits_are_cldrs():
    assert right_to_left("ar") and right_to_left("he") and not right_to_left("pl") and not right_to_left("en")
    assert digits("ar") == "" and digits("ar-EG") == "٠١٢٣٤٥٦٧٨٩" and digits("fa") == "۰۱۲۳۴۵۶۷۸۹"
    _ = words("ar-EG")
    assert _("page {n}", n=12) == "الصفحة ١٢" and _.num(63.5, ".1f") == "٦٣٫٥"
    assert words("ar")("page {n}", n=12) == "الصفحة 12"


def test_japanese_ranges_take_cldrs_range_sign():
    """CLDR's interval pattern for Japanese ("{0}～{1}"): 2～4人, in pnp's words and the deck's own."""
    sign = Locale.parse("ja")._data["interval_formats"][None].format("", "")
    assert RANGE["ja"] == sign == "～"
    assert typeset("2-4人で遊ぶ", "ja") == "2～4人で遊ぶ"
    assert words("ja")("{least}–{most} players", least=2, most=4).startswith("2～4")


def test_polish_quotes_and_an_isolated_name():
    assert typeset('Zagraj "Burzę" teraz', "pl") == "Zagraj „Burzę” teraz"
    assert isolate("حصاد", rtl=False) == "\u2068حصاد\u2069" and isolate("Harvest", rtl=False) == "Harvest"
    assert isolate("Harvest", rtl=True) == "\u2068Harvest\u2069" and isolate("حصاد", rtl=True) == "حصاد"
