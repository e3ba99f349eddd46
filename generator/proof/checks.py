"""The proof's checks, and run_all, which runs every one. Each finding is an Issue (issues.py) naming the
card, side, field and file:line (where.py).

errors:   spelling (not in the dictionary or words.txt), repeated words ("the the"), unbalanced
          markup (an odd number of ** or * in a paragraph), text that does not fit, characters
          without a glyph, any other layout error
          a correction's seed text still printed
warnings: text a template asks to print under 6pt (small print), text shrunk below its template's
          size, text reaching into the template's safe zone (measured along the piece's shape: the
          circle of a round chit), raster pictures printed under 150 dpi, what an SVG picture holds
          that pnp cannot draw (render/leftout.py), asterisks printed as written,
          a words.txt entry that accepted nothing, cards told apart only by colours that collapse for
          colour-blind players or in greyscale (colours.py)

Here: layout errors, small print, shrunk text, the safe zone, pictures' resolution and what SVG pictures
leave out, unbalanced markup (on
faces and in the rules) and the corrections. Not here: the checks of words (wordchecks.py), of colours
(colours.py), where a finding points (where.py).
"""
from __future__ import annotations

import re

from ..deck.model import Deck
from ..errors import PnpError
from ..layout import wrap as markup
from ..layout.templates import get_template
from .collect import CardProof, face_cards, faces_once
from .issues import ERROR, WARNING, Issue
from .spelling import Speller
from .where import Where, file_lines, rules_source
from .wordchecks import card_words, edition_words, grouped, leaf_words, rule_words, unused_words
from ..layout.fonts import register
from ..text.fields import names_in
from ..deck.values import display
from ..layout.display import Image
from ..render.leftout import left_out
from pathlib import Path
from ..layout.smallprint import small_print
from ..deck.edition import corrections as read
from .colours import colour_issues
from .contrast import contrast_issues
from ..layout import systemfonts


def _kind_of_error(exc: PnpError) -> str:
    if "no glyph" in exc.message:
        return "glyph"
    if "does not fit" in exc.message:
        return "fit"
    return "layout"


def layout_errors(cards: list[CardProof]) -> list[Issue]:
    out = []
    for cp in cards:
        for side in cp.sides:
            exc = side.error
            if exc is None:
                continue
            where = f"{exc.file}:{exc.line}" if exc.file and exc.line else (exc.file or str(cp.card.source))
            message = exc.message
            for prefix in (f"card '{cp.card.name}' (back): ", f"card '{cp.card.name}': "):
                if message.startswith(prefix):
                    message = message[len(prefix):]
            if exc.hint:
                message += f" ({exc.hint})"
            out.append(Issue(ERROR, _kind_of_error(exc), message, cp.card.name, cp.card.id, side.side,
                             exc.field, where))
    return out


def shrunk(cards: list[CardProof], where: Where) -> list[Issue]:
    out = []
    for cp, side, also in faces_once(cards):
        for region, fieldname, normal, used in side.face.shrunk:
            pct = round(100 * (normal - used) / normal)
            said = f"text in region '{region}' cut to end with '…' at {normal:g}pt (overflow: ellipsis)" if not used \
                else f"text in region '{region}' shrunk from {normal:g}pt to {used:g}pt ({pct}% smaller) to fit"
            out.append(Issue(WARNING, "shrunk", said, cp.card.name, cp.card.id, side.side, fieldname,
                             where.of(cp.card, side, region, fieldname), also))
    return out


def safe_zone(cards: list[CardProof], where: Where, deck) -> list[Issue]:
    """Text reaching into its template's safe zone: the same check (and words) as `pnp build` and `pnp export`
    (layout/safezone.py), one finding for each region of a template, at the region's line (where it is moved,
    or said to be meant: safe: false), naming the card nearest the cut and every card that reaches in there."""
    from ..layout.safezone import describe, silence, template_zone, unsafe  # lazy: here, as another function of this module imports a different describe
    groups: dict = {}           # (template, region) -> [Issue, nearest gap]
    faces = face_cards(cards)
    register({op.font for side, _cps in faces for op in side.face.ops if hasattr(op, "font")})
    # a long-running process (pnp watch) keeps what each face was found to be: its store's faces are the same
    # objects from one build to the next while their templates' files are the same (layout/store.py)
    held = (deck.memo or {}).get("held") if deck is not None else None
    kept = held.get("unsafe", {}) if held is not None else {}
    found: dict = {}
    for side, cps in faces:
        try:
            tpl = get_template(side.face.template, deck)
        except PnpError:
            continue
        inset, zone = template_zone(tpl)
        cp = cps[0]
        hit = kept.get(id(side.face))
        if hit is None or hit[0] is not side.face or hit[1] != inset:
            hit = (side.face, inset, unsafe(side.face, tpl, inset))
        found[id(side.face)] = hit
        for f in hit[2]:
            message = describe(f, side.face.shape, zone) + silence(tpl, f.region)
            group = groups.get((side.face.template, f.region))
            if group is None:
                at = where.of(cp.card, side, f.region, f.field)
                group = groups[(side.face.template, f.region)] = [
                    Issue(WARNING, "safe", message, cp.card.name, cp.card.id, side.side, f.field, at, 0), f.gap]
            elif f.gap < group[1]:
                group[0].message, group[1] = message, f.gap
            issue = group[0]
            issue.cards += [c.card.name for c in cps if c.card.name not in issue.cards]
            issue.card_ids += [c.card.id for c in cps if c.card.id not in issue.card_ids]
    if held is not None:
        held["unsafe"] = found              # (this build's faces only)
    out = []
    for (template, region), (issue, _gap) in groups.items():
        if len(issue.cards) < 2:            # one card: at its field's line (its words are what reach in)
            issue.cards, issue.card_ids = [], []
        else:                               # several: at the region's line, where it is moved or said to be meant
            issue.where = where.region_source(template, region) or issue.where
            issue.field = None
        out.append(issue)
    return out


def resolution(cards: list[CardProof], where: Where, deck) -> list[Issue]:
    """Raster pictures printed under 150 dpi, on each distinct face: the same check (and words) as `pnp build`
    (layout/resolution.py), pointing at the card's field that names the file, or the template's region. One
    picture blurred alike on many cards (a template's own picture) is one finding at the region's line naming the
    cards, as the build's line is one (it was a finding a card)."""
    from ..layout.resolution import describe, low  # lazy: here, as another function of this module imports a different describe
    groups: dict = {}                   # (template, region, message) -> Issue
    for side, cps in face_cards(cards):
        cp = cps[0]
        for f in low(side.face):
            field = None
            try:
                for r in get_template(side.face.template, deck).regions:
                    if r.id == f.region:
                        field = (names_in(str(r.get("src", ""))) or [None])[0]
                        break
            except PnpError:
                pass
            message = describe(f, deck.folder)
            issue = groups.get((side.face.template, f.region, message))
            if issue is None:
                issue = groups[(side.face.template, f.region, message)] = Issue(
                    WARNING, "resolution", message, cp.card.name, cp.card.id, side.side, field,
                    where.of(cp.card, side, f.region, field))
            issue.cards += [c.card.name for c in cps if c.card.name not in issue.cards]
            issue.card_ids += [c.card.id for c in cps if c.card.id not in issue.card_ids]
    out = []
    for (template, region, _), issue in groups.items():
        if len(issue.cards) < 2:            # one card: at its field's line, or the region's
            issue.cards, issue.card_ids = [], []
        else:                               # several: at the region's line (a field's pictures differ by card)
            issue.where = where.region_source(template, region) or issue.where
            issue.field = None
        out.append(issue)
    return out


def svg_left_out(cards: list[CardProof], deck: Deck) -> list[Issue]:
    """What svglib leaves out of each SVG picture the faces show (render/leftout.py), once for each file and
    feature, on the first card that shows the file (and how many more), pointing at the SVG file's line."""
    from ..pictures.images import is_svg  # lazy: +9 ms to import (benchmarks/imports.py)
    shown: dict = {}                    # path -> (first card, its side, everyone showing it)
    for cp, side, _ in faces_once(cards):
        for op in side.face.ops:
            if type(op) is Image and is_svg(op.path):
                shown.setdefault(op.path, (cp, side, set()))[2].add(cp.card.id)
    for c in cards:                     # every card that shows it, not only the first of each face
        for side in c.sides:
            for op in side.face.ops if side.face is not None else ():
                if type(op) is Image and op.path in shown:
                    shown[op.path][2].add(c.card.id)
    out = []
    for path, (cp, side, everyone) in shown.items():
        for left in left_out(path):
            where = display(Path(path)) + (f":{left.line}" if left.line else "")
            out.append(Issue(WARNING, "svg", left.what, cp.card.name, cp.card.id, side.side, None, where,
                             len(everyone) - 1))
    return out


def small_text(cards: list[CardProof], deck) -> list[Issue]:
    """Text a template asks to print under 6pt (layout/smallprint.py), a warning for each region, on the
    first card that shows it (and how many more): the build's warning, in the proof and the preview."""
    users: dict = {}                    # template -> [(card, side)]
    for cp in cards:
        for side in cp.sides:
            users.setdefault(side.template, []).append((cp.card, side.side))
    out, seen = [], set()
    for name, shown in users.items():
        try:
            tpl = get_template(name, deck)
        except PnpError:
            continue                    # a template that does not load is a layout error of its cards
        for small in small_print([tpl]):
            if (small.file, small.line, small.field) in seen:
                continue
            seen.add((small.file, small.line, small.field))
            exc = small.error()
            card, side = shown[0]
            out.append(Issue(WARNING, "small", f"{exc.message} ({exc.hint})", card.name, card.id, side,
                             small.field, f"{small.file}:{small.line}", len({c.id for c, _ in shown}) - 1))
    return out


def markup_problems(raw: str) -> list[tuple[str, str, str]]:
    """(level, message, block start) for each block of markup whose ** or * do not pair up: the one
    definition (generator/markup.problems) that a build refuses and a face records as it is laid out."""
    return [(p.level, p.message, p.start) for p in markup.problems(str(raw))]


def unbalanced(cards: list[CardProof], deck: Deck, where: Where) -> list[Issue]:
    """The markup problems each distinct face recorded while it was laid out (Face.markup)."""
    out = []
    for cp, side, also in faces_once(cards):
        for region, fieldname, level, message, start in side.face.markup:
            first = re.search(r"[^\W_]+", start)
            out.append(Issue(level, "markup", message, cp.card.name, cp.card.id, side.side, fieldname,
                             where.of(cp.card, side, region, fieldname, first.group(0) if first else None), also))
    return out


def _flat(text: str) -> str:
    return " ".join(str(text).split())


def corrections(deck: Deck, cards: list[CardProof]) -> tuple[list[dict], list[Issue]]:
    """The deck's `corrections:` (deck/edition.py). Each is looked for in print (cards and rule pages): a
    seed text still printed (outside its corrected form) is an error."""
    from ..printout.rules import rule_text  # lazy: +4 ms to import (benchmarks/imports.py)
    listed = read(deck)
    if not listed:
        return [], []
    corpus = [t for cp in cards for s in cp.sides if s.face for _, _, t in s.face.texts]
    corpus += [str(v) for cp in cards for s in cp.sides for v in s.values.values()]
    rules, _ = rule_text(deck)
    corpus += [rules, markup.plain(rules)] if rules else []
    printed_text = _flat("\n".join(corpus))
    entries, issues = [], []
    for c in listed:
        entry = {"about": c.about, "seed": c.seed, "printed": c.printed, "why": c.why, "note": c.why,
                 "where": str(c.source)}
        printed, seed = _flat(c.printed), _flat(c.seed)
        entry["found"] = bool(printed) and printed in printed_text
        rest = printed_text.replace(printed, " ") if printed else printed_text
        # A correction printed as written is checked: its seed text must be gone. One that leaves the
        # seed's words out (printed: "") is checked too: they must not be printed at all.
        if (entry["found"] or not printed) and seed and re.search(r"(?<!\w)" + re.escape(seed) + r"(?!\w)", rest):
            what = f"corrected to '{c.printed}'" if printed else "left out"
            issues.append(Issue(ERROR, "correction", f"the seed's text '{c.seed}' is still printed ({what})",
                                None, None, None, "corrections", entry["where"]))
        if not printed:
            entry["found"] = True
        entries.append(entry)
    return entries, issues


def rule_markup(deck: Deck) -> list[Issue]:
    """Unbalanced ** and * in the rule text, paragraph by paragraph."""
    from ..printout.rules import rule_text  # lazy: +4 ms to import (benchmarks/imports.py)
    text, _ = rule_text(deck)
    if not text:
        return []
    file, first = rules_source(deck)
    out = []
    lines = text.splitlines()
    para_start = 0
    for n, line in enumerate(lines + [""]):
        if not line.strip():
            para = "\n".join(lines[para_start:n])
            for level, message, _ in markup_problems(para):
                out.append(Issue(level, "markup", message, None, None, None, "rules", f"{file}:{first + para_start}"))
            para_start = n + 1
    return out


def run_all(deck: Deck, cards: list[CardProof], speller: Speller,
            leaf: tuple | None = ()) -> tuple[list[Issue], list[dict]]:
    """Every check. `leaf`: the print leaf's two pages as markup (proof/pages.py), checked too; None where the leaf's
    words are not at hand (pnp watch draws the leaf but does not lay its markup out again for the checks): then no
    entry of the word list is called unneeded, as a word only the leaf prints (a version label) would be."""
    where = Where(deck)
    issues = layout_errors(cards)
    seen = card_words(cards, speller, where) + leaf_words(deck, speller, leaf or ()) + rule_words(deck, speller)
    seen += edition_words(deck, speller)
    issues += grouped(seen, speller)
    issues += unbalanced(cards, deck, where)
    issues += shrunk(cards, where)
    issues += safe_zone(cards, where, deck)
    issues += resolution(cards, where, deck)
    issues += svg_left_out(cards, deck)
    issues += small_text(cards, deck)
    entries, found = corrections(deck, cards)
    issues += found
    issues += rule_markup(deck)
    if speller.unchecked:               # a Latin-script language with no dictionary (proof/spelling.unspelled)
        issues.append(Issue(WARNING, "spelling", f"pnp has no dictionary for the language '{deck.language}': the "
                            "texts printed in it are not spelled (the texts printed untranslated are)",
                            where=deck.file))
    elif leaf is not None:
        issues += unused_words(speller)
    issues += colour_issues(deck, cards)
    issues += contrast_issues(deck, cards)
    issues += machine_fonts(cards)
    return issues, entries


def machine_fonts(cards: list[CardProof]) -> list[Issue]:
    """A warning for each font file taken from the machine's fonts (layout/systemfonts.py), at the first card
    that prints it: it prints only where it is installed."""
    seen: dict = {}
    for cp in cards:
        for side in cp.sides:
            for op in side.face.ops if side.face is not None else ():
                path = systemfonts.path_of(getattr(op, "font", "") or "")
                if path is not None and path not in seen:
                    seen[path] = (cp, side)
    return [Issue(WARNING, "font", f"the font {path.name} ({path}) is this machine's, found by fontconfig, not the "
                                   "deck's: it is embedded, but another machine builds this deck with another font or "
                                   "none; put the font in the deck folder and name it under fonts: in deck.yaml",
                  cp.card.name, cp.card.id, side.side, where=str(cp.card.source)) for path, (cp, side) in seen.items()]
