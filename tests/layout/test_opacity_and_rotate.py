"""Every region type takes `opacity` and `rotate`, keys declared once for all (layout/regions/common.py).

Read back from what pnp writes: each region drawn inside a graphics state whose /ca and /CA are its opacity
(and the face, placed twice, drawn on the page both times, never in a form); each drawn as turned about its
box's centre: a rect's and an ellipse's cm, an image's cm, a text's and a text box's Tm, a line's ends, a
hexagon's corners, a polygon's and a star's corners turned along their ellipse; the page rasterized by pdfium
shows the turned, see-through shapes and picture where they belong. The layout store keeps them (warm, cold
and uncached builds the same bytes); a box turned past its piece, a bad opacity and a bad rotate on any type
are one line each, all in one run.
"""
from __future__ import annotations

import math
import textwrap

import pypdfium2 as pdfium
import pytest
from pypdf.generic import ContentStream

from cli import pnp_in_process
from pdfcheck import MM, placements, reader

POKER_H = 88.9 * MM
LEAF = 2                    # the print leaf's pages, before the card sheet
TOL = 0.05                  # points
INK = (0x1d, 0x22, 0x30)
RED = (0xc0, 0x39, 0x2b)

DECK = """\
    game: {title: Turned}
    palette: {ink: "#1d2230", red: "#c0392b"}
    kinds:
      card: {title: Card, template: card, back: none}
    cards:
      - {kind: card, name: A, copies: 2}
    """
# each region in a cell of its own, turned 90 degrees (a 16 x 6 mm box stands 6 x 16 mm), each see-through
TEMPLATE = """\
    size: poker
    regions:
      - {id: bar, type: rect, box: [4mm, 13mm, 16mm, 6mm], fill: ink, opacity: 30%, rotate: 90}
      - {id: oval, type: ellipse, box: [24mm, 13mm, 16mm, 6mm], fill: ink, opacity: 35%, rotate: 90}
      - {id: rule, type: line, box: [44mm, 16mm, 16mm, 0mm], stroke: ink, stroke_width: 2pt, opacity: 40%, rotate: 90}
      - {id: word, type: text, box: [4mm, 42mm, 16mm, 6mm], text: "Turn", size: 12pt, align: center, opacity: 45%, rotate: 90}
      - {id: note, type: textbox, box: [24mm, 42mm, 16mm, 6mm], text: "**Turned** box", size: 8pt, opacity: 50%, rotate: 90}
      - {id: pic, type: image, box: [44mm, 42mm, 16mm, 6mm], src: bar.png, fit: stretch, opacity: 55%, rotate: 90}
      - {id: hex, type: hexagon, box: [4mm, 72mm, 16mm, 6mm], fill: red, opacity: 60%, rotate: 90}
      - {id: tri, type: polygon, box: [24mm, 67mm, 16mm, 16mm], sides: 3, fill: red, opacity: 65%, rotate: 30}
      - {id: star, type: star, box: [44mm, 67mm, 16mm, 16mm], fill: red, opacity: 70%, rotate: 36}
    """
OPACITY = {"bar": 0.3, "oval": 0.35, "rule": 0.4, "word": 0.45, "note": 0.5, "pic": 0.55, "hex": 0.6, "tri": 0.65,
           "star": 0.7}
BOXES = {"bar": (4, 13, 16, 6), "oval": (24, 13, 16, 6), "rule": (44, 16, 16, 0), "word": (4, 42, 16, 6),
         "note": (24, 42, 16, 6), "pic": (44, 42, 16, 6), "hex": (4, 72, 16, 6), "tri": (24, 67, 16, 16),
         "star": (44, 67, 16, 16)}


def centre(region) -> tuple[float, float]:
    """A region's box centre on the card, points from its bottom-left (y up)."""
    x, y, w, h = BOXES[region]
    return (x + w / 2) * MM, POKER_H - (y + h / 2) * MM


def write_deck(folder, template=TEMPLATE, deck=DECK):
    (folder / "templates").mkdir(parents=True)
    (folder / "deck.yaml").write_text(textwrap.dedent(deck), encoding="utf-8")
    (folder / "templates" / "card.yaml").write_text(textwrap.dedent(template), encoding="utf-8")
    from PIL import Image
    picture = Image.new("RGB", (160, 60), (0, 0, 0))            # its left half black, its right half red
    picture.paste((200, 0, 0), (80, 0, 160, 60))
    picture.save(folder / "bar.png")
    return folder


@pytest.fixture(scope="module")
def turned(tmp_path_factory):
    folder = write_deck(tmp_path_factory.mktemp("turned") / "turned")
    out = folder.parent / "turned.pdf"
    pnp_in_process("build", folder, "-o", out, check=True, env={"PNP_CACHE": "off"})
    return out


# --- the content stream of the first card, interpreted: what is drawn, where, with which alpha ---

def _mul(m, n):
    """The PDF matrix m then n (m x n, row vectors)."""
    a, b, c, d, e, f = m
    p, q, r, s, t, u = n
    return (a * p + b * r, a * q + b * s, c * p + d * r, c * q + d * s, e * p + f * r + t, e * q + f * s + u)


def _apply(m, x, y):
    return m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]


def marks(path):
    """Everything the first card on the card sheet draws: (kind, alpha (ca, CA), matrix, points in the card's
    coordinates, operator), kind one of path, text, picture. A text's matrix is its Tm in the card's space,
    a picture's its CTM; a path's points are its corners and curve ends."""
    r = reader(path)
    page = r.pages[LEAF]
    states = page["/Resources"].get("/ExtGState", {})
    ops = ContentStream(page.get_contents(), r).operations
    start = next(i for i, (args, op) in enumerate(ops) if op == b"BDC" and args[0] == "/PnpCard")
    ident = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
    ctm, alpha, stack, points, tm, origin, out = ident, (1.0, 1.0), [], [], ident, None, []
    for args, op in ops[start + 1:]:
        nums = [float(a) for a in args] if op in (b"cm", b"re", b"m", b"l", b"c", b"Tm") else []
        if op == b"EMC":
            break
        if op == b"q":
            stack.append((ctm, alpha))
        elif op == b"Q":
            ctm, alpha = stack.pop()
        elif op == b"cm":
            if origin is None:              # the placement: the card's own coordinates from here
                origin = nums
                continue
            ctm = _mul(nums, ctm)
        elif op == b"gs":
            gs = states[args[0]].get_object()
            alpha = (float(gs.get("/ca", alpha[0])), float(gs.get("/CA", alpha[1])))
        elif op == b"re":
            x, y, w, h = nums
            points += [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]
        elif op in (b"m", b"l", b"c"):
            points.append((nums[-2], nums[-1]))
        elif op in (b"f", b"S", b"B", b"b", b"f*"):
            out.append(("path", alpha, ctm, [_apply(ctm, x, y) for x, y in points], op))
            points = []
        elif op == b"n":
            points = []
        elif op == b"Tm":
            tm = tuple(nums)
        elif op in (b"Tj", b"TJ"):
            m = _mul(tm, ctm)
            out.append(("text", alpha, m, [(m[4], m[5])], op))
        elif op == b"Do":
            out.append(("picture", alpha, ctm, [_apply(ctm, x, y) for x, y in ((0, 0), (1, 0), (1, 1), (0, 1))], op))
    return out


def by_region(path) -> dict:
    """The marks of each region, known by its opacity (each region's is its own)."""
    found = {}
    for mark in marks(path):
        region = next((k for k, v in OPACITY.items() if abs(mark[1][0] - v) < 1e-6), None)
        assert region is not None, f"drawn at an opacity no region asks for: {mark}"
        found.setdefault(region, []).append(mark)
    return found


def extent(points):
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return min(xs), min(ys), max(xs), max(ys)


def close(a, b, tol=TOL) -> bool:
    return all(abs(p - q) <= tol for p, q in zip(a, b))


# --- opacity ---

def test_every_region_type_is_drawn_at_its_opacity(turned):
    """Each region's marks lie inside a graphics state whose /ca and /CA (fill and stroke alpha) are its
    opacity; every type has one."""
    found = by_region(turned)
    assert sorted(found) == sorted(OPACITY)
    for region, ms in found.items():
        for kind, (ca, stroke_alpha), *_ in ms:
            assert ca == pytest.approx(OPACITY[region]) and stroke_alpha == pytest.approx(OPACITY[region]), region
    kinds = {region: {m[0] for m in ms} for region, ms in found.items()}
    assert kinds["word"] == kinds["note"] == {"text"} and kinds["pic"] == {"picture"}


def test_a_see_through_face_is_drawn_on_the_page_wherever_it_is_placed(turned):
    """Its graphics states are the page's resources: a form would list none, so the face placed twice is
    drawn inline twice, never as a form."""
    cards = placements(turned)[LEAF]
    assert len(cards) == 2 and all(p.form.startswith("inline-") for p in cards)
    states = reader(turned).pages[LEAF]["/Resources"]["/ExtGState"]
    for key in ("/ca", "/CA"):          # reportlab sets fill and stroke alpha by states of their own
        alphas = sorted({round(float(gs[key]), 6) for gs in (states[k].get_object() for k in states) if key in gs})
        assert alphas == sorted(OPACITY.values()), key


# --- rotate ---

def test_a_turned_rect_and_ellipse_are_drawn_through_a_cm_about_their_centre(turned):
    found = by_region(turned)
    for region in ("bar", "oval"):
        (kind, _, ctm, points, _), = found[region]
        cx, cy = centre(region)
        assert close(ctm[:4], (0, 1, -1, 0), 1e-9), ctm                  # turned a quarter anticlockwise
        assert close(_apply(ctm, cx, cy), (cx, cy)), ctm                   # about the box's centre
        # 16 x 6 mm standing: 6 mm across, 16 mm high
        assert close(extent(points), (cx - 3 * MM, cy - 8 * MM, cx + 3 * MM, cy + 8 * MM)), region


def test_a_turned_line_runs_between_its_turned_ends(turned):
    (kind, _, _, points, op), = by_region(turned)["rule"]
    cx, cy = centre("rule")
    assert op == b"S" and len(points) == 2
    assert close(points[0], (cx, cy - 8 * MM)) and close(points[1], (cx, cy + 8 * MM)), points


def test_a_turned_hexagon_has_its_corners_turned(turned):
    (_, _, _, points, _), = by_region(turned)["hex"]
    cx, cy = centre("hex")
    assert len(points) == 6
    # a flat hexagon's left and right corners, turned a quarter: at the bottom and the top of its box's centre
    assert any(close(p, (cx, cy - 8 * MM)) for p in points) and any(close(p, (cx, cy + 8 * MM)) for p in points)
    assert close(extent(points), (cx - 3 * MM, cy - 8 * MM, cx + 3 * MM, cy + 8 * MM))


def test_a_polygon_and_a_star_turn_their_corners_along_their_ellipse(turned):
    found = by_region(turned)
    for region, count, first in (("tri", 3, 120.0), ("star", 10, 126.0)):
        (_, _, _, points, _), = found[region]
        cx, cy = centre(region)
        assert len(points) == count
        r = 8 * MM
        want = (cx + r * math.cos(math.radians(first)), cy + r * math.sin(math.radians(first)))
        assert close(points[0], want), (region, points[0], want)


def test_a_turned_image_is_placed_through_a_cm_about_its_box_centre(turned):
    """The picture's unit square goes to its 16 x 6 mm box (stretched), turned a quarter about its centre:
    the CTM at its Do is (0, 16 mm, -6 mm, 0, e, f) and the square's centre is the box's."""
    (_, _, ctm, corners, _), = by_region(turned)["pic"]
    cx, cy = centre("pic")
    assert close(ctm[:4], (0, 16 * MM, -6 * MM, 0)), ctm
    assert close(_apply(ctm, 0.5, 0.5), (cx, cy)), ctm


def test_a_turned_text_and_text_box_run_up_their_box(turned):
    """Each line's Tm is turned a quarter (it reads upwards) and, turned back about its box's centre, starts
    inside its box."""
    found = by_region(turned)
    for region in ("word", "note"):
        cx, cy = centre(region)
        x, y, w, h = BOXES[region]
        left, bottom = x * MM, POKER_H - (y + h) * MM
        lines = found[region]
        assert lines and len(lines) == (1 if region == "word" else 2)    # the text box: bold, then regular
        for _, _, tm, ((ox, oy),), _ in lines:
            assert close(tm[:4], (0, 1, -1, 0), 1e-9), tm
            bx, by = cx + (oy - cy), cy - (ox - cx)                      # turned back a quarter
            assert left - TOL <= bx <= left + w * MM and bottom - TOL <= by <= bottom + h * MM, (region, bx, by)


def test_the_rasterized_card_shows_them_turned_and_see_through(turned):
    """pdfium's pixels: the bar stands upright (ink 8 mm above and below its centre, white 5 mm beside it) at
    30% ink; the picture stands with its left half (black) at the bottom and its red half on top, at 55%."""
    dpi = 200
    scale = dpi / 72
    pdf = pdfium.PdfDocument(str(turned))
    try:
        page = pdf[LEAF]
        image = page.render(scale=scale).to_pil().convert("RGB")
        height = page.get_size()[1]
    finally:
        pdf.close()
    card = placements(turned)[LEAF][0]

    def pixel(region, dx_mm, dy_mm):
        cx, cy = centre(region)
        x, y = card.x + cx + dx_mm * MM, card.y + cy + dy_mm * MM
        return image.getpixel((round(x * scale), round((height - y) * scale)))

    def mixed(colour, alpha):
        return tuple(round(255 * (1 - alpha) + c * alpha) for c in colour)

    def near(got, want, tol=4):
        return all(abs(g - w) <= tol for g, w in zip(got, want))

    bar = mixed(INK, 0.3)
    assert near(pixel("bar", 0, 0), bar) and near(pixel("bar", 0, 7), bar) and near(pixel("bar", 0, -7), bar)
    assert near(pixel("bar", 5, 0), (255, 255, 255)) and near(pixel("bar", -5, 0), (255, 255, 255))
    assert near(pixel("pic", 0, -4), mixed((0, 0, 0), 0.55)), pixel("pic", 0, -4)
    assert near(pixel("pic", 0, 4), mixed((200, 0, 0), 0.55)), pixel("pic", 0, 4)
    assert near(pixel("hex", 0, 6), mixed(RED, 0.6)) and near(pixel("hex", 5, 0), (255, 255, 255))


def test_warm_cold_and_uncached_builds_are_the_same_bytes(turned, tmp_path):
    """The layout store keeps each op's opacity and turn: a build from the store is the uncached build."""
    folder = write_deck(tmp_path / "turned")
    env = {"PNP_CACHE": str(tmp_path / "cache")}
    cold, warm = tmp_path / "cold.pdf", tmp_path / "warm.pdf"
    pnp_in_process("build", folder, "-o", cold, check=True, env=env)
    pnp_in_process("build", folder, "-o", warm, check=True, env=env)
    assert list((tmp_path / "cache" / "layout").glob("*.faces")), "the store was not written"
    assert cold.read_bytes() == warm.read_bytes()
    uncached = tmp_path / "uncached.pdf"
    pnp_in_process("build", folder, "-o", uncached, check=True, env={"PNP_CACHE": "off"})
    assert cold.read_bytes() == uncached.read_bytes()


# --- mistakes ---

TYPES = {"rect": "fill: ink", "ellipse": "fill: ink", "line": "stroke: ink", "text": "text: A",
         "textbox": "text: A", "image": "src: bar.png", "hexagon": "fill: ink", "polygon": "fill: ink",
         "star": "fill: ink"}


def test_a_bad_opacity_or_rotate_on_any_region_type_is_one_line_each(tmp_path):
    regions = [f"  - {{type: {t}, box: [1mm, 1mm, 20mm, 20mm], {own}, opacity: 2}}\n" for t, own in TYPES.items()]
    regions += [f"  - {{type: {t}, box: [1mm, 1mm, 20mm, 20mm], {own}, rotate: sideways}}\n"
                for t, own in TYPES.items()]
    folder = write_deck(tmp_path / "bad", "size: poker\nregions:\n" + "".join(regions))
    out = tmp_path / "bad.pdf"
    proc = pnp_in_process("build", folder, "-o", out)
    assert proc.returncode == 2 and not out.exists() and "Traceback" not in proc.stderr
    got = proc.stderr.strip().splitlines()
    assert len(got) == 2 * len(TYPES), proc.stderr
    types = list(TYPES) * 2
    for i, line in enumerate(got):
        if i < len(TYPES):
            want = f"region {types[i]}{i}.opacity: expected an opacity from 0% to 100% (or 0 to 1), found the number 2"
        else:
            want = f"region {types[i]}{i}.rotate: expected a number from -360 to 360, found 'sideways'"
        assert f"card.yaml:{i + 3}:" in line, line
        assert want in line, line


def test_a_box_turned_past_its_piece_is_an_error_for_every_type_that_turns_its_box(tmp_path):
    """A 59 x 8 mm box near the top of a poker card, turned a quarter, stands 59 mm high about its centre
    (6 mm down): 23.5 mm past the top edge, for every type that turns its box; a polygon and a star turn
    their corners inside their box, so theirs stays on the card."""
    turning = ("rect", "ellipse", "line", "text", "textbox", "image", "hexagon")
    regions = []
    for t in turning + ("polygon", "star"):
        box = "[2mm, 6mm, 59mm, 0mm]" if t == "line" else "[2mm, 2mm, 59mm, 8mm]"
        regions.append(f"  - {{id: {t}, type: {t}, box: {box}, {TYPES[t]}, rotate: 90}}\n")
    folder = write_deck(tmp_path / "past", "size: poker\nregions:\n" + "".join(regions))
    proc = pnp_in_process("build", folder, "-o", tmp_path / "past.pdf")
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    got = proc.stderr.strip().splitlines()
    assert len(got) == len(turning), proc.stderr
    for t, line in zip(turning, got):
        assert f"region {t}.box: the box, turned 90° as it is drawn, reaches 23.5 mm past the top edge of the " \
               "63.5 x 88.9 mm piece" in line, line


def test_an_icon_turns_and_fades_with_its_text(tmp_path):
    """A text's icon (:bar:) is drawn at its text's opacity and turned with it: its picture's CTM turned a
    quarter, inside the graphics state of the text's alpha."""
    deck = DECK.replace("palette:", "icons: {bar: bar.png}\n    palette:")
    template = """\
        size: poker
        regions:
          - {id: tag, type: text, box: [10mm, 40mm, 40mm, 8mm], text: "2 :bar:", size: 12pt, opacity: 40%, rotate: 90}
        """
    folder = write_deck(tmp_path / "icon", template, deck)
    out = tmp_path / "icon.pdf"
    pnp_in_process("build", folder, "-o", out, check=True, env={"PNP_CACHE": "off"})
    drawn = marks(out)
    assert {m[0] for m in drawn} == {"text", "picture"}
    for kind, alpha, matrix, _, _ in drawn:
        assert alpha == pytest.approx((0.4, 0.4)), kind
        a, b, c, d = matrix[:4]
        assert abs(a) < 1e-6 and abs(d) < 1e-6 and b > 0 and c < 0, (kind, matrix)     # a quarter anticlockwise


def test_the_layout_store_keeps_every_operations_opacity_and_turn_and_reads_no_older_one():
    """Every operation carries its opacity, a Rect and an Ellipse their turn, since the store's format 7: a
    face of them comes back whole; a face stored before (a format 6 Rect of 10 values) is laid out afresh."""
    from generator.layout import store
    from generator.layout.display import Ellipse, Face, Image, Line, Polygon, Rect, Text
    ops = [Rect(1.0, 2.0, 30.0, 20.0, "#112233", None, 0.0, 0.0, (), 0.4, 90.0, 16.0, 12.0),
           Ellipse(5.0, 6.0, 10.0, 8.0, "#112233", None, 0.0, (), 0.35, -30.0, 10.0, 10.0),
           Line(0.0, 0.0, 5.0, 5.0, "#000000", 0.5, (), 0.4),
           Text(1.0, 2.0, "A", "font", 9.0, "#000000", "left", 90.0, 3.0, 4.0, 0.45),
           Image(0.0, 0.0, 5.0, 5.0, "x.png", rotate=90.0, cx=2.5, cy=2.5, opacity=0.55),
           Polygon(((0.0, 0.0), (1.0, 0.0), (0.0, 1.0)), "#112233", None, 0.0, (), 0.6)]
    face = Face("x", "t", 63.5, 88.9, 9.0, "rect", 0.0, ops)
    back = store.decode_face(store.face_data(face))
    assert back == face and [op.opacity for op in back.ops] == [0.4, 0.35, 0.4, 0.45, 0.55, 0.6]
    assert back.ops[0].rotate == 90.0 and back.ops[1].rotate == -30.0 and store.FORMAT >= 7
    old = list(store.face_data(face))
    old[7] = [(0, (1.0, 2.0, 30.0, 20.0, "#112233", None, 0.0, 0.0, (), 0.4))]      # format 6's Rect
    assert store.decode_face(tuple(old)) is None
