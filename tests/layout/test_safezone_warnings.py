"""Safe-zone warnings (layout/safezone.py): a Squib-style version stamp in the margin of every card is one warning
line (the region, its template, how many cards), silenced by one key, `safe: false` on the region, in build, proof
and export; text near the cut is found in its region whatever its box, one each card gives too."""
from __future__ import annotations

from smalldeck import DECK, TEMPLATE, deck, errors, run


STAMP = '  - {id: stamp, type: text, box: [20mm, 86.5mm, 23.5mm, 2mm], text: "v{version}", size: 6pt, align: center}\n'


MANY = DECK.replace("game: {title: Tried}", 'game: {title: Tried, version: "0.3"}') + "".join(
    f"  - {{title: Card {n}, text: \"Draw {n}.\", value: {n % 10}}}\n" for n in range(4, 40))


def _zone(err: str) -> list[str]:
    return [line for line in err.splitlines() if "safe zone" in line]


def test_a_version_stamp_in_the_margin_of_every_card_is_one_warning_line(tmp_path):
    folder = deck(tmp_path / "d", MANY, TEMPLATE + STAMP)
    code, out, err = run("build", folder, "-o", tmp_path / "out.pdf")
    assert code == 0, err
    lines = _zone(err)
    assert len(lines) == 1, err
    assert "region 'stamp'" in lines[0] and "(and 38 more cards)" in lines[0], lines[0]
    assert "safe: false" in lines[0] and "templates/front.yaml:8" in lines[0], lines[0]
    code, out, err = run("proof", folder, "-o", tmp_path / "proof")
    lines = _zone(err)
    assert len(lines) == 1 and lines[0].startswith(f"{folder}/templates/front.yaml:8: warning:"), err
    assert "on 39 cards" in lines[0]


def test_safe_false_on_the_region_silences_it_in_build_proof_and_export(tmp_path):
    folder = deck(tmp_path / "d", MANY, TEMPLATE + STAMP.replace("align: center}", "align: center, safe: false}"))
    for args in (("build", folder, "-o", tmp_path / "out.pdf"), ("proof", folder, "-o", tmp_path / "proof"),
                 ("export", folder, "-o", tmp_path / "gc", "-j", "1", "--force"),
                 ("export", folder, "--to", "tts", "-o", tmp_path / "tts", "--force")):
        code, out, err = run(*args)
        assert code == 0 and _zone(err) == [], (args, err)


def test_safe_must_be_true_or_false(tmp_path):
    folder = deck(tmp_path / "d", front=TEMPLATE + STAMP.replace("align: center}", "align: center, safe: no-way}"))
    lines = errors(run("build", folder, "-o", tmp_path / "out.pdf")[2])
    assert len(lines) == 1 and "front.yaml:8" in lines[0] and "region stamp.safe" in lines[0], lines


def test_text_near_the_cut_in_a_box_each_card_gives_is_warned_of(tmp_path):
    """A text box whose box a card gives ("{box}") and whose text runs over several lines, 0.7 mm from the cut:
    its lines could not be matched to the regions, and the regions' boxes measured instead held no such box, so
    nothing was said."""
    front = TEMPLATE.replace('box: [5mm, 20mm, 53mm, 50mm], text: "{text}"', 'box: "{where}", text: "{text}"')
    text = DECK.replace("      value: {type: int, min: 0, max: 9}\n", "      value: {type: int, min: 0, max: 9}\n"
                        "      where: {type: text, default: '5mm, 20mm, 53mm, 50mm'}\n").replace(
        '"Play **one** card."', '"Play **one** card, then draw two more and discard one of them.", '
                                "where: '0.7mm, 20mm, 40mm, 50mm'")
    code, out, err = run("build", deck(tmp_path / "d", text, front), "-o", tmp_path / "out.pdf")
    assert code == 0, err
    lines = _zone(err)
    assert len(lines) == 1 and lines[0].startswith("pnp: warning: card 'One' (face): text in region 'body'"), err
    assert "reaches 0.7 mm from the cut" in lines[0], lines
