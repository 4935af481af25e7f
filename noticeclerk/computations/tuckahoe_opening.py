"""Tuckahoe's temporary occupancy and street opening facts (Ch. 19, Articles III and IV),
turned into fees, amounts paid, periods and grounds; Python because tables cannot price through
the fee engine, count a period whose length is a fact, subtract a deposit or read a list.

Fees come from the fee rules Tuckahoe's letterhead.toml states (§ 19-49 temporary occupancy,
§ 19-75(f)-(g) street opening, § 19-81(d) curb cut), computed by `rules.fees`, and sums from
`rules.costs`; periods from the time engine
(`rules.periods`) on the Village's legal calendar. A computation refuses what the ordinance does
not allow: an application filed less than 24 hours ahead (§§ 19-47(a), 19-76(a)), a temporary
occupancy permit for longer than four months (§ 19-48(e)), a deposit under $25 (§ 19-49(b)),
insurance below the § 19-77 amounts, a demand for an excess the cost does not exceed, and an
"extension" that gives no more time than the opening already had (§ 19-82). The five days of a
§ 19-75(e) notice, the five days of § 19-82 and the date of a revocation's notice are declared
in the notice definitions (notices/tuckahoe/).

The street opening fee per square foot is the Board of Trustees' (§ 19-75(f)); it is never a
figure in this code. The case gives it, as the Board's schedule states it, and the fee engine
multiplies it by the chargeable area of § 19-75(g).
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date, datetime
from decimal import Decimal
from typing import Any

from noticeclerk.computations.figures import (
    CaseContext,
    bill_context,
    computation,
    period_context,
)
from noticeclerk.exceptions import InputError
from noticeclerk.rules.calendars import LegalCalendar
from noticeclerk.rules.costs import Bill, BillLine
from noticeclerk.rules.fees import (
    FeeAnswer,
    FeeFacts,
    FeeTable,
)
from noticeclerk.rules.money import check_cents, spell_amount
from noticeclerk.rules.periods import (
    Deadline,
    Unit,
    add_months,
    count_hours,
    count_period,
    local_day,
    spell_date,
    spell_datetime,
)

APPLICATION_HOURS = 24  # §§ 19-47(a), 19-76(a): "at least 24 hours before"
OCCUPANCY_MONTHS = 4  # § 19-48(e): "not ... for a longer period than four months"
RESTORE_DAYS = 3  # § 19-49(b): "within three days from and after the expiration or revocation"
OPEN_DAYS = 5  # § 19-82: "No opening shall remain open and unfilled ... longer than five days"

# § 19-77: the least policy amounts, in the ordinance's order.
INSURANCE_MINIMUMS = (
    ("injury_single_claimant", "public liability, personal injury, single claimant", "100000.00"),
    ("injury_single_accident", "public liability, personal injury, single accident", "300000.00"),
    ("damage_single_claimant", "public liability, property damage, single claimant", "10000.00"),
    ("damage_single_accident", "public liability, property damage, single accident", "25000.00"),
)

# § 19-50: the grounds on which the Building Inspector may revoke, in the ordinance's words.
REVOCATION_GROUNDS = {
    "abused": "the privileges of the permit have been abused",
    "violated": "any of the provisions or requirements of this Article have been violated",
    "work_advanced": "any construction or repair work or wrecking is so far advanced as to "
    "render any further occupancy of the street unnecessary",
    "not_begun": "the permittee does not promptly begin to do the work",
    "abandoned": "the permittee abandons the work for any reason",
    "not_diligent": "the permittee does not prosecute the work with reasonable diligence",
}


def _fee(answer: FeeAnswer) -> dict[str, Any]:
    """A fee from the money engine, with its reasons and the amounts it rests on."""
    return {
        "title": answer.title,
        "total": answer.fee,
        "authority": answer.authority,
        "steps": [str(step) for step in answer.steps],
        "amounts": dict(answer.amounts),
        "measures": dict(answer.measures),
    }


def _application_in_time(
    calendar: LegalCalendar, filed: datetime, begins: datetime, section: str
) -> Deadline:
    """The application must be filed "at least 24 hours before" the time stated."""
    latest = count_hours(calendar, begins, APPLICATION_HOURS, before=True)
    if filed > latest.due:
        raise InputError(
            f"The application filed {spell_datetime(filed)} is less than 24 hours before "
            f"{spell_datetime(begins)} ({section}: at least 24 hours before); it had to be "
            f"filed by {spell_datetime(latest.due)}. Give a later time, or refuse the permit."
        )
    return latest


# --- Article III: temporary occupancy (§§ 19-46 to 19-64) ----------------------------------


@computation("tuckahoe_occupancy_permit")
def tuckahoe_occupancy_permit(case: CaseContext) -> dict[str, Any]:
    """§§ 19-47 to 19-49: a permit filed for 24 hours ahead, for at most four months, its fee
    on the applicant's estimate of days as confirmed, and a deposit of at least $25."""
    facts = case.facts
    calendar = case.village.calendar
    begins: datetime = facts["occupancy_begins"]
    application = _application_in_time(
        case.village.calendar, facts["application_filed"], begins, "§ 19-47(a)"
    )
    first_day = local_day(calendar, begins)
    expires: date = facts["expires_on"]
    longest = add_months(first_day, OCCUPANCY_MONTHS)
    if expires < first_day:
        raise InputError(
            f"The permit cannot expire on {spell_date(expires)}, before the occupancy begins "
            f"on {spell_date(first_day)}."
        )
    if expires > longest:
        raise InputError(
            f"A permit from {spell_date(first_day)} to {spell_date(expires)} is longer than "
            f"four months (§ 19-48(e)): it may run at most to {spell_date(longest)}, and may "
            "then be renewed for periods not exceeding four months."
        )
    permit_days = (expires - first_day).days + 1
    estimated: int = facts["estimated_days"]
    if estimated > permit_days:
        raise InputError(
            f"The estimate of {estimated} days is longer than the permit's {permit_days} days "
            f"({spell_date(first_day)} to {spell_date(expires)}); the obstruction may stay "
            "only while the permit is in force (§ 19-46)."
        )
    deposit = check_cents(facts["deposit"], "The deposit")
    answer = case.village.fee_rule("temporary-occupancy").answer(
        FeeFacts(days=Decimal(estimated), deposit=deposit), FeeTable()
    )
    if "refund" not in dict(answer.amounts):
        raise InputError(
            f"The deposit of {spell_amount(deposit)} is less than the permit fee of "
            f"{spell_amount(answer.fee)}; § 19-49(b) returns the deposit less the fee, so the "
            "Building Inspector's estimate must cover at least the fee."
        )
    paid = Bill(
        (
            BillLine(
                f"Permit fee on the estimate of {estimated} day{'s' if estimated > 1 else ''}",
                answer.fee,
                "Tuckahoe § 19-49(a)",
            ),
            BillLine("Deposit", deposit, "Tuckahoe § 19-49(b)"),
        )
    )
    restore = count_period(calendar, Unit.DAYS, RESTORE_DAYS, expires)
    return {
        "fee": _fee(answer),
        "paid": bill_context(paid),
        "refund": dict(answer.amounts)["refund"],
        "application": period_context(application),
        "first_day": first_day,
        "longest": longest,
        "permit_days": permit_days,
        "restore": period_context(restore),
    }


@computation("tuckahoe_occupancy_revocation")
def tuckahoe_occupancy_revocation(case: CaseContext) -> dict[str, Any]:
    """§ 19-50: the Building Inspector may, "at any time after notice to the permittee",
    revoke a permit on the grounds the section names, and only on those (the notice definition
    refuses a notice dated before the permit)."""
    facts = case.facts
    grounds = []
    for key in facts["grounds"]:
        if key not in REVOCATION_GROUNDS:
            raise InputError(
                f"'{key}' is not a ground § 19-50 gives for revoking a permit; the grounds are: "
                f"{', '.join(REVOCATION_GROUNDS)}."
            )
        grounds.append(REVOCATION_GROUNDS[key])
    return {"grounds": grounds}


# --- Article IV: openings and excavations, curb cuts (§§ 19-75 to 19-83) ---------------------


def _insurance(facts: Mapping[str, Any]) -> list[dict[str, Any]]:
    """§ 19-77: each policy amount at least the ordinance's; a smaller policy is refused."""
    rows = []
    for key, words, least in INSURANCE_MINIMUMS:
        amount = check_cents(facts[key], f"The {words} amount")
        minimum = Decimal(least)
        if amount < minimum:
            raise InputError(
                f"The policy's {words} amount, {spell_amount(amount)}, is less than the "
                f"{spell_amount(minimum)} § 19-77 requires; no permit may be granted."
            )
        rows.append({"words": words, "required": minimum, "policy": amount})
    return rows


@computation("tuckahoe_opening_permit")
def tuckahoe_opening_permit(case: CaseContext) -> dict[str, Any]:
    """§§ 19-75 to 19-77, 19-82: the deposit, the fee on the chargeable area at the Board's
    rate, the insurance, and the day the opening must be filled."""
    facts = case.facts
    calendar = case.village.calendar
    begins: datetime = facts["work_begins"]
    application = _application_in_time(
        case.village.calendar, facts["application_filed"], begins, "§ 19-76(a)"
    )
    deposit = check_cents(facts["deposit"], "The deposit")
    if deposit <= 0:
        raise InputError(
            "The Street Commissioner must require a deposit before approving the permit "
            "(§ 19-75(b)); give the sum required."
        )
    rate: Decimal = facts["board_fee_per_sqft"]
    if rate <= 0:
        raise InputError("The Board's fee per square foot must be more than $0.")
    # The rate the case gives stands in the entry the village's fee rule reads it from.
    rule = case.village.fee_rule("street-opening")
    table = FeeTable({rule.entries[0].key: rate}, "the case fact board_fee_per_sqft")
    answer = rule.answer(FeeFacts(length_ft=facts["length_ft"], width_ft=facts["width_ft"]), table)
    allowed: int = facts["open_days_allowed"]
    if allowed < OPEN_DAYS:
        raise InputError(
            f"§ 19-82 allows an opening to stay open and unfilled for five days; give 5, or a "
            f"longer stated period the permit gives (got {allowed})."
        )
    paid = Bill(
        (
            BillLine(
                f"Permit fee on {answer.measures[0][1]} square feet at the Board's rate",
                answer.fee,
                "Tuckahoe § 19-75(f), (g)",
            ),
            BillLine("Deposit required by the Street Commissioner", deposit, "§ 19-75(b)"),
        )
    )
    filled = count_period(calendar, Unit.DAYS, allowed, begins)
    return {
        "fee": _fee(answer),
        "area": answer.measures[0][1],
        "paid": bill_context(paid),
        "application": period_context(application),
        "insurance": _insurance(facts),
        "filled": period_context(filled),
        "longer_period": allowed > OPEN_DAYS,
    }


@computation("tuckahoe_opening_extension")
def tuckahoe_opening_extension(case: CaseContext) -> dict[str, Any]:
    """§ 19-82: the period the opening already had, its length a fact (the notice definition
    refuses one under five days), and an extension that gives more."""
    facts = case.facts
    opened: date = facts["opened_on"]
    allowed: int = facts["open_days_allowed"]
    current = count_period(case.village.calendar, Unit.DAYS, allowed, opened)
    extended: date = facts["extended_to"]
    if extended <= current.due:
        raise InputError(
            f"The extension to {spell_date(extended)} gives no more time than the opening "
            f"already has, to {spell_date(current.due)} (§ 19-82); an extension gives a longer "
            "stated period."
        )
    return {"current": period_context(current)}
