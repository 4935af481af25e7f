"""A register that is busy, damaged, foreign or unreachable, and a --db URL with a password:
each told in one sentence, exit status 1, never a traceback and never the password."""

from __future__ import annotations

import socket
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest
from clerk import PALMYRA_HOUSE_NUMBERING, Clerk, clerk_at
from click.testing import CliRunner, Result

from noticeclerk.cli import cli
from noticeclerk.register import database

# The register's newest migration, which a new register records.
HEAD = sorted(
    path.name.split("_")[0]
    for path in (Path(__file__).parent.parent / "noticeclerk/register/migrations/versions").glob(
        "0*.py"
    )
)[-1]


def one_sentence(result: Result) -> str:
    """The error a command ended with, checked to be one line and no traceback."""
    assert result.exit_code == 1, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: "), result.output
    return lines[0]


@pytest.fixture
def clerk(tmp_path: Path, runner: CliRunner) -> Clerk:
    return clerk_at(tmp_path, runner, "palmyra")


@pytest.fixture
def held_write_lock(clerk: Clerk) -> Iterator[sqlite3.Connection]:
    """Another command in the middle of a long write: the register's write lock, held."""
    other = sqlite3.connect(clerk.office / "noticeclerk.db", isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    other.execute("UPDATE parcels SET property_address = property_address")
    yield other
    other.execute("ROLLBACK")
    other.close()


@pytest.fixture
def short_wait(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(database, "BUSY_TIMEOUT_MS", 200)


def test_reading_commands_run_while_another_command_writes(clerk, held_write_lock, short_wait):
    exported = clerk("roll", "export", "--village", "palmyra")
    assert "PV-0417" in exported.output
    assert clerk("due").output.strip() == "Nothing is due."
    assert clerk("case", "list").exit_code == 0
    assert clerk("permits", "--village", "palmyra").exit_code == 0
    assert clerk("verify").exit_code == 0


def test_a_writing_command_waits_then_says_another_command_is_writing(
    clerk, held_write_lock, short_wait
):
    error = one_sentence(clerk(*PALMYRA_HOUSE_NUMBERING, ok=False))
    assert "Another command is writing to the register" in error
    assert "0.2 seconds" in error


def test_the_writing_command_succeeds_once_the_other_has_finished(
    clerk, held_write_lock, short_wait
):
    one_sentence(clerk(*PALMYRA_HOUSE_NUMBERING, ok=False))
    held_write_lock.execute("COMMIT")
    held_write_lock.execute("BEGIN")  # the fixture's teardown rolls this back
    assert "Opened case" in clerk(*PALMYRA_HOUSE_NUMBERING).output


def _alter(path: Path, *statements: str) -> None:
    with sqlite3.connect(path) as connection:
        for statement in statements:
            connection.execute(statement)


def test_a_register_at_a_migration_this_program_does_not_know_is_told(clerk):
    _alter(clerk.office / "noticeclerk.db", "UPDATE alembic_version SET version_num = 'zz99'")
    for command in (("db", "upgrade"), ("due",), ("init", str(clerk.office))):
        error = one_sentence(clerk(*command, ok=False))
        assert "migration zz99, which this noticeclerk does not know" in error, command


def test_a_register_without_its_migration_record_is_not_taken_for_an_empty_one(clerk):
    _alter(clerk.office / "noticeclerk.db", "DROP TABLE alembic_version")
    for command in (("init", str(clerk.office)), ("db", "upgrade"), ("due",)):
        error = one_sentence(clerk(*command, ok=False))
        assert "no record of its migration" in error and "restore the register" in error, command


def test_a_register_recording_two_migrations_is_told(clerk):
    _alter(clerk.office / "noticeclerk.db", "INSERT INTO alembic_version VALUES ('0001')")
    for command in (("db", "upgrade"), ("due",)):
        error = one_sentence(clerk(*command, ok=False))
        assert f"records 2 migrations at once (0001, {HEAD})" in error, command


def test_a_file_that_is_not_a_database_is_told(tmp_path, runner):
    office = tmp_path / "office"
    office.mkdir()
    (office / "noticeclerk.db").write_text("These are the minutes of the March meeting.\n" * 50)
    for command in (("init", str(office)), ("db", "upgrade"), ("due",), ("case", "list")):
        result = runner.invoke(cli, ["--workspace", str(office), *command])
        error = one_sentence(result)
        assert "is not a noticeclerk register (it is not a SQLite database)" in error, command
    assert (office / "noticeclerk.db").read_text().startswith("These are the minutes")


def _unused_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.mark.parametrize("command", [("due",), ("init", "office"), ("db", "upgrade")])
def test_a_server_that_refuses_the_connection_is_told_without_the_password(
    tmp_path, runner, monkeypatch, command
):
    pytest.importorskip("psycopg")
    monkeypatch.chdir(tmp_path)
    url = f"postgresql+psycopg://clerk:s3cret-word@127.0.0.1:{_unused_port()}/register"
    error = one_sentence(runner.invoke(cli, ["--db", url, *command]))
    assert "Could not connect to the register" in error and "Connection refused" in error
    assert "s3cret-word" not in error and "clerk:***@127.0.0.1" in error


@pytest.mark.parametrize(
    "url",
    [
        "postgresql+psycopg://clerk:s3cret-word@127.0.0.1:port/register",
        "nosuchdb://clerk:s3cret-word@host/register",
        "postgresql+nosuchdriver://clerk:s3cret-word@host/register",
    ],
)
def test_a_url_that_cannot_be_used_is_told_without_the_password(tmp_path, runner, url):
    error = one_sentence(runner.invoke(cli, ["--db", url, "due"]))
    assert "cannot be used" in error and "s3cret-word" not in error


def test_a_database_that_is_no_register_is_named_by_its_file_not_its_url(tmp_path, runner):
    (tmp_path / "empty.db").touch()
    error = one_sentence(runner.invoke(cli, ["--db", f"sqlite:///{tmp_path}/empty.db", "due"]))
    assert error == (
        f"Error: {tmp_path}/empty.db is not a noticeclerk register; create one with "
        "'noticeclerk init'."
    )


def test_shown_urls_never_carry_the_password():
    assert database.shown_url("postgresql://clerk:secret@host/db") == (
        "postgresql://clerk:***@host/db"
    )
    assert "secret" not in database.shown_url("postgresql://clerk:secret@host:notaport/db")
    assert database.location("sqlite:////srv/office/noticeclerk.db") == (
        "/srv/office/noticeclerk.db"
    )


def test_a_damaged_register_file_is_told(clerk):
    path = clerk.office / "noticeclerk.db"
    clerk("due")  # checkpointed: the schema is in the file itself
    data = bytearray(path.read_bytes())
    data[120:4096] = b"Z" * (4096 - 120)  # the schema's page, past the file's header
    path.write_bytes(bytes(data))
    error = one_sentence(clerk("due", ok=False))
    assert "is damaged (database disk image is malformed); restore it from its backup" in error


def test_db_upgrade_where_there_is_no_register_does_not_make_one(tmp_path, runner):
    result = runner.invoke(cli, ["--workspace", str(tmp_path), "db", "upgrade"])
    assert "There is no register at" in one_sentence(result)
    assert not (tmp_path / "noticeclerk.db").exists()


def test_init_under_a_file_is_one_sentence(tmp_path, runner):
    (tmp_path / "notes.txt").write_text("not a folder")
    result = runner.invoke(cli, ["init", str(tmp_path / "notes.txt" / "office")])
    assert "part of its path is a file, not a folder" in one_sentence(result)


def test_a_sqlite_register_whose_folder_is_missing_is_told(tmp_path, runner):
    url = f"sqlite:///{tmp_path}/no-such-folder/noticeclerk.db"
    result = runner.invoke(cli, ["--db", url, "init", str(tmp_path / "office")])
    assert "Could not open the register" in one_sentence(result)
