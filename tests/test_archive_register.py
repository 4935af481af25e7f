"""The archive at the command line, the way a clerk keeps records: issuing a document keeps its
PDF/A-3b copy, a green card's scan is added to its document, `archive verify` proves nothing
changed and prints the ledger's head, and every kind of tampering with the files or the ledger
is caught and named; records are exported for a request, and disposed of only past their
retention period, by a named authority."""

from __future__ import annotations

import csv
import hashlib
import io
import json
import sqlite3
import zipfile
from io import BytesIO
from pathlib import Path

import pytest
from clerk import CASEBOOK, Clerk, clerk_at, issued_number
from click.testing import CliRunner
from PIL import Image
from pypdf import PdfReader

from noticeclerk.archive.ledger import chained_hash
from noticeclerk.archive.pdfa import pdfa_problems

TODAY = "2026-12-01"


def green_card(colour: str = "green") -> bytes:
    image = Image.new("RGB", (600, 380), colour)
    out = BytesIO()
    image.save(out, "PNG")
    return out.getvalue()


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> tuple[Path, dict[str, str]]:
    base = tmp_path_factory.mktemp("archive")
    runner = CliRunner(env={"NOTICECLERK_TODAY": TODAY})
    clerk = clerk_at(base, runner, "village-a")
    case_file = CASEBOOK / "village-a" / "maintenance-bill.toml"
    opened = clerk("case", "open", "--from", str(case_file))
    case = opened.output.split()[-1].rstrip(".")
    issued = clerk("issue", case)
    return clerk.office, {"case": case, "document": issued_number(issued), "issued": issued.output}


@pytest.fixture
def ids(built) -> dict[str, str]:
    return built[1]


@pytest.fixture
def clerk(office) -> Clerk:
    return Clerk(office, CliRunner(env={"NOTICECLERK_TODAY": TODAY}))


@pytest.fixture
def card(tmp_path) -> Path:
    path = tmp_path / "green-card.png"
    path.write_bytes(green_card())
    return path


def database(office: Path) -> sqlite3.Connection:
    return sqlite3.connect(office / "noticeclerk.db")


def stored_file(office: Path, sha256: str) -> Path:
    return office / "archive" / "objects" / sha256[:2] / sha256


def add_card(clerk: Clerk, card: Path, document: str) -> str:
    result = clerk(
        "archive",
        "add",
        str(card),
        "--document",
        document,
        "--kind",
        "green-card",
        "--signed-by",
        "Pat Owner",
        "--signed-on",
        "2026-11-28",
    )
    return result.output.split("SHA-256 ")[1].split()[0]


def verify(clerk: Clerk, *extra: str, ok: bool = True, today: str | None = None):
    return clerk("archive", "verify", *extra, ok=ok, today=today)


def test_issuing_a_document_keeps_its_pdfa_copy_in_the_archive(built, ids):
    office = built[0]
    assert f"Archived {ids['document']}'s PDF/A-3b copy as item 1" in ids["issued"]
    with database(office) as db:
        sha256, kind, pdfa = db.execute(
            "SELECT sha256, kind, pdfa FROM archive_items WHERE id = 1"
        ).fetchone()
        issued = db.execute(
            "SELECT pdf_sha256 FROM documents WHERE number = ?", (ids["document"],)
        ).fetchone()[0]
    frozen = stored_file(office, issued).read_bytes()  # the issued PDF, kept in the same store
    assert (kind, pdfa) == ("issued-document", 1)
    copy = stored_file(office, sha256).read_bytes()
    assert pdfa_problems(copy) == []
    assert pdfa_problems(frozen) != []  # the served PDF is not PDF/A: the copy is what makes it
    texts = [
        [page.extract_text() for page in PdfReader(BytesIO(data)).pages] for data in (copy, frozen)
    ]
    assert texts[0] == texts[1]
    attached = PdfReader(BytesIO(copy)).attachments["case-data.json"][0]
    data = json.loads(attached)
    assert data["document"]["number"] == ids["document"]
    assert data["case"]["number"] == ids["case"]


def test_a_green_card_is_added_to_its_document_and_verify_prints_the_head(clerk, ids, card):
    sha256 = add_card(clerk, card, ids["document"])
    assert sha256 == hashlib.sha256(card.read_bytes()).hexdigest()
    result = verify(clerk)
    assert "Checked 2 archive items" in result.output
    assert "Ledger head: entry 2, SHA-256 " in result.output
    listed = clerk("archive", "verify").output.split("SHA-256 ")[-1].strip()
    with database(clerk.office) as db:
        assert db.execute("SELECT hash FROM archive_ledger WHERE seq = 2").fetchone()[0] == listed
        row = db.execute(
            "SELECT kind, signed_by, signed_on, original_name FROM archive_items WHERE id = 2"
        ).fetchone()
    assert row == ("green-card", "Pat Owner", "2026-11-28", "green-card.png")


def test_one_byte_flipped_in_a_stored_file_is_caught_and_named(clerk, ids, card):
    sha256 = add_card(clerk, card, ids["document"])
    path = stored_file(clerk.office, sha256)
    path.chmod(0o644)
    data = bytearray(path.read_bytes())
    data[100] ^= 0x01
    path.write_bytes(bytes(data))
    result = verify(clerk, ok=False)
    assert result.exit_code == 1
    assert (
        f"Archive item 2 (green-card of {ids['document']}): its file was modified after it was "
        "added" in result.output
    )


def test_a_deleted_file_is_caught_and_named(clerk, ids, card):
    sha256 = add_card(clerk, card, ids["document"])
    stored_file(clerk.office, sha256).unlink()
    result = verify(clerk, ok=False)
    assert f"Archive item 2 (green-card of {ids['document']}): its file is missing" in (
        result.output
    )


def test_two_ledger_entries_swapped_are_caught_as_reordered(clerk, ids, card, tmp_path):
    add_card(clerk, card, ids["document"])
    second = tmp_path / "second.png"
    second.write_bytes(green_card("yellow"))
    add_card(clerk, second, ids["document"])
    with database(clerk.office) as db:
        db.execute("UPDATE archive_ledger SET seq = 1000 WHERE seq = 2")
        db.execute("UPDATE archive_ledger SET seq = 2 WHERE seq = 3")
        db.execute("UPDATE archive_ledger SET seq = 3 WHERE seq = 1000")
    result = verify(clerk, ok=False)
    assert "Ledger: entry 2 holds what was written as entry 3: the ledger's entries were " in (
        result.output
    )
    assert "Ledger: entry 3 holds what was written as entry 2" in result.output


def test_a_truncated_ledger_is_caught_and_an_earlier_head_no_longer_found(clerk, ids, card):
    add_card(clerk, card, ids["document"])
    head = verify(clerk).output.split("SHA-256 ")[-1].strip()
    with database(clerk.office) as db:
        db.execute("DELETE FROM archive_ledger WHERE seq = 2")
    result = verify(clerk, "--head", head, ok=False)
    assert (
        "Ledger: entry 2 is missing from its end: 2 were written and the ledger stops at entry 1 "
        "(it was truncated)." in result.output
    )
    assert f"The head recorded earlier, {head[:16]}…, is no entry of this ledger" in (result.output)
    assert "the ledger entry 2 that recorded its adding is missing" in result.output


def test_an_entry_changed_in_place_is_caught(clerk, ids, card):
    add_card(clerk, card, ids["document"])
    with database(clerk.office) as db:
        record = db.execute("SELECT record FROM archive_ledger WHERE seq = 2").fetchone()[0]
        db.execute(
            "UPDATE archive_ledger SET record = ? WHERE seq = 2",
            (record.replace("Pat Owner", "Pat 0wner"),),
        )
    result = verify(clerk, ok=False)
    assert "Ledger: entry 2 was changed after it was written" in result.output


def test_an_entry_rewritten_with_its_own_hash_still_breaks_the_next_link(clerk, ids, card):
    add_card(clerk, card, ids["document"])
    second = card.with_name("second.png")
    second.write_bytes(green_card("blue"))
    add_card(clerk, second, ids["document"])
    with database(clerk.office) as db:
        previous, record = db.execute(
            "SELECT previous_hash, record FROM archive_ledger WHERE seq = 2"
        ).fetchone()
        forged = record.replace("Pat Owner", "Someone Else")
        db.execute(
            "UPDATE archive_ledger SET record = ?, hash = ? WHERE seq = 2",
            (forged, chained_hash(previous, forged)),
        )
    result = verify(clerk, ok=False)
    assert "Ledger: entry 3 does not follow entry 2" in result.output


def test_a_head_recorded_earlier_is_found_while_the_ledger_grows(clerk, ids, card):
    head = verify(clerk).output.split("SHA-256 ")[-1].strip()
    add_card(clerk, card, ids["document"])
    result = verify(clerk, "--head", head[:20])
    assert "Ledger head: entry 2" in result.output


def test_a_head_that_is_not_hexadecimal_is_one_sentence(clerk):
    result = verify(clerk, "--head", "minutes of May", ok=False)
    assert result.exit_code == 1
    assert "is not a head hash: give the 64 hexadecimal digits" in result.output


def test_a_file_no_record_names_is_reported(clerk):
    stray = b"left by an interrupted add"
    digest = hashlib.sha256(stray).hexdigest()
    path = stored_file(clerk.office, digest)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(stray)
    result = verify(clerk, ok=False)
    assert f"The file {digest[:12]}… in the archive folder is in no archive record" in (
        result.output
    )


def test_a_changed_item_record_no_longer_agrees_with_its_ledger_entry(clerk, ids, card):
    add_card(clerk, card, ids["document"])
    with database(clerk.office) as db:
        db.execute("UPDATE archive_items SET kind = 'correspondence' WHERE id = 2")
    result = verify(clerk, ok=False)
    assert "Archive item 2 (correspondence of" in result.output
    assert "its record no longer agrees with ledger entry 2" in result.output


DOCUMENT = "{document}"


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (
            ("--document", DOCUMENT, "--kind", "gren-card"),
            "keeps no records of the kind 'gren-card'",
        ),
        (("--document", "VA-D-1999-00001", "--kind", "green-card"), "There is no document"),
        (("--case", "VA-C-2026-9999", "--kind", "green-card"), "There is no case"),
        (("--kind", "green-card"), "Say what the file belongs to"),
        (
            ("--document", DOCUMENT, "--kind", "green-card", "--signed-by", "Pat"),
            "--signed-by goes with --signed-on",
        ),
    ],
)
def test_a_bad_add_is_one_sentence_and_adds_nothing(clerk, ids, card, args, words):
    given = [arg.format(document=ids["document"]) for arg in args]
    result = clerk("archive", "add", str(card), *given, ok=False)
    assert result.exit_code == 1
    assert words in result.output
    assert "Traceback" not in result.output
    with database(clerk.office) as db:
        assert db.execute("SELECT count(*) FROM archive_items").fetchone()[0] == 1
        assert db.execute("SELECT count(*) FROM archive_ledger").fetchone()[0] == 1
    kept = [path for path in (clerk.office / "archive" / "objects").rglob("*") if path.is_file()]
    assert len(kept) == 3  # the PDF/A copy, and the issued PDF and DOCX


def test_a_file_that_is_no_scan_is_refused_by_its_contents(clerk, ids, tmp_path):
    fake = tmp_path / "card.png"
    fake.write_bytes(b"MZ\x90\x00 not an image at all")
    result = clerk(
        "archive",
        "add",
        str(fake),
        "--document",
        ids["document"],
        "--kind",
        "green-card",
        ok=False,
    )
    assert "is not a PDF, TIFF, PNG or JPEG file (judged by its contents)" in result.output


def test_the_same_file_added_twice_is_refused(clerk, ids, card):
    add_card(clerk, card, ids["document"])
    result = clerk(
        "archive",
        "add",
        str(card),
        "--document",
        ids["document"],
        "--kind",
        "green-card",
        ok=False,
    )
    assert "is already in the archive as item 2" in result.output


def test_a_scan_can_be_kept_with_its_pdfa_copy(clerk, ids, card):
    result = clerk(
        "archive",
        "add",
        str(card),
        "--document",
        ids["document"],
        "--kind",
        "green-card",
        "--pdfa",
    )
    assert "PDF/A-3b copy: item 3" in result.output
    with database(clerk.office) as db:
        sha256, made_from = db.execute(
            "SELECT sha256, derived_from_id FROM archive_items WHERE id = 3"
        ).fetchone()
    assert made_from == 2
    assert pdfa_problems(stored_file(clerk.office, sha256).read_bytes()) == []
    verify(clerk)


def test_an_export_holds_the_files_manifest_ledger_and_certificate(clerk, ids, card, tmp_path):
    add_card(clerk, card, ids["document"])
    out = tmp_path / "request-17.zip"
    result = clerk(
        "archive", "export", "--case", ids["case"], "--out", str(out), "--by", "Jordan Avery"
    )
    assert f"Exported 2 files to {out}" in result.output
    with zipfile.ZipFile(out) as archive:
        names = set(archive.namelist())
        rows = list(csv.DictReader(io.StringIO(archive.read("manifest.csv").decode())))
        for row in rows:
            assert hashlib.sha256(archive.read(row["file"])).hexdigest() == row["sha256"]
        manifest_sha256 = hashlib.sha256(archive.read("manifest.csv")).hexdigest()
        entries = [json.loads(line) for line in archive.read("ledger.jsonl").decode().splitlines()]
        certificate = archive.read("certificate.pdf")
        assert (
            json.loads(archive.read("manifest.json"))["records"][1]["sha256"] == rows[1]["sha256"]
        )
    assert {
        "manifest.csv",
        "manifest.json",
        "ledger.jsonl",
        "certificate.pdf",
        "HOW-TO-CHECK.txt",
    } <= names
    assert [row["kind"] for row in rows] == ["issued-document", "green-card"]
    for entry in entries:
        assert chained_hash(entry["previous_hash"], entry["record"]) == entry["hash"]
    assert json.loads(entries[-1]["record"])["event"] == "exported"
    assert [entry["seq"] for entry in entries] == [1, 2, 3]
    reader = PdfReader(BytesIO(certificate))
    assert len(reader.pages) == 1
    text = " ".join(reader.pages[0].extract_text().split())
    assert f"the records of case {ids['case']}" in text
    assert f"manifest.csv,SHA-256{manifest_sha256}" in "".join(text.split())
    assert "Jordan Avery" in text
    assert "Ledger head: entry 3" in result.output
    verify(clerk)


def test_an_export_never_overwrites_a_file(clerk, ids, tmp_path):
    out = tmp_path / "request.zip"
    out.write_bytes(b"earlier export")
    result = clerk("archive", "export", "--case", ids["case"], "--out", str(out), ok=False)
    assert "already exists; name a new file" in result.output
    assert out.read_bytes() == b"earlier export"


def test_an_export_of_a_changed_file_is_refused_and_leaves_nothing(clerk, ids, card, tmp_path):
    sha256 = add_card(clerk, card, ids["document"])
    path = stored_file(clerk.office, sha256)
    path.chmod(0o644)
    path.write_bytes(b"replaced")
    out = tmp_path / "request.zip"
    result = clerk("archive", "export", "--case", ids["case"], "--out", str(out), ok=False)
    assert "was changed after it was stored" in result.output
    assert not out.exists()
    assert not list(tmp_path.glob(".partial-*"))
    with database(clerk.office) as db:
        assert db.execute("SELECT count(*) FROM archive_ledger").fetchone()[0] == 2


def test_a_hostile_name_prints_literally_in_the_certificate(clerk, ids, tmp_path):
    out = tmp_path / "request.zip"
    clerk(
        "archive",
        "export",
        "--document",
        ids["document"],
        "--out",
        str(out),
        "--by",
        "<b>{{7*7}}</b>",
    )
    with zipfile.ZipFile(out) as archive:
        text = PdfReader(BytesIO(archive.read("certificate.pdf"))).pages[0].extract_text()
    assert "<b>{{7*7}}</b>" in text


def test_records_are_disposed_of_only_past_their_period_and_by_a_named_authority(
    clerk, ids, card, tmp_path
):
    add_card(clerk, card, ids["document"])
    early = clerk(
        "archive",
        "dispose",
        "2",
        "--authorised-by",
        "Jordan Avery",
        "--authority",
        "Board resolution 2033-1",
        ok=False,
    )
    assert "is kept until its case is closed and its period has run" in early.output
    clerk("case", "close", ids["case"], "--reason", "paid")
    listed = clerk("archive", "due-for-disposal", today="2032-12-02")
    assert "may be disposed of since 2032-12-01" in listed.output
    assert "[SAMPLE period]" in listed.output
    still = clerk(
        "archive",
        "dispose",
        "2",
        "--authorised-by",
        "Jordan Avery",
        "--authority",
        "Board resolution 2032-1",
        today="2032-11-30",
        ok=False,
    )
    assert "must be kept until 2032-12-01" in still.output
    done = clerk(
        "archive",
        "dispose",
        "2",
        "--authorised-by",
        "Jordan Avery",
        "--authority",
        "Board resolution 2032-14",
        today="2032-12-02",
    )
    assert "Disposed of archive item 2." in done.output
    assert not stored_file(clerk.office, hashlib.sha256(card.read_bytes()).hexdigest()).exists()
    with database(clerk.office) as db:
        events = [row[0] for row in db.execute("SELECT event FROM archive_ledger ORDER BY seq")]
        authority = db.execute(
            "SELECT disposed_by, disposal_authority FROM archive_items WHERE id = 2"
        ).fetchone()
    assert events == ["copied", "added", "retention-reached", "retention-reached", "disposed"]
    assert authority == ("Jordan Avery", "Board resolution 2032-14")
    verify(clerk, today="2032-12-02")
    out = tmp_path / "after.zip"
    exported = clerk(
        "archive", "export", "--case", ids["case"], "--out", str(out), today="2032-12-02"
    )
    assert "1 listed as disposed of" in exported.output


def test_verify_notes_documents_issued_before_the_archive_and_copies_catches_up(clerk, ids):
    with database(clerk.office) as db:
        (copy,) = db.execute("SELECT sha256 FROM archive_items").fetchone()
        db.execute("DELETE FROM archive_ledger")
        db.execute("DELETE FROM archive_items")
        db.execute("DELETE FROM counters WHERE series = 'archive-ledger'")
    path = stored_file(clerk.office, copy)  # the issued files stay: they are the register's
    path.chmod(0o600)
    path.unlink()
    noted = verify(clerk)
    assert "Note: 1 issued document has no PDF/A-3b copy in the archive yet" in noted.output
    made = clerk("archive", "copies")
    assert f"{ids['document']}: PDF/A-3b copy kept as item 1." in made.output
    assert "no PDF/A-3b copy" not in verify(clerk).output
    assert "Every issued document has its archival copy." in clerk("archive", "copies").output


def test_list_shows_what_the_archive_keeps_of_a_case(clerk, ids, card):
    add_card(clerk, card, ids["document"])
    listed = clerk("archive", "list", "--case", ids["case"]).output.splitlines()
    assert listed[0].split()[:3] == ["1", "issued-document", ids["document"]]
    assert "PDF/A-3b" in listed[0]
    assert "green-card.png; signed by Pat Owner on 2026-11-28" in listed[1]


def test_a_retention_period_counts_from_the_village_s_day_not_the_register_s_utc_one():
    """A case closed at 11:30 p.m. on December 31 in New York was closed in 2026 there,
    though the register keeps 4:30 a.m. on January 1, 2027 UTC: its six years run to
    December 31, 2032, not January 1, 2033."""
    from datetime import UTC, datetime
    from types import SimpleNamespace
    from zoneinfo import ZoneInfo

    from noticeclerk.archive.retention import due_on
    from noticeclerk.content.village import Retention

    closed = datetime(2027, 1, 1, 4, 30, tzinfo=UTC)
    item = SimpleNamespace(case=SimpleNamespace(closed_at=closed), document=None, added_at=closed)
    six_years = Retention("case-file", "Case files", 6, "case-closed", "LGS-1, item 1")
    assert due_on(item, six_years, ZoneInfo("America/New_York")).isoformat() == "2032-12-31"
    added = Retention("green-card", "Green cards", 6, "added", "LGS-1, item 2")
    assert due_on(item, added, ZoneInfo("America/New_York")).isoformat() == "2032-12-31"
    assert due_on(item, added, UTC).isoformat() == "2033-01-01"
