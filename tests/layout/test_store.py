"""Laid-out faces kept between builds (generator/layout/store.py): a warm rebuild is the same bytes
as a cold one, and any change to what a face is laid out from lays it out afresh; a picture saved again
changes no face (a face holds its picture's name), but the PDF shows the new picture, and a picture broken
since fails the build naming its card."""
from __future__ import annotations

import shutil

from cli import ROOT, pnp_in_process
from pdfcheck import all_text, same_bytes, squash


def _build(tmp_path, deck, name, cache) -> bytes:
    out = tmp_path / f"{name}.pdf"
    pnp_in_process("build", deck, "-o", out, check=True, env={"PNP_CACHE": str(cache)})
    return out.read_bytes()


def _edit(path, old: str, new: str) -> None:
    """Replace `old`, which the file must hold, with `new`."""
    text = path.read_text(encoding="utf-8")
    assert old in text and old != new
    path.write_text(text.replace(old, new), encoding="utf-8")


def _rebuilt(tmp_path, deck, name, cache) -> bytes:
    """A build with the cache after an edit: the same bytes as a build with no cache at all."""
    warm = _build(tmp_path, deck, name, cache)
    same_bytes(warm, _build(tmp_path, deck, f"{name}-off", "off"), "warm and off")
    return warm


def test_warm_rebuild_is_the_cold_build(tmp_path):
    """A Royal Will shares faces between many cards (backs, coins): a warm build must share them alike."""
    cache = tmp_path / "cache"
    cold = _build(tmp_path, "a-royal-will", "cold", cache)
    stored = sorted(p.name.rsplit("-", 1)[0] for p in (cache / "layout").iterdir())
    # the faces, the files each template is read from (layout/templatefiles.chain_stamp), the templates' checks
    # (layout/validate.py), the print leaf, the rule pages, the safe-zone findings (layout/safezone.py), the
    # templates' sizes (layout/templates.geometry), which templates read the card's copy or the deck's facts
    # (layout/deckfacts.reading) and the words the dictionary lacks (proof/spelled.py)
    assert stored == ["a-royal-will", "a-royal-will-chains", "a-royal-will-check", "a-royal-will-leaf",
                      "a-royal-will-reads", "a-royal-will-rules", "a-royal-will-safe", "a-royal-will-sizes",
                      "a-royal-will-spelling"]
    warm = _build(tmp_path, "a-royal-will", "warm", cache)
    same_bytes(warm, cold, "warm and cold")
    same_bytes(cold, _build(tmp_path, "a-royal-will", "off", "off"), "cold and off")


def _chains(tmp_path, palette: bool = False):
    """The three-card deck of CHAINS (a template extending another, a template of its own), written into tmp_path:
    the smallest deck whose edits show what the store lays out again (`palette`: its mark filled with a palette's
    colour)."""
    deck = tmp_path / "chains"
    for name, text in CHAINS.items():
        if palette:
            text = text.replace("'#1e1e1e'}", "ink}").replace("kinds:", "palette: {ink: '#1e1e1e'}\nkinds:")
        (deck / name).parent.mkdir(parents=True, exist_ok=True)
        (deck / name).write_text(text, encoding="utf-8")
    return deck


def test_an_edited_card_is_laid_out_again(tmp_path):
    deck = _chains(tmp_path)
    cache = tmp_path / "cache"
    _build(tmp_path, deck, "before", cache)
    _edit(deck / "deck.yaml", "title: Two}", "title: Deux}")
    _rebuilt(tmp_path, deck, "after", cache)
    assert "Deux" in squash(all_text(tmp_path / "after.pdf"))


def _rules_only(folder):
    """A one-card deck printing Royal Lines' rules (its rules.md, its back's template): the game's three rule pages
    without its 55 cards to lay out."""
    (folder / "templates").mkdir(parents=True)
    shutil.copy(ROOT / "decks" / "royal-lines" / "templates" / "back.yaml", folder / "templates")
    shutil.copy(ROOT / "decks" / "royal-lines" / "rules.md", folder)
    (folder / "deck.yaml").write_text(
        'game: {title: Rules Only}\npalette: {sea: "#1b2e4b", gilt: "#dcb65a", sail: "#f6eed8"}\n'
        "kinds:\n  card: {template: back, back: none}\ncards:\n  - {kind: card}\n"
        "rules: {file: rules.md, font: serif, size: 9pt, columns: 2, accent: sea}\n", encoding="utf-8")
    return folder


def test_rule_pages_are_remembered_until_the_rules_change(tmp_path):
    """Royal Lines' three rule pages are flowed once; an edit to rules.md flows them again."""
    deck = _rules_only(tmp_path / "rules-only")
    cache = tmp_path / "cache"
    cold = _build(tmp_path, deck, "cold", cache)
    assert any(p.name.startswith("rules-only-rules-") for p in (cache / "layout").iterdir())
    same_bytes(_build(tmp_path, deck, "warm", cache), cold, "warm and cold")   # (cold and off: test_warm_rebuild...)
    rules = deck / "rules.md"
    rules.write_text(rules.read_text(encoding="utf-8") + "\n## Errata\nThe errata paragraph is remembered too.\n",
                     encoding="utf-8")
    _rebuilt(tmp_path, deck, "edited", cache)
    assert "Theerrataparagraphisrememberedtoo" in squash(all_text(tmp_path / "edited.pdf"))


def test_an_edited_colour_lays_the_cards_out_again(tmp_path):
    deck = _chains(tmp_path, palette=True)
    cache = tmp_path / "cache"
    before = _build(tmp_path, deck, "before", cache)
    _edit(deck / "deck.yaml", "ink: '#1e1e1e'", "ink: '#2f6b3b'")
    assert _rebuilt(tmp_path, deck, "after", cache) != before


def test_an_edited_template_lays_its_cards_out_again(tmp_path):
    deck = _chains(tmp_path)
    local = deck / "templates" / "other.yaml"       # the game's own template, in its folder
    cache = tmp_path / "cache"
    before = _build(tmp_path, deck, "before", cache)
    _edit(local, "text: '{title}'", "text: 'W{title}'")
    assert _rebuilt(tmp_path, deck, "after", cache) != before
    assert "WThree" in squash(all_text(tmp_path / "after.pdf"))


CHAINS = {
    "deck.yaml": "game: {title: Chains, designer: Test}\n"
                 "kinds:\n  a: {template: child, fields: {title: text}}\n  b: {template: other, fields: {title: text}}\n"
                 "cards:\n  - {kind: a, title: One}\n  - {kind: a, title: Two}\n  - {kind: b, title: Three}\n",
    "templates/base.yaml": "size: poker\nregions:\n"
                           "  - {id: title, type: text, box: [5mm, 5mm, 50mm, 10mm], text: '{title}', size: 12pt}\n",
    "templates/child.yaml": "extends: base\nregions:\n"
                            "  - {id: mark, type: rect, box: [5mm, 20mm, 10mm, 10mm], fill: '#1e1e1e'}\n",
    "templates/other.yaml": "size: poker\nregions:\n"
                            "  - {id: title, type: text, box: [5mm, 5mm, 50mm, 10mm], text: '{title}', size: 12pt}\n",
}


def test_a_saved_template_lays_out_only_the_faces_drawn_from_it(tmp_path, monkeypatch):
    """The store keeps each face under its template's files (templatefiles.chain_stamp), its own and those of the
    templates it extends: a saved template lays out again the faces drawn from it or from a template extending
    it, and no other (issue 52: a drag in the layout view lays out that template's cards alone)."""
    from generator.layout import deck as laying
    deck = _chains(tmp_path)
    laid: list = []
    real = laying.layout_face
    monkeypatch.setattr(laying, "layout_face", lambda template, *a, **k: laid.append(template) or real(template, *a, **k))
    cache = tmp_path / "cache"
    _build(tmp_path, deck, "first", cache)
    assert sorted(laid) == ["child", "child", "other"]
    for file, old, new, again in (("child.yaml", "10mm, 10mm]", "12mm, 12mm]", ["child", "child"]),
                                  ("other.yaml", "size: 12pt", "size: 11pt", ["other"]),
                                  ("base.yaml", "size: 12pt", "size: 13pt", ["child", "child"])):
        laid.clear()
        _edit(deck / "templates" / file, old, new)
        _build(tmp_path, deck, f"after-{file}", cache)
        assert sorted(laid) == again, file
        same_bytes((tmp_path / f"after-{file}.pdf").read_bytes(), _build(tmp_path, deck, f"off-{file}", "off"),
                   f"after {file}: warm and off")
    laid.clear()
    _build(tmp_path, deck, "again", cache)
    assert laid == []


def test_a_face_that_cannot_be_laid_out_fails_every_build(tmp_path):
    deck = _chains(tmp_path)
    cache = tmp_path / "cache"
    _build(tmp_path, deck, "good", cache)
    _edit(deck / "deck.yaml", "title: Two}", "title: Two \u0e01}")
    for _ in range(2):
        proc = pnp_in_process("build", deck, "-o", tmp_path / "bad.pdf", env={"PNP_CACHE": str(cache)})
        assert proc.returncode == 2 and "no glyph" in proc.stderr, proc.stderr


def test_a_picture_saved_again_keeps_every_face_and_prints_anew(tmp_path):
    """The store was once dropped whenever any picture changed; now it keeps every face (its file is not
    written again), the PDF shows the new picture as a cold build does, and a broken picture is reported."""
    deck = shutil.copytree(ROOT / "tests" / "decks" / "art", tmp_path / "art")
    cache = tmp_path / "cache"
    before = _build(tmp_path, deck, "before", cache)
    store, = (cache / "layout").glob("art-*.faces")
    kept = store.stat().st_mtime_ns, store.read_bytes()
    shutil.copyfile(deck / "art" / "grid.png", deck / "art" / "rgb.png")       # another picture, the same name
    after = _rebuilt(tmp_path, deck, "after", cache)
    assert after != before
    assert (store.stat().st_mtime_ns, store.read_bytes()) == kept
    (deck / "art" / "rgb.png").write_text("not a picture", encoding="utf-8")
    proc = pnp_in_process("build", deck, "-o", tmp_path / "broken.pdf", env={"PNP_CACHE": str(cache)})
    assert proc.returncode == 2 and f"{deck / 'art' / 'rgb.png'}: the file is not an image" in proc.stderr, \
        proc.stderr


def test_a_long_running_process_keeps_its_templates_while_what_they_are_read_from_is_the_same(tmp_path):
    """pnp watch keeps the templates it read (Deck.memo["held"]) under what the store keeps their faces under: the
    next build takes them as they were; a saved template, or a colour of the palette, reads them afresh."""
    from generator import pipeline
    from generator.layout.templates import get_template
    deck_dir = _chains(tmp_path)
    held: dict = {}

    def templates() -> tuple:
        deck = pipeline.load(str(deck_dir), held=held)
        pipeline.laid_and_pages(deck, pipeline.BuildOptions())
        return get_template("child", deck), get_template("other", deck)
    child, other = templates()
    assert templates() == (child, other) and [a is b for a, b in zip(templates(), (child, other))] == [True, True]
    _edit(deck_dir / "templates" / "base.yaml", "size: 12pt", "size: 13pt")        # the child extends it
    again = templates()
    assert again[0] is not child and again[1] is other
    assert {r.id: r.get("size") for r in again[0].regions}["title"] != {r.id: r.get("size") for r in child.regions}["title"]
    (deck_dir / "deck.yaml").write_text(CHAINS["deck.yaml"].replace("kinds:", "palette: {ink: '#102030'}\nkinds:"),
                                        encoding="utf-8")
    assert [a is b for a, b in zip(templates(), again)] == [False, False]


def test_a_template_saved_to_read_the_copy_prints_the_copies_apart_warm_as_cold(tmp_path):
    """Which templates read a card's `copy` is remembered under the templates' files (deckfacts.reading): a
    template saved to print `{copy}` splits its cards' copies on the next warm build, as a cold build does."""
    deck = tmp_path / "chains"
    for name, text in CHAINS.items():
        (deck / name).parent.mkdir(parents=True, exist_ok=True)
        (deck / name).write_text(text.replace("{kind: a, title: One}", "{kind: a, title: One, copies: 2}"),
                                 encoding="utf-8")
    cache = tmp_path / "cache"
    _build(tmp_path, deck, "first", cache)
    _edit(deck / "templates" / "child.yaml", "fill: '#1e1e1e'}\n",
          "fill: '#1e1e1e'}\n  - {id: copy, type: text, box: [5mm, 40mm, 50mm, 10mm], text: 'copy {copy}', size: 12pt}\n")
    _rebuilt(tmp_path, deck, "after", cache)
    assert "copy2" in squash(all_text(tmp_path / "after.pdf"))
