"""A change is one row: its patch, and the action that made it (``changes.seat``,
``changes.action``), so that storing a change in play writes that row and nothing else
(SQLite wrote whole pages to its WAL for the room's row, the change, its two indexes and
the action: 30-35 KB of disk per action). ``actions`` stays as it was (an older version
sharing a PostgreSQL database still writes it) and is written no more. On SQLite the index
on ``changes.at`` goes: only a shared database prunes by it."""

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"


def upgrade() -> None:
    op.add_column("changes", sa.Column("seat", sa.Integer, nullable=True))
    op.add_column("changes", sa.Column("action", sa.Text, nullable=True))
    if op.get_bind().dialect.name == "sqlite":
        op.drop_index("changes_at", "changes")


def downgrade() -> None:
    if op.get_bind().dialect.name == "sqlite":
        op.create_index("changes_at", "changes", ["at"])
    with op.batch_alter_table("changes") as batch:
        batch.drop_column("action")
        batch.drop_column("seat")
