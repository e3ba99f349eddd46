"""generator/watch/server.py: what the preview's server prints in pnp watch's terminal."""
from __future__ import annotations

from generator.watch.server import Preview, Server


def _error_of(server, exc: BaseException) -> None:
    try:
        raise exc
    except BaseException:           # as socketserver calls it: inside the handler's except block
        server.httpd.handle_error(None, ("127.0.0.1", 50000))


def test_a_browser_closing_a_connection_mid_answer_prints_nothing_but_a_bug_still_shows(capsys):
    """A reload or a closed tab mid-answer is BrokenPipeError or ConnectionResetError in the handler's thread:
    socketserver printed 'Exception occurred during processing of request' and a traceback, once a request."""
    server = Server(Preview(), 0)
    try:
        for exc in (BrokenPipeError(32, "Broken pipe"), ConnectionResetError(104, "Connection reset by peer")):
            _error_of(server, exc)
        assert capsys.readouterr().err == ""
        _error_of(server, ValueError("a bug in the handler"))
        err = capsys.readouterr().err
        assert "Exception occurred during processing of request" in err and "ValueError" in err
    finally:
        server.httpd.server_close()
