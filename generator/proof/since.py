"""`pnp proof GAME --since REF`: which cards changed since a git revision or an earlier proof.

REF is an earlier proof (its proof.json, or the folder holding it) when such a path exists, and
otherwise a git revision: the deck folder's files at REF are read with `git show` into a
temporary folder and loaded like any deck. Cards are matched by id (the slug of their name).

Not here: the proof's checks (checks.py), reading the deck (deck/).
"""
from __future__ import annotations

import json
import subprocess
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from ..deck.model import Deck
from ..errors import PnpError
from ..deck import load_deck

FORMAT = "pnp-proof"
COMPARED = ("name", "copies", "template", "back", "fields")
PRINTED = ("front_text", "back_text")


@dataclass
class Change:
    status: str                     # added | removed | changed
    id: str
    name: str
    new: dict | None = None         # the card's record now
    old: dict | None = None         # its record at REF
    what: list = field(default_factory=list)    # what changed, in words


@dataclass
class Since:
    ref: str
    label: str                      # "git revision HEAD~1 (1a2b3c4)" or "proof output/x/proof/proof.json"
    changes: list

    def counts(self) -> dict:
        out = {"added": 0, "removed": 0, "changed": 0}
        for c in self.changes:
            out[c.status] += 1
        return out


def read_proof(path: Path) -> dict:
    if path.is_dir():
        path = path / "proof.json"
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise PnpError(f"cannot read an earlier proof: {exc}", str(path), field="--since")
    if not isinstance(data, dict) or data.get("format") != FORMAT or not isinstance(data.get("cards"), list):
        raise PnpError("not a proof.json written by `pnp proof`", str(path), field="--since")
    return data


def _git(args: list[str], cwd: Path, binary: bool = False):
    try:
        done = subprocess.run(["git", *args], cwd=cwd, capture_output=True, timeout=60)
    except FileNotFoundError:
        raise PnpError("--since with a git revision needs git on PATH", field="--since")
    if done.returncode != 0:
        return None
    return done.stdout if binary else done.stdout.decode("utf-8", "replace")


def deck_at(deck: Deck, ref: str, into: Path) -> Path | None:
    """Write the deck folder's files as they were at git revision `ref` under `into`; the new folder,
    or None when the deck did not exist at `ref`."""
    folder = deck.folder.resolve()
    top = _git(["rev-parse", "--show-toplevel"], folder)
    if top is None:
        raise PnpError(f"'{ref}' is neither an earlier proof (proof.json) nor usable as a git revision: "
                       f"{deck.folder} is not in a git repository", field="--since")
    root = Path(top.strip()).resolve()
    if ref.startswith("-") or _git(["rev-parse", "--verify", "--quiet", f"{ref}^{{commit}}"], root) is None:
        raise PnpError(f"'{ref}' is neither an earlier proof (a proof.json or its folder) nor a git revision",
                       field="--since")
    rel = folder.relative_to(root).as_posix()
    listing = _git(["ls-tree", "-r", "-z", "--name-only", ref, "--", rel + "/"], root, binary=True) or b""
    names = [n.decode("utf-8") for n in listing.split(b"\0") if n]
    target = into / folder.name
    found = False
    for name in names:
        data = _git(["show", f"{ref}:{name}"], root, binary=True)
        if data is None:
            continue
        inside = Path(name).relative_to(rel)
        path = target / inside
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
        found = found or inside.as_posix() == "deck.yaml"
    return target if found else None


def previous(deck: Deck, ref: str) -> tuple[str, list[dict]]:
    """(label, card records) of the deck at REF."""
    p = Path(ref)
    if p.is_file() or (p.is_dir() and (p / "proof.json").is_file()):
        data = read_proof(p)
        return f"the proof {p}", data["cards"]
    from .collect import collect, record  # lazy: +149 ms to import (benchmarks/imports.py)
    with tempfile.TemporaryDirectory(prefix="pnp-since-") as tmp:
        folder = deck_at(deck, ref, Path(tmp))
        short = (_git(["rev-parse", "--short", ref], deck.folder.resolve()) or "").strip()
        label = f"git revision {ref}" + (f" ({short})" if short and short != ref else "")
        if folder is None:
            return label + ", where the deck did not exist", []
        try:
            old = load_deck(str(folder))
        except PnpError as exc:
            raise PnpError(f"the deck at {ref} does not load: {exc}", field="--since")
        return label, [record(old, cp) for cp in collect(old)]


def _describe(old: dict, new: dict) -> list[str]:
    what = []
    if old.get("name") != new.get("name"):
        what.append(f"name '{old.get('name')}' -> '{new.get('name')}'")
    if old.get("copies") != new.get("copies"):
        what.append(f"copies {old.get('copies')} -> {new.get('copies')}")
    if old.get("template") != new.get("template"):
        what.append(f"template {old.get('template')} -> {new.get('template')}")
    of, nf = old.get("fields") or {}, new.get("fields") or {}
    for k in list(nf) + [k for k in of if k not in nf]:
        if of.get(k) != nf.get(k):
            what.append(f"field {k}")
    ob, nb = old.get("back") or {}, new.get("back") or {}
    if (ob.get("template"), ob.get("name")) != (nb.get("template"), nb.get("name")):
        what.append("back")
    obf, nbf = ob.get("fields") or {}, nb.get("fields") or {}
    for k in list(nbf) + [k for k in obf if k not in nbf]:
        if obf.get(k) != nbf.get(k):
            what.append(f"back field {k}")
    if not what:
        for side in PRINTED:
            if old.get(side) is not None and new.get(side) is not None and old[side] != new[side]:
                what.append(f"printed {side.split('_')[0]} text")
    return what


def compare(old: list[dict], new: list[dict]) -> list[Change]:
    """Added, removed and changed cards, in the new print order (removed ones where they were)."""
    old_by = {r["id"]: r for r in old}
    new_ids = {r["id"] for r in new}
    changes = []
    for r in new:
        o = old_by.get(r["id"])
        if o is None:
            changes.append(Change("added", r["id"], r["name"], new=r))
            continue
        what = _describe(o, r)
        if what:
            changes.append(Change("changed", r["id"], r["name"], new=r, old=o, what=what))
    for r in old:
        if r["id"] not in new_ids:
            changes.append(Change("removed", r["id"], r["name"], old=r))
    return changes


def since(deck: Deck, ref: str, records: list[dict]) -> Since:
    label, old = previous(deck, ref)
    return Since(ref, label, compare(old, records))
