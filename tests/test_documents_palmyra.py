"""Palmyra's documents: their amounts against the ordinance's own numbers, their deadlines
counted under Wisconsin law, and the refusals the ordinance requires (Ch. 8)."""

from __future__ import annotations

import re
from datetime import date
from decimal import Decimal
from fractions import Fraction
from html import unescape
from pathlib import Path

import pytest
from notice_figures import figures_of

from noticeclerk.content.notice_types import load_notice
from noticeclerk.content.village import load_village
from noticeclerk.exceptions import InputError
from noticeclerk.render import Renderer
from noticeclerk.rules.money import to_cents

D = Decimal
CASEBOOK = Path(__file__).resolve().parent.parent / "casebook" / "palmyra"


def deadline(notice: str, events: dict, facts: dict | None = None):
    rule = load_notice("palmyra", notice).deadline
    return rule.deadline(load_village("palmyra").calendar, events, facts or {}).due


def invoice_facts(amount: str, years: int, borrowing: str, first_year: int = 2026) -> dict:
    return {
        "assessment_lines": [{"description": "Sidewalk", "amount": D(amount)}],
        "installment_years": years,
        "borrowing_rate_percent": D(borrowing),
        "first_tax_year": first_year,
        # Billed upon certification of completion (§ 8.03(3)(b)1), before the day figured.
        "completion_certified_on": date(2026, 9, 4),
        # The final resolution's publication, from which the 90 days to appeal run.
        "published_on": date(2026, 6, 18),
    }


# --- Special assessment invoice, § 8.03(3)(b) ------------------------------------------------

INVOICED = date(2026, 9, 15)


def invoice_figures(facts: dict, invoiced: date = INVOICED) -> dict:
    """The invoice's figures, dated and invoiced on one day (the date on the Assessment Notice)."""
    return figures_of(
        "palmyra",
        "special-assessment-invoice",
        facts,
        events={"invoiced": invoiced},
        today=invoiced,
    )


def test_the_invoice_charges_two_points_over_the_borrowing_rate_the_board_determined():
    figures = invoice_figures(invoice_facts("5000.00", 5, "3"))
    assert figures["rate"]["charged"] == "5%"
    assert figures["rate"]["borrowing"] == "3%"


def test_the_first_installment_carries_interest_from_the_invoice_date_to_its_due_date():
    # § 8.03(3)(b)3: "the installment shall include the interest commencing with date shown on
    # the Assessment Notice". The invoice of September 15, 2026 is that notice; the first
    # installment is due with the 2026 taxes, on January 31, 2027 (Wis. Stat. § 74.11(2)(b),
    # the village's file): 15 + 31 + 30 + 31 + 31 = 138 days, not a year.
    figures = invoice_figures(invoice_facts("5000.00", 5, "3"))
    rows = figures["installments"]["rows"]
    first = rows[0]
    assert (first["interest_from"], first["interest_to"], first["days"]) == (
        date(2026, 9, 15),
        date(2027, 1, 31),
        138,
    )
    by_hand = Fraction(5000) * 5 / 100 * Fraction(138, 365)  # 94.5205...
    assert first["interest"] == D("94.52") == to_cents(by_hand)
    # Each later installment runs a year, from the previous due date, on the unpaid balance.
    assert [r["interest_from"] for r in rows[1:3]] == [date(2027, 1, 31), date(2028, 1, 31)]
    assert [r["interest"] for r in rows] == [D(x) for x in ("94.52", "200", "150", "100", "50")]
    assert [r["principal"] for r in rows] == [D("1000.00")] * 5
    assert [r["tax_year"] for r in rows] == [2026, 2027, 2028, 2029, 2030]
    assert figures["installments"]["total_interest"] == D("594.52")


def test_an_invoice_dated_after_its_first_installment_would_be_due_is_refused():
    with pytest.raises(InputError, match="give that year as first_tax_year"):
        invoice_figures(invoice_facts("5000.00", 5, "3", first_year=2025))


def test_an_invoice_without_its_date_recorded_is_refused():
    with pytest.raises(
        InputError, match=r"Record the date of the invoice \(--event invoiced=DATE\)"
    ):
        figures_of("palmyra", "special-assessment-invoice", invoice_facts("5000.00", 5, "3"))


def test_the_installments_add_back_to_the_full_assessment_to_the_cent():
    figures = invoice_figures(invoice_facts("2394.50", 8, "3.25"))
    rows = figures["installments"]["rows"]
    assert sum(r["principal"] for r in rows) == D("2394.50")
    assert rows[0]["principal"] == D("299.32") and rows[-1]["principal"] == D("299.31")
    assert rows[-1]["balance"] == D("0.00")


def test_an_installment_period_over_ten_years_is_refused():
    with pytest.raises(InputError, match="may not exceed 10 years"):
        invoice_figures(invoice_facts("5000.00", 11, "3"))


def test_an_invoice_for_nothing_is_refused():
    with pytest.raises(InputError, match="more than"):
        invoice_figures(invoice_facts("0", 5, "3"))


def test_payment_without_interest_is_due_30_days_from_the_date_of_the_invoice():
    assert deadline("special-assessment-invoice", {"invoiced": date(2026, 9, 15)}) == date(
        2026, 10, 15
    )


def test_a_thirtieth_day_on_a_saturday_runs_to_monday_when_the_office_is_closed():
    # Wis. Stat. § 990.001(4)(c): October 31, 2026 is a Saturday.
    assert deadline("special-assessment-invoice", {"invoiced": date(2026, 10, 1)}) == date(
        2026, 11, 2
    )


def test_the_invoice_is_a_bill_for_the_full_assessment():
    notice = load_notice("palmyra", "special-assessment-invoice")
    assert (notice.kind, notice.amount_due, notice.signer) == (
        "bill",
        "assessment",
        "clerk_treasurer",
    )
    document = Renderer().render(CASEBOOK / "special-assessment-invoice.toml")
    text = document.html
    assert "$2,394.50" in text and "5.25%" in text and "Thursday, October 15, 2026" in text


def test_the_invoice_shows_each_installments_interest_period_and_the_village_choices():
    html = Renderer().render(CASEBOOK / "special-assessment-invoice.toml").html
    text = " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())
    # The first row: September 15, 2026 to January 31, 2027, 138 days; $299.32 of principal
    # and $2,394.50 x 5.25% x 138/365 = $47.53 of interest, not a full year's $125.71.
    assert "1 2026 September 15, 2026 January 31, 2027 138 $299.32 $47.53 $346.85 $2,095.18" in text
    assert "2 2027 January 31, 2027 January 31, 2028 365 $299.32 $110.00 $409.32" in text
    assert "Total of the installments $2,394.50 $487.52 $2,882.02 $0.00" in text
    assert "$125.71" not in text
    assert "Interest commences with the date shown on this Assessment Notice, September 15" in text
    assert "The Village counts the interest by the year: a full year's interest" in text
    assert "rounds each installment's interest once, to the nearest cent" in text


# --- Sidewalk order and permit, § 8.04 ----------------------------------------------------------


def test_the_abutting_owner_pays_fifty_percent_of_the_cost_of_construction_or_repair():
    figures = figures_of(
        "palmyra",
        "sidewalk-order",
        {"estimated_costs": [{"description": "Squares", "amount": D("1000.01")}]},
    )
    assert figures["estimate"]["total"] == D("1000.01")
    assert figures["owner_share"]["total"] == D("500.01")  # half of a cent rounds half-up
    [share] = figures["owner_share"]["lines"]
    assert share["description"] == "50% of the estimated cost of $1,000.01 (§ 8.04(1))"


def test_a_sidewalk_order_on_an_estimate_of_nothing_is_refused():
    with pytest.raises(InputError, match=r"estimated cost of the sidewalk work must be more than"):
        figures_of(
            "palmyra",
            "sidewalk-order",
            {"estimated_costs": [{"description": "Squares", "amount": D("0.00")}]},
        )


def test_the_sidewalk_order_gives_20_days_after_service_moved_past_memorial_day():
    # May 24, 2026 is a Sunday and May 25 Memorial Day (Wis. Stat. § 990.001(4)(b)).
    assert deadline("sidewalk-order", {"service": date(2026, 5, 4)}) == date(2026, 5, 26)


def test_a_sidewalk_permit_is_free_and_applied_for_at_least_7_days_ahead():
    figures = figures_of(
        "palmyra",
        "sidewalk-permit",
        {"application_received_on": date(2026, 5, 11), "work_proposed_on": date(2026, 5, 18)},
    )
    assert figures["fee"]["total"] == D("0.00")
    assert figures["latest_application"]["due"] == date(2026, 5, 11)


def test_a_sidewalk_permit_applied_for_fewer_than_7_days_ahead_is_refused():
    with pytest.raises(InputError, match=r"at least 7 days before the work"):
        figures_of(
            "palmyra",
            "sidewalk-permit",
            {"application_received_on": date(2026, 5, 12), "work_proposed_on": date(2026, 5, 18)},
        )


def test_the_sidewalk_permit_is_a_permit_to_the_applicant():
    notice = load_notice("palmyra", "sidewalk-permit")
    assert (notice.kind, notice.recipient) == ("permit", "applicant")


# --- Notice types as data ------------------------------------------------------------------

DECLARED_ONLY = [
    "excavation-permit",
    "driveway-permit",
    "tree-permit",
    "sidewalk-permit",
    "sidewalk-order",
    "surface-restoration-bill",
    "rubbish-removal-notice",
    "unlawful-planting-order",
    "view-obstruction-order",
    "dangerous-tree-order",
    "tree-appeal-hearing",
    "tree-appeal-decision",
    "tree-appeal-decision-reversed",
]


@pytest.mark.parametrize("notice", DECLARED_ONLY)
def test_these_notice_types_compute_only_what_their_definitions_declare(notice):
    loaded = load_notice("palmyra", notice)
    assert loaded.computation is None
    assert loaded.declared
