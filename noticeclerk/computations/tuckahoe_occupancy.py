"""Tuckahoe's temporary occupancy permits, revocations and deposit refunds, turned into days,
amounts and grounds.

Chapter 19, Article III. The permit's definition (notices/tuckahoe/temporary-occupancy-permit.toml)
declares the 24 hours of § 19-47(a), the fee and deposit of § 19-49 and the three days to
restore; the revocation's declares the order of its dates. What stays here, because a table
cannot state it:

- the four months of § 19-48(e), which end on the day of the same number and, being a limit on
  the permit rather than a time to act, are not moved off a weekend as a declared period is;
- the permit's days, counted between two dates, and the estimate refused when longer;
- the lines of the amounts paid at grant, the fee and the deposit each on its own (§ 19-48(a)),
  the fee's line saying "day" or "days" by the estimate; the deposit's refund is declared;
- the grounds of § 19-50, each key given in the section's words, printed in the order the
  Building Inspector gives them; a declared lookup would print them in the section's order
  instead, and the letter would change;
- the refund of the deposit (§ 19-49(b)), refused when the deposit falls short: the statement
  returns money and is no bill.
"""

from __future__ import annotations

from datetime import date, timedelta
from typing import Any

from noticeclerk.computations.figures import CaseContext, bill_context, computation
from noticeclerk.exceptions import InputError, quoted_back
from noticeclerk.rules.costs import Bill, BillLine
from noticeclerk.rules.money import spell_amount
from noticeclerk.rules.periods import add_months, local_day, spell_date

# § 19-48(e): "not ... for a longer period than four months".
OCCUPANCY_MONTHS = 4

# § 19-50: the grounds on which the Building Inspector may revoke, in the ordinance's words.
REVOCATION_GROUNDS = {
    "abused": "the privileges of the permit have been abused",
    # A finding names the provisions violated, not "any of" them (review C-26).
    "violated": "provisions or requirements of this Article (Chapter 19, Article III) have "
    "been violated",
    "work_advanced": "any construction or repair work or wrecking is so far advanced as to "
    "render any further occupancy of the street unnecessary",
    "not_begun": "the permittee does not promptly begin to do the work",
    "abandoned": "the permittee abandons the work for any reason",
    "not_diligent": "the permittee does not prosecute the work with reasonable diligence",
}


@computation("tuckahoe_occupancy_permit")
def tuckahoe_occupancy_permit(case: CaseContext) -> dict[str, Any]:
    """§§ 19-48(e), 19-49: a permit of at most four months, the applicant's estimate of days
    within it, and the fee and the deposit paid before it is granted, each on its own: the fee
    is paid once, and the deposit is held against restoring the place (§ 19-48(a))."""
    facts = case.facts
    first_day = local_day(case.village.calendar, facts["occupancy_begins"])
    expires: date = facts["expires_on"]
    longest = add_months(first_day, OCCUPANCY_MONTHS)
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
    paid = Bill(
        (
            BillLine(
                f"Permit fee on the estimate of {estimated} day{'s' if estimated > 1 else ''}",
                case.declared["fee"]["total"],
                "Tuckahoe § 19-49(a)",
            ),
            BillLine(
                "Deposit, held against restoring the place occupied",
                facts["deposit"],
                "Tuckahoe § 19-49(b)",
            ),
        )
    )
    return {
        "paid": bill_context(paid),
        "first_day": first_day,
        "longest": longest,
        "permit_days": permit_days,
    }


@computation("tuckahoe_occupancy_revocation")
def tuckahoe_occupancy_revocation(case: CaseContext) -> dict[str, Any]:
    """§ 19-50: the Building Inspector may, "at any time after notice to the permittee",
    revoke a permit on the grounds the section names, and only on those."""
    grounds = []
    for key in case.facts["grounds"]:
        if key not in REVOCATION_GROUNDS:
            raise InputError(
                f"'{quoted_back(key)}' is not a ground § 19-50 gives for revoking a permit; "
                f"the grounds are: {', '.join(REVOCATION_GROUNDS)}."
            )
        grounds.append(REVOCATION_GROUNDS[key])
    return {"grounds": grounds}


@computation("tuckahoe_occupancy_refund")
def tuckahoe_occupancy_refund(case: CaseContext) -> dict[str, Any]:
    """§ 19-49(b): the deposit returned less the part of the final fee not paid at grant and
    what the Village expended restoring; a deposit that falls short is refused, since this
    statement returns money and the balance is the Village's to bill or sue for."""
    amounts = case.declared["final"]["amounts"]
    if "balance_due" in amounts:
        raise InputError(
            f"The deposit of {spell_amount(amounts['deposit'])} does not cover the final fee "
            f"and the Village's restoration cost: it falls short by "
            f"{spell_amount(amounts['balance_due'])}, so there is nothing to return; bill the "
            "balance instead (§ 19-49(b) leaves the Village its action against the permittee)."
        )
    final = case.declared["final"]["total"]
    paid = case.declared["paid"]["total"]
    return {
        "refund": amounts["refund"],
        # The part of the final fee not paid at grant (deducted), or the fee paid beyond it
        # (returned), each shown on its own line.
        "fee_short": max(final - paid, 0),
        "fee_over": max(paid - final, 0),
    }


@computation("tuckahoe_occupancy_renewal")
def tuckahoe_occupancy_renewal(case: CaseContext) -> dict[str, Any]:
    """§ 19-48(e): a renewal "for periods not exceeding four months", from the day after the
    permit or renewal it renews ends; the four months end on the day of the same number, as
    the permit's do."""
    first_day = case.facts["in_force_through"] + timedelta(days=1)
    longest = add_months(first_day, OCCUPANCY_MONTHS)
    last: date = case.facts["renewed_through"]
    if last > longest:
        raise InputError(
            f"A renewal from {spell_date(first_day)} to {spell_date(last)} is longer than four "
            f"months (§ 19-48(e): renewed 'for periods not exceeding four months'): it may run "
            f"at most to {spell_date(longest)}."
        )
    return {"first_day": first_day, "longest": longest, "days": (last - first_day).days + 1}
