"""Backing up a server's database while it runs, and restoring it (``bigtwo backup`` and
``bigtwo restore``; ``docs/deploy.md``, "Backups").

SQLite: the online backup API copies the database page by page, consistent even while the
server commits (a copy of the file alone is not: the WAL beside it holds the latest
commits); the copy is one self-contained file. PostgreSQL: ``pg_dump``'s custom format, a
consistent snapshot taken in one transaction, restored by ``pg_restore`` (the tools are
looked for on PATH, then in Debian's folders)."""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
from pathlib import Path

import sqlalchemy as sa

from .store import engine_url

VERSIONS = ("17", "16", "15")
PAGES = 1024  # pages copied per step of SQLite's backup: the server's commits go on between
TABLES = ("rooms", "alembic_version")  # what makes a file a bigtwo database


class BackupError(Exception):
    """A backup or restore that can't be done; the message says why, in a sentence."""


def backup(url: str, dest: Path) -> None:
    """Copy the database at ``url`` (a SQLAlchemy URL) into the new file ``dest``."""
    if dest.exists():
        raise BackupError(f"{dest} exists already: name a new file")
    if not dest.parent.is_dir():
        raise BackupError(f"there is no folder {dest.parent}")
    parsed = sa.engine.make_url(engine_url(url))
    if parsed.get_backend_name() == "sqlite":
        _sqlite_backup(_sqlite_file(parsed, must_exist=True), dest)
    elif parsed.get_backend_name() == "postgresql":
        _pg("pg_dump", parsed, "--format=custom", f"--file={dest}", "--no-owner")
    else:
        raise BackupError(f"can't back up a {parsed.get_backend_name()} database")


def restore(src: Path, url: str) -> None:
    """Put the backup ``src`` in place of the database at ``url`` (its server stopped)."""
    if not src.is_file():
        raise BackupError(f"there is no backup file {src}")
    parsed = sa.engine.make_url(engine_url(url))
    if parsed.get_backend_name() == "sqlite":
        _sqlite_restore(src, _sqlite_file(parsed, must_exist=False))
    elif parsed.get_backend_name() == "postgresql":
        # --clean: what the database holds goes first; one transaction: all or nothing
        _pg("pg_restore", parsed, "--clean", "--if-exists", "--no-owner", "--single-transaction",
            "--exit-on-error", str(src))  # fmt: skip
    else:
        raise BackupError(f"can't restore a {parsed.get_backend_name()} database")


def _sqlite_file(url: sa.URL, must_exist: bool) -> Path:
    if not url.database or url.database == ":memory:":
        raise BackupError("an SQLite database in memory has nothing to back up or restore")
    path = Path(url.database)
    if must_exist and not path.is_file():
        raise BackupError(f"there is no database file {path}")
    return path


def _sqlite_backup(path: Path, dest: Path) -> None:
    source = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    target = sqlite3.connect(dest)
    try:
        _check(source, str(path))
        source.backup(target, pages=PAGES)
        target.execute("PRAGMA journal_mode=DELETE")  # one file, no WAL beside it
        _checked(target, str(dest))
    except sqlite3.Error as exc:
        target.close()
        dest.unlink(missing_ok=True)
        raise BackupError(f"the backup of {path} failed: {exc}") from None
    finally:
        source.close()
        target.close()


def _sqlite_restore(src: Path, path: Path) -> None:
    source = sqlite3.connect(f"{src.resolve().as_uri()}?mode=ro", uri=True)
    try:
        _checked(source, str(src))
        _check(source, str(src))
        target = sqlite3.connect(path)
        try:
            target.execute("PRAGMA busy_timeout=5000")
            source.backup(target)  # replaces every page, the WAL's included
            target.execute("PRAGMA journal_mode=WAL")  # as the server keeps it
        finally:
            target.close()
    except sqlite3.Error as exc:
        raise BackupError(f"restoring {src} into {path} failed: {exc}") from None
    finally:
        source.close()


def _check(conn: sqlite3.Connection, name: str) -> None:
    """Refuse a file that is no bigtwo database."""
    try:
        found = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    except sqlite3.DatabaseError as exc:
        raise BackupError(f"{name} is not an SQLite database: {exc}") from None
    missing = [t for t in TABLES if t not in found]
    if missing:
        raise BackupError(f"{name} is not a bigtwo database (no table {missing[0]})")


def _checked(conn: sqlite3.Connection, name: str) -> None:
    try:
        verdict = conn.execute("PRAGMA quick_check").fetchone()[0]
    except sqlite3.DatabaseError as exc:
        raise BackupError(f"{name} is not an SQLite database: {exc}") from None
    if verdict != "ok":
        raise BackupError(f"{name} is damaged: {verdict}")


def tool(name: str) -> Path:
    """PostgreSQL's ``name`` (pg_dump, pg_restore): on PATH, or where Debian keeps it."""
    found = shutil.which(name)
    if found:
        return Path(found)
    for version in VERSIONS:
        candidate = Path(f"/usr/lib/postgresql/{version}/bin/{name}")
        if candidate.exists():
            return candidate
    raise BackupError(
        f"{name} was not found on PATH or in /usr/lib/postgresql/*/bin: install PostgreSQL's "
        f"client tools (Debian: apt install postgresql-client)"
    )


def _pg(name: str, url: sa.URL, *args: str) -> None:
    """Run ``name`` on the database at ``url``; its password goes by the environment, not
    the command line (which other users of the machine may read)."""
    env = dict(os.environ)
    if url.password is not None:
        env["PGPASSWORD"] = str(url.password)
    dsn = url.set(drivername="postgresql", password=None).render_as_string(hide_password=False)
    done = subprocess.run(
        [str(tool(name)), f"--dbname={dsn}", *args], capture_output=True, text=True, env=env
    )
    if done.returncode != 0:
        said = (done.stderr or done.stdout).strip().splitlines()
        raise BackupError(f"{name} failed: {said[0] if said else f'status {done.returncode}'}")
