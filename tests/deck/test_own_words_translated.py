"""A template's literal words and the `corrections:` notes are translated like any other text (issue 43): the
translator's sheet (`pnp cards GAME --lang fr`) carries them as rows template:FILE.REGION and
correction:N.KEY in its `text` column; filled in and read back they print (read from the PDF); `pnp check`
warns of those a translation lacks, one line a file with their count, each under --verbose, errors with
--strict; a correction row the deck has not is a mistake naming its cell.
"""
from __future__ import annotations

import csv
import re
from pathlib import Path

from cli import pnp_in_process
from pdfcheck import all_text

DELIVER = '  - {id: deliver, type: text, box: [17mm, 20mm, 29.5mm, 5mm], text: "Deliver {value}", font: sans, ' \
          'size: 8pt, align: center, colour: ink}\n'
CORRECTIONS = """
corrections:
  - {about: "Rule 2", seed: "teh", printed: "the", why: "a typo"}
  - {about: "Rule 3", seed: "x", printed: "y", why: "clearer", "about:fr": "Règle 3", "why:fr": "plus clair"}
"""


def _game(tmp_path: Path) -> Path:
    game = tmp_path / "g"
    pnp_in_process("new", str(game), "--lang", "en,fr", check=True)
    t = game / "templates" / "card.yaml"
    lines = t.read_text().splitlines(keepends=True)
    at = next(i for i, ln in enumerate(lines) if "{id: kind," in ln)
    t.write_text("".join(lines[:at] + [DELIVER] + lines[at:]))
    (game / "deck.yaml").write_text((game / "deck.yaml").read_text() + CORRECTIONS)
    return game


def _warnings(stderr: str) -> list[str]:
    return [ln for ln in stderr.splitlines() if ln.startswith("pnp: warning:")]


def test_check_warns_of_a_templates_words_and_corrections_one_line_a_file(tmp_path):
    game = _game(tmp_path)
    said = _warnings(pnp_in_process("check", str(game), cwd=tmp_path).stderr)
    deck = [w for w in said if "deck.yaml" in w]
    assert len(deck) == 1 and re.search(r"g/deck\.yaml: 4 texts have no French translation .*corrections\[0\]\.about",
                                         deck[0]), said
    card = [w for w in said if "card.yaml" in w]
    assert card == ["pnp: warning: g/templates/card.yaml:11: template card: region 'deliver' has no French text "
                    "(text:fr) for 'Deliver {value}'; the English is printed"], said
    every = _warnings(pnp_in_process("check", str(game), "--verbose", cwd=tmp_path).stderr)
    lacking = sorted(w.split(": ")[3].split(" has")[0] for w in every if "correction '" in w)
    assert lacking == ["correction 'Rule 2'"] * 3 + ["correction 'Rule 3'"], every
    assert any("printed has no French text (printed:fr)" in w and "deck.yaml:70" in w for w in every)


def test_strict_refuses_each_and_writes_nothing(tmp_path):
    game = _game(tmp_path)
    out = tmp_path / "g.fr.pdf"
    r = pnp_in_process("build", str(game), "--lang", "fr", "--strict", "-o", str(out), cwd=tmp_path)
    errors = [ln for ln in r.stderr.splitlines() if ln.startswith("pnp: error:")]
    assert r.returncode == 2 and not out.exists()
    assert len(errors) == 5 and any("region 'deliver'" in e and "(--strict)" in e for e in errors), r.stderr


def test_the_sheet_carries_them_and_its_translations_print(tmp_path):
    game = _game(tmp_path)
    sheet = game / "cards.fr.csv"
    pnp_in_process("cards", str(game), "--lang", "fr", "-o", str(sheet), check=True)
    rows = list(csv.DictReader(sheet.read_text(encoding="utf-8-sig").splitlines()))
    own = {r["id"]: (r["text"], r["text:fr"]) for r in rows if r["id"].startswith(("template:", "correction:"))}
    assert own == {"template:card.deliver": ("Deliver {value}", ""),
                   "correction:1.about": ("Rule 2", ""), "correction:1.printed": ("the", ""),
                   "correction:1.why": ("a typo", ""), "correction:2.about": ("Rule 3", "Règle 3"),
                   "correction:2.printed": ("y", ""), "correction:2.why": ("clearer", "plus clair")}
    fills = {"template:card.deliver": "Livrer {value}", "correction:1.about": "Règle 2",
             "correction:1.printed": "le", "correction:1.why": "une coquille", "correction:2.printed": "z"}
    for r in rows:
        r["text:fr"] = fills.get(r["id"], r["text:fr"])
    with sheet.open("w", newline="", encoding="utf-8") as f:
        w = csv.DictWriter(f, fieldnames=list(rows[0]))
        w.writeheader()
        w.writerows(rows)
    deck = game / "deck.yaml"
    deck.write_text(deck.read_text().replace("  fr: {}", "  fr: {file: cards.fr.csv}", 1))
    r = pnp_in_process("build", str(game), "--lang", "fr", "-o", str(tmp_path / "g.fr.pdf"), cwd=tmp_path)
    assert r.returncode == 0 and not _warnings(r.stderr), r.stderr
    text = all_text(tmp_path / "g.fr.pdf")
    assert "Livrer 1" in text and "Deliver" not in text
    assert "Règle 2" in text and "une coquille" in text and "a typo" not in text

    rows[-1]["id"] = "correction:9.why"             # a correction the deck has not: its cell named
    with sheet.open("w", newline="", encoding="utf-8") as f:
        w = csv.DictWriter(f, fieldnames=list(rows[0]))
        w.writeheader()
        w.writerows(rows)
    r = pnp_in_process("build", str(game), "--lang", "fr", "-o", str(tmp_path / "bad.pdf"), cwd=tmp_path)
    assert r.returncode == 2 and not (tmp_path / "bad.pdf").exists()
    assert re.search(rf"cards\.fr\.csv:{len(rows) + 1}.*no correction's words have the id 'correction:9\.why'",
                     r.stderr), r.stderr
