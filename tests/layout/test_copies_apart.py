"""A template that reads `copy` (issue 53) prints each copy of a card as a face of its own, numbered from 1; the
faces it does not change (their shared back) stay one drawing, and a deck whose templates do not read it keeps
each card's copies one card, one face. Read back from a `pnp new` game's PDF."""
from __future__ import annotations

from newgame import build, fronts, new_game
from pdfcheck import placements

from generator import pipeline

COPY = '  - {id: copy, type: text, box: [20mm, 80mm, 23.5mm, 4mm], text: "copy {copy} of {copies}", size: 8pt}\n'


def test_copies_differ_where_a_template_reads_copy_and_stay_shared_elsewhere(tmp_path):
    pdf, _ = build(new_game(tmp_path, COPY))
    faces = fronts(pdf)
    wheat = [(text, p) for text, p in faces if " Wheat " in f" {text} "]
    assert [t[t.index("copy"):t.index("copy") + 11] for t, _ in wheat] == [f"copy {n} of 4" for n in range(1, 5)]
    assert len({p.form for _, p in wheat}) == 4                           # four faces, drawn apart
    shown = [q for _, q in faces]
    backs = [p for page in placements(pdf) for p in page if p not in shown]
    assert len(backs) == 12 and len({p.form for p in backs}) == 1         # one back, one drawing

    plain = pipeline.load(str(new_game(tmp_path, COPY.replace("copy {copy} of", "copies:"), name="plain")))
    assert [c.copies for c in plain.cards if c.name == "Wheat"] == [4]    # not read: one card, one face
