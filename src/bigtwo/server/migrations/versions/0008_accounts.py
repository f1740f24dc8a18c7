"""People and how they sign in: ``people`` (guests and accounts), ``sessions`` (server-side,
referenced by a cookie holding a secret whose SHA-256 is the row's key), ``audit`` (an
append-only log), ``passkeys``, ``recovery_codes``, ``passwords`` (used only where an
operator turns them on) and ``challenges`` (a passkey ceremony's, between its two
requests). No room's table changes: a room names the person in a seat inside its form."""

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"


def upgrade() -> None:
    op.create_table(
        "people",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("handle", sa.String(32), nullable=False),
        sa.Column("handle_key", sa.String(32), nullable=False, unique=True),
        sa.Column("display_name", sa.String(64), nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("suspended", sa.Boolean, nullable=False),
    )
    op.create_table(
        "sessions",
        sa.Column("id", sa.String(64), primary_key=True),
        sa.Column("ref", sa.String(24), nullable=False, unique=True),
        sa.Column("person", sa.String(32), nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("last_seen", sa.Float, nullable=False),
        sa.Column("agent", sa.String(160), nullable=False),
        sa.Column("address", sa.String(64), nullable=False),
        sa.Column("revoked", sa.Boolean, nullable=False),
    )
    op.create_index("ix_sessions_person", "sessions", ["person"])
    op.create_table(
        "audit",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("at", sa.Float, nullable=False),
        sa.Column("person", sa.String(32), nullable=True),
        sa.Column("actor", sa.String(32), nullable=True),
        sa.Column("action", sa.String(32), nullable=False),
        sa.Column("detail", sa.Text, nullable=False),
    )
    op.create_index("ix_audit_person", "audit", ["person"])
    op.create_table(
        "passkeys",
        sa.Column("id", sa.String(512), primary_key=True),
        sa.Column("person", sa.String(32), nullable=False),
        sa.Column("public_key", sa.LargeBinary, nullable=False),
        sa.Column("sign_count", sa.BigInteger, nullable=False),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("last_used", sa.Float, nullable=True),
    )
    op.create_index("ix_passkeys_person", "passkeys", ["person"])
    op.create_table(
        "recovery_codes",
        sa.Column("person", sa.String(32), primary_key=True),
        sa.Column("digest", sa.String(64), primary_key=True),
        sa.Column("used", sa.Float, nullable=True),
    )
    op.create_table(
        "passwords",
        sa.Column("person", sa.String(32), primary_key=True),
        sa.Column("hash", sa.String(256), nullable=False),
    )
    op.create_table(
        "challenges",
        sa.Column("session", sa.String(64), primary_key=True),
        sa.Column("purpose", sa.String(16), primary_key=True),
        sa.Column("value", sa.String(128), nullable=False),
        sa.Column("expires", sa.Float, nullable=False),
    )


def downgrade() -> None:
    for table in ("challenges", "passwords", "recovery_codes"):
        op.drop_table(table)
    op.drop_index("ix_passkeys_person", "passkeys")
    op.drop_table("passkeys")
    op.drop_index("ix_audit_person", "audit")
    op.drop_table("audit")
    op.drop_index("ix_sessions_person", "sessions")
    op.drop_table("sessions")
    op.drop_table("people")
