"""Village of Tuckahoe's case facts, turned into the dates and amounts its documents print.

Amounts come from the money engine (`rules.costs`, `rules.fees`); periods from the time
engine (`rules.periods`, `rules.deadline_rules`) on the Village's own legal calendar. A
computation also refuses facts the ordinance does not allow: an appeal served too late to
suspend a notice to repair, an "extension" that gives less than the three days, a bill for
snow the owner still had time to clear, a certificate of cost before the bill's 10 days end.

The periods here are those a document recites but whose event is not its own service (the
seven days of the notice to repair, the ten days after a bill); a document's own deadline
stays in its notice definition.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date, datetime, time
from typing import Any

from noticeclerk.computations.figures import (
    bill_context,
    computation,
    period_context,
    village_calendar,
)
from noticeclerk.exceptions import InputError
from noticeclerk.rules.costs import Bill, BillLine
from noticeclerk.rules.deadline_rules import HoursWithNightWindowRule
from noticeclerk.rules.money import check_cents
from noticeclerk.rules.periods import (
    Deadline,
    Unit,
    count_period,
    settle_last_day,
    spell_date,
    spell_datetime,
)

SNOW_BILL = "Tuckahoe § 19-34(b)"
APPEAL = "Tuckahoe § 19-15(c)"
# § 19-15(c): the work is due "within seven days after the date of mailing of such notice".
REPAIR_DAYS = 7
# § 19-15(c): compliance "within three days from the date of the order of the Board".
ORDER_DAYS = 3
# § 19-34(b): "if he shall fail to pay the same within 10 days thereafter".
BILL_DAYS = 10


# --- § 19-15(c): appeals from a notice to repair --------------------------------------------


def _repair_period(facts: Mapping[str, Any]) -> Deadline:
    """The seven days of the notice to repair, within which an appeal must be served."""
    mailed, served = facts["notice_mailed"], facts["appeal_served"]
    period = count_period(village_calendar("tuckahoe"), Unit.DAYS, REPAIR_DAYS, mailed)
    if served < mailed:
        raise InputError(
            f"The appeal is dated {spell_date(served)}, before the notice to repair was mailed "
            f"on {spell_date(mailed)}; check the dates."
        )
    if served > period.due:
        raise InputError(
            f"The notice of appeal was served on {spell_date(served)}, after the seven-day "
            f"period ended on {spell_date(period.due)} ({APPEAL}: an appeal is served "
            '"prior to the expiration of such seven-day period"); it does not suspend the '
            "notice to repair."
        )
    return period


@computation("tuckahoe_appeal_received")
def tuckahoe_appeal_received(facts: Mapping[str, Any]) -> dict[str, Any]:
    """§ 19-15(c): a notice of appeal served in time suspends the notice to repair."""
    return {"repair_period": period_context(_repair_period(facts))}


@computation("tuckahoe_appeal_hearing")
def tuckahoe_appeal_hearing(facts: Mapping[str, Any]) -> dict[str, Any]:
    """§ 19-15(c): the appellant is advised of the date, time and place of the meeting."""
    period = _repair_period(facts)
    hearing: datetime = facts["hearing_at"]
    if hearing.date() <= facts["appeal_served"]:
        raise InputError(
            f"The meeting on {spell_datetime(hearing)} is not after the appeal was served on "
            f"{spell_date(facts['appeal_served'])}; give the date of the Board's next meeting."
        )
    return {"repair_period": period_context(period)}


DECISIONS = {
    "affirmed": "affirmed the notice to repair",
    "modified": "modified the notice to repair",
}


@computation("tuckahoe_appeal_decision")
def tuckahoe_appeal_decision(facts: Mapping[str, Any]) -> dict[str, Any]:
    """§ 19-15(c): the Board "may cancel, affirm or modify such notice to repair"; this letter
    is for an order that leaves work to do within three days of the order."""
    outcome = facts["outcome"]
    if outcome not in DECISIONS:
        raise InputError(
            f"The Board's decision must be one of: {', '.join(DECISIONS)} (got {outcome!r}); "
            "a cancelled notice or an extended period has its own letter."
        )
    return {"decision": DECISIONS[outcome]}


@computation("tuckahoe_appeal_extension")
def tuckahoe_appeal_extension(facts: Mapping[str, Any]) -> dict[str, Any]:
    """§ 19-15(c): "or within such additional period as may be determined by the Board".

    The Board fixes the day; it must give more than the three days from the order, and a day
    on which an act may not be done moves to the next business day (N.Y. GCL § 25-a).
    """
    calendar = village_calendar("tuckahoe")
    order: date = facts["order_date"]
    three_days = count_period(calendar, Unit.DAYS, ORDER_DAYS, order)
    fixed: date = facts["extended_to"]
    if fixed <= three_days.due:
        raise InputError(
            f"The Board's day, {spell_date(fixed)}, is not after {spell_date(three_days.due)}, "
            f"the end of the three days from the order ({APPEAL}); an extension gives more time."
        )
    last, steps = settle_last_day(calendar, fixed, before=False)
    return {
        "three_days": period_context(three_days),
        # The reasons are printed only when the Board's day had to move.
        "extended": {"due": last, "steps": [str(step) for step in steps] if last != fixed else []},
    }


# --- § 19-34(b): snow and ice removed by the Village ----------------------------------------

# §§ 19-28, 19-32: four hours after the snow stops, or from 7:00 a.m. when it stopped at night.
_CLEARING = HoursWithNightWindowRule(
    count=4, after="snow_ceased", night_starts=time(18, 0), night_ends=time(7, 0)
)


def _snow_costs(facts: Mapping[str, Any]) -> Bill:
    return Bill(
        tuple(
            BillLine(line["description"], check_cents(line["amount"], "A cost"), SNOW_BILL)
            for line in facts["costs"]
        )
    )


@computation("tuckahoe_snow_bill")
def tuckahoe_snow_bill(facts: Mapping[str, Any]) -> dict[str, Any]:
    """§ 19-34(a)-(b): the owner's time to clear ran out, the Village removed the snow and
    ice, and the Village Clerk bills the expense incurred."""
    clearing = _CLEARING.deadline(
        village_calendar("tuckahoe"), {"snow_ceased": facts["snow_ceased"]}
    )
    started: datetime = facts["removal_started"]
    if started <= clearing.due:
        raise InputError(
            f"The Village began removal at {spell_datetime(started)}, but the owner had until "
            f"{spell_datetime(clearing.due)} (§ 19-28, § 19-32); the Village may do the work "
            'only when the owner "shall fail or neglect" to (§ 19-34(a)).'
        )
    return {"clearing": period_context(clearing), "charges": bill_context(_snow_costs(facts))}


@computation("tuckahoe_snow_certificate")
def tuckahoe_snow_certificate(facts: Mapping[str, Any]) -> dict[str, Any]:
    """§ 19-34(b): the Clerk's certificate of the actual cost, once the bill is unpaid for
    10 days after it was presented."""
    payment = count_period(
        village_calendar("tuckahoe"), Unit.DAYS, BILL_DAYS, facts["bill_presented"]
    )
    if facts["unpaid_as_of"] <= payment.due:
        raise InputError(
            f"The bill presented on {spell_date(facts['bill_presented'])} may be paid through "
            f"{spell_date(payment.due)} ({SNOW_BILL}); certify the cost only after that day."
        )
    return {"payment_period": period_context(payment), "cost": bill_context(_snow_costs(facts))}
