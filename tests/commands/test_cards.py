"""`pnp cards`: a deck's cards written as one table (CSV or XLSX), the same bytes each time; a shipped game whose
cards are read back from that table gives the same cards (value and type), and Vasa Regalis the same PDF bytes, as
from its deck (the one `pnp build` made).
pnp cards and the builds from the tables run in this process (cli.pnp_in_process: the CLI's own entry, each run
reading its files afresh): what is compared is the bytes the tables build."""
from __future__ import annotations

import re
import shutil

from cli import ROOT, pnp_in_process as pnp
from pdfcheck import same_bytes


def _cards(game) -> list[str]:
    """Every card GAME prints, as what a build lays out and draws from it: each field's value with its type (3, 3.0
    and "3" apart), its copies, kind, template, back and translations, in any order (a table's columns are sorted);
    not where it was written (a file and line)."""
    from generator import pipeline
    return [repr(c._replace(source=None, field_lines={}, fields=sorted(c.fields.items()),
                            back=c.back and c.back._replace(fields=sorted(c.back.fields)),
                            translations=sorted((k, sorted(v.items())) for k, v in c.translations.items())))
            for c in pipeline.load(str(game), quiet=True).cards]


BYTES = "vasa-regalis"      # the game whose builds from its tables are compared byte for byte (the largest)


def test_pnp_cards_round_trip_gives_every_shipped_games_cards_and_the_same_pdf_bytes(tmp_path, built):
    """Each shipped game's cards read back from its CSV and its XLSX table are the cards of its deck, value for
    value and type for type (what a build draws from); Vasa Regalis's builds from both tables are its deck's PDF
    bytes (the whole path, table to page; building all five games twice more took ~4 s of CPU and showed nothing
    the cards do not)."""
    games = sorted(p.name for p in (ROOT / "decks").iterdir() if (p / "deck.yaml").is_file())
    assert len(games) == 5 and BYTES in games
    for game in games:
        cards = _cards(game)
        # one copy of the game for both tables: the build from the XLSX finds the faces the build from the CSV laid
        # out (the layout store keeps a folder's faces under each card's values, their types apart: 3 and 3.0, "3"
        # and 3 are laid out anew), where a second copy laid the whole game out again, cold
        folder = tmp_path / game
        shutil.copytree(ROOT / "decks" / game, folder)
        for suffix in ("csv", "xlsx"):
            pnp("cards", game, "-o", folder / f"all.{suffix}", check=True)
            deck = folder / "deck.yaml"
            lines = deck.read_text(encoding="utf-8").split("\n")
            start = next(i for i, line in enumerate(lines) if line.startswith("cards:"))
            end = next((i for i in range(start + 1, len(lines)) if re.match(r"^[A-Za-z_]", lines[i])), len(lines))
            deck.write_text("\n".join(lines[:start] + [f"cards: {{file: all.{suffix}}}"] + lines[end:]),
                            encoding="utf-8")
            assert _cards(folder) == cards, f"{game} from {suffix}"
            if game == BYTES:
                out = tmp_path / f"{game}-{suffix}.pdf"
                pnp("build", folder, "-o", out, check=True)
                same_bytes(out.read_bytes(), built(game).read_bytes(), f"{game} from {suffix} and from its deck")


def test_pnp_cards_writes_the_same_bytes_each_time_and_csv_to_stdout(tmp_path):
    a, b = tmp_path / "a.xlsx", tmp_path / "b.xlsx"
    pnp("cards", "royal-lines", "-o", a, check=True)
    pnp("cards", "royal-lines", "-o", b, check=True)
    assert a.read_bytes() == b.read_bytes()
    out = pnp("cards", "royal-lines", check=True).stdout
    assert out.splitlines()[0].startswith("kind,title,rank,suit,colour,pip,figure,template,copies")   # the sheet's
    assert "settler,Ace of Spades,A,spades,black,♠," in out
    bad = pnp("cards", "royal-lines", "-o", tmp_path / "cards.json")
    assert bad.returncode == 2 and "writes a .csv or .xlsx file" in bad.stderr
