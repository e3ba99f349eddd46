"""The safe zone follows the piece's shape. A round chit's word that sits inside its square
box but crosses the circle's safe zone is named, with the card and the words, by every command that
draws it: build, proof and both exports; text well inside the circle is not."""
from __future__ import annotations

import math
import textwrap

import pytest

from cli import pnp_in_process

MM = 72 / 25.4

TEMPLATES = {
    # a 24 mm chit, safe 2 mm: the word sits low and wide, about 3.5 mm above the box's bottom edge and
    # 3 mm in from its sides, so a rectangle's safe zone is kept; its corners are outside the circle's
    "chit": """
        size: {width: 24mm, height: 24mm}
        shape: circle
        safe: 2mm
        regions:
          - {id: disc, type: ellipse, box: [0mm, 0mm, 100%, 100%], fill: paper, bleed: true}
          - {id: middle, type: text, box: [6mm, 8mm, 12mm, 6mm], text: "{middle}", size: 12pt, align: center}
          - {id: word, type: text, box: [3mm, 16.6mm, 18mm, 4mm], text: "{word}", size: 8pt, align: center}
    """,
    "chit-back": """
        size: {width: 24mm, height: 24mm}
        shape: circle
        safe: 2mm
        regions:
          - {id: disc, type: ellipse, box: [0mm, 0mm, 100%, 100%], fill: paper, bleed: true}
          - {id: middle, type: text, box: [6mm, 9mm, 12mm, 6mm], text: "Back", size: 12pt, align: center}
    """,
}
DECK = """
    game: {title: Chit Test}
    palette: {paper: "#f0e0c0"}
    parts: [{id: base, title: Base}]
    backs: {chit: {template: chit-back}}
    kinds:
      chit: {title: Chit, template: chit, back: chit, fields: {middle: text, word: text}}
    cards:
      - {kind: chit, name: Wide word, middle: "7", word: "REVERSED", copies: 3}
      - {kind: chit, name: Short word, middle: "8", word: "ok"}
"""


@pytest.fixture
def chit_deck(tmp_path):
    folder = tmp_path / "chit-test"
    (folder / "templates").mkdir(parents=True)
    (folder / "deck.yaml").write_text(textwrap.dedent(DECK), encoding="utf-8")
    for name, text in TEMPLATES.items():
        (folder / "templates" / f"{name}.yaml").write_text(textwrap.dedent(text), encoding="utf-8")
    return folder


def _lines(stderr: str) -> list[str]:
    return [line for line in stderr.splitlines() if "safe zone" in line]


def test_the_words_are_inside_the_box_but_past_the_circle(chit_deck):
    """The geometry the other tests rely on, measured: the word's ink keeps the rectangle's 2 mm,
    but its corners are nearer the circle than 2 mm (past it, even)."""
    from generator import pipeline
    from generator.layout import safezone
    from generator.layout.deck import layout_card
    from generator.layout.templates import get_template
    deck = pipeline.load(str(chit_deck))
    face = layout_card(deck, deck.cards[0]).front
    tpl = get_template(face.template, deck)
    found = {f.region: f for f in safezone.measure(face, tpl)}
    assert found["word"].gap < 2 * MM and found["middle"].gap > 5 * MM
    x0, y0, x1, y1 = safezone.extent(next(op for op in face.ops if getattr(op, "text", "") == "REVERSED"))
    assert min(x0, y0, face.width - x1, face.height - y1) > 2 * MM        # a rectangle's zone is kept
    r = face.width / 2
    assert math.hypot(x0 - r, y0 - r) > r - 2 * MM                        # the circle's is not
    # the same face drawn square would not warn: the shape decides
    face.shape = "rect"
    assert safezone.unsafe(face, tpl, tpl.safe) == []


def test_build_warns_naming_the_card_and_the_words(chit_deck, tmp_path):
    proc = pnp_in_process("build", chit_deck, "-o", tmp_path / "chits.pdf", check=True)
    lines = _lines(proc.stderr)
    assert len(lines) == 1, proc.stderr
    assert lines[0].startswith("pnp: warning: card 'Wide word' (face): text in region 'word' ('REVERSED')")
    assert "from the cut circle, inside the template's 2 mm safe zone" in lines[0] or "past the cut circle" in lines[0]
    assert "Short word" not in proc.stderr and "'middle'" not in proc.stderr
    assert (tmp_path / "chits.pdf").is_file()


def test_a_warm_rebuild_after_an_edit_warns_for_the_faces_as_they_are_now(chit_deck, tmp_path):
    """What was found for each face is remembered apart: after one card's edit, the edited face is
    measured again and the others' findings come from the store, and every warning is as a cold build's.
    The builds run through the CLI's entry in this process: the store is read from its files by each run."""
    env = {"PNP_CACHE": str(tmp_path / "cache")}
    out = tmp_path / "chits.pdf"

    def warned() -> list[str]:
        return sorted(line.split(": text in", 1)[0] for line in _lines(pnp_in_process("build", chit_deck, "-o", out,
                                                                                       check=True, env=env).stderr))
    deck = chit_deck / "deck.yaml"
    assert warned() == ["pnp: warning: card 'Wide word' (face)"]
    assert warned() == ["pnp: warning: card 'Wide word' (face)"]           # from the store
    deck.write_text(deck.read_text().replace('word: "ok"', 'word: "WIDE WORDS"'))
    # both cards' words reach into region 'word' of one template: one line, the nearest named (issue 47)
    assert warned() == ["pnp: warning: card 'Short word' (face) (and 1 more card)"]
    deck.write_text(deck.read_text().replace('word: "REVERSED"', 'word: "ok"'))
    assert warned() == ["pnp: warning: card 'Short word' (face)"]
    cold = pnp_in_process("build", chit_deck, "-o", tmp_path / "cold.pdf", check=True, env={"PNP_CACHE": "off"})
    assert [line.split(": text in")[0] for line in _lines(cold.stderr)] == ["pnp: warning: card 'Short word' (face)"]


def test_proof_warns_naming_the_card_and_the_words(chit_deck, tmp_path):
    proc = pnp_in_process("proof", chit_deck, "-o", tmp_path / "proof", check=True)
    lines = _lines(proc.stdout + proc.stderr)
    assert len(lines) == 1, proc.stdout
    assert "warning: card 'Wide word', field word: text in region 'word' ('REVERSED')" in lines[0]
    assert "deck.yaml:" in lines[0]                      # where the words are written
    assert "1 warning" in proc.stdout


def test_game_crafter_export_warns_with_its_own_zone(chit_deck, tmp_path):
    proc = pnp_in_process("export", chit_deck, "-o", tmp_path / "gc", check=True)
    lines = _lines(proc.stderr)
    assert len(lines) == 1, proc.stderr
    assert lines[0].startswith("pnp: warning: card 'Wide word' (face): text in region 'word' ('REVERSED')")
    assert "cut circle, inside The Game Crafter's 3.2 mm (1/8 in) safe zone" in lines[0]
    # unchanged on the next export, though nothing is drawn
    again = pnp_in_process("export", chit_deck, "-o", tmp_path / "gc", check=True)
    assert "0 drawn" in again.stdout and _lines(again.stderr) == lines


def test_tabletop_simulator_export_warns_as_build_does(chit_deck, tmp_path):
    built = pnp_in_process("build", chit_deck, "-o", tmp_path / "chits.pdf", check=True)
    proc = pnp_in_process("export", chit_deck, "--to", "tts", "-o", tmp_path / "tts", check=True)
    assert _lines(proc.stderr) == _lines(built.stderr) and len(_lines(proc.stderr)) == 1


def test_quiet_means_only_warnings_and_errors_on_every_command(chit_deck, tmp_path):
    """-q is the same word on proof and export: the warning still shows, the summary does not."""
    for args in (("proof", chit_deck, "-o", tmp_path / "proof", "-q"),
                 ("export", chit_deck, "-o", tmp_path / "gc", "-q"),
                 ("export", chit_deck, "--to", "tts", "-o", tmp_path / "tts", "-q")):
        proc = pnp_in_process(*args, check=True)
        out = proc.stdout + proc.stderr
        assert len(_lines(out)) == 1 and "wrote" not in out, (args, out)
