"""Palmyra's tree orders and appeals, snow and ice reports and charges, street openings and
the owner's share of sidewalk work, and the driveway permit application (Ch. 8, §§ 8.04, 8.05,
8.06, 8.10, 8.12, 8.15): the amounts against the ordinance's own numbers, the days counted under
Wisconsin law, and the refusals the ordinance requires."""

from __future__ import annotations

import tomllib
from datetime import date, datetime
from decimal import Decimal
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from notice_figures import figures_of, sample_case, sample_facts

from noticeclerk.content.notice_types import load_notice
from noticeclerk.content.village import load_village
from noticeclerk.exceptions import InputError

D = Decimal
CHICAGO = ZoneInfo("America/Chicago")
CASEBOOK = Path(__file__).resolve().parent.parent / "casebook" / "palmyra"


def deadline(notice: str, events: dict, facts: dict | None = None):
    rule = load_notice("palmyra", notice).deadline
    return rule.deadline(load_village("palmyra").calendar, events, facts or {}).due


def case_facts(stem: str) -> dict:
    return sample_facts("palmyra", stem)


def compute(notice: str, facts: dict, today: date | None = None, **changes) -> dict:
    if today is None:
        return figures_of("palmyra", notice, {**facts, **changes})
    return figures_of("palmyra", notice, {**facts, **changes}, today=today)


# The snow samples' own date: every clearing they list was made by then.
SNOW_DAY = date(2027, 3, 15)


def load_changed(stem: str, **changes) -> None:
    """Read the sample case with some facts written otherwise, as a clerk's case file would."""
    sample_case("palmyra", stem, **changes)


# --- § 8.15(8)(b), (10), (11)(a): the Village Forester's orders ------------------------------

TREE_ORDERS = [
    ("unlawful-planting-order", "unlawful-planting-order", "remove_by"),
    ("view-obstruction-order", "view-obstruction-order", "correct_by"),
    ("dangerous-tree-order", "dangerous-tree-order", "act_by"),
]


@pytest.mark.parametrize(("notice", "name", "day"), TREE_ORDERS)
def test_a_tree_order_gives_the_day_the_forester_fixed_and_service_does_not_move_it(
    notice, name, day
):
    loaded = load_notice("palmyra", notice)
    assert loaded.signer == "village_forester"
    assert loaded.recipient == "owner"
    assert loaded.deadline_counts_from_service is False
    assert deadline(notice, {}, {day: date(2026, 8, 28)}) == date(2026, 8, 28)


@pytest.mark.parametrize(("notice", "name", "day"), TREE_ORDERS)
def test_a_day_the_forester_fixed_on_a_sunday_runs_to_the_monday(notice, name, day):
    assert deadline(notice, {}, {day: date(2026, 8, 30)}) == date(2026, 8, 31)


@pytest.mark.parametrize(("notice", "name", "day"), TREE_ORDERS)
def test_a_tree_order_whose_day_is_not_after_the_inspection_is_refused(notice, name, day):
    facts = case_facts(notice)
    with pytest.raises(InputError, match="not after the Village Forester's inspection"):
        compute(name, facts, **{day: facts["inspected_on"]})


@pytest.mark.parametrize(("notice", "name", "day"), TREE_ORDERS)
def test_every_tree_order_tells_the_owner_of_the_appeal_to_the_village_board(notice, name, day):
    sections = {quote.section for quote in load_notice("palmyra", notice).quotes}
    assert "§ 8.15(14)" in sections


@pytest.mark.parametrize(
    ("stem", "fact"),
    [
        ("unlawful-planting-order", "plantings"),
        ("view-obstruction-order", "corrective_steps"),
        ("dangerous-tree-order", "corrective_action"),
    ],
)
def test_a_tree_order_must_list_what_the_owner_must_remove_or_do(stem, fact):
    # § 8.15(8)(b), (10)(c), (11)(a): a list fact, which a case file cannot give empty.
    with pytest.raises(InputError, match=f"the fact '{fact}'.*must be a list of texts"):
        load_changed(stem, **{fact: []})


def test_an_obstruction_of_view_cites_the_intersection_or_the_traffic_sign_rule():
    facts = case_facts("view-obstruction-order")
    name = "view-obstruction-order"
    assert compute(name, facts)["prohibition"] == "§ 8.15(10)(a) and (b)"
    assert compute(name, facts, obstructs="traffic sign")["prohibition"] == "§ 8.15(10)(b)"
    with pytest.raises(InputError, match=r"not what § 8.15\(10\) covers"):
        compute(name, facts, obstructs="driveway")


# --- § 8.15(14): the appeal, its hearing and the Board's letter -------------------------------


def test_the_hearing_notice_counts_7_days_to_appeal_and_30_days_to_hear():
    figures = compute("tree-appeal-hearing", case_facts("tree-appeal-hearing"))
    # Received Wednesday, August 5: the 7 days end Wednesday, August 12, 2026.
    assert figures["appeal_window"]["due"] == date(2026, 8, 12)
    # Appeal received Monday, August 10: the Board must hear it by Wednesday, September 9.
    assert figures["hearing_limit"]["due"] == date(2026, 9, 9)


def test_an_appeal_received_after_the_7_days_is_refused():
    with pytest.raises(InputError, match=r"is late: § 8.15\(14\) allows an appeal"):
        compute(
            "tree-appeal-hearing",
            case_facts("tree-appeal-hearing"),
            appeal_received_on=date(2026, 8, 13),
        )


def test_a_hearing_set_more_than_30_days_after_the_appeal_is_refused():
    with pytest.raises(InputError, match="too late"):
        compute(
            "tree-appeal-hearing",
            case_facts("tree-appeal-hearing"),
            hearing_at=datetime(2026, 9, 10, 18, 30, tzinfo=CHICAGO),
        )


def test_a_refused_hearing_is_named_by_its_day_and_hour():
    # The declared check prints the hearing as the case gives it, a date and time.
    with pytest.raises(InputError, match=r"The hearing on Thursday, September 10, 2026 at 6:30"):
        compute(
            "tree-appeal-hearing",
            case_facts("tree-appeal-hearing"),
            hearing_at=datetime(2026, 9, 10, 18, 30, tzinfo=CHICAGO),
        )


def test_a_hearing_given_in_another_time_zone_falls_on_its_day_in_palmyra():
    # 1:30 a.m. UTC on September 10 is 8:30 p.m. on Wednesday, September 9 in Palmyra, the last
    # of the 30 days; the day compared is the Village's calendar day, not the offset's.
    figures = compute(
        "tree-appeal-hearing",
        case_facts("tree-appeal-hearing"),
        hearing_at=datetime(2026, 9, 10, 1, 30, tzinfo=ZoneInfo("UTC")),
    )
    assert figures["hearing_limit"]["due"] == date(2026, 9, 9)


def test_the_decision_letter_must_go_within_10_days_after_the_hearing():
    facts = case_facts("tree-appeal-decision")
    figures = figures_of("palmyra", "tree-appeal-decision", facts, today=date(2026, 9, 4))
    # Hearing concluded Tuesday, September 1: the letter is due by Friday, September 11.
    assert figures["letter_limit"]["due"] == date(2026, 9, 11)
    assert figures["decision"] == "modifies"
    # The letter's date is the document's own date, not a fact typed beside it.
    assert figures_of("palmyra", "tree-appeal-decision", facts, today=date(2026, 9, 11))
    with pytest.raises(InputError, match=r"is late: § 8.15\(14\) requires the Board to notify"):
        figures_of("palmyra", "tree-appeal-decision", facts, today=date(2026, 9, 14))
    with pytest.raises(
        InputError, match=r"before the hearing concluded on Tuesday, September 1, 2026"
    ):
        figures_of("palmyra", "tree-appeal-decision", facts, today=date(2026, 8, 31))


def test_a_decision_after_a_hearing_held_too_late_is_refused():
    with pytest.raises(InputError, match="was not held within 30 days"):
        compute(
            "tree-appeal-decision-reversed",
            case_facts("tree-appeal-decision-reversed"),
            hearing_concluded_on=date(2026, 9, 14),
        )


def test_a_reversal_is_not_given_in_the_letter_that_sets_a_day_to_comply():
    with pytest.raises(InputError, match="tree-appeal-decision-reversed"):
        compute("tree-appeal-decision", case_facts("tree-appeal-decision"), outcome="reversed")


def test_the_decision_letters_are_the_village_board_s_and_the_reversal_sets_no_day():
    assert load_notice("palmyra", "tree-appeal-decision").signer == "village_board"
    reversed_letter = load_notice("palmyra", "tree-appeal-decision-reversed")
    assert reversed_letter.signer == "village_board"
    assert reversed_letter.deadline is None


@pytest.mark.parametrize("stem", ["tree-appeal-decision", "tree-appeal-decision-reversed"])
def test_a_decision_letter_is_dated_by_its_document_date_and_has_no_date_fact(stem):
    case = tomllib.loads((CASEBOOK / f"{stem}.toml").read_text())
    assert "letter_dated" not in case["facts"]
    assert "letter_dated" not in {fact.name for fact in load_notice("palmyra", stem).facts}


# --- § 8.10: snow and ice removal charged on the tax roll -------------------------------------


def test_the_snow_charge_is_the_area_times_the_posted_rate_for_each_clearing():
    figures = compute("snow-ice-removal-bill", case_facts("snow-ice-removal-bill"), today=SNOW_DAY)
    # 330 sq ft x $0.12 = $39.60 a clearing; three clearings, $118.80.
    assert figures["each"]["total"] == D("39.60")
    assert [line["amount"] for line in figures["charges"]["lines"]] == [D("39.60")] * 3
    assert figures["charges"]["total"] == D("118.80")


def test_the_snow_rate_comes_from_the_case_not_the_letterhead():
    facts = case_facts("snow-ice-removal-bill")
    figures = compute(
        "snow-ice-removal-bill", facts, today=SNOW_DAY, posted_rate_per_sqft=D("0.15")
    )
    assert figures["each"]["total"] == D("49.50")


def test_a_snow_charge_without_a_clearing_or_an_area_is_refused():
    facts = case_facts("snow-ice-removal-bill")
    with pytest.raises(InputError, match=r"the fact 'clearings'.*must be a list of texts"):
        load_changed("snow-ice-removal-bill", clearings=[])
    with pytest.raises(InputError, match="surface area cleared must be more than 0"):
        compute("snow-ice-removal-bill", facts, surface_area_sqft=D(0))
    with pytest.raises(InputError, match=r"posted rate is given as 0 dollars.*§ 8\.10\(2\)"):
        compute("snow-ice-removal-bill", facts, posted_rate_per_sqft=D(0))


def test_the_snow_statement_sets_no_deadline_since_the_charge_goes_on_the_tax_roll():
    assert load_notice("palmyra", "snow-ice-tax-roll-charge").deadline is None


def test_the_snow_bill_gives_30_days_from_its_mailing_to_keep_the_charge_off_the_tax_roll():
    """WI attorney review PA36-b: mailed Thursday, March 4, 2027, 30 days run to Saturday,
    April 3, when the Village office is closed, and so to Monday, April 5."""
    assert deadline("snow-ice-removal-bill", {"mailed": date(2027, 3, 4)}) == date(2027, 4, 5)
    # Mailed a day earlier, 30 days run to Friday, April 2.
    assert deadline("snow-ice-removal-bill", {"mailed": date(2027, 3, 3)}) == date(2027, 4, 2)


# --- §§ 8.05, 8.06: the excavation permit and the restoration bill ----------------------------


def test_the_bond_for_a_72_square_foot_opening_is_the_100_dollar_minimum():
    figures = compute("excavation-permit", case_facts("excavation-permit"))
    assert figures["bond"]["total"] == D("100.00")


def test_the_bond_for_a_larger_opening_is_one_dollar_a_square_foot():
    facts = case_facts("excavation-permit")
    figures = compute(
        "excavation-permit",
        facts,
        opening_length_ft=D(25),
        opening_width_ft=D(6),
        bond_deposited=D("150.00"),
    )
    assert figures["bond"]["total"] == D("150.00")
    area = figures["bond"]["measures"]["area_sqft"]
    assert (figures["length"], figures["width"], area) == ("25", "6", "150")


def test_a_bond_less_than_the_ordinance_requires_is_refused():
    with pytest.raises(InputError, match=r"less than the \$150.00"):
        compute(
            "excavation-permit",
            case_facts("excavation-permit"),
            opening_length_ft=D(25),
            opening_width_ft=D(6),
        )


@pytest.mark.parametrize(
    ("fact", "amount"),
    [
        ("insurance_per_person", "99999.99"),
        ("insurance_per_accident", "299999.99"),
        ("insurance_property_damage", "49999.99"),
    ],
)
def test_insurance_below_the_ordinance_s_minimums_is_refused(fact, amount):
    with pytest.raises(InputError, match=r"§ 8.05\(3\) requires"):
        compute("excavation-permit", case_facts("excavation-permit"), **{fact: D(amount)})


def test_an_opening_in_frozen_ground_needs_the_superintendent_s_finding():
    facts = case_facts("excavation-permit")
    with pytest.raises(InputError, match="The ground is frozen"):
        compute("excavation-permit", facts, ground_frozen=True)
    compute("excavation-permit", facts, ground_frozen=True, necessary_in_frozen_ground=True)


def test_the_permit_is_void_unless_work_starts_within_30_days_of_issuance():
    notice = load_notice("palmyra", "excavation-permit")
    assert notice.signer == "superintendent_public_works"
    assert notice.deadline_counts_from_service is False
    # Issued Monday, September 14, 2026: thirty days later is Wednesday, October 14.
    assert deadline("excavation-permit", {"issued": date(2026, 9, 14)}) == date(2026, 10, 14)


def extend(today: date = date(2026, 10, 9), **changes) -> dict:
    facts = case_facts("excavation-permit-extension")
    return figures_of("palmyra", "excavation-permit-extension", {**facts, **changes}, today=today)


def test_the_extension_counts_the_30_days_it_extends_from_the_permit_s_issuance():
    # Permit issued Monday, September 14, 2026: void unless work commences by October 14.
    assert extend()["void_after"]["due"] == date(2026, 10, 14)


def test_the_extension_s_day_is_the_one_the_superintendent_fixed_not_a_count():
    notice = load_notice("palmyra", "excavation-permit-extension")
    assert notice.signer == "superintendent_public_works"
    assert notice.deadline_counts_from_service is False
    events = {}
    assert deadline("excavation-permit-extension", events, {"commence_by": date(2026, 11, 13)}) == (
        date(2026, 11, 13)
    )


def test_an_extension_after_the_permit_became_void_is_refused():
    with pytest.raises(InputError, match="requires a new permit"):
        extend(today=date(2026, 10, 15))


def test_an_extension_that_does_not_go_beyond_the_30_days_is_refused():
    with pytest.raises(InputError, match="does not extend the 30 days from issuance"):
        extend(commence_by=date(2026, 10, 14))


def test_an_extension_before_it_was_asked_for_is_refused():
    with pytest.raises(InputError, match="before the permittee asked for it"):
        extend(today=date(2026, 10, 7))


def test_the_frozen_ground_refusal_sets_no_deadline_and_answers_the_application_once():
    refusal = load_notice("palmyra", "excavation-refusal-frozen-ground")
    permit = load_notice("palmyra", "excavation-permit")
    assert refusal.deadline is None
    assert refusal.follows == ("excavation-permit-application",)
    # The permit also answers the application after emergency measures (§ 8.06(8)); the opening
    # is already made then, so no refusal for frozen ground answers that one.
    assert permit.follows == (
        "excavation-permit-application",
        "excavation-emergency-application",
    )
    assert refusal.instead_of == ("excavation-permit",)
    assert permit.instead_of == ("excavation-refusal-frozen-ground",)


def test_a_frozen_ground_refusal_dated_before_the_application_is_refused():
    facts = case_facts("excavation-refusal-frozen-ground")
    with pytest.raises(InputError, match="before the application was received"):
        figures_of("palmyra", "excavation-refusal-frozen-ground", facts, today=date(2026, 12, 7))


def test_the_restoration_bill_is_the_village_s_costs_with_no_charge_added():
    figures = compute("surface-restoration-bill", case_facts("surface-restoration-bill"))
    assert figures["restoration_costs"]["total"] == D("782.75")


def test_the_village_may_bill_only_a_restoration_made_after_the_permittee_s_period():
    with pytest.raises(InputError, match="not after the permittee's period ended"):
        compute(
            "surface-restoration-bill",
            case_facts("surface-restoration-bill"),
            village_restored_on=date(2026, 10, 10),
        )


def test_a_restoration_period_shorter_than_10_days_is_refused():
    with pytest.raises(InputError, match="ends no sooner than"):
        compute(
            "surface-restoration-bill",
            case_facts("surface-restoration-bill"),
            restoration_due_on=date(2026, 10, 5),
        )


# --- § 8.04(1): the owner's 50 percent of a sidewalk the Village built ------------------------


def share_bill(today: date = date(2026, 6, 22), **changes) -> dict:
    facts = case_facts("sidewalk-share-bill")
    return figures_of("palmyra", "sidewalk-share-bill", {**facts, **changes}, today=today)


def test_the_share_bill_charges_the_owner_50_percent_of_the_village_s_actual_cost():
    figures = share_bill()
    assert figures["cost"]["total"] == D("1093.00")
    assert figures["owner_share"]["total"] == D("546.50")
    notice = load_notice("palmyra", "sidewalk-share-bill")
    assert notice.signer == "clerk"
    assert notice.recipient == "owner"
    assert notice.amount_due == "owner_share"


def test_the_share_bill_is_refused_for_work_the_village_began_within_the_owner_s_time():
    # The order served May 4, 2026 gave the owner until Tuesday, May 26.
    with pytest.raises(InputError, match="not after the owner's time"):
        share_bill(village_began_on=date(2026, 5, 26))


def test_the_share_bill_is_refused_before_the_village_completed_the_work():
    with pytest.raises(InputError, match="before the Village completed the work"):
        share_bill(today=date(2026, 6, 9))


def test_the_share_bill_is_refused_when_the_village_gives_no_cost():
    with pytest.raises(InputError, match="must be more than"):
        share_bill(actual_costs=[])


def test_the_share_bill_answers_its_order_once_instead_of_an_assessment_schedule():
    notice = load_notice("palmyra", "sidewalk-share-bill")
    assert notice.follows == ("sidewalk-order",)
    assert notice.once is True
    assert notice.instead_of == ("sidewalk-assessment-schedule",)


# --- § 8.10(2): the Superintendent's report to the Clerk of a sidewalk cleared ----------------


def test_the_clearing_report_goes_from_the_superintendent_to_the_clerk_and_states_the_area():
    notice = load_notice("palmyra", "snow-clearing-report")
    assert notice.signer == "superintendent_public_works"
    assert notice.recipient == "officer"
    figures = compute("snow-clearing-report", case_facts("snow-clearing-report"), today=SNOW_DAY)
    assert figures["area"] == "330"


def test_a_clearing_report_without_a_clearing_or_an_area_is_refused():
    facts = case_facts("snow-clearing-report")
    with pytest.raises(InputError, match="lists no clearing"):
        compute("snow-clearing-report", facts, clearings=[])
    with pytest.raises(InputError, match="more than 0"):
        compute("snow-clearing-report", facts, surface_area_sqft=D("0"))


def test_the_bill_follows_the_report_and_the_tax_roll_statement_follows_the_bill():
    bill = load_notice("palmyra", "snow-ice-removal-bill")
    assert bill.follows == ("snow-clearing-report",)
    assert bill.takes == {"reported_on": "document_date"}
    statement = load_notice("palmyra", "snow-ice-tax-roll-charge")
    assert statement.follows == ("snow-ice-removal-bill",)
    assert statement.takes["reported_on"] == "follows.document_date"
    assert statement.takes["amount_unpaid"] == "outstanding"


# --- § 8.12(1): the driveway permit application form ------------------------------------------


def test_the_driveway_application_is_a_form_filed_with_the_village_that_the_permit_follows():
    form = load_notice("palmyra", "driveway-permit-application")
    assert (form.kind, form.recipient) == ("application", "officer")
    assert form.deadline is None
    permit = load_notice("palmyra", "driveway-permit")
    assert permit.follows == ("driveway-permit-application",)
    assert permit.once is True


# --- § 8.06(8): the application after emergency measures, not later than the next business day --


def emergency(today: date = date(2026, 10, 5), **changes) -> dict:
    facts = case_facts("excavation-emergency-application")
    return figures_of(
        "palmyra", "excavation-emergency-application", {**facts, **changes}, today=today
    )


def test_the_next_business_day_after_friday_emergency_measures_is_monday():
    # Measures taken Friday, October 2, 2026: the next business day is Monday, October 5.
    assert emergency()["apply_by"]["due"] == date(2026, 10, 5)


def test_the_next_business_day_skips_a_legal_holiday():
    # Wednesday, November 25, 2026; Thanksgiving Day, November 26, is a legal holiday.
    figures = emergency(
        today=date(2026, 11, 27),
        measures_taken_on=date(2026, 11, 25),
        application_received_on=date(2026, 11, 27),
    )
    assert figures["apply_by"]["due"] == date(2026, 11, 27)


def test_an_emergency_application_after_the_next_business_day_is_refused():
    with pytest.raises(InputError, match="too late for emergency measures"):
        emergency(today=date(2026, 10, 6), application_received_on=date(2026, 10, 6))


def test_an_emergency_application_before_the_measures_is_refused():
    with pytest.raises(InputError, match="before the emergency measures were taken"):
        emergency(application_received_on=date(2026, 10, 1))


def test_the_excavation_permit_may_follow_the_emergency_application():
    permit = load_notice("palmyra", "excavation-permit")
    assert "excavation-emergency-application" in permit.follows
