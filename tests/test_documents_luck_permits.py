"""Village of Luck permits, appeals and street-work notices: dates, amounts and refusals
against the ordinance's own words (Ch. 496, § 496-6, § 496-7, § 496-14)."""

from __future__ import annotations

import re
from datetime import date, datetime
from decimal import Decimal
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from notice_figures import figures_of

from noticeclerk.content.notice_types import load_notice
from noticeclerk.content.village import load_village
from noticeclerk.exceptions import InputError
from noticeclerk.render import Renderer

CASEBOOK = Path(__file__).resolve().parent.parent / "casebook" / "luck"
CENTRAL = ZoneInfo("America/Chicago")
MINE = [
    "vending-matters-in-doubt",
    "vending-denial",
    "vending-permit",
    "vending-appeal-decision",
    "excavation-permit-application",
    "street-excavation-permit",
    "excavation-refusal-frozen-ground",
    "faulty-work-notice",
    "faulty-work-bill",
    "faulty-work-revocation",
    "defective-restoration-notice",
    "sidewalk-permit",
]


def at(*parts: int) -> datetime:
    return datetime(*parts, tzinfo=CENTRAL)


def money(text: str) -> Decimal:
    return Decimal(text)


def lines(*pairs: tuple[str, str]) -> list[dict]:
    return [{"description": d, "amount": Decimal(a)} for d, a in pairs]


@pytest.fixture(scope="module")
def rendered():
    renderer = Renderer()
    return {
        stem: " ".join(
            re.sub(r"<[^>]+>", " ", renderer.render(CASEBOOK / f"{stem}.toml").html).split()
        )
        for stem in MINE
    }


# --- Ch. 496, "Sidewalk permit required" ----------------------------------------------------


SIDEWALK = {
    "application_received_on": date(2026, 9, 21),
    "work_proposed_on": date(2026, 9, 24),
    "board_fee": money("25.00"),
    "fee_resolution": "Resolution No. 2026-4",
}


def test_a_sidewalk_permit_applied_for_three_days_before_the_work_is_granted_with_the_board_s_fee():
    figures = figures_of("luck", "sidewalk-permit", SIDEWALK)
    # "at least three days before work is proposed to be undertaken": Thursday, September 24
    # less three days is Monday, September 21.
    assert figures["latest_application"]["due"] == date(2026, 9, 21)
    assert figures["fee"]["total"] == Decimal("25.00")
    assert "set by the Village Board" in figures["fee"]["lines"][0]["description"]


def test_a_sidewalk_permit_applied_for_two_days_before_the_work_is_refused():
    late = {**SIDEWALK, "application_received_on": date(2026, 9, 22)}
    with pytest.raises(InputError, match="at least three days before the work"):
        figures_of("luck", "sidewalk-permit", late)


def test_a_sidewalk_permit_with_a_fee_of_nothing_is_refused():
    # New with the declared fee: "A fee set by the Village Board shall be charged"; a fee of
    # $0.00 was printed before, and is now refused as a bill for nothing.
    with pytest.raises(InputError, match=r"fee is \$0\.00.*shall be charged"):
        figures_of("luck", "sidewalk-permit", {**SIDEWALK, "board_fee": money("0.00")})


def test_the_sidewalk_permit_is_the_clerk_treasurer_s_and_prints_the_board_s_fee(rendered):
    assert load_notice("luck", "sidewalk-permit").signer == "clerk_treasurer"
    text = rendered["sidewalk-permit"]
    assert "Sidewalk permit fee set by the Village Board" in text and "$25.00" in text
    assert "Chris Halvorsen Village Clerk-Treasurer" in text


# --- § 496-14: special event vending --------------------------------------------------------


def test_the_matters_in_doubt_are_due_within_three_calendar_days_of_the_application(rendered):
    figures = figures_of(
        "luck", "vending-matters-in-doubt", {"application_made_on": date(2026, 6, 1)}
    )
    assert figures["letter_due"]["due"] == date(2026, 6, 4)
    assert "the three days end on Thursday, June 4, 2026" in rendered["vending-matters-in-doubt"]


def test_the_matters_in_doubt_letter_is_no_decision_and_starts_no_appeal_clock(rendered):
    # § 496-14B(3) (inferred): only "appeals of the denial of the application" go to the Board.
    notice = load_notice("luck", "vending-matters-in-doubt")
    assert notice.deadline is None
    assert "§ 496-14B(3) (inferred)" not in notice.sections
    text = rendered["vending-matters-in-doubt"]
    assert (
        "it neither approves nor denies the application, and it starts no time for an appeal"
        in (text)
    )
    for words in (
        "no later than",
        "June 10, 2026",
        "Appeals requests shall be filed",
        "decision on the application as filed",
    ):
        assert words not in text


def test_the_appeal_runs_seven_days_from_the_clerk_treasurer_s_denial_not_from_service(rendered):
    notice = load_notice("luck", "vending-denial")
    assert notice.deadline_counts_from_service is False
    assert "§ 496-14B(3) (inferred)" in notice.sections
    calendar = load_village("luck").calendar
    assert notice.deadline.deadline(calendar, {"decision": date(2026, 6, 22)}).due == date(
        2026, 6, 29
    )
    text = rendered["vending-denial"]
    assert "The application is denied" in text
    assert "no later than Monday, June 29, 2026" in text
    assert (
        "Appeals requests shall be filed with the Village Clerk-Treasurer within seven days" in text
    )


def test_the_board_reviews_an_appeal_from_a_denial_not_from_a_matters_in_doubt_letter():
    assert load_notice("luck", "vending-appeal-decision").follows == ("vending-denial",)


VENDING = {
    "first_day": date(2026, 7, 17),
    "last_day": date(2026, 7, 18),
    "insurance_filed_on": date(2026, 6, 29),
    "police_submission_on": date(2026, 7, 1),
    "bodily_injury_limit": money("100000.00"),
    "property_damage_limit": money("50000.00"),
}


def test_a_vending_permit_sets_forth_each_exact_day_of_the_event(rendered):
    figures = figures_of("luck", "vending-permit", VENDING)
    assert figures["days"] == [date(2026, 7, 17), date(2026, 7, 18)]
    # Seven days before Friday, July 17 is Friday, July 10.
    assert figures["latest_filing"]["due"] == date(2026, 7, 10)
    text = rendered["vending-permit"]
    assert "Friday, July 17, 2026 Saturday, July 18, 2026" in text
    assert "valid only during the dates and at the location specified" in text


def test_a_vending_permit_is_refused_when_proof_of_insurance_came_under_seven_days_before():
    late = {**VENDING, "insurance_filed_on": date(2026, 7, 11)}
    with pytest.raises(InputError, match="Proof of insurance"):
        figures_of("luck", "vending-permit", late)


def test_a_vending_permit_is_refused_when_the_booth_plan_reached_the_chief_too_late():
    late = {**VENDING, "police_submission_on": date(2026, 7, 14)}
    with pytest.raises(InputError, match="booth locations"):
        figures_of("luck", "vending-permit", late)


@pytest.mark.parametrize(
    ("bodily", "damage"), [("99999.99", "50000.00"), ("100000.00", "49999.99")]
)
def test_a_vending_permit_is_refused_below_100000_bodily_injury_or_50000_property_damage(
    bodily, damage
):
    low = {**VENDING, "bodily_injury_limit": money(bodily), "property_damage_limit": money(damage)}
    with pytest.raises(InputError, match="below the minimum"):
        figures_of("luck", "vending-permit", low)


def test_a_vending_permit_whose_last_day_is_before_its_first_is_refused():
    backwards = {**VENDING, "last_day": date(2026, 7, 16)}
    with pytest.raises(InputError, match="is before its first day"):
        figures_of("luck", "vending-permit", backwards)


def test_a_vending_permit_lists_at_most_31_days():
    assert (
        len(
            figures_of("luck", "vending-permit", {**VENDING, "last_day": date(2026, 8, 16)})["days"]
        )
        == 31
    )
    with pytest.raises(InputError, match="The event runs 32 days"):
        figures_of("luck", "vending-permit", {**VENDING, "last_day": date(2026, 8, 17)})
    # The declared filing and insurance checks now come before the count of days.
    late_and_long = {
        **VENDING,
        "last_day": date(2026, 8, 17),
        "insurance_filed_on": date(2026, 7, 11),
    }
    with pytest.raises(InputError, match="Proof of insurance"):
        figures_of("luck", "vending-permit", late_and_long)


APPEAL = {
    "outcome": "approved conditionally",
    "clerk_decision_on": date(2026, 6, 22),
    "appeal_filed_on": date(2026, 6, 29),
    # A festival a year on, so that the decision dated on any day of the tests is in time.
    "event_begins_on": date(2027, 7, 16),
}


def test_the_decision_states_the_day_the_insurance_is_due_before_the_event(rendered):
    """WI attorney review LU23-a: the festival begins Friday, July 17, 2026; seven days before
    it is Friday, July 10, which the letter of July 9 left unstated."""
    festival = {**APPEAL, "event_begins_on": date(2026, 7, 17)}
    figures = figures_of("luck", "vending-appeal-decision", festival, today=date(2026, 7, 9))
    assert figures["submissions_by"]["due"] == date(2026, 7, 10)
    assert (
        "The event begins on Friday, July 17, 2026, so the proof of insurance and the "
        "submissions to the Chief of Police are due no later than Friday, July 10, 2026."
    ) in rendered["vending-appeal-decision"]


def test_a_conditional_approval_dated_after_the_day_for_the_insurance_is_refused():
    late = {**APPEAL, "event_begins_on": date(2026, 7, 15)}
    with pytest.raises(
        InputError, match=r"after Wednesday, July 8, 2026, the last day seven days before"
    ):
        figures_of("luck", "vending-appeal-decision", late, today=date(2026, 7, 9))


def test_the_board_decides_an_appeal_filed_on_the_seventh_day(rendered):
    figures = figures_of("luck", "vending-appeal-decision", APPEAL)
    assert figures["appeal_window"]["due"] == date(2026, 6, 29)
    assert figures["decision"] == "approved the permit conditionally"
    text = rendered["vending-appeal-decision"]
    assert "the Village Board approved the permit conditionally" in text
    assert "By order of the Village Board." in text


def test_an_appeal_filed_on_the_eighth_day_is_not_one_the_board_decides():
    with pytest.raises(InputError, match="after the seven days"):
        figures_of(
            "luck", "vending-appeal-decision", {**APPEAL, "appeal_filed_on": date(2026, 6, 30)}
        )


def test_the_board_may_only_deny_approve_or_approve_conditionally():
    with pytest.raises(InputError, match="must be one of: denied, approved"):
        figures_of("luck", "vending-appeal-decision", {**APPEAL, "outcome": "tabled"})


def test_an_appeal_dated_before_the_clerk_treasurer_s_decision_is_refused():
    with pytest.raises(InputError, match="before the Clerk-Treasurer's decision"):
        figures_of(
            "luck", "vending-appeal-decision", {**APPEAL, "appeal_filed_on": date(2026, 6, 21)}
        )


@pytest.mark.parametrize(
    ("outcome", "heading"),
    [
        ("denied", "What the denial means"),
        ("approved", "Before the permit is issued"),
        ("approved conditionally", "The conditions the Village Board imposed"),
    ],
)
def test_each_outcome_has_its_own_heading_for_the_terms(outcome, heading):
    figures = figures_of("luck", "vending-appeal-decision", {**APPEAL, "outcome": outcome})
    assert figures["terms_heading"] == heading


# --- §§ 496-6, 496-7: street excavation ---------------------------------------------------


EXCAVATION = {
    "work_starts_at": at(2026, 6, 10, 7, 0),
    "emergency_determined": False,
    "approved_on": date(2026, 6, 8),
    "indemnity_signed_on": date(2026, 6, 3),
    "insurance_per_person": money("500000.00"),
    "insurance_per_accident": money("500000.00"),
    "insurance_property_damage": money("500000.00"),
    "board_fee": money("75.00"),
    "fee_resolution": "Resolution No. 2026-4",
    "village_expenses": lines(("inspection", "63.00")),
    "guarantee_amount": money("2500.00"),
}


def test_an_excavation_permit_is_valid_30_days_and_pavement_is_due_within_60(rendered):
    figures = figures_of("luck", "street-excavation-permit", EXCAVATION)
    assert figures["valid_through"]["due"] == date(2026, 7, 8)
    assert figures["pavement"]["due"] == date(2026, 8, 7)
    text = rendered["street-excavation-permit"]
    assert "valid through Wednesday, July 8, 2026" in text
    assert "no later than Friday, August 7, 2026" in text


def test_the_police_are_told_24_hours_and_the_director_one_business_day_before_the_work(rendered):
    figures = figures_of("luck", "street-excavation-permit", EXCAVATION)
    assert figures["police"]["due"] == at(2026, 6, 9, 7, 0)
    assert figures["director"]["due"] == date(2026, 6, 9)
    assert (
        "no later than 7:00 a.m. CDT on Tuesday, June 9, 2026"
        in (rendered["street-excavation-permit"])
    )


def test_the_police_notice_for_a_monday_start_leaves_out_the_whole_sunday():
    monday = {
        **EXCAVATION,
        "work_starts_at": at(2026, 6, 15, 7, 0),
        "approved_on": date(2026, 6, 8),
    }
    figures = figures_of("luck", "street-excavation-permit", monday)
    assert figures["police"]["due"] == at(2026, 6, 13, 7, 0)
    assert figures["director"]["due"] == date(2026, 6, 12)


def test_the_excavation_fee_is_the_board_s_amount_plus_actual_village_expenses(rendered):
    figures = figures_of("luck", "street-excavation-permit", EXCAVATION)
    assert figures["fee"]["total"] == Decimal("138.00")
    assert "$138.00" in rendered["street-excavation-permit"]
    # The Board's amount comes first, then each expense after the ordinance's words.
    assert figures["fee"]["lines"] == lines(
        ("Street opening permit fee set by the Village Board (Resolution No. 2026-4)", "75.00"),
        ("Actual Village expenses: inspection", "63.00"),
    )


def test_an_excavation_fee_of_nothing_is_refused():
    # New with the declared fee: a fee of $0.00 was printed before; "as set by the Village Board
    # plus actual Village expenses" that comes to nothing is now refused.
    nothing = {
        **EXCAVATION,
        "board_fee": money("0.00"),
        "village_expenses": lines(("none", "0.00")),
    }
    with pytest.raises(InputError, match=r"fee comes to nothing; Luck § 496-6F\(2\)"):
        figures_of("luck", "street-excavation-permit", nothing)


@pytest.mark.parametrize(
    "limit", ["insurance_per_person", "insurance_per_accident", "insurance_property_damage"]
)
def test_an_excavation_permit_is_refused_with_any_insurance_limit_under_500000(limit):
    with pytest.raises(InputError, match=r"less than\s+the \$500,000.00"):
        figures_of("luck", "street-excavation-permit", {**EXCAVATION, limit: money("499999.99")})


@pytest.mark.parametrize(
    "start", [at(2026, 11, 15, 8, 0), at(2027, 1, 12, 8, 0), at(2027, 5, 1, 8, 0)]
)
def test_no_excavation_permit_issues_between_november_15_and_may_1(start):
    frozen = {**EXCAVATION, "work_starts_at": start, "approved_on": start.date()}
    with pytest.raises(InputError, match="Issue the refusal letter"):
        figures_of("luck", "street-excavation-permit", frozen)


def test_an_opening_the_director_determines_an_emergency_is_permitted_in_the_frozen_season():
    start = at(2027, 1, 12, 8, 0)
    emergency = {
        **EXCAVATION,
        "work_starts_at": start,
        "approved_on": start.date(),
        "emergency_determined": True,
    }
    figures = figures_of("luck", "street-excavation-permit", emergency)
    assert "The work is an emergency, which the rule allows." in figures["season_steps"]


def test_work_to_begin_before_the_permit_s_approval_is_refused_naming_the_hour():
    # The declared check spells the start as the fact is written, a date and a time.
    early = {**EXCAVATION, "approved_on": date(2026, 6, 11)}
    with pytest.raises(
        InputError,
        match=r"begin on Wednesday, June 10, 2026 at 7:00 a\.m\. CDT, before the permit's approval",
    ):
        figures_of("luck", "street-excavation-permit", early)


def test_in_the_frozen_season_the_declared_insurance_check_speaks_before_the_season():
    # The declared checks run before the computation's season: an opening in the closed season
    # with too little insurance is refused for the insurance first (before, for the season).
    start = at(2027, 1, 12, 8, 0)
    frozen = {**EXCAVATION, "work_starts_at": start, "approved_on": start.date()}
    with pytest.raises(InputError, match="less than"):
        figures_of(
            "luck", "street-excavation-permit", {**frozen, "insurance_per_person": money("1.00")}
        )
    with pytest.raises(InputError, match="Issue the refusal letter"):
        figures_of("luck", "street-excavation-permit", frozen)


def test_the_refusal_names_the_first_day_after_the_frozen_season(rendered):
    figures = figures_of(
        "luck", "excavation-refusal-frozen-ground", {"proposed_opening_on": date(2026, 12, 1)}
    )
    assert figures["reopens_on"] == date(2027, 5, 2)
    text = rendered["excavation-refusal-frozen-ground"]
    assert "The permit is refused." in text
    # WI attorney review LU17-a: the application may be made at any time; the opening waits.
    assert "You may apply again at any time" in text
    assert "An opening may be made on or after May 2, 2027" in text
    assert "Pat Lindqvist Director of Public Works" in text


@pytest.mark.parametrize("day", [date(2026, 5, 2), date(2026, 11, 14)])
def test_no_refusal_letter_prints_for_an_opening_outside_the_frozen_season(day):
    with pytest.raises(InputError, match="outside the season"):
        figures_of("luck", "excavation-refusal-frozen-ground", {"proposed_opening_on": day})


def test_the_application_form_is_filed_with_the_director_and_carries_the_signed_statement(
    rendered,
):
    notice = load_notice("luck", "excavation-permit-application")
    assert notice.kind == "application" and notice.recipient == "officer"
    assert [s.method for s in notice.service] == ["file_with_officer"]
    text = rendered["excavation-permit-application"]
    for label in (
        "Name of applicant:",
        "Nature of the work:",
        "Method proposed:",
        "Existing patches close by:",
        "Limit per one person:",
        "Signature",
    ):
        assert label in text
    # The Code's words are quoted as the basis of the statement, not signed as the statement.
    assert "the applicant must sign a statement that he will indemnify" in text


def test_the_applicant_signs_a_first_person_indemnity_and_two_year_guarantee(rendered):
    # LU14-a: signing under a quotation of § 496-6H(1) only acknowledges the rule; the form
    # carries the undertaking itself, in the applicant's own words.
    text = rendered["excavation-permit-application"]
    for undertaking in (
        "the undersigned applicant, for itself and for anyone doing the work for it:",
        "agrees to indemnify, defend and hold harmless the Village of Luck and its officers "
        "from all liability for accidents and damage caused by any of the work covered by the "
        "permit;",
        "guarantees the restoration for two years:",
        "agrees to pay all fines or forfeitures imposed upon it",
        "guarantees that, if the Village elects to make the street repair, the applicant will "
        "pay all costs of making the repair and of maintaining it for two years.",
    ):
        assert undertaking in text
    # The Code's words come first, as the basis; the undertaking runs on into the signature.
    assert (
        text.index("he will indemnify")
        < text.index("agrees to indemnify, defend")
        < text.index("Name of the person signing, printed")
    )
    assert "By signing below, the applicant makes the statement" not in text


def test_the_statement_is_signed_with_the_signer_s_authority_for_an_entity_and_a_date(rendered):
    text = rendered["excavation-permit-application"]
    for line in (
        "Applicant (full legal name of the person, partnership or corporation bound)",
        "Name of the person signing, printed, and title or capacity (owner, partner, officer, "
        "agent), signing for the applicant named above",
        "Date signed:",
        "the person signing states that he or she is authorized to sign this statement for the "
        "applicant and to bind the applicant to it",
    ):
        assert line in text


def test_the_permit_certifies_the_statement_signed_for_the_permittee_before_it_issued(rendered):
    text = rendered["street-excavation-permit"]
    assert (
        "On June 3, 2026, before this permit was issued, the statement of indemnity and "
        "guarantee that § 496-6H(1) requires was signed for the permittee on its "
        "application: the permittee agreed to indemnify, defend and hold harmless" in text
    )


def test_a_permit_approved_before_the_statement_was_signed_is_refused():
    late = {**EXCAVATION, "indemnity_signed_on": date(2026, 6, 9)}
    with pytest.raises(InputError, match="requires it to be signed before a permit may be issued"):
        figures_of("luck", "street-excavation-permit", late)


# --- § 496-6: faulty work and defective restoration ----------------------------------------


# The bill is dated Monday, September 28, 2026.
BILLED = date(2026, 9, 28)

# The notice to replace the faulty work is dated Monday, September 14, 2026.
NOTIFIED = date(2026, 9, 14)

NOTICE = {
    "found_on": date(2026, 9, 11),
    "replace_by": date(2026, 9, 18),
}


def test_the_notice_to_replace_faulty_work_states_the_day_the_director_fixed(rendered):
    # LU18-c: § 496-6H(2) requires notice before the Village repairs and bills; the Code says
    # "immediately", so the notice states the day the Director fixed and says so.
    text = rendered["faulty-work-notice"]
    assert "Replace the faulty work or materials no later than Friday, September 18, 2026." in text
    assert 'The Code says "immediately" and names no day; the Director of Public Works' in text
    assert "The bituminous patch had settled about 1 1/2 inches" in text
    notice = load_notice("luck", "faulty-work-notice")
    assert notice.deadline_counts_from_service is False
    assert notice.follows == ("street-excavation-permit",)


def test_the_notice_to_replace_faulty_work_revokes_nothing(rendered):
    text = rendered["faulty-work-notice"]
    assert "This notice does not revoke that right." in text
    assert "only after you have been given notice and an opportunity to be heard" in text


def test_a_notice_without_a_day_for_the_replacement_is_refused():
    rule = load_notice("luck", "faulty-work-notice").deadline
    with pytest.raises(InputError, match="the case fact 'replace_by'"):
        rule.deadline(load_village("luck").calendar, {}, {})


def test_a_replacement_day_on_a_saturday_stays_as_the_work_is_in_the_street():
    rule = load_notice("luck", "faulty-work-notice").deadline
    fixed = rule.deadline(load_village("luck").calendar, {}, {"replace_by": date(2026, 9, 19)})
    assert fixed.due == date(2026, 9, 19)


def test_a_replacement_day_not_after_the_notice_s_date_is_refused():
    with pytest.raises(InputError, match="is not after the notice's date"):
        figures_of("luck", "faulty-work-notice", {**NOTICE, "replace_by": NOTIFIED}, today=NOTIFIED)


def test_the_bill_follows_the_notice_to_replace_the_faulty_work():
    assert load_notice("luck", "faulty-work-bill").follows == ("faulty-work-notice",)


FAULTY = {
    "notice_given_on": date(2026, 9, 14),
    "replace_by": date(2026, 9, 18),
    "repaired_on": date(2026, 9, 24),
    "pay_by": date(2026, 10, 28),
    "guarantee": "surety bond No. SB-40517 of Great Lakes Surety Company",
    "labor": lines(("two employees, 5 hours each", "420.00")),
    "materials": lines(("surface course", "187.50"), ("base", "46.00")),
    "equipment": lines(("saw, compactor, roller", "210.00")),
}


def test_the_faulty_work_bill_is_labor_materials_and_equipment_plus_20_percent(rendered):
    figures = figures_of("luck", "faulty-work-bill", FAULTY, today=BILLED)
    # $863.50 used; 20% for administration is $172.70.
    assert figures["charges"]["lines"][-1] == {
        "description": "Administration, 20% of $863.50",
        "amount": Decimal("172.70"),
    }
    assert figures["charges"]["total"] == Decimal("1036.20")
    assert "Pay $1,036.20 at the Village Hall or by mail" in rendered["faulty-work-bill"]


def test_the_faulty_work_bill_states_the_day_the_director_fixed_for_payment(rendered):
    # LU18-b: § 496-6H(2) sets no time for payment, so the bill states the day the Director
    # fixed, and says that the Director fixed it.
    text = rendered["faulty-work-bill"]
    assert "Pay this bill to the Village of Luck no later than Wednesday, October 28, 2026." in text
    assert "The Code sets no time for payment; the Director of Public Works fixed this day." in text
    notice = load_notice("luck", "faulty-work-bill")
    assert notice.deadline is not None and notice.deadline_counts_from_service is False


def test_a_faulty_work_bill_without_a_day_for_payment_is_refused():
    rule = load_notice("luck", "faulty-work-bill").deadline
    with pytest.raises(InputError, match="the case fact 'pay_by'"):
        rule.deadline(load_village("luck").calendar, {}, {})


def test_a_day_for_payment_on_a_saturday_moves_to_monday_as_paying_is_done_at_the_office():
    rule = load_notice("luck", "faulty-work-bill").deadline
    fixed = rule.deadline(load_village("luck").calendar, {}, {"pay_by": date(2026, 10, 31)})
    assert fixed.due == date(2026, 11, 2)


def test_a_day_for_payment_not_after_the_bill_s_date_is_refused():
    with pytest.raises(InputError, match="is not after the bill's date"):
        figures_of("luck", "faulty-work-bill", {**FAULTY, "pay_by": date(2026, 9, 1)}, today=BILLED)


def test_the_faulty_work_bill_revokes_nothing_and_offers_a_hearing_before_any_revocation(
    rendered,
):
    # LU18-a: a one-year revocation needs its own determination with its dates, after notice
    # and an opportunity to be heard; the bill does not declare one.
    text = rendered["faulty-work-bill"]
    assert "Failure to correct deficiencies results in a one-year revocation" not in text
    assert "This bill does not revoke that right." in text
    assert "states the day the revocation begins and the day it ends" in text
    assert "only after you have been given notice and an opportunity to be heard" in text


def test_a_village_repair_before_the_day_fixed_for_the_replacement_passed_is_refused():
    # The permittee has failed to correct only once the day the notice fixed has passed.
    with pytest.raises(InputError, match="the day the notice fixed for replacing"):
        figures_of(
            "luck", "faulty-work-bill", {**FAULTY, "repaired_on": date(2026, 9, 18)}, today=BILLED
        )


def test_the_faulty_work_bill_prints_each_line_after_its_kind():
    descriptions = [
        line["description"]
        for line in figures_of("luck", "faulty-work-bill", FAULTY, today=BILLED)["charges"]["lines"]
    ]
    assert descriptions == [
        "Labor: two employees, 5 hours each",
        "Materials: surface course",
        "Materials: base",
        "Equipment: saw, compactor, roller",
        "Administration, 20% of $863.50",
    ]


def test_a_faulty_work_bill_of_nothing_is_refused():
    # New with the declared bill: lines of $0.00 only used to print a bill of $0.00; a bill for
    # "all labor, materials and equipment used" that comes to nothing is now refused.
    nothing = {
        **FAULTY,
        "labor": lines(("none", "0.00")),
        "materials": lines(("none", "0.00")),
        "equipment": lines(("none", "0.00")),
    }
    with pytest.raises(InputError, match="no labor, materials or equipment to charge for"):
        figures_of("luck", "faulty-work-bill", nothing, today=BILLED)


# The determination of the one-year revocation is dated Monday, October 12, 2026.
DETERMINED = date(2026, 10, 12)

REVOCATION = {
    "notice_given_on": date(2026, 9, 14),
    "replace_by": date(2026, 9, 18),
    "hearing_notice_on": date(2026, 9, 25),
    "hearing_on": date(2026, 10, 8),
    "revoked_from": date(2026, 10, 13),
    "revoked_through": date(2027, 10, 12),
}


def test_the_revocation_states_its_dates_the_hearing_and_the_review_the_village_relies_on(
    rendered,
):
    # LU18-a: its own determination, with its dates, after notice and an opportunity to be
    # heard, and the review of Wis. Stat. ch. 68.
    text = rendered["faulty-work-revocation"]
    assert (
        "revokes your right to obtain a street opening permit from Tuesday, October 13, 2026 "
        "through Tuesday, October 12, 2027" in text
    )
    assert "On September 25, 2026, the Village gave you written notice" in text
    assert "of a hearing on October 8, 2026" in text
    assert "The Village relies on chapter 68 of the Wisconsin Statutes" in text
    assert "request to the Director of Public Works within 30 days of notice to you of it" in text
    assert "(Wis. Stat. § 68.08)" in text
    assert "by certiorari in the circuit court within 30 days of receiving that final" in text
    assert load_notice("luck", "faulty-work-revocation").follows == ("faulty-work-notice",)


def test_a_revocation_longer_than_one_year_is_refused():
    with pytest.raises(InputError, match="more than one year from its first"):
        figures_of(
            "luck",
            "faulty-work-revocation",
            {**REVOCATION, "revoked_through": date(2027, 10, 13)},
            today=DETERMINED,
        )


def test_a_revocation_before_the_hearing_is_held_is_refused():
    with pytest.raises(InputError, match="only after the permittee has had the opportunity"):
        figures_of(
            "luck",
            "faulty-work-revocation",
            {**REVOCATION, "hearing_on": date(2026, 10, 13)},
            today=DETERMINED,
        )


def test_a_hearing_noticed_before_the_day_fixed_for_the_replacement_passed_is_refused():
    with pytest.raises(InputError, match="there was no failure to correct yet"):
        figures_of(
            "luck",
            "faulty-work-revocation",
            {**REVOCATION, "hearing_notice_on": date(2026, 9, 18)},
            today=DETERMINED,
        )


def test_a_revocation_beginning_before_its_determination_is_refused():
    with pytest.raises(InputError, match="before this determination's date"):
        figures_of(
            "luck",
            "faulty-work-revocation",
            {**REVOCATION, "revoked_from": date(2026, 10, 11)},
            today=DETERMINED,
        )


RESTORATION = {
    "addressed_as": "surety",
    "completed_on": date(2025, 6, 20),
    "found_on": date(2027, 4, 27),
    "cost_of_work": lines(("panel", "640.00"), ("backfill", "980.00"), ("concrete", "1135.00")),
}


def test_a_defect_found_within_two_years_is_noticed_with_its_cost_and_the_director_s_day(
    rendered,
):
    figures = figures_of("luck", "defective-restoration-notice", RESTORATION)
    assert figures["cost"]["total"] == Decimal("2755.00")
    # Two years from June 20, 2025 is Sunday, June 20, 2027: a guarantee that runs out is no
    # act, so it ends that Sunday (WI attorney review LU19-a), and a defect found Monday is late.
    assert figures["two_years"]["due"] == date(2027, 6, 20)
    text = rendered["defective-restoration-notice"]
    assert "To the surety named above" in text
    assert "no later than Friday, May 28, 2027" in text
    assert "$2,755.00" in text


def test_a_defect_found_after_the_two_years_is_refused():
    with pytest.raises(InputError, match="within two years"):
        figures_of(
            "luck", "defective-restoration-notice", {**RESTORATION, "found_on": date(2027, 6, 21)}
        )


def test_the_defect_notice_goes_only_to_the_contractor_or_the_surety():
    with pytest.raises(InputError, match=r"contractor.*surety"):
        figures_of("luck", "defective-restoration-notice", {**RESTORATION, "addressed_as": "owner"})


def test_a_defect_found_before_completion_or_costing_nothing_is_refused():
    with pytest.raises(InputError, match="before the work was completed"):
        figures_of(
            "luck", "defective-restoration-notice", {**RESTORATION, "found_on": date(2025, 6, 19)}
        )
    nothing = {**RESTORATION, "cost_of_work": lines(("panel", "0.00"))}
    with pytest.raises(InputError, match="must state the cost of the work"):
        figures_of("luck", "defective-restoration-notice", nothing)


def test_every_new_luck_document_cites_only_letters_the_text_prints_or_marks_them_inferred():
    printed = {"§ 496-6", "§ 496-7G", "§ 496-7H", "§ 496-14"}
    for slug in MINE:
        notice = load_notice("luck", slug)
        for citation in [*notice.sections, *(q.section for q in notice.quotes)]:
            if citation.startswith("§ 496-") and citation not in printed:
                assert "(inferred)" in citation, (slug, citation)
