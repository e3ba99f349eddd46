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


def test_a_template_picture_blurred_on_every_card_is_one_finding_as_the_builds_line_is_one(tmp_path):
    """The proof said it once a card (six lines for the starter's six cards) where the build says it once."""
    from newgame import new_game
    folder = new_game(tmp_path, "  - {id: pic, type: image, src: icons/lo.png, box: [20mm, 20mm, 10mm, 10mm]}\n")
    Image.new("RGB", (20, 20), "red").save(folder / "icons" / "lo.png")
    proc = pnp_in_process("proof", folder, "-o", tmp_path / "proof")
    said = [ln for ln in proc.stderr.splitlines() if "prints at 51 dpi" in ln]
    assert len(said) == 1 and said[0].startswith(f"{folder}/templates/shown.yaml:3: warning: picture 'icons/lo.png' "
                                                 "in region 'pic'"), proc.stderr
    assert said[0].endswith("(on 6 cards: Wheat, Barley, Apples, ...)"), said
    build = pnp_in_process("build", folder, "-o", tmp_path / "x.pdf")
    assert [ln for ln in build.stderr.splitlines() if "prints at 51 dpi" in ln] == [
        "pnp: warning: card 'Wheat' (face) (and 5 more cards): picture 'icons/lo.png' in region 'pic' prints at 51 dpi "
        "(20 x 20 px drawn 10.0 x 10.0 mm on the trimmed card); under 150 dpi it prints blurred: give it at least "
        "59 x 59 px"], build.stderr
