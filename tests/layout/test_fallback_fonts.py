"""The shipped family (IBM Plex, renamed Pnp) and its fallback chain, read back from built PDFs: Vietnamese and
Polish print in the default fonts, Japanese bold is heavier than its regular (dark pixels), a symbol the family
lacks (◎) is drawn from the fallback font, a deck family's own `fallback:`, and a character no font of the
chain has is still an error naming the card, the field and the character.
"""
from __future__ import annotations

import re

import shutil

import pypdfium2
import pytest

import pdfread
from cli import TESTS, pnp_in_process
from pdfcheck import SPACED

VIETNAMESE = "Mỗi người chơi rút hai lá bài và đặt một đồng xu."
POLISH = "Zażółć gęślą jaźń: każdy gracz dobiera dwie karty."


def _game(tmp_path, texts, extra=""):
    """A `pnp new` game whose cards are events with `texts`, built; returns (the process, the PDF's path)."""
    pnp_in_process("new", "g", cwd=tmp_path, check=True)
    folder = tmp_path / "g"
    rows = ["kind,title,value,text,copies"] + [f'event,Card {i},!,"{t}",1' for i, t in enumerate(texts, 1)]
    (folder / "cards.csv").write_text("\n".join(rows) + "\n", encoding="utf-8")
    if extra:
        deck = folder / "deck.yaml"
        deck.write_text(deck.read_text(encoding="utf-8") + extra, encoding="utf-8")
    out = tmp_path / "g.pdf"
    return pnp_in_process("build", folder, "-o", out, "--duplex", "none", "--force"), out


def _chars(pdf, wanted: str, page_with: str = "") -> list:
    """Every character drawn in the PDF that is in `wanted`, as (text, font name); only on the pages that draw
    `page_with` (a character only the card has), if given."""
    out = []
    for i in range(pdfread.page_count(pdf)):
        cs = pdfread.page_chars(pdf, i)[1]
        if not page_with or any(c["text"] == page_with for c in cs):
            names = pdfread.font_names(pdf, i)          # with their subset's tag, as the PDF names them
            out += [(c["text"], names[c["fontname"]]) for c in cs if c["text"] in wanted]
    return out


def _text(pdf) -> str:
    return " ".join(" ".join(pdfread.text_of(pdfread.page_chars(pdf, i)[1], **SPACED).split())
                    for i in range(pdfread.page_count(pdf)))


@pytest.mark.parametrize("sentence", [VIETNAMESE, POLISH])
def test_vietnamese_and_polish_print_in_the_default_fonts(tmp_path, sentence):
    """Every letter of the sentence is drawn from the family itself (no fallback, no missing glyph) and reads
    back whole."""
    from generator.layout import fonts
    for fam in ("sans", "condensed", "narrow", "serif"):
        for style in fonts.STYLES:
            assert fonts.runs(sentence, fam, style) == ((sentence, fonts.font_name(fam, style)),), (fam, style)
    proc, pdf = _game(tmp_path, [sentence])
    assert proc.returncode == 0, proc.stderr
    accented = {ch for ch in sentence if ord(ch) > 127}          # only the card's text has these
    drawn = _chars(pdf, accented)
    assert {ch for ch, _ in drawn} == accented
    assert all(font.split("+")[-1].startswith("PnpSerif") for _, font in drawn), set(font for _, font in drawn)
    assert sentence.rstrip(".") in _text(pdf)


def _dark_pixels(pdf, needle: str) -> int:
    """Dark pixels of the page whose text holds `needle`, rendered at 150 dpi."""
    doc = pypdfium2.PdfDocument(str(pdf))
    for page in doc:
        if needle in page.get_textpage().get_text_range():
            grey = page.render(scale=150 / 72).to_pil().convert("L")
            return sum(grey.histogram()[:96])
    raise AssertionError(f"no page holds {needle!r}")


def test_japanese_bold_is_heavier_than_regular(tmp_path):
    """The same kanji set in regular and in bold (drawn from the japanese family through the chain): the bold
    page has clearly more ink than the regular one, measured against the same card without them."""
    words = "日本語の見本と漢字"
    counts = {}
    for name, text in (("none", "Card text"), ("regular", f"Card text {words}"),
                       ("bold", f"Card text **{words}**")):
        (tmp_path / name).mkdir()
        proc, pdf = _game(tmp_path / name, [text])
        assert proc.returncode == 0, proc.stderr
        counts[name] = _dark_pixels(pdf, "Card text")
        if name != "none":
            fonts_used = {font.split("+")[-1] for _, font in _chars(pdf, words)}      # only the card has them
            assert fonts_used == {"PnpSansJP-Bold" if name == "bold" else "PnpSansJP"}, fonts_used
    regular, bold = counts["regular"] - counts["none"], counts["bold"] - counts["none"]
    assert regular > 0 and bold > 1.25 * regular, counts


def test_the_fallback_draws_a_symbol_from_the_fallback_font(tmp_path):
    """◎ and ♣, which the family lacks, are drawn from DejaVu Sans (the `symbols` family), the words beside them
    from the family; the text region (the title) and the text box (the card's text) alike."""
    proc, pdf = _game(tmp_path, ["Score ◎ twice, ♣ once."])
    assert proc.returncode == 0, proc.stderr
    drawn = _chars(pdf, "◎♣Sc", page_with="◎")
    assert {ch for ch, font in drawn if font.endswith("DejaVuSans")} == {"◎", "♣"}, drawn
    assert all(font.split("+")[-1].startswith("PnpSerif") for ch, font in drawn if ch in "Sc"), drawn
    assert "Score◎twice,♣once" in _text(pdf).replace(" ", "")


def test_a_character_no_font_of_the_chain_has_is_an_error_naming_card_field_and_character(tmp_path):
    proc, pdf = _game(tmp_path, ["Roll \U0001F3B2 twice."])
    assert proc.returncode == 2
    err = proc.stderr.strip().splitlines()[-1]           # after the component check's report (--force)
    assert err.startswith("pnp: error: ") and proc.stderr.count("pnp: error") == 1, proc.stderr
    assert "Traceback" not in proc.stderr
    assert "cards.csv:2: text: card 'Card 1'" in err and "U+1F3B2" in err and "fallback (symbols" in err, err
    assert not pdf.exists()


def test_a_deck_family_falls_back_as_it_says(tmp_path):
    """A deck's own family falls back to the shared chain unless it writes its own `fallback:`; with
    `fallback: []` a symbol it lacks is the glyph error, and an unknown family in it is an error at its line."""
    results = {}
    for name, fallback in (("default", ""), ("none", "    fallback: []\n"), ("sans", "    fallback: [sans]\n"),
                           ("wrong", "    fallback: [sams]\n")):
        base = tmp_path / name
        base.mkdir()
        pnp_in_process("new", "g", cwd=base, check=True)
        folder = base / "g"
        (folder / "fonts").mkdir()
        shutil.copy(TESTS / "fonts" / "PnpTestScript.ttf", folder / "fonts")
        card = folder / "templates" / "card.yaml"
        card.write_text(card.read_text(encoding="utf-8").replace(
            'text: "{text}", font: serif', 'text: "{text}", font: script'), encoding="utf-8")
        (folder / "cards.csv").write_text('kind,title,value,text,copies\nevent,Card 1,!,"Score ◎ twice.",1\n',
                                          encoding="utf-8")
        deck = folder / "deck.yaml"
        deck.write_text(deck.read_text(encoding="utf-8") + "\nfonts:\n  script:\n    regular: fonts/PnpTestScript.ttf\n"
                        + fallback, encoding="utf-8")
        out = base / "g.pdf"
        results[name] = (pnp_in_process("build", folder, "-o", out, "--duplex", "none", "--force"), out)
    for name in ("default", "sans"):
        proc, pdf = results[name]
        assert proc.returncode == 0, proc.stderr
        drawn = dict(_chars(pdf, "◎S", page_with="◎"))
        # (a process that met another font of the same PostScript name first embeds this one with its digest
        # after the name: reportlab_adapter's unique face names; tests/deck/test_games.py reads it the same way)
        assert re.search(r"\+PnpTestScript-Regular(-[0-9a-f]{8})?$", drawn["S"]), drawn
        assert drawn["◎"].endswith("DejaVuSans"), drawn
    proc, pdf = results["none"]
    assert proc.returncode == 2 and "U+25CE" in proc.stderr and "'Card 1'" in proc.stderr, proc.stderr
    assert not pdf.exists()
    proc, pdf = results["wrong"]
    assert proc.returncode == 2 and "deck.yaml:" in proc.stderr and "'sams'" in proc.stderr, proc.stderr
    assert "sans" in proc.stderr and "Traceback" not in proc.stderr
