"""The queries `due` and `permits` make on a register: how SQLite finds their rows, how many
there are, and that they never wait for another command's write lock."""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Callable, Iterator
from datetime import UTC, date, datetime
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from clerk import issue_one, record_typed
from click.testing import CliRunner
from sqlalchemy import Engine, event

from noticeclerk.article_numbers import usps_check_digit
from noticeclerk.cli import cli
from noticeclerk.register import database
from noticeclerk.register.cases import close_case, open_case, request_from_options
from noticeclerk.register.database import RegisterBusy, open_register, register_url, transaction
from noticeclerk.register.due import what_is_due
from noticeclerk.register.parties import record_party
from noticeclerk.register.payments import record_payment
from noticeclerk.register.permits import permit_record
from noticeclerk.register.roll import import_roll
from noticeclerk.register.service import ServiceRequest, record_mail_event, serve

CASEBOOK = Path(__file__).resolve().parent.parent / "casebook"
AS_OF = date(2026, 3, 2)
# Tables that grow with the register: reading one of them whole is what makes a large
# register slow. (Counters, and the villages' few mail batches, stay small.)
GROWING = {
    "archive_items",
    "archive_ledger",
    "case_parcels",
    "cases",
    "documents",
    "events",
    "insertions",
    "mail_pieces",
    "outbox",
    "owner_records",
    "parcels",
    "parties",
    "payments",
    "proofs",
    "roll_imports",
    "service_events",
    "services",
}
DIRECTIVE = [
    "inspection_date=2026-01-02",
    "street_name=A Street",
    "conditions=Construction debris across the travel lane.",
    "corrective_action=Remove the debris.",
]
BILL = [
    "violation=the failure to comply with § 134-41A within seven days after the directive.",
    "work_performed=Removed construction debris from the travel lane.",
    "work_started=2026-01-14",
    "work_completed=2026-01-15",
    "labor=DPW Laborer R. Ortiz | 6 | 31.25 | 42.5",
    "administrative_time=$500",
    "general_counsel=1.5 | 275.00",
    "contractors=none",
    "materials_and_equipment=none",
]
DRIVEWAY = [
    "permittee=Tomasz and Ellen Wierzbicki, owners",
    "location=the North Second Street frontage of 218 North Second Street",
    "work=Reconstruct the driveway across the sidewalk in concrete, 18 feet wide.",
    "reason=that the existing apron is broken and sunken below the sidewalk grade",
    "application_received_at=2026-06-05T14:30",
    "installation_begins_at=2026-06-09T07:00",
    "width_ft=18",
    "depth_inches=6",
    "intersection_distance_ft=65",
    "examined=examined by the Superintendent of Public Works on June 5, 2026",
    "fee_receipt=2026-0217",
    "fee_paid_on=2026-06-05",
    "culvert_required=no",
]


def at(day: str, hour: int = 15) -> datetime:
    return datetime.fromisoformat(f"{day}T{hour:02d}:00").replace(tzinfo=UTC)


class Register:
    """A workspace whose register grows a case at a time, each case with every kind of record
    `due` reads: a directive served by hand, then a bill mailed certified, its receipt signed,
    partly paid; every third case closed."""

    def __init__(self, office: Path) -> None:
        self.office = office
        created = CliRunner().invoke(cli, ["init", str(office)])
        assert created.exit_code == 0, created.output
        self.engine = open_register(register_url(office, None))
        import_roll(
            self.engine,
            CASEBOOK / "village-a" / "roll.csv",
            "village-a",
            imported_by="test",
            now=at("2026-01-02"),
        )
        import_roll(
            self.engine,
            CASEBOOK / "palmyra" / "roll.csv",
            "palmyra",
            imported_by="test",
            now=at("2026-01-02"),
        )
        self.cases = 0

    def add_cases(self, count: int) -> None:
        for _ in range(count):
            self.add_case()

    def add_case(self) -> None:
        index = self.cases
        self.cases += 1
        engine, office = self.engine, self.office
        request = request_from_options(
            "village-a", "directive-to-comply", ["0301-02-001"], DIRECTIVE, [], office
        )
        case = open_case(engine, request, by="test", now=at("2026-01-02"), workspace=office)
        directive = issue_one(
            engine, case, notice_slug=None, document_date=date(2026, 1, 5), by="test",
            now=at("2026-01-05"), workspace=office,
        ).number  # fmt: skip
        handed = ServiceRequest(
            "hand_owner", "R. Ortiz", at("2026-01-05"), to_person="the owner",
            address="12 A Street",
        )  # fmt: skip
        serve(engine, directive, handed, now=at("2026-01-05"), workspace=office)
        record_typed(engine, case, BILL, [], by="test", now=at("2026-02-02"), workspace=office)
        bill = issue_one(
            engine, case, notice_slug="maintenance-bill", document_date=date(2026, 2, 2),
            by="test", now=at("2026-02-02"), workspace=office,
        ).number  # fmt: skip
        body = f"94071118992230330{index:04d}"
        mailed = ServiceRequest(
            "certified_mail", "clerk", at("2026-02-02"),
            article_number=body + str(usps_check_digit(body)),
        )  # fmt: skip
        serve(engine, bill, mailed, now=at("2026-02-02"), workspace=office)
        record_mail_event(
            engine, bill, "receipt_signed", at("2026-02-05"), note=None, by="clerk",
            now=at("2026-02-06"), workspace=office, signed_by="the owner",
        )  # fmt: skip
        record_payment(
            engine, bill, Decimal("100.00"), date(2026, 2, 10), reference=None, by="test",
            now=at("2026-02-10"),
        )  # fmt: skip
        if index % 3 == 2:
            close_case(engine, case, reason="paid", note=None, by="test", now=at("2026-02-20"))

    def add_permit(self) -> None:
        engine, office = self.engine, self.office
        request = request_from_options(
            "palmyra", "driveway-permit-application", ["PV-0233"], [], [], office
        )
        case = open_case(engine, request, by="test", now=at("2026-06-01"), workspace=office)
        record_party(
            engine, case, role="officer", name="Village Clerk",
            address_lines=["Village Hall", "Palmyra WI 53156"], by="test", now=at("2026-06-01"),
        )  # fmt: skip
        issue_one(
            engine, case, notice_slug=None, document_date=date(2026, 6, 1), by="test",
            now=at("2026-06-01"), workspace=office,
        )  # fmt: skip
        record_party(
            engine, case, role="applicant", name="Tomasz and Ellen Wierzbicki",
            address_lines=["218 North Second Street", "Palmyra WI 53156"], by="test", now=at("2026-06-05"),
        )  # fmt: skip
        record_typed(engine, case, DRIVEWAY, [], by="test", now=at("2026-06-05"), workspace=office)
        issue_one(
            engine, case, notice_slug="driveway-permit", document_date=date(2026, 6, 5),
            by="test", now=at("2026-06-05"), workspace=office,
        )  # fmt: skip


@pytest.fixture(scope="module")
def register(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Register]:
    built = Register(tmp_path_factory.mktemp("plans") / "office")
    built.add_cases(3)
    built.add_permit()
    yield built
    built.engine.dispose()


def statements_of(engine: Engine, work: Callable[[], Any]) -> list[tuple[str, Any]]:
    """Every statement `work` sends to the register, with its parameters."""
    sent: list[tuple[str, Any]] = []

    def heard(_conn, _cursor, statement, parameters, _context, _many):  # type: ignore[no-untyped-def]
        sent.append((statement, parameters))

    event.listen(engine, "before_cursor_execute", heard)
    try:
        work()
    finally:
        event.remove(engine, "before_cursor_execute", heard)
    return sent


def whole_tables_read(database_file: Path, statements: list[tuple[str, Any]]) -> list[str]:
    """Each growing table a query reads whole (`SCAN`), with the query, as SQLite plans it."""
    found = []
    connection = sqlite3.connect(database_file)
    try:
        for statement, parameters in statements:
            if not statement.lstrip().upper().startswith("SELECT"):
                continue
            plan = connection.execute(f"EXPLAIN QUERY PLAN {statement}", parameters).fetchall()
            for *_, step in plan:
                scanned = re.match(r"SCAN (\w+)", step)
                if scanned and re.sub(r"_\d+$", "", scanned.group(1)) in GROWING:
                    found.append(f"{step}: {' '.join(statement.split())[:160]}")
    finally:
        connection.close()
    return found


def due_and_permits(register: Register) -> None:
    assert what_is_due(register.engine, as_of=AS_OF, workspace=register.office)
    assert what_is_due(register.engine, as_of=AS_OF, village="village-a", workspace=register.office)
    assert permit_record(register.engine, "palmyra", register.office)


def test_due_and_permits_read_no_growing_table_whole(register):
    sent = statements_of(register.engine, lambda: due_and_permits(register))
    assert len(sent) > 10
    assert whole_tables_read(register.office / "noticeclerk.db", sent) == []


def test_the_plan_check_names_a_query_that_reads_every_document(tmp_path):
    database_file = tmp_path / "small.db"
    with sqlite3.connect(database_file) as connection:
        connection.execute("CREATE TABLE documents (id INTEGER PRIMARY KEY, follows TEXT)")
    statement = "SELECT documents.follows FROM documents WHERE documents.follows IS NOT NULL"
    assert whole_tables_read(database_file, [(statement, ())]) == [f"SCAN documents: {statement}"]


def test_due_sends_as_many_statements_for_nine_cases_as_for_three(tmp_path):
    grown = Register(tmp_path / "office")
    try:
        grown.add_cases(3)
        three = statements_of(
            grown.engine,
            lambda: what_is_due(grown.engine, as_of=AS_OF, workspace=grown.office),
        )
        grown.add_cases(6)
        items: list[Any] = []
        nine = statements_of(
            grown.engine,
            lambda: items.extend(what_is_due(grown.engine, as_of=AS_OF, workspace=grown.office)),
        )
    finally:
        grown.engine.dispose()
    # Six open cases' documents are listed, and found with the same queries as two cases'.
    assert len({item.case for item in items}) == 6
    assert len(nine) == len(three)


@pytest.fixture
def held_write_lock(register: Register) -> Iterator[None]:
    """Another command in the middle of a long write: the register's write lock, held."""
    other = sqlite3.connect(register.office / "noticeclerk.db", isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    other.execute("UPDATE parcels SET property_address = property_address")
    yield
    other.execute("ROLLBACK")
    other.close()


def test_due_and_permits_answer_while_another_command_holds_the_write_lock(
    register, held_write_lock, monkeypatch
):
    monkeypatch.setattr(database, "BUSY_TIMEOUT_MS", 200)
    engine = open_register(register_url(register.office, None))
    try:
        listed = what_is_due(engine, as_of=AS_OF, workspace=register.office)
        permits = permit_record(engine, "palmyra", register.office)
        # A unit of work that writes, on the same engine, waits for the lock and gives up.
        with pytest.raises(RegisterBusy), transaction(engine) as session:
            session.connection()
    finally:
        engine.dispose()
    assert {item.case for item in listed} == {"VA-C-2026-0001", "VA-C-2026-0002", "PA-C-2026-0001"}
    assert [entry.title for entry in permits] == ["Driveway Permit"]
