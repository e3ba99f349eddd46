"""Issue 47: the proof's spelling in the right language, and fast. A partly translated deck's English text left
untranslated is spelled with the English dictionary under --lang fr (not flagged as French mistakes), its French
with the French one; suggestions come from an index built once (symspellpy's lookup, pnp's index kept in the cache folder:
tests/proof/test_suggest_index.py). A word of a template's own text is blamed on the template's line, not on the
card's row. How long the French proof takes against the English one (at most twice its CPU time) is measured by
benchmarks/proof_languages.py, not asserted here."""
from __future__ import annotations

import csv
import json
from pathlib import Path

from cli import pnp_in_process

UNTRANSLATED = ("Every player draws two cards from the market, then chooses one crop to keep and passes the other "
                "to the player on their left before the harvest begins this round.")


def _partly_translated(tmp_path: Path, text: str = UNTRANSLATED) -> Path:
    folder = tmp_path / "g"
    assert pnp_in_process("new", folder, "--lang", "en,fr").returncode == 0
    path = folder / "cards.csv"
    rows = list(csv.reader(path.open(encoding="utf-8")))
    head = rows[0]
    market = next(r for r in rows if r[head.index("title")] == "Market Day")
    market[head.index("text")] = text
    market[head.index("text:fr")] = market[head.index("title:fr")] = ""
    with path.open("w", encoding="utf-8", newline="") as f:
        csv.writer(f, lineterminator="\n").writerows(rows)
    return folder


def _report(folder: Path, out: Path, *args) -> dict:
    """The proof's JSON report, the proof run through the CLI's entry in this process."""
    proc = pnp_in_process("proof", folder, "-q", "-o", out, *args, cwd=folder.parent)
    assert proc.returncode in (0, 1), proc.stderr
    return json.loads((out / "proof.json").read_text(encoding="utf-8"))


def _spelling(report: dict) -> list[dict]:
    return [i for i in report["issues"] if i["check"] == "spelling"]


def test_untranslated_english_is_spelled_in_english_not_as_french_mistakes(tmp_path):
    folder = _partly_translated(tmp_path)
    assert len(UNTRANSLATED.split()) == 30
    english = _report(folder, tmp_path / "en")
    french = _report(folder, tmp_path / "fr", "--lang", "fr")
    assert _spelling(english) == [] and _spelling(french) == [], _spelling(french)


def test_each_text_is_spelled_in_its_own_language_with_its_own_suggestion(tmp_path):
    folder = _partly_translated(tmp_path, UNTRANSLATED.replace("player draws", "plaeyr draws"))
    csv_path = folder / "cards.csv"
    csv_path.write_text(csv_path.read_text(encoding="utf-8").replace("Marquez **1** point", "Marquez **1** pointt"),
                        encoding="utf-8")
    french = _report(folder, tmp_path / "fr", "--lang", "fr")
    found = {i["message"].split("'")[1]: i["message"] for i in _spelling(french)}
    assert set(found) == {"plaeyr", "pointt"}, found
    assert "words.txt (did you mean 'player'?)" in found["plaeyr"]           # English, with the English words file
    assert "words.fr.txt (did you mean 'point'?)" in found["pointt"]         # French


def test_a_word_of_the_templates_own_text_is_blamed_on_the_template(tmp_path):
    """"VP" written in templates/card.yaml around a field ("{value} VPX"), on cards read from a workbook: the
    finding names the template's line, not a row of the workbook."""
    folder = tmp_path / "g"
    assert pnp_in_process("new", folder).returncode == 0
    card = folder / "templates" / "card.yaml"
    card.write_text(card.read_text(encoding="utf-8") + '  - {id: points, type: text, box: [20mm, 70mm, 23.5mm, 5mm], '
                    'text: "{value} VPX", font: sans, size: 7pt, align: center, colour: ink}\n', encoding="utf-8")
    assert pnp_in_process("cards", folder, "-o", folder / "cards.xlsx").returncode == 0
    deck = folder / "deck.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("cards: {file: cards.csv}", "cards: {file: cards.xlsx}"),
                    encoding="utf-8")
    report = _report(folder, tmp_path / "proof")
    vpx = [i for i in _spelling(report) if "'VPX'" in i["message"]]
    lines = len(card.read_text(encoding="utf-8").splitlines())
    assert len(vpx) == 1 and vpx[0]["where"] == f"{folder.name}/templates/card.yaml:{lines}", vpx
    assert "template 'card', region 'points'" in vpx[0]["message"] and len(vpx[0]["cards"]) == 6
