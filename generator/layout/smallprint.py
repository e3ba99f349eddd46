"""Small print: text a template asks to print under 6pt (its `size` or `min_size`), which few players can
read. A designer's own deck is told, not refused: a warning naming the template's file:line, the field
and the size, in `pnp build`, `pnp proof` and the `pnp watch` preview; `game.small_text: error` makes each
one an error (the shipped games say so, and stay at 6pt and more). A symbol set alone (an ornament, no
letter or digit) may be smaller.

Not here: reading a region's size (regions/), the fitter that never shrinks text below 6pt unless the
template asks (regions/text.py, regions/textbox.py, text.py), where the warnings are shown (layout/validate.py
for build and the other commands, proof/checks.py for the proof and the preview).
"""
from __future__ import annotations


from ..records import Record
from ..errors import PnpError
from .regions import MIN_TEXT, symbols_only

TEXT_REGIONS = ("text", "textbox")


class Small(Record):
    file: str
    line: int | None
    column: int | None
    field: str            # "region title.size": the region as errors name it (Region.error)
    size: float           # points

    def error(self, strict: bool = False) -> PnpError:
        """The finding as one line, compiler style: the build's warning, or (`strict`) its error."""
        why = "the deck's game.small_text is error" if strict else "game.small_text: error makes this an error"
        return PnpError(f"text at {self.size:g}pt, under {MIN_TEXT:g}pt: few players can read it", self.file,
                        self.line, self.column, field=self.field, hint=why)


def small_print(templates) -> list[Small]:
    """Every text region of these templates (and of those they extend) that asks for less than 6pt, once
    each, in file and line order."""
    seen: dict = {}
    for tpl in templates:
        for region in tpl.regions:
            if region.type not in TEXT_REGIONS or symbols_only(region.get("text", "")):
                continue
            for key in ("size", "min_size"):
                size = region.get(key)
                if not isinstance(size, (int, float)) or size >= MIN_TEXT - 1e-9:    # (a size given by each card)
                    continue
                at_file, line, column = region.at(key)
                seen.setdefault((at_file, line or 0, key), Small(at_file, line, column, f"region {region.id}.{key}",
                                                                 float(size)))
    return [seen[k] for k in sorted(seen)]
