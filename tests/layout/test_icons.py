"""Icons inside text: a deck names its icons once (tests/decks/icons/deck.yaml, `icons:`) and its
YAML and CSV cards, a template's own text region and text box, and its rules write :name:.

Built on A4 and Letter and read back (pdfread's images and characters, pdfium's pixels, pypdf's objects):
each icon is as high as its text's size times its scale and as wide as its picture's shape makes it; its
bottom sits on the baseline of the text before it (or its declared shift below it) within 0.2 pt; it is on
the line of the number or word written before it; text that shrinks to fit keeps its icons inside its box;
a tinted icon is drawn in its text's colour; each icon file is one picture in the PDF however many times it
prints. Wrapped at every width and size, no "N :icon:" pair is ever split. The glyph check does not look for
them in the font. (The proof's list of icons: tests/proof/test_icons.py.)"""
from __future__ import annotations

import json
import re
import shutil
import struct

import pypdf
import pypdfium2 as pdfium
import pytest

import pdfread
from cli import ROOT, pnp_in_process


DECK = ROOT / "tests" / "decks" / "icons"
MM = 72 / 25.4
# each icon file by its size in pixels: its name, scale and shift (deck.yaml)
ICONS = {(64, 64): ("coin", 1.0, 0.0), (60, 57): ("vp", 1.25, -0.1), (48, 48): ("dot", 1.0, 0.0)}
INK, RED = (0x1e, 0x1e, 0x1e), (0xa8, 0x26, 0x1f)
TEXT_BOX = (7 * MM, 20 * MM, 49.5 * MM, 48 * MM)       # the card template's text box: x, y from the top, w, h


@pytest.fixture(scope="module", params=["a4", "letter"])
def pdf(request, built):
    return built("tests/decks/icons", "--paper", request.param)


def _drawn(path) -> list[dict]:
    """Every icon drawn in the PDF: its page, name, box (PDF points, y up), and the character written right
    before it on its line (None when there is none: the icon would start its line)."""
    out = []
    for n in range(pdfread.page_count(path)):
        chars = [c for c in pdfread.page_chars(path, n)[1] if c["text"].strip()]
        for im in pdfread.images(path, n):
            name, scale, shift = ICONS[tuple(im["srcsize"])]
            near = [c for c in chars if c["x1"] <= im["x0"] + 0.3 and c["y0"] < im["y1"] and c["y1"] > im["y0"]
                    and im["x0"] - c["x1"] < 0.6 * c["size"]]
            before = max(near, key=lambda c: c["x1"]) if near else None
            # characters of other lines whose box (the font's ascent to descent) the icon's box overlaps
            over = [c for c in chars if before is not None and abs(c["origin"][1] - before["origin"][1]) > 0.5
                    and c["x0"] < im["x1"] and c["x1"] > im["x0"] and c["y0"] < im["y1"] - 0.05
                    and c["y1"] > im["y0"] + 0.05]
            out.append({"page": n, "name": name, "scale": scale, "shift": shift, "x0": im["x0"], "y0": im["y0"],
                        "x1": im["x1"], "y1": im["y1"], "w": im["x1"] - im["x0"], "h": im["y1"] - im["y0"],
                        "before": before, "aspect": im["srcsize"][0] / im["srcsize"][1], "over": over})
    return out


def test_every_icon_is_its_texts_size_on_its_baseline_beside_the_word_before_it(pdf):
    drawn = _drawn(pdf)
    names = [d["name"] for d in drawn]
    # 5 fronts: costs (5 coins), texts, footers (5 stars); the rules: 2 coins, 2 stars
    assert names.count("coin") >= 20 and names.count("vp") >= 15 and names.count("dot") >= 10, names
    for d in drawn:
        c = d["before"]
        assert c is not None, f"an icon with nothing before it on its line: {d}"
        size, baseline = c["size"], c["origin"][1]
        assert abs(d["h"] - d["scale"] * size) < 0.05, (d, size)                 # 1 em, or its scale
        assert abs(d["w"] - d["scale"] * size * d["aspect"]) < 0.05, (d, size)     # its picture's shape
        assert abs(d["y0"] - (baseline + d["shift"] * size)) < 0.2, (d, baseline)   # on the baseline, or shifted
        assert re.match(r"[\w.,;]", c["text"]), c["text"]
        assert not d["over"], f"an icon over the text of another line: {d}"     # lines make room for it
    # every icon on a card follows a number ("2 :coin:"); in the rules, some follow words ("the most :vp:")
    cards = [d for d in drawn if d["page"] == 2]
    assert len(cards) > 60 and all(d["before"]["text"].isdigit() for d in cards)
    assert {d["before"]["text"] for d in drawn if d["page"] == 4} == {"1", "3", "t", "e"}


def test_an_icon_is_never_wrapped_away_from_the_number_before_it():
    """Every width from 20pt to 200pt and sizes from 6pt to 14pt: wherever the lines break, each icon is on
    the line of the number written before it, a space apart; and where the fitter shrinks text, the lines
    (icons and all) stay inside the width."""
    from generator.layout import fonts, wrap
    from generator.layout.wrap import ICON, IconMetrics, stringWidth     # the shaped width, as printed
    icons = (IconMetrics("coin", 1.0, 1.0, 0.0), IconMetrics("vp", 1.25 * 60 / 57, 1.25, -0.1))
    markup = ("Pay 2 :coin: or 13 :vp: and **4** :coin: :coin: then 25 :vp:, 6 :coin:; 77 :coin: or 8 :vp: to gain "
              "9 :coin:.\n\n- 10 :vp: each\n- 11 :coin::coin: twice")
    fonts.ensure("serif", ("regular", "bold"))
    pairs = refused = 0
    for width in range(20, 201, 3):
        sizes = [6.0, 7.5, 9.0, 11.0, 14.0]
        fitted = wrap.fit(markup, "serif", float(width), 1000.0, 14.0, 4.0, 1.2, "left", icons)
        sizes += [fitted.size] if fitted else []
        for size in sizes:
            w = wrap.wrap(markup, "serif", float(width), size, 1.2, "left", icons)
            if w.widest > width + 0.01:         # "4 :coin: :coin:" wider than the line: the fitter shrinks it
                refused += 1
                continue
            pieces = w.pieces
            for i, p in enumerate(pieces):
                wide = [m.width * p.size for m in icons if m.name == p.text][0] if p.font == ICON \
                    else stringWidth(p.text, p.font, p.size)
                assert p.x + wide <= width + 0.02, (width, size, p)         # nothing overflows the line
                if p.font != ICON:
                    continue
                before = pieces[i - 1]
                assert i and before.y == p.y, (width, size, pieces[i - 1:i + 1])
                if before.font != ICON:
                    assert re.search(r"\d$", before.text) and p.x - before.x > 0, (width, size, before)
                    pairs += 1
    assert pairs > 3000 and refused > 10, (pairs, refused)


def test_text_that_shrinks_to_fit_counts_its_icons(pdf):
    """Crowded Hall's text (44 icons) is shrunk until it fits its box, icons and all, and every icon of it lies
    inside the box; the same text with the icons taken out fits at a larger size (the fitter counts them),
    in this process's own layout."""
    import csv

    from generator.layout import wrap
    from generator.layout.wrap import IconMetrics
    from pdfcheck import placements
    drawn = [d for d in _drawn(pdf) if d["page"] == 2]
    card = next(p for p in placements(pdf)[2] if any(p.x < d["x0"] < p.x + p.w and p.y < d["y0"] < p.y + p.h
                                                      and d["before"]["text"] == "8" for d in drawn))
    hall = [d for d in drawn if card.x < d["x0"] < card.x + card.w and card.y < d["y0"] < card.y + card.h
            and card.y + card.h - 69 * MM < d["y0"] < card.y + card.h - 20 * MM]    # the text box's, not the cost's
    # or the footer's
    assert len(hall) == 44
    sizes = {round(d["h"] / d["scale"], 2) for d in hall}
    assert len(sizes) == 1 and next(iter(sizes)) < 11.0           # shrunk from 11pt, all alike
    used = next(iter(sizes))
    x0, top, w, h = TEXT_BOX
    for d in hall:          # inside the text box (valign middle: space above and below)
        assert card.x + x0 - 0.01 <= d["x0"] and d["x1"] <= card.x + x0 + w + 0.01, d
        assert card.y + card.h - top - h - 0.01 <= d["y0"] and d["y1"] <= card.y + card.h - top + 0.01, d
    rows = list(csv.DictReader((DECK / "cards.csv").open(encoding="utf-8")))
    content = next(r["text"] for r in rows if r["title"] == "Crowded Hall")
    icons = (IconMetrics("coin", 1.0, 1.0, 0.0), IconMetrics("vp", 1.25 * 60 / 57, 1.25, -0.1),
             IconMetrics("dot", 1.0, 1.0, 0.0))
    with_icons = wrap.fit(content, "serif", w, h, 11.0, 6.0, 1.2, "left", icons)
    without = wrap.fit(re.sub(r" :\w+:", "", content), "serif", w, h, 11.0, 6.0, 1.2, "left")
    assert with_icons.size == pytest.approx(used, abs=0.01)
    assert without.size > with_icons.size


def test_a_tinted_icon_takes_its_texts_colour_and_the_others_keep_theirs(pdf):
    """Pixels at 300 dpi: the tinted dot's solid centre is red in red text and ink in ink text; the coin keeps
    its gold."""
    drawn = [d for d in _drawn(pdf) if d["page"] == 2]
    page = pdfium.PdfDocument(str(pdf))[2]
    scale = 300 / 72
    image = page.render(scale=scale).to_pil().convert("RGB")
    height = page.get_size()[1]

    def centre(d):
        return image.getpixel((round((d["x0"] + d["x1"]) / 2 * scale), round((height - (d["y0"] + d["y1"]) / 2) * scale)))

    seen = {"red": 0, "ink": 0}
    for d in drawn:
        if d["name"] != "dot":
            continue
        colour = d["before"]["non_stroking_color"]
        want = RED if tuple(round(v * 255) for v in colour) == RED else INK
        assert max(abs(a - b) for a, b in zip(centre(d), want)) <= 12, (centre(d), want, d)
        seen["red" if want == RED else "ink"] += 1
    assert seen["red"] >= 2 and seen["ink"] >= 1, seen
    coins = [centre(d) for d in drawn if d["name"] == "coin"]
    assert coins and all(max(abs(a - b) for a, b in zip(c, (217, 169, 60))) <= 20 for c in coins), coins[:3]


def test_each_icon_file_is_one_form_in_the_pdf(pdf):
    """The coin prints 28 times and the star 23, each through one form XObject holding one image; the tinted
    dot is one for each colour it is drawn in (ink, red). The forms are named by the pictures' bytes."""
    reader = pypdf.PdfReader(str(pdf))
    images, masks, forms = {}, set(), {}

    def walk(resources):
        xobjects = (resources or {}).get("/XObject", {})
        for name, ref in xobjects.items():
            obj = ref.get_object()
            key = ref.idnum
            if obj["/Subtype"] == "/Image":
                images[key] = (int(obj["/Width"]), int(obj["/Height"]))
                if "/SMask" in obj:
                    masks.add(obj.raw_get("/SMask").idnum)
            elif key not in forms:
                forms[key] = str(name)
                walk(obj.get("/Resources"))

    for page in reader.pages:
        walk(page.get("/Resources"))
    pictures = [size for key, size in images.items() if key not in masks]
    assert sorted(pictures) == sorted([(64, 64), (60, 57), (48, 48), (48, 48)]), pictures
    icons = sorted(name for name in forms.values() if name.startswith("/FormXob.Pic"))
    assert len(icons) == 4 and len({n[:32] for n in icons}) == 3, icons       # coin, star, dot (ink and red)
    uses = [d["name"] for d in _drawn(pdf)]
    assert uses.count("coin") >= 25 and uses.count("vp") >= 20


def _without_glyphs(font: bytes, drop: str) -> bytes:
    """The same TrueType font with the characters `drop` taken out of its character map (a new format 4 cmap)."""
    from reportlab.pdfbase.ttfonts import TTFontFile
    import io
    mapped = {c: g for c, g in TTFontFile(io.BytesIO(font)).charToGlyph.items() if c < 0xFFFF and chr(c) not in drop}
    codes = sorted(mapped) + [0xFFFF]
    n = len(codes)
    search = 2 ** (n.bit_length() - 1) * 2
    sub = struct.pack(">HHHHHHH", 4, 16 + 8 * n, 0, 2 * n, search, (search // 2).bit_length() - 1, 2 * n - search)
    sub += struct.pack(f">{n}H", *codes) + b"\0\0" + struct.pack(f">{n}H", *codes)
    sub += struct.pack(f">{n}H", *[(mapped[c] - c) % 65536 if c in mapped else 1 for c in codes])
    sub += struct.pack(f">{n}H", *[0] * n)
    cmap = struct.pack(">HHHHI", 0, 1, 3, 1, 12) + sub
    count = struct.unpack(">H", font[4:6])[0]
    tables = {}
    for i in range(count):
        tag, _, offset, length = struct.unpack(">4sIII", font[12 + 16 * i:28 + 16 * i])
        tables[tag] = font[offset:offset + length]
    tables[b"cmap"] = cmap
    out = bytearray(font[:12])
    at = 12 + 16 * count
    body = b""
    for tag in sorted(tables):
        data = tables[tag]
        padded = data + b"\0" * (-len(data) % 4)
        checksum = sum(struct.unpack(f">{len(padded) // 4}I", padded)) & 0xFFFFFFFF
        out += struct.pack(">4sIII", tag, checksum, at + len(body), len(data))
        body += padded
    return bytes(out) + body


def test_the_glyph_check_does_not_look_for_an_icons_name_in_the_font(tmp_path):
    """The cost region ("{cost} :coin:") in a deck font that has digits but no ':', 'c', 'o', 'i' or 'n': it
    builds (the icon is a picture, not letters), with the coins drawn; the proof has no glyph finding; the
    same region writing 'coin' as a word is refused for the missing glyphs."""
    folder = tmp_path / "g"
    shutil.copytree(DECK, folder)
    (folder / "fonts").mkdir()
    font = (ROOT / "tests" / "fonts" / "PnpTestScript.ttf").read_bytes()
    (folder / "fonts" / "Few.ttf").write_bytes(_without_glyphs(font, ":coin"))
    deck = (folder / "deck.yaml").read_text()
    (folder / "deck.yaml").write_text(deck.replace("\nicons:", "\nfonts:\n  few: {regular: fonts/Few.ttf, fallback: []}\n\nicons:"))
    card = folder / "templates" / "card.yaml"
    cost = 'text: "{cost} :coin:", font: serif'
    card.write_text(card.read_text().replace(cost, 'text: "{cost} :coin:", font: few'))
    r = pnp_in_process("build", folder, "-o", tmp_path / "out.pdf")
    assert r.returncode == 0, r.stderr
    assert len([d for d in _drawn(tmp_path / "out.pdf") if d["name"] == "coin" and d["h"] == pytest.approx(16)]) == 6
    r = pnp_in_process("proof", folder, "-o", tmp_path / "proof")
    issues = json.loads((tmp_path / "proof" / "proof.json").read_text())["issues"]
    assert r.returncode == 0 and not [i for i in issues if i["check"] in ("glyph", "layout")], issues
    card.write_text(card.read_text().replace('text: "{cost} :coin:", font: few', 'text: "{cost} coin", font: few'))
    r = pnp_in_process("build", folder, "-o", tmp_path / "refused.pdf")
    assert r.returncode == 2 and "font 'few' has no glyph for 'c' (U+0063), 'i' (U+0069), 'n' (U+006E), 'o' " \
        "(U+006F) in region 'cost'" in r.stderr, r.stderr
    assert not (tmp_path / "refused.pdf").exists()


def test_every_icon_mistake_is_one_line_at_its_file_and_line_all_in_one_run(tmp_path):
    folder = tmp_path / "bad"
    shutil.copytree(DECK, folder)
    deck = (folder / "deck.yaml").read_text()
    deck = deck.replace("Pay 2 :coin:", "Pay 2 :coni:").replace(
        "  coin: icons/coin.png", "  coin: icons/coin.png\n  gem: icons/gem.png\n  txt: rules.md\n"
        "  big: {file: icons/dot.png, scale: 9}\n  low: {file: icons/dot.png, shift: -3pt}\n"
        "  odd: {file: icons/dot.png, tint: dark}\n  2x: icons/dot.png")
    (folder / "deck.yaml").write_text(deck)
    (folder / "cards.csv").write_text((folder / "cards.csv").read_text().replace("loses 2 :vp:", "loses 2 :vpp:"))
    card = folder / "templates" / "card.yaml"
    card.write_text(card.read_text().replace("Worth 1 :vp:", "Worth 1 :pv:"))
    (folder / "rules.md").write_text((folder / "rules.md").read_text().replace("most :vp:", "most :coins:"))
    r = pnp_in_process("build", folder, "-o", tmp_path / "out.pdf")
    assert r.returncode == 2 and not (tmp_path / "out.pdf").exists() and r.stdout == ""
    lines = r.stderr.strip().splitlines()
    f = str(folder)

    def line_of(path, text):
        return next(n for n, ln in enumerate((folder / path).read_text().splitlines(), 1) if text in ln)

    want = [
        f"{f}/cards.csv:{line_of('cards.csv', ':vpp:')}: text: card 'Tax': unknown icon ':vpp:' in region 'text' "
        "(did you mean 'vp'?)",
        f"{f}/deck.yaml:{line_of('deck.yaml', 'gem:')}:3: icons.gem: icon file 'icons/gem.png' not found in the deck "
        "folder (did you mean 'icons/gem.svg'?)",
        f"{f}/deck.yaml:{line_of('deck.yaml', 'txt:')}:3: icons.txt: icon file 'rules.md' is not an image",
        f"{f}/deck.yaml:{line_of('deck.yaml', 'big:')}:30: icons.big.scale: expected a number from 0.25 to 4",
        f"{f}/deck.yaml:{line_of('deck.yaml', 'low:')}:30: icons.low.shift: expected a shift in em from -1em to 1em",
        f"{f}/deck.yaml:{line_of('deck.yaml', 'odd:')}:30: icons.odd.tint: expected true or false, found",
        f"{f}/deck.yaml:{line_of('deck.yaml', '2x:')}:3: icons.2x: icon name '2x' must be a letter followed by",
        f"{f}/deck.yaml:{line_of('deck.yaml', ':coni:')}: text: card 'Market': unknown icon ':coni:' in region "
        "'text' (did you mean 'coin'?)",
        f"{f}/rules.md:{line_of('rules.md', ':coins:')}: rules: unknown icon ':coins:' in the rules (did you mean "
        "'coin'?)",
        f"{f}/templates/card.yaml:{line_of('templates/card.yaml', ':pv:')}:",
    ]
    assert len(lines) == len(want), lines
    for line, start in zip(sorted(lines), sorted(want)):
        assert line.startswith("pnp: error: " + start), (line, start)
    assert "region footer.text: unknown icon ':pv:' (the deck's icons: " in lines[-1]
    assert "write \\:pv: to print ':pv:' as written" in lines[-1]
    # the proof and the check name the same mistakes
    r = pnp_in_process("proof", folder, "-o", tmp_path / "proof")
    assert r.returncode == 2 and sorted(r.stderr.strip().splitlines()) == sorted(lines)


def test_a_name_between_colons_is_printed_as_written_with_a_backslash(tmp_path):
    folder = tmp_path / "lit"
    shutil.copytree(DECK, folder)
    deck = (folder / "deck.yaml").read_text().replace("Pay 2 :coin:", "Pay 2 \\\\:coni: and 10:30 or a:b:c")
    (folder / "deck.yaml").write_text(deck)
    r = pnp_in_process("build", folder, "-o", tmp_path / "out.pdf")
    assert r.returncode == 0, r.stderr
    from pdfcheck import all_text, squash
    assert squash("Pay 2 :coni: and 10:30 or a:b:c") in squash(all_text(tmp_path / "out.pdf"))


def _forms(reader, page, matrix=(1, 0, 0, 1, 0, 0), resources=None, contents=None) -> list[tuple]:
    """(form, its box on the page: x0, y0, x1, y1) for every form XObject a page draws, inside forms too."""
    from pypdf.generic import ContentStream

    def times(m, n):
        a, b, c, d, e, f = m
        a2, b2, c2, d2, e2, f2 = n
        return (a * a2 + b * c2, a * b2 + b * d2, c * a2 + d * c2, c * b2 + d * d2, e * a2 + f * c2 + e2,
                e * b2 + f * d2 + f2)

    resources = page.get("/Resources", {}) if resources is None else resources
    xobjects = resources.get("/XObject", {})
    out, stack, ctm = [], [], tuple(matrix)
    for args, op in ContentStream(contents if contents is not None else page.get_contents(), reader).operations:
        if op == b"q":
            stack.append(ctm)
        elif op == b"Q":
            ctm = stack.pop()
        elif op == b"cm":
            ctm = times(tuple(float(a) for a in args), ctm)
        elif op == b"Do":
            form = xobjects[args[0]].get_object()
            if form["/Subtype"] != "/Form":
                continue
            m = times(tuple(float(v) for v in form.get("/Matrix", [1, 0, 0, 1, 0, 0])), ctm)
            x0, y0, x1, y1 = (float(v) for v in form["/BBox"])
            pts = [(x * m[0] + y * m[2] + m[4], x * m[1] + y * m[3] + m[5]) for x in (x0, x1) for y in (y0, y1)]
            out.append((form, min(p[0] for p in pts), min(p[1] for p in pts), max(p[0] for p in pts),
                        max(p[1] for p in pts)))
            out += _forms(reader, page, m, form.get("/Resources", {}), form)
    return out


def test_an_svg_icon_is_a_form_of_its_texts_size_on_the_baseline(tmp_path):
    """An SVG icon (40 x 32) in the Market card's text: one form XObject, 1 em high and 40/32 em wide, its
    bottom on the baseline of the "2" written before it."""
    folder = tmp_path / "svg"
    shutil.copytree(DECK, folder)
    deck = (folder / "deck.yaml").read_text().replace("  coin: icons/coin.png", "  coin: icons/coin.png\n"
                                                                           "  gem: icons/gem.svg")
    (folder / "deck.yaml").write_text(deck.replace("Pay 2 :coin:", "Pay 2 :gem:"))
    out = tmp_path / "out.pdf"
    r = pnp_in_process("build", folder, "-o", out)
    assert r.returncode == 0, r.stderr
    reader = pypdf.PdfReader(str(out))
    twos = [c for c in pdfread.page_chars(out, 2)[1] if c["text"] == "2" and 10.9 < c["size"] < 11.1]
    gems = [f for f in _forms(reader, reader.pages[2]) if abs((f[4] - f[2]) - 11.0) < 0.05
            and abs((f[3] - f[1]) - 11.0 * 40 / 32) < 0.05]                  # 1 em high, 40/32 em wide
    assert gems and len({f[0].indirect_reference.idnum for f in gems}) == 1, gems      # one form, however often
    _, x0, y0, x1, y1 = gems[0]
    two = max((c for c in twos if c["x1"] <= x0 + 0.3 and c["y0"] < y1 and c["y1"] > y0), key=lambda c: c["x1"])
    assert abs(y0 - two["origin"][1]) < 0.2 and abs((y1 - y0) - 11.0) < 0.05 and abs((x1 - x0) - 11.0 * 40 / 32) < 0.05
