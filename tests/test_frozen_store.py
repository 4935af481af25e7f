"""Issued files kept in the workspace's store, not the database: named, checked, migrated."""

from __future__ import annotations

import hashlib
import sqlite3
import stat

import pytest
from alembic import command
from clerk import PALMYRA_HOUSE_NUMBERING, clerk_at, issued_number
from frozen_store import alter_stored, delete_stored, sha256_of, store_of
from sqlalchemy import LargeBinary, create_engine, inspect

from noticeclerk.register.database import alembic_config, head_revision, register_url, upgrade
from noticeclerk.register.frozen import DOCX_TYPE, PDF_TYPE
from noticeclerk.store.folder import FolderStore

TAMPERED = "no longer matches the SHA-256 recorded when it was issued"


@pytest.fixture
def clerk(tmp_path, runner):
    return clerk_at(tmp_path, runner, "palmyra")


def issue_house_numbering(clerk, out) -> str:
    output = clerk(*PALMYRA_HOUSE_NUMBERING).output
    case = output.split("Opened case ")[1].rstrip(".\n")
    return issued_number(clerk("issue", case, "--date", "2026-11-30", "--out", str(out)))


def rows(clerk, query: str, *params: object) -> list[tuple]:
    with sqlite3.connect(clerk.office / "noticeclerk.db") as database:
        return database.execute(query, params).fetchall()


def test_issued_files_are_in_the_store_and_the_register_keeps_their_hash_size_and_type(
    clerk, tmp_path
):
    numbers = [issue_house_numbering(clerk, tmp_path / "copies") for _ in range(3)]
    engine = create_engine(register_url(clerk.office, None))
    for table in ("documents", "proofs"):
        columns = inspect(engine).get_columns(table)
        assert not [c["name"] for c in columns if isinstance(c["type"], LargeBinary)], table
    engine.dispose()
    store = store_of(clerk.office)
    for number in numbers:
        ((pdf_sha, pdf_size, pdf_type, docx_sha, docx_size, docx_type),) = rows(
            clerk,
            "SELECT pdf_sha256, pdf_size, pdf_type, docx_sha256, docx_size, docx_type "
            "FROM documents WHERE number = ?",
            number,
        )
        pdf, docx = store.read(pdf_sha), store.read(docx_sha)
        assert (len(pdf), pdf_type) == (pdf_size, PDF_TYPE) and pdf.startswith(b"%PDF")
        assert (len(docx), docx_type) == (docx_size, DOCX_TYPE) and docx.startswith(b"PK")


def register_size(clerk) -> int:
    with sqlite3.connect(clerk.office / "noticeclerk.db") as database:
        database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    with sqlite3.connect(clerk.office / "noticeclerk.db", isolation_level=None) as database:
        database.execute("VACUUM")
    return (clerk.office / "noticeclerk.db").stat().st_size


def test_a_document_adds_a_few_kilobytes_to_the_register_not_its_files(clerk, tmp_path):
    issue_house_numbering(clerk, tmp_path / "copies")
    one = register_size(clerk)
    for _ in range(4):
        issue_house_numbering(clerk, tmp_path / "copies")
    per_document = (register_size(clerk) - one) / 4
    files = sum(p.stat().st_size for p in (clerk.office / "archive").rglob("*") if p.is_file())
    assert files / 5 > 40_000  # each document's PDF and DOCX, in the store
    assert per_document < 10_000, per_document


def test_a_document_comes_back_byte_for_byte_from_the_store(clerk, tmp_path):
    number = issue_house_numbering(clerk, tmp_path / "copies")
    clerk("document", "export", number, "--out", str(tmp_path / "exported"))
    (exported,) = (tmp_path / "exported").rglob(f"{number}.pdf")
    assert hashlib.sha256(exported.read_bytes()).hexdigest() == sha256_of(clerk.office, number)


def test_a_frozen_file_altered_in_the_store_is_named_by_its_readers_and_by_both_verifies(
    clerk, tmp_path
):
    number = issue_house_numbering(clerk, tmp_path / "copies")
    alter_stored(clerk.office, number, "docx")
    refused = clerk("document", "export", number, "--out", str(tmp_path / "x"), ok=False)
    assert f"The register's DOCX of {number} {TAMPERED}" in refused.output
    assert not (tmp_path / "x").exists() or not list((tmp_path / "x").rglob("*.docx"))
    assert f"Document {number}: its DOCX {TAMPERED}" in clerk("verify", ok=False).output
    archive = clerk("archive", "verify", ok=False).output
    assert f"Document {number}: its issued DOCX was modified after it was issued" in archive
    assert "no archive record" not in archive


def test_a_frozen_file_deleted_from_the_store_is_named_as_missing(clerk, tmp_path):
    number = issue_house_numbering(clerk, tmp_path / "copies")
    delete_stored(clerk.office, number, "pdf")
    refused = clerk("document", "export", number, "--out", str(tmp_path / "x"), ok=False)
    assert f"The register's PDF of {number} is missing from the archive folder" in refused.output
    assert f"Document {number}: its PDF (missing) no longer" in clerk("verify", ok=False).output
    archive = clerk("archive", "verify", ok=False).output
    assert f"Document {number}: its issued PDF is missing from the archive folder" in archive


def test_archive_verify_counts_issued_files_as_named_not_as_strays(clerk, tmp_path):
    number = issue_house_numbering(clerk, tmp_path / "copies")
    frozen = {sha256_of(clerk.office, number, kind) for kind in ("pdf", "docx")}
    assert frozen <= set(store_of(clerk.office).hashes())
    result = clerk("archive", "verify")
    assert "no archive record" not in result.output


def test_a_file_left_by_an_issue_killed_before_its_commit_is_named_as_no_record_s(clerk, tmp_path):
    issue_house_numbering(clerk, tmp_path / "copies")
    left = store_of(clerk.office).put(b"%PDF-1.7 a document never numbered")
    archive = clerk("archive", "verify", ok=False).output
    assert f"The file {left.sha256[:12]}… in the archive folder is in no archive record" in archive
    assert "an issue was interrupted before its document was numbered" in archive
    assert "modified" not in archive and "deleted" not in archive


# --- migration 0015 ------------------------------------------------------------------------------


def at_0014(clerk) -> None:
    """The workspace's register taken back to migration 0014: its files in the database, and
    none left in the store, as a register made before 0015 has them."""
    command.downgrade(alembic_config(register_url(clerk.office, None)), "0014")
    objects = clerk.office / "archive" / "objects"
    for path in objects.rglob("*"):
        if path.is_file():
            path.chmod(stat.S_IRUSR | stat.S_IWUSR)
            path.unlink()


def test_the_migration_moves_every_file_into_the_store_checking_each_hash(clerk, tmp_path):
    first = issue_house_numbering(clerk, tmp_path / "copies")
    second = issue_house_numbering(clerk, tmp_path / "copies")
    before = {n: sha256_of(clerk.office, n) for n in (first, second)}
    at_0014(clerk)
    ((blob, recorded),) = rows(
        clerk, "SELECT pdf, pdf_sha256 FROM documents WHERE number = ?", first
    )
    assert hashlib.sha256(blob).hexdigest() == recorded == before[first]
    assert list(store_of(clerk.office).hashes()) == []

    # Up to the newest migration, through 0015.
    assert f"Migrated the register from 0014 to {head_revision()}" in clerk("db", "upgrade").output
    assert len(list(store_of(clerk.office).hashes())) == 4
    for number in (first, second):
        assert store_of(clerk.office).state(sha256_of(clerk.office, number)) == "present"
    columns = [row[1] for row in rows(clerk, "PRAGMA table_info(documents)")]
    assert "pdf" not in columns and "docx" not in columns and "pdf_size" in columns
    ((size, media),) = rows(
        clerk, "SELECT pdf_size, pdf_type FROM documents WHERE number = ?", first
    )
    assert (size, media) == (len(blob), PDF_TYPE)
    clerk("document", "export", first, "--out", str(tmp_path / "exported"))
    assert "files match their SHA-256" in clerk("verify").output


def test_a_changed_file_stops_the_migration_naming_its_document_and_changes_nothing(
    clerk, tmp_path
):
    first = issue_house_numbering(clerk, tmp_path / "copies")
    second = issue_house_numbering(clerk, tmp_path / "copies")
    at_0014(clerk)
    with sqlite3.connect(clerk.office / "noticeclerk.db") as database:
        database.execute("UPDATE documents SET docx = X'504B00' WHERE number = ?", (second,))
    kept = rows(clerk, "SELECT number, pdf, docx FROM documents ORDER BY id")

    result = clerk("db", "upgrade", ok=False)
    assert result.exit_code == 1
    assert f"Error: The register's DOCX of document {second} {TAMPERED}" in result.output
    assert "nothing was changed" in result.output
    assert "Traceback" not in result.output
    assert rows(clerk, "SELECT version_num FROM alembic_version") == [("0014",)]
    assert rows(clerk, "SELECT number, pdf, docx FROM documents ORDER BY id") == kept
    assert [number for number, _pdf, _docx in kept] == [first, second]
    assert list(store_of(clerk.office).hashes()) == []  # checked before anything was stored


def test_the_migration_puts_the_files_in_the_store_it_is_given_wherever_the_register_is(
    clerk, tmp_path
):
    number = issue_house_numbering(clerk, tmp_path / "copies")
    at_0014(clerk)
    share = tmp_path / "share"  # as `db upgrade` passes the workspace's for a --db register
    upgrade(register_url(clerk.office, None), share)
    assert FolderStore(share).state(sha256_of(clerk.office, number)) == "present"
    assert FolderStore(share).state(sha256_of(clerk.office, number, "docx")) == "present"
    assert list(store_of(clerk.office).hashes()) == []


def test_a_document_is_read_from_the_archive_folder_the_settings_name_whatever_else_they_get_wrong(
    clerk, tmp_path
):
    (clerk.office / "settings.toml").write_text('[archive]\nfolder = "records"\n')
    number = issue_house_numbering(clerk, tmp_path / "copies")
    assert FolderStore(clerk.office / "records").state(sha256_of(clerk.office, number)) == "present"
    assert not (clerk.office / "archive").exists()
    # A password under [smtp] and a trust file that is not there are for the email and the
    # signing commands to refuse; finding an issued document's files must not wait on them.
    (clerk.office / "settings.toml").write_text(
        '[archive]\nfolder = "records"\n[smtp]\nhost = "mail.example"\npassword = "hunter2"\n'
        '[signing]\ntrust = ["no-such-ca.pem"]\n'
    )
    clerk("document", "export", number, "--out", str(tmp_path / "exported"))
    (exported,) = (tmp_path / "exported").rglob(f"{number}.pdf")
    assert hashlib.sha256(exported.read_bytes()).hexdigest() == sha256_of(clerk.office, number)
    assert clerk("verify").exit_code == 0
