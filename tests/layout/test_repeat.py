"""A region drawn several times (issue 53, regions/repeat.py): `repeat:` from a card's field, its copies placed by
`step` or `grid`, each reading its number as `i`; repeat 0 draws nothing; the keys' mistakes at their lines. Read
back from a `pnp new` game's PDF."""
from __future__ import annotations

from cli import pnp_in_process
from newgame import build, ellipses, fronts, new_game

PIPS = """  - {id: pips, type: ellipse, box: [8mm, 22mm, 3mm, 3mm], fill: gilt, repeat: "{value}", step: [4mm, 0mm],
     when: "{kind == 'Crop'}"}
  - {id: none, type: ellipse, box: [8mm, 26mm, 3mm, 3mm], fill: ink, repeat: "{value - 1 if kind == 'Crop' else 0}"}
  - {id: marks, type: text, box: [8mm, 66mm, 4mm, 3mm], text: "m{i + 1}", size: 6pt, repeat: 5, grid: [3, 5mm, 4mm]}
"""


def test_a_pip_region_is_drawn_value_times_and_repeat_0_draws_nothing(tmp_path):
    pdf, _ = build(new_game(tmp_path, PIPS))
    seen = {}
    for text, p in fronts(pdf):
        title = text.split()[1]
        seen.setdefault(title, (ellipses(p), text))
    # Wheat 1 + 0, Barley 2 + 1, Apples 3 + 2; events (value "!") none: their `when` is false, their repeat 0
    assert {t: n for t, (n, _) in seen.items()} == {"Wheat": 1, "Barley": 3, "Apples": 5, "Storm": 0,
                                                    "Market": 0, "Good": 0}, seen
    words = seen["Wheat"][1].split()
    assert [w for w in words if w.startswith("m")][:5] == ["m1", "m2", "m3", "m4", "m5"], words   # two rows of 3


def test_step_and_grid_go_with_a_repeat_and_each_copy_stays_on_the_card(tmp_path):
    folder = new_game(tmp_path, """  - {id: a, type: rect, box: [5mm, 5mm, 3mm, 3mm], fill: ink, step: [4mm, 0mm]}
  - {id: b, type: rect, box: [5mm, 9mm, 3mm, 3mm], fill: ink, repeat: 2, step: [4mm, 0mm], grid: [2, 4mm, 4mm]}
  - {id: c, type: rect, box: [5mm, 13mm, 3mm, 3mm], fill: ink, repeat: -1}
""")
    err = pnp_in_process("build", folder, "-o", tmp_path / "x.pdf").stderr
    assert "shown.yaml:3:63: region a.step: step places the copies of a repeated region; this one has no " \
           "repeat" in err, err
    assert "shown.yaml:4:92: region b.grid: a repeated region's copies are placed by step or by grid" in err, err
    assert "region c.repeat: expected how many times to draw the region, a whole number from 0 to 500" in err, err
    off = new_game(tmp_path, '  - {id: row, type: rect, box: [50mm, 5mm, 4mm, 4mm], fill: ink, repeat: "{value}", '
                             'step: [5mm, 0mm], when: "{kind == \'Crop\'}"}\n', name="off")
    err = pnp_in_process("build", off, "-o", tmp_path / "x.pdf").stderr
    assert "region row.box: card 'Apples': copy 2 of a repeated region: the box reaches 0.5 mm past the right " \
           "edge" in err, err
    assert "card 'Wheat'" not in err and "card 'Barley'" not in err, err     # one and two: on the card
    unrepeated = new_game(tmp_path, '  - {id: d, type: text, box: [5mm, 17mm, 9mm, 3mm], text: "{i}"}\n', name="i")
    err = pnp_in_process("build", unrepeated, "-o", tmp_path / "x.pdf").stderr
    assert "region d.text: {i}: i is the number of a repeated region's copy, read only in a repeated region's " \
        "other keys; this region has no repeat (add repeat: N" in err, err          # i: a repeated region's alone
