"""Palmyra's special assessment facts (§ 8.03), turned into invoices, schedules and decisions.

Python because this is law of Palmyra's own, which no table states: the installments of
§ 8.03(3)(b), with interest over the Village's borrowing rate; and the district schedules of
§ 8.03(4)-(8), which share a project's cost among its lots by square footage, frontage (the
corner, dual-frontage, cul-de-sac and curved-street rules) or unit, the Village paying its own
lines, through the apportionment engine (`noticeclerk.rules.apportion`), to the cent.

The deferment decisions (§ 8.03(3)(c), (e)) declare their refusals, outcome and amount; two
small pieces stay here: a grant refused when the Board's terms are the one line "None" (a list,
which a declared check cannot compare) and the year after the one decided (a sum).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from datetime import date, datetime
from decimal import Decimal, InvalidOperation
from typing import Any

from noticeclerk.computations.figures import (
    FACT_LINES,
    CaseContext,
    bill_context,
    computation,
    cost_bill,
    fact_line_parts,
)
from noticeclerk.exceptions import ConfigError, InputError, quoted_back
from noticeclerk.rules.apportion import (
    MINIMUM_EQUIVALENT_INCHES,
    Apportionment,
    BoardRate,
    Course,
    CurbWork,
    Improvement,
    Lot,
    LotKind,
    Side,
    SidewalkWork,
    UnitWork,
    Zoning,
    apportion_curb_and_gutter,
    apportion_per_unit,
    apportion_sidewalk,
    assess_main_at_board_rates,
)
from noticeclerk.rules.costs import Bill, BillLine
from noticeclerk.rules.installments import (
    ASSESSMENT_MARGIN,
    PALMYRA_8_03_3_B_3,
    PALMYRA_8_03_3_B_4,
    InstallmentDates,
    Plan,
    Schedule,
    assessment_rate,
    installment_schedule,
    prepayment,
)
from noticeclerk.rules.interest import Rate
from noticeclerk.rules.money import (
    check_cents,
    check_measure,
    parse_amount,
    spell_amount,
    spell_number,
    spell_percent,
    split_by_weights,
)
from noticeclerk.rules.periods import spell_date

# --- Wis. Stat. § 66.0703(8)(d): the final resolution, published ------------------------------

LEVY_FORM = "parcel id | the notice of the hearing to its owner | the owner | the assessment"


def _levy_lines(lines: list[str]) -> list[dict[str, Any]]:
    """The publication's lines, one for each property, as the register writes them; the owner's
    name is whatever stands between the notice's number and the amount, "|" included."""
    rows = []
    for line in lines:
        parts = [part.strip() for part in line.split("|")]
        if len(parts) < 4 or not all(parts):
            raise InputError(
                f"The fact 'assessments' has the line '{quoted_back(line)}'; write each line as "
                f"{LEVY_FORM}."
            )
        amount = parse_amount(parts[-1], f"The assessment of parcel {parts[0]}")
        rows.append({"parcel": parts[0], "owner": " | ".join(parts[2:-1]), "amount": amount})
    return rows


FACT_LINES[("palmyra_final_resolution_publication", "assessments")] = _levy_lines


@computation("palmyra_final_resolution_publication")
def palmyra_final_resolution_publication(case: CaseContext) -> dict[str, Any]:
    """Each property's line of the published levy, with its address on the roll: a line for a
    parcel the case is not about is refused, never printed without its property."""
    addresses = {parcel.parcel_id: parcel.property_address for parcel in case.parcels}
    rows = _levy_lines(case.facts["assessments"])
    for row in rows:
        if row["parcel"] not in addresses:
            raise InputError(
                f"The fact 'assessments' names parcel {row['parcel']}, which is not a parcel of "
                "this case; list each parcel of the case once."
            )
        row["address"] = addresses[row["parcel"]]
    return {"levy": rows}


# --- Wis. Stat. § 66.0703(7)(a): the notice of the hearing, mailed to every owner ---------------

MAILING_FORM = "parcel id | the notice's number | the owner | the day it was mailed (YYYY-MM-DD)"


def _mailing_lines(lines: list[str]) -> list[dict[str, Any]]:
    """Each copy's line as the register writes it; the owner's name is whatever stands between
    the notice's number and the day, so a name holding "|" is kept whole."""
    rows = []
    for line in lines:
        parcel, _, rest = line.partition(" | ")
        number, _, rest = rest.partition(" | ")
        owner, _, day = rest.rpartition(" | ")
        try:
            mailed = date.fromisoformat(day.strip())
        except ValueError:
            mailed = None
        if not (parcel.strip() and number.strip() and owner.strip()) or mailed is None:
            raise InputError(
                f"The fact 'mailed_on' has the line '{quoted_back(line)}'; write each line as "
                f"{MAILING_FORM}."
            )
        rows.append({"parcel": parcel, "number": number, "owner": owner, "mailed_on": mailed})
    return rows


FACT_LINES[("palmyra_hearing_mailing_certificate", "mailed_on")] = _mailing_lines


def _same_copy(fact: str, rows: list[dict[str, Any]], lines: list[str]) -> list[str]:
    """What a second list gives for each copy, its line found by the copy's parcel, number and
    owner (as 'mailed_on' names them), in the same order; refused where the lists disagree."""
    if len(lines) != len(rows):
        raise InputError(
            f"The fact '{fact}' has {len(lines)} lines and 'mailed_on' has {len(rows)}; give one "
            "line for each copy of the notice in both."
        )
    values = []
    for row, line in zip(rows, lines, strict=True):
        start = f"{row['parcel']} | {row['number']} | {row['owner']} | "
        value = line.removeprefix(start).strip()
        if not line.startswith(start) or not value:
            raise InputError(
                f"The fact '{fact}' has the line '{quoted_back(line)}' where the copy "
                f"'{quoted_back(start.rstrip(' |'))}' belongs; list the copies in the same order "
                "as 'mailed_on', each with its parcel id, notice number and owner."
            )
        values.append(value)
    return values


@computation("palmyra_hearing_mailing_certificate")
def palmyra_hearing_mailing_certificate(case: CaseContext) -> dict[str, Any]:
    """Each copy of the notice of the hearing, with its property's address on the roll and
    what its mailing recorded: a copy for a parcel the case is not about is refused."""
    addresses = {parcel.parcel_id: parcel.property_address for parcel in case.parcels}
    rows = _mailing_lines(case.facts["mailed_on"])
    by = _same_copy("mailed_by", rows, case.facts["mailed_by"])
    to = _same_copy("mailed_to", rows, case.facts["mailed_to"])
    for row, mailer, address in zip(rows, by, to, strict=True):
        if row["parcel"] not in addresses:
            raise InputError(
                f"The fact 'mailed_on' names parcel {row['parcel']}, which is not a parcel of "
                "this case; list only the copies mailed for the case's parcels."
            )
        row.update(property=addresses[row["parcel"]], mailed_by=mailer, mailed_to=address)
    missing = [parcel for parcel in addresses if parcel not in {row["parcel"] for row in rows}]
    if missing:
        raise InputError(
            f"No copy of the notice is listed for parcel {', '.join(missing)}; the certificate "
            "lists the copy mailed to the owner of every property of the district."
        )
    return {"mailings": rows}


# --- § 8.03(3)(b): the special assessment invoice and its installments --------------------------

PALMYRA_8_03_3_B_1 = "Palmyra § 8.03(3)(b)1"


@computation("palmyra_assessment_invoice")
def palmyra_assessment_invoice(case: CaseContext) -> dict[str, Any]:
    """§ 8.03(3)(b): the full assessment, and the installments the owner may elect instead.

    (b)1: the Clerk-Treasurer bills "the full amount of the assessment"; (b)3: installments
    "over a period established by the Village Board but not to exceed 10 years", "in equal
    annual installments ... with interest on the unpaid balance", the first "due and payable
    with real estate taxes for the current year" and including "the interest commencing with
    date shown on the Assessment Notice" -- this invoice, whose date the case records as the
    event invoiced -- so the first installment carries interest from that date to its due
    date, not a full year; (b)6: interest "2 percent over the Village's current borrowing rate
    at the time of imposing the special assessment", which the Board determines for each
    improvement (the case gives that borrowing rate). The day the first installment is due,
    and how the days are counted and the interest rounded, are the village's file's.
    """
    facts = case.facts
    assessment = cost_bill(
        facts["assessment_lines"],
        PALMYRA_8_03_3_B_1,
        "The special assessment must be more than $0.00 to be invoiced.",
    )
    levied = facts.get("levied")
    if levied is not None and assessment.total != levied:
        # The lines a case over one lot records, or a schedule revised after the levy, must
        # come to what the final resolution levied: the invoice bills "the full amount of the
        # assessment" (b)1, neither more nor less.
        raise InputError(
            f"The assessment lines come to {spell_amount(assessment.total)}, but "
            f"{facts.get('final_resolution', 'the final resolution')} levied "
            f"{spell_amount(levied)} against this property, as its notice to the owner says; "
            "the invoice bills the full amount of the assessment levied (§ 8.03(3)(b)1), so "
            "record the lines of that assessment."
        )
    borrowing = facts["borrowing_rate_percent"]
    first_year = facts["first_tax_year"]
    schedule = _assessment_schedule(case, assessment.total, _invoice_date(case))
    return {
        "assessment": bill_context(assessment),
        "rate": _rate_context(borrowing, schedule.rate),
        "installments": _installments_context(case, schedule, first_year),
    }


def _assessment_schedule(case: CaseContext, principal: Decimal, notice_date: date) -> Schedule:
    """The installments of (b)3 on `principal`, as the invoice shows them: the one schedule the
    invoice and the payoff statement share, from the case's facts, the date shown on the
    Assessment Notice and the village's first due day and counting."""
    facts = case.facts
    rate = assessment_rate(facts["borrowing_rate_percent"])
    first_year = facts["first_tax_year"]
    due = case.village.installment_first_due().of_tax_year(first_year)
    if due <= notice_date:
        raise InputError(
            f"The first installment is due with the real estate taxes for {first_year}, on "
            f"{spell_date(due)}, which is not after the date of the invoice, "
            f"{spell_date(notice_date)}; the first installment is due with the taxes for the "
            f"current year ({PALMYRA_8_03_3_B_3}), so give that year as first_tax_year."
        )
    return installment_schedule(
        principal,
        facts["installment_years"],
        rate,
        Plan.ASSESSMENT,
        dates=InstallmentDates(notice_date, due),
        counting=case.village.installment_counting(),
    )


def _rate_context(borrowing: Decimal, rate: Rate) -> dict[str, Any]:
    return {
        "borrowing": spell_percent(borrowing),
        "margin": spell_percent(ASSESSMENT_MARGIN),
        "charged": spell_percent(rate.percent),
        "authority": rate.authority,
    }


def _installments_context(case: CaseContext, schedule: Schedule, first_year: int) -> dict[str, Any]:
    """The installment table as the invoice prints it."""
    first_due = case.village.installment_first_due()
    dates, counting = schedule.dates, schedule.counting
    assert dates is not None and counting is not None  # _assessment_schedule gives both
    return {
        "years": schedule.years,
        "authority": PALMYRA_8_03_3_B_3,
        "notice_date": dates.notice_date,
        "first_due": dates.first_due,
        "due_words": first_due.words,
        "due_authority": first_due.authority,
        "day_count": counting.day_count.words,
        "rounding": counting.rounding.words,
        "rows": [
            {
                "number": i.number,
                "tax_year": first_year + i.number - 1,
                "interest_from": i.period.start,
                "interest_to": i.period.end,
                "days": i.period.days,
                "counted": i.period.counted,
                "principal": i.principal,
                "interest": i.interest,
                "payment": i.payment,
                "balance": i.balance,
            }
            for i in schedule.installments
            if i.period is not None
        ],
        "total_principal": schedule.principal,
        "total_interest": schedule.total_interest,
        "total": schedule.total_paid,
        "final_balance": schedule.installments[-1].balance,
        "last_tax_year": first_year + schedule.years - 1,
        "steps": [str(step) for step in schedule.steps],
    }


def _invoice_date(case: CaseContext) -> date:
    """The date shown on the Assessment Notice: the invoice's own date, which the case records
    as the event invoiced and the invoice prints as "the date of this invoice" (the 30 days of
    (b)2 run from it too)."""
    recorded = case.events.get("invoiced")
    if recorded is None:
        raise InputError(
            "Record the date of the invoice (--event invoiced=DATE): the 30 days and the "
            f"installments' interest run from the date shown on the Assessment Notice "
            f"({PALMYRA_8_03_3_B_3})."
        )
    # The date the invoice states as its own, the one its 30 days run from; a replacement for
    # a voided invoice keeps the date the case recorded.
    return recorded.date() if isinstance(recorded, datetime) else recorded


# --- § 8.03(3)(b)4: the payoff statement ---------------------------------------------------


@computation("palmyra_assessment_payoff")
def palmyra_assessment_payoff(case: CaseContext) -> dict[str, Any]:
    """§ 8.03(3)(b)4: "payment in full of the unpaid assessment balance with interest to the
    date of payment may be made at any time before the final installment becomes due".

    The statement follows the invoice and takes from the register its number, the full
    assessment it billed, what was paid on it and its last day for payment without interest;
    the installments are the invoice's own (`_assessment_schedule`, from the date shown on the
    Assessment Notice, the case's event invoiced), and the balance and the
    interest to the payoff day are the one prepayment rule `calc installments` uses
    (`noticeclerk.rules.installments.prepayment`). The installments already paid with the real
    estate taxes are a fact of the case: the Village's tax roll records them, not the invoice.
    """
    pay_on: date = case.facts["payoff_on"]
    if pay_on < case.today:
        raise InputError(
            f"The payoff day {spell_date(pay_on)} is before the date of the statement, "
            f"{spell_date(case.today)}; state the payoff for a day on or after its date."
        )
    return _unpaid_with_interest(case, pay_on, "a payoff statement", "payoff day")


@computation("palmyra_assessment_transfer_demand")
def palmyra_assessment_transfer_demand(case: CaseContext) -> dict[str, Any]:
    """§ 8.03(3)(d)1: "The sale or transfer of property ownership shall require all outstanding
    assessments to become due and payable in a lump sum payment from the original owner".

    The Village's reading, which the demand's definition declares and the demand states: the
    outstanding assessment is the unpaid balance with interest to the day of the sale or
    transfer, computed as a prepayment on that day (§ 8.03(3)(b)3, 4), by the same rule.
    """
    transferred_on: date = case.facts["transferred_on"]
    if transferred_on > case.today:
        raise InputError(
            f"The sale or transfer recorded for {spell_date(transferred_on)} comes after the "
            f"date of the demand, {spell_date(case.today)}; (d)1 makes the assessment due on a "
            "sale or transfer made, so date the demand on or after it."
        )
    return _unpaid_with_interest(case, transferred_on, "a lump sum demand", "day of the transfer")


PALMYRA_8_03_3_D_2 = "Palmyra § 8.03(3)(d)2"


@computation("palmyra_assessment_split_reallocation")
def palmyra_assessment_split_reallocation(case: CaseContext) -> dict[str, Any]:
    """§ 8.03(3)(d)2: "Under a land split, the original assessment shall be reallocated between
    the original parcel and newly created parcel(s) in the same manner as the assessment was
    originally levied. The assessment on the newly created parcels shall become due and payable
    in a lump sum payment from the original owner of the property."

    The text fixes the basis (the manner of the original levy); the case gives each part's
    measure on it, and the parts must measure together what the levy assessed, or it would be a
    new levy, not a reallocation. The original assessment and its unpaid balance are divided in
    proportion to the measures, to the cent (`split_by_weights`); the newly created parcels'
    balance, with the interest on it to the day of the split by the transfer demand's rule
    (`_unpaid_with_interest`), is the lump sum; the original parcel's part "may continue to be
    paid in installments".
    """
    facts = case.facts
    split_on: date = facts["split_on"]
    if split_on > case.today:
        raise InputError(
            f"The land split recorded for {spell_date(split_on)} comes after the date of the "
            f"reallocation, {spell_date(case.today)}; date the reallocation on or after it."
        )
    levied = check_measure(
        Decimal(str(facts["levied_measure"])), "The measure levied on", allow_zero=False
    )
    kept = check_measure(
        Decimal(str(facts["original_parcel_measure"])), "The original parcel's measure"
    )
    created: list[tuple[str, Decimal]] = []
    for line in facts["new_parcels"]:
        parts = [part.strip() for part in str(line).split("|")]
        try:
            if len(parts) != 2 or not parts[0]:
                raise InvalidOperation(line)
            measure = Decimal(parts[1])
        except InvalidOperation as error:
            raise InputError(
                f"The fact 'new_parcels' has the line '{quoted_back(line)}'; write each line as "
                "'the newly created parcel as the land split describes it | its measure on the "
                "basis of the original levy'."
            ) from error
        created.append(
            (parts[0], check_measure(measure, f"The measure of {parts[0]}", allow_zero=False))
        )
    if not created:
        raise InputError(
            "Name at least one newly created parcel in 'new_parcels'; a land split creates one "
            f"({PALMYRA_8_03_3_D_2})."
        )
    together = kept + sum((measure for _, measure in created), Decimal(0))
    if together != levied:
        raise InputError(
            f"The original parcel and the newly created parcels measure {spell_number(together)} "
            f"together, not the {spell_number(levied)} the original assessment was levied on; "
            f"(d)2 reallocates the original assessment 'in the same manner as the assessment "
            "was originally levied', so give each part's measure on that basis (an assessment "
            "for more is a new levy, § 8.03(3)(a))."
        )
    found = _unpaid_with_interest(
        case, split_on, "a reallocation on a land split", "day of the split"
    )
    payoff = found["payoff"]
    weights = [kept, *(measure for _, measure in created)]
    assessed = split_by_weights(facts["assessment"], weights)
    balances = split_by_weights(payoff["balance"], weights)
    interests = split_by_weights(payoff["interest"], weights)
    parts_context = [
        {
            "parcel": name,
            "measure": spell_number(measure),
            "assessment": assessment,
            "balance": balance,
            "interest": interest,
            "due": balance + interest,
        }
        for (name, measure), assessment, balance, interest in zip(
            created, assessed[1:], balances[1:], interests[1:], strict=True
        )
    ]
    lump = sum((part["due"] for part in parts_context), Decimal(0))
    return {
        **found,
        "reallocation": {
            "total": lump,
            "levied_measure": spell_number(levied),
            "original": {
                "measure": spell_number(kept),
                "assessment": assessed[0],
                "balance": balances[0],
            },
            "new_parcels": parts_context,
            "new_assessment": sum((part["assessment"] for part in parts_context), Decimal(0)),
            "new_balance": sum((part["balance"] for part in parts_context), Decimal(0)),
            "new_interest": sum((part["interest"] for part in parts_context), Decimal(0)),
            "authority": PALMYRA_8_03_3_D_2,
        },
    }


def _unpaid_with_interest(case: CaseContext, pay_on: date, what: str, day: str) -> dict[str, Any]:
    """The unpaid balance of the invoice's installments with interest to `pay_on`, refused where
    the register or the tax roll leaves no such balance or the ordinance another rule."""
    facts = case.facts
    principal: Decimal = facts["assessment"]
    paid_cash: Decimal = facts["paid_on_invoice"]
    invoice = facts["invoice_number"]
    if paid_cash >= principal:
        raise InputError(
            f"The register records the invoice {invoice} paid in full; there is no unpaid "
            f"assessment balance for {what} ({PALMYRA_8_03_3_B_4})."
        )
    if paid_cash > 0:
        raise InputError(
            f"The register records {spell_amount(paid_cash)} paid on the invoice {invoice}, "
            "less than the full assessment; the installments the invoice shows are of the full "
            "assessment, and the ordinance does not say how a part payment is applied to "
            f"them, so record how the Village Board applied it before issuing {what}."
        )
    cash_by: date = facts["cash_payment_by"]
    if pay_on <= cash_by:
        raise InputError(
            f"Through {spell_date(cash_by)} the invoice {invoice} may still be paid in full "
            f"without interest (§ 8.03(3)(b)2); {what} is for a {day} after that, when the "
            "assessment is payable in installments with interest."
        )
    schedule = _assessment_schedule(case, principal, facts["notice_date"])
    dates = schedule.dates
    assert dates is not None  # _assessment_schedule always gives the invoice's dates
    paid = facts["installments_paid"]
    schedule.balance_after(paid)  # refuses a count outside 0 to the years of the plan
    final_due = dates.due(schedule.years)
    if pay_on >= final_due:
        raise InputError(
            f"The final installment becomes due on {spell_date(final_due)}; {what} counts "
            f"interest to a day before then ({PALMYRA_8_03_3_B_4}), so give a {day} before it; "
            "after it, what remains is collected with the real estate taxes."
        )
    if pay_on > dates.due(paid + 1):
        raise InputError(
            f"Installment {paid + 1} was due on {spell_date(dates.due(paid + 1))} and the case "
            f"records only {paid} installment{'s' if paid != 1 else ''} paid; an unpaid "
            "installment is collected with the delinquent real estate taxes, which "
            f"{what} does not compute, so record installments_paid as the tax roll shows it."
        )
    found = prepayment(schedule, paid, pay_on)
    first_year = facts["first_tax_year"]
    return {
        "payoff": {
            "total": found.total,
            "balance": found.balance,
            "interest": found.interest,
            "interest_from": found.interest_from,
            "pay_on": found.pay_on,
            "days": (found.pay_on - found.interest_from).days,
            "steps": [str(step) for step in found.steps],
            "installments_paid": paid,
            "installments_left": schedule.years - paid,
            "final_due": final_due,
        },
        "rate": _rate_context(facts["borrowing_rate_percent"], schedule.rate),
        "installments": _installments_context(case, schedule, first_year),
    }


# --- § 8.03(3)(c), (e): the Village Board's deferment decisions -------------------------------


@computation("palmyra_deferment_decision")
def palmyra_deferment_decision(case: CaseContext) -> dict[str, Any]:
    """§ 8.03(3)(c): a deferment is "on such terms and in such manner as prescribed by the
    Village Board": a grant whose terms are the one line None is refused. (The other refusals,
    the outcome and the amount are declared.)"""
    facts = case.facts
    if facts["outcome"] == "granted" and [t.lower() for t in facts["board_terms"]] == ["none"]:
        raise InputError(
            "§ 8.03(3)(c): a deferment is 'on such terms and in such manner as prescribed by "
            "the Village Board'; list the terms the Board prescribed."
        )
    return {"interest_from": _final_notice_of_assessment(case)}


def _final_notice_of_assessment(case: CaseContext) -> dict[str, Any]:
    """§ 8.03(3)(c)'s "final notice of assessment", from whose date a deferred assessment
    carries interest: the notice the village's file reads it as, with its date and words."""
    facts = case.facts
    reading = case.village.installments.deferred_interest_from
    if reading is None:
        raise ConfigError(
            case.village.path,
            "installments.deferred_interest_from",
            'is missing: § 8.03(3)(c) charges a deferred assessment interest "from the date of '
            'the final notice of assessment" without naming that notice; write "assessment '
            'notice" (the invoice) or "final resolution notice", as the Village Attorney reads it',
        )
    dated = (
        "final_notice_dated" if reading == "assessment notice" else "final_resolution_notice_dated"
    )
    if dated not in facts:
        # A case opened for the decision alone records what the register would take.
        raise InputError(
            f"The case lacks the fact '{dated}', the date of the {reading} from which the "
            "deferred assessment carries interest (§ 8.03(3)(c)); record it with 'noticeclerk "
            f"case record CASE --fact {dated}=YYYY-MM-DD'."
        )
    if reading == "assessment notice":
        return {
            "on": facts["final_notice_dated"],
            "words": "the Assessment Notice of § 8.03(3)(b)1, the special assessment invoice "
            f"Document No. {facts['invoice_number']}",
        }
    return {
        "on": facts["final_resolution_notice_dated"],
        "words": "the notice of the final resolution levying the assessment, mailed under "
        "Wis. Stat. § 66.0703(8)(d)",
    }


@computation("palmyra_hardship_deferment_decision")
def palmyra_hardship_deferment_decision(case: CaseContext) -> dict[str, Any]:
    """§ 8.03(3)(e)1: hardship deferments "may be granted only on a year-to-year basis and must
    be applied for ... each year": the decision names the next year, for which the applicant
    must apply again. (The qualifications of (e)2 and the refusals are declared.)"""
    return {"next_year": case.facts["installment_tax_year"] + 1}


# --- § 8.03(4): the sidewalk assessment schedule of a project district ---------------------

PALMYRA_8_03_4_B_1 = "Palmyra § 8.03(4)(b)1"
SIDEWALK_LOT_FORM = (
    "parcel id | interior, corner, dual-frontage or three-streets | one part per street side, "
    "each 'Street name: 66 ft x 5 ft' (the frontage times the walk's width), or along a curve "
    "'Street name: curved arc 45 ft x 4 ft' or 'Street name: cul-de-sac arc 45 ft x 4 ft'"
)
_SIDEWALK_SIDE = re.compile(
    r"^(?P<street>[^:]+):\s*(?:(?P<course>curved|cul-de-sac)\s+arc\s+)?"
    r"(?P<length>\d+(?:\.\d+)?)\s*ft\s*x\s*(?P<width>\d+(?:\.\d+)?)\s*ft$"
)
_WORK_WORDS = {
    SidewalkWork.NEW: "new sidewalk",
    SidewalkWork.RECONSTRUCTION: "reconstruction, repair, replacement or relocation of existing "
    "sidewalk",
    SidewalkWork.REPLACEMENT_WITHIN_5_YEARS: "replacement of public sidewalk within 5 years of "
    "its initial placement",
}


def _number(text: str, line: str) -> Decimal:
    try:
        return Decimal(text)
    except InvalidOperation as error:  # pragma: no cover - the pattern admits only numbers
        raise InputError(f"The lot line '{line}' has '{text}', which is not a number.") from error


def split_lot_line(line: str, form: str) -> tuple[str, LotKind, list[str]]:
    """A line of the fact 'lots': its parcel, its kind of lot (§ 8.03(1)) and the rest."""
    parts = [part.strip() for part in str(line).split("|")]
    if len(parts) < 3 or not all(parts):
        raise InputError(
            f"The fact 'lots' has the line '{quoted_back(line)}'; write each line as {form}."
        )
    parcel, kind_text, *rest = parts
    try:
        kind = LotKind(kind_text)
    except ValueError as error:
        raise InputError(
            f"The lot line '{line}': '{kind_text}' is not interior, corner, dual-frontage or "
            "three-streets (§ 8.03(1))."
        ) from error
    return parcel, kind, rest


def _sidewalk_lot(line: str) -> Lot:
    """One line of the fact 'lots', read as the apportionment engine's Lot."""
    parcel, kind, side_texts = split_lot_line(line, SIDEWALK_LOT_FORM)
    sides = []
    for text in side_texts:
        found = _SIDEWALK_SIDE.match(text)
        if not found:
            raise InputError(
                f"The lot line '{line}': the side '{text}' is not written as {SIDEWALK_LOT_FORM}."
            )
        length = _number(found["length"], line)
        width = _number(found["width"], line)
        if found["course"]:
            sides.append(
                Side(
                    found["street"].strip(),
                    course=Course(found["course"]),
                    arc_ft=length,
                    walk_width_ft=width,
                )
            )
        else:
            sides.append(Side(found["street"].strip(), feet=length, walk_width_ft=width))
    return Lot(parcel, kind, tuple(sides))


@computation("palmyra_sidewalk_assessment_schedule")
def palmyra_sidewalk_assessment_schedule(case: CaseContext) -> dict[str, Any]:
    """§ 8.03(4): a sidewalk project's cost shared among the district's abutting properties.

    (b)1: the assessable costs are "the total costs for construction, inspection,
    engineering, legal, restoration costs ... and necessary administrative costs"; (b)2: the
    rate per square foot is the cost over the total abutting square footage, "applied by
    multiplying the rate by the abutting square footage"; (b)3, (b)5, (b)6: 50, 25 or 100
    percent assessable by the kind of work; (c)1: corner lots on both frontages, the Village
    paying the intersection portion. The shares come from `rules.apportion`, to the cent, and
    add back with the Village's own lines to the project cost.
    """
    facts = case.facts
    costs = cost_bill(
        facts["project_costs"],
        PALMYRA_8_03_4_B_1,
        "The total project cost must be more than $0.00.",
    )
    try:
        work = SidewalkWork(str(facts["work"]).strip())
    except ValueError as error:
        raise InputError(
            f"The fact 'work' is '{facts['work']}'; write new, reconstruction or "
            "replacement-within-5-years (§ 8.03(4)(b)3, 5, 6)."
        ) from error
    intersection = check_measure(
        Decimal(str(facts["intersection_sqft"])), "The intersection area in square feet"
    )
    lots = [_sidewalk_lot(line) for line in facts["lots"]]
    split = apportion_sidewalk(costs.total, work, lots, intersection_sqft=intersection)
    return {
        "costs": bill_context(costs),
        "work": _WORK_WORDS[work],
        "intersection_sqft": spell_number(intersection),
        "total_sqft": spell_number(sum((share.measure or 0 for share in split.shares), Decimal(0))),
        "shares": [
            {"parcel": share.parcel, "sqft": spell_number(share.measure), "amount": share.amount}
            for share in split.shares
        ],
        "owners_total": split.owners_total,
        "village_lines": [
            {"label": line.label, "amount": line.amount, "authority": line.authority}
            for line in split.village_lines
        ],
        "village_total": split.village_total,
        "total": split.total,
        "steps": [str(step) for step in split.steps],
        "parcel_charges": parcel_charges(split, "Sidewalk"),
    }


# --- § 8.03(5)-(8): water main, sanitary sewer, laterals, curb and gutter by district --------

FRONTAGE_LOT_FORM = (
    "parcel id | interior, corner, dual-frontage or three-streets | one part per street side, "
    "'Street name: 80 ft' (frontage along the right-of-way line) or on a curve 'Street name: "
    "curved chord 62 ft' or 'Street name: cul-de-sac chord 45 ft' (the chord distance of the "
    "building setback line), followed by [service], [primary] or [new street] where they "
    "apply; then, where they apply, the words can-be-subdivided, floodplain or "
    "sold-within-5-years"
)
_FRONTAGE_SIDE = re.compile(
    r"^(?P<street>[^:]+):\s*(?:(?P<course>curved|cul-de-sac)\s+chord\s+)?"
    r"(?P<length>\d+(?:\.\d+)?)\s*ft(?P<marks>(?:\s*\[[a-z ]+\])*)$"
)
_MARKS = {"service", "primary", "new street"}
_LOT_WORDS = {"can-be-subdivided", "floodplain", "sold-within-5-years"}
_CURB_WORK_WORDS = {
    CurbWork.RECONSTRUCTION: "reconstruction, repair or replacement of existing curb and gutter",
    CurbWork.NEW_ON_EXISTING_STREET: "new curb and gutter on a Village street existing as of "
    "June 1, 1997",
    CurbWork.NEW_DEVELOPMENT: "curb and gutter within the right-of-way of a new development",
    CurbWork.REPLACEMENT_WITHIN_5_YEARS: "replacement of curb and gutter within 5 years of its "
    "initial placement",
}


def frontage_lot(line: str) -> Lot:
    """One line of the fact 'lots', read as the apportionment engine's Lot."""
    parcel, kind, rest = split_lot_line(line, FRONTAGE_LOT_FORM)
    words = {part for part in rest if part in _LOT_WORDS}
    sides = []
    for text in (part for part in rest if part not in _LOT_WORDS):
        found = _FRONTAGE_SIDE.match(text)
        if not found:
            raise InputError(
                f"The lot line '{line}': '{text}' is not written as {FRONTAGE_LOT_FORM}."
            )
        marks = set(re.findall(r"\[([a-z ]+)\]", found["marks"]))
        if marks - _MARKS:
            raise InputError(
                f"The lot line '{line}': the marks {sorted(marks - _MARKS)} are not "
                "[service], [primary] or [new street]."
            )
        length = Decimal(found["length"])
        street = found["street"].strip()
        flags = {
            "service_connection": "service" in marks,
            "primary_access": "primary" in marks,
            "new_street_opening": "new street" in marks,
        }
        if found["course"]:
            sides.append(Side(street, course=Course(found["course"]), chord_ft=length, **flags))
        else:
            sides.append(Side(street, feet=length, **flags))
    return Lot(
        parcel,
        kind,
        tuple(sides),
        can_be_subdivided="can-be-subdivided" in words,
        floodplain_or_conservancy="floodplain" in words,
        sold_within_five_years="sold-within-5-years" in words,
    )


def _costs(facts: Mapping[str, Any], authority: str) -> Bill:
    return cost_bill(
        facts["project_costs"], authority, "The total project cost must be more than $0.00."
    )


# What each kind of measure is of, in the line an invoice prints for one lot.
_MEASURED = {"sq ft": "sq ft of abutting sidewalk", "ft": "ft of assessable frontage"}


def parcel_charges(split: Apportionment, improvement: str) -> dict[str, Any]:
    """Each lot's assessment as the one line its invoice bills (§ 8.03(3)(b)1: "the full amount
    of the assessment"), with the measure the schedule assessed it on; the register keeps these
    with the schedule, and the invoice of each lot takes its own."""
    charges = {}
    for share in split.shares:
        described = f"{improvement} special assessment"
        if share.measure is not None and split.unit:
            unit = "unit" if split.unit == "units" and share.measure == 1 else split.unit
            described += f" on {spell_number(share.measure)} {_MEASURED.get(unit, unit)}"
        charges[share.parcel] = {"lines": [{"description": described, "amount": share.amount}]}
    return charges


def _schedule(costs: Bill, split: Apportionment, improvement: str) -> dict[str, Any]:
    """The figures every district schedule prints, and each lot's charge for its invoice."""
    owners_total = sum((share.amount for share in split.shares), Decimal(0))
    village_total = sum((line.amount for line in split.village_lines), Decimal(0))
    if owners_total + village_total != costs.total:  # pragma: no cover - the engine adds back
        raise InputError("The shares do not add back to the project cost.")
    return {
        "costs": bill_context(costs),
        "unit": split.unit,
        "total_measure": spell_number(
            sum((share.measure or Decimal(0) for share in split.shares), Decimal(0))
        ),
        "shares": [
            {
                "parcel": share.parcel,
                "measure": spell_number(share.measure),
                "amount": share.amount,
            }
            for share in split.shares
        ],
        "owners_total": owners_total,
        "village_lines": [
            {"label": line.label, "amount": line.amount, "authority": line.authority}
            for line in split.village_lines
        ],
        "village_total": village_total,
        "total": costs.total,
        "steps": [{"text": step.text, "authority": step.authority} for step in split.steps],
        "parcel_charges": parcel_charges(split, improvement),
    }


BOARD_RATE_FORM = (
    "'zoning class | equivalent size | rate per foot', such as 'residential | 6-inch | 152.00'"
)
_BOARD_RATE = re.compile(r"^(?P<inches>\d+)\s*-?\s*inch$")


def _board_rates(lines: list[str]) -> list[BoardRate]:
    """The fact 'board_rates': the Village Board's front foot rate for each zoning class."""
    rates = []
    for line in lines:
        parts = [part.strip() for part in str(line).split("|")]
        size = _BOARD_RATE.match(parts[1]) if len(parts) == 3 else None
        try:
            zoning = Zoning(parts[0])
            per_foot = Decimal(parts[2].lstrip("$").replace(",", ""))
        except (ValueError, IndexError, InvalidOperation):
            size = None
        if size is None:
            raise InputError(
                f"The fact 'board_rates' has the line '{quoted_back(line)}'; write each line as "
                f"{BOARD_RATE_FORM}, the zoning class residential, commercial, institutional "
                "or industrial."
            )
        rates.append(BoardRate(zoning, int(size["inches"]), per_foot))
    return rates


def _zoning(lines: list[str], parcels: list[str]) -> dict[str, Zoning]:
    """The fact 'zoning': each property's zoning class, one line for each lot."""
    found: dict[str, Zoning] = {}
    for line in lines:
        parts = [part.strip() for part in str(line).split("|")]
        try:
            if len(parts) != 2:
                raise ValueError(line)
            zoning = Zoning(parts[1])
        except ValueError as error:
            raise InputError(
                f"The fact 'zoning' has the line '{quoted_back(line)}'; write each line as "
                "'parcel id | residential, commercial, institutional or industrial'."
            ) from error
        found[parts[0]] = zoning
    missing = [parcel for parcel in parcels if parcel not in found]
    if missing:
        raise InputError(
            f"The fact 'zoning' gives no zoning class for {', '.join(missing)}; the front foot "
            "rate depends on it (§ 8.03(5)(b)1, (6)(b)1)."
        )
    extra = sorted(set(found) - set(parcels))
    if extra:
        raise InputError(
            f"The fact 'zoning' names {', '.join(extra)}, which the fact 'lots' does not."
        )
    return found


def _main_schedule(facts: Mapping[str, Any], main: Improvement) -> dict[str, Any]:
    costs = _costs(facts, main.cite("(b)2" if main is Improvement.WATER_MAIN else "(b)3"))
    area_authority = main.cite("(b)3" if main is Improvement.WATER_MAIN else "(b)2")
    # The one line "None" at 0.00 says there is no area-wide cost; any other line is a cost.
    area_lines = facts["area_wide_costs"]
    if [(line["description"].lower(), line["amount"]) for line in area_lines] == [("none", 0)]:
        area_lines = []
    for line in area_lines:
        if check_cents(line["amount"], f"The cost '{line['description']}'") <= 0:
            raise InputError(
                f"The area-wide cost '{line['description']}' must be more than $0.00; where "
                "there is none, give the one line None at 0.00."
            )
    area = Bill(
        tuple(BillLine(line["description"], line["amount"], area_authority) for line in area_lines)
    )
    main_inches = facts["main_size_inches"]
    if main_inches <= 0:
        raise InputError("The fact 'main_size_inches' must be the installed main's diameter.")
    lots = [frontage_lot(line) for line in facts["lots"]]
    zoning = _zoning(facts["zoning"], [lot.parcel for lot in lots])
    assessed = assess_main_at_board_rates(
        costs.total,
        area.total,
        main,
        main_inches,
        [(lot, zoning[lot.parcel]) for lot in lots],
        _board_rates(facts["board_rates"]),
    )
    found = _schedule(costs, assessed.split, str(main).capitalize())
    found["zoning"] = {
        parcel: {"zoning": str(zoning[parcel]), "inches": assessed.inches[parcel]}
        for parcel in zoning
    }
    found["rates"] = [
        {
            "zoning": str(rate.zoning),
            "inches": rate.inches,
            "minimum": MINIMUM_EQUIVALENT_INCHES[main][rate.zoning],
            "per_foot": rate.per_foot,
        }
        for rate in assessed.rates
    ]
    found["main_inches"] = main_inches
    found["area_wide"] = {
        "lines": [{"description": line.description, "amount": line.amount} for line in area.lines],
        "total": area.total,
        "authority": area_authority,
    }
    found["project_total"] = costs.total + area.total
    return found


@computation("palmyra_water_main_assessment_schedule")
def palmyra_water_main_assessment_schedule(case: CaseContext) -> dict[str, Any]:
    """§ 8.03(5): a water main's front foot assessments at the Village Board's rates.

    (b)1: the front foot assessment is "based on the equivalent size water main required to
    service the properties", at least 6 inches for residential and 8 for commercial,
    industrial or institutional purposes, at "assessment rates ... determined by the Village
    Board"; (b)3: main oversizing and other area-wide costs are assessed separately, by area
    acreage, not by front foot; (c)1: a corner lot's frontage is "adjusted by averaging the
    frontage of both sides of the parcel". What the rates do not recover is the Village's.
    """
    return _main_schedule(case.facts, Improvement.WATER_MAIN)


@computation("palmyra_sewer_main_assessment_schedule")
def palmyra_sewer_main_assessment_schedule(case: CaseContext) -> dict[str, Any]:
    """§ 8.03(6): a sanitary sewer's front foot assessments at the Village Board's rates, on
    the equivalent size sewer, at least 8 inches residential and 10 commercial, industrial or
    institutional ((b)1); an area acreage assessment only where the Board so determined
    ((b)2)."""
    return _main_schedule(case.facts, Improvement.SANITARY_SEWER)


def _unit_schedule(
    facts: Mapping[str, Any], listed: str, work: UnitWork, improvement: str, counted: str
) -> dict[str, Any]:
    """A per-unit district schedule (§ 8.03(5)(d)2, (6)(d)2): the fact `listed` gives each
    serviced property and how many `counted` were constructed and installed for it."""
    costs = _costs(facts, work.authority)
    units: list[tuple[str, int]] = []
    for line in facts[listed]:
        parts = [part.strip() for part in str(line).split("|")]
        if len(parts) != 2 or not parts[1].isdigit():
            raise InputError(
                f"The fact '{listed}' has the line '{quoted_back(line)}'; write each line as "
                f"'parcel id | the number of {counted} constructed and installed'."
            )
        units.append((parts[0], int(parts[1])))
    split = apportion_per_unit(costs.total, work, units)
    return _schedule(costs, split, improvement)


@computation("palmyra_water_service_assessment_schedule")
def palmyra_water_service_assessment_schedule(case: CaseContext) -> dict[str, Any]:
    """§ 8.03(5)(d)2: water services, a charge per unit.

    "The charge per unit shall be computed by dividing total water service project costs by
    the number of water services constructed and installed in the assessment district." Unlike
    the laterals of (6)(d)2, no part of the work is carried to the mains.
    """
    return _unit_schedule(
        case.facts, "services", UnitWork.WATER_SERVICES, "Water service", "water services"
    )


@computation("palmyra_sewer_lateral_assessment_schedule")
def palmyra_sewer_lateral_assessment_schedule(case: CaseContext) -> dict[str, Any]:
    """§ 8.03(6)(d)2: sanitary sewer laterals, a charge per unit.

    "The charge per unit shall be computed by dividing total sanitary sewer lateral project
    costs by the number of sewer laterals constructed and installed in the assessment
    district. The cost associated with installing sanitary sewer lateral risers shall not be
    included in the sewer lateral project cost": the case confirms the risers are left out
    (a declared check).
    """
    return _unit_schedule(
        case.facts, "laterals", UnitWork.SEWER_LATERALS, "Sanitary sewer lateral", "sewer laterals"
    )


@computation("palmyra_curb_gutter_assessment_schedule")
def palmyra_curb_gutter_assessment_schedule(case: CaseContext) -> dict[str, Any]:
    """§ 8.03(8): a curb and gutter project's cost shared by assessable frontage.

    (b)2, 3, 4, 6: 50, 50, 100 or 25 percent assessable by the kind of work; (b)5 and (c)1:
    the Village pays for intersections and floodplain or lowland conservancy segments; a
    corner lot is assessed on "the frontage of both sides of the parcel".
    """
    facts = case.facts
    try:
        work = CurbWork(str(facts["work"]).strip())
    except ValueError as error:
        raise InputError(
            f"The fact 'work' is '{facts['work']}'; write reconstruction, "
            "new-on-existing-street, new-development or replacement-within-5-years "
            "(§ 8.03(8)(b)2, 3, 4, 6)."
        ) from error
    costs = _costs(facts, Improvement.CURB_AND_GUTTER.cite("(b)1"))
    intersection = check_measure(
        Decimal(str(facts["intersection_ft"])), "The intersection length in feet"
    )
    lots = [frontage_lot(line) for line in facts["lots"]]
    split = apportion_curb_and_gutter(costs.total, work, lots, intersection_ft=intersection)
    return {**_schedule(costs, split, "Curb and gutter"), "work": _CURB_WORK_WORDS[work]}


# --- Wis. Stat. § 66.0703(5): the report on the proposed assessments ----------------------------


POLICE_POWER = "exercise of the police power"


def _office(words: str) -> str:
    """An office as a resolution names it, for comparing with an officer's title: "the
    Superintendent of Public Works." and "Superintendent of Public Works" are the same."""
    named = " ".join(words.split()).casefold().rstrip(".")
    return named.removeprefix("the ")


DAMAGES_FORM = "parcel id | amount"


@computation("palmyra_assessment_report")
def palmyra_assessment_report(case: CaseContext) -> dict[str, Any]:
    """The schedule's proposed assessment of each lot with its property, owner and measure,
    what they come to, and the part of the estimated entire cost they do not recover; where the
    assessments are levied on benefits, each lot's damages and the net amount (Wis. Stat.
    § 66.0703(5)(c)). Refused when the assessments come to more than the estimate, when a lot is
    not a parcel of the case or a parcel of the case has no line, when damages are given for an
    exercise of the police power, or when the preliminary resolution directs another officer to
    report than the one who signs it."""
    facts = case.facts
    officer = case.signer
    if officer is not None and _office(facts["report_by"]) != _office(officer.title):
        raise InputError(
            f"The preliminary resolution directs {quoted_back(facts['report_by'])} to report, "
            f"but this report is made and signed by the {officer.title}; the report is the "
            "one the resolution directs (Wis. Stat. § 66.0703(4), on which the Village "
            "relies), so have the Village Board's resolution name the officer who reports, or "
            "name that officer as the report's signer in the village's own notice type."
        )
    by_parcel = {parcel.parcel_id: parcel for parcel in case.parcels}
    damages = _damages(facts["damages"])
    for parcel_id in damages:
        if parcel_id not in by_parcel:
            raise InputError(
                f"The fact 'damages' names parcel {quoted_back(parcel_id)}, which is not a "
                "parcel of this case; list damages only for the district's parcels."
            )
    police_power = facts["levy_basis"] == POLICE_POWER
    if police_power and damages:
        raise InputError(
            "The fact 'damages' lists damages, but the work is an exercise of the police power: "
            "the report then gives a schedule of the proposed assessments in place of estimates "
            "of benefits and damages (Wis. Stat. § 66.0703(5)(d), on which the Village relies); "
            'record the damages as an empty list, or the basis as "benefits".'
        )
    rows = []
    for line in facts["proposed"]:
        parcel_id, _, measure = str(line["description"]).partition(" | ")
        parcel = by_parcel.get(parcel_id.strip())
        if parcel is None:
            raise InputError(
                f"The schedule proposes an assessment on parcel {quoted_back(parcel_id)}, which "
                "is not a parcel of this case; the report lists the district's parcels only."
            )
        damaged = damages.get(parcel.parcel_id, Decimal("0.00"))
        rows.append(
            {
                "parcel": parcel.parcel_id,
                "identifier": parcel.section_block_lot or parcel.parcel_id,
                "property": parcel.property_address,
                "owner": parcel.owner_name,
                "measure": measure.strip(),
                "amount": line["amount"],
                "damages": damaged,
                "net": abs(line["amount"] - damaged),
                "net_is": "benefits over damages"
                if line["amount"] >= damaged
                else "damages over benefits",
            }
        )
    listed = {row["parcel"] for row in rows}
    for parcel_id in by_parcel:
        if parcel_id not in listed:
            raise InputError(
                f"Parcel {parcel_id} of the case has no proposed assessment on the schedule; the "
                "report lists every parcel of the district, so issue the schedule again with it."
            )
    proposed = sum((line["amount"] for line in facts["proposed"]), Decimal("0.00"))
    estimate = facts["estimated_cost"]
    if proposed > estimate:
        raise InputError(
            f"The assessments the schedule proposes come to ${proposed:,.2f}, more than the "
            f"estimate of the entire cost, ${estimate:,.2f}; the assessments recover part or all "
            "of the cost (§ 8.03(2)), so check the estimate and the schedule."
        )
    return {
        "rows": rows,
        "police_power": police_power,
        "proposed_total": proposed,
        "damages_total": sum(damages.values(), Decimal("0.00")),
        "not_recovered": estimate - proposed,
    }


def _damages(lines: list[str]) -> dict[str, Decimal]:
    """The fact 'damages': each parcel's damages for property taken or damaged, once each."""
    found: dict[str, Decimal] = {}
    for line in lines:
        parcel, amount = fact_line_parts(line, 2, "damages", DAMAGES_FORM)
        if parcel in found:
            raise InputError(f"The fact 'damages' names parcel {parcel} twice; name it once.")
        found[parcel] = check_cents(
            parse_amount(amount, f"The damages to parcel {parcel}"), f"The damages to {parcel}"
        )
    return found


FACT_LINES[("palmyra_assessment_report", "damages")] = _damages
