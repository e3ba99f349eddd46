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
