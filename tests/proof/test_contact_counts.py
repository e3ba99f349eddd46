"""The proof's contact sheet counts the copies a shared back is printed for."""
from __future__ import annotations

import json
from pathlib import Path

from cli import pnp_in_process
from smalldeck import run


def _starter(tmp_path: Path) -> Path:
    folder = tmp_path / "g"
    pnp_in_process("new", folder, check=True)
    return folder


def test_the_contact_sheet_counts_the_copies_a_shared_back_is_printed_for(tmp_path):
    """The starter: 6 distinct cards, 12 with copies, one back: 'back of 12 cards', not 'of 6'."""
    folder = _starter(tmp_path)
    code, out, err = run("proof", folder, "-q", "-o", tmp_path / "proof")
    report = json.loads((tmp_path / "proof" / "proof.json").read_text(encoding="utf-8"))
    backs = [t for t in report["contact"]["labels"] if t["side"] == "back"]
    assert len(backs) == 1 and backs[0]["note"] == "back of 12 cards" and len(backs[0]["cards"]) == 6, backs
