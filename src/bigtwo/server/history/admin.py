"""What an operator does, for `bigtwo admin` and the operator's routes alike: grant or revoke
the operator role, suspend or restore an account, delete one, and list what needs attention.
Each action is appended to the audit log, naming the operator (``actor``; None: the
server's console) and the person it concerns, in the transaction that makes it."""

from __future__ import annotations

import json
import time
from typing import Any

import sqlalchemy as sa

from ..accounts import Directory, Person, append
from ..accounts.tables import AUDIT, PEOPLE
from ..room import Room, RoomError
from ..store import Store
from . import games
from .tables import OPERATORS

ACTIONS = ("grant", "revoke", "suspend", "restore", "delete")
RECENT = 50  # audit lines the operator's page shows, unless asked for fewer
MAX_RECENT = 500


class AdminError(Exception):
    """An operator's request that can't be done, in a sentence (the CLI prints it, the
    operator's route answers it)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code, self.message = code, message


def is_operator(engine: sa.Engine, person: str) -> bool:
    with engine.connect() as conn:
        found = conn.execute(sa.select(OPERATORS.c.person).where(OPERATORS.c.person == person))
        return found.first() is not None


def find(directory: Directory, handle: str) -> Person:
    person = directory.person_by_handle(handle)
    if person is None:
        raise AdminError("no_person", f"nobody here has the handle {handle!r}")
    return person


def act(
    directory: Directory, action: str, handle: str, actor: str | None, reason: str = ""
) -> list[str]:
    """Do ``action`` (one of `ACTIONS`) to the person called ``handle``; the ids of the
    sessions whose sockets must close (a suspension's, a deletion's)."""
    person = find(directory, handle)
    engine = directory.engine
    if action == "delete":
        return games.delete(engine, person.id, actor)
    detail: dict[str, Any] = {"handle": person.handle} | ({"reason": reason} if reason else {})
    if action in ("suspend", "restore"):  # the flag, its audit line, the sessions to close
        sessions = directory.set_suspended(person.id, action == "suspend", actor, **detail)
        return (sessions or []) if action == "suspend" else []
    if action not in ("grant", "revoke"):
        raise AdminError("bad_action", f"{action} is not one of {', '.join(ACTIONS)}")
    if person.kind != "account":
        raise AdminError("not_account", f"{handle} is a guest: only an account may operate")
    with engine.begin() as conn:
        conn.execute(sa.delete(OPERATORS).where(OPERATORS.c.person == person.id))
        if action == "grant":
            conn.execute(sa.insert(OPERATORS).values(person=person.id, granted=time.time()))
        append(conn, f"operator_{action}", person.id, actor=actor, **detail)
    return []


def attention(directory: Directory, store: Store) -> dict[str, Any]:
    """What needs an operator: suspended accounts, the operators, and stored rooms this
    server can't read (kept as they are, served to nobody). Reports of people by people
    are not kept by this server: there are none to list."""
    with directory.engine.connect() as conn:
        suspended = conn.execute(
            sa.select(PEOPLE.c.handle, PEOPLE.c.id).where(PEOPLE.c.suspended.is_(True))
        ).all()
        operators = conn.execute(
            sa.select(PEOPLE.c.handle).join(OPERATORS, OPERATORS.c.person == PEOPLE.c.id)
        ).all()
    broken = []
    for code, stored in store.rooms():
        try:
            Room.loads(*stored)
        except RoomError:
            broken.append(code)
    return {
        "suspended": sorted(str(r.handle) for r in suspended),
        "operators": sorted(str(r.handle) for r in operators),
        "rooms_unreadable": sorted(broken),
    }


def recent(directory: Directory, size: int) -> list[dict[str, Any]]:
    """The audit log's latest ``size`` lines, the latest first, naming the person and the
    actor by their handles now (None: the server, or a person since deleted)."""
    actor = PEOPLE.alias("actor")
    with directory.engine.connect() as conn:
        rows = conn.execute(
            sa.select(AUDIT, PEOPLE.c.handle, actor.c.handle.label("actor_handle"))
            .outerjoin(PEOPLE, PEOPLE.c.id == AUDIT.c.person)
            .outerjoin(actor, actor.c.id == AUDIT.c.actor)
            .order_by(AUDIT.c.id.desc())
            .limit(size)
        ).all()
    return [
        {
            "at": r.at,
            "action": r.action,
            "handle": r.handle,
            "actor": r.actor_handle,
            "by_server": r.actor is None,
            "detail": json.loads(r.detail),
        }
        for r in rows
    ]
