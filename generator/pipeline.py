"""The pipeline in one place: load -> check -> lay out -> impose. Renderers take it from here.
Not here: any stage's own work, rendering (render/), the commands' options (commands/)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from .records import Record
from .deck import shadowed
from .deck.languages import check_settings, in_language, summed
from .deck.load import read_deck
from .deck.model import Deck
from .errors import Collector, PnpError, PnpErrors, known_list, warn
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
    deck = read(game, without, faces, quiet, lang, strict, every, held)[0]
    from .layout.deck import copies_apart  # lazy: +385 ms to import (benchmarks/imports.py)
    deck = copies_apart(deck)           # a card whose template reads `copy`: its copies printed apart
    if held is not None:
        deck.memo["held"] = held
    return deck


def read(game: str, without=(), faces: bool = False, quiet: bool = False, lang: str | None = None,
         strict: bool = False, every: bool = False, held: dict | None = None) -> tuple[Deck, list]:
    """As load, and what each card was read from (a YAML card's mapping, a spreadsheet's row): pnp cards
    writes them as a table. The checks are PASSES, in order, each run to its end, every mistake noted."""
    note = shadowed(game)
    if note and not quiet:
        warn(note)
    run = Reading(game, without, faces, lang, strict, every, held)
    try:
        for _what, _stage, check in PASSES:
            with run.found.each():      # (a pass's own mistakes are noted as it goes; one it raises, here)
                check(run)
            if run.deck is None:        # a deck file that is not YAML at all, or no game: nothing more to read
                break
        run.found.done()
    except PnpErrors as exc:            # the deck as far as it was read, where its mistakes are all in single
        exc.deck = run.deck if run.sound else None      # cards: the proof still spells it (commands/proof.py)
        raise
    deck = run.deck
    if faces:                           # every card laid out: what it shaped and typeset kept for the next run
        save_books(deck, whole=False)
    for line in run.warnings if not quiet else ():
        warn(line)
    return (deck.without(without) if without else deck), run.loader.raw_cards


class Reading:
    """What the passes of one reading share: what was asked, the deck as far as it was read, the mistakes noted
    (found), the warnings to show when there are none, and what one pass leaves the next."""

    def __init__(self, game: str, without, faces: bool, lang: str | None, strict: bool, every: bool,
                 held: dict | None = None):
        self.game, self.without, self.faces, self.lang, self.strict, self.every = \
            game, without, faces, lang, strict, every
        self.held = held                # what a long-running process keeps between builds (load's `held`)
        self.found = Collector()
        self.deck: Deck | None = None
        self.loader = None
        self.warnings: list = []
        self.sound = False              # no mistake beyond single cards (and the component list) so far
        self.checked: set = set()       # the fields the component list reads
        self.bad, self.unloadable, self.pruned = set(), set(), {}     # the templates' at fault (check_templates)

    @property
    def shared(self) -> bool:
        """The palette, sizes and fonts that templates are checked against read without a mistake."""
        return self.loader.shared


def _deck_file(run: Reading) -> None:
    """deck/: deck.yaml and every file it names (spreadsheets, fonts, rules, corrections), section by section."""
    run.deck, run.loader = read_deck(run.game, run.found)
    if run.held is not None and run.deck.memo is not None:
        run.deck.memo["held"] = run.held    # (the templates' checks kept in memory too: layout/store.Held)
    run.sound = run.loader.sound
    run.warnings += run.loader.warnings
    from .layout import shapecache  # lazy: +497 ms to import (benchmarks/imports.py)
    shapecache.open_book(run.deck)          # the words and lines its last build shaped
    typography.open_book(book_name(run.deck))     # and the texts it typeset


def _languages(run: Reading) -> None:
    """deck/ (with layout's families): every translation's settings, printed in or not, at their own line."""
    from .layout.fonts import families  # lazy: +183 ms to import (benchmarks/imports.py)
    before = len(run.found.errors)
    known = []
    with run.found.each():              # (a deck family's fallback that is no family: said with the rest)
        known = families(run.deck)
    check_settings(run.deck, run.found, known, run.lang)
    run.sound = run.sound and len(run.found.errors) == before     # (not laid out in a family that is none)


def _language(run: Reading) -> None:
    """deck/: the deck in the language printed; the texts it lacks a warning (or with --strict a mistake)."""
    run.deck, said = in_language(run.deck, run.lang, run.strict, run.every)
    run.warnings += said


def _components(run: Reading) -> None:
    """check/: the component list, its fields and ranges (none read for kinds a mistake already lost)."""
    from .check.model import read_components  # lazy: +17 ms to import (benchmarks/imports.py)
    components = read_components(run.deck) if run.deck.kinds or not run.found.errors else None
    run.checked = components.fields() if components else set()


def _texts(run: Reading) -> None:
    """printout/: the rules (their file, settings, markup, and the icons they write) and the corrections, read
    as the printout reads them, so that every command refuses a deck whose printout would fail on them."""
    deck, found = run.deck, run.found
    with found.each():
        corrections(deck)
    if isinstance(deck.rules, dict):         # (one that is not a mapping is noted already)
        from .printout.rules import refuse_markup, rule_text  # lazy: +12 ms to import (benchmarks/imports.py)
        with found.each():
            refuse_markup(deck, rule_text(deck)[0])
    if run.shared:                  # :name: in the rules that is no icon (the icons read): with the cards' mistakes
        from .printout.rules import refuse_icons  # lazy: +12 ms to import (benchmarks/imports.py)
        with found.each():
            refuse_icons(deck)


def _templates(run: Reading) -> None:
    """layout/: every template the cards name, read region by region and checked against the kinds showing it,
    the palette, sizes and fonts (validate.py); a region at fault is left out of the passes after it."""
    if not run.shared:
        return
    from .layout.validate import check_templates  # lazy: +351 ms to import (benchmarks/imports.py)
    run.bad, run.unloadable, run.pruned, warnings = check_templates(run.deck, run.found, run.checked)
    run.warnings += warnings


def _cards(run: Reading) -> None:
    """layout/: with mistakes found already (or `faces` asked for), but none that leaves the deck unfit to lay out,
    every other card laid out, to find its own (text that does not fit, unbalanced markup, a missing glyph)."""
    if not (run.shared and run.sound) or not ((run.found.errors and not run.found.full) or run.faces):
        return
    deck = run.deck.without(run.without) if run.faces and not run.found.errors and run.without else run.deck
    _more(deck, run.found, run.bad, run.unloadable, run.pruned)


def _template_words(run: Reading) -> None:
    """layout/: a template's own words the language printed lacks (text:LANG): warnings, one line a file with
    their count (`every`: each), or with --strict mistakes (deck/languages.py says the same of its texts)."""
    if not run.shared:
        return
    from .layout.validate import untranslated_words  # lazy: +351 ms to import (benchmarks/imports.py)
    missing = untranslated_words(run.deck, run.lang)
    if run.strict:
        for file, line, field, message in missing:
            run.found.add(PnpError(message + " (--strict)", file, line or None, field=field))
        return
    run.warnings += summed(missing, run.lang, run.deck.source_language, run.every)


def _without(run: Reading) -> None:
    """deck/: each --without part is one the deck has, and optional."""
    check_without(run.deck, run.without)


# The checks of a reading, in the pipeline's order, each owned by its stage and run to its end: a mistake is
# noted and the pass goes on; the later passes read what the earlier ones left (Reading).
PASSES = (
    ("the deck file and every file it names", "deck", _deck_file),
    ("every translation's settings", "deck", _languages),
    ("the language printed", "deck", _language),
    ("the component list", "check", _components),
    ("the rules and the corrections", "printout", _texts),
    ("every template against the cards that show it", "layout", _templates),
    ("every card laid out", "layout", _cards),
    ("the template words the language lacks", "layout", _template_words),
    ("--without", "deck", _without),
)


def book_name(deck: Deck) -> str:
    """What names a deck's books in the cache (text/typography.py's): its folder, as the layout store's files are
    named, or its id without one."""
    return str(deck.folder.resolve()) if deck.folder is not None else deck.id


def _more(deck: Deck, found: Collector, bad: set, unloadable: set, pruned: dict) -> None:
    """With mistakes found already (or `faces` asked for), but none that leaves the deck unfit to lay out: lay
    the other cards out (text that does not fit, unbalanced markup, a missing glyph), each in its card, their
    templates without the regions at fault (`pruned`: their mistakes are said); look at the markup of cards
    whose templates have a mistake of their own as a whole (their layout would repeat it)."""
    from .layout.deck import card_markup_errors, layout_deck  # lazy: +385 ms to import (benchmarks/imports.py)
    from .layout.templates import without_regions  # lazy: +290 ms to import (benchmarks/imports.py)

    def shows(card, names) -> bool:
        return card.template in names or (card.back is not None and card.back.template in names)

    rest = without_regions(deck, pruned)
    layout_deck(rest._replace(cards=[c for c in deck.cards if not shows(c, bad)]), 0.0, found, keep=False)
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
    from .deck.sections.game import date_epoch  # lazy: +0 ms to import (benchmarks/imports.py)
    g = deck.game
    held = deck.memo.get("held") if deck.memo is not None else None
    try:
        return render_pdf(pages, out, g.title, g.designer, f"{g.title}: print and play cards",
                          held=held.get("pictures") if held else None, date=date_epoch(g))
    finally:
        save_books(deck)


def save_books(deck: Deck, whole: bool = True) -> None:
    """What this run shaped, hyphenated and typeset for `deck` anew, kept for the next (the shaping cache's files,
    the deck folder's shaping and typeset books): every command that lays cards out saves them. `whole`: a build,
    which laid out all a build lays out (its books may be written anew with only that); any other run adds to
    them."""
    from .layout import shapecache  # lazy: +497 ms to import (benchmarks/imports.py)
    from .layout.hyphens import language, own_language  # lazy: +431 ms to import (benchmarks/imports.py)
    hy = language(deck)
    shapecache.save((hy.language if hy else "", own_language(deck).language), deck, merge=not whole)
    typography.save_book(book_name(deck), merge=not whole)
