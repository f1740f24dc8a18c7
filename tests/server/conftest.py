"""Servers for the server's tests: a real ``bigtwo serve`` process on a free loopback port and
a temporary SQLite file (`server_process`; started and stopped by the fixtures), and the
Starlette test client on the app in this process."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from server_process import ServerProcess, on_sqlite
from starlette.testclient import TestClient

from bigtwo.server.app import make_app
from bigtwo.server.settings import Settings
from bigtwo.server.store import sqlite_url

GRACE = 1.0  # seconds a person may be away before a bot plays their seat (short, for tests)


@pytest.fixture
def serve(tmp_path: Path) -> Iterator[ServerProcess]:
    """A real server process (not started yet: ``start`` it; it is always stopped after)."""
    server = on_sqlite(tmp_path / "server.db", grace=GRACE)
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """A running server process shared by a module's tests."""
    server = on_sqlite(tmp_path_factory.mktemp("served") / "server.db", grace=GRACE)
    server.start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def test_client(tmp_path: Path) -> Iterator[TestClient]:
    """The Starlette test client on a fresh app (its lifespan runs)."""
    settings = Settings(grace=GRACE, bot_pace="instant", pause=0.0)
    app = make_app(sqlite_url(tmp_path / "app.db"), settings)
    with TestClient(app) as client:
        yield client
