"""Read a deck folder's deck.yaml into a Deck (model.py): its sections one by one, each by its module in
sections/, in the order they depend on each other, every mistake noted where it was written (file:line,
field) and reading gone on, so that one run names them all (reading.py). Cards from spreadsheets are
expanded into rows first (sheets/).

Not here: what each section's keys are and how each is checked (sections/), where a game is found
(games.py), the typed deck itself (model.py).
"""
from __future__ import annotations

from pathlib import Path

from ..errors import Collector, PnpError, found, suggest
from ..files.yamlfile import Map, load
from . import spreadsheets
from .games import DECK_FILE, resolve_game
from .model import Deck, Game
from .reading import Reading
from .sections import (backs, cards, components, defaults, fonts, game, icons, inferred, kinds, palette, parts,
                       languages, rules, sizes)
from .sections.cards import CARD_KEYS  # noqa: F401 (the keys a card accepts: tests/docs/test_deck_format.py reads them here)
from .values import need_map, unknown_keys, without_extensions

SECTIONS = {        # deck.yaml's top-level keys, and what reads each (keys starting 'x-' hold YAML anchors)
    "languages": "sections/languages.py, first: the other sections' KEY:LANG translations name its languages",
    "game": "sections/game.py (required)",
    "palette": "sections/palette.py",
    "sizes": "sections/sizes.py",
    "dpi": "sections/sizes.py, before the sizes: what a px is (1/dpi in) in the deck's sizes, templates and text",
    "fonts": "sections/fonts.py",
    "icons": "sections/icons.py",
    "icon_letters": "sections/icons.py, after the icons: a letter for an icon, read by icons() in a template",
    "defaults": "sections/defaults.py",
    "parts": "sections/parts.py",
    "kinds": "sections/kinds.py (required)",
    "backs": "sections/backs.py",
    "cards": "sections/cards.py (required), after sheets/ expands its spreadsheet sources",
    "components": "sections/components.py, kept as written for check/",
    "rules": "sections/rules.py, kept as written for printout/rules.py",
    "inferred": "sections/inferred.py",
    "corrections": "kept as written for edition.py (with the rows' correction.* cells: spreadsheets.corrections_of)",
}
TOP_KEYS = tuple(SECTIONS)
REQUIRED = ("game", "kinds", "cards")


class Loader(Reading):
    """One deck file read (load) into a Deck; what it read stays on it (raw_cards: what each card was read
    from, for pnp cards; sound and shared: see read_deck)."""

    def load(self) -> Deck:
        root = load(self.path, self.file)       # a file that is not YAML at all: nothing more can be read
        if not isinstance(root, Map):
            raise PnpError(f"a deck file must be a mapping with game, kinds and cards; found {found(root)}",
                           self.file, 1)
        with self.noting():
            unknown_keys(without_extensions(root), TOP_KEYS, "the deck")
        misspelt = [k for k in root if k not in TOP_KEYS and not str(k).startswith("x-")]
        for required in REQUIRED:
            if required not in root and not any(suggest(k, [required]) for k in misspelt):
                with self.noting():         # (a misspelt section's name is the one mistake to report)
                    raise PnpError(f"missing '{required}' section", self.file, 1, field=required)
        with self.noting():
            self.languages = languages.read(self, root)
        the_game = Game("")
        if "game" in root:
            with self.noting():
                if not isinstance(root["game"], Map):   # its players unread: the component list's need not said
                    self.failed.add(("game", "players"))
                the_game = game.read(self, need_map(root["game"], root, "game", "game facts"))
        self.dpi = sizes.dpi(self, root)
        the_palette = self.palette = palette.read(self, root.get("palette"), root)
        the_defaults = defaults.read(self, root)
        the_parts = parts.read(self, root.get("parts"), root)
        parts.within_game(self, the_parts, root.get("parts"), the_game)
        defaults.part(self, the_defaults, the_parts)
        defaults.template(self, the_defaults)
        the_backs = backs.read(self, root.get("backs"), root)
        default_back = defaults.back(self, the_defaults, the_backs)
        the_kinds, before = {}, len(self.found.errors)
        if "kinds" in root:
            with self.noting():
                the_kinds = kinds.read(self, need_map(root["kinds"], root, "kinds", "card kinds"), the_backs,
                                       default_back, the_defaults.get("template"))
        # no kinds, for a mistake already said (the section missing, misspelt or not a mapping): its cards are
        # not read, each of their columns and kinds would be an error of that one mistake (issue 47)
        kinds_lost = not the_kinds and ("kinds" not in root or len(self.found.errors) > before) and self.found.errors
        the_cards, self.raw_cards = [], []
        if "cards" in root and not kinds_lost:  # cards may come from spreadsheets: their rows stand where named
            rows = None
            with self.noting(wide=False):       # every bad cell is noted; the YAML's own cards are read on
                rows = spreadsheets.expand(root["cards"], self, the_kinds, the_parts, the_backs, the_defaults.get("part"))
            if rows is not None:
                self.raw_cards = rows
                the_cards = cards.read(self, rows, root, the_kinds, the_parts, the_backs, the_defaults.get("part"))
        every = the_cards               # (read in the order of raw_cards: the corrections' rows are theirs)
        the_cards, parked, totals = cards.numbered(the_cards)     # copies: 0 parks a card: it is not printed
        own_sizes, own_fonts = {}, {}
        errors = len(self.found.errors)
        with self.noting():
            own_sizes = sizes.read(self, root)
        with self.noting():
            own_fonts = fonts.read(self, root.get("fonts"), root)
        # what templates are checked against (with the palette) read without a mistake
        self.shared = len(self.found.errors) == errors and not any(k == "palette" for k, _ in self.failed)
        the_icons = icons.read(self, root.get("icons"), root)
        if isinstance(root.get("game"), Map):      # :name: on the print leaf, now that the icons are known
            game.refuse_icons(self, root["game"], the_icons)
        for entry in inferred.read(self, root.get("inferred"), root):
            self.inferred.append(entry)
        the_rules = rules.read(self, root)
        the_components, components_file = components.read(self, root)
        deck = Deck(id=_folder_name(self.folder) if self.path.name == DECK_FILE else self.path.stem,
                    folder=self.folder, file=self.file, game=the_game, palette=the_palette, parts=the_parts,
                    kinds=the_kinds, backs=the_backs, cards=the_cards, components=the_components,
                    rules=the_rules, inferred=self.inferred, icons=the_icons, languages=self.languages,
                    language=next(iter(self.languages), "en"), sizes=own_sizes, fonts=own_fonts, dpi=self.dpi,
                    template_refs=dict(self.templates), memo={},
                    extra={"components_file": components_file, "players_failed": ("game", "players") in self.failed,
                           "fonts_failed": tuple(sorted(n for k, n in self.failed if k == "font")),
                           "fields_failed": tuple(sorted(n for k, n in self.failed if k == "fields")),
                           **{k: root[k] for k in ("proof", "corrections") if k in root},
                           "parked": tuple(parked), "totals": totals, "every_card": tuple(the_cards),
                           "icon_letters": icons.letters(self, root.get("icon_letters"), root, the_icons),
                           "sheets": spreadsheets.sheets_of(root.get("cards")),
                           **spreadsheets.corrections_of(root.get("corrections"), self.raw_cards, every)})
        # the fields its backs show, kept for the component list when it is read for some of the cards
        return deck._replace(extra={**deck.extra, "back_fields": tuple(deck.back_fields())})


def load_deck(game: str | Path) -> Deck:
    """Resolve GAME (a name under decks/ or a path) and load it; every mistake found is raised at once
    (PnpErrors, up to errors.MAX_ERRORS)."""
    deck, _ = read_deck(game, found := Collector())
    found.done()
    return deck


def read_deck(game: str | Path, found: Collector) -> tuple[Deck, Loader]:
    """Resolve GAME and load it, noting its mistakes in `found` rather than raising them (a file that
    is not YAML at all is raised at once). Returns the deck as far as it could be read, and its Loader, which
    says whether it is sound (its only mistakes, if any, are in single cards, which it then lacks, or in its
    component list, so that the rest can be laid out to find more), whether its palette, sizes and fonts
    loaded (shared: its templates can be checked against them), and what each card was read from (raw_cards)."""
    loader = Loader(resolve_game(str(game)), found)
    deck = loader.load()
    return deck, loader


def _folder_name(folder) -> str:
    """The game's id from its folder: its own name, also when named as '.' or '..' (`pnp build .` in the game's
    folder writes output/GAME.pdf, not a hidden output/.pdf)."""
    return folder.name if folder.name not in ("", "..") else folder.resolve().name
