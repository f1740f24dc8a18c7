"""`bigtwo backup DEST` and `bigtwo restore SRC`: the server's database copied while the
server runs, and put back (``docs/deploy.md``, "Backups")."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType
from typing import Annotated

import typer

from ..extras import MissingExtraError
from .common import fail
from .database import server_database

Database = Annotated[
    str | None,
    typer.Option(
        help="The server's SQLAlchemy URL, as given to bigtwo serve (default: bigtwo.db here)."
    ),
]


def _backup_module() -> ModuleType:
    """`bigtwo.server.backup`, or a line saying which extra to install."""
    try:
        from ..server import backup
    except MissingExtraError as exc:
        fail(str(exc))
    return backup


def backup_command(
    dest: Annotated[Path, typer.Argument(help="The new file to write the backup to.")],
    database: Database = None,
) -> None:
    """Back up the server's database, safely while it runs (SQLite: the online backup API;
    PostgreSQL: pg_dump)."""
    backup = _backup_module()
    url = server_database(database)
    try:
        backup.backup(url, dest)
    except backup.BackupError as exc:
        fail(str(exc))
    print(f"backed up {url} to {dest}")


def restore_command(
    src: Annotated[Path, typer.Argument(help="A file bigtwo backup wrote.")],
    database: Database = None,
) -> None:
    """Put a backup in place of the server's database. Stop the server first; start it again
    afterwards (its migrations bring an older backup up to date)."""
    backup = _backup_module()
    url = server_database(database)
    try:
        backup.restore(src, url)
    except backup.BackupError as exc:
        fail(str(exc))
    print(f"restored {src} into {url}")
