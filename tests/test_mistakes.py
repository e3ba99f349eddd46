"""No silent wrong output. Each kind of mistake (and the ones around it) is caught, named with
file:line, reported together with the others (up to 20, in file and line order), exit status 2, and nothing
is written: the previous PDF stays byte-identical and no temporary file is left.

The cases run pnp in this process through the CLI's own entry (generator.cli.invoke, what `pnp` runs); what a
killed `pnp` process leaves behind is tests/files/test_output.py's."""
from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import pytest

from cli import ROOT, copy_deck, pnp_in_process
from generator.cli import invoke
from generator.files.output import temp_files

TEMPLATE = """size: poker
regions:
  - {id: bg, type: rect, box: [0mm, 0mm, 100%, 100%], fill: "{colour}", bleed: true}
  - {id: title, type: text, box: [5mm, 5mm, 53mm, 10mm], text: "{title}", align: center}
  - {id: body, type: textbox, box: [5mm, 20mm, 53mm, 50mm], text: "{text}"}
  - {id: foot, type: text, box: [5mm, 75mm, 53mm, 8mm], text: "{part} · {game}", when: "{footer}"}
  - {id: value, type: text, box: [5mm, 66mm, 10mm, 8mm], text: "{value}"}
"""
BACK = """size: poker
regions:
  - {id: bg, type: rect, box: [0mm, 0mm, 100%, 100%], fill: "#1d2f4f", bleed: true}
  - {id: label, type: text, box: [5mm, 40mm, 53mm, 10mm], text: "{label}", colour: white, align: center}
"""
DECK = """game: {title: Tried}
palette: {sea: "#2b5f8a", sand: "#e0c890"}
backs: {plain: {template: back, fields: {label: Tried}}}
defaults: {back: plain}
kinds:
  card:
    template: front
    name: "{title}"
    fields:
      title: {type: text, required: true}
      text: markup
      colour: {type: colour, default: sea}
      footer: text
      value: {type: int, min: 0, max: 9}
cards:
  - {title: One, text: "Play **one** card.", value: 1}
  - {title: Two, text: "Play *two* cards.", colour: sand, value: 2}
  - {title: Three, text: "Draw three.", footer: "yes", value: 3}
"""


def deck(folder: Path, deck_yaml: str = DECK, front: str = TEMPLATE, back: str = BACK, **files) -> Path:
    (folder / "templates").mkdir(parents=True, exist_ok=True)
    (folder / "deck.yaml").write_text(deck_yaml, encoding="utf-8")
    (folder / "templates" / "front.yaml").write_text(front, encoding="utf-8")
    (folder / "templates" / "back.yaml").write_text(back, encoding="utf-8")
    for name, text in files.items():
        path = folder / name.replace("__", "/")
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(text, bytes):
            path.write_bytes(text)
        else:
            path.write_text(text, encoding="utf-8")
    return folder


def run(*args) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = invoke([str(a) for a in args])
        except SystemExit as exc:       # pnp proof's status 1 (errors found), as `pnp` exits with it
            code = exc.code
    return code, out.getvalue(), err.getvalue()


def errors(err: str) -> list[str]:
    lines = err.strip().splitlines()
    assert lines and all(line.startswith("pnp: error: ") for line in lines), err
    assert "Traceback" not in err
    return [line[len("pnp: error: "):] for line in lines]


def refused(folder: Path, *extra, command="build") -> list[str]:
    """`pnp COMMAND folder`: exit 2, one line per error, nothing written."""
    out = folder / "out.pdf"
    args = [command, folder] + (["-o", out] if command == "build" else []) + list(extra)
    code, stdout, err = run(*args)
    assert code == 2, f"exit {code}: {err}"
    assert not out.exists()
    assert stdout == "", "nothing is printed before the errors"
    return errors(err)


def at(line: str, file: str, number: int) -> bool:
    return re.match(re.escape(file) + ":" + str(number) + r"[: ]", line) is not None


def test_the_base_deck_builds_checks_and_proofs(tmp_path):
    folder = deck(tmp_path / "d")
    code, out, err = run("build", folder, "-o", folder / "out.pdf")
    assert code == 0 and err == "", err
    code, out, err = run("check", folder)
    assert code == 0, err
    code, out, err = run("proof", folder, "-o", tmp_path / "proof")
    assert code == 0, err


# -- (a) placeholders ---------------------------------------------------------------------------------

@pytest.mark.parametrize("old, new, key, hint", [
    ('text: "{title}"', 'text: "{titel}"', "title.text", "did you mean 'title'?"),
    ('when: "{footer}"', 'when: "{foter}"', "foot.when", "did you mean 'footer'?"),
    ('fill: "{colour}"', 'fill: "{color}"', "bg.fill", "did you mean 'colour'?"),
    ('"{part} · {game}"', '"{part} · {gme}"', "foot.text", "did you mean 'game'?"),
    ('text: "{text}"', 'text: "{rules}"', "body.text", "its fields: colour, footer, text, title, value"),
])
def test_a_placeholder_that_names_no_field_is_an_error_at_its_line(tmp_path, old, new, key, hint):
    folder = deck(tmp_path / "d", front=TEMPLATE.replace(old, new))
    line = next(i for i, ln in enumerate(TEMPLATE.splitlines(), 1) if old in ln)
    for command in ("build", "check", "proof"):
        lines = refused(folder, command=command)
        assert len(lines) == 1, lines
        assert at(lines[0], f"{folder}/templates/front.yaml", line), lines[0]
        assert f"region {key}: " in lines[0] and "is not a field of kind 'card'" in lines[0] and hint in lines[0]
    assert not (tmp_path / "proof").exists()


def test_a_back_may_show_its_own_fields_and_every_cards_values(tmp_path):
    back = BACK.replace('text: "{label}"', 'text: "{label} {name} {kind} {designer} {copies} {title_game}"')
    code, _, err = run("build", deck(tmp_path / "d", back=back), "-o", tmp_path / "out.pdf")
    assert code == 0, err
    wrong = BACK.replace('text: "{label}"', 'text: "{lable}"')
    lines = refused(deck(tmp_path / "e", back=wrong))
    assert len(lines) == 1 and "templates/back.yaml:4:" in lines[0] and "did you mean 'label'?" in lines[0]


def test_a_template_shared_by_two_kinds_needs_each_ones_fields(tmp_path):
    two = DECK.replace("cards:\n", "  note:\n    template: front\n    fields: {title: text, text: markup}\ncards:\n"
                       "  - {kind: note, title: Four, text: Four.}\n").replace("- {title: One", "- {kind: card, title: One") \
        .replace("- {title: Two", "- {kind: card, title: Two").replace("- {title: Three", "- {kind: card, title: Three")
    lines = refused(deck(tmp_path / "d", two))
    # the note kind has no colour and no value: the template's fill and the value's text would be empty for its
    # cards. It has no footer either, but {footer} is named only in a when: (issue 31), so for its cards the
    # footer region is simply not drawn (tests/layout/test_shared_templates.py)
    assert [re.sub(r".*region (\S+): .*", r"\1", ln) for ln in lines] == ["bg.fill", "value.text"], lines
    assert all("is not a field of kind 'note'" in ln for ln in lines)


def test_a_field_that_prints_nowhere_is_a_warning_and_only_when_nothing_is_wrong(tmp_path):
    quiet = DECK.replace("      value: {type: int, min: 0, max: 9}\n", "      value: {type: int, min: 0, max: 9}\n"
                         "      secret: text\n").replace("value: 3}", "value: 3, secret: hidden}")
    folder = deck(tmp_path / "d", quiet)
    code, _, err = run("build", folder, "-o", tmp_path / "out.pdf")
    assert code == 0
    line = next(i for i, ln in enumerate(quiet.splitlines(), 1) if "secret: text" in ln)
    assert err.startswith(f"pnp: warning: {folder}/deck.yaml:{line}: kinds.card.fields.secret: ") and \
        "no template of theirs (back, front) shows it" in err and len(err.splitlines()) == 1, err
    lines = refused(deck(tmp_path / "e", quiet, front=TEMPLATE.replace("{title}", "{titel}")))
    assert len(lines) == 1 and "warning" not in "".join(lines)


# -- (b) markup: one definition, for build, export and proof -----------------------------------------

def test_unbalanced_bold_is_the_same_error_in_build_export_and_proof(tmp_path):
    bad = DECK.replace('"Play **one** card."', '"Play **one card."')
    folder = deck(tmp_path / "d", bad)
    line = next(i for i, ln in enumerate(bad.splitlines(), 1) if "**one card" in ln)
    message = "unbalanced markup: 1 '**' (bold) in the paragraph 'Play **one card.'"
    lines = refused(folder)
    assert len(lines) == 1 and at(lines[0], f"{folder}/deck.yaml", line) and message in lines[0], lines
    code, _, err = run("export", folder, "-o", tmp_path / "images")
    assert code == 2 and message in err and f"deck.yaml:{line}" in err, err
    code, _, err = run("proof", folder, "-o", tmp_path / "proof")
    assert code == 1
    found = [ln for ln in err.splitlines() if message in ln]
    assert len(found) == 1 and found[0].startswith(f"{folder}/deck.yaml:{line}: error: card 'One'"), err


@pytest.mark.parametrize("text, ok", [
    ("Play **one** and *two*.", True),
    ("2 * 3 * 4 points", True),                # literal asterisks: they print as written, the proof warns
    ("- **Build:** a\n- *Fix:* b", True),
    ("Keep the *doctor away.", False),
    ("Score **1 point.", False),
    ("**bold***", False),
])
def test_what_unbalanced_markup_is(tmp_path, text, ok):
    bad = DECK.replace('"Play **one** card."', repr(text).replace("'", '"'))
    folder = deck(tmp_path / "d", bad)
    code, _, err = run("build", folder, "-o", tmp_path / "out.pdf")
    assert code == (0 if ok else 2), err
    from generator.text.markup import problems
    assert any(p.level == "error" for p in problems(text)) is (not ok)


def test_unbalanced_markup_in_a_templates_own_text_names_the_template(tmp_path):
    front = TEMPLATE.replace('text: "{text}"', 'text: "**Rule:** {text} *always"')
    lines = refused(deck(tmp_path / "d", front=front))
    assert len(lines) == 1 and "templates/front.yaml:5:" in lines[0] and "region body.text" in lines[0], lines


def test_unbalanced_markup_in_rules_and_instructions_names_their_lines(tmp_path):
    rules = "# Rules\n\nFirst paragraph.\n\nSecond has **no end.\n\n- a bullet *open\n"
    text = DECK.replace("game: {title: Tried}", "game:\n  title: Tried\n  instructions: \"Sort **the chits.\"") \
        + "rules: {file: rules.md}\n"
    folder = deck(tmp_path / "d", text, **{"rules.md": rules})
    lines = refused(folder)
    assert [ln.split(": ", 1)[0] for ln in lines] == [f"{folder}/deck.yaml:3", f"{folder}/rules.md:5",
                                                      f"{folder}/rules.md:7"], lines


# -- (c) numbers --------------------------------------------------------------------------------------

@pytest.mark.parametrize("args", [["--offset", "nan,0"], ["--offset", "0,inf"], ["--offset", "1e999,0"],
                                  ["--offset", "-nan,nan"], ["--offset", "60,0"], ["--bleed", "nan"],
                                  ["--bleed", "inf"], ["--bleed", "-1"], ["--bleed", "1e308"]])
def test_a_number_on_the_command_line_is_finite_and_in_range(tmp_path, args):
    folder = deck(tmp_path / "d")
    code, out, err = run("build", folder, "-o", tmp_path / "out.pdf", *args)
    assert code == 2 and len(err.strip().splitlines()) == 1 and err.startswith("pnp: error: "), err
    assert args[0] in err and not (tmp_path / "out.pdf").exists()


@pytest.mark.parametrize("spec", ["{type: int, min: .nan}", "{type: int, max: .inf}", "{type: number, min: -.inf}",
                                  "{type: int, max: 1e300}"])
def test_a_number_in_a_file_is_finite(tmp_path, spec):
    lines = refused(deck(tmp_path / "d", DECK.replace("{type: int, min: 0, max: 9}", spec)))
    assert len(lines) == 1 and "kinds.card.fields.value." in lines[0] and "between -1e+12 and 1e+12" in lines[0]


@pytest.mark.parametrize("value", [".nan", ".inf", "-.inf", "1e13"])
def test_a_card_value_is_finite(tmp_path, value):
    text = DECK.replace("{type: int, min: 0, max: 9}", "number").replace("value: 1}", f"value: {value}}}")
    lines = refused(deck(tmp_path / "d", text))
    assert len(lines) == 1 and "cards[0].value" in lines[0]


# -- (d) text files -----------------------------------------------------------------------------------

@pytest.mark.parametrize("name, data, line", [
    ("rules.md", b"# Rules\n\ncaf\xe9\n", 3),
    ("templates__front.yaml", TEMPLATE.encode().replace(b"{title}", b"\xff{title}"), 4),
    ("components.yaml", b"components:\n  - {name: Cards \x96 all, count: 3}\n", 2),
    ("deck.yaml", DECK.encode().replace(b"Draw three", b"Draw thr\xe9e"), 18),
])
def test_a_text_file_that_is_not_utf8_names_its_line(tmp_path, name, data, line):
    folder = deck(tmp_path / "d", DECK + ("rules: {file: rules.md}\n" if name == "rules.md" else ""))
    (folder / name.replace("__", "/")).write_bytes(data)
    lines = refused(folder)
    assert len(lines) == 1 and at(lines[0], f"{folder}/{name.replace('__', '/')}", line), lines
    assert "not UTF-8 text (byte " in lines[0]


def test_words_txt_that_is_not_utf8_is_one_line_for_the_proof(tmp_path):
    folder = deck(tmp_path / "d", **{"words.txt": b"Oxenstierna\nSt\xf6rtebeker\n"})
    code, _, err = run("proof", folder, "-o", tmp_path / "proof")
    assert code == 2 and errors(err) and "words.txt:2:" in err and "not UTF-8" in err, err


def test_a_rules_file_with_a_byte_order_mark_builds_and_a_control_character_does_not(tmp_path):
    folder = deck(tmp_path / "d", DECK + "rules: {file: rules.md}\n", **{"rules.md": "\ufeff# Rules\n\nPlay.\n"})
    code, _, err = run("build", folder, "-o", tmp_path / "out.pdf")
    assert code == 0, err
    folder = deck(tmp_path / "e", DECK + "rules: {file: rules.md}\n", **{"rules.md": "# Rules\n\nPlay\x07.\n"})
    lines = refused(folder)
    assert len(lines) == 1 and "rules.md:3:5" in lines[0] and "U+0007" in lines[0]


# -- (e) counts and ranges, bounded before anything is made of them ------------------------------------

@pytest.mark.parametrize("components, message", [
    ("players: 2-600000000\ncomponents: [{name: Cards, count: 4}]\n", "is not a player count from 1 to 100"),
    ("components: [{name: Cards, count: 1-99999999999}]\n", "expected a number such as 3"),
    ("components: [{name: Cards, count: 1-20001}]\n", "is not a count from 0 to 20000"),
    ("components: [{name: Cards, count: 4, players: 1-999999999}]\n", "is not a player count from 1 to 100"),
    ("components: [{name: Cards, per_players: {2-600000000: 1}}]\n", "is not a player count from 1 to 100"),
    ("components: [{name: Cards, per_player: 100000000000000000000}]\n", "expected a whole number from 1 to 20000"),
    ("components: [{name: Cards, each: {value: 0-999999999}}]\n", "is not a range from low to high"),
    ("components: [{name: Cards, count: " + "9" * 5000 + "}]\n", "the number is too long"),
])
def test_a_range_in_components_yaml_is_bounded(tmp_path, components, message):
    lines = refused(deck(tmp_path / "d", **{"components.yaml": components}))
    assert len(lines) == 1 and "components.yaml:" in lines[0] and message in lines[0], lines


@pytest.mark.parametrize("players", ["2-600000000", "2-" + "6" * 30, "0-4"])
def test_game_players_are_bounded(tmp_path, players):
    lines = refused(deck(tmp_path / "d", DECK.replace("game: {title: Tried}",
                                                      f"game: {{title: Tried, players: '{players}'}}")))
    assert len(lines) == 1 and "game.players" in lines[0]


# -- (f) sizes that must agree ------------------------------------------------------------------------

def test_a_back_of_another_size_names_both_templates(tmp_path):
    folder = deck(tmp_path / "d", back=BACK.replace("size: poker", "size: mini"))
    lines = refused(folder)
    assert len(lines) == 1
    assert lines[0].startswith(f"{folder}/templates/back.yaml:1: size: back template 'back' is 44.4 x 63.5 mm")
    assert f"{folder}/templates/front.yaml:1" in lines[0] and "63.5 x 88.9 mm" in lines[0]


def test_a_back_turned_sideways_is_another_size_too(tmp_path):
    back = BACK.replace("size: poker", "size: {width: 88.9mm, height: 63.5mm}")
    assert "must be the size of its front" in refused(deck(tmp_path / "d", back=back))[0]


def test_a_card_larger_than_the_paper_names_its_template_line(tmp_path):
    big = TEMPLATE.replace("size: poker", "size: {width: 250mm, height: 300mm}")
    folder = deck(tmp_path / "d", front=big, back=BACK.replace("size: poker", "size: {width: 250mm, height: 300mm}"))
    lines = refused(folder)
    assert len(lines) == 1 and lines[0].startswith(f"{folder}/templates/front.yaml:1: size: a 250.0 x 300.0 mm piece")


# -- (g) all mistakes at once -------------------------------------------------------------------------

FIVE = {
    "an unknown field": ("value: 1}", "value: 1, valeu: 2}"),
    "a value out of range": ("value: 2}", "value: 12}"),
    "an unknown kind": ("- {title: Three", "- {kind: crad, title: Three"),
    "an unknown back": ("defaults: {back: plain}", "defaults: {back: plian}"),
}


def test_five_independent_mistakes_give_five_lines_in_one_run(tmp_path):
    text = DECK
    for old, new in FIVE.values():
        assert old in text
        text = text.replace(old, new)
    front = TEMPLATE.replace('"{title}"', '"{titel}"')           # and a placeholder that names no field
    folder = deck(tmp_path / "d", text, front=front)
    out = tmp_path / "game.pdf"
    first = deck(tmp_path / "good")
    pnp_in_process("build", first, "-o", out, check=True)
    before = out.read_bytes()
    proc = pnp_in_process("build", folder, "-o", out)
    assert proc.returncode == 2 and proc.stdout == ""
    lines = errors(proc.stderr)
    assert len(lines) == 5, lines
    assert [ln.split(": ", 2)[1] for ln in lines] == ["defaults.back", "cards[0].valeu", "cards[1].value",
                                                      "cards[2].kind", "region title.text"], lines
    places = [(ln.split(":")[0], int(ln.split(":")[1])) for ln in lines]
    assert places == sorted(places), "in file and line order"
    assert out.read_bytes() == before, "the previous PDF is untouched"
    assert temp_files(out) == [] and sorted(p.name for p in tmp_path.iterdir()) == ["d", "game.pdf", "good"]


def test_mistakes_in_single_cards_and_text_that_does_not_fit_come_together(tmp_path):
    long = " ".join(["words"] * 400)
    text = DECK.replace("value: 1}", "value: 1, valeu: 2}").replace('"Draw three."', f'"{long}"') \
        .replace('"Play *two* cards."', '"Play *two cards."')
    lines = refused(deck(tmp_path / "d", text))
    assert len(lines) == 3, lines
    assert "cards[0].valeu" in lines[0] and "unbalanced markup" in lines[1] and "does not fit" in lines[2]


def test_at_most_twenty_mistakes_are_reported(tmp_path):
    cards = "".join(f"  - {{title: C{i}, value: {20 + i}}}\n" for i in range(40))
    text = DECK.split("cards:\n")[0] + "cards:\n" + cards
    lines = refused(deck(tmp_path / "d", text))
    assert len(lines) == 20 and all("expected a number from 0 to 9" in ln for ln in lines)
    assert [int(ln.split(":")[1]) for ln in lines] == sorted(int(ln.split(":")[1]) for ln in lines)


def test_every_region_and_component_mistake_is_reported(tmp_path):
    front = TEMPLATE.replace("align: center}", "align: centre}").replace('text: "{text}"}', 'text: "{text}", leading: lots}')
    comps = "components:\n  - {name: A, count: x}\n  - {name: B, where: {colur: sea}, count: 1}\n"
    lines = refused(deck(tmp_path / "d", front=front, **{"components.yaml": comps}))
    assert len(lines) == 4, lines
    assert "components[0]" in lines[0] and "did you mean 'colour'?" in lines[1]
    assert "did you mean 'center'?" in lines[2] and "leading" in lines[3]


# -- (h) nothing skipped in silence -------------------------------------------------------------------

def test_a_component_check_that_cannot_be_imported_is_a_bug_not_a_pass(tmp_path, monkeypatch):
    import sys
    folder = deck(tmp_path / "d")
    monkeypatch.setitem(sys.modules, "generator.check", None)       # import generator.check: ImportError
    code, _, err = run("build", folder, "-o", tmp_path / "out.pdf")
    assert code == 70 and not (tmp_path / "out.pdf").exists()
    assert err.startswith("pnp: internal error: ") and len(err.strip().splitlines()) == 1
    assert re.search(r" at generator/[\w/]+\.py:\d+ \(\w+\) ", err), err


# -- (i) every key the loader accepts is documented; defaults work and are checked ---------------------

def test_every_key_the_loader_accepts_is_documented():
    from generator.deck import load
    from generator.deck.sections import icons
    from generator.deck import sizes
    from generator.layout import regions, templates
    doc = (ROOT / "docs" / "deck-format.md").read_text(encoding="utf-8")
    keys = set(load.TOP_KEYS) | set(load.CARD_KEYS) | set(templates.TEMPLATE_KEYS) | set(regions.COMMON) \
        | {k for v in regions.REGION_TYPES.values() for k in v} | set(sizes.SIZE_KEYS) | set(icons.ICON_KEYS) \
        | {"title", "subtitle", "designer", "publisher", "players", "version", "source", "year", "instructions",
           "id", "optional", "note", "type", "required", "choices", "min", "max", "default", "fields", "about",
           "value", "seed", "printed", "file", "text", "font", "size", "columns", "accent"}
    missing = sorted(k for k in keys if not re.search(r"(?<![\w-])" + re.escape(k) + r"(?![\w-])\s*:", doc)
                     and f"`{k}`" not in doc)
    assert not missing, f"keys the loader accepts that docs/deck-format.md does not show: {missing}"


def test_a_default_fills_a_card_and_is_checked_like_a_value(tmp_path):
    text = DECK.replace("footer: text", "footer: {type: text, default: always}")
    code, _, err = run("build", deck(tmp_path / "d", text), "-o", tmp_path / "out.pdf")
    assert code == 0, err
    from pdfcheck import all_text, squash
    assert squash(all_text(tmp_path / "out.pdf")).count("Base") >= 3        # the footer shows on every card
    lines = refused(deck(tmp_path / "e", DECK.replace("{type: int, min: 0, max: 9}",
                                                      "{type: int, min: 0, max: 9, default: 12}")))
    assert len(lines) == 1 and "kinds.card.fields.value.default: expected a number from 0 to 9" in lines[0]


def test_keys_that_did_nothing_are_refused(tmp_path):
    assert "unknown key 'proof'" in refused(deck(tmp_path / "d", DECK + "proof: {strict: true}\n"))[0]
    front = TEMPLATE.replace("size: poker", "size: poker\nbleed_colour: '#ffffff'")
    assert "unknown key 'bleed_colour' in template" in refused(deck(tmp_path / "e", front=front))[0]


# -- as a new user: the starter game, one slip at a time, then all three --------------------------------

SLIPS = {
    "a misspelt placeholder": ("templates/card.yaml", 'text: "{title}"', 'text: "{tilte}"', "did you mean 'title'?"),
    "an unbalanced **": ("cards.csv", "Score **1** point", "Score **1 point", "unbalanced markup: 1 '**' (bold)"),
    "a wrong-size back": ("templates/back.yaml", "size: poker", "size: bridge", "must be the size of its front"),
}


@pytest.mark.parametrize("slip", list(SLIPS) + ["all three"])
def test_a_new_users_slips_are_named_with_file_and_line_before_anything_prints(tmp_path, slip):
    pnp_in_process("new", tmp_path / "mygame", check=True)
    game = tmp_path / "mygame"
    pnp_in_process("build", game, "-o", tmp_path / "mygame.pdf", check=True)
    before = (tmp_path / "mygame.pdf").read_bytes()
    chosen = list(SLIPS) if slip == "all three" else [slip]
    expected = []
    for name in chosen:
        file, old, new, message = SLIPS[name]
        path = game / file
        text = path.read_text(encoding="utf-8")
        assert old in text
        path.write_text(text.replace(old, new, 1), encoding="utf-8")
        line = next(i for i, ln in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if new in ln)
        expected.append((f"{game}/{file}:{line}", message))
    proc = pnp_in_process("build", game, "-o", tmp_path / "mygame.pdf")
    assert proc.returncode == 2 and proc.stdout == ""
    lines = errors(proc.stderr)
    assert len(lines) == len(chosen), lines
    for place, message in expected:
        assert any(ln.startswith(place + ":") or ln.startswith(place + " ") for ln in lines if message in ln), \
            (place, message, lines)
    assert (tmp_path / "mygame.pdf").read_bytes() == before


def test_a_shipped_deck_with_a_typo_in_its_template_is_refused_by_every_command(tmp_path):
    game = copy_deck("vasa-regalis", tmp_path)
    template = game / "templates" / "material.yaml"
    text = template.read_text(encoding="utf-8")
    assert "{material}" in text
    template.write_text(text.replace("{material}", "{materail}", 1), encoding="utf-8")
    for command in ("build", "check", "proof", "export"):
        proc = pnp_in_process(command, game, *(["-o", tmp_path / command] if command != "check" else []))
        assert proc.returncode == 2, (command, proc.stderr)
        assert "templates/material.yaml:" in proc.stderr and "did you mean 'material'?" in proc.stderr
        assert not (tmp_path / command).exists()
