"""Recreate the committed font subsets: pnp's one family (IBM Plex, renamed), its fallbacks and the kana face.

    npm pack @ibm/plex-sans@1.1.0 @ibm/plex-sans-condensed@2.0.0 @ibm/plex-serif@2.0.0 \
             @ibm/plex-sans-jp@3.0.0 @ibm/plex-sans-arabic@1.1.0 @ibm/plex-sans-hebrew@1.1.0
    for f in ibm-plex-*.tgz; do mkdir -p "${f%.tgz}" && tar xzf "$f" -C "${f%.tgz}"; done
    apt-get install fonts-dejavu-core
    pip install fonttools
    PLEX=path/to/those/folders python fonts/subset_fonts.py           # every subset
    PLEX=... python fonts/subset_fonts.py japanese                     # only the Japanese faces (catalog changed)

The family (fonts.yaml: sans, condensed, narrow, serif): IBM Plex Sans, Plex Sans Condensed and Plex Serif, one
superfamily drawn together, each with a true regular, bold, italic and bold italic, under the SIL Open Font Licence
(LICENSE-Plex.txt). Their figures are lining (the fonts' default: a card's cost and a table's column stand on the
capitals' line; the old-style ones, `onum`, are left out). IBM reserves the font name "Plex", and a subset is a
Modified Version under the OFL, so every subset here carries another name: "Pnp Sans", "Pnp Sans Condensed", "Pnp
Serif", "Pnp Sans JP", "Pnp Sans Arabic", "Pnp Sans Hebrew", "PnpKana Sans" (names 1, 3, 4, 6, 16, 17, 21; the
copyright and trademark notices are kept). Latin faces are subset to the blocks the games and pnp's words use
and the languages pnp prints: Latin with its extensions (Polish, Vietnamese), Greek, Cyrillic, punctuation,
currency, arrows, maths and geometric shapes the font has, with every OpenType feature (kerning, ligatures).

Fallbacks (the chain in fonts.yaml; a character the face lacks is drawn from the first that has it): DejaVu Sans
(the `symbols` family: suits, stars, ◎, dingbats; subset to the blocks a card game uses), Plex Sans Arabic, Plex
Sans Hebrew and Plex Sans JP. Plex Sans JP (the `japanese` family, regular and a real bold) is subset to Latin-1,
general punctuation, kana, CJK punctuation, full-width forms, the 2,965 kanji of JIS X 0208 level 1 (EUC-JP rows
16 to 47) and every character of pnp's Japanese catalog (generator/locale/ja/LC_MESSAGES/pnp.po). A deck whose
Japanese text needs a rarer kanji names a font of its own for it (languages: {ja: {fonts: ...}}). PnpKana Sans
(the `kana` family) is Plex Sans JP's kana alone: a title that must stay in kana fails on a kanji.
"""
import os
import re
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTFont

HERE = Path(__file__).parent
PLEX = Path(os.environ.get("PLEX", "."))
DEJAVU = Path("/usr/share/fonts/truetype/dejavu")
STYLES = {"Regular": "Regular", "Bold": "Bold", "Italic": "Italic", "BoldItalic": "BoldItalic"}
LATIN_BLOCKS = [(0x20, 0x7E), (0xA0, 0x24F), (0x259, 0x259), (0x2B0, 0x2FF), (0x300, 0x36F), (0x370, 0x3FF),
                (0x400, 0x52F), (0x1E00, 0x1EFF), (0x2000, 0x206F), (0x20A0, 0x20CF), (0x2100, 0x215F),
                (0x2190, 0x21FF), (0x2200, 0x22FF), (0x25A0, 0x25FF), (0xFB00, 0xFB06)]
DEJAVU_BLOCKS = [(0x20, 0x24F), (0x300, 0x36F), (0x370, 0x3FF), (0x2000, 0x206F), (0x20A0, 0x20CF),
                 (0x2100, 0x215F), (0x2190, 0x21FF), (0x2200, 0x22FF), (0x2460, 0x24FF), (0x2500, 0x25FF),
                 (0x2600, 0x26FF), (0x2700, 0x27BF), (0xFB00, 0xFB06)]
DEJAVU_FILES = ["DejaVuSans.ttf", "DejaVuSans-Bold.ttf"]       # a symbol in italic is drawn upright
ARABIC_BLOCKS = [(0x20, 0x7E), (0xA0, 0xA0), (0x600, 0x6FF), (0x750, 0x77F), (0x200C, 0x200F), (0xFB50, 0xFDFF),
                 (0xFE70, 0xFEFF)]
HEBREW_BLOCKS = [(0x20, 0x7E), (0xA0, 0xA0), (0x590, 0x5FF), (0x200C, 0x200F), (0xFB1D, 0xFB4F)]
KANA_BLOCKS = [(0x20, 0x7E), (0x3000, 0x30FF), (0xFF00, 0xFFEF), (0x2190, 0x2193), (0xB7, 0xB7)]
JAPANESE_BLOCKS = [(0x20, 0x7E), (0xA0, 0xFF), (0x2000, 0x206F), (0x2190, 0x2193), (0x2212, 0x2212),
                   (0x3000, 0x30FF), (0xFF00, 0xFFEF)]
CATALOG = HERE.parent / "generator" / "locale" / "ja" / "LC_MESSAGES" / "pnp.po"
# Japanese: the features a text is set with by default; the alternates (aalt, jp78, trad, vert ...) would
# bring in thousands of glyphs no text of pnp's asks for
CJK_FEATURES = ("ccmp", "locl", "kern", "liga", "mark", "mkmk")
NAMES = (1, 3, 4, 6, 16, 17, 18, 21, 22)          # the name records that name the font (not its notices)


def jis_level_1() -> list:
    """The kanji of JIS X 0208 level 1: EUC-JP's rows 16 to 47 (bytes 0xB0 to 0xCF, then 0xA1 to 0xFE)."""
    out = []
    for a in range(0xB0, 0xD0):
        for b in range(0xA1, 0xFF):
            try:
                ch = bytes([a, b]).decode("euc_jp")
            except UnicodeDecodeError:
                continue
            if "\u4e00" <= ch <= "\u9fff":
                out.append(ord(ch))
    return out


def japanese_chars() -> list:
    """Every character Pnp Sans JP holds: its blocks, JIS level 1 and pnp's Japanese catalog."""
    chars = {c for a, b in JAPANESE_BLOCKS for c in range(a, b + 1)} | set(jis_level_1())
    if CATALOG.is_file():
        chars |= {ord(ch) for ch in CATALOG.read_text(encoding="utf-8") if ord(ch) >= 0x20}
    return sorted(chars)


def _rename(font: TTFont, old: str, new: str) -> None:
    """The font's own names with "IBM Plex" replaced by "Pnp", spaced and unspaced (the OFL's Reserved Font
    Name); a kept name still holding "Plex" is a mistake here. `old`: the family it came from."""
    for rec in font["name"].names:
        if rec.nameID in NAMES:
            text = rec.toUnicode().replace("IBM Plex", "Pnp").replace("IBMPlex", "Pnp")
            text = re.sub(r"Cond(?!ensed)", "Condensed", text)        # "Pnp Sans Cond": its name in full
            plain = old.replace("IBM Plex", "Pnp")
            text = text.replace(plain, new).replace(plain.replace(" ", ""), new.replace(" ", ""))
            assert "Plex" not in text, text
            rec.string = text
    font["name"].setName(f"Subset and renamed by pnp's fonts/subset_fonts.py from {old}", 10, 3, 1, 0x409)


def _subset(src: Path, dst: Path, blocks, rename: tuple | None = None, chars=(), features=("*",)) -> None:
    opts = subset.Options()
    opts.name_IDs = ["*"]
    opts.name_languages = ["*"]
    opts.notdef_outline = True
    opts.layout_features = list(features)
    opts.hinting = False
    font = TTFont(src, recalcTimestamp=False)     # the same files every run: head.modified as released
    font.flavor = None                  # the npm packages hold WOFF: written back as plain TrueType
    sub = subset.Subsetter(opts)
    sub.populate(unicodes=[c for a, b in blocks for c in range(a, b + 1)] + list(chars))
    sub.subset(font)
    if rename:
        _rename(font, *rename)
    font.save(dst)


def _plex(package: str, stem: str, style: str) -> Path:
    folder = PLEX / package / "package" / "fonts" / "complete" / "woff"
    if (folder / "hinted").is_dir():
        folder = folder / "hinted"
    return folder / f"{stem}-{style}.woff"


def japanese() -> None:
    for style in ("Regular", "Bold"):
        _subset(_plex("ibm-plex-sans-jp-3.0.0", "IBMPlexSansJP", style), HERE / f"PnpSansJP-{style}.ttf", [],
                rename=("IBM Plex Sans JP", "Pnp Sans JP"), chars=japanese_chars(), features=CJK_FEATURES)


if __name__ == "__main__":
    import sys
    japanese()
    if sys.argv[1:] == ["japanese"]:        # only the Japanese faces (after a change to the Japanese catalog)
        sys.exit()
    for package, stem, name in (("ibm-plex-sans-1.1.0", "IBMPlexSans", "Sans"),
                                ("ibm-plex-sans-condensed-2.0.0", "IBMPlexSansCondensed", "Sans Condensed"),
                                ("ibm-plex-serif-2.0.0", "IBMPlexSerif", "Serif")):
        for style in STYLES:
            _subset(_plex(package, stem, style), HERE / f"Pnp{name.replace(' ', '')}-{style}.ttf", LATIN_BLOCKS,
                    rename=(f"IBM Plex {name}", f"Pnp {name}"))
    for script, blocks in (("Arabic", ARABIC_BLOCKS), ("Hebrew", HEBREW_BLOCKS)):
        for style in ("Regular", "Bold"):
            _subset(_plex(f"ibm-plex-sans-{script.lower()}-1.1.0", f"IBMPlexSans{script}", style),
                    HERE / f"PnpSans{script}-{style}.ttf", blocks,
                    rename=(f"IBM Plex Sans {script}", f"Pnp Sans {script}"))
    _subset(_plex("ibm-plex-sans-jp-3.0.0", "IBMPlexSansJP", "Regular"), HERE / "PnpKanaSans.ttf", KANA_BLOCKS,
            rename=("IBM Plex Sans JP", "PnpKana Sans"), features=CJK_FEATURES)
    for name in DEJAVU_FILES:
        _subset(DEJAVU / name, HERE / name, DEJAVU_BLOCKS)
