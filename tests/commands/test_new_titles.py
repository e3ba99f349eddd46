"""pnp new checks the title it writes: one YAML would misread is quoted, one its fonts cannot print or that would
not build is refused, and the game's files name the folder, not the path as typed."""
from __future__ import annotations

from smalldeck import errors, run, starter


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
