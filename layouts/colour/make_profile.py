"""Make pnp's CMYK output profile, layouts/colour/pnp-FOGRA39-240.icc, from FOGRA's characterisation data.

    apt-get install argyll                        # Debian's ArgyllCMS: colprof
    python layouts/colour/make_profile.py         # writes layouts/colour/pnp-FOGRA39-240.icc (about 40 s)
    python layouts/colour/make_profile.py --limit 300 --out /tmp/fogra39-300.icc

The data: FOGRA39L_coated.iccprofile.xml beside this script, copied unchanged from colord's sources
(github.com/hughsie/colord, data/profiles/FOGRA39L_coated.iccprofile.xml, commit f5220d8, July 2025; in
colord since 2013). It holds FOGRA39L, Fogra's measurements of 1,617 CMYK patches printed by offset on coated
paper (ISO 12647-2:2004/Amd 1, paper type 1 or 2), and colord's settings for building a profile from them;
colord marks it `<license>CC0</license>`, "free of known copyright restrictions". So is the profile made
from it (README.md beside this script).

The settings are colord's own (client/cd-create-profile.c runs `colprof -nc -qm -bm -kp STLE STPO ENPO ENLE
SHAPE -lTLIMIT` with the XML's values): medium-quality tables, no measurement data in the profile, black
generation 0, 0.3, 0.94, 0.94, 0.48. One is changed: the total ink limit, 240% (DriveThruCards' figure,
layouts/shop-drivethrucards.yaml) where colord's profile has 300%. colprof writes an ICC version 2 profile,
which PDF/X-1a (PDF 1.3 and 1.4) needs.

Not here: converting colours with the profile (generator/export/cmyk.py).
"""
from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
SOURCE = HERE / "FOGRA39L_coated.iccprofile.xml"
LIMIT = 240


def settings(xml: str) -> dict:
    """The characterisation data (.ti3 text) and colord's build settings in the XML."""
    def field(name):
        m = re.search(rf"<{name}>(.*?)</{name}>", xml, re.S)
        if m is None:
            sys.exit(f"make_profile: {SOURCE.name} has no <{name}>")
        return m.group(1).strip()
    return {"ti3": field("data_ti3") + "\n", "black": [field(k) for k in ("stle", "stpo", "enpo", "enle", "shape")]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=int, default=LIMIT, help="total ink limit, percent (default 240)")
    parser.add_argument("--out", type=Path, default=None, help="the profile to write")
    args = parser.parse_args()
    out = args.out or HERE / f"pnp-FOGRA39-{args.limit}.icc"
    colprof = shutil.which("colprof")
    if colprof is None:
        sys.exit("make_profile: colprof not found (apt-get install argyll)")
    s = settings(SOURCE.read_text(encoding="utf-8"))
    with tempfile.TemporaryDirectory() as tmp:
        (Path(tmp) / "fogra39.ti3").write_text(s["ti3"], encoding="utf-8")
        subprocess.run([colprof, "-nc", "-qm", "-bm", "-kp", *s["black"], f"-l{args.limit}",
                        "-A", "pnp", "-M", "FOGRA39L coated, offset",
                        "-D", f"pnp FOGRA39 coated, {args.limit}% total ink",
                        "-C", "No copyright: made by pnp from FOGRA39L data (CC0, colord)",
                        "-O", "profile.icc", "fogra39"], cwd=tmp, check=True, stdout=subprocess.DEVNULL)
        out.write_bytes((Path(tmp) / "profile.icc").read_bytes())
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
