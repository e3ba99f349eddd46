"""generator/pipeline.py: one run reads the deck, checks it and lays its cards out as far as it can, and reports
every mistake it found at once (up to 20, in file and line order, exit status 2), writing nothing: the previous PDF
stays byte-identical and no temporary file is left. A new user's slips in the starter, a shipped deck's typo, bad
cells that hide nothing in later rows; and what a build's PDF is named."""
from __future__ import annotations

import pytest

from cli import copy_deck, pnp_in_process
from generator.files.output import temp_files
from smalldeck import DECK, TEMPLATE, deck, errors, refused, run, starter


def test_the_base_deck_builds_checks_and_proofs(tmp_path):
    folder = deck(tmp_path / "d")
    code, out, err = run("build", folder, "-o", folder / "out.pdf")
    assert code == 0 and err == "", err
    code, out, err = run("check", folder)
    assert code == 0, err
    code, out, err = run("proof", folder, "-o", tmp_path / "proof")
    assert code == 0, err


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


STARTER_CSV = """kind,title,value,text,copies
crop,Wheat,ten,Score **1** point at harvest.,4
crop,Barley,2,Score **2** points at harvest.,x
crop,Apples,3,Score **3** points at harvest.,2
event,Storm,,Every player discards their **highest** crop.,1
event,Market Day,,"Draw **2** :nope:, then give **1** :card: to the player on your left.",1
event,Good Rain,,Every player draws **1 card.,1
"""


def test_bad_cells_in_early_rows_hide_no_mistake_in_later_rows(tmp_path):
    """The nanDECK designer's workbook: two bad cells in rows 2 and 3 and, further down, an unknown icon and an
    unclosed ** (found only by laying the card out): all four in one run, each at its row."""
    folder = starter(tmp_path)
    (folder / "cards.csv").write_text(STARTER_CSV, encoding="utf-8")
    lines = errors(run("build", folder, "-o", tmp_path / "out.pdf")[2])
    assert [line.split(" ", 1)[0] for line in lines] == [f"{folder}/cards.csv:{n}{s}" for n, s in
                                                         ((2, ""), (3, ""), (6, ":"), (7, ":"))], lines
    assert "'ten'" in lines[0] and "'x'" in lines[1]
    assert "unknown icon ':nope:'" in lines[2] and "unbalanced markup" in lines[3] and "'**'" in lines[3]
    assert not (tmp_path / "out.pdf").exists()


def test_a_build_for_another_paper_or_mode_is_named_for_it(tmp_path):
    folder = starter(tmp_path)
    names = []
    for args in ((), ("--paper", "letter"), ("--duplex", "fold"), ("--paper", "Letter", "--duplex", "short")):
        code, stdout, err = run("build", folder, *args)
        assert code == 0, err
        names.append(stdout.split()[1].rstrip(":"))
    assert names == ["output/g.pdf", "output/g.letter.pdf", "output/g.fold.pdf", "output/g.letter.short.pdf"]


# -- issue 54: every mistake in the first run ------------------------------------------------------------

WORTH = ('  - {id: worth, type: text, box: [5mm, 22mm, 12mm, 6mm], text: "{12 // (value - 3)}", font: sans, '
         "size: 8pt, when: \"{kind == 'Crop'}\"}\n")


def _plant(folder, file: str, old: str, new: str) -> None:
    path = folder / file
    text = path.read_text(encoding="utf-8")
    assert old in text, (file, old)
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_six_planted_mistakes_in_a_starter_are_all_said_in_one_run(tmp_path):
    """A bad value cell, a bad copies cell, an unclosed **, an unknown icon, a `when:` that is no expression and a
    division by zero on one card: one build names all six, at most three lines of a terminal each (80 columns),
    exit 2, nothing written. (Issue 54: the when: hid every card's mistake, and a card's first mistake its
    others: four runs.)"""
    pnp_in_process("new", "g", cwd=tmp_path, check=True)
    game = tmp_path / "g"
    _plant(game, "cards.csv", "crop,Wheat,1,", "crop,Wheat,ten,")
    _plant(game, "cards.csv", "points at harvest.,3", "points at harvest.,x")
    _plant(game, "cards.csv", "draws **1** card.", "draws **1 card.")
    _plant(game, "cards.csv", "give **1** :card:", "give **1** :nope:")
    _plant(game, "templates/card.yaml", 'text: "{kind}",', 'text: "{kind}", when: "{value >}",')
    _plant(game, "templates/card.yaml", "  - {id: text, ", WORTH + "  - {id: text, ")
    proc = pnp_in_process("build", "g", cwd=tmp_path)
    assert proc.returncode == 2 and proc.stdout == "", proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert all(len(line) <= 3 * 80 for line in lines), [len(line) for line in lines]
    said = [line.removeprefix("pnp: error: ") for line in lines]
    assert [line.split(" ", 1)[0] for line in said] == [
        "g/cards.csv:2", "g/cards.csv:3", "g/cards.csv:6:", "g/cards.csv:7:", "g/templates/card.yaml:11:76:",
        "g/templates/card.yaml:12:58:"], said
    assert "(value): expected a whole number, found 'ten'" in said[0]
    assert "(copies): expected a whole number from 0 to 1000, found 'x'" in said[1]
    assert "card 'Market Day': unknown icon ':nope:'" in said[2]
    assert "card 'Good Rain': unbalanced markup: 1 '**' (bold)" in said[3]
    assert "region kind.when: {value >} is not an expression pnp can read" in said[4]
    assert "region worth.text: card 'Apples': {12 // (value - 3)}: 12 // 0: division by zero" in said[5]
    assert not (tmp_path / "output").exists()


def test_every_mistake_of_a_card_is_said_not_its_first(tmp_path):
    """One card whose front divides by zero, names an unknown icon and leaves ** open, and whose back names an
    unknown icon too: four lines, where one card said one mistake at a time."""
    front = TEMPLATE + '  - {id: share, type: text, box: [20mm, 66mm, 10mm, 8mm], text: "{6 // (value - 1)}"}\n'
    text = DECK.replace('"Play **one** card."', '"Play **one :nope: card."').replace(
        "backs: {plain: {template: back, fields: {label: Tried}}}", "backs: {plain: {template: back, fields: {label: "
        "Tried}}}\nx-back: &b {template: back, fields: {label: ':nada:'}}").replace(
        "  - {title: One,", "  - {back: *b, title: One,")
    lines = refused(deck(tmp_path / "d", text, front=front))
    assert len(lines) == 4, lines
    assert "card 'One': unknown icon ':nope:' in region 'body'" in lines[0], lines
    assert "card 'One' (back): unknown icon ':nada:' in region 'label'" in lines[1], lines
    assert "card 'One': unbalanced markup" in lines[2] and "card 'One': {6 // (value - 1)}: 6 // 0: division by " \
        "zero" in lines[3], lines


def test_a_region_at_fault_is_left_out_and_the_rest_of_every_card_laid_out(tmp_path):
    """A region with a mistake of its own (an unknown key as it is read, a placeholder no kind has) is said once,
    at its line, and every card is laid out without it: a text that does not fit, on another region, is said in
    the same run (it waited behind the template's mistakes)."""
    front = TEMPLATE.replace('align: center}', 'align: center, colur: sea}').replace(
        '"{value}"}', '"{valeu}"}')
    long = " ".join(["words"] * 400)
    lines = refused(deck(tmp_path / "d", DECK.replace('"Draw three."', f'"{long}"'), front=front))
    assert len(lines) == 3, lines
    assert "region title.colur: unknown key 'colur'" in lines[1] and "region value.text: {valeu}" in lines[2]
    assert lines[0].startswith(f"{tmp_path}/d/deck.yaml:18") and "does not fit" in lines[0], lines


def test_one_mistake_of_many_cards_is_one_line_naming_the_first_cards(tmp_path):
    """The same mistake on many cards (a brace that fails alike on each, whatever value it meets) is one line: the
    first card, how many more and their names, where it was a line a card."""
    front = TEMPLATE.replace('"{value}"}', '"{value + \' pts\'}"}')
    cards = "".join(f"  - {{title: C{i}, value: {i}}}\n" for i in range(6))
    lines = refused(deck(tmp_path / "d", DECK.split("cards:\n")[0] + "cards:\n" + cards, front=front))
    assert len(lines) == 1, lines
    assert "card 'C0': {value + ' pts'}: 0 + ' pts': a number and text cannot be added (and 5 more cards: 'C1', " \
        "'C2', 'C3', ...)" in lines[0], lines


@pytest.mark.parametrize("command, args", [("check", []), ("cards", ["-o", "cards.csv"]), ("proof", ["-o", "proof"]),
                                           ("export", ["--to", "png", "-o", "png"])])
def test_every_command_that_lays_cards_out_keeps_what_it_shaped_and_typeset(tmp_path, command, args):
    """The shaping and typeset books of the deck's folder, which only pnp build wrote: the next run reads its words
    and texts back instead of shaping and typesetting them again."""
    folder = deck(tmp_path / "d")
    cache = tmp_path / "cache"
    pnp_in_process(command, folder, *args, cwd=tmp_path, env={"PNP_CACHE": str(cache)}, check=True)
    assert list((cache / "shaping").glob("book-d-*.marshal")), command
    assert list((cache / "typeset").glob("book-d-*.marshal")), command


def test_a_mistake_of_many_copies_of_a_repeated_region_names_each_card_once(tmp_path):
    """Copies 9 to 19 of a row of pips run off every card: one line naming the three cards, where it named the
    first card's other copies as more cards ('and 32 more cards: 'One', 'One', 'One', ...')."""
    front = TEMPLATE + "  - {id: pips, type: ellipse, box: [5mm, 20mm, 5mm, 5mm], fill: sea, repeat: 20, step: [6mm, 0mm]}\n"
    lines = refused(deck(tmp_path / "d", front=front))
    assert len(lines) == 1 and "region pips.box: card 'One': copy 9 of a repeated region: the box reaches 0.5 mm past " \
        "the right edge" in lines[0] and "(and 2 more cards: 'Two', 'Three')" in lines[0], lines
