"""deck.yaml's sections, a module each: the keys a section accepts, with what each holds, its default and
its unit, in a table at the module's top, and the function that reads and checks the section. load.py
calls them in the order the sections depend on each other (the palette before the colours that name it,
parts and backs before the kinds and cards that name them).

    game.py      game:      title, designer, players ...
    palette.py   palette:   colour names; and what a colour value may be
    parts.py     parts:     the box's parts (base game, expansions)
    defaults.py  defaults:  the back, template and part a card has unless it says otherwise
    backs.py     backs:     named backs; and a back where one is named (a name, none or {template, fields})
    kinds.py     kinds:     card kinds and the fields each declares
    fields.py    (a card's field values, checked against their kind's declarations)
    cards.py     cards:     the cards (spreadsheet sources among them are expanded by ../sheets/ first)
    sizes.py     sizes:     a deck's own card sizes
    fonts.py     fonts:     a deck's own font families
    icons.py     icons:     pictures that text writes as :name:
    inferred.py  inferred:  facts the rules did not state, which the deck chose
    rules.py     rules:     the rule pages' settings
    components.py components: the component list (or components.yaml beside the deck file)

Not here: the checks of single values every section shares (../values.py), the state of one reading
(../reading.py), the order and the Deck made of it all (../load.py).
"""
