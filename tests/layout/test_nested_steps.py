"""Issue 44: steps nested under a numbered step hang under its text, on cards and on rule pages. A sub-step
("a)", "b)") written indented under "1." is set with its marker where its step's text starts, and its own
lines start where its text does; bullets and numbers share one hanging indent, so a "•" item's text and a
"1." item's text start at the same place. Read back from the word positions in the PDF of a
small game that writes such lists on a card and in its rules."""
from __future__ import annotations

import pytest

from cli import pnp_in_process
from pdfcheck import Word

from generator.text.markup import parse

LIST = ("1. **Draw:** take the top card of any stack and put it in front of you, face up, beside the others.\n"
        "   a) Plain cards are discarded at once, face down, on the pile beside the stacks, where any player may "
        "look through them at any time, though never change their order or turn one face up: stacks.\n"
        "   b) Coloured cards go to their own stack, each partly covering the one before it.\n"
        "2. **Act:** discard your action card.\n"
        "- **Pass:** only if a stack is empty, and say so out loud to the other players at the table.\n")
CARD = ("1. **Draw:** take a card.\n"                       # the same on a card (smaller, so it fits)
        "   a) Plain cards are discarded at once.\n"
        "   b) Others go to their stack.\n"
        "2. **Act:** play a card.\n"
        "- **Pass:** if a stack is empty.\n")


@pytest.fixture(scope="module")
def pdf(tmp_path_factory):
    folder = tmp_path_factory.mktemp("nested") / "steps"
    pnp_in_process("new", folder, check=True)
    (folder / "rules.md").write_text("# Your turn\n" + LIST, encoding="utf-8")
    cards = folder / "cards.csv"
    rows = cards.read_text(encoding="utf-8").split("\n")
    rows[4] = f'event,Storm,,"{CARD}",1'
    cards.write_text("\n".join(rows), encoding="utf-8")
    card = folder / "templates" / "card.yaml"         # a list reads from the left: the text box set so
    card.write_text(card.read_text(encoding="utf-8").replace("align: center, valign: middle", "align: left, valign: middle"))
    deck = folder / "deck.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("rules: {file: rules.md, columns: 2, accent: back}",
                                                             "rules: {file: rules.md, accent: back, columns: 1}"))
    out = folder.parent / "steps.pdf"
    pnp_in_process("build", folder, "-o", out, check=True)
    return out


def words(path, page_index: int) -> list[Word]:
    """The page's words, a gap of 1 pt between two runs of text a word break (pdfplumber's default, 3 pt,
    reads a marker and its text, "1. Draw", as one word; pdfread groups them as pdfplumber does)."""
    import pdfread
    (_, h), chars = pdfread.page_chars(path, page_index)
    return [Word(w["text"], float(w["x0"]), h - float(w["bottom"]), float(w["x1"]), h - float(w["top"]))
            for w in pdfread.words_of(chars, x_tolerance=1)]


def _x(ws, text: str, after: str | None = None) -> float:
    """The left edge of the first word `text` (after the word `after`, if given, on the same line)."""
    for i, w in enumerate(ws):
        if w.text == text and (after is None or i and ws[i - 1].text == after and abs(ws[i - 1].cy - w.cy) < 1):
            return w.x0
    raise AssertionError(f"no word {text!r}" + (f" after {after!r}" if after else ""))


def _lines_of(ws, first: str, last: str) -> list:
    """The words from the one starting with `first` to the one `last`, a line each (left edges)."""
    start = next(i for i, w in enumerate(ws) if w.text.startswith(first))
    end = next(i for i in range(start, len(ws)) if ws[i].text.startswith(last))
    lines: list = []
    for w in ws[start:end + 1]:
        if not lines or abs(lines[-1][-1].cy - w.cy) > 1:
            lines.append([w])
        else:
            lines[-1].append(w)
    return lines


def test_the_markup_nests_lettered_steps_under_their_step():
    levels = [(b.bullet, b.level) for b in parse(LIST)]
    assert levels == [("1.", 0), ("a)", 1), ("b)", 1), ("2.", 0), ("•", 0)]
    unindented = LIST.replace("   a)", "a)").replace("   b)", "b)")     # a list of its own, as Markdown reads it
    assert [b.level for b in parse(unindented)] == [0, 0, 0, 0, 0]


@pytest.mark.parametrize("where", ["rule page", "card"])
def test_sub_steps_hang_under_their_steps_text(pdf, where):
    from pdfcheck import placements, text_pages
    if where == "rule page":
        page = text_pages(pdf)[2]
        ws = words(pdf, page)
    else:
        page = next(i for i, p in enumerate(placements(pdf))
                    if p and any(w.text == "Plain" for w in words(pdf, i)))
        ws = words(pdf, page)
    step_text = _x(ws, "Draw:", after="1.")
    assert abs(_x(ws, "a)") - step_text) < 0.6, f"{where}: 'a)' does not start under the step's text"
    assert abs(_x(ws, "b)") - step_text) < 0.6
    sub_text = _x(ws, "Plain", after="a)")
    wrapped = _lines_of(ws, "Plain", "stacks." if where == "rule page" else "once.")
    assert len(wrapped) > 1, f"{where}: the sub-step fits one line: the test shows nothing"
    for line in wrapped[1:]:
        assert abs(line[0].x0 - sub_text) < 0.6, f"{where}: a sub-step's line starts at {line[0].x0:.1f}, not " \
                                                  f"under its text at {sub_text:.1f}"
    assert abs(_x(ws, "Act:", after="2.") - step_text) < 0.6
    assert abs(_x(ws, "Pass:", after="•") - step_text) < 0.6, f"{where}: a bullet's text and a number's differ"
