"""Register size: the bytes a register keeps per issued document, with its files in the
workspace's store (migration 0015) and with them inside the database (0014), side by side.

    python bench/register_size.py
    python bench/register_size.py --documents 50

It issues Palmyra house-numbering notices into a new workspace, measures the SQLite file
(checkpointed and vacuumed) and the store, then takes the same register back to 0014, which
puts every file into the database again, and measures it the same way. A register of 100,000
documents is projected from the growth per document. CPU seconds of this process too.
"""

from __future__ import annotations

import argparse
import sqlite3
import tempfile
import time
from datetime import UTC, date, datetime
from pathlib import Path

from alembic import command
from issue_one import issue_one

from noticeclerk.register.cases import open_case, request_from_options
from noticeclerk.register.database import alembic_config, open_register, register_url
from noticeclerk.register.roll import import_roll
from noticeclerk.register.workspace import init_workspace

REPO = Path(__file__).resolve().parent.parent
NOON = datetime(2026, 11, 30, 17, 0, tzinfo=UTC)
FACTS = [
    "assigned_number=412",
    "number_assigned_on=2026-10-20",
    "street=Taft Street",
    "observed_on=2026-11-27",
]


def database_size(path: Path) -> int:
    with sqlite3.connect(path) as database:
        database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    with sqlite3.connect(path, isolation_level=None) as database:
        database.execute("VACUUM")
    return path.stat().st_size


def store_size(folder: Path) -> int:
    return sum(p.stat().st_size for p in (folder / "archive").rglob("*") if p.is_file())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--documents", type=int, default=20)
    n = parser.parse_args().documents
    with tempfile.TemporaryDirectory() as temporary:
        office = Path(temporary) / "office"
        init_workspace(office)
        url = register_url(office, None)
        engine = open_register(url)
        import_roll(engine, REPO / "casebook/palmyra/roll.csv", "palmyra", imported_by="bench",
                    now=datetime(2026, 1, 2, tzinfo=UTC))  # fmt: skip
        request = request_from_options(
            "palmyra", "house-numbering-notice", ["PV-0417"], FACTS, [], office
        )
        case = open_case(engine, request, by="bench", now=NOON, workspace=office)
        issue_one(engine, case, notice_slug=None, document_date=date(2026, 12, 1), by="bench",
              now=NOON, workspace=office)  # fmt: skip
        engine.dispose()
        one = database_size(office / "noticeclerk.db")
        one_store = store_size(office)
        engine = open_register(url)
        wall, cpu = time.perf_counter(), time.process_time()
        for _ in range(n):
            # A case for each: a case's first notice is given once to its owner.
            case = open_case(engine, request, by="bench", now=NOON, workspace=office)
            issue_one(engine, case, notice_slug=None, document_date=date(2026, 12, 1),
                      by="bench", now=NOON, workspace=office)  # fmt: skip
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        engine.dispose()
        store_per = (store_size(office) - one_store) / n
        total_lean = database_size(office / "noticeclerk.db")
        lean = (total_lean - one) / n
        command.downgrade(alembic_config(url), "0014")  # every file back into the database
        total_inside = database_size(office / "noticeclerk.db")
        inside = lean + (total_inside - total_lean) / (n + 1)
        print(f"documents issued: {n + 1} ({cpu / n:.2f} s CPU, {wall / n:.2f} s wall each)")
        print(f"files per document (PDF + DOCX), in the store: {store_per / 1024:.1f} KB")
        print(f"register per document, files in the database (0014): {inside / 1024:.1f} KB")
        print(f"register per document, files in the store (0015):    {lean / 1024:.1f} KB")
        print(
            f"projected register of 100,000 documents: {inside * 100_000 / 2**20:.0f} MB (0014) "
            f"vs {lean * 100_000 / 2**20:.0f} MB (0015), with a store of "
            f"{store_per * 100_000 / 2**30:.1f} GB"
        )


if __name__ == "__main__":
    main()
