"""Palmyra's rubbish, driveway, public construction and tree documents (Ch. 8, §§ 8.08, 8.12,
8.14, 8.15): their fees against the ordinance's own numbers, their deadlines counted under
Wisconsin law, and the refusals the ordinance requires."""

from __future__ import annotations

import tomllib
from datetime import date, datetime
from decimal import Decimal
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from notice_figures import figures_of

from noticeclerk.content.notice_types import load_notice
from noticeclerk.content.village import load_village
from noticeclerk.exceptions import ConfigError, InputError
from noticeclerk.render import Renderer

D = Decimal
CHICAGO = ZoneInfo("America/Chicago")
CASEBOOK = Path(__file__).resolve().parent.parent / "casebook" / "palmyra"


def deadline(notice: str, events: dict, facts: dict | None = None):
    rule = load_notice("palmyra", notice).deadline
    return rule.deadline(load_village("palmyra").calendar, events, facts or {}).due


def at(*parts: int) -> datetime:
    return datetime(*parts, tzinfo=CHICAGO)


def driveway_facts(**changes) -> dict:
    facts = {
        "application_received_at": at(2026, 6, 5, 14, 30),
        "installation_begins_at": at(2026, 6, 9, 7, 0),
        "width_ft": D(18),
        "depth_inches": D(6),
        "intersection_distance_ft": D(65),
        "fee_receipt": "2026-0217",
        "fee_paid_on": date(2026, 6, 5),
        "culvert_required": False,
    }
    facts.update(changes)
    return facts


def class_i_facts(cost: str, published=date(2026, 8, 6), execution=date(2026, 8, 17)) -> dict:
    return {"estimated_cost": D(cost), "publish_on": published, "contract_not_before": execution}


# --- § 8.08: rubbish and dirt -------------------------------------------------------------------


def test_the_rubbish_notice_gives_the_day_the_village_board_fixed():
    facts = {"board_directed_on": date(2026, 7, 13), "remove_by": date(2026, 7, 24)}
    assert deadline("rubbish-removal-notice", {}, facts) == date(2026, 7, 24)


def test_a_day_the_board_fixed_on_a_sunday_runs_to_the_monday():
    facts = {"remove_by": date(2026, 7, 26)}  # a Sunday
    assert deadline("rubbish-removal-notice", {}, facts) == date(2026, 7, 27)


def test_the_rubbish_notice_is_the_village_board_s_and_serving_it_does_not_move_the_day():
    notice = load_notice("palmyra", "rubbish-removal-notice")
    assert notice.signer == "village_board"
    assert notice.deadline_counts_from_service is False


def test_a_removal_day_not_after_the_board_s_action_is_refused():
    with pytest.raises(InputError, match="not after the Village Board directed"):
        figures_of(
            "palmyra",
            "rubbish-removal-notice",
            {"board_directed_on": date(2026, 7, 13), "remove_by": date(2026, 7, 13)},
        )


# --- § 8.12: driveway permit ----------------------------------------------------------------------


def test_the_driveway_permit_fee_is_the_ten_dollars_of_section_8_12_1():
    figures = figures_of("palmyra", "driveway-permit", driveway_facts())
    assert figures["fee"]["total"] == D("10.00")
    assert figures["fee"]["authority"] == "Palmyra § 8.12(1)"


def test_installation_may_begin_24_hours_after_the_application():
    figures = figures_of("palmyra", "driveway-permit", driveway_facts())
    assert figures["earliest_installation"]["due"] == at(2026, 6, 6, 14, 30)


def test_the_24_hours_leave_out_a_sunday():
    # Wis. Stat. § 990.001(4)(a): Saturday 2:30 p.m. plus 24 hours skips all of Sunday.
    figures = figures_of(
        "palmyra",
        "driveway-permit",
        driveway_facts(
            application_received_at=at(2026, 6, 6, 14, 30),
            installation_begins_at=at(2026, 6, 8, 14, 30),
        ),
    )
    assert figures["earliest_installation"]["due"] == at(2026, 6, 8, 14, 30)


def test_an_application_less_than_24_hours_ahead_is_refused():
    with pytest.raises(InputError, match="at least 24 hours"):
        figures_of(
            "palmyra",
            "driveway-permit",
            driveway_facts(installation_begins_at=at(2026, 6, 6, 9, 0)),
        )


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"width_ft": D("24.5")}, r"at most 24 feet"),
        ({"intersection_distance_ft": D("9.5")}, r"at least 10 feet"),
        ({"depth_inches": D(4)}, r"at least 6 inches"),
    ],
)
def test_a_driveway_the_installation_requirements_forbid_is_refused(change, message):
    with pytest.raises(InputError, match=message):
        figures_of("palmyra", "driveway-permit", driveway_facts(**change))


@pytest.mark.parametrize("width", [D(0), D(-3)])
def test_a_driveway_of_no_width_is_refused(width):
    with pytest.raises(InputError, match=r"at most 24 feet"):
        figures_of("palmyra", "driveway-permit", driveway_facts(width_ft=width))


def test_a_refused_measurement_is_printed_as_a_clerk_writes_a_number():
    # The declared checks spell a number fact without trailing zeros, thousands grouped.
    with pytest.raises(InputError, match=r"A driveway 30 feet wide"):
        figures_of("palmyra", "driveway-permit", driveway_facts(width_ft=D("30.0")))
    with pytest.raises(InputError, match=r"A driveway 8\.5 feet from"):
        figures_of("palmyra", "driveway-permit", driveway_facts(intersection_distance_ft=D("8.50")))


def test_a_driveway_of_exactly_24_feet_10_feet_from_the_intersection_and_6_inches_deep_passes():
    figures = figures_of(
        "palmyra",
        "driveway-permit",
        driveway_facts(width_ft=D(24), intersection_distance_ft=D(10), depth_inches=D(6)),
    )
    assert figures["width"] == "24"


def test_the_driveway_permit_is_a_permit_from_the_village_board_to_the_applicant():
    notice = load_notice("palmyra", "driveway-permit")
    assert (notice.kind, notice.recipient, notice.signer) == (
        "permit",
        "applicant",
        "village_board",
    )


# --- § 8.14: Class I notice ---------------------------------------------------------------------


def test_a_contract_estimated_between_five_and_ten_thousand_dollars_may_be_noticed():
    figures = figures_of("palmyra", "class-i-construction-notice", class_i_facts("8475.00"))
    assert figures["estimated_cost"] == D("8475.00")


@pytest.mark.parametrize("cost", ["5000.00", "4999.99", "10000.00", "12500.00"])
def test_an_estimate_outside_more_than_5000_but_less_than_10000_is_refused(cost):
    with pytest.raises(InputError, match="does not apply"):
        figures_of("palmyra", "class-i-construction-notice", class_i_facts(cost))


def test_the_limits_themselves_are_the_nearest_cents_allowed():
    for cost in ("5000.01", "9999.99"):
        assert figures_of("palmyra", "class-i-construction-notice", class_i_facts(cost))


def test_a_notice_not_published_before_the_contract_is_executed_is_refused():
    with pytest.raises(InputError, match="before the contract is executed"):
        figures_of(
            "palmyra",
            "class-i-construction-notice",
            class_i_facts("8475.00", published=date(2026, 8, 17), execution=date(2026, 8, 17)),
        )


def test_the_class_i_notice_is_a_publication():
    notice = load_notice("palmyra", "class-i-construction-notice")
    assert notice.kind == "publication"
    assert [s.method for s in notice.service] == ["publication"]


# --- § 8.15(5): Dutch elm disease ------------------------------------------------------------------


def test_the_elm_notice_gives_30_days_from_the_date_of_the_notice():
    assert deadline("dutch-elm-abatement-notice", {"notice_dated": date(2026, 7, 20)}) == date(
        2026, 8, 19
    )


def test_the_elm_notice_s_days_do_not_restart_when_it_is_served():
    notice = load_notice("palmyra", "dutch-elm-abatement-notice")
    assert notice.deadline_counts_from_service is False
    assert notice.signer == "village_forester"


def test_the_casebook_elm_notice_is_dated_the_day_its_30_days_run_from():
    case = tomllib.loads((CASEBOOK / "dutch-elm-abatement-notice.toml").read_text())
    assert case["events"]["notice_dated"] == case["date"]


def test_the_published_elm_notice_runs_30_days_from_publication_even_to_a_saturday():
    # August 29, 2026 is a Saturday; abating the tree is work in the field, which the closed
    # office does not move (Wis. Stat. § 990.001(4)(c) reaches only acts at an office).
    assert deadline("dutch-elm-abatement-publication", {"publication": date(2026, 7, 30)}) == date(
        2026, 8, 29
    )


def test_the_elm_publication_is_served_only_by_publication():
    notice = load_notice("palmyra", "dutch-elm-abatement-publication")
    assert notice.kind == "publication"
    assert [s.method for s in notice.service] == ["publication"]


def test_the_written_elm_notice_tells_the_owner_of_the_7_days_to_appeal_from_receipt():
    text = Renderer().render(CASEBOOK / "dutch-elm-abatement-notice.toml").html
    assert "within 7 days of the day you receive it" in text
    assert "§ 8.15(14)" in text


def test_the_published_elm_notice_states_the_last_day_to_appeal_7_days_from_publication():
    # An owner who cannot be found has no day of receipt (attorney review PA40-a).
    text = Renderer().render(CASEBOOK / "dutch-elm-abatement-publication.toml").html
    assert "the day you receive it" not in text
    assert "within 7 days of its publication on July 30, 2026" in text
    assert "no later than Thursday, August 6, 2026" in text
    assert "§ 8.15(14)" in text


# --- § 8.15(7): tree permit ------------------------------------------------------------------------


def test_the_tree_permit_is_free():
    assert figures_of("palmyra", "tree-permit", {})["fee"]["total"] == D("0.00")


def test_the_tree_permit_expires_6_months_after_issuance_on_a_saturday_not_past_columbus_day():
    # October 10, 2026 is a Saturday: the work is in the field, so the closed office does not
    # carry it over the Sunday and Columbus Day to Tuesday (Wis. Stat. § 990.001(4)(c)).
    assert deadline("tree-permit", {"issued": date(2026, 4, 10)}) == date(2026, 10, 10)


def test_the_tree_permit_is_issued_by_the_village_forester():
    notice = load_notice("palmyra", "tree-permit")
    assert (notice.kind, notice.signer, notice.deadline_counts_from_service) == (
        "permit",
        "village_forester",
        False,
    )


# --- § 8.15(8)(a)3, (11)(a): an order or decision rests only on a ground the ordinance gives -----


def planting(ground: str, species: str) -> dict:
    return {
        "inspected_on": date(2026, 7, 29),
        "remove_by": date(2026, 8, 28),
        "ground": ground,
        "species": species,
    }


def test_a_spruce_is_refused_under_the_pine_or_fir_ground_naming_the_ground_and_section():
    with pytest.raises(InputError, match=r"pine or fir in a terrace area \(§ 8\.15\(8\)\(a\)3"):
        figures_of(
            "palmyra",
            "unlawful-planting-order",
            planting("pine or fir in a terrace area", "spruce"),
        )


def test_a_fir_under_the_pine_or_fir_ground_and_a_spruce_without_a_permit_are_ordered_removed():
    fir = figures_of(
        "palmyra", "unlawful-planting-order", planting("pine or fir in a terrace area", "fir")
    )
    spruce = figures_of(
        "palmyra", "unlawful-planting-order", planting("no permit or approval", "spruce")
    )
    assert "Pine or fir trees shall not be planted in a terrace area." in fir["ground_words"]
    assert "§ 8.15(8)(b)" in spruce["ground_words"]


def test_a_ground_the_ordinance_does_not_give_is_refused():
    with pytest.raises(InputError, match=r"not a ground § 8\.15"):
        figures_of("palmyra", "unlawful-planting-order", planting("unsightly", "spruce"))


def decision(ground: str, species: str) -> dict:
    return {
        "order_received_on": date(2026, 8, 5),
        "appeal_received_on": date(2026, 8, 10),
        "hearing_concluded_on": date(2026, 9, 1),
        "comply_by": date(2026, 10, 30),
        "outcome": "affirmed",
        "ground": ground,
        "species": species,
    }


def test_the_board_may_not_affirm_on_the_pine_or_fir_ground_for_a_spruce():
    with pytest.raises(InputError, match=r"§ 8\.15\(8\)\(a\)3"):
        figures_of(
            "palmyra",
            "tree-appeal-decision",
            decision("pine or fir in a terrace area", "spruce"),
            today=date(2026, 9, 4),
        )


def test_shrubs_are_not_a_tree_for_the_dangerous_tree_ground():
    with pytest.raises(InputError, match=r"dangerous or obstructive tree \(§ 8\.15\(11\)\(a\)\)"):
        figures_of(
            "palmyra",
            "tree-appeal-decision",
            decision("dangerous or obstructive tree", "shrubs"),
            today=date(2026, 9, 4),
        )


def test_the_decision_names_the_one_section_under_which_the_village_may_do_the_work():
    figures = figures_of(
        "palmyra",
        "tree-appeal-decision",
        decision("obstruction of view", "hedge or other growth"),
        today=date(2026, 9, 4),
    )
    assert figures["work_section"] == "§ 8.15(10)(c)"


# --- § 8.15(5)(b), (14): the immediate elm notice and the 7 days to appeal ---------------------


def elm(abate_by: date) -> dict:
    return {"inspected_on": date(2026, 5, 15), "abate_by": abate_by}


def test_an_immediate_elm_abatement_day_before_the_7_days_to_appeal_can_end_is_refused():
    # Dated Monday, May 18: 7 days end Monday, May 25, Memorial Day, so Tuesday, May 26.
    with pytest.raises(
        InputError, match=r"7 days to appeal to the Village Board \(§ 8\.15\(14\)\)"
    ):
        figures_of(
            "palmyra",
            "dutch-elm-immediate-notice",
            elm(date(2026, 5, 25)),
            events={"notice_dated": date(2026, 5, 18)},
            today=date(2026, 5, 18),
        )


def test_an_immediate_elm_abatement_day_at_the_end_of_the_7_days_is_accepted():
    figures = figures_of(
        "palmyra",
        "dutch-elm-immediate-notice",
        elm(date(2026, 5, 26)),
        events={"notice_dated": date(2026, 5, 18)},
        today=date(2026, 5, 18),
    )
    assert figures["appeal_earliest"]["due"] == date(2026, 5, 26)


def test_an_immediate_elm_notice_giving_30_days_or_more_is_refused():
    with pytest.raises(InputError, match="dutch-elm-abatement-notice instead"):
        figures_of(
            "palmyra",
            "dutch-elm-immediate-notice",
            elm(date(2026, 6, 17)),
            events={"notice_dated": date(2026, 5, 18)},
            today=date(2026, 5, 18),
        )


def test_the_immediate_elm_notice_says_the_forester_will_not_abate_while_an_appeal_can_be_made():
    text = (
        Path(__file__).resolve().parent
        / "golden"
        / "palmyra"
        / "dutch-elm-immediate-notice.pdf.txt"
    ).read_text()
    assert "Section 8.15 does not say that an appeal stays the abatement" in " ".join(text.split())


# --- § 8.15(10), (11)(a): the dangerous-tree and view-obstruction orders rest on their ground ----


def dangerous(**changes) -> dict:
    facts = {
        "inspected_on": date(2026, 8, 5),
        "act_by": date(2026, 8, 21),
        "species": "other trees",
        "standing": "on private property overhanging or projecting into a terrace or street",
        "appears": "dead",
    }
    facts.update(changes)
    return facts


def test_shrubs_are_refused_a_dangerous_tree_order_citing_the_section_and_the_definition():
    with pytest.raises(InputError, match=r"§ 8\.15\(11\)\(a\) reaches any tree only.*§ 8\.15\(2\)"):
        figures_of("palmyra", "dangerous-tree-order", dangerous(species="shrubs"))


def test_a_private_tree_not_overhanging_a_terrace_or_street_is_refused_a_dangerous_tree_order():
    with pytest.raises(InputError, match=r"not within it, so no order issues under § 8\.15\(11\)"):
        figures_of(
            "palmyra",
            "dangerous-tree-order",
            dangerous(
                standing="on private property not overhanging or projecting into a terrace or street"
            ),
        )


def test_a_tree_that_merely_looks_unsightly_is_refused_a_dangerous_tree_order():
    with pytest.raises(InputError, match=r"not what § 8\.15\(11\)\(a\) reaches"):
        figures_of("palmyra", "dangerous-tree-order", dangerous(appears="unsightly"))


def test_a_dangerous_terrace_tree_names_its_ground_and_who_bears_the_cost():
    terrace = figures_of("palmyra", "dangerous-tree-order", dangerous(standing="in a terrace"))
    private = figures_of("palmyra", "dangerous-tree-order", dangerous())
    assert terrace["ground_words"].startswith("The order rests on § 8.15(11)(a)")
    assert "(§ 8.15(12))" in terrace["cost_words"]
    assert "assessed against you as the owner (§ 8.15(11)(a))" in private["cost_words"]


def view(**changes) -> dict:
    facts = {
        "inspected_on": date(2026, 8, 4),
        "correct_by": date(2026, 8, 17),
        "obstructs": "intersection",
        "growth": "hedge",
        "at_intersection": True,
    }
    facts.update(changes)
    return facts


def test_a_fence_is_refused_a_view_obstruction_order_citing_the_section():
    with pytest.raises(InputError, match=r"not growth that § 8\.15\(10\) reaches"):
        figures_of("palmyra", "view-obstruction-order", view(growth="fence"))


@pytest.mark.parametrize("obstructs", ["intersection", "intersection and traffic sign"])
def test_premises_not_at_an_intersection_are_refused_the_intersection_ground(obstructs):
    with pytest.raises(InputError, match=r"§ 8\.15\(10\)\(a\) reaches growth on premises"):
        figures_of(
            "palmyra", "view-obstruction-order", view(obstructs=obstructs, at_intersection=False)
        )


def test_growth_hiding_a_traffic_sign_away_from_an_intersection_is_ordered_under_10_b():
    figures = figures_of(
        "palmyra",
        "view-obstruction-order",
        view(obstructs="traffic sign", at_intersection=False, growth="tree"),
    )
    assert figures["prohibition"] == "§ 8.15(10)(b)"
    assert figures["growth_words"] == "a tree"


def reversal(ground: str) -> dict:
    return {
        "order_received_on": date(2026, 8, 7),
        "appeal_received_on": date(2026, 8, 12),
        "hearing_concluded_on": date(2026, 9, 1),
        "ground": ground,
    }


def test_the_reversal_names_the_section_the_order_appealed_from_was_made_under():
    figures = figures_of(
        "palmyra",
        "tree-appeal-decision-reversed",
        reversal("dangerous or obstructive tree"),
        today=date(2026, 9, 3),
    )
    assert "made under § 8.15(11)(a)" in figures["ground_words"]


def test_a_reversal_of_an_order_on_a_ground_the_ordinance_does_not_give_is_refused():
    with pytest.raises(InputError, match=r"not a ground § 8\.15 gives"):
        figures_of(
            "palmyra",
            "tree-appeal-decision-reversed",
            reversal("unsightly"),
            today=date(2026, 9, 3),
        )


def test_a_service_recording_an_event_no_period_counts_from_is_refused(tmp_path):
    # records_event makes a service the event a deadline counts from; naming another event
    # would record nothing the notice counts, so the notice file is refused naming the key.
    source = load_notice("palmyra", "dutch-elm-abatement-publication").path
    folder = tmp_path / "notices" / "palmyra"
    folder.mkdir(parents=True)
    (folder / "dutch-elm-abatement-publication.toml").write_text(
        source.read_text(encoding="utf-8").replace(
            'records_event = "publication"', 'records_event = "mailing"'
        ),
        encoding="utf-8",
    )
    with pytest.raises(ConfigError, match=r"service\.records_event"):
        load_notice("palmyra", "dutch-elm-abatement-publication", tmp_path)


# --- § 8.15(6)(b): the Dutch elm special tax, in installments on the owner's request ---------


def elm_tax_facts(**changes) -> dict:
    facts = {
        "elm_notice_number": "PA-2026-N-0024",
        "elm_notice_date": date(2026, 7, 20),
        "tree": "one American elm",
        "removed_on": date(2026, 8, 27),
        "removal": "the elm was cut down and removed.",
        "levy": "Resolution No. 2026-19",
        "costs": [{"description": "Cutting down and removal", "amount": D("1200.00")}],
        "request_signed_by": "Bernard Okafor",
        "request_received_on": date(2026, 9, 28),
        "installment_years": 4,
    }
    facts.update(changes)
    return facts


def test_the_elm_special_tax_is_paid_in_the_requested_yearly_installments_at_10_percent():
    figures = figures_of(
        "palmyra", "dutch-elm-special-tax", elm_tax_facts(), today=date(2026, 10, 5)
    )
    plan = figures["installments"]
    assert figures["special_tax"]["total"] == D("1200.00")
    assert plan["rate"] == "10%"
    # $300 of principal a year; the first, paid when the tax is due, is not deferred (Palmyra's
    # file reads § 8.15(6)(b) so), then 10% on the $900, $600 and $300 unpaid in each year.
    assert [(r["principal"], r["interest"]) for r in plan["rows"]] == [
        (D("300.00"), D("0.00")),
        (D("300.00"), D("90.00")),
        (D("300.00"), D("60.00")),
        (D("300.00"), D("30.00")),
    ]
    assert plan["total"] == D("1380.00")


@pytest.mark.parametrize(
    ("changes", "says"),
    [
        ({"installment_years": 5}, '"not exceeding 4 yearly installments"'),
        ({"installment_years": 0}, "from 1 to 4"),
        ({"request_received_on": date(2026, 10, 6)}, "issue the bill once the request is received"),
        ({"removed_on": date(2026, 7, 20)}, "not after the notice to abate dated"),
        ({"costs": [{"description": "Nothing", "amount": D("0.00")}]}, "more than $0.00"),
    ],
)
def test_an_elm_special_tax_the_ordinance_does_not_allow_is_refused(changes, says):
    with pytest.raises(InputError, match=None) as refused:
        figures_of(
            "palmyra", "dutch-elm-special-tax", elm_tax_facts(**changes), today=date(2026, 10, 5)
        )
    assert says in str(refused.value)


def test_the_elm_special_tax_is_refused_in_a_village_that_does_not_list_the_elm_tax_plan(
    monkeypatch,
):
    import dataclasses

    from noticeclerk.computations import palmyra_elm_tax
    from noticeclerk.computations.figures import CaseContext

    village = load_village("palmyra")
    without = dataclasses.replace(
        village, installments=dataclasses.replace(village.installments, plans=("assessment",))
    )
    case = CaseContext(
        facts=elm_tax_facts(),
        events={},
        village=without,
        today=date(2026, 10, 5),
        declared={"special_tax": {"total": D("1200.00")}},
    )
    with pytest.raises(InputError, match='add "elm-tax" to plans under \\[installments\\]'):
        palmyra_elm_tax.palmyra_elm_special_tax(case)
