"""Bills for work the Village did: Village A § 134-45B, Luck § 496-6 and Village B (D)."""

from __future__ import annotations

from decimal import Decimal

import pytest

from noticeclerk.exceptions import InputError
from noticeclerk.rules.costs import (
    CostItem,
    EmployeeTime,
    employee_cost,
    luck_faulty_work_bill,
    village_a_maintenance_bill,
    village_b_special_assessment,
)

D = Decimal


@pytest.mark.parametrize(
    ("hours", "salary", "fringe", "cost"),
    [
        ("3", "30.00", "40", "126.00"),  # 3 x 30 x 1.40
        ("2.5", "28.17", "37.5", "96.83"),  # 96.834375 -> 96.83
        ("1", "10.00", "0", "10.00"),
        ("0.25", "41.00", "50", "15.38"),  # 15.375 rounds up
    ],
)
def test_employee_time_is_hours_times_salary_times_one_plus_fringe(hours, salary, fringe, cost):
    time = EmployeeTime("J. Doe", D(hours), D(salary), D(fringe))
    assert employee_cost(time) == D(cost)


def test_a_village_a_bill_shows_each_line_with_its_section():
    bill = village_a_maintenance_bill(
        labor=[EmployeeTime("DPW laborer", D(3), D("30.00"), D(40))],
        administrative_flat=True,
        counsel_hours=D("1.5"),
        counsel_hourly_rate=D("250.00"),
        contractors=[CostItem("Plowing, invoice 17", D("400.00"))],
        materials_and_equipment=[CostItem("Salt, 2 tons", D("180.00"))],
    )
    assert [(line.amount, line.authority) for line in bill.lines] == [
        (D("126.00"), "Village A § 134-45B(1), section number inferred"),
        (D("500.00"), "Village A § 134-45B(1), section number inferred"),
        (D("375.00"), "Village A § 134-45B(2), section number inferred"),
        (D("400.00"), "Village A § 134-45A, section number inferred"),
        (D("180.00"), "Village A § 134-45A, section number inferred"),
    ]
    assert bill.total == D("1581.00")


def test_administrative_time_at_actual_time_replaces_the_500_flat():
    clerk = EmployeeTime("Village Clerk", D(2), D("35.00"), D(30))
    bill = village_a_maintenance_bill(administrative_time=[clerk])
    (line,) = bill.lines
    assert line.amount == D("91.00")
    assert line.description.startswith("Administrative time: Village Clerk")
    with pytest.raises(InputError, match=r"\$500 or at the actual time spent, not both"):
        village_a_maintenance_bill(administrative_flat=True, administrative_time=[clerk])


def test_counsel_hours_need_the_non_retainer_rate():
    with pytest.raises(InputError, match="non-retainer hourly rate"):
        village_a_maintenance_bill(counsel_hours=D(2))


def test_luck_bills_labor_materials_and_equipment_plus_20_percent_for_administration():
    bill = luck_faulty_work_bill(
        labor=[CostItem("Crew, 6 h", D("600.00"))],
        materials=[CostItem("Asphalt", D("233.33"))],
        equipment=[CostItem("Roller", D("150.00"))],
    )
    assert bill.lines[-1].description == "Administration, 20% of $983.33"
    assert bill.lines[-1].amount == D("196.67")  # 196.666 rounds up
    assert bill.total == D("1180.00")
    assert {line.authority for line in bill.lines} == {"Luck § 496-6"}


def test_village_b_adds_a_10_percent_penalty_and_administrative_fee():
    bill = village_b_special_assessment(D("455.55"))
    assert [line.amount for line in bill.lines] == [D("455.55"), D("45.56")]
    assert bill.total == D("501.11")


def test_a_negative_cost_is_refused():
    with pytest.raises(InputError, match="cannot be negative"):
        luck_faulty_work_bill(labor=[CostItem("Crew", D("-1.00"))])
