"""Pictures in the proof (tests/decks/art): the low-resolution one warned of, naming card and file; the face
images drawn through the same path as the PDF's (the emblem card shows its SVG)."""
from __future__ import annotations

from PIL import Image

from artdeck import ART, W, emblem_drawn
from cli import pnp_in_process


def test_the_proof_warns_of_the_low_resolution_picture_naming_card_and_file(tmp_path):
    out = tmp_path / "proof"
    proc = pnp_in_process("proof", ART, "-o", out)
    assert proc.returncode == 0, proc.stderr
    md = (out / "proof.md").read_text(encoding="utf-8")
    line = [ln for ln in md.splitlines() if "dpi" in ln and ln.startswith("- ") and "**warning**" not in ln]
    assert len(line) == 1, md
    assert "deck.yaml:" in line[0] and "card 'Low', field art: picture 'art/low.png' in region 'art' prints at " \
        "30 dpi" in line[0]
    # the proof's face images are drawn through the same path: the emblem card shows its SVG
    face = Image.open(out / "faces" / "005-emblem-front.png").convert("RGB")
    w, h = face.size
    bleed = (w / (200 / 72) - W) / 2
    emblem_drawn(face, 200 / 72, bleed)
