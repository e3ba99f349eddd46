"""Issue 47: an SVG drawn right is not warned of, and an SVG that imports a style sheet is named with its file.

svglib notes of a file saved by Inkscape before 0.92 (90 dpi) that it "may be ~6.7% too large": pnp scales
every SVG picture to its box, so nothing drawn differs and `pnp build` and `pnp proof` say nothing of it (they
said "svglib ... could not draw part of it"), while what svglib truly leaves out is still named. An `@import`
in an SVG's <style> (a style sheet pnp does not fetch) is an error naming the SVG file and where the deck
names it, for a card's picture, a template's picture and an icon alike (one line each, exit status 2)."""
from __future__ import annotations

import json
import re
import shutil

from artdeck import ART
from cli import TESTS, pnp_in_process

OLD_INKSCAPE = ('<svg xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" '
                'inkscape:version="0.91 r13725" ')
IMPORT = '<style>@import url("theme.css");</style>'


def _first_svg_tag(path, add_inside="", add_after=""):
    text = path.read_text(encoding="utf-8")
    m = re.search(r"<svg\b[^>]*>", text)
    tag = m.group(0).replace("<svg ", add_inside, 1) if add_inside else m.group(0)
    path.write_text(text[:m.start()] + tag + add_after + text[m.end():], encoding="utf-8")


def test_an_old_inkscape_files_size_note_is_no_warning(tmp_path):
    deck = shutil.copytree(ART, tmp_path / "art")
    _first_svg_tag(deck / "art" / "emblem.svg", add_inside=OLD_INKSCAPE)
    assert "inkscape:version" in (deck / "art" / "emblem.svg").read_text(encoding="utf-8")
    build = pnp_in_process("build", deck, "-o", tmp_path / "art.pdf")
    assert build.returncode == 0, build.stderr
    assert [ln for ln in build.stderr.splitlines() if "warning" in ln and "low.png" not in ln] == [], build.stderr
    assert "6.7%" not in build.stderr and "could not draw" not in build.stderr
    proof = pnp_in_process("proof", deck, "-o", tmp_path / "proof")
    assert proof.returncode == 0, proof.stderr
    report = json.loads((tmp_path / "proof" / "proof.json").read_text(encoding="utf-8"))
    assert "6.7%" not in json.dumps(report) and "could not draw" not in json.dumps(report)


def test_what_svglib_leaves_out_of_an_old_inkscape_file_is_still_named(tmp_path):
    deck = shutil.copytree(ART, tmp_path / "art")
    _first_svg_tag(deck / "art" / "emblem.svg", add_inside=OLD_INKSCAPE,
                   add_after='<rect width="5" height="5" fill="hotpink2"/>')
    build = pnp_in_process("build", deck, "-o", tmp_path / "art.pdf")
    said = [ln for ln in build.stderr.splitlines() if "emblem.svg" in ln]
    assert len(said) == 1 and "the colour 'hotpink2' is not drawn" in said[0], build.stderr


def test_an_svg_importing_a_style_sheet_is_named_with_its_file(tmp_path):
    deck = shutil.copytree(ART, tmp_path / "art")
    _first_svg_tag(deck / "icons" / "coin.svg", add_after=IMPORT)          # drawn by a template on every card
    out = tmp_path / "art.pdf"
    proc = pnp_in_process("build", deck, "-o", out)
    assert proc.returncode == 2 and not out.exists(), proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert 1 <= len(lines) <= 3, proc.stderr
    assert all(ln.startswith("pnp: error: ") and "icons/coin.svg" in ln and "@import" in ln for ln in lines), lines
    assert all(re.search(r"templates/[a-z-]+\.yaml:\d+ names it in region 'coin'", ln) for ln in lines), lines


def test_an_icon_importing_a_style_sheet_is_named_with_its_file(tmp_path):
    deck = shutil.copytree(TESTS / "decks" / "icons", tmp_path / "icons")
    _first_svg_tag(deck / "icons" / "gem.svg", add_after=IMPORT)
    yaml = (deck / "deck.yaml").read_text(encoding="utf-8")
    yaml = yaml.replace("  coin: icons/coin.png ", "  gem: icons/gem.svg\n  coin: icons/coin.png ", 1)
    (deck / "deck.yaml").write_text(yaml.replace("Pay 2 :coin:", "Pay 2 :gem:", 1), encoding="utf-8")
    out = tmp_path / "icons.pdf"
    proc = pnp_in_process("build", deck, "-o", out)
    assert proc.returncode == 2 and not out.exists(), proc.stderr
    assert re.fullmatch(r"pnp: error: \S*deck\.yaml:\d+:3: icons\.gem: icon file 'icons/gem\.svg' imports the "
                        r"style sheet 'theme\.css' \(@import in <style>, line \d+\)[^\n]*\n", proc.stderr), proc.stderr
