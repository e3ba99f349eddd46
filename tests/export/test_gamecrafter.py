"""The Game Crafter export, read back: image sizes and DPI, the manifest's quantities,
images alike to the built PDF's cards, redrawing only what changed, safe-zone warnings, and
items that are no Game Crafter card."""
from __future__ import annotations

import csv
import io
from types import SimpleNamespace

import pypdfium2 as pdfium
import pytest
from PIL import Image, ImageChops, ImageStat

from cli import copy_deck, pnp_in_process, writable_copy
import tokendeck
from pdfcheck import MM, placements, words_in

LEAF = 2
# The Game Crafter's image sizes (shared/research/gamecrafter.md): trim + 1/8 in bleed, 300 DPI.
PRODUCT_PX = {"Poker Deck": (825, 1125), "Bridge Deck": (750, 1125), "Mini Deck": (600, 825),
              "Tarot Deck": (900, 1500), "Square Deck": (1125, 1125)}
BLEED_PX = 37.5


def manifest(folder):
    with open(folder / "manifest.csv", newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def hexrgb(s):
    return tuple(int(s[i:i + 2], 16) for i in (1, 3, 5))


def mean_diff(a, b) -> float:
    return sum(ImageStat.Stat(ImageChops.difference(a, b)).mean) / 3


def worst_cell(a, b, cells=(6, 8)) -> float:
    """The largest mean difference over a grid of cells: a changed numeral shows up here."""
    w, h = a.size
    cw, ch = w // cells[0], h // cells[1]
    return max(mean_diff(a.crop((x, y, x + cw, y + ch)), b.crop((x, y, x + cw, y + ch)))
               for x in range(0, cw * cells[0], cw) for y in range(0, ch * cells[1], ch))


@pytest.fixture(scope="module")
def vasa(exported):
    """(the export's folder, what `pnp export vasa-regalis` printed): shared, read only."""
    printed = SimpleNamespace(stdout=exported.stdout("vasa-regalis"), stderr=exported.stderr("vasa-regalis"))
    return exported("vasa-regalis"), printed


@pytest.fixture(scope="module")
def vasa_pdf(built):
    return built("vasa-regalis")


def test_one_image_per_distinct_face_and_back(vasa):
    out, proc = vasa
    rows = manifest(out)
    faces = [r for r in rows if r["side"] == "face"]
    backs = [r for r in rows if r["side"] == "back"]
    # 33 cards, each face different; every card shares the Vasa back but rule card 1 (its round summary)
    assert len(faces) == 33 and len(backs) == 2
    assert sorted(p.name for p in out.glob("*.png")) == sorted(r["file"] for r in rows)
    shared = next(r for r in backs if r["file"] == "back-vasa.png")
    own = next(r for r in backs if r["file"] != "back-vasa.png")
    assert int(shared["quantity"]) == 32 and own["card"] == "Rule card 1" and own["quantity"] == "1"
    assert next(r for r in faces if r["card"] == "Rule card 1")["back"] == own["file"]
    assert {r["back"] for r in faces if r["card"] != "Rule card 1"} == {"back-vasa.png"}
    assert "wrote" in proc.stdout and "35 images (33 faces, 2 backs) for 33 cards" in proc.stdout
    assert proc.stderr == ""        # no warning, no progress bar when not on a terminal


def test_quantities_add_up_to_the_deck(vasa):
    rows = manifest(vasa[0])
    assert sum(int(r["quantity"]) for r in rows if r["side"] == "face") == 33
    assert sum(int(r["quantity"]) for r in rows if r["side"] == "back") == 33
    parts = {}
    for r in rows:
        if r["side"] == "face":
            parts[r["part"]] = parts.get(r["part"], 0) + int(r["quantity"])
    assert parts == {"Base game": 18, "5-6 player set": 15}


def test_every_image_is_poker_size_at_300_dpi(vasa):
    out, _ = vasa
    rows = manifest(out)
    assert {(r["product"], r["match"]) for r in rows} == {("Poker Deck", "exact")}
    for r in rows:
        with Image.open(out / r["file"]) as im:
            assert im.format == "PNG" and im.mode == "RGB"
            assert im.size == (825, 1125) == (int(r["width_px"]), int(r["height_px"]))
            assert tuple(round(d) for d in im.info["dpi"]) == (300, 300)


def test_backgrounds_reach_the_bleed_edge(vasa):
    out, _ = vasa
    green, navy = hexrgb("#2f6b3b"), hexrgb("#1d2f4f")
    for name, colour in (("wood-1-face.png", green), ("back-vasa.png", navy)):
        with Image.open(out / name) as im:
            for xy in ((0, 0), (824, 0), (0, 1124), (824, 1124), (412, 0), (0, 562)):
                assert im.getpixel(xy) == colour, (name, xy)


def _pdf_card(pdf_path, page_index, placed, size=(825, 1125)):
    """One card of the built PDF rasterized by pdfium at 300 DPI, the page shifted so the card's
    trim box lands where the exported image has it (1/8 in = 37.5 px in): both rasterizations
    then share the same sub-pixel phase, so equal drawings give equal pixels."""
    import ctypes

    import pypdfium2.raw as C
    doc = pdfium.PdfDocument(str(pdf_path))
    page = doc[page_index]
    _, ph = page.get_size()
    s, (w, h) = 300 / 72, size
    stride = w * 3
    buf = (ctypes.c_ubyte * (stride * h))()
    bitmap = C.FPDFBitmap_CreateEx(w, h, C.FPDFBitmap_BGR, buf, stride)
    C.FPDFBitmap_FillRect(bitmap, 0, 0, w, h, 0xFFFFFFFF)
    matrix = C.FS_MATRIX(s, 0, 0, s, BLEED_PX - placed.x * s, BLEED_PX - (ph - placed.y - placed.h) * s)
    C.FPDF_RenderPageBitmapWithMatrix(bitmap, page, matrix, C.FS_RECTF(0, 0, w, h),
                                      C.FPDF_ANNOT | C.FPDF_REVERSE_BYTE_ORDER)
    C.FPDFBitmap_Destroy(bitmap)
    page.close()
    doc.close()
    return Image.frombuffer("RGB", (w, h), buf, "raw", "RGB", stride, 1).copy()


TRIM = (38, 38, 787, 1087)      # the whole pixels inside the trim box of a poker image


def test_images_are_the_pdf_cards(vasa, vasa_pdf):
    """The exported image and the same card rasterized from the built PDF (same 300 DPI, the
    PDF built without bleed): inside the trim they are the same pixels."""
    out, _ = vasa
    pl = placements(vasa_pdf)

    def find(page, *words):
        return next(p for p in pl[page] if all(w in words_in(vasa_pdf, page, p).split() for w in words))
    cases = [("wood-1-face.png", LEAF, find(LEAF, "Wood", "1")),
             ("rule-card-1-face.png", LEAF + 2, find(LEAF + 2, "Rule", "Card", "1")),
             ("rule-card-1-back.png", LEAF + 3, find(LEAF + 3, "Round", "Summary")),
             ("back-vasa.png", LEAF + 1, pl[LEAF + 1][0])]
    for name, page, placed in cases:
        with Image.open(out / name) as im:
            exported = im.convert("RGB").crop(TRIM)
        printed = _pdf_card(vasa_pdf, page, placed).crop(TRIM)
        assert mean_diff(exported, printed) < 0.5, name
        assert worst_cell(exported, printed) < 2, name
    # and the comparison tells two cards apart: Wood 1's image is not Wood 2's card
    with Image.open(out / "wood-1-face.png") as im:
        wood1 = im.convert("RGB").crop(TRIM)
    assert worst_cell(wood1, _pdf_card(vasa_pdf, LEAF, find(LEAF, "Wood", "2")).crop(TRIM)) > 10


def _mtimes(folder):
    return {p.name: p.stat().st_mtime_ns for p in folder.glob("*.png")}


def test_second_export_redraws_only_the_changed_card(tmp_path):
    deck = copy_deck("vasa-regalis", tmp_path)
    out = tmp_path / "gc"
    pnp_in_process("export", deck, "-o", out, check=True)
    before = _mtimes(out)
    again = pnp_in_process("export", deck, "-o", out, check=True)
    assert "0 drawn, 35 unchanged" in again.stdout and _mtimes(out) == before
    text = (deck / "deck.yaml").read_text(encoding="utf-8")
    assert text.count("title: Rule Card 2") == 1
    (deck / "deck.yaml").write_text(text.replace("title: Rule Card 2", "title: Rule Card Two"), encoding="utf-8")
    third = pnp_in_process("export", deck, "-o", out, check=True)
    assert "1 drawn, 34 unchanged" in third.stdout
    after = _mtimes(out)
    assert [n for n in before if after[n] != before[n]] == ["rule-card-2-face.png"]
    with Image.open(out / "rule-card-2-face.png") as im:
        assert im.size == (825, 1125)


def test_a_palette_change_redraws_the_cards_using_it(tmp_path):
    deck = copy_deck("vasa-regalis", tmp_path)
    out = tmp_path / "gc"
    pnp_in_process("export", deck, "-o", out, check=True)
    before = _mtimes(out)
    text = (deck / "deck.yaml").read_text(encoding="utf-8")
    (deck / "deck.yaml").write_text(text.replace('green: "#2f6b3b"', 'green: "#2f6b3c"'), encoding="utf-8")
    proc = pnp_in_process("export", deck, "-o", out, check=True)
    after = _mtimes(out)
    changed = sorted(n for n in before if after[n] != before[n])
    # the palette is part of every face's hash: a colour change redraws, never leaves a stale image
    assert changed == sorted(before)
    assert "35 drawn, 0 unchanged" in proc.stdout
    with Image.open(out / "wood-1-face.png") as im:
        assert im.getpixel((0, 0)) == hexrgb("#2f6b3c")


def test_without_a_part_drops_its_images(tmp_path, exported):
    out = writable_copy(exported("vasa-regalis"), tmp_path / "gc")        # as if exported there before
    proc = pnp_in_process("export", "vasa-regalis", "--without", "five-six", "-o", out, check=True)
    rows = manifest(out)
    assert sum(int(r["quantity"]) for r in rows if r["side"] == "face") == 18
    assert "0 drawn" in proc.stdout and "15 removed" in proc.stdout
    assert sorted(p.name for p in out.glob("*.png")) == sorted(r["file"] for r in rows)
    assert not (out / "gilding-5-face.png").exists()


def test_deleted_image_is_drawn_again(tmp_path, exported):
    out = writable_copy(exported("vasa-regalis"), tmp_path / "gc")
    (out / "iron-2-face.png").unlink()
    proc = pnp_in_process("export", "vasa-regalis", "-o", out, check=True)
    assert "1 drawn, 34 unchanged" in proc.stdout and (out / "iron-2-face.png").is_file()


def test_workers_started_either_way_draw_the_same_bytes(tmp_path):
    """Forked workers inherit the deck; spawned ones (where there is no fork) load it again.
    Both give byte-identical images: the export is deterministic."""
    from generator import pipeline
    from generator.export import export
    deck = pipeline.load("vasa-regalis", ("five-six",))
    a = export(deck, tmp_path / "fork", jobs=2)
    b = export(deck, tmp_path / "spawn", jobs=2, start_method="spawn")
    assert len(a.drawn) == len(b.drawn) == 20     # 18 faces, the Vasa back, rule card 1's back
    for name in a.drawn + ["manifest.csv"]:
        assert (tmp_path / "fork" / name).read_bytes() == (tmp_path / "spawn" / name).read_bytes(), name


def test_a_failed_export_leaves_nothing_trusted(tmp_path):
    """A card that cannot be laid out stops the export with one line, before the folder is touched (every
    card is laid out first, as pnp build refuses it): its images and the cache that vouches for them are as
    they were, so the next export of the mended deck draws nothing."""
    deck = copy_deck("vasa-regalis", tmp_path)
    out = tmp_path / "gc"
    pnp_in_process("export", deck, "-o", out, check=True)
    before = {p.name: (p.read_bytes(), p.stat().st_mtime_ns) for p in out.iterdir()}
    original = (deck / "deck.yaml").read_text(encoding="utf-8")
    broken = original.replace("title: Rule Card 2", "title: Rule Card Two").replace(
        "    text: |\n      After 4 rounds", "    text: |\n      " + "overlong " * 350 + "\n\n      After 4 rounds")
    assert broken.count("overlong") == 350
    (deck / "deck.yaml").write_text(broken, encoding="utf-8")
    failed = pnp_in_process("export", deck, "-o", out)
    assert failed.returncode == 2 and failed.stderr.count("\n") == 1
    assert "Rule card 2" in failed.stderr and "does not fit" in failed.stderr
    assert {p.name: (p.read_bytes(), p.stat().st_mtime_ns) for p in out.iterdir()} == before
    (deck / "deck.yaml").write_text(original, encoding="utf-8")
    again = pnp_in_process("export", deck, "-o", out, check=True)
    assert "0 drawn, 35 unchanged" in again.stdout


def test_an_unreadable_cache_redraws_everything(tmp_path, exported):
    out = writable_copy(exported("vasa-regalis", "--without", "five-six"), tmp_path / "gc")
    (out / ".export-cache.json").write_text('{"images": {"wood-1-face.png": {"hash": 5, "warnings": 7}}', "utf-8")
    proc = pnp_in_process("export", "vasa-regalis", "--without", "five-six", "-o", out, check=True)
    assert "20 drawn, 0 unchanged" in proc.stdout


def test_default_output_folder(tmp_path):
    deck = copy_deck("vasa-regalis", tmp_path)
    pnp_in_process("export", deck, "--without", "five-six", "-q", cwd=tmp_path, check=True)
    assert (tmp_path / "output" / "vasa-regalis" / "gamecrafter" / "manifest.csv").is_file()


def test_unknown_game_is_one_line(tmp_path):
    proc = pnp_in_process("export", "no-such-game", "-o", tmp_path)
    assert proc.returncode == 2
    assert proc.stderr.count("\n") == 1 and "unknown game 'no-such-game'" in proc.stderr


def _all_decks():
    from generator.deck import known_games
    return known_games()


@pytest.mark.parametrize("game", _all_decks())
def test_every_deck_exports(game, tmp_path):
    """Every seed game: each image at its product's pixel size (or its own size), 300 DPI, and
    quantities that add up to the deck."""
    from generator import pipeline
    from generator.export import export
    from generator.export.products import pixels
    deck = pipeline.load(game)
    report = export(deck, tmp_path, jobs=2)
    rows = manifest(tmp_path)
    assert sum(int(r["quantity"]) for r in rows if r["side"] == "face") == deck.card_count()
    with_back = sum(c.copies for c in deck.cards if c.back is not None and c.back.template)
    assert sum(int(r["quantity"]) for r in rows if r["side"] == "back") == with_back
    assert sorted(p.name for p in tmp_path.glob("*.png")) == sorted(r["file"] for r in rows)
    assert len(report.drawn) == len(rows)
    for image, r in zip(report.plan.images, rows):
        assert image.file == r["file"]
        tpl = image.template
        assert r["product"], r["file"]          # every piece is named a product: exact, or the nearest
        if r["match"] == "exact":
            expected = PRODUCT_PX.get(r["product"], (image.target.width_px, image.target.height_px))
        else:
            assert r["match"] == "nearest" and f"nearest: {r['product']} (" in r["note"], r["file"]
            expected = (pixels(tpl.width + 18), pixels(tpl.height + 18))
        with Image.open(tmp_path / r["file"]) as im:
            assert im.size == expected, r["file"]
            assert tuple(round(d) for d in im.info["dpi"]) == (300, 300)


@pytest.fixture
def token_deck(tmp_path):
    return tokendeck.make(tmp_path / "token-test")


def test_tokens_landscape_and_safe_zone(token_deck, tmp_path):
    out = tmp_path / "gc"
    proc = pnp_in_process("export", token_deck, "-o", out, check=True)
    rows = {r["card"]: r for r in manifest(out) if r["side"] == "face"}
    # a round token 25 mm across: its own size (+ 1/8 in bleed each side at 300 DPI); the nearest
    # product, a 1 in Large Circle Chit, and what differs are named
    coin = rows["Coin"]
    side = round((25 * MM + 18) * 300 / 72)
    assert (coin["product"], coin["match"], coin["quantity"]) == ("Large Circle Chit", "nearest", "12")
    assert "0.4 mm larger across" in coin["note"] and "25 mm across and round" in coin["note"]
    with Image.open(out / coin["file"]) as im:
        assert im.size == (side, side) and round(im.info["dpi"][0]) == 300
    # a landscape poker card is turned to the portrait product; its top band is now on the right
    wide = rows["Wide"]
    assert wide["product"] == "Poker Deck" and wide["match"] == "exact" and "turned" in wide["note"]
    with Image.open(out / wide["file"]) as im:
        assert im.size == (825, 1125)
        assert im.getpixel((820, 562)) == hexrgb("#aa3300") and im.getpixel((5, 562)) == hexrgb("#f0e0c0")
    # the corner text is inside the trim but not inside the 1/8 in safe zone: one warning line
    warnings = [line for line in proc.stderr.splitlines() if line]
    assert len(warnings) == 1, proc.stderr
    assert warnings[0].startswith("pnp: warning: card 'Edgy' (face): text in region 'corner' ('Edgy')")
    assert "safe zone" in warnings[0]
    assert rows["Edgy"]["quantity"] == "3"
    backs = [r for r in manifest(out) if r["side"] == "back"]
    assert [(r["file"], r["quantity"]) for r in backs] == [("back-plain.png", "3")]
    # warnings repeat on a second export, though nothing is redrawn
    again = pnp_in_process("export", token_deck, "-o", out, check=True)
    assert "0 drawn" in again.stdout and again.stderr == proc.stderr


@pytest.mark.parametrize("use_numpy", [True, False])
def test_png_encoder_round_trip(use_numpy, monkeypatch):
    """The PNG writer (numpy's path, and PIL's where numpy is missing): the same pixels read back,
    300 DPI recorded, and the same bytes from either path."""
    from generator.render import png
    im = Image.new("RGB", (37, 11))
    im.putdata([((x * 7) % 256, (y * 40 + x) % 256, (x * y) % 256) for y in range(11) for x in range(37)])
    monkeypatch.setattr(png, "USE_NUMPY", use_numpy)
    data = png.encode_png(im, 300, 1)
    back = Image.open(io.BytesIO(data))
    back.load()
    assert back.mode == "RGB" and back.size == (37, 11)
    assert ImageChops.difference(back, im).getbbox() is None
    assert tuple(round(d) for d in back.info["dpi"]) == (300, 300)
    turned, w, h = png.turn_rgb(im.tobytes(), 37, 11)
    assert (w, h) == (11, 37)
    assert Image.open(io.BytesIO(png.encode_png(turned, 300, 1, (w, h)))).tobytes() == \
        im.transpose(Image.Transpose.ROTATE_270).tobytes()
    monkeypatch.setattr(png, "USE_NUMPY", not use_numpy)
    assert png.encode_png(im, 300, 1) == data


def test_exact_sizes_without_rounding_over():
    """pdfium would make a 198 pt page 826 px wide at 300/72; render_page gives exactly what is asked."""
    from generator.render.png import faces_pdf, render_pages
    from generator.layout.face import Face, Rect
    face = Face("t", "t", 180, 252, 9, ops=[Rect(-9, -9, 198, 270, "#123456")])
    [image] = list(render_pages(faces_pdf([face]), [(825, 1125)]))
    assert image.size == (825, 1125)
    assert image.getpixel((824, 1124)) == hexrgb("#123456") == image.getpixel((0, 0))


def test_safe_zone_measures_drawn_text_or_else_region_boxes(token_deck):
    """Measured on the drawn text (a short word in a wide box is fine); where the text ops cannot
    be matched to their regions, the regions' boxes are used instead."""
    from generator import pipeline
    from generator.export import safezone
    from generator.layout.deck import layout_card
    from generator.layout.templates import get_template
    deck = pipeline.load(str(token_deck))
    edgy = next(c for c in deck.cards if c.name == "Edgy")
    face = layout_card(deck, edgy, 9.0).front
    tpl = get_template(face.template, deck)
    drawn = safezone.check(face, "card 'Edgy' (face)", tpl)
    assert len(drawn) == 1 and "region 'corner'" in drawn[0] and "1.0 mm from the cut," in drawn[0]
    face.ops = [op for op in face.ops if type(op).__name__ not in ("Text", "Flow")][:1]
    boxes = safezone.check(face, "card 'Edgy' (face)", tpl)
    assert len(boxes) == 1 and "region 'corner'" in boxes[0] and "1.0 mm from the cut," in boxes[0]
