"""The pipeline in one place: load -> check -> lay out -> impose. Renderers take it from here.
Not here: any stage's own work, rendering (render/), the commands' options (commands/)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from .records import Record
from .deck import shadowed
from .deck.languages import check_settings, in_language, summed
from .deck.load import read_deck
from .deck.model import Deck
from .errors import Collector, PnpError, known_list, warn
from .impose.paper import paper_id
from .deck.edition import corrections
from .impose.backs import refuse_lost_backs
from .text import typography

if TYPE_CHECKING:
    from .impose.spec import SheetSpec


class BuildOptions(Record):
    paper: str = "a4"
    duplex: str = "long"
    offset: tuple = (0.0, 0.0)      # points
    bleed: float = 0.0              # points
    without: tuple = ()             # optional part ids to leave out
    leaf: bool = True               # the print leaf for the players
    spacing: str = "auto"           # auto (gutters filled with each card's bleed where the paper allows) | touching
    drop_backs: bool = False        # --duplex none even though some backs carry text
    calibration: bool = False       # a calibration sheet as the last pages
    language: str | None = None     # --lang: the language to print in (None: the deck's source language)
    strict: bool = False            # --strict: a text the language lacks is an error, not a warning


def output_name(deck_id: str, paper: str = "a4", duplex: str = "long") -> str:
    """The name a build's PDF takes in output/ (without .pdf): the game's id (GAME, GAME.fr), and the paper and
    the duplex mode where they are not the defaults (GAME.letter, GAME.a3, GAME.300x450mm, GAME.shop for a layout
    file sheets/shop.yaml, GAME.fold, GAME.letter.short), so that a build for another paper or mode never replaces
    the one before it."""
    parts = [deck_id]
    if paper_id(paper) != "a4":
        parts.append(paper_id(paper))
    if duplex.lower() != "long":
        parts.append(duplex.lower())
    return ".".join(parts)


def load(game: str, without=(), faces: bool = False, quiet: bool = False, lang: str | None = None,
         strict: bool = False, held: dict | None = None, every: bool = False) -> Deck:
    """GAME (a folder's path, or a shipped game's name) loaded and validated, with the optional parts
    `without` left out. Every mistake found is raised at once (PnpErrors, in file and line order, up to
    errors.MAX_ERRORS), as a compiler reports them: the deck file and the files it names (spreadsheets, fonts,
    rules, corrections), every template its cards name (and the fields those templates show), its component
    list, and, when the only mistakes are in single cards or the component list, the other cards laid out
    (text that does not fit, unbalanced markup). `faces`: lay every card out even when nothing else is wrong,
    for the commands that do not lay them out themselves (pnp check, pnp cards), so that they refuse what a
    build refuses, in the same words. `quiet`: no warnings (pnp list). `lang`: the deck in that language
    (deck/languages.py), the texts it lacks a warning a file (`every`: a warning each), or with `strict` an error
    each. `held`: what a long-running
    process (pnp watch) keeps between its builds, handed down with the deck (Deck.memo["held"])."""
    deck = read(game, without, faces, quiet, lang, strict, every)[0]
    if held is not None:
        deck.memo["held"] = held
    return deck


def read(game: str, without=(), faces: bool = False, quiet: bool = False, lang: str | None = None,
         strict: bool = False, every: bool = False) -> tuple[Deck, list]:
    """As load, and what each card was read from (a YAML card's mapping, a spreadsheet's row): pnp cards
    writes them as a table."""
    note = shadowed(game)
    if note and not quiet:
        warn(note)
    found = Collector()
    deck, loader = read_deck(game, found)
    said: list = []
    from .layout import shapecache  # lazy: +497 ms to import (benchmarks/imports.py)
    from .layout.fonts import families  # lazy: +183 ms to import (benchmarks/imports.py)
    shapecache.open_book(deck)          # the words and lines its last build shaped
    typography.open_book(book_name(deck))     # and the texts it typeset
    before = len(found.errors)
    # every translation's settings, printed in or not, at their own line (the font families: layout's, and the deck's)
    check_settings(deck, found, families(deck), lang)
    sound = loader.sound and len(found.errors) == before        # (not laid out in a family that is none)
    with found.each():
        deck, said = in_language(deck, lang, strict, every)
    warnings = said + validate(deck, found, sound, loader.shared, faces, without)
    if loader.shared:
        warnings += _template_words(deck, lang, found, strict, every)
    with found.each():
        check_without(deck, without)
    found.done()
    for line in warnings if not quiet else ():
        warn(line)
    return (deck.without(without) if without else deck), loader.raw_cards


def book_name(deck: Deck) -> str:
    """What names a deck's books in the cache (text/typography.py's): its folder, as the layout store's files are
    named, or its id without one."""
    return str(deck.folder.resolve()) if deck.folder is not None else deck.id


def validate(deck: Deck, found: Collector, sound: bool, shared: bool, faces: bool = False, without=()) -> list[str]:
    """The checks after the deck file (see load); returns the warnings, to be shown if nothing is wrong.
    `faces`: lay out the cards a build `without` those parts would lay out, even with nothing else wrong."""
    from .check.model import read_components  # lazy: +17 ms to import (benchmarks/imports.py)
    from .layout.validate import check_templates  # lazy: +351 ms to import (benchmarks/imports.py)
    warnings, checked = [], set()
    with found.each():
        # no kinds, for a mistake already said: the component list names kinds that cannot be looked up
        components = read_components(deck) if deck.kinds or not found.errors else None
        checked = components.fields() if components else set()
    _texts(deck, found)
    if not shared:                      # the palette, sizes or fonts that templates are checked against
        return warnings
    from .printout.rules import refuse_icons  # lazy: +12 ms to import (benchmarks/imports.py)
    with found.each():              # :name: in the rules that is no icon: found with the cards' mistakes
        refuse_icons(deck)
    with found.each():
        bad, unloadable, warnings = check_templates(deck, found, checked)
        if found.errors and sound and not found.full:
            _more(deck, found, bad, unloadable)
        elif faces and sound:
            _more(deck.without(without) if without else deck, found, bad, unloadable)
    return warnings


def _template_words(deck: Deck, code: str | None, found: Collector, strict: bool, every: bool) -> list[str]:
    """A template's own words the language printed lacks (text:LANG): warnings, one line a file with their
    count (`every`: each), or with `strict` the deck's mistakes (deck/languages.py says the same of its texts)."""
    from .layout.validate import untranslated_words  # lazy: +351 ms to import (benchmarks/imports.py)
    missing = untranslated_words(deck, code)
    if strict:
        for file, line, field, message in missing:
            found.add(PnpError(message + " (--strict)", file, line or None, field=field))
        return []
    return summed(missing, code, deck.source_language, every)


def _texts(deck: Deck, found: Collector) -> None:
    """The rules (their file, settings and markup) and the corrections, read as the printout reads them, so
    that every command refuses a deck whose printout would fail on them."""
    with found.each():
        corrections(deck)
    if isinstance(deck.rules, dict):         # (one that is not a mapping is noted already)
        from .printout.rules import refuse_markup, rule_text  # lazy: +12 ms to import (benchmarks/imports.py)
        with found.each():
            refuse_markup(deck, rule_text(deck)[0])


def _more(deck: Deck, found: Collector, bad: set, unloadable: set) -> None:
    """With mistakes found already (or `faces` asked for), but none that leaves the deck unfit to lay out: lay
    the other cards out (text that does not fit, unbalanced markup, a missing glyph), each in its card; look at
    the markup of cards whose templates have a mistake of their own (their layout would repeat it)."""
    from .layout.deck import card_markup_errors, layout_deck  # lazy: +385 ms to import (benchmarks/imports.py)

    def shows(card, names) -> bool:
        return card.template in names or (card.back is not None and card.back.template in names)

    layout_deck(deck._replace(cards=[c for c in deck.cards if not shows(c, bad)]), 0.0, found, keep=False)
    for card in deck.cards:
        if shows(card, bad) and not shows(card, unloadable):
            for error in card_markup_errors(deck, card):
                with found.each():
                    raise error


def check_without(deck: Deck, without) -> None:
    """PnpError for a --without part the deck lacks, or one that is not optional."""
    for part in without:
        if part not in deck.parts:
            raise PnpError(f"unknown part '{part}' for --without", deck.file, hint=known_list(deck.parts))
        if not deck.parts[part].optional:
            optional = [p for p, v in deck.parts.items() if v.optional]
            raise PnpError(f"part '{part}' is not optional", deck.file,
                           hint=("optional: " + ", ".join(optional)) if optional else "this deck has no optional parts")


def pages(deck: Deck, opts: BuildOptions):
    return laid_and_pages(deck, opts)[1]


def laid_and_pages(deck: Deck, opts: BuildOptions):
    """(every card laid out, the imposed pages): for those who show the cards as well as the sheets (pnp watch).
    The options' paper, duplex, offset, bleed and gutter become the sheets' spec here, once a build (a
    watched build reads the paper's layout file again when it changes), and every step after reads that."""
    from .printout.document import printout  # lazy: +82 ms to import (benchmarks/imports.py)
    from .impose.spec import sheet_spec  # lazy: +12 ms to import (benchmarks/imports.py)
    from .layout.fonts import own_families  # lazy: +183 ms to import (benchmarks/imports.py)
    spec = sheet_spec(opts.paper, opts.duplex, opts.offset, opts.bleed, opts.spacing, deck.language,
                      own_families(deck))
    laid = lay_out(deck, spec, opts.drop_backs)
    return laid, printout(deck, laid, spec, opts.leaf, opts.calibration)


def lay_out(deck: Deck, spec: SheetSpec, drop_backs: bool = False) -> list:
    """Every card laid out with the bleed its size shows on the spec's sheets (impose/grid.py); fronts only
    (`--duplex none`) refused here when backs carry text, unless `drop_backs`, before anything is written."""
    from .layout.deck import layout_deck  # lazy: +385 ms to import (benchmarks/imports.py)
    from .layout.templates import geometry  # lazy: +290 ms to import (benchmarks/imports.py)
    sizes = geometry(deck, (c.template for c in deck.cards))
    bleeds: dict = {}

    def bleed_of(card) -> float:
        if card.template not in bleeds:
            if card.template not in sizes:
                return spec.bleed               # laying the card out reports the template's error
            bleeds[card.template] = spec.layout_bleed(*sizes[card.template])
        return bleeds[card.template]

    laid = layout_deck(deck, spec.bleed, bleed_of=bleed_of)
    if spec.duplex.fronts_only and not drop_backs:
        refuse_lost_backs(deck, laid)
    return laid


def write_pdf(deck: Deck, pages, out) -> bool:
    """The imposed pages as the game's PDF at `out` (whole or not at all); False when the file already held
    the same bytes, and was left as it was."""
    from .render.pdf import render_pdf  # lazy: +176 ms to import (benchmarks/imports.py)
    g = deck.game
    held = deck.memo.get("held") if deck.memo is not None else None
    from .layout import shapecache  # lazy: +497 ms to import (benchmarks/imports.py)
    try:
        return render_pdf(pages, out, g.title, g.designer, f"{g.title}: print and play cards",
                          held=held.get("pictures") if held else None)
    finally:
        from .layout.hyphens import language, own_language  # lazy: +431 ms to import (benchmarks/imports.py)
        hy = language(deck)
        shapecache.save((hy.language if hy else "", own_language(deck).language), deck)    # shaped, hyphenated anew
        typography.save_book(book_name(deck))                           # ... and typeset
