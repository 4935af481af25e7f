"""What a clerk types at the counter, turned into explained answers from the rules."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import date, datetime, time
from decimal import Decimal
from pathlib import Path
from typing import TYPE_CHECKING

from noticeclerk.clock import placed_in
from noticeclerk.content.village import Village, load_village
from noticeclerk.exceptions import ConfigError, InputError
from noticeclerk.rules.calendars import Act, Closure, Holiday, Jurisdiction, LegalCalendar
from noticeclerk.rules.fees import FeeAnswer, FeeFacts, FeeRule
from noticeclerk.rules.installments import (
    PALMYRA_8_03_3_B_3,
    PALMYRA_8_03_3_B_6,
    PALMYRA_8_15_6_B,
    Plan,
    Prepayment,
    Schedule,
    assessment_rate,
    check_dates,
    installment_schedule,
    prepayment,
)
from noticeclerk.rules.interest import Payoff, Rate, payoff
from noticeclerk.rules.money import parse_amount, parse_measure, parse_percent
from noticeclerk.rules.periods import Deadline, Unit, count_period

if TYPE_CHECKING:
    from noticeclerk.rules.apportion import Apportionment


@dataclass(frozen=True)
class Place:
    """Whose rules of time an answer follows: a village's, or a state's alone."""

    calendar: LegalCalendar
    label: str


def place_for(
    village: str | None,
    jurisdiction: str | None,
    *,
    office_open_saturday: bool = False,
    workspace: Path | None = None,
) -> Place:
    """The calendar of a named village, or of a state with no village closures."""
    if village and jurisdiction:
        raise InputError(
            "Give --village or --jurisdiction, not both: a village brings its own state."
        )
    if village:
        found = load_village(village, workspace)
        calendar = found.calendar
        if office_open_saturday:
            calendar = replace(calendar, office_open_saturday=True)
        label = f"{found.name} ({found.state.state_name} law, {calendar.timezone.key})"
    elif jurisdiction:
        try:
            state = Jurisdiction(jurisdiction.upper())
        except ValueError:
            raise InputError(
                f"Unknown jurisdiction '{jurisdiction}'; use NY (New York) or WI (Wisconsin)."
            ) from None
        calendar = LegalCalendar.for_state(state, office_open_saturday=office_open_saturday)
        label = f"{state.state_name} law ({calendar.timezone.key})"
    else:
        raise InputError("Say whose rules apply: give --village NAME or --jurisdiction NY|WI.")
    if office_open_saturday and calendar.jurisdiction is not Jurisdiction.WI:
        raise InputError("--office-open-saturday applies only in Wisconsin (§ 990.001(4)(c)).")
    return Place(calendar, label)


def noon_or_moment(given: date | datetime, calendar: Callable[[], LegalCalendar]) -> datetime:
    """A day or a moment typed for the register (a receipt signed, the post office's
    acceptance), as an aware moment: a day alone stands for 12:00 noon, and a time without an
    offset is read in the village's zone, whose calendar is looked up only then."""
    moment = given if isinstance(given, datetime) else datetime.combine(given, time(12, 0))
    return moment if moment.tzinfo is not None else localize(calendar(), moment)


def localize(calendar: LegalCalendar, moment: datetime) -> datetime:
    """A date-time the clerk typed, placed in the village's zone; refuses impossible clock times."""
    return placed_in(calendar.timezone, moment)


def deadline_at_counter(
    place: Place,
    start: date | datetime,
    unit: Unit,
    count: int,
    *,
    before: bool = False,
    at: time | None = None,
    act: Act | None = None,
) -> Deadline:
    """Count one period from what the clerk typed, for the kind of act it is (Wisconsin)."""
    if unit is Unit.HOURS and not isinstance(start, datetime):
        raise InputError(
            "A period in hours counts from a moment: give --from as a date and time, "
            "such as 2026-01-10T14:30."
        )
    if isinstance(start, datetime):
        start = localize(place.calendar, start)
    calendar = place.calendar
    if act not in (None, Act.TERM) and calendar.jurisdiction is not Jurisdiction.WI:
        raise InputError(
            "--act applies only in Wisconsin (or --act term, a span that runs out): New York's "
            "Gen. Constr. Law § 25-a moves the last day of every act off a Saturday, Sunday or "
            "public holiday alike."
        )
    if act is None and calendar.jurisdiction is Jurisdiction.WI:
        # Wisconsin moves a Saturday only for an act at an office (§ 990.001(4)(c)): where the
        # kind of act changes the answer, the clerk must say which it is; the code never guesses.
        answers = {
            count_period(calendar, unit, count, start, before=before, at=at, act=kind).due
            for kind in Act
            # A term that runs out is no act: the clerk asks for it by name.
            if kind is not Act.TERM
        }
        if len(answers) > 1:
            raise InputError(
                "The answer depends on what the act is, since Wisconsin moves a Saturday only for "
                "a payment, service or filing at an office (Wis. Stat. § 990.001(4)(c)): give "
                "--act at-office, at-office-or-by-mail, in-the-field or by-the-village (or term, "
                "for a span that runs out, such as a guarantee)."
            )
    return count_period(calendar, unit, count, start, before=before, at=at, act=act)


def holidays_at_counter(place: Place, year: int) -> list[Holiday | Closure]:
    """The year's legal holidays and the village's own closures, in date order."""
    if not 1900 <= year <= 2200:
        raise InputError(f"Give a year from 1900 to 2200; got {year}.")
    days: list[Holiday | Closure] = list(place.calendar.legal_holidays(year).values())
    days += [c for c in place.calendar.closures if c.day.year == year]
    return sorted(days, key=lambda entry: entry.day)


# --- Money at the counter: splits, interest, installments and permit fees ----------------


def parse_day(text: str, label: str) -> date:
    """A date the clerk typed, written YYYY-MM-DD."""
    cleaned = str(text).strip()
    try:
        if len(cleaned) != 10:
            raise ValueError
        return date.fromisoformat(cleaned)
    except ValueError:
        raise InputError(
            f"The {label} date must be a date that exists, written YYYY-MM-DD; got '{cleaned}'."
        ) from None


def split_at_counter(
    total: str,
    *,
    count: int | None = None,
    parcels: str | None = None,
    odd_cents: str = "first properties",
) -> Apportionment:
    """Village A § 134-45F: a total shared equally by properties counted or listed."""
    # Here: the apportionment rules are the largest module a deadline at the counter skips.
    from noticeclerk.rules.apportion import split_among_properties, split_by_count

    if (count is None) == (parcels is None):
        raise InputError(
            "Say who shares the cost one way: give --count or --parcels, not both."
            if count is not None
            else "Say who shares the cost: give --count N, or --parcels with the parcel IDs "
            "separated by commas."
        )
    amount = parse_amount(total, "The total")
    if count is not None:
        return split_by_count(amount, count, odd_cents)
    return split_among_properties(amount, str(parcels).split(","), odd_cents)


def rate_at_counter(
    rate: str | None,
    village: str | None,
    *,
    tax_rate: bool = False,
    workspace: Path | None = None,
) -> Rate:
    """The interest rate typed, or the village's: its legal rate, or its tax rate if asked."""
    if rate is not None and village:
        raise InputError("Give --rate or --village, not both: a village brings its own rate.")
    if rate is not None:
        if tax_rate:
            raise InputError("--tax-rate reads a village's rate; give --village instead of --rate.")
        return Rate(parse_percent(rate, "The interest rate"), "the rate given")
    if not village:
        raise InputError("Say which rate applies: give --rate PERCENT or --village NAME.")
    found = load_village(village, workspace)
    if not tax_rate:
        return found.legal_rate
    provision = found.money.tax_rate_provision
    if provision is None:
        raise InputError(
            f"{found.name}'s ordinance charges no interest at the tax rate; leave out --tax-rate "
            "to use its legal rate."
        )
    if found.money.tax_rate_percent is None:
        raise ConfigError(
            found.path,
            "money.tax_interest_rate_percent",
            f"is not set: {provision.words} ({provision.authority}), so add "
            'tax_interest_rate_percent = "PERCENT" under [money] with the rate late Village '
            "real property taxes bear",
        )
    return Rate(
        found.money.tax_rate_percent,
        f"{provision.authority}, at the tax rate set in the village's letterhead",
    )


def interest_at_counter(
    principal: str, start: str, end: str, rate: Rate, *, costs: str | None = None
) -> Payoff:
    """Simple interest from one date to another, and the payoff with collection costs."""
    return payoff(
        parse_amount(principal, "The principal"),
        rate,
        parse_day(start, "--from"),
        parse_day(end, "--to"),
        parse_amount(costs, "The costs") if costs is not None else Decimal(0),
    )


def installments_at_counter(
    principal: str,
    years: int,
    *,
    rate: str | None = None,
    borrowing_rate: str | None = None,
    village: str | None = None,
    plan: str = Plan.ASSESSMENT.value,
    notice_date: str | None = None,
    first_due: str | None = None,
    prepay_on: str | None = None,
    paid: int = 0,
    workspace: Path | None = None,
) -> tuple[Schedule, Prepayment | None]:
    """Palmyra's installment schedule, and what prepays it on a day if asked.

    With the date on the Assessment Notice and the first installment's due date, the
    schedule is the invoice's own (§ 8.03(3)(b)3): the same function, with the day count and
    rounding the village's file declares.
    """
    try:
        chosen = Plan(plan)
    except ValueError:
        plans = ", ".join(p.value for p in Plan)
        raise InputError(
            f"There is no installment plan '{plan}'; the plans are: {plans}."
        ) from None
    amount = parse_amount(principal, "The principal")
    found = load_village(village, workspace) if village else None
    if found is not None and chosen.value not in found.installment_plans:
        if not found.installment_plans:
            raise InputError(
                f"{found.name}'s ordinance provides no installment payments ([installments] in "
                f"{found.path} lists none)."
            )
        raise InputError(
            f"{found.name}'s ordinance provides no '{chosen.value}' installment plan; its plans "
            f"are: {', '.join(found.installment_plans)}."
        )
    if prepay_on is None and paid:
        raise InputError("--paid is for a prepayment; add --prepay-on DATE.")
    if prepay_on is not None and (notice_date is None or first_due is None):
        raise InputError(
            "Give the date on the Assessment Notice (--notice-date) and the first installment's "
            "due date (--first-due) to prepay: interest runs from the notice and to each due date."
        )
    dates = None
    counting = None
    if notice_date is not None or first_due is not None:
        if notice_date is None or first_due is None:
            raise InputError(
                "Give both --notice-date and --first-due: the first installment carries "
                f"interest from the one to the other ({PALMYRA_8_03_3_B_3})."
            )
        if chosen is not Plan.ASSESSMENT:
            raise InputError(
                f"{PALMYRA_8_15_6_B} states no date the special tax's interest runs from; "
                "--notice-date and --first-due are for a special assessment "
                f"({PALMYRA_8_03_3_B_3})."
            )
        if found is None:
            raise InputError(
                "Give --village NAME with --notice-date and --first-due: how the days are "
                "counted and each installment's interest rounded is the village's choice, "
                "declared in its letterhead's [installments]."
            )
        dates = check_dates(
            parse_day(notice_date, "--notice-date"), parse_day(first_due, "--first-due")
        )
        counting = found.installment_counting()
    elm_tax_interest = None
    if chosen is Plan.ELM_TAX:
        if found is None:
            raise InputError(
                "Give --village NAME with --plan elm-tax: whether the first installment bears "
                f"interest is the village's reading of {PALMYRA_8_15_6_B}, declared in its "
                "letterhead's [installments] elm_tax_interest."
            )
        elm_tax_interest = found.installments.elm_tax_interest
    schedule = installment_schedule(
        amount,
        years,
        _installment_rate(chosen, rate, borrowing_rate, found),
        chosen,
        dates=dates,
        counting=counting,
        elm_tax_interest=elm_tax_interest,
    )
    if prepay_on is None:
        return schedule, None
    return schedule, prepayment(schedule, paid, parse_day(prepay_on, "--prepay-on"))


def _installment_rate(
    plan: Plan, rate: str | None, borrowing_rate: str | None, village: Village | None
) -> Rate:
    """The plan's fixed rate, the rate typed, the borrowing rate plus 2, or the village's.

    A rate typed beside --village is the one used: the Board determines the borrowing rate
    for each improvement (§ 8.03(3)(b)6), and the village still brings its plans and its way
    of counting the interest.
    """
    if rate is not None and borrowing_rate is not None:
        raise InputError("Give --rate or --borrowing-rate, not both.")
    fixed = plan.fixed_rate
    if fixed is not None:
        if borrowing_rate is not None or (
            rate is not None and parse_percent(rate, "The interest rate") != fixed.percent
        ):
            raise InputError(
                f"The special tax bears interest at {fixed.percent}% ({PALMYRA_8_15_6_B}); "
                "leave out the rate."
            )
        return fixed
    if rate is not None:
        return Rate(parse_percent(rate, "The interest rate"), "the rate given")
    if borrowing_rate is not None:
        return assessment_rate(parse_percent(borrowing_rate, "The borrowing rate"))
    if village is None:
        raise InputError(
            "Say which rate applies: give --rate PERCENT, --borrowing-rate PERCENT or "
            "--village palmyra."
        )
    if village.money.borrowing_rate_percent is None:
        raise ConfigError(
            village.path,
            "money.borrowing_rate_percent",
            "is not set: the interest is 2 percent over the Village's current borrowing rate "
            f'({PALMYRA_8_03_3_B_6}), so add borrowing_rate_percent = "PERCENT" under [money], '
            "or give --borrowing-rate",
        )
    return assessment_rate(village.money.borrowing_rate_percent)


# How a fee's facts are named to a clerk at the counter: by the option that gives them.
FEE_OPTIONS = {
    "days": "--days",
    "length_ft": "--length-ft",
    "width_ft": "--width-ft",
    "area_sqft": "--area-sqft",
    "deposit": "--deposit",
    "expenses": "--expenses",
    "fee_paid": "--fee-paid",
}


@dataclass(frozen=True)
class CounterFee:
    """A fee computed for a village, with the village's name for the answer's heading."""

    village: Village
    answer: FeeAnswer


def fees_at_counter(village: str, workspace: Path | None = None) -> tuple[Village, list[FeeRule]]:
    """The fees a village's ordinance defines, as its letterhead's [fee_rules] state them."""
    found = load_village(village, workspace)
    return found, list(found.fee_rules.values())


def fee_at_counter(
    village: str,
    name: str,
    *,
    days: str | None = None,
    length_ft: str | None = None,
    width_ft: str | None = None,
    area_sqft: str | None = None,
    deposit: str | None = None,
    expenses: str | None = None,
    fee_paid: str | None = None,
    workspace: Path | None = None,
) -> CounterFee:
    """One fee, bond or deposit refund from the facts the clerk typed."""
    found, rules = fees_at_counter(village, workspace)
    if not rules:
        raise InputError(f"{found.name}'s ordinance states no permit fees.")
    by_name = {rule.name: rule for rule in rules}
    rule = by_name.get(name.strip().lower())
    if rule is None:
        raise InputError(
            f"{found.name} defines no fee '{name}'; its fees are: {', '.join(sorted(by_name))}."
        )
    facts = FeeFacts(
        days=parse_measure(days, "--days") if days is not None else None,
        length_ft=parse_measure(length_ft, "--length-ft") if length_ft is not None else None,
        width_ft=parse_measure(width_ft, "--width-ft") if width_ft is not None else None,
        area_sqft=parse_measure(area_sqft, "--area-sqft") if area_sqft is not None else None,
        deposit=parse_amount(deposit, "The deposit") if deposit is not None else None,
        expenses=parse_amount(expenses, "The Village's costs") if expenses is not None else None,
        fee_paid=parse_amount(fee_paid, "The fee paid") if fee_paid is not None else None,
    )
    rule.check(facts, FEE_OPTIONS)
    # A rate the Board has not yet entered leaves the fee not set, not the counter empty.
    return CounterFee(found, rule.answer(facts, replace(found.fees, unset_allowed=True)))
