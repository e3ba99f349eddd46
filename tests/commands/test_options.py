"""generator/commands/options.py: the options commands share, checked before anything is read or written:
numbers that are finite and in range, a --base-url a saved object can hold; and the component check, which a
build never skips in silence."""
from __future__ import annotations

import json
import re
import sys

import pytest

from smalldeck import deck, errors, run, starter


@pytest.mark.parametrize("args", [["--offset", "nan,0"], ["--offset", "0,inf"], ["--offset", "1e999,0"],
                                  ["--offset", "-nan,nan"], ["--offset", "60,0"], ["--bleed", "nan"],
                                  ["--bleed", "inf"], ["--bleed", "-1"], ["--bleed", "1e308"]])


def test_a_number_on_the_command_line_is_finite_and_in_range(tmp_path, args):
    folder = deck(tmp_path / "d")
    code, out, err = run("build", folder, "-o", tmp_path / "out.pdf", *args)
    assert code == 2 and len(err.strip().splitlines()) == 1 and err.startswith("pnp: error: "), err
    assert args[0] in err and not (tmp_path / "out.pdf").exists()


def test_a_component_check_that_cannot_be_imported_is_a_bug_not_a_pass(tmp_path, monkeypatch):
    import sys
    folder = deck(tmp_path / "d")
    monkeypatch.setitem(sys.modules, "generator.check", None)       # import generator.check: ImportError
    code, _, err = run("build", folder, "-o", tmp_path / "out.pdf")
    assert code == 70 and not (tmp_path / "out.pdf").exists()
    assert err.startswith("pnp: internal error: ") and len(err.strip().splitlines()) == 1
    assert re.search(r" at generator/[\w/]+\.py:\d+ \(\w+\) ", err), err


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
