"""Village A's lien from its payoff to its satisfaction (§ 134-45D, inferred; NY legal reading
MS-2), walked at the command line with a fixed clock: the payoff statement good through a day
takes the lien and every payment on the bill from the register, money received after that day
is refused, the satisfaction waits for final payment and states it, and a lien paid off is no
longer gathered for the assessment roll.

The sample: 14 A Street's maintenance of $3,025.85, completed January 15, 2026, billed February
2 (casebook/village-a/maintenance-bill), $500.00 paid February 10, the sworn statement filed
March 3; the owner asks on May 11 what pays the lien at a closing on Friday, May 15.
"""

from __future__ import annotations

import json
from decimal import Decimal

import pytest
from clerk import CASEBOOK, article, clerk_at, issued_number
from test_village_a_liens import (
    administrator,
    exported_text,
    interest,
    list_case_opened,
    mail,
    statement_filed,
)

CASE = "VA-C-2026-0001"
BILL, STATEMENT = "VA-D-2026-00001", "VA-D-2026-00002"
COUNSEL = "General Counsel, letter demanding payment of the lien, 0.5 hour at $275.00 | 137.50"


@pytest.fixture
def clerk(tmp_path, runner):
    return clerk_at(tmp_path, runner, "village-a")


def bill_mailed(clerk) -> None:
    """The bill of $3,025.85 issued and mailed by certified mail on February 2, 2026."""
    clerk(
        "case",
        "open",
        "--from",
        str(CASEBOOK / "village-a" / "maintenance-bill.toml"),
        today="2026-02-02",
    )
    clerk("issue", CASE, today="2026-02-02")
    mail(clerk, BILL, "2026-02-02", article(1))


def lien_filed(clerk) -> None:
    """The bill mailed February 2, $500.00 paid on it February 10, the statement filed March 3."""
    bill_mailed(clerk)
    clerk("pay", BILL, "--amount", "500.00", "--on", "2026-02-10", today="2026-02-10")
    administrator(clerk, CASE, "2026-03-02")
    assert statement_filed(clerk, CASE, None, "2026-03-02", "2026-03-03T10:00") == STATEMENT


def statement_not_filed(clerk) -> str:
    """The statement issued on March 2 with no filing recorded: no lien yet. Its number."""
    bill_mailed(clerk)
    administrator(clerk, CASE, "2026-03-02")
    return issued_number(clerk("issue", CASE, "sworn-statement", today="2026-03-02"))


def payoff_asked(clerk, today: str, through: str, costs: str = COUNSEL, ok: bool = True):
    clerk(
        "case",
        "record",
        CASE,
        f"--fact=payoff_on={through}",
        f"--fact=collection_costs={costs}",
        today=today,
    )
    return clerk("issue", CASE, "lien-payoff-statement", "--follows", STATEMENT, today=today, ok=ok)


def amount_due(clerk, number: str) -> str:
    shown = json.loads(clerk("case", "show", CASE, "--json").output)
    return next(d["amount_due"] for d in shown["documents"] if d["number"] == number)


def test_the_payoff_states_the_lien_with_interest_to_its_day_and_the_costs_of_collection(
    clerk, tmp_path
):
    lien_filed(clerk)
    payoff = issued_number(payoff_asked(clerk, "2026-05-11", "2026-05-15"))
    text = " ".join(exported_text(clerk, payoff, tmp_path).split())
    # From the register: the statement, the day its filing was recorded, the bill, the payment.
    assert f"Sworn Statement of Cost and Expense No. {STATEMENT}" in text
    assert "filed in the office of the Village Administrator on March 3, 2026" in text
    assert f"The bill for the maintenance was Document No. {BILL}." in text
    assert "Less paid on the bill on February 10, 2026 $500.00" in text
    # § 134-45D: the $500.00 bore interest 26 days until paid; the rest runs 120 days to May 15.
    on_part, on_rest = interest("500.00", 26), interest("2525.85", 120)
    assert (on_part, on_rest) == (Decimal("3.21"), Decimal("74.74"))
    total = Decimal("2525.85") + on_part + on_rest + Decimal("137.50")
    assert f"Amount that pays the lien in full through May 15, 2026 ${total:,}" in text
    assert "Good through: Friday, May 15, 2026" in text
    assert amount_due(clerk, payoff) == str(total)


def test_a_payment_on_the_bill_after_the_lien_counts_in_the_payoff(clerk, tmp_path):
    lien_filed(clerk)
    clerk("pay", BILL, "--amount", "1,000.00", "--on", "2026-04-01", today="2026-04-01")
    payoff = issued_number(payoff_asked(clerk, "2026-05-11", "2026-05-15", costs="none"))
    text = " ".join(exported_text(clerk, payoff, tmp_path).split())
    assert "Less paid on the bill on April 1, 2026 $1,000.00" in text
    # Each part bore interest until it was paid (the village's reading: to the principal).
    parts = interest("500.00", 26) + interest("1000.00", 76)
    total = Decimal("1525.85") + parts + interest("1525.85", 120)
    assert amount_due(clerk, payoff) == str(total)


def test_a_payoff_waits_for_the_lien_and_refuses_a_day_already_gone(clerk):
    statement = statement_not_filed(clerk)
    # Issued, but its filing (the lien) is not recorded: there is no lien to pay off yet.
    refused = payoff_asked(clerk, "2026-05-11", "2026-05-15", ok=False)
    assert refused.exit_code == 1
    assert f"{statement} has not been served" in refused.output
    assert "Issued" not in refused.output


def test_a_payoff_good_through_a_day_before_its_own_is_refused(clerk):
    lien_filed(clerk)
    refused = payoff_asked(clerk, "2026-05-11", "2026-05-08", ok=False)
    assert refused.exit_code == 1
    assert (
        "The payoff is good through Friday, May 8, 2026, before this statement's date"
        in refused.output
    )


def test_money_received_after_the_day_the_payoff_is_good_through_is_refused(clerk):
    lien_filed(clerk)
    payoff = issued_number(payoff_asked(clerk, "2026-05-11", "2026-05-15"))
    late = clerk(
        "pay", payoff, "--amount", "2,741.30", "--on", "2026-05-18", today="2026-05-18", ok=False
    )
    assert late.exit_code == 1
    assert (
        "pays in full through Friday, May 15, 2026, and the payment is dated Monday, May 18, 2026"
        in late.output
    )
    assert "issue a new payoff statement" in late.output
    assert amount_due(clerk, payoff) == "2741.30"
    shown = json.loads(clerk("case", "show", CASE, "--json").output)
    assert next(d for d in shown["documents"] if d["number"] == payoff)["paid"] == "0.00"


def test_the_satisfaction_waits_for_final_payment_then_states_it_once(clerk, tmp_path):
    lien_filed(clerk)
    payoff = issued_number(payoff_asked(clerk, "2026-05-11", "2026-05-15"))
    early = clerk("issue", CASE, "lien-satisfaction", today="2026-05-12", ok=False)
    assert early.exit_code == 1
    assert f"No payment is recorded on {payoff}" in early.output
    # A part of the payoff is refused: it states the one amount that pays the lien.
    part = clerk(
        "pay", payoff, "--amount", "1,000.00", "--on", "2026-05-13", today="2026-05-13", ok=False
    )
    assert "record a part payment on the bill itself" in part.output
    clerk("pay", payoff, "--amount", "2,741.30", "--on", "2026-05-14", today="2026-05-14")
    satisfaction = issued_number(clerk("issue", CASE, "lien-satisfaction", today="2026-05-15"))
    text = " ".join(exported_text(clerk, satisfaction, tmp_path).split())
    assert f"The Lien Payoff Statement No. {payoff} stated $2,741.30" in text
    assert "if received on or before May 15, 2026" in text
    assert "$2,741.30 on May 14, 2026" in text
    assert "Final payment of the amount due was made on May 14, 2026" in text
    assert f"The lien made by the filing of Sworn Statement No. {STATEMENT}" in text
    assert "is satisfied and discharged" in text
    assert "Riley Nakamura Village Administrator" in text
    # Once: no second satisfaction, and nothing left to pay off.
    again = clerk("issue", CASE, "lien-satisfaction", today="2026-05-18", ok=False)
    assert (
        f"{satisfaction} is already the Satisfaction of Lien for {payoff}; a lien is satisfied once"
    ) in again.output
    more = payoff_asked(clerk, "2026-05-18", "2026-05-20", ok=False)
    assert f"{satisfaction} already satisfies the lien on this property" in more.output


def test_a_lien_paid_off_is_not_gathered_for_the_assessment_roll(clerk):
    lien_filed(clerk)
    payoff = issued_number(payoff_asked(clerk, "2026-03-20", "2026-03-25"))
    listed = list_case_opened(clerk)
    # Final payment made on the payoff (the bill itself still shows its principal unpaid).
    clerk("pay", payoff, "--amount", amount_due(clerk, payoff), "--on", "2026-03-24")
    refused = clerk("issue", listed, today="2026-04-01", ok=False)
    assert refused.exit_code == 1
    assert "would list nothing" in refused.output


# --- The notice to the owner before the lien goes on the roll (§ 134-45E; MS-1) -------------


def roll_notice(clerk, today: str, ok: bool = True):
    clerk(
        "case",
        "record",
        CASE,
        "--fact=assessment_roll=2026-2027 annual assessment roll",
        today=today,
    )
    return clerk("issue", CASE, "lien-roll-notice", today=today, ok=ok)


def test_the_owner_is_told_the_lien_as_it_stands_before_it_goes_on_the_roll(clerk, tmp_path):
    lien_filed(clerk)
    notice = issued_number(roll_notice(clerk, "2026-03-20"))
    text = " ".join(exported_text(clerk, notice, tmp_path).split())
    assert f"Sworn Statement of Cost and Expense No. {STATEMENT} was filed" in text
    assert "on March 3, 2026" in text and f"Document No. {BILL}" in text
    assert "If the lien is unpaid when the Village prepares the 2026-2027 annual" in text
    # To the notice's own day: $2,525.85 unpaid, 64 days since the work; $3.21 on the part paid.
    total = Decimal("2525.85") + interest("500.00", 26) + interest("2525.85", 64)
    assert f"Principal and interest on March 20, 2026 ${total:,}" in text
    assert "The Village Code requires no notice to the owner" in text
    again = roll_notice(clerk, "2026-03-23", ok=False)
    assert f"{notice} is already the Notice to Owner" in again.output
    assert "the owner is told once that the lien goes on the roll" in again.output


def test_no_roll_notice_before_the_lien_is_filed(clerk):
    statement = statement_not_filed(clerk)
    early = roll_notice(clerk, "2026-03-02", ok=False)
    assert early.exit_code == 1
    assert f"{statement} has not been served" in early.output


def test_no_roll_notice_once_the_lien_is_satisfied(clerk):
    lien_filed(clerk)
    payoff = issued_number(payoff_asked(clerk, "2026-03-10", "2026-03-12"))
    clerk("pay", payoff, "--amount", amount_due(clerk, payoff), "--on", "2026-03-11")
    clerk("issue", CASE, "lien-satisfaction", today="2026-03-12")
    late = roll_notice(clerk, "2026-03-20", ok=False)
    assert late.exit_code == 1
    assert "already satisfies the lien on this property" in late.output
    assert "nothing goes on the assessment roll" in late.output


# --- The Board's relevy resolution (§ 134-45E; MS-1, C-6) ------------------------------------


def resolved(clerk, case: str, adopted_on: str, today: str, ok: bool = True):
    clerk(
        "case",
        "record",
        case,
        "--fact=resolution_number=Resolution No. 2026-41",
        f"--fact=adopted_on={adopted_on}",
        "--fact=meeting=regular meeting",
        "--fact=vote=Ayes 5, Nays 0",
        today=today,
    )
    return clerk("issue", case, "relevy-resolution", today=today, ok=ok)


def test_the_board_adds_the_listed_liens_to_the_roll_and_the_clerk_certifies_it(clerk, tmp_path):
    lien_filed(clerk)
    listed = list_case_opened(clerk)
    roll_list = issued_number(clerk("issue", listed, today="2026-04-01"))
    early = resolved(clerk, listed, "2026-03-30", "2026-04-07", ok=False)
    assert early.exit_code == 1
    assert "before the list" in early.output and roll_list in early.output
    resolution = issued_number(resolved(clerk, listed, "2026-04-06", "2026-04-07"))
    text = " ".join(exported_text(clerk, resolution, tmp_path).split())
    assert f"the Village Administrator's list of unpaid liens, No. {roll_list}, dated April 1" in (
        text
    )
    # The list's line as the list printed it, interest fixed to April 1 (76 days).
    assert f"No. {STATEMENT}, filed March 3, 2026, on bill No. {BILL}" in text
    fixed = interest("2525.85", 76)
    assert f"$2,525.85 ${fixed} ${Decimal('2525.85') + fixed:,}" in text
    assert "be added to the 2026-2027 annual assessment roll" in text
    assert "certify that the foregoing is a true and complete copy of Resolution No. 2026-41" in (
        text
    )
    again = resolved(clerk, listed, "2026-04-06", "2026-04-08", ok=False)
    assert "the Board adds a list's liens to the roll once" in again.output
