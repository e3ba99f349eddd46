"""What svglib cannot draw in an SVG picture is never silent: each feature it leaves out is one
warning line naming the SVG file and line, what is left out and the card that shows it, in `pnp build`,
`pnp proof` and the preview of `pnp watch` (generator/render/leftout.py).

The SVG below uses a filter, a mask, a pattern fill, a marker and a foreignObject (none of which svglib
draws), a colour and a transform it does not understand, and a clip path it cannot find; and, to be left
unnamed, a filter nothing uses, a title, a description, metadata and Inkscape's own element. A clean SVG
(tests/decks/art) is built without any such line.
"""
from __future__ import annotations

import json
import shutil
import textwrap

import pytest

from cli import ROOT, pnp_in_process

FX = """\
<svg xmlns="http://www.w3.org/2000/svg" xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd" viewBox="0 0 100 100">
  <title>Storm</title>
  <desc>A storm over the sea</desc>
  <metadata>drawn for the tests</metadata>
  <sodipodi:namedview id="view"/>
  <defs>
    <filter id="glow"><feGaussianBlur stdDeviation="3"/></filter>
    <filter id="unused"><feGaussianBlur stdDeviation="1"/></filter>
    <mask id="half"><rect width="50" height="100" fill="white"/></mask>
    <pattern id="rain" width="10" height="10" patternUnits="userSpaceOnUse"><circle cx="5" cy="5" r="2" fill="#2c6e8f"/></pattern>
    <marker id="arrow" markerWidth="10" markerHeight="10"><path d="M0,0 L10,5 L0,10 z"/></marker>
  </defs>
  <rect x="0" y="0" width="100" height="100" fill="#f4ecd8"/>
  <circle cx="30" cy="30" r="15" fill="#d9a93c" filter="url(#glow)"/>
  <rect x="50" y="10" width="40" height="30" fill="#a33a2c" mask="url(#half)"/>
  <rect x="10" y="55" width="35" height="35" fill="url(#rain)"/>
  <line x1="55" y1="95" x2="95" y2="55" stroke="#1d2230" stroke-width="2" marker-end="url(#arrow)"/>
  <foreignObject x="50" y="50" width="40" height="20"><div xmlns="http://www.w3.org/1999/xhtml">rain</div></foreignObject>
  <rect x="60" y="70" width="10" height="10" fill="hotpink2"/>
  <rect x="75" y="70" width="10" height="10" fill="#1d2230" transform="perspective(3)"/>
  <rect x="60" y="85" width="10" height="10" fill="#1d2230" clip-path="url(#nowhere)"/>
</svg>
"""

# (line in the SVG, the start of what is said): the order svglib meets them in
SAID = [
    (14, "the filter 'glow' (<filter>, line 7) is not drawn: pnp draws no SVG filters (blur, shadow, glow)"),
    (15, "the mask 'half' (<mask>, line 9) is not drawn: pnp draws no SVG masks"),
    (16, "the pattern 'rain' (<pattern>, line 10) is not drawn: pnp draws no pattern fills"),
    (17, "the marker 'arrow' (<marker>, line 11) is not drawn: pnp draws no markers (arrowheads)"),
    (18, "<foreignObject> is not drawn: pnp draws no HTML or other foreign content in an SVG"),
    (19, "the colour 'hotpink2' is not drawn"),
    (20, "the transform perspective(...) is not applied"),
    (21, "the clip path 'nowhere' is not in the file: what it would clip is drawn whole"),
]


@pytest.fixture
def deck(tmp_path):
    folder = tmp_path / "storm"
    (folder / "templates").mkdir(parents=True)
    (folder / "art").mkdir()
    (folder / "art" / "storm.svg").write_text(FX, encoding="utf-8")
    (folder / "art" / "calm.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><title>Calm</title>'
        '<rect width="10" height="10" fill="#2c6e8f"/></svg>', encoding="utf-8")
    (folder / "deck.yaml").write_text(textwrap.dedent("""\
        game: {title: Storm Test}
        kinds:
          card: {title: Card, template: card, back: none, name: "{title}", fields: {title: text, art: image}}
        cards:
          - {kind: card, title: Calm, art: art/calm.svg}
          - {kind: card, title: Storm, art: art/storm.svg, copies: 2}
          - {kind: card, title: Gale, art: art/storm.svg}
        """), encoding="utf-8")
    (folder / "templates" / "card.yaml").write_text(textwrap.dedent("""\
        size: poker
        regions:
          - {id: art, type: image, box: [5mm, 5mm, 53.5mm, 53.5mm], src: "{art}"}
          - {id: title, type: text, box: [5mm, 65mm, 53.5mm, 10mm], text: "{title}", size: 14pt, align: center}
        """), encoding="utf-8")
    (folder / "words.txt").write_text("Calm\n", encoding="utf-8")
    return folder


def test_the_build_names_each_feature_svglib_leaves_out(deck, tmp_path):
    proc = pnp_in_process("build", deck, "-o", tmp_path / "out.pdf", cwd=tmp_path)
    assert proc.returncode == 0 and (tmp_path / "out.pdf").exists(), proc.stderr
    lines = proc.stderr.splitlines()
    assert len(lines) == len(SAID), proc.stderr
    for line, (n, says) in zip(lines, SAID):
        assert line.startswith(f"pnp: warning: storm/art/storm.svg:{n}: {says}"), (line, n, says)
        # the first card that shows the picture, and how many more (Storm's two copies are one card)
        assert line.endswith("; shown on card 'Storm' (face) in region 'art' (and 1 more card)"), line
    # nothing of the unused filter, the title, description and metadata, Inkscape's element, or calm.svg
    assert not [ln for ln in lines if "unused" in ln or "title" in ln or "namedview" in ln or "calm" in ln]


def test_the_proof_lists_them_at_the_svgs_lines(deck, tmp_path):
    proc = pnp_in_process("proof", deck, "-o", tmp_path / "proof", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    issues = [i for i in json.loads((tmp_path / "proof" / "proof.json").read_text())["issues"] if i["check"] == "svg"]
    assert sorted((i["where"], i["message"].split(":")[0]) for i in issues) == \
        sorted((f"storm/art/storm.svg:{n}", says.split(":")[0]) for n, says in SAID)
    assert all(i["level"] == "warning" and i["card"] == "Storm" and i["also"] == 1 for i in issues), issues
    md = (tmp_path / "proof" / "proof.md").read_text(encoding="utf-8")
    assert "storm/art/storm.svg:14: warning: card 'Storm': the filter 'glow' (<filter>, line 7) is not drawn" in md


def test_the_preview_shows_them_with_the_card(deck, tmp_path):
    from watching import Watcher
    with Watcher(deck, "-o", tmp_path / "out.pdf") as w:
        first = w.first_build()
        assert first["event"] == "built", first
        cards = {c["name"]: c for c in w.state()["cards"]}
        found = [f for f in cards["Storm"]["findings"] if f["check"] == "svg"]
        assert len(found) == len(SAID) and any("the mask 'half'" in f["message"] for f in found), found
        assert not [f for f in cards["Calm"]["findings"] + cards["Gale"]["findings"] if f["check"] == "svg"]
        assert w.interrupt() == 0


def test_an_icon_only_the_rules_write_is_named_by_its_icon(deck, tmp_path):
    shutil.copy(deck / "art" / "storm.svg", deck / "art" / "bolt.svg")
    yaml = (deck / "deck.yaml").read_text(encoding="utf-8")
    (deck / "deck.yaml").write_text(yaml.replace("kinds:", "icons:\n  bolt: art/bolt.svg\nrules: {file: rules.md}\n"
                                                           "kinds:"), encoding="utf-8")
    (deck / "rules.md").write_text("# Rules\n\nA storm :bolt: strikes.\n", encoding="utf-8")
    proc = pnp_in_process("build", deck, "-o", tmp_path / "out.pdf", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    bolt = [ln for ln in proc.stderr.splitlines() if "bolt.svg" in ln]
    assert len(bolt) == len(SAID) and all(ln.endswith("; shown on icon ':bolt:'") for ln in bolt), bolt


def test_a_clean_svg_deck_says_nothing_of_the_kind(built):
    art = ROOT / "tests" / "decks" / "art"
    built(art)
    assert "is not drawn" not in built.stderr(art) and "not applied" not in built.stderr(art)


GLOW = """\
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 60 90" width="60" height="90">
  <defs>
    <radialGradient id="glow" cx="0.5" cy="0.55" r="0.5">
      <stop offset="0" stop-color="#ffe9a0"/>
      <stop offset="1" stop-color="#ffe9a0" stop-opacity="0"/>
    </radialGradient>
    <linearGradient id="solid"><stop offset="0" stop-color="#000"/><stop offset="1" stop-color="#fff" style="stop-opacity: 1"/></linearGradient>
    <linearGradient id="spare"><stop offset="0" stop-color="#000" style="stop-opacity:50%"/></linearGradient>
  </defs>
  <circle cx="30" cy="50" r="30" fill="url(#glow)"/>
  <rect x="0" y="0" width="10" height="10" fill="url(#solid)"/>
</svg>
"""


def test_a_gradient_fading_to_transparent_is_named_for_it_prints_opaque(deck, tmp_path):
    """svglib draws a gradient's stops with their colours but a PDF shading has no opacity, so a glow that
    fades out prints as a solid disc; svglib says nothing of it, pnp does. Not named: a gradient whose stops
    are opaque, and a see-through one nothing uses."""
    (deck / "art" / "storm.svg").write_text(GLOW, encoding="utf-8")
    proc = pnp_in_process("build", deck, "-o", tmp_path / "out.pdf", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr.splitlines() == [
        "pnp: warning: storm/art/storm.svg:10: the gradient 'glow' (<radialGradient>, line 3) fades to transparent "
        "(stop-opacity, line 5), which is not drawn: pnp draws a gradient's colours opaque, so what it fills prints "
        "solid; draw the fading part as shapes of fill-opacity instead; shown on card 'Storm' (face) in region 'art' "
        "(and 1 more card)"]
