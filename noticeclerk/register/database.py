"""A register URL or workspace folder, turned into an engine at the current migration.

SQLite (the default, a file in the workspace) runs with foreign keys on, WAL, synchronous=FULL
and a busy timeout. A unit of work that writes begins IMMEDIATE, so two clerks issuing at once
queue for the write lock instead of failing halfway; one that only reads begins a plain
deferred transaction, which WAL lets run while another command writes. Any other SQLAlchemy
URL works through `--db` or NOTICECLERK_DB. A database older than this program is never
migrated silently, and a damaged one, a busy one or a server that cannot be reached is told
in one sentence, never a traceback.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Connection, Engine, create_engine, event, inspect
from sqlalchemy.engine import URL, ExceptionContext, make_url
from sqlalchemy.exc import ArgumentError, NoSuchModuleError
from sqlalchemy.orm import Session, sessionmaker

from noticeclerk.exceptions import NoticeclerkError, first_line
from noticeclerk.register.guard import GuardedSession

DATABASE_FILE = "noticeclerk.db"
MIGRATIONS = Path(__file__).resolve().parent / "migrations"
# How long a command that writes waits for another one's write to finish before it gives up
# and says so; read when an engine is made, so a test can shorten it.
BUSY_TIMEOUT_MS = 30_000
# The execution option that makes a transaction a reader's (a deferred BEGIN on SQLite).
_READING = "noticeclerk_reading"
# A table every register has had since its first migration.
_REGISTER_TABLE = "cases"


class RegisterError(NoticeclerkError):
    """The register is missing, damaged, busy, unreachable, older than this program or newer."""


class RegisterBusy(RegisterError):
    """Another command held the register's write lock for longer than this one would wait."""


def register_url(workspace: Path | None, db: str | None) -> str:
    """--db wins; else the workspace's (or the current folder's) noticeclerk.db."""
    if db:
        return db
    return f"sqlite:///{(Path(workspace or '.') / DATABASE_FILE).resolve()}"


def shown_url(url: str | URL) -> str:
    """A register URL as it may be printed: never with the password it may carry."""
    try:
        return make_url(url).render_as_string(hide_password=True)
    except (ArgumentError, ValueError):
        # A URL SQLAlchemy cannot parse still must not print its password.
        return re.sub(r"(://[^:/@]*:)[^@]*@", r"\1***@", str(url))


def location(url: str | URL) -> str:
    """Where the register is, in words for the clerk: its file, or its server and database."""
    text = str(url) if isinstance(url, URL) else url
    if text.startswith("sqlite:///"):
        return text.removeprefix("sqlite:///")
    return shown_url(url)


def make_engine(url: str) -> Engine:
    """An engine with the register's SQLite settings; other databases as they come. Every
    error it raises on the way (busy, not a database, no server) is one sentence."""
    try:
        if url.startswith("sqlite"):
            engine = create_engine(url, connect_args={"timeout": BUSY_TIMEOUT_MS / 1000})
        else:
            engine = create_engine(url)
    except (ArgumentError, NoSuchModuleError, ValueError, ImportError) as error:
        raise RegisterError(
            f"The register URL {shown_url(url)} cannot be used ({first_line(error)}); give --db "
            "(or NOTICECLERK_DB) a URL such as sqlite:////path/to/noticeclerk.db or "
            "postgresql+psycopg://user@host/database."
        ) from None
    event.listen(engine, "handle_error", _one_sentence)
    if engine.dialect.name != "sqlite":
        return engine
    busy_timeout = BUSY_TIMEOUT_MS

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection, _record):  # type: ignore[no-untyped-def]
        # pysqlite's own BEGIN would be deferred; the "begin" hook below says which BEGIN.
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        cursor.execute(f"PRAGMA busy_timeout={busy_timeout}")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=FULL")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _on_begin(connection: Connection) -> None:
        reading = connection.get_execution_options().get(_READING, False)
        connection.exec_driver_sql("BEGIN" if reading else "BEGIN IMMEDIATE")

    return engine


def _one_sentence(context: ExceptionContext) -> None:
    """A database error a clerk can cause or meet, told in one sentence instead of a traceback;
    anything else keeps its traceback (it is a bug)."""
    original = context.original_exception
    words = str(original).lower()
    engine = context.engine
    where = location(engine.url) if engine is not None else "the register"
    if "database is locked" in words or "database is busy" in words:
        raise RegisterBusy(
            f"Another command is writing to the register {where}, and it did not finish within "
            f"{BUSY_TIMEOUT_MS / 1000:g} seconds; run this command again when it has."
        ) from None
    if "file is not a database" in words or "file is encrypted" in words:
        raise RegisterError(
            f"{where} is not a noticeclerk register (it is not a SQLite database); give --db the "
            "register's file, or restore the register from its backup."
        ) from None
    if "malformed" in words:
        raise RegisterError(
            f"The register {where} is damaged ({first_line(original)}); restore it from its backup."
        ) from None
    if (context.connection is None and not context.is_disconnect) or _refused(words):
        if context.dialect.name == "sqlite":
            raise RegisterError(
                f"Could not open the register {where} ({first_line(original)}); check that its "
                "folder exists and that you may read and write the file."
            ) from None
        raise RegisterError(
            f"Could not connect to the register at {where} ({first_line(original)}); check that "
            "its database server is running and that --db (or NOTICECLERK_DB) names it."
        ) from None


def _refused(words: str) -> bool:
    return "connection refused" in words or "could not connect" in words


def alembic_config(url: str) -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    return config


def _scripts() -> ScriptDirectory:
    return ScriptDirectory.from_config(alembic_config("sqlite://"))


def head_revision() -> str:
    head = _scripts().get_current_head()
    assert head is not None
    return head


def current_revision(engine: Engine) -> str | None:
    """The register's migration, or None for an empty database; a database that is damaged, or
    was made by a noticeclerk newer than this one, is refused in one sentence."""
    where = location(engine.url)
    with engine.connect() as connection:
        connection = connection.execution_options(**{_READING: True})
        heads = MigrationContext.configure(connection).get_current_heads()
        has_tables = inspect(connection).has_table(_REGISTER_TABLE)
    if len(heads) > 1:
        raise RegisterError(
            f"The register {where} records {len(heads)} migrations at once "
            f"({', '.join(sorted(heads))}) in its alembic_version table, so it cannot be told "
            "which it is at; restore the register from its backup."
        )
    if not heads:
        if has_tables:
            raise RegisterError(
                f"{where} holds a register's tables but no record of its migration (its "
                "alembic_version table is missing or empty), so it cannot be checked or "
                "upgraded; restore the register from its backup."
            )
        return None
    known = {script.revision for script in _scripts().walk_revisions()}
    if heads[0] not in known:
        raise RegisterError(
            f"The register {where} is at migration {heads[0]}, which this noticeclerk does not "
            "know (a newer noticeclerk made it); use the noticeclerk that made it, or restore "
            "the register from its backup."
        )
    return heads[0]


def upgrade(url: str, store_folder: Path | None = None) -> tuple[str | None, str]:
    """Migrate a register forward to this program's migration; returns (before, after).

    `store_folder` is where the workspace keeps its frozen files (the archive's folder), for
    the migration that moves them out of the database; without it, a SQLite register's own
    workspace (or the current folder's) is used."""
    engine = make_engine(url)
    try:
        before = current_revision(engine)  # a damaged or newer register is refused first
    finally:
        engine.dispose()
    config = alembic_config(url)
    if store_folder is not None:
        config.attributes["store_folder"] = store_folder
    command.upgrade(config, "head")
    return before, head_revision()


def require_register_file(url: str) -> None:
    """Refuse a SQLite register whose file is not there, rather than make an empty one."""
    if url.startswith("sqlite:///") and not Path(url.removeprefix("sqlite:///")).exists():
        raise RegisterError(
            f"There is no register at {url.removeprefix('sqlite:///')}; "
            "create one with 'noticeclerk init', or give --db."
        )


def open_register(url: str) -> Engine:
    """An engine on a register that is exactly at this program's migration."""
    require_register_file(url)
    engine = make_engine(url)
    try:
        current, head = current_revision(engine), head_revision()
    except BaseException:
        engine.dispose()
        raise
    if current != head:
        engine.dispose()
        if current is None:
            raise RegisterError(
                f"{location(url)} is not a noticeclerk register; create one with "
                "'noticeclerk init'."
            )
        raise RegisterError(
            f"The register is at migration {current} and this noticeclerk needs {head}; "
            "back it up, then run 'noticeclerk db upgrade'."
        )
    return engine


@contextmanager
def transaction(engine: Engine) -> Iterator[Session]:
    """One unit of work that writes: all of it is written, or none of it."""
    session = sessionmaker(engine, class_=GuardedSession, expire_on_commit=False)()
    try:
        with session.begin():
            yield session
    finally:
        session.close()


class ReadingSession(Session):
    """A session that only reads: it never takes the register's write lock."""


@event.listens_for(ReadingSession, "before_flush")
def _refuse_writing(session: Session, _context: Any, _instances: Any) -> None:
    # A bug, not a clerk's mistake: work that writes belongs in transaction().
    raise RuntimeError("A reading transaction tried to write to the register.")


@contextmanager
def reading(engine: Engine) -> Iterator[Session]:
    """Work that only reads, in one consistent snapshot of the register that takes no write
    lock, so it runs while another command writes."""
    session = sessionmaker(
        engine.execution_options(**{_READING: True}), class_=ReadingSession, expire_on_commit=False
    )()
    try:
        yield session  # it begins at its first query, and closing it ends it: nothing to commit
    finally:
        session.close()
