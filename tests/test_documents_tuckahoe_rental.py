"""Tuckahoe's letter on a proposed rental (§ 19A-10): the five business days counted from the
Village Clerk's receipt of the request, and the refusals Chapter 19A requires (§§ 19A-2, 19A-3,
19A-5(a))."""

from __future__ import annotations

from datetime import date

import pytest
from notice_figures import figures_of

from noticeclerk.content.notice_types import load_notice
from noticeclerk.content.village import load_village
from noticeclerk.exceptions import InputError

FACTS = {"level": 2, "nearest_park": "Garrett Park", "distance_feet": 1480}


def letter(**changes):
    return figures_of("tuckahoe", "rental-letter", {**FACTS, **changes})


def clerk_must_act_by(received: date) -> date:
    rule = load_notice("tuckahoe", "rental-letter").deadline
    return rule.deadline(load_village("tuckahoe").calendar, {"request_received": received}, {}).due


def test_the_five_business_days_skip_the_weekend_and_columbus_day():
    # Received Thursday, October 8, 2026: Friday the 9th, then Tuesday the 13th to Friday the
    # 16th, Monday the 12th being Columbus Day (GCL § 24).
    assert clerk_must_act_by(date(2026, 10, 8)) == date(2026, 10, 16)


def test_a_request_received_on_a_monday_is_acted_upon_by_the_next_monday():
    assert clerk_must_act_by(date(2026, 6, 1)) == date(2026, 6, 8)


def test_serving_the_letter_does_not_move_the_clerk_s_five_days():
    notice = load_notice("tuckahoe", "rental-letter")
    assert notice.deadline_counts_from_service is False
    assert notice.signer == "clerk"
    assert notice.recipient == "applicant"


def test_a_space_more_than_1000_feet_from_every_park_gets_the_letter():
    figures = letter()
    assert figures["level"] == 2
    assert figures["distance_feet"] == "1,480"
    assert figures["park"].startswith("Garrett Park, located at or about Tuckahoe Road")


def test_a_space_exactly_1000_feet_from_a_park_is_within_the_radius_and_refused():
    with pytest.raises(InputError, match="within a radius of 1,000 feet"):
        letter(distance_feet=1000)


def test_a_space_closer_than_1000_feet_is_refused_because_the_rental_would_violate_the_chapter():
    with pytest.raises(InputError, match="would be in violation of the chapter"):
        letter(distance_feet=640, nearest_park="Fisher Park and Playground")


def test_a_level_1_offender_needs_no_letter_because_the_chapter_does_not_apply():
    with pytest.raises(InputError, match=r"19A-5\(a\)"):
        letter(level=1)


def test_a_place_the_chapter_does_not_name_as_a_park_is_refused():
    with pytest.raises(InputError, match="is not a park as § 19A-2 defines it"):
        letter(nearest_park="Crestwood Lake")


def test_a_distance_that_is_not_a_whole_number_of_feet_is_refused():
    with pytest.raises(InputError, match="whole number of feet"):
        letter(distance_feet=-5)


# --- Palmyra § 8.15(5)(b)1: the Dutch elm notice giving less than 30 days ----------------------


def test_the_palmyra_immediate_action_notice_ends_on_the_day_the_forester_fixed():
    rule = load_notice("palmyra", "dutch-elm-immediate-notice").deadline
    due = rule.deadline(load_village("palmyra").calendar, {}, {"abate_by": date(2026, 5, 26)}).due
    assert due == date(2026, 5, 26)


def test_a_day_fixed_on_memorial_day_moves_to_the_next_day_under_wisconsin_law():
    rule = load_notice("palmyra", "dutch-elm-immediate-notice").deadline
    due = rule.deadline(load_village("palmyra").calendar, {}, {"abate_by": date(2026, 5, 25)}).due
    assert due == date(2026, 5, 26)


def test_the_palmyra_immediate_action_notice_does_not_restart_with_service():
    notice = load_notice("palmyra", "dutch-elm-immediate-notice")
    assert notice.deadline_counts_from_service is False
    assert notice.signer == "village_forester"
