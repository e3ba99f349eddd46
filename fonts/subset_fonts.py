"""Recreate the committed font subsets from Debian's packages.

    apt-get install fonts-dejavu-core fonts-ipaexfont-gothic fonts-roboto-unhinted
    python fonts/subset_fonts.py              # every subset
    python fonts/subset_fonts.py japanese     # only PnpJapanese Gothic, after the Japanese catalog changed

Roboto Condensed (Apache License 2.0, LICENSE-Roboto.txt) is the `narrow` family: long rule texts on a
poker card (Christina Regina's rule cards) set at 6pt, the least any word is printed at, where DejaVu
Sans Condensed needs 5.5pt to fit; subset to the same blocks as DejaVu that it has.

DejaVu: subset to the blocks a card game uses (Latin, Greek, punctuation, arrows,
maths, shapes, suits, dingbats) so that each font parses in a few milliseconds.
IPAex Gothic: subset to ASCII, kana and CJK punctuation. The IPA Font License
(LICENSE-IPAexGothic.txt, Article 3.1) requires a derived font to carry another
name, so the subset is called "PnpKana Gothic"; to replace it with the original,
copy /usr/share/fonts/opentype/ipaexfont-gothic/ipaexg.ttf over
fonts/PnpKanaGothic.ttf (every glyph of the subset is in the original).
PnpJapanese Gothic (the `japanese` family: Japanese editions, `pnp build --lang ja`) is IPAex Gothic subset
to Latin-1, general punctuation, kana, CJK punctuation, full-width forms, the 2,965 kanji of JIS X 0208
level 1 (the common ones: the EUC-JP rows 16 to 47) and every character of pnp's Japanese catalog
(generator/locale/ja/LC_MESSAGES/pnp.po), about 1.1 MB; renamed as the licence requires. A deck whose
Japanese text needs a rarer kanji names a font of its own for it (languages: {ja: {fonts: ...}}).
"""
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTFont

HERE = Path(__file__).parent
DEJAVU = Path("/usr/share/fonts/truetype/dejavu")
IPAEX = Path("/usr/share/fonts/opentype/ipaexfont-gothic/ipaexg.ttf")
ROBOTO = Path("/usr/share/fonts/truetype/roboto/unhinted")
ROBOTO_FILES = ["RobotoCondensed-Regular.ttf", "RobotoCondensed-Bold.ttf", "RobotoCondensed-Italic.ttf",
                "RobotoCondensed-BoldItalic.ttf"]
DEJAVU_FILES = [
    "DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DejaVuSans-Oblique.ttf", "DejaVuSans-BoldOblique.ttf",
    "DejaVuSansCondensed.ttf", "DejaVuSansCondensed-Bold.ttf", "DejaVuSansCondensed-Oblique.ttf",
    "DejaVuSansCondensed-BoldOblique.ttf", "DejaVuSerif.ttf", "DejaVuSerif-Bold.ttf", "DejaVuSerif-Italic.ttf",
]
DEJAVU_BLOCKS = [(0x20, 0x24F), (0x300, 0x36F), (0x370, 0x3FF), (0x2000, 0x206F), (0x20A0, 0x20CF),
                 (0x2100, 0x215F), (0x2190, 0x21FF), (0x2200, 0x22FF), (0x2460, 0x24FF), (0x2500, 0x25FF),
                 (0x2600, 0x26FF), (0x2700, 0x27BF), (0xFB00, 0xFB06)]
KANA_BLOCKS = [(0x20, 0x7E), (0x3000, 0x30FF), (0xFF00, 0xFFEF), (0x2190, 0x2193), (0xB7, 0xB7)]
JAPANESE_BLOCKS = [(0x20, 0x7E), (0xA0, 0xFF), (0x2000, 0x206F), (0x2190, 0x2193), (0x2212, 0x2212),
                   (0x3000, 0x30FF), (0xFF00, 0xFFEF)]
CATALOG = HERE.parent / "generator" / "locale" / "ja" / "LC_MESSAGES" / "pnp.po"


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
    """Every character PnpJapanese Gothic holds: its blocks, JIS level 1 and pnp's Japanese catalog."""
    chars = {c for a, b in JAPANESE_BLOCKS for c in range(a, b + 1)} | set(jis_level_1())
    if CATALOG.is_file():
        chars |= {ord(ch) for ch in CATALOG.read_text(encoding="utf-8") if ord(ch) >= 0x20}
    return sorted(chars)


def _subset(src: Path, dst: Path, blocks, rename: str | None = None, chars=()) -> None:
    opts = subset.Options()
    opts.name_IDs = ["*"]
    opts.notdef_outline = True
    opts.layout_features = ["*"]
    opts.hinting = False
    font = TTFont(src)
    sub = subset.Subsetter(opts)
    sub.populate(unicodes=[c for a, b in blocks for c in range(a, b + 1)] + list(chars))
    sub.subset(font)
    if rename:
        for rec in font["name"].names:
            if rec.nameID in (1, 3, 4, 6, 16, 21):
                text = rename.replace(" ", "") if rec.nameID == 6 else rename
                rec.string = text
    font.save(dst)


if __name__ == "__main__":
    import sys
    if sys.argv[1:] == ["japanese"]:        # only PnpJapanese Gothic (after a change to the Japanese catalog)
        _subset(IPAEX, HERE / "PnpJapaneseGothic.ttf", [], rename="PnpJapanese Gothic", chars=japanese_chars())
        sys.exit()
    for name in DEJAVU_FILES:
        _subset(DEJAVU / name, HERE / name, DEJAVU_BLOCKS)
    _subset(IPAEX, HERE / "PnpKanaGothic.ttf", KANA_BLOCKS, rename="PnpKana Gothic")
    _subset(IPAEX, HERE / "PnpJapaneseGothic.ttf", [], rename="PnpJapanese Gothic", chars=japanese_chars())
    for name in ROBOTO_FILES:
        _subset(ROBOTO / name, HERE / name, DEJAVU_BLOCKS)
