"""Alembic's entry point for the register's migrations; run by noticeclerk, not by hand."""

from __future__ import annotations

from alembic import context

from noticeclerk.register.database import make_engine
from noticeclerk.register.models import Base

config = context.config


def run_migrations_online() -> None:
    engine = make_engine(config.get_main_option("sqlalchemy.url"))
    with engine.connect() as connection:
        # SQLite cannot ALTER most things in place; batch mode copies the table instead.
        context.configure(
            connection=connection,
            target_metadata=Base.metadata,
            render_as_batch=connection.dialect.name == "sqlite",
        )
        with context.begin_transaction():
            context.run_migrations()
    engine.dispose()


run_migrations_online()
