"""pnp new FOLDER: start a game of your own, from the starter or from a copy of another game."""
from __future__ import annotations

import click

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
    import os
    import shutil
    import tempfile
    from pathlib import Path

    from .. import LAYOUTS
    from ..deck.games import resolve_game
    from ..errors import PnpError
    target = Path(folder)
    if target.exists() and (not target.is_dir() or any(target.iterdir())):
        raise PnpError(f"'{folder}' is not an empty folder; pnp new never writes into one",
                       hint=f"choose a new name, e.g. pnp new {target.name}-2")
    if langs and source:
        raise PnpError("--lang starts the starter in several languages; it does not go with --from")
    from .new_languages import codes, translate
    languages = codes(langs) if langs else []
    origin = resolve_game(source).parent if source else LAYOUTS / "starter"
    title = title or " ".join(w.capitalize() for w in target.resolve().name.replace("_", "-").split("-") if w)
    parent = target.resolve().parent
    parent.mkdir(parents=True, exist_ok=True)
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
                dst.write_text(text.replace("GAME_TITLE", title).replace("GAME_FOLDER", folder), encoding="utf-8")
            else:
                shutil.copyfile(src, dst)
            written.append(rel.as_posix())
        if len(languages) > 1:
            written += translate(tmp, languages, LAYOUTS / "starter-languages.yaml")
        if target.exists():
            target.rmdir()                  # empty, as checked above
        os.rename(tmp, target)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    click.echo(f"wrote {folder}/: {', '.join(written)}")
    click.echo(f"next: pnp build {folder}   (then pnp check, pnp proof, pnp export; see {folder}/README.md)")
