"""A face laid out again after its template was saved, in a long-running process (generator/layout/relaid.py):
the regions as they were are taken from the last build's face, the others laid out, and the face is the one laying
it all out makes (issue 52: a drag in the layout view lays out the moved region of each card, not every region)."""
from __future__ import annotations

from generator import pipeline
from generator.layout import face as laying

DECK = {
    "deck.yaml": "game: {title: Relaid, designer: Test}\n"
                 "kinds:\n  a: {template: child, fields: {title: text, text: markup, n: int}}\n"
                 "cards:\n  - {kind: a, title: One, text: 'A **bold** word', n: 2}\n"
                 "  - {kind: a, title: Two, text: 'Plain words', n: 0}\n"
                 "  - {kind: a, title: Three, text: 'A rather longer text to shrink into its small box', n: 3}\n",
    "templates/base.yaml": "size: poker\nregions:\n"
                           "  - {id: back, type: rect, box: [0mm, 0mm, 100%, 100%], fill: '#eeeeee', bleed: true}\n"
                           "  - {id: title, type: text, box: [5mm, 5mm, 50mm, 10mm], text: '{title}', size: 12pt}\n",
    "templates/child.yaml": "extends: base\nregions:\n"
                            "  - {id: pip, type: ellipse, box: [5mm, 20mm, 4mm, 4mm], fill: '#a8261f',\n"
                            "     repeat: '{n}', step: [5mm, 0mm], when: '{n > 0}'}\n"
                            "  - {id: text, type: textbox, box: [5mm, 40mm, 30mm, 8mm], text: '{text}', size: 9pt,\n"
                            "     min_size: 6pt}\n"
                            "  - {id: mark, type: rect, box: [5mm, 60mm, 10mm, 10mm], fill: '#1e1e1e'}\n",
}


def _faces(folder, held) -> list:
    deck = pipeline.load(str(folder), held=held)
    laid, _ = pipeline.laid_and_pages(deck, pipeline.BuildOptions())
    return [lo.front for lo in laid]


def test_a_saved_template_lays_out_only_its_changed_regions_and_the_same_faces(tmp_path, monkeypatch):
    for name, text in DECK.items():
        (tmp_path / "deck" / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / "deck" / name).write_text(text, encoding="utf-8")
    folder = tmp_path / "deck"
    held: dict = {}
    laid: list = []
    real = laying._lay_out_region
    monkeypatch.setattr(laying, "_lay_out_region", lambda face, region, *a: laid.append(region.id) or
                        real(face, region, *a))
    first = _faces(folder, held)
    assert sorted(laid) == sorted(["back", "title", "pip", "text", "mark"] * 3)
    for file, old, new, again in (
            ("child.yaml", "[5mm, 40mm, 30mm, 8mm]", "[5.5mm, 40mm, 30mm, 8mm]", ["text"] * 3),   # a drag
            ("child.yaml", "step: [5mm, 0mm]", "step: [4mm, 1mm]", ["pip"] * 3),
            ("base.yaml", "[5mm, 5mm, 50mm, 10mm]", "[6mm, 5mm, 50mm, 10mm]", ["title"] * 3),     # inherited
            # an override added: the title, and the mark, now written a line lower (where a key is written is
            # part of a region: what its mistakes name)
            ("child.yaml", "  - {id: mark", "  - {id: title, size: 14pt}\n  - {id: mark", ["mark", "title"] * 3)):
        path = folder / "templates" / file
        text = path.read_text(encoding="utf-8")
        assert old in text
        path.write_text(text.replace(old, new), encoding="utf-8")
        laid.clear()
        warm = _faces(folder, held)
        assert sorted(laid) == sorted(again), (file, new)
        monkeypatch.setenv("PNP_CACHE", "off")          # every region laid out: the same faces
        cold = _faces(folder, None)
        monkeypatch.undo()
        monkeypatch.setattr(laying, "_lay_out_region", lambda face, region, *a: laid.append(region.id) or
                            real(face, region, *a))
        assert [vars(f) for f in warm] == [vars(f) for f in cold], (file, new)
        assert warm != first
    assert warm[2].shrunk and not warm[0].shrunk        # (a part of a face its spans hold)
