"""Dates at the edges of the calendar: the counter says in one sentence that a period runs off
it, and a date for the register lies within a window of years around today (--date-window)."""

from __future__ import annotations

import json
import shutil
from datetime import UTC, date, datetime

import pytest
from clerk import CASEBOOK, PALMYRA_HOUSE_NUMBERING, clerk_at

from noticeclerk.cli import cli
from noticeclerk.clock import DATE_WINDOW_YEARS, Clock
from noticeclerk.exceptions import InputError

TODAY = "2026-12-01"
OFF_THE_CALENDAR = "would end outside the calendar that can be counted in (years 1 to 9999)"


@pytest.mark.parametrize(
    "arguments",
    [
        ["--from", "9999-12-31", "--days", "1"],
        ["--from", "0001-01-01", "--days", "1", "--before"],
        ["--from", "9999-12-31", "--months", "1"],
        ["--from", "0001-01-31", "--months", "1", "--before"],
        ["--from", "9999-12-30", "--business-days", "5"],
        ["--from", "9999-12-31T09:30", "--hours", "48"],
        ["--from", "0001-01-01T09:30", "--hours", "48", "--before"],
        ["--from", "9999-12-31", "--days", "1", "--village", "luck", "--at", "12:00"],
    ],
)
def test_a_deadline_that_runs_off_the_calendar_is_one_sentence_at_the_counter(runner, arguments):
    where = [] if "--village" in arguments else ["--jurisdiction", "WI"]
    result = runner.invoke(cli, ["calc", "deadline", *where, *arguments])
    assert result.exit_code == 1, result.output
    assert result.output.startswith("Error: The period counted from ")
    assert OFF_THE_CALENDAR in result.output


def test_an_installment_schedule_that_runs_off_the_calendar_is_one_sentence(runner):
    result = runner.invoke(
        cli,
        ["calc", "installments", "--principal", "1000", "--village", "palmyra", "--years", "5",
         "--notice-date", "9999-11-01", "--first-due", "9999-12-01", "--borrowing-rate", "3"],
    )  # fmt: skip
    assert result.exit_code == 1
    assert OFF_THE_CALENDAR in result.output


@pytest.fixture
def clerk(tmp_path, runner):
    clerk = clerk_at(tmp_path, runner, "palmyra")
    clerk(*PALMYRA_HOUSE_NUMBERING, today=TODAY)
    return clerk


def documents(clerk) -> list:
    shown = clerk("case", "show", "PA-C-2026-0001", "--json", today=TODAY)
    return json.loads(shown.output)["documents"]


@pytest.mark.parametrize("day", ["0001-01-01", "9999-12-31", "2016-11-30", "2036-12-02"])
def test_a_document_dated_outside_the_window_is_refused_and_takes_no_number(clerk, day):
    result = clerk("issue", "PA-C-2026-0001", "--date", day, today=TODAY, ok=False)
    assert result.exit_code == 1
    assert f"The option --date is {day}, more than 10 years from today (2026-12-01)" in (
        result.output
    )
    assert "give a date from 2016-12-01 to 2036-12-01" in result.output
    assert documents(clerk) == []
    issued = clerk("issue", "PA-C-2026-0001", "--date", "2016-12-01", today=TODAY)
    assert "Issued PA-D-2016-00001" in issued.output


@pytest.mark.parametrize(
    "arguments",
    [
        ["due", "--date", "0001-01-01"],
        ["due", "--date", "9999-12-31"],
        ["serve", "PA-D-2026-00001", "--method", "hand_owner", "--by", "R. Ortiz", "--to",
         "M. O'Connell", "--address", "412 Taft Street", "--at", "9999-12-31T09:30"],
        ["receipt", "PA-D-2026-00001", "--signed", "0001-01-01"],
        ["case", "record", "PA-C-2026-0001", "--event", "service=9999-12-31"],
        ["case", "record", "PA-C-2026-0001", "--fact", "observed_on=0001-01-01"],
    ],
)  # fmt: skip
def test_a_register_date_outside_the_window_is_one_sentence_and_records_nothing(clerk, arguments):
    clerk("issue", "PA-C-2026-0001", today=TODAY)
    before = documents(clerk)
    result = clerk(*arguments, today=TODAY, ok=False)
    assert result.exit_code == 1
    assert "more than 10 years from today (2026-12-01)" in result.output
    assert "widen the window with --date-window YEARS (or NOTICECLERK_DATE_WINDOW)" in (
        result.output
    )
    assert documents(clerk) == before


def test_the_window_is_widened_by_an_option_or_the_environment(clerk, runner, monkeypatch):
    refused = clerk("issue", "PA-C-2026-0001", "--date", "2006-12-01", today=TODAY, ok=False)
    assert "more than 10 years from today" in refused.output
    monkeypatch.setenv("NOTICECLERK_DATE_WINDOW", "20")
    issued = clerk("issue", "PA-C-2026-0001", "--date", "2006-12-01", today=TODAY)
    assert "Issued PA-D-2006-00001" in issued.output
    monkeypatch.delenv("NOTICECLERK_DATE_WINDOW")
    late = clerk("due", "--date", "2046-12-01", today=TODAY, ok=False)
    assert "more than 10 years from today" in late.output
    clerk("--date-window", "20", "due", "--date", "2046-12-01", today=TODAY)


def test_a_window_as_wide_as_the_calendar_still_ends_in_sentences_not_tracebacks(clerk):
    wide = ("--date-window", "9999")
    late = "9899-12-31"
    clerk(*wide, *PALMYRA_HOUSE_NUMBERING, today=late)
    clerk(*wide, "issue", "PA-C-9899-0001", today=late)
    served = clerk(
        *wide, "serve", "PA-D-9899-00001", "--method", "hand_owner", "--by", "R. Ortiz",
        "--to", "M. O'Connell", "--address", "412 Taft Street", "--at", "9899-12-31T09:30",
        today="9899-12-31T23:00",
    )  # fmt: skip
    assert "9900" in served.output
    past_the_end = clerk(*wide, "due", "--date", "9999-12-31", today=late, ok=False)
    assert past_the_end.exit_code == 1
    assert "give a date from 0101-01-01 to 9899-12-31" in past_the_end.output


@pytest.mark.parametrize("day", ["9999-12-31", "0001-01-01", "9950-06-01"])
def test_a_clock_fixed_near_the_end_of_the_calendar_is_refused(runner, day):
    result = runner.invoke(cli, ["--today", day, "calc", "holidays", "--jurisdiction", "NY"])
    assert result.exit_code == 1
    assert f"--today is '{day}'; give a day from 0101-01-01 to 9899-12-31." in result.output


def test_the_window_runs_so_many_years_either_side_of_today():
    clock = Clock(datetime(2028, 2, 29, 12, tzinfo=UTC))
    assert clock.window() == (date(2018, 2, 28), date(2038, 2, 28))
    assert DATE_WINDOW_YEARS == 10
    assert clock.check_in_window(date(2018, 2, 28), "The date") == date(2018, 2, 28)
    with pytest.raises(InputError, match=r"^The date is 2038-03-01, more than 10 years"):
        clock.check_in_window(date(2038, 3, 1), "The date")
    narrow = Clock(datetime(2026, 1, 5, 12, tzinfo=UTC), window_years=1)
    assert narrow.window() == (date(2025, 1, 5), date(2027, 1, 5))


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("service = 2026-07-02", "service = 9999-12-31", "'service' is 9999-12-31"),
        ("date = 2026-07-02", "date = 0001-01-01", "the document's date is 0001-01-01"),
        ("observed_on = 2026-06-29", "observed_on = 9950-06-29", "'observed_on' is 9950-06-29"),
    ],
)
def test_a_case_file_date_at_the_ends_of_the_calendar_is_one_sentence(
    runner, tmp_path, old, new, message
):
    shutil.copy(CASEBOOK / "palmyra" / "roll.csv", tmp_path / "roll.csv")
    case = tmp_path / "case.toml"
    text = (CASEBOOK / "palmyra" / "house-numbering-notice.toml").read_text(encoding="utf-8")
    assert old in text
    case.write_text(text.replace(old, new), "utf-8")
    result = runner.invoke(cli, ["render", str(case), "--out", str(tmp_path / "out")])
    assert result.exit_code == 1
    assert f"{message}; a date must lie from 0101-01-01 to 9899-12-31." in result.output
    assert not (tmp_path / "out").exists()
