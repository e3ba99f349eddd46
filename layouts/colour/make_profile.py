"""Make pnp's CMYK output profiles, layouts/colour/pnp-*.icc, from the printing conditions' characterisation data.

    apt-get install argyll                                  # Debian's ArgyllCMS: colprof
    python layouts/colour/make_profile.py                   # every condition of conditions.yaml (about 40 s each)
    python layouts/colour/make_profile.py swop              # one: writes layouts/colour/pnp-SWOP-TR003-240.icc
    python layouts/colour/make_profile.py fogra39 --limit 300 --out /tmp/fogra39-300.icc
    python layouts/colour/make_profile.py --black-only           # black.txt again from the profiles as they are

Making the shipped profiles also writes black.txt: each profile's black table (the black ink alone each grey level
prints with: generator/export/cmyk.py works it out with LittleCMS), under the digest of the profile's bytes, so that an
export from an empty cache need not work it out (tests/export/test_conditions.py holds it to cmyk.py's).

The data (conditions.yaml names each condition's file, beside this script): colord's characterisation files, copied
unchanged from its sources (github.com/hughsie/colord, data/profiles/, commit f5220d8, July 2025), each holding the
measurements of 1,617 CMYK patches and colord's settings for building a profile from them; colord marks each
`<license>CC0</license>`, "free of known copyright restrictions" (README.md beside this script says more):
- FOGRA39L_coated.iccprofile.xml: Fogra's FOGRA39L, offset on coated paper (ISO 12647-2:2004/Amd 1, paper 1 or 2);
- SWOP_TR003_coated_3.iccprofile.xml: ANSI/CGATS/SWOP TR 003-2007, publication web offset on grade 3 coated paper;
- GRACoL_TR006_coated.iccprofile.xml: ANSI/CGATS/GRACoL TR 006-2007, commercial offset on grade 1 coated paper.
The two CGATS files say "Profiles, or other derivative work, based on these data may be distributed with no further
permissions from CGATS", and that the Technical Report must be named as the source of the data: each profile's
description and copyright name it.

The settings are colord's own (client/cd-create-profile.c runs `colprof -nc -qm -bm -kp STLE STPO ENPO ENLE SHAPE
-lTLIMIT` with the XML's values): medium-quality tables, no measurement data in the profile, black generation from
the XML (0, 0.3, 0.94, 0.94 and a shape of 0.48, SWOP's 0.4). One is changed: the total ink limit, 240%
(DriveThruCards', layouts/shop-drivethrucards.yaml) where colord's profiles have 300%. colprof writes an ICC version 2
profile, which PDF/X-1a (PDF 1.3 and 1.4) needs. The ICC's registry asks a profile made from registered data to carry
a characterization target tag reading "ICCHDAT" and the data's Reference Name: colprof's -nc leaves that tag out, so
it is added here as a text tag ('targ'), which no colour conversion reads.

Not here: converting colours with the profiles (generator/export/cmyk.py).
"""
from __future__ import annotations

import argparse
import re
import shutil
import struct
import subprocess
import sys
import tempfile
from pathlib import Path

import yaml

HERE = Path(__file__).resolve().parent
CONDITIONS = HERE / "conditions.yaml"


def settings(xml: str, file: str) -> dict:
    """The characterisation data (.ti3 text) and colord's build settings in the XML."""
    def field(name):
        m = re.search(rf"<{name}>(.*?)</{name}>", xml, re.S)
        if m is None:
            sys.exit(f"make_profile: {file} has no <{name}>")
        return m.group(1).strip()
    return {"ti3": field("data_ti3") + "\n", "black": [field(k) for k in ("stle", "stpo", "enpo", "enle", "shape")]}


def with_target(icc: bytes, text: str) -> bytes:
    """The ICC version 2 profile `icc` with a characterization target tag ('targ', a textType) reading `text`, its
    tag table grown by one entry and every tag's offset moved by it, the profile's size set anew."""
    count = struct.unpack(">I", icc[128:132])[0]
    table = [struct.unpack(">4sII", icc[132 + 12 * i:144 + 12 * i]) for i in range(count)]
    if any(sig == b"targ" for sig, _, _ in table):
        return icc
    start = 132 + 12 * count
    body = bytearray(icc[start:])
    while len(body) % 4:
        body += b"\0"
    tag = b"text" + b"\0\0\0\0" + text.encode("ascii") + b"\0"
    offset = start + 12 + len(body)
    entries = [(sig, off + 12, size) for sig, off, size in table] + [(b"targ", offset, len(tag))]
    body += tag
    while len(body) % 4:
        body += b"\0"
    head = bytearray(icc[:128])
    out = bytes(head) + struct.pack(">I", count + 1) + b"".join(struct.pack(">4sII", *e) for e in entries) + body
    return struct.pack(">I", len(out)) + out[4:]


def make(key: str, condition: dict, limit: int, out: Path, colprof: str) -> None:
    source = HERE / condition["data"]
    s = settings(source.read_text(encoding="utf-8"), source.name)
    with tempfile.TemporaryDirectory() as tmp:
        (Path(tmp) / "data.ti3").write_text(s["ti3"], encoding="utf-8")
        subprocess.run([colprof, "-nc", "-qm", "-bm", "-kp", *s["black"], f"-l{limit}",
                        "-A", "pnp", "-M", condition["model"],
                        "-D", f"pnp {condition['name']}, {limit}% total ink",
                        "-C", f"No copyright: made by pnp from {condition['source']} data (CC0, colord)",
                        "-O", "profile.icc", "data"], cwd=tmp, check=True, stdout=subprocess.DEVNULL)
        icc = (Path(tmp) / "profile.icc").read_bytes()
    out.write_bytes(with_target(icc, f"ICCHDAT {condition['identifier']}"))
    print(f"wrote {out}")


BLACK_HEAD = """# The black table of each of pnp's CMYK profiles: for each grey level 0 to 255, the black ink alone (0 to 255)
# that prints it as light as the profile's four-colour grey (generator/export/cmyk.py, Ink._black_table), a byte a
# level in hex, under the first 16 hex digits of the SHA-256 of the profile's bytes. Written by make_profile.py; a
# profile not listed has its table worked out when an export first needs it.
"""


def write_black(table: dict) -> None:
    """black.txt anew: the black table of each condition's shipped profile, as cmyk.py works it out."""
    import hashlib
    sys.path.insert(0, str(HERE.parent.parent))
    from generator.export.cmyk import Ink
    lines = []
    for key in table["conditions"]:
        ink = Ink(condition=key)
        lines.append(f"{hashlib.sha256(ink.profile).hexdigest()[:16]} {bytes(ink._black_table()).hex()}  # {key}")
    (HERE / "black.txt").write_text(BLACK_HEAD + "\n".join(lines) + "\n", encoding="ascii")
    print(f"wrote {HERE / 'black.txt'}")


def main() -> None:
    table = yaml.safe_load(CONDITIONS.read_text(encoding="utf-8"))
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("conditions", nargs="*",
                        help=f"the conditions to make ({', '.join(table['conditions'])}; default: every one)")
    parser.add_argument("--limit", type=int, default=int(table["limit"]), help="total ink limit, percent")
    parser.add_argument("--out", type=Path, default=None, help="the profile to write (one condition)")
    parser.add_argument("--black-only", action="store_true", help="only write black.txt from the profiles as they are")
    parser.add_argument("--target-only", action="store_true",
                        help="only add the characterization target tag to the profiles already made")
    args = parser.parse_args()
    keys = args.conditions or list(table["conditions"])
    unknown = [k for k in keys if k not in table["conditions"]]
    if unknown or (args.out and len(keys) != 1):
        sys.exit(f"make_profile: conditions are {', '.join(table['conditions'])}; --out takes one")
    if args.black_only:
        write_black(table)
        return
    if args.target_only:
        for key in keys:
            condition = table["conditions"][key]
            path = HERE / condition["profile"]
            path.write_bytes(with_target(path.read_bytes(), f"ICCHDAT {condition['identifier']}"))
            print(f"wrote {path}")
        return
    colprof = shutil.which("colprof")
    if colprof is None:
        sys.exit("make_profile: colprof not found (apt-get install argyll)")
    for key in keys:
        condition = table["conditions"][key]
        out = args.out or HERE / re.sub(r"-\d+\.icc$", f"-{args.limit}.icc", condition["profile"])
        make(key, condition, args.limit, out, colprof)
    if args.out is None and args.limit == int(table["limit"]):
        write_black(table)


if __name__ == "__main__":
    main()
