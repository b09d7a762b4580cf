"""Shared test setup: games played by the tests save into a temporary data folder, never the user's."""
from __future__ import annotations

import os
import tempfile

import pytest

@pytest.fixture(autouse=True, scope="session")
def _saves_in_a_temporary_folder(tmp_path_factory):
    """`rulelang run` with a person saves each game under $XDG_DATA_HOME/rulelang/saves, and every load keeps its
    compiled program under $XDG_CACHE_HOME/rulelang: the tests' go into temporary folders, never the user's. The
    commands the tests start (in this process or a child) inherit this environment.  Under xdist the workers share
    one cache folder (the run's temporary folder, which holds each worker's own): a game file is compiled once in
    the run rather than once by each worker (rulelang/cache.py writes an entry whole or not at all)."""
    names = ("XDG_DATA_HOME", "XDG_CACHE_HOME")
    old = {name: os.environ.get(name) for name in names}
    with tempfile.TemporaryDirectory(prefix="rulelang-test-data-") as folder:
        os.environ["XDG_DATA_HOME"] = os.path.join(folder, "xdg_data_home")
        shared = tmp_path_factory.getbasetemp().parent if os.environ.get("PYTEST_XDIST_WORKER") else folder
        os.environ["XDG_CACHE_HOME"] = os.path.join(shared, "xdg_cache_home")
        yield
    for name, value in old.items():
        if value is None:
            os.environ.pop(name, None)
        else:
            os.environ[name] = value


def pytest_collection_modifyitems(items):
    """The tests marked slow first (stable: the rest keep their order): they start while both workers have plenty
    queued, and the last tests to run are short ones."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)


@pytest.fixture
def terminals():
    """Opens `rulelang ARGS` at pseudo-terminals (helpers.PtyTerminal, typed into with no delay) and closes every one
    at the end of the test."""
    from helpers import PtyTerminal

    opened = []

    def open_terminal(args, **kw):
        t = PtyTerminal(args, **kw)
        t.child.delaybeforesend = None
        opened.append(t)
        return t

    yield open_terminal
    for t in opened:
        t.close()
