"""Issue 47: one mistake in a block (a template's region, a section of deck.yaml, a font family, a language's
settings, a spreadsheet's header) is at most three lines on stderr, not a dozen errors about everything that
block would have allowed. Each mistake below is made alone in `pnp new`'s starter (two languages, a
spreadsheet of cards, a component list); `pnp build` and `pnp check` must exit 2, write nothing and say it in
at most three `pnp: error:` lines, the one naming the mistake among them. Two once cascaded: `kinds:` misspelt
(14 lines: every column and row of cards.csv and every kind of the component list) and an unknown key in a
language's settings (15 lines: every title:fr and text:fr as 'not one of the deck's languages'); a bad player
count also made the component list's per_player an error, printed before it."""
from __future__ import annotations

import shutil

import pytest

from cli import pnp_in_process

# name: (file, text in it, what it becomes (None: appended), words the one true error says)
MISTAKES = {
    "a region's key misspelt": ("templates/card.yaml", "font: serif, size: 11pt", "fnt: serif, size: 11pt", "fnt"),
    "a region's type": ("templates/card.yaml", "type: textbox", "type: txtbox", "txtbox"),
    "a region's box short": ("templates/card.yaml", "box: [7mm, 30mm, 49.5mm, 38mm]", "box: [7mm, 30mm, 49.5mm]",
                             "box"),
    "a region's font family": ("templates/card.yaml", 'text: "{text}", font: serif', 'text: "{text}", font: serrif',
                               "serrif"),
    "a region's size": ("templates/card.yaml", "size: 11pt", "size: 11pz", "11pz"),
    "a region's colour": ("templates/card.yaml", "colour: ink}\n  - {id: kind", "colour: inc}\n  - {id: kind", "inc"),
    "a template's size": ("templates/card.yaml", "size: poker ", "size: pokr ", "pokr"),
    "the kinds section misspelt": ("deck.yaml", "\nkinds:", "\nkind:", "'kinds'"),
    "a field's type": ("deck.yaml", "value: {type: int, required: true", "value: {type: integer, required: true",
                       "integer"),
    "a kind's template": ("deck.yaml", "    template: card\n    name: \"{title}\"\n    fields:\n      title: {type: "
                          "text, required: true}\n      value: {type: int", "    template: crad\n    name: \"{title}\""
                          "\n    fields:\n      title: {type: text, required: true}\n      value: {type: int", "crad"),
    "a palette colour": ("deck.yaml", 'harvest: "#3f7d3a"', 'harvest: "#3f7d3"', "#3f7d3"),
    "a back's template": ("deck.yaml", "plain: {template: back}", "plain: {template: bak}", "bak"),
    "the game's players": ("deck.yaml", "  players: 2-4", "  players: 2-x", "2-x"),
    "a font family's file": ("deck.yaml", "\nicons:", "\nfonts:\n  script: {regular: fonts/script.ttf}\n\nicons:",
                             "script.ttf"),
    "a language's settings": ("deck.yaml", "  fr: {}", "  fr: {spelling: british}", "spelling"),
    "a language's code": ("deck.yaml", "  fr: {}", "  frr: {}", "frr"),
    "a spreadsheet's header": ("cards.csv", "kind,", "knd,", "knd"),
    "an icon's file": ("deck.yaml", "  card: icons/card.png", "  card: icons/crad.png", "crad.png"),
    "the default back": ("deck.yaml", "  back: plain", "  back: plian", "plian"),
}


# those that once cascaded (kinds: misspelt 14 lines, a language's settings 15, its code 14, a bad player count 2
# with the component list's per_player error printed first): now their one line alone
ONE_LINE = {"the kinds section misspelt", "a language's settings", "a language's code", "the game's players"}


@pytest.fixture(scope="module")
def starter(tmp_path_factory):
    folder = tmp_path_factory.mktemp("starter") / "g"
    pnp_in_process("new", folder, "--lang", "en,fr", check=True)
    return folder


@pytest.mark.parametrize("command", ["build", "check"])
@pytest.mark.parametrize("name", MISTAKES)
def test_one_mistake_in_a_block_is_at_most_three_lines(starter, tmp_path, name, command):
    file, old, new, said = MISTAKES[name]
    deck = shutil.copytree(starter, tmp_path / "g")
    text = (deck / file).read_text(encoding="utf-8")
    assert old is None or old in text, f"the starter changed: {old!r} not in {file}"
    (deck / file).write_text(text + new if old is None else text.replace(old, new, 1), encoding="utf-8")
    out = tmp_path / "out.pdf"
    proc = pnp_in_process(command, deck, *(["-o", out] if command == "build" else []))
    lines = [ln for ln in proc.stderr.splitlines() if ln.strip()]
    assert proc.returncode == 2, (name, proc.returncode, proc.stderr)
    assert 1 <= len(lines) <= (1 if name in ONE_LINE else 3), f"{name}: {len(lines)} lines:\n{proc.stderr}"
    assert all(ln.startswith("pnp: error: ") for ln in lines), proc.stderr
    assert any(said in ln for ln in lines), proc.stderr
    assert not out.exists() and not (deck / "output").exists()
