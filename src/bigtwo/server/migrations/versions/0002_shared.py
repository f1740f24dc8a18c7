"""What several processes on one database need: each change's events (as each audience may
see them) under the room's sequence number, so that a process that didn't apply a change can
send it on, and a primary key on (room, seq) that makes a repeated number impossible; and the
leases under which one process at a time runs a room's timers."""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"


def upgrade() -> None:
    op.create_table(
        "changes",
        sa.Column("room", sa.String(16), primary_key=True),
        sa.Column("seq", sa.Integer, primary_key=True),
        sa.Column("events", sa.Text, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_table(
        "leases",
        sa.Column("room", sa.String(16), primary_key=True),
        sa.Column("holder", sa.String(64), nullable=False),
        sa.Column("expires", sa.Float, nullable=False, index=True),
    )


def downgrade() -> None:
    op.drop_table("leases")
    op.drop_table("changes")
