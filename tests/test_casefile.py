"""Case files and the roll: a missing or malformed fact is named, and nothing is written."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from noticeclerk.cli import cli
from noticeclerk.exceptions import InputError
from noticeclerk.render import render_case

CASEBOOK = Path(__file__).resolve().parent.parent / "casebook"


@pytest.fixture
def palmyra_case(tmp_path) -> Path:
    """A copy of the Palmyra sample case and its roll, to edit."""
    shutil.copy(CASEBOOK / "palmyra" / "roll.csv", tmp_path / "roll.csv")
    case = tmp_path / "case.toml"
    shutil.copy(CASEBOOK / "palmyra" / "house-numbering-notice.toml", case)
    return case


def edit(case: Path, old: str, new: str) -> None:
    text = case.read_text(encoding="utf-8")
    assert old in text
    case.write_text(text.replace(old, new), encoding="utf-8")


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        (
            'street = "Taft Street"\n',
            "",
            "the fact 'street' (the street the building fronts on) is missing",
        ),
        (
            'street = "Taft Street"',
            "street = 42",
            "the fact 'street' (the street the building fronts on) must be text",
        ),
        (
            "observed_on = 2026-06-29",
            'observed_on = "June 29"',
            "must be a date written YYYY-MM-DD",
        ),
        (
            'street = "Taft Street"',
            'street = "Taft Street"\ncolour = "red"',
            "'colour' is not a fact the notice",
        ),
        ('parcels = ["PV-0417"]', 'parcels = ["PV-9999"]', "parcel 'PV-9999' is not on the roll"),
        (
            'notice = "house-numbering-notice"',
            'notice = "no-such-notice"',
            "has no notice type 'no-such-notice'",
        ),
        ('village = "palmyra"', 'village = "atlantis"', "There is no village 'atlantis'"),
        ("date = 2026-07-02", 'date = "soon"', "key 'date': must be the document's date"),
        ("date = 2026-07-02", "", "key 'date': is missing; give the document's date"),
        (
            'roll = "roll.csv"',
            'roll = "roll.csv"\ncolour = "red"',
            "key 'colour': is not a setting",
        ),
        ('parcels = ["PV-0417"]', "parcels = []", "key 'parcels': must be a list of parcel ids"),
        ("service = 2026-07-02", "served = 2026-07-02", "'served' is not an event the documents"),
        ('case = "PA-2026-0009"\n', "", "key 'case': is missing; write text in quotes"),
    ],
)
def test_a_bad_case_file_is_one_sentence_naming_what_to_fix(palmyra_case, old, new, message):
    edit(palmyra_case, old, new)
    with pytest.raises(InputError, match=message.replace("(", r"\(").replace(")", r"\)")):
        render_case(palmyra_case, ("pdf",))


def test_a_roll_address_without_a_zip_code_is_refused(palmyra_case):
    roll = palmyra_case.parent / "roll.csv"
    roll.write_text(roll.read_text(encoding="utf-8").replace(",53156,", ",,"), encoding="utf-8")
    with pytest.raises(InputError, match="must end with a ZIP code"):
        render_case(palmyra_case, ("pdf",))


def test_the_owner_of_record_comes_from_the_roll_and_prints_literally(palmyra_case):
    roll = palmyra_case.parent / "roll.csv"
    roll.write_text(
        roll.read_text(encoding="utf-8").replace("Marguerite O'Connell", "{{7*7}} <b>Evil</b>"),
        encoding="utf-8",
    )
    html = render_case(palmyra_case, ("pdf",)).html
    assert "{{7*7}} &lt;b&gt;Evil&lt;/b&gt;" in html
    assert "<b>Evil" not in html and "49" not in html.split("<body>")[1].split("</section>")[0]


def test_the_cli_writes_nothing_when_a_fact_is_missing(palmyra_case, runner, tmp_path):
    edit(palmyra_case, 'street = "Taft Street"\n', "")
    out = tmp_path / "out"
    result = runner.invoke(cli, ["render", str(palmyra_case), "--out", str(out)])
    assert result.exit_code == 1
    assert "the fact 'street'" in result.output
    assert "Traceback" not in result.output
    assert not out.exists() or not any(out.iterdir())


def test_the_cli_renders_a_case_to_pdf_and_docx(palmyra_case, runner, tmp_path):
    out = tmp_path / "out"
    result = runner.invoke(cli, ["render", str(palmyra_case), "--out", str(out)])
    assert result.exit_code == 0, result.output
    names = sorted(p.name for p in out.iterdir())
    assert names == [
        "PA-2026-H-0002-house-numbering-notice.docx",
        "PA-2026-H-0002-house-numbering-notice.pdf",
    ]
    assert (out / names[1]).read_bytes().startswith(b"%PDF")


def test_an_unknown_format_is_refused(palmyra_case, runner):
    result = runner.invoke(cli, ["render", str(palmyra_case), "--format", "pdf,rtf"])
    assert result.exit_code == 1
    assert "Formats are pdf and docx" in result.output


def test_reading_a_case_file_and_its_roll_loads_no_database_layer():
    # The content readers sit below the register: a case file is checked without SQLAlchemy.
    script = (
        "import sys\n"
        "from noticeclerk.content.casefile import read_case_header, load_case\n"
        "from noticeclerk.content.notice_types import load_notice\n"
        f"path = {str(CASEBOOK / 'palmyra' / 'house-numbering-notice.toml')!r}\n"
        "header = read_case_header(path)\n"
        "notice = load_notice('palmyra', header.notice)\n"
        "from zoneinfo import ZoneInfo\n"
        "load_case(path, header, notice, ZoneInfo('America/Chicago'))\n"
        "print(sorted(m for m in sys.modules if m.startswith(('sqlalchemy', 'alembic', "
        "'noticeclerk.register'))))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "[]"
