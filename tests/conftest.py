"""Test-wide settings: pnp's caches go to a folder of this test run, not the user's ~/.cache."""
import os

import pytest


@pytest.fixture(scope="session", autouse=True)
def _own_cache(tmp_path_factory):
    old = os.environ.get("PNP_CACHE")
    os.environ["PNP_CACHE"] = str(tmp_path_factory.mktemp("pnp-cache"))
    yield
    if old is None:
        os.environ.pop("PNP_CACHE", None)
    else:
        os.environ["PNP_CACHE"] = old


@pytest.fixture(scope="session")
def built(tmp_path_factory):
    """built(GAME): the path of GAME's PDF, built once for the whole run; tests read it, never change it."""
    from cli import pnp
    done: dict = {}

    def build(game: str):
        if game not in done:
            out = tmp_path_factory.mktemp(game) / f"{game}.pdf"
            pnp("build", game, "-o", out, check=True)
            done[game] = out
        return done[game]
    return build
