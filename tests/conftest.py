"""Shared test setup: games played by the tests save into a temporary data folder, never the user's."""
from __future__ import annotations

import os
import tempfile

import pytest


@pytest.fixture(autouse=True, scope="session")
def _saves_in_a_temporary_folder():
    """`rulelang run` with a person saves each game under $XDG_DATA_HOME/rulelang/saves; the commands the tests
    start (in this process or a child) inherit this environment."""
    old = os.environ.get("XDG_DATA_HOME")
    with tempfile.TemporaryDirectory(prefix="rulelang-test-data-") as folder:
        os.environ["XDG_DATA_HOME"] = folder
        yield
    if old is None:
        os.environ.pop("XDG_DATA_HOME", None)
    else:
        os.environ["XDG_DATA_HOME"] = old


def pytest_collection_modifyitems(items):
    """The tests marked slow first (stable: the rest keep their order): they start while both workers have plenty
    queued, and the last tests to run are short ones."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)
