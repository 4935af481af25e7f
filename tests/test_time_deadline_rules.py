"""The catalogue's deadline rules: parsed from TOML tables, computed from a case's events."""

from __future__ import annotations

import tomllib
from datetime import UTC, date, datetime, time
from decimal import Decimal

import pytest

from noticeclerk.exceptions import InputError, RuleError
from noticeclerk.rules.calendars import LegalCalendar
from noticeclerk.rules.deadline_rules import (
    CHECK_KINDS,
    RULE_KINDS,
    ClosedSeasonRule,
    parse_rule,
)

NY = LegalCalendar.for_state("NY")
WI = LegalCalendar.for_state("WI")


def rule_from_toml(text: str):
    return parse_rule(tomllib.loads(f"deadline = {text}")["deadline"], "notices/x.toml", "deadline")


def at(calendar, *parts):
    return datetime(*parts, tzinfo=calendar.timezone)


def test_village_a_directive_gives_seven_days_from_service():
    # Village A § 134-42A: "within seven calendar days after a directive to comply".
    rule = rule_from_toml('{kind = "days", count = 7, from = "service"}')
    assert rule.deadline(NY, {"service": date(2025, 12, 19)}).due == date(2025, 12, 26)


def test_a_day_rule_counts_from_the_village_day_of_a_timed_event():
    # 03:00 UTC on December 20 is 10:00 p.m. on December 19 in the village.
    rule = rule_from_toml('{kind = "days", count = 7, from = "service"}')
    served = datetime(2025, 12, 20, 3, 0, tzinfo=UTC)
    assert rule.deadline(NY, {"service": served}).due == date(2025, 12, 26)


def test_an_at_least_days_before_rule_counts_back():
    # Palmyra § 8.04(2): a sidewalk permit "at least 7 days" before the work.
    rule = rule_from_toml('{kind = "days", count = 7, before = "work_starts"}')
    assert rule.deadline(WI, {"work_starts": date(2026, 7, 12)}).due == date(2026, 7, 3)


def test_luck_hazardous_snow_is_two_hours_from_delivery():
    # Luck § 496-10B(1): "within two hours from the delivery of the notice".
    rule = rule_from_toml('{kind = "hours", count = 2, from = "delivery"}')
    due = rule.deadline(WI, {"delivery": at(WI, 2026, 12, 22, 9, 15)}).due
    assert due == at(WI, 2026, 12, 22, 11, 15)


def test_luck_nonhazardous_snow_is_noon_of_the_following_day():
    rule = rule_from_toml('{kind = "next_day_at", from = "issuance", at = "12:00"}')
    deadline = rule.deadline(WI, {"issuance": at(WI, 2026, 12, 22, 16, 40)})
    assert deadline.due == at(WI, 2026, 12, 23, 12, 0)
    assert deadline.describe() == "Wednesday, December 23, 2026 at 12:00 noon CST"


TUCKAHOE_SNOW = (
    '{kind = "hours_with_night_window", count = 4, from = "snow_ceased", '
    'night_starts = "18:00", night_ends = "07:00"}'
)


@pytest.mark.parametrize(
    ("rule", "ceased", "expected"),
    [
        (
            "§ 19-28: ceased 2:30 p.m., four hours later",
            (2026, 1, 10, 14, 30),
            (2026, 1, 10, 18, 30),
        ),
        (
            "§ 19-28: ceased 10:15 p.m., 11:00 a.m. next day",
            (2026, 1, 10, 22, 15),
            (2026, 1, 11, 11, 0),
        ),
        (
            "§ 19-28: ceased 3:00 a.m., 11:00 a.m. that day",
            (2026, 1, 11, 3, 0),
            (2026, 1, 11, 11, 0),
        ),
        (
            "§ 19-28: ceased at 6:00 p.m. sharp, inside the window",
            (2026, 1, 10, 18, 0),
            (2026, 1, 11, 11, 0),
        ),
        (
            "§ 19-28: ceased at 7:00 a.m., four hours later",
            (2026, 1, 11, 7, 0),
            (2026, 1, 11, 11, 0),
        ),
        (
            "§ 19-28: ceased 5:59 p.m., four hours later",
            (2026, 1, 10, 17, 59),
            (2026, 1, 10, 21, 59),
        ),
    ],
)
def test_tuckahoe_snow_rule_moves_night_cessation_to_morning(rule, ceased, expected):
    parsed = rule_from_toml(TUCKAHOE_SNOW)
    due = parsed.deadline(NY, {"snow_ceased": at(NY, *ceased)}).due
    assert due == at(NY, *expected), rule


VILLAGE_B_SNOW = (
    '{kind = "hours_by_depth", from = "storm_ceased", depth = "snow_inches", threshold = 4, '
    "hours_at_or_below = 24, hours_above = 48}"
)


@pytest.mark.parametrize(
    ("inches", "expected_hours"),
    [(4, 24), ("4", 24), (3.5, 24), (4.25, 48), (12, 48), (Decimal("4.5"), 48)],
)
def test_village_b_gives_24_hours_up_to_four_inches_and_48_above(inches, expected_hours):
    rule = rule_from_toml(VILLAGE_B_SNOW)
    ceased = at(NY, 2026, 1, 6, 8, 0)
    deadline = rule.deadline(NY, {"storm_ceased": ceased}, {"snow_inches": inches})
    assert (deadline.due - ceased).total_seconds() == expected_hours * 3600
    assert f"{expected_hours} hours" in str(deadline.steps[0])


def test_village_b_rule_without_the_depth_says_which_fact_to_record():
    rule = rule_from_toml(VILLAGE_B_SNOW)
    with pytest.raises(InputError, match="snow_inches"):
        rule.deadline(NY, {"storm_ceased": at(NY, 2026, 1, 6, 8, 0)}, {})


def test_a_rule_without_its_event_says_which_event_to_record():
    rule = rule_from_toml('{kind = "days", count = 7, from = "service"}')
    with pytest.raises(InputError, match="'service'"):
        rule.deadline(NY, {})


def test_an_hour_rule_needs_the_time_of_its_event():
    rule = rule_from_toml('{kind = "hours", count = 2, from = "delivery"}')
    with pytest.raises(InputError, match="time of day"):
        rule.deadline(WI, {"delivery": date(2026, 12, 22)})


LUCK_FROZEN_GROUND = (
    '{kind = "closed_season", starts = "11-15", ends = "05-01", on = "work_starts", '
    'emergency = "emergency"}'
)


@pytest.mark.parametrize(
    ("day", "allowed"),
    [
        (date(2026, 11, 14), True),
        (date(2026, 11, 15), False),
        (date(2027, 1, 10), False),
        (date(2027, 5, 1), False),
        (date(2027, 5, 2), True),
        (date(2027, 8, 1), True),
    ],
)
def test_luck_refuses_openings_from_november_15_to_may_1(day, allowed):
    rule = rule_from_toml(LUCK_FROZEN_GROUND)
    assert isinstance(rule, ClosedSeasonRule)
    assert rule.check(WI, {"work_starts": day}).allowed is allowed


def test_luck_allows_an_emergency_opening_in_the_closed_season():
    rule = rule_from_toml(LUCK_FROZEN_GROUND)
    result = rule.check(WI, {"work_starts": date(2027, 1, 10)}, {"emergency": True})
    assert result.allowed
    assert "emergency" in str(result.steps[-1])


@pytest.mark.parametrize(
    ("table", "message"),
    [
        ('{kind = "weeks", count = 2, from = "service"}', "unknown rule kind 'weeks'"),
        ('{kind = "days", count = 7, form = "service"}', "has no parameter 'form'"),
        ('{kind = "days", from = "service"}', "needs 'count'"),
        ('{kind = "days", count = 7}', "exactly one of 'from'"),
        ('{kind = "days", count = 7, from = "a", before = "b"}', "exactly one of 'from'"),
        ('{kind = "days", count = 0, from = "service"}', "from 1 to"),
        ('{kind = "days", count = 7.5, from = "service"}', "whole number"),
        ('{kind = "next_day_at", from = "issuance", at = "noon"}', "HH:MM"),
        ('{kind = "next_day_at", from = "issuance", at = "25:00"}', "HH:MM"),
        ('{kind = "closed_season", starts = "11-31", ends = "05-01", on = "w"}', "MM-DD"),
        ('{kind = "days", count = 7, from = "Service Date"}', "lower case"),
    ],
)
def test_a_bad_rule_is_refused_naming_file_key_and_fix(table, message):
    with pytest.raises(RuleError, match=message) as caught:
        rule_from_toml(table)
    assert str(caught.value).startswith("notices/x.toml, key 'deadline")


def test_a_rule_that_is_not_a_table_is_refused():
    with pytest.raises(RuleError, match="must be a table"):
        parse_rule("7 days", "notices/x.toml", "deadline")


def test_every_rule_kind_documents_its_parameters():
    for kind, rule_class in {**RULE_KINDS, **CHECK_KINDS}.items():
        assert rule_class.kind == kind
        assert rule_class.summary
        assert all(help_text for help_text in rule_class.parameters().values())


def test_a_toml_time_literal_is_accepted_for_an_hour():
    rule = rule_from_toml('{kind = "next_day_at", from = "issuance", at = 12:00:00}')
    assert rule.at == time(12, 0)


def test_a_day_fixed_by_the_board_moves_off_a_sunday_like_any_last_day():
    rule = rule_from_toml(
        '{kind = "fixed_day", fact = "board_day", fixed_by = "the Board of Trustees (§ 19-15(c))"}'
    )
    deadline = rule.deadline(NY, {}, {"board_day": date(2026, 7, 5)})
    assert deadline.due == date(2026, 7, 6)
    assert "the Board of Trustees" in str(deadline.steps[0])


def test_a_fixed_day_rule_without_its_fact_names_it():
    rule = rule_from_toml('{kind = "fixed_day", fact = "board_day", fixed_by = "the Board"}')
    with pytest.raises(InputError, match="'board_day'"):
        rule.deadline(NY, {}, {})


def test_a_rule_names_the_kind_of_act_and_a_saturday_moves_only_an_act_at_the_office():
    # Luck § 496-10G: the bill is "payable within 10 calendar days from receipt"; Luck
    # § 496-10B: the snow is removed on the sidewalk. Both last days fall on Saturday, Jan. 10.
    pay = rule_from_toml('{kind = "days", count = 7, from = "receipt", act = "at_office"}')
    shovel = rule_from_toml('{kind = "days", count = 7, from = "receipt", act = "in_the_field"}')
    events = {"receipt": date(2026, 1, 3)}
    assert pay.deadline(WI, events).due == date(2026, 1, 12)
    assert shovel.deadline(WI, events).due == date(2026, 1, 10)


def test_a_day_fixed_for_work_in_the_field_stays_on_a_saturday():
    rule = rule_from_toml(
        '{kind = "fixed_day", fact = "act_by", fixed_by = "the Village Forester", '
        'act = "in_the_field"}'
    )
    deadline = rule.deadline(WI, {}, {"act_by": date(2026, 10, 10)})
    assert deadline.due == date(2026, 10, 10)
    assert "does not move the last day" in deadline.steps[1].text


def test_noon_of_the_day_following_a_friday_notice_is_saturday_noon_for_snow():
    rule = rule_from_toml(
        '{kind = "next_day_at", from = "issuance", at = "12:00", act = "in_the_field"}'
    )
    deadline = rule.deadline(WI, {"issuance": date(2026, 12, 11)})
    assert deadline.due == at(WI, 2026, 12, 12, 12, 0)


def test_an_unknown_kind_of_act_is_refused_naming_the_key():
    with pytest.raises(RuleError, match=r"key 'deadline.act': must be one of \"at_office\""):
        rule_from_toml('{kind = "days", count = 7, from = "service", act = "at_home"}')
