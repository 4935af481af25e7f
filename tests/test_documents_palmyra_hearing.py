"""Palmyra's notice of the public hearing on proposed special assessments and notice of the
final resolution (Ch. 8, § 8.03; the Village relying on Wis. Stat. § 66.0703(7)(a), (8)(d) and
(12)(a)): the 10 days before the hearing and the 90 days to appeal counted by the calendar, and
the refusals of cases whose facts are missing or fall on the wrong side of a day."""

from __future__ import annotations

from datetime import date, datetime
from pathlib import Path

import msgspec
import pytest
from notice_figures import figures_of, sample_facts

from noticeclerk.content.casefile import load_case, read_case_header
from noticeclerk.content.notice_types import load_notice
from noticeclerk.content.village import load_village
from noticeclerk.exceptions import InputError
from noticeclerk.render import Renderer
from noticeclerk.rules.calendars import Act

CASEBOOK = Path(__file__).resolve().parent.parent / "casebook" / "palmyra"
HEARING = "assessment-hearing-notice"
FINAL = "assessment-final-resolution-notice"


def hearing(today: date = date(2026, 8, 28), **changes) -> dict:
    return figures_of(
        "palmyra", HEARING, {**sample_facts("palmyra", HEARING), **changes}, today=today
    )


def final(today: date = date(2026, 9, 24), **changes) -> dict:
    return figures_of("palmyra", FINAL, {**sample_facts("palmyra", FINAL), **changes}, today=today)


def without(stem: str, fact: str) -> None:
    """Read the sample case with one fact left out, as a clerk's case file might."""
    path = CASEBOOK / f"{stem}.toml"
    header = read_case_header(path)
    facts = {k: v for k, v in header.facts.items() if k != fact}
    header = msgspec.structs.replace(header, facts=facts)
    load_case(path, header, load_notice("palmyra", header.notice), load_village("palmyra").timezone)


# --- The hearing notice: at least 10 days before the hearing ----------------------------------


def test_the_hearing_notice_must_be_mailed_and_published_by_the_tenth_day_before_the_hearing():
    # Monday, September 14, 2026 less 10 days is Friday, September 4.
    assert hearing()["notice_by"]["due"] == date(2026, 9, 4)


def test_a_hearing_notice_published_or_mailed_fewer_than_10_days_before_the_hearing_is_refused():
    with pytest.raises(InputError, match=r"published too late: Wis. Stat. § 66.0703\(7\)\(a\)"):
        hearing(published_on=date(2026, 9, 5))
    with pytest.raises(InputError, match=r"mailed too late: .* so by Friday, September 4, 2026"):
        hearing(today=date(2026, 9, 5))


def test_a_hearing_notice_on_the_tenth_day_before_the_hearing_is_in_time():
    assert hearing(today=date(2026, 9, 4), published_on=date(2026, 9, 4))["notice_by"]


def test_a_hearing_notice_before_its_preliminary_resolution_is_refused():
    with pytest.raises(InputError, match="before the preliminary resolution was adopted"):
        hearing(today=date(2026, 7, 10))
    with pytest.raises(InputError, match="published before the preliminary resolution"):
        hearing(published_on=date(2026, 7, 1))
    with pytest.raises(InputError, match="not after the preliminary resolution"):
        hearing(hearing_at=datetime(2026, 7, 13, 18, 30), today=date(2026, 7, 1))


@pytest.mark.parametrize("fact", ["report_place", "report_hours", "hearing_at", "published_on"])
def test_a_hearing_notice_lacking_a_fact_is_refused_naming_it(fact):
    with pytest.raises(InputError, match=fact):
        without(HEARING, fact)


def test_a_hearing_notice_lacking_its_preliminary_resolution_is_refused_when_rendered(tmp_path):
    # The register takes the resolution from the preliminary resolution the schedule follows,
    # so a case file may leave it out; with none to take it from, the notice is not printed.
    text = (CASEBOOK / f"{HEARING}.toml").read_text(encoding="utf-8")
    line = next(line for line in text.splitlines() if line.startswith("preliminary_resolution ="))
    case = tmp_path / f"{HEARING}.toml"
    case.write_text(text.replace(line + "\n", ""), encoding="utf-8")
    (tmp_path / "roll.csv").write_bytes((CASEBOOK / "roll.csv").read_bytes())
    with pytest.raises(InputError, match="preliminary_resolution"):
        Renderer().render(case, formats=())


def test_the_hearing_notice_is_no_determination_and_states_no_review():
    assert load_notice("palmyra", HEARING).review is None


# --- The notice of the final resolution: the 90 days to appeal --------------------------------


def test_the_appeal_runs_90_days_from_the_publication_of_the_final_resolution():
    # Ninety days from Thursday, September 24, 2026 is Wednesday, December 23.
    assert final()["appeal_ends"]["due"] == date(2026, 12, 23)


def test_the_appeal_is_an_act_at_the_office_so_a_saturday_last_day_moves_to_monday():
    # Serving the notice of appeal on the Village Clerk is an act at the office (Wis. Stat.
    # § 990.001(4)(c)): published Sunday, September 27, 2026, the 90 days end Saturday,
    # December 26, and move past Christmas Day to Monday, December 28.
    assert load_notice("palmyra", FINAL).declared.periods["appeal_ends"].act is Act.AT_OFFICE
    moved = final(today=date(2026, 9, 28), published_on=date(2026, 9, 27))
    assert moved["appeal_ends"]["due"] == date(2026, 12, 28)


def test_a_notice_of_the_final_resolution_dated_before_its_publication_is_refused():
    with pytest.raises(InputError, match="before the final resolution is published on"):
        final(today=date(2026, 9, 23))


def test_a_notice_of_the_final_resolution_after_the_90_days_have_run_is_refused():
    with pytest.raises(InputError, match=r"90 days to appeal .* have run"):
        final(today=date(2026, 12, 23))


def test_a_final_resolution_before_the_hearing_or_published_before_adoption_is_refused():
    with pytest.raises(InputError, match="before the hearing held on"):
        final(final_resolution_adopted_on=date(2026, 9, 13))
    with pytest.raises(InputError, match="before it was adopted on"):
        final(published_on=date(2026, 9, 13), today=date(2026, 9, 24))
    with pytest.raises(InputError, match="not after the notice of the hearing"):
        final(hearing_held_on=date(2026, 8, 28))


@pytest.mark.parametrize(
    "fact", ["final_resolution", "final_resolution_adopted_on", "published_on"]
)
def test_a_notice_of_the_final_resolution_lacking_a_fact_is_refused_naming_it(fact):
    with pytest.raises(InputError, match=fact):
        without(FINAL, fact)


def test_the_final_resolution_notice_states_the_statutory_appeal_not_chapter_68():
    review = load_notice("palmyra", FINAL).review
    assert review is not None and review.of is None
    assert "66.0703(12)(a)" in review.none and "ch. 68" in review.none


def test_the_final_resolution_notice_follows_the_hearing_notice_once():
    notice = load_notice("palmyra", FINAL)
    assert notice.follows == (HEARING,) and notice.once
    # The assessment is the schedule's for the parcel, two documents back (the schedule the
    # hearing notice follows); a case opened with the hearing notice records it instead.
    assert notice.takes == {
        "hearing_notice_number": "number",
        "hearing_notice_date": "document_date",
        # The hearing was noticed to the owner only by a mailing recorded 10 days before it.
        "hearing_notice_mailed_on": "mailed_on",
        "hearing_at": "fact:hearing_at",
        "assessment": "follows.parcel_total",
    }
    assert notice.to_each_owner
