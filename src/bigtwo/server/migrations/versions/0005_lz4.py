"""On PostgreSQL, the columns written with every action (a room's whole state, a change's
events, a deal's record: kilobytes of JSON, compressed when stored out of line) are
compressed with lz4 rather than the default pglz, which costs the database about a tenth
less CPU per action (benchmarks/server.py, 2,000 tables). Only where the server was built
with lz4; rows already stored keep their compression. Nothing to do on SQLite."""

from alembic import op

revision = "0005"
down_revision = "0004"
COLUMNS = (("rooms", "data"), ("changes", "events"), ("records", "body"))


def _set(method: str) -> None:
    bind = op.get_bind()
    if bind.dialect.name != "postgresql":
        return
    offered = bind.exec_driver_sql(
        "SELECT enumvals FROM pg_settings WHERE name = 'default_toast_compression'"
    ).scalar()
    if method not in (offered or []):
        return
    for table, column in COLUMNS:
        op.execute(f"ALTER TABLE {table} ALTER COLUMN {column} SET COMPRESSION {method}")


def upgrade() -> None:
    _set("lz4")


def downgrade() -> None:
    _set("pglz")
