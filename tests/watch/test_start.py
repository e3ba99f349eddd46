"""Issue 47: pnp watch refuses its own command line at once (exit 2, nothing served: checked in the test's process,
where a watch that went on to serve fails the test): a bad option, a language
the deck does not name, a part it cannot leave out, an output it cannot write; it says so when it cannot open
a browser (--open on a machine without one), and its --json counts every warning it gives. A build for
another paper is named for it (output/GAME.letter.pdf), as pnp build names it."""
from __future__ import annotations

from pathlib import Path

from cli import pnp_in_process
from watching import Watcher, refused


def _new(tmp_path: Path, *args) -> Path:
    """A starter (`pnp new`, in this process: the watch is the process these tests are about)."""
    folder = tmp_path / "g"
    assert pnp_in_process("new", folder, *args).returncode == 0
    return folder


def test_watch_exits_2_at_once_on_its_own_command_lines_mistakes(tmp_path, monkeypatch):
    folder = _new(tmp_path, "--lang", "en,fr")
    (tmp_path / "afile").write_text("x")
    for args, expect in ((("--bleed", "3", "--gutter", "touching"), "--bleed needs room between the cards"),
                         (("--lang", "de"), "the deck has no German (de) text"),
                         (("--without", "expansion"), "unknown part 'expansion' for --without"),
                         (("-o", tmp_path / "afile" / "g.pdf"), f"cannot write {tmp_path}/afile/g.pdf"),
                         (("-o", tmp_path), "is a directory"),
                         (("--drop-backs",), "--drop-backs goes with --duplex none")):
        proc = refused(folder, *args, monkeypatch=monkeypatch)
        lines = proc.stderr.strip().splitlines()
        assert proc.returncode == 2 and len(lines) == 1 and expect in lines[0], (args, proc.stderr)
        assert "watching" not in proc.stdout and "preview" not in proc.stdout, proc.stdout


def test_a_mistake_in_the_deck_itself_does_not_stop_the_watch(tmp_path):
    folder = _new(tmp_path)
    (folder / "deck.yaml").write_text((folder / "deck.yaml").read_text().replace("kinds:", "kinds: [", 1))
    with Watcher(folder) as w:
        failed = w.wait_for(lambda e: e["event"] in ("built", "failed"))
        assert failed["event"] == "failed"


def test_open_without_a_browser_says_so(tmp_path):
    folder = _new(tmp_path)
    env = {k: "" for k in ("DISPLAY", "WAYLAND_DISPLAY", "BROWSER")}
    with Watcher(folder, "--open", env=env) as w:
        note = w.wait_for(lambda e: e["event"] == "note")
        assert "no web browser could be opened here (--open)" in note["message"] and w.url in note["message"]
        w.first_build()


def test_json_counts_the_warnings_it_gives(tmp_path):
    """A deck built in a language it lacks texts for warns of each (a load warning, not a proof finding):
    --json carries them, and its count says as many."""
    folder = _new(tmp_path, "--lang", "en,fr")
    text = (folder / "cards.csv").read_text(encoding="utf-8").splitlines()
    text[1] = text[1].replace("Blé", "")                     # Wheat: no French title
    (folder / "cards.csv").write_text("\n".join(text) + "\n", encoding="utf-8")
    with Watcher(folder, "--lang", "fr") as w:
        built = w.first_build()
        assert built["warnings"] and any("field title has no French text" in x for x in built["warnings"]), built
        assert built["counts"]["warning"] >= len(built["warnings"]), built
        assert not [line for line in w.stderr if "warning" in line], w.stderr
        assert Path(built["pdf"]).name == "g.fr.pdf"


def test_watch_names_its_pdf_for_the_paper_as_build_does(tmp_path):
    folder = _new(tmp_path)
    with Watcher(folder, "--paper", "letter", "--duplex", "fold") as w:
        built = w.first_build()
    assert Path(built["pdf"]) == Path("output/g.letter.fold.pdf")
