"""Stage 3: card templates (data) and the layout of each face into a display list.

templates.py finds and loads a template (with what it extends) and keeps what the loaded decks tell their
templates; regions/ declares each type of region (its keys, its layout, its drawing) and reads and checks
each region; sizes.py the card sizes; validate.py checks a deck's templates against its cards. face.py lays
out one face into a display list (display.py: Face and its drawing operations), fonts.py and text.py give
it fonts and wrapped text, safezone.py measures its text against the cut; deck.py lays out every card of a
deck, store.py and fontcache.py keep faces and fonts between builds; pages.py flows rule pages. Drawing is
render/'s (with each region type's drawer), placing faces on sheets impose/'s.

Not here: reading deck.yaml (deck/), drawing (render/), sheets (impose/).
"""
from .face import Context, Face, layout_face  # noqa: F401
from .templates import Template, get_template  # noqa: F401
