"""Palmyra's payoff statement (§ 8.03(3)(b)4): the invoice's own installments, the unpaid
balance with interest to the payoff day as `calc installments --prepay-on` states it, and the
refusals of a payoff the ordinance does not allow or the records cannot support."""

from __future__ import annotations

import json
from datetime import date
from decimal import Decimal

import pytest
from notice_figures import figures_of, sample_facts

from noticeclerk.cli import cli
from noticeclerk.exceptions import InputError

D = Decimal
PAYOFF = "assessment-payoff-statement"
STATED = date(2027, 5, 10)


def payoff(today: date = STATED, **changes) -> dict:
    facts = {**sample_facts("palmyra", PAYOFF), **changes}
    return figures_of("palmyra", PAYOFF, facts, today=today)


def test_the_sample_pays_off_seven_installments_with_interest_from_the_first_due_date():
    found = payoff()["payoff"]
    # $2,394.50 less the first installment's $299.32 of principal, paid with the 2026 taxes.
    assert found["balance"] == D("2095.18")
    assert found["interest_from"] == date(2027, 1, 31)
    # $2,095.18 x 5.25% x 103/365 = $31.04.
    assert (found["days"], found["interest"], found["total"]) == (103, D("31.04"), D("2126.22"))
    assert found["final_due"] == date(2034, 1, 31)


def test_the_statement_shows_the_invoices_own_installments():
    invoice = figures_of(
        "palmyra",
        "special-assessment-invoice",
        sample_facts("palmyra", "special-assessment-invoice"),
        events={"invoiced": date(2026, 9, 15)},
        today=date(2026, 9, 15),
    )
    assert payoff()["installments"]["rows"] == invoice["installments"]["rows"]


def test_the_amount_is_the_one_calc_installments_states(runner):
    shown = runner.invoke(
        cli,
        [
            "calc",
            "installments",
            "--principal",
            "2394.50",
            "--years",
            "8",
            "--borrowing-rate",
            "3.25",
            "--village",
            "palmyra",
            "--notice-date",
            "2026-09-15",
            "--first-due",
            "2027-01-31",
            "--prepay-on",
            "2027-05-14",
            "--paid",
            "1",
            "--json",
        ],
    )
    assert shown.exit_code == 0, shown.output
    assert json.loads(shown.output)["prepayment"]["total"] == str(payoff()["payoff"]["total"])


def test_with_no_installment_paid_interest_commences_with_the_assessment_notice():
    found = payoff(date(2026, 11, 30), installments_paid=0, payoff_on=date(2026, 12, 1))["payoff"]
    assert found["interest_from"] == date(2026, 9, 15)
    # $2,394.50 x 5.25% x 77/365 = $26.52.
    assert (found["balance"], found["interest"]) == (D("2394.50"), D("26.52"))


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"installments_paid": 9}, r"The installments paid must be from 0 to 8; got 9"),
        ({"installments_paid": 0}, r"Installment 1 was due on Sunday, January 31, 2027"),
        ({"payoff_on": date(2027, 5, 9)}, r"is before the date of the statement"),
        ({"payoff_on": date(2034, 1, 31), "installments_paid": 7}, r"final installment becomes"),
        ({"paid_on_invoice": D("2394.50")}, r"paid in full; there is no unpaid"),
        ({"paid_on_invoice": D("100.00")}, r"the ordinance does not say how a part payment"),
        ({"cash_payment_by": date(2027, 5, 14)}, r"may still be paid in full without interest"),
    ],
)
def test_a_payoff_the_ordinance_or_the_records_do_not_support_is_refused(changes, message):
    with pytest.raises(InputError, match=message):
        payoff(**changes)


# --- § 8.03(3)(d)1: the lump sum demand on a sale or transfer -------------------------------

DEMAND = "assessment-transfer-demand"


def demand(today: date = date(2027, 6, 21), **changes) -> dict:
    facts = {**sample_facts("palmyra", DEMAND), **changes}
    return figures_of("palmyra", DEMAND, facts, today=today)


def test_a_sale_makes_the_unpaid_balance_due_with_interest_to_the_day_of_the_transfer():
    found = demand()["payoff"]
    # $2,095.18 x 5.25% x 135/365 = $40.68, from January 31 to the sale on June 15, 2027.
    assert (found["pay_on"], found["days"]) == (date(2027, 6, 15), 135)
    assert (found["balance"], found["interest"], found["total"]) == (
        D("2095.18"),
        D("40.68"),
        D("2135.86"),
    )


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"transferred_on": date(2027, 6, 22)}, r"comes after the date of the demand"),
        ({"installments_paid": 0}, r"Installment 1 was due on Sunday, January 31, 2027"),
        ({"paid_on_invoice": D("2394.50")}, r"no unpaid assessment balance for a lump sum demand"),
    ],
)
def test_a_demand_the_records_do_not_support_is_refused(changes, message):
    with pytest.raises(InputError, match=message):
        demand(**changes)
