"""Palmyra's notice of the public hearing on proposed special assessments and the notice of the
final resolution that follows it (§ 8.03; the Village relying on Wis. Stat. § 66.0703(7)(a),
(8)(d), (12)(a)), walked at the command line with a fixed clock: what the second takes from the
register, the 90 days to appeal it prints, and each refusal with its sentence and no number
taken."""

from __future__ import annotations

import pytest
from clerk import clerk_at
from test_chains_palmyra import documents_of, exported_text, facts

HEARING_FACTS = [
    "project=the installation of an 8-inch sanitary sewer on Cutler Street",
    "district=the parcels abutting Cutler Street between North Third Street and Heron Court",
    "preliminary_resolution=Preliminary Resolution No. 2026-19",
    "preliminary_resolution_adopted_on=2026-07-13",
    "report_place=the office of the Village Clerk-Treasurer, Village Hall",
    "report_hours=from 8:00 a.m. to 4:30 p.m., Monday through Friday",
    "hearing_at=2026-09-14T18:30",
    "hearing_place=the Board Room, Village Hall",
    "newspaper=The Palmyra Prairie Courier (fictional)",
    "published_on=2026-09-03",
]
FINAL_FACTS = [
    "hearing_held_on=2026-09-14",
    "final_resolution=Final Resolution No. 2026-25",
    "final_resolution_adopted_on=2026-09-14",
    "assessment=15688.00",
]


@pytest.fixture
def clerk(tmp_path, runner):
    return clerk_at(tmp_path, runner, "palmyra")


def hearing_noticed(
    clerk, today: str = "2026-08-28", ok: bool = True, mailed_at: str | None = "2026-08-28T15:00"
):
    clerk(
        "case",
        "open",
        "--village",
        "palmyra",
        "--parcel",
        "PV-2201",
        "--notice-type",
        "assessment-hearing-notice",
        *facts(*HEARING_FACTS),
        today="2026-08-27",
    )
    issued = clerk("issue", "PA-C-2026-0001", today=today, ok=ok)
    if ok and mailed_at is not None:
        clerk(
            "serve",
            "PA-D-2026-00001",
            "--method",
            "first_class_mail",
            "--by",
            "K. Nowak",
            "--at",
            mailed_at,
            today="2026-09-24",
        )
    return issued


def resolution_published(clerk, published_on: str = "2026-09-24") -> None:
    clerk(
        "case",
        "record",
        "PA-C-2026-0001",
        *facts(*FINAL_FACTS, f"published_on={published_on}"),
        today="2026-09-24",
    )


def test_the_notice_of_the_final_resolution_follows_the_hearing_notice_and_gives_90_days(
    clerk, tmp_path
):
    hearing_noticed(clerk)
    notice = " ".join(exported_text(clerk, "PA-D-2026-00001", tmp_path).split())
    assert "the last day for either is Friday, September 4, 2026" in notice
    resolution_published(clerk)
    clerk("issue", "PA-C-2026-0001", "assessment-final-resolution-notice", today="2026-09-24")
    final = " ".join(exported_text(clerk, "PA-D-2026-00002", tmp_path).split())
    # Taken from the register, never retyped: the hearing notice's number and date.
    assert "Document No. PA-D-2026-00001, dated August 28, 2026" in final
    assert "The last day to appeal is Wednesday, December 23, 2026." in final
    assert documents_of(clerk, "PA-C-2026-0001") == [
        ("PA-D-2026-00001", "assessment-hearing-notice", None),
        ("PA-D-2026-00002", "assessment-final-resolution-notice", "PA-D-2026-00001"),
    ]


def test_a_hearing_notice_mailed_fewer_than_10_days_before_the_hearing_takes_no_number(clerk):
    late = hearing_noticed(clerk, today="2026-09-05", ok=False)
    assert late.exit_code == 1
    assert "mailed too late" in late.output
    assert "so by Friday, September 4, 2026" in " ".join(late.output.split())
    assert documents_of(clerk, "PA-C-2026-0001") == []


def test_a_notice_of_the_final_resolution_without_a_hearing_notice_takes_no_number(clerk):
    clerk(
        "case",
        "open",
        "--village",
        "palmyra",
        "--parcel",
        "PV-2201",
        "--notice-type",
        "assessment-hearing-notice",
        *facts(*HEARING_FACTS),
        today="2026-08-27",
    )
    resolution_published(clerk)
    alone = clerk(
        "issue",
        "PA-C-2026-0001",
        "assessment-final-resolution-notice",
        today="2026-09-24",
        ok=False,
    )
    assert alone.exit_code == 1
    assert "follows a 'assessment-hearing-notice' issued in case PA-C-2026-0001" in alone.output
    assert documents_of(clerk, "PA-C-2026-0001") == []


def test_a_second_notice_of_the_final_resolution_for_one_hearing_notice_is_refused(clerk):
    hearing_noticed(clerk)
    resolution_published(clerk)
    clerk("issue", "PA-C-2026-0001", "assessment-final-resolution-notice", today="2026-09-24")
    again = clerk(
        "issue",
        "PA-C-2026-0001",
        "assessment-final-resolution-notice",
        today="2026-09-25",
        ok=False,
    )
    assert again.exit_code == 1
    assert "for PA-D-2026-00001" in again.output
    assert len(documents_of(clerk, "PA-C-2026-0001")) == 2


def test_a_notice_of_the_final_resolution_before_its_publication_takes_no_number(clerk):
    hearing_noticed(clerk)
    resolution_published(clerk, published_on="2026-09-24")
    early = clerk(
        "issue",
        "PA-C-2026-0001",
        "assessment-final-resolution-notice",
        today="2026-09-23",
        ok=False,
    )
    assert early.exit_code == 1
    assert "before the final resolution is published on" in " ".join(early.output.split())
    assert len(documents_of(clerk, "PA-C-2026-0001")) == 1


def test_a_notice_of_the_final_resolution_waits_until_the_hearing_notice_is_mailed(clerk):
    hearing_noticed(clerk, mailed_at=None)
    resolution_published(clerk)
    unmailed = clerk(
        "issue",
        "PA-C-2026-0001",
        "assessment-final-resolution-notice",
        today="2026-09-24",
        ok=False,
    )
    assert unmailed.exit_code == 1
    assert "PA-D-2026-00001 has not been served" in unmailed.output
    assert len(documents_of(clerk, "PA-C-2026-0001")) == 1


def test_a_hearing_notice_mailed_fewer_than_10_days_before_the_hearing_noticed_nobody(
    clerk, tmp_path
):
    # Dated August 28, but its mailing recorded on September 8: six days before the hearing.
    hearing_noticed(clerk, mailed_at="2026-09-08T15:00")
    resolution_published(clerk)
    late = clerk(
        "issue",
        "PA-C-2026-0001",
        "assessment-final-resolution-notice",
        today="2026-09-24",
        ok=False,
    )
    assert late.exit_code == 1
    said = " ".join(late.output.split())
    assert (
        "was mailed to the owner on Tuesday, September 8, 2026, later than Friday, September 4, "
        "2026, 10 days before the hearing"
    ) in said
    assert "so the hearing was not noticed to this owner" in said
    assert len(documents_of(clerk, "PA-C-2026-0001")) == 1


def test_the_notice_of_the_final_resolution_says_when_the_hearing_notice_was_mailed(
    clerk, tmp_path
):
    hearing_noticed(clerk, mailed_at="2026-08-29T09:15")
    resolution_published(clerk)
    clerk("issue", "PA-C-2026-0001", "assessment-final-resolution-notice", today="2026-09-24")
    final = " ".join(exported_text(clerk, "PA-D-2026-00002", tmp_path).split())
    assert (
        "by Document No. PA-D-2026-00001, dated August 28, 2026 and mailed to the owner of record "
        "on August 29, 2026."
    ) in final


def test_a_later_mailing_of_the_hearing_notice_does_not_hide_the_timely_first_one(clerk, tmp_path):
    """Mailed on August 29, in time, then mailed again on September 8 (the owner asked for
    another copy): the owner was noticed by the first mailing, and the notice of the final
    resolution states that day, not the last service's."""
    hearing_noticed(clerk, mailed_at="2026-08-29T09:15")
    clerk(
        "serve", "PA-D-2026-00001", "--method", "first_class_mail", "--by", "K. Nowak",
        "--at", "2026-09-08T10:00", today="2026-09-24",
    )  # fmt: skip
    resolution_published(clerk)
    clerk("issue", "PA-C-2026-0001", "assessment-final-resolution-notice", today="2026-09-24")
    final = " ".join(exported_text(clerk, "PA-D-2026-00002", tmp_path).split())
    assert "mailed to the owner of record on August 29, 2026." in final
