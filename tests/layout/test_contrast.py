"""The contrast check's own module (generator/layout/contrast.py): WCAG 2.1's ratio as coloraide computes it, and
`pnp build` warning of small text on a ground too close to its ink in a designer's deck (once for each template,
ink, ground and size, at the first card, naming how many more), the starter itself warning of none."""
from __future__ import annotations

import pytest
from coloraide import Color

from cli import pnp_in_process

from generator.layout.contrast import ratio


@pytest.mark.parametrize("ink,ground", [("#ffffff", "#3f8a2f"), ("#d9b861", "#2c6a3d"), ("#777777", "#ffffff"),
                                        ("#1e1e1e", "#fbf7ec"), ("#3f7d3a", "#fbf7ec")])
def test_the_ratio_is_wcag_2_1s(ink, ground):
    assert ratio(ink, ground) == pytest.approx(float(Color(ink).contrast(ground, method="wcag21")), abs=1e-3)


def test_pnp_build_warns_of_small_text_too_close_to_its_ground(tmp_path):
    game = tmp_path / "g"
    pnp_in_process("new", str(game), check=True)
    out = tmp_path / "g.pdf"
    quiet = pnp_in_process("build", str(game), "-o", str(out), "--force", check=True)
    assert "contrast" not in quiet.stderr                       # the starter's own colours pass
    deck = game / "deck.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace('harvest: "#3f7d3a"', 'harvest: "#8fc98a"'),
                    encoding="utf-8")
    proc = pnp_in_process("build", str(game), "-o", str(out), "--force", check=True)
    lines = [ln for ln in proc.stderr.splitlines() if "contrast" in ln]
    assert len(lines) == 1, proc.stderr                     # the crops' kind line, once for the three of them
    assert lines[0].startswith("pnp: warning: ") and "card 'Wheat' (and 2 more cards), template card" in lines[0]
    assert "text 'Crop' at 8pt in harvest (#8fc98a) on paper (#fbf7ec)" in lines[0] and "under 4.5:1" in lines[0]
