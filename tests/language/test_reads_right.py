"""Every language reads right (issue 43): the starter built in German, French, Spanish and Japanese, read back
from its PDFs. German says "an der langen Kante" and addresses the reader as Sie throughout (pnp's words and the
starter's own); two pages are "pages 3 et 4" in French, never "3 à 4"; Spanish never "en página"; a Japanese
:card: right after a kanji is an icon; quotes are the language's own. A translation's missing texts are one
warning a file with their count, each listed under pnp check --verbose.
"""
from __future__ import annotations

import csv
import re

import pypdfium2 as pdfium
import pytest

from cli import pnp_in_process
from pdfcheck import all_text, placements

LANGS = ("fr", "de", "es", "ja")


@pytest.fixture(scope="module")
def starter(tmp_path_factory):
    root = tmp_path_factory.mktemp("reads-right")
    made = pnp_in_process("new", root / "starter", "--lang", "en," + ",".join(LANGS))
    assert made.returncode == 0, made.stderr
    pdfs = {}
    for lang in LANGS:
        proc = pnp_in_process("build", root / "starter", "--lang", lang, "-o", root / f"{lang}.pdf")
        assert proc.returncode == 0, proc.stderr
        assert "warning" not in proc.stderr, proc.stderr
        pdfs[lang] = root / f"{lang}.pdf"
    return root, pdfs


def _flat(text: str) -> str:
    return " ".join(text.replace("\u00a0", " ").replace("\u202f", " ").split())


def test_german_declines_the_edge_and_says_sie_throughout(starter):
    text = _flat(all_text(starter[1]["de"]))
    assert "gewendet an der langen Kante" in text and "lange Kante" not in text
    assert "Sie" in text
    du = re.findall(r"\b(du|dich|dir|dein\w*|euch|eure?\w*|Gebt|Mischt|Erhalte|Ziehe|Lege)\b", text)
    assert not du, du


def test_two_pages_are_and_not_a_range(starter):
    fr = _flat(all_text(starter[1]["fr"]))
    assert "pages 1 et 2" in fr
    pairs = [(a, b) for a, b in re.findall(r"pages (\d+) à (\d+)", fr) if int(b) == int(a) + 1]
    assert not pairs, pairs
    es = _flat(all_text(starter[1]["es"]))
    assert "en página" not in es and "páginas 1 y 2" in es
    assert not re.search(r"\b(tienes|tu|ti|Roba|Gana|Baraja)\b", es), "Spanish: usted throughout"


def test_quotes_and_spacing_are_the_languages_own(starter):
    fr = all_text(starter[1]["fr"])
    assert "'" not in fr and '"' not in fr and "’" in fr                 # "ce qu'il dit" -> ce qu’il dit
    doc = pdfium.PdfDocument(starter[1]["fr"])      # as printed (all_text reads a no-break space as a space)
    raw = "".join(page.get_textpage().get_text_range() for page in doc)
    doc.close()
    assert re.search("\u202f[:;!?]", raw)                                 # a narrow no-break space before :


def test_a_japanese_icon_right_after_a_kanji_is_an_icon(starter):
    pdf = starter[1]["ja"]
    text = all_text(pdf)
    assert ":card:" not in text
    assert "枚" in text and "を引き" in text


def test_missing_translations_are_one_line_a_file_and_listed_under_verbose(tmp_path):
    made = pnp_in_process("new", tmp_path / "g", "--lang", "en,fr")
    assert made.returncode == 0, made.stderr
    path = tmp_path / "g" / "cards.csv"
    rows = list(csv.reader(path.open(encoding="utf-8")))
    head = rows[0]
    for row in rows[1:4]:                       # three cards without their French title and text: six texts
        row[head.index("title:fr")] = row[head.index("text:fr")] = ""
    with path.open("w", encoding="utf-8", newline="") as f:
        csv.writer(f, lineterminator="\n").writerows(rows)
    short = pnp_in_process("check", tmp_path / "g")
    warned = [ln for ln in short.stderr.splitlines() if "warning" in ln]
    assert len(warned) == 1, short.stderr
    assert re.search(r"cards\.csv: 6 texts have no French translation and print in English \(the first: line 2, "
                     r"title\); pnp check --lang fr --verbose lists each", warned[0])
    every = pnp_in_process("check", tmp_path / "g", "--verbose")
    listed = [ln for ln in every.stderr.splitlines() if "has no French text" in ln]
    assert len(listed) == 6, every.stderr
    assert any("cards.csv:2: card 'Wheat': field title has no French text (title:fr)" in ln for ln in listed)
