"""Insertion schedules for legal notices: Wisconsin class 1, 2 and 3 notices and a New York
rule, counted back from the event or on from today, across holidays and missed issues."""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from noticeclerk.exceptions import InputError
from noticeclerk.rules.calendars import Jurisdiction, LegalCalendar
from noticeclerk.rules.publication import (
    Newspaper,
    PublicationRule,
    schedule_before,
    schedule_from,
)

WI = LegalCalendar.for_state(Jurisdiction.WI)
NY = LegalCalendar.for_state(Jurisdiction.NY)
MON, TUE, WED, THU = 0, 1, 2, 3
LONG_AGO = date(2025, 1, 2)

THURSDAY_PAPER = Newspaper("The Palmyra Enterprise", (THU,), copy_days_before=3)
TWICE_A_WEEK = Newspaper("The Daily Jefferson County Union", (MON, THU), copy_days_before=3)


def wisconsin(
    insertions: int, days_before: int | None = None, authority: str = ""
) -> PublicationRule:
    return PublicationRule(
        insertions=insertions,
        wisconsin_class=insertions,
        days_before=days_before,
        authority=authority or "Wis. Stat. § 985.07",
        event_words="the hearing",
    )


BACKWARDS = [
    # Palmyra's special assessment hearing notice: class 1, at least 10 days before the hearing
    # (Wis. Stat. § 66.0703(7)(a); §§ 985.07(1), 985.09). Ten days back from Thursday, March 12
    # is Monday, March 2; the Thursday on or before it is February 26.
    (
        "class 1, ten days before",
        wisconsin(1, 10, "Wis. Stat. § 66.0703(7)(a)"),
        THURSDAY_PAPER,
        WI,
        date(2026, 3, 12),
        (date(2026, 2, 26),),
        date(2026, 2, 23),
    ),
    # Class 2: two insertions in consecutive weeks, the last at least one week before
    # (Wis. Stat. §§ 985.07(2), 985.01(1m), 985.09): Thursday, March 5 leaves Friday, March 6
    # through Thursday, March 12, seven days.
    (
        "class 2 from a Thursday hearing",
        wisconsin(2),
        THURSDAY_PAPER,
        WI,
        date(2026, 3, 12),
        (date(2026, 2, 26), date(2026, 3, 5)),
        date(2026, 2, 23),
    ),
    # Class 3 before a Wednesday hearing (Wis. Stat. §§ 985.07(3)(a), 985.01(1m), 985.09): the
    # latest day is Wednesday, March 4; the paper's Thursday in that week is February 26.
    (
        "class 3 from a Wednesday hearing",
        wisconsin(3),
        THURSDAY_PAPER,
        WI,
        date(2026, 3, 11),
        (date(2026, 2, 12), date(2026, 2, 19), date(2026, 2, 26)),
        date(2026, 2, 9),
    ),
    # A paper printing Mondays and Thursdays, class 2 before a Tuesday hearing (Wis. Stat.
    # §§ 985.01(1m), 985.09): the latest day is Tuesday, March 3; its week's last issue is
    # Monday, March 2, and the week before's Monday, February 23.
    (
        "twice a week",
        wisconsin(2),
        TWICE_A_WEEK,
        WI,
        date(2026, 3, 10),
        (date(2026, 2, 23), date(2026, 3, 2)),
        date(2026, 2, 20),
    ),
    # Thanksgiving week, weekly paper with no issue on Thursday, November 26, 2026: that week
    # has no other issue, so both insertions move a week earlier (Wis. Stat. § 985.01(1m)).
    (
        "no issue on Thanksgiving, weekly paper",
        wisconsin(2),
        Newspaper("The Palmyra Enterprise", (THU,), 3, no_issue_on=(date(2026, 11, 26),)),
        WI,
        date(2026, 12, 3),
        (date(2026, 11, 12), date(2026, 11, 19)),
        date(2026, 11, 9),
    ),
    # The same week, a Monday and Thursday paper: the previous day of publication in the same
    # week, Monday, November 23, carries the last insertion (Wis. Stat. § 985.01(1m)).
    (
        "no issue on Thanksgiving, twice a week",
        wisconsin(2),
        Newspaper("The Daily Union", (MON, THU), 3, no_issue_on=(date(2026, 11, 26),)),
        WI,
        date(2026, 12, 3),
        (date(2026, 11, 19), date(2026, 11, 23)),
        date(2026, 11, 16),
    ),
    # Copy due on a Saturday: a Tuesday paper wanting copy 3 days ahead; Saturday, February 28
    # moves back to Friday, February 27 (the office is shut on Saturdays).
    (
        "copy due on a Saturday",
        wisconsin(2),
        Newspaper("The Tuesday Courier", (TUE,), 3),
        WI,
        date(2026, 3, 17),
        (date(2026, 3, 3), date(2026, 3, 10)),
        date(2026, 2, 27),
    ),
    # Copy due on Memorial Day, Monday, May 25, 2026 (Wis. Stat. § 995.20): moved back over
    # the weekend to Friday, May 22. Class 1 with no days set: before the hearing (§ 985.09).
    (
        "copy due on a legal holiday",
        wisconsin(1),
        THURSDAY_PAPER,
        WI,
        date(2026, 6, 4),
        (date(2026, 5, 28),),
        date(2026, 5, 22),
    ),
    # New York: the law the notice type names asks 2 publications, the last at least 10 days
    # before the hearing; the hearing day is left out of the count (N.Y. Gen. Constr. Law § 20).
    # Ten days before Monday, March 16 is Friday, March 6; the Wednesday paper's issue is March 4.
    (
        "New York, two publications ten days before",
        PublicationRule(
            2, None, 10, "the Village Law section the notice type names", "the hearing"
        ),
        Newspaper("The Journal News", (WED,), 2),
        NY,
        date(2026, 3, 16),
        (date(2026, 2, 25), date(2026, 3, 4)),
        date(2026, 2, 23),
    ),
]


@pytest.mark.parametrize(
    ("rule", "paper", "calendar", "event", "insertions", "copy_due"),
    [case[1:] for case in BACKWARDS],
    ids=[case[0] for case in BACKWARDS],
)
def test_insertions_are_counted_back_from_the_event(
    rule: PublicationRule,
    paper: Newspaper,
    calendar: LegalCalendar,
    event: date,
    insertions: tuple[date, ...],
    copy_due: date,
) -> None:
    schedule = schedule_before(rule, paper, calendar, event=event, today=LONG_AGO)
    assert schedule.insertions == insertions
    assert schedule.copy_due == copy_due


def test_the_explanation_cites_the_class_and_the_week_before_the_hearing() -> None:
    schedule = schedule_before(
        wisconsin(2), THURSDAY_PAPER, WI, event=date(2026, 3, 12), today=LONG_AGO
    )
    assert "Class 2 notice: 2 insertions (Wis. Stat. § 985.07(2))." in schedule.explanation
    assert (
        "The last insertion, Thursday, March 5, 2026, is at least one week before the hearing on "
        "Thursday, March 12, 2026, counting from the day after it and including the day of the "
        "hearing (Wis. Stat. §§ 985.01(1m), 985.09)." in schedule.explanation
    )
    assert all(line.endswith(").") for line in schedule.explanation)


def test_the_explanation_says_why_an_insertion_moved_off_thanksgiving() -> None:
    paper = Newspaper("The Palmyra Enterprise", (THU,), 3, no_issue_on=(date(2026, 11, 26),))
    schedule = schedule_before(wisconsin(2), paper, WI, event=date(2026, 12, 3), today=LONG_AGO)
    moved = [
        line for line in schedule.explanation if "prints no issue on Thursday, November 26" in line
    ]
    assert moved and "weeks before it" in moved[0] and "985.01(1m)" in moved[0]


def test_the_explanation_says_why_the_copy_is_due_before_memorial_day() -> None:
    schedule = schedule_before(
        wisconsin(1), THURSDAY_PAPER, WI, event=date(2026, 6, 4), today=LONG_AGO
    )
    assert any("Memorial Day" in line and "995.20" in line for line in schedule.explanation)


def test_a_hearing_too_soon_is_refused_naming_the_earliest_day_that_can_be_met() -> None:
    # The copy for February 26 was due Monday, February 23 (Wis. Stat. §§ 985.01(1m), 985.09).
    with pytest.raises(InputError) as refused:
        schedule_before(
            wisconsin(2), THURSDAY_PAPER, WI, event=date(2026, 3, 12), today=date(2026, 2, 24)
        )
    sentence = str(refused.value)
    assert sentence == (
        "The hearing on Thursday, March 12, 2026 cannot be met: its first insertion would be "
        "Thursday, February 26, 2026, and the copy for it was due at The Palmyra Enterprise by "
        "Monday, February 23, 2026, which has passed; the earliest day for the hearing whose "
        "notice can still be published is Thursday, March 19, 2026."
    )
    # The day it names can in fact be met.
    schedule_before(
        wisconsin(2), THURSDAY_PAPER, WI, event=date(2026, 3, 19), today=date(2026, 2, 24)
    )


def test_a_class_that_does_not_match_its_insertions_is_refused_in_one_sentence() -> None:
    rule = PublicationRule(3, 2, None, "Wis. Stat. § 62.23(7)(d)")
    with pytest.raises(InputError, match=r"class 2 notice with 3 insertions"):
        schedule_before(rule, THURSDAY_PAPER, WI, event=date(2026, 3, 12), today=LONG_AGO)


FORWARDS = [
    # From Friday, March 6, 2026: Thursday, March 12's copy is due Monday, March 9, not passed;
    # then one a week (Wis. Stat. § 985.01(1m)).
    ("from a Friday", THURSDAY_PAPER, (date(2026, 3, 12), date(2026, 3, 19)), date(2026, 3, 9)),
    # Copy a week ahead: March 12's was due Thursday, March 5, passed; so March 19 and 26.
    (
        "from a Friday, copy a week ahead",
        Newspaper("The Palmyra Enterprise", (THU,), 7),
        (date(2026, 3, 19), date(2026, 3, 26)),
        date(2026, 3, 12),
    ),
]


@pytest.mark.parametrize(
    ("paper", "insertions", "copy_due"), [c[1:] for c in FORWARDS], ids=[c[0] for c in FORWARDS]
)
def test_a_notice_served_by_publication_starts_with_the_first_issue_still_open(
    paper: Newspaper, insertions: tuple[date, ...], copy_due: date
) -> None:
    schedule = schedule_from(wisconsin(2), paper, WI, today=date(2026, 3, 6))
    assert schedule.insertions == insertions
    assert schedule.copy_due == copy_due


# Properties, for any event and any newspaper.

PAPERS = st.builds(
    Newspaper,
    name=st.just("The Test Paper"),
    publishes_on=st.sets(st.integers(0, 6), min_size=1).map(lambda s: tuple(sorted(s))),
    copy_days_before=st.integers(0, 10),
    no_issue_on=st.lists(
        st.integers(0, 80).map(lambda n: date(2027, 1, 1) - timedelta(days=n)), max_size=12
    ).map(tuple),
)
RULES = st.one_of(
    st.builds(
        lambda n, days: PublicationRule(n, n, days, "Wis. Stat. § 985.07", "the hearing"),
        st.integers(1, 3),
        st.none() | st.integers(1, 30),
    ),
    st.builds(
        lambda n, days: PublicationRule(n, None, days, "the law the notice type names"),
        st.integers(1, 4),
        st.none() | st.integers(1, 30),
    ),
)
EVENTS = st.integers(0, 40).map(lambda n: date(2027, 1, 1) - timedelta(days=n))


def required_days(rule: PublicationRule) -> int:
    weekly = 7 if rule.wisconsin_class is not None and rule.insertions > 1 else 0
    return max(weekly, rule.days_before or 0, 1)


def prints(paper: Newspaper, day: date) -> bool:
    return day.weekday() in paper.publishes_on and day not in paper.no_issue_on


@settings(max_examples=300, deadline=None)
@given(rule=RULES, paper=PAPERS, event=EVENTS, calendar=st.sampled_from([WI, NY]))
def test_every_schedule_counted_back_meets_the_rule_and_is_the_latest(
    rule: PublicationRule, paper: Newspaper, event: date, calendar: LegalCalendar
) -> None:
    schedule = schedule_before(rule, paper, calendar, event=event, today=date(2020, 1, 1))
    days = schedule.insertions
    assert len(days) == rule.insertions
    assert all(prints(paper, day) for day in days)
    latest = event - timedelta(days=required_days(rule))
    assert days[-1] <= latest
    # One insertion in each of consecutive seven-day weeks counted back from the latest day.
    weeks = [(latest - day).days // 7 for day in days]
    assert weeks == list(range(weeks[0], weeks[0] - len(days), -1))
    # The copy: on or before the newspaper's own deadline, moved earlier only over closed days.
    deadline = days[0] - timedelta(days=paper.copy_days_before)
    assert schedule.copy_due <= deadline <= days[0]
    assert calendar.is_business_day(schedule.copy_due)
    closed = schedule.copy_due + timedelta(days=1)
    while closed <= deadline:
        assert not calendar.is_business_day(closed)
        closed += timedelta(days=1)
    # The latest: any later issue that still leaves the time would leave a week with no issue.
    later = days[-1] + timedelta(days=1)
    while later <= latest:
        if prints(paper, later):
            week = (latest - later).days // 7
            assert any(
                not any(prints(paper, latest - timedelta(days=7 * k + d)) for d in range(7))
                for k in range(week, week + rule.insertions)
            )
        later += timedelta(days=1)


@settings(max_examples=200, deadline=None)
@given(rule=RULES, paper=PAPERS, today=EVENTS)
def test_every_schedule_counted_on_starts_with_an_open_issue_and_runs_weekly(
    rule: PublicationRule, paper: Newspaper, today: date
) -> None:
    schedule = schedule_from(rule, paper, WI, today=today)
    days = schedule.insertions
    assert all(prints(paper, day) for day in days)
    assert today <= schedule.copy_due <= days[0]
    assert WI.is_business_day(schedule.copy_due)
    assert [(day - days[0]).days // 7 for day in days] == list(range(len(days)))
