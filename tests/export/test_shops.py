"""MakePlayingCards' images and a print shop's PDF, for every shipped game and for a deck of
every kind of piece (tests/decks/pieces: cards with shared and own backs, a single-sided card, a card
with a picture, coins whose back is their face, tokens, a board), read back as the shop would:

- MakePlayingCards: every image at its product's pixel size from layouts/shop-makeplayingcards.yaml (or,
  for a piece of no size they sell, at its own size plus their 36 px bleed, the nearest size named),
  300 DPI, quantities that add up to the deck;
- the print-shop PDF: every page's MediaBox = BleedBox = trim + bleed, TrimBox = the trim, the pages in
  the order asked for (each front followed by its back, or all fronts then all backs), every font
  embedded, a picture at its file's own resolution, the same bytes from two exports;
- a mistyped target is one line, exit status 2, and nothing is written.
"""
from __future__ import annotations

import csv
import shutil
from pathlib import Path

import pypdf
import pypdfium2 as pdfium
import pytest
from PIL import Image

from cli import ROOT, pnp, pnp_in_process
from pdfcheck import MM, fonts

PIECES = ROOT / "tests" / "decks" / "pieces"
GAMES = ["vasa-regalis", "royal-lines", "aqua-regia", "christina-regina", "a-royal-will", str(PIECES)]
IDS = [Path(g).name for g in GAMES]


def _manifest(folder: Path) -> list[dict]:
    with open(folder / "manifest.csv", newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


@pytest.fixture(scope="module")
def export(exported):
    """export(GAME, TARGET, *OPTIONS) -> (folder, stdout): `pnp export GAME --to TARGET OPTIONS`, made once per
    run (conftest.py's shared artefacts: read, never changed)."""
    def get(game, target, *options):
        return exported(game, "--to", target, *options), exported.stdout(game, "--to", target, *options)
    return get


# -- MakePlayingCards --------------------------------------------------------------------------------

# MakePlayingCards for every game; The Game Crafter for the pieces deck (export/test_gamecrafter.py reads the
# shipped games' Game Crafter exports): the same reading, against each shop's data file
SHOP_CASES = [(game, "mpc") for game in GAMES] + [(str(PIECES), "gamecrafter")]


@pytest.mark.parametrize("game, target", SHOP_CASES, ids=[f"{Path(g).name}-{t}" for g, t in SHOP_CASES])
def test_upload_images_are_the_data_files_sizes(game, target, export):
    from generator import pipeline
    from generator.export.products import pixels
    from generator.export.shops import shop
    mpc = shop(target)
    out, stdout = export(game, target)
    deck = pipeline.load(game)
    rows = _manifest(out)
    assert sum(int(r["quantity"]) for r in rows if r["side"] == "face") == deck.card_count()
    with_back = sum(c.copies for c in deck.cards if c.back is not None and c.back.template)
    assert sum(int(r["quantity"]) for r in rows if r["side"] == "back") == with_back
    assert sorted(p.name for p in out.glob("*.png")) == sorted(r["file"] for r in rows)
    names = {p.name: p for p in mpc.products}
    by_file = {}
    for r in rows:
        by_file.setdefault(r["file"], r)
    sizes = {(t.width, t.height) for t in _templates(deck)}
    for file, r in by_file.items():
        assert r["product"] in names, r          # every piece is named one of their sizes
        with Image.open(out / file) as im:
            assert im.format == "PNG" and tuple(round(d) for d in im.info["dpi"]) == (300, 300)
            if r["match"] == "exact":
                p = names[r["product"]]
                assert im.size == (p.width_px, p.height_px), file
            else:
                assert f"nearest: {r['product']} (" in r["note"]
                # its own size: trim + 36 px a side
                assert any(im.size == (pixels(w + 2 * mpc.bleed), pixels(h + 2 * mpc.bleed)) for w, h in sizes), file
    assert stdout.startswith(f"wrote {out} for {mpc.name}: ")
    if Path(game) == PIECES:        # the board is The Game Crafter's Domino Board, exactly
        board = next(r for r in rows if r["card"] == "Board")
        expected = ("Domino Board", "exact") if target == "gamecrafter" else ("Big cards", "nearest")
        assert (board["product"], board["match"]) == expected


def _templates(deck):
    from generator.layout.templates import get_template
    names = {c.template for c in deck.cards} | {c.back.template for c in deck.cards if c.back and c.back.template}
    return [get_template(n, deck) for n in sorted(names)]


def test_makeplayingcards_poker_cards_reach_their_bleed(export):
    """A poker card is 822 x 1122 px with its background to the image's edge: MakePlayingCards cuts
    36 px a side, so the trim (750 x 1050) sits 36 px in."""
    out, _ = export("vasa-regalis", "mpc")
    with Image.open(out / "wood-1-face.png") as im:
        assert im.size == (822, 1122)
        for xy in ((0, 0), (821, 0), (0, 1121), (821, 1121)):
            assert im.getpixel(xy) == (0x2f, 0x6b, 0x3b), xy


# -- the print-shop PDF ------------------------------------------------------------------------------

def _boxes(page) -> dict:
    return {name: [round(float(v), 3) for v in getattr(page, name)] for name in ("mediabox", "bleedbox", "trimbox")}


def _page_text(path, index) -> str:
    doc = pdfium.PdfDocument(str(path))
    try:
        page = doc[index]
        text = page.get_textpage().get_text_range()
        page.close()
        return " ".join(text.split())
    finally:
        doc.close()


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_print_shop_pdf_boxes_and_pages(game, export):
    """Every page: MediaBox = BleedBox = the trim grown by 1/8 in, TrimBox = the trim, 1/8 in in from
    each edge; a page for each front and for each back; the manifest's quantities add up."""
    from generator import pipeline
    out, stdout = export(game, "pdf")
    deck = pipeline.load(game)
    rows = _manifest(out)
    pdfs = sorted(p.name for p in out.glob("*.pdf"))
    assert pdfs == sorted({r["file"] for r in rows}) and pdfs
    b = 9.0
    for name in pdfs:
        mine = [r for r in rows if r["file"] == name]
        reader = pypdf.PdfReader(str(out / name))
        assert len(reader.pages) == len(mine) and len(mine) % 2 == 0
        w, h = (float(v) * MM for v in mine[0]["trim_mm"].split(" x "))
        for page in reader.pages:
            boxes = _boxes(page)
            media = boxes["mediabox"]
            assert boxes["bleedbox"] == media
            assert media[0] == media[1] == 0 and media[2] == pytest.approx(w + 2 * b, abs=0.02)
            assert media[3] == pytest.approx(h + 2 * b, abs=0.02)
            assert boxes["trimbox"] == [b, b, round(media[2] - b, 3), round(media[3] - b, 3)]
        assert all(embedded for embedded in fonts(out / name).values()), fonts(out / name)
    fronts = [r for r in rows if r["side"] == "front"]
    assert sum(int(r["quantity"]) for r in fronts) == deck.card_count()
    assert len(fronts) == len([r for r in rows if r["side"] == "back"])
    assert stdout.startswith(f"wrote {out} for a print shop: ")


def test_print_shop_pdf_page_order_paired_and_fronts_first(export):
    """paired: page 1 a front, page 2 its back ...; fronts-first: every front, then every back in the same
    order. Read on the pages themselves: a card's name on its front, its back's word on its back, nothing
    on a single-sided card's back."""
    paired, _ = export(str(PIECES), "pdf")
    first, _ = export(str(PIECES), "pdf", "--order", "fronts-first")
    back_word = {"One": "PIECES", "Two": "PIECES", "Three": "PIECES", "Crest": "CREST", "Rules": ""}
    for folder, order in ((paired, "paired"), (first, "fronts-first")):
        rows = [r for r in _manifest(folder) if r["file"] == "poker-deck.pdf"]
        n = len(rows) // 2
        assert [r["card"] for r in rows if r["side"] == "front"] == list(back_word)
        for i, r in enumerate(rows):
            side = ("front", "back")[i % 2] if order == "paired" else ("front" if i < n else "back")
            assert r["side"] == side, (order, i, r)
            text = _page_text(folder / "poker-deck.pdf", i)
            expected = r["card"] if side == "front" else back_word[r["card"]]
            assert (expected in text) if expected else text == "", (order, i, text)
        blank = [r for r in rows if r["side"] == "back" and r["card"] == "Rules"]
        assert blank and "blank" in blank[0]["note"]


def test_print_shop_pdf_keeps_a_picture_at_its_own_resolution(export):
    """The crest card's picture, 640 x 400 px in its file, is in the PDF as a 640 x 400 image."""
    out, _ = export(str(PIECES), "pdf")
    with Image.open(PIECES / "art" / "crest.png") as im:
        source = im.size
    reader = pypdf.PdfReader(str(out / "poker-deck.pdf"))
    found = []

    def walk(resources):            # a picture is drawn through a form XObject (render/draw.py): look inside
        for x in (resources.get("/XObject") or {}).values():
            x = x.get_object()
            if x.get("/Subtype") == "/Image":
                found.append((int(x["/Width"]), int(x["/Height"])))
            elif x.get("/Subtype") == "/Form":
                walk(x.get("/Resources") or {})

    for page in reader.pages:
        walk(page["/Resources"])
    assert found == [source]


def test_print_shop_pdf_round_and_large_pieces_have_their_own_files(export):
    out, said = export(str(PIECES), "pdf")
    rows = _manifest(out)
    files = {r["file"]: r for r in rows}
    assert set(files) == {"poker-deck.pdf", "round-22mm.pdf", "round-25mm.pdf", "domino-board.pdf"}
    assert "circle" in files["round-22mm.pdf"]["note"]
    assert files["domino-board.pdf"]["trim_mm"] == "101.6 x 203.2"
    assert sum(int(r["quantity"]) for r in rows if r["file"] == "round-22mm.pdf" and r["side"] == "front") == 10
    chits = sum(int(r["quantity"]) for r in rows if r["file"].startswith("round-") and r["side"] == "front")
    cards = sum(int(r["quantity"]) for r in rows if not r["file"].startswith("round-") and r["side"] == "front")
    assert f") for {cards} cards and {chits} round chits, one face a page" in said or \
        f") for {chits} round chits and {cards} cards, one face a page" in said, said     # it said '{cards + chits} cards'


def test_the_same_deck_writes_the_same_bytes(tmp_path):
    """Two exports of each new kind into fresh folders, one in this process and one in a fresh `pnp` process: every
    file the same bytes (PDFs, PNGs, manifests)."""
    for target in ("pdf", "mpc"):
        a, b = tmp_path / f"{target}-a", tmp_path / f"{target}-b"
        pnp_in_process("export", PIECES, "--to", target, "-o", a, check=True)
        pnp("export", PIECES, "--to", target, "-o", b, "-j", "1", check=True) if target == "mpc" else \
            pnp("export", PIECES, "--to", target, "-o", b, check=True)
        names = sorted(p.name for p in a.iterdir() if not p.name.startswith("."))
        assert names == sorted(p.name for p in b.iterdir() if not p.name.startswith("."))
        for name in names:
            assert (a / name).read_bytes() == (b / name).read_bytes(), (target, name)
    again = pnp_in_process("export", PIECES, "--to", "pdf", "-o", tmp_path / "pdf-a", check=True)
    assert "0 written, 5 unchanged" in again.stdout


def test_bleed_and_order_options(tmp_path):
    out = tmp_path / "pdf"
    pnp_in_process("export", "vasa-regalis", "--to", "pdf", "--bleed", "3", "-o", out, check=True)
    page = pypdf.PdfReader(str(out / "poker-deck.pdf")).pages[0]
    b = 3 * MM
    assert [float(v) for v in page.trimbox] == pytest.approx([b, b, b + 180, b + 252], abs=0.001)
    assert [float(v) for v in page.mediabox] == pytest.approx([0, 0, 180 + 2 * b, 252 + 2 * b], abs=0.001)
    assert {r["bleed_mm"] for r in _manifest(out)} == {"3"}


@pytest.mark.parametrize("args, message", [
    (["--to", "mcp"], "'mcp' is not one of 'gamecrafter', 'mpc', 'pdf', 'drivethrucards', 'png', 'showcase', "
                      "'tts'; did you mean 'mpc'?"),
    (["--to", "PDF", "--order", "backs-first"], "'backs-first' is not one of 'paired', 'back-front', 'fronts-first'"),
    (["--to", "mpc", "--order", "paired"], "--order is for --to pdf"),
    (["--bleed", "2"], "--bleed is for --to pdf or png"),
    (["--to", "pdf", "--bleed", "12"], "expected millimetres from 0 to 10, found 12.0"),
    (["--to", "pdf", "-j", "2"], "--jobs is for --to gamecrafter or mpc"),
])
def test_a_mistake_is_one_line_and_writes_nothing(args, message, tmp_path):
    out = tmp_path / "out"
    proc = pnp_in_process("export", "vasa-regalis", *args, "-o", out)
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr.count("\n") == 1 and proc.stderr.startswith("pnp: error: ") and message in proc.stderr, \
        proc.stderr
    assert not out.exists()


def test_an_export_into_another_exports_folder_sees_its_files_as_strays(tmp_path):
    """Each export keeps its own record: MakePlayingCards' export into The Game Crafter's folder names
    that export's files as strays, and removes none of them without --clean."""
    out = tmp_path / "shared"
    pnp_in_process("export", "vasa-regalis", "--without", "five-six", "-o", out, check=True)
    shutil.copy(out / "manifest.csv", tmp_path / "gc-manifest.csv")
    proc = pnp_in_process("export", "vasa-regalis", "--without", "five-six", "--to", "mpc", "-o", out, check=True)
    assert "stray" not in proc.stderr          # the same file names: MakePlayingCards' images replace them
    with Image.open(out / "wood-1-face.png") as im:
        assert im.size == (822, 1122)
    pdf = pnp_in_process("export", "vasa-regalis", "--without", "five-six", "--to", "pdf", "-o", out, check=True)
    assert "20 stray files" in pdf.stderr and "--clean removes them" in pdf.stderr
