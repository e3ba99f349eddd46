"""Issue 47: no silent wrong output, round three. The real error first and alone (one mistake, at most three
lines), every mistake of a run found at once (bad cells in early rows hide nothing in later ones), a header's
mistake named at the header's line, and every value that reaches an output checked where it is given."""
from __future__ import annotations

from pathlib import Path

from cli import pnp_in_process
from test_mistakes import errors, run

STARTER_CSV = """kind,title,value,text,copies
crop,Wheat,ten,Score **1** point at harvest.,4
crop,Barley,2,Score **2** points at harvest.,x
crop,Apples,3,Score **3** points at harvest.,2
event,Storm,,Every player discards their **highest** crop.,1
event,Market Day,,"Draw **2** :nope:, then give **1** :card: to the player on your left.",1
event,Good Rain,,Every player draws **1 card.,1
"""


def starter(tmp_path: Path, name: str = "g", *args) -> Path:
    folder = tmp_path / name
    proc = pnp_in_process("new", folder, *args)
    assert proc.returncode == 0, proc.stderr
    return folder


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


def test_a_column_the_header_lacks_is_one_error_at_the_header_line(tmp_path):
    folder = starter(tmp_path)
    (folder / "cards.csv").write_text("kind,value,text,copies\ncrop,1,Score.,4\ncrop,2,Score.,4\n"
                                      "event,,Boom.,1\n", encoding="utf-8")
    lines = errors(run("build", folder, "-o", tmp_path / "out.pdf")[2])
    assert all(line.startswith(f"{folder}/cards.csv:1: ") for line in lines), lines
    assert len(lines) == 2 and "no column 'title'" in lines[0] and "kind 'crop'" in lines[0], lines
    (folder / "cards.csv").write_text("title,value,text,copies\nA,1,Score.,4\nB,2,Score.,1\nC,,Boom.,1\n",
                                      encoding="utf-8")
    lines = errors(run("build", folder, "-o", tmp_path / "out.pdf")[2])
    assert len(lines) == 1 and lines[0].startswith(f"{folder}/cards.csv:1: no kind column"), lines


# -- pnp new checks what it writes --------------------------------------------------------------------------

def test_new_quotes_a_title_yaml_would_misread_and_the_game_builds(tmp_path):
    for n, title in enumerate(("A: B", "# Hash", "- dash", 'He said "hi"', "It's", "Coin :card: x", "Harvest Moon")):
        folder = starter(tmp_path, f"g{n}", "--title", title)
        import yaml
        assert yaml.safe_load((folder / "deck.yaml").read_text(encoding="utf-8"))["game"]["title"] == title
        code, out, err = run("build", folder, "-o", tmp_path / f"g{n}.pdf")
        assert code == 0, (title, err)
    assert "title: Harvest Moon\n" in (folder / "deck.yaml").read_text(encoding="utf-8")    # as written


def test_new_refuses_a_title_its_fonts_cannot_print_or_that_would_not_build(tmp_path):
    for args, expect in (((tmp_path / "游戏",), "the title made from the folder's name, '游戏', has characters the "
                                                "starter's fonts (Pnp Serif and Sans, from IBM Plex, and their "
                                                "fallbacks) cannot print: '戏' (U+620F)"),
                         ((tmp_path / "g", "--title", "Ἀρχή 游"), "--title: 'Ἀρχή 游' has characters"),
                         ((tmp_path / "g", "--title", "Star*"), "--title: the title 'Star*' would make a game that "
                                                                "does not build: "),
                         ((tmp_path / "g", "--title", "Coin :nope: x"), "unknown icon ':nope:'"),
                         ((tmp_path / "g", "--title", "  "), "is empty"),
                         ((tmp_path / "g", "--title", "a\nb"), "line break"),
                         ((tmp_path / "g", "--from", "royal-lines", "--title", "T"), "--title: the title is the "
                                                                                     "starter's")):
        code, out, err = run("new", *args)
        lines = errors(err)
        assert code == 2 and len(lines) == 1 and expect in lines[0], (args, err)
        assert not args[0].exists() and not list(tmp_path.glob(".*")), "nothing is written, no temporary left"


def test_new_writes_the_folders_name_not_the_path_as_typed(tmp_path):
    folder = tmp_path / "games" / "my-game"
    code, out, err = run("new", folder)         # an absolute path
    assert code == 0, err
    for name in ("README.md", "deck.yaml"):
        text = (folder / name).read_text(encoding="utf-8")
        assert str(tmp_path) not in text and "pnp build my-game" in text, name
    assert "output/my-game.pdf" in (folder / "README.md").read_text(encoding="utf-8")
    spaced = tmp_path / "games" / "my game"
    assert run("new", spaced)[0] == 0
    assert "pnp build 'my game'" in (spaced / "README.md").read_text(encoding="utf-8")
    assert run("build", spaced, "-o", tmp_path / "spaced.pdf")[0] == 0


# -- values that reach an output, checked where they are given ----------------------------------------------

def test_base_url_is_checked_before_anything_is_written_and_encoded_in_the_saved_object(tmp_path):
    folder = starter(tmp_path)
    out = tmp_path / "tts"
    for url, expect in (("example.org/vasa", "is not an http or https address"), ("https://exa mple.org", "' '"),
                        ('"https://example.org/x"', "'\"'"), ("https:///x", "names no host"),
                        ("https://me:secret@example.org/x", "user name or password"),
                        ("https://example.org/x?y=1", "query or fragment"), ("https://example.org:99999/x", "Port"),
                        ("https://example.org/50%", "percent-encoded"), ("", "found nothing")):
        code, stdout, err = run("export", folder, "--to", "tts", "--base-url", url, "-o", out)
        lines = errors(err)
        assert code == 2 and len(lines) == 1 and "--base-url" in lines[0] and expect in lines[0], (url, err)
        assert not out.exists()
    code, stdout, err = run("export", folder, "--to", "tts", "--base-url", "https://exämple.org/jeux/été/", "-o", out)
    assert code == 0, err
    import json
    saved = json.loads(next(out.glob("*.json")).read_text(encoding="utf-8"))
    face = saved["ObjectStates"][0].get("CustomDeck") or next(
        o["CustomDeck"] for o in saved["ObjectStates"] if "CustomDeck" in o)
    address = next(iter(face.values()))["FaceURL"]
    assert address.startswith("https://xn--exmple-cua.org/jeux/%C3%A9t%C3%A9/") and " " not in address, address


def test_a_build_for_another_paper_or_mode_is_named_for_it(tmp_path):
    folder = starter(tmp_path)
    names = []
    for args in ((), ("--paper", "letter"), ("--duplex", "fold"), ("--paper", "Letter", "--duplex", "short")):
        code, stdout, err = run("build", folder, *args)
        assert code == 0, err
        names.append(stdout.split()[1].rstrip(":"))
    assert names == ["output/g.pdf", "output/g.letter.pdf", "output/g.fold.pdf", "output/g.letter.short.pdf"]


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


# -- a language's settings, checked whether or not --lang names it ------------------------------------------

def test_a_languages_settings_are_checked_in_every_build_at_their_own_line(tmp_path):
    folder = starter(tmp_path, "g", "--lang", "en,fr")
    deck = folder / "deck.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("  fr: {}", "  fr: {fonts: {serif: sreif}, file: "
                                                             "cards.fr.csv}"), encoding="utf-8")
    (folder / "cards.fr.csv").write_text("id,kind,title,title:fr\nnope,crop,Wheat,Blé\n", encoding="utf-8")
    line = next(n for n, text in enumerate(deck.read_text(encoding="utf-8").splitlines(), 1) if "sreif" in text)
    for args in ((), ("--lang", "fr")):
        lines = errors(run("build", folder, *args, "-o", tmp_path / "out.pdf")[2])
        assert len(lines) == 2, (args, lines)
        assert lines[0].startswith(f"{folder}/cards.fr.csv:2 (id): no card has the id 'nope'"), lines
        assert lines[1].startswith(f"{folder}/deck.yaml:{line}:") and "languages.fr.fonts.serif: 'sreif' is no font " \
            "family" in lines[1] and "did you mean 'serif'?" in lines[1], lines
