"""Every mistake a picture can make is one line naming file:line and field, all of them in one run,
exit status 2 and nothing written: tests/decks/picture-mistakes holds them all (two files too large to keep
in the repository are written here first). The SVG check itself (generator/pictures/svgfile.py) is tried on each kind
of reference, declaration and size, and on data: URIs, which it lets in only as PNG or JPEG pictures that
pass the same checks as a picture file.
"""
from __future__ import annotations

import base64
import io
import shutil

import pytest
from PIL import Image

from cli import ROOT, pnp, pnp_in_process
from generator.pictures.images import BadImage, picture
from generator.pictures.svgfile import MAX_BYTES, MAX_ELEMENTS, BadSvg, check_svg

MISTAKES = ROOT / "tests" / "decks" / "picture-mistakes"
SVG = '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10">{}</svg>'

# what each line starts with, what it says, and (for a file at fault) the line that names it: the file at fault is
# named first, then the deck's or the template's line that names it (issue 33)
EXPECTED = [
    ("art/malformed.svg", "the file is not a well-formed SVG: mismatched tag (line 3", "deck.yaml:12 names it as cards[0].art"),
    ("art/url.svg", "the file refers to 'http://example.org/x.png' (href, line 2)", "deck.yaml:13 names it as cards[1].art"),
    ("art/escape.svg", "the file refers to '../x.png' (href, line 2)", "deck.yaml:14 names it as cards[2].art"),
    ("art/import.svg", "the file imports the style sheet 'theme.css' (@import in <style>, line 4)", "deck.yaml:15 names it as cards[3].art"),
    ("art/huge.svg", "the file declares a width of 1,000.0 in; an SVG may be from 0 to 200 in",
     "deck.yaml:16 names it as cards[4].art"),
    ("art/entities.svg", "the file declares a DOCTYPE with entities", "deck.yaml:17 names it as cards[5].art"),
    ("art/big.svg", f"the file is 10,000,074 bytes; the limit for an SVG is {MAX_BYTES:,}",
     "deck.yaml:18 names it as cards[6].art"),
    ("art/many.svg", f"the file holds more than {MAX_ELEMENTS:,} elements", "deck.yaml:19 names it as cards[7].art"),
    ("art/sprite.svg", "the file refers to 'sprites.svg#coin' (href, line 2)",
     "templates/icon.yaml:4 names it in region 'icon'"),
    ("templates/wrong.yaml:4:71: region one.fit", "expected contain, cover, stretch, found 'cvoer' (did you mean "
                                                  "'cover'?)", ""),
    ("templates/wrong.yaml:5:72: region two.focus", "expected the focus's x as a percentage from 0% to 100%, found "
                                                    "'120%'", ""),
    ("templates/wrong.yaml:6:74: region three.bleed", "expected true or false, found 'yes-please'", ""),
]


def test_every_picture_mistake_is_one_line_and_all_of_them_in_one_run(tmp_path):
    deck = shutil.copytree(MISTAKES, tmp_path / "picture-mistakes")
    (deck / "art" / "big.svg").write_text(SVG.format("<!--" + "x" * 10_000_001 + "-->").replace(
        ' xmlns:xlink="http://www.w3.org/1999/xlink"', ""), encoding="utf-8")
    (deck / "art" / "many.svg").write_text(SVG.format("<g/>" * (MAX_ELEMENTS + 1)), encoding="utf-8")
    out = tmp_path / "out" / "mistakes.pdf"
    for command in (("build", deck, "-o", out), ("export", deck, "-o", tmp_path / "gc"),
                    ("proof", deck, "-o", tmp_path / "proof")):
        proc = pnp_in_process(*command, cwd=tmp_path)
        assert proc.returncode == 2, (command[0], proc.stderr)
        lines = proc.stderr.splitlines()
        assert len(lines) == len(EXPECTED), (command[0], proc.stderr)
        for where, says, named in EXPECTED:
            hits = [line for line in lines if line.startswith(f"pnp: error: picture-mistakes/{where}: ")]
            assert len(hits) == 1, (command[0], where, proc.stderr)
            assert says in hits[0] and f"picture-mistakes/{named}" in hits[0] if named else says in hits[0], hits[0]
    assert not out.exists() and not (tmp_path / "out").exists()
    assert not (tmp_path / "gc").exists() and not (tmp_path / "proof").exists()


def test_an_svg_may_hold_png_and_jpeg_pictures_written_into_it():
    png = io.BytesIO()
    Image.new("RGB", (4, 4), (10, 200, 30)).save(png, "PNG")
    jpeg = io.BytesIO()
    Image.new("RGB", (4, 4), (10, 200, 30)).save(jpeg, "JPEG")
    body = "".join(f'<image width="5" height="5" href="data:image/{kind};base64,{base64.b64encode(data).decode()}"/>'
                   for kind, data in (("png", png.getvalue()), ("jpeg", jpeg.getvalue())))
    info = check_svg(SVG.format(body).encode())
    assert (info.width, info.height) == (7.5, 7.5) and [r[:4] for r in info.rasters] == [b"\x89PNG", b"\xff\xd8\xff\xe0"]


@pytest.mark.parametrize("body,says", [
    ('<image href="data:image/svg+xml;base64,PHN2Zy8+"/>', "refers to a data: URI that is not a PNG or JPEG picture"),
    ('<image href="data:image/png;base64,%%%"/>', "holds a picture whose base64 data is damaged"),
    ('<image href="file:///etc/passwd"/>', "refers to 'file:///etc/passwd' (href, line 1)"),
    ('<image href="/etc/passwd"/>', "refers to '/etc/passwd'"),
    ('<image xlink:href="other.svg#part"/>', "refers to 'other.svg#part'"),
    ('<use href="sprites.svg#coin"/>', "refers to 'sprites.svg#coin'"),
    ('<rect width="5" height="5" fill="url(http://example.org/p.svg#g)"/>', "refers to 'http://example.org/p.svg#g' "
                                                                            "(url() in fill="),
    ('<rect width="5" height="5" style="fill: url(\'pattern.svg#p\')"/>', "(url() in style="),
    ('<style>rect { fill: url(texture.png) }</style>', "refers to 'texture.png' (url() in <style>"),
    ('<style>@IMPORT "theme.css";</style>', "imports the style sheet 'theme.css' (@import in <style>"),
    ('<style>@import url( \'a b.css\' );</style>', "imports the style sheet 'a b.css' (@import in <style>"),
    ('<style>@font-face { font-family: X; src: url(x.woff) }</style>', "refers to 'x.woff'"),
    ("<g>" * 101 + "</g>" * 101, "nests elements more than 100 deep"),
])
def test_the_svg_check_refuses(body, says):
    with pytest.raises(BadSvg) as exc:
        check_svg(SVG.format(body).encode())
    assert says in str(exc.value)


@pytest.mark.parametrize("svg,says", [
    ('<?xml-stylesheet href="style.css"?>' + SVG.format(""), "names a style sheet outside the file"),
    ('<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]>' + SVG.format("&x;"), "declares a DOCTYPE with entities"),
    ('<svg xmlns="http://www.w3.org/2000/svg"/>', "declares no size"),
    ('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="-4"/>', "declares a height of"),
    ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 0 10"/>', "has a viewBox '0 0 0 10'"),
    ('<svg xmlns="http://www.w3.org/2000/svg" width="10furlong" height="1in"/>', "in a unit pnp does not know"),
    ('<html xmlns="http://www.w3.org/1999/xhtml"/>', "is not an SVG: its root element is <html>"),
    ("", "is not a well-formed SVG: no element found"),
])
def test_the_svg_check_refuses_the_document(svg, says):
    with pytest.raises(BadSvg) as exc:
        check_svg(svg.encode())
    assert says in str(exc.value)


def test_a_plain_doctype_and_relative_sizes_are_fine():
    doctype = ('<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">'
               '<svg xmlns="http://www.w3.org/2000/svg" width="100%" height="2in" viewBox="0 0 40 20"/>')
    assert check_svg(doctype.encode())[:2] == (30.0, 144.0)
    assert check_svg(b'<svg xmlns="http://www.w3.org/2000/svg" width="20mm" height="10mm"/>')[:2] == \
        pytest.approx((20 * 72 / 25.4, 10 * 72 / 25.4))


def test_a_picture_written_into_an_svg_is_checked_as_a_file_is(tmp_path):
    bomb = io.BytesIO()
    Image.new("1", (8000, 8000)).save(bomb, "PNG")          # 64 million pixels in a few kilobytes
    path = tmp_path / "bomb.svg"
    path.write_text(SVG.format(f'<image href="data:image/png;base64,{base64.b64encode(bomb.getvalue()).decode()}"/>'),
                    encoding="utf-8")
    with pytest.raises(BadImage) as exc:
        picture(path)
    assert "holds a picture (the first data:image URI) that claims more than 40 million pixels" in str(exc.value)
    gif = io.BytesIO()
    Image.new("RGB", (2, 2)).save(gif, "GIF")
    path.write_text(SVG.format(f'<image href="data:image/png;base64,{base64.b64encode(gif.getvalue()).decode()}"/>'),
                    encoding="utf-8")
    with pytest.raises(BadImage) as exc:
        picture(path)
    assert "is a GIF image" in str(exc.value)


def test_svglib_is_never_given_a_path_it_could_follow(tmp_path, monkeypatch):
    """Behind the check, a second wall: svglib draws from the checked bytes, so even a reference the check let
    through could not make it open a file (it resolves references against the path it reads from)."""
    from svglib.svglib import svg2rlg
    Image.new("RGB", (4, 4), (255, 0, 0)).save(tmp_path / "next-door.png")
    (tmp_path / "pic.svg").write_text(SVG.format('<image width="10" height="10" href="next-door.png"/>'),
                                      encoding="utf-8")
    opened = svg2rlg(str(tmp_path / "pic.svg"))
    given = svg2rlg(io.BytesIO((tmp_path / "pic.svg").read_bytes()))

    def images(node):
        from reportlab.graphics.shapes import Image as Picture
        found = [node] if isinstance(node, Picture) else []
        for child in getattr(node, "contents", ()):
            found += images(child)
        return found
    assert len(images(opened)) == 1 and images(given) == []      # by path it would; by bytes it cannot
    import svglib.svglib

    from generator.render import svg
    seen = []

    def spy(source, *args, **kwargs):
        seen.append(source)
        return svg2rlg(source, *args, **kwargs)
    monkeypatch.setattr(svglib.svglib, "svg2rlg", spy)
    (tmp_path / "fine.svg").write_text(SVG.format('<rect width="5" height="5"/>'), encoding="utf-8")
    d = svg.drawing(str(tmp_path / "fine.svg"))
    assert (d.width, d.height) == (7.5, 7.5)
    assert len(seen) == 1 and isinstance(seen[0], io.BytesIO)
