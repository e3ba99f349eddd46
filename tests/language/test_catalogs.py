"""pnp's own printed sentences in every language it speaks (generator/locale/, read by generator/language/catalogs.py):
every catalog translates every sentence the code marks, with the same placeholders and nothing stale; the
template (pnp.pot) holds every marked sentence; the Japanese catalog and starter print in the Japanese font."""
from __future__ import annotations

import re
from functools import lru_cache
from types import MappingProxyType

import pytest

from cli import ROOT


PLACEHOLDER = re.compile(r"\{(\w+)\}")


@lru_cache(maxsize=1)
def _marked() -> MappingProxyType:
    """{msgid: file} of every message pnp's code marks, as pybabel extract finds them: read once for this module's
    five tests (Babel tokenizes every module of generator/: ~1.3 s of CPU each time), and read-only."""
    from babel.messages.extract import extract_from_dir
    out = {}
    for file, _line, message, _comments, _context in extract_from_dir(
            str(ROOT / "generator"), method_map=[("**.py", "python")],
            keywords={"_": None, "ngettext": (1, 2), "N_": None}):
        out[message] = file
    return MappingProxyType(out)


@pytest.mark.parametrize("lang", ["fr", "de", "es", "ja"])
def test_every_catalog_translates_every_printed_sentence_with_its_placeholders(lang):
    from babel.messages.pofile import read_po
    path = ROOT / "generator" / "locale" / lang / "LC_MESSAGES" / "pnp.po"
    with open(path, "rb") as f:
        catalog = read_po(f, locale=lang)
    marked = _marked()
    assert len(marked) > 100
    for message, file in marked.items():
        entry = catalog.get(message)
        assert entry is not None and not entry.fuzzy, f"{lang}: not in the catalog: {message!r} ({file})"
        ids = message if isinstance(message, tuple) else (message,)
        said = entry.string if isinstance(entry.string, tuple) else (entry.string,)
        assert all(said), f"{lang}: untranslated: {message!r}"
        wanted = set(PLACEHOLDER.findall(ids[-1]))
        for s in said:
            assert set(PLACEHOLDER.findall(s)) == wanted, f"{lang}: {message!r} -> {s!r}"
    stale = [m.id for m in catalog if m.id and m.id not in marked]
    assert not stale, f"{lang}: messages the code no longer prints: {stale}"


def test_the_template_holds_every_marked_sentence():
    from babel.messages.pofile import read_po
    with open(ROOT / "generator" / "locale" / "pnp.pot", "rb") as f:
        template = read_po(f)
    assert {m.id for m in template if m.id} == set(_marked())


def test_japanese_catalog_and_starter_print_in_the_japanese_font():
    """Every character of the Japanese catalog and starter has a glyph in Pnp Sans JP (the japanese family)."""
    from babel.messages.pofile import read_po

    from generator.layout import fonts as fontmod
    with open(ROOT / "generator" / "locale" / "ja" / "LC_MESSAGES" / "pnp.po", "rb") as f:
        catalog = read_po(f, locale="ja")
    said = "".join("".join(m.string) if isinstance(m.string, tuple) else m.string for m in catalog if m.id)
    said += (ROOT / "layouts" / "starter-languages.yaml").read_text(encoding="utf-8").split("\nja:", 1)[1]
    fontmod.ensure("japanese", ("regular",))
    assert not fontmod.missing_glyphs(PLACEHOLDER.sub("", said).replace("\n", ""), "japanese", ("regular",))
