"""Pictures in pnp watch's preview (tests/decks/art): the SVG drawn in the face images, the resolution warning
on the card it concerns and no other."""
from __future__ import annotations

import io
import shutil

from PIL import Image

from artdeck import ART, W, emblem_drawn


def test_the_preview_draws_the_svg_and_shows_the_resolution_warning(tmp_path):
    from watching import Watcher
    game = tmp_path / "art"
    shutil.copytree(ART, game)
    with Watcher(game, "-o", tmp_path / "out.pdf") as w:
        first = w.first_build()
        assert first["event"] == "built", first
        cards = {c["name"]: c for c in w.state()["cards"]}
        found = [f for f in cards["Low"]["findings"] if f["check"] == "resolution"]
        assert len(found) == 1 and "art/low.png" in found[0]["message"] and "30 dpi" in found[0]["message"]
        assert not [f for c in cards.values() if c["name"] != "Low" for f in c["findings"]
                    if f["check"] == "resolution"]
        status, _, png = w.get(f"/face/{cards['Emblem']['front']}.png")
        assert status == 200
        image = Image.open(io.BytesIO(png)).convert("RGB")
        width = cards["Emblem"]["size"][0]
        emblem_drawn(image, image.size[0] / width, (width - W) / 2)
        assert w.interrupt() == 0
