"""generator/layout/face.py: one face laid out from its template and a card's values; where its mistakes are
said. A colour the template makes of a field and its own words ("{colour}-ink") that the palette lacks is the
template's mistake, at its line, once for all the cards it fails on (it led with each card's cell)."""
from __future__ import annotations

from smalldeck import DECK, TEMPLATE, deck, refused


def test_a_palette_name_the_template_makes_is_said_at_the_templates_line(tmp_path):
    text = DECK.split("cards:\n")[0] + "cards: {file: cards.csv}\n"
    folder = deck(tmp_path / "d", text, TEMPLATE.replace('align: center}', 'align: center, colour: "{colour}-ink"}'),
                  **{"cards.csv": "title,text,value,colour\nOne,a,1,sea\nTwo,b,2,sand\n"})
    lines = refused(folder)
    assert len(lines) == 1, lines
    assert lines[0].startswith(f"{folder}/templates/front.yaml:4:90: region title.colour: card 'One': "
                               "'{colour}-ink' makes the colour 'sea-ink', which is not a colour or a name in the palette"), lines
    assert "(and 1 more card: 'Two')" in lines[0] and "did you mean 'sea'?" in lines[0], lines
