"""Statutory holidays of New York and Wisconsin, turned into a village's legal calendar.

The lists are written from the statutes, not taken from a holiday package: the `holidays`
package moves Saturday holidays to Friday and lists days that are not legal holidays in
these states, so the tests use it only as a cross-check.

- New York: General Construction Law § 24 ("public holidays"). A holiday other than Flag
  Day that falls on a Sunday is kept on the next day; nothing moves from Saturday to Friday.
- Wisconsin: Wis. Stat. § 995.20 ("legal holidays"). A holiday that falls on a Sunday is
  kept on the succeeding Monday. The Good Friday hours "observed for the purpose of
  worship" are not a legal holiday and are not listed.
- Federal (for Wisconsin acts the law permits by mail only): the legal public holidays of
  5 U.S.C. § 6103(a) on the days federal offices and the postal service observe them, a
  Saturday holiday on the Friday before and a Sunday holiday on the Monday after.

The lists are the statutes as they stand now (Juneteenth included, added in New York in
2020); a deadline computed for an earlier year is computed under today's lists.
"""

from __future__ import annotations

import calendar as gregorian
from dataclasses import dataclass
from datetime import date, timedelta
from enum import StrEnum
from functools import cache
from zoneinfo import ZoneInfo

NY_GCL_24 = "N.Y. Gen. Constr. Law § 24"
WI_995_20 = "Wis. Stat. § 995.20"
WI_990_001_4 = "Wis. Stat. § 990.001(4)"
US_5_6103 = "5 U.S.C. § 6103"

MONDAY, TUESDAY, THURSDAY, SATURDAY, SUNDAY = 0, 1, 3, 5, 6


class Jurisdiction(StrEnum):
    """The states whose rules of time the system knows."""

    NY = "NY"
    WI = "WI"

    @property
    def default_timezone(self) -> ZoneInfo:
        return ZoneInfo("America/New_York" if self is Jurisdiction.NY else "America/Chicago")

    @property
    def state_name(self) -> str:
        return "New York" if self is Jurisdiction.NY else "Wisconsin"

    @property
    def law_of_time(self) -> str:
        """The statutes rules.periods counts time by in this state, as a document names them:
        the first day left out and the last day moved (NY §§ 20, 25-a; Wis. § 990.001(4)) and
        the holidays on which a period cannot end (NY § 24; Wis. § 995.20)."""
        if self is Jurisdiction.NY:
            return "New York's General Construction Law §§ 20, 24 and 25-a"
        return "Wisconsin's Statutes §§ 990.001(4) and 995.20"


class Act(StrEnum):
    """What a Wisconsin deadline asks for, as Wis. Stat. § 990.001(4) sorts acts.

    Paragraph (b) moves the last day of any act off a Sunday or legal holiday. Paragraph (c)
    moves it off a Saturday only for "any payment to or the service upon or the filing with any
    officer, agent, agency, department or division" of the state or a municipality, when that
    office keeps no Saturday hours: paying, filing an appeal or an application, serving the
    village. Work on the ground (removing snow, repairing a sidewalk, abating a tree) is no
    such act, nor is an act of the village's own officers; a Saturday does not move them. The
    postal sentence of § 990.001(4) adds the federal holidays for an act the law permits by mail.
    A notice type declares which kind its deadline is; the code never guesses.
    """

    AT_OFFICE = "at_office"
    AT_OFFICE_OR_BY_MAIL = "at_office_or_by_mail"
    IN_THE_FIELD = "in_the_field"
    BY_THE_VILLAGE = "by_the_village"
    # No act at all: a span of time that runs out (a guarantee of work, a permit's term). The
    # statutes move the last day for doing an act; nothing is done on this one, so it never
    # moves, in either state (WI attorney review LU19-a).
    TERM = "term"

    @property
    def at_office(self) -> bool:
        """Whether paragraph (c) reaches it: a payment, service or filing at a public office."""
        return self in (Act.AT_OFFICE, Act.AT_OFFICE_OR_BY_MAIL)

    @property
    def by_mail(self) -> bool:
        return self is Act.AT_OFFICE_OR_BY_MAIL

    @property
    def words(self) -> str:
        """What the act is, for an explanation: "work in the field (...)"."""
        return ACT_WORDS[self]


class TwoDayPeriods(StrEnum):
    """How a New York village counts a period of two days in its ordinance; its file chooses.

    N.Y. Gen. Constr. Law § 20 leaves an intervening Saturday, Sunday or public holiday out of a
    period of two days. An ordinance that says "two calendar days" may show the different
    meaning that Gen. Constr. Law § 110 allows, and the Village then counts every day. Which the
    Village relies on is a question for its attorney, so the code never picks one.
    """

    CALENDAR_DAYS = "calendar_days"
    GCL_20 = "gcl_20"


ACT_WORDS = {
    Act.AT_OFFICE: "a payment, service or filing at the village office",
    Act.AT_OFFICE_OR_BY_MAIL: (
        "a payment, service or filing at the village office, which may also be made by mail"
    ),
    Act.IN_THE_FIELD: "work in the field (on the premises, a sidewalk, a street or a tree)",
    Act.BY_THE_VILLAGE: "an act of the Village's own officers or Board",
    Act.TERM: "a span of time that runs out (a guarantee, a term), not an act to be done",
}


@dataclass(frozen=True)
class Holiday:
    """One day on which a legal period cannot end, with the law that makes it so."""

    day: date
    name: str
    authority: str

    def describe(self) -> str:
        # New York's statute says "public holiday", Wisconsin's "legal holiday".
        term = "public holiday" if self.authority == NY_GCL_24 else "legal holiday"
        return f"{self.name}, a {term} ({self.authority})"


@dataclass(frozen=True)
class Closure:
    """A day the village office is closed by the village's own choice (not a state holiday)."""

    day: date
    name: str

    def describe(self) -> str:
        return f"{self.name}, a day the village office is closed"


def nth_weekday(year: int, month: int, weekday: int, n: int) -> date:
    """The n-th given weekday (Monday is 0) of a month: the third Monday of January is (1, 0, 3)."""
    first = date(year, month, 1)
    offset = (weekday - first.weekday()) % 7
    return first + timedelta(days=offset + 7 * (n - 1))


def last_weekday(year: int, month: int, weekday: int) -> date:
    """The last given weekday of a month, as in "the last Monday in May"."""
    last = date(year, month, gregorian.monthrange(year, month)[1])
    return last - timedelta(days=(last.weekday() - weekday) % 7)


def general_election_day(year: int) -> date:
    """The Tuesday after the first Monday in November.

    New York holds its general election every year (N.Y. Election Law § 8-100), Wisconsin in
    even-numbered years (Wis. Stat. § 5.02(5)).
    """
    return nth_weekday(year, 11, MONDAY, 1) + timedelta(days=1)


def _add(found: dict[date, Holiday], day: date, name: str, authority: str) -> None:
    # Two holidays on one day keep both names, so the explanation names each.
    if day in found:
        name = f"{found[day].name} and {name}"
    found[day] = Holiday(day, name, authority)


def _add_kept_on_monday(found: dict[date, Holiday], day: date, name: str, authority: str) -> None:
    """Add a holiday and, when it falls on a Sunday, the Monday that keeps it."""
    _add(found, day, name, authority)
    if day.weekday() == SUNDAY:
        _add(found, day + timedelta(days=1), f"{name} (kept on Monday)", authority)


@cache
def new_york_public_holidays(year: int) -> dict[date, Holiday]:
    """N.Y. Gen. Constr. Law § 24: the public holidays of one year, without proclaimed days."""
    fixed = [
        (date(year, 1, 1), "New Year's Day"),
        (date(year, 2, 12), "Lincoln's Birthday"),
        (date(year, 6, 19), "Juneteenth"),
        (date(year, 7, 4), "Independence Day"),
        (date(year, 11, 11), "Veterans' Day"),
        (date(year, 12, 25), "Christmas Day"),
    ]
    found: dict[date, Holiday] = {}
    for day, name in fixed:
        # § 24: "if any of such days except Flag day is Sunday, the next day thereafter".
        _add_kept_on_monday(found, day, name, NY_GCL_24)
    _add(found, nth_weekday(year, 1, MONDAY, 3), "Dr. Martin Luther King, Jr. Day", NY_GCL_24)
    _add(found, nth_weekday(year, 2, MONDAY, 3), "Washington's Birthday", NY_GCL_24)
    _add(found, last_weekday(year, 5, MONDAY), "Memorial Day", NY_GCL_24)
    _add(found, nth_weekday(year, 6, SUNDAY, 2), "Flag Day", NY_GCL_24)
    _add(found, nth_weekday(year, 9, MONDAY, 1), "Labor Day", NY_GCL_24)
    _add(found, nth_weekday(year, 10, MONDAY, 2), "Columbus Day", NY_GCL_24)
    _add(found, nth_weekday(year, 11, THURSDAY, 4), "Thanksgiving Day", NY_GCL_24)
    # § 24 names "each general election day", which New York holds every year.
    _add(found, general_election_day(year), "General Election Day", NY_GCL_24)
    return dict(sorted(found.items()))


@cache
def wisconsin_legal_holidays(year: int) -> dict[date, Holiday]:
    """Wis. Stat. § 995.20: the legal holidays of one year, without the partisan primary."""
    found: dict[date, Holiday] = {}
    days = [
        (date(year, 1, 1), "New Year's Day"),
        (nth_weekday(year, 1, MONDAY, 3), "Martin Luther King, Jr. Day"),
        (nth_weekday(year, 2, MONDAY, 3), "Washington-Lincoln Day"),
        (last_weekday(year, 5, MONDAY), "Memorial Day"),
        (date(year, 6, 19), "Juneteenth Day"),
        (date(year, 7, 4), "Independence Day"),
        (nth_weekday(year, 9, MONDAY, 1), "Labor Day"),
        (nth_weekday(year, 10, MONDAY, 2), "Columbus Day"),
        (date(year, 11, 11), "Veterans Day"),
        (nth_weekday(year, 11, THURSDAY, 4), "Thanksgiving Day"),
        (date(year, 12, 25), "Christmas Day"),
    ]
    # The general election in November is held in even-numbered years only.
    if year % 2 == 0:
        days.append((general_election_day(year), "General Election Day"))
    for day, name in days:
        # § 995.20: "In the event that any of said holidays falls on a Sunday, the
        # succeeding Monday shall be the legal holiday."
        _add_kept_on_monday(found, day, name, WI_995_20)
    return dict(sorted(found.items()))


# The postal sentence, the last of Wis. Stat. § 990.001(4): "When an act is permitted to be
# done by the use of the postal service, and the last day within the time prescribed by law for
# performing such act falls on a legal public holiday under federal law, or other holiday
# designated by the president such that the postal service does not receive registered mail or
# make regular deliveries on that day, the day shall be considered a legal holiday for purposes
# of this section." The days a President designates are not listed here: a village would add
# them to its own calendar. The observed days below are the ones that differ from § 995.20.
@cache
def federal_postal_holidays(year: int) -> dict[date, str]:
    """The days of one year on which federal offices and the postal service observe a legal
    public holiday of 5 U.S.C. § 6103(a): the holiday itself, or the Friday before when it falls
    on a Saturday and the Monday after when it falls on a Sunday (§ 6103(b))."""
    found: dict[date, str] = {}
    # New Year's Day of the next year is observed on December 31 when it falls on a Saturday.
    for holiday_year in (year, year + 1):
        days = [
            (date(holiday_year, 1, 1), "New Year's Day"),
            (nth_weekday(holiday_year, 1, MONDAY, 3), "Birthday of Martin Luther King, Jr."),
            (nth_weekday(holiday_year, 2, MONDAY, 3), "Washington's Birthday"),
            (last_weekday(holiday_year, 5, MONDAY), "Memorial Day"),
            (date(holiday_year, 6, 19), "Juneteenth National Independence Day"),
            (date(holiday_year, 7, 4), "Independence Day"),
            (nth_weekday(holiday_year, 9, MONDAY, 1), "Labor Day"),
            (nth_weekday(holiday_year, 10, MONDAY, 2), "Columbus Day"),
            (date(holiday_year, 11, 11), "Veterans Day"),
            (nth_weekday(holiday_year, 11, THURSDAY, 4), "Thanksgiving Day"),
            (date(holiday_year, 12, 25), "Christmas Day"),
        ]
        for day, name in days:
            if day.weekday() == SATURDAY:
                day, name = day - timedelta(days=1), f"{name} (observed on Friday)"
            elif day.weekday() == SUNDAY:
                day, name = day + timedelta(days=1), f"{name} (observed on Monday)"
            if day.year == year:
                found[day] = name
    return dict(sorted(found.items()))


@dataclass(frozen=True)
class LegalCalendar:
    """The days and hours that count in one village: its state's holidays, its office and zone.

    `designated_holidays` are the statutory holidays that have no fixed rule: in New York the
    days proclaimed by the President or the Governor (§ 24), in Wisconsin the day of the
    partisan primary (§ 995.20). `closures` are the village's own office closures; the system
    treats them like holidays when a deadline for an act at the office would fall on one, and
    says so, because a notice must never require an act at the village office on a day it is
    shut. A Wisconsin act not done at the office (`Act`) is not moved by a closure.
    """

    jurisdiction: Jurisdiction
    timezone: ZoneInfo
    designated_holidays: tuple[Holiday, ...] = ()
    closures: tuple[Closure, ...] = ()
    office_open_saturday: bool = False
    # Wis. Stat. § 990.001(4)(a); a village may turn it off for its own hour rules.
    hours_skip_sundays_and_holidays: bool = True
    # New York only: how a period of two days is counted (TwoDayPeriods). None where the
    # village's file has not chosen; a period of two days is then refused, never guessed.
    two_day_periods: TwoDayPeriods | None = None

    @classmethod
    def for_state(cls, jurisdiction: Jurisdiction | str, **settings: object) -> LegalCalendar:
        """A calendar with the state's holidays and its usual time zone.

        The state's law alone, with no ordinance whose words could mean otherwise: a New York
        period of two days is counted by Gen. Constr. Law § 20 as the statute is written.
        """
        jurisdiction = Jurisdiction(jurisdiction)
        settings.setdefault("timezone", jurisdiction.default_timezone)
        if jurisdiction is Jurisdiction.NY:
            settings.setdefault("two_day_periods", TwoDayPeriods.GCL_20)
        return cls(jurisdiction=jurisdiction, **settings)  # type: ignore[arg-type]

    def legal_holidays(self, year: int) -> dict[date, Holiday]:
        """Every legal holiday of a year: the statute's fixed rules plus designated days."""
        if self.jurisdiction is Jurisdiction.NY:
            found = dict(new_york_public_holidays(year))
        else:
            found = dict(wisconsin_legal_holidays(year))
        for holiday in self.designated_holidays:
            if holiday.day.year == year:
                _add(found, holiday.day, holiday.name, holiday.authority)
        return dict(sorted(found.items()))

    def legal_holiday(self, day: date) -> Holiday | None:
        return self.legal_holidays(day.year).get(day)

    def closure(self, day: date) -> Closure | None:
        return next((c for c in self.closures if c.day == day), None)

    def is_business_day(self, day: date) -> bool:
        """Not a Saturday, a Sunday, a legal holiday or a day the village office is closed."""
        return self.why_not_business_day(day) is None

    def why_not_business_day(self, day: date) -> str | None:
        """Why a day is not a business day, in words for an explanation; None if it is one."""
        return self._why_closed(day, saturday="a Saturday")

    def why_not_secular_day(self, day: date, act: Act | None = None) -> str | None:
        """Why a Wisconsin period for an act cannot end on a day (Wis. Stat. § 990.001(4)).

        A Sunday or a legal holiday never ((b)). A Saturday only for an act at an office
        that keeps no Saturday hours ((c)), and a village closure only for an act at the
        office, for the reason given in the class docstring. For an act the law permits by mail,
        also a day federal offices and the postal service observe a federal holiday (the
        postal sentence). With no act named, the act is taken to be at the office.
        """
        at_office = act is None or act.at_office
        saturday = None
        if act is not None and act.at_office and not self.office_open_saturday:
            saturday = (
                "a Saturday (the village office, where the payment, service or filing is made, "
                "keeps no Saturday hours)"
            )
        elif at_office and not self.office_open_saturday:
            saturday = "a Saturday (the village office keeps no Saturday hours)"
        reason = self._why_closed(day, saturday=saturday, closures=at_office)
        if act is not None and act.by_mail and self.legal_holiday(day) is None:
            postal = federal_postal_holidays(day.year).get(day)
            if postal:
                reasons = [reason] if reason else []
                reasons.append(
                    f"{postal}, a legal public holiday under federal law ({US_5_6103}) on which "
                    "the postal service makes no regular deliveries, and so a legal holiday for "
                    f"an act permitted by mail (the postal sentence of {WI_990_001_4})"
                )
                reason = " and ".join(reasons)
        return reason

    def why_not_moved(self, day: date, act: Act | None) -> str | None:
        """Why a Wisconsin period may end on a Saturday or a village closure that would move
        an act at the office: this act is not done there. None when nothing needs saying."""
        if act is None or act.at_office or self.why_not_secular_day(day, act) is not None:
            return None
        unmoved = []
        saturday = day.weekday() == SATURDAY and not self.office_open_saturday
        if saturday:
            unmoved.append("a Saturday, when the village office keeps no hours")
        closure = self.closure(day)
        if closure:
            unmoved.append(closure.describe())
        if not unmoved:
            return None
        why = (
            f"{' and '.join(unmoved)}, but that does not move the last day: {act.words} is "
            "not a payment, service or filing at the village office"
        )
        if saturday:
            why += ", and a Saturday moves only those"
        return why

    def _why_closed(self, day: date, *, saturday: str | None, closures: bool = True) -> str | None:
        reasons = []
        if day.weekday() == SATURDAY and saturday:
            reasons.append(saturday)
        elif day.weekday() == SUNDAY:
            reasons.append("a Sunday")
        holiday = self.legal_holiday(day)
        if holiday:
            reasons.append(holiday.describe())
        closure = self.closure(day) if closures else None
        if closure:
            reasons.append(closure.describe())
        return " and ".join(reasons) or None

    def is_hour_excluded(self, day: date) -> bool:
        """Whether Wis. Stat. § 990.001(4)(a) leaves the whole of this day out of an hour period."""
        return (
            self.jurisdiction is Jurisdiction.WI
            and self.hours_skip_sundays_and_holidays
            and (day.weekday() == SUNDAY or self.legal_holiday(day) is not None)
        )
