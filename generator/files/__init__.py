"""Files pnp reads and writes: YAML (parsed, cached as data), text files, cache files, outputs written whole or not at all, and paths kept inside a deck's folder.
"""
