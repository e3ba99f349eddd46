"""The preview in a real browser: headless Chromium loads the page of a running `pnp watch`, a card is edited on
disk, and the page shows the new card, marked as changed, without being reloaded and without losing its
scroll position; a broken save shows the mistake in the page, and the next good one clears it."""
from __future__ import annotations

import pytest
from cdp import Browser, chromium
from cli import copy_deck
from watching import Watcher, edit

pytestmark = pytest.mark.skipif(chromium() is None, reason="Chromium is not installed here (Debian: apt-get install "
                                "-y chromium; .ci/run installs it), so the preview cannot be checked in a browser")


@pytest.fixture(scope="module")
def chrome(tmp_path_factory):
    """One headless Chromium for this module's tests, each in a tab of its own (a Chromium's start and end cost
    about a second of CPU; what a test sets, as the layout view's window size, belongs to its tab)."""
    chrome = Browser(tmp_path_factory.mktemp("chromium") / "profile")
    yield chrome
    chrome.close()


@pytest.fixture
def browser(chrome):
    """The module's Chromium; the test's tab (Browser.open) is closed after it."""
    yield chrome
    chrome.close_tab()


def test_the_page_shows_an_edit_without_a_reload(tmp_path, browser):
    game = copy_deck("vasa-regalis", tmp_path)
    with Watcher(game, "-o", tmp_path / "out.pdf") as w:
        w.first_build()
        browser.open(w.url)
        browser.until("document.querySelectorAll('#cards .card').length === 33")
        # a face's picture: the card at 110 dpi with the bleed it has on the sheet (the state's size, points)
        px = round(w.state()["cards"][0]["size"][0] / 72 * 110)
        card = "document.getElementById('card-rule-card-1')"
        assert "Rule Card 1" not in browser.eval(f"{card}.textContent")
        # faces are drawn when shown (lazy images): the first card's, at its own size (110 dpi)
        browser.until("document.querySelector('#card-wood-1 img').complete && "
                      f"document.querySelector('#card-wood-1 img').naturalWidth === {px}")
        browser.eval(f"{card}.scrollIntoView(); window.notReloaded = true")
        browser.until(f"{card}.querySelector('img').complete && {card}.querySelector('img').naturalWidth === {px}")
        scrolled = browser.eval("window.scrollY")
        top = browser.eval(f"{card}.getBoundingClientRect().top")
        assert scrolled > 0

        edit(game / "deck.yaml", "title: Rule Card 1", "title: Rule Card Zanzibar")
        assert w.build()["changed"] == ["Rule card 1"]
        browser.until(f"{card}.classList.contains('changed') && "
                      f"{card}.querySelector('.badge').textContent.startsWith('changed')")
        assert browser.eval("window.notReloaded") is True
        where = browser.eval(f"[window.scrollY, {card}.getBoundingClientRect().top]")
        assert where == [scrolled, top]             # the page did not move under the reader
        assert browser.eval("document.querySelectorAll('#cards .card.changed').length") == 1
        front = w.state()["cards"][16]
        assert front["name"] == "Rule card 1"
        browser.until(f"{card}.querySelector('img').getAttribute('src') === '/face/{front['front']}.png' && "
                      f"{card}.querySelector('img').complete && {card}.querySelector('img').naturalWidth === {px}")

        (game / "deck.yaml").write_text((game / "deck.yaml").read_text() + "cards: [\n")
        assert w.build()["event"] == "failed"
        browser.until("!document.getElementById('failure').classList.contains('hidden')")
        text = browser.eval("document.getElementById('failure-lines').textContent")
        assert "vasa-regalis/deck.yaml:" in text and "YAML" in text
        assert browser.eval("document.querySelectorAll('#cards .card').length") == 33    # the last good build
        assert browser.eval("window.notReloaded") is True

        # text that no longer fits: the card it is on is marked, in the last good build's grid
        good = (game / "deck.yaml").read_text().replace("cards: [\n", "")
        long = "A rule that goes on. " * 150
        (game / "deck.yaml").write_text(good.replace("    text: |\n      The King", f"    text: |\n      {long}\n"
                                                     "      The King", 1))
        assert w.build()["event"] == "failed"
        browser.until(f"{card}.classList.contains('failing')")
        assert "does not fit" in browser.eval(f"{card}.querySelector('.failing-note').textContent")
        assert browser.eval("document.querySelectorAll('#cards .card.failing').length") == 1

        (game / "deck.yaml").write_text(good)
        assert w.build()["event"] == "built"
        browser.until("document.getElementById('failure').classList.contains('hidden')")
        assert browser.eval("document.querySelectorAll('#cards .card.failing').length") == 0
        assert browser.eval("window.notReloaded") is True
        assert w.interrupt() == 0


def test_a_click_shows_a_face_large_and_the_page_says_what_a_template_save_touched(tmp_path, browser):
    """The icons deck: a click on a card's front shows it large (the 300 dpi picture, at least 300 px wide), a
    click or Escape closes it; a saved template is named in the page with the cards it changed."""
    import shutil
    from cli import ROOT
    game = tmp_path / "icons"
    shutil.copytree(ROOT / "tests" / "decks" / "icons", game)
    with Watcher(game, "-o", tmp_path / "out.pdf") as w:
        w.first_build()
        market = w.state()["cards"][0]
        large = round(market["size"][0] / 72 * 300)
        browser.open(w.url)
        browser.until("document.querySelectorAll('#cards .card').length === 5")
        box = "document.getElementById('large')"
        assert browser.eval(f"{box}.classList.contains('hidden')") is True
        browser.eval("document.querySelector('#card-market .faces img').click()")
        browser.until(f"!{box}.classList.contains('hidden') && {box}.querySelector('img').complete && "
                      f"{box}.querySelector('img').naturalWidth === {large}")
        assert browser.eval(f"{box}.querySelector('img').getAttribute('src')") == f"/large/{market['front']}.png"
        shown = browser.eval(f"(() => {{ const r = {box}.querySelector('img').getBoundingClientRect(); "
                             "return [r.width, r.height, r.left, r.top, innerWidth, innerHeight]; })()")
        width, height, left, top, vw, vh = shown
        assert width >= 300 and abs(height / width - market["size"][1] / market["size"][0]) < 0.01, shown
        assert left >= 0 and left + width <= vw and top >= 0 and top + height <= vh, shown      # all of it shows
        browser.eval("document.dispatchEvent(new KeyboardEvent('keydown', {key: 'Escape'}))")
        browser.until(f"{box}.classList.contains('hidden')")
        browser.eval("document.querySelector('#card-tax .faces img').click()")
        browser.until(f"!{box}.classList.contains('hidden')")
        browser.eval(f"{box}.click()")
        browser.until(f"{box}.classList.contains('hidden')")

        edit(game / "templates" / "card.yaml", "size: 8pt", "size: 7.5pt")
        assert w.build()["touched"][0]["template"] == "card"
        browser.until("!document.getElementById('touched').classList.contains('hidden')")
        said = browser.eval("document.getElementById('touched').textContent")
        assert "template card (templates/card.yaml): 5 cards (front): Market, Harvest, Treasury, Tax, " \
               "Crowded Hall" in said, said
        assert "changed: template card (templates/card.yaml), 5 cards" in browser.eval(
            "document.getElementById('status').textContent")
        assert browser.eval("document.querySelectorAll('#cards .card.changed').length") == 5
        assert w.interrupt() == 0


EVENT = """# An event: the card, with its kind line in ink.
extends: card
regions:
  - id: kind        # the kind line
    colour: ink
"""


def test_the_layout_view_moves_a_region_by_mouse_writes_its_template_and_undoes_it(tmp_path, browser):
    """Issue 52: in the layout view, the title of the starter (`pnp new`) is selected and dragged 10 mm right:
    its template differs in that box alone, comments intact, the rebuilt PDF prints the title 10 mm right, and
    Ctrl-Z puts the file back byte for byte. The same for a region the card's template inherits (an override
    appears in the child) and for a template written in px. One Chromium, one watch, three drags."""
    from cli import pnp_in_process
    from pdfcheck import MM, on_card
    pnp_in_process("new", "harvest", cwd=tmp_path, check=True)
    game = tmp_path / "harvest"
    deck = game / "deck.yaml"
    text = deck.read_text()
    at = text.index("  event:")
    deck.write_text(text[:at] + text[at:].replace("template: card", "template: event", 1))
    (game / "templates" / "event.yaml").write_text(EVENT)
    back = game / "templates" / "back.yaml"
    back.write_text(back.read_text().replace("box: [8mm, 32mm, 47.5mm, 25mm]", "box: [94px, 378px, 480px, 295px]"))
    out = tmp_path / "out.pdf"

    def x_of(word: str) -> float:
        """mm from the left of the trim of the card `word` is printed on, as the PDF is now"""
        return on_card(out, word)[0] / MM

    with Watcher(game, "-o", out, "--no-instructions") as w:
        w.first_build()
        browser.open("about:blank")
        browser.send("Emulation.setDeviceMetricsOverride", {"width": 1400, "height": 1000, "deviceScaleFactor": 1,
                                                            "mobile": False})
        browser.send("Page.navigate", {"url": w.url + "#layout=wheat"})
        studio = "document.getElementById('studio')"
        browser.until(f"{studio} && +{studio}.dataset.loads >= 1 && !{studio}.classList.contains('hidden')")

        def mouse(kind, x, y, buttons=1):
            browser.send("Input.dispatchMouseEvent", {"type": kind, "x": x, "y": y, "button": "left",
                                                      "buttons": buttons, "clickCount": 1})

        def centre(rid):
            return browser.eval(f"(() => {{ const r = document.querySelector('#st-svg rect[data-id=\"{rid}\"]')"
                                ".getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; })()")

        def drag(rid, mm):
            writes = int(browser.eval(f"+({studio}.dataset.writes || 0)"))
            x, y = centre(rid)
            mouse("mousePressed", x, y)                 # a click selects it ...
            mouse("mouseReleased", x, y, 0)
            browser.until(f"document.getElementById('st-info').querySelector('h3').textContent === '{rid} · "
                          "' + window.pnpStudio.model.regions.find(r => r.id === '" + rid + "').type")
            zoom = browser.eval("window.pnpStudio.zoom")
            mouse("mousePressed", x, y)                 # ... and a drag moves it
            for i in range(1, 6):
                mouse("mouseMoved", x + mm * zoom * i / 5, y)
            mouse("mouseReleased", x + mm * zoom, y, 0)
            browser.until(f"+{studio}.dataset.writes === {writes + 1}")
            assert w.build()["event"] == "built"

        def undo():
            writes = int(browser.eval(f"+{studio}.dataset.writes"))
            for kind in ("keyDown", "keyUp"):
                browser.send("Input.dispatchKeyEvent", {"type": kind, "key": "z", "code": "KeyZ",
                                                        "windowsVirtualKeyCode": 90, "modifiers": 2})
            browser.until(f"+{studio}.dataset.writes === {writes + 1}")
            assert w.build()["event"] == "built"

        def choose(card, side="front"):
            browser.eval(f"window.pnpStudio.open('{card}', '{side}')")
            browser.until(f"{studio}.dataset.card === '{card}' && {studio}.dataset.side === '{side}' && "
                          f"!!document.querySelector('#st-svg rect[data-id=\"title\"]')")

        cases = (("wheat", "front", "Wheat", game / "templates" / "card.yaml"),
                 ("storm", "front", "Storm", game / "templates" / "event.yaml"),
                 ("wheat", "back", "Harvest", back))
        for card, side, word, file in cases:
            choose(card, side)
            before, x0 = file.read_bytes(), x_of(word)
            base = (game / "templates" / "card.yaml").read_bytes()
            drag("title", 10)
            after = file.read_text()
            if file.name == "card.yaml":        # that one box changed, every comment kept
                assert after == before.decode().replace("{id: title, type: text, box: [17mm,",
                                                        "{id: title, type: text, box: [27mm,")
                assert "# 63.5 x 88.9 mm; other sizes" in after
            elif file.name == "event.yaml":     # an override in the child, the base as it was
                assert after == EVENT + "  - {id: title, box: [27mm, 6mm, 29.5mm, 9mm]}\n"
                assert (game / "templates" / "card.yaml").read_bytes() == base
            else:                               # px stays px: 94 px + 10 mm at 300 dpi
                assert after == before.decode().replace("[94px, 378px,", "[212px, 378px,")
            assert abs(x_of(word) - x0 - 10) < 0.1, (word, x_of(word), x0)
            said = browser.eval("document.getElementById('st-msg').textContent")
            assert f"wrote {file.relative_to(game).as_posix()}:" in said, said
            undo()
            assert file.read_bytes() == before
            assert abs(x_of(word) - x0) < 0.01
        assert w.interrupt() == 0
