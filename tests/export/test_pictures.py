"""Pictures exported for The Game Crafter (tests/decks/art): the SVG drawn on the face and the back images, and
each picture under the 300 dpi The Game Crafter judges an upload at noted, the blurred one warned of."""
from __future__ import annotations

from PIL import Image

from artdeck import ART, INK, PAPER, close, emblem_drawn
from pdfcheck import MM


def test_the_game_crafter_export_draws_the_svg_and_notes_pictures_under_300_dpi(exported):
    folder = exported(ART)
    err = exported.stderr(ART)
    notes = [ln for ln in err.splitlines() if ln.startswith("pnp: note:")]
    assert sorted(n.split("'")[3] for n in notes) == ["art/alpha.png", "art/grid.png", "art/photo.jpg", "art/rgb.png"]
    assert all("The Game Crafter judges an upload at 300 dpi" in n for n in notes)
    assert "pnp: note: card 'Alpha' (face): picture 'art/alpha.png' in region 'art' prints at 203 dpi" in err
    low = [ln for ln in err.splitlines() if "art/low.png" in ln]
    assert low == ["pnp: warning: card 'Low' (face): picture 'art/low.png' in region 'art' prints at 30 dpi (60 x 40 "
                   "px drawn 50.0 x 33.3 mm on the trimmed card); under 150 dpi it prints blurred, and The Game Crafter judges an upload "
                   "at 300 dpi: give it at least 591 x 394 px"]
    image = Image.open(folder / "emblem-face.png").convert("RGB")
    emblem_drawn(image, 300 / 72, 9.0)
    back = Image.open(folder / "back-emblem.png").convert("RGB")
    # the back's emblem: 43.5 mm wide in [10mm, 20mm, 43.5mm, 48.9mm], centred in its height
    s = 43.5 * MM / 100 * 300 / 72
    left, top = (10 * MM + 9.0) * 300 / 72, (20 * MM + 9.0 + (48.9 - 34.8) / 2 * MM) * 300 / 72
    assert close(back.getpixel((int(left + 75 * s), int(top + 25 * s))), INK)
    assert close(back.getpixel((int(left + 50 * s), int(top + 75 * s))), PAPER)
