"""Every mistake is one line naming file, line and field; exit 2; nothing unsafe is read.

The corpus in tests/broken/ holds hand-written broken decks; each says in its first lines what its
error must be (see tests/broken/README.md). Each is given to every command through the CLI's own entry, and
one of each kind to the real `pnp` in a process of its own.
"""
from __future__ import annotations

import contextlib
import io
import re
import struct
import zlib
from pathlib import Path

import pytest

from cli import ROOT, pnp, pnp_in_process
from smalldeck import errors, run, starter
from generator.cli import invoke
from generator.errors import MAX_ERRORS, Collector, PnpError, PnpErrors
from generator.files.yamlfile import loads

BROKEN = ROOT / "tests" / "broken"
CASES = sorted(p.name for p in BROKEN.iterdir() if (p / "deck.yaml").is_file())


def _header(folder: Path) -> dict:
    """The deck.yaml's leading comment lines: expect, at, field, found, exit (tests/broken/README.md)."""
    head = {}
    for raw in (folder / "deck.yaml").read_bytes().splitlines():
        if not raw.startswith(b"# "):
            break
        m = re.match(rb"^# (expect|at|field|found|exit): (.*)$", raw)
        if m:
            head[m.group(1).decode()] = m.group(2).decode("utf-8").strip()
    return head


def _expected_place(folder: Path, at: str) -> tuple[str, int | None]:
    """(file relative to the repo, line): an explicit FILE:LINE, the line marked '# <-' in FILE, or FILE:- for
    a mistake in a file as a whole (an image, a font, a spreadsheet: named with no line)."""
    file, _, line = at.partition(":")
    if line == "-":
        return f"{folder.relative_to(ROOT).as_posix()}/{file}", None
    if not line:
        marked = [i for i, raw in enumerate((folder / file).read_bytes().splitlines(), 1) if b"# <-" in raw]
        assert len(marked) == 1, f"{folder.name}: mark exactly one line of {file} with '# <-'"
        line = str(marked[0])
    return f"{folder.relative_to(ROOT).as_posix()}/{file}", int(line)


def _names_place(line: str, file: str, number: int | None) -> bool:
    if number is None:
        return re.search(re.escape(file) + r"(: |, sheet )", line) is not None
    return re.search(re.escape(f"{file}:{number}") + r"[: ]", line) is not None


def test_the_corpus_has_at_least_thirty_broken_decks():
    assert len(CASES) >= 30
    for name in CASES:
        head = _header(BROKEN / name)
        assert "expect" in head and "at" in head, f"{name}: needs '# expect:' and '# at:' lines"
        assert head.get("found", "reading") in ("reading", "laying out", "printing"), name
        assert head.get("exit", "2") in ("1", "2"), name


def _outputs(tmp_path: Path) -> dict:
    """Each command's arguments after GAME, writing inside tmp_path."""
    return {"build": ["-o", tmp_path / "b.pdf"], "check": [], "proof": ["-o", tmp_path / "proof"],
            "export": ["-o", tmp_path / "export"], "cards": ["-o", tmp_path / "cards.csv"]}


@pytest.mark.parametrize("name", CASES)
def test_broken_deck_gives_its_one_line_error(name, tmp_path):
    """Each corpus deck built by `pnp build`, then given to every other command that reads a deck, each in this
    process through the CLI's own entry (what `pnp` runs; that a `pnp` process says and exits the same is
    test_a_pnp_process_says_what_the_entry_says, on a case of each kind): each refuses it as build does, in the
    same words, writing nothing.
    What only laying a card out finds, the proof reports as its own finding (exit 1, its report written);
    what only printing finds (a piece larger than the paper) is not the component check's, the export's or
    pnp cards' to refuse."""
    head = _header(BROKEN / name)
    runs = {cmd: pnp_in_process(cmd, BROKEN / name, *args) for cmd, args in _outputs(tmp_path).items()}
    proc = runs["build"]
    err = proc.stderr
    assert "Traceback" not in err
    assert not (tmp_path / "b.pdf").exists()
    file, number = _expected_place(BROKEN / name, head["at"])
    if head.get("exit") == "1":             # an incomplete deck: the component check's report, no output
        assert proc.returncode == 1 and head["expect"] in err, f"exit {proc.returncode}: {err}"
        check = runs["check"]
        assert check.returncode == 1 and head["expect"] in check.stdout and file in check.stdout
        assert runs["export"].returncode == 1 and not (tmp_path / "export").exists()
        return
    assert proc.returncode == 2, f"exit {proc.returncode}: {err}"
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    line = lines[0]
    assert line.startswith("pnp: error: "), line
    where = f"{file}:{number}" if number else file
    assert _names_place(line, file, number), f"expected {where} in: {line}"
    if "field" in head:
        assert f" {head['field']}: " in line, f"expected field {head['field']!r} in: {line}"
    assert head["expect"] in line, f"expected {head['expect']!r} in: {line}"
    found = head.get("found", "reading")
    for cmd in ("check", "proof", "export", "cards"):
        run = runs[cmd]
        assert "Traceback" not in run.stderr, f"pnp {cmd}: {run.stderr}"
        if found == "printing" and cmd != "proof":
            assert run.returncode == 0, f"pnp {cmd}: exit {run.returncode}: {run.stderr}"
            continue
        if cmd == "proof" and found != "reading":       # the proof's own finding: the same words, and a report
            assert run.returncode == 1, f"pnp proof: exit {run.returncode}: {run.stderr}"
            assert head["expect"] in run.stderr and _names_place(run.stderr, file, number), run.stderr
            continue
        assert (run.returncode, run.stderr.strip()) == (2, line), f"pnp {cmd} (exit {run.returncode}): {run.stderr}"
    written = [w for w in ("proof", "export", "cards.csv") if (tmp_path / w).exists()]
    assert written == ([] if found == "reading" else ["proof"] if found == "laying out" else written), written


def _one_of_each_kind() -> list[str]:
    """The first corpus deck of each kind of mistake: found reading, laying out or printing, exit 1 or 2, in a
    deck.yaml or another file (a template, a spreadsheet, an image, a font)."""
    kinds = {}
    for name in CASES:
        head = _header(BROKEN / name)
        kinds.setdefault((head.get("found", "reading"), head.get("exit", "2"),
                          head["at"].partition(":")[0].rsplit(".", 1)[-1]), name)
    return sorted(kinds.values())


@pytest.mark.parametrize("name", _one_of_each_kind())
def test_a_pnp_process_says_what_the_entry_says(name, tmp_path):
    """`pnp build` as a user runs it, a process of its own: the same exit status and the same words as the CLI's
    entry gives in this process (test_broken_deck_gives_its_one_line_error), no traceback, no PDF."""
    proc = pnp("build", BROKEN / name, "-o", tmp_path / "b.pdf")
    entry = pnp_in_process("build", BROKEN / name, "-o", tmp_path / "c.pdf")
    assert proc.returncode in (1, 2) and "Traceback" not in proc.stderr, proc.stderr
    assert (proc.returncode, proc.stderr, proc.stdout) == (entry.returncode, entry.stderr, entry.stdout)
    assert not (tmp_path / "b.pdf").exists() and not (tmp_path / "c.pdf").exists()


def test_the_corpus_workbooks_are_what_their_script_makes(tmp_path):
    import importlib.util
    spec = importlib.util.spec_from_file_location("make_workbooks", BROKEN / "make_workbooks.py")
    make_workbooks = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(make_workbooks)
    for made in make_workbooks.make(tmp_path):
        name = made.relative_to(tmp_path)
        assert made.read_bytes() == (BROKEN / name).read_bytes(), f"run python tests/broken/make_workbooks.py ({name})"


def test_every_command_names_a_decks_mistakes_in_the_same_words(tmp_path):
    """One deck with three mistakes in three files (a spreadsheet's cell, a template's box, the component list):
    pnp build, check, proof, export and cards each name all three, the same lines in the same order, exit 2,
    and write nothing."""
    deck = tmp_path / "deck"
    (deck / "templates").mkdir(parents=True)
    (deck / "deck.yaml").write_text(
        "game: {title: T, players: 2-4}\nkinds:\n  plain:\n    template: card\n    back: none\n"
        "    fields: {title: text, value: {type: int, min: 1, max: 9}}\ncards: {file: cards.csv}\n")
    (deck / "cards.csv").write_text("title,value\nOne,1\nTwo,two\nThree,3\n")
    (deck / "templates" / "card.yaml").write_text(
        "size: poker\nregions:\n  - {id: title, type: text, box: [5mm, 5mm, 70mm, 10mm], text: \"{title}\"}\n"
        "  - {id: value, type: text, box: [5mm, 20mm, 20mm, 10mm], text: \"{value}\"}\n")
    (deck / "components.yaml").write_text("components:\n  - {name: Cards, count: 2, each: {value: 1-3}}\n")
    outs = {"build": ["-o", tmp_path / "b.pdf"], "check": [], "proof": ["-o", tmp_path / "proof"],
            "export": ["-o", tmp_path / "export"], "cards": ["-o", tmp_path / "cards.csv"]}
    runs = {cmd: (pnp if cmd == "build" else pnp_in_process)(cmd, deck, *args, cwd=tmp_path)      # as above
            for cmd, args in outs.items()}
    lines = runs["build"].stderr.splitlines()
    assert [ln.split(": ")[2].split(":")[0] for ln in lines] == ["deck/cards.csv", "deck/components.yaml",
                                                                  "deck/templates/card.yaml"], lines
    assert "cards.csv:3 (value): expected a whole number, found 'two'" in lines[0]
    assert "count 2 cannot be met: each: asks for exactly 3 cards" in lines[1]
    assert "region title.box: the box reaches 11.5 mm past the right edge" in lines[2]
    for cmd, run in runs.items():
        assert (run.returncode, run.stderr.splitlines(), run.stdout) == (2, lines, ""), f"pnp {cmd}: {run.stderr}"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["deck"]
    listed = pnp_in_process("list", cwd=tmp_path, check=True).stdout.splitlines()      # pnp list names the first of them
    assert f"./deck               (does not load: {lines[0].removeprefix('pnp: error: ')})" in listed, listed


# --- paths that leave the deck's folders

def _png(w=2, h=2) -> bytes:
    def chunk(kind, payload):
        c = struct.pack(">I", len(payload)) + kind + payload
        return c + struct.pack(">I", zlib.crc32(kind + payload) & 0xFFFFFFFF)
    raw = b"".join(b"\x00" + b"\x80\x40\x20" * w for _ in range(h))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))


def _image_deck(folder: Path, art: str) -> Path:
    (folder / "templates").mkdir(parents=True, exist_ok=True)
    (folder / "templates" / "pic.yaml").write_text(
        "size: poker\nregions:\n"
        "  - {id: art, type: image, box: [3mm, 3mm, 57.5mm, 60mm], src: \"{art}\"}\n"
        "  - {id: title, type: text, box: [3mm, 70mm, 57.5mm, 10mm], text: \"{title}\"}\n")
    (folder / "deck.yaml").write_text(
        "game: {title: Pictures}\n"
        "kinds: {pic: {template: pic, fields: {title: text, art: image}}}\n"
        f"cards:\n  - title: First\n    art: \"{art}\"\n")
    return folder


def test_an_image_inside_the_deck_is_drawn(tmp_path):
    deck = _image_deck(tmp_path / "deck", "art/ship.png")
    (deck / "art").mkdir()
    (deck / "art" / "ship.png").write_bytes(_png(40, 30))
    proc = pnp_in_process("build", deck, "-o", tmp_path / "ok.pdf")
    assert proc.returncode == 0, proc.stderr
    assert b"/Subtype /Image" in (tmp_path / "ok.pdf").read_bytes()


@pytest.mark.parametrize("art", ["../../something.png", "../outside.png", "art/../../outside.png",
                                 "/etc/hostname", "~/secret.png"])
def test_an_image_path_out_of_the_deck_is_refused(tmp_path, art):
    (tmp_path / "outside.png").write_bytes(_png())
    deck = _image_deck(tmp_path / "deck", art)
    proc = pnp_in_process("build", deck, "-o", tmp_path / "x.pdf")
    assert proc.returncode == 2
    err = proc.stderr.strip()
    assert len(err.splitlines()) == 1 and "Traceback" not in err
    assert "deck.yaml:5" in err and "cards[0].art" in err
    assert "leaves the deck folder" in err or "absolute path" in err
    assert not (tmp_path / "x.pdf").exists()


def test_a_symbolic_link_out_of_the_deck_is_refused(tmp_path):
    secret = tmp_path / "secret.png"
    secret.write_bytes(_png())
    deck = _image_deck(tmp_path / "deck", "art.png")
    (deck / "art.png").symlink_to(secret)
    proc = pnp_in_process("build", deck, "-o", tmp_path / "x.pdf")
    assert proc.returncode == 2
    err = proc.stderr.strip()
    assert len(err.splitlines()) == 1
    assert "deck.yaml:5" in err and "leads outside the deck folder" in err


def test_a_template_linked_from_outside_is_refused(tmp_path):
    outside = tmp_path / "elsewhere.yaml"
    outside.write_text("size: poker\nregions: []\n")
    deck = tmp_path / "deck"
    (deck / "templates").mkdir(parents=True)
    (deck / "templates" / "mine.yaml").symlink_to(outside)
    (deck / "deck.yaml").write_text("game: {title: T}\nkinds:\n  k:\n    template: mine\n"
                                    "    fields: {title: text}\ncards: [{title: a}]\n")
    proc = pnp_in_process("build", deck, "-o", tmp_path / "x.pdf")
    assert proc.returncode == 2
    assert "deck.yaml:4" in proc.stderr and "symbolic link" in proc.stderr
    assert len(proc.stderr.strip().splitlines()) == 1


def test_a_python_tag_runs_nothing(tmp_path):
    marker = tmp_path / "owned"
    deck = tmp_path / "deck"
    deck.mkdir()
    (deck / "deck.yaml").write_text(
        "game: {title: T}\nkinds: {k: {template: basic-card, fields: {title: text}}}\n"
        f"cards:\n  - title: !!python/object/apply:os.system [\"touch {marker}\"]\n")
    proc = pnp_in_process("build", deck, "-o", tmp_path / "x.pdf")
    assert proc.returncode == 2
    assert "deck.yaml:4" in proc.stderr and "is not allowed" in proc.stderr
    assert not marker.exists()


# --- limits

def test_a_deck_of_too_many_cards_is_refused(tmp_path):
    deck = tmp_path / "deck"
    deck.mkdir()
    cards = "".join(f"  - {{title: c{i}, copies: 1000}}\n" for i in range(21))
    (deck / "deck.yaml").write_text("game: {title: T}\nkinds: {k: {template: basic-card, fields: {title: text}}}\n"
                                    "cards:\n" + cards)
    proc = pnp_in_process("build", deck, "-o", tmp_path / "x.pdf")
    assert proc.returncode == 2
    assert "deck.yaml:24" in proc.stderr and "cards[20].copies" in proc.stderr and "20000 cards" in proc.stderr


@pytest.mark.parametrize("text, message", [
    ("a: &a [x, x, x, x, x, x, x, x, x, x]\n" + "".join(
        f"{c}: &{c} [{', '.join(['*' + p] * 10)}]\n" for p, c in zip("abcdefg", "bcdefgh")), "expands to more than"),
    ("a: &a [1, *a]\n", "refers to the value that contains it"),
    ("a: " + "[" * 5000 + "]" * 5000 + "\n", "nested more than 40 levels deep"),
    ("a: " + "{b: " * 60 + "1" + "}" * 60 + "\n", "nested more than 40 levels deep"),
    ("a: " + "7" * 5000 + "\n", "the number is too long"),
    ("a: !!binary aGVsbG8=\n", "YAML tag '!!binary' is not allowed"),
    ("a: !!python/name:os.system\n", "YAML tag '!!python/name:os.system' is not allowed"),
    ("a: !custom x\n", "YAML tag '!custom' is not allowed"),
    ("a: 1\n---\nb: 2\n", "expected a single document"),
    ("a: \"bell \\x07\"\n", "control character"),
    ("a: 1\nb: 2\na: 3\n", "duplicate key 'a'"),
])
def test_hostile_yaml_is_refused_with_a_line(text, message):
    with pytest.raises(PnpError) as info:
        loads(text, "f.yaml")
    assert message in str(info.value)
    assert info.value.file == "f.yaml" and info.value.line


def test_merge_keys_may_override_what_they_bring():
    data = loads("x: &x {a: 1, b: 2}\ny: {<<: *x, b: 3}\n", "f.yaml")
    assert data["y"] == {"a": 1, "b": 3}
    assert data["y"].where("b")[0] == 2


# --- layouts: card templates and sheet layouts

def test_a_template_error_names_the_template_file_and_line(tmp_path):
    deck = tmp_path / "deck"
    (deck / "templates").mkdir(parents=True)
    (deck / "templates" / "mine.yaml").write_text(
        "size: poker\nregions:\n  - {type: rect, box: [0mm, 0mm, 100%, 100%], fill: \"#ffffff\"}\n"
        "  - {id: t, type: textbox, box: [3mm, 3mm, 50mm, 50mm], text: \"{title}\", leading: lots}\n")
    (deck / "deck.yaml").write_text("game: {title: T}\nkinds: {k: {template: mine, fields: {title: text}}}\n"
                                    "cards: [{title: a}]\n")
    proc = pnp_in_process("build", deck, "-o", tmp_path / "x.pdf")
    assert proc.returncode == 2
    err = proc.stderr.strip()
    assert re.search(r"templates/mine\.yaml:4:\d+: region t\.leading: expected a number from 0.5 to 4, "
                     r"found 'lots'", err), err


def test_a_sheet_layout_error_names_its_line(tmp_path, monkeypatch):
    from generator.impose import paper
    (tmp_path / "sheets").mkdir()
    (tmp_path / "sheets" / "odd.yaml").write_text(
        "paper: {width: 210mm, height: 297mm}\nmargins:\n  left: 5\n")
    monkeypatch.setattr(paper, "LAYOUTS", tmp_path)
    with pytest.raises(PnpError) as info:
        paper.get_sheet("odd")
    assert str(info.value).startswith("layouts/sheets/odd.yaml:3:3: margins.left: expected a length")


@pytest.mark.parametrize("text, said", [
    ("margns: {left: 5mm}", "shop.yaml:2:1: margns: unknown key 'margns' in a sheet layout (did you mean 'margins'?)"),
    ("margins: {lft: 5mm}", "shop.yaml:2:11: margins.lft: unknown key 'lft' in a sheet layout's margins (did you mean "
                            "'left'?)"),
    ("gutter: {min: 5mm, max: 2mm}", "shop.yaml:2:10: gutter.min: min 5mm is more than max 2mm"),
])
def test_a_sheet_layout_of_ones_own_says_a_misspelt_key_and_a_range_upside_down(tmp_path, monkeypatch, text, said):
    """A print shop's layout file (--paper FILE): a misspelt key was passed over, its default printed in silence."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "shop.yaml").write_text("paper: {width: 210mm, height: 297mm}\n" + text + "\n", encoding="utf-8")
    from generator.impose import paper
    with pytest.raises(PnpError) as info:
        paper.get_sheet("shop.yaml")
    assert str(info.value) == said


# --- the command itself

def _run(args) -> tuple[int, str]:
    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        code = invoke([str(a) for a in args])
    return code, err.getvalue()


def test_a_bug_is_one_line_too_never_a_traceback(monkeypatch):
    import generator.pipeline as pipeline

    def broken(*a, **k):
        raise RuntimeError("something\nunexpected")
    monkeypatch.setattr(pipeline, "load", broken)
    code, err = _run(["build", "vasa-regalis", "-o", "/nonexistent/x.pdf"])
    assert code == 70
    assert err.count("\n") == 1 and err.startswith("pnp: internal error: RuntimeError: something unexpected")


def test_an_unwritable_output_is_one_line(tmp_path):
    (tmp_path / "file").write_text("a file, not a folder")
    code, err = _run(["build", "vasa-regalis", "-o", tmp_path / "file" / "x.pdf"])
    assert code == 2 and err.count("\n") == 1 and err.startswith("pnp: error: ")
    assert "Traceback" not in err


def test_every_deck_under_decks_still_loads():
    """The stricter checks keep every real deck valid: its file, the templates it names and their colours."""
    from generator.deck import known_games, load_deck
    from generator.layout.templates import get_template
    for name in known_games():
        deck = load_deck(name)
        for card in deck.cards:
            for template in (card.template, card.back.template if card.back else None):
                if template:
                    get_template(template, deck)


@pytest.mark.parametrize("args, message", [
    (["buidl", "vasa-regalis"], "No such command 'buidl'. (did you mean 'build'?)"),
    (["build"], "Missing argument 'GAME'"),
    (["build", "vasa-regalis", "--paper", "b4"], "unknown paper 'b4'"),
])
def test_a_wrong_command_line_is_one_line_too(args, message):
    code, err = _run(args)
    assert code == 2 and err.count("\n") == 1 and err.startswith("pnp: error: ") and message in err


def test_help_and_version_still_exit_zero():
    assert _run(["--version"])[0] == 0
    assert _run(["build", "--help"])[0] == 0


# --- errors.Collector: a run notes every mistake (up to 20, in file and line order), not the first only

def test_mistakes_are_noted_and_reported_in_file_and_line_order():
    found = Collector()
    for file, line in (("b.yaml", 3), ("a.yaml", 9), ("a.yaml", 2)):
        with found.each():
            raise PnpError("wrong", file, line, field="f")
    with pytest.raises(PnpErrors) as info:
        found.done()
    assert info.value.lines() == ["a.yaml:2: f: wrong", "a.yaml:9: f: wrong", "b.yaml:3: f: wrong"]
    assert str(info.value) == "a.yaml:2: f: wrong"          # read as one PnpError, it is the first


def test_nothing_noted_is_nothing_raised_and_other_exceptions_pass_through():
    found = Collector()
    with found.each():
        pass
    found.done()
    with pytest.raises(KeyError):
        with found.each():
            raise KeyError("a bug is not a user's mistake")


def test_reading_stops_once_the_limit_is_reached():
    found = Collector()
    seen = 0
    with pytest.raises(PnpErrors) as info:
        for i in range(100):
            seen += 1
            with found.each():
                raise PnpError(f"mistake {i}", "deck.yaml", i + 1)
    assert seen == MAX_ERRORS and len(info.value.errors) == MAX_ERRORS


def test_the_command_line_prints_one_line_for_each(tmp_path):
    (tmp_path / "deck.yaml").write_text("game: {title: T}\n"
                                        "kinds: {k: {template: basic-card, fields: {title: text, value: int, "
                                        "text: markup, colour: colour}}}\ncards: []\n")
    proc = pnp_in_process("build", tmp_path, "-o", tmp_path / "x.pdf")
    assert proc.returncode == 2 and len(proc.stderr.strip().splitlines()) == 1


# --- errors.holding: the warnings of a run wait below its errors

def test_warnings_wait_for_the_errors_to_be_mended(tmp_path):
    """A build in a language that lacks its texts (a warning each) whose French text does not lay out (an
    error found after them): the error is the first line, the warnings are one counted line below it."""
    folder = starter(tmp_path, "g", "--lang", "en,fr")
    csv = folder / "cards.csv"
    csv.write_text(csv.read_text(encoding="utf-8").replace("Marquez **1** point", "Marquez **1 point"), "utf-8")
    csv.write_text(csv.read_text(encoding="utf-8").replace(",Blé,", ",,"), "utf-8")
    code, stdout, err = run("build", folder, "--lang", "fr", "-o", tmp_path / "out.pdf")
    lines = err.strip().splitlines()
    assert code == 2 and len(lines) == 2, err
    assert lines[0].startswith("pnp: error: ") and "unbalanced markup" in lines[0]
    assert lines[1] == "pnp: 1 warning or note as well, shown once the mistakes above are mended", lines
