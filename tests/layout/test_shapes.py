"""Hexagon, polygon and star regions (tests/decks/shapes), read back from what pnp writes: the shapes' corners where
the template puts them (within 0.05 pt), dashes and opacity as drawn, on A4 and Letter; text past a hex piece's
inset hexagon warned of by build, proof and both exports (and not when the same piece is a rectangle); a
polygon kept by the layout store; every mistake of a run, one line each. (Hex pieces on the sheet:
tests/impose/test_hex_pieces.py; exported: tests/export/test_hex_pieces.py.)
"""
from __future__ import annotations

import shutil
import textwrap

import pytest

from cli import pnp, pnp_in_process
from pdfcheck import MM, face_polygons, reader
from shapecheck import TOL, hexagon, on_circle, same_corners
from shapesdeck import DECK, POKER, card_pages, kind_of


# --- the geometry the templates ask for, worked out here from their numbers (face coordinates, y up) ---

def box(x, y, w, h, height=POKER[1]):
    """A template's box [x, y, w, h] in mm from the top-left, as (x, y, w, h) points from the bottom-left."""
    return x * MM, height - (y + h) * MM, w * MM, h * MM


CARD_SHAPES = {         # region: its corners on the poker card
    "flat": hexagon(*box(4, 4, 24, 20.785)),
    "pointy": hexagon(*box(35.5, 4, 20.785, 24), pointy=True),
    "star": on_circle(*box(6, 32, 22, 22), [90 + 36 * k for k in range(10)], [1, 0.4] * 5),
    "turned": on_circle(*box(35.5, 32, 22, 22), [90 + 36 + 72 * k for k in range(5)], [1] * 5),
    "ghost": hexagon(*box(14, 58, 35, 22)),
}


# --- the shapes drawn ---

@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_shapes_corners_are_where_the_template_puts_them(built, paper):
    out = built(DECK, "--paper", paper)
    cards = [p for _, page in card_pages(out) for p in page if kind_of(p) == "card"]
    assert len(cards) == 4                                       # 2 fronts, 2 backs
    fronts = [p for p in cards if len(face_polygons(p)) == len(CARD_SHAPES)]
    assert len(fronts) == 2
    for p in fronts:
        drawn = face_polygons(p)
        for name, want in CARD_SHAPES.items():
            assert [d for d in drawn if same_corners(d, want, p.x, p.y)], f"{paper}: region {name} not where asked"
    backs = [p for p in cards if p not in fronts]
    star = on_circle(*box(16.75, 29.45, 30, 30), [90 + 30 * k for k in range(12)], [1, 0.5] * 6)
    for p in backs:
        assert [d for d in face_polygons(p) if same_corners(d, star, p.x, p.y)]


def test_dashes_and_opacity_are_drawn(built):
    out = built(DECK, "--paper", "a4")
    page, pl = card_pages(out)[0]
    card = next(p for p in pl if kind_of(p) == "card")
    ops = list(card.ops)

    def before(corners, name):
        """The last operation named `name` before the path that starts at the shape's first corner."""
        x0, y0 = corners[0]
        at = next(i for i, (args, op) in enumerate(ops) if op == b"m" and any(
            abs(float(args[0]) - cx) <= TOL and abs(float(args[1]) - cy) <= TOL for cx, cy in corners))
        return next((args for args, op in reversed(ops[:at]) if op == name), None), at

    dash, _ = before(CARD_SHAPES["turned"], b"d")
    assert [float(v) for v in dash[0]] == [3.0, 1.5]
    # the ghost hexagon is drawn through graphics states of opacity 0.5, for fill and stroke, each listed in
    # the resources of the page it is drawn on (a card with a see-through shape is never a form: reportlab
    # lists no graphics states in a form's resources); the solid shapes before it are drawn without
    assert card.form.startswith("inline-")
    gs, _ = before(CARD_SHAPES["ghost"], b"gs")
    assert gs is not None
    states = reader(out).pages[page]["/Resources"]["/ExtGState"]
    used = {str(args[0]): states[str(args[0])].get_object() for args, op in ops if op == b"gs"}
    assert {k: float(v) for gs in used.values() for k, v in gs.items() if k in ("/ca", "/CA")} == {"/ca": 0.5,
                                                                                                 "/CA": 0.5}
    flat_gs, _ = before(CARD_SHAPES["flat"], b"gs")
    assert flat_gs is None




# --- the safe zone along the hexagon ---

WARNING = ("card 'Far Marker' (face): text in region 'label' ('REVERSED') reaches 1.4 mm from the cut hexagon, "
           "inside the template's 2 mm safe zone (if it is meant to, say safe: false on the region, "
           "tests/decks/shapes/templates/marker.yaml:7)")


def warnings(text: str) -> list[str]:
    return [line for line in text.splitlines() if "warning:" in line]


def test_text_past_the_hexagon_is_warned_of_by_build_proof_and_exports(built, exported, tmp_path):
    """The marker's label lies 2.5 mm inside its box (a rectangle's 2 mm safe zone would hold it), but its
    corners come within 1.4 mm of the hexagon's slanted sides. Only it is named, by every command."""
    built(DECK, "--paper", "a4")
    assert warnings(built.stderr(DECK, "--paper", "a4")) == [f"pnp: warning: {WARNING}"]
    gc = warnings(exported.stderr(DECK))
    assert len(gc) == 1 and "'Far Marker'" in gc[0] and "from the cut hexagon" in gc[0]
    assert "The Game Crafter's 3.2 mm (1/8 in) safe zone" in gc[0]
    proof = pnp_in_process("proof", DECK, "-o", tmp_path / "proof", check=True)
    found = warnings(proof.stdout + proof.stderr)
    assert len(found) == 1 and "text in region 'label' ('REVERSED') reaches 1.4 mm from the cut hexagon" in found[0]
    tts = pnp_in_process("export", DECK, "--to", "tts", "-o", tmp_path / "tts", check=True)
    assert warnings(tts.stderr) == [f"pnp: warning: {WARNING}"]


def test_the_same_text_on_a_rectangle_is_not_warned_of(tmp_path):
    deck = tmp_path / "shapes"
    shutil.copytree(DECK, deck)
    marker = deck / "templates" / "marker.yaml"
    marker.write_text(marker.read_text(encoding="utf-8").replace("shape: hex", "shape: rect"), encoding="utf-8")
    proc = pnp_in_process("build", deck, "-o", tmp_path / "x.pdf", check=True)
    assert warnings(proc.stderr) == []




# --- the layout store and same bytes ---

def test_a_polygon_op_survives_the_layout_store(tmp_path):
    from generator.layout import store
    from generator.layout.display import Face, Polygon
    face = Face("x", "t", 10.0, 10.0, 0.0, "hex-flat", 0.0,
                [Polygon(((0.0, 5.0), (2.5, 0.0), (7.5, 0.0), (10.0, 5.0)), "#112233", None, 0.0, (2.0, 1.0), 0.5)])
    back = store.decode_face(store.face_data(face))
    assert back == face and type(back.ops[0]) is Polygon


def test_warm_cold_and_uncached_builds_are_the_same_bytes(tmp_path):
    cache = tmp_path / "cache"
    a, b, c = tmp_path / "a.pdf", tmp_path / "b.pdf", tmp_path / "c.pdf"
    # the cold build fills the cache in this process (the layout store is read from its file on every build);
    # the warm one is a new process, which knows the shapes only from the cache
    pnp_in_process("build", DECK, "-o", a, check=True, env={"PNP_CACHE": str(cache)})
    pnp("build", DECK, "-o", b, check=True, env={"PNP_CACHE": str(cache)})
    pnp_in_process("build", DECK, "-o", c, check=True, env={"PNP_CACHE": "off"})        # the reference
    assert a.read_bytes() == b.read_bytes() == c.read_bytes()


# --- mistakes ---

BROKEN = {
    "deck.yaml": """\
        game: {title: Broken Shapes}
        palette: {ink: "#1d2230"}
        kinds:
          card: {title: Card, template: card, back: none}
          chit: {title: Chit, template: chit, back: none}
          tile: {title: Tile, template: tile, back: none}
        cards:
          - {kind: card, name: A}
          - {kind: chit, name: B}
          - {kind: tile, name: C}
        """,
    "templates/card.yaml": """\
        size: poker
        regions:
          - {id: flat, type: hexagon, box: [4mm, 4mm, 0mm, 20mm], fill: ink}
          - {id: two, type: polygon, box: [4mm, 30mm, 20mm, 20mm], sides: 2, fill: ink}
          - {id: lone, type: star, box: [30mm, 30mm, 20mm, 20mm], points: 1, fill: ink}
          - {id: fat, type: star, box: [30mm, 4mm, 20mm, 20mm], inner: 150%, fill: ink}
          - {id: side, type: hexagon, box: [4mm, 60mm, 20mm, 17mm], orientation: sideways, fill: ink}
          - {id: faint, type: polygon, box: [30mm, 60mm, 20mm, 20mm], opacity: 2, fill: ink}
        """,
    "templates/chit.yaml": """\
        size: {width: 20mm, height: 20mm}
        shape: hexx
        regions: []
        """,
    "templates/tile.yaml": """\
        size: {width: 20mm, height: 20mm}
        shape: hex
        orientation: sideways
        regions: []
        """,
}


def test_every_shape_mistake_of_a_run_is_one_line(tmp_path):
    deck = tmp_path / "broken"
    for name, text in BROKEN.items():
        (deck / name).parent.mkdir(parents=True, exist_ok=True)
        (deck / name).write_text(textwrap.dedent(text), encoding="utf-8")
    out = tmp_path / "out.pdf"
    proc = pnp_in_process("build", deck, "-o", out)
    assert proc.returncode == 2 and not out.exists()
    got = [line.removeprefix("pnp: error: ") for line in proc.stderr.strip().splitlines()]
    want = [
        ("templates/card.yaml:3:", "region flat.box: width and height must be more than 0"),
        ("templates/card.yaml:4:", "region two.sides: expected a whole number of sides from 3 to 100, found the number 2"),
        ("templates/card.yaml:5:", "region lone.points: expected a whole number of points from 3 to 100, found the number 1"),
        ("templates/card.yaml:6:", "region fat.inner: expected the inner corners' share of the outer radius from 1% "
                                   "to 99% (or 0.01 to 0.99), found '150%'"),
        ("templates/card.yaml:7:", "region side.orientation: expected flat or pointy, found 'sideways'"),
        ("templates/card.yaml:8:", "region faint.opacity: expected an opacity from 0% to 100% (or 0 to 1), found the number 2"),
        ("templates/chit.yaml:2:", "shape: expected rect, circle or hex, found 'hexx' (did you mean 'hex'?)"),
        ("templates/tile.yaml:3:", "orientation: expected flat or pointy, found 'sideways'"),
    ]
    assert len(got) == len(want), proc.stderr
    for line, (where, what) in zip(got, want):
        assert where in line and what in line, line


ODD = ["true", "null", "'x'", "[1]", "{a: 1}", ".nan", "-1", "1.0e20", "'%'", "'150%'"]


@pytest.mark.parametrize("key,rtype", [("sides", "polygon"), ("points", "star"), ("inner", "star"),
                                       ("opacity", "hexagon"), ("orientation", "hexagon")])
def test_odd_values_of_the_shape_keys_are_each_one_line(tmp_path, key, rtype):
    """Whatever a shape key is given (a word, a list, a mapping, nothing, not a number, out of range), each is
    one line naming its template line and key, all of them in one run: never a crash."""
    deck = tmp_path / "odd"
    (deck / "templates").mkdir(parents=True)
    (deck / "deck.yaml").write_text(textwrap.dedent("""\
        game: {title: Odd Shapes}
        kinds:
          card: {title: Card, template: card, back: none}
        cards:
          - {kind: card, name: A}
        """), encoding="utf-8")
    regions = "".join(f"  - {{id: r{i}, type: {rtype}, box: [1mm, 1mm, 20mm, 20mm], {key}: {v}}}\n"
                      for i, v in enumerate(ODD))
    (deck / "templates" / "card.yaml").write_text("size: poker\nregions:\n" + regions, encoding="utf-8")
    proc = pnp_in_process("build", deck, "-o", tmp_path / "x.pdf")
    assert proc.returncode == 2 and "Traceback" not in proc.stderr, proc.stderr
    got = proc.stderr.strip().splitlines()
    assert len(got) == len(ODD), proc.stderr
    for i, line in enumerate(got):
        assert f"card.yaml:{i + 3}:" in line and f"region r{i}.{key}: expected" in line, line


# --- rect and ellipse take dash and opacity, as the shape regions do ---

DASHED = """\
    size: poker
    regions:
      - {id: ground, type: rect, box: [0mm, 0mm, 100%, 100%], fill: paper, bleed: true}
      - {id: plain, type: rect, box: [5mm, 5mm, 20mm, 10mm], fill: red, stroke: ink}
      - {id: card, type: rect, box: [5mm, 20mm, 30mm, 20mm], fill: red, stroke: ink, stroke_width: 1pt, dash: [3pt, 1pt], radius: 2mm}
      - {id: veil, type: rect, box: [20mm, 30mm, 30mm, 20mm], fill: ink, opacity: 40%}
      - {id: ring, type: ellipse, box: [5mm, 55mm, 30mm, 20mm], stroke: red, stroke_width: 1.5pt, dash: [2pt]}
      - {id: moon, type: ellipse, box: [25mm, 60mm, 30mm, 20mm], fill: red, stroke: ink, opacity: 0.5}
    """


def test_rect_and_ellipse_take_dash_and_opacity(tmp_path):
    """A dashed rect and ellipse set their dash around their own path and unset it after; a see-through rect
    and ellipse are drawn through graphics states of their opacity (the face then drawn on the page, not in a
    form); the plain rect is drawn as before, with no dash and no graphics state."""
    deck = tmp_path / "dashed"
    (deck / "templates").mkdir(parents=True)
    (deck / "deck.yaml").write_text(textwrap.dedent("""\
        game: {title: Dashed}
        palette: {ink: "#1d2230", red: "#a33a2c", paper: "#f4ecd8"}
        kinds:
          card: {title: Card, template: card, back: none}
        cards:
          - {kind: card, name: A, copies: 2}
        """), encoding="utf-8")
    (deck / "templates" / "card.yaml").write_text(textwrap.dedent(DASHED), encoding="utf-8")
    out = tmp_path / "x.pdf"
    pnp_in_process("build", deck, "-o", out, check=True)
    page, pl = card_pages(out)[0]
    card = pl[0]
    assert card.form.startswith("inline-") and len(pl) == 2
    ops = list(card.ops)
    x, y = card.x, card.y

    def at(px, py):
        """The index of the path that starts at (px, py) points from the card's bottom-left (its re, or
        the first point of its curve)."""
        return next(i for i, (args, op) in enumerate(ops) if op in (b"re", b"m") and
                    abs(float(args[0]) - px) <= TOL and abs(float(args[1]) - py) <= TOL)

    def last(name, before, since=0):
        return next((args for args, op in reversed(ops[since:before]) if op == name), None)

    h = POKER[1]
    plain = at(5 * MM, h - 15 * MM)
    assert last(b"d", plain) is None and last(b"gs", plain) is None
    rounded = next(i for i, (args, op) in enumerate(ops) if op == b"m" and i > plain)      # the round rect's path
    assert [float(v) for v in last(b"d", rounded, plain + 1)[0]] == [3.0, 1.0]
    after = next(i for i, (args, op) in enumerate(ops) if op == b"d" and i > rounded)
    assert list(ops[after][0][0]) == []                                                   # the dash unset after it
    veil = at(20 * MM, h - 50 * MM)
    assert last(b"gs", veil, after) is not None and last(b"d", veil, after + 1) is None
    states = reader(out).pages[page]["/Resources"]["/ExtGState"]
    used = [states[str(args[0])].get_object() for args, op in ops if op == b"gs"]
    alphas = sorted({float(gs[k]) for gs in used for k in ("/ca", "/CA") if k in gs})
    assert alphas == [0.4, 0.5], alphas
    dashes = [[float(v) for v in args[0]] for args, op in ops if op == b"d"]
    assert dashes == [[3.0, 1.0], [], [2.0], []], dashes                       # the rect's, then the ring's


def test_rect_and_ellipse_dash_and_opacity_mistakes_are_one_line_each(tmp_path):
    deck = tmp_path / "bad"
    (deck / "templates").mkdir(parents=True)
    (deck / "deck.yaml").write_text("game: {title: Bad}\nkinds:\n  card: {title: Card, template: card, back: none}\n"
                                    "cards:\n  - {kind: card, name: A}\n", encoding="utf-8")
    (deck / "templates" / "card.yaml").write_text(textwrap.dedent("""\
        size: poker
        regions:
          - {id: a, type: rect, box: [1mm, 1mm, 20mm, 20mm], stroke: black, dash: [1pt, 2pt, 3pt]}
          - {id: b, type: ellipse, box: [1mm, 1mm, 20mm, 20mm], fill: black, opacity: 150%}
          - {id: c, type: rect, box: [1mm, 1mm, 20mm, 20mm], fill: black, opacity: clear}
        """), encoding="utf-8")
    proc = pnp_in_process("build", deck, "-o", tmp_path / "x.pdf")
    assert proc.returncode == 2 and not (tmp_path / "x.pdf").exists()
    got = proc.stderr.strip().splitlines()
    assert len(got) == 3, proc.stderr
    assert "card.yaml:3:" in got[0] and "region a.dash: expected [dash] or [dash, gap]" in got[0]
    assert "card.yaml:4:" in got[1] and "region b.opacity: expected an opacity from 0% to 100%" in got[1]
    assert "card.yaml:5:" in got[2] and "region c.opacity: expected an opacity" in got[2]


# --- a back of another shape than its front ---

def test_a_back_whose_shape_is_not_its_fronts_is_an_error_at_the_backs_line(tmp_path):
    """A pointy hex chit with a rectangular back, a flat hex tile with a pointy back, and a flat hex marker
    with a round back: each printed behind its front but cut along the front's outline. One line each, at
    the back template's shape (or its size, when it writes none), naming both shapes; nothing written."""
    deck = tmp_path / "shapes"
    shutil.copytree(DECK, deck)
    t = deck / "templates"
    chit_back = (t / "chit-back.yaml").read_text(encoding="utf-8")
    (t / "chit-back.yaml").write_text(chit_back.replace("shape: hex\norientation: pointy\n", ""), encoding="utf-8")
    tile_back = (t / "tile-back.yaml").read_text(encoding="utf-8")
    (t / "tile-back.yaml").write_text(tile_back.replace("shape: hex\n", "shape: hex\norientation: pointy\n"),
                                      encoding="utf-8")
    (t / "marker-back.yaml").write_text(textwrap.dedent("""\
        size: {width: 30mm, height: 25.98mm}
        shape: circle
        regions:
          - {id: ground, type: ellipse, box: [0mm, 0mm, 100%, 100%], fill: ink, bleed: true}
        """), encoding="utf-8")
    yaml = (deck / "deck.yaml").read_text(encoding="utf-8")
    yaml = yaml.replace("  chit: {template: chit-back}\n", "  chit: {template: chit-back}\n  marker: {template: marker-back}\n")
    (deck / "deck.yaml").write_text(yaml.replace("    template: marker\n    back: none", "    template: marker\n    back: marker"),
                                    encoding="utf-8")
    out = tmp_path / "x.pdf"
    proc = pnp_in_process("build", deck, "-o", out)
    assert proc.returncode == 2 and not out.exists() and proc.stdout == "", proc.stderr
    got = [line.removeprefix("pnp: error: ") for line in proc.stderr.strip().splitlines()]
    want = [
        (f"{t}/chit-back.yaml:1: shape: back template 'chit-back' is a rectangle, but the front it is printed behind, "
         f"template 'chit' ({t}/chit.yaml:3), is a pointy hexagon", "card 'One'", "write shape: hex, orientation: pointy"),
        (f"{t}/marker-back.yaml:2: shape: back template 'marker-back' is round, but the front it is printed behind, "
         f"template 'marker' ({t}/marker.yaml:3), is a flat hexagon", "card 'Far Marker'", "write shape: hex, "
         "orientation: flat"),
        (f"{t}/tile-back.yaml:3: shape: back template 'tile-back' is a pointy hexagon", "template 'tile' "
         f"({t}/tile.yaml:3), is a flat hexagon", "card 'Forest'"),
    ]
    assert len(got) == len(want), proc.stderr
    for line, parts in zip(got, want):
        assert line.startswith(parts[0]) and all(p in line for p in parts[1:]), (line, parts)
        assert "must have its front's shape" in line
    # the same deck with each back of its front's shape builds
    (t / "chit-back.yaml").write_text(chit_back, encoding="utf-8")
    (t / "tile-back.yaml").write_text(tile_back, encoding="utf-8")
    (t / "marker-back.yaml").write_text((t / "marker-back.yaml").read_text(encoding="utf-8").replace(
        "shape: circle", "shape: hex").replace("type: ellipse", "type: hexagon"), encoding="utf-8")
    pnp_in_process("build", deck, "-o", out, check=True)
