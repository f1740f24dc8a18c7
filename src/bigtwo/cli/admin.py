"""`bigtwo admin`: an operator's commands on the server's database (the URL `bigtwo serve`
takes; by default bigtwo.db here), each written to the audit log as done from the console:
grant or revoke the operator role, suspend or restore an account, delete one, list what
needs attention, and export the games people gave to the open dataset. A running server
sees each change at its next request. On PostgreSQL, the sockets of a person suspended or
deleted here close at once, in every server process (`server.ended`); on SQLite they keep
the seat they hold until they reconnect (`POST /api/admin/act` closes them at once)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from .common import fail, make_console, user_errors
from .database import DEFAULT, server_database
from .prompt import BadInput, read_line

if TYPE_CHECKING:
    from ..server.accounts import Directory
    from ..server.store import Store

app = typer.Typer(
    name="admin",
    help="Operate a server: operators, suspensions, deletions, what needs attention, the dataset.",
    no_args_is_help=True,
)
DATABASE = typer.Option(help="The server's SQLAlchemy URL (default: bigtwo.db here).")


def _opened(database: str | None) -> tuple[Store, Directory]:
    from ..server.accounts import Directory
    from ..server.store import Store

    url = server_database(database)
    if database is None and not DEFAULT.exists():
        fail("no bigtwo.db here: give the server's database with --database")
    missing = _missing_file(url)
    if missing is not None:  # opening it would make an empty database and report on that
        fail(f"there is no database at {missing}: give the server's database with --database")
    try:
        store = Store(url)
    except Exception as exc:  # a bad URL, a database that won't open: one line
        fail(f"can't open the database {url}: {str(exc).splitlines()[0]}")
    return store, Directory(store.engine)


def _missing_file(url: str) -> Path | None:
    """The file an SQLite ``url`` names, where there is none; None for any other URL (one
    that can't be read is said by `Store`)."""
    import sqlalchemy as sa

    try:
        parsed = sa.engine.make_url(url)
    except sa.exc.ArgumentError:
        return None
    name = parsed.database
    if parsed.get_backend_name() != "sqlite" or name in (None, "", ":memory:"):
        return None
    if parsed.query.get("uri"):  # a file: URI, its query SQLite's own
        return None
    return None if Path(name).is_file() else Path(name)


def _confirmed(question: str) -> bool:
    """The operator's yes to ``question``. Standard input ending with no answer (a pipe, CI)
    deletes nothing and says so in one line (exit code 2, as for every refusal; Ctrl-C stays
    130)."""
    try:
        answer = read_line(make_console(), f"{question} [y/N]: ")
    except EOFError:
        print()  # the refusal on a line of its own, not after the question
        fail("nothing deleted: no answer came (--yes deletes without asking)")
    except BadInput as exc:
        fail(f"nothing deleted: {exc}")
    return answer.strip().lower() in ("y", "yes")


def _act(action: str, handle: str, database: str | None, reason: str = "") -> None:
    from ..server import ended
    from ..server.history.admin import AdminError, act

    store, directory = _opened(database)
    try:
        sessions = act(directory, action, handle, None, reason)
        ended.tell(store.engine, ended.CONSOLE, sessions)  # their sockets close (PostgreSQL)
    except AdminError as exc:
        fail(exc.message)
    finally:
        store.close()
    print(f"{action}: {handle}")


def _found(handle: str, database: str | None) -> None:
    """Refuse (as `_act` does) a handle nobody in the database has."""
    from ..server.history.admin import AdminError, find

    store, directory = _opened(database)
    try:
        find(directory, handle)
    except AdminError as exc:
        fail(exc.message)
    finally:
        store.close()


Handle = Annotated[str, typer.Argument(help="The person's handle.")]
Database = Annotated[str | None, DATABASE]
Reason = Annotated[str, typer.Option(help="Why, for the audit log.")]


@app.command("grant")
def grant(handle: Handle, database: Database = None) -> None:
    """Make an account an operator (these actions over /api/admin/ as well)."""
    _act("grant", handle, database)


@app.command("revoke")
def revoke(handle: Handle, database: Database = None) -> None:
    """Take the operator role back."""
    _act("revoke", handle, database)


@app.command("suspend")
def suspend(handle: Handle, database: Database = None, reason: Reason = "") -> None:
    """Suspend an account: it may watch but not sit at a table, nor sign in anew."""
    _act("suspend", handle, database, reason)


@app.command("restore")
def restore(handle: Handle, database: Database = None, reason: Reason = "") -> None:
    """Lift a suspension."""
    _act("restore", handle, database, reason)


@app.command("delete")
def delete(
    handle: Handle,
    database: Database = None,
    yes: Annotated[bool, typer.Option("--yes", help="Delete without asking.")] = False,
) -> None:
    """Delete an account: its person, sessions, passkeys, profile and results (records keep
    the names as played; docs/privacy.md)."""
    if not yes:  # a handle nobody has is refused as grant refuses it, before any question
        _found(handle, database)
        if not _confirmed(f"delete the account {handle}?"):
            fail("nothing deleted")
    _act("delete", handle, database)


@app.command("attention")
def attention(
    database: Database = None,
    as_json: Annotated[bool, typer.Option("--json", help="As JSON.")] = False,
) -> None:
    """What needs an operator: suspended accounts, the operators, rooms that can't be read."""
    from ..server.history.admin import attention as needing

    store, directory = _opened(database)
    try:
        found = needing(directory, store)
    finally:
        store.close()
    if as_json:
        print(json.dumps(found, indent=1))
        return
    for key, label in (
        ("suspended", "suspended accounts"),
        ("operators", "operators"),
        ("rooms_unreadable", "rooms this server can't read"),
    ):
        print(f"{label}: {', '.join(found[key]) or 'none'}")


@app.command("dataset")
def dataset(
    out: Annotated[Path, typer.Argument(help="The Parquet file to write.")],
    database: Database = None,
    preset: Annotated[str, typer.Option(help="The rules whose deals go in.")] = "classic",
    players: Annotated[int | None, typer.Option(help="Players at the table.")] = None,
) -> None:
    """Export the finished games people gave to the open dataset, as a decision dataset."""
    from ..server.history.dataset import export_dataset

    if out.is_dir() or not out.parent.is_dir():
        fail(f"the dataset must be a file in an existing folder, not {out}")
    store, _ = _opened(database)
    try:
        with user_errors():
            written = export_dataset(store, out, preset, players)
    finally:
        store.close()
    other = f"; {written.other_rules} under other rules left out" * bool(written.other_rules)
    print(f"{written.rows} decisions from {written.deals} deals written to {out}{other}")
