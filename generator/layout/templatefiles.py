"""Where a template's files are (a deck's own templates/NAME.yaml, then pnp's layouts/cards/NAME.yaml), and
what says they are as they were: the size and time of each file a template is read from, its own and those it
extends (chain_stamp), under which the layout store keeps the faces drawn from it.
"""
from __future__ import annotations

import os
from pathlib import Path

from .. import LAYOUTS
from ..deck.values import name_problem
from ..errors import PnpError, known_list, suggest
from ..files.yamlfile import Map, load


def _search_dirs(deck_folder: Path | None) -> list[Path]:
    dirs = []
    if deck_folder is not None:
        dirs.append(deck_folder / "templates")
    dirs.append(LAYOUTS / "cards")
    return dirs


def known_templates(deck_folder: Path | None) -> list[str]:
    names = set()
    for d in _search_dirs(deck_folder):
        if d.is_dir():
            names.update(p.stem for p in d.glob("*.yaml"))
    return sorted(names)


def template_file(name: str, deck_folder: Path | None) -> Path | None:
    """The file template `name` is read from (the deck's own templates/ first, then layouts/cards/), or None."""
    if name_problem(name):
        return None
    for d in _search_dirs(deck_folder):
        p = d / f"{name}.yaml"
        if p.is_file():
            real, root = p.resolve(), d.resolve()
            if root not in real.parents:
                raise PnpError(f"template file '{p}' is a symbolic link leading outside {d.name}/ (to {real})")
            return p
    return None


def template_problem(name, deck_folder: Path | None) -> tuple[str, str | None] | None:
    """(message, hint) when no template of this name can be found; None when one can."""
    why = name_problem(name)
    if why:
        return why, None
    if template_file(name, deck_folder) is None:
        known = known_templates(deck_folder)
        return f"unknown template '{name}'", suggest(name, known) or known_list(known)
    return None


def display(p: Path) -> str:
    try:
        return str(p.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(p)


def chain_stamp(name: str, deck) -> str:
    """What says template `name` of a deck is as it was: the size and time of each file it is read from, its
    own and those of the templates it extends ("name\t-" for one not found). The layout store keeps a face
    under it (layout/deck.py), so a saved template lays out again only the faces drawn from it, or from one
    that extends it. Once a deck; each chain's files are remembered between builds (a store of their own), so
    a rebuild stats them and reads no template whose files did not change."""
    memo = deck.memo_of("template chains")
    hit = memo.get(name)
    if hit is None:
        from .store import FaceStore  # lazy: +4 ms to import (benchmarks/imports.py)
        if "" not in memo:
            memo[""] = FaceStore.open(deck, f"{deck.id}-chains", what="lines")
        store = memo[""]
        files = store.get(name) if store is not None else None
        if files is None or not all(_unchanged(line) for line in files):
            if files is not None:       # as it was in the last build (relaid.py)
                deck.memo_of("template chains before")[name] = "\n".join(files)
            files = _chain(name, deck)
        if store is not None:
            store.put(name, files)
            store.save()
        hit = memo[name] = "\n".join(files)
    return hit


def chain_before(name: str, deck) -> str | None:
    """The chain_stamp template `name` had in the last build, where its files changed since (None: they did not,
    or there was none)."""
    chain_stamp(name, deck)
    return deck.memo_of("template chains before").get(name)


def _chain(name: str, deck) -> list[str]:
    """"path\tsize\ttime" of the file template `name` is read from, then of the one it extends, and so on."""
    out: list = []
    names: set = set()
    while name not in names:            # (a template that extends itself: its own mistake, said when loaded)
        names.add(name)
        try:
            path = template_file(name, deck.folder)
        except PnpError:
            path = None
        try:
            st = os.stat(path) if path is not None else None
        except OSError:
            st = None
        if st is None:
            out.append(f"{name}\t-")       # (one found later changes the store's stamp: store._stamp)
            break
        out.append(f"{path}\t{st.st_size}\t{st.st_mtime_ns}")
        try:
            m = load(path, display(path))
        except PnpError:
            break
        base = m.get("extends") if isinstance(m, Map) else None
        if not isinstance(base, str):
            break
        name = base
    return out


def _unchanged(line: str) -> bool:
    path, _, stamp = line.partition("\t")
    if stamp == "-":
        return True
    try:
        st = os.stat(path)
    except OSError:
        return False
    return stamp == f"{st.st_size}\t{st.st_mtime_ns}"
