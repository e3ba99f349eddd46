"""pnp new FOLDER: start a game of your own, from the starter or from a copy of another game."""
from __future__ import annotations

import click
import os
import shutil
from pathlib import Path
from .. import LAYOUTS
from ..errors import PnpError, PnpErrors
import shlex

TEXT_SUFFIXES = (".yaml", ".yml", ".md", ".txt", ".csv")
SKIP = ("output", "__pycache__")


@click.command("new")
@click.argument("folder", type=click.Path(file_okay=True, dir_okay=True))
@click.option("--from", "source", metavar="GAME",
              help="Start from a copy of GAME (a shipped game's name, or a game folder) instead of the starter.")
@click.option("--title", help="The game's title [default: made from the folder's name].")
@click.option("--lang", "langs", metavar="en,LANG,...",
              help="The starter in several languages: English and its translations (en,fr,de,es,ja), each "
                   "printed with pnp build GAME --lang LANG.")
def command(folder, source, title, langs):
    """Start a new game in FOLDER (which must not exist, or be empty): a deck of a few cards of two kinds,
    a front and a back template, a component list, rules and a word list, and a README saying which file
    holds what. It builds, checks, proofs and exports as it is."""
    import tempfile  # lazy: +16 ms to import (benchmarks/imports.py)

    from ..deck.games import resolve_game  # lazy: +129 ms to import (benchmarks/imports.py)
    target = Path(folder)
    if target.exists() and (not target.is_dir() or any(target.iterdir())):
        raise PnpError(f"'{folder}' is not an empty folder; pnp new never writes into one",
                       hint=f"choose a new name, e.g. pnp new {target.name}-2")
    if langs and source:
        raise PnpError("--lang starts the starter in several languages; it does not go with --from")
    from .new_languages import codes, translate  # lazy: +8 ms to import (benchmarks/imports.py)
    languages = codes(langs) if langs else []
    if title is not None and source:
        raise PnpError("the title is the starter's; a copy made --from GAME keeps GAME's title",
                       field="--title", hint="edit game: title: in the copy's deck.yaml")
    origin = _origin(source, resolve_game) if source else LAYOUTS / "starter"
    name = target.resolve().name
    given = title is not None
    title = title if given else " ".join(w.capitalize() for w in name.replace("_", "-").split("-") if w)
    if not source:
        _printable(title, given, name)
    here = _shell(name)                    # as the README's commands name it, run from the folder that holds it
    parent = target.resolve().parent
    parent.mkdir(parents=True, exist_ok=True)
    existed = False
    tmp = Path(tempfile.mkdtemp(prefix=f".{target.name}.", suffix=".new", dir=parent))
    try:
        written = []
        for src in sorted(origin.rglob("*")):
            rel = src.relative_to(origin)
            if any(p in SKIP or p.startswith(".") for p in rel.parts) or not src.is_file():
                continue
            dst = tmp / rel
            dst.parent.mkdir(parents=True, exist_ok=True)
            if not source and src.suffix in TEXT_SUFFIXES:
                text = src.read_text(encoding="utf-8")
                text = text.replace("GAME_TITLE_WORDS", "\n".join(title.split()))     # words.txt: the title's words
                text = text.replace("title: GAME_TITLE", f"title: {_yaml_text(title)}")  # deck.yaml: quoted if need be
                text = text.replace("output/GAME_FOLDER", f"output/{name}")            # the outputs take its name
                dst.write_text(text.replace("GAME_TITLE", title).replace("GAME_FOLDER", here), encoding="utf-8")
            else:
                shutil.copyfile(src, dst)
            written.append(rel.as_posix())
        if len(languages) > 1:
            written += translate(tmp, languages, LAYOUTS / "starter-languages.yaml")
        existed = target.exists()
        if existed:
            target.rmdir()                  # empty, as checked above
        os.rename(tmp, target)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    try:
        if not source:
            _builds(target, title)          # the game it makes builds as it is, or is not made
    except BaseException:
        shutil.rmtree(target, ignore_errors=True)
        if existed:
            target.mkdir()
        raise
    click.echo(f"wrote {folder}/: {', '.join(written)}")
    click.echo(f"next: pnp build {folder}   (then pnp check, pnp proof, pnp export; see {folder}/README.md)")


# pnp's own words and the starter's cards print the title in these (serif on the cards' backs, sans on labels)
TITLE_FONTS = (("serif", ("regular", "bold")), ("sans", ("regular", "bold")))
MAX_TITLE = 200


def _origin(source: str, resolve_game) -> Path:
    """The folder a copy --from GAME is made of: a shipped game's, or a game folder (named, or by its deck.yaml);
    anything else is the mistake of --from."""
    try:
        deck_file = resolve_game(source)
    except PnpError as exc:
        hint = exc.hint if exc.hint and not exc.hint.startswith(("start", "the folder")) else None
        raise PnpError(exc.message, field="--from", hint=hint or "pnp list names the games there are")
    if deck_file.name != "deck.yaml":
        raise PnpError(f"'{source}' is a file, not a game: --from copies a game's folder", field="--from",
                       hint="give the folder that holds the game's deck.yaml, or that deck.yaml")
    return deck_file.parent


def _printable(title: str, given: bool, name: str) -> None:
    """A title the starter can print: not empty, one line, and every character in the starter's fonts."""
    from ..layout.fonts import missing_glyphs  # lazy: +400 ms to import (benchmarks/imports.py)
    said = f"{title!r}" if given else f"the title made from the folder's name, {title!r},"
    field = "--title" if given else None
    fix = "give a title with --title" if not given else "choose another --title"
    if not title.strip():
        raise PnpError(f"{said} is empty", field=field, hint=fix)
    if any(ord(ch) < 32 or ord(ch) == 127 for ch in title):
        raise PnpError(f"{said} holds a line break or another control character", field=field, hint=fix)
    if len(title) > MAX_TITLE:
        raise PnpError(f"{said} is {len(title)} characters long; a title is at most {MAX_TITLE}", field=field,
                       hint=fix)
    missing = sorted({ch for fam, styles in TITLE_FONTS for ch in missing_glyphs(title, fam, styles)})
    if missing:
        chars = ", ".join(f"'{ch}' (U+{ord(ch):04X})" for ch in missing[:8])
        raise PnpError(f"{said} has characters the starter's fonts (Pnp Serif and Sans, from IBM Plex, and their "
                       f"fallbacks) cannot print: {chars}",
                       field=field, hint=f"{fix} in Latin, Greek, Cyrillic, Arabic, Hebrew or Japanese letters; "
                                         "nothing was written")


def _yaml_text(text: str) -> str:
    """`text` as a YAML scalar that reads back as itself: as written where it can be, else double-quoted."""
    import json  # lazy: +1.3 ms to import; only a JSON report needs it, and a build loads none (tests/test_startup.py)

    import yaml  # lazy: +46 ms to import (benchmarks/imports.py)
    try:
        if yaml.safe_load(f"title: {text}") == {"title": text} and "#" not in text:
            return text
    except yaml.YAMLError:
        pass
    return json.dumps(text, ensure_ascii=False)


def _shell(name: str) -> str:
    """The folder's name as a shell command line writes it (quoted where it has spaces or quotes)."""
    return shlex.quote(name)


def _builds(folder, title: str) -> None:
    """The new game read and every card laid out as `pnp build` would (quietly); a mistake is the title's (the
    starter builds as it ships: tests/deck/test_games.py), said as such."""
    from .. import pipeline  # lazy: +148 ms to import (benchmarks/imports.py)
    try:
        pipeline.load(str(folder), faces=True, quiet=True)
    except PnpError as exc:
        first = exc.errors[0] if isinstance(exc, PnpErrors) else exc
        raise PnpError(f"the title {title!r} would make a game that does not build: {first}", field="--title",
                       hint="choose another --title; nothing was written") from None
