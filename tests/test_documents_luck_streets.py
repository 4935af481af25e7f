"""Village of Luck street documents of §§ 496-6 to 496-8: the excavation permit renewal, the
notice before a street is improved, and the sidewalk fixture permit and its revocation, checked
against the ordinance's own numbers and words."""

from __future__ import annotations

import re
import shutil
from datetime import date
from decimal import Decimal
from pathlib import Path

import pytest
from notice_figures import figures_of

from noticeclerk.content.notice_types import load_notice
from noticeclerk.content.village import load_village
from noticeclerk.exceptions import InputError
from noticeclerk.render import Renderer

CASEBOOK = Path(__file__).resolve().parent.parent / "casebook" / "luck"
MINE = [
    "excavation-permit-renewal",
    "new-street-excavation-notice",
    "sidewalk-fixture-permit",
    "sidewalk-fixture-revocation",
]


@pytest.fixture(scope="module")
def rendered():
    renderer = Renderer()
    return {
        stem: " ".join(
            re.sub(r"<[^>]+>", " ", renderer.render(CASEBOOK / f"{stem}.toml").html).split()
        )
        for stem in MINE
    }


# --- § 496-6E (inferred): the thirty-day renewal --------------------------------------------

RENEWAL = {
    "approved_on": date(2026, 6, 8),
    "operations_begun_on": date(2026, 6, 10),
    "request_made_on": date(2026, 7, 6),
    "renewal_approved_on": date(2026, 7, 7),
    "insurance_in_force_through": date(2026, 12, 31),
    "renewal_fee": Decimal("40.00"),
    "renewal_fee_resolution": "Resolution No. 2026-4",
}


def test_the_renewal_says_when_the_pavement_day_comes_before_the_renewed_period_ends():
    # Approved June 8: pavement by Friday, August 7; renewed through Friday, August 7 too.
    assert (
        figures_of("luck", "excavation-permit-renewal", RENEWAL)["pavement_before_renewal_ends"]
        is False
    )
    # Approved Friday, June 5: 30 days end Sunday, July 5, so Monday, July 6, and the renewal
    # runs to Wednesday, August 5; pavement is due Tuesday, August 4, the day before.
    earlier = {
        **RENEWAL,
        "approved_on": date(2026, 6, 5),
        "request_made_on": date(2026, 7, 1),
        "renewal_approved_on": date(2026, 7, 1),
    }
    figures = figures_of("luck", "excavation-permit-renewal", earlier)
    assert (figures["pavement"]["due"], figures["renewed_through"]["due"]) == (
        date(2026, 8, 4),
        date(2026, 8, 5),
    )
    assert figures["pavement_before_renewal_ends"] is True


def test_a_renewal_runs_thirty_days_after_the_permit_s_own_thirty_days_end(rendered):
    figures = figures_of("luck", "excavation-permit-renewal", RENEWAL)
    # Approved Monday, June 8: valid through Wednesday, July 8; renewed through Friday, August 7.
    assert figures["original_valid_through"]["due"] == date(2026, 7, 8)
    assert figures["renewed_through"]["due"] == date(2026, 8, 7)
    assert "it is valid through Friday, August 7, 2026" in rendered["excavation-permit-renewal"]


def test_a_renewal_does_not_move_the_sixty_days_for_permanent_pavement(rendered):
    figures = figures_of("luck", "excavation-permit-renewal", RENEWAL)
    # § 496-7G: "within 60 days of the date of the permit", June 8 + 60 = August 7.
    assert figures["pavement"]["due"] == date(2026, 8, 7)
    assert "this renewal does not extend that time" in rendered["excavation-permit-renewal"]


def test_the_renewal_fee_is_the_amount_the_village_board_set_and_nothing_else(rendered):
    figures = figures_of("luck", "excavation-permit-renewal", RENEWAL)
    assert figures["fee"]["total"] == Decimal("40.00")
    assert len(figures["fee"]["lines"]) == 1
    assert "Renewal permit fee set by the Village Board" in rendered["excavation-permit-renewal"]


def test_a_renewal_is_refused_when_operations_had_not_begun_while_the_permit_was_valid():
    late = {**RENEWAL, "operations_begun_on": date(2026, 7, 9), "request_made_on": date(2026, 7, 9)}
    with pytest.raises(InputError, match="operations have begun"):
        figures_of("luck", "excavation-permit-renewal", late)


def test_a_renewal_is_refused_when_the_request_came_after_the_permit_lapsed():
    late = {**RENEWAL, "request_made_on": date(2026, 7, 9), "renewal_approved_on": date(2026, 7, 9)}
    with pytest.raises(InputError, match="no permit left to renew"):
        figures_of("luck", "excavation-permit-renewal", late)


def test_a_renewal_is_refused_when_the_insurance_ends_before_the_renewal_does():
    short = {**RENEWAL, "insurance_in_force_through": date(2026, 8, 6)}
    with pytest.raises(InputError, match="whole time the permit is in effect"):
        figures_of("luck", "excavation-permit-renewal", short)


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"operations_begun_on": date(2026, 6, 7)}, "before the permit's approval"),
        ({"request_made_on": date(2026, 6, 7)}, "The written request"),
        ({"renewal_approved_on": date(2026, 7, 5)}, "before the written request"),
        ({"renewal_approved_on": date(2026, 8, 8)}, "would already have ended"),
    ],
)
def test_a_renewal_with_its_dates_out_of_order_is_refused(change, words):
    with pytest.raises(InputError, match=words):
        figures_of("luck", "excavation-permit-renewal", {**RENEWAL, **change})


def test_a_renewal_fee_of_nothing_is_refused():
    # New with the declared fee: "payment of a renewal permit fee set by the Village Board"; a
    # fee of $0.00 was printed before, and is now refused as a bill for nothing.
    with pytest.raises(InputError, match=r"renewal permit fee is \$0\.00"):
        figures_of("luck", "excavation-permit-renewal", {**RENEWAL, "renewal_fee": Decimal("0.00")})


def test_the_renewal_is_signed_by_the_director_of_public_works(rendered):
    assert load_notice("luck", "excavation-permit-renewal").signer == "director_public_works"
    assert "Pat Lindqvist Director of Public Works" in rendered["excavation-permit-renewal"]


# --- § 496-7I (inferred): excavation in new streets limited ----------------------------------

NEW_STREET = {
    "addressed_as": "abutting owner",
    "board_determined_on": date(2026, 4, 13),
    "improvement_begins_on": date(2026, 6, 1),
}


def test_excavation_must_be_completed_within_thirty_days_of_receiving_the_notice(rendered):
    notice = load_notice("luck", "new-street-excavation-notice")
    calendar = load_village("luck").calendar
    # Received Friday, April 17: the thirtieth day is Sunday, May 17, so Monday, May 18.
    assert notice.deadline.deadline(calendar, {"service": date(2026, 4, 17)}).due == date(
        2026, 5, 18
    )
    assert notice.service_effective == "on_receipt"
    assert "no later than Monday, May 18, 2026" in rendered["new-street-excavation-notice"]


def test_the_board_s_determination_must_come_thirty_days_before_the_improvement_begins():
    # June 1 less 30 days is Saturday, May 2; a determination on May 3 is too late.
    figures = figures_of("luck", "new-street-excavation-notice", NEW_STREET)
    assert figures["latest_determination"]["due"] <= date(2026, 5, 2)
    late = {**NEW_STREET, "board_determined_on": date(2026, 5, 3)}
    with pytest.raises(InputError, match="less than 30 days"):
        figures_of("luck", "new-street-excavation-notice", late)


def test_the_notice_goes_only_to_utilities_and_abutting_owners():
    assert figures_of(
        "luck", "new-street-excavation-notice", {**NEW_STREET, "addressed_as": "utility"}
    )
    with pytest.raises(InputError, match="'utility' or 'abutting owner'"):
        figures_of(
            "luck", "new-street-excavation-notice", {**NEW_STREET, "addressed_as": "neighbor"}
        )


def test_the_notice_warns_of_the_five_years_without_permits_after_the_improvement(rendered):
    text = rendered["new-street-excavation-notice"]
    assert "for a period of five years after the date of improvement or repaving" in text
    assert load_notice("luck", "new-street-excavation-notice").next_step.startswith(
        "After the permanent improvement or repaving"
    )


# --- § 496-8C: sidewalk fixture permit and its revocation ------------------------------------

FIXTURE = {
    "zoning_district": "C-1 Central Business District",
    "zoned_commercial": True,
    "attached": False,
    "temporary_design": True,
    "clear_width_feet": Decimal("5"),
    "insurance_per_occurrence": Decimal("100000.00"),
    "policy_covers_fixtures": True,
    "village_third_party_insured": True,
    "used_for_sale": False,
    "filed_by": "occupant",
}


def test_a_fixture_permit_issues_at_exactly_five_feet_clear_and_100000_of_insurance():
    figures = figures_of("luck", "sidewalk-fixture-permit", FIXTURE)
    assert figures["filed_by"] == "the occupant, authorized by the property owner"
    # Every requirement is a declared check; the permit needs no Python of its own.
    assert load_notice("luck", "sidewalk-fixture-permit").computation is None


@pytest.mark.parametrize(
    ("change", "letter"),
    [
        ({"zoned_commercial": False}, "(a)"),
        ({"attached": True}, "(b)"),
        ({"temporary_design": False}, "(b)"),
        ({"clear_width_feet": Decimal("4.9")}, "(c)"),
        ({"insurance_per_occurrence": Decimal("99999.99")}, "(d)"),
        ({"policy_covers_fixtures": False}, "(d)"),
        ({"village_third_party_insured": False}, "(d)"),
        ({"used_for_sale": True}, "(e)"),
        ({"filed_by": "tenant's customer"}, "(f)"),
    ],
)
def test_a_fixture_permit_is_refused_naming_the_requirement_not_met(change, letter):
    with pytest.raises(InputError, match=re.escape(f"requirement {letter} of Luck § 496-8C(1)")):
        figures_of("luck", "sidewalk-fixture-permit", {**FIXTURE, **change})


def test_the_fixture_permit_is_the_clerk_treasurer_s_and_is_to_be_displayed(rendered):
    assert load_notice("luck", "sidewalk-fixture-permit").signer == "clerk_treasurer"
    text = rendered["sidewalk-fixture-permit"]
    assert "Display this permit in the window of the building" in text
    assert "Chris Halvorsen Village Clerk-Treasurer" in text


REVOCATION = {
    "permit_issued_on": date(2026, 5, 12),
    "found_on": date(2026, 8, 19),
    "requirements_not_met": ["c", "e"],
    "endangers_pedestrians": True,
}


def test_a_revocation_names_each_requirement_not_complied_with(rendered):
    figures = figures_of("luck", "sidewalk-fixture-revocation", REVOCATION)
    assert [g["key"] for g in figures["grounds"]] == ["c", "e"]
    text = rendered["sidewalk-fixture-revocation"]
    assert "Requirement (c) of § 496-8C(1) is not complied with" in text
    assert "endangers the safety of the pedestrians" in text


def test_a_revocation_may_rest_on_the_danger_to_pedestrians_alone():
    alone = {**REVOCATION, "requirements_not_met": []}
    assert figures_of("luck", "sidewalk-fixture-revocation", alone)["grounds"] == []


def test_a_case_file_may_give_no_requirement_not_met_when_the_danger_alone_is_the_ground(
    tmp_path,
):
    sample = (CASEBOOK / "sidewalk-fixture-revocation.toml").read_text(encoding="utf-8")
    assert 'requirements_not_met = ["c", "e"]' in sample
    shutil.copy(CASEBOOK / "roll.csv", tmp_path)  # a case file's roll lies beside it
    case = tmp_path / "danger-alone.toml"
    case.write_text(
        sample.replace('requirements_not_met = ["c", "e"]', "requirements_not_met = []"),
        encoding="utf-8",
    )
    html = Renderer().render(case, ("pdf",)).html
    assert "endanger" in html


def test_an_empty_list_is_refused_where_the_definition_does_not_allow_it(tmp_path):
    sample = (CASEBOOK / "sidewalk-fixture-revocation.toml").read_text(encoding="utf-8")
    notices = tmp_path / "notices" / "luck"
    notices.mkdir(parents=True)
    definition = Path(__file__).resolve().parent.parent / "notices" / "luck"
    (notices / "sidewalk-fixture-revocation.toml").write_text(
        (definition / "sidewalk-fixture-revocation.toml")
        .read_text(encoding="utf-8")
        .replace("may_be_empty = true, ", ""),
        encoding="utf-8",
    )
    shutil.copy(CASEBOOK / "roll.csv", tmp_path)  # a case file's roll lies beside it
    case = tmp_path / "danger-alone.toml"
    case.write_text(
        sample.replace('requirements_not_met = ["c", "e"]', "requirements_not_met = []"),
        encoding="utf-8",
    )
    with pytest.raises(InputError, match=r"'requirements_not_met' .* must be a list of texts"):
        Renderer(tmp_path).render(case, ("pdf",))


def test_a_revocation_without_a_ground_the_ordinance_names_is_refused():
    none = {**REVOCATION, "requirements_not_met": [], "endangers_pedestrians": False}
    with pytest.raises(InputError, match=r"§ 496-8C\(2\) \(inferred\) .* gives neither ground"):
        figures_of("luck", "sidewalk-fixture-revocation", none)
    with pytest.raises(
        InputError, match=r"'h', but the requirements of Luck § 496-8C\(1\) .* \(a\) to \(g\)"
    ):
        figures_of(
            "luck", "sidewalk-fixture-revocation", {**REVOCATION, "requirements_not_met": ["h"]}
        )


def test_a_requirement_is_named_by_its_letter_once():
    twice = {**REVOCATION, "requirements_not_met": ["(C)", "c"]}
    with pytest.raises(InputError, match="names 'c' more than once"):
        figures_of("luck", "sidewalk-fixture-revocation", twice)
    written = {**REVOCATION, "requirements_not_met": ["(E)", "C"]}
    grounds = figures_of("luck", "sidewalk-fixture-revocation", written)["grounds"]
    assert [g["key"] for g in grounds] == ["c", "e"]


def test_a_finding_before_the_permit_was_issued_is_refused_before_the_grounds_are_read():
    # The declared date check now speaks first, even when the grounds are also wrong.
    early = {**REVOCATION, "found_on": date(2026, 5, 11), "requirements_not_met": ["h"]}
    with pytest.raises(InputError, match=r"finding \(Monday, May 11, 2026\) is before the permit"):
        figures_of("luck", "sidewalk-fixture-revocation", early)


def test_after_a_revocation_the_fixtures_get_the_24_hour_notice_of_section_496_8d(rendered):
    assert "removed within 24 hours (§ 496-8D)" in rendered["sidewalk-fixture-revocation"]


def test_at_the_counter_an_empty_value_records_that_the_list_has_nothing_in_it():
    from noticeclerk.register.facts import facts_from_text

    notice = load_notice("luck", "sidewalk-fixture-revocation")
    zone = load_village("luck").timezone
    assert facts_from_text([notice], ["requirements_not_met="], zone) == {
        "requirements_not_met": []
    }
    # A list that may not be empty refuses the same empty value.
    permit = load_notice("luck", "street-privilege-revocation")
    listed = [f.name for f in permit.facts if f.type == "text_list" and not f.may_be_empty]
    with pytest.raises(InputError, match="must be a list of texts"):
        facts_from_text([permit], [f"{listed[0]}="], zone)
