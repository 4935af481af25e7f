"""The roll's optional dwelling column, turned into each parcel's dwelling: yes, no or unknown.

Village A § 134-43B and D deliver and post "at the dwelling on the property". A roll without
the column says nothing, so it keeps what an earlier roll recorded.
"""

from __future__ import annotations

import csv
import io
from datetime import UTC, datetime
from pathlib import Path

import pytest
from alembic import command
from sqlalchemy import select, text

from noticeclerk.cli import cli
from noticeclerk.content.roll import ROLL_COLUMNS, RollRejected, load_roll, parse_roll
from noticeclerk.register.database import (
    alembic_config,
    current_revision,
    make_engine,
    open_register,
    transaction,
    upgrade,
)
from noticeclerk.register.models import Parcel, RollImport
from noticeclerk.register.roll import export_roll, import_roll

JANUARY = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)
MARCH = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
JUNE = datetime(2026, 6, 1, 9, 0, tzinfo=UTC)
# Every column but dwelling: a roll as the offices' rolls were before the register kept it.
WITHOUT_DWELLING = tuple(column for column in ROLL_COLUMNS if column != "dwelling")


def parcel(parcel_id: str, address: str, **changes: str) -> dict[str, str]:
    """One roll row, a house in Village A; change any cell by keyword."""
    row = {
        "parcel_id": parcel_id,
        "section_block_lot": "",
        "property_address": address,
        "owner_name": "Ed and Marie Smith",
        "mailing_address": address,
        "city": "Village A",
        "state": "NY",
        "zip": "10000",
        "email": "",
        "phone": "(555) 010-0112",
        "tax_lots": "1",
        "resident": "yes",
        "dwelling": "yes",
    }
    row.update(changes)
    return row


def three_parcels() -> list[dict[str, str]]:
    """A house, a vacant lot and a parcel the roll says nothing about."""
    return [
        parcel("0301-02-001", "12 A Street"),
        parcel("0301-02-009", "16 A Street (vacant)", resident="no", dwelling="no"),
        parcel("0301-02-013", "18 A Street", dwelling=""),
    ]


def write_roll(
    path: Path, rows: list[dict[str, str]], columns: tuple[str, ...] = ROLL_COLUMNS
) -> Path:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(columns)
    writer.writerows([[row[column] for column in columns] for row in rows])
    path.write_text(out.getvalue(), encoding="utf-8")
    return path


@pytest.fixture
def register(tmp_path):
    url = f"sqlite:///{tmp_path / 'noticeclerk.db'}"
    upgrade(url)
    engine = open_register(url)
    yield engine
    engine.dispose()


def dwellings(engine) -> dict[str, bool | None]:
    with transaction(engine) as session:
        return {
            found.parcel_id: found.dwelling
            for found in session.scalars(select(Parcel).order_by(Parcel.parcel_id))
        }


def imported(engine, path: Path, now: datetime):  # type: ignore[no-untyped-def]
    return import_roll(engine, path, "village-a", imported_by="clerk", now=now)


# Reading the column


def test_yes_no_and_blank_are_read_as_true_false_and_none(tmp_path):
    rows = parse_roll(write_roll(tmp_path / "roll.csv", three_parcels()))
    assert [(row.parcel_id, row.dwelling) for row in rows] == [
        ("0301-02-001", True),
        ("0301-02-009", False),
        ("0301-02-013", None),
    ]


@pytest.mark.parametrize(
    ("cell", "dwelling"),
    [("Yes", True), ("TRUE", True), ("1", True), ("No", False), ("false", False), ("0", False)],
)
def test_dwelling_takes_the_same_words_as_resident(tmp_path, cell, dwelling):
    path = write_roll(tmp_path / "roll.csv", [parcel("0301-02-001", "12 A Street", dwelling=cell)])
    (row,) = parse_roll(path)
    assert row.dwelling is dwelling


def test_a_dwelling_that_is_neither_yes_no_nor_blank_is_refused_with_its_line(tmp_path):
    rows = [*three_parcels(), parcel("0301-02-004", "14 A Street", dwelling="a garage")]
    path = write_roll(tmp_path / "roll.csv", rows)
    with pytest.raises(RollRejected) as caught:
        parse_roll(path)
    assert caught.value.problems == [(5, "dwelling must be yes, no or blank, not 'a garage'")]
    assert str(caught.value).splitlines() == [
        f"The roll {path} has 1 bad row; nothing was imported.",
        "  line 5: dwelling must be yes, no or blank, not 'a garage'",
    ]


def test_a_roll_without_the_column_is_read_with_every_dwelling_unknown(tmp_path):
    path = write_roll(tmp_path / "roll.csv", three_parcels(), WITHOUT_DWELLING)
    roll = load_roll(path)
    assert [row.dwelling for row in roll.rows] == [None, None, None]
    assert roll.has_dwelling_column is False
    assert load_roll(write_roll(tmp_path / "with.csv", three_parcels())).has_dwelling_column


def test_a_misspelt_dwelling_column_is_named_with_the_column_it_resembles(tmp_path):
    columns = (*WITHOUT_DWELLING, "dwellings")
    rows = [{**row, "dwellings": row["dwelling"]} for row in three_parcels()]
    with pytest.raises(RollRejected) as caught:
        parse_roll(write_roll(tmp_path / "roll.csv", rows, columns))
    assert caught.value.problems == [
        (1, "'dwellings' is not a roll column; did you mean 'dwelling'?")
    ]


# Importing it


def test_a_roll_with_the_column_records_yes_no_and_not_stated(tmp_path, register):
    imported(register, write_roll(tmp_path / "roll.csv", three_parcels()), JANUARY)
    assert dwellings(register) == {
        "0301-02-001": True,
        "0301-02-009": False,
        "0301-02-013": None,
    }


def test_a_roll_without_the_column_imports_and_leaves_every_dwelling_unknown(tmp_path, register):
    path = write_roll(tmp_path / "roll.csv", three_parcels(), WITHOUT_DWELLING)
    report = imported(register, path, JANUARY)
    assert (report.added, report.changes) == (3, [])
    assert dwellings(register) == dict.fromkeys(["0301-02-001", "0301-02-009", "0301-02-013"])


def test_a_reimport_without_the_column_keeps_the_dwellings_an_earlier_roll_recorded(
    tmp_path, register
):
    imported(register, write_roll(tmp_path / "first.csv", three_parcels()), JANUARY)
    rows = [*three_parcels(), parcel("0301-02-004", "14 A Street")]
    report = imported(register, write_roll(tmp_path / "second.csv", rows, WITHOUT_DWELLING), MARCH)
    assert (report.added, report.changed, report.unchanged, report.changes) == (1, 0, 3, [])
    assert dwellings(register) == {
        "0301-02-001": True,
        "0301-02-004": None,  # new, on a roll that does not say
        "0301-02-009": False,
        "0301-02-013": None,
    }


def test_a_reimport_without_the_column_that_changes_another_field_keeps_the_dwelling(
    tmp_path, register
):
    imported(register, write_roll(tmp_path / "first.csv", three_parcels()), JANUARY)
    rows = three_parcels()
    rows[0]["resident"] = "no"
    report = imported(register, write_roll(tmp_path / "second.csv", rows, WITHOUT_DWELLING), MARCH)
    assert report.changes == [
        {"parcel_id": "0301-02-001", "field": "resident", "old": "yes", "new": "no"}
    ]
    assert dwellings(register)["0301-02-001"] is True


def test_a_reimport_with_the_column_records_each_change_of_dwelling(tmp_path, register):
    imported(register, write_roll(tmp_path / "first.csv", three_parcels()), JANUARY)
    rows = three_parcels()
    rows[0]["dwelling"] = ""  # the roll no longer says
    rows[1]["dwelling"] = "yes"  # a house built on the vacant lot
    rows[2]["dwelling"] = "no"  # the building at 18 A Street taken down
    report = imported(register, write_roll(tmp_path / "second.csv", rows), MARCH)
    changes = [
        {"parcel_id": "0301-02-001", "field": "dwelling", "old": "yes", "new": ""},
        {"parcel_id": "0301-02-009", "field": "dwelling", "old": "no", "new": "yes"},
        {"parcel_id": "0301-02-013", "field": "dwelling", "old": "", "new": "no"},
    ]
    assert (report.changed, report.unchanged, report.changes) == (3, 0, changes)
    assert report.summary().splitlines()[1:] == [
        "Changes:",
        "  0301-02-001: dwelling was yes, now (not stated)",
        "  0301-02-009: dwelling was no, now yes",
        "  0301-02-013: dwelling was (not stated), now no",
    ]
    assert dwellings(register) == {
        "0301-02-001": None,
        "0301-02-009": True,
        "0301-02-013": False,
    }
    with transaction(register) as session:
        assert session.get(RollImport, report.import_id).changes == changes


def test_a_preview_lists_a_change_of_dwelling_and_writes_nothing(tmp_path, register):
    imported(register, write_roll(tmp_path / "first.csv", three_parcels()), JUNE)
    rows = three_parcels()
    rows[1]["dwelling"] = "yes"
    report = import_roll(
        register,
        write_roll(tmp_path / "second.csv", rows),
        "village-a",
        imported_by="clerk",
        now=datetime(2026, 7, 1, tzinfo=UTC),
        preview=True,
    )
    assert report.changes == [
        {"parcel_id": "0301-02-009", "field": "dwelling", "old": "no", "new": "yes"}
    ]
    assert dwellings(register)["0301-02-009"] is False


# Exporting it


def test_the_export_writes_yes_no_or_blank_and_imports_back_with_no_changes(tmp_path, register):
    imported(register, write_roll(tmp_path / "roll.csv", three_parcels()), JANUARY)
    exported = export_roll(register, "village-a")
    header, *rows = csv.reader(io.StringIO(exported))
    assert header == list(ROLL_COLUMNS) and header[-1] == "dwelling"
    assert [(row[0], row[-1]) for row in rows] == [
        ("0301-02-001", "yes"),
        ("0301-02-009", "no"),
        ("0301-02-013", ""),
    ]
    path = tmp_path / "exported.csv"
    path.write_text(exported, encoding="utf-8")
    assert imported(register, path, MARCH).changes == []


def test_the_command_line_imports_a_roll_without_the_column_and_exports_it_blank(tmp_path, runner):
    office = tmp_path / "office"
    assert runner.invoke(cli, ["init", str(office)]).exit_code == 0
    path = write_roll(tmp_path / "roll.csv", three_parcels(), WITHOUT_DWELLING)
    base = ["--workspace", str(office), "roll"]
    result = runner.invoke(cli, [*base, "import", str(path), "--village", "village-a"])
    assert result.exit_code == 0, result.output
    assert result.output.startswith("Imported 3 rows of the village-a roll (import 1): 3 added")
    printed = runner.invoke(cli, [*base, "export", "--village", "village-a"])
    assert printed.exit_code == 0, printed.output
    assert [row[-1] for row in csv.reader(io.StringIO(printed.output))] == ["dwelling", "", "", ""]


# The migration


def test_the_migration_gives_a_register_at_0017_an_unknown_dwelling_on_every_parcel(tmp_path):
    url = f"sqlite:///{tmp_path / 'noticeclerk.db'}"
    command.upgrade(alembic_config(url), "0017")
    engine = make_engine(url)
    try:
        with engine.begin() as connection:
            connection.execute(
                text(
                    "INSERT INTO parcels (village, parcel_id, section_block_lot, "
                    "property_address, tax_lots, resident) "
                    "VALUES ('village-a', '0301-02-001', '', '12 A Street', '1', 1)"
                )
            )
        command.upgrade(alembic_config(url), "0018")
        assert current_revision(engine) == "0018"
        with engine.connect() as connection:
            assert connection.execute(
                text("SELECT parcel_id, resident, dwelling FROM parcels")
            ).all() == [("0301-02-001", 1, None)]
    finally:
        engine.dispose()
