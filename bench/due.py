"""What is due, and the record of permits, over a large register: the time `due` and
`permits` take, in seconds, with the memory they need and the register's size.

    python bench/due.py                        # 60 Village A cases, 5 runs of `due`
    python bench/due.py --cases 200 -n 7
    python bench/due.py --documents 100000     # seeds, then cloned in SQL to 100,000 documents
    python bench/due.py --documents 100000 --keep /tmp/big   # keep the workspace to measure again
    python bench/due.py --measure /tmp/big     # measure a kept workspace (another checkout too)

A register is built in a temporary workspace: the Village A sample roll, then as many cases as
asked, each a directive issued and served by hand on a fixed day, half of them with a
maintenance bill issued, mailed (a quarter of the cards come back signed) and partly paid after
the directive's seven days, so `due` has passed deadlines, unpaid bills and the follow-ups to
name (the bill; the sworn statement after 20 days), with each follow-up's declared checks made
on the records. Issuing renders every document, so building is slow.

With --documents, a few dozen such cases are built as seeds, with a few Palmyra driveway
permits (an application form, then the permit), and the register then grows in SQL: every
table of a case's records is copied (whatever columns it has, each copy with new ids, case and
document numbers) until it holds that many documents. Copies carry empty stored files unless
--copy-files (the register would be about 110 KB a document). All but --open-cases of the
cases are then closed, as in a register kept for years.

`due`, then `permits`, are timed in a fresh process (so its peak memory is theirs), N times
after one unmeasured run, printed as min / median / max wall time and the CPU time of the
median run, with the number of items they listed. Quote the median.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import UTC, date, datetime
from decimal import Decimal
from pathlib import Path

from click.testing import CliRunner
from issue_one import issue_one

from noticeclerk.article_numbers import usps_check_digit
from noticeclerk.cli import cli
from noticeclerk.register.cases import open_case, record, request_from_options, typed_from_text
from noticeclerk.register.database import open_register, register_url
from noticeclerk.register.due import what_is_due
from noticeclerk.register.parties import record_party
from noticeclerk.register.payments import record_payment
from noticeclerk.register.permits import permit_record
from noticeclerk.register.roll import import_roll
from noticeclerk.register.service import ServiceRequest, record_mail_event, serve

ROOT = Path(__file__).resolve().parent.parent
ROLL = ROOT / "casebook" / "village-a" / "roll.csv"
PALMYRA_ROLL = ROOT / "casebook" / "palmyra" / "roll.csv"
PARCELS = ["0301-02-001", "0301-02-004", "0301-02-009", "0301-02-011"]
# Where each directive is handed over: the property, not the owner's mailing address.
PREMISES = {
    "0301-02-001": "12 A Street",
    "0301-02-004": "14 A Street",
    "0301-02-009": "16 A Street",
    "0301-02-011": "10 A Street",
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
]
# The tables of a case's records, parents first, copied to grow the register.
CLONED = [
    "cases",
    "case_parcels",
    "events",
    "parties",
    "documents",
    "services",
    "service_events",
    "payments",
]
# Columns a copy must not repeat, and those naming another row by such a column.
UNIQUE = {"cases": {"number"}, "documents": {"number"}}
BY_NUMBER = {("documents", "follows"): "documents"}
AS_OF = date(2026, 3, 2)


def at(day: str, hour: int = 15) -> datetime:
    return datetime.fromisoformat(f"{day}T{hour:02d}:00").replace(tzinfo=UTC)


def build(office: Path, cases: int, permits: int = 0) -> None:
    created = CliRunner().invoke(cli, ["init", str(office)])
    if created.exit_code != 0:
        raise SystemExit(created.output)
    engine = open_register(register_url(office, None))
    import_roll(engine, ROLL, "village-a", imported_by="bench", now=at("2026-01-02"))
    if permits:
        import_roll(engine, PALMYRA_ROLL, "palmyra", imported_by="bench", now=at("2026-01-02"))
    for _ in range(permits):
        build_permit(engine, office)
    for index in range(cases):
        parcel = PARCELS[index % len(PARCELS)]
        request = request_from_options(
            "village-a", "directive-to-comply", [parcel], DIRECTIVE, [], office
        )
        case = open_case(engine, request, by="bench", now=at("2026-01-02"), workspace=office)
        directive = issue_one(
            engine, case, notice_slug=None, document_date=date(2026, 1, 5), by="bench",
            now=at("2026-01-05"), workspace=office,
        ).number  # fmt: skip
        served = ServiceRequest(
            "hand_owner", "R. Ortiz", at("2026-01-05"), to_person="the owner",
            address=PREMISES[parcel],
        )  # fmt: skip
        serve(engine, directive, served, now=at("2026-01-05"), workspace=office)
        if index % 2:
            continue
        record(
            engine,
            case,
            *typed_from_text(engine, case, BILL, [], office),
            by="bench",
            now=at("2026-02-02"),
            workspace=office,
        )
        bill = issue_one(
            engine, case, notice_slug="maintenance-bill", document_date=date(2026, 2, 2),
            by="bench", now=at("2026-02-02"), workspace=office,
        ).number  # fmt: skip
        # Each mailing its own article number, its check digit right.
        body = f"94071118992230330{index:04d}"
        article = body + str(usps_check_digit(body))
        mailed = ServiceRequest("certified_mail", "clerk", at("2026-02-02"), article_number=article)
        serve(engine, bill, mailed, now=at("2026-02-02"), workspace=office)
        if index % 4 == 0:  # a quarter of the cards come back signed
            record_mail_event(
                engine, bill, "receipt_signed", at("2026-02-05"), note=None, by="bench",
                now=at("2026-02-06"), workspace=office, signed_by="the owner",
            )  # fmt: skip
        record_payment(
            engine, bill, Decimal("100.00"), date(2026, 2, 10), reference=None, by="bench",
            now=at("2026-02-10"),
        )  # fmt: skip
    engine.dispose()


def build_permit(engine, office: Path) -> None:  # type: ignore[no-untyped-def]
    """A Palmyra driveway permit: the application form handed out, then the permit."""
    request = request_from_options(
        "palmyra", "driveway-permit-application", ["PV-0233"], [], [], office
    )
    case = open_case(engine, request, by="bench", now=at("2026-06-01"), workspace=office)
    record_party(
        engine, case, role="officer", name="Village Clerk",
        address_lines=["Village Hall", "Palmyra WI 53156"], by="bench", now=at("2026-06-01"),
    )  # fmt: skip
    issue_one(
        engine, case, notice_slug=None, document_date=date(2026, 6, 1), by="bench",
        now=at("2026-06-01"), workspace=office,
    )  # fmt: skip
    record_party(
        engine, case, role="applicant", name="Tomasz and Ellen Wierzbicki",
        address_lines=["218 North Second Street", "Palmyra WI 53156"], by="bench",
        now=at("2026-06-05"),
    )  # fmt: skip
    record(
        engine,
        case,
        *typed_from_text(engine, case, DRIVEWAY, [], office),
        by="bench",
        now=at("2026-06-05"),
        workspace=office,
    )
    issue_one(
        engine, case, notice_slug="driveway-permit", document_date=date(2026, 6, 5),
        by="bench", now=at("2026-06-05"), workspace=office,
    )  # fmt: skip


def _columns(db: sqlite3.Connection, table: str) -> list[tuple[str, str]]:
    return [(row[1], row[2].upper()) for row in db.execute(f"PRAGMA table_info({table})")]


def _parents(db: sqlite3.Connection, table: str) -> dict[str, str]:
    """Each column of `table` naming a row of a copied table: the table it names."""
    return {
        row[3]: row[2]
        for row in db.execute(f"PRAGMA foreign_key_list({table})")
        if row[2] in CLONED
    }


def _copied_rows(db: sqlite3.Connection, table: str) -> str:
    """A condition on `table` keeping the rows that belong to the cases copied this round."""
    if table == "cases":
        return "id <= :last_case"
    column, parent = next(iter(_parents(db, table).items()))
    if parent == "cases" or column == "case_id":
        return "case_id <= :last_case"
    return f"{column} IN (SELECT id FROM {parent} WHERE {_copied_rows(db, parent)})"


def _copy_statement(db: sqlite3.Connection, table: str, copy_files: bool) -> str:
    """INSERT ... SELECT copying `table`'s rows of the copied cases: new ids, the ids they name
    moved alike, new numbers, and empty stored files unless they are copied too."""
    parents = _parents(db, table)
    names, values = [], []
    for column, kind in _columns(db, table):
        names.append(column)
        if column == "id":
            values.append(f"id + :{table}")
        elif column in parents:
            values.append(f"{column} + :{parents[column]}")
        elif column in UNIQUE.get(table, ()):
            values.append(
                f"substr({column}, 1, instr({column} || '.', '.') - 1) || '.' || (id + :{table})"
            )
        elif (table, column) in BY_NUMBER:
            other = BY_NUMBER[(table, column)]
            values.append(
                f"(SELECT substr(o.number, 1, instr(o.number || '.', '.') - 1) || '.' || "
                f"(o.id + :{other}) FROM {other} AS o WHERE o.number = {table}.{column})"
            )
        elif kind == "BLOB" and not copy_files:
            values.append("X''")
        else:
            values.append(column)
    return (
        f"INSERT INTO {table} ({', '.join(names)}) SELECT {', '.join(values)} FROM {table} "
        f"WHERE {_copied_rows(db, table)}"
    )


def grow(office: Path, documents: int, open_cases: int, copy_files: bool) -> None:
    """Copy the register's cases with all their records until it holds `documents` documents,
    then close all but `open_cases` of its open cases."""
    db = sqlite3.connect(office / "noticeclerk.db", isolation_level=None)
    db.execute("PRAGMA foreign_keys=ON")
    statements = {table: _copy_statement(db, table, copy_files) for table in CLONED}
    while (count := db.execute("SELECT count(*) FROM documents").fetchone()[0]) < documents:
        # Copy the first cases holding as many documents as are still wanting (at most all).
        wanting, last_case = documents - count, 0
        for case_id, held in db.execute(
            "SELECT case_id, count(*) FROM documents GROUP BY case_id ORDER BY case_id"
        ):
            if held > wanting:
                break
            wanting, last_case = wanting - held, case_id
        if last_case == 0:
            break
        offsets = {
            table: db.execute(f"SELECT coalesce(max(id), 0) FROM {table}").fetchone()[0]
            for table in CLONED
            if any(column == "id" for column, _ in _columns(db, table))
        }
        db.execute("BEGIN IMMEDIATE")
        for table in CLONED:
            db.execute(statements[table], {**offsets, "last_case": last_case})
        db.execute("COMMIT")
    db.execute(
        "UPDATE cases SET closed_at = '2026-02-27 15:00:00.000000', closed_by = 'bench', "
        "close_reason = 'paid' WHERE closed_at IS NULL AND id NOT IN "
        "(SELECT id FROM cases WHERE closed_at IS NULL ORDER BY id LIMIT :open)",
        {"open": open_cases},
    )
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    db.close()


def timed(work, runs: int) -> tuple[list[float], float, object]:  # type: ignore[no-untyped-def]
    """Wall times of `runs` runs after an unmeasured one, the CPU time of the median run, and
    what the first run gave."""
    found = work()
    times = []
    for _ in range(runs):
        started, cpu = time.perf_counter(), time.process_time()
        work()
        times.append((time.perf_counter() - started, time.process_time() - cpu))
    times.sort()
    return [wall for wall, _ in times], times[len(times) // 2][1], found


def measure(office: Path, runs: int) -> dict[str, object]:
    """Time `due` and `permits` over the workspace's register, in this process."""
    engine = open_register(register_url(office, None))
    figures: dict[str, object] = {}
    with engine.connect() as connection:
        for table in ("cases", "documents"):
            figures[table] = connection.exec_driver_sql(f"SELECT count(*) FROM {table}").scalar()
        figures["open_cases"] = connection.exec_driver_sql(
            "SELECT count(*) FROM cases WHERE closed_at IS NULL"
        ).scalar()
    walls, cpu, items = timed(lambda: what_is_due(engine, as_of=AS_OF, workspace=office), runs)
    figures["due"] = {"walls": walls, "cpu": cpu, "items": len(items), "peak": peak_mib()}
    walls, cpu, entries = timed(lambda: permit_record(engine, "palmyra", office), runs)
    figures["permits"] = {"walls": walls, "cpu": cpu, "items": len(entries), "peak": peak_mib()}
    engine.dispose()
    return figures


def peak_mib() -> float:
    """The process's peak resident memory so far, in MiB."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def report(office: Path, runs: int) -> None:
    """Measure in a fresh process, whose peak memory is then `due`'s and `permits`' own."""
    measured = subprocess.run(
        [sys.executable, __file__, "--measure", str(office), "-n", str(runs), "--json"],
        check=True,
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)},
    )
    show(json.loads(measured.stdout), office)


def show(figures: dict, office: Path) -> None:  # type: ignore[type-arg]
    size = sum(path.stat().st_size for path in office.glob("noticeclerk.db*") if path.is_file())
    print(
        f"register: {figures['documents']:,} documents, {figures['cases']:,} cases "
        f"({figures['open_cases']:,} open), {size / 2**20:,.1f} MiB"
    )
    for command in ("due", "permits"):
        found = figures[command]
        walls = found["walls"]
        print(
            f"{command}: {found['items']:,} items; min {min(walls):.3f} s, median "
            f"{statistics.median(walls):.3f} s, max {max(walls):.3f} s; CPU {found['cpu']:.3f} s; "
            f"peak memory of the process by then {found['peak']:.0f} MiB"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=60, help="open cases in the register")
    parser.add_argument("-n", type=int, default=5, help="timed runs of `due` and `permits`")
    parser.add_argument("--documents", type=int, help="grow the register to this many documents")
    parser.add_argument("--seeds", type=int, default=24, help="Village A cases built by issuing")
    parser.add_argument("--permits", type=int, default=4, help="Palmyra permits built by issuing")
    parser.add_argument("--open-cases", type=int, default=1000, help="cases left open")
    parser.add_argument("--copy-files", action="store_true", help="copies keep stored files")
    parser.add_argument("--keep", type=Path, help="build the workspace here and keep it")
    parser.add_argument("--measure", type=Path, help="only measure this workspace")
    parser.add_argument("--json", action="store_true", help=argparse.SUPPRESS)
    options = parser.parse_args()
    if options.measure:
        figures = measure(options.measure, options.n)
        if options.json:
            print(json.dumps(figures))
        else:
            show(figures, options.measure)
        return
    if options.documents:
        with tempfile.TemporaryDirectory() as folder:
            office = options.keep or Path(folder) / "office"
            started = time.perf_counter()
            build(office, options.seeds, options.permits)
            print(f"built {options.seeds} cases and {options.permits} permits by issuing in "
                  f"{time.perf_counter() - started:.1f} s")  # fmt: skip
            started = time.perf_counter()
            grow(office, options.documents, options.open_cases, options.copy_files)
            print(f"grew the register in SQL in {time.perf_counter() - started:.1f} s")
            report(office, options.n)
        return
    with tempfile.TemporaryDirectory() as folder:
        office = Path(folder) / "office"
        started = time.perf_counter()
        build(office, options.cases)
        print(f"built {options.cases} cases in {time.perf_counter() - started:.1f} s")
        engine = open_register(register_url(office, None))
        as_of = date(2026, 3, 2)
        items = what_is_due(engine, as_of=as_of, workspace=office)  # unmeasured: warms caches
        times = []
        for _ in range(options.n):
            started = time.perf_counter()
            what_is_due(engine, as_of=as_of, workspace=office)
            times.append(time.perf_counter() - started)
        named = sum(len(item.follow_ups) for item in items)
        print(
            f"due over {options.cases} cases ({len(items)} items, {named} follow-ups named): "
            f"min {min(times):.2f} s, median {statistics.median(times):.2f} s, "
            f"max {max(times):.2f} s"
        )
        engine.dispose()


if __name__ == "__main__":
    sys.exit(main())
