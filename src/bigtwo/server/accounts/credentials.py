"""What an account signs in with, read and written: passkeys (public keys and their
signature counters), one-time recovery codes (as SHA-256 digests: each is 60 random bits,
so a fast digest is enough), argon2id password hashes (only where an operator turned
passwords on) and the challenge of a passkey ceremony between its two requests."""

from __future__ import annotations

import secrets
import time
from typing import Any

import sqlalchemy as sa

from .directory import append, digest
from .people import RANDOM_LETTERS
from .tables import CHALLENGES, PASSKEYS, PASSWORDS, PEOPLE, RECOVERY

CHALLENGE_SECONDS = 300.0
RECOVERY_CODES = 10


def recovery_code() -> str:
    """``xxxx-xxxx-xxxx``: 12 of 31 letters and digits, about 59 bits."""
    letters = "".join(secrets.choice(RANDOM_LETTERS) for _ in range(12))
    return "-".join(letters[i : i + 4] for i in range(0, 12, 4))


def normal_code(code: str) -> str:
    """A code as typed, without case, spaces or dashes."""
    return "".join(c for c in code.lower() if c.isalnum())


class Credentials:
    def __init__(self, engine: sa.Engine) -> None:
        self.engine = engine

    # -- challenges ----------------------------------------------------------------------------
    def put_challenge(self, session: str, purpose: str, value: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(
                sa.delete(CHALLENGES).where(
                    CHALLENGES.c.session == session, CHALLENGES.c.purpose == purpose
                )
            )
            conn.execute(
                sa.insert(CHALLENGES).values(
                    session=session,
                    purpose=purpose,
                    value=value,
                    expires=time.time() + CHALLENGE_SECONDS,
                )
            )

    def take_challenge(self, session: str, purpose: str) -> str | None:
        """The ceremony's challenge, used up (None: none, or expired)."""
        where = (CHALLENGES.c.session == session, CHALLENGES.c.purpose == purpose)
        with self.engine.begin() as conn:
            row = conn.execute(sa.select(CHALLENGES).where(*where)).first()
            conn.execute(sa.delete(CHALLENGES).where(*where))
        return None if row is None or row.expires < time.time() else str(row.value)

    # -- passkeys ------------------------------------------------------------------------------
    def add_passkey(
        self, person: str, credential: str, key: bytes, count: int, name: str
    ) -> dict[str, Any]:
        """Store a new passkey; a guest becomes an account by it (the same person)."""
        now = time.time()
        with self.engine.begin() as conn:
            conn.execute(
                sa.insert(PASSKEYS).values(
                    id=credential,
                    person=person,
                    public_key=key,
                    sign_count=count,
                    name=name,
                    created=now,
                    last_used=None,
                )
            )
            claimed = _claim(conn, person)
            append(conn, "passkey_added", person, actor=person, name=name, claimed=claimed)
        return {"id": credential, "name": name, "created": now, "last_used": None}

    def passkey(self, credential: str) -> Any:
        with self.engine.connect() as conn:
            return conn.execute(sa.select(PASSKEYS).where(PASSKEYS.c.id == credential)).first()

    def passkeys(self, person: str) -> list[dict[str, Any]]:
        with self.engine.connect() as conn:
            rows = conn.execute(
                sa.select(PASSKEYS).where(PASSKEYS.c.person == person).order_by(PASSKEYS.c.created)
            ).all()
        return [
            {"id": r.id, "name": r.name, "created": r.created, "last_used": r.last_used}
            for r in rows
        ]

    def used_passkey(self, credential: str, count: int) -> None:
        with self.engine.begin() as conn:
            conn.execute(
                sa.update(PASSKEYS)
                .where(PASSKEYS.c.id == credential)
                .values(sign_count=count, last_used=time.time())
            )

    def remove_passkey(self, person: str, credential: str) -> str | None:
        """Remove one of the person's passkeys; why not (``no_passkey``, ``last_passkey``)."""
        with self.engine.begin() as conn:
            ids = [
                r.id
                for r in conn.execute(sa.select(PASSKEYS.c.id).where(PASSKEYS.c.person == person))
            ]
            if credential not in ids:
                return "no_passkey"
            if len(ids) == 1 and not _has_password(conn, person):
                return "last_passkey"
            conn.execute(sa.delete(PASSKEYS).where(PASSKEYS.c.id == credential))
            append(conn, "passkey_removed", person, actor=person)
        return None

    # -- recovery codes ------------------------------------------------------------------------
    def new_recovery_codes(self, person: str) -> list[str]:
        """A new set of codes (the old ones go); only their digests are kept."""
        codes = [recovery_code() for _ in range(RECOVERY_CODES)]
        with self.engine.begin() as conn:
            conn.execute(sa.delete(RECOVERY).where(RECOVERY.c.person == person))
            conn.execute(
                sa.insert(RECOVERY),
                [{"person": person, "digest": digest(normal_code(c)), "used": None} for c in codes],
            )
            append(conn, "recovery_codes_made", person, actor=person)
        return codes

    def recovery_left(self, person: str) -> int:
        with self.engine.connect() as conn:
            found = conn.execute(
                sa.select(sa.func.count())
                .select_from(RECOVERY)
                .where(RECOVERY.c.person == person, RECOVERY.c.used.is_(None))
            ).scalar()
        return int(found or 0)

    def use_recovery_code(self, person: str, code: str) -> bool:
        """Spend ``code`` of the person's; False where it isn't one, or was spent."""
        with self.engine.begin() as conn:
            spent = conn.execute(
                sa.update(RECOVERY)
                .where(
                    RECOVERY.c.person == person,
                    RECOVERY.c.digest == digest(normal_code(code)),
                    RECOVERY.c.used.is_(None),
                )
                .values(used=time.time())
            ).rowcount
            if spent:
                append(conn, "recovery_code_used", person, actor=person)
        return bool(spent)

    # -- passwords -----------------------------------------------------------------------------
    def password_hash(self, person: str) -> str | None:
        with self.engine.connect() as conn:
            found = conn.execute(
                sa.select(PASSWORDS.c.hash).where(PASSWORDS.c.person == person)
            ).scalar()
        return None if found is None else str(found)

    def set_password(self, person: str, hashed: str, why: str = "password_set") -> None:
        with self.engine.begin() as conn:
            conn.execute(sa.delete(PASSWORDS).where(PASSWORDS.c.person == person))
            conn.execute(sa.insert(PASSWORDS).values(person=person, hash=hashed))
            claimed = _claim(conn, person)
            append(conn, why, person, actor=person, claimed=claimed)


def _claim(conn: sa.Connection, person: str) -> bool:
    """A guest becomes an account (same id: its games stay its own); whether it was one."""
    updated = conn.execute(
        sa.update(PEOPLE)
        .where(PEOPLE.c.id == person, PEOPLE.c.kind == "guest")
        .values(kind="account")
    ).rowcount
    return bool(updated)


def _has_password(conn: sa.Connection, person: str) -> bool:
    found = conn.execute(sa.select(PASSWORDS.c.person).where(PASSWORDS.c.person == person))
    return found.first() is not None
