"""The roll imported in bulk: the register it leaves is the one the clerk expects, dated owners
and listed changes included, whatever the chunk size, and nothing at all when it fails or is
killed halfway."""

from __future__ import annotations

import csv
import signal
import subprocess
import sys
import textwrap
from datetime import UTC, datetime
from pathlib import Path

import pytest
from sqlalchemy import text

from noticeclerk.content.roll import ROLL_COLUMNS, RollRejected
from noticeclerk.register import roll as register_roll
from noticeclerk.register.database import open_register, upgrade
from noticeclerk.register.roll import READING, WRITING, import_roll

JANUARY = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)
MARCH = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
JUNE = datetime(2026, 6, 1, 9, 0, tzinfo=UTC)


def row(number: int, **changes: str) -> dict[str, str]:
    """Parcel P-<number> as the roll has it; change any cell by keyword."""
    cells = {
        "parcel_id": f"P-{number:03d}",
        "section_block_lot": f"Section 1, Block 2, Lot {number}",
        "property_address": f"{number} Main Street",
        "owner_name": f"Owner {number}",
        "mailing_address": f"PO Box {number}|{number} Main Street",
        "city": "Tuckahoe",
        "state": "NY",
        "zip": "10707",
        "email": f"owner{number}@example.org",
        "phone": "(555) 010-0327",
        "tax_lots": str(number),
        "resident": "yes" if number % 2 else "no",
        "dwelling": "yes",
    }
    cells.update(changes)
    return cells


def write_roll(path: Path, rows: list[dict[str, str]]) -> Path:
    with path.open("w", encoding="utf-8", newline="") as out:
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(ROLL_COLUMNS)
        writer.writerows([[cells[column] for column in ROLL_COLUMNS] for cells in rows])
    return path


@pytest.fixture
def register(tmp_path):
    url = f"sqlite:///{tmp_path / 'noticeclerk.db'}"
    upgrade(url)
    engine = open_register(url)
    yield engine
    engine.dispose()


def state(engine) -> dict[str, list[tuple]]:
    """Every row the roll import writes, in the order the register numbered them."""
    with engine.connect() as connection:
        return {
            table: [tuple(found) for found in connection.execute(text(query))]
            for table, query in {
                "parcels": "SELECT id, village, parcel_id, section_block_lot, property_address, "
                "tax_lots, resident FROM parcels ORDER BY id",
                "owner_records": "SELECT id, parcel_pk, owner_name, mailing_lines, email, phone, "
                "valid_from, valid_to, roll_import_id FROM owner_records ORDER BY id",
                "roll_imports": "SELECT id, village, filename, rows, changes FROM roll_imports "
                "ORDER BY id",
            }.items()
        }


def owners(engine) -> list[tuple[str, str, str, str | None, int]]:
    """(parcel, owner, valid from, valid to, import) for every owner record, by record."""
    with engine.connect() as connection:
        return [
            tuple(found)
            for found in connection.execute(
                text(
                    "SELECT parcels.parcel_id, owner_name, valid_from, valid_to, roll_import_id "
                    "FROM owner_records JOIN parcels ON parcels.id = owner_records.parcel_pk "
                    "ORDER BY owner_records.id"
                )
            )
        ]


def first_and_second_imports(register, tmp_path) -> tuple:
    first = write_roll(tmp_path / "first.csv", [row(number) for number in range(1, 6)])
    report_one = import_roll(register, first, "tuckahoe", imported_by="clerk", now=JANUARY)
    second = write_roll(
        tmp_path / "second.csv",
        [
            row(1),
            row(2, owner_name="Rafael Ortega", email=""),  # sold
            row(3, tax_lots="3A", resident="no"),  # the parcel changed, not its owner
            # P-004 is gone from the roll
            row(5, mailing_address="PO Box 99"),
            row(6),  # new
        ],
    )
    report_two = import_roll(register, second, "tuckahoe", imported_by="clerk", now=MARCH)
    return report_one, report_two


def test_a_first_import_adds_every_parcel_with_its_owner_and_lists_no_changes(register, tmp_path):
    path = write_roll(tmp_path / "roll.csv", [row(number) for number in range(1, 4)])
    report = import_roll(register, path, "tuckahoe", imported_by="clerk", now=JANUARY)
    assert (report.added, report.changed, report.unchanged, report.changes) == (3, 0, 0, [])
    found = state(register)
    assert [parcel[2:] for parcel in found["parcels"]] == [
        ("P-001", "Section 1, Block 2, Lot 1", "1 Main Street", "1", 1),
        ("P-002", "Section 1, Block 2, Lot 2", "2 Main Street", "2", 0),
        ("P-003", "Section 1, Block 2, Lot 3", "3 Main Street", "3", 1),
    ]
    assert [record[2:6] for record in found["owner_records"]] == [
        (
            f"Owner {number}",
            f'["PO Box {number}", "{number} Main Street", "Tuckahoe NY 10707"]',
            f"owner{number}@example.org",
            "(555) 010-0327",
        )
        for number in range(1, 4)
    ]
    assert owners(register) == [
        (f"P-00{number}", f"Owner {number}", "2026-01-05 09:00:00.000000", None, 1)
        for number in range(1, 4)
    ]
    assert found["roll_imports"] == [(1, "tuckahoe", "roll.csv", 3, "[]")]


def test_a_re_import_closes_the_sold_parcels_owner_and_lists_each_change_by_field(
    register, tmp_path
):
    _, report = first_and_second_imports(register, tmp_path)
    assert (report.added, report.changed, report.unchanged) == (1, 3, 1)
    assert report.changes == [
        {"parcel_id": "P-002", "field": "owner_name", "old": "Owner 2", "new": "Rafael Ortega"},
        {"parcel_id": "P-002", "field": "email", "old": "owner2@example.org", "new": ""},
        {"parcel_id": "P-003", "field": "tax_lots", "old": "3", "new": "3A"},
        {"parcel_id": "P-003", "field": "resident", "old": "yes", "new": "no"},
        {
            "parcel_id": "P-005",
            "field": "mailing_lines",
            "old": "PO Box 5 | 5 Main Street | Tuckahoe NY 10707",
            "new": "PO Box 99 | Tuckahoe NY 10707",
        },
        {"parcel_id": "P-004", "field": "present", "old": "yes", "new": "no"},
    ]
    january, march = "2026-01-05 09:00:00.000000", "2026-03-02 09:00:00.000000"
    assert owners(register) == [
        ("P-001", "Owner 1", january, None, 1),
        ("P-002", "Owner 2", january, march, 1),
        ("P-003", "Owner 3", january, None, 1),
        ("P-004", "Owner 4", january, None, 1),
        ("P-005", "Owner 5", january, march, 1),
        ("P-002", "Rafael Ortega", march, None, 2),
        ("P-005", "Owner 5", march, None, 2),
        ("P-006", "Owner 6", march, None, 2),
    ]
    parcels = {parcel[2]: parcel[3:] for parcel in state(register)["parcels"]}
    assert parcels["P-003"] == ("Section 1, Block 2, Lot 3", "3 Main Street", "3A", 0)
    assert parcels["P-004"] == ("Section 1, Block 2, Lot 4", "4 Main Street", "4", 0)
    assert list(parcels) == ["P-001", "P-002", "P-003", "P-004", "P-005", "P-006"]
    assert state(register)["roll_imports"][1][4].count('"field"') == 6


def test_importing_the_same_roll_again_changes_nothing_and_lists_nothing(register, tmp_path):
    path = write_roll(tmp_path / "roll.csv", [row(number) for number in range(1, 4)])
    import_roll(register, path, "tuckahoe", imported_by="clerk", now=JANUARY)
    before = state(register)
    report = import_roll(register, path, "tuckahoe", imported_by="clerk", now=MARCH)
    assert (report.added, report.changed, report.unchanged, report.changes) == (0, 0, 3, [])
    after = state(register)
    assert (after["parcels"], after["owner_records"]) == (
        before["parcels"],
        before["owner_records"],
    )


def test_small_chunks_leave_the_same_register_as_one_chunk(register, tmp_path, monkeypatch):
    first_and_second_imports(register, tmp_path)
    expected = state(register)
    url = f"sqlite:///{tmp_path / 'chunked.db'}"
    upgrade(url)
    chunked = open_register(url)
    monkeypatch.setattr(register_roll, "CHUNK_ROWS", 2)
    written: list[tuple[int, int]] = []
    try:
        folder = tmp_path / "chunked"
        folder.mkdir()
        import_roll(
            chunked,
            write_roll(folder / "first.csv", [row(number) for number in range(1, 6)]),
            "tuckahoe",
            imported_by="clerk",
            now=JANUARY,
        )
        import_roll(
            chunked,
            (tmp_path / "second.csv").rename(folder / "second.csv"),
            "tuckahoe",
            imported_by="clerk",
            now=MARCH,
            progress=lambda stage, done, total: stage == WRITING and written.append((done, total)),
        )
        assert state(chunked) == expected
    finally:
        chunked.dispose()
    # P-006 added, P-003 updated, two owners closed, three owner records: 7 rows, by 2s.
    assert written == [(1, 7), (2, 7), (4, 7), (6, 7), (7, 7)]


def test_reading_progress_ends_at_the_files_size(register, tmp_path):
    path = write_roll(tmp_path / "roll.csv", [row(number) for number in range(1, 4)])
    told: list[tuple[str, int, int]] = []
    import_roll(
        register,
        path,
        "tuckahoe",
        imported_by="clerk",
        now=JANUARY,
        progress=lambda *one: told.append(one),
    )
    size = path.stat().st_size
    assert told[0] == (READING, size, size)
    assert told[-1] == (WRITING, 6, 6)  # three parcels, three owners


def test_a_bad_row_in_a_re_import_leaves_the_register_as_it_was(register, tmp_path):
    path = write_roll(tmp_path / "roll.csv", [row(number) for number in range(1, 4)])
    import_roll(register, path, "tuckahoe", imported_by="clerk", now=JANUARY)
    before = state(register)
    bad = write_roll(
        tmp_path / "bad.csv",
        [row(1, owner_name="Rafael Ortega"), row(4), row(5, zip="1070")],
    )
    with pytest.raises(RollRejected, match="has 1 bad row; nothing was imported"):
        import_roll(register, bad, "tuckahoe", imported_by="clerk", now=MARCH)
    assert state(register) == before


def test_a_bad_row_in_a_first_import_leaves_nothing(register, tmp_path):
    bad = write_roll(tmp_path / "bad.csv", [row(1), row(2, resident="maybe")])
    with pytest.raises(RollRejected, match="line 3: resident must be yes or no"):
        import_roll(register, bad, "tuckahoe", imported_by="clerk", now=JANUARY)
    assert state(register) == {"parcels": [], "owner_records": [], "roll_imports": []}


# Kills its own process (SIGKILL, no clean-up) once the first chunk of the import is written.
KILLED = textwrap.dedent(
    """
    import os, signal, sys
    from datetime import UTC, datetime
    from pathlib import Path
    from noticeclerk.register import roll
    from noticeclerk.register.database import open_register

    roll.CHUNK_ROWS = 100

    def progress(stage, done, total):
        if stage == roll.WRITING and done >= 300:
            os.kill(os.getpid(), signal.SIGKILL)

    roll.import_roll(open_register(sys.argv[1]), Path(sys.argv[2]), "tuckahoe",
                     imported_by="clerk", now=datetime(2026, 6, 1, 9, tzinfo=UTC),
                     progress=progress)
    """
)


def test_an_import_killed_halfway_leaves_the_register_as_it_was(register, tmp_path):
    path = write_roll(tmp_path / "roll.csv", [row(number) for number in range(1, 6)])
    import_roll(register, path, "tuckahoe", imported_by="clerk", now=JANUARY)
    before = state(register)
    bigger = write_roll(
        tmp_path / "bigger.csv",
        [row(number, owner_name=f"Buyer {number}") for number in range(1, 1_001)],
    )
    killed = subprocess.run(
        [sys.executable, "-c", KILLED, str(register.url), str(bigger)],
        capture_output=True,
        timeout=300,
    )
    assert killed.returncode == -signal.SIGKILL, killed.stderr.decode()
    register.dispose()  # read the file afresh, as the next command would
    assert state(register) == before
    # And the same import, run again to the end, brings the register up to the roll.
    report = import_roll(register, bigger, "tuckahoe", imported_by="clerk", now=JUNE)
    assert (report.added, report.changed) == (995, 5)


def test_the_cli_shows_a_big_rolls_progress_on_stderr_and_the_summary_alone_on_stdout(tmp_path):
    from click.testing import CliRunner

    from noticeclerk.cli import cli

    runner = CliRunner()
    office = tmp_path / "office"
    assert runner.invoke(cli, ["init", str(office)]).exit_code == 0
    path = write_roll(tmp_path / "roll.csv", [row(number) for number in range(1, 8_001)])
    assert path.stat().st_size >= 1_000_000
    result = runner.invoke(
        cli, ["--workspace", str(office), "roll", "import", str(path), "--village", "tuckahoe"]
    )
    assert result.exit_code == 0, result.output
    assert result.stdout == (
        "Imported 8,000 rows of the tuckahoe roll (import 1): 8000 added, 0 changed, 0 unchanged.\n"
    )
    assert "Reading the roll" in result.stderr and "Writing the register" in result.stderr
