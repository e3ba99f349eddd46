"""pnp watch: a real process on a copy of a game, real file edits, its preview asked over real HTTP.

Every save rebuilds through the same pipeline as `pnp build` (the PDF is the same bytes as a fresh build's);
a broken save leaves the last good PDF as it was, byte for byte, says where the mistake is, and the next good
save builds again; Ctrl-C ends it with status 0; the server answers only for its own preview. The fresh builds
its PDFs are compared with (PNP_CACHE=off: from nothing) run through the CLI's entry in the test's process: the
same bytes as a `pnp` process writes (tests/render/test_deflate.py), without an interpreter's start."""
from __future__ import annotations

import json
import shutil
import struct
import time
from pathlib import Path

import pytest
from cli import ROOT, copy_deck, pnp, pnp_in_process
from pdfcheck import all_text, same_bytes, squash
from watching import Watcher, edit, refused


@pytest.fixture
def game(tmp_path):
    return copy_deck("vasa-regalis", tmp_path)


@pytest.fixture
def small(tmp_path):
    """A copy of tests/decks/icons (five cards): for what any game shows (the server, the files a build or an
    editor writes, --open). A watcher on it costs about half the CPU of one on Vasa Regalis's 33 cards."""
    return Path(shutil.copytree(ROOT / "tests" / "decks" / "icons", tmp_path / "icons"))


def _png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


def test_an_edit_is_in_the_pdf_and_the_preview(small, tmp_path):
    game = small
    out = tmp_path / "out.pdf"
    with Watcher(game, "-o", out) as w:
        first = w.first_build()
        assert first["event"] == "built" and first["cards"] == 5 and first["changed"] == []
        assert squash("Zanzibar Harvest") not in squash(all_text(out))
        before = {c["name"]: c for c in w.state()["cards"]}

        edit(game / "deck.yaml", "title: Harvest,", "title: Zanzibar Harvest,")
        again = w.build()
        assert again["event"] == "built", again
        assert again["changed"] == ["Zanzibar Harvest"]
        assert squash("Zanzibar Harvest") in squash(all_text(out))

        state = w.state()
        assert state["build"] == again["build"] and state["failure"] is None
        cards = {c["name"]: c for c in state["cards"]}
        assert [n for n, c in cards.items() if c["changed"]] == ["Zanzibar Harvest"]
        assert cards["Zanzibar Harvest"]["front"] != before["Harvest"]["front"]
        assert cards["Market"]["front"] == before["Market"]["front"]        # the same picture, not drawn again
        status, headers, png = w.get(f"/face/{cards['Zanzibar Harvest']['front']}.png")
        assert status == 200 and headers["Content-Type"] == "image/png"
        # the card at 110 dpi with the bleed it has on the sheet (issue 20: each size's own, about 1.2 mm on A4)
        assert _png_size(png) == tuple(round(v / 72 * 110) for v in cards["Zanzibar Harvest"]["size"])
        assert cards["Zanzibar Harvest"]["size"][0] >= 63.5 / 25.4 * 72
        status, _, old_png = w.get(f"/face/{before['Harvest']['front']}.png")
        assert status == 404                    # only the last good build's pictures are served
        sheet = state["sheets"][1]
        status, _, sheet_png = w.get(f"/sheet/{sheet['digest']}.png")
        assert status == 200 and _png_size(sheet_png)[0] == 900
        status, _, pdf = w.get("/game.pdf")
        assert status == 200 and pdf == out.read_bytes()
        assert w.interrupt() == 0

    fresh = tmp_path / "fresh.pdf"
    pnp_in_process("build", game, "-o", fresh, check=True, env={"PNP_CACHE": "off"})
    same_bytes(out.read_bytes(), fresh.read_bytes(), "the watcher's rebuild and a fresh pnp build")


def test_a_broken_save_keeps_the_last_good_pdf_and_the_next_good_one_builds(small, tmp_path):
    out = tmp_path / "out.pdf"
    deck = small / "deck.yaml"
    good = deck.read_text(encoding="utf-8")
    with Watcher(small, "-o", out) as w:
        assert w.first_build()["event"] == "built"
        last_good = out.read_bytes()

        deck.write_text(good + "cards: [\n", encoding="utf-8")          # bad YAML
        failed = w.build()
        assert failed["event"] == "failed"
        (error,) = failed["errors"]
        assert error["file"].endswith("deck.yaml") and error["line"] == good.count("\n") + 2
        assert "YAML" in error["message"]
        assert out.read_bytes() == last_good
        state = w.state()
        assert state["failure"]["lines"] == failed["lines"] and state["build"] == 1       # the last good one
        assert w.proc.poll() is None

        deck.write_text(good.replace("cost: 3,", "cost: three,", 1), encoding="utf-8")       # a bad cell
        failed = w.build()
        assert failed["event"] == "failed"
        assert any(e["field"] and e["field"].endswith(".cost") and e["line"] for e in failed["errors"]), failed
        assert out.read_bytes() == last_good

        long = "A rule that goes on. " * 150           # within the 5000 characters a field may hold
        text = "    text: |\n      **Income:**"
        deck.write_text(good.replace(text, text.replace("|\n", f"|\n      {long}\n"), 1),
                        encoding="utf-8")                               # text that no longer fits
        failed = w.build()
        assert failed["event"] == "failed"
        assert any("fit" in e["message"] and e["field"] == "text" for e in failed["errors"]), failed
        assert out.read_bytes() == last_good

        deck.write_text(good.replace("title: Harvest,", "title: Harvest Mended,"), encoding="utf-8")
        mended = w.build()
        assert mended["event"] == "built" and mended["changed"] == ["Harvest Mended"]
        assert squash("Harvest Mended") in squash(all_text(out))
        assert w.state()["failure"] is None
        assert w.interrupt() == 0


def test_a_saved_template_rebuilds_every_card_it_draws(small, tmp_path):
    """Templates, sizes and fonts are kept for the life of the process: a saved template must be read again,
    and the PDF must then be what a fresh `pnp build` makes of the new template. (Only the cards a template
    draws: test_a_saved_template_or_back_is_reported_as_that_template_with_the_cards_it_touched.)"""
    game = small
    out = tmp_path / "out.pdf"
    with Watcher(game, "-o", out) as w:
        assert w.first_build()["event"] == "built"
        edit(game / "templates" / "card.yaml", "size: 12pt", "size: 11pt")
        again = w.build()
        assert again["event"] == "built"
        actions = [c["name"] for c in w.state()["cards"] if c["kind"] == "Action"]
        assert again["changed"] == actions and len(actions) == 5
        assert w.interrupt() == 0
    fresh = tmp_path / "fresh.pdf"
    pnp_in_process("build", game, "-o", fresh, check=True, env={"PNP_CACHE": "off"})
    same_bytes(out.read_bytes(), fresh.read_bytes(), "the rebuild after a template edit and a fresh build")


def test_the_server_serves_the_preview_and_nothing_else(small, tmp_path):
    (tmp_path / "secret.txt").write_text("not for the web")
    with Watcher(small, "-o", tmp_path / "out.pdf") as w:
        assert w.first_build()["event"] == "built"
        status, headers, page = w.get("/")
        assert status == 200 and headers["Content-Type"].startswith("text/html") and b"EventSource" in page
        for path in ("/../", "/..", "/../secret.txt", "/%2e%2e/secret.txt", "/..%2fsecret.txt", "/deck.yaml",
                     "/icons/deck.yaml", "/templates/", "/output/", "/face/", "/face/../deck.yaml",
                     "/sheet/0.png", "/face/" + "0" * 32 + ".png", "//etc/passwd", "/state.json/..",
                     "/index.html", "/x?y=../.."):
            status, _, body = w.get(path)
            assert status == 404, (path, status)
            assert b"not for the web" not in body
        status, _, _ = w.get("/", host="evil.example:80")
        assert status == 403                    # a page elsewhere that renames itself to reach us
        import socket
        with pytest.raises(ConnectionRefusedError):         # bound to 127.0.0.1, not to every address
            socket.create_connection(("127.0.0.2", w.port), timeout=5)
        assert json.loads(w.get("/state.json")[2])["build"] == 1
        assert w.interrupt() == 0


def test_build_options_ctrl_c_and_a_busy_port(game, tmp_path):
    """The build options reach the watcher's builds (the PDF is `pnp build`'s with the same options); Ctrl-C
    ends it with 0 and leaves no temporary file; a port in use is one line and exit status 2."""
    out = tmp_path / "out.pdf"
    options = ("--paper", "letter", "--without", "five-six", "--bleed", "2", "--duplex", "short")
    with Watcher(game, "-o", out, *options) as w:
        assert w.first_build()["event"] == "built"
        busy = pnp("watch", game, "--port", w.port, "-o", tmp_path / "other.pdf")
        assert busy.returncode == 2
        assert busy.stderr.strip().splitlines() == [
            f"pnp: error: --port: port {w.port} is in use on 127.0.0.1 (choose another with --port N, "
            "or --port 0 for any free one)"]
        assert w.interrupt() == 0
        assert w.wait_for(lambda e: e["event"] in ("stopped", "exit"))["event"] == "stopped"
    assert not list(tmp_path.glob("**/.*.tmp"))
    fresh = tmp_path / "fresh.pdf"
    pnp_in_process("build", game, "-o", fresh, *options, check=True, env={"PNP_CACHE": "off"})
    same_bytes(out.read_bytes(), fresh.read_bytes(), "pnp watch and pnp build with the same options")


def test_an_unknown_game_is_refused_at_the_start(tmp_path, monkeypatch):
    r = refused(tmp_path / "nothing-here", monkeypatch=monkeypatch)
    assert r.returncode == 2 and "unknown game" in r.stderr and len(r.stderr.strip().splitlines()) == 1


def _picture(path, colour) -> None:
    from PIL import Image
    Image.new("RGB", (40, 20), colour).save(path)


def test_a_saved_image_or_palette_is_drawn_and_a_missing_image_is_named(small, tmp_path):
    """An image's pixels are not in the deck file: a saved image must still redraw the faces that show it, a
    removed one is a mistake naming the template's line, and a palette edit recolours every card it reaches."""
    game = small
    _picture(game / "crest.png", "#c0a040")
    edit(game / "templates" / "back.yaml", "  - {id: title,",
         "  - {id: crest, type: image, box: [21.75mm, 74mm, 20mm, 10mm], src: crest.png}\n  - {id: title,")
    out = tmp_path / "out.pdf"
    fresh = tmp_path / "fresh.pdf"
    with Watcher(game, "-o", out) as w:
        assert w.first_build()["event"] == "built"
        cards = w.state()["cards"]
        back = cards[0]["back"]                                 # the back every card shows
        shown = [c["name"] for c in cards if c["back"] == back]
        assert len(shown) == 5

        _picture(game / "crest.png", "#2040c0")
        again = w.build()
        assert again["event"] == "built" and again["changed"] == shown
        assert {c["back"] for c in w.state()["cards"] if c["name"] in shown} != {back}
        pnp_in_process("build", game, "-o", fresh, check=True, env={"PNP_CACHE": "off"})
        same_bytes(out.read_bytes(), fresh.read_bytes(), "the rebuild after a new image and a fresh build")

        last_good = out.read_bytes()
        (game / "crest.png").rename(game / "crest-old.png")
        failed = w.build()
        assert failed["event"] == "failed"
        (error,) = failed["errors"]
        line = (game / "templates" / "back.yaml").read_text().splitlines().index(
            "  - {id: crest, type: image, box: [21.75mm, 74mm, 20mm, 10mm], src: crest.png}") + 1
        assert error["file"].endswith("templates/back.yaml") and error["line"] == line
        assert "image 'crest.png' not found" in error["message"] and error["field"] == "region crest.src"
        assert out.read_bytes() == last_good

        (game / "crest-old.png").rename(game / "crest.png")
        assert w.build()["event"] == "built"
        assert out.read_bytes() == last_good

        edit(game / "deck.yaml", 'red: "#a8261f"', 'red: "#b8362f"')
        recoloured = w.build()
        assert recoloured["event"] == "built"
        assert sorted(recoloured["changed"]) == ["Crowded Hall", "Harvest"]       # their text is red
        assert w.interrupt() == 0
    pnp_in_process("build", game, "-o", fresh, check=True, env={"PNP_CACHE": "off"})
    same_bytes(out.read_bytes(), fresh.read_bytes(), "the rebuild after a palette edit and a fresh build")


def test_watching_the_current_folder_does_not_rebuild_on_its_own_output(small):
    """`pnp watch .` inside the game's folder writes output/ into the folder it watches: its own PDF (and the
    anonymous and temporary files it is written through) must not start another build. A build's own output
    would start the next within a few hundred ms, forever; two seconds of quiet after a build show that it
    does not (the one wait in these tests that is not for something to happen)."""
    import time
    with Watcher(Path("."), cwd=small) as w:
        assert w.first_build()["event"] == "built"
        assert (small / "output" / "icons.pdf").is_file()
        edit(small / "deck.yaml", "title: Harvest,", "title: Harvests,")
        built = w.build()
        assert (built["build"], built["changed"]) == (2, ["Harvests"])
        time.sleep(2)
        assert w.state()["number"] == 2
        assert w.interrupt() == 0


def test_a_pdf_written_inside_the_watched_folder_does_not_start_a_build(small):
    """-o into the game's folder: the PDF and the files it is written through are not the game's files."""
    import time
    with Watcher(small, "-o", small / "print" / "cards.pdf") as w:
        assert w.first_build()["event"] == "built"
        edit(small / "deck.yaml", "title: Harvest,", "title: Harvests,")
        assert w.build()["build"] == 2
        time.sleep(2)
        assert w.state()["number"] == 2 and (small / "print" / "cards.pdf").is_file()
        assert w.interrupt() == 0


def test_the_terminal_names_each_mistake_and_the_page_is_told_of_each_build(small, tmp_path):
    """Without --json: a line per build on stdout, a failed build's mistakes on stderr as pnp build prints them
    (file:line:column: field: message), then what was kept. An open event stream hears of every build and does
    not keep Ctrl-C from ending the watch."""
    import http.client
    out = tmp_path / "out.pdf"
    with Watcher(small, "-o", out, as_json=False) as w:
        w.wait_for(lambda e: e["event"] == "text" and e["line"].startswith("build 1: wrote "))
        stream = http.client.HTTPConnection("127.0.0.1", w.port, timeout=20)
        stream.request("GET", "/events")
        events = stream.getresponse()
        assert events.status == 200 and events.getheader("Content-Type") == "text/event-stream"
        lines = iter(events.fp.readline, b"")
        assert next(lines) == b"retry: 1000\n"
        assert [next(lines) for _ in range(4)] == [b"\n", b"event: build\n", b"data: 1\n", b"\n"]
        deck = small / "deck.yaml"
        good = deck.read_text(encoding="utf-8")
        deck.write_text(good.replace("cost: 3,", "cost: three,", 1), encoding="utf-8")
        error = w.wait_for(lambda e: e["event"] == "stderr" and e["line"].startswith("pnp: error: "))["line"]
        assert error.startswith("pnp: error: icons/deck.yaml:") and "cards[1].cost: " in error
        kept = w.wait_for(lambda e: e["event"] == "stderr" and "failed" in e["line"])["line"]
        assert kept.strip() == f"build 2 failed; kept the last good {out} (build 1); fix it and save again"
        assert [next(lines) for _ in range(3)] == [b"event: build\n", b"data: 2\n", b"\n"]
        deck.write_text(good.replace("title: Harvest,", "title: Harvests,"), encoding="utf-8")
        # a good build is told twice: as its cards are ready (before its PDF is written), then with its PDF
        assert [next(lines) for _ in range(6)] == [b"event: build\n", b"data: 3\n", b"\n"] * 2
        assert w.interrupt() == 0
        stream.close()


def test_open_starts_the_browser_at_the_preview(small, tmp_path):
    """--open: the user's browser ($BROWSER here, as Python's webbrowser module reads it) gets the URL."""
    import sys
    opened = tmp_path / "opened.txt"
    browser = f"{sys.executable} -c \"import sys; open(sys.argv[1], 'w').write(sys.argv[2])\" {opened} %s"
    with Watcher(small, "-o", tmp_path / "out.pdf", "--open", env={"BROWSER": browser}) as w:
        assert w.first_build()["event"] == "built"
        assert opened.read_text() == w.url
        assert w.interrupt() == 0


def _wider(font: bytes) -> bytes:
    """The same TrueType font (same PostScript name) with every glyph's advance a quarter wider: a new version
    of a font, as a designer saves it over the old file."""
    import struct
    tables = {}
    for i in range(struct.unpack(">H", font[4:6])[0]):
        tag, _, offset, length = struct.unpack(">4sIII", font[12 + 16 * i:28 + 16 * i])
        tables[tag] = offset
    metrics = struct.unpack(">H", font[tables[b"hhea"] + 34:tables[b"hhea"] + 36])[0]
    out = bytearray(font)
    for g in range(metrics):
        at = tables[b"hmtx"] + 4 * g
        out[at:at + 2] = struct.pack(">H", min(0xFFFF, struct.unpack(">H", font[at:at + 2])[0] * 5 // 4))
    return bytes(out)


def test_a_saved_font_is_parsed_again(small, tmp_path):
    """The deck's own font saved anew (same PostScript name, other widths): the watcher parses and measures it
    afresh, and reportlab draws the new one, not the font it first knew by that name; the PDF is what a fresh
    build makes with the new file."""
    from cli import ROOT
    game = small
    script = (ROOT / "tests" / "fonts" / "PnpTestScript.ttf").read_bytes()
    (game / "fonts").mkdir()
    (game / "fonts" / "Title.ttf").write_bytes(script)
    edit(game / "deck.yaml", "\npalette:", "\nfonts:\n  title: fonts/Title.ttf\n\npalette:")
    edit(game / "templates" / "card.yaml", 'text: "{title}", font: serif, style: bold', 'text: "{title}", font: title')
    out = tmp_path / "out.pdf"
    fresh = tmp_path / "fresh.pdf"
    with Watcher(game, "-o", out) as w:
        assert w.first_build()["event"] == "built"
        (game / "fonts" / "Title.ttf").write_bytes(_wider(script))
        again = w.build()
        assert again["event"] == "built", again
        assert again["changed"] == [c["name"] for c in w.state()["cards"]] and len(again["changed"]) == 5
        assert w.interrupt() == 0
    # a fresh process: a test worker may have registered fonts of this PostScript name from other tests' files
    pnp("build", game, "-o", fresh, check=True, env={"PNP_CACHE": "off"})
    same_bytes(out.read_bytes(), fresh.read_bytes(), "the rebuild after a font was saved anew and a fresh build")


def test_the_component_list_and_the_word_list_are_watched_too(small, tmp_path):
    """components.yaml: the check's report reaches the page (the watch never refuses an incomplete deck, it
    builds and says so); words.txt: a word accepted there is no longer a spelling suspect on its card."""
    game = small
    out = tmp_path / "out.pdf"
    with Watcher(game, "-o", out) as w:
        assert w.first_build()["incomplete"] is False
        edit(game / "components.yaml", "count: 6}", "count: 7}")        # a list that asks for a card the deck lacks
        built = w.build()
        assert built["event"] == "built" and built["incomplete"] is True and built["changed"] == []
        assert "Action cards" in w.state()["check"]

        edit(game / "deck.yaml", "title: Harvest,", "title: Zorbulon,")
        built = w.build()
        assert built["changed"] == ["Zorbulon"]
        suspects = [f for f in w.state()["cards"][1]["findings"] if f["check"] == "spelling"]
        assert len(suspects) == 1 and "Zorbulon" in suspects[0]["message"] and suspects[0]["field"] == "title"

        (game / "words.txt").write_text((game / "words.txt").read_text() + "Zorbulon\n")
        built = w.build()
        assert built["changed"] == ["Zorbulon"]                     # its findings changed, not its face
        card = w.state()["cards"][1]
        assert card["name"] == "Zorbulon" and not [f for f in card["findings"] if f["check"] == "spelling"]
        assert w.interrupt() == 0


def test_a_saved_template_or_back_is_reported_as_that_template_with_the_cards_it_touched(game, tmp_path):
    """A save that changes many cards through what they share is said as that: the template saved (and on
    which side), or the back whose face changed on every card that shows it, each with its cards; in the JSON
    event and the preview's state, and on the terminal as one line rather than a list of card names."""
    out = tmp_path / "out.pdf"
    with Watcher(game, "-o", out) as w:
        assert w.first_build()["event"] == "built"
        cards = w.state()["cards"]
        materials = [c["name"] for c in cards if c["kind"] == "Material card"]
        edit(game / "templates" / "material.yaml", "size: 17pt", "size: 14pt")
        built = w.build()
        assert built["touched"] == [{"template": "material", "file": "templates/material.yaml", "side": "front",
                                     "cards": materials}]
        assert w.state()["touched"] == built["touched"]
        shared = [c["name"] for c in cards if c["back"] == cards[0]["back"]]
        edit(game / "templates" / "back.yaml", "size: 24pt", "size: 22pt")
        built = w.build()
        assert built["touched"] == [{"template": "back", "file": "templates/back.yaml", "side": "back",
                                     "cards": shared}] and len(shared) == 32
        edit(game / "deck.yaml", "title: Rule Card 1", "title: Rule Card Zanzibar")
        built = w.build()
        assert built["changed"] == ["Rule card 1"] and built["touched"] == []       # one card: said by its name
        assert w.interrupt() == 0
    icons = tmp_path / "icons"
    shutil.copytree(ROOT / "tests" / "decks" / "icons", icons)
    with Watcher(icons, "-o", tmp_path / "icons.pdf", as_json=False) as w:
        w.wait_for(lambda e: e["event"] == "text" and e["line"].startswith("build 1: wrote "))
        time.sleep(1)                       # (the watcher looks at the files from here on)
        edit(icons / "deck.yaml", "title: Icon Test", "title: Icon Tests")       # shown on the back only
        line = w.wait_for(lambda e: e["event"] == "text" and e["line"].startswith("build 2: "))["line"]
        assert "; changed: back plain: 5 cards (Market, Harvest, Treasury, …);" in line, line
        edit(icons / "templates" / "card.yaml", "size: 8pt", "size: 7.5pt")
        line = w.wait_for(lambda e: e["event"] == "text" and e["line"].startswith("build 3: "))["line"]
        assert "; changed: template card (templates/card.yaml): 5 cards (Market, Harvest, Treasury, …)" in line, line
        assert w.interrupt() == 0


def test_editors_temporary_files_neither_start_a_build_nor_appear_in_its_log(small, tmp_path):
    """emacs's lock (a link to nowhere) and autosave, backups, vim's swap file and its test file 4913, a .tmp,
    sed -i's file, office programs' locks: written beside the deck, then the deck saved. The save is one build,
    naming deck.yaml alone, and nothing else is built."""
    out = tmp_path / "out.pdf"
    with Watcher(small, "-o", out) as w:
        assert w.first_build()["event"] == "built"
        (small / ".#deck.yaml").symlink_to("designer@laptop.4242:1700000000")
        for name in ("deck.yaml~", "#deck.yaml#", ".deck.yaml.swp", "4913", "deck.yaml.tmp", "sedX1b2C3",
                     "rules.md.bak", ".~lock.cards.ods#", "~$cards.xlsx", "templates/.card.yaml.swx"):
            (small / name).write_text("x")
        (small / "4913").unlink()
        time.sleep(0.5)
        edit(small / "deck.yaml", "title: Harvest,", "title: Harvests,")
        saved = w.wait_for(lambda e: e["event"] == "saved")
        assert saved["paths"] == [str((small / "deck.yaml").resolve())], saved
        built = w.build()
        assert (built["build"], built["changed"]) == (2, ["Harvests"])
        (small / ".deck.yaml.swp").unlink()
        (small / "deck.yaml~").write_text("y")
        time.sleep(2)                       # a build on its own would come within a few hundred ms
        assert w.state()["number"] == 2
        assert not [e for e in w.events if e["event"] == "saved" and e is not saved]
        assert w.interrupt() == 0


def test_the_preview_draws_icons_and_a_face_large(tmp_path):
    """The icons deck watched: a face's picture shows its icons (the coin's gold), and /large/ draws the same
    face at 300 dpi for the page's large view, or as wide as the layout view asks (px)."""
    import numpy
    from PIL import Image
    icons = tmp_path / "icons"
    shutil.copytree(ROOT / "tests" / "decks" / "icons", icons)
    with Watcher(icons, "-o", tmp_path / "out.pdf") as w:
        assert w.first_build()["event"] == "built"
        market = w.state()["cards"][0]
        assert market["name"] == "Market"
        for kind, dpi in (("face", 110), ("large", 300)):
            status, _, png = w.get(f"/{kind}/{market['front']}.png")
            assert status == 200 and _png_size(png) == tuple(round(v / 72 * dpi) for v in market["size"])
            import io
            rgb = numpy.asarray(Image.open(io.BytesIO(png)).convert("RGB")).astype(int)
            gold = (abs(rgb[..., 0] - 217) < 20) & (abs(rgb[..., 1] - 169) < 20) & (abs(rgb[..., 2] - 60) < 25)
            assert gold.sum() > (dpi / 110) ** 2 * 40, (kind, gold.sum())
        assert w.get("/large/" + "0" * 32 + ".png")[0] == 404
        # the layout view's: drawn at the size it shows the face (its CSS pixels times the devicePixelRatio)
        status, _, png = w.get(f"/large/{market['front']}.png?px=400")
        assert status == 200 and _png_size(png) == (400, round(400 * market["size"][1] / market["size"][0]))
        for bad in ("/large/{}.png?px=9", "/large/{}.png?px=4097", "/large/{}.png?px=4e2", "/face/{}.png?px=400",
                    "/large/{}.png?px=" + "9" * 5000):
            assert w.get(bad.format(market["front"]))[0] == 400, bad
        assert w.interrupt() == 0


def test_a_save_made_in_several_writes_is_one_build(small, tmp_path):
    """An editor's save is several writes: vim's (with its default backup) writes its test file 4913 and removes
    it, renames deck.yaml to deck.yaml~, writes the new deck.yaml in two parts and removes the backup, here a
    few milliseconds apart. The watch waits for a moment of quiet after a change (loop.STEP, 20 ms) before it
    builds, so those writes are one save: one build of the new text, never a failed one of the file missing or
    half written between them (with 1 ms of quiet this fails)."""
    import os

    def pause():
        time.sleep(0.002)
    out = tmp_path / "out.pdf"
    deck = small / "deck.yaml"
    new = deck.read_text(encoding="utf-8").replace("title: Harvest,", "title: Harvest Vim,").encode()
    with Watcher(small, "-o", out) as w:
        assert w.first_build()["event"] == "built"
        with open(small / "4913", "w"):
            pass
        os.unlink(small / "4913")
        pause()
        os.rename(deck, small / "deck.yaml~")
        pause()
        with open(deck, "wb") as f:
            f.write(new[:len(new) // 2])
            f.flush()
            pause()
            f.write(new[len(new) // 2:])
        pause()
        os.unlink(small / "deck.yaml~")
        saved = w.wait_for(lambda e: e["event"] == "saved")
        built = w.build()
        assert saved["paths"] == [str(deck.resolve())]
        assert (built["event"], built["build"], built.get("changed")) == ("built", 2, ["Harvest Vim"]), built
        edit(deck, "title: Market,", "title: Market Emacs,")      # the next save: the next build
        assert (w.build()["build"], [e for e in w.events if e["event"] == "failed"]) == (3, [])
        assert w.interrupt() == 0


def test_a_write_of_the_layout_view_is_built_at_once_and_once(tmp_path):
    """The layout view's write (studio.py tells the loop: Saves.wrote) is built at once, not when the watcher finds
    it 20-40 ms later; the watcher's report of that file as the view wrote it builds nothing again, whichever comes
    first, while a save of it after that (an editor's) does, as do other files reported with it; whatever waits is
    one build."""
    from generator.watch.loop import Saves
    template, other = tmp_path / "card.yaml", tmp_path / "deck.yaml"
    template.write_text("size: poker\n")
    other.write_text("game: {title: T}\n")
    saves = Saves()
    assert saves.next(0) is None
    saves.wrote(template)
    assert saves.next(0) == [str(template.resolve())]
    saves.queue.put(("saved", [str(template.resolve())]))           # the watcher, later
    assert saves.next(0) is None
    saves.queue.put(("saved", [str(template.resolve()), str(other.resolve())]))
    assert saves.next(0) == [str(other.resolve())]
    template.write_text("size: bridge\n")                           # saved again, in an editor
    saves.queue.put(("saved", [str(template.resolve())]))
    assert saves.next(0) == [str(template.resolve())]
    template.write_text("size: tarot\n")                            # the view writes it (a box moved)
    saves.wrote(template)
    saves.queue.put(("watching", None))
    saves.queue.put(("saved", [str(other.resolve())]))
    assert saves.next(0) == sorted([str(template.resolve()), str(other.resolve())])
    assert saves.next(0) == "watching" and saves.next(0) is None
    # on a busy machine the watcher's report of the view's write can come first: built once all the same (the
    # view's word after it was a second build of the same bytes, which the page took for its next write's)
    template.write_text("size: square\n")
    saves.queue.put(("saved", [str(template.resolve())]))           # the watcher, first
    assert saves.next(0) == [str(template.resolve())]
    saves.wrote(template)                                           # the view's thread, later
    assert saves.next(0) is None
    saves.queue.put(("saved", [str(template.resolve())]))           # and the watcher's report of nothing new
    assert saves.next(0) is None
