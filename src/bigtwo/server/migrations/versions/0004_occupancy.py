"""What lets the lease holder of a room tell that nobody is in it, whichever process people
connect through: ``occupancy``, a row per room and process, saying that some connection
of that process (a seat's or a spectator's) is in the room, or when the last one left. The
seats' ``presence`` can't say it: spectators have no seat, and a seat's rows go once a
bot has been put in for it."""

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"


def upgrade() -> None:
    op.create_table(
        "occupancy",
        sa.Column("room", sa.String(16), primary_key=True),
        sa.Column("holder", sa.String(64), primary_key=True),
        sa.Column("left_at", sa.Float, nullable=True),  # None: someone is in through it
    )


def downgrade() -> None:
    op.drop_table("occupancy")
