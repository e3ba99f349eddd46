"""Art drawn with its bleed (generator/layout/regions/common.py: grow): a template whose size declares its bleed
may write a region's box from the bleed's corner, in Squib's pixels (`box: [-37.5px, -37.5px, 825px, 300px]` for
a poker card with 1/8 in of bleed at 300 dpi) with `bleed: true`; it is drawn where it is written, not grown
again, and a box past the bleed is an error at its line. Read back from the print shop's PDF, whose pages are
the faces with their 3.175 mm bleed."""
from __future__ import annotations

from pathlib import Path

import pypdfium2 as pdfium
from PIL import Image

from cli import pnp_in_process

DPI = 300
SIZE = "size: {width: 63.5mm, height: 88.9mm, bleed: 37.5px}   # Squib's poker card: 825 x 1125 px at 300 dpi"


def _game(tmp_path: Path, box: str) -> Path:
    folder = tmp_path / "g"
    assert pnp_in_process("new", folder).returncode == 0
    art = Image.new("RGB", (100, 20), (220, 0, 0))
    art.paste((0, 0, 220), (0, 10, 100, 20))                # top half red, bottom half blue
    art.save(folder / "band.png")
    template = folder / "templates" / "card.yaml"
    lines = template.read_text(encoding="utf-8").splitlines()
    lines = [SIZE if line.startswith("size:") else line for line in lines]
    lines.append(f"  - {{id: band, type: image, box: {box}, src: band.png, fit: stretch, bleed: true}}")
    template.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return folder


def test_a_box_from_the_bleeds_corner_is_drawn_where_it_is_written(tmp_path):
    folder = _game(tmp_path, "[-37.5px, -37.5px, 825px, 300px]")
    out = tmp_path / "shop"
    proc = pnp_in_process("export", folder, "--to", "pdf", "-o", out)
    assert proc.returncode == 0, proc.stderr
    pdf = next(out.glob("*.pdf"))
    doc = pdfium.PdfDocument(str(pdf))
    try:
        page = doc[0]
        assert abs(page.get_width() - 825 * 72 / DPI) < 0.01       # the face and its bleed: 825 x 1125 px
        img = page.render(scale=DPI / 72).to_pil().convert("RGB")
    finally:
        doc.close()

    def colour(x, y):
        r, g, b = img.getpixel((x, y))
        return "red" if r > 150 and b < 80 else "blue" if b > 150 and r < 80 else "other"
    # the band runs from the bleed's corner (0, 0) 825 px across and 300 px down; its halves meet 150 px down (grown
    # again by the bleed at its top, as a box at the trim is, they would meet at 131 px)
    assert colour(2, 2) == "red" and colour(822, 2) == "red"
    assert colour(400, 140) == "red" and colour(400, 160) == "blue"
    assert colour(2, 295) == "blue" and colour(400, 306) == "other"


def test_a_box_past_the_declared_bleed_is_an_error_at_its_line(tmp_path):
    folder = _game(tmp_path, "[-50px, 0px, 300px, 300px]")
    proc = pnp_in_process("build", folder, "-o", tmp_path / "x.pdf")
    assert proc.returncode == 2 and not (tmp_path / "x.pdf").exists()
    lines = proc.stderr.splitlines()
    assert len(lines) == 1, proc.stderr
    assert "templates/card.yaml:" in lines[0] and "region band.box" in lines[0], lines[0]
    assert "1.1 mm past the left edge" in lines[0] and "keep every box inside the piece's 3.2 mm bleed" in lines[0]
