"""A register URL or workspace folder, turned into an engine at the current migration.

SQLite (the default, a file in the workspace) runs with foreign keys on, WAL, synchronous=FULL
and a busy timeout, and every transaction begins IMMEDIATE, so two clerks issuing at once
queue for the write lock instead of failing halfway. Any other SQLAlchemy URL works through
`--db` or NOTICECLERK_DB. A database older than this program is never migrated silently.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Engine, create_engine, event
from sqlalchemy.orm import Session, sessionmaker

from noticeclerk.exceptions import NoticeclerkError
from noticeclerk.register.guard import GuardedSession

DATABASE_FILE = "noticeclerk.db"
MIGRATIONS = Path(__file__).resolve().parent / "migrations"
BUSY_TIMEOUT_MS = 30_000


class RegisterError(NoticeclerkError):
    """The register is missing, older than this program, or newer than it."""


def register_url(workspace: Path | None, db: str | None) -> str:
    """--db wins; else the workspace's (or the current folder's) noticeclerk.db."""
    if db:
        return db
    return f"sqlite:///{(Path(workspace or '.') / DATABASE_FILE).resolve()}"


def make_engine(url: str) -> Engine:
    """An engine with the register's SQLite settings; other databases as they come."""
    if not url.startswith("sqlite"):
        return create_engine(url)
    engine = create_engine(url, connect_args={"timeout": BUSY_TIMEOUT_MS / 1000})

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection, _record):  # type: ignore[no-untyped-def]
        # pysqlite's own BEGIN would be deferred; the "begin" hook below emits IMMEDIATE.
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=FULL")
        cursor.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _on_begin(connection):  # type: ignore[no-untyped-def]
        connection.exec_driver_sql("BEGIN IMMEDIATE")

    return engine


def alembic_config(url: str) -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    return config


def head_revision() -> str:
    head = ScriptDirectory.from_config(alembic_config("sqlite://")).get_current_head()
    assert head is not None
    return head


def current_revision(engine: Engine) -> str | None:
    with engine.connect() as connection:
        return MigrationContext.configure(connection).get_current_revision()


def upgrade(url: str) -> tuple[str | None, str]:
    """Migrate a register forward to this program's migration; returns (before, after)."""
    engine = make_engine(url)
    before = current_revision(engine)
    engine.dispose()
    command.upgrade(alembic_config(url), "head")
    return before, head_revision()


def open_register(url: str) -> Engine:
    """An engine on a register that is exactly at this program's migration."""
    if url.startswith("sqlite:///") and not Path(url.removeprefix("sqlite:///")).exists():
        raise RegisterError(
            f"There is no register at {url.removeprefix('sqlite:///')}; "
            "create one with 'noticeclerk init', or give --db."
        )
    engine = make_engine(url)
    current, head = current_revision(engine), head_revision()
    if current != head:
        engine.dispose()
        if current is None:
            raise RegisterError(
                f"{url} is not a noticeclerk register; create one with 'noticeclerk init'."
            )
        raise RegisterError(
            f"The register is at migration {current} and this noticeclerk needs {head}; "
            "back it up, then run 'noticeclerk db upgrade'."
        )
    return engine


@contextmanager
def transaction(engine: Engine) -> Iterator[Session]:
    """One unit of work: all of it is written, or none of it."""
    session = sessionmaker(engine, class_=GuardedSession, expire_on_commit=False)()
    try:
        with session.begin():
            yield session
    finally:
        session.close()
