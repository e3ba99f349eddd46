"""The typed deck: what a validated deck.yaml becomes, and the one value a build passes down. No YAML, no
drawing here.

A Deck holds everything the later stages need of the game's folder: its palette, its own card sizes and font
families, its icons, where each template is named, its language. What they work out from it once (the
templates read, the font families resolved) they keep in its `memo`, a dict of their own for each deck loaded:
a warm process (pnp watch) loads the deck again on every build, so nothing read from a file outlives it.
Not here: how deck.yaml is read and checked (load.py, sections/)."""
from __future__ import annotations

from pathlib import Path

from ..records import Record


class Source(Record):
    """Where a thing was written: for error messages and the proof."""
    file: str
    line: int = 0
    column: int = 0

    def __str__(self) -> str:
        return f"{self.file}:{self.line}" if self.line else self.file


class Inferred(Record):
    """A fact the rules did not state, which the deck chose. Listed on the proof."""
    subject: str          # e.g. "card 'Brown 3', field material" or "deck: tracker count"
    value: str            # the value chosen (may be empty for whole-text facts)
    note: str             # why, and from what
    source: Source
    seed: str = ""        # what the seed says about it, quoted (optional)
    translations: dict = {}     # language -> {about, value, note}: about:fr ... (the inferred: section's facts)


class FieldSpec(Record):
    name: str
    type: str = "text"            # text | markup | int | number | colour | image
    required: bool = False
    choices: tuple = ()
    min: float | None = None
    max: float | None = None
    default: object = None
    line: int = 0                 # where it is declared in the deck file
    typography: str = ""          # plain: its text printed as written (text/typography.py); "" as the deck's


class BackRef(Record):
    """A back: a template and the fields it shows (on top of the card's own fields)."""
    template: str | None          # None: no back is printed (single-sided item)
    fields: tuple = ()            # ((name, value), ...)
    name: str = ""                # the named back it came from, or "" for an inline back

    @property
    def field_map(self) -> dict:
        return dict(self.fields)


class Icon(Record):
    """A picture that text writes as :name: (the `icons:` section): drawn scale em high on the baseline of
    the text around it, raised by shift em, in the text's colour when tinted."""
    name: str
    path: Path | None             # the image inside the deck folder; None when it could not be read (noted)
    file: str                     # as written in deck.yaml
    scale: float = 1.0            # its height in em of the text around it
    shift: float = 0.0            # em it is raised (negative: lowered) from the baseline
    tint: bool = False            # drawn in the text's colour (a one-colour icon)
    source: Source = Source("")
    pixels: tuple = (1, 1)        # its (width, height): the icon's shape


class Part(Record):
    id: str
    title: str
    players: tuple[int, int] | None = None
    optional: bool = False
    note: str = ""
    translations: dict = {}     # language -> {title, note}: the part's words in a translation


class Language(Record):
    """A language the deck prints in (the `languages:` section): its source language, or a translation."""
    code: str                   # 'fr', 'pt-BR'
    fonts: tuple = ()           # ((family templates name, family printed instead), ...)
    file: str = ""              # a translator's sheet its texts come from (pnp cards --lang)
    sheet: str | None = None
    source: Source = Source("")
    settings: object = None     # the settings as written (a Map), for errors about its file


class Kind(Record):
    id: str
    title: str
    template: str
    back: BackRef | None
    fields: dict = {}           # name -> FieldSpec (never changed once made)
    name: str = "{kind}"                             # pattern for a card's name
    plural: str = ""            # the title for several ("Settlers (aces)"); "" = the title and an s
    translations: dict = {}     # language -> {title, plural}
    line: int = 0               # deck.yaml's line where the kind is written (0: not known)
    name_line: int = 0          # ... and its name pattern (0: none written)


class Card(Record):
    id: str                     # unique within the deck (slug of the name, numbered if needed)
    name: str
    kind: str
    part: str
    copies: int
    template: str
    back: BackRef | None
    fields: dict                # name -> value (ints stay ints)
    source: Source
    field_lines: dict = {}      # name -> line (never changed once made)
    new_sheet: bool = False
    index: int = 0              # position in the deck's print order
    translations: dict = {}     # language -> {field: value}: FIELD:LANG, in deck.yaml, a column or a translator's sheet
    number: int = 0             # its place among the deck's printed cards (copies: 0 is parked), from 1
    kind_number: int = 0        # and among its kind's
    copy: int = 0               # the copy it is, when its copies are printed apart (a template reads `copy`); 0: all
    of: int = 0                 # then how many copies the card has (its `copies` is 1, each printed as a card)


class Game(Record):
    title: str
    designer: str = ""
    publisher: str = ""
    players: tuple[int, int] | None = None
    version: str = ""
    source: str = ""
    reprints_source: bool = False  # the rule pages print the rules of `source`'s text: only then "the original"
    year: str = ""
    date: str = ""              # YYYY-MM-DD: what its PDFs are dated (sections/game.date_epoch)
    subtitle: str = ""
    instructions: str = ""
    setup: str = ""             # markup: how to set the game up, for the print leaf
    spelling: str = ""          # american | british: pnp's own printed words; "" = as the deck's own words
    small_text: str = "warning"  # warning | error: a template's text under 6pt (layout/smallprint.py)
    typography: str = "typographic"  # typographic | plain: curly quotes, dashes ... in its texts (text/typography.py)
    hyphenate: bool = True      # false: the deck's words are never hyphenated by its language's dictionary
    translations: dict = {}     # language -> {key: text}: title:fr, setup:fr ...


class Deck(Record):
    id: str                     # the folder name, e.g. "vasa-regalis"
    folder: Path
    file: str                   # deck.yaml as shown to the user
    game: Game
    palette: dict               # name -> "#rrggbb"
    parts: dict                 # id -> Part, in order
    kinds: dict                 # id -> Kind
    backs: dict                 # name -> BackRef
    cards: list                 # [Card] in print order
    components: object = None   # raw Map/Seq, read by the check stage
    rules: object = None        # raw rule-page settings, read by the render stage
    inferred: list = []                          # never changed once made
    extra: dict = {}                             # other top-level sections, raw
    left_out: tuple = ()                         # optional parts left out of this build
    icons: dict = {}                             # name -> Icon: pictures that text writes as :name:
    languages: dict = {}                         # code -> Language, the source first; {} = English only
    language: str = "en"                         # the language this deck prints in (deck/languages.py)
    sizes: dict = {}                             # its own card sizes (the sizes: section): name -> sizes.Size
    dpi: float = 300.0                           # what a px is in its templates: 1/dpi in (dpi:, units.DPI)
    fonts: dict = {}                             # its own font families: name -> {style: (Path, "file:line")}
    template_refs: dict = {}                     # template name -> (file, line, column, field) where it is named
                                                 # (a cell's: ("cell", file, sheet, row, column, header, index))
    memo: dict | None = None                     # what later stages work out from it, once (see memo())

    def memo_of(self, what: str) -> dict:
        """The later stages' own dict `what` on this deck (layout's templates, font families ...): kept with
        the deck, shared by its copies (_replace, without), made afresh when the deck is loaded again."""
        if self.memo is None:
            return {}
        found = self.memo.get(what)
        if found is None:
            found = self.memo[what] = {}
        return found

    def once(self, what: str, of, compute):
        """compute(), or what it returned when last asked for `what` of the same object `of` (this deck, or
        the faces of its build): for what several steps of one build ask of it."""
        memo = self.memo_of(what)
        last = memo.get("last")
        if last is not None and last[0] is of:
            return last[1]
        value = compute()
        memo["last"] = (of, value)
        return value

    @property
    def source_language(self) -> str:
        return next(iter(self.languages), "en")

    def card_count(self, parts=None) -> int:
        return sum(c.copies for c in self.cards if parts is None or c.part in parts)

    def back_fields(self) -> list:
        """The fields shown on some back of the deck: its named backs', its kinds' and its cards'. Those of the
        whole deck as loaded (extra["back_fields"]) when it has them, so that the component list read for some
        of its cards (pnp build --only, a part left out) knows a field only the others' backs show."""
        if "back_fields" in self.extra:
            return list(self.extra["back_fields"])
        out: dict = {}
        for ref in [*self.backs.values(), *(k.back for k in self.kinds.values()), *(c.back for c in self.cards)]:
            for name, _ in (ref.fields if ref is not None else ()):
                out[name] = None
        return list(out)

    def without(self, leave_out) -> "Deck":
        """The same deck with some optional parts left out."""
        return self._replace(cards=[c for c in self.cards if c.part not in set(leave_out)],
                             left_out=tuple(self.left_out) + tuple(leave_out))
