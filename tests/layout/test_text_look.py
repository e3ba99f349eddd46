"""Text's own look: an outline and a shadow on text and text boxes (layout/regions/lettering.py LOOK), spans
in markup (<span color size font>: text/markup.py, layout/spans.py, layout/wrap.py), and a text box's own style
(its fill, stroke, radius and padding: layout/regions/textbox.py).

Read back from what pnp writes: the card's content stream interpreted (each line's fill and stroke colour, text
render mode, line width, matrix and size), pdfread's characters (a span's size, font and colour, where its
words are set) and pdfium's pixels (the box's fill inside its padding, its rounded corner, its stroke).
Every mistake in a span is one line naming the card and field (or the template's line).
"""
from __future__ import annotations

import textwrap

import pypdfium2 as pdfium
import pytest
from pypdf.generic import ContentStream

import pdfread
from cli import pnp_in_process
from pdfcheck import SPACED, MM, placements, reader

LEAF = 2
POKER_H = 88.9 * MM
SCALE = 4
INK = (0x1d / 255, 0x22 / 255, 0x30 / 255)
RED = (0xc0 / 255, 0x39 / 255, 0x2b / 255)
GREY = (0x80 / 255,) * 3

DECK = """\
    game: {title: Looks}
    palette: {ink: "#1d2230", red: "#c0392b", paper: "#fff8e0"}
    kinds:
      card:
        title: Card
        template: card
        back: none
        fields: {body: {type: text}, rule: {type: text}}
    cards:
      - kind: card
        name: A
        body: "Outlined body"
        rule: 'AAAA <span size="300%" color="red" font="serif">BBBB</span> \\<span> end'
    """
TEMPLATE = """\
    size: poker
    regions:
      - {id: title, type: text, box: [4mm, 4mm, 55mm, 12mm], text: Hero, size: 20pt, colour: '#ffffff', outline: ink, outline_width: 1pt, shadow: '#808080', shadow_offset: [1pt, 2pt]}
      - {id: note, type: textbox, box: [4mm, 20mm, 55mm, 14mm], text: "{body}", size: 10pt, colour: ink, outline: red, outline_width: 0.25pt, shadow: '#aaaaaa'}
      - {id: plain, type: text, box: [4mm, 36mm, 55mm, 6mm], text: Plain after, size: 9pt, colour: '#333333'}
      - {id: boxed, type: textbox, box: [4mm, 46mm, 40mm, 36mm], text: "{rule}", size: 10pt, colour: ink, fill: paper, stroke: ink, stroke_width: 1pt, radius: 3mm, padding: 3mm}
    """


def write_deck(folder, deck=DECK, template=TEMPLATE):
    (folder / "templates").mkdir(parents=True)
    (folder / "deck.yaml").write_text(textwrap.dedent(deck), encoding="utf-8")
    (folder / "templates" / "card.yaml").write_text(textwrap.dedent(template), encoding="utf-8")
    return folder


@pytest.fixture(scope="module")
def looks(tmp_path_factory):
    folder = write_deck(tmp_path_factory.mktemp("looks") / "looks")
    out = folder.parent / "looks.pdf"
    pnp_in_process("build", folder, "-o", out, check=True, env={"PNP_CACHE": "off"})
    return out


def shown(path) -> list[dict]:
    """Each Tj of the first card, with the graphics and text state it is drawn in: fill, stroke (rgb), mode
    (Tr), width (w), tm (its matrix), size (Tf)."""
    r = reader(path)
    ops = ContentStream(r.pages[LEAF].get_contents(), r).operations
    start = next(i for i, (args, op) in enumerate(ops) if op == b"BDC" and args[0] == "/PnpCard")
    state = {"fill": (0, 0, 0), "stroke": (0, 0, 0), "mode": 0, "width": 1.0}
    stack, tm, size, out = [], None, 0.0, []
    for args, op in ops[start + 1:]:
        if op == b"EMC":
            break
        if op == b"q":
            stack.append(dict(state))
        elif op == b"Q":
            state = stack.pop()
        elif op == b"rg":
            state["fill"] = tuple(float(a) for a in args)
        elif op == b"RG":
            state["stroke"] = tuple(float(a) for a in args)
        elif op == b"Tr":
            state["mode"] = int(args[0])
        elif op == b"w":
            state["width"] = float(args[0])
        elif op == b"Tm":
            tm = tuple(float(a) for a in args)
        elif op == b"Tf":
            size = float(args[1])
        elif op in (b"Tj", b"TJ"):          # TJ: a kerned (shaped) line
            out.append({**state, "tm": tm, "size": size})
    return out


def near(a, b, tol=0.005) -> bool:
    return all(abs(x - y) <= tol for x, y in zip(a, b))


def test_an_outlined_text_is_filled_then_stroked_in_its_outline_colour(looks):
    lines = shown(looks)
    (hero,) = [t for t in lines if near(t["fill"], (1, 1, 1))]
    assert hero["mode"] == 2 and near(hero["stroke"], INK) and hero["width"] == pytest.approx(1.0)
    body = [t for t in lines if near(t["fill"], INK) and t["size"] == pytest.approx(10.0) and t["mode"] == 2]
    assert body and all(near(t["stroke"], RED) and t["width"] == pytest.approx(0.25) for t in body)
    # the outline's mode and stroke end with their text: the next text is filled only
    (plain,) = [t for t in lines if near(t["fill"], (0.2, 0.2, 0.2))]
    assert plain["mode"] == 0 and plain["width"] == pytest.approx(1.0)


def test_a_shadow_is_the_text_drawn_first_in_its_colour_moved_by_its_offset(looks):
    lines = shown(looks)
    order = [i for i, t in enumerate(lines) if near(t["fill"], GREY)], \
        [i for i, t in enumerate(lines) if near(t["fill"], (1, 1, 1))]
    (shadow,), (hero,) = order
    assert shadow < hero
    s, h = lines[shadow], lines[hero]
    assert s["mode"] == 0                                       # a shadow is not outlined
    assert s["tm"][4] - h["tm"][4] == pytest.approx(1.0, abs=1e-3)      # 1pt right
    assert s["tm"][5] - h["tm"][5] == pytest.approx(-2.0, abs=1e-3)     # 2pt down
    # a text box's shadows, every line's, come before its text
    light = [i for i, t in enumerate(lines) if near(t["fill"], (0xaa / 255,) * 3)]
    body = [i for i, t in enumerate(lines) if near(t["fill"], INK) and t["mode"] == 2]
    assert light and body and max(light) < min(body)
    assert lines[light[0]]["tm"][4] - lines[body[0]]["tm"][4] == pytest.approx(1.0, abs=1e-3)   # the default


def chars(path):
    card = placements(path)[LEAF][0]
    (_, height), cs = pdfread.page_chars(path, LEAF)
    return card, height, list(cs)


def test_a_spans_words_are_set_in_its_size_font_and_colour(looks):
    card, page_h, cs = chars(looks)
    a = [c for c in cs if c["text"] == "A" and c["size"] == pytest.approx(10.0, abs=0.01)]
    b = [c for c in cs if c["text"] == "B"]
    assert len(a) == 4 and len(b) == 4
    assert all(c["size"] == pytest.approx(30.0, abs=0.01) for c in b)
    assert all("Serif" in c["fontname"] for c in b) and not any("Serif" in c["fontname"] for c in a)
    assert all(near(c["non_stroking_color"], RED) for c in b)
    assert all(near(c["non_stroking_color"], INK) for c in a)
    # measured at its size: "AAAA BBBB" at 30pt does not fit 34 mm, so the span starts the next line, below
    # the first (the line grows for it: no overlap)
    assert min(c["top"] for c in b) >= max(c["bottom"] for c in a) - 0.5
    assert b[0]["x0"] == pytest.approx(a[0]["x0"], abs=0.5)
    advance = [c1["x0"] - c0["x0"] for c0, c1 in zip(b, b[1:])]
    assert all(adv > 2.5 * (a[1]["x0"] - a[0]["x0"]) for adv in advance)


def test_an_escaped_span_prints_as_written(looks):
    _, _, cs = chars(looks)
    text = "".join(c["text"] for c in cs)
    assert "<span>end" in text.replace(" ", "") and "\\" not in text


def test_a_text_box_draws_its_own_box_under_its_text_with_its_padding(looks):
    card, page_h, cs = chars(looks)
    first_a = min((c for c in cs if c["text"] == "A"), key=lambda c: c["x0"])
    assert first_a["x0"] >= card.x + 7 * MM - 0.5                          # 4mm box + 3mm padding
    assert first_a["top"] >= page_h - (card.y + POKER_H - 49 * MM) - 0.5
    pdf = pdfium.PdfDocument(str(looks))
    img = pdf[LEAF].render(scale=SCALE).to_pil().convert("RGB")
    pdf.close()

    def px(x_mm, y_mm):
        x, y = card.x + x_mm * MM, card.y + POKER_H - y_mm * MM
        return img.getpixel((round(x * SCALE), round((page_h - y) * SCALE)))

    assert px(5.5, 80.5) == (0xff, 0xf8, 0xe0)           # inside, in its padding: the box's fill
    assert px(4.2, 46.2) == (255, 255, 255)              # its rounded corner: the card beneath
    edge = px(24, 46)                                    # its stroke, 1pt of ink
    assert max(edge) < 90, edge


MISTAKES = [
    ('<span colr="red">x</span>', "unknown attribute 'colr'", "did you mean 'color'"),
    ('<span size="90pt">x</span>', "expected a size such as 12pt or 150%", ""),
    ('<span size="big">x</span>', "found 'big'", ""),
    ('<span font="serf">x</span>', "unknown font 'serf'", "did you mean 'serif'"),
    ('<span color="rde">x</span>', "unknown colour 'rde'", "did you mean 'red'"),
    ('<span color="red">x', "1 <span> left open", ""),
    ('x</span>', "a </span> closes no <span>", ""),
    ('<span color=red>x</span>', "write each value in quotes", ""),
]


@pytest.mark.parametrize("rule, message, hint", MISTAKES, ids=[m[1][:20] for m in MISTAKES])
def test_a_mistake_in_a_span_is_one_line_naming_the_card_and_field(tmp_path, rule, message, hint):
    deck = DECK.replace("""'AAAA <span size="300%" color="red" font="serif">BBBB</span> \\<span> end'""",
                        repr(rule).replace("\\\\", "\\"))
    assert deck != DECK
    folder = write_deck(tmp_path / "bad", deck)
    proc = pnp_in_process("build", folder, "-o", tmp_path / "bad.pdf", env={"PNP_CACHE": "off"})
    lines = [ln for ln in proc.stderr.splitlines() if ln.startswith("pnp: error:")]
    assert proc.returncode == 2 and not (tmp_path / "bad.pdf").exists(), proc.stderr
    assert "Traceback" not in proc.stderr
    assert any("deck.yaml:" in ln and "rule" in ln and "card 'A'" in ln and message in ln and hint in ln
               for ln in lines), proc.stderr


def test_a_span_in_the_templates_own_text_is_its_error_at_the_templates_line(tmp_path):
    template = TEMPLATE.rstrip(" ") + '      - {id: own, type: textbox, box: [46mm, 46mm, 14mm, 10mm], text: "<span sise=\\"9pt\\">x</span>"}\n'
    folder = write_deck(tmp_path / "bad", template=template)
    proc = pnp_in_process("build", folder, "-o", tmp_path / "bad.pdf", env={"PNP_CACHE": "off"})
    assert proc.returncode == 2
    assert "card.yaml:7" in proc.stderr and "unknown attribute 'sise'" in proc.stderr \
        and "did you mean 'size'" in proc.stderr, proc.stderr


def test_a_bad_padding_is_the_templates_error(tmp_path):
    template = TEMPLATE.replace("padding: 3mm", "padding: 19mm")
    folder = write_deck(tmp_path / "bad", template=template)
    proc = pnp_in_process("build", folder, "-o", tmp_path / "bad.pdf", env={"PNP_CACHE": "off"})
    assert proc.returncode == 2
    assert "card.yaml:6" in proc.stderr and "padding 19.0mm leaves no room" in proc.stderr, proc.stderr


def test_the_rule_pages_print_a_spans_words_as_the_text_around_them(tmp_path):
    """A span in rules.md is not read for a card: its tag sets nothing apart (not even a font pnp does not
    know), and its words print at the rules' size."""
    folder = write_deck(tmp_path / "rules", DECK.replace("    cards:", "    rules: {file: rules.md}\n    cards:"))
    (folder / "rules.md").write_text('# Rules\n\nDraw <span color="red" font="nope" size="300%">three cards</span> '
                                     "each turn.\n", encoding="utf-8")
    out = tmp_path / "rules.pdf"
    proc = pnp_in_process("build", folder, "-o", out, env={"PNP_CACHE": "off"})
    assert proc.returncode == 0, proc.stderr
    pages = [pdfread.page_chars(out, i)[1] for i in range(pdfread.page_count(out))]
    found = [cs for cs in pages if "three cards" in pdfread.text_of(cs)]
    assert found, "the rule's words are printed"
    words = pdfread.words_of(found[0], extra_attrs=["size", "fontname"], **SPACED)
    three = next(w for w in words if w["text"] == "three")
    draw = next(w for w in words if w["text"] == "Draw")
    assert three["size"] == pytest.approx(draw["size"]) and three["fontname"] == draw["fontname"]


def test_an_outline_is_drawn_in_the_inks_cmyk():
    """The ink path (export/cmyk.py, a print shop's CMYK PDF): an outlined line's fill and stroke are the ink's
    operators (k, K), its mode 2, and nothing is left in RGB."""
    import io

    import pypdf
    from reportlab.pdfgen.canvas import Canvas

    from generator.export.cmyk import ink
    from generator.layout import fonts
    from generator.layout.regions.text import Text
    from generator.render.draw import draw_ops
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=(200, 100), invariant=1)
    the_ink = ink()
    draw_ops(c, [Text(10, 40, "Hero", fonts.font_name("sans"), 20, "#c0392b", outline="#1d2230",
                      outline_width=1.0)], the_ink)
    c.showPage()
    c.save()
    r = pypdf.PdfReader(io.BytesIO(buf.getvalue()))
    ops = [(op, [float(a) for a in args]) for args, op in ContentStream(r.pages[0].get_contents(), r).operations
           if op in (b"k", b"K", b"rg", b"RG", b"Tr")]
    assert [op for op, _ in ops] == [b"k", b"Tr", b"K"]
    assert ops[1][1] == [2.0]
    assert ops[0][1] == pytest.approx([v / 255 for v in the_ink.cmyk("#c0392b")], abs=1e-4)
    assert ops[2][1] == pytest.approx([v / 255 for v in the_ink.cmyk("#1d2230")], abs=1e-4)


def test_the_layout_store_keeps_outlines_shadows_spans_and_box_styles(looks, tmp_path):
    """Built cold into a cache, then warm from it: the same bytes as built with no cache (the store keeps a
    Text's outline, a piece's span colour and a text box's Rect as they were laid out)."""
    folder = write_deck(tmp_path / "looks")
    cache = tmp_path / "cache"
    for name in ("cold.pdf", "warm.pdf"):
        pnp_in_process("build", folder, "-o", tmp_path / name, check=True, env={"PNP_CACHE": str(cache)})
    off = looks.read_bytes()
    assert (tmp_path / "cold.pdf").read_bytes() == off
    assert (tmp_path / "warm.pdf").read_bytes() == off
