"""One game in several languages: the test deck harvest-moon (English, French, Japanese) built in
each, read back from its PDFs; a translation missing (a warning, an error with --strict), a language pnp has
no catalog for, the proof spelling each language with its own dictionary, a translator's sheet filled in and
read back, pnp new --lang, pnp check laying out every language. (pnp's own catalogs:
tests/language/test_catalogs.py.)"""
from __future__ import annotations

import re
import shutil
from pathlib import Path

from cli import ROOT, pnp_in_process
from pdfcheck import all_text, fonts


DECK = ROOT / "tests" / "decks" / "harvest-moon"


def flat(text: str) -> str:
    return " ".join(text.split())


def copy(tmp_path: Path) -> Path:
    return Path(shutil.copytree(DECK, tmp_path / "harvest-moon"))


# -- the deck printed in each language --------------------------------------------------------------------

def test_the_english_printout_is_as_before(built):
    text = flat(all_text(built(DECK)))
    for said in ("In the box", "Printing", "The sheets", "Cutting", "sheet 1 of 2 · fronts", "Score 1 point",
                 "This edition"):
        assert said in text, said
    assert "note" not in built.stderr(DECK)


def test_the_french_printout_speaks_french(built):
    pdf = built(DECK, "--lang", "fr")
    text = flat(all_text(pdf))
    for said in ("Lune des moissons", "de Ada Lindqvist · 2 à 4 joueurs", "Dans la boîte", "9 cultures : 4 Blé",
                 "Impression", "en recto verso", "Les feuilles", "Feuille 1 (pages 3 et 4) : 9 cultures", "Découpe",
                 "Mise en place", "Cette édition",                                # leaf, both sides
                 "feuille 1 sur 2 · rectos · A4 · recto verso, retourné sur le bord long",        # sheet labels
                 "feuille 1 sur 2 · versos",
                 "Marquez 1 point à la récolte.", "Blé", "Culture", "Orage",                      # the cards
                 "But du jeu", "Lune des moissons — règles", "page 1 sur 1",                      # rule pages
                 "Égalités", "joueur qui a le plus de cultures gagne"):                        # the box
        assert said in text, said
    for english in ("In the box", "Cutting", "sheet 1 of", "fronts", "Score 1 point", "Cut along", "Goal"):
        assert english not in text, english
    assert "catalog" not in built.stderr(DECK, "--lang", "fr")


def test_the_japanese_printout_speaks_japanese_in_an_embedded_japanese_font(built):
    pdf = built(DECK, "--lang", "ja")
    text = flat(all_text(pdf))
    for said in ("収穫の月", "内容", "作物9枚", "印刷", "両面", "紙の一覧", "切り方", "準備",
                 "2枚中1枚目 · 表", "収穫のときに1点を得る。", "小麦", "全員がカードを1枚引く。",
                 "目的", "この版について", "同点"):
        assert said in text, said
    for english in ("In the box", "Cutting", "sheet 1 of", "Score 1 point", "Goal"):
        assert english not in text, english
    japanese = {name: embedded for name, embedded in fonts(pdf).items() if "PnpSansJP" in name}
    assert japanese and all(japanese.values()), fonts(pdf)


def test_the_calibration_sheet_in_french(built):
    text = flat(all_text(built(DECK, "--lang", "fr", "--calibration")))
    assert "Calibrage recto verso — recto" in text
    assert "Imprimez ce PDF en recto verso à 100 %" in text
    assert "Duplex calibration" not in text


def test_japanese_lines_break_between_characters_and_fit():
    from generator.layout import breaks, fonts as fontmod, wrap
    assert breaks.segments("得る。") == ["得", "る。"]                 # never a line starting with 。
    assert breaks.segments("「嵐」") == ["「嵐」"]
    assert breaks.segments("harvest") == ["harvest"]
    assert breaks.segments("右へX") == ["右", "へ", "X"]
    fontmod.ensure("japanese", ("regular",))
    w = wrap.wrap("全員が自分の**最も高い**作物を捨てる。カードを**2**枚引き、左どなりの人に**1**枚渡す。",
                  "japanese", 100.0, 10.0)
    lines = sorted({round(p.y, 2) for p in w.pieces})
    assert len(lines) >= 3
    assert w.widest <= 100.0
    for y in lines:
        row = [p for p in w.pieces if round(p.y, 2) == y]
        assert all(" " not in p.text for p in row)             # no space put between Japanese characters
    said = "".join(p.text for p in sorted(w.pieces, key=lambda p: (round(p.y, 2), p.x)))
    assert said == "全員が自分の最も高い作物を捨てる。カードを2枚引き、左どなりの人に1枚渡す。"


# -- what a translation lacks ------------------------------------------------------------------------------

def _drop_cell(deck: Path, column: str, row_title: str) -> None:
    import csv
    import io
    rows = list(csv.DictReader(io.StringIO((deck / "cards.csv").read_text(encoding="utf-8"))))
    for r in rows:
        if r["title"] == row_title:
            r[column] = ""
    out = io.StringIO(newline="")
    w = csv.DictWriter(out, fieldnames=list(rows[0]), lineterminator="\n")
    w.writeheader()
    w.writerows(rows)
    (deck / "cards.csv").write_text(out.getvalue(), encoding="utf-8")


def test_an_untranslated_field_is_a_warning_by_name_and_prints_the_source_text(tmp_path):
    deck = copy(tmp_path)
    _drop_cell(deck, "text:fr", "Storm")
    proc = pnp_in_process("build", deck, "--lang", "fr", "-o", tmp_path / "out.pdf")
    assert proc.returncode == 0, proc.stderr
    warned = [line for line in proc.stderr.splitlines() if "Storm" in line]
    assert len(warned) == 1
    assert re.search(r"cards\.csv:5: card 'Storm': field text has no French text \(text:fr\)", warned[0])
    text = flat(all_text(tmp_path / "out.pdf"))
    assert "Every player discards their highest crop." in text         # the English, printed
    assert "Orage" in text                                              # its title is translated


def test_strict_refuses_a_missing_translation_and_writes_nothing(tmp_path):
    deck = copy(tmp_path)
    _drop_cell(deck, "text:fr", "Storm")
    (deck / "rules.fr.md").unlink()
    proc = pnp_in_process("build", deck, "--lang", "fr", "--strict", "-o", tmp_path / "out.pdf")
    assert proc.returncode == 2
    errors = proc.stderr.splitlines()
    assert any(re.search(r"cards\.csv:5: text: card 'Storm'.*\(--strict\)", e) for e in errors), proc.stderr
    assert any("deck.yaml" in e and "no rules.fr.md beside rules.md" in e for e in errors), proc.stderr
    assert not (tmp_path / "out.pdf").exists()
    assert pnp_in_process("build", deck, "--strict", "-o", tmp_path / "en.pdf").returncode == 0     # English lacks nothing


def test_a_language_pnp_has_no_catalog_for_prints_its_own_words_in_english_and_says_so_once(tmp_path):
    deck = copy(tmp_path)
    yaml = (deck / "deck.yaml").read_text(encoding="utf-8")
    (deck / "deck.yaml").write_text(yaml.replace("  ja: {}", "  ja: {}\n  it: {}", 1), encoding="utf-8")
    proc = pnp_in_process("build", deck, "--lang", "it", "-o", tmp_path / "it.pdf")
    assert proc.returncode == 0, proc.stderr
    notes = [line for line in proc.stderr.splitlines() if "catalog" in line]
    assert len(notes) == 1 and "no Italian catalog" in notes[0] and "printed in English" in notes[0]
    text = flat(all_text(tmp_path / "it.pdf"))
    assert "In the box" in text and "Score 1 point" in text             # pnp's words and the source text
    assert re.search(r"cards\.csv: \d+ texts have no Italian translation and print in English \(the first: line 2, "
                     r"title\)", proc.stderr), proc.stderr             # one line for the file, with their count


def test_a_language_the_deck_does_not_name_is_refused(tmp_path):
    proc = pnp_in_process("build", DECK, "--lang", "de", "-o", tmp_path / "de.pdf")
    assert proc.returncode == 2
    assert "the deck has no German (de) text: its translations are fr, ja" in proc.stderr
    assert not (tmp_path / "de.pdf").exists()


# -- spelling per language ---------------------------------------------------------------------------------

def test_the_french_proof_flags_a_planted_misspelling_and_not_french_words(tmp_path):
    deck = copy(tmp_path)
    csv = (deck / "cards.csv").read_text(encoding="utf-8")
    (deck / "cards.csv").write_text(csv.replace("Marquez **2** points à la récolte.",
                                                "Marquez **2** points à la récolet.", 1), encoding="utf-8")
    proc = pnp_in_process("proof", deck, "--lang", "fr", "-o", tmp_path / "proof")
    flagged = [line for line in proc.stderr.splitlines() if "is not in the dictionary" in line]
    assert len(flagged) == 1, proc.stderr
    assert "cards.csv:3: error: card 'Barley', field text: 'récolet' is not in the dictionary or words.fr.txt" \
        in flagged[0]
    for word in ("récolte", "Marquez", "Piochez", "défausse", "Lindqvist", "gouttières", "Découpe"):
        assert f"'{word}' is not" not in proc.stderr         # French words, the words file's, pnp's own
    english = pnp_in_process("proof", deck, "-o", tmp_path / "proof-en")
    assert "récolet" not in english.stderr                   # the English printout does not print it
    assert english.returncode == 0, english.stderr


def test_the_japanese_proof_is_clean(tmp_path):
    proc = pnp_in_process("proof", DECK, "--lang", "ja", "-o", tmp_path / "proof")
    assert proc.returncode == 0, proc.stderr
    assert "0 errors" in proc.stdout


# -- the translator's sheet --------------------------------------------------------------------------------

GERMAN = {"Wheat": ("Weizen", "Erhalte **1** Punkt bei der Ernte."), "Barley": ("Gerste", "Erhalte **2** Punkte bei "
          "der Ernte."), "Apples": ("Äpfel", "Erhalte **3** Punkte bei der Ernte. *Übersteht einen Sturm.*"),
          "Storm": ("Sturm", "Alle legen ihre **höchste** Feldfrucht ab."),
          "Market Day": ("Markttag", "Ziehe **2** :card:, dann gib **1** :card: an die Person links von dir."),
          "Good Rain": ("Guter Regen", "Alle ziehen **1** Karte."), "Crop": ("Feldfrucht", None),
          "Event": ("Ereignis", None)}


def test_a_translator_fills_the_sheet_and_the_german_pdf_builds(tmp_path):
    from openpyxl import load_workbook
    deck = copy(tmp_path)
    yaml = (deck / "deck.yaml").read_text(encoding="utf-8")
    (deck / "deck.yaml").write_text(yaml.replace("  ja: {}", "  ja: {}\n  de: {file: cards.de.xlsx}", 1),
                                    encoding="utf-8")
    made = pnp_in_process("cards", deck, "--lang", "de", "-o", deck / "cards.de.xlsx")
    assert made.returncode == 0, made.stderr
    book = load_workbook(deck / "cards.de.xlsx")
    sheet = book.active
    head = [c.value for c in sheet[1]]
    assert head == ["id", "kind", "title", "title:de", "text", "text:de"]
    for row in sheet.iter_rows(min_row=2):                   # as a translator types them in
        cells = dict(zip(head, row))
        title, text = GERMAN[cells["title"].value]
        cells["title:de"].value = title
        if text:
            cells["text:de"].value = text
    book.save(deck / "cards.de.xlsx")
    proc = pnp_in_process("build", deck, "--lang", "de", "-o", tmp_path / "de.pdf")
    assert proc.returncode == 0, proc.stderr
    assert "Wheat" not in proc.stderr and "kind 'crop'" not in proc.stderr     # every card text translated
    text = flat(all_text(tmp_path / "de.pdf"))
    for said in ("Weizen", "Erhalte 1 Punkt bei der Ernte.", "Feldfrucht", "Markttag", "In der Schachtel",
                 "Bogen 1 von 2 · Vorderseiten", "Schneiden"):
        assert said in text, said
    assert "Score 1 point" not in text
    again = pnp_in_process("cards", deck, "--lang", "de")              # written again: the translations it holds
    assert "Weizen" in again.stdout and "Feldfrucht" in again.stdout


def test_pnp_cards_keeps_the_translations_and_the_table_builds_the_same_pdf(tmp_path):
    deck = copy(tmp_path)
    assert pnp_in_process("build", deck, "--lang", "ja", "-o", tmp_path / "before.pdf").returncode == 0
    made = pnp_in_process("cards", deck, "-o", tmp_path / "cards.xlsx")
    assert made.returncode == 0, made.stderr
    assert "title:fr, title:ja" in made.stdout and "text:fr, text:ja" in made.stdout
    (deck / "cards.csv").unlink()
    shutil.copy(tmp_path / "cards.xlsx", deck / "cards.xlsx")
    yaml = (deck / "deck.yaml").read_text(encoding="utf-8")
    (deck / "deck.yaml").write_text(yaml.replace("cards: {file: cards.csv}", "cards: {file: cards.xlsx}"),
                                    encoding="utf-8")
    assert pnp_in_process("build", deck, "--lang", "ja", "-o", tmp_path / "after.pdf").returncode == 0
    assert (tmp_path / "before.pdf").read_bytes() == (tmp_path / "after.pdf").read_bytes()


def test_a_mistake_in_the_translators_sheet_names_its_cell(tmp_path):
    deck = copy(tmp_path)
    yaml = (deck / "deck.yaml").read_text(encoding="utf-8")
    (deck / "deck.yaml").write_text(yaml.replace("  ja: {}", "  ja: {}\n  de: {file: cards.de.csv}", 1),
                                    encoding="utf-8")
    (deck / "cards.de.csv").write_text("id,title:de,colour:es\nwheet,Weizen,\n", encoding="utf-8")
    proc = pnp_in_process("build", deck, "--lang", "de", "-o", tmp_path / "de.pdf")
    assert proc.returncode == 2
    assert "cards.de.csv:1 (colour:es): column 'colour:es' is in another language than de" in proc.stderr
    assert "cards.de.csv:2 (id): no card has the id 'wheet' (did you mean 'wheat'?)" in proc.stderr
    assert not (tmp_path / "de.pdf").exists()


# -- the starter, pnp check --------------------------------------------------------------------------------

def test_pnp_new_starts_a_game_in_english_and_french(tmp_path):
    made = pnp_in_process("new", tmp_path / "meadow", "--lang", "en,fr")
    assert made.returncode == 0, made.stderr
    for name in ("rules.fr.md", "words.fr.txt"):
        assert (tmp_path / "meadow" / name).is_file()
    for lang, said in ((None, "Score 1 point"), ("fr", "Marquez 1 point")):
        args = ("--lang", lang) if lang else ()
        proc = pnp_in_process("build", tmp_path / "meadow", *args, "-o", tmp_path / f"{lang}.pdf")
        assert proc.returncode == 0, proc.stderr
        assert "warning" not in proc.stderr, proc.stderr
        assert said in flat(all_text(tmp_path / f"{lang}.pdf"))
    refused = pnp_in_process("new", tmp_path / "other", "--lang", "fr")
    assert refused.returncode == 2 and "start with en" in refused.stderr
    assert not (tmp_path / "other").exists()


def test_pnp_check_lays_out_every_language_in_its_fonts(tmp_path):
    deck = copy(tmp_path)
    yaml = (deck / "deck.yaml").read_text(encoding="utf-8")
    (deck / "deck.yaml").write_text(re.sub(r"\n  ja: \{\}[^\n]*", "\n  ja: {fonts: {serif: symbols, sans: symbols}}",
                                           yaml), encoding="utf-8")
    proc = pnp_in_process("check", deck)
    assert proc.returncode == 2
    assert re.search(r"cards\.csv:2: title: card 'Wheat': font 'symbols' has no glyph for '小' \(U\+5C0F\)",
                     proc.stderr), proc.stderr
    assert pnp_in_process("check", DECK).returncode == 0


def test_text_that_overflows_in_a_translation_only_is_reported_as_any_overflow(tmp_path):
    deck = copy(tmp_path)
    csv = (deck / "cards.csv").read_text(encoding="utf-8")
    (deck / "cards.csv").write_text(csv.replace("crop,Wheat,Blé,", "crop,Wheat,Blé tendre de la grande plaine du "
                                                "nord au soleil levant,", 1), encoding="utf-8")
    assert pnp_in_process("build", deck, "-o", tmp_path / "en.pdf").returncode == 0          # the English fits
    for args in (("check", deck), ("build", deck, "--lang", "fr", "-o", tmp_path / "fr.pdf")):
        proc = pnp_in_process(*args)
        assert proc.returncode == 2, proc.stderr
        assert re.search(r"cards\.csv:2: title: card 'Wheat': text 'Blé tendre .*' does not fit region 'title'",
                         proc.stderr), proc.stderr
    assert not (tmp_path / "fr.pdf").exists()


