"""Vasa Regalis built, read back from the PDF: pages, sizes, duplex alignment, cut marks, text."""
from __future__ import annotations

import pytest

from cli import copy_deck, pnp, pnp_in_process
from pdfcheck import (MM, cards_text, fonts, lines, page_sizes, placements, reader, same_bytes, squash, words,
                      words_in)

A4 = (595.2756, 841.8898)
LETTER = (612.0, 792.0)
LEAF = 2          # the print-instructions leaf before the card sheets


@pytest.fixture(scope="module")
def vasa(built):
    return built("vasa-regalis")


def card_pages(path):
    """(front page index, back page index) for each card sheet (the rule pages follow the sheets)."""
    pl = placements(path)
    sheets = [i for i in range(LEAF, len(pl)) if pl[i]]
    return list(zip(sheets[0::2], sheets[1::2]))


def sheet_counts(path) -> list[int]:
    """Cards on each page from the leaf to the last card sheet."""
    pl = placements(path)
    last = max(i for i, p in enumerate(pl) if p)
    return [len(p) for p in pl[:last + 1]]


def test_a4_four_sheets_fronts_then_backs(vasa):
    sizes = page_sizes(vasa)
    assert len(sizes) > LEAF + 8                       # the leaf, 8 sheet pages, the rule pages
    for w, h in sizes:
        assert w == pytest.approx(A4[0], abs=0.1) and h == pytest.approx(A4[1], abs=0.1)
    assert sheet_counts(vasa) == [0, 0, 9, 9, 9, 9, 9, 9, 6, 6]
    pl = placements(vasa)
    poker = (63.5 * MM, 88.9 * MM)
    for page in pl[LEAF:]:
        for p in page:
            assert (p.w, p.h) == (pytest.approx(poker[0], abs=0.01), pytest.approx(poker[1], abs=0.01))


def test_letter_pages(built):
    out = built("vasa-regalis", "--paper", "letter")
    sizes = page_sizes(out)
    assert all(s == (pytest.approx(LETTER[0]), pytest.approx(LETTER[1])) for s in sizes)
    assert sheet_counts(out)[LEAF:] == [9, 9, 9, 9, 9, 9, 6, 6]


def test_print_order_follows_the_original(vasa):
    def names(page):
        return [words_in(vasa, page, p) for p in placements(vasa)[page]]
    sheet1 = names(2)
    colours = [next(c for c in ("green", "red", "black", "white") if c in s.split()) for s in sheet1]
    assert colours == ["green"] * 3 + ["red"] * 3 + ["black"] * 3
    sheet2 = " | ".join(names(4))
    assert sheet2.count("Cloth") == 4 and "Rule Card 1" in sheet2 and "Rule Card 2" in sheet2
    sheet3 = " | ".join(names(6))
    assert sheet3.count("brown") == 5 and sum("5" in n.split() for n in names(6)) == 5
    sheet4 = " | ".join(names(8))
    assert sheet4.count("Gilding") == 5 and "5–6 Players" in sheet4


def _mirror_ok(path, duplex, page_w, page_h):
    pl = placements(path)
    for f, b in card_pages(path):
        fronts, backs = pl[f], pl[b]
        assert len(backs) == len(fronts)
        for p in fronts:
            if duplex == "long":
                want = (page_w - p.x - p.w, p.y)
            else:
                want = (p.x, page_h - p.y - p.h)
            match = [q for q in backs if abs(q.x - want[0]) <= 0.2 * MM and abs(q.y - want[1]) <= 0.2 * MM]
            assert len(match) == 1, f"no back behind the front at ({p.x:.1f}, {p.y:.1f}) on page {f + 1}"


@pytest.mark.parametrize("duplex", ["long", "short"])
def test_backs_coincide_with_fronts(built, duplex):
    out = built("vasa-regalis", "--duplex", duplex)
    _mirror_ok(out, duplex, *A4)


def test_each_back_is_its_own_cards_back(vasa):
    """Rule card 1 carries the round summary on its back: it must land exactly behind rule card 1."""
    pl = placements(vasa)
    rc1 = [p for p in pl[4] if "Rule Card 1" in words_in(vasa, 4, p)]
    assert len(rc1) == 1
    p = rc1[0]
    mirrored = [q for q in pl[5] if abs(q.x - (A4[0] - p.x - p.w)) < 0.2 * MM and abs(q.y - p.y) < 0.2 * MM]
    assert len(mirrored) == 1
    assert "Round Summary" in words_in(vasa, 5, mirrored[0])
    others = [words_in(vasa, 5, q) for q in pl[5] if q is not mirrored[0]]
    assert len(others) == 8
    assert all("VASA" in t and "Round" not in t for t in others)


def test_partly_filled_last_sheet_short_edge(built):
    out = built("vasa-regalis", "--duplex", "short")
    assert sheet_counts(out)[-2:] == [6, 6]
    _mirror_ok(out, "short", *A4)


def test_unequal_margins_still_put_backs_behind_fronts():
    """Imposition maths with a sheet whose left margin is far wider than its right."""
    from generator.impose.cardsheets import card_sheets
    from generator.impose.paper import SheetLayout
    from generator.impose.spec import sheet_spec
    from generator.layout.deck import layout_deck
    from generator.pipeline import load
    laid = layout_deck(load("vasa-regalis"))
    sheet = SheetLayout("odd", A4[0], A4[1], 14 * MM, 2 * MM, 5 * MM, 5 * MM, 5 * MM, 1 * MM, 0.5, "#000000")
    pages = card_sheets(laid, sheet_spec(sheet, "long"), "")
    front, back = pages[-2], pages[-1]
    assert len(front.placements) == 6
    for p in front.placements:
        q = [b for b in back.placements if b.card is p.card and b.copy == p.copy][0]
        w = p.face.width
        assert q.x == pytest.approx(A4[0] - p.x - w, abs=0.01) and q.y == pytest.approx(p.y, abs=0.01)
    assert min(p.x for p in front.placements) >= 14 * MM   # the grid respects the wide margin


def test_offset_shifts_only_the_backs(built):
    base, moved = built("vasa-regalis"), built("vasa-regalis", "--offset", "1.5,-0.75")
    a, b = placements(base), placements(moved)
    for f, bk in card_pages(base):
        assert [(p.x, p.y) for p in a[f]] == [(p.x, p.y) for p in b[f]]
        for p, q in zip(a[bk], b[bk]):
            assert q.x - p.x == pytest.approx(1.5 * MM, abs=0.01)
            assert q.y - p.y == pytest.approx(-0.75 * MM, abs=0.01)


def _outside(mark, boxes, bleed=0.0):
    x0, y0, x1, y1 = min(mark[0], mark[2]), min(mark[1], mark[3]), max(mark[0], mark[2]), max(mark[1], mark[3])
    for bx, by, bw, bh in boxes:
        if x1 > bx - bleed + 0.01 and x0 < bx + bw + bleed - 0.01 and y1 > by - bleed + 0.01 and y0 < by + bh + bleed - 0.01:
            return False
    return True


@pytest.mark.parametrize("bleed", [0, 3])
def test_cut_marks_in_margins_on_both_sides(built, bleed):
    # 3: the bleed build test_bleed_extends_backgrounds_not_trim reads; 0: the run's shared build (not another one
    # made with --bleed 0)
    out = built("vasa-regalis", *(("--bleed", bleed) if bleed else ()))
    pl = placements(out)
    for f, b in card_pages(out):
        for page in (f, b):
            boxes = [(p.x, p.y, p.w, p.h) for p in pl[page]]
            marks = lines(out, page)
            assert len(marks) >= 12, f"page {page + 1} has {len(marks)} cut marks"
            assert all(_outside(m, boxes, bleed * MM) for m in marks)
            # every card edge has a mark in line with it
            xs = {round(m[0], 1) for m in marks if m[0] == m[2]}
            ys = {round(m[1], 1) for m in marks if m[1] == m[3]}
            for x, y, w, h in boxes:
                assert round(x, 1) in xs and round(x + w, 1) in xs
                assert round(y, 1) in ys and round(y + h, 1) in ys


def test_bleed_extends_backgrounds_not_trim(built):
    out = built("vasa-regalis", "--bleed", "3")
    for page in placements(out)[LEAF:]:
        for p in page:
            assert p.bleed == pytest.approx(3 * MM, abs=0.01)
            assert p.w == pytest.approx(63.5 * MM, abs=0.01)


def test_rule_text_from_the_seed_is_present(vasa):
    text = squash(cards_text(vasa))
    for passage in [
        "The King would like to welcome you to the Royal Shipyard.",
        "Your task is to build the greatest ship that the world has ever seen.",
        "3 players: Choose 1 color and take the 4 cards. Shuffle the 4th color and place the cards in 4 piles face down.",
        "The game is played over 4 rounds with 3 phases.",
        "Pass the Captain card to the left after the round.",
        "Inspect: Look at 1 other player's card, either in a pile or in a player's hand. Only you may look.",
        "After 4 rounds, reveal the cards in 1 pile at the time and add the total value of the 4 cards.",
        "If all players placed a card of value 1 in those piles, the ship sinks and all lose the game.",
        "RED AND BLACK LOSE", "GREEN WINS",
        "To break a tie, check the pile or piles with the next highest total value.",
        "Congratulations, you earned the King's favor and kept most material for yourself!",
        "Build: Place 1 card face down to a pile", "Lowest value: Players playing lowest lose",
        "Highest value: Players playing lowest win",
    ]:
        assert squash(passage) in text, passage


def test_fonts_embedded_and_metadata(vasa):
    used = fonts(vasa)
    assert used and all(used.values()), used
    meta = reader(vasa).metadata
    assert meta.title == "Vasa Regalis" and meta.author == "Nicholas Hjelmberg"


def test_rebuild_is_byte_identical(tmp_path, vasa):
    again = tmp_path / "again.pdf"
    pnp("build", "vasa-regalis", "-o", again, check=True)          # a fresh process
    same_bytes(again.read_bytes(), vasa.read_bytes())


def test_a_differing_rebuild_is_explained(vasa):
    """same_bytes (tests/pdfcheck.py) names the object that differs, and says whether its content did."""
    import re
    import zlib
    data = vasa.read_bytes()
    streams = re.finditer(rb"\n(\d+) 0 obj\n<<\n/Filter \[ /FlateDecode \] /Length (\d+)\n>>\nstream\n", data)
    m = next(m for m in streams                  # the print-instructions page
             if re.search(rb"\[\(V\) [\d.]+ \(asa R\).*\(alis\)\] TJ",
                          zlib.decompress(data[m.end():m.end() + int(m.group(2))])))
    number, end = int(m.group(1)), m.end() + int(m.group(2))
    page = zlib.decompress(data[m.end():end])

    def with_stream(content: bytes) -> bytes:
        packed = zlib.compress(content, 9)
        head = m.group(0).replace(b"/Length " + m.group(2), b"/Length %d" % len(packed))
        return data[:m.start()] + head + packed + data[end:]
    with pytest.raises(AssertionError, match=rf"bytes differ: \[{number}\]; whose content differs: none"):
        same_bytes(data, with_stream(page))
    with pytest.raises(AssertionError, match=r"-\[\(V\) [\d.]+ \(asa R\).*\(alis\)\] TJ \| \+\[\(V\) [\d.]+ \(asa R\).*\(alix\)\] TJ"):
        same_bytes(data, with_stream(page.replace(b"(alis)] TJ", b"(alix)] TJ", 1)))     # (kerned: V a, R e, g a)


def test_leave_out_the_five_six_set(built):
    out = built("vasa-regalis", "--without", "five-six")
    assert sheet_counts(out)[LEAF:] == [9, 9, 9, 9]
    assert "18 cards" in built.stdout("vasa-regalis", "--without", "five-six")


def test_duplex_none_prints_fronts_only_when_told_to_drop_the_backs(tmp_path, built):
    """Rule card 1 carries the round summary on its back: --duplex none refuses to lose it unless told."""
    out = tmp_path / "fronts.pdf"
    proc = pnp_in_process("build", "vasa-regalis", "--duplex", "none", "-o", out)
    assert proc.returncode == 2 and not out.exists()
    assert sheet_counts(built("vasa-regalis", "--duplex", "none", "--drop-backs"))[LEAF:] == [9, 9, 9, 6]


def test_missing_glyph_fails_naming_card_and_character(tmp_path):
    deck = copy_deck("vasa-regalis", tmp_path)
    y = deck / "deck.yaml"
    y.write_text(y.read_text().replace("*Example, continued:* **GREEN WINS**",      # Rule Card 2's own
                                       "*Example, continued:* **GREEN WINS** ก"))
    out = tmp_path / "x.pdf"
    proc = pnp_in_process("build", deck, "-o", out)
    assert proc.returncode == 2
    err = proc.stderr.strip()
    assert len(err.splitlines()) == 1 and "Traceback" not in err
    assert "card 'Rule card 2'" in err and "U+0E01" in err and "deck.yaml:" in err and "text" in err
    assert not out.exists()


def test_overflowing_text_fails_naming_card(tmp_path):
    deck = copy_deck("vasa-regalis", tmp_path)
    y = deck / "deck.yaml"
    text = y.read_text()
    long = "Congratulations, you earned the King's favor and kept most material for yourself! " * 12
    y.write_text(text.replace("Congratulations, you earned the King's favor and kept most material for yourself!",
                              long.strip()))
    proc = pnp_in_process("build", deck, "-o", tmp_path / "x.pdf")
    assert proc.returncode == 2
    err = proc.stderr.strip()
    assert len(err.splitlines()) == 1
    assert "Rule card 2" in err and "does not fit" in err and "6pt" in err


def test_unknown_game_lists_known_ones():
    proc = pnp_in_process("build", "vasa-regalia")
    assert proc.returncode == 2
    assert len(proc.stderr.strip().splitlines()) == 1
    assert "unknown game 'vasa-regalia'" in proc.stderr and "vasa-regalis" in proc.stderr


def test_list_shows_games_with_counts():
    proc = pnp_in_process("list", check=True)
    line = [l for l in proc.stdout.splitlines() if l.startswith("vasa-regalis")][0]
    assert "33 cards" in line and "Base game 18" in line and "5-6 player set 15" in line


def test_calibration_sheet(tmp_path):
    out = tmp_path / "cal.pdf"
    pnp_in_process("calibrate", "--paper", "letter", "-o", out, check=True)
    assert page_sizes(out) == [(612.0, 792.0)] * 2
    back = squash(" ".join(w.text for w in words(out, 1)))
    assert "--offsetX,Y" in back and "+10" in back


def test_instructions_page_glyphs_are_checked_too(tmp_path):
    deck = copy_deck("vasa-regalis", tmp_path)
    y = deck / "deck.yaml"
    y.write_text(y.read_text().replace("designer: Nicholas Hjelmberg", "designer: Nicholas สมชาย"))
    proc = pnp_in_process("build", deck, "-o", tmp_path / "x.pdf")
    assert proc.returncode == 2
    assert "print-instructions page" in proc.stderr and "U+0E2A" in proc.stderr
    assert not (tmp_path / "x.pdf").exists()
