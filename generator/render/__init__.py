"""Stage 5: render imposed pages (PDF) and single faces (PNG) from the same drawing code.
Not here: what is drawn where (layout/ makes faces, impose/ places them)."""
