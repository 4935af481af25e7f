"""Hostile rolls: files a roll must not be, cells no document can print, and rolls of garbage."""

from __future__ import annotations

import csv
import io
import os
from datetime import UTC, datetime
from pathlib import Path

import pytest
from sqlalchemy import select

from noticeclerk.cli import cli
from noticeclerk.content.roll import (
    MAX_ROLL_BYTES,
    ROLL_COLUMNS,
    RollRejected,
    neutralised,
    parse_roll,
    unneutralised,
)
from noticeclerk.exceptions import InputError
from noticeclerk.register.database import open_register, transaction, upgrade
from noticeclerk.register.models import OwnerRecord
from noticeclerk.register.roll import export_roll, import_roll
from noticeclerk.render import Renderer

CASEBOOK = Path(__file__).resolve().parent.parent / "casebook"
JANUARY = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)
MARCH = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
SECRET = "root:x:0:0:the-secret-first-line:/root:/bin/bash"


def roll_row(**changes: str) -> list[str]:
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
    return [row[column] for column in ROLL_COLUMNS]


def write_roll(path: Path, *rows: list[str]) -> Path:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n", quoting=csv.QUOTE_ALL)
    writer.writerows([ROLL_COLUMNS, *rows])
    path.write_text(out.getvalue(), encoding="utf-8")
    return path


@pytest.fixture
def register(tmp_path):
    url = f"sqlite:///{tmp_path / 'noticeclerk.db'}"
    upgrade(url)
    engine = open_register(url)
    yield engine
    engine.dispose()


# A case file's roll: a regular file beside the case file or in the workspace


def case_naming_roll(folder: Path, roll: str) -> Path:
    """The sample Tuckahoe notice of violation, copied into `folder`, naming `roll`."""
    sample = (CASEBOOK / "tuckahoe" / "rental-letter.toml").read_text(encoding="utf-8")
    assert 'roll = "roll.csv"' in sample
    folder.mkdir(parents=True, exist_ok=True)
    case = folder / "case.toml"
    case.write_text(sample.replace('roll = "roll.csv"', f'roll = "{roll}"'), encoding="utf-8")
    return case


@pytest.fixture
def secret(tmp_path) -> Path:
    """A file outside every case folder and workspace, standing for /etc/passwd."""
    path = tmp_path / "etc" / "passwd"
    path.parent.mkdir()
    path.write_text(SECRET + "\n", encoding="utf-8")
    return path


@pytest.mark.parametrize("how", ["absolute", "relative", "link"])
def test_a_case_files_roll_outside_its_folder_and_the_workspace_is_refused_unread(
    tmp_path, secret, how
):
    folder = tmp_path / "cases" / "deep" / "er"
    if how == "absolute":
        case = case_naming_roll(folder, str(secret))
    elif how == "relative":
        case = case_naming_roll(folder, "../../../etc/passwd")
    else:
        case = case_naming_roll(folder, "roll.csv")
        (folder / "roll.csv").symlink_to(secret)
    with pytest.raises(RollRejected) as caught:
        Renderer(tmp_path / "workspace").render(case, ("pdf",))
    message = str(caught.value)
    assert "is outside the case file's folder and the workspace" in message
    assert message.endswith("; no document was made.")
    assert "secret" not in message


@pytest.mark.parametrize("roll", ["/etc/shadow", "/dev/zero", "../../../../etc/passwd"])
def test_a_case_file_naming_a_system_file_as_its_roll_is_refused(tmp_path, roll):
    case = case_naming_roll(tmp_path / "case", roll)
    with pytest.raises(RollRejected, match="is outside the case file's folder"):
        Renderer().render(case, ("pdf",))


def test_a_roll_in_the_workspace_may_be_named_from_a_case_file_elsewhere(tmp_path):
    workspace = tmp_path / "workspace"
    workspace.mkdir()
    (workspace / "tuckahoe.csv").write_bytes((CASEBOOK / "tuckahoe" / "roll.csv").read_bytes())
    case = case_naming_roll(tmp_path / "cases", str(workspace / "tuckahoe.csv"))
    assert Renderer(workspace).render(case, ("pdf",)).html


@pytest.mark.parametrize("kind", ["folder", "fifo", "device"])
def test_a_roll_that_is_not_a_regular_file_is_refused_without_waiting(tmp_path, kind):
    path = tmp_path / "roll.csv"
    if kind == "folder":
        path.mkdir()
    elif kind == "fifo":
        os.mkfifo(path)  # opened plainly, this would wait for a writer forever
    else:
        path.symlink_to("/dev/zero")  # read plainly, this never ends
    with pytest.raises(RollRejected, match=r"is (a folder|a device, pipe or socket), not a CSV"):
        parse_roll(path)


def test_a_roll_larger_than_any_village_has_is_refused_before_it_is_read(tmp_path):
    path = tmp_path / "roll.csv"
    with path.open("wb") as sparse:
        sparse.truncate(MAX_ROLL_BYTES + 1)  # a sparse file: no disk, no time
    with pytest.raises(RollRejected, match=r"is larger than 40 MB, more than any village's roll"):
        parse_roll(path)


def test_roll_import_of_a_file_that_is_no_roll_never_repeats_its_content(tmp_path, runner):
    workspace = tmp_path / "office"
    assert runner.invoke(cli, ["init", str(workspace)]).exit_code == 0
    passwd = tmp_path / "passwd"
    passwd.write_text(f"{SECRET}\ndaemon:x:1:1:another-secret:/usr/sbin:/bin/sh\n")
    result = runner.invoke(
        cli,
        ["--workspace", str(workspace), "roll", "import", str(passwd), "--village", "tuckahoe"],
    )
    assert result.exit_code == 1
    assert result.output.splitlines() == [
        f"Error: The roll {passwd} does not have the roll's columns in its header row; "
        "nothing was imported.",
        "  line 1: none of its 1 cell names a roll column; the columns are parcel_id, "
        "section_block_lot, property_address, owner_name, mailing_address, city, state, zip, "
        "email, phone, tax_lots, resident, and optionally dwelling",
    ]


def test_roll_import_of_a_fifo_says_so_in_one_sentence(tmp_path, runner):
    workspace = tmp_path / "office"
    assert runner.invoke(cli, ["init", str(workspace)]).exit_code == 0
    fifo = tmp_path / "roll.csv"
    os.mkfifo(fifo)
    result = runner.invoke(
        cli, ["--workspace", str(workspace), "roll", "import", str(fifo), "--village", "tuckahoe"]
    )
    assert (result.exit_code, result.output) == (
        1,
        f"Error: The roll {fifo} is a device, pipe or socket, not a CSV file; "
        "nothing was imported.\n",
    )


# Rolls of garbage: memory and messages bounded


def test_ten_thousand_bad_rows_list_fifty_and_count_the_rest(tmp_path):
    path = tmp_path / "roll.csv"
    path.write_text(",".join(ROLL_COLUMNS) + "\n" + "x,\n" * 10_000, encoding="utf-8")
    with pytest.raises(RollRejected) as caught:
        parse_roll(path)
    lines = str(caught.value).splitlines()
    assert lines[0] == f"The roll {path} has 10,000 bad rows; nothing was imported."
    assert lines[1] == "  line 2: the row has 2 cells; the header has 13"
    assert lines[50] == "  line 51: the row has 2 cells; the header has 13"
    assert lines[51:] == ["  and 9,950 more rows like these"]
    assert caught.value.bad_rows == 10_000


def test_a_line_of_a_hundred_thousand_commas_is_refused_in_one_short_sentence(tmp_path):
    path = tmp_path / "roll.csv"
    path.write_text("," * 100_000 + "\n", encoding="utf-8")
    with pytest.raises(RollRejected) as caught:
        parse_roll(path)
    assert str(caught.value) == (
        f"The roll {path} has a line 1 longer than 20,000 characters, which no roll row is; "
        "check that it is the roll; nothing was imported."
    )


def test_a_long_cell_is_quoted_back_cut_short(tmp_path):
    path = write_roll(tmp_path / "roll.csv", roll_row(state="N" * 5_000))
    with pytest.raises(RollRejected) as caught:
        parse_roll(path)
    assert len(str(caught.value)) < 400
    assert f"the state '{'N' * 57}...' must be two letters" in str(caught.value)


# Roll cells: one line of printable text, refused by line, column and position


@pytest.mark.parametrize(
    ("column", "text", "label", "code", "position"),
    [
        ("owner_name", "Ferr\x07aro", "owner name", "U+0007", 5),
        ("owner_name", "Ferraro \u202eLLC", "owner name", "U+202E", 9),
        ("mailing_address", "PO Box 1|\u2066Suite 2", "mailing address", "U+2066", 10),
        ("property_address", "27 Main\uffffStreet", "property address", "U+FFFF", 8),
        ("section_block_lot", "\ufffeSection 32", "section-block-lot", "U+FFFE", 1),
        ("city", "Tuckahoe\x1b[2J", "city", "U+001B", 9),
    ],
)
def test_a_roll_cell_no_document_can_print_is_refused_by_line_column_and_position(
    tmp_path, column, text, label, code, position
):
    path = write_roll(tmp_path / "roll.csv", roll_row(parcel_id="001"), roll_row(**{column: text}))
    with pytest.raises(RollRejected) as caught:
        parse_roll(path)
    ((line, problem),) = caught.value.problems
    assert line == 3
    assert problem.startswith(f"the {label} contains ")
    assert f"({code})" in problem
    assert f" at position {position}" in problem
    assert problem.endswith(", which a document cannot print faithfully")
    assert str(caught.value).splitlines()[0] == (
        f"The roll {path} has 1 bad row; nothing was imported."
    )


@pytest.mark.parametrize(
    ("column", "text", "problem"),
    [
        ("tax_lots", "37\t38", "the tax lots has a tab at position 3; write a space instead"),
        (
            "phone",
            "555 0100\r=1+1",
            "the phone has a line break in it at position 9; write it on one line "
            "(separate mailing address lines with |)",
        ),
        (
            "property_address",
            "27 Main Street\nRear",
            "the property address has a line break in it at position 15; write it on one line "
            "(separate mailing address lines with |)",
        ),
    ],
)
def test_a_roll_cell_is_one_line_with_no_tab(tmp_path, column, text, problem):
    path = write_roll(tmp_path / "roll.csv", roll_row(parcel_id="001"), roll_row(**{column: text}))
    with pytest.raises(RollRejected) as caught:
        parse_roll(path)
    assert caught.value.problems == [(3, problem)]


# Export: every cell with a line break quoted, formulas inert on every line


@pytest.mark.parametrize(
    ("text", "written"),
    [
        ("=1+1", "'=1+1"),
        ("'=1+1", "''=1+1"),
        ("'plain", "'plain"),
        ("555 0100\r=1+1", "555 0100\r'=1+1"),
        ("a\n@SUM(1)\r\n-2\n+3", "a\n'@SUM(1)\r\n'-2\n'+3"),
        ("\r=1", "'\r'=1"),
        ("\t=1", "'\t=1"),
        ("a\n'=1", "a\n''=1"),
        ("a-b\n x", "a-b\n x"),
    ],
)
def test_the_export_quotes_a_formula_at_the_start_of_every_line_and_import_undoes_it(text, written):
    assert neutralised(text) == written
    assert unneutralised(written) == text


def test_a_bare_cr_in_a_cell_is_exported_quoted_so_the_row_stays_one_row(tmp_path, register):
    import_roll(
        register,
        write_roll(tmp_path / "roll.csv", roll_row()),
        "tuckahoe",
        imported_by="clerk",
        now=JANUARY,
    )
    with transaction(register) as session:  # as a register filled before cells were checked
        owner = session.scalars(select(OwnerRecord)).one()
        owner.phone = "555 0100\r=1+1"
    text = export_roll(register, "tuckahoe")
    assert '"555 0100\r\'=1+1"' in text
    _header, row = csv.reader(io.StringIO(text, newline=""))
    assert row[ROLL_COLUMNS.index("phone")] == "555 0100\r'=1+1"
    exported = tmp_path / "exported.csv"
    exported.write_text(text, encoding="utf-8", newline="")
    # The importer reads its own export as the one row it is, and names the cell to fix.
    with pytest.raises(RollRejected) as caught:
        import_roll(register, exported, "tuckahoe", imported_by="clerk", now=MARCH)
    assert caught.value.problems == [
        (
            2,
            "the phone has a line break in it at position 9; write it on one line "
            "(separate mailing address lines with |)",
        )
    ]


def test_a_cell_the_clerk_wrote_with_a_leading_quote_and_a_formula_comes_back_as_written(
    tmp_path, register
):
    path = write_roll(tmp_path / "roll.csv", roll_row(owner_name=neutralised("'=1+1")))
    import_roll(register, path, "tuckahoe", imported_by="clerk", now=JANUARY)
    exported = tmp_path / "exported.csv"
    exported.write_text(export_roll(register, "tuckahoe"), encoding="utf-8")
    (row,) = parse_roll(exported)
    assert row.owner_name == "'=1+1"
    report = import_roll(register, exported, "tuckahoe", imported_by="clerk", now=MARCH)
    assert report.changes == []


def test_a_missing_roll_file_is_still_one_sentence(tmp_path):
    with pytest.raises(InputError, match=r"There is no roll file .*nope\.csv"):
        parse_roll(tmp_path / "nope.csv")


def test_a_case_files_roll_of_many_bad_rows_counts_them_too(tmp_path):
    case = case_naming_roll(tmp_path / "case", "roll.csv")
    (case.parent / "roll.csv").write_text(
        ",".join(ROLL_COLUMNS) + "\n" + "x,\n" * (60), encoding="utf-8"
    )
    with pytest.raises(RollRejected) as caught:
        Renderer().render(case, ("pdf",))
    lines = str(caught.value).splitlines()
    assert lines[0].endswith("has 60 bad rows; no document was made.")
    assert lines[-1] == "  and 10 more rows like these"
