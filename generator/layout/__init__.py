"""Stage 3: card templates (data) and the layout of each face into a display list."""
from .face import Context, Face, layout_face  # noqa: F401
from .templates import Template, get_template  # noqa: F401
