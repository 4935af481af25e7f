"""`noticeclerk calc deadline` and `calc holidays`, as a clerk runs them at the counter."""

from __future__ import annotations

import json

import pytest

from noticeclerk.cli import cli


def run(runner, *args):
    return runner.invoke(cli, ["calc", *args])


def test_seven_days_from_friday_december_19_is_friday_december_26(runner):
    result = run(runner, "deadline", "--jurisdiction", "NY", "--from", "2025-12-19", "--days", "7")
    assert result.exit_code == 0, result.output
    assert result.output.startswith("Deadline: Friday, December 26, 2025\n")
    assert "N.Y. Gen. Constr. Law § 20" in result.output


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["--jurisdiction", "NY", "--from", "2025-12-19", "--days", "7"], "2025-12-26"),
        (["--jurisdiction", "NY", "--from", "2026-06-24", "--days", "10"], "2026-07-06"),
        (["--jurisdiction", "WI", "--from", "2026-07-02", "--days", "10"], "2026-07-13"),
        (
            ["--jurisdiction", "wi", "--from", "2026-01-03", "--days", "7", "--act", "at-office"],
            "2026-01-12",
        ),
        (
            [
                "--jurisdiction",
                "WI",
                "--from",
                "2026-01-03",
                "--days",
                "7",
                "--office-open-saturday",
            ],
            "2026-01-10",
        ),
        (["--village", "tuckahoe", "--from", "2026-11-25", "--business-days", "5"], "2026-12-03"),
        (
            ["--village", "luck", "--from", "2026-01-31", "--months", "1", "--act", "at-office"],
            "2026-03-02",
        ),
        (
            [
                *["--village", "luck", "--from", "2026-07-12", "--days", "7", "--before"],
                *["--act", "at-office"],
            ],
            "2026-07-03",
        ),
    ],
)
def test_json_gives_the_deadline_as_a_date_and_the_steps(runner, args, expected):
    result = run(runner, "deadline", *args, "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["deadline"] == expected
    assert data["steps"] and all(isinstance(step, str) for step in data["steps"])


def test_an_hour_period_prints_a_date_time_with_its_utc_offset(runner):
    result = run(
        runner,
        "deadline",
        "--village",
        "luck",
        "--from",
        "2026-12-20T15:00",
        "--hours",
        "2",
        "--json",
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["deadline"] == "2026-12-21T02:00:00-06:00"
    assert any("§ 990.001(4)(a)" in step for step in data["steps"])
    assert data["timezone"] == "America/Chicago"


def test_a_time_with_an_offset_is_converted_to_the_village_zone(runner):
    result = run(
        runner,
        "deadline",
        "--village",
        "tuckahoe",
        "--from",
        "2026-01-10T19:30Z",
        "--hours",
        "4",
        "--json",
    )
    assert json.loads(result.output)["deadline"] == "2026-01-10T18:30:00-05:00"


def test_by_noon_of_the_next_business_day(runner):
    result = run(
        runner,
        "deadline",
        "--village",
        "tuckahoe",
        "--from",
        "2026-07-03",
        "--business-days",
        "1",
        "--at",
        "12:00",
    )
    assert result.exit_code == 0, result.output
    assert result.output.startswith("Deadline: Monday, July 6, 2026 at 12:00 noon EDT")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["--jurisdiction", "TX", "--from", "2026-01-01", "--days", "7"],
            "Unknown jurisdiction 'TX'",
        ),
        (
            ["--jurisdiction", "NY", "--from", "2025-02-30", "--days", "7"],
            "2025-02-30 is not a date that exists",
        ),
        (
            ["--jurisdiction", "NY", "--from", "12/19/2025", "--days", "7"],
            "is not a date; write YYYY-MM-DD",
        ),
        (["--jurisdiction", "NY", "--from", "2026-01-01", "--days", "-3"], "must be at least 1"),
        (
            ["--jurisdiction", "NY", "--from", "2026-01-01", "--days", "7", "--hours", "4"],
            "exactly one period",
        ),
        (["--jurisdiction", "NY", "--from", "2026-01-01"], "Give the period"),
        (["--jurisdiction", "NY", "--from", "2026-01-01", "--hours", "4"], "counts from a moment"),
        (["--from", "2026-01-01", "--days", "7"], "give --village NAME or --jurisdiction"),
        (
            ["--village", "luck", "--jurisdiction", "WI", "--from", "2026-01-01", "--days", "7"],
            "not both",
        ),
        (
            ["--village", "springfield", "--from", "2026-01-01", "--days", "7"],
            "There is no village 'springfield'",
        ),
        (["--village", "../etc", "--from", "2026-01-01", "--days", "7"], "is not a village name"),
        (
            [
                "--jurisdiction",
                "NY",
                "--from",
                "2026-01-01",
                "--days",
                "7",
                "--office-open-saturday",
            ],
            "only in Wisconsin",
        ),
        (
            ["--jurisdiction", "NY", "--from", "2026-03-08T02:30", "--hours", "4"],
            "does not exist in America/New_York",
        ),
        (["--jurisdiction", "NY", "--from", "2026-11-01T01:30", "--hours", "4"], "happens twice"),
        (
            ["--jurisdiction", "NY", "--from", "2026-01-01", "--months", "1", "--at", "12:00"],
            "cannot name an hour",
        ),
        (
            ["--jurisdiction", "NY", "--from", "2026-01-01", "--days", "1", "--at", "noon"],
            "not a time of day",
        ),
        (
            ["--jurisdiction", "NY", "--from", "2026-01-01", "--days", "seven"],
            "is not a valid integer",
        ),
    ],
)
def test_bad_input_is_one_clear_sentence_and_exit_status_1(runner, args, message):
    result = run(runner, "deadline", *args)
    assert result.exit_code == 1, result.output
    assert message in result.output
    assert "Traceback" not in result.output


def test_holidays_lists_each_day_with_its_statute(runner):
    result = run(runner, "holidays", "--village", "luck", "--year", "2026")
    assert result.exit_code == 0, result.output
    assert "Partisan primary election day" in result.output
    assert "Wis. Stat. § 995.20" in result.output


def test_holidays_json_lists_dates_in_order(runner):
    result = run(runner, "holidays", "--jurisdiction", "NY", "--year", "2026", "--json")
    days = json.loads(result.output)
    assert [d["date"] for d in days] == sorted(d["date"] for d in days)
    assert {
        "date": "2026-02-12",
        "name": "Lincoln's Birthday",
        "authority": "N.Y. Gen. Constr. Law § 24",
    } in days


def test_a_year_out_of_range_is_refused(runner):
    result = run(runner, "holidays", "--jurisdiction", "NY", "--year", "99999")
    assert result.exit_code == 1
    assert "Give a year from 1900 to 2200" in result.output


@pytest.mark.parametrize("command", [[], ["calc"], ["calc", "deadline"], ["calc", "holidays"]])
def test_every_command_has_help_for_a_clerk(runner, command):
    result = runner.invoke(cli, [*command, "--help"])
    assert result.exit_code == 0
    assert "Usage:" in result.output


def test_work_in_the_field_ending_on_a_wisconsin_saturday_is_due_that_saturday(runner):
    args = ["--village", "luck", "--from", "2026-01-03", "--days", "7", "--act", "in-the-field"]
    result = run(runner, "deadline", *args)
    assert result.exit_code == 0, result.output
    assert result.output.startswith("Deadline: Saturday, January 10, 2026\n")
    assert "work in the field (on the premises, a sidewalk, a street or a tree) is not a" in (
        " ".join(result.output.split())
    )


def test_a_payment_at_the_office_ending_on_a_wisconsin_saturday_moves_to_monday(runner):
    args = ["--village", "luck", "--from", "2026-01-03", "--days", "7", "--act", "at-office"]
    result = run(runner, "deadline", *args)
    assert result.exit_code == 0, result.output
    assert result.output.startswith("Deadline: Monday, January 12, 2026\n")


def test_without_the_kind_of_act_a_wisconsin_saturday_is_refused_naming_the_option(runner):
    result = run(runner, "deadline", "--village", "luck", "--from", "2026-01-03", "--days", "7")
    assert result.exit_code == 1
    assert "give --act at-office, at-office-or-by-mail, in-the-field or by-the-village" in (
        result.output
    )


def test_without_the_kind_of_act_a_wisconsin_period_it_does_not_change_is_counted(runner):
    result = run(runner, "deadline", "--village", "luck", "--from", "2026-07-02", "--days", "10")
    assert result.exit_code == 0, result.output
    assert result.output.startswith("Deadline: Monday, July 13, 2026\n")


def test_a_bill_payable_by_mail_is_not_due_on_the_observed_federal_independence_day(runner):
    args = ["--village", "luck", "--from", "2026-06-23", "--days", "10"]
    result = run(runner, "deadline", *args, "--act", "at-office-or-by-mail", "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["deadline"] == "2026-07-06"


def test_the_kind_of_act_is_refused_in_new_york_where_it_changes_nothing(runner):
    args = ["--jurisdiction", "NY", "--from", "2026-01-03", "--days", "7", "--act", "in-the-field"]
    result = run(runner, "deadline", *args)
    assert result.exit_code == 1
    assert "--act applies only in Wisconsin" in result.output
