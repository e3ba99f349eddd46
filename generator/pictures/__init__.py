"""Picture files: a PNG's or JPEG's structure read without decoding, an SVG checked with the standard library, what each file was found to be, and the picture cache.
"""
