"""The backup drill: a server with rooms in play is backed up while it runs (`bigtwo
backup`), the database is destroyed, restored (`bigtwo restore`), and a server started on
it resumes every room at the version it had when backed up; on SQLite and on PostgreSQL.
And the refusals, each in one line."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path

import postgres
import pytest
import sqlalchemy as sa
from server_process import ServerProcess
from typer.testing import CliRunner

from bigtwo.cli.app import app
from bigtwo.server import backup

from .test_server_durable import LONG_TURN, _back, _play_some, _room, _seen

runner = CliRunner()


def _drill(server: ServerProcess, dest: Path, destroy: Callable[[], None]) -> None:
    server.grace = 30.0  # nobody is handed to a bot while the server is down
    server.start()
    timed, untimed = _room(server.ws, LONG_TURN), _room(server.ws, 0)
    _play_some(timed, 9)
    _play_some(untimed, 5)
    clients = timed + untimed
    before = [_seen(c) for c in clients]
    backed = runner.invoke(app, ["backup", str(dest), "--database", server.database])
    assert backed.exit_code == 0, backed.output
    _play_some(timed, 3)  # after the backup: lost with the database
    server.kill()
    for c in clients:
        c.close()
    destroy()
    restored = runner.invoke(app, ["restore", str(dest), "--database", server.database])
    assert restored.exit_code == 0, restored.output
    server.start()
    fresh = _back(clients, server.ws)
    after = [_seen(c) for c in fresh]
    for seat, (was, now) in enumerate(zip(before, after, strict=True)):
        assert now["seq"] == was["seq"], f"client {seat}'s room is at another version"
        assert now == was, f"client {seat}'s view differs from the backup's"
    _play_some(fresh[:4], 2)  # and play goes on
    for c in fresh:
        c.close()
    server.stop()
    assert "Traceback" not in server.log.read_text()


def test_the_sqlite_drill(serve: ServerProcess, tmp_path: Path) -> None:
    path = Path(sa.engine.make_url(serve.database).database or "")

    def destroy() -> None:
        for name in (path, Path(f"{path}-wal"), Path(f"{path}-shm")):
            name.unlink(missing_ok=True)

    dest = tmp_path / "backup.db"
    _drill(serve, dest, destroy)
    with sqlite3.connect(dest) as copy:  # one self-contained file
        assert copy.execute("PRAGMA journal_mode").fetchone()[0] == "delete"


def test_the_postgresql_drill(postgres_cluster: postgres.Cluster, tmp_path: Path) -> None:
    database = postgres_cluster.database()
    server = ServerProcess(database, tmp_path / "server.log")

    def destroy() -> None:
        engine = sa.create_engine(database)
        with engine.begin() as conn:
            conn.execute(sa.text("DROP SCHEMA public CASCADE"))
            conn.execute(sa.text("CREATE SCHEMA public"))
            assert conn.execute(sa.text("SELECT to_regclass('rooms')")).scalar() is None
        engine.dispose()

    try:
        _drill(server, tmp_path / "backup.dump", destroy)
    finally:
        server.stop()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["backup", "{tmp}/x.db", "--database", "sqlite:///{tmp}/none.db"],
            "there is no database file",
        ),
        (["backup", "{tmp}/no/x.db"], "there is no folder {tmp}/no"),
        (["backup", "{tmp}/taken.db", "--database", "sqlite:///{tmp}/taken.db"], "exists already"),
        (["restore", "{tmp}/none.db"], "there is no backup file {tmp}/none.db"),
        (["restore", "{tmp}/taken.db"], "{tmp}/taken.db is not a bigtwo database (no table rooms)"),
        (["restore", "{tmp}/junk.db"], "{tmp}/junk.db is not an SQLite database"),
        (["backup", "{tmp}/x.db", "--database", "mysql://h/db"], "can't back up a mysql database"),
    ],
)
def test_refusals_are_one_line(args: list[str], message: str, tmp_path: Path) -> None:
    with sqlite3.connect(tmp_path / "taken.db") as conn:  # an SQLite file, not bigtwo's
        conn.execute("CREATE TABLE t (x)")
    (tmp_path / "junk.db").write_bytes(b"this is not a database" * 100)
    got = runner.invoke(app, [a.format(tmp=tmp_path) for a in args])
    assert got.exit_code == 2, got.output
    assert got.output.startswith("bigtwo: ") and len(got.output.strip().splitlines()) == 1
    assert message.format(tmp=tmp_path) in got.output


def test_without_postgresqls_tools_the_message_says_what_to_install(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(backup.shutil, "which", lambda _: None)
    monkeypatch.setattr(backup, "VERSIONS", ())
    with pytest.raises(backup.BackupError, match="pg_dump was not found on PATH"):
        backup.backup("postgresql://u@127.0.0.1:1/db", Path("/tmp/never-written.dump"))
