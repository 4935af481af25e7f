"""Palmyra's payoff statement (§ 8.03(3)(b)4) walked at the command line after the sidewalk
order, its schedule and the invoice, with a fixed clock: what the register gives it (the
invoice's number, amount, payments and last day without interest, the case's invoice date),
the one installment arithmetic it shares with the invoice, and each refusal with its sentence
and no number taken."""

from __future__ import annotations

import json

import pytest
from clerk import clerk_at, issued_number
from test_chains_palmyra import documents_of, exported_text, facts, sidewalk_scheduled


@pytest.fixture
def clerk(tmp_path, runner):
    return clerk_at(tmp_path, runner, "palmyra")


def invoiced_and_mailed(clerk) -> None:
    """The $816.00 invoice dated July 22, 2026 (30 days to August 21), 5 years at 5.25%."""
    sidewalk_scheduled(clerk)
    clerk("case", "record", "PA-C-2026-0001", "--event=invoiced=2026-07-22", today="2026-07-22")
    clerk("issue", "PA-C-2026-0001", "special-assessment-invoice", today="2026-07-22")
    clerk(
        "serve",
        "PA-D-2026-00006",
        "--method",
        "first_class_mail",
        "--by",
        "Clerk-Treasurer",
        "--at",
        "2026-07-23T09:00",
        today="2026-07-24",
    )


def asked(clerk, today: str, paid: int, pay_on: str, ok: bool = True):
    clerk(
        "case",
        "record",
        "PA-C-2026-0001",
        *facts(f"installments_paid={paid}", f"payoff_on={pay_on}"),
        today=today,
    )
    return clerk("issue", "PA-C-2026-0001", "assessment-payoff-statement", today=today, ok=ok)


def test_a_payoff_statement_follows_the_invoice_and_bills_the_balance_with_interest_to_the_day(
    clerk, tmp_path
):
    invoiced_and_mailed(clerk)
    asked(clerk, "2026-09-28", 0, "2026-10-01")
    statement = " ".join(exported_text(clerk, "PA-D-2026-00007", tmp_path).split())
    # Taken from the register: the invoice's number, its amount and its last day without interest.
    assert "special assessment invoice, Document No. PA-D-2026-00006" in statement
    assert "the Assessment Notice dated July 22, 2026" in statement
    assert "not paid in full without interest by August 21, 2026" in statement
    # No installment paid: interest from the Assessment Notice's date, 71 days at 5.25%.
    assert "From Wednesday, July 22, 2026 to Thursday, October 1, 2026, 71 days" in statement
    assert "$816.00 x 5.25% x 71/365 = $8.33" in statement
    assert "Amount to pay off the assessment on October 1, 2026 $824.33" in statement
    assert "Amount due: $824.33" in statement
    shown = json.loads(clerk("case", "show", "PA-C-2026-0001", "--json").output)
    assert shown["documents"][-1]["amount_due"] == "824.33"
    assert documents_of(clerk, "PA-C-2026-0001")[-1] == (
        "PA-D-2026-00007",
        "assessment-payoff-statement",
        "PA-D-2026-00006",
    )


def test_after_an_installment_is_paid_the_interest_runs_from_its_due_date(clerk, tmp_path):
    invoiced_and_mailed(clerk)
    # The first installment ($163.20 of principal) was paid with the 2026 taxes, due January 31.
    issued = asked(clerk, "2027-03-01", 1, "2027-03-02")
    statement = " ".join(exported_text(clerk, issued_number(issued), tmp_path).split())
    assert "After 1 installment paid, the unpaid balance is $652.80" in statement
    assert "$652.80 x 5.25% x 30/365 = $2.82" in statement
    assert "Amount to pay off the assessment on March 2, 2027 $655.62" in statement


def test_no_payoff_while_the_invoice_may_still_be_paid_without_interest(clerk):
    invoiced_and_mailed(clerk)
    early = asked(clerk, "2026-08-10", 0, "2026-08-21", ok=False)
    assert early.exit_code == 1
    assert (
        "Through Friday, August 21, 2026 the invoice PA-D-2026-00006 may still be paid in full "
        "without interest (§ 8.03(3)(b)2)"
    ) in " ".join(early.output.split())
    assert len(documents_of(clerk, "PA-C-2026-0001")) == 6


def test_a_paid_invoice_or_a_part_payment_on_it_is_refused(clerk):
    invoiced_and_mailed(clerk)
    clerk("pay", "PA-D-2026-00006", "--amount", "216.00", "--on", "2026-08-01", today="2026-08-01")
    part = asked(clerk, "2026-09-28", 0, "2026-10-01", ok=False)
    assert "The register records $216.00 paid on the invoice PA-D-2026-00006" in " ".join(
        part.output.split()
    )
    clerk("pay", "PA-D-2026-00006", "--amount", "600.00", "--on", "2026-08-02", today="2026-09-28")
    paid = clerk(
        "issue", "PA-C-2026-0001", "assessment-payoff-statement", today="2026-09-28", ok=False
    )
    assert "The register records the invoice PA-D-2026-00006 paid in full" in " ".join(
        paid.output.split()
    )
    assert len(documents_of(clerk, "PA-C-2026-0001")) == 6


def test_an_installment_fallen_due_unpaid_or_the_final_one_due_is_refused(clerk):
    invoiced_and_mailed(clerk)
    late = asked(clerk, "2027-03-01", 0, "2027-03-02", ok=False)
    assert (
        "Installment 1 was due on Sunday, January 31, 2027 and the case records only 0 "
        "installments paid"
    ) in " ".join(late.output.split())
    final = asked(clerk, "2031-01-31", 4, "2031-01-31", ok=False)
    assert (
        "The final installment becomes due on Friday, January 31, 2031; a payoff statement "
        "counts interest to a day before then (Palmyra § 8.03(3)(b)4)"
    ) in " ".join(final.output.split())
    before = asked(clerk, "2026-09-28", 0, "2026-09-25", ok=False)
    assert "The payoff day Friday, September 25, 2026 is before the date of the statement" in (
        " ".join(before.output.split())
    )
    assert len(documents_of(clerk, "PA-C-2026-0001")) == 6


def test_a_payoff_statement_needs_the_invoice_mailed_first(clerk):
    sidewalk_scheduled(clerk)
    clerk("case", "record", "PA-C-2026-0001", "--event=invoiced=2026-07-22", today="2026-07-22")
    clerk("issue", "PA-C-2026-0001", "special-assessment-invoice", today="2026-07-22")
    unserved = asked(clerk, "2026-09-28", 0, "2026-10-01", ok=False)
    assert "PA-D-2026-00006 has not been served" in unserved.output


def test_a_sale_recorded_in_the_case_brings_the_lump_sum_demand_once(clerk, tmp_path):
    invoiced_and_mailed(clerk)
    clerk(
        "case",
        "record",
        "PA-C-2026-0001",
        "--event=transferred=2026-11-16",
        *facts(
            "installments_paid=0",
            "conveyance=a warranty deed to Ana Ruiz, recorded with the Register of Deeds",
        ),
        today="2026-11-20",
    )
    clerk("issue", "PA-C-2026-0001", "assessment-transfer-demand", today="2026-11-20")
    demanded = " ".join(exported_text(clerk, "PA-D-2026-00007", tmp_path).split())
    # The day of the sale is the event the case recorded: 117 days from the invoice's date.
    assert "On November 16, 2026, the ownership of the property was sold or transferred" in demanded
    assert "$816.00 x 5.25% x 117/365 = $13.73" in demanded
    assert "Outstanding assessment due in a lump sum $829.73" in demanded
    again = clerk(
        "issue", "PA-C-2026-0001", "assessment-transfer-demand", today="2026-11-21", ok=False
    )
    assert again.exit_code == 1
    assert len(documents_of(clerk, "PA-C-2026-0001")) == 7
