"""Font families, registered with reportlab once per process, and the glyph check.

The shared families are fonts/fonts.yaml. A deck may bring its own (`fonts:` in deck.yaml, files inside its
folder): each is known to layout under a key of its own, "NAME@DIGEST" (the digest of its files), so two
decks' families of one name never meet, and templates and rules name it plainly (resolve()).
Not here: parsed fonts kept between runs (fontcache.py), reportlab's private names (reportlab_adapter.py).
"""
from __future__ import annotations

import hashlib
from functools import lru_cache
from pathlib import Path

from reportlab.lib.fonts import addMapping
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from .. import FONTS
from ..errors import PnpError, known_list, suggest
from ..yamlfile import load
from ..reportlab_adapter import register_font
from .fontcache import load_ttf

STYLES = ("regular", "bold", "italic", "bolditalic")
SUFFIXES = (".ttf", ".otf")

_deck_families: dict = {}       # key -> {style: (path, reportlab name, "file:line" where declared)}
_deck_names: dict = {}          # deck folder -> {plain family name: key}
_spoken: dict = {}              # deck folder -> {family: family printed instead}, in the language it prints in
# the families a language's script needs where the shared ones (DejaVu, Roboto) have no glyphs for it
LANGUAGE_FAMILIES = {"ja": {"serif": "japanese", "sans": "japanese", "condensed": "japanese",
                            "narrow": "japanese", "kana": "japanese"}}


@lru_cache(maxsize=1)
def _catalogue() -> dict:
    """Shared families: name -> {style: (path, reportlab name, where)}; a missing style is the regular one."""
    out = {}
    for fam, files in load(FONTS / "fonts.yaml", "fonts/fonts.yaml").items():
        out[str(fam)] = {style: (FONTS / str(files.get(style) or files["regular"]),
                                 "pnp-" + str(files.get(style) or files["regular"]).rsplit(".", 1)[0],
                                 "fonts/fonts.yaml") for style in STYLES}
    return out


def _entry(fam: str) -> dict:
    entry = _deck_families.get(fam) or _catalogue().get(fam)
    if entry is None:
        raise PnpError(f"unknown font '{fam}'", hint=suggest(fam, _catalogue()) or known_list(_catalogue()))
    return entry


def families(deck_folder: Path | None = None) -> list[str]:
    """The family names a template may write: the shared ones and the deck's own."""
    return sorted(set(_catalogue()) | set(_deck_names.get(deck_folder, {})))


def resolve(fam: str, deck_folder: Path | None = None) -> str:
    """The key layout knows a family by: the deck's own family of that name, else the shared one; in the
    language the deck prints in, the family that language prints it in (speak)."""
    fam = _spoken.get(deck_folder, {}).get(fam, fam)
    return _deck_names.get(deck_folder, {}).get(fam, fam)


def speak(deck_folder: Path, code: str, fonts=()) -> None:
    """The deck prints in the language `code`: the families its templates, rules and pnp's own pages name are
    printed in those the language needs (LANGUAGE_FAMILIES: Japanese in the japanese family), or in those the
    deck names for it (`fonts`: ((family, family printed instead), ...), languages: in deck.yaml)."""
    from ..language import base
    _spoken[deck_folder] = {**LANGUAGE_FAMILIES.get(base(code), {}), **dict(fonts)}


def spoken(deck_folder: Path | None) -> dict:
    """{family: family printed instead} in the language the deck prints in ({} for English)."""
    return dict(_spoken.get(deck_folder, {}))


def own_families(deck_folder: Path | None) -> tuple:
    """((family, the family pnp's own pages print it in), ...) in the deck's language (own)."""
    return tuple((f, own(f, deck_folder)) for f in _spoken.get(deck_folder, {}))


def own(fam: str, deck_folder: Path | None) -> str:
    """The family pnp's own pages (the leaf, labels, the calibration sheet) print `fam` in: `fam`, or the one
    the deck's language prints it in. A deck's own family of the same name does not replace pnp's."""
    to = _spoken.get(deck_folder, {}).get(fam)
    return fam if to is None else _deck_names.get(deck_folder, {}).get(to, to)


def deck_families(deck_folder: Path | None) -> dict:
    """A deck's own families (add_deck_fonts): {plain family name: the key layout knows it by}."""
    return dict(_deck_names.get(deck_folder, {}))


def shown(fam: str) -> str:
    """A family's name as the designer wrote it (a deck's own family without its @digest)."""
    return fam.split("@", 1)[0]


def add_deck_fonts(deck_folder: Path, declared: dict) -> None:
    """Make a deck's own families known: {name: {style: (Path, "file:line")}} (styles it lacks use regular)."""
    names = {}
    for fam, styles in declared.items():
        digest = hashlib.blake2b(digest_size=4)
        for style in STYLES:
            path = (styles.get(style) or styles["regular"])[0]
            digest.update(style.encode() + b"\0" + path.read_bytes())
        key = f"{fam}@{digest.hexdigest()}"
        entry = {}
        for style in STYLES:
            path, where = styles.get(style) or styles["regular"]
            data_digest = hashlib.blake2b(path.read_bytes(), digest_size=4).hexdigest()
            entry[style] = (path, f"pnp-{path.stem}-{data_digest}", where)
        _deck_families[key] = entry
        names[fam] = key
    _deck_names[deck_folder] = names


@lru_cache(maxsize=None)
def _ttf(path: Path, name: str, where: str) -> TTFont:
    if not path.is_file():
        raise PnpError(f"font file '{path.name}' is missing", where)
    try:
        font = load_ttf(name, path)
    except PnpError:
        raise
    except Exception as exc:        # reportlab's parser: a damaged file, or outlines it cannot embed
        why = " ".join(str(exc).split())[:120]
        try:
            shown_as = str(path.resolve().relative_to(Path.cwd().resolve()))
        except ValueError:
            shown_as = str(path)
        raise PnpError(f"the font cannot be read as a TrueType font ({why})", shown_as,     # the file at fault
                       hint=f"pnp embeds TrueType (glyf) outlines; a .otf with PostScript (CFF) outlines must be "
                            f"converted to .ttf first; {where} names it")
    register_font(font)           # a face name clash gets a name of its own (reportlab_adapter)
    return font


@lru_cache(maxsize=None)
def family(name: str) -> dict:
    """{style: reportlab font name} for a family (by its key). Names only: each style's file is parsed and
    registered the first time font_name() asks for it, so a build pays only for the styles it uses."""
    entry = _entry(name)
    faces = {style: entry[style][1] for style in STYLES}
    for (bold, italic), style in {(0, 0): "regular", (1, 0): "bold", (0, 1): "italic",
                                  (1, 1): "bolditalic"}.items():
        addMapping(faces["regular"], bold, italic, faces[style])
    return faces


def font_name(fam: str, style: str = "regular") -> str:
    """The registered reportlab name of a family's style, parsing the font file on first use."""
    faces = family(fam)
    name = faces[style]
    if name not in _registered:
        _ttf(*_entry(fam)[style])
        _registered.add(name)
        # reportlab's registerFont maps every style of a new font to itself: restore the family
        for (bold, italic), st in {(0, 0): "regular", (1, 0): "bold", (0, 1): "italic",
                                   (1, 1): "bolditalic"}.items():
            addMapping(faces["regular"], bold, italic, faces[st])
    return name


_registered: set = set()


def register(names) -> None:
    """Register fonts by the names laid-out Text ops carry: a face from the layout store was laid
    out by an earlier build, so this process has not met its fonts yet."""
    for name in set(names) - _registered:
        for fam in list(_catalogue()) + list(_deck_families):
            style = next((st for st in STYLES if _entry(fam)[st][1] == name), None)
            if style is not None:
                font_name(fam, style)
                break


def ensure(fam: str, styles) -> None:
    """Register the styles a piece of markup will use (<b> and <i> look fonts up by name)."""
    for style in styles:
        font_name(fam, style)


def face(font: str):
    return pdfmetrics.getFont(font).face


def missing_glyphs(text: str, fam: str, styles=("regular",)) -> list[str]:
    """Characters of `text` that some used style of the family cannot draw."""
    return list(_missing(text, fam, tuple(styles)))


@lru_cache(maxsize=16384)
def _missing(text: str, fam: str, styles: tuple) -> tuple:
    missing = []
    for style in styles:
        cmap = face(font_name(fam, style)).charToGlyph
        for ch in set(text):
            if ch in "\n\r\t" or ch in missing:
                continue
            if ord(ch) not in cmap:
                missing.append(ch)
    return tuple(sorted(missing))


def forget() -> None:
    """A font file or fonts.yaml changed (pnp watch): parse and register fonts afresh at their next use, as
    the process's first build did (reportlab forgets them too: see reportlab_adapter.unregister_fonts)."""
    from ..reportlab_adapter import unregister_fonts
    unregister_fonts(_registered)
    for cached in (_catalogue, _ttf, family, _missing):
        cached.cache_clear()
    _registered.clear()
