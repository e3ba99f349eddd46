"""Every private name of symspellpy that pnp relies on, in one place.

pnp asks symspellpy's public lookup() for spelling suggestions, but builds the index it looks in itself
(proof/suggest_index.py: read back from the cache folder in a few milliseconds, where symspellpy's own
create_dictionary_entry takes ~2 s a language): an index is handed to a SymSpell through three of its instance
attributes, and the deletes pnp makes must be those symspellpy would (its _edits_prefix, which the tests
compare them with). tests/proof/test_suggest_index.py checks each name in INTERNALS and fails naming the one an
upgrade removed, so that this file is the only one to mend.
"""
from __future__ import annotations

INTERNALS = (
    ("symspellpy.SymSpell", "_words", "word -> frequency, read by lookup() (instance attribute)"),
    ("symspellpy.SymSpell", "_deletes", "delete -> the words it comes from, read by lookup() with `in` and [] "
                                        "(instance attribute)"),
    ("symspellpy.SymSpell", "_max_length", "the longest word's length, read by lookup() (instance attribute)"),
    ("symspellpy.SymSpell", "_edits_prefix", "a word's deletes: what the tests hold pnp's own to"),
)


def symspell(words: dict, deletes, max_length: int, distance: int, prefix: int):
    """A SymSpell whose lookup() looks in `words` (word -> frequency) and `deletes` (a mapping that answers `in`
    and [] as symspellpy's own delete -> words dict would), as create_dictionary_entry of every word would have
    left it."""
    from symspellpy import SymSpell  # lazy: +9 ms to import (benchmarks/imports.py)
    index = SymSpell(max_dictionary_edit_distance=distance, prefix_length=prefix)
    index._words = words
    index._deletes = deletes
    index._max_length = max_length
    return index


def library_deletes(word: str, distance: int, prefix: int) -> set[str]:
    """The deletes symspellpy itself makes of a word (for the tests' comparison)."""
    from symspellpy import SymSpell  # lazy: +9 ms to import (benchmarks/imports.py)
    return SymSpell(max_dictionary_edit_distance=distance, prefix_length=prefix)._edits_prefix(word)
