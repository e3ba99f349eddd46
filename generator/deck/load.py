"""Validate a deck folder's deck.yaml into a Deck (model.py), with errors that point at the line."""
from __future__ import annotations

import math
import re
from contextlib import contextmanager
from pathlib import Path

from .. import DECKS
from ..errors import Collector, PnpError, PnpErrors, found, known_list, suggest
from ..fields import PLACEHOLDER, fill, names_in, slug
from ..yamlfile import Map, Seq, load
from .model import BackRef, Card, Deck, FieldSpec, Game, Inferred, Kind, Part, Source

DECK_FILE = "deck.yaml"
MAX_COPIES = 1000
MAX_CARDS = 20000
MAX_TEXT = 5000
FIELD_TYPES = ("text", "markup", "int", "number", "colour", "image")
CARD_KEYS = ("kind", "name", "part", "copies", "template", "back", "inferred", "new_sheet")
TOP_KEYS = ("game", "palette", "sizes", "fonts", "defaults", "parts", "kinds", "backs", "cards", "components",
            "rules", "inferred", "corrections")
COLOUR = re.compile(r"^#[0-9a-fA-F]{6}$")
MAX_NUMBER = 1e12
_FIELD_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_\-]*$")
BASIC_COLOURS = ("black", "white", "none", "transparent")
FONT_STYLES = ("regular", "bold", "italic", "bolditalic")
FONT_SUFFIXES = (".ttf", ".otf")


def known_games() -> list[str]:
    """The games that ship with pnp (decks/ in the repository, generator/shipped/decks in a wheel)."""
    if not DECKS.is_dir():
        return []
    return sorted(p.name for p in DECKS.iterdir() if (p / DECK_FILE).is_file())


def local_games(folder: Path | None = None) -> list[str]:
    """Game folders (a folder with a deck.yaml) directly inside `folder` (default: the current directory)."""
    folder = Path.cwd() if folder is None else folder
    try:
        return sorted(p.name for p in folder.iterdir() if p.is_dir() and (p / DECK_FILE).is_file())
    except OSError:
        return []


def resolve_game(game: str) -> Path:
    """GAME as a path first (a game folder, or its deck file), then as the name of a shipped game."""
    p = Path(game)
    if p.is_file() and p.suffix in (".yaml", ".yml"):
        return p
    if p.is_dir() and (p / DECK_FILE).is_file():
        return p / DECK_FILE
    if _plain_name(game) and (DECKS / game / DECK_FILE).is_file():
        return DECKS / game / DECK_FILE
    if p.is_dir():
        raise PnpError(f"'{game}' is a folder with no {DECK_FILE}; a game folder holds a {DECK_FILE}",
                       hint=f"start one with: pnp new {game}" if not any(p.iterdir()) else None)
    games = known_games()
    hint = suggest(game, games + local_games()) or f"start a new game with: pnp new {game}"
    raise PnpError(f"unknown game '{game}': no such folder here, and no shipped game of that name; "
                   f"shipped: {', '.join(games) or 'none'}", hint=hint)


def shadowed(game: str) -> str | None:
    """A one-line note when a folder here has a shipped game's name (the folder is used), else None."""
    p = Path(game)
    if _plain_name(game) and p.is_dir() and (p / DECK_FILE).is_file() and (DECKS / game / DECK_FILE).is_file():
        return (f"using the folder ./{game}, not the shipped game '{game}' "
                f"(write the shipped one's path to use it: {DECKS / game})")
    return None


def _plain_name(game: str) -> bool:
    return bool(game) and "/" not in game and "\\" not in game and game not in (".", "..")


def _display(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


def _need_map(value, parent, key, what) -> Map:
    if not isinstance(value, Map):
        raise parent.error(key, f"expected a mapping of {what}, found {_kind(value)}", field=key)
    return value


def _kind(value) -> str:
    return found(value)


def _name(value, parent, key, field, what) -> str:
    """A reference by name (a kind, part, back): plain text or a number, never a list or mapping."""
    if isinstance(value, (Map, Seq, bool)) or value is None or isinstance(value, float):
        raise parent.error(key, f"expected {what}, found {found(value)}", field=field)
    return str(value)


def _text(value, parent, key, field, required=True, limit=MAX_TEXT) -> str:
    if value is None:
        if required:
            raise parent.error(key, "is required", field=field)
        return ""
    if isinstance(value, bool) or isinstance(value, (Map, Seq)):
        raise parent.error(key, f"expected text, found {_kind(value)}", field=field)
    text = str(value)
    if len(text) > limit:
        raise parent.error(key, f"text is {len(text)} characters; the limit is {limit}", field=field)
    return text


def _players(value, parent, key, field):
    if value is None:
        return None
    if isinstance(value, int) and not isinstance(value, bool):
        lo = hi = value
    else:
        m = re.match(r"^\s*(\d{1,9})\s*(?:-|–|to)\s*(\d{1,9})\s*$", str(value))
        if not m:
            raise parent.error(key, f"expected a player count such as 4 or '2-6', found {value!r}", field=field)
        lo, hi = int(m.group(1)), int(m.group(2))
    if not (1 <= lo <= hi <= 100):
        raise parent.error(key, f"player count {value!r} is not a range from 1 to 100", field=field)
    return (lo, hi)


def _finite(n) -> bool:
    """A number pnp can compute with: not nan or infinite, and within MAX_NUMBER."""
    return (not isinstance(n, float) or math.isfinite(n)) and abs(n) <= MAX_NUMBER


def _without_extensions(m: Map) -> Map:
    """Keys starting with 'x-' hold YAML anchors for reuse and are otherwise ignored."""
    out = Map((k, v) for k, v in m.items() if not str(k).startswith("x-"))
    out.file, out.line, out.column, out._pos = m.file, m.line, m.column, m._pos
    return out


def _unknown_keys(m: Map, allowed, where: str):
    """Every key of `m` that is not `allowed`, each an error (PnpErrors when there are several)."""
    errors = [m.error(key, f"unknown key '{key}' in {where}", field=str(key),
                      hint=suggest(key, allowed) or known_list(allowed)) for key in m if key not in allowed]
    if errors:
        raise errors[0] if len(errors) == 1 else PnpErrors(errors)


def _no_placeholder(value: str, m, key, field) -> None:
    """A value is printed as written: a {name} in it would print as '{name}', so it is refused. Fields are
    filled in only where a template or a kind's name pattern writes them."""
    if "{" in value:
        hit = PLACEHOLDER.search(value)
        if hit:
            raise m.error(key, f"'{hit.group()}' in a value prints as written: fields are filled in only in "
                               "templates and name patterns", field=field,
                          hint="write the text itself, or show both fields from the template")


class _Skip(Exception):
    """A card that stands on a mistake already noted (its part or back failed to load): passed over in silence."""


class _Loader:
    def __init__(self, path: Path, found: Collector | None = None):
        self.path = path
        self.folder = path.parent
        self.file = _display(path)
        self.inferred: list[Inferred] = []
        self._palette: dict = {}
        self.templates: dict = {}        # template name -> (file, line, column, field) where first named
        self.found = found if found is not None else Collector()
        self.sound = True                # no mistake beyond single cards (and the component list) so far
        self.failed: set = set()         # ("back" | "part", name) that did not load: cards naming them are skipped
        self.card_mistakes = 0

    @contextmanager
    def noting(self, wide: bool = True):
        """A mistake inside is noted (self.found) and reading goes on after the block, as a compiler does.
        `wide`: a mistake beyond one card (a kind, a back, the palette ...): the deck is then not laid out."""
        try:
            yield
        except _Skip:
            pass
        except PnpError as exc:
            self.note(exc, wide)

    def note(self, exc: PnpError, wide: bool = True) -> None:
        """Note a mistake (see noting); raises PnpErrors once the collector is full."""
        if wide:
            self.sound = False
        self.found.add(exc)
        if self.found.full:
            self.found.done()

    # -- templates: a plain name (never a path), remembered where it is written. Whether the
    # template exists is checked when cards are laid out (pnp check needs no templates), and
    # the error then points here (layout.templates.note_deck).
    def template_ref(self, value, parent, key, field) -> str:
        from ..layout.templates import name_problem
        name = _text(value, parent, key, field)
        problem = name_problem(name)
        if problem:
            raise parent.error(key, problem, field=field)
        line, col = parent.where(key)
        self.templates.setdefault(name, (parent.file or self.file, line, col, field))
        return name

    def colour_value(self, value: str, m, key, field):
        """A colour field: '#rrggbb', black/white/none, a palette name, or a palette prefix ('red' for red-ink)."""
        v = value.strip()
        if v.startswith("#"):
            if not COLOUR.match(v):
                raise m.error(key, f"expected a colour '#rrggbb' (six hex digits), found {value!r}", field=field)
            return
        pal = self._palette
        if not pal or v in pal or ("palette", v) in self.failed or v.lower() in BASIC_COLOURS or any(p.startswith(v + "-") for p in pal):
            return
        known = sorted(set(pal) | {p.split("-")[0] for p in pal})
        raise m.error(key, f"unknown colour '{v}': not '#rrggbb', black, white, none or a palette name",
                      field=field, hint=suggest(v, known) or known_list(known))

    def image_value(self, value: str, m, key, field):
        """An image field: a PNG or JPEG inside the deck folder (or layouts/), of a sane size."""
        from .. import LAYOUTS
        from ..images import SUFFIXES, BadImage, check_image
        from ..paths import Refused, files_under, find_inside
        try:
            path = find_inside(value, [self.folder, LAYOUTS], "image")
        except Refused as exc:
            raise m.error(key, str(exc), field=field)
        if path is None:
            known = files_under(self.folder, SUFFIXES)
            raise m.error(key, f"image '{value}' not found in the deck folder", field=field,
                          hint=suggest(value, known) or (known_list(known) if known else None))
        try:
            check_image(path)
        except BadImage as exc:
            raise m.error(key, f"image '{value}' {exc}", field=field)

    def src(self, m, key=None) -> Source:
        line, col = m.where(key) if hasattr(m, "where") else (0, 0)
        return Source(getattr(m, "file", "") or self.file, line, col)      # a spreadsheet row names its own

    # -- inferred values: {value: X, inferred: "why"} anywhere a field value goes
    def unwrap(self, value, parent, key, subject):
        if isinstance(value, Map) and "inferred" in value:
            _unknown_keys(value, ("value", "inferred"), f"inferred value of {subject}")
            note = _text(value.get("inferred"), value, "inferred", f"{key}.inferred")
            inner = value.get("value")
            self.inferred.append(Inferred(subject, "" if inner is None else str(inner), note,
                                          self.src(parent, key)))
            return inner
        return value

    def load(self) -> Deck:
        root = load(self.path, self.file)       # a file that is not YAML at all: nothing more can be read
        if not isinstance(root, Map):
            raise PnpError(f"a deck file must be a mapping with game, kinds and cards; found {_kind(root)}",
                           self.file, 1)
        with self.noting():
            _unknown_keys(_without_extensions(root), TOP_KEYS, "the deck")
        misspelt = [k for k in root if k not in TOP_KEYS and not str(k).startswith("x-")]
        for required in ("game", "kinds", "cards"):
            if required not in root and not any(suggest(k, [required]) for k in misspelt):
                with self.noting():         # (a misspelt section's name is the one mistake to report)
                    raise PnpError(f"missing '{required}' section", self.file, 1, field=required)
        game = Game("")
        if "game" in root:
            with self.noting():
                game = self.game(_need_map(root["game"], root, "game", "game facts"))
        palette = self._palette = self.palette(root.get("palette"), root)
        defaults = root.get("defaults") or Map()
        if not isinstance(defaults, Map):
            with self.noting():
                raise root.error("defaults", f"expected a mapping of back, template and part, found "
                                 f"{found(defaults)}", field="defaults")
            defaults = Map()
        with self.noting():
            _unknown_keys(defaults, ("back", "template", "part"), "defaults")
        parts = self.parts(root.get("parts"), root)
        if "part" in defaults:
            with self.noting():
                dpart = _name(defaults.pop("part"), defaults, "part", "defaults.part", "a part id")
                if dpart not in parts:
                    raise defaults.error("part", f"unknown part '{dpart}'", field="defaults.part",
                                         hint=suggest(dpart, parts) or known_list(parts))
                defaults["part"] = dpart
        if "template" in defaults:
            with self.noting():
                template = defaults.pop("template")
                self.failed.add(("template", "default"))     # until it is read: kinds without one then skip it
                defaults["template"] = self.template_ref(template, defaults, "template", "defaults.template")
                self.failed.discard(("template", "default"))
        backs = self.backs(root.get("backs"), root)
        default_back = None
        if "back" in defaults:
            with self.noting():
                default_back = self.back_ref(defaults.get("back"), defaults, "back", backs, "defaults.back")
        kinds = {}
        if "kinds" in root:
            with self.noting():
                kinds = self.kinds(_need_map(root["kinds"], root, "kinds", "card kinds"), backs, default_back,
                                   defaults.get("template"))
        cards, self.raw_cards = [], []
        from . import sheets        # cards may come from spreadsheets: their rows stand where the source is named
        if "cards" in root:
            rows = None
            with self.noting(wide=False):       # every bad cell is noted; the YAML's own cards are read on
                rows = sheets.expand(root["cards"], self, kinds, parts, backs, defaults.get("part"))
            if rows is not None:
                self.raw_cards = rows
                cards = self.cards(rows, root, kinds, parts, backs, defaults.get("part"))
        from ..layout.templates import deck_sizes, note_deck
        own_sizes, own_fonts = {}, {}
        errors = len(self.found.errors)
        with self.noting():
            if "sizes" in root and not isinstance(root["sizes"], Map):
                raise root.error("sizes", "expected a mapping of size names to {width, height, bleed, safe}, found "
                                 f"{found(root['sizes'])}", field="sizes")
            own_sizes = deck_sizes(root.get("sizes"), self.file)
        with self.noting():
            own_fonts = self.fonts(root.get("fonts"), root)
        # what templates are checked against (with the palette) read without a mistake
        self.shared = len(self.found.errors) == errors and not any(k == "palette" for k, _ in self.failed)
        note_deck(self.folder, self.file, palette, self.templates, own_sizes, own_fonts)
        for entry in self.inferred_list(root.get("inferred"), root):
            self.inferred.append(entry)
        rules = root.get("rules")
        if rules is not None and not isinstance(rules, Map):
            with self.noting(wide=False):
                raise root.error("rules", f"expected rules: {{file: rules.md}} or {{text: ...}}, found {found(rules)}",
                                 field="rules")
        components, components_file = root.get("components"), self.file
        side = self.folder / "components.yaml"
        if self.path.name == DECK_FILE and side.is_file():
            with self.noting(wide=False):       # the component list: read by pnp check, not laid out
                if components is not None:
                    raise root.error("components", "components are given both here and in components.yaml; "
                                     "keep one", field="components")
                components_file = _display(side)
                components = load(side, components_file)
        return Deck(id=self.folder.name if self.path.name == DECK_FILE else self.path.stem,
                    folder=self.folder, file=self.file, game=game, palette=palette, parts=parts,
                    kinds=kinds, backs=backs, cards=cards, components=components,
                    rules=rules, inferred=self.inferred,
                    extra={"components_file": components_file,
                           **{k: root[k] for k in ("proof", "corrections") if k in root},
                           **sheets.corrections_of(root.get("corrections"), self.raw_cards, cards)})

    def fonts(self, m, root) -> dict:
        """The deck's own font families: {name: {style: (Path, "file:line")}}, each file checked to be a
        TrueType font inside the deck folder. A family given as one file uses it for every style."""
        if m is None:
            return {}
        m = _need_map(m, root, "fonts", "font families ({name: {regular: fonts/My.ttf, bold: ...}})")
        out = {}
        for fam, value in m.items():
            with self.noting():
                out[str(fam)] = self.font_family(fam, value, m)
        return out

    def font_family(self, fam, value, m) -> dict:
        field = f"fonts.{fam}"
        if not _FIELD_NAME.match(str(fam)):
            raise m.error(fam, f"font family name '{fam}' may hold only letters, digits, '_' and '-'",
                          field=field)
        if isinstance(value, str):
            return {"regular": self.font_file(value, m, fam, field)}
        if isinstance(value, Map):
            _unknown_keys(value, FONT_STYLES, f"font family {fam}")
            if "regular" not in value:
                raise m.error(fam, "a font family needs a regular style", field=f"{field}.regular")
            return {str(s): self.font_file(v, value, s, f"{field}.{s}") for s, v in value.items()}
        raise m.error(fam, f"expected a font file or {{regular, bold, italic, bolditalic}}, found "
                      f"{_kind(value)}", field=field)

    def font_file(self, value, m, key, field) -> tuple:
        from ..paths import Refused, files_under, find_inside
        name = _text(value, m, key, field, limit=500)
        line, _ = m.where(key)
        try:
            path = find_inside(name, [self.folder], "font")
        except Refused as exc:
            raise m.error(key, str(exc), field=field)
        if path is None:
            known = files_under(self.folder, FONT_SUFFIXES)
            raise m.error(key, f"font file '{name}' not found in the deck folder", field=field,
                          hint=suggest(name, known) or (known_list(known) if known else None))
        if path.suffix.lower() not in FONT_SUFFIXES:
            raise m.error(key, f"font file '{name}' is not a .ttf or .otf file", field=field)
        with open(path, "rb") as f:
            magic = f.read(4)
        if magic == b"OTTO":
            raise m.error(key, f"font file '{name}' has PostScript (CFF) outlines, which pnp cannot embed",
                          field=field, hint="use the font's TrueType (.ttf) version, or convert it to TrueType "
                                            "outlines (for example with fontTools' otf2ttf)")
        if magic not in (b"\x00\x01\x00\x00", b"true"):
            raise m.error(key, f"font file '{name}' is not a TrueType font"
                          + (" (it is a font collection; name one font file)" if magic == b"ttcf" else ""),
                          field=field)
        return (path, f"{m.file or self.file}:{line}")

    def game(self, m: Map) -> Game:
        allowed = ("title", "subtitle", "designer", "publisher", "players", "version", "source", "year",
                   "instructions", "setup")
        with self.noting():
            _unknown_keys(m, allowed, "game")
        g = {"title": ""}
        with self.noting():
            g["title"] = _text(m.get("title"), m, "title", "game.title")
            _no_placeholder(g["title"], m, "title", "game.title")
        for key in allowed[1:]:
            with self.noting():
                if key == "players":
                    g["players"] = _players(m.get("players"), m, "players", "game.players")
                elif key in m:
                    g[key] = _text(self.unwrap(m[key], m, key, f"game {key}"), m, key, f"game.{key}",
                                   required=False)
                    _no_placeholder(g[key], m, key, f"game.{key}")
        if g.get("instructions"):
            self.markup_value(g["instructions"], m, "instructions", "game.instructions")
        return Game(**g)

    def markup_value(self, value: str, m, key, field) -> None:
        """Markup written in the deck file and printed as such (game.instructions): its ** and * pair up."""
        from ..markup import problems
        for p in problems(value):
            if p.level == "error":
                with self.noting(wide=False):       # it does not keep the cards from being laid out
                    line = m.where(key)[0]
                    raise PnpError(p.message, m.file or self.file, line + p.line - (1 if "\n" not in value else 0),
                                   field=field)

    def palette(self, m, root) -> dict:
        if m is None:
            return {}
        m = _need_map(m, root, "palette", "colour names to '#rrggbb'")
        out = {}
        for name, value in m.items():
            with self.noting():
                if not isinstance(value, str) or not COLOUR.match(value):
                    self.failed.add(("palette", str(name)))
                    raise m.error(name, f"expected a colour '#rrggbb', found {found(value)}",
                                  field=f"palette.{name}")
                out[str(name)] = value
        return out

    def parts(self, seq, root) -> dict:
        parts = {}
        if seq is None:
            return {"base": Part("base", "Base game")}
        if not isinstance(seq, Seq):
            raise root.error("parts", f"expected a list of parts, found {_kind(seq)}", field="parts")
        for i, m in enumerate(seq):
            with self.noting():
                self.part(i, m, seq, parts)
        if not parts and self.sound:
            raise root.error("parts", "expected at least one part", field="parts")
        return parts

    def part(self, i, m, seq, parts) -> None:
        if not isinstance(m, Map):
            raise seq.error(i, f"expected a part with id and title, found {_kind(m)}", field=f"parts[{i}]")
        pid = None
        try:
            _unknown_keys(m, ("id", "title", "players", "optional", "note"), "a part")
            pid = _text(m.get("id"), m, "id", f"parts[{i}].id")
            if pid in parts:
                raise m.error("id", f"duplicate part id '{pid}'", field=f"parts[{i}].id")
            optional = m.get("optional", False)
            if not isinstance(optional, bool):
                raise m.error("optional", f"expected true or false, found {optional!r}",
                              field=f"parts[{i}].optional")
            parts[pid] = Part(pid, _text(m.get("title", pid), m, "title", f"parts[{i}].title"),
                              _players(m.get("players"), m, "players", f"parts[{i}].players"), optional,
                              _text(m.get("note"), m, "note", f"parts[{i}].note", required=False))
        except PnpError:
            if pid is not None and pid not in parts:
                self.failed.add(("part", pid))      # its cards are passed over: this part's mistake is noted
            raise

    def back_ref(self, value, parent, key, backs, field) -> BackRef | None:
        """A back: a named back, 'none', or inline {template, fields}."""
        if value is None or value == "none":
            return BackRef(None, (), "none")
        if isinstance(value, str):
            if ("back", value) in self.failed:
                raise _Skip()
            if value not in backs:
                raise parent.error(key, f"unknown back '{value}'", field=field,
                                   hint=suggest(value, backs) or known_list(backs))
            return backs[value]
        if isinstance(value, Map):
            _unknown_keys(value, ("template", "fields", "inferred"), field)
            if "inferred" in value:
                note = _text(value["inferred"], value, "inferred", f"{field}.inferred")
                self.inferred.append(Inferred(field, "", note, self.src(value, "inferred")))
            template = self.template_ref(value.get("template"), value, "template", f"{field}.template")
            fields = value.get("fields") or Map()
            if not isinstance(fields, Map):
                raise value.error("fields", f"expected a mapping of field values, found {found(fields)}",
                                  field=f"{field}.fields")
            vals = []
            for k, v in fields.items():
                v = self.unwrap(v, fields, k, f"{field} field {k}")
                if isinstance(v, (Map, Seq)):
                    raise fields.error(k, f"expected a value, found {_kind(v)}", field=f"{field}.fields.{k}")
                if isinstance(v, str) and len(v) > MAX_TEXT:
                    raise fields.error(k, f"text is {len(v)} characters; the limit is {MAX_TEXT}",
                                       field=f"{field}.fields.{k}")
                if isinstance(v, str):
                    _no_placeholder(v, fields, k, f"{field}.fields.{k}")
                vals.append((str(k), v))
            return BackRef(template, tuple(vals))
        raise parent.error(key, f"expected a back name, 'none' or {{template, fields}}, found {_kind(value)}",
                           field=field)

    def backs(self, m, root) -> dict:
        if m is None:
            return {}
        m = _need_map(m, root, "backs", "named backs")
        out = {}
        for name, value in m.items():
            with self.noting():
                try:
                    ref = self.back_ref(value, m, name, out, f"backs.{name}")
                except (PnpError, _Skip):
                    self.failed.add(("back", str(name)))
                    raise
                out[str(name)] = BackRef(ref.template, ref.fields, str(name))
        return out

    def field_spec(self, name, value, parent, field) -> FieldSpec:
        if isinstance(value, str):
            value = Map({"type": value})
            value.file, value.line, value._pos = parent.file, parent.where(name)[0], {}
        if not isinstance(value, Map):
            raise parent.error(name, f"expected a field type or {{type, required, ...}}, found {_kind(value)}",
                               field=field)
        _unknown_keys(value, ("type", "required", "choices", "min", "max", "default"), f"field {name}")
        ftype = value.get("type", "text")
        if ftype not in FIELD_TYPES:
            raise value.error("type", f"unknown field type '{ftype}'", field=f"{field}.type",
                              hint=suggest(ftype, FIELD_TYPES) or known_list(FIELD_TYPES))
        if not _FIELD_NAME.match(str(name)):
            raise parent.error(name, f"field name '{name}' cannot be written as {{{name}}} in a template",
                               field=field, hint="use letters, digits, '_' and '-', starting with a letter")
        choices = value.get("choices")
        if choices is None:
            choices = ()
        if not isinstance(choices, (Seq, tuple)):
            raise value.error("choices", f"expected a list of allowed values, found {found(choices)}",
                              field=f"{field}.choices")
        for i, c in enumerate(choices):
            if isinstance(c, (Map, Seq)) or c is None:
                raise choices.error(i, f"expected a plain value, found {found(c)}", field=f"{field}.choices[{i}]")
        for bound in ("min", "max"):
            b = value.get(bound)
            if b is not None and (isinstance(b, bool) or not isinstance(b, (int, float)) or not _finite(b)):
                raise value.error(bound, f"expected a number between -{MAX_NUMBER:g} and {MAX_NUMBER:g}, "
                                  f"found {found(b)}", field=f"{field}.{bound}")
        if value.get("min") is not None and value.get("max") is not None and value["min"] > value["max"]:
            raise value.error("max", f"max {value['max']} is less than min {value['min']}", field=f"{field}.max")
        required = value.get("required", False)
        if not isinstance(required, bool):
            raise value.error("required", f"expected true or false, found {found(required)}",
                              field=f"{field}.required")
        spec = FieldSpec(str(name), ftype, required, tuple(choices), value.get("min"), value.get("max"), None)
        default = self.field_value(spec, value.get("default"), value, "default", f"{field}.default")
        return FieldSpec(str(name), ftype, required, tuple(choices), value.get("min"), value.get("max"), default,
                         parent.where(name)[0])

    def kinds(self, m: Map, backs, default_back, default_template) -> dict:
        out = {}
        for kid, value in m.items():
            with self.noting():
                out[str(kid)] = self.kind(kid, value, m, backs, default_back, default_template)
        return out

    def kind(self, kid, value, m: Map, backs, default_back, default_template) -> Kind:
        """One kind. A mistake in its settings is noted and the kind is still made, from what could be read,
        so that its cards are checked too and do not each report an unknown kind."""
        field = f"kinds.{kid}"
        value = _need_map(value, m, kid, "kind settings")
        with self.noting():
            _unknown_keys(value, ("title", "plural", "template", "back", "fields", "name"), f"kind {kid}")
        template = ""
        with self.noting():
            if "template" in value:
                template = self.template_ref(value["template"], value, "template", f"{field}.template")
            elif ("template", "default") not in self.failed:
                template = _text(default_template, value, "template", f"{field}.template")
        back = default_back
        if "back" in value:
            back = None
            with self.noting():
                back = self.back_ref(value["back"], value, "back", backs, f"{field}.back")
        fields = {}
        fm = value.get("fields") or Map()
        if not isinstance(fm, Map):
            with self.noting():
                raise value.error("fields", f"expected a mapping of field names to types, found {_kind(fm)}",
                                  field=f"{field}.fields")
            fm = Map()
        for fname, spec in fm.items():
            with self.noting():
                if fname in CARD_KEYS:
                    raise fm.error(fname, f"'{fname}' is a card setting and cannot be a field name",
                                   field=f"{field}.fields.{fname}")
                try:
                    fields[str(fname)] = self.field_spec(fname, spec, fm, f"{field}.fields.{fname}")
                except PnpError:
                    fields[str(fname)] = FieldSpec(str(fname))  # its cards' values are read as plain text
                    raise
        pattern = "{kind}"
        with self.noting():
            pattern = _text(value.get("name", "{kind}"), value, "name", f"{field}.name")
            for n in names_in(pattern):
                if n not in fields and n != "kind":
                    known = list(fields) + ["kind"]
                    raise value.error("name", f"the name pattern uses {{{n}}}, which is not a field of kind '{kid}'",
                                      field=f"{field}.name", hint=suggest(n, known) or known_list(known))
        title = str(kid)
        with self.noting():
            title = _text(value.get("title", kid), value, "title", f"{field}.title")
        plural = ""
        with self.noting():
            plural = _text(value.get("plural"), value, "plural", f"{field}.plural", required=False)
        return Kind(str(kid), title, template, back, fields, pattern, plural)

    def field_value(self, spec: FieldSpec, value, m: Map, key, field):
        if value is None:
            return None
        if isinstance(value, (Map, Seq)):
            raise m.error(key, f"expected a {spec.type} value, found {found(value)}", field=field)
        if spec.type in ("int", "number"):
            ok = isinstance(value, int) if spec.type == "int" else isinstance(value, (int, float))
            if isinstance(value, bool) or not ok:
                raise m.error(key, f"expected {'a whole number' if spec.type == 'int' else 'a number'}, "
                              f"found {found(value)}", field=field)
            if isinstance(value, float) and not math.isfinite(value) or abs(value) > MAX_NUMBER:
                raise m.error(key, f"expected a number between -{MAX_NUMBER:g} and {MAX_NUMBER:g}, "
                              f"found {found(value)}", field=field)
            if spec.min is not None and value < spec.min or spec.max is not None and value > spec.max:
                span = (f"from {spec.min} to {spec.max}" if spec.min is not None and spec.max is not None
                        else f"of at least {spec.min}" if spec.min is not None else f"of at most {spec.max}")
                raise m.error(key, f"expected a number {span}, found {value}", field=field)
        else:
            if isinstance(value, bool):
                raise m.error(key, f"expected text, found {value!r} (quote it if you mean the word)", field=field)
            value = str(value)
            if len(value) > MAX_TEXT:
                raise m.error(key, f"text is {len(value)} characters; the limit is {MAX_TEXT}", field=field)
            _no_placeholder(value, m, key, field)
            if spec.type == "colour" and not spec.choices:
                self.colour_value(value, m, key, field)
            if spec.type == "image" and value.strip():
                self.image_value(value.strip(), m, key, field)
        if spec.choices and value not in spec.choices:
            raise m.error(key, f"expected one of {', '.join(map(str, spec.choices))}, found {value!r}", field=field,
                          hint=suggest(value, spec.choices))
        return value

    def cards(self, seq, root, kinds, parts, backs, default_part) -> list:
        if not isinstance(seq, Seq):
            raise root.error("cards", f"expected a list of cards, found {_kind(seq)}", field="cards")
        cards, ids = [], {}
        self.total = 0
        first_part = default_part or next(iter(parts), None)
        for i, m in enumerate(seq):
            try:                # a card's mistakes are noted, and the next card is read
                cards.append(self.card(i, m, seq, kinds, parts, backs, first_part, ids, len(cards)))
            except _Skip:
                pass
            except PnpError as exc:
                self.card_mistakes += 1
                self.note(exc, wide=False)
        if not cards and not self.card_mistakes and self.sound:
            raise root.error("cards", "the deck has no cards", field="cards")
        return cards

    def card(self, i, m, seq, kinds, parts, backs, first_part, ids, index) -> Card:
        """One card, every mistake in it noted (PnpErrors), or _Skip for one that stands on a noted mistake."""
        where = f"cards[{i}]"
        if not isinstance(m, Map):
            raise seq.error(i, f"expected a card (a mapping with kind and fields), found {_kind(m)}", field=where)
        kid = m.get("kind")
        if kid is None and len(kinds) == 1:
            kid = next(iter(kinds))
        elif kid is not None:
            kid = _name(kid, m, "kind", f"{where}.kind", "a kind name")
        if kid not in kinds:
            if not self.sound and not kinds:
                raise _Skip()           # the kinds did not load: that mistake is noted already
            raise m.error("kind" if "kind" in m else None,
                          f"unknown kind '{kid}'" if kid is not None else "missing kind",
                          field=f"{where}.kind", hint=suggest(kid, kinds) or known_list(kinds))
        kind = kinds[kid]
        mistakes = []               # every mistake in this card (try/except: free when there is none)
        for key in m:
            if key not in CARD_KEYS and key not in kind.fields:
                mistakes.append(m.error(key, f"unknown field '{key}' for kind '{kid}'", field=f"{where}.{key}",
                                        hint=suggest(key, list(kind.fields) + list(CARD_KEYS))
                                        or known_list(list(kind.fields) + list(CARD_KEYS))))
        part = None
        try:
            part = _name(m["part"], m, "part", f"{where}.part", "a part id") if "part" in m else first_part
            if ("part", part) in self.failed or part is None and not self.sound:
                raise _Skip()
            if part not in parts:
                raise m.error("part", f"unknown part '{part}'", field=f"{where}.part",
                              hint=suggest(part, parts) or known_list(parts))
        except PnpError as exc:
            mistakes.append(exc)
        copies = m.get("copies", 1)
        if isinstance(copies, bool) or not isinstance(copies, int) or not 1 <= copies <= MAX_COPIES:
            mistakes.append(m.error("copies", f"expected a whole number from 1 to {MAX_COPIES}, found {copies!r}",
                                    field=f"{where}.copies"))
        elif self.total > MAX_CARDS:
            raise _Skip()               # the card that passed the limit is named already
        else:
            self.total += copies
            if self.total > MAX_CARDS:
                mistakes.append(m.error("copies", f"the deck passes {MAX_CARDS} cards", field=f"{where}.copies"))
        values, lines = {}, {}
        provisional = str(m.get("name") or f"{kid} #{i + 1}")
        for fname, spec in kind.fields.items():
            try:
                raw = self.unwrap(m.get(fname), m, fname, f"card '{provisional}', field {fname}")
                value = self.field_value(spec, raw, m, fname, f"{where}.{fname}")
                if value is None:
                    value = spec.default
                if value is None and spec.required:
                    raise m.error(None, f"missing required field '{fname}' for kind '{kid}'",
                                  field=f"{where}.{fname}")
                if value is not None:
                    values[fname] = value
                lines[fname] = m.where(fname)[0]
            except PnpError as exc:
                mistakes.append(exc)
        name = ""
        try:
            name = _text(m.get("name"), m, "name", f"{where}.name", required=False)
            if name:
                _no_placeholder(name, m, "name", f"{where}.name")
            else:
                name = fill(kind.name, {"kind": kind.title, **values})
                if len(name) > MAX_TEXT:
                    raise m.error(None, f"the name pattern of kind '{kid}' makes a name of {len(name)} "
                                        f"characters; the limit is {MAX_TEXT}", field=f"{where}.name")
            if "inferred" in m:
                note = _text(m["inferred"], m, "inferred", f"{where}.inferred")
                self.inferred.append(Inferred(f"card '{name}'", "", note, self.src(m, "inferred")))
        except PnpError as exc:
            mistakes.append(exc)
        template, back = kind.template, kind.back
        try:
            if "template" in m:
                template = self.template_ref(m["template"], m, "template", f"{where}.template")
        except PnpError as exc:
            mistakes.append(exc)
        try:
            if "back" in m:
                back = self.back_ref(m["back"], m, "back", backs, f"{where}.back")
        except PnpError as exc:
            mistakes.append(exc)
        new_sheet = m.get("new_sheet", False)
        if not isinstance(new_sheet, bool):
            mistakes.append(m.error("new_sheet", f"expected true or false, found {new_sheet!r}",
                                    field=f"{where}.new_sheet"))
        if mistakes:
            raise PnpErrors(mistakes)
        cid = slug(name)
        if cid in ids:
            ids[cid] += 1
            cid = f"{cid}-{ids[cid]}"
        else:
            ids[cid] = 1
        return Card(cid, name, str(kid), str(part), copies, template, back, values,
                    self.src(m), lines, new_sheet, index)

    def inferred_list(self, seq, root):
        if seq is None:
            return
        if not isinstance(seq, Seq):
            raise root.error("inferred", "expected a list of {about, value, note}", field="inferred")
        for i, m in enumerate(seq):
            with self.noting(wide=False):
                if not isinstance(m, Map):
                    raise seq.error(i, "expected {about, value, note}", field=f"inferred[{i}]")
                _unknown_keys(m, ("about", "seed", "value", "note"), "an inferred fact")
                yield Inferred(_text(m.get("about"), m, "about", f"inferred[{i}].about"),
                               _text(m.get("value"), m, "value", f"inferred[{i}].value", required=False),
                               _text(m.get("note"), m, "note", f"inferred[{i}].note"), self.src(m),
                               _text(m.get("seed"), m, "seed", f"inferred[{i}].seed", required=False))


def load_deck(game: str | Path) -> Deck:
    """Resolve GAME (a name under decks/ or a path) and load it; every mistake found is raised at once
    (PnpErrors, up to errors.MAX_ERRORS)."""
    deck, _, _ = read_deck(game, found := Collector())
    found.done()
    return deck


def read_deck(game: str | Path, found: Collector) -> tuple[Deck, bool, bool]:
    """Resolve GAME and load it, noting its mistakes in `found` rather than raising them (a file that
    is not YAML at all is raised at once). Returns the deck as far as it could be read, and whether it is
    sound: whether its only mistakes, if any, are in single cards (which it then lacks) or in its
    component list, so that the rest can be laid out to find more; and whether its palette, sizes and
    fonts loaded, so that its templates can be checked against them."""
    loader = _Loader(resolve_game(str(game)), found)
    deck = loader.load()
    return deck, loader.sound, loader.shared
