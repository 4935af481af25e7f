"""The register from end to end, against a real SQLite file: init, roll, case, issue, serve, due."""

from __future__ import annotations

import hashlib
import json
import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
import time
from datetime import UTC, date, datetime
from decimal import Decimal
from pathlib import Path

import pytest
from alembic import command
from clerk import issue_one
from sqlalchemy import create_engine, text

from noticeclerk.actions.proof import draft_proof
from noticeclerk.actions.workspace import Workspace
from noticeclerk.cli import cli
from noticeclerk.clock import Clock
from noticeclerk.exceptions import InputError
from noticeclerk.register.cases import open_case, request_from_options
from noticeclerk.register.database import (
    alembic_config,
    head_revision,
    open_register,
    register_url,
    transaction,
)
from noticeclerk.register.due import what_is_due
from noticeclerk.register.frozen import files_of
from noticeclerk.register.issuing import find_document, frozen_files, void
from noticeclerk.register.roll import import_roll
from noticeclerk.register.service import ServiceRequest, record_mail_event, serve

REPO = Path(__file__).resolve().parent.parent
CASEBOOK = REPO / "casebook"
NOON = datetime(2026, 11, 30, 17, 0, tzinfo=UTC)
# When the services and receipts are recorded: after every one these tests record happened.
RECORDED = datetime(2026, 12, 10, 17, 0, tzinfo=UTC)


@pytest.fixture
def office(tmp_path, runner) -> Path:
    """A workspace with its register and the Palmyra, Tuckahoe and Village A rolls."""
    folder = tmp_path / "office"
    assert runner.invoke(cli, ["init", str(folder)]).exit_code == 0
    engine = open_register(register_url(folder, None))
    for village in ("palmyra", "tuckahoe", "village-a"):
        import_roll(
            engine,
            CASEBOOK / village / "roll.csv",
            village,
            imported_by="test",
            now=datetime(2026, 1, 2, tzinfo=UTC),
        )
    engine.dispose()
    return folder


@pytest.fixture
def engine(office):
    engine = open_register(register_url(office, None))
    yield engine
    engine.dispose()


PALMYRA_FACTS = [
    "assigned_number=412",
    "number_assigned_on=2026-10-20",
    "street=Taft Street",
    "observed_on=2026-11-27",
]


# The notice handed over as it is issued: recorded first, the service fixes the date it states.
SERVED_AT_ISSUE = ("service=2026-12-01T10:00",)


def open_palmyra_case(engine, office, facts=PALMYRA_FACTS, events=SERVED_AT_ISSUE) -> str:
    request = request_from_options(
        "palmyra", "house-numbering-notice", ["PV-0417"], list(facts), list(events), office
    )
    return open_case(engine, request, by="clerk", now=NOON, workspace=office)


def issue_palmyra(engine, office, case: str, when: date = date(2026, 12, 1)):
    return issue_one(
        engine, case, notice_slug=None, document_date=when, by="clerk", now=NOON, workspace=office
    )


def issue_tuckahoe_repair_notice(engine, office) -> tuple[str, str]:
    """A Tuckahoe notice to repair sidewalk, dated December 1, 2026: (case, document)."""
    facts = [
        "inspection_date=2026-11-20",
        "sidewalk_location=in front",
        "work=Replace flags",
        "specifications=Four inches",
    ]
    request = request_from_options(
        "tuckahoe", "notice-to-repair-sidewalk", ["041"], facts, [], office
    )
    case = open_case(engine, request, by="clerk", now=NOON, workspace=office)
    issued = issue_one(
        engine,
        case,
        notice_slug=None,
        document_date=date(2026, 12, 1),
        by="clerk",
        now=NOON,
        workspace=office,
    )
    return case, issued.number


def test_init_creates_the_register_at_the_current_migration_and_leaves_it_alone_after(
    office, runner
):
    assert (office / "noticeclerk.db").exists()
    result = runner.invoke(cli, ["init", str(office)])
    assert result.exit_code == 0
    assert f"already at migration {head_revision()}" in result.output
    connection = sqlite3.connect(office / "noticeclerk.db")
    assert connection.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_an_older_register_is_refused_until_it_is_upgraded_on_request(office, runner):
    url = register_url(office, None)
    command.downgrade(alembic_config(url), "0001")
    result = runner.invoke(cli, ["--workspace", str(office), "due"])
    assert result.exit_code == 1
    assert "is at migration 0001" in result.output and "noticeclerk db upgrade" in result.output
    result = runner.invoke(cli, ["--workspace", str(office), "db", "upgrade"])
    assert result.exit_code == 0
    assert f"from 0001 to {head_revision()}" in result.output
    open_register(url).dispose()


def test_a_missing_register_says_how_to_create_one(tmp_path, runner):
    result = runner.invoke(cli, ["--workspace", str(tmp_path), "due"])
    assert result.exit_code == 1
    assert "There is no register" in result.output and "noticeclerk init" in result.output


def test_issuing_numbers_renders_and_freezes_the_document(engine, office):
    case = open_palmyra_case(engine, office)
    issued = issue_palmyra(engine, office, case)
    assert issued.number == "PA-D-2026-00001"
    assert issued.recipient == "Marguerite O'Connell"
    document, files = frozen_files(engine, issued.number)
    assert hashlib.sha256(files["pdf"]).hexdigest() == issued.pdf_sha256 == document.pdf_sha256
    assert document.recipient_lines == ["412 Taft Street", "Palmyra WI 53156"]
    # Palmyra: 10 days from Tuesday, December 1, 2026 is Friday, December 11.
    assert document.stated_deadline == date(2026, 12, 11)
    assert document.stated_due_at is None


def test_a_notice_issued_before_its_service_states_no_date_until_service_fixes_it(engine, office):
    case = open_palmyra_case(engine, office, events=())
    number = issue_palmyra(engine, office, case).number
    document, _ = frozen_files(engine, number)
    assert document.stated_deadline is None
    (item,) = what_is_due(engine, as_of=date(2026, 12, 1), workspace=office)
    assert item.status == "not_served"
    assert "within 10 days after the service of this notice on you" in item.words
    late = ServiceRequest(
        "hand_owner",
        "K. Nowak",
        datetime(2026, 12, 3, 15, tzinfo=UTC),
        to_person="Marguerite O'Connell",
        address="412 Taft Street",
    )
    served = serve(engine, number, late, now=RECORDED, workspace=office)
    assert served.deadline.due == date(2026, 12, 14)
    assert served.stated_too_early is None


def test_a_re_imported_roll_changes_new_documents_but_never_an_issued_one(engine, office, tmp_path):
    case = open_palmyra_case(engine, office)
    first = issue_palmyra(engine, office, case)
    roll = tmp_path / "roll.csv"
    roll.write_text(
        (CASEBOOK / "palmyra" / "roll.csv")
        .read_text(encoding="utf-8")
        .replace("Marguerite O'Connell", "Rafael Ortega"),
        encoding="utf-8",
    )
    import_roll(
        engine, roll, "palmyra", imported_by="test", now=datetime(2026, 12, 1, 12, tzinfo=UTC)
    )
    second = issue_palmyra(engine, office, case, date(2026, 12, 2))
    assert second.recipient == "Rafael Ortega"
    document, files = frozen_files(engine, first.number)
    assert document.recipient_name == "Marguerite O'Connell"
    assert hashlib.sha256(files["pdf"]).hexdigest() == first.pdf_sha256


def test_a_missing_fact_is_named_and_takes_no_number(engine, office):
    case = open_palmyra_case(engine, office, PALMYRA_FACTS[:-1])
    with pytest.raises(InputError, match="lacks the fact 'observed_on'"):
        issue_palmyra(engine, office, case)
    assert (
        issue_palmyra(engine, office, open_palmyra_case(engine, office)).number == "PA-D-2026-00001"
    )


def test_a_voided_document_keeps_its_number_and_cannot_be_served(engine, office):
    case = open_palmyra_case(engine, office)
    first = issue_palmyra(engine, office, case)
    void(engine, first.number, reason="Wrong street", by="clerk", now=NOON)
    with pytest.raises(InputError, match="already voided"):
        void(engine, first.number, reason="again", by="clerk", now=NOON)
    request = ServiceRequest(
        "hand_owner",
        "K. Nowak",
        datetime(2026, 12, 1, 15, tzinfo=UTC),
        to_person="Marguerite O'Connell",
        address="412 Taft Street",
    )
    with pytest.raises(InputError, match="is void"):
        serve(engine, first.number, request, now=RECORDED, workspace=office)
    assert issue_palmyra(engine, office, case).number == "PA-D-2026-00002"
    with transaction(engine) as session:
        assert find_document(session, first.number).void_reason == "Wrong street"


def test_service_by_a_method_the_ordinance_does_not_allow_names_the_allowed_ones(engine, office):
    _case, number = issue_tuckahoe_repair_notice(engine, office)
    hand = ServiceRequest(
        "hand_owner",
        "A. Romano",
        datetime(2026, 12, 1, 15, tzinfo=UTC),
        to_person="Marguerite O'Connell",
        address="412 Taft Street",
    )
    with pytest.raises(
        InputError, match=r"allows: registered_mail \(registered mail, § 19-15\(c\)\)"
    ):
        serve(engine, number, hand, now=RECORDED, workspace=office)
    unnumbered = ServiceRequest(
        "registered_mail", "T. Brennan", datetime(2026, 12, 1, 15, tzinfo=UTC)
    )
    with pytest.raises(InputError, match="article-number"):
        serve(engine, number, unnumbered, now=RECORDED, workspace=office)


def test_door_posting_counts_only_with_the_telephone_call(engine, office):
    request = request_from_options(
        "village-a",
        "directive-to-comply",
        ["0301-02-004"],
        [
            "inspection_date=2026-11-20",
            "street_name=A Street",
            "conditions=Debris",
            "corrective_action=remove it",
        ],
        [],
        office,
    )
    case = open_case(engine, request, by="clerk", now=NOON, workspace=office)
    number = issue_one(
        engine,
        case,
        notice_slug=None,
        document_date=date(2026, 12, 4),
        by="clerk",
        now=NOON,
        workspace=office,
    ).number
    posted = ServiceRequest(
        "door_and_phone", "J. Avery", datetime(2026, 12, 4, 15, tzinfo=UTC), address="14 A Street"
    )
    with pytest.raises(InputError, match="--phone-result"):
        serve(engine, number, posted, now=RECORDED, workspace=office)
    called = ServiceRequest(
        "door_and_phone",
        "J. Avery",
        datetime(2026, 12, 4, 15, tzinfo=UTC),
        address="14 A Street",
        phone_result="message",
        phone_number="(555) 010-0114",
        called_at=datetime(2026, 12, 4, 15, 10, tzinfo=UTC),
    )
    served = serve(engine, number, called, now=RECORDED, workspace=office)
    # Friday December 4, 2026 + 7 days = Friday December 11 (GCL § 20).
    assert served.deadline.due == date(2026, 12, 11)
    assert served.stated_too_early is None


def test_serving_after_the_document_s_date_warns_that_it_asks_for_too_little_time(engine, office):
    number = issue_palmyra(engine, office, open_palmyra_case(engine, office)).number
    late = ServiceRequest(
        "hand_owner",
        "K. Nowak",
        datetime(2026, 12, 3, 15, tzinfo=UTC),
        to_person="Marguerite O'Connell",
        address="412 Taft Street",
    )
    served = serve(engine, number, late, now=RECORDED, workspace=office)
    assert served.deadline.due == date(2026, 12, 14)
    assert "states the deadline as 2026-12-11" in served.stated_too_early
    (item,) = what_is_due(engine, as_of=date(2026, 12, 5), workspace=office)
    assert item.status == "stated_too_early"


def test_due_lists_deadlines_passed_and_coming_with_the_next_step(engine, office):
    number = issue_palmyra(engine, office, open_palmyra_case(engine, office)).number
    assert [i.status for i in what_is_due(engine, as_of=date(2026, 12, 1), workspace=office)] == [
        "not_served"
    ]
    serve(
        engine,
        number,
        ServiceRequest(
            "hand_owner",
            "K. Nowak",
            datetime(2026, 12, 1, 15, tzinfo=UTC),
            to_person="Marguerite O'Connell",
            address="412 Taft Street",
        ),
        now=RECORDED,
        workspace=office,
    )
    (coming,) = what_is_due(engine, as_of=date(2026, 12, 5), workspace=office)
    assert coming.status == "coming" and coming.deadline == "2026-12-11"
    (passed,) = what_is_due(engine, as_of=date(2026, 12, 12), workspace=office)
    assert passed.status == "passed"
    assert "§ 8.16(10)" in passed.next_step
    assert what_is_due(engine, as_of=date(2026, 12, 12), village="tuckahoe", workspace=office) == []


def test_an_appeal_served_in_time_suspends_the_tuckahoe_notice(engine, office, runner):
    case, number = issue_tuckahoe_repair_notice(engine, office)
    mailed = ServiceRequest(
        "registered_mail",
        "T. Brennan",
        datetime(2026, 12, 1, 20, tzinfo=UTC),
        article_number="RA123456785US",
    )
    assert serve(engine, number, mailed, now=RECORDED, workspace=office).deadline.due == date(
        2026, 12, 8
    )
    result = runner.invoke(
        cli,
        ["--workspace", str(office), "case", "record", case, "--event", "appeal_served=2026-12-04"],
    )
    assert result.exit_code == 0, result.output
    (item,) = what_is_due(engine, as_of=date(2026, 12, 10), workspace=office)
    assert item.status == "suspended" and "§ 19-15(c)" in item.words


def test_service_on_receipt_waits_for_the_signed_return_receipt(engine, office):
    notices = office / "notices" / "palmyra"
    notices.mkdir(parents=True)
    definition = (REPO / "notices" / "palmyra" / "house-numbering-notice.toml").read_text(
        encoding="utf-8"
    )
    definition = definition.replace(
        'recipient = "owner"', 'recipient = "owner"\nservice_effective = "on_receipt"'
    ).replace('method = "first_class_mail"', 'method = "certified_mail"')
    (notices / "house-numbering-notice.toml").write_text(definition, encoding="utf-8")
    number = issue_palmyra(engine, office, open_palmyra_case(engine, office)).number
    mailed = ServiceRequest(
        "certified_mail",
        "R. Schultz",
        datetime(2026, 12, 1, 15, tzinfo=UTC),
        article_number="9407 1000 0000 0000 0000 09",
    )
    served = serve(engine, number, mailed, now=RECORDED, workspace=office)
    assert served.waiting_for_receipt and served.deadline is None
    assert [i.status for i in what_is_due(engine, as_of=date(2026, 12, 2), workspace=office)] == [
        "awaiting_receipt"
    ]
    deadline = record_mail_event(
        engine,
        number,
        "receipt_signed",
        datetime(2026, 12, 3, 16, tzinfo=UTC),
        note=None,
        by="clerk",
        now=RECORDED,
        workspace=office,
    ).deadline
    assert deadline.due == date(
        2026, 12, 14
    )  # Thursday + 10 = Sunday, then Monday (§ 990.001(4)(b))
    (item,) = what_is_due(engine, as_of=date(2026, 12, 15), workspace=office)
    # A deadline counted from receipt is never stated as a date, so it cannot be too short.
    assert item.status == "passed" and item.deadline == "2026-12-14"


def test_mail_returned_unclaimed_shows_as_failed_service(engine, office):
    number = issue_palmyra(engine, office, open_palmyra_case(engine, office)).number
    serve(
        engine,
        number,
        ServiceRequest("first_class_mail", "R. Schultz", datetime(2026, 12, 1, 15, tzinfo=UTC)),
        now=RECORDED,
        workspace=office,
    )
    record_mail_event(
        engine,
        number,
        "returned_unclaimed",
        datetime(2026, 12, 9, 15, tzinfo=UTC),
        note="Unclaimed",
        by="clerk",
        now=RECORDED,
        workspace=office,
    )
    (item,) = what_is_due(engine, as_of=date(2026, 12, 10), workspace=office)
    assert item.status == "returned_unclaimed"


def test_the_affidavit_of_service_states_who_served_how_and_when(engine, office):
    number = issue_palmyra(engine, office, open_palmyra_case(engine, office)).number
    with pytest.raises(InputError, match="no service recorded"):
        draft_proof(Workspace.over(engine, office, Clock(RECORDED)), number)
    serve(
        engine,
        number,
        ServiceRequest(
            "hand_owner",
            "Kerry Nowak",
            datetime(2026, 12, 1, 15, 5, tzinfo=UTC),
            to_person="Marguerite O'Connell",
            address="412 Taft Street",
        ),
        now=RECORDED,
        workspace=office,
    )
    rendered = draft_proof(Workspace.over(engine, office, Clock(RECORDED)), number)
    assert rendered.files["pdf"].startswith(b"%PDF")
    html = rendered.html
    assert "Kerry Nowak, being first duly sworn on oath" in html
    assert "STATE OF WISCONSIN</th>" in html and "COUNTY OF JEFFERSON</th>" in html
    assert "9:05 a.m. CST" in html and "Marguerite O&#39;Connell" in html


def test_case_open_from_a_case_file_says_what_it_does_not_use(office, runner):
    result = runner.invoke(
        cli,
        [
            "--workspace",
            str(office),
            "case",
            "open",
            "--from",
            str(CASEBOOK / "palmyra" / "house-numbering-notice.toml"),
        ],
    )
    assert result.exit_code == 0, result.output
    assert "Not used from the case file: case, document, date, roll" in result.output
    assert "Opened case PA-C-2026-0001." in result.output
    # The file's own case number (PA-2026-0009) is not taken, so opening it again is a second
    # case in the register's series, never a clash with a number the file invented.
    again = runner.invoke(
        cli,
        [
            "--workspace",
            str(office),
            "case",
            "open",
            "--from",
            str(CASEBOOK / "palmyra" / "house-numbering-notice.toml"),
        ],
    )
    assert "Opened case PA-C-2026-0002." in again.output


def test_case_open_refuses_a_parcel_that_is_not_on_the_roll(office, runner):
    result = runner.invoke(
        cli,
        [
            "--workspace",
            str(office),
            "case",
            "open",
            "--village",
            "palmyra",
            "--parcel",
            "PV-9999",
            "--notice-type",
            "house-numbering-notice",
        ],
    )
    assert result.exit_code == 1
    assert "Parcel 'PV-9999' is not on the Village of Palmyra roll" in result.output


# A process that opens cases and issues their notices one after another, for the crash and
# concurrency tests (a case's first notice is given once to its owner, so each is a new case).
ISSUER = textwrap.dedent(
    """
    import sys
    from datetime import UTC, date, datetime
    from pathlib import Path
    from noticeclerk.register.cases import open_case, request_from_options
    from noticeclerk.actions.issuing import issue_documents
    from noticeclerk.register.issuing import IssueRequest
    from noticeclerk.actions.workspace import Workspace
    from noticeclerk.clock import Clock
    office, count = Path(sys.argv[1]), int(sys.argv[2])
    facts = sys.argv[3:]
    now = datetime(2026, 12, 1, 17, tzinfo=UTC)
    workspace = Workspace(office, None, Clock(now))
    for _ in range(count):
        request = request_from_options(
            "palmyra", "house-numbering-notice", ["PV-0417"], facts, [], office
        )
        case = open_case(workspace.register(), request, by="p", now=now, workspace=office)
        issue_documents(workspace, IssueRequest(case, document_date=date(2026, 12, 1)), by="p")
        print("issued", flush=True)
    """
)


def run_issuer(office: Path, count: int) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-c", ISSUER, str(office), str(count), *PALMYRA_FACTS],
        stdout=subprocess.PIPE,
        text=True,
    )


def assert_numbers_complete(engine, expected: int) -> None:
    with transaction(engine) as session:
        rows = session.execute(
            text("SELECT number, pdf_sha256, docx_sha256 FROM documents ORDER BY number")
        ).all()
    assert [row.number for row in rows] == [f"PA-D-2026-{n:05d}" for n in range(1, expected + 1)]
    files = files_of(engine)  # each file is in the store, whole: read() checks its SHA-256
    for row in rows:
        files.read(row.number, "pdf", row.pdf_sha256)
        files.read(row.number, "docx", row.docx_sha256)


def test_a_process_killed_while_issuing_leaves_no_half_document_and_no_gap(engine, office):
    process = run_issuer(office, 50)
    process.stdout.readline()  # at least one document is in; kill it in the middle of others
    time.sleep(0.4)
    os.kill(process.pid, signal.SIGKILL)
    process.wait()
    with transaction(engine) as session:
        count = session.execute(text("SELECT count(*) FROM documents")).scalar_one()
    assert 1 <= count < 50
    assert_numbers_complete(engine, count)
    case = open_palmyra_case(engine, office)
    assert issue_palmyra(engine, office, case).number == f"PA-D-2026-{count + 1:05d}"


def test_several_processes_issuing_at_once_get_consecutive_numbers(engine, office):
    processes = [run_issuer(office, 4) for _ in range(3)]
    for process in processes:
        assert process.wait(timeout=120) == 0
    assert_numbers_complete(engine, 12)


def test_the_readme_walk_runs_from_the_command_line(tmp_path, runner):
    office = tmp_path / "office"

    def run(*args):
        # The README's walk is on December 2, 2026 (NOTICECLERK_TODAY there).
        result = runner.invoke(cli, ["--workspace", str(office), "--today", "2026-12-02", *args])
        assert result.exit_code == 0, (args, result.output)
        return result.output

    run("init", str(office))
    run("roll", "import", str(CASEBOOK / "palmyra" / "roll.csv"), "--village", "palmyra")
    assert "Opened case PA-C-2026-0001." in run(
        "case",
        "open",
        "--village",
        "palmyra",
        "--parcel",
        "PV-0417",
        "--notice-type",
        "house-numbering-notice",
        *[f"--fact={f}" for f in PALMYRA_FACTS],
    )
    assert "Issued PA-D-2026-00001" in run(
        "issue", "PA-C-2026-0001", "--date", "2026-12-01", "--out", str(tmp_path / "issued")
    )
    assert "Deadline: Friday, December 11, 2026" in run(
        "--today",
        "2026-12-02",
        "serve",
        "PA-D-2026-00001",
        "--method",
        "hand_owner",
        "--by",
        "K. Nowak",
        "--at",
        "2026-12-01T09:30",
        "--to",
        "Marguerite O'Connell",
        "--address",
        "412 Taft Street",
    )
    assert "affidavit-of-service.pdf" in run(
        "proof", "PA-D-2026-00001", "--out", str(tmp_path / "proofs")
    )
    assert "The deadline passed" in run("due", "--date", "2026-12-12")


def open_village_b_statement(engine, office) -> str:
    import_roll(
        engine,
        CASEBOOK / "village-b" / "roll.csv",
        "village-b",
        imported_by="test",
        now=datetime(2026, 1, 2, tzinfo=UTC),
    )
    facts = [
        "certificate_number=VB-C-2026-002",
        "certificate_date=2026-01-12",
        "certificate_received=2026-01-12",
        "parcel_premises=the Depot Road sidewalk",
        "certified_costs=Snow and ice removal, January 6|186.00",
        "certified_costs=Sand and deicing material|42.50",
    ]
    request = request_from_options(
        "village-b", "statement-of-charges", ["B-0212"], facts, [], office
    )
    case = open_case(engine, request, by="clerk", now=NOON, workspace=office)
    return issue_one(
        engine,
        case,
        notice_slug=None,
        document_date=date(2026, 1, 16),
        by="clerk",
        now=NOON,
        workspace=office,
    ).number


def test_a_bill_is_due_until_paid_in_full_and_then_drops_off(engine, office):
    from noticeclerk.register.payments import record_payment

    number = open_village_b_statement(engine, office)
    serve(
        engine,
        number,
        ServiceRequest("first_class_mail", "S. Okafor", datetime(2026, 1, 16, 15, tzinfo=UTC)),
        now=RECORDED,
        workspace=office,
    )
    (unpaid,) = what_is_due(engine, as_of=date(2026, 2, 20), workspace=office)
    # 30 days from January 16 is Sunday February 15, then Washington's Birthday: Tuesday the 17th.
    assert unpaid.status == "unpaid" and unpaid.deadline == "2026-02-17"
    assert "$228.50 unpaid" in unpaid.words and "(D)" in unpaid.next_step
    with pytest.raises(InputError, match=r"more than the \$228\.50 still owed"):
        record_payment(
            engine, number, Decimal("300"), date(2026, 2, 1), reference=None, by="clerk", now=NOON
        )
    assert record_payment(
        engine,
        number,
        Decimal("200.00"),
        date(2026, 2, 1),
        reference="Check 1042",
        by="clerk",
        now=NOON,
    ).balance == Decimal("28.50")
    (still,) = what_is_due(engine, as_of=date(2026, 2, 20), workspace=office)
    assert "$28.50 unpaid" in still.words
    record_payment(
        engine, number, Decimal("28.50"), date(2026, 2, 3), reference=None, by="clerk", now=NOON
    )
    assert what_is_due(engine, as_of=date(2026, 2, 20), workspace=office) == []


def test_a_document_that_is_not_a_bill_takes_no_payment(engine, office):
    from noticeclerk.register.payments import record_payment

    number = issue_palmyra(engine, office, open_palmyra_case(engine, office)).number
    with pytest.raises(InputError, match="is not a bill"):
        record_payment(
            engine, number, Decimal("10"), date(2026, 12, 2), reference=None, by="clerk", now=NOON
        )


def test_a_register_with_documents_migrates_forward_keeping_them(engine, office):
    number = issue_palmyra(engine, office, open_palmyra_case(engine, office)).number
    url = register_url(office, None)
    engine.dispose()
    command.downgrade(alembic_config(url), "0002")
    command.upgrade(alembic_config(url), "head")
    migrated = open_register(url)
    document, files = frozen_files(migrated, number)
    assert document.amount_due is None and files["pdf"].startswith(b"%PDF")
    migrated.dispose()


def house_numbering_as_a_permit(office: Path) -> None:
    notices = office / "notices" / "palmyra"
    notices.mkdir(parents=True)
    definition = (REPO / "notices" / "palmyra" / "house-numbering-notice.toml").read_text(
        encoding="utf-8"
    )
    (notices / "house-numbering-notice.toml").write_text(
        definition.replace('kind = "notice"', 'kind = "permit"'), encoding="utf-8"
    )


def test_permits_run_in_their_own_series_without_a_yearly_restart(engine, office):
    house_numbering_as_a_permit(office)
    numbers = [
        issue_palmyra(engine, office, open_palmyra_case(engine, office), when).number
        for when in (date(2026, 12, 30), date(2027, 1, 4))
    ]
    assert numbers == ["PA-P-000001", "PA-P-000002"]


def test_a_village_whose_file_says_yearly_restarts_its_permit_series_each_year(engine, office):
    house_numbering_as_a_permit(office)
    letterhead = REPO / "letterheads" / "palmyra" / "letterhead.toml"
    ours = office / "letterheads" / "palmyra"
    ours.mkdir(parents=True)
    (ours / "letterhead.toml").write_text(
        letterhead.read_text(encoding="utf-8").replace(
            'permits = "one series"', 'permits = "yearly"'
        ),
        encoding="utf-8",
    )
    (ours / "seal.svg").write_bytes((letterhead.parent / "seal.svg").read_bytes())
    numbers = [
        issue_palmyra(engine, office, open_palmyra_case(engine, office), when).number
        for when in (date(2026, 12, 30), date(2027, 1, 4), date(2027, 1, 5))
    ]
    assert numbers == ["PA-P-2026-00001", "PA-P-2027-00001", "PA-P-2027-00002"]


def test_a_deadline_counted_from_an_order_does_not_restart_when_the_letter_is_served(
    engine, office
):
    notices = office / "notices" / "palmyra"
    notices.mkdir(parents=True)
    definition = (REPO / "notices" / "palmyra" / "house-numbering-notice.toml").read_text(
        encoding="utf-8"
    )
    counted_from_service = 'from = "service", act = "in_the_field"}'
    assert counted_from_service in definition
    definition = definition.replace(
        counted_from_service,
        'from = "order", act = "in_the_field"}\ndeadline_counts_from_service = false',
    )
    # The letter still prints the day it was served, an event it declares it prints.
    definition += '\n[events]\nservice = "the day the notice was served"\n'
    (notices / "house-numbering-notice.toml").write_text(definition, encoding="utf-8")
    request = request_from_options(
        "palmyra",
        "house-numbering-notice",
        ["PV-0417"],
        PALMYRA_FACTS,
        ["order=2026-12-01", "service=2026-12-02"],
        office,
    )
    case = open_case(engine, request, by="clerk", now=NOON, workspace=office)
    number = issue_palmyra(engine, office, case, date(2026, 12, 2)).number
    served = serve(
        engine,
        number,
        ServiceRequest(
            "hand_owner",
            "K. Nowak",
            datetime(2026, 12, 4, 15, tzinfo=UTC),
            to_person="Marguerite O'Connell",
            address="412 Taft Street",
        ),
        now=RECORDED,
        workspace=office,
    )
    # Ten days from the order of December 1, whenever the letter reaches the owner.
    assert served.deadline.due == date(2026, 12, 11)
    assert served.stated_too_early is None


def test_the_record_of_permits_lists_each_permit_with_its_history(engine, office, runner):
    notices = office / "notices" / "palmyra"
    notices.mkdir(parents=True)
    definition = (REPO / "notices" / "palmyra" / "house-numbering-notice.toml").read_text(
        encoding="utf-8"
    )
    (notices / "house-numbering-notice.toml").write_text(
        definition.replace('kind = "notice"', 'kind = "permit"'), encoding="utf-8"
    )
    case = open_palmyra_case(engine, office)
    first = issue_palmyra(engine, office, case).number
    void(engine, first, reason="Wrong street", by="clerk", now=NOON)
    second = issue_palmyra(engine, office, case, date(2026, 12, 2)).number
    serve(
        engine,
        second,
        ServiceRequest(
            "hand_owner",
            "K. Nowak",
            datetime(2026, 12, 2, 15, tzinfo=UTC),
            to_person="Marguerite O'Connell",
            address="412 Taft Street",
        ),
        now=RECORDED,
        workspace=office,
    )
    result = runner.invoke(
        cli, ["--workspace", str(office), "permits", "--village", "palmyra", "--json"]
    )
    assert result.exit_code == 0, result.output
    record = json.loads(result.output)
    assert [entry["number"] for entry in record] == [first, second]
    assert record[0]["history"][-1] == "Voided Monday, November 30, 2026: Wrong street"
    assert record[1]["location"] == "412 Taft Street"
    # The permit's own facts as it printed them, under the first phrase of each label: no
    # prompt's explanations and no raw fact name (NY legal reading 2026-12-02, CF-13).
    assert "The street the building fronts on: Taft Street" in record[1]["particulars"]
    assert "The day the number was assigned: Tuesday, October 20, 2026" in record[1]["particulars"]
    assert not any("_" in line.split(":")[0] for line in record[1]["particulars"])
    assert any(
        line.startswith("Delivered Wednesday, December 2, 2026 by K. Nowak")
        for line in record[1]["history"]
    )


def test_the_deadline_a_document_states_survives_a_migration_round_trip_as_a_day_or_an_instant(
    engine, office
):
    first = issue_palmyra(engine, office, open_palmyra_case(engine, office)).number
    second = issue_palmyra(engine, office, open_palmyra_case(engine, office)).number
    url = register_url(office, None)
    engine.dispose()
    command.downgrade(alembic_config(url), "0003")
    # The register at 0003 is read as plain SQL: noticeclerk itself refuses an older register.
    older = create_engine(url)
    with older.begin() as connection:
        stated = dict(
            connection.execute(text("SELECT number, stated_deadline FROM documents")).all()
        )
        # A deadline with an hour was kept as its moment in the village's zone.
        connection.execute(
            text("UPDATE documents SET stated_deadline = :moment WHERE number = :number"),
            {"moment": "2026-12-24T12:00:00-06:00", "number": second},
        )
    older.dispose()
    assert stated[first] == "2026-12-11"
    command.upgrade(alembic_config(url), "head")
    migrated = open_register(url)
    with transaction(migrated) as session:
        day = find_document(session, first)
        moment = find_document(session, second)
        assert (day.stated_due_on, day.stated_due_at) == (date(2026, 12, 11), None)
        assert moment.stated_due_on == date(2026, 12, 24)
        assert moment.stated_deadline == datetime(2026, 12, 24, 18, 0, tzinfo=UTC)
    migrated.dispose()


def test_a_case_opened_on_a_fixed_day_in_2027_is_numbered_in_2027(office, runner):
    def run(*args):
        result = runner.invoke(cli, ["--workspace", str(office), "--today", "2027-01-04", *args])
        assert result.exit_code == 0, (args, result.output)
        return result.output

    palmyra = ["--village", "palmyra", "--parcel", "PV-0417"]
    opened = run(
        "case",
        "open",
        *palmyra,
        "--notice-type",
        "house-numbering-notice",
        *[f"--fact={fact}" for fact in PALMYRA_FACTS],
    )
    assert opened == "Opened case PA-C-2027-0001.\n"
    # Without --date, the document is dated the fixed day, and numbered in its year.
    issued = run("issue", "PA-C-2027-0001", "--out", str(office / "issued"))
    assert issued.startswith("Issued PA-D-2027-00001:")


def test_due_on_two_fixed_days_tells_a_deadline_coming_from_one_passed(engine, office, runner):
    number = issue_palmyra(engine, office, open_palmyra_case(engine, office)).number
    serve(
        engine,
        number,
        ServiceRequest(
            "hand_owner",
            "K. Nowak",
            datetime(2026, 12, 1, 15, tzinfo=UTC),
            to_person="Marguerite O'Connell",
            address="412 Taft Street",
        ),
        now=RECORDED,
        workspace=office,
    )
    due = ["--workspace", str(office), "due"]

    coming = runner.invoke(cli, ["--today", "2026-12-05", *due])
    assert coming.exit_code == 0, coming.output
    assert "Due Friday, December 11, 2026." in coming.output

    passed = runner.invoke(cli, ["--today", "2026-12-12", *due])
    assert passed.exit_code == 0, passed.output
    assert "The deadline passed" in passed.output
    assert "Next:" in passed.output and "Next:" not in coming.output
