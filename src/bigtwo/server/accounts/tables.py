"""The tables of people and what they sign in with (migration 0008 makes them; 0010 the
sign-in attempts counted): kept apart
from the rooms' (`store`) so that a room's hot path never touches them, and so that other
parts (a person's history, an operator's tools) read and append to them by name."""

from __future__ import annotations

import sqlalchemy as sa

meta = sa.MetaData()

PEOPLE = sa.Table(
    "people",
    meta,
    sa.Column("id", sa.String(32), primary_key=True),  # never changes: rooms store it
    sa.Column("handle", sa.String(32), nullable=False),  # as its person wrote it
    sa.Column("handle_key", sa.String(32), nullable=False, unique=True),  # lower case
    sa.Column("display_name", sa.String(64), nullable=False, default=""),
    sa.Column("created", sa.Float, nullable=False),
    sa.Column("kind", sa.String(8), nullable=False),  # guest or account
    sa.Column("suspended", sa.Boolean, nullable=False, default=False),
)
SESSIONS = sa.Table(
    "sessions",
    meta,
    sa.Column("id", sa.String(64), primary_key=True),  # SHA-256 of the cookie's secret
    sa.Column("ref", sa.String(24), nullable=False, unique=True),  # named on the devices page
    sa.Column("person", sa.String(32), nullable=False, index=True),
    sa.Column("created", sa.Float, nullable=False),
    sa.Column("last_seen", sa.Float, nullable=False),
    sa.Column("agent", sa.String(160), nullable=False, default=""),  # the browser, shortened
    sa.Column("address", sa.String(64), nullable=False, default=""),
    sa.Column("revoked", sa.Boolean, nullable=False, default=False),
)
AUDIT = sa.Table(  # what happened to whom, and who did it: appended, never changed
    "audit",
    meta,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("at", sa.Float, nullable=False),
    sa.Column("person", sa.String(32), nullable=True, index=True),  # whom it concerns
    sa.Column("actor", sa.String(32), nullable=True),  # who did it (None: the server)
    sa.Column("action", sa.String(32), nullable=False),
    sa.Column("detail", sa.Text, nullable=False, default="{}"),  # JSON
)
PASSKEYS = sa.Table(
    "passkeys",
    meta,
    sa.Column("id", sa.String(512), primary_key=True),  # the credential id, base64url
    sa.Column("person", sa.String(32), nullable=False, index=True),
    sa.Column("public_key", sa.LargeBinary, nullable=False),  # COSE
    sa.Column("sign_count", sa.BigInteger, nullable=False),
    sa.Column("name", sa.String(64), nullable=False),
    sa.Column("created", sa.Float, nullable=False),
    sa.Column("last_used", sa.Float, nullable=True),
)
RECOVERY = sa.Table(  # one-time codes, as digests; ``used`` once spent
    "recovery_codes",
    meta,
    sa.Column("person", sa.String(32), primary_key=True),
    sa.Column("digest", sa.String(64), primary_key=True),
    sa.Column("used", sa.Float, nullable=True),
)
PASSWORDS = sa.Table(  # only where an operator turned passwords on: argon2id hashes
    "passwords",
    meta,
    sa.Column("person", sa.String(32), primary_key=True),
    sa.Column("hash", sa.String(256), nullable=False),
)
CHALLENGES = sa.Table(  # a passkey ceremony's challenge, kept between its two requests
    "challenges",
    meta,
    sa.Column("session", sa.String(64), primary_key=True),
    sa.Column("purpose", sa.String(16), primary_key=True),  # register or sign_in
    sa.Column("value", sa.String(128), nullable=False),  # base64url
    sa.Column("expires", sa.Float, nullable=False),
)
ATTEMPTS = sa.Table(  # sign-in attempts within the limits' windows (`limits`)
    "signin_attempts",
    meta,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("key", sa.String(64), nullable=False),  # SHA-256 of what it counts against
    sa.Column("at", sa.Float, nullable=False),  # the wall clock's seconds
    sa.Index("ix_signin_attempts_key", "key", "at"),
    sa.Index("ix_signin_attempts_at", "at"),
)
