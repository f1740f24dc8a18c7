"""A person's profile, their opt-in to the open dataset, and who is an operator (migration
0009 makes them, with `results.RESULTS`): apart from ``people`` (the accounts' table), so
that what a person chose about themselves is one row that deletion removes whole."""

from __future__ import annotations

import sqlalchemy as sa

meta = sa.MetaData()

PROFILES = sa.Table(
    "profiles",
    meta,
    sa.Column("person", sa.String(32), primary_key=True),
    sa.Column("initials", sa.String(8), nullable=False),
    sa.Column("colour", sa.String(7), nullable=False),  # #rrggbb
    sa.Column("languages", sa.Text, nullable=False),  # JSON: language tags, preferred first
    sa.Column("preset", sa.String(32), nullable=False),
    sa.Column("bot_level", sa.String(16), nullable=False),
    sa.Column("dataset", sa.Float, nullable=True),  # when they gave their games (None: not)
)
OPERATORS = sa.Table(
    "operators",
    meta,
    sa.Column("person", sa.String(32), primary_key=True),
    sa.Column("granted", sa.Float, nullable=False),
)
