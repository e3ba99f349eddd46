"""A game is one folder a designer owns: found by path first (`.` and `..` too), with its own templates, card
sizes and fonts; an unknown game names the shipped ones. (`pnp new`: tests/commands/test_new.py.)"""
from __future__ import annotations

import re

import shutil
import textwrap
from pathlib import Path

import pytest

from cli import ROOT, TESTS, pnp, pnp_in_process
from pdfcheck import MM, fonts, inside, page_text, placements, squash, words, words_in


def _tiles(folder: Path, extra: str = "", font_file: str = "fonts/PnpTestScript.ttf") -> Path:
    """A game kept outside the checkout: its own templates, a 40 mm size with a 2.5 mm safe inset, a font; the
    back's word in the shipped DejaVu Sans (the symbols family)."""
    (folder / "templates").mkdir(parents=True)
    (folder / "fonts").mkdir()
    shutil.copy(TESTS / "fonts" / "PnpTestScript.ttf", folder / "fonts")
    (folder / "deck.yaml").write_text(textwrap.dedent(f"""\
        game: {{title: Tiles}}
        palette: {{sea: "#1b4b6b", sand: "#f0e2b6"}}
        sizes:
          tile: {{width: 40mm, height: 40mm, bleed: 2mm, safe: 2.5mm}}
        fonts:
          script: {font_file}
        kinds:
          tile:
            template: tile
            back: {{template: tile-back}}
            fields: {{word: {{type: text, required: true}}}}
        cards:
          - {{word: Harbour}}
          - {{word: Lighthouse, copies: 3}}
        """) + extra, encoding="utf-8")
    (folder / "templates" / "tile.yaml").write_text(textwrap.dedent("""\
        size: tile
        regions:
          - {type: rect, fill: sand, bleed: true}
          - {type: text, box: [3mm, 15mm, 34mm, 10mm], text: "{word}", font: script, size: 16pt, align: center, colour: sea}
        """), encoding="utf-8")
    (folder / "templates" / "tile-back.yaml").write_text(textwrap.dedent("""\
        size: 40mm x 40mm
        regions:
          - {type: rect, fill: sea, bleed: true}
          - {type: text, box: [3mm, 15mm, 34mm, 10mm], text: "Tiles", font: symbols, size: 14pt, align: center, colour: sand}
        """), encoding="utf-8")
    return folder


def _no_fallback(game: Path, font_file: str = "fonts/PnpTestScript.ttf") -> None:
    """The game's font family with `fallback: []`: a character its font lacks is the glyph error."""
    deck = game / "deck.yaml"
    deck.write_text(deck.read_text().replace(f"script: {font_file}\n",
                                             f"script: {{regular: {font_file}, fallback: []}}\n"))


def test_a_deck_outside_the_checkout_with_its_own_size_and_font_builds(tmp_path):
    game = _tiles(tmp_path / "elsewhere" / "tiles")
    work = tmp_path / "work"
    work.mkdir()
    proc = pnp_in_process("build", game, cwd=work, check=True)
    pdf = work / "output" / "tiles.pdf"          # outputs go under the current directory
    assert "wrote output/tiles.pdf" in proc.stdout and pdf.is_file()
    embedded = fonts(pdf)
    # (run in this process, after a test that registered another file of the same PostScript name, the deck's font
    # is embedded under that name and its digest: reportlab keeps one font a face name)
    script = [name for name in embedded if re.search(r"\+PnpTestScript-Regular(-[0-9a-f]{8})?$", name)]
    assert script and all(embedded[n] for n in script), embedded
    cards = [p for page in placements(pdf) for p in page]
    assert len(cards) == 8                        # 4 fronts, 4 backs
    assert all(abs(p.w - 40 * MM) < 0.01 and abs(p.h - 40 * MM) < 0.01 for p in cards)
    fronts = sorted(p.x for p in next(page for page in placements(pdf) if page))
    assert all(b - a - 40 * MM >= 4 * MM - 0.01 for a, b in zip(fronts, fronts[1:]))   # the size's 2 mm bleed
    assert all(p.bleed == pytest.approx(2 * MM) for p in cards)
    fronts = next(i for i, page in enumerate(placements(pdf)) if page)
    assert "Lighthouse" in squash(" ".join(words_in(pdf, fronts, p) for p in placements(pdf)[fronts]))


def test_a_size_sets_its_templates_safe_inset_and_bleed(tmp_path):
    from generator.deck import load_deck
    from generator.layout.templates import get_template
    game = _tiles(tmp_path / "tiles")
    deck = load_deck(str(game))
    tile = get_template("tile", deck)
    assert tile.size_name == "tile" and tile.width == pytest.approx(40 * MM)
    assert tile.safe == pytest.approx(2.5 * MM) and tile.bleed == pytest.approx(2 * MM)
    assert tile.gutter == pytest.approx(4 * MM)     # made with 2 mm of bleed: at least twice that apart
    back = get_template("tile-back", deck)          # written as '40mm x 40mm': no size defaults
    assert back.width == pytest.approx(40 * MM) and back.safe == pytest.approx(3 * MM) and back.bleed is None


@pytest.mark.parametrize("case,extra_or_font,expect", [
    ("redefines a shared size", "sizes:\n  poker: {width: 60mm, height: 90mm}\n", "deck.yaml:{line}:3: sizes.poker: 'poker' is a shared card size already"),
    ("CFF outlines", "fonts/Cff.otf", "fonts/Cff.otf: the font has PostScript (CFF) outlines, which pnp cannot embed"),
    ("CFF outlines, named", "fonts/Cff.otf", "; tiles/deck.yaml:6 names it as fonts.script)"),
    ("not a font", "fonts/notes.ttf", "tiles/fonts/notes.ttf: not a TrueType font (it starts b'not ') "
                                      "(tiles/deck.yaml:6 names it as fonts.script)"),
    ("missing font", "fonts/Nope.ttf", "deck.yaml:6:3: fonts.script: font file 'fonts/Nope.ttf' not found in the deck folder"),
    ("font outside the folder", "../Other.ttf", "deck.yaml:6:3: fonts.script: font path '../Other.ttf' leaves the deck folder"),
])
def test_a_bad_size_or_font_is_one_line_naming_file_line_and_field(tmp_path, case, extra_or_font, expect):
    if extra_or_font.startswith("sizes:"):
        game = _tiles(tmp_path / "tiles")
        text = (game / "deck.yaml").read_text().replace("sizes:\n", extra_or_font, 1)
        (game / "deck.yaml").write_text(text)
        expect = expect.format(line=text.splitlines().index("  poker: {width: 60mm, height: 90mm}") + 1)
    else:
        game = _tiles(tmp_path / "tiles", font_file=extra_or_font)
        (game / "fonts" / "Cff.otf").write_bytes(b"OTTO" + bytes(200))
        (game / "fonts" / "notes.ttf").write_text("not a font at all")
    out = tmp_path / "out.pdf"
    proc = pnp_in_process("build", game, "-o", out, cwd=tmp_path)
    assert proc.returncode == 2, proc.stderr
    assert len(proc.stderr.strip().splitlines()) == 1, proc.stderr
    assert expect in proc.stderr, proc.stderr
    assert not out.exists()


def test_a_folder_here_shadows_a_shipped_game_and_says_so(tmp_path):
    local = tmp_path / "vasa-regalis"
    shutil.copytree(ROOT / "decks" / "vasa-regalis", local)
    deck = local / "deck.yaml"
    deck.write_text(deck.read_text().replace("title: Vasa Regalis", "title: Vasa Regalis Local", 1))
    proc = pnp_in_process("build", "vasa-regalis", "--without", "five-six", cwd=tmp_path, check=True)
    notes = proc.stderr.strip().splitlines()
    assert len(notes) == 1 and "using the folder ./vasa-regalis, not the shipped game 'vasa-regalis'" in notes[0]
    assert "VasaRegalisLocal" in squash(page_text(tmp_path / "output" / "vasa-regalis.pdf", 0))
    listed = pnp_in_process("list", cwd=tmp_path, check=True).stdout.splitlines()
    assert any(l.startswith("vasa-regalis ") for l in listed)
    assert any(l.startswith("./vasa-regalis ") and "Vasa Regalis Local" in l for l in listed)


def test_an_unknown_game_names_the_shipped_ones_and_suggests_new(tmp_path):
    proc = pnp_in_process("build", "my-game", cwd=tmp_path)
    assert proc.returncode == 2 and len(proc.stderr.strip().splitlines()) == 1
    assert "unknown game 'my-game'" in proc.stderr and "vasa-regalis" in proc.stderr
    assert "pnp new my-game" in proc.stderr


def test_the_glyph_check_covers_a_decks_own_font(tmp_path):
    game = _tiles(tmp_path / "tiles")
    _no_fallback(game)
    deck = game / "deck.yaml"
    deck.write_text(deck.read_text().replace("{word: Harbour}", "{word: Café}"))
    proc = pnp_in_process("build", game, "-o", tmp_path / "t.pdf", cwd=tmp_path)
    assert proc.returncode == 2 and len(proc.stderr.strip().splitlines()) == 1
    assert "tiles/deck.yaml:" in proc.stderr and "font 'script' has no glyph for 'é' (U+00E9)" in proc.stderr


def test_a_decks_font_with_a_shipped_fonts_postscript_name_is_drawn_as_its_own(tmp_path):
    """reportlab hands a new font whose PostScript name is already registered the font first registered under
    it. A deck's own font that calls itself 'DejaVuSans' (other glyphs under that name) draws the fronts, and
    the shipped DejaVuSans, which the backs use, is still drawn as itself: each keeps its own glyphs."""
    game = _tiles(tmp_path / "tiles", font_file="fonts/ClashingSans.ttf")
    _no_fallback(game, "fonts/ClashingSans.ttf")
    shutil.copy(TESTS / "fonts" / "ClashingSans.ttf", game / "fonts")
    out = tmp_path / "t.pdf"
    # in a process of its own: reportlab's font registry is the process's, and this font registered in a test
    # worker would give the shipped DejaVuSans another embedded name in every later in-process build there
    pnp("build", game, "-o", out, cwd=tmp_path, check=True)
    import uharfbuzz as hb

    class Shaped:
        """A font file's shaped width of a text (kerned, as pnp sets it: layout/shaping.py)."""
        def __init__(self, path):
            self.font = hb.Font(hb.Face(hb.Blob.from_file_path(str(path))))
            self.upem = self.font.face.upem

        def stringWidth(self, text, size):
            buf = hb.Buffer()
            buf.add_str(text)
            buf.guess_segment_properties()
            hb.shape(self.font, buf, {"kern": True, "liga": True})
            return sum(p.x_advance for p in buf.glyph_positions) * size / self.upem

    own, shipped = Shaped(TESTS / "fonts" / "ClashingSans.ttf"), Shaped(ROOT / "fonts" / "DejaVuSans.ttf")
    front, back = (i for i, p in enumerate(placements(out)) if p)
    for page, text, size in ((front, "Lighthouse", 16), (back, "Tiles", 14)):
        assert abs(own.stringWidth(text, size) - shipped.stringWidth(text, size)) > 1
        cards = placements(out)[page]                 # (the sheet's label names the game too: not a card)
        drawn = [w for w in words(out, page) if w.text == text and any(inside(w, p) for p in cards)]
        want = (own if page == front else shipped).stringWidth(text, size)
        assert drawn and all(w.x1 - w.x0 == pytest.approx(want, abs=0.3) for w in drawn), (text, drawn, want)
    deck = game / "deck.yaml"
    deck.write_text(deck.read_text().replace("{word: Harbour}", "{word: Café}"))
    proc = pnp("build", game, "-o", tmp_path / "u.pdf", cwd=tmp_path)
    assert proc.returncode == 2 and "font 'script' has no glyph for 'é'" in proc.stderr    # checked against its own


def test_a_game_named_as_dot_from_its_own_folder_writes_its_own_name(tmp_path):
    """`pnp build .` inside the game's folder (and `..` from a folder inside it) names the outputs after the
    folder, as `pnp build FOLDER` does: before, it wrote a hidden output/.pdf (and output/.fr.pdf)."""
    game = tmp_path / "harvest-moon"
    shutil.copytree(ROOT / "tests" / "decks" / "harvest-moon", game)
    done = pnp_in_process("build", ".", cwd=game, check=True)
    assert (game / "output" / "harvest-moon.pdf").is_file() and not (game / "output" / ".pdf").exists(), done.stdout
    (game / "sub").mkdir()
    pnp_in_process("build", "..", "--lang", "fr", cwd=game / "sub", check=True)
    assert (game / "sub" / "output" / "harvest-moon.fr.pdf").is_file()
