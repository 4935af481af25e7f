"""Tuckahoe's temporary occupancy and street opening documents (Ch. 19, Arts. III and IV):
their fees against the ordinance's own figures, their periods counted under New York law, and
the refusals §§ 19-47 to 19-50, 19-75, 19-77, 19-81 and 19-82 require."""

from __future__ import annotations

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

D = Decimal
NY = ZoneInfo("America/New_York")
CASEBOOK = Path(__file__).resolve().parent.parent / "casebook" / "tuckahoe"


def at(text: str) -> datetime:
    return datetime.fromisoformat(text).replace(tzinfo=NY)


def deadline(notice: str, events: dict, facts: dict | None = None):
    rule = load_notice("tuckahoe", notice).deadline
    return rule.deadline(load_village("tuckahoe").calendar, events, facts or {}).due


# --- §§ 19-47 to 19-49: the temporary occupancy permit --------------------------------------

OCCUPANCY = {
    "fee_receipt": "R-2026-1064",
    "fee_paid_on": date(2026, 8, 4),
    "application_filed": at("2026-08-03T10:20"),
    "occupancy_begins": at("2026-08-05T07:00"),
    "expires_on": date(2026, 8, 18),
    "estimated_days": 14,
    "deposit": D("400.00"),
    "indemnity_signed_on": date(2026, 8, 3),
}


def occupancy(**changes):
    return figures_of("tuckahoe", "temporary-occupancy-permit", {**OCCUPANCY, **changes})


def test_fourteen_days_cost_twenty_five_dollars_and_ten_for_each_of_the_thirteen_others():
    figures = occupancy()
    assert figures["fee"]["total"] == D("155.00")


def test_the_fee_and_the_deposit_are_paid_each_on_its_own_and_the_fee_is_not_taken_again():
    # § 19-48(a): "the payment of the fee and deposit"; § 19-49(b): the deposit returned "less
    # the amount of the permit fee". The $155.00 fee paid at grant is the fee deducted: on the
    # estimate the whole $400.00 comes back (it printed $245.00, the fee taken twice).
    figures = occupancy()
    assert [(line["description"], line["amount"]) for line in figures["paid"]["lines"]] == [
        ("Permit fee on the estimate of 14 days", D("155.00")),
        ("Deposit, held against restoring the place occupied", D("400.00")),
    ]
    assert figures["refund"]["amounts"] == {
        "deposit": D("400.00"),
        "fee_paid": D("155.00"),
        "refund": D("400.00"),
    }
    assert figures["refund"]["steps"][-1] == (
        "Deposit $400.00; nothing of the final fee $155.00 is deducted, as it was paid in full "
        "at grant (Tuckahoe § 19-48(a)); returned on satisfactory restoration: $400.00 "
        "(Tuckahoe § 19-49(b))"
    )


def test_the_printed_permit_states_fee_and_deposit_apart_and_returns_the_whole_deposit():
    text = Renderer().render(CASEBOOK / "temporary-occupancy-permit.toml", formats=()).html
    assert "Fee and deposit paid" not in text
    assert "less the fee $155.00" not in text
    assert "the whole deposit, $400.00, is returned on satisfactory restoration" in text


def test_a_deposit_smaller_than_the_fee_is_accepted_since_the_fee_is_paid_apart():
    # The deposit is the Building Inspector's estimate of restoring the place (§ 19-49(b)),
    # not a fund for the fee, which is paid at grant (§ 19-48(a)).
    figures = occupancy(deposit=D("100.00"))
    assert figures["refund"]["amounts"]["refund"] == D("100.00")


def test_one_day_costs_twenty_five_dollars():
    figures = occupancy(expires_on=date(2026, 8, 5), estimated_days=1, deposit=D("25.00"))
    assert figures["fee"]["total"] == D("25.00")
    assert "returned on satisfactory restoration: $25.00" in figures["refund"]["steps"][-1]


def test_the_place_must_be_restored_within_three_days_after_the_permit_expires():
    # Expires Tuesday, August 18, 2026: three days after is Friday, August 21.
    assert occupancy()["restore"]["due"] == date(2026, 8, 21)


def test_an_application_filed_less_than_twenty_four_hours_ahead_is_refused():
    with pytest.raises(InputError, match="less than 24 hours before"):
        occupancy(application_filed=at("2026-08-04T07:30"))


def test_an_application_filed_exactly_twenty_four_hours_ahead_is_in_time():
    assert occupancy(application_filed=at("2026-08-04T07:00"))["application"]["due"] == at(
        "2026-08-04T07:00"
    )


def test_a_permit_may_run_four_months_and_not_a_day_more():
    assert occupancy(expires_on=date(2026, 12, 5))["longest"] == date(2026, 12, 5)
    with pytest.raises(InputError, match="longer than four months"):
        occupancy(expires_on=date(2026, 12, 6))


def test_a_deposit_under_twenty_five_dollars_is_refused():
    with pytest.raises(InputError, match=r"at least \$25\.00"):
        occupancy(expires_on=date(2026, 8, 5), estimated_days=1, deposit=D("20.00"))


def test_an_estimate_longer_than_the_permit_is_refused():
    with pytest.raises(InputError, match="longer than the permit's 14 days"):
        occupancy(estimated_days=15, deposit=D("1000.00"))


# --- § 19-50: revocation after notice -------------------------------------------------------


def test_a_revocation_gives_only_the_grounds_section_19_50_names():
    facts = {
        "grounds": ["not_diligent"],
        "permit_granted_on": date(2026, 7, 20),
        "notice_given_on": date(2026, 9, 4),
    }
    figures = figures_of("tuckahoe", "temporary-occupancy-revocation", facts)
    assert figures["grounds"] == [
        "the permittee does not prosecute the work with reasonable diligence"
    ]
    with pytest.raises(InputError, match="not a ground § 19-50 gives"):
        figures_of(
            "tuckahoe", "temporary-occupancy-revocation", {**facts, "grounds": ["unpaid_taxes"]}
        )


def test_a_revocation_without_notice_after_the_permit_is_refused():
    with pytest.raises(InputError, match="requires notice to the permittee"):
        figures_of(
            "tuckahoe",
            "temporary-occupancy-revocation",
            {
                "grounds": ["abused"],
                "permit_granted_on": date(2026, 7, 20),
                "notice_given_on": date(2026, 7, 1),
            },
        )


def test_a_revocation_noticed_before_the_permit_is_refused_before_its_grounds_are_read():
    # Changed with the declared check: the notice definition refuses the dates first, so a case
    # with an unknown ground as well names the dates.
    facts = {
        "grounds": ["unpaid_taxes"],
        "permit_granted_on": date(2026, 7, 20),
        "notice_given_on": date(2026, 7, 1),
    }
    with pytest.raises(InputError, match="requires notice to the permittee"):
        figures_of("tuckahoe", "temporary-occupancy-revocation", facts)


def test_a_revocation_on_the_day_the_notice_gave_to_remedy_is_refused():
    facts = {
        "grounds": ["abused"],
        "permit_granted_on": date(2026, 7, 20),
        "notice_given_on": date(2026, 9, 4),
        "remedy_by": date(2026, 9, 11),
    }
    with pytest.raises(InputError, match="does not revoke before that day has passed"):
        figures_of("tuckahoe", "temporary-occupancy-revocation", facts, today=date(2026, 9, 11))
    figures = figures_of(
        "tuckahoe", "temporary-occupancy-revocation", facts, today=date(2026, 9, 12)
    )
    assert figures["grounds"] == ["the privileges of the permit have been abused"]


WARNING = {
    "grounds": ["not_begun"],
    "permit_granted_on": date(2026, 7, 20),
    "remedy_by": date(2026, 9, 11),
}


def test_a_finding_of_violation_names_the_article_s_provisions_not_any_of_them():
    facts = {**WARNING, "grounds": ["violated"]}
    figures = figures_of(
        "tuckahoe", "temporary-occupancy-warning", {**facts}, today=date(2026, 9, 4)
    )
    assert figures["grounds"] == [
        "provisions or requirements of this Article (Chapter 19, Article III) have been violated"
    ]


def test_a_notice_of_intended_revocation_gives_only_the_grounds_section_19_50_names():
    figures = figures_of("tuckahoe", "temporary-occupancy-warning", WARNING, today=date(2026, 9, 4))
    assert figures["grounds"] == ["the permittee does not promptly begin to do the work"]
    with pytest.raises(InputError, match="not a ground § 19-50 gives"):
        figures_of(
            "tuckahoe",
            "temporary-occupancy-warning",
            {**WARNING, "grounds": ["noise"]},
            today=date(2026, 9, 4),
        )


def test_a_notice_of_intended_revocation_before_the_permit_is_granted_is_refused():
    with pytest.raises(InputError, match="before the permit was granted"):
        figures_of("tuckahoe", "temporary-occupancy-warning", WARNING, today=date(2026, 7, 19))


def test_a_notice_of_intended_revocation_giving_no_time_to_remedy_is_refused():
    with pytest.raises(InputError, match="is not after this notice's date"):
        figures_of("tuckahoe", "temporary-occupancy-warning", WARNING, today=date(2026, 9, 11))


def test_the_day_to_remedy_is_the_building_inspector_s_moved_off_a_weekend():
    notice = load_notice("tuckahoe", "temporary-occupancy-warning")
    assert notice.deadline_counts_from_service is False
    # Saturday, September 12, 2026 moves to Monday the 14th (General Construction Law § 25-a).
    assert deadline("temporary-occupancy-warning", {}, {"remedy_by": date(2026, 9, 12)}) == date(
        2026, 9, 14
    )


def test_the_three_days_to_restore_run_from_the_revocation():
    # Revoked Wednesday, December 23, 2026: day 3 is Saturday the 26th, so Monday the 28th.
    assert deadline("temporary-occupancy-revocation", {"revoked": date(2026, 9, 14)}) == date(
        2026, 9, 17
    )
    assert deadline("temporary-occupancy-revocation", {"revoked": date(2026, 12, 23)}) == date(
        2026, 12, 28
    )


# --- §§ 19-75 to 19-77, 19-82: the street opening permit -----------------------------------

OPENING = {
    "fee_receipt": "R-2026-1102",
    "fee_paid_on": date(2026, 8, 10),
    "application_filed": at("2026-08-10T09:15"),
    "work_begins": at("2026-08-12T08:00"),
    "approved_on": date(2026, 8, 11),
    "indemnity_signed_on": date(2026, 8, 10),
    "deposit": D("1500.00"),
    "board_fee_per_sqft": D("2.50"),
    "length_ft": D("14"),
    "width_ft": D("4"),
    "open_days_allowed": 5,
    "injury_single_claimant": D("100000.00"),
    "injury_single_accident": D("300000.00"),
    "damage_single_claimant": D("10000.00"),
    "damage_single_accident": D("25000.00"),
}


def opening(**changes):
    return figures_of("tuckahoe", "street-opening-permit", {**OPENING, **changes})


def test_the_chargeable_area_adds_two_feet_to_the_length_and_to_the_width():
    figures = opening()
    assert figures["fee"]["measures"]["chargeable_area_sqft"] == "96"  # (14 + 2) x (4 + 2)
    assert figures["paid"]["lines"][0]["description"] == (
        "Permit fee on 96 square feet at the Board's rate"
    )
    assert figures["fee"]["total"] == D("240.00")  # at the Board's rate the case gives
    assert figures["paid"]["total"] == D("1740.00")


def test_the_fee_rate_is_the_case_s_board_schedule_and_no_figure_in_code():
    assert opening(board_fee_per_sqft=D("1.25"))["fee"]["total"] == D("120.00")


def test_insurance_at_exactly_the_section_19_77_amounts_is_accepted_and_less_refused():
    figures = opening()
    assert [
        figures[f"required_{coverage}"]
        for coverage in (
            "injury_single_claimant",
            "injury_single_accident",
            "damage_single_claimant",
            "damage_single_accident",
        )
    ] == [
        D("100000.00"),
        D("300000.00"),
        D("10000.00"),
        D("25000.00"),
    ]
    with pytest.raises(InputError, match=r"property damage, single accident.*no permit"):
        opening(damage_single_accident=D("24999.99"))


def test_an_opening_application_less_than_twenty_four_hours_ahead_is_refused():
    with pytest.raises(InputError, match="§ 19-76\\(a\\)"):
        opening(application_filed=at("2026-08-11T09:00"))


def test_an_opening_must_be_filled_within_five_days_unless_the_permit_states_longer():
    assert opening()["filled"]["due"] == date(2026, 8, 17)
    assert opening()["longer_period"] is False
    longer = opening(open_days_allowed=8)
    assert (longer["filled"]["due"], longer["longer_period"]) == (date(2026, 8, 20), True)
    with pytest.raises(InputError, match="five days"):
        opening(open_days_allowed=3)


def test_an_opening_permit_without_a_deposit_is_refused():
    with pytest.raises(InputError, match="§ 19-75\\(b\\)"):
        opening(deposit=D("0.00"))


# --- § 19-75(e): the notice to backfill and the demand for the excess -----------------------


def test_the_backfill_notice_gives_five_days_after_service():
    # Served Monday, August 24, 2026: day 5 is Saturday the 29th, so Monday the 31st.
    assert deadline("backfill-notice", {"service": date(2026, 8, 24)}) == date(2026, 8, 31)
    notice = load_notice("tuckahoe", "backfill-notice")
    assert [s.method for s in notice.service] == ["leave_with_adult", "post_on_premises"]


EXCESS = {
    "notice_served": date(2026, 8, 24),
    "village_work_began": date(2026, 9, 2),
    "certified_on": date(2026, 9, 10),
    "deposit": D("1500.00"),
    "certified_costs": [
        {"description": "Labor", "amount": D("1240.00")},
        {"description": "Equipment", "amount": D("690.00")},
        {"description": "Materials", "amount": D("728.50")},
        {"description": "Inspection", "amount": D("95.00")},
    ],
    "cross_trench": True,
}


def test_the_demand_is_the_certified_cost_less_the_forfeited_deposit():
    figures = figures_of("tuckahoe", "opening-excess-demand", EXCESS)
    assert figures["cost"]["total"] == D("2753.50")
    assert figures["excess"]["total"] == D("1253.50")


def test_no_excess_is_demanded_when_the_deposit_covers_the_cost():
    with pytest.raises(InputError, match="no excess to demand"):
        figures_of("tuckahoe", "opening-excess-demand", {**EXCESS, "deposit": D("2753.50")})


def test_village_work_begun_within_the_five_days_of_the_notice_is_refused():
    with pytest.raises(InputError, match="gave until Monday, August 31, 2026"):
        figures_of(
            "tuckahoe", "opening-excess-demand", {**EXCESS, "village_work_began": date(2026, 8, 31)}
        )


@pytest.mark.parametrize(
    ("line", "item"),
    [
        ("Backhoe and dump truck with operators, 6 hours", "backhoe"),
        ("Two BACKHOES, 3 hours", "backhoe"),
        ("Power excavator rental", "power excavator"),
        ("Steam shovel", "steam shovel"),
    ],
)
def test_a_demand_charging_power_equipment_on_a_cross_trench_is_refused(line, item):
    # § 19-75(c): "No power equipment (steam shovel, power shovel, power excavator, backhoe or
    # the like) may be used in excavating cross trenches on any street."
    costs = [*EXCESS["certified_costs"], {"description": line, "amount": D("690.00")}]
    with pytest.raises(InputError) as refused:
        figures_of("tuckahoe", "opening-excess-demand", {**EXCESS, "certified_costs": costs})
    said = str(refused.value)
    assert said.startswith(f'The certified cost charges for a {item} ("{line}"), but § 19-75(c)')
    assert said.endswith("take the line out of the certified cost.")


def test_power_equipment_on_a_trench_along_the_street_is_not_refused():
    costs = [*EXCESS["certified_costs"], {"description": "Backhoe, 2 hours", "amount": D("230")}]
    figures = figures_of(
        "tuckahoe",
        "opening-excess-demand",
        {**EXCESS, "certified_costs": costs, "cross_trench": False},
    )
    assert figures["cost"]["total"] == D("2983.50")


def test_a_pneumatic_paving_breaker_is_not_power_equipment_the_section_forbids():
    # § 19-75(c): cross trenches "must be excavated either by hand or with the aid of pneumatic
    # tools such as paving breakers".
    costs = [{"description": "Air compressor and pneumatic paving breaker", "amount": D("2000")}]
    figures = figures_of("tuckahoe", "opening-excess-demand", {**EXCESS, "certified_costs": costs})
    assert figures["excess"]["total"] == D("500.00")


def test_the_excess_becomes_a_lien_if_unpaid_thirty_days_after_demand():
    assert deadline("opening-excess-demand", {"demand": date(2026, 9, 15)}) == date(2026, 10, 15)
    assert "lien" in load_notice("tuckahoe", "opening-excess-demand").next_step


# --- § 19-81: curb cuts; § 19-82: extensions ------------------------------------------------


@pytest.mark.parametrize(
    ("width", "fee"),
    [("8", "5.00"), ("11", "5.00"), ("11.5", "5.00"), ("12", "6.00"), ("14.5", "8.00")],
)
def test_a_curb_cut_costs_five_dollars_to_eleven_feet_and_a_dollar_each_further_foot(width, fee):
    assert curb_cut(width_ft=D(width))["fee"]["total"] == D(fee)


CURB_CUT = {
    "fee_receipt": "R-2026-1187",
    "fee_paid_on": date(2026, 9, 1),
    "width_ft": D("14.5"),
    "approved_on": date(2026, 9, 1),
    "indemnity_signed_on": date(2026, 8, 31),
    "injury_single_claimant": D("100000.00"),
    "injury_single_accident": D("300000.00"),
    "damage_single_claimant": D("10000.00"),
    "damage_single_accident": D("25000.00"),
}


def curb_cut(**changes):
    return figures_of(
        "tuckahoe", "curb-cut-permit", {**CURB_CUT, **changes}, today=date(2026, 9, 2)
    )


def test_a_curb_cut_permit_needs_the_written_indemnity_and_the_policies_of_section_19_77():
    # § 19-77 stands in Article IV with § 19-81: "No permit shall be granted until ...".
    facts = load_notice("tuckahoe", "curb-cut-permit").facts
    assert {
        "indemnity_signed_on",
        "insurer",
        "injury_single_claimant",
        "injury_single_accident",
        "damage_single_claimant",
        "damage_single_accident",
        "workers_compensation",
    } <= {fact.name for fact in facts}


def test_a_curb_cut_case_without_its_indemnity_and_insurance_is_refused(tmp_path):
    sample = (CASEBOOK / "curb-cut-permit.toml").read_text(encoding="utf-8")
    (tmp_path / "roll.csv").write_text(
        (CASEBOOK / "roll.csv").read_text(encoding="utf-8"), encoding="utf-8"
    )
    without = "\n".join(
        line
        for line in sample.splitlines()
        if not line.startswith(("indemnity_signed_on", "insurer", "workers_compensation"))
    )
    (tmp_path / "case.toml").write_text(without, encoding="utf-8")
    with pytest.raises(InputError, match=r"the fact 'indemnity_signed_on' .* is missing"):
        Renderer().render(tmp_path / "case.toml", formats=())


@pytest.mark.parametrize(
    ("fact", "short"),
    [
        ("injury_single_claimant", "99999.99"),
        ("injury_single_accident", "299999.99"),
        ("damage_single_claimant", "9999.99"),
        ("damage_single_accident", "24999.99"),
    ],
)
def test_a_curb_cut_policy_below_section_19_77_s_amounts_is_refused(fact, short):
    curb_cut()  # the section's own amounts are enough
    with pytest.raises(InputError, match="§ 19-77 requires; no permit may be granted"):
        curb_cut(**{fact: D(short)})


def test_a_curb_cut_permit_before_the_indemnity_is_signed_is_refused():
    with pytest.raises(InputError, match=r"no permit may be granted until then \(§ 19-77\)"):
        curb_cut(indemnity_signed_on=date(2026, 9, 3))


def test_the_curb_cut_permit_states_the_indemnity_and_both_policies():
    html = Renderer().render(CASEBOOK / "curb-cut-permit.toml", formats=()).html
    assert "agreed in writing on August 31, 2026 to indemnify the Village" in html
    assert "Policy No. HMC-GL-551907" in html
    assert "Policy No. WC-2026-80412" in html
    assert "§ 19-77; § 19-81(a)" in html


def test_an_extension_must_give_more_time_than_the_opening_already_had():
    facts = {"opened_on": date(2026, 8, 12), "open_days_allowed": 5}
    figures = figures_of(
        "tuckahoe", "opening-extension", {**facts, "extended_to": date(2026, 8, 21)}
    )
    assert figures["current"]["due"] == date(2026, 8, 17)
    with pytest.raises(InputError, match="gives no more time"):
        figures_of("tuckahoe", "opening-extension", {**facts, "extended_to": date(2026, 8, 17)})


def test_an_extension_of_an_opening_allowed_fewer_than_five_days_is_refused():
    facts = {
        "opened_on": date(2026, 8, 12),
        "open_days_allowed": 4,
        "extended_to": date(2026, 9, 1),
    }
    with pytest.raises(InputError, match=r"give 5 or that period \(got 4\)"):
        figures_of("tuckahoe", "opening-extension", facts)


def test_the_extended_day_is_not_restarted_by_serving_the_letter():
    notice = load_notice("tuckahoe", "opening-extension")
    assert notice.deadline_counts_from_service is False
    assert deadline("opening-extension", {}, {"extended_to": date(2026, 8, 22)}) == date(
        2026, 8, 24
    )


# --- the documents, as issued -------------------------------------------------------------


@pytest.mark.parametrize(
    ("slug", "signer", "kind"),
    [
        ("temporary-occupancy-permit", "building_inspector", "permit"),
        ("temporary-occupancy-warning", "building_inspector", "letter"),
        ("temporary-occupancy-revocation", "building_inspector", "letter"),
        ("street-opening-permit", "clerk", "permit"),
        ("backfill-notice", "street_commissioner", "notice"),
        ("opening-excess-demand", "clerk", "bill"),
        ("curb-cut-permit", "clerk", "permit"),
        ("opening-extension", "street_commissioner", "letter"),
    ],
)
def test_each_document_is_issued_by_the_officer_the_ordinance_names(slug, signer, kind):
    notice = load_notice("tuckahoe", slug)
    assert (notice.signer, notice.kind) == (signer, kind)


def test_the_street_opening_permit_prints_the_board_s_schedule_it_was_computed_from():
    html = Renderer().render(CASEBOOK / "street-opening-permit.toml", formats=("pdf",)).html
    assert "Resolution No. 2026-14" in html
    assert "96 sq ft" in html


# --- § 19-49: the final fee and the return of the deposit -----------------------------------

REFUND = {
    "permit_granted_on": date(2026, 8, 5),
    "estimated_days": 14,
    "deposit": D("400.00"),
    "permit_ended_on": date(2026, 8, 18),
    "obstruction_removed_on": date(2026, 8, 16),
    "final_days": 12,
    "restored_by_village": False,
    "village_expended": D("0.00"),
    "restoration_proved_on": date(2026, 8, 19),
}


def refund(today: date = date(2026, 8, 21), **changes):
    return figures_of("tuckahoe", "temporary-occupancy-refund", {**REFUND, **changes}, today=today)


def test_a_fee_paid_at_grant_beyond_the_final_fee_is_returned_with_the_deposit():
    figures = refund()
    assert (figures["paid"]["total"], figures["final"]["total"]) == (D("155.00"), D("135.00"))
    assert (figures["fee_over"], figures["fee_short"], figures["refund"]) == (
        D("20.00"),
        D("0.00"),
        D("420.00"),
    )


def test_only_the_part_of_the_final_fee_not_paid_at_grant_comes_out_of_the_deposit():
    # 16 days: $175.00, $20.00 more than the $155.00 paid at grant; the fee is taken once.
    figures = refund(final_days=16)
    assert (figures["fee_short"], figures["refund"]) == (D("20.00"), D("380.00"))


def test_the_village_s_restoration_cost_is_deducted_once_the_three_days_have_passed():
    figures = refund(
        restored_by_village=True,
        village_expended=D("240.00"),
        obstruction_removed_on=date(2026, 8, 24),
        restoration_proved_on=date(2026, 8, 25),
        final_days=14,
        today=date(2026, 8, 26),
    )
    assert figures["refund"] == D("160.00")
    assert figures["restore"]["due"] == date(2026, 8, 21)


def test_a_village_restoration_within_the_permittee_s_three_days_is_refused():
    with pytest.raises(InputError, match="had until Friday, August 21, 2026 to restore"):
        refund(
            restored_by_village=True,
            village_expended=D("240.00"),
            restoration_proved_on=date(2026, 8, 20),
        )


def test_a_village_cost_where_the_permittee_restored_or_none_where_the_village_did_is_refused():
    with pytest.raises(InputError, match="yet the permittee restored the place"):
        refund(village_expended=D("50.00"))
    with pytest.raises(InputError, match="records nothing it expended"):
        refund(
            restored_by_village=True,
            restoration_proved_on=date(2026, 8, 24),
            today=date(2026, 8, 26),
        )


def test_a_deposit_that_falls_short_is_refused_as_no_refund():
    with pytest.raises(InputError, match=r"falls short by \$40\.00, so there is nothing to return"):
        refund(
            restored_by_village=True,
            village_expended=D("420.00"),
            restoration_proved_on=date(2026, 8, 24),
            today=date(2026, 8, 26),
            final_days=16,
        )


def test_a_refund_before_proof_of_restoration_or_a_proof_before_removal_is_refused():
    with pytest.raises(InputError, match="the deposit is returned only upon satisfactory"):
        refund(today=date(2026, 8, 18))
    with pytest.raises(InputError, match="before the obstruction was removed"):
        refund(restoration_proved_on=date(2026, 8, 15))


def test_the_refund_is_a_letter_of_the_building_inspector_and_no_bill():
    notice = load_notice("tuckahoe", "temporary-occupancy-refund")
    assert (notice.signer, notice.kind) == ("building_inspector", "letter")
    html = Renderer().render(CASEBOOK / "temporary-occupancy-refund.toml", formats=()).html
    assert "Returned to you" in html
    assert "remittance" not in html.lower()


# --- § 19-48(e): renewal for periods not exceeding four months ------------------------------

RENEWAL = {
    "in_force_through": date(2026, 10, 18),
    "renewal_requested_on": date(2026, 10, 9),
    "renewed_through": date(2026, 12, 18),
}


def renewal(today: date = date(2026, 10, 14), **changes):
    return figures_of(
        "tuckahoe", "temporary-occupancy-renewal", {**RENEWAL, **changes}, today=today
    )


def test_a_renewal_runs_from_the_day_after_the_permit_ends_for_at_most_four_months():
    figures = renewal()
    assert (figures["first_day"], figures["longest"], figures["days"]) == (
        date(2026, 10, 19),
        date(2027, 2, 19),
        61,
    )
    assert renewal(renewed_through=date(2027, 2, 19))["days"] == 124
    with pytest.raises(InputError, match="longer than four months"):
        renewal(renewed_through=date(2027, 2, 20))


def test_a_renewal_of_a_lapsed_permit_or_one_that_adds_no_day_is_refused():
    with pytest.raises(InputError, match="a lapsed permit is not renewed"):
        renewal(today=date(2026, 10, 19))
    assert renewal(today=date(2026, 10, 18))["first_day"] == date(2026, 10, 19)
    with pytest.raises(InputError, match="does not run past the end of the permit renewed"):
        renewal(renewed_through=date(2026, 10, 18))


def test_a_renewal_before_the_permittee_asked_for_it_is_refused():
    with pytest.raises(InputError, match="after this renewal's date"):
        renewal(renewal_requested_on=date(2026, 10, 15))


def test_the_renewal_is_a_permit_of_the_building_inspector_charging_no_fee():
    notice = load_notice("tuckahoe", "temporary-occupancy-renewal")
    assert (notice.signer, notice.kind) == ("building_inspector", "permit")
    html = Renderer().render(CASEBOOK / "temporary-occupancy-renewal.toml", formats=()).html
    assert "No fee is charged for the renewal" in html
