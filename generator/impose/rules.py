"""A deck's rule pages: `rules: {file: rules.md, font: serif, size: 9.5pt, columns: 2}` or `rules: {text: ...}`."""
from __future__ import annotations

from ..deck.model import Deck
from ..errors import PnpError
from ..units import UnitError, length
from ..yamlfile import Map

MAX_RULES = 200_000


def rule_text(deck: Deck) -> tuple[str, dict]:
    r = deck.rules
    if r is None:
        return "", {}
    if not isinstance(r, Map):
        raise PnpError("expected rules: {file: rules.md} or {text: ...}", deck.file, field="rules")
    allowed = ("file", "text", "font", "size", "columns")
    for k in r:
        if k not in allowed:
            raise r.error(k, f"unknown key '{k}' in rules", field=f"rules.{k}", hint="file, text, font, size, columns")
    settings: dict = {"font": str(r.get("font", "serif"))}
    if "size" in r:
        try:
            settings["size"] = length(r["size"])
        except UnitError as exc:
            raise r.error("size", str(exc), field="rules.size")
    cols = r.get("columns", 1)
    if cols not in (1, 2, 3):
        raise r.error("columns", f"expected 1, 2 or 3, found {cols!r}", field="rules.columns")
    settings["columns"] = cols
    if "text" in r:
        return str(r["text"]), settings
    name = str(r.get("file", ""))
    path = (deck.folder / name).resolve()
    if not name or deck.folder.resolve() not in path.parents:
        raise r.error("file", f"rules file '{name}' must be inside the deck folder", field="rules.file")
    if not path.is_file():
        raise r.error("file", f"rules file '{name}' not found", field="rules.file")
    data = path.read_text(encoding="utf-8")
    if len(data) > MAX_RULES:
        raise r.error("file", f"rules file is {len(data)} characters; the limit is {MAX_RULES}", field="rules.file")
    return data, settings
