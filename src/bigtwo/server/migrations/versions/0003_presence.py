"""What lets the lease holder of a room tell who is gone, whichever process they were
connected through: ``presence`` (a seat connected through a process, or when it left it)
and ``holders`` (until when each process is known alive: the seats of a process that stops
renewing count as gone from then). And an index on ``changes.at``, by which old changes are
pruned."""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"


def upgrade() -> None:
    op.create_table(
        "presence",
        sa.Column("room", sa.String(16), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("holder", sa.String(64), primary_key=True),
        sa.Column("since", sa.Float, nullable=False),
        sa.Column("left_at", sa.Float, nullable=True),  # None: still connected
    )
    op.create_table(
        "holders",
        sa.Column("holder", sa.String(64), primary_key=True),
        sa.Column("alive_until", sa.Float, nullable=False),
    )
    op.create_index("changes_at", "changes", ["at"])


def downgrade() -> None:
    op.drop_index("changes_at", "changes")
    op.drop_table("holders")
    op.drop_table("presence")
