"""`pnp new` starts a game: in an empty folder, or from a shipped game; never over a folder that holds
anything. The starter builds: its leaf takes the setup from its rules, its proof knows the title it was
given."""
from __future__ import annotations

from cli import ROOT, pnp_in_process
from pdfcheck import leaf_text, page_text, squash


def test_new_refuses_a_folder_that_is_not_empty_and_changes_nothing(tmp_path):
    target = tmp_path / "mine"
    target.mkdir()
    (target / "notes.txt").write_text("keep me")
    before = sorted(p.name for p in tmp_path.iterdir())
    proc = pnp_in_process("new", "mine", cwd=tmp_path)
    assert proc.returncode == 2 and len(proc.stderr.strip().splitlines()) == 1
    assert "'mine' is not an empty folder" in proc.stderr
    assert [p.name for p in target.iterdir()] == ["notes.txt"] and (target / "notes.txt").read_text() == "keep me"
    assert sorted(p.name for p in tmp_path.iterdir()) == before       # no temporary folder left


def test_new_into_an_empty_folder_and_from_a_shipped_game(tmp_path):
    (tmp_path / "empty").mkdir()
    proc = pnp_in_process("new", "empty", "--title", "Harvest Moon", cwd=tmp_path, check=True)
    assert "next: pnp build empty" in proc.stdout
    deck = (tmp_path / "empty" / "deck.yaml").read_text()
    assert "title: Harvest Moon" in deck and "GAME_TITLE" not in deck
    assert "pnp build empty" in (tmp_path / "empty" / "README.md").read_text()
    pnp_in_process("new", "royal", "--from", "royal-lines", cwd=tmp_path, check=True)
    assert (tmp_path / "royal" / "templates" / "promise.yaml").is_file()
    assert (tmp_path / "royal" / "rules.md").read_bytes() == (ROOT / "decks" / "royal-lines" / "rules.md").read_bytes()
    out = tmp_path / "royal.pdf"
    pnp_in_process("build", "royal", "-o", out, cwd=tmp_path, check=True)
    assert out.read_bytes().startswith(b"%PDF")


def test_the_leaf_takes_the_setup_from_the_rules_when_the_deck_gives_none(tmp_path):
    """The starter has no game.setup: its leaf sets up from rules.md's "# Setup" section (to the next heading);
    given a game.setup, the leaf prints that instead. (At 10.5pt, since issue 57, the starter's leaf fits its
    first page: the setup is read from both.)"""
    pnp_in_process("new", "g", cwd=tmp_path, check=True)
    pnp_in_process("build", "g", "-o", tmp_path / "g.pdf", cwd=tmp_path, check=True)
    back = squash(leaf_text(tmp_path / "g.pdf"))       # (the starter's leaf may hold it all on its first page)
    back = back[back.index("Settingup"):]
    assert "Settingup" in back and "Shuffleall12cardsintoonefacedowndeck" in squash(back.replace("-", ""))
    assert "Deal3cardstoeachplayer" in back and "Drawacard" not in back      # the next section is not taken
    deck = tmp_path / "g" / "deck.yaml"
    deck.write_text(deck.read_text().replace('  version: "0.1"\n', '  version: "0.1"\n  setup: Sit in a ring.\n'))
    pnp_in_process("build", "g", "-o", tmp_path / "g2.pdf", cwd=tmp_path, check=True)
    back = squash(leaf_text(tmp_path / "g2.pdf"))
    back = back[back.index("Settingup"):]
    assert "Sitinaring" in back and "Shuffleall" not in back


def test_a_new_games_title_is_no_spelling_error(tmp_path):
    """The title pnp new makes from a folder's name ("Qzx Vrel") is in the new game's words.txt: its proof
    finds no misspelt word on the leaf or the cards' backs."""
    pnp_in_process("new", "qzx-vrel", cwd=tmp_path, check=True)
    assert (tmp_path / "qzx-vrel" / "words.txt").read_text().splitlines()[-2:] == ["Qzx", "Vrel"]
    proof = pnp_in_process("proof", "qzx-vrel", "-o", tmp_path / "proof", cwd=tmp_path, check=True)
    assert "0 errors" in proof.stdout and "Qzx" not in proof.stderr, proof.stdout + proof.stderr
