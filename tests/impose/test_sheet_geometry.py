"""Sheets that print, cut and read right on any home printer, read back from every shipped game's PDF
on A4 and Letter: nothing in the 4.2 mm band a printer leaves blank, few sheets, backs behind their fronts,
a gutter of the card's own colour where there is room, a label on every sheet, no word under 6 pt."""
from __future__ import annotations

import math
import re

import pypdfium2 as pdfium
import pytest

from pdfcheck import MM, lines, page_sizes, placements, sheet_text, text_sizes, words_in

GAMES = ["vasa-regalis", "royal-lines", "aqua-regia", "christina-regina", "a-royal-will"]
PAPERS = {"a4": "A4", "letter": "Letter"}
BAND = 4.2 * MM
LEAF = 2
TITLES = {"vasa-regalis": "Vasa Regalis", "royal-lines": "Royal Lines", "aqua-regia": "Aqua Regia",
          "christina-regina": "Christina Regina", "a-royal-will": "A Royal Will"}


@pytest.fixture(scope="module")
def letter(built):
    """letter(GAME): GAME's PDF on Letter, the shared artefact (made once per run)."""
    return lambda game: built(game, "--paper", "letter")


@pytest.fixture(params=[(g, p) for g in GAMES for p in PAPERS], ids=lambda gp: f"{gp[0]}-{gp[1]}")
def pdf(request, built, letter):
    game, paper = request.param
    return game, paper, built(game) if paper == "a4" else letter(game)


def sheet_pages(path) -> list[tuple[int, int | None]]:
    """Each card sheet's (fronts page, backs page): the pages whose label says "sheet n of N", a backs page
    after its fronts; None for a sheet none of whose pieces has a back (it prints no backs page)."""
    out: list = []
    for i in range(len(page_sizes(path))):
        label = next((t for t, _, _ in sheet_text(path, i) if re.search(r"sheet \d+ of \d+ · ", t)), None)
        if label is None:
            continue
        if " · backs · " in label and out and out[-1][1] is None:
            out[-1] = (out[-1][0], i)
        else:
            out.append((i, None))
    return out


def card_pages(path) -> list[int]:
    """The card sheets' pages, in order: each fronts page, and its backs page where it has one."""
    return [i for f, b in sheet_pages(path) for i in (f, b) if i is not None]


class Strips:
    """A page rendered at `dpi`, but only inside the rectangles asked for ((x0, y0, x1, y1) in points, y up):
    pdfium renders a crop of a page on the whole page's pixel grid (the same pixels as a whole render, cut out),
    and these tests look only near the paper's edges and the pieces' edges, a fifth of a page's pixels or less
    (a whole A4 page at 300 dpi: ~90 ms of CPU; the strips along its gutters: ~10 ms). `strips[rect]` reads the
    pixels rendered for `rect` by (column, row) of the whole render, from its top-left corner; `height` is the
    whole render's."""

    def __init__(self, path, page: int, dpi: float, rects):
        doc = pdfium.PdfDocument(str(path))
        try:
            pg = doc[page]
            W, H = pg.get_size()
            s = dpi / 72
            self.height = math.ceil(H * s)
            self.parts = {}
            for rect in dict.fromkeys(rects):
                x0, y0, x1, y1 = max(rect[0], 0.0), max(rect[1], 0.0), min(rect[2], W), min(rect[3], H)
                crop = (x0, y0, W - x1, H - y1)             # what is cut off: left, bottom, right, top
                img = pg.render(scale=s, crop=crop).to_pil()
                img = img if img.mode == "RGB" else img.convert("RGB")  # (pdfium's BGR is RGB already: no copy)
                # where pypdfium2 puts the crop on the whole render's grid
                self.parts[rect] = _Strip(img, math.ceil(crop[0] * s), math.ceil(crop[3] * s))
        finally:
            doc.close()

    def __getitem__(self, rect) -> _Strip:
        return self.parts[rect]


class _Strip:
    __slots__ = ("img", "pix", "left", "top", "w", "h")

    def __init__(self, img, left: int, top: int):
        self.img, self.pix, self.left, self.top, (self.w, self.h) = img, img.load(), left, top, img.size

    def __getitem__(self, at):
        x, y = at[0] - self.left, at[1] - self.top
        if not (0 <= x < self.w and 0 <= y < self.h):
            raise AssertionError(f"pixel {at} outside the strip rendered at {self.left},{self.top} ({self.w}x{self.h})")
        return self.pix[x, y]

    def crop(self, box):
        """The whole render's `box` (left, upper, right, lower), all inside this strip."""
        a, b, c, d = box
        assert self.left <= a and self.top <= b and c <= self.left + self.w and d <= self.top + self.h, box
        return self.img.crop((a - self.left, b - self.top, c - self.left, d - self.top))


# ------------------------------------------------------------------------------------ the printable area

def test_nothing_is_drawn_within_the_band_a_printer_leaves_blank(pdf):
    """Every page, rendered: the 4.2 mm at each edge is blank paper. And read back: no piece (with the bleed
    the sheet shows), cut mark or label reaches into it."""
    game, paper, path = pdf
    W, H = page_sizes(path)[0]
    dpi = 100
    px = dpi / 25.4                                  # pixels a millimetre
    inner = math.floor(4.2 * px) - 1                 # whole pixels inside the band, one spared for anti-aliasing
    edge = 5 * MM                                    # the band and a little more, rendered (Strips)
    for page in range(len(page_sizes(path))):
        pw, ph = page_sizes(path)[page]
        sides = ((0, ph - edge, pw, ph), (0, 0, pw, edge), (0, 0, edge, ph), (pw - edge, 0, pw, ph))
        img = Strips(path, page, dpi, sides)
        w, h = math.ceil(pw * dpi / 72), img.height
        for side, box in zip(sides, ((0, 0, w, inner), (0, h - inner, w, h), (0, 0, inner, h), (w - inner, 0, w, h))):
            lo, _ = zip(*img[side].crop(box).getextrema())
            assert min(lo) >= 250, f"{game} {paper} page {page + 1}: something is printed in the band {box}"
    for page in card_pages(path):
        for p in placements(path)[page]:
            x0, y0, x1, y1 = p.box
            assert min(x0, y0, W - x1, H - y1) >= BAND - 0.01, f"page {page + 1}: a piece at {p.x:.1f},{p.y:.1f}"
        for x1, y1, x2, y2 in lines(path, page):
            assert min(x1, x2, y1, y2, W - x1, W - x2, H - y1, H - y2) >= BAND - 0.01, f"page {page + 1}: a mark"
        for text, _, (x0, y0, x1, y1) in sheet_text(path, page):
            assert min(x0, y0, W - x1, H - y1) >= BAND - 0.01, f"page {page + 1}: the label {text!r}"


def test_marks_never_touch_a_piece_or_its_bleed(pdf):
    game, paper, path = pdf
    for page in card_pages(path):
        boxes = [p.box for p in placements(path)[page]]
        for m in lines(path, page):
            x0, x1, y0, y1 = min(m[0], m[2]), max(m[0], m[2]), min(m[1], m[3]), max(m[1], m[3])
            over = [b for b in boxes if x1 > b[0] + 0.01 and x0 < b[2] - 0.01 and y1 > b[1] + 0.01 and y0 < b[3] - 0.01]
            assert not over, f"{game} {paper} page {page + 1}: a mark {m} over a piece"


# ------------------------------------------------------------------------------------ packing

def test_sheet_count_at_most_one_above_the_area_lower_bound(pdf):
    """Pieces of different sizes share sheets: the sheets are at most one more than the pieces' area divided by
    the printable area of a sheet (A4 or Letter less the 4.2 mm band) could ever need."""
    game, paper, path = pdf
    W, H = page_sizes(path)[0]
    pl = placements(path)
    fronts = [f for f, _ in sheet_pages(path)]
    area = sum(p.w * p.h for i in fronts for p in pl[i])
    bound = math.ceil(area / ((W - 2 * BAND) * (H - 2 * BAND)))
    assert len(fronts) <= bound + 1, f"{game} on {paper}: {len(fronts)} sheets for a lower bound of {bound}"


def test_aqua_regias_marker_shares_the_last_sheet_of_cards(built, letter):
    """The single 18 mm marker goes in the row left free on the last sheet of cards, not on a sheet of its own."""
    for path in (built("aqua-regia"), letter("aqua-regia")):
        pl = placements(path)
        marker = [i for i, page in enumerate(pl) for p in page if abs(p.w - 18 * MM) < 0.05]
        assert len(marker) == 2                       # its front and its back
        assert any(abs(p.w - 63.5 * MM) < 0.05 for p in pl[marker[0]])


# ------------------------------------------------------------------------------------ duplex

def mirrored(path, duplex: str, page_w: float, page_h: float, fronts_back=None):
    """Each front with a back has exactly one back placed where the paper turns it."""
    pl = placements(path)
    for f, b in sheet_pages(path):
        if b is None:                       # a sheet whose pieces have no back: no backs page
            assert not any(pl[f + 1]) if f + 1 < len(pl) else True
            b = f + 1 if f + 1 < len(pl) else f
        for p in pl[f]:
            if duplex == "long":
                want = (page_w - p.x - p.w, p.y)
            else:
                want = (p.x, page_h - p.y - p.h)
            match = [q for q in pl[b] if abs(q.x - want[0]) < 0.01 and abs(q.y - want[1]) < 0.01
                     and abs(q.w - p.w) < 0.01 and abs(q.h - p.h) < 0.01]
            assert len(match) <= 1
            if fronts_back is not None:
                fronts_back(f, p, match)
        assert len(pl[b]) <= len(pl[f])


def test_backs_behind_fronts_long_edge(pdf):
    game, paper, path = pdf
    W, H = page_sizes(path)[0]
    missing = []
    mirrored(path, "long", W, H, lambda f, p, m: m or missing.append((f, p)))
    # the only pieces without a back are those that have none (Aqua Regia's board)
    assert all(p.w > 180 * MM for _, p in missing), missing[:3]


@pytest.mark.parametrize("game", GAMES)
def test_backs_behind_fronts_short_edge(built, game):
    out = built(game, "--paper", "letter", "--duplex", "short")
    W, H = page_sizes(out)[0]
    missing = []
    mirrored(out, "short", W, H, lambda f, p, m: m or missing.append((f, p)))
    assert all(p.w > 180 * MM for _, p in missing), missing[:3]


def test_round_summary_behind_its_rule_card_on_letter(letter):
    path = letter("vasa-regalis")
    pl = placements(path)
    W = page_sizes(path)[0][0]
    for f, _ in sheet_pages(path):
        for p in pl[f]:
            if "Rule Card 1" in words_in(path, f, p):
                back = [q for q in pl[f + 1] if abs(q.x - (W - p.x - p.w)) < 0.01 and abs(q.y - p.y) < 0.01]
                assert "Round Summary" in words_in(path, f + 1, back[0])
                return
    raise AssertionError("no Rule Card 1")


# ------------------------------------------------------------------------------------ gutters and miscuts

def test_poker_cards_get_gutters_where_the_paper_has_room(built, letter):
    """A4: gutters between columns and rows; Letter: between columns, while the rows touch (three rows of
    88.9 mm leave 12.7 mm of the 279.4, 8.4 of it the printer's band)."""
    for path, rows_touch in ((built("vasa-regalis"), False), (letter("vasa-regalis"), True)):
        first = placements(path)[LEAF]
        xs = sorted({round(p.x, 2) for p in first})
        ys = sorted({round(p.y, 2) for p in first})
        col_gap = xs[1] - xs[0] - 63.5 * MM
        row_gap = ys[1] - ys[0] - 88.9 * MM
        assert col_gap >= 2 * MM - 0.01
        assert (abs(row_gap) < 0.01) if rows_touch else row_gap >= 2 * MM - 0.01
        for p in first:
            left, bottom, right, top = p.shown
            assert min(left, right) >= 1 * MM - 0.01               # half the gutter: the card's own bleed
            assert (max(bottom, top) < 0.01) if rows_touch else min(bottom, top) >= 1 * MM - 0.01


def _own(pix, x, y, nx, ny, px):
    """The card's own colours near its edge at (x, y): a patch from 0.2 to 2 mm inside the trim (inward
    normal (nx, ny), pixel y downwards), 2 mm either way along the edge (`pix`: the render's Image.load())."""
    out = []
    for depth in (0.2, 0.5, 1.0, 1.5, 2.0):
        for along in (-2.0, -1.0, 0.0, 1.0, 2.0):
            ax, ay = (0, 1) if nx else (1, 0)
            out.append(pix[int(x + (nx * depth + ax * along) * px), int(y + (ny * depth + ay * along) * px)])
    return out


def _close(c, palette, tolerance=24):
    return any(max(abs(a - b) for a, b in zip(c, q)) <= tolerance for q in palette)


def _looked_at(p) -> dict:
    """What the cut test reads of a piece's render, as rectangles of the page (x0, y0, x1, y1): along each of its
    sides, from 1.5 mm outside the line to 2.5 mm inside, a strip across the whole page (the pieces of a column
    or a row share it: rendered once); a round piece's box and 1.5 mm round it."""
    if p.w > 180 * MM:
        return {}
    if abs(p.w - p.h) < 0.01 and p.w < 40 * MM:
        return {"round": (p.x - 1.5 * MM, p.y - 1.5 * MM, p.x + p.w + 1.5 * MM, p.y + p.h + 1.5 * MM)}
    out, d, page = 1.5 * MM, 2.5 * MM, 1e4              # (Strips cuts a rectangle to the page)
    return {"left": (p.x - out, 0, p.x + d, page), "right": (p.x + p.w - d, 0, p.x + p.w + out, page),
            "bottom": (0, p.y - out, page, p.y + d), "top": (0, p.y + p.h - d, page, p.y + p.h + out)}


def test_a_cut_1mm_off_the_line_shows_only_the_cards_own_colours(pdf):
    """Wherever the sheet put a gutter, the paper 1 mm outside each card's cut line (into the gutter) is the
    colour of that card's own edge, never the neighbour's: the render is sampled along every edge."""
    game, paper, path = pdf
    dpi = 300                   # pdfium snaps a clip to whole pixels: at 150 dpi a clipped bleed showed 0.25 mm wide
    px = dpi / 25.4
    sampled = 0
    for page in card_pages(path):
        img = Strips(path, page, dpi, [r for p in placements(path)[page] for r in _looked_at(p).values()])
        H = img.height
        for p in placements(path)[page]:
            if p.w > 180 * MM:
                continue                                  # the board: one piece on its sheet
            round_piece = abs(p.w - p.h) < 0.01 and p.w < 40 * MM
            left, bottom, right, top = p.shown
            strips = _looked_at(p)
            if round_piece:
                if min(p.shown) < 1 * MM - 0.01:
                    continue
                pix = img[strips["round"]]
                cx, cy, r = p.x + p.w / 2, p.y + p.h / 2, p.w / 2
                for k in range(12):
                    a = 2 * math.pi * k / 12
                    out = ((cx + (r + 1 * MM) * math.cos(a)) * px / MM, H - (cy + (r + 1 * MM) * math.sin(a)) * px / MM)
                    inn = [pix[int((cx + (r - d * MM) * math.cos(a)) * px / MM),
                               int(H - (cy + (r - d * MM) * math.sin(a)) * px / MM)] for d in (0.3, 0.6, 1.0)]
                    own = inn
                    assert _close(pix[int(out[0]), int(out[1])], own), \
                        f"{game} {paper} page {page + 1}: round piece at {p.x:.0f},{p.y:.0f}, angle {k * 30}"
                    sampled += 1
                continue
            for side, shown in (("left", left), ("bottom", bottom), ("right", right), ("top", top)):
                if shown < 1 * MM - 0.01:
                    continue
                pix = img[strips[side]]
                along = p.h if side in ("left", "right") else p.w
                for t in [3 * MM + i * (along - 6 * MM) / 6 for i in range(7)]:
                    if side == "left":
                        o, e, n = (p.x - 1 * MM, p.y + t), (p.x, p.y + t), (1, 0)
                    elif side == "right":
                        o, e, n = (p.x + p.w + 1 * MM, p.y + t), (p.x + p.w, p.y + t), (-1, 0)
                    elif side == "bottom":
                        o, e, n = (p.x + t, p.y - 1 * MM), (p.x + t, p.y), (0, 1)
                    else:
                        o, e, n = (p.x + t, p.y + p.h + 1 * MM), (p.x + t, p.y + p.h), (0, -1)
                    # n: the inward normal on the page; pixel rows run downwards, so its y turns over
                    own = _own(pix, e[0] * px / MM, H - e[1] * px / MM, n[0], -n[1], px)
                    got = pix[int(o[0] * px / MM), int(H - o[1] * px / MM)]
                    assert _close(got, own), (f"{game} {paper} page {page + 1}: 1 mm {side} of the card at "
                                              f"{p.x / MM:.1f},{p.y / MM:.1f} mm is {got}, its edge {own[0]}")
                    sampled += 1
    assert sampled > 100


# ------------------------------------------------------------------------------------ labels and legibility

def test_every_sheet_page_carries_its_label(pdf):
    """Game, sheet n of N, fronts or backs, paper and duplex mode: small, but not under 6 pt, outside the
    pieces and the printer's band, so a dropped stack goes back in order and fronts meet their backs."""
    game, paper, path = pdf
    sheets = sheet_pages(path)
    total = len(sheets)
    holding = [i for i, p in enumerate(placements(path)) if p]
    assert [i for f, b in sheets for i in (f, b) if i is not None and placements(path)[i]] == holding
    for k, (front, back) in enumerate(sheets):
        # a sheet none of whose pieces has a back prints no backs page, and its label says single-sided
        mode = "duplex, flip on the long edge" if back is not None else "single-sided, fronts only"
        for page, side in ((front, "fronts"), (back, "backs")):
            if page is None:
                continue
            texts = sheet_text(path, page)
            label = [t for t in texts if f"sheet {k + 1} of {total}" in t[0]]
            assert len(label) == 1, f"{game} {paper} page {page + 1}: {texts}"
            text, size, _ = label[0]
            for part in (TITLES[game], side, PAPERS[paper], mode):
                assert part in text, f"page {page + 1}: {part!r} not in {text!r}"
            assert size >= 6.5 - 0.01           # issue 32: as the cards' own labels


def test_no_word_is_smaller_than_6pt(pdf):
    """Letters and digits on every page (cards, labels, the leaf, rule pages) are 6 pt or more; only symbols
    set alone (a card's ornament stars) may be smaller."""
    game, paper, path = pdf
    for page in range(len(page_sizes(path))):
        small = {ch for ch, size in text_sizes(path, page) if size < 6 - 0.01 and ch.isalnum()}
        assert not small, f"{game} {paper} page {page + 1}: {sorted(small)[:10]} under 6pt"


# ------------------------------------------------------------------------------------ the leaf

def test_the_leaf_says_how_to_cut_and_what_the_layout_chose(built, letter):
    from pdfcheck import leaf_text, squash
    # the leaf's two pages (its sections run over both); Vasa Regalis is American, and so are pnp's words in
    # it since issue 32 (color, neighbors)
    a4 = squash(leaf_text(built("vasa-regalis")))
    assert squash("Cut along the lines that join the cut marks") in a4
    assert squash("Nothing is printed within 4.2 mm of the paper's edge") in a4
    assert squash("mm gutters between columns, filled with each piece's own color") in a4
    us = squash(leaf_text(letter("vasa-regalis")))
    assert squash("rows touch (no room for a gutter on Letter): one cut between neighbors") in us
    # the sheet list: every sheet once, with its pages
    assert squash("Sheets 1–2 (pages 3–6)") in us or squash("Sheet 1 (pages 3 and 4)") in us


def test_the_leafs_sheet_list_matches_the_sheets(pdf):
    """The print leaf lists every sheet once, in order, with its pages and how many pieces it holds."""
    import re

    from pdfcheck import leaf_text
    game, paper, path = pdf
    leaf = leaf_text(path)          # the leaf's sections, column by column over both pages
    text = " ".join(leaf.split("The sheets\n", 1)[1].split("Cutting\n", 1)[0].split())
    pl = placements(path)
    sheets = sheet_pages(path)
    seen = []
    for a, b, pa, pb, what in re.findall(r"• Sheets? (\d+)(?:–(\d+))? \(pages? (\d+)(?:(?:–| and )(\d+))?\): (.*?)(?= •|$)",
                                         text):
        a, b, pa = int(a), int(b or a), int(pa)
        end = sheets[b - 1][1] if sheets[b - 1][1] is not None else sheets[b - 1][0]
        assert int(pb or pa) == end + 1, f"{game} {paper}: sheets {a}-{b} on pages {pa}-{pb}"
        what = what.split("**")[0]                  # the next part's heading may follow on the line
        count = sum(int(n) for n in re.findall(r"(?:^|, )(\d+) ", what))
        for sheet in range(a, b + 1):
            front = sheets[sheet - 1][0]
            assert sheet > a or front == pa - 1, f"{game} {paper}: sheet {sheet} listed on page {pa}"
            assert len(pl[front]) == count, f"{game} {paper}: sheet {sheet} holds {len(pl[front])}, listed {count}"
            seen.append(sheet)
    assert seen == list(range(1, len(sheets) + 1))
