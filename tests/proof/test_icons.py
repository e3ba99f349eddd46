"""Icons in the proof (tests/decks/icons): every icon listed with its picture, size, shift, tint and the cards and
rules that show it, none of their names questioned as a misspelling, and the faces the proof draws showing them."""
from __future__ import annotations

import json

from cli import TESTS, pnp_in_process

DECK = TESTS / "decks" / "icons"


def test_the_proof_lists_the_icons_and_spells_none_of_them(tmp_path):
    out = tmp_path / "proof"
    r = pnp_in_process("proof", DECK, "-o", out)
    assert r.returncode == 0, r.stderr
    proof = json.loads((out / "proof.json").read_text())
    listed = {i["name"]: i for i in proof["icons"]}
    assert set(listed) == {"coin", "vp", "dot"}
    assert listed["vp"]["scale"] == 1.25 and listed["vp"]["shift"] == -0.1 and listed["dot"]["tint"] is True
    assert listed["coin"]["cards"] == ["Market", "Harvest", "Treasury", "Tax", "Crowded Hall"]
    assert listed["coin"]["rules"] and listed["vp"]["rules"] and not listed["dot"]["rules"]
    assert listed["coin"]["where"].endswith("deck.yaml:16")
    # 'vp' is no spelling suspect: the one finding is the Crowded Hall's shrunk text
    assert proof["errors"] == 0 and [(i["check"], i["card"]) for i in proof["issues"]] == [("shrunk", "Crowded Hall")]
    html = (out / "proof.html").read_text()
    assert html.count("class='icon icon-coin'") >= 10 and ".icon-vp{background-image:url(data:image/png;base64," in html
    md = (out / "proof.md").read_text()
    assert "- `:vp:` icons/vp.png, 1.25 em high, shifted -0.1 em:" in md
    # the faces the proof draws show the icons: the Market card's coin, gold at its place
    face = next(out.glob("faces/*-market-front.png"))
    from PIL import Image
    import numpy
    with Image.open(face) as im:
        rgb = numpy.asarray(im.convert("RGB")).astype(int)
    golden = (abs(rgb[..., 0] - 217) < 20) & (abs(rgb[..., 1] - 169) < 20) & (abs(rgb[..., 2] - 60) < 25)
    assert golden.sum() > 100
