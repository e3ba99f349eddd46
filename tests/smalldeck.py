"""A small deck of three cards (two kinds of field, a back, a palette) written into a folder, and the helpers the
tests of mistakes run pnp on it with: in this process, through the CLI's own entry (generator.cli.invoke, what `pnp`
runs), reading its exit status, its output and its errors, one line each; and the starter `pnp new` writes."""
from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

from cli import pnp_in_process
from generator.cli import invoke


TEMPLATE = """size: poker
regions:
  - {id: bg, type: rect, box: [0mm, 0mm, 100%, 100%], fill: "{colour}", bleed: true}
  - {id: title, type: text, box: [5mm, 5mm, 53mm, 10mm], text: "{title}", align: center}
  - {id: body, type: textbox, box: [5mm, 20mm, 53mm, 50mm], text: "{text}"}
  - {id: foot, type: text, box: [5mm, 75mm, 53mm, 8mm], text: "{part} · {game}", when: "{footer}"}
  - {id: value, type: text, box: [5mm, 66mm, 10mm, 8mm], text: "{value}"}
"""


BACK = """size: poker
regions:
  - {id: bg, type: rect, box: [0mm, 0mm, 100%, 100%], fill: "#1d2f4f", bleed: true}
  - {id: label, type: text, box: [5mm, 40mm, 53mm, 10mm], text: "{label}", colour: white, align: center}
"""


DECK = """game: {title: Tried}
palette: {sea: "#2b5f8a", sand: "#e0c890"}
backs: {plain: {template: back, fields: {label: Tried}}}
defaults: {back: plain}
kinds:
  card:
    template: front
    name: "{title}"
    fields:
      title: {type: text, required: true}
      text: markup
      colour: {type: colour, default: sea}
      footer: text
      value: {type: int, min: 0, max: 9}
cards:
  - {title: One, text: "Play **one** card.", value: 1}
  - {title: Two, text: "Play *two* cards.", colour: sand, value: 2}
  - {title: Three, text: "Draw three.", footer: "yes", value: 3}
"""


def deck(folder: Path, deck_yaml: str = DECK, front: str = TEMPLATE, back: str = BACK, **files) -> Path:
    (folder / "templates").mkdir(parents=True, exist_ok=True)
    (folder / "deck.yaml").write_text(deck_yaml, encoding="utf-8")
    (folder / "templates" / "front.yaml").write_text(front, encoding="utf-8")
    (folder / "templates" / "back.yaml").write_text(back, encoding="utf-8")
    for name, text in files.items():
        path = folder / name.replace("__", "/")
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(text, bytes):
            path.write_bytes(text)
        else:
            path.write_text(text, encoding="utf-8")
    return folder


def run(*args) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = invoke([str(a) for a in args])
        except SystemExit as exc:       # pnp proof's status 1 (errors found), as `pnp` exits with it
            code = exc.code
    return code, out.getvalue(), err.getvalue()


def errors(err: str) -> list[str]:
    lines = err.strip().splitlines()
    assert lines and all(line.startswith("pnp: error: ") for line in lines), err
    assert "Traceback" not in err
    return [line[len("pnp: error: "):] for line in lines]


def refused(folder: Path, *extra, command="build") -> list[str]:
    """`pnp COMMAND folder`: exit 2, one line per error, nothing written."""
    out = folder / "out.pdf"
    args = [command, folder] + (["-o", out] if command == "build" else []) + list(extra)
    code, stdout, err = run(*args)
    assert code == 2, f"exit {code}: {err}"
    assert not out.exists()
    assert stdout == "", "nothing is printed before the errors"
    return errors(err)


def at(line: str, file: str, number: int) -> bool:
    return re.match(re.escape(file) + ":" + str(number) + r"[: ]", line) is not None


def starter(tmp_path: Path, name: str = "g", *args) -> Path:
    folder = tmp_path / name
    proc = pnp_in_process("new", folder, *args)
    assert proc.returncode == 0, proc.stderr
    return folder
