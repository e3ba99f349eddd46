"""Font families, registered with reportlab once per process, their fallback chains, and the glyph check.

The shared families are fonts/fonts.yaml, part of pnp's install (read once a process, as its code is). A deck
may bring its own (`fonts:` in deck.yaml, files inside its folder: Deck.fonts): each is known to layout under a
key of its own, "NAME@DIGEST" (the digest of its files), so two decks' families of one name never meet, a font
saved anew is a new key (nothing measured or registered from the old file is ever used for it), and templates
and rules name it plainly: resolve(name, deck) gives the key, in the language the deck prints in (a Japanese
deck prints its families in the japanese one, or those its languages: section names). What is worked out for a
deck is kept on it (Deck.memo_of), never here.
A family's `fallback:` (fonts.yaml, or a deck family's own; a deck family that writes none has the sans family's)
names the families a character it has no glyph for is drawn from: runs() splits a text by the first font of the
chain that has each character, and the glyph check looks through the whole chain.
Not here: parsed fonts kept between runs (fontcache.py), reportlab's private names (reportlab_adapter.py).
"""
from __future__ import annotations

import hashlib
import re
from functools import lru_cache
from pathlib import Path

from reportlab.lib.fonts import addMapping
from reportlab.pdfbase import pdfmetrics

from .. import FONTS
from ..errors import PnpError, known_list, suggest
from ..files.yamlfile import load
# TTFont through the adapter: reportlab's ttfonts is imported there first, after it defers HarfBuzz
from ..reportlab_adapter import TTFont, face_owner, private_glyphs, register_font, registered, unregister_fonts
from . import systemfonts
from .fontcache import load_ttf
from .shaping import INVISIBLE
from ..language import base

STYLES = ("regular", "bold", "italic", "bolditalic")
FALLBACK = "fallback"       # a family's entry: the families a character it has no glyph for is drawn from
DEFAULT_CHAIN = "sans"      # a deck's own family that names no fallback uses this shared family's
_DECK_FONT = r"pnp-.+-[0-9a-f]{8}"          # a deck's own font file's reportlab name (_add)
SUFFIXES = (".ttf", ".otf")

# Every deck family this process has met, by its key (NAME@DIGEST): {style: (path, reportlab name, "file:line")}.
# Process-wide because reportlab's font registry is, and text is measured and drawn by a family's key alone; the key
# names the files' contents, so an entry is never stale and a deck loaded again finds its own.
_families: dict = {}
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
        out[str(fam)][FALLBACK] = tuple(str(f) for f in files.get(FALLBACK) or ())
    return out


def _entry(fam: str) -> dict:
    entry = _families.get(fam) or _catalogue().get(fam)
    if entry is None:
        raise PnpError(f"unknown font '{fam}'", hint=suggest(fam, _catalogue()) or known_list(_catalogue()))
    return entry


def families(deck=None) -> list[str]:
    """The family names a template may write: the shared ones and the deck's own (`deck`: a loaded Deck, or
    None for pnp's own pages)."""
    return sorted(set(_catalogue()) | set(deck_families(deck)))


def resolve(fam: str, deck=None) -> str:
    """The key layout knows a family by: the deck's own family of that name, else the shared one; in the
    language the deck prints in, the family that language prints it in (spoken)."""
    fam = spoken(deck).get(fam, fam)
    return deck_families(deck).get(fam, fam)


def named(name: str, deck) -> str | None:
    """The deck's own family a template's or a span's `font` means when it is not written as the deck names it:
    the same words in another case or spacing ('archivo  narrow'), or the family name its font file gives
    itself; None for none."""
    own = deck_families(deck)
    wanted = " ".join(str(name).lower().split())
    for plain, key in own.items():
        if " ".join(plain.lower().split()) == wanted or file_family(key).lower() == wanted:
            return plain
    return None


def spoken(deck) -> dict:
    """{family: family printed instead} in the language the deck prints in: those the language needs
    (LANGUAGE_FAMILIES: Japanese in the japanese family), or those the deck names for it (languages: in
    deck.yaml); {} for None and for English."""
    if deck is None:
        return {}
    memo = deck.memo_of("fonts")
    key = ("spoken", deck.language)
    if key not in memo:
        lang = deck.languages.get(deck.language)
        memo[key] = {**LANGUAGE_FAMILIES.get(base(deck.language), {}), **dict(lang.fonts if lang else ())}
    return memo[key]


def own_families(deck) -> tuple:
    """((family, the family pnp's own pages print it in), ...) in the deck's language (own)."""
    return tuple((f, own(f, deck)) for f in spoken(deck))


def own(fam: str, deck) -> str:
    """The family pnp's own pages (the leaf, labels, the calibration sheet) print `fam` in: `fam`, or the one
    the deck's language prints it in. A deck's own family of the same name does not replace pnp's."""
    to = spoken(deck).get(fam)
    return fam if to is None else deck_families(deck).get(to, to)


def deck_families(deck) -> dict:
    """A deck's own families: {plain family name: the key layout knows it by}, made known to this process the
    first time they are asked for (each font file read once a load, for its digest)."""
    if deck is None or not deck.fonts:
        return {}
    memo = deck.memo_of("fonts")
    if "own" not in memo:
        memo["own"] = _add(deck.fonts, deck.extra.get("fonts_failed", ()) if deck.extra else ())
    return memo["own"]


def deck_keys(deck) -> tuple:
    """The keys (NAME@DIGEST) of the deck's own families: those its SVG pictures' text may name (layout/svgtext.py;
    each SVG's Image op carries them to render/svg.py), never another deck's met in this process."""
    return tuple(deck_families(deck).values())


def file_family(fam: str) -> str:
    """The family name a family's regular font file gives itself ('' where it cannot be read)."""
    try:
        name = getattr(face(font_name(fam, "regular")), "familyName", "") or ""
    except PnpError:
        return ""
    return name.decode("utf-8", "replace") if isinstance(name, bytes) else str(name)


def shown(fam: str) -> str:
    """A family's name as the designer wrote it (a deck's own family without its @digest)."""
    return fam.split("@", 1)[0]


def _add(declared: dict, failed=()) -> dict:
    """Make a deck's own families known: {name: {style: (Path, "file:line"), "fallback": ((family, ...),
    "file:line")}} (styles it lacks use regular; no fallback: the sans family's chain); returns {name: key}. The
    key names the files' contents and the fallback (with every file of the deck's when it falls back to one of
    its own), so the chain kept under a key is never stale. `failed`: the deck's families that did not load (their
    mistake said where they are written): a fallback naming one leaves it out, and says nothing more."""
    names = {}
    every = hashlib.blake2b(digest_size=8)      # all the deck's font files: a fallback to its own family names them
    for styles in declared.values():
        for style in STYLES:
            every.update((styles.get(style) or styles["regular"])[0].read_bytes())
    for fam, styles in declared.items():
        digest = hashlib.blake2b(digest_size=4)
        given = styles.get(FALLBACK)
        digest.update(repr(given and given[0]).encode())
        if given and set(given[0]) & set(declared):
            digest.update(every.digest())
        for style in STYLES:
            path = (styles.get(style) or styles["regular"])[0]
            digest.update(style.encode() + b"\0" + path.read_bytes())
        key = f"{fam}@{digest.hexdigest()}"
        entry = {}
        for style in STYLES:
            path, where = styles.get(style) or styles["regular"]
            data_digest = hashlib.blake2b(path.read_bytes(), digest_size=4).hexdigest()
            entry[style] = (path, f"pnp-{path.stem}-{data_digest}", where)
        entry[FALLBACK] = styles.get(FALLBACK)        # (names, "file:line"), or None: the default chain
        _families[key] = entry
        names[fam] = key
    for key in set(names.values()):             # a fallback names a family of the deck's own or a shared one
        given = _families[key][FALLBACK]
        if given is None:
            _families[key][FALLBACK] = _catalogue()[DEFAULT_CHAIN][FALLBACK]
            continue
        wrong = [n for n in given[0] if n not in names and n not in _catalogue() and n not in failed]
        if wrong:
            known = sorted(set(names) | set(_catalogue()))
            file, _, line = given[1].rpartition(":")
            raise PnpError(f"unknown font family '{wrong[0]}' in the fallback of font family '{shown(key)}'",
                           file, int(line) if line.isdigit() else None, field=f"fonts.{shown(key)}.fallback",
                           hint=suggest(wrong[0], known) or known_list(known))
        _families[key][FALLBACK] = tuple(names.get(n, n) for n in given[0] if n not in failed)
    return names


def _ttf(path: Path, name: str, where: str) -> TTFont:
    """The font file parsed (or read back from the font cache: fontcache.py) and registered under `name`: once a
    process for each name (font_name asks only for one not registered)."""
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
    older = face_owner(font)
    if older is not None and older != name and re.fullmatch(_DECK_FONT, older) and re.fullmatch(_DECK_FONT, name) \
            and older.rsplit("-", 1)[0] == name.rsplit("-", 1)[0]:
        # the same file of a deck saved anew (pnp-STEM-DIGEST): the new one replaces it, under its own face name,
        # as a fresh process would register it
        unregister_fonts([older])
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
    if not registered(name):
        _ttf(*_entry(fam)[style])
        # reportlab's registerFont maps every style of a new font to itself: restore the family
        for (bold, italic), st in {(0, 0): "regular", (1, 0): "bold", (0, 1): "italic",
                                   (1, 1): "bolditalic"}.items():
            addMapping(faces["regular"], bold, italic, faces[st])
    return name




def file_of(font: str) -> Path | None:
    """The file of a registered font (by its reportlab name), for those who draw with another library (the
    proof's contact sheet draws its labels with Pillow); None for a name pnp does not know."""
    for entry in list(_catalogue().values()) + list(_families.values()):
        for style in STYLES:
            if entry[style][1] == font:
                return entry[style][0]
    return None


def system(name: str) -> str | None:
    """The key of the machine's own TrueType family `name` (systemfonts.py: fontconfig), made known as a deck's
    own family is (its styles the files fontconfig gives, regular where it has no other), or None."""
    return _system(" ".join(str(name).split()))


@lru_cache(maxsize=256)
def _system(name: str) -> str | None:
    found = systemfonts.files(name)
    if not found:
        return None
    digest = hashlib.blake2b(digest_size=4)
    for style in STYLES:
        digest.update(style.encode() + b"\0" + (found.get(style) or found["regular"]).read_bytes())
    key = f"{name}@{digest.hexdigest()}"
    entry = {}
    for style in STYLES:
        path = found.get(style) or found["regular"]
        short = hashlib.blake2b(path.read_bytes(), digest_size=4).hexdigest()
        entry[style] = (path, f"{systemfonts.PREFIX}{short}-{path}", "fontconfig")
    entry[FALLBACK] = _catalogue()[DEFAULT_CHAIN][FALLBACK]
    _families[key] = entry
    return key


def from_system(fam: str) -> bool:
    """Whether a family (by its key) was taken from the machine's fonts."""
    entry = _families.get(fam)
    return entry is not None and entry["regular"][2] == "fontconfig"


def register(names) -> None:
    """Register fonts by the names laid-out Text ops carry: a face from the layout store was laid
    out by an earlier build, so this process has not met its fonts yet (a system font by the file its name
    names)."""
    for name in {n for n in names if not registered(n)}:
        path = systemfonts.path_of(name)
        if path is not None and path.is_file():
            _ttf(path, name, "fontconfig")
            continue
        for fam in list(_catalogue()) + list(_families):
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
    """Characters of `text` that some used style of the family cannot draw, nor any family of its fallback
    chain in that style."""
    return list(_missing(text, fam, tuple(styles)))


@lru_cache(maxsize=16384)
def _missing(text: str, fam: str, styles: tuple) -> tuple:
    missing = []
    for style in styles:
        name = font_name(fam, style)
        for ch in set(text):
            if ch in "\n\r" or ch in missing or ord(ch) in INVISIBLE:
                continue
            if not _own(name, ch) and _drawn_by(ch, fam, style) is None:
                missing.append(ch)
    return tuple(sorted(missing))


def _own(name: str, ch: str) -> bool:
    """Whether the registered font `name` itself has a glyph for `ch`: not a private-use code that pnp gave one of
    its shaped glyphs (reportlab_adapter.glyph_char), which a designer's U+E000 would draw in silence."""
    return ord(ch) in face(name).charToGlyph and not private_glyphs(name, ch)


@lru_cache(maxsize=256)
def chain(fam: str) -> tuple:
    """The family (by its key) and the families its characters fall back to, in order: its own `fallback:`
    list, then theirs, each once."""
    out = [fam]
    for key in out:
        out.extend(f for f in _entry(key).get(FALLBACK) or () if f not in out)
    return tuple(out)


@lru_cache(maxsize=16384)
def _drawn_by(ch: str, fam: str, style: str) -> str | None:
    """The registered font of the first family in `fam`'s fallback chain whose `style` has a glyph for `ch`."""
    for key in chain(fam):
        name = font_name(key, style)
        if _own(name, ch):
            return name
    return None


@lru_cache(maxsize=65536)
def runs(text: str, fam: str, style: str = "regular") -> tuple:
    """`text` as ((run, registered font), ...): each character in the family's own font where it has a glyph,
    else in the first of its fallback chain that has one (a character none has stays in the family's font: the
    glyph check names it). One run when the family's font has every glyph."""
    main = font_name(fam, style)
    if all(_own(main, ch) for ch in text):
        return ((text, main),)
    out: list = []
    held = ""                   # isolates' marks (drawn as nothing) before the first character: go with it
    for ch in text:
        if ord(ch) in INVISIBLE and not _own(main, ch):
            if out:
                out[-1] = (out[-1][0] + ch, out[-1][1])
            else:
                held += ch
            continue
        name = main if _own(main, ch) or ch.isspace() else _drawn_by(ch, fam, style) or main
        ch, held = held + ch, ""
        if out and out[-1][1] == name:
            out[-1] = (out[-1][0] + ch, name)
        else:
            out.append((ch, name))
    return tuple(out) if not held else tuple(out) + ((held, main),)

