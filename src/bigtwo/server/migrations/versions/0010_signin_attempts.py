"""Sign-in attempts (``signin_attempts``): counted in the database rather than in each
process's memory, so that every process of one database holds the same limits. No existing
table changes; the counts start empty (those a process held in memory are not carried)."""

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"


def upgrade() -> None:
    op.create_table(
        "signin_attempts",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("key", sa.String(64), nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_index("ix_signin_attempts_key", "signin_attempts", ["key", "at"])
    op.create_index("ix_signin_attempts_at", "signin_attempts", ["at"])


def downgrade() -> None:
    op.drop_index("ix_signin_attempts_at", "signin_attempts")
    op.drop_index("ix_signin_attempts_key", "signin_attempts")
    op.drop_table("signin_attempts")
