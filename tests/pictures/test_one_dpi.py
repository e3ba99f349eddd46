"""Issue 47: a picture's dpi is one figure, measured one way, from every command. The pictures deck's full-bleed
picture (cover, grown into the bleed) made 200 x 280 px: `pnp build` (2 mm bleed), `pnp build --bleed 3`,
`pnp proof` (no bleed) and the exports (The Game Crafter's and MakePlayingCards' 1/8 inch bleed, the print
shop's PDF) once each reported a different dpi for it (75, 73, 80, ...), none saying against what. Now each
reports 80 dpi, measured on the trimmed card (63.5 x 88.9 mm), and says so; a picture inside the trim
(art/low.png) is measured as it was.

Each command runs through the CLI's entry in this process (what it says is the point, not its process), on the
deck's two cards that show the two pictures (the others' SVG, JPEG and transparent art measure nothing here)."""
from __future__ import annotations

import re
import shutil

from PIL import Image

from artdeck import ART
from cli import pnp_in_process

RUNS = {
    "build": ["build", "{deck}", "-o", "{out}/b.pdf"],
    "build --bleed 3": ["build", "{deck}", "--bleed", "3", "-o", "{out}/bb.pdf"],
    "proof": ["proof", "{deck}", "-o", "{out}/proof"],
    "export gamecrafter": ["export", "{deck}", "-o", "{out}/gc"],
    "export mpc": ["export", "{deck}", "--to", "mpc", "-o", "{out}/mpc"],
    "export pdf": ["export", "{deck}", "--to", "pdf", "-o", "{out}/pdf"],
}
SAID = re.compile(r"picture '(art/[a-z]+\.png)' in region 'art' prints at (\d+) dpi \(([^)]*)\)")


def test_every_command_reports_the_same_dpi_against_the_trim(tmp_path):
    deck = tmp_path / "art"
    shutil.copytree(ART, deck)
    Image.open(deck / "art" / "grid.png").convert("RGB").resize((200, 280)).save(deck / "art" / "grid.png")
    text = (deck / "deck.yaml").read_text(encoding="utf-8")
    cards = [ln for ln in text.splitlines() if ln.startswith("  - {title: ")]
    kept = [ln for ln in cards if "art/grid.png" in ln or "art/low.png" in ln]
    assert len(kept) == 2
    (deck / "deck.yaml").write_text(text.replace("\n".join(cards), "\n".join(kept)), encoding="utf-8")
    found = {}
    for name, args in RUNS.items():
        proc = pnp_in_process(*[a.format(deck=deck, out=tmp_path) for a in args])
        assert proc.returncode == 0, (name, proc.stderr)
        said = {m.group(1): (m.group(2), m.group(3)) for m in SAID.finditer(proc.stderr)}
        assert {"art/grid.png", "art/low.png"} <= set(said), (name, proc.stderr)
        found[name] = said
    for name, said in found.items():
        assert said["art/grid.png"] == ("80", "200 x 280 px drawn 63.5 x 88.9 mm on the trimmed card"), (name, said)
        assert said["art/low.png"] == ("30", "60 x 40 px drawn 50.0 x 33.3 mm on the trimmed card"), (name, said)
