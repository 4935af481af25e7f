"""The archive attacked as a hostile or unlucky user would: a settings file naming the wrong
things, file names and notes built to mislead, records moved in the register behind the
ledger's back, two exports racing for one name, and commands killed halfway; each refused in
one sentence or caught by `archive verify`, and nothing a court relies on quietly lost."""

from __future__ import annotations

import sqlite3
import zipfile
from io import BytesIO
from pathlib import Path

import pytest
from clerk import CASEBOOK, Clerk, clerk_at, issued_number
from click.testing import CliRunner
from PIL import Image

TODAY = "2026-12-01"


def scan(colour: str = "green") -> bytes:
    image = Image.new("RGB", (120, 80), colour)
    out = BytesIO()
    image.save(out, "PNG")
    return out.getvalue()


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> tuple[Path, dict[str, str]]:
    base = tmp_path_factory.mktemp("attacks")
    clerk = clerk_at(base, CliRunner(env={"NOTICECLERK_TODAY": TODAY}), "village-a")
    case_file = CASEBOOK / "village-a" / "maintenance-bill.toml"
    first = clerk("case", "open", "--from", str(case_file)).output.split()[-1].rstrip(".")
    second = clerk("case", "open", "--from", str(case_file)).output.split()[-1].rstrip(".")
    document = issued_number(clerk("issue", first))
    return clerk.office, {"case": first, "other_case": second, "document": document}


@pytest.fixture
def ids(built) -> dict[str, str]:
    return built[1]


@pytest.fixture
def clerk(office) -> Clerk:
    return Clerk(office, CliRunner(env={"NOTICECLERK_TODAY": TODAY}))


def database(office: Path) -> sqlite3.Connection:
    return sqlite3.connect(office / "noticeclerk.db")


def stored(office: Path) -> list[str]:
    objects = office / "archive" / "objects"
    return sorted(path.name for path in objects.glob("*/*"))


def add(clerk: Clerk, path: Path, document: str, *extra: str, ok: bool = True):
    return clerk(
        "archive", "add", str(path), "--document", document, "--kind", "green-card", *extra, ok=ok
    )


def verify(clerk: Clerk, ok: bool = True):
    return clerk("archive", "verify", ok=ok)


def one_sentence(result) -> str:
    """The error a refused command printed: one line, no traceback."""
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output
    assert isinstance(result.exception, SystemExit), result.exception
    errors = [line for line in result.output.splitlines() if line.startswith("Error: ")]
    assert len(errors) == 1, result.output
    return errors[0]


# Settings that name the wrong things.


@pytest.mark.parametrize(
    ("make", "words"),
    [
        (lambda office: "noticeclerk.db", "noticeclerk.db"),
        (lambda office: (office / "loop").symlink_to("loop") or "loop", "loop"),
        (lambda office: "/mnt/records-share-not-mounted", "records-share-not-mounted"),
    ],
    ids=["a-file", "a-symlink-loop", "a-share-not-mounted"],
)
def test_verify_of_an_archive_folder_that_cannot_be_read_is_one_sentence(
    clerk, office, make, words
):
    name = make(office)
    (office / "settings.toml").write_text(f'[archive]\nfolder = "{name}"\n')
    error = one_sentence(verify(clerk, ok=False))
    assert words in error
    assert "archive folder" in error


def test_a_trusted_authority_that_is_no_certificate_is_refused_naming_the_setting(
    clerk, office, ids, tmp_path
):
    (office / "not-a-ca.pem").write_text("hello, I am no certificate\n")
    (office / "settings.toml").write_text('[signing]\ntrust = ["not-a-ca.pem"]\n')
    error = one_sentence(verify(clerk, ok=False))
    assert "signing.trust[0]" in error
    assert "not-a-ca.pem" in error
    assert "certificate" in error


# Hostile names and text.


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("card\u202egnp.exe", "U+202E"),
        ("card.png\nLedger head: entry 99, SHA-256 " + "0" * 64, "line break"),
    ],
    ids=["rtl-override", "forged-output-line"],
)
def test_a_file_name_no_record_can_print_is_refused_and_nothing_is_stored(
    clerk, office, ids, tmp_path, name, words
):
    path = tmp_path / name
    path.write_bytes(scan())
    before = stored(office)
    error = one_sentence(add(clerk, path, ids["document"], ok=False))
    assert words in error
    assert "file name" in error
    assert stored(office) == before
    verify(clerk)


def test_a_formula_file_name_and_note_are_text_in_the_manifest(clerk, ids, tmp_path):
    path = tmp_path / "=cmd|' C calc'!A0.png"
    path.write_bytes(scan("red"))
    add(clerk, path, ids["document"], "--note", '=HYPERLINK("http://x","y")', "--by", "<b>{{7*7}}")
    out = tmp_path / "request.zip"
    clerk("archive", "export", "--document", ids["document"], "--out", str(out))
    with zipfile.ZipFile(out) as archive:
        manifest = archive.read("manifest.csv").decode()
        names = archive.namelist()
    assert "'=cmd|' C calc'!A0.png" in manifest
    assert "'=HYPERLINK" in manifest
    assert "<b>{{7*7}}" in manifest
    assert all(not name.startswith(("/", "..")) and "/../" not in name for name in names)


# Records moved behind the ledger's back.


def test_a_green_card_moved_to_another_case_in_the_register_is_caught(clerk, office, ids, tmp_path):
    path = tmp_path / "card.png"
    path.write_bytes(scan())
    add(clerk, path, ids["document"])
    with database(office) as db:
        other = db.execute("SELECT id FROM cases WHERE number = ?", (ids["other_case"],)).fetchone()
        db.execute("UPDATE archive_items SET case_id = ?, document_id = NULL WHERE id = 2", other)
    output = verify(clerk, ok=False).output
    assert "Archive item 2 (green-card of case " + ids["other_case"] in output
    assert "no longer agrees with ledger entry 2" in output


def test_an_item_backdated_to_reach_its_period_sooner_is_caught(clerk, office, ids, tmp_path):
    path = tmp_path / "card.png"
    path.write_bytes(scan())
    add(clerk, path, ids["document"])
    with database(office) as db:
        db.execute("UPDATE archive_items SET added_at = '2001-01-01 12:00:00.000000' WHERE id = 2")
    output = verify(clerk, ok=False).output
    assert "Archive item 2 (green-card of " in output
    assert "no longer agrees with ledger entry 2" in output


def test_who_signed_the_original_changed_in_the_register_is_caught(clerk, office, ids, tmp_path):
    path = tmp_path / "card.png"
    path.write_bytes(scan())
    add(clerk, path, ids["document"], "--signed-by", "Pat Owner", "--signed-on", "2026-11-28")
    with database(office) as db:
        db.execute("UPDATE archive_items SET signed_by = 'Someone Else' WHERE id = 2")
    assert "no longer agrees with ledger entry 2" in verify(clerk, ok=False).output


def test_an_untouched_archive_still_verifies_after_every_kind_of_add(clerk, ids, tmp_path):
    path = tmp_path / "card.png"
    path.write_bytes(scan())
    add(clerk, path, ids["document"], "--signed-by", "Pat Owner", "--signed-on", "2026-11-28")
    other = tmp_path / "board.png"
    other.write_bytes(scan("blue"))
    clerk(
        "archive", "add", str(other), "--case", ids["case"], "--kind", "green-card", "--pdfa",
        "--note", "line one\nline two",
    )  # fmt: skip
    assert "Checked 4 archive items" in verify(clerk).output


# PDF inputs.


def test_a_file_that_only_starts_like_a_pdf_is_refused_as_unreadable_and_nothing_stored(
    clerk, office, ids, tmp_path
):
    polyglot = tmp_path / "statement.pdf"
    archive = BytesIO()
    with zipfile.ZipFile(archive, "w") as inner:
        inner.writestr("payload.txt", "not a statement")
    polyglot.write_bytes(b"%PDF-1.7\n" + archive.getvalue())
    before = stored(office)
    error = one_sentence(add(clerk, polyglot, ids["document"], ok=False))
    assert "statement.pdf cannot be read as a PDF" in error
    assert "signature by  " not in error
    assert stored(office) == before


# Two exports racing for one name.


def test_an_export_finishing_second_never_replaces_the_first_one(
    clerk, office, ids, tmp_path, monkeypatch
):
    from noticeclerk.archive import export

    out = tmp_path / "request.zip"
    real = export.tempfile.mkstemp

    def other_clerk_finishes_first(*args, **kwargs):
        made = real(*args, **kwargs)
        out.write_bytes(b"the other clerk's export")
        return made

    monkeypatch.setattr(export.tempfile, "mkstemp", other_clerk_finishes_first)
    error = one_sentence(
        clerk("archive", "export", "--case", ids["case"], "--out", str(out), ok=False)
    )
    assert str(out) in error
    assert "already exists" in error
    assert out.read_bytes() == b"the other clerk's export"
    assert list(tmp_path.glob(".partial-*")) == []
    with database(office) as db:
        assert (
            db.execute("SELECT count(*) FROM archive_ledger WHERE event = 'exported'").fetchone()[0]
            == 0
        )


def test_a_stored_pdf_overwritten_with_bytes_no_reader_takes_is_named_once(clerk, office, ids):
    with database(office) as db:
        sha256 = db.execute("SELECT sha256 FROM archive_items WHERE id = 1").fetchone()[0]
    path = office / "archive" / "objects" / sha256[:2] / sha256
    path.chmod(0o644)
    path.write_bytes(b"%PDF-1.7\nnothing more")
    output = verify(clerk, ok=False).output
    assert "its file was modified after it was added" in output
    assert "0 signatures" in output
    assert "signature by :" not in output
