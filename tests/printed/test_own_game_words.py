"""Issues 44 and 57: a designer's own game, with no original text, never speaks of "the original". Whether a
deck has an original is what it says in so many words (`game.reprints_source: true`, naming the text its rules
are printed from in `game.source`); a source the rules were retold from is no original, and without one the
corrections are to the rules as first written, and the leaf and the This edition box say so. The box promises "the reason for
each" only where each entry gives one. The byline prints the designer field as written when it names no person
("Traditional (…)"), and "by NAME" otherwise. Read back from PDFs of `pnp new`'s starter, changed as a
designer would change it."""
from __future__ import annotations

from cli import pnp_in_process
from pdfcheck import all_text, columns_text, leaf_text, text_pages

from generator.text.typography import plain_words

TYPO = "Score **1** point at harvst."          # the Wheat card's text, with a typo in it


def _starter(tmp_path, name: str, designer: str = "Ada Lindqvist", why: str | None = None,
             source: str | None = None, reprints: bool = False):
    """The starter with its designer set, a typo of the Wheat card's fixed in a row correction (and its reason
    when `why`), and a source when `source`."""
    folder = tmp_path / name
    pnp_in_process("new", folder, check=True)
    deck = folder / "deck.yaml"
    text = deck.read_text(encoding="utf-8").replace("designer: Your Name", f"designer: {designer}")
    if source:
        text = text.replace("  version: \"0.1\"\n", f"  version: \"0.1\"\n  source: \"{source}\"\n"
                            + ("  reprints_source: true\n" if reprints else ""))
    deck.write_text(text, encoding="utf-8")
    cards = folder / "cards.csv"
    rows = cards.read_text(encoding="utf-8").split("\n")
    note = ",correction.note" if why else ""
    rows[0] += ",correction.seed,correction.printed" + note
    rows[1] += f",{TYPO},Score **1** point at harvest." + (f",{why}" if why else "")
    rows[2:] = [r + ",," + ("," if why else "") if r else r for r in rows[2:]]
    cards.write_text("\n".join(rows), encoding="utf-8")
    out = tmp_path / f"{name}.pdf"
    pnp_in_process("build", folder, "-o", out, check=True)
    return out


def _leaf(path) -> str:
    return " ".join(plain_words(leaf_text(path)).split())     # typography aside


def _rules(path) -> str:
    pages = text_pages(path)
    return " ".join(plain_words(" ".join(columns_text(path, i) for i in pages[2:])).split())   # two columns


def test_a_designers_own_game_never_speaks_of_an_original(tmp_path):
    """No source: the typo fix is a correction to the rules as first written, on the leaf and in the box; no
    reason given, none promised; "Traditional (…)" printed as written, never "by Traditional"."""
    pdf = _starter(tmp_path, "own", designer="Traditional (Swedish folk game)")
    leaf, rules = _leaf(pdf), _rules(pdf)
    assert "original" not in leaf.lower() and "original" not in rules.lower(), leaf
    assert "1 correction to the rules as first written" in leaf
    assert "with the reason for each" not in leaf and "and why" not in rules
    assert "Corrections" in rules
    assert 'Wheat: "Score **1** point at harvst." → "Score **1** point at harvest."' in rules
    assert "Traditional (Swedish folk game) · 2-4 players" in leaf and "by Traditional" not in leaf


def test_a_reason_given_is_printed_and_promised(tmp_path):
    """With its reason (correction.note), the box prints it and the leaf promises one for each."""
    pdf = _starter(tmp_path, "why", why="a typo")
    leaf, rules = _leaf(pdf), _rules(pdf)
    assert "lists, with the reason for each, 1 correction to the rules as first written" in leaf
    assert "(a typo.)" in rules and "and why" in rules
    assert "by Ada Lindqvist · 2-4 players" in leaf
    assert "original" not in (leaf + rules).lower()


def test_a_game_retold_from_a_source_never_speaks_of_an_original(tmp_path):
    """A source credited ("retold for this edition") is no original: not one page says "original" (it said
    "The rule pages print the original's rules ... 1 change to the original's words", "Not in the original")."""
    pdf = _starter(tmp_path, "retold", why="a typo",
                   source="A Swedish folk game, retold for this edition from the rules as the designer learnt them")
    leaf, rules = _leaf(pdf), _rules(pdf)
    assert "original" not in all_text(pdf).lower(), [t for t in all_text(pdf).split("\n") if "riginal" in t]
    assert "1 correction to the rules as first written" in leaf and "retold for this edition" in leaf
    assert "Corrections" in rules and "(a typo.)" in rules


def test_a_game_printed_from_an_original_says_so(tmp_path):
    """A deck that says it reprints its source's rules: its typo fix is a change to the original's words."""
    pdf = _starter(tmp_path, "orig", why="a typo", source="Harvest rules, first printing (2019)", reprints=True)
    leaf, rules = _leaf(pdf), _rules(pdf)
    assert "The rule pages print the original's rules" in leaf and "1 change to the original's words" in leaf
    assert "Changes to the original's words" in rules and "(a typo.)" in rules


def test_a_byline_names_a_person_with_by_and_a_tradition_as_written():
    from generator.printout.leaf import byline
    for designer, said in (("Marlon Fussell", "by Marlon Fussell"), ("Traditional (Swedish)", "Traditional (Swedish)"),
                           ("Anonymous", "Anonymous"), ("by the Harbour Club", "by the Harbour Club"),
                           ("Folkert Smit", "by Folkert Smit"), ("Byron Lee", "by Byron Lee"), ("", "")):
        assert byline(_deck_with(designer)) == said, designer


def _deck_with(designer: str):
    from generator.deck import load_deck
    deck = load_deck("royal-lines")
    return deck._replace(game=deck.game._replace(designer=designer))


def test_reprints_source_needs_a_source_and_a_yes_or_no(tmp_path):
    """`game.reprints_source` is true or false, and true names the text in game.source: one line each, exit 2."""
    folder = tmp_path / "g"
    pnp_in_process("new", folder, check=True)
    deck = folder / "deck.yaml"
    text = deck.read_text(encoding="utf-8")
    for added, said in (("  reprints_source: true\n", "name it in game.source"),
                        ("  source: Harvest rules\n  reprints_source: maybe\n", "must be true or false")):
        deck.write_text(text.replace("  version: \"0.1\"\n", "  version: \"0.1\"\n" + added), encoding="utf-8")
        run = pnp_in_process("check", folder)
        errors = [line for line in run.stderr.splitlines() if "error" in line]
        assert run.returncode == 2 and len(errors) == 1 and said in errors[0], run.stderr
        assert "deck.yaml:" in errors[0] and "game.reprints_source" in errors[0], errors[0]
