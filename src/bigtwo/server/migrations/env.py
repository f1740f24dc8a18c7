"""Alembic's entry: migrations run on the connection the store hands over (no ini file)."""

from alembic import context

context.configure(connection=context.config.attributes["connection"], render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
