"""A person's results (``results``: a row per seated person per finished deal, written with
the deal's record), their profile and dataset opt-in (``profiles``) and the operators
(``operators``). No existing table changes: the deals finished before this migration have
no rows (their records don't say which person sat where)."""

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"


def upgrade() -> None:
    op.create_table(
        "results",
        sa.Column("room", sa.String(16), primary_key=True),
        sa.Column("number", sa.Integer, primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("person", sa.String(32), nullable=False),
        sa.Column("at", sa.Float, nullable=False),
        sa.Column("preset", sa.String(32), nullable=False),
        sa.Column("rules", sa.String(16), nullable=False),
        sa.Column("players", sa.Text, nullable=False),
        sa.Column("points", sa.Integer, nullable=False),
        sa.Column("place", sa.Integer, nullable=False),
        sa.Column("won", sa.Boolean, nullable=False),
        sa.Column("totals", sa.Text, nullable=False),
        sa.Column("ended", sa.Boolean, nullable=False),
    )
    op.create_index("ix_results_person", "results", ["person", "at"])
    op.create_table(
        "profiles",
        sa.Column("person", sa.String(32), primary_key=True),
        sa.Column("initials", sa.String(8), nullable=False),
        sa.Column("colour", sa.String(7), nullable=False),
        sa.Column("languages", sa.Text, nullable=False),
        sa.Column("preset", sa.String(32), nullable=False),
        sa.Column("bot_level", sa.String(16), nullable=False),
        sa.Column("dataset", sa.Float, nullable=True),
    )
    op.create_table(
        "operators",
        sa.Column("person", sa.String(32), primary_key=True),
        sa.Column("granted", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("operators")
    op.drop_table("profiles")
    op.drop_index("ix_results_person", "results")
    op.drop_table("results")
