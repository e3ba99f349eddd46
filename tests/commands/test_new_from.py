"""pnp new --from GAME: a copy of a shipped game or a game folder (or its deck.yaml); anything else is one line
naming --from."""
from __future__ import annotations

import pytest

from cli import pnp_in_process


@pytest.mark.parametrize("given, said", [
    ("notes.txt", "--from: 'notes.txt' is a file, not a game: a game is a folder holding a deck.yaml"),
    ("g/templates/card.yaml", "--from: 'g/templates/card.yaml' is a file, not a game: --from copies a game's folder"),
    ("vasa-regalia", "--from: unknown game 'vasa-regalia'"),
    ("empty", "--from: 'empty' is a folder with no deck.yaml"),
])
def test_new_from_what_is_no_game_is_one_line_naming_from(tmp_path, given, said):
    """A file given to --from was 'unknown game ... (start a new game with: pnp new notes.txt)', naming no option."""
    pnp_in_process("new", "g", cwd=tmp_path, check=True)
    (tmp_path / "notes.txt").write_text("x")
    (tmp_path / "empty").mkdir()
    proc = pnp_in_process("new", "copy", "--from", given, cwd=tmp_path)
    lines = proc.stderr.strip().splitlines()
    assert proc.returncode == 2 and len(lines) == 1 and lines[0].startswith(f"pnp: error: {said}"), lines
    assert "pnp new" not in lines[0] and not (tmp_path / "copy").exists()


def test_new_from_a_games_deck_yaml_copies_its_folder(tmp_path):
    pnp_in_process("new", "g", cwd=tmp_path, check=True)
    pnp_in_process("new", "copy", "--from", "g/deck.yaml", cwd=tmp_path, check=True)
    assert sorted(p.name for p in (tmp_path / "copy").iterdir()) == sorted(p.name for p in (tmp_path / "g").iterdir())
