"""Palmyra's water service unit schedule (§ 8.03(5)(d)2) and the reallocation of an assessment
on a land split (§ 8.03(3)(d)2) walked at the command line with a fixed clock: the schedule,
then an invoice to each serviced property's owner billing the assessment the schedule computed
for it; the invoice, then the reallocation taking its number, amount and dates from the
register, once, and refused with no number taken when the parts do not measure the levy."""

from __future__ import annotations

import json

import pytest
from clerk import CASEBOOK, clerk_at
from test_chains_palmyra import (
    DISTRICT_HEARING_FACTS,
    FINAL_NOTICES,
    assessment_levied,
    district_levy,
    documents_of,
    exported_text,
    facts,
)
from test_chains_palmyra_payoff import invoiced_and_mailed


@pytest.fixture
def clerk(tmp_path, runner):
    return clerk_at(tmp_path, runner, "palmyra")


SERVICE_INVOICE_FACTS = [
    "improvement=the 2026 water services on Cutler Street and Heron Court",
    "completion_certified_by=the Village Engineer",
    "completion_certified_on=2026-10-19",
    "installment_years=5",
    "borrowing_rate_percent=3.25",
    "first_tax_year=2026",
]
# $11,127.36 / 5 services = $2,225.472 a unit; the creamery has two services.
SERVICE_LOTS = [
    ("PV-2201", "Lindqvist and Adebayo Farrow", "1 unit", "2,225.47"),
    ("PV-2202", "Odalys Brennecke", "1 unit", "2,225.47"),
    ("PV-2203", "Fenwick Creamery Cooperative", "2 units", "4,450.95"),
    ("PV-2204", "Yusuf and Greta Amundsen", "1 unit", "2,225.47"),
]


def water_services_scheduled(clerk) -> None:
    """The schedule of four serviced lots issued October 5; completion certified October 19."""
    clerk(
        "case",
        "open",
        "--from",
        str(CASEBOOK / "palmyra" / "water-service-assessment-schedule.toml"),
        today="2026-10-05",
    )
    clerk("issue", "PA-C-2026-0001", today="2026-10-05")
    assessment_levied(
        clerk,
        DISTRICT_HEARING_FACTS,
        "2026-10-05",
        district_levy("Final Resolution No. 2026-53"),
        "2026-10-20",
    )
    clerk(
        "case",
        "record",
        "PA-C-2026-0001",
        *facts(*SERVICE_INVOICE_FACTS),
        "--event=invoiced=2026-10-20",
        today="2026-10-20",
    )


def test_the_water_service_schedule_is_followed_by_an_invoice_to_each_owner_for_its_units(
    clerk, tmp_path
):
    water_services_scheduled(clerk)
    issued = clerk("issue", "PA-C-2026-0001", "special-assessment-invoice", today="2026-10-20")
    assert issued.output.count("Issued ") == 4
    schedule = exported_text(clerk, "PA-D-2026-00001", tmp_path)
    assert "WATER SERVICE SPECIAL ASSESSMENT COMPUTATION SCHEDULE" in schedule
    shown = json.loads(clerk("case", "show", "PA-C-2026-0001", "--json").output)
    invoices = shown["documents"][10:]  # after the schedule, the report and the notices
    assert [(d["recipient_name"], d["amount_due"], d["follows"]) for d in invoices] == [
        (owner, amount.replace(",", ""), final)
        for (_, owner, _, amount), final in zip(SERVICE_LOTS, FINAL_NOTICES, strict=True)
    ]
    for number, (parcel, owner, units, amount) in zip(
        ("PA-D-2026-00011", "PA-D-2026-00012", "PA-D-2026-00013", "PA-D-2026-00014"),
        SERVICE_LOTS,
        strict=True,
    ):
        assert f"{parcel} " in schedule and f" {owner} {units.split()[0]} ${amount}" in schedule
        invoice = exported_text(clerk, number, tmp_path)
        assert f"Parcel No.: {parcel}" in invoice
        assert f"Water service special assessment on {units} ${amount}" in invoice
        assert f"Pay ${amount} to the Village Clerk-Treasurer" in invoice


def test_a_lot_s_water_service_assessment_cannot_be_typed_over_the_schedule_s(clerk):
    water_services_scheduled(clerk)
    typed = clerk(
        "case",
        "record",
        "PA-C-2026-0001",
        "--fact=assessment_lines=Water service assessment|100.00",
        today="2026-10-20",
        ok=False,
    )
    assert typed.exit_code == 1
    assert "'assessment_lines' is not recorded: the Special Assessment Invoice takes it" in (
        typed.output
    )


# --- § 8.03(3)(d)2: the reallocation on a land split ----------------------------------------

SPLIT_FACTS = [
    "installments_paid=0",
    "land_split=Certified Survey Map No. 4190, recorded with the Register of Deeds",
    "levy_basis=by the abutting square footage of sidewalk (§ 8.03(4)(a))",
    "measure_unit=sq ft of abutting sidewalk",
    "levied_measure=64",
    "original_parcel_measure=40",
]


def split_recorded(clerk, new_parcels: str) -> None:
    """The $816.00 sidewalk invoice of July 22, 2026 mailed; the lot split on November 16."""
    invoiced_and_mailed(clerk)
    clerk(
        "case",
        "record",
        "PA-C-2026-0001",
        "--event=split=2026-11-16",
        *facts(*SPLIT_FACTS, f"new_parcels={new_parcels}"),
        today="2026-11-20",
    )


def test_a_land_split_recorded_in_the_case_brings_the_reallocation_once(clerk, tmp_path):
    split_recorded(clerk, "Lot 2 of Certified Survey Map No. 4190 | 24")
    clerk("issue", "PA-C-2026-0001", "assessment-split-reallocation", today="2026-11-20")
    text = " ".join(exported_text(clerk, "PA-D-2026-00007", tmp_path).split())
    # 24 of the 64 sq ft the $816.00 was levied on: $306.00, with 24/64 of the $13.73 interest
    # for the 117 days from the invoice's date, $5.15; 40 sq ft, $510.00, stays in installments.
    assert "On November 16, 2026, the property was divided by a land split" in text
    assert "Newly created: Lot 2 of Certified Survey Map No. 4190 24 $306.00 $306.00" in text
    assert "The original parcel (identified above) 40 $510.00 $510.00" in text
    assert "due in a lump sum $311.15" in text
    shown = json.loads(clerk("case", "show", "PA-C-2026-0001", "--json").output)
    assert (shown["documents"][-1]["amount_due"], shown["documents"][-1]["follows"]) == (
        "311.15",
        "PA-D-2026-00006",
    )
    again = clerk(
        "issue", "PA-C-2026-0001", "assessment-split-reallocation", today="2026-11-21", ok=False
    )
    assert again.exit_code == 1
    assert len(documents_of(clerk, "PA-C-2026-0001")) == 7


def test_parts_that_do_not_measure_what_was_levied_are_refused_and_take_no_number(clerk):
    split_recorded(clerk, "Lot 2 of Certified Survey Map No. 4190 | 30")
    refused = clerk(
        "issue", "PA-C-2026-0001", "assessment-split-reallocation", today="2026-11-20", ok=False
    )
    assert refused.exit_code == 1
    assert "measure 70 together, not the 64 the original assessment was levied on" in (
        refused.output
    )
    assert len(documents_of(clerk, "PA-C-2026-0001")) == 6
