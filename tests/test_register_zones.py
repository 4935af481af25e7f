"""Times through the register, read and printed in the village's own zone, whatever the
computer's: a moment typed at the counter prints "CST", and `due --date` asks about the
village's day."""

from __future__ import annotations

import time
from io import BytesIO
from pathlib import Path

import pytest
from pypdf import PdfReader

from noticeclerk.cli import cli

REPO = Path(__file__).resolve().parent.parent
CASEBOOK = REPO / "casebook"


@pytest.fixture
def clerk(tmp_path, runner):
    office = tmp_path / "office"

    def run(*args: str):
        result = runner.invoke(cli, ["--workspace", str(office), *args])
        assert result.exit_code == 0, (args, result.output)
        return result.output

    run("init", str(office))
    return run


@pytest.fixture
def computer_far_west(monkeypatch):
    """The computer's clock set to Pago Pago (UTC-11), far west of every village."""
    monkeypatch.setenv("TZ", "Pacific/Pago_Pago")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


def pdf_text(path: Path) -> str:
    return " ".join(page.extract_text() for page in PdfReader(BytesIO(path.read_bytes())).pages)


def test_a_moment_typed_at_the_counter_prints_in_the_village_s_zone(
    clerk, tmp_path, computer_far_west
):
    clerk("roll", "import", str(CASEBOOK / "luck" / "roll.csv"), "--village", "luck")
    clerk(
        "case",
        "open",
        "--village",
        "luck",
        "--parcel",
        "146-00312-0000",
        "--notice-type",
        "snow-ice-nonhazardous",
        "--fact",
        "snow_ceased=2026-12-22T06:30",
        "--fact",
        "observed_at=2026-12-23T09:40",
        "--fact",
        "sidewalk_location=along the Main Street frontage",
    )
    clerk("--today", "2026-12-23", "issue", "LU-C-2026-0001", "--out", str(tmp_path / "copies"))
    clerk("document", "export", "LU-D-2026-00001", "--out", str(tmp_path / "out"))
    text = pdf_text(tmp_path / "out" / "luck" / "LU-D-2026-00001.pdf")
    assert "6:30 a.m. CST" in text
    assert "9:40 a.m. CST" in text
    assert "UTC-" not in text


def test_due_on_a_date_asks_about_the_village_s_day_not_the_computer_s(clerk, computer_far_west):
    clerk("roll", "import", str(CASEBOOK / "palmyra" / "roll.csv"), "--village", "palmyra")
    clerk(
        "case",
        "open",
        "--village",
        "palmyra",
        "--parcel",
        "PV-0417",
        "--notice-type",
        "house-numbering-notice",
        "--fact=assigned_number=412",
        "--fact=number_assigned_on=2026-10-20",
        "--fact=street=Taft Street",
        "--fact=observed_on=2026-11-27",
    )
    clerk("issue", "PA-C-2026-0001", "--date", "2026-12-01")
    clerk(
        "serve",
        "PA-D-2026-00001",
        "--method",
        "hand_owner",
        "--by",
        "K. Nowak",
        "--at",
        "2026-12-01T09:30",
    )
    # The deadline is Friday, December 11, 2026; on that day in Palmyra it has not passed,
    # although 23:59 in Pago Pago is already the 12th in Wisconsin.
    on_the_day = clerk("due", "--date", "2026-12-11")
    assert "Due Friday, December 11, 2026" in on_the_day
    assert "passed" not in on_the_day
    assert "The deadline passed" in clerk("due", "--date", "2026-12-12")
