"""The people and sessions tables read and written (synchronous SQLAlchemy: the web routes
call it in a worker thread). A session's cookie holds a secret; the table keeps only its
SHA-256, so a copy of the database signs nobody in."""

from __future__ import annotations

import hashlib
import json
import secrets
import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa

from .people import Person, guest_handle, new_id
from .tables import AUDIT, PEOPLE, SESSIONS

SWEEP_CHUNK = 500  # session ids a statement of `still_live` asks about
SESSION_IDLE = 400 * 86400.0  # a session unused this long (seconds) is over: the cookie's age
SEEN_EVERY = 300.0  # seconds between writes of a session's ``last_seen``

# Every action the audit log is written with, in one place: `append` takes no other, and the
# operator's page has words for each (``admin.audit.code.<action>`` in the catalogues).
AUDIT_ACTIONS = (
    "guest_created",
    "renamed",
    "signed_in",  # its ``how`` is one of SIGN_IN_WAYS
    "session_revoked",
    "passkey_added",
    "passkey_removed",
    "recovery_codes_made",
    "recovery_code_used",
    "password_set",
    "password_rehashed",
    "dataset_given",
    "dataset_withdrawn",
    "operator_grant",
    "operator_revoke",
    "operator_suspend",
    "operator_restore",
    "account_deleted",
)
SIGN_IN_WAYS = ("passkey", "password", "recovery_code")  # a sign-in's ``how`` (each worded too)


def digest(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


@dataclass(frozen=True)
class Session:
    """A signed-in browser: ``id`` is the digest of its cookie's secret."""

    id: str
    ref: str  # what the devices page calls it (the id is never shown)
    person: Person
    last_seen: float


class Directory:
    def __init__(self, engine: sa.Engine) -> None:
        self.engine = engine

    # -- people --------------------------------------------------------------------------------
    def person(self, person_id: str) -> Person | None:
        with self.engine.connect() as conn:
            row = conn.execute(sa.select(PEOPLE).where(PEOPLE.c.id == person_id)).first()
        return None if row is None else _person(row)

    def keeps_seat(self, person_id: str) -> bool:
        """Whether a seat tied to ``person_id`` is resumed by them alone: an account's, or a
        deleted person's (a bot plays it on). A guest's passes to whoever holds its token."""
        person = self.person(person_id)
        return person is None or person.kind == "account"

    def person_by_handle(self, handle: str) -> Person | None:
        with self.engine.connect() as conn:
            row = conn.execute(
                sa.select(PEOPLE).where(PEOPLE.c.handle_key == handle.lower())
            ).first()
        return None if row is None else _person(row)

    def new_guest(self, agent: str, address: str) -> tuple[Session, str]:
        """A new guest and a session for them: the session and its cookie's secret."""
        now = time.time()
        with self.engine.begin() as conn:
            while True:  # a made-up handle that is taken is drawn again
                handle = guest_handle()
                taken = conn.execute(
                    sa.select(PEOPLE.c.id).where(PEOPLE.c.handle_key == handle)
                ).first()
                if taken is None:
                    break
            person = Person(new_id(), handle, "", "guest", now)
            conn.execute(
                sa.insert(PEOPLE).values(
                    id=person.id,
                    handle=handle,
                    handle_key=handle,
                    display_name="",
                    created=now,
                    kind="guest",
                    suspended=False,
                )
            )
            append(conn, "guest_created", person.id)
            return _open_session(conn, person, agent, address, now)

    def rename(self, person_id: str, handle: str | None, display_name: str | None) -> bool:
        """Set the handle and/or display name; False where the handle is someone else's."""
        values: dict[str, Any] = {}
        if handle is not None:
            values |= {"handle": handle, "handle_key": handle.lower()}
        if display_name is not None:
            values["display_name"] = display_name
        if not values:
            return True
        with self.engine.begin() as conn:
            if handle is not None:
                other = conn.execute(
                    sa.select(PEOPLE.c.id).where(
                        PEOPLE.c.handle_key == handle.lower(), PEOPLE.c.id != person_id
                    )
                ).first()
                if other is not None:
                    return False
            conn.execute(sa.update(PEOPLE).where(PEOPLE.c.id == person_id).values(values))
            append(conn, "renamed", person_id, actor=person_id, **values)
        return True

    def set_suspended(
        self, person_id: str, suspended: bool, actor: str | None, **detail: object
    ) -> list[str] | None:
        """Suspend (or restore) a person, logged as ``actor``'s doing with ``detail``; the ids
        of their live sessions, whose sockets are to close (None: no such person). A
        suspended person's session still says who they are: they may watch, not sit."""
        with self.engine.begin() as conn:
            found = conn.execute(
                sa.update(PEOPLE).where(PEOPLE.c.id == person_id).values(suspended=suspended)
            ).rowcount
            if not found:
                return None
            action = "operator_suspend" if suspended else "operator_restore"  # as admin's others
            append(conn, action, person_id, actor=actor, **detail)
            rows = conn.execute(
                sa.select(SESSIONS.c.id).where(
                    SESSIONS.c.person == person_id, SESSIONS.c.revoked.is_(False)
                )
            ).all()
        return [str(r.id) for r in rows]

    # -- sessions ------------------------------------------------------------------------------
    def session(self, secret: str) -> Session | None:
        """The live session whose cookie holds ``secret`` (None: unknown, revoked or idle too
        long); its ``last_seen`` moved on now and then. A suspended person's session still
        says who they are (``person.suspended``): they may not sit at a table or sign in
        anew, but their page, export and deletion are theirs, and a reload doesn't make them
        a fresh guest."""
        key, now = digest(secret), time.time()
        with self.engine.connect() as conn:
            row = conn.execute(
                sa.select(PEOPLE, SESSIONS.c.ref, SESSIONS.c.last_seen, SESSIONS.c.revoked)
                .join(SESSIONS, PEOPLE.c.id == SESSIONS.c.person)
                .where(SESSIONS.c.id == key)
            ).first()
            if row is None or row.revoked or now - row.last_seen > SESSION_IDLE:
                return None
            if now - row.last_seen > SEEN_EVERY:
                conn.execute(sa.update(SESSIONS).where(SESSIONS.c.id == key).values(last_seen=now))
                conn.commit()
        return Session(key, row.ref, _person(row), row.last_seen)

    def still_live(self, ids: list[str]) -> dict[str, bool]:
        """Which of the sessions ``ids`` are still live (not revoked, their person not
        deleted), each with whether its person is suspended now."""
        found: dict[str, bool] = {}
        with self.engine.connect() as conn:
            for at in range(0, len(ids), SWEEP_CHUNK):
                rows = conn.execute(
                    sa.select(SESSIONS.c.id, PEOPLE.c.suspended)
                    .join(PEOPLE, PEOPLE.c.id == SESSIONS.c.person)
                    .where(
                        SESSIONS.c.id.in_(ids[at : at + SWEEP_CHUNK]),
                        SESSIONS.c.revoked.is_(False),
                    )
                )
                found.update((str(r.id), bool(r.suspended)) for r in rows)
        return found

    def open_session(self, person_id: str, agent: str, address: str) -> tuple[Session, str]:
        """A new session for an existing person (a sign-in)."""
        with self.engine.begin() as conn:
            row = conn.execute(sa.select(PEOPLE).where(PEOPLE.c.id == person_id)).one()
            return _open_session(conn, _person(row), agent, address, time.time())

    def sessions(self, person_id: str) -> list[dict[str, Any]]:
        """The person's live sessions, the latest seen first (for the devices page)."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                sa.select(SESSIONS)
                .where(SESSIONS.c.person == person_id, SESSIONS.c.revoked.is_(False))
                .order_by(SESSIONS.c.last_seen.desc())
            ).all()
        now = time.time()
        return [
            {
                "id": r.id,
                "ref": r.ref,
                "created": r.created,
                "last_seen": r.last_seen,
                "agent": r.agent,
                "address": r.address,
            }
            for r in rows
            if now - r.last_seen <= SESSION_IDLE
        ]

    def revoke(self, person_id: str, ref: str, actor: str | None) -> str | None:
        """Revoke the person's session called ``ref``; its id (None: no such live session)."""
        with self.engine.begin() as conn:
            row = conn.execute(
                sa.select(SESSIONS.c.id).where(
                    SESSIONS.c.ref == ref,
                    SESSIONS.c.person == person_id,
                    SESSIONS.c.revoked.is_(False),
                )
            ).first()
            if row is None:
                return None
            conn.execute(sa.update(SESSIONS).where(SESSIONS.c.id == row.id).values(revoked=True))
            append(conn, "session_revoked", person_id, actor=actor, ref=ref)
            return str(row.id)

    def log(self, action: str, person: str | None, actor: str | None, **detail: Any) -> None:
        with self.engine.begin() as conn:
            append(conn, action, person, actor=actor, **detail)

    def audit(self, person_id: str) -> list[dict[str, Any]]:
        with self.engine.connect() as conn:
            rows = conn.execute(
                sa.select(AUDIT).where(AUDIT.c.person == person_id).order_by(AUDIT.c.id)
            ).all()
        return [
            {"at": r.at, "actor": r.actor, "action": r.action, "detail": json.loads(r.detail)}
            for r in rows
        ]


def append(
    conn: sa.Connection, action: str, person: str | None, actor: str | None = None, **detail: Any
) -> None:
    """Append to the audit log on an open transaction (other parts of the server call this
    too: an operator's action names the operator as ``actor``)."""
    # raised, not asserted: an unlisted code would be stored with no words for #admin
    if action not in AUDIT_ACTIONS:
        raise ValueError(f"audit action {action!r} is not in AUDIT_ACTIONS")
    if action == "signed_in" and detail.get("how") not in SIGN_IN_WAYS:
        raise ValueError(f"sign-in way {detail.get('how')!r} is not in SIGN_IN_WAYS")
    conn.execute(
        sa.insert(AUDIT).values(
            at=time.time(),
            person=person,
            actor=actor,
            action=action,
            detail=json.dumps(detail, sort_keys=True),
        )
    )


def _open_session(
    conn: sa.Connection, person: Person, agent: str, address: str, now: float
) -> tuple[Session, str]:
    secret = secrets.token_urlsafe(32)
    session = Session(digest(secret), secrets.token_urlsafe(12), person, now)
    conn.execute(
        sa.insert(SESSIONS).values(
            id=session.id,
            ref=session.ref,
            person=person.id,
            created=now,
            last_seen=now,
            agent=agent[:160],
            address=address[:64],
            revoked=False,
        )
    )
    return session, secret


def _person(row: Any) -> Person:
    values: Mapping[str, Any] = row._mapping
    return Person(
        id=str(values["id"]),
        handle=str(values["handle"]),
        display_name=str(values["display_name"]),
        kind=str(values["kind"]),
        created=float(values["created"]),
        suspended=bool(values["suspended"]),
    )
