"""Palmyra's water service unit assessment schedule (Ch. 8, § 8.03(5)(d)2): the charge per unit
and each serviced property's assessment checked against the ordinance's own words, and the
refusals of a case that does not give what the division needs."""

from __future__ import annotations

import re
from decimal import Decimal

import pytest
from notice_figures import figures_of, sample_facts

from noticeclerk.exceptions import InputError

D = Decimal
SERVICES = "water-service-assessment-schedule"


def compute(**changes) -> dict:
    return figures_of("palmyra", SERVICES, {**sample_facts("palmyra", SERVICES), **changes})


def amounts(found: dict) -> dict[str, Decimal]:
    return {share["parcel"]: share["amount"] for share in found["shares"]}


def test_each_serviced_property_pays_the_charge_per_water_service_for_each_of_its_services():
    found = compute()
    # $11,127.36 / 5 services = $2,225.472 a unit; the creamery's two services carry the
    # largest remainder, so the shares add back to the cent.
    assert amounts(found) == {
        "PV-2201": D("2225.47"),
        "PV-2202": D("2225.47"),
        "PV-2203": D("4450.95"),
        "PV-2204": D("2225.47"),
    }
    assert found["owners_total"] == D("11127.36")
    assert found["village_total"] == 0
    assert found["total_measure"] == "5"


def test_the_water_service_schedule_cites_5_d_2_not_the_lateral_paragraph():
    found = compute()
    assert [step["authority"] for step in found["steps"]] == ["Palmyra § 8.03(5)(d)2"]
    assert "water services" in found["steps"][0]["text"]


def test_each_lot_s_invoice_line_names_its_water_services():
    charges = compute()["parcel_charges"]
    assert charges["PV-2203"]["lines"] == [
        {
            "description": "Water service special assessment on 2 units",
            "amount": D("4450.95"),
        }
    ]
    assert charges["PV-2201"]["lines"][0]["description"] == (
        "Water service special assessment on 1 unit"
    )


def test_a_service_count_that_is_not_a_whole_number_is_refused():
    with pytest.raises(
        InputError, match=re.escape("The fact 'services' has the line 'PV-2201 | one'")
    ):
        compute(services=["PV-2201 | one"])


def test_a_district_where_no_water_service_was_installed_is_refused():
    with pytest.raises(InputError, match="No water services were counted"):
        compute(services=["PV-2201 | 0", "PV-2202 | 0"])


def test_a_water_service_project_that_cost_nothing_is_refused():
    with pytest.raises(InputError, match=re.escape("more than $0.00")):
        compute(project_costs=[{"description": "Water services", "amount": D("0.00")}])


def test_a_property_named_twice_is_refused():
    with pytest.raises(InputError):
        compute(services=["PV-2201 | 1", "PV-2201 | 1"])
