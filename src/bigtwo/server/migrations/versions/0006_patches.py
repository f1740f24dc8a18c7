"""A change is stored as the patch from the room's form before it (``changes.patch``), the
room's whole form only now and then (``rooms.data``, at version ``rooms.snap``): the whole
form with every change was 22-24 KB of disk per action. Rooms stored before are snapshots
of their own version (``snap`` = ``seq``) and load as they are. One process stores patches
in ``changes`` too, without the events by audience that only a shared database keeps."""

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"


def upgrade() -> None:
    op.add_column("rooms", sa.Column("snap", sa.Integer, nullable=True))
    op.execute("UPDATE rooms SET snap = seq")
    with op.batch_alter_table("changes") as batch:
        batch.add_column(sa.Column("patch", sa.Text, nullable=True))
        batch.alter_column("events", existing_type=sa.Text, nullable=True)


def downgrade() -> None:
    with op.batch_alter_table("changes") as batch:
        batch.alter_column("events", existing_type=sa.Text, nullable=False)
        batch.drop_column("patch")
    op.drop_column("rooms", "snap")
