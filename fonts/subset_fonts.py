"""Recreate the committed font subsets from Debian's packages.

    apt-get install fonts-dejavu-core fonts-ipaexfont-gothic fonts-roboto-unhinted
    python fonts/subset_fonts.py

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


def _subset(src: Path, dst: Path, blocks, rename: str | None = None) -> None:
    opts = subset.Options()
    opts.name_IDs = ["*"]
    opts.notdef_outline = True
    opts.layout_features = ["*"]
    opts.hinting = False
    font = TTFont(src)
    sub = subset.Subsetter(opts)
    sub.populate(unicodes=[c for a, b in blocks for c in range(a, b + 1)])
    sub.subset(font)
    if rename:
        for rec in font["name"].names:
            if rec.nameID in (1, 3, 4, 6, 16, 21):
                text = rename.replace(" ", "") if rec.nameID == 6 else rename
                rec.string = text
    font.save(dst)


if __name__ == "__main__":
    for name in DEJAVU_FILES:
        _subset(DEJAVU / name, HERE / name, DEJAVU_BLOCKS)
    _subset(IPAEX, HERE / "PnpKanaGothic.ttf", KANA_BLOCKS, rename="PnpKana Gothic")
    for name in ROBOTO_FILES:
        _subset(ROBOTO / name, HERE / name, DEJAVU_BLOCKS)
