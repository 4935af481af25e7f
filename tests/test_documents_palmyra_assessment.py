"""Palmyra's special assessment decisions and schedules (Ch. 8, § 8.03): deferments granted
and denied on the conditions the text states, and the refusals it requires."""

from __future__ import annotations

import dataclasses
import re
import tomllib
from datetime import date
from decimal import Decimal
from html import unescape
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from notice_figures import figures_of, sample_case, sample_facts

from noticeclerk.compose import compute_figures
from noticeclerk.computations import CaseContext
from noticeclerk.content.notice_types import load_notice
from noticeclerk.content.village import load_village
from noticeclerk.exceptions import ConfigError, InputError
from noticeclerk.render import Renderer

D = Decimal
CHICAGO = ZoneInfo("America/Chicago")
CASEBOOK = Path(__file__).resolve().parent.parent / "casebook" / "palmyra"


def case_facts(stem: str) -> dict:
    return sample_facts("palmyra", stem)


def compute(notice: str, facts: dict, **changes) -> dict:
    return figures_of("palmyra", notice, {**facts, **changes})


def load_changed(stem: str, **changes) -> None:
    """Read the sample case with some facts written otherwise, as a clerk's case file would."""
    sample_case("palmyra", stem, **changes)


# --- § 8.03(3)(e): hardship deferment of one year's installment ----------------------------

HARDSHIP = "hardship-deferment-decision"


def test_a_granted_hardship_deferment_covers_only_the_year_applied_for():
    found = compute(HARDSHIP, case_facts("hardship-deferment-granted"))
    # The first installment of invoice PA-2026-A-0004's schedule.
    assert found == {"amount": D("346.85"), "year": 2026, "next_year": 2027}


def test_a_denied_hardship_deferment_shows_the_qualification_not_met():
    html = Renderer().render(CASEBOOK / "hardship-deferment-denied.toml").html
    found = dict(re.findall(r"<tr><td>([^<]+)</td><td>(Yes|No)[^<]*</td></tr>", html))
    assert len(found) == 4
    assert [words for words, met in found.items() if met == "No"] == [
        "The applicant's income is within the Wisconsin Homestead Tax Relief maximum for the year"
    ]
    # WI attorney review PA50-a: the denial states the income found and the year's maximum.
    assert "No: income $28,650.00, maximum $24,680.00" in html
    # And the review the Village relies on, from its file.
    assert "The Village relies on Wis. Stat. ch. 68, under which this decision" in unescape(html)


def test_a_granted_hardship_deferment_states_the_terms_of_the_deferred_installment():
    """WI attorney review PA49-a: the grant said nothing of interest on the deferred
    installment or when it becomes payable other than on a sale."""
    facts = case_facts("hardship-deferment-granted")
    with pytest.raises(InputError, match="list them in 'deferment_terms'"):
        compute(HARDSHIP, facts, deferment_terms=[])
    html = unescape(Renderer().render(CASEBOOK / "hardship-deferment-granted.toml").html)
    assert "The deferred installment bears no interest while it is deferred." in html
    assert "The installments of other years are not deferred" in html


def test_a_finding_on_income_its_figures_contradict_is_refused():
    facts = case_facts("hardship-deferment-granted")
    with pytest.raises(InputError, match=r"is more than the maximum for the year, \$24,680\.00"):
        compute(HARDSHIP, facts, household_income=D("30000.00"))
    denied = {**facts, "outcome": "denied", "income_within_homestead_maximum": False}
    with pytest.raises(InputError, match=r"is not more than the maximum for the year"):
        compute(HARDSHIP, denied)


def test_a_refused_grant_names_the_qualification_the_board_did_not_find():
    facts = case_facts("hardship-deferment-granted")
    with pytest.raises(
        InputError, match=r"unless the real estate is the homestead of the applicant"
    ):
        compute(HARDSHIP, facts, real_estate_is_homestead=False)


@pytest.mark.parametrize(
    "qualification",
    [
        "applicant_at_least_18",
        "applicant_owns_real_estate",
        "real_estate_is_homestead",
        "income_within_homestead_maximum",
    ],
)
def test_a_hardship_deferment_is_refused_a_grant_without_each_qualification(qualification):
    facts = case_facts("hardship-deferment-granted")
    with pytest.raises(InputError, match=r"§ 8\.03\(3\)\(e\)2"):
        compute(HARDSHIP, facts, **{qualification: False})


def test_an_application_for_one_year_cannot_decide_another_years_installment():
    facts = case_facts("hardship-deferment-granted")
    with pytest.raises(InputError, match="year-to-year"):
        compute(HARDSHIP, facts, installment_tax_year=2027)


def test_a_denial_of_a_qualified_applicant_must_rest_on_other_stated_grounds():
    facts = case_facts("hardship-deferment-granted")
    with pytest.raises(InputError, match="other grounds"):
        compute(HARDSHIP, facts, outcome="denied")
    found = compute(HARDSHIP, facts, outcome="denied", other_grounds_for_denial=True)
    assert found["year"] == 2026


@pytest.mark.parametrize("outcome", ["approved", "deferred", ""])
def test_a_decision_other_than_granted_or_denied_is_refused(outcome):
    facts = case_facts("hardship-deferment-granted")
    with pytest.raises(InputError, match="granted, denied"):
        compute(HARDSHIP, facts, outcome=outcome)


def test_an_installment_of_fractions_of_a_cent_is_refused():
    # A money fact is whole cents when the case file is read, before anything is computed.
    with pytest.raises(InputError, match="deferred_amount"):
        load_changed("hardship-deferment-granted", deferred_amount="425.031")


@pytest.mark.parametrize("stem", ["hardship-deferment-granted", "assessment-deferment-granted"])
def test_a_deferment_of_nothing_is_refused(stem):
    notice = tomllib.loads((CASEBOOK / f"{stem}.toml").read_text())["notice"]
    with pytest.raises(InputError, match=r"must be more than \$0\.00"):
        compute(notice, case_facts(stem), deferred_amount=D("0.00"))


# --- § 8.03(3)(c): deferment while no use of the improvement is made -----------------------

NONUSE = "assessment-deferment-decision"


def test_a_deferment_while_no_use_is_made_is_granted_on_the_boards_terms():
    facts = case_facts("assessment-deferment-granted")
    found = compute(NONUSE, facts)
    assert found["amount"] == D("6840.00")
    assert len(facts["board_terms"]) == 3


def test_a_deferment_cannot_be_granted_once_a_connection_or_use_is_made():
    facts = case_facts("assessment-deferment-granted")
    with pytest.raises(InputError, match="All deferments shall end when connection"):
        compute(NONUSE, facts, use_or_connection_made=True)
    # The Board may deny it on that ground.
    found = compute(
        NONUSE, facts, use_or_connection_made=True, outcome="denied", board_terms=["None"]
    )
    assert found["amount"] == D("6840.00")


def deferment_figures(reading: str | None) -> dict:
    """The decision's figures where the village's file reads § 8.03(3)(c) as `reading`."""
    village = load_village("palmyra")
    installments = dataclasses.replace(village.installments, deferred_interest_from=reading)
    case = CaseContext(
        facts=case_facts("assessment-deferment-granted"),
        events={},
        village=dataclasses.replace(village, installments=installments),
        today=date(2026, 11, 12),
    )
    return compute_figures(load_notice("palmyra", NONUSE), case)


def test_a_deferred_assessment_carries_interest_from_the_notice_the_village_reads_as_final():
    """WI attorney review PA51-a: § 8.03(3)(c)'s "final notice of assessment" was taken to be
    the invoice, though it is ordinarily the notice of the final resolution, and earlier."""
    found = deferment_figures("final resolution notice")["interest_from"]
    assert found["on"] == date(2026, 9, 14)
    assert "notice of the final resolution" in found["words"]
    found = deferment_figures("assessment notice")["interest_from"]
    assert found["on"] == date(2026, 10, 1)
    assert "invoice Document No. PA-2026-A-0012" in found["words"]
    with pytest.raises(ConfigError, match="deferred_interest_from"):
        deferment_figures(None)


def test_a_decision_whose_case_lacks_the_final_notice_s_date_says_so():
    """A case opened for the decision alone excuses what the register would take; the
    decision then names the missing date, not a traceback (attacker's pass, 2026-12-03)."""
    facts = case_facts("assessment-deferment-granted")
    del facts["final_resolution_notice_dated"]
    with pytest.raises(InputError, match="lacks the fact 'final_resolution_notice_dated'"):
        compute(NONUSE, facts)


def test_a_granted_deferment_needs_the_terms_the_board_prescribed():
    facts = case_facts("assessment-deferment-granted")
    with pytest.raises(InputError, match="prescribed by the Village Board"):
        compute(NONUSE, facts, board_terms=["None"])


def test_a_decision_without_grounds_is_refused():
    # The grounds are a text fact, which a case file cannot give blank.
    with pytest.raises(InputError, match="the fact 'grounds'"):
        load_changed("assessment-deferment-granted", grounds="  ")


# --- § 8.03(4): the sidewalk assessment schedule of a project district ---------------------

SCHEDULE = "sidewalk-assessment-schedule"


def test_the_sample_schedule_matches_the_ordinances_own_arithmetic():
    found = compute(SCHEDULE, case_facts("sidewalk-assessment-schedule"))
    # (4)(b)1: the project cost, $21,200.00. (c)1: the Village pays the intersection, 150 of
    # 1,965 sq ft: $21,200.00 x 150 / 1,965 = $1,618.32; (b)3: 50% of the $19,581.68 left is
    # assessable, $9,790.84; (b)2: $9,790.84 / 1,815 sq ft, times each property's sq ft.
    assert found["costs"]["total"] == D("21200.00")
    assert [(s["parcel"], s["sqft"], s["amount"]) for s in found["shares"]] == [
        ("PV-1101", "990", D("5340.46")),
        ("PV-1102", "330", D("1780.15")),
        ("PV-1103", "495", D("2670.23")),
    ]
    assert [(v["amount"], v["authority"]) for v in found["village_lines"]] == [
        (D("1618.32"), "Palmyra § 8.03(4)(c)1"),
        (D("9790.84"), "Palmyra § 8.03(4)(b)3"),
    ]
    assert found["owners_total"] + found["village_total"] == found["total"] == D("21200.00")


def test_a_corner_lot_is_assessed_on_both_frontages():
    found = compute(SCHEDULE, case_facts("sidewalk-assessment-schedule"))
    corner = found["shares"][0]
    assert corner["sqft"] == "990"  # 66 ft x 5 ft on East Main plus 132 ft x 5 ft on Fourth
    assert any("corner lot: both sides are assessed" in step for step in found["steps"])


@pytest.mark.parametrize(
    ("work", "owners", "village_share"),
    [
        ("new", "19581.68", None),
        ("replacement-within-5-years", "4895.42", "14686.26"),
    ],
)
def test_the_assessable_percentage_follows_the_kind_of_work(work, owners, village_share):
    found = compute(SCHEDULE, case_facts("sidewalk-assessment-schedule"), work=work)
    assert found["owners_total"] == D(owners)
    shares = [line["amount"] for line in found["village_lines"]][1:]
    assert shares == ([] if village_share is None else [D(village_share)])


def test_a_cul_de_sac_lot_is_measured_on_the_arc():
    facts = case_facts("sidewalk-assessment-schedule")
    found = compute(
        SCHEDULE,
        facts,
        lots=[*facts["lots"], "PV-1104 | interior | Elm Court: cul-de-sac arc 45 ft x 4 ft"],
    )
    assert found["shares"][-1]["sqft"] == "180"
    assert any("§ 8.03(4)(c)3" in step for step in found["steps"])


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("PV-1101 | corner | East Main Street: 66 ft x 5 ft", "corner lot, which has 2"),
        ("PV-1101 | triangle | East Main Street: 66 ft x 5 ft", "not interior, corner"),
        ("PV-1101 | interior | East Main Street: 66 feet", "is not written as"),
        ("PV-1101 | interior", "write each line as"),
    ],
)
def test_a_lot_line_the_schedule_cannot_read_is_refused(line, message):
    facts = case_facts("sidewalk-assessment-schedule")
    with pytest.raises(InputError, match=message):
        compute(SCHEDULE, facts, lots=[line])


def test_a_kind_of_work_the_ordinance_does_not_name_is_refused():
    facts = case_facts("sidewalk-assessment-schedule")
    with pytest.raises(InputError, match=r"§ 8\.03\(4\)\(b\)3, 5, 6"):
        compute(SCHEDULE, facts, work="resurfacing")


def test_a_parcel_listed_twice_is_refused():
    facts = case_facts("sidewalk-assessment-schedule")
    with pytest.raises(InputError):
        compute(SCHEDULE, facts, lots=[facts["lots"][1], facts["lots"][1]])
