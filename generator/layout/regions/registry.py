"""Every region type, by name (TYPES), and who draws each display operation (DRAWERS): the one list a new
type is added to.

Not here: a type itself (its module), reading a region (read.py).
"""
from __future__ import annotations

from . import ellipse, hexagon, image, line, path, polygon, rect, star, text, textbox
from .common import keys_of

# in this order the layout store numbers their operations (display.OPS): a new type goes last
TYPES = {m.TYPE.name: m.TYPE for m in (rect, ellipse, line, text, textbox, image, polygon, hexagon, star, path)}
DRAWERS = {op: draw for t in TYPES.values() for op, draw in t.draws.items()}     # op class -> draw(pen, op)
# type -> the names of every key a region of it may write (the common ones too)
REGION_TYPES = {name: tuple(k.name for k in keys_of(t)) for name, t in TYPES.items()}
