"""The server's database as ``--database`` names it, the same for `bigtwo serve`, `admin`,
`backup` and `restore`."""

from __future__ import annotations

from pathlib import Path

from .common import fail

DEFAULT = Path("bigtwo.db")  # here, where no --database is given


def server_database(database: str | None) -> str:
    """The URL ``database`` gives (None: bigtwo.db here). One that names no server's
    database is refused in one line: empty, as an unset variable leaves it (read as bigtwo.db
    here, it would serve, report on or restore over a database nobody named), or SQLite in
    memory, which every connection sees empty and a restart loses."""
    from ..server.store import sqlite_url

    if database is None:
        return sqlite_url(DEFAULT)
    if not database.strip():
        fail("--database is empty: give the server's URL (leave it out for bigtwo.db here)")
    if _in_memory(database):
        fail(f"--database: SQLite in memory keeps nothing: name a file, not {database!r}")
    return database


def _in_memory(url: str) -> bool:
    scheme, _, rest = url.strip().lower().partition("://")
    if not scheme.startswith("sqlite"):
        return False
    path, _, query = rest.partition("?")
    return path in ("", "/", "/:memory:") or "mode=memory" in query
