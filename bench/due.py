"""What is due over a register of many open cases: the time `due` takes, in seconds.

    python bench/due.py                # 60 Village A cases, 5 runs of `due`
    python bench/due.py --cases 200 -n 7

A register is built once in a temporary workspace: the Village A sample roll, then as many
cases as asked, each a directive issued and served by hand on a fixed day, half of them with a
maintenance bill issued, mailed and partly paid after the directive's seven days, so `due`
has passed deadlines, unpaid bills and the follow-ups to name (the bill; the sworn statement
after 20 days), with each follow-up's declared checks made on the records. Issuing renders
every document, so building is slow; only `due` is timed, in the process, N times after one
unmeasured run, printed as min / median / max, with the number of items it listed. Quote the
median.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from datetime import UTC, date, datetime
from pathlib import Path

from click.testing import CliRunner

from noticeclerk.article_numbers import usps_check_digit
from noticeclerk.cli import cli
from noticeclerk.register.cases import open_case, record, request_from_options
from noticeclerk.register.database import open_register, register_url
from noticeclerk.register.due import what_is_due
from noticeclerk.register.issuing import issue
from noticeclerk.register.payments import record_payment
from noticeclerk.register.roll import import_roll
from noticeclerk.register.service import ServiceRequest, serve

ROOT = Path(__file__).resolve().parent.parent
ROLL = ROOT / "casebook" / "village-a" / "roll.csv"
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


def at(day: str, hour: int = 15) -> datetime:
    return datetime.fromisoformat(f"{day}T{hour:02d}:00").replace(tzinfo=UTC)


def build(office: Path, cases: int) -> None:
    created = CliRunner().invoke(cli, ["init", str(office)])
    if created.exit_code != 0:
        raise SystemExit(created.output)
    engine = open_register(register_url(office, None))
    import_roll(engine, ROLL, "village-a", imported_by="bench", now=at("2026-01-02"))
    for index in range(cases):
        parcel = PARCELS[index % len(PARCELS)]
        request = request_from_options(
            "village-a", "directive-to-comply", [parcel], DIRECTIVE, [], office
        )
        case = open_case(engine, request, by="bench", now=at("2026-01-02"), workspace=office)
        directive = issue(
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
        record(engine, case, BILL, [], by="bench", now=at("2026-02-02"), workspace=office)
        bill = issue(
            engine, case, notice_slug="maintenance-bill", document_date=date(2026, 2, 2),
            by="bench", now=at("2026-02-02"), workspace=office,
        ).number  # fmt: skip
        # Each mailing its own article number, its check digit right.
        body = f"94071118992230330{index:04d}"
        article = body + str(usps_check_digit(body))
        mailed = ServiceRequest("certified_mail", "clerk", at("2026-02-02"), article_number=article)
        serve(engine, bill, mailed, now=at("2026-02-02"), workspace=office)
        record_payment(
            engine, bill, "100.00", date(2026, 2, 10), reference=None, by="bench",
            now=at("2026-02-10"),
        )  # fmt: skip
    engine.dispose()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=60, help="open cases in the register")
    parser.add_argument("-n", type=int, default=5, help="timed runs of `due`")
    options = parser.parse_args()
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
