"""A big generated roll, read and checked, then imported into a register: seconds, rows/s, peak MB.

    python bench/roll_import.py                    # 200,000 parcels; the naive import at 20,000
    python bench/roll_import.py --parcels 50000 --naive-parcels 5000 --garbage-mb 39

Every measurement runs in a fresh process (so each peak, VmHWM, is its own) and prints wall
and CPU seconds, rows per second and the peak resident memory:
- reading alone: a roll of good parcels, which reading keeps, and a roll of bad rows ("x,"
  lines up to the size asked, under the 40 MB limit), which reading counts and does not keep;
- the register import (`roll import`): a first import into a fresh register, then a re-import
  of the same roll with 1% of the owners changed, the way noticeclerk does it (rows as tuples,
  Core executemany in chunks) beside the naive way it replaced (an ORM object per parcel and
  per owner record, flushed at the end), kept here for the comparison. The naive way takes
  minutes at 200,000 rows, so it runs at --naive-parcels, and the fast way at that size too.
"""

from __future__ import annotations

import argparse
import csv
import resource
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

from sqlalchemy import Engine, select

from noticeclerk.content.roll import ROLL_COLUMNS, RollRejected, load_roll, parse_roll
from noticeclerk.register.database import open_register, transaction, upgrade
from noticeclerk.register.models import OwnerRecord, Parcel, RollImport
from noticeclerk.register.roll import import_roll

FIRST = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)
LATER = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


def good_roll(path: Path, parcels: int, changed_every: int = 0) -> None:
    """A roll of parcels; with changed_every, every so many owners have sold since."""

    def sold(number: int) -> bool:
        return bool(changed_every) and number % changed_every == 0

    with path.open("w", encoding="utf-8", newline="") as out:
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(ROLL_COLUMNS)
        for number in range(parcels):
            writer.writerow(
                [
                    f"{number:06d}",
                    f"Section {number // 1000}, Block {number // 100 % 10}, Lot {number % 100}",
                    f"{number} Main Street",
                    f"{'New Owner' if sold(number) else 'Owner Number'} {number}",
                    f"PO Box {number}|{number} Main Street",
                    "Tuckahoe",
                    "NY",
                    "10707",
                    f"owner{number}@example.org",
                    "(555) 010-0327",
                    str(number),
                    "yes" if number % 2 else "no",
                    "yes",
                ]
            )


def garbage_roll(path: Path, megabytes: int) -> None:
    with path.open("w", encoding="utf-8", newline="") as out:
        out.write(",".join(ROLL_COLUMNS) + "\n")
        for _ in range(megabytes):
            out.write("x,\n" * (2**20 // 3))


def peak_rss_kb() -> int:
    """This process's own peak: ru_maxrss keeps the parent's peak across exec, VmHWM does not."""
    status = Path("/proc/self/status")
    if status.exists():
        for line in status.read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # KB on Linux, bytes on macOS


def measure(path: Path) -> None:
    """Run in the child: read the roll as the import does and print one line of figures."""
    start, cpu = time.perf_counter(), time.process_time()
    try:
        outcome = f"{len(load_roll(path).records):,} parcels read"
    except RollRejected as error:
        message = str(error)
        outcome = f"refused, a {len(message):,}-character message: {message.splitlines()[0]}"
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
    peak_mb = peak_rss_kb() / 1024
    size_mb = path.stat().st_size / 2**20
    print(
        f"read {path.name}: {size_mb:.1f} MB, {seconds:.2f} s (CPU {cpu:.2f} s), "
        f"peak {peak_mb:.0f} MB; {outcome}"
    )


def naive_import(engine: Engine, path: Path, village: str, now: datetime) -> tuple[int, int]:
    """The import as it was: an ORM object for every parcel and owner record; (rows, changes)."""
    rows = parse_roll(path)
    with transaction(engine) as session:
        record = RollImport(
            village=village,
            filename=path.name,
            sha256="",
            imported_at=now,
            imported_by="bench",
            rows=len(rows),
            changes=[],
        )
        session.add(record)
        session.flush()
        parcels = {
            parcel.parcel_id: parcel
            for parcel in session.scalars(select(Parcel).where(Parcel.village == village))
        }
        owners = {
            owner.parcel_pk: owner
            for owner in session.scalars(
                select(OwnerRecord)
                .join(Parcel)
                .where(Parcel.village == village, OwnerRecord.valid_to.is_(None))
                .order_by(OwnerRecord.valid_from)
            )
        }
        changes = []
        for row in rows:
            parcel = parcels.get(row.parcel_id)
            owner = None
            if parcel is None:
                parcel = Parcel(village=village, parcel_id=row.parcel_id)
                session.add(parcel)
            else:
                owner = owners.get(parcel.id)
            parcel.section_block_lot = row.section_block_lot
            parcel.property_address = row.property_address
            parcel.tax_lots = row.tax_lots
            parcel.resident = row.resident
            parcel.dwelling = row.dwelling
            theirs = (
                (owner.owner_name, list(owner.mailing_lines), owner.email, owner.phone)
                if owner
                else None
            )
            if theirs == (row.owner_name, list(row.mailing_lines), row.email, row.phone):
                continue
            if owner is not None:
                owner.valid_to = now
                changes.append({"parcel_id": row.parcel_id, "field": "owner_name"})
            session.add(
                OwnerRecord(
                    parcel=parcel,
                    owner_name=row.owner_name,
                    mailing_lines=list(row.mailing_lines),
                    email=row.email,
                    phone=row.phone,
                    valid_from=now,
                    valid_to=None,
                    roll_import_id=record.id,
                )
            )
        record.changes = changes
    return len(rows), len(changes)


def measure_import(way: str, register: Path, path: Path, now: datetime) -> None:
    """Run in the child: import the roll into the register one way; print one line."""
    url = f"sqlite:///{register}"
    if not register.exists():
        upgrade(url)
    engine = open_register(url)
    start, cpu = time.perf_counter(), time.process_time()
    if way == "naive":
        rows, changes = naive_import(engine, path, "bench", now)
    else:
        report = import_roll(engine, path, "bench", imported_by="bench", now=now)
        rows, changes = report.rows, len(report.changes)
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
    peak_mb = peak_rss_kb() / 1024
    kind = "first import" if now == FIRST else "re-import"
    print(
        f"{way:>5} {kind:<12} {rows:>8,} rows: {seconds:7.2f} s (CPU {cpu:6.2f} s), "
        f"{rows / seconds:>8,.0f} rows/s, peak {peak_mb:4.0f} MB; {changes:,} changes listed"
    )


def child(*args: str) -> None:
    subprocess.run([sys.executable, __file__, "--measure", *args], check=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--parcels", type=int, default=200_000)
    parser.add_argument("--naive-parcels", type=int, default=20_000)
    parser.add_argument("--garbage-mb", type=int, default=39)
    parser.add_argument("--measure", nargs="+", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.measure:
        if len(args.measure) == 1:
            measure(Path(args.measure[0]))
        else:
            way, register, path, moment = args.measure
            measure_import(way, Path(register), Path(path), datetime.fromisoformat(moment))
        return
    with tempfile.TemporaryDirectory() as folder:
        here = Path(folder)
        good, garbage = here / "good.csv", here / "garbage.csv"
        good_roll(good, args.parcels)
        garbage_roll(garbage, args.garbage_mb)
        for path in (good, garbage):
            child(str(path))
        garbage.unlink()
        runs = [("naive", args.naive_parcels), ("fast", args.naive_parcels)]
        runs.append(("fast", args.parcels))
        for way, parcels in runs:
            first, changed = here / f"first-{parcels}.csv", here / f"changed-{parcels}.csv"
            if not first.exists():
                good_roll(first, parcels)
                good_roll(changed, parcels, changed_every=100)
            register = here / f"{way}-{parcels}.db"
            child(way, str(register), str(first), FIRST.isoformat())
            child(way, str(register), str(changed), LATER.isoformat())


if __name__ == "__main__":
    main()
