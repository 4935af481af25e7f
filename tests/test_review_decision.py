"""The decision on review of an initial determination under Wis. Stat. ch. 68 (WI legal reading
2026-12-02, §2 item 9), walked through the register at the command line: Luck's Director of
Public Works refuses an excavation permit for frozen ground, the contractor asks for review,
and the decision answers the request once, within the times the Village relies on (a request
within 30 days of notice, § 68.08; the review within 15 days unless extended by agreement,
§ 68.09), stating the administrative appeal and the office the village's file designates."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest
from clerk import CASEBOOK, Clerk, clerk_at, day_after, issued_number, pdf_text
from test_chains_luck import FROZEN_GROUND_REFUSAL

CASE = "LU-C-2026-0001"
REVIEW = "review-decision"
# The request and the decision, as the Director records them; the dates are each test's own.
DECIDED = [
    "determination=the refusal of your application for a street excavation permit",
    "request_made=in writing",
    "considered=the refusal and the application it answered",
    "considered=your letter requesting review",
    "outcome=affirmed",
    "decision=The refusal stands; you may apply again for an opening after May 1, 2027.",
    "reasons=No emergency excavation is shown.",
]


@pytest.fixture
def clerk(tmp_path, runner):
    return clerk_at(tmp_path, runner, "luck")


def facts(*pairs: str) -> list[str]:
    return [f"--fact={pair}" for pair in pairs]


def refused_on(clerk: Clerk, today: str) -> str:
    """The refusal issued November 24, 2026 and handed to the contractor that day at 10:00."""
    clerk(
        "case", "open", "--village", "luck", "--parcel", "146-00271-0000",
        "--notice-type", "excavation-permit-application", today="2026-11-23",
    )  # fmt: skip
    for role, name, address in (
        ("officer", "Director of Public Works", "Village Hall|Luck WI 54853"),
        ("applicant", "Okafor Builders LLC", "15 Second Street|Luck WI 54853"),
        ("appellant", "Okafor Builders LLC", "15 Second Street|Luck WI 54853"),
    ):
        clerk(
            "case", "party", CASE, "--role", role, "--name", name, "--address", address,
            today="2026-11-23",
        )  # fmt: skip
    clerk("issue", CASE, today="2026-11-23")
    clerk(
        "case", "record", CASE,
        *facts(*FROZEN_GROUND_REFUSAL),
        today="2026-11-24",
    )  # fmt: skip
    refusal = issued_number(
        clerk("issue", CASE, "excavation-refusal-frozen-ground", today="2026-11-24")
    )
    clerk(
        "serve", refusal, "--method", "present_personally", "--by", "Marta Lindgren",
        "--to", "Daniel Okafor", "--address", "Village Hall, Luck",
        "--at", "2026-11-24T10:00", today=day_after("2026-11-24"),
    )  # fmt: skip
    return refusal


def requested(clerk: Clerk, on: str, *, extended: bool = False) -> None:
    clerk(
        "case", "record", CASE,
        *facts(*DECIDED, f"request_received_on={on}", f"time_extended={str(extended).lower()}"),
        today=on,
    )  # fmt: skip


def step(clerk: Clerk, today: str, notice: str = REVIEW) -> dict:
    """What `case show` says of the next step of this notice type on a day."""
    shown = json.loads(clerk("case", "show", CASE, "--json", today=today).output)
    return next(step for step in shown["next_steps"] if step["notice_type"] == notice)


def said(result) -> str:
    assert result.exit_code == 1, result.output
    return " ".join(result.output.split())


def test_the_decision_on_review_answers_the_request_and_states_the_appeal(clerk, tmp_path):
    refusal = refused_on(clerk, "2026-11-24")
    requested(clerk, "2026-11-30")
    assert step(clerk, "2026-12-08")["standing"] == "may"
    number = issued_number(clerk("issue", CASE, REVIEW, today="2026-12-08"))
    out = tmp_path / "out"
    clerk("document", "export", number, "--format", "pdf", "--out", str(out))
    text = " ".join(pdf_text(next(out.rglob(f"{number}.pdf"))).split())
    assert f"Document No. {refusal}, dated November 24, 2026" in text
    assert "of which you had notice on November 24, 2026, as the Village's record" in text
    assert "On November 30, 2026 the Village received your request, made in writing" in text
    assert "The initial determination is affirmed. The refusal stands" in text
    # The office the village's file designates, and the 30 days from notice of this decision.
    luck = tomllib.loads((CASEBOOK.parent / "letterheads" / "luck" / "letterhead.toml").read_text())
    designated = luck["readings"]["appeal_filed_with"]
    assert f"notice of appeal with, or mailing it to, {designated}, within 30 days" in text
    assert "within 30 days of the day you receive it" in text
    # One decision on review for the determination.
    again = said(clerk("issue", CASE, REVIEW, today="2026-12-09", ok=False))
    assert f"{number} is already the Decision on Review of an Initial Determination for " in again
    assert f"for {refusal}; Wis. Stat. § 68.09" in again


def test_a_request_made_after_the_30_days_is_not_reviewed(clerk):
    refused_on(clerk, "2026-11-24")
    # Thirty days from Tuesday, November 24 is Thursday, December 24, 2026: a legal holiday,
    # on which the office is closed, so the last day is Monday, December 28.
    requested(clerk, "2026-12-29")
    assert step(clerk, "2026-12-30")["standing"] == "not"
    sentence = said(clerk("issue", CASE, REVIEW, today="2026-12-30", ok=False))
    assert "received on Tuesday, December 29, 2026, after the 30 days" in sentence
    assert "Wis. Stat. § 68.08" in sentence


def test_a_decision_later_than_15_days_needs_the_person_s_agreement(clerk):
    refused_on(clerk, "2026-11-24")
    requested(clerk, "2026-11-30")
    late = said(clerk("issue", CASE, REVIEW, today="2026-12-16", ok=False))
    assert "later than Tuesday, December 15, 2026, 15 days after the request" in late
    clerk("case", "record", CASE, "--fact=time_extended=true", today="2026-12-16")
    issued_number(clerk("issue", CASE, REVIEW, today="2026-12-16"))


def test_a_decision_waits_for_the_determination_to_be_served(clerk):
    clerk(
        "case", "open", "--from", str(CASEBOOK / "luck" / "excavation-refusal-frozen-ground.toml"),
        today="2026-11-24",
    )  # fmt: skip
    clerk("issue", "LU-C-2026-0001", today="2026-11-24")
    requested(clerk, "2026-11-30")
    clerk(
        "case", "party", CASE, "--role", "appellant", "--name", "Okafor Builders LLC",
        "--address", "15 Second Street|Luck WI 54853", today="2026-11-30",
    )  # fmt: skip
    assert step(clerk, "2026-12-01")["standing"] == "not_yet"
    sentence = said(clerk("issue", CASE, REVIEW, today="2026-12-01", ok=False))
    assert "has not been served" in sentence


def test_a_village_that_opted_out_of_chapter_68_issues_no_decision_on_review(clerk, tmp_path: Path):
    refused_on(clerk, "2026-11-24")
    requested(clerk, "2026-11-30")
    letterhead = CASEBOOK.parent / "letterheads" / "luck" / "letterhead.toml"
    text = letterhead.read_text(encoding="utf-8").replace(
        'chapter_68 = "applies"',
        'chapter_68 = "opted out"\nopted_out_by = "Ordinance No. 2020-3"\n'
        'instead = "an appeal to the Village Board within 10 days"',
    )
    folder = clerk.office / "letterheads" / "luck"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "letterhead.toml").write_text(text, encoding="utf-8")
    for asset in letterhead.parent.iterdir():
        if asset.name != "letterhead.toml":
            (folder / asset.name).write_bytes(asset.read_bytes())
    sentence = said(clerk("issue", CASE, REVIEW, today="2026-12-08", ok=False))
    assert "elected under Wis. Stat. § 68.16 not to be bound by chapter 68" in sentence
    assert "an appeal to the Village Board within 10 days" in sentence


# --- A revocation reversed on review is not enforced ------------------------------------------

LUCK = CASEBOOK / "luck"
FIXTURES_FOUND = [
    "fixtures_standing=two benches and three planters in front of 222 Main Street",
    "findings=the benches were moved to the curb line, leaving about four feet clear.",
    "requirements_not_met=c",
    "endangers_pedestrians=true",
    "found_on=2026-08-19",
]
OBSTRUCTION = [
    "observed_at=2026-08-21T09:00",
    "location=the sidewalk in front of 222 Main Street",
    "obstruction=two benches stand at the curb line.",
]


def revoked_and_reviewed(clerk: Clerk, outcome: str) -> str:
    """The bookshop's fixture permit revoked on Thursday, August 20, 2026, handed over that
    morning, and the revocation reviewed on August 26 at the bookshop's request of August 21."""
    clerk("case", "open", "--from", str(LUCK / "sidewalk-fixture-permit.toml"), today="2026-05-13")
    clerk("issue", CASE, today="2026-05-13")
    clerk("case", "record", CASE, *facts(*FIXTURES_FOUND), today="2026-08-20")
    revocation = issued_number(
        clerk("issue", CASE, "sidewalk-fixture-revocation", today="2026-08-20")
    )
    clerk(
        "serve", revocation, "--method", "hand_owner", "--by", "Marta Lindgren",
        "--to", "the bookshop's owner", "--address", "222 Main Street, Luck",
        "--at", "2026-08-20T09:00", today="2026-08-21",
    )  # fmt: skip
    clerk(
        "case", "party", CASE, "--role", "appellant", "--name", "Main Street Books LLC",
        "--address", "222 Main Street|Luck WI 54853", today="2026-08-21",
    )  # fmt: skip
    clerk(
        "case", "record", CASE,
        *facts(
            *[fact for fact in DECIDED if not fact.startswith(("outcome=", "determination="))],
            "determination=the revocation of your sidewalk fixture permit",
            f"outcome={outcome}",
            "request_received_on=2026-08-21",
            "time_extended=false",
        ),
        "--event", "service=2026-08-27T10:00",
        *facts(*OBSTRUCTION),
        today="2026-08-21",
    )  # fmt: skip
    return issued_number(clerk("issue", CASE, REVIEW, today="2026-08-26"))


def test_no_notice_to_remove_the_fixtures_follows_a_revocation_reversed_on_review(clerk):
    decision = revoked_and_reviewed(clerk, "reversed")
    sentence = said(clerk("issue", CASE, "obstruction-sidewalk", today="2026-08-27", ok=False))
    assert f"{decision} reversed the revocation on review" in sentence
    assert step(clerk, "2026-08-27", "obstruction-sidewalk")["standing"] == "not"


def test_a_revocation_affirmed_on_review_is_enforced(clerk):
    revoked_and_reviewed(clerk, "affirmed")
    assert step(clerk, "2026-08-27", "obstruction-sidewalk")["standing"] == "may"
    issued_number(clerk("issue", CASE, "obstruction-sidewalk", today="2026-08-27"))


def test_the_appeal_runs_from_the_day_a_mailed_decision_is_received_not_mailed(clerk):
    """Attacker's pass: the register counted the 30 days of § 68.10 from the mailing, so an
    appeal filed within 30 days of receipt was listed as late."""
    refused_on(clerk, "2026-11-24")
    requested(clerk, "2026-11-30")
    number = issued_number(clerk("issue", CASE, REVIEW, today="2026-12-08"))
    mailed = clerk(
        "serve", number, "--method", "first_class_mail", "--by", "Marta Lindgren",
        "--at", "2026-12-08T15:00", today="2026-12-09",
    )  # fmt: skip
    assert "Deadline: Thursday, January 7, 2027" not in mailed.output
    received = clerk(
        "receipt", number, "--received", "2026-12-11",
        "--note", "the contractor's dated acknowledgment", today="2026-12-14",
    )  # fmt: skip
    # Thirty days from Friday, December 11 is Sunday, January 10, 2027: the next business day.
    assert "Monday, January 11, 2027" in received.output
