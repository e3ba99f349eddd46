"""The layout view's server side (watch/studio.py through server.py), asked over real HTTP (http.client) of a
real server on 127.0.0.1, in this process, over a real build of the starter: a card's regions; a write of a
region's box, and its undo and redo, byte for byte; and every refusal, each answered in one line while the
server goes on: no token or another one, another Origin or Host, a template named as a path, another key or
game, a file changed since the page read it, a malformed request."""
from __future__ import annotations

import http.client
import json

import pytest
from cli import pnp_in_process

from generator.pipeline import BuildOptions
from generator.watch.rebuild import Builder
from generator.watch.server import Preview, Server

PNG = b"\x89PNG\r\n\x1a\n" + b"\0" * 40


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    """A server of the starter's last good build, with a folder of reference pictures."""
    tmp = tmp_path_factory.mktemp("studio")
    pnp_in_process("new", "g", cwd=tmp, check=True)
    game = tmp / "g"
    refs = tmp / "refs"
    refs.mkdir()
    (refs / "Wheat.png").write_bytes(PNG)
    (refs / "2.jpg").write_bytes(b"\xff\xd8\xff\xe0jpeg")
    (refs / "notes.txt").write_text("not a picture")
    preview = Preview()
    server = Server(preview, 0, refs)
    server.start()
    outcome = Builder(str(game), BuildOptions(), tmp / "out.pdf", game).build()
    assert outcome.ok, outcome.failure
    preview.publish(outcome.snapshot, outcome.failure, outcome.number)
    yield server, game
    server.stop()


def ask(server, method, path, body=None, headers=None, token=True, origin=True, host=None):
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=20)
    try:
        conn.putrequest(method, path, skip_host=True, skip_accept_encoding=True)
        conn.putheader("Host", host or f"127.0.0.1:{server.port}")
        sent = {}
        if origin:
            sent["Origin"] = origin if isinstance(origin, str) else f"http://127.0.0.1:{server.port}"
        if token:
            sent["X-Pnp-Token"] = token if isinstance(token, str) else server.studio.token
        data = body if isinstance(body, bytes) or body is None else json.dumps(body).encode()
        if data is not None:
            sent["Content-Type"] = "application/json"
            sent["Content-Length"] = str(len(data))
        sent.update(headers or {})
        for k, v in sent.items():
            if v is not None:
                conn.putheader(k, v)
        conn.endheaders(data)
        r = conn.getresponse()
        raw = r.read()
        return r.status, json.loads(raw) if r.getheader("Content-Type", "").startswith("application/json") else raw
    finally:
        conn.close()


def layout(server, card="wheat", side="front"):
    status, model = ask(server, "GET", f"/layout.json?card={card}&side={side}")
    assert status == 200, model
    return model


def move(model, region="title", dx=10.0):
    r = next(r for r in model["regions"] if r["id"] == region)
    x, y, w, h = r["box_mm"]
    return {"template": model["template"], "region": region, "box_mm": [x + dx, y, w, h], "files": model["files"]}


def test_the_page_carries_its_token_and_a_card_is_given_region_by_region(served):
    server, game = served
    status, page = ask(server, "GET", "/", token=False, origin=False)
    assert status == 200 and f'<meta name="pnp-token" content="{server.studio.token}">'.encode() in page
    assert server.httpd.server_address[0] == "127.0.0.1" and len(server.studio.token) >= 32
    assert server.studio.token != Server(Preview(), 0).studio.token          # one a process
    model = layout(server, "wheat")
    assert model["template"] == "card" and model["files"]["templates/card.yaml"]
    title = next(r for r in model["regions"] if r["id"] == "title")
    assert title["box_mm"] == [17, 6, 29.5, 9] and title["file"] == "templates/card.yaml" and model["reference"]
    assert layout(server, "storm", "back")["template"] == "back"
    assert ask(server, "GET", "/layout.json?card=nobody")[0] == 404
    status, script = ask(server, "GET", "/studio.js")
    assert status == 200 and b"X-Pnp-Token" in script


def test_a_write_changes_that_box_alone_and_undo_and_redo_put_back_each_byte(served):
    server, game = served
    card = game / "templates" / "card.yaml"
    before = card.read_bytes()
    status, said = ask(server, "POST", "/layout/box", move(layout(server)))
    assert status == 200, said
    after = card.read_bytes()
    assert after == before.replace(b"{id: title, type: text, box: [17mm,", b"{id: title, type: text, box: [27mm,")
    assert (said["file"], said["box"], said["how"]) == ("templates/card.yaml", ["27mm", "6mm", "29.5mm", "9mm"], "set")
    assert ask(server, "POST", "/layout/undo", {"undo": said["undo"]})[0] == 200 and card.read_bytes() == before
    assert ask(server, "POST", "/layout/undo", {"undo": said["undo"]})[0] == 409     # already undone: stale
    assert ask(server, "POST", "/layout/redo", {"undo": said["undo"]})[0] == 200 and card.read_bytes() == after
    assert ask(server, "POST", "/layout/undo", {"undo": said["undo"]})[0] == 200 and card.read_bytes() == before
    assert ask(server, "POST", "/layout/undo", {"undo": 999})[0] == 404


def test_a_write_needs_the_pages_token_its_own_origin_and_host(served):
    server, game = served
    files = {p: p.read_bytes() for p in (game / "templates").iterdir()}
    body = move(layout(server))
    for kwargs, status, said in (
            ({"token": False}, 403, "needs the token"),
            ({"token": "x" * 32}, 403, "needs the token"),
            ({"origin": "http://evil.example"}, 403, "another origin"),
            ({"origin": f"http://127.0.0.1:{server.port + 1}"}, 403, "another origin"),
            ({"host": "evil.example"}, 403, "its own address"),
            ({"headers": {"Content-Type": "text/plain"}}, 415, "application/json")):
        got = ask(server, "POST", "/layout/box", body, **kwargs)
        assert got[0] == status and said in got[1]["error"] and "\n" not in got[1]["error"], (kwargs, got)
    assert ask(server, "POST", "/layout/undo", {"undo": 1}, token=False)[0] == 403
    assert {p: p.read_bytes() for p in (game / "templates").iterdir()} == files


def test_a_write_names_a_template_and_a_region_of_this_game_never_a_path_or_another_key(served):
    server, game = served
    files = {p: p.read_bytes() for p in game.rglob("*") if p.is_file()}
    body = move(layout(server))
    for change, status, said in (
            ({"template": "../deck"}, 400, "unknown template"),
            ({"template": "/etc/passwd"}, 400, "unknown template"),
            ({"template": "templates/card.yaml"}, 400, "unknown template"),
            ({"template": "basic-card"}, 400, "pnp's shared template"),
            ({"region": "titel"}, 400, "has no region 'titel'"),
            ({"key": "text"}, 400, "unknown field 'key'"),
            ({"text": "pwned"}, 400, "unknown field 'text'"),
            ({"path": "/etc/passwd"}, 400, "unknown field 'path'"),
            ({"game": "vasa-regalis"}, 403, "only the game it watches"),
            ({"box_mm": [1, 2, 3]}, 400, "four numbers"),
            ({"box_mm": [1, 2, 3, "4mm"]}, 400, "four numbers"),
            ({"box_mm": [70, 6, 29.5, 9]}, 400, "past the right edge")):
        got = ask(server, "POST", "/layout/box", {**body, **change})
        assert got[0] == status and said in got[1]["error"] and "\n" not in got[1]["error"], (change, got)
    assert {p: p.read_bytes() for p in game.rglob("*") if p.is_file()} == files


def test_a_file_changed_since_the_page_read_it_is_not_written(served):
    server, game = served
    card = game / "templates" / "card.yaml"
    body = move(layout(server))
    edited = card.read_bytes() + b"# saved in an editor meanwhile\n"
    card.write_bytes(edited)
    try:
        status, said = ask(server, "POST", "/layout/box", body)
        assert status == 409 and "changed on disk since the page read it" in said["error"]
        assert card.read_bytes() == edited
        assert ask(server, "POST", "/layout/box", {**body, "files": {}})[0] == 409
    finally:
        card.write_bytes(edited.replace(b"# saved in an editor meanwhile\n", b""))


def test_a_malformed_request_is_one_line_and_the_server_goes_on(served):
    server, game = served
    for body, status in ((b"{not json", 400), (b"[1, 2]", 400), (b"\xff\xfe", 400), (b'{"box_mm": NaN}', 400),
                         (json.dumps({"template": 7, "region": "title", "box_mm": [1, 2, 3, 4], "files": {}}).encode(),
                          400), (b"{}", 400), (b"x" * 20_000, 413)):
        got = ask(server, "POST", "/layout/box", body)
        assert got[0] == status and isinstance(got[1], dict) and "\n" not in got[1]["error"], (body[:20], got)
    assert ask(server, "POST", "/layout/undo", {"undo": "1"})[0] == 400
    assert ask(server, "POST", "/elsewhere", {})[0] == 404
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=20)
    conn.putrequest("POST", "/layout/box", skip_host=True)
    conn.putheader("Host", f"127.0.0.1:{server.port}")
    conn.endheaders()                   # no body, no length
    assert conn.getresponse().status == 411
    conn.close()
    assert ask(server, "GET", "/state.json")[0] == 200                 # still serving


def test_reference_pictures_are_found_by_a_cards_name_or_number_in_that_folder_only(served):
    server, game = served
    assert ask(server, "GET", "/reference?card=wheat") == (200, PNG)
    assert ask(server, "GET", "/reference?card=barley")[1].startswith(b"\xff\xd8")      # card 2: 2.jpg
    assert ask(server, "GET", "/reference?card=storm")[0] == 404
    assert ask(server, "GET", "/reference?card=../refs/notes")[0] == 404
    assert layout(server, "storm")["reference"] is False
