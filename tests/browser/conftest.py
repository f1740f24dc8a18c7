"""Browser tests: a real `bigtwo serve` on a free loopback port with a temporary SQLite file,
and Debian's Chromium driven by Playwright (which can't download its own browsers here)."""

from __future__ import annotations

import contextlib
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from ports import free_port
from server_process import on_sqlite

sync_api = pytest.importorskip("playwright.sync_api")

CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
]


@contextlib.contextmanager
def serving(db: Path, port: int | None = None) -> Iterator[str]:
    """Run `bigtwo serve` on ``db`` (a free loopback port unless given) until the block ends;
    its base URL."""
    server = on_sqlite(db, port=port or free_port(), grace=60)
    server.start()
    try:
        yield server.base
    finally:
        server.stop()


@pytest.fixture(scope="session")
def server_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The SQLite file of `server` (a test that must make someone an operator writes there)."""
    return tmp_path_factory.mktemp("serve") / "rooms.db"


@pytest.fixture(scope="session")
def server(server_db: Path) -> Iterator[str]:
    """The base URL of a server started for these tests (stopped after them)."""
    with serving(server_db) as base:
        yield base


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    executable = shutil.which("chromium")
    if executable is None:
        pytest.skip("Debian's chromium is not installed (python3 dev.py installs it as root)")
    with sync_api.sync_playwright() as p:
        launched = p.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        try:
            yield launched
        finally:
            launched.close()


@pytest.fixture
def context(browser: Any) -> Iterator[Any]:
    ctx = browser.new_context(viewport={"width": 1024, "height": 800})
    ctx.set_default_timeout(15000)
    try:
        yield ctx
    finally:
        ctx.close()


@pytest.fixture(scope="session")
def localhost(server: str) -> str:
    """The same server by the name localhost: a secure context on plain http, and a host name
    that can be a passkey's relying party (an IP address can't)."""
    return server.replace("://127.0.0.1:", "://localhost:")
