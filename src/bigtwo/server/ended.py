"""Sessions ended (revoked, signed out, replaced by a sign-in, their person suspended or
deleted), told to every server process of a shared database.

The process that ends a session closes its own sockets of it at once (`Hub.end_sessions`);
the others hold sockets of the same session, opened through them, which only they can
close. So it says ``sessions ended HOLDER ID ID …`` through the notifications that carry
chat lines and spectator counts, and each other process closes its own sockets of those
sessions as the first one did. ``bigtwo admin`` says it too (as ``console``), so that a
suspension or deletion from the console closes the person's sockets at once. Nothing is
stored: a socket lives in one process. A process that misses it (its listener away from the
database when it was said; a one-process server on SQLite, told nothing) finds those sessions
ended on its next sweep (`Hub.sweep_sessions`).
"""

from __future__ import annotations

from collections.abc import Iterator

import sqlalchemy as sa

from .shared import CHANNEL
from .watching import lines

PREFIX = "sessions ended "
CONSOLE = "console"  # the holder `bigtwo admin` speaks as: no process is it


def payloads(holder: str, sessions: list[str]) -> Iterator[str]:
    """What ``holder`` says of the ``sessions`` (ids) it ended, in notifications small
    enough for PostgreSQL."""
    return lines(f"{PREFIX}{holder}", (f" {session}" for session in sessions))


def read(payload: str) -> tuple[str, list[str]] | None:
    """The holder and the sessions a notification says ended, or None if it says none."""
    if not payload.startswith(PREFIX):
        return None
    holder, *sessions = payload[len(PREFIX) :].split(" ")
    return holder, [s for s in sessions if s]


def tell(engine: sa.Engine, holder: str, sessions: list[str]) -> None:
    """Say to every process listening on the database that ``sessions`` ended (nothing on
    a database no other process shares)."""
    if engine.dialect.name != "postgresql":
        return
    with engine.begin() as conn:
        for payload in payloads(holder, sessions):
            conn.execute(sa.select(sa.func.pg_notify(CHANNEL, payload)))
