"""A language's settings (deck/languages.py) are checked in every build, whether or not --lang names it, each at
its own line."""
from __future__ import annotations

from smalldeck import errors, run, starter


def test_a_languages_settings_are_checked_in_every_build_at_their_own_line(tmp_path):
    folder = starter(tmp_path, "g", "--lang", "en,fr")
    deck = folder / "deck.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("  fr: {}", "  fr: {fonts: {serif: sreif}, file: "
                                                             "cards.fr.csv}"), encoding="utf-8")
    (folder / "cards.fr.csv").write_text("id,kind,title,title:fr\nnope,crop,Wheat,Blé\n", encoding="utf-8")
    line = next(n for n, text in enumerate(deck.read_text(encoding="utf-8").splitlines(), 1) if "sreif" in text)
    for args in ((), ("--lang", "fr")):
        lines = errors(run("build", folder, *args, "-o", tmp_path / "out.pdf")[2])
        assert len(lines) == 2, (args, lines)
        assert lines[0].startswith(f"{folder}/cards.fr.csv:2 (id): no card has the id 'nope'"), lines
        assert lines[1].startswith(f"{folder}/deck.yaml:{line}:") and "languages.fr.fonts.serif: 'sreif' is no font " \
            "family" in lines[1] and "did you mean 'serif'?" in lines[1], lines
