"""Validate a deck folder's deck.yaml into a Deck (model.py), with errors that point at the line."""
from __future__ import annotations

import math
import re
from pathlib import Path

from .. import DECKS
from ..errors import PnpError, found, known_list, suggest
from ..fields import fill, names_in, slug
from ..yamlfile import Map, Seq, load
from .model import BackRef, Card, Deck, FieldSpec, Game, Inferred, Kind, Part, Source

DECK_FILE = "deck.yaml"
MAX_COPIES = 1000
MAX_CARDS = 20000
MAX_TEXT = 5000
FIELD_TYPES = ("text", "markup", "int", "number", "colour", "image")
CARD_KEYS = ("kind", "name", "part", "copies", "template", "back", "inferred", "new_sheet")
TOP_KEYS = ("game", "palette", "defaults", "parts", "kinds", "backs", "cards", "components",
            "rules", "inferred", "proof", "corrections")
COLOUR = re.compile(r"^#[0-9a-fA-F]{6}$")
MAX_NUMBER = 1e12
_FIELD_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_\-]*$")
BASIC_COLOURS = ("black", "white", "none", "transparent")


def known_games() -> list[str]:
    if not DECKS.is_dir():
        return []
    return sorted(p.name for p in DECKS.iterdir() if (p / DECK_FILE).is_file())


def resolve_game(game: str) -> Path:
    """A name under decks/, or the path of a deck folder or deck file kept elsewhere."""
    p = Path(game)
    if p.is_file() and p.suffix in (".yaml", ".yml"):
        return p
    if p.is_dir() and (p / DECK_FILE).is_file():
        return p / DECK_FILE
    if "/" not in game and (DECKS / game / DECK_FILE).is_file():
        return DECKS / game / DECK_FILE
    games = known_games()
    hint = suggest(game, games)
    raise PnpError(f"unknown game '{game}'; {known_list(games)}", hint=hint)


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
        m = re.match(r"^\s*(\d+)\s*(?:-|–|to)\s*(\d+)\s*$", str(value))
        if not m:
            raise parent.error(key, f"expected a player count such as 4 or '2-6', found {value!r}", field=field)
        lo, hi = int(m.group(1)), int(m.group(2))
    if not (1 <= lo <= hi <= 100):
        raise parent.error(key, f"player count {value!r} is not a range from 1 to 100", field=field)
    return (lo, hi)


def _without_extensions(m: Map) -> Map:
    """Keys starting with 'x-' hold YAML anchors for reuse and are otherwise ignored."""
    out = Map((k, v) for k, v in m.items() if not str(k).startswith("x-"))
    out.file, out.line, out.column, out._pos = m.file, m.line, m.column, m._pos
    return out


def _unknown_keys(m: Map, allowed, where: str):
    for key in m:
        if key not in allowed:
            raise m.error(key, f"unknown key '{key}' in {where}", field=str(key),
                          hint=suggest(key, allowed) or known_list(allowed))


class _Loader:
    def __init__(self, path: Path):
        self.path = path
        self.folder = path.parent
        self.file = _display(path)
        self.inferred: list[Inferred] = []
        self._palette: dict = {}
        self.templates: dict = {}        # template name -> (file, line, column, field) where first named

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
        if not pal or v in pal or v.lower() in BASIC_COLOURS or any(p.startswith(v + "-") for p in pal):
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
        return Source(self.file, line, col)

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
        root = load(self.path, self.file)
        if not isinstance(root, Map):
            raise PnpError(f"a deck file must be a mapping with game, kinds and cards; found {_kind(root)}",
                           self.file, 1)
        _unknown_keys(_without_extensions(root), TOP_KEYS, "the deck")
        for required in ("game", "kinds", "cards"):
            if required not in root:
                raise PnpError(f"missing '{required}' section", self.file, 1, field=required)
        game = self.game(_need_map(root["game"], root, "game", "game facts"))
        palette = self._palette = self.palette(root.get("palette"), root)
        defaults = root.get("defaults") or Map()
        if not isinstance(defaults, Map):
            raise root.error("defaults", f"expected a mapping of back, template and part, found {found(defaults)}",
                             field="defaults")
        _unknown_keys(defaults, ("back", "template", "part"), "defaults")
        parts = self.parts(root.get("parts"), root)
        if "part" in defaults:
            dpart = _name(defaults["part"], defaults, "part", "defaults.part", "a part id")
            if dpart not in parts:
                raise defaults.error("part", f"unknown part '{dpart}'", field="defaults.part",
                                     hint=suggest(dpart, parts) or known_list(parts))
            defaults["part"] = dpart
        if "template" in defaults:
            defaults["template"] = self.template_ref(defaults["template"], defaults, "template", "defaults.template")
        backs = self.backs(root.get("backs"), root)
        default_back = self.back_ref(defaults.get("back"), defaults, "back", backs, "defaults.back") \
            if "back" in defaults else None
        kinds = self.kinds(_need_map(root["kinds"], root, "kinds", "card kinds"), backs, default_back,
                           defaults.get("template"))
        cards = self.cards(root["cards"], root, kinds, parts, backs, defaults.get("part"))
        from ..layout.templates import note_deck
        note_deck(self.folder, self.file, palette, self.templates)
        for entry in self.inferred_list(root.get("inferred"), root):
            self.inferred.append(entry)
        rules = root.get("rules")
        components, components_file = root.get("components"), self.file
        side = self.folder / "components.yaml"
        if self.path.name == DECK_FILE and side.is_file():
            if components is not None:
                raise root.error("components", "components are given both here and in components.yaml; keep one",
                                 field="components")
            components_file = _display(side)
            components = load(side, components_file)
        return Deck(id=self.folder.name if self.path.name == DECK_FILE else self.path.stem,
                    folder=self.folder, file=self.file, game=game, palette=palette, parts=parts,
                    kinds=kinds, backs=backs, cards=cards, components=components,
                    rules=rules, inferred=self.inferred,
                    extra={"components_file": components_file,
                           **{k: root[k] for k in ("proof", "corrections") if k in root}})

    def game(self, m: Map) -> Game:
        allowed = ("title", "subtitle", "designer", "publisher", "players", "version", "source", "year",
                   "instructions", "setup")
        _unknown_keys(m, allowed, "game")
        g = {"title": _text(m.get("title"), m, "title", "game.title")}
        for key in allowed[1:]:
            if key == "players":
                g["players"] = _players(m.get("players"), m, "players", "game.players")
            elif key in m:
                g[key] = _text(self.unwrap(m[key], m, key, f"game {key}"), m, key, f"game.{key}", required=False)
        return Game(**g)

    def palette(self, m, root) -> dict:
        if m is None:
            return {}
        m = _need_map(m, root, "palette", "colour names to '#rrggbb'")
        out = {}
        for name, value in m.items():
            if not isinstance(value, str) or not COLOUR.match(value):
                raise m.error(name, f"expected a colour '#rrggbb', found {value!r}", field=f"palette.{name}")
            out[str(name)] = value
        return out

    def parts(self, seq, root) -> dict:
        parts = {}
        if seq is None:
            return {"base": Part("base", "Base game")}
        if not isinstance(seq, Seq):
            raise root.error("parts", f"expected a list of parts, found {_kind(seq)}", field="parts")
        for i, m in enumerate(seq):
            if not isinstance(m, Map):
                raise seq.error(i, f"expected a part with id and title, found {_kind(m)}", field=f"parts[{i}]")
            _unknown_keys(m, ("id", "title", "players", "optional", "note"), "a part")
            pid = _text(m.get("id"), m, "id", f"parts[{i}].id")
            if pid in parts:
                raise m.error("id", f"duplicate part id '{pid}'", field=f"parts[{i}].id")
            optional = m.get("optional", False)
            if not isinstance(optional, bool):
                raise m.error("optional", f"expected true or false, found {optional!r}", field=f"parts[{i}].optional")
            parts[pid] = Part(pid, _text(m.get("title", pid), m, "title", f"parts[{i}].title"),
                              _players(m.get("players"), m, "players", f"parts[{i}].players"), optional,
                              _text(m.get("note"), m, "note", f"parts[{i}].note", required=False))
        return parts

    def back_ref(self, value, parent, key, backs, field) -> BackRef | None:
        """A back: a named back, 'none', or inline {template, fields}."""
        if value is None or value == "none":
            return BackRef(None, (), "none")
        if isinstance(value, str):
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
            ref = self.back_ref(value, m, name, out, f"backs.{name}")
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
            if b is not None and (isinstance(b, bool) or not isinstance(b, (int, float)) or b != b):
                raise value.error(bound, f"expected a number, found {found(b)}", field=f"{field}.{bound}")
        if value.get("min") is not None and value.get("max") is not None and value["min"] > value["max"]:
            raise value.error("max", f"max {value['max']} is less than min {value['min']}", field=f"{field}.max")
        required = value.get("required", False)
        if not isinstance(required, bool):
            raise value.error("required", f"expected true or false, found {found(required)}",
                              field=f"{field}.required")
        spec = FieldSpec(str(name), ftype, required, tuple(choices), value.get("min"), value.get("max"), None)
        default = self.field_value(spec, value.get("default"), value, "default", f"{field}.default")
        return FieldSpec(str(name), ftype, required, tuple(choices), value.get("min"), value.get("max"), default)

    def kinds(self, m: Map, backs, default_back, default_template) -> dict:
        out = {}
        for kid, value in m.items():
            field = f"kinds.{kid}"
            value = _need_map(value, m, kid, "kind settings")
            _unknown_keys(value, ("title", "plural", "template", "back", "fields", "name"), f"kind {kid}")
            if "template" in value:
                template = self.template_ref(value["template"], value, "template", f"{field}.template")
            else:
                template = _text(default_template, value, "template", f"{field}.template")
            back = self.back_ref(value["back"], value, "back", backs, f"{field}.back") if "back" in value \
                else default_back
            fields = {}
            fm = value.get("fields") or Map()
            if not isinstance(fm, Map):
                raise value.error("fields", f"expected a mapping of field names to types, found {_kind(fm)}",
                                  field=f"{field}.fields")
            for fname, spec in fm.items():
                if fname in CARD_KEYS:
                    raise fm.error(fname, f"'{fname}' is a card setting and cannot be a field name",
                                   field=f"{field}.fields.{fname}")
                fields[str(fname)] = self.field_spec(fname, spec, fm, f"{field}.fields.{fname}")
            pattern = _text(value.get("name", "{kind}"), value, "name", f"{field}.name")
            for n in names_in(pattern):
                if n not in fields and n != "kind":
                    raise value.error("name", f"the name pattern uses {{{n}}}, which is not a field of kind '{kid}'",
                                      field=f"{field}.name",
                                      hint=suggest(n, list(fields) + ["kind"]) or known_list(list(fields) + ["kind"]))
            out[str(kid)] = Kind(str(kid), _text(value.get("title", kid), value, "title", f"{field}.title"),
                                 template, back, fields, pattern,
                                 _text(value.get("plural"), value, "plural", f"{field}.plural", required=False))
        return out

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
        cards, ids, total = [], {}, 0
        first_part = default_part or next(iter(parts))
        for i, m in enumerate(seq):
            where = f"cards[{i}]"
            if not isinstance(m, Map):
                raise seq.error(i, f"expected a card (a mapping with kind and fields), found {_kind(m)}", field=where)
            kid = m.get("kind")
            if kid is None and len(kinds) == 1:
                kid = next(iter(kinds))
            elif kid is not None:
                kid = _name(kid, m, "kind", f"{where}.kind", "a kind name")
            if kid not in kinds:
                raise m.error("kind" if "kind" in m else None,
                              f"unknown kind '{kid}'" if kid is not None else "missing kind",
                              field=f"{where}.kind", hint=suggest(kid, kinds) or known_list(kinds))
            kind = kinds[kid]
            for key in m:
                if key not in CARD_KEYS and key not in kind.fields:
                    raise m.error(key, f"unknown field '{key}' for kind '{kid}'", field=f"{where}.{key}",
                                  hint=suggest(key, list(kind.fields) + list(CARD_KEYS))
                                  or known_list(list(kind.fields) + list(CARD_KEYS)))
            part = _name(m["part"], m, "part", f"{where}.part", "a part id") if "part" in m else first_part
            if part not in parts:
                raise m.error("part", f"unknown part '{part}'", field=f"{where}.part",
                              hint=suggest(part, parts) or known_list(parts))
            copies = m.get("copies", 1)
            if isinstance(copies, bool) or not isinstance(copies, int) or not 1 <= copies <= MAX_COPIES:
                raise m.error("copies", f"expected a whole number from 1 to {MAX_COPIES}, found {copies!r}",
                              field=f"{where}.copies")
            total += copies
            if total > MAX_CARDS:
                raise m.error("copies", f"the deck passes {MAX_CARDS} cards", field=f"{where}.copies")
            values, lines = {}, {}
            provisional = str(m.get("name") or f"{kid} #{i + 1}")
            for fname, spec in kind.fields.items():
                raw = self.unwrap(m.get(fname), m, fname, f"card '{provisional}', field {fname}")
                value = self.field_value(spec, raw, m, fname, f"{where}.{fname}")
                if value is None:
                    value = spec.default
                if value is None and spec.required:
                    raise m.error(None, f"missing required field '{fname}' for kind '{kid}'", field=f"{where}.{fname}")
                if value is not None:
                    values[fname] = value
                lines[fname] = m.where(fname)[0]
            context = {"kind": kind.title, **values}
            name = _text(m.get("name"), m, "name", f"{where}.name", required=False) or fill(kind.name, context)
            if "inferred" in m:
                note = _text(m["inferred"], m, "inferred", f"{where}.inferred")
                self.inferred.append(Inferred(f"card '{name}'", "", note, self.src(m, "inferred")))
            template = self.template_ref(m["template"], m, "template", f"{where}.template") if "template" in m \
                else kind.template
            back = self.back_ref(m["back"], m, "back", backs, f"{where}.back") if "back" in m else kind.back
            new_sheet = m.get("new_sheet", False)
            if not isinstance(new_sheet, bool):
                raise m.error("new_sheet", f"expected true or false, found {new_sheet!r}", field=f"{where}.new_sheet")
            cid = slug(name)
            if cid in ids:
                ids[cid] += 1
                cid = f"{cid}-{ids[cid]}"
            else:
                ids[cid] = 1
            cards.append(Card(cid, name, str(kid), str(part), copies, template, back, values,
                              self.src(m), lines, new_sheet, len(cards)))
        if not cards:
            raise root.error("cards", "the deck has no cards", field="cards")
        return cards

    def inferred_list(self, seq, root):
        if seq is None:
            return
        if not isinstance(seq, Seq):
            raise root.error("inferred", "expected a list of {about, value, note}", field="inferred")
        for i, m in enumerate(seq):
            if not isinstance(m, Map):
                raise seq.error(i, "expected {about, value, note}", field=f"inferred[{i}]")
            _unknown_keys(m, ("about", "seed", "value", "note"), "an inferred fact")
            yield Inferred(_text(m.get("about"), m, "about", f"inferred[{i}].about"),
                           _text(m.get("value"), m, "value", f"inferred[{i}].value", required=False),
                           _text(m.get("note"), m, "note", f"inferred[{i}].note"), self.src(m),
                           _text(m.get("seed"), m, "seed", f"inferred[{i}].seed", required=False))


def load_deck(game: str | Path) -> Deck:
    """Resolve GAME (a name under decks/ or a path) and load it."""
    path = resolve_game(str(game))
    return _Loader(path).load()
