"""One watched build (generator/watch/rebuild.py): the page is told of it as soon as the cards are laid out, the
changed faces it shows are drawn ahead of its asking, and the PDF is written after that, the same bytes as `pnp
build`'s."""
from __future__ import annotations

import threading

from cli import pnp_in_process
from pdfcheck import same_bytes

from generator import pipeline
from generator.layout import store
from generator.render import rasters
from generator.watch import early, preview
from generator.watch.rebuild import Builder


def _front(snapshot, name: str) -> str:
    return next(c["front"] for c in snapshot.state["cards"] if c["name"] == name)


def test_the_page_is_told_before_the_pdf_is_written_and_the_faces_it_shows_are_drawn_ahead(tmp_path, monkeypatch):
    game = tmp_path / "game"
    pnp_in_process("new", game, check=True)
    out = tmp_path / "out.pdf"
    held = {"stores": store.Held(), "pictures": rasters.Memory()}
    builder = Builder(str(game), pipeline.BuildOptions(), out, game, held)
    told: list = []
    first = builder.build(shown=told.append)
    assert first.ok and told == []                      # the first build: told when it is done, as before
    shown = first.snapshot
    assert shown.face_png(_front(shown, "Storm"))       # the page shows Storm (and Wheat, drawn on request)
    assert shown.face_png(_front(shown, "Wheat"))
    before = out.read_bytes()
    drawn: list = []
    real = preview._face_png
    monkeypatch.setattr(preview, "_face_png", lambda face, *dpi: drawn.append(face.name) or real(face, *dpi))
    writing: list = []
    write_pdf = pipeline.write_pdf
    monkeypatch.setattr(pipeline, "write_pdf", lambda *a: writing.append(list(drawn)) or write_pdf(*a))
    cards = game / "cards.csv"
    cards.write_text(cards.read_text(encoding="utf-8").replace("Every player discards", "Each player discards"),
                     encoding="utf-8")
    sheet: list = []
    monkeypatch.setattr(preview, "WAIT", 10.0)          # (the most a request waits for the PDF)

    def told_now(s):
        # told when the PDF on disk is still the last build's, and before any face is drawn; the page asks for a
        # sheet's image at once, which waits for the PDF (and does not keep the build from writing it)
        told.append((s, out.read_bytes() == before, list(drawn)))
        asking = threading.Thread(target=lambda: sheet.append(s.sheet_png(s.state["sheets"][0]["digest"])))
        asking.start()
        sheet.append(asking)
    again = builder.build([str(cards)], shown=told_now)
    sheet[0].join(30)
    assert sheet[1:] and sheet[1].startswith(b"\x89PNG")
    (snapshot, pdf_unwritten, drawn_then), = told
    assert again.ok and snapshot is again.snapshot and again.changed == ["Storm"]
    assert pdf_unwritten and drawn_then == [] and writing == [["Storm"]]     # Storm, drawn before the PDF
    assert snapshot.face_png(_front(snapshot, "Storm")) and drawn == ["Storm"]       # served as drawn
    assert out.read_bytes() != before and snapshot.pdf == out.read_bytes()
    fresh = tmp_path / "fresh.pdf"
    pnp_in_process("build", game, "-o", fresh, check=True, env={"PNP_CACHE": "off"})
    same_bytes(out.read_bytes(), fresh.read_bytes(), "the watched rebuild and a fresh pnp build")


def test_a_pdf_that_cannot_be_written_leaves_the_last_good_one_to_those_waiting_for_it(tmp_path, monkeypatch):
    """The page was told of the build; its PDF then fails to be written: the build fails, and a request waiting
    for the PDF gets the last good one (the file on disk is untouched)."""
    game = tmp_path / "game"
    pnp_in_process("new", game, check=True)
    out = tmp_path / "out.pdf"
    builder = Builder(str(game), pipeline.BuildOptions(), out, game, {"stores": store.Held(),
                                                                       "pictures": rasters.Memory()})
    good = builder.build().snapshot.pdf
    from generator.errors import PnpError

    def refused(*args):
        raise PnpError(f"cannot write {out}: No space left on device")
    monkeypatch.setattr(pipeline, "write_pdf", refused)
    cards = game / "cards.csv"
    cards.write_text(cards.read_text(encoding="utf-8").replace("Market Day", "Fair Day"), encoding="utf-8")
    told: list = []
    failed = builder.build([str(cards)], shown=told.append)
    assert not failed.ok and failed.failure.lines == [f"cannot write {out}: No space left on device"]
    assert told[0].pdf == good == out.read_bytes() and failed.snapshot.pdf == good


def test_a_drag_makes_the_layout_views_card_before_the_pdf(tmp_path, monkeypatch):
    """The layout view shows one card large with its regions (/layout.json, /large/...?px=N: drawn at the size the
    view shows it): after a box is written into its template (as the view's write endpoint writes it), that card's
    model and large face (at the size asked for) are made before the PDF is written, so the view's requests wait
    for them and not for the PDF; the face is drawn as the build goes on, before the page is told (early.py)."""
    from generator.layout import provenance
    game = tmp_path / "game"
    pnp_in_process("new", game, check=True)
    builder = Builder(str(game), pipeline.BuildOptions(), tmp_path / "out.pdf", game,
                      {"stores": store.Held(), "pictures": rasters.Memory()})
    shown = builder.build().snapshot
    storm = next(c for c in shown.state["cards"] if c["name"] == "Storm")
    assert shown.layout(storm["id"], "front") and shown.large_png(storm["front"], 400)     # the view shows Storm
    made: list = []
    regions, face_png = provenance.card_regions, preview._face_png
    monkeypatch.setattr(provenance, "card_regions", lambda deck, card, *a: made.append(f"model {card.name}")
                        or regions(deck, card, *a))
    monkeypatch.setattr(preview, "_face_png", lambda face, dpi=preview.FACE_DPI, px=None:
                        made.append(f"{face.name} {px or dpi}") or face_png(face, dpi, px))
    join = early.Early.join

    def joined(self):
        drawing = self.thread is not None
        pngs = join(self)
        made.extend(f"early {kind} {self.pngs[(kind, d)][:4]!r}" for kind, d in pngs if drawing)
        return pngs
    monkeypatch.setattr(early.Early, "join", joined)
    writing: list = []
    write_pdf = pipeline.write_pdf
    monkeypatch.setattr(pipeline, "write_pdf", lambda *a: writing.append(list(made)) or write_pdf(*a))
    template = game / "templates" / "card.yaml"
    template.write_text(template.read_text(encoding="utf-8").replace("box: [17mm, 6mm,", "box: [18mm, 6mm,"),
                        encoding="utf-8")
    again = builder.build([str(template)], shown=lambda s: None)
    assert again.ok and "Storm" in again.changed
    assert writing == [["early large@400 b'\\x89PNG'", "model Storm"]]      # its face drawn as the build went on
    snapshot = again.snapshot
    front = next(c["front"] for c in snapshot.state["cards"] if c["name"] == "Storm")
    png = snapshot.large_png(front, 400)
    assert snapshot.layout(storm["id"], "front")["regions"] and made == writing[0]     # served as made
    assert int.from_bytes(png[16:20], "big") == 400
    fresh = tmp_path / "fresh.pdf"         # its faces laid out again region by region (layout/relaid.py): the same PDF
    pnp_in_process("build", game, "-o", fresh, check=True, env={"PNP_CACHE": "off"})
    same_bytes((tmp_path / "out.pdf").read_bytes(), fresh.read_bytes(), "the drag's rebuild and a fresh pnp build")
