"""Stage 5: render imposed pages (PDF) and single faces (PNG) from the same drawing code."""
