"""Tuckahoe's documents in the order Chapter 19 lets them follow one another, walked as a clerk
walks them at the command line with a fixed clock: the notice to repair, the appeal papers, the
Board's decision and the Street Commissioner's report of the cost (§ 19-15(c), (f)(2)); the bill
for snow removal and the certificate of its cost (§ 19-34(b)); the street opening permit after
its application, with the extension, the notice to backfill and the demand for the excess cost
(§§ 19-75, 19-82); the temporary occupancy permit after its application, the notice to the
permittee and the revocation after it, its renewals and the return of the deposit (§§ 19-48 to
19-50). Each follow-up repeats from the register what the document before it holds,
and each precondition the ordinance states refuses with its sentence and takes no number."""

from __future__ import annotations

import json
import re
import shutil
import tomllib
from datetime import date, datetime
from pathlib import Path

import pytest
from clerk import CASEBOOK, Clerk, article, clerk_at, issued_number, pdf_text

from noticeclerk.content.notice_types import load_notice, notice_names

CASE = "TU-C-2026-0001"
NOTICE = "TU-D-2026-00001"
# Tuckahoe numbers its permits in one series (§ 19-48(c): "consecutively numbered").
PERMIT = "TU-P-000001"
APPELLANT = (
    "--role",
    "appellant",
    "--name",
    "Hollis Street Partners LLC",
    "--address",
    "c/o Dunmore Management|1450 Broadway Floor 12|New York NY 10018",
)
VILLAGE_CLERK = (
    "--role",
    "officer",
    "--name",
    "Taylor Brennan, Village Clerk",
    "--address",
    "Village Hall|Tuckahoe NY 10707",
)


def casebook_facts(stem: str, *, leave_out: tuple[str, ...] = (), **changes: str) -> list[str]:
    """A sample case's facts as a clerk types them: one --fact for each item of a list, a cost
    line as "description|amount"; the facts left out are those the register takes."""
    with (CASEBOOK / "tuckahoe" / f"{stem}.toml").open("rb") as file:
        facts = tomllib.load(file)["facts"]
    facts.update(changes)
    typed = []
    for name, value in facts.items():
        if name in leave_out:
            continue
        for item in value if isinstance(value, list) else [value]:
            if isinstance(item, dict):
                item = f"{item['description']}|{item['amount']}"
            elif isinstance(item, date | datetime):
                item = item.isoformat()
            typed.append(f"--fact={name}={item}")
    return typed


def exported_text(clerk: Clerk, number: str) -> str:
    """The frozen PDF's words; a document number the line broke after its hyphen ("TU-
    D-2026-00002") is read whole."""
    out = clerk.office.parent / "exported"
    clerk("document", "export", number, "--format", "pdf", "--out", str(out))
    text = pdf_text(next(out.rglob(f"{number}.pdf")))
    return re.sub(r"\b(TU-(?:[A-Z0-9]+-)*) (?=[A-Z0-9])", r"\1", text)


def documents_of(clerk: Clerk) -> str:
    return clerk("case", "show", CASE).output.split("Documents:")[1]


@pytest.fixture(scope="module")
def saved(tmp_path_factory):
    """Workspaces built once for the module and copied for each test, keyed by what was done."""
    return {"": tmp_path_factory.mktemp("saved")}


def copied(saved: dict, key: str, build, tmp_path: Path, runner) -> Clerk:
    """A copy of the workspace `build` leaves, built the first time a test asks for it."""
    if key not in saved:
        clerk = clerk_at(saved[""] / key, runner, "tuckahoe")
        build(clerk)
        saved[key] = clerk.office
    office = tmp_path / "office"
    shutil.copytree(saved[key], office)
    return Clerk(office, runner)


# --- § 19-15(c): the notice to repair and the appeal from it ----------------------------------


def notice_issued(clerk: Clerk) -> None:
    """The notice to repair 35 Main Street, issued on June 24, 2026 and not yet mailed."""
    clerk(
        "case",
        "open",
        "--from",
        str(CASEBOOK / "tuckahoe" / "notice-to-repair-sidewalk.toml"),
        today="2026-06-24",
    )
    clerk("issue", CASE, today="2026-06-24")
    clerk("case", "party", CASE, *APPELLANT, today="2026-06-24")


def notice_mailed(clerk: Clerk) -> None:
    """The notice mailed by registered mail on June 24; its seven days end on July 1."""
    notice_issued(clerk)
    clerk(
        "serve",
        NOTICE,
        "--method",
        "registered_mail",
        "--by",
        "R. Alvarez",
        "--at",
        "2026-06-24T15:00",
        "--article-number",
        "RA123456785US",
        today="2026-06-25",
    )


def appeal_served(clerk: Clerk, on: str = "2026-06-30") -> None:
    """The owner's notice of appeal reaches the Village Clerk: it suspends the notice, and the
    appeal papers print the day the case recorded (recorded once, as the event)."""
    clerk(
        "case",
        "record",
        CASE,
        f"--event=appeal_served={on}",
        "--fact=appeal_manner=a letter delivered by hand to the Village Clerk's office",
        "--fact=hearing_at=2026-07-13T19:30",
        "--fact=hearing_place=the Board Room, Village Hall, 65 Main Street",
        today=on,
    )


def hearing_advised(clerk: Clerk) -> None:
    """Appeal served June 30, acknowledged; the hearing notice of July 1 for July 13."""
    notice_mailed(clerk)
    appeal_served(clerk)
    clerk("issue", CASE, "appeal-received", today="2026-06-30")
    clerk("issue", CASE, "appeal-hearing", today="2026-07-01")


BOARD_ORDER = [
    "--fact=outcome=modified",
    "--fact=compliance_days=3",
    "--fact=resolution=Resolution No. 2026-87",
    "--fact=appearance=The appellant appeared by its managing agent, with counsel.",
    "--fact=reasons=The trip edge was ground level; the three heaved flags remain unsafe.",
    "--fact=work=Remove and replace three heaved concrete sidewalk flags.",
    "--fact=specifications=Concrete walk four inches thick on a compacted gravel base.",
    "--event=order=2026-07-13",
]


def board_ordered(clerk: Clerk) -> None:
    """The Board modified the notice at its meeting of July 13, 2026."""
    hearing_advised(clerk)
    clerk("case", "record", CASE, *BOARD_ORDER, today="2026-07-14")


@pytest.fixture
def mailed(saved, tmp_path, runner):
    return copied(saved, "mailed", notice_mailed, tmp_path, runner)


@pytest.fixture
def advised(saved, tmp_path, runner):
    return copied(saved, "advised", hearing_advised, tmp_path, runner)


@pytest.fixture
def ordered(saved, tmp_path, runner):
    return copied(saved, "ordered", board_ordered, tmp_path, runner)


def test_the_appeal_papers_repeat_the_notice_s_number_and_registered_mailing_from_the_register(
    advised,
):
    for number in ("TU-D-2026-00002", "TU-D-2026-00003"):
        text = exported_text(advised, number)
        assert f"notice to repair No. {NOTICE}" in text
        assert "on June 24, 2026" in text
    received = exported_text(advised, "TU-D-2026-00002")
    assert "seven-day period of the notice to repair ended on Wednesday, July 1, 2026" in received
    hearing = exported_text(advised, "TU-D-2026-00003")
    assert "Date: Monday, July 13, 2026 Time: 7:30 p.m. EDT" in hearing
    documents = documents_of(advised)
    assert "TU-D-2026-00002  Notice of Appeal Received" in documents
    assert "TU-D-2026-00003  Notice of Hearing on Appeal" in documents


def test_the_day_the_notice_was_mailed_is_taken_from_the_register_and_cannot_be_typed(mailed):
    typed = mailed("case", "record", CASE, "--fact=notice_mailed=2026-06-23", ok=False)
    assert typed.exit_code == 1
    assert "'notice_mailed' is not recorded" in typed.output
    assert "takes it from the document it follows in the register" in typed.output


def test_the_appeal_papers_wait_for_the_notice_to_be_mailed(saved, tmp_path, runner):
    clerk = copied(saved, "issued", notice_issued, tmp_path, runner)
    appeal_served(clerk)
    for slug in ("appeal-received", "appeal-hearing"):
        early = clerk("issue", CASE, slug, today="2026-06-30", ok=False)
        assert early.exit_code == 1
        assert f"{NOTICE} has not been served" in early.output
    assert "TU-D-2026-00002" not in documents_of(clerk)


def test_an_appeal_served_after_the_seven_days_is_refused_and_takes_no_number(mailed):
    appeal_served(mailed, on="2026-07-02")
    for slug in ("appeal-received", "appeal-hearing"):
        late = mailed("issue", CASE, slug, today="2026-07-02", ok=False)
        assert late.exit_code == 1
        assert (
            "served on Thursday, July 2, 2026, after the seven-day period ended on" in late.output
        )
        assert "Wednesday, July 1, 2026 (Tuckahoe § 19-15(c)" in late.output
    # Served on the seventh day it is in time, and the acknowledgment takes the next number.
    appeal_served(mailed, on="2026-07-01")
    issued = mailed("issue", CASE, "appeal-received", today="2026-07-02")
    assert issued_number(issued) == "TU-D-2026-00002"


def test_an_appeal_served_late_is_answered_with_the_letter_that_the_notice_stands(mailed):
    # NY legal reading 2026-12-02, MS-3: the register refused the hearing notice for an appeal
    # served on day 8, but nothing told the would-be appellant that the notice to repair
    # stands, when the work was due, and what review lies.
    appeal_served(mailed, on="2026-07-02")
    steps = json.loads(mailed("case", "show", CASE, "--json", today="2026-07-02").output)
    standing = {step["notice_type"]: step["standing"] for step in steps["next_steps"]}
    assert standing["appeal-untimely"] == "may"
    issued = mailed("issue", CASE, "appeal-untimely", today="2026-07-02")
    number = issued_number(issued)
    text = " ".join(exported_text(mailed, number).split())
    assert "NOTICE OF APPEAL NOT TIMELY" in text
    assert f"from notice to repair No. {NOTICE}, mailed by registered mail on June 24, 2026" in text
    assert "That period ended on Wednesday, July 1, 2026" in text
    assert "it did not suspend the operation of the notice to repair" in text
    assert "that is, by Wednesday, July 1, 2026" in text
    assert "proceeding under CPLR Article 78" in text and "(CPLR 217(1))" in text
    # One letter answers the notice of appeal.
    again = mailed("issue", CASE, "appeal-untimely", today="2026-07-02", ok=False)
    assert again.exit_code == 1


def test_a_timely_appeal_is_never_answered_as_late(mailed):
    appeal_served(mailed, on="2026-07-01")
    refused = mailed("issue", CASE, "appeal-untimely", today="2026-07-02", ok=False)
    assert refused.exit_code == 1
    # An appeal in time suspends the notice to repair: the register says so first.
    assert (
        f"An appeal of the notice to repair {NOTICE} was served in time and suspends it"
        in " ".join(refused.output.split())
    )
    assert "TU-D-2026-00002" not in documents_of(mailed)


def test_a_hearing_notice_dated_after_the_meeting_is_refused(mailed):
    appeal_served(mailed)
    late = mailed("issue", CASE, "appeal-hearing", today="2026-07-14", ok=False)
    assert late.exit_code == 1
    assert "The Board's meeting on Monday, July 13, 2026 at 7:30 p.m. EDT is before this" in (
        late.output
    )
    assert "notice's date, Tuesday, July 14, 2026" in late.output
    assert "(§ 19-15(c))" in late.output
    # On the day of the meeting the appellant is still advised of it.
    assert issued_number(mailed("issue", CASE, "appeal-hearing", today="2026-07-13")) == (
        "TU-D-2026-00002"
    )


def test_the_board_s_decision_follows_the_notice_of_its_hearing(mailed):
    appeal_served(mailed)
    mailed("case", "record", CASE, *BOARD_ORDER, today="2026-07-14")
    mailed("issue", CASE, "appeal-received", today="2026-06-30")
    for slug in ("appeal-decision", "appeal-decision-cancelled", "appeal-decision-extended"):
        early = mailed("issue", CASE, slug, today="2026-07-14", ok=False)
        assert early.exit_code == 1
        assert "follows a 'appeal-hearing' issued in case TU-C-2026-0001" in early.output


def test_the_board_s_three_days_count_from_its_order_not_from_the_letter_s_date(ordered):
    # Dated the day after the meeting: counted from the letter's date the three days would
    # end on Friday, July 17; they run from the order of Monday, July 13.
    ordered("issue", CASE, "appeal-decision", today="2026-07-14")
    decision = exported_text(ordered, "TU-D-2026-00004")
    assert "modified the notice to repair" in decision
    # Two documents back: the notice the hearing notice follows, from the register.
    assert f"heard your appeal from notice to repair No. {NOTICE}." in decision
    assert "no later than Thursday, July 16, 2026" in decision
    assert "That day is three days from July 13, 2026, the date of the order" in decision
    served = ordered(
        "serve",
        "TU-D-2026-00004",
        "--method",
        "certified_mail",
        "--by",
        "T. Brennan",
        "--at",
        "2026-07-15T10:00",
        "--article-number",
        article(1),
        today="2026-07-16",
    )
    # Serving the letter does not restart the days, and the letter asked for no less.
    assert "Deadline: Thursday, July 16, 2026" in served.output
    assert "3 days after Monday, July 13, 2026" in served.output
    assert "asks for less time" not in served.output
    ordered("proof", "TU-D-2026-00004", "--out", str(ordered.office.parent / "proofs"))
    proof = ordered.office.parent / "proofs" / "tuckahoe"
    affidavit = pdf_text(proof / "TU-D-2026-00004-affidavit-of-service.pdf")
    assert article(1) in affidavit


def test_the_register_s_deadline_follows_the_longer_period_the_board_allowed(ordered):
    ordered("case", "record", CASE, "--fact=compliance_days=14", today="2026-07-14")
    ordered("issue", CASE, "appeal-decision", today="2026-07-14")
    decision = exported_text(ordered, "TU-D-2026-00004")
    assert "The Board allowed 14 days from the date of its order" in decision
    assert "no later than Monday, July 27, 2026" in decision
    served = ordered(
        "serve", "TU-D-2026-00004", "--method", "certified_mail", "--by", "T. Brennan",
        "--at", "2026-07-15T10:00", "--article-number", article(1),
        today="2026-07-16",
    )  # fmt: skip
    assert "Deadline: Monday, July 27, 2026" in served.output
    assert "14 days after Monday, July 13, 2026" in served.output


def test_a_decision_allowing_fewer_than_three_days_is_refused_and_takes_no_number(ordered):
    ordered("case", "record", CASE, "--fact=compliance_days=2", today="2026-07-14")
    refused = ordered("issue", CASE, "appeal-decision", today="2026-07-14", ok=False)
    assert refused.exit_code == 1
    assert "may not allow fewer than three days" in refused.output
    assert "(Tuckahoe § 19-15(c))" in refused.output
    assert "TU-D-2026-00004" not in documents_of(ordered)


def test_a_decision_served_after_its_three_days_ran_warns_that_no_time_is_left(ordered):
    ordered("issue", CASE, "appeal-decision", today="2026-07-14")
    on_time = ordered(
        "serve", "TU-D-2026-00004", "--method", "present_personally", "--by", "T. Brennan",
        "--at", "2026-07-15T10:00", "--to", "Dunmore Management, managing agent", "--address", "the premises",
        today="2026-07-16",
    )  # fmt: skip
    assert "Warning" not in on_time.output
    late = ordered(
        "serve", "TU-D-2026-00004", "--method", "certified_mail", "--by", "T. Brennan",
        "--at", "2026-07-17T10:00", "--article-number", article(1),
        today="2026-07-18",
    )  # fmt: skip
    assert (
        "Warning: The last day this document gives, Thursday, July 16, 2026, counts from the "
        "order, not its service, and ended before the day it is served, Friday, July 17, 2026: "
        "the recipient has no day to comply." in " ".join(late.output.split())
    )


def test_a_decision_mailed_too_late_to_arrive_within_its_three_days_warns_the_clerk(ordered):
    # NY legal reading 2026-12-02, CF-12: certified mail on July 14 for three days from the
    # order of July 13 (last day Thursday, July 16) gave no warning. The law adds five days for
    # service by mail (CPLR 2103(b)(2)): taken to arrive on July 19.
    ordered("issue", CASE, "appeal-decision", today="2026-07-14")
    mailed = ordered(
        "serve", "TU-D-2026-00004", "--method", "certified_mail", "--by", "T. Brennan",
        "--at", "2026-07-14T16:00", "--article-number", article(1),
        today="2026-07-15",
    )  # fmt: skip
    assert (
        "Warning: The last day this document gives, Thursday, July 16, 2026, counts from the "
        "order, not its service. Mailed on Tuesday, July 14, 2026, it is taken to reach the "
        "recipient 5 days later (N.Y. CPLR 2103(b)(2)), on Sunday, July 19, 2026: the recipient "
        "may have no day to comply. Serve it by presenting it personally as well, or ask the "
        "village attorney whether a longer period must be given, before relying on it."
        in " ".join(mailed.output.split())
    )


def test_a_decision_without_the_board_s_order_recorded_is_refused(advised):
    advised("case", "record", CASE, *BOARD_ORDER[:-1], today="2026-07-14")
    refused = advised("issue", CASE, "appeal-decision", today="2026-07-14", ok=False)
    assert refused.exit_code == 1
    assert (
        "Case TU-C-2026-0001 has no event 'order' recorded (the date of the Board's order (its "
        "meeting), as the case records the event order); record it with 'noticeclerk case record "
        "TU-C-2026-0001 --event order=DATE'." in refused.output
    )


def test_one_order_of_each_kind_is_issued_upon_each_hearing_notice_unless_it_is_void(ordered):
    ordered("issue", CASE, "appeal-decision", today="2026-07-14")
    second = ordered("issue", CASE, "appeal-decision", today="2026-07-15", ok=False)
    assert second.exit_code == 1
    assert "TU-D-2026-00004 is already the Decision of the Board of Trustees on Appeal for" in (
        second.output
    )
    assert "TU-D-2026-00003" in second.output
    ordered("void", "TU-D-2026-00004", "--reason", "wrong resolution number", today="2026-07-15")
    assert issued_number(ordered("issue", CASE, "appeal-decision", today="2026-07-15")) == (
        "TU-D-2026-00005"
    )


def test_the_board_gives_one_decision_on_a_hearing_whether_it_affirms_or_cancels(ordered):
    ordered("issue", CASE, "appeal-decision", today="2026-07-14")
    cancelled = ordered("issue", CASE, "appeal-decision-cancelled", today="2026-07-15", ok=False)
    assert cancelled.exit_code == 1
    assert (
        "TU-D-2026-00004 (appeal-decision) already answers TU-D-2026-00003, and one of them is "
        "given for each, not both"
    ) in cancelled.output


def test_the_decision_takes_the_notice_s_number_two_documents_back_and_it_cannot_be_typed(
    advised,
):
    typed = advised("case", "record", CASE, "--fact=repair_notice_number=TU-D-2026-00099", ok=False)
    assert typed.exit_code == 1
    assert "'repair_notice_number' is not recorded" in typed.output
    advised("case", "record", CASE, *BOARD_ORDER, today="2026-07-14")
    advised("issue", CASE, "appeal-decision-cancelled", today="2026-07-14")
    cancelled = exported_text(advised, "TU-D-2026-00004")
    assert f"Notice to repair No. {NOTICE} is cancelled." in cancelled
    assert "TU-D-2026-00003 is cancelled" not in cancelled


def test_a_hearing_that_is_its_case_s_first_document_gives_the_decision_the_recorded_number(
    tmp_path, runner
):
    # A case opened for the hearing itself (its notice issued before the register): the notice's
    # number is the case's recorded fact, which the hearing printed, and the decision repeats it.
    clerk = clerk_at(tmp_path, runner, "tuckahoe")
    clerk("case", "open", "--from", str(CASEBOOK / "tuckahoe" / "appeal-hearing.toml"))
    hearing = issued_number(clerk("issue", CASE, today="2026-07-01"))
    clerk("case", "record", CASE, *BOARD_ORDER, today="2026-07-14")
    clerk("issue", CASE, "appeal-decision", today="2026-07-14")
    recorded = tomllib.loads((CASEBOOK / "tuckahoe" / "appeal-hearing.toml").read_text())
    number = recorded["facts"]["repair_notice_number"]
    decision = exported_text(clerk, "TU-D-2026-00002")
    assert f"heard your appeal from notice to repair No. {number}." in decision
    assert hearing == "TU-D-2026-00001"


# --- § 19-15(f)(2): the Street Commissioner's report of the cost ------------------------------

REPORT = casebook_facts(
    "sidewalk-cost-report",
    leave_out=("notice_number", "notice_mailed"),
    time_specified_by="notice",
    time_from="2026-06-24",
    time_document=f"the notice to repair No. {NOTICE}",
    found_undone_on="2026-07-02",
    work_began="2026-07-06",
    work_completed="2026-07-07",
)


def test_the_report_of_the_cost_takes_the_notice_s_number_and_mailing_and_is_made_once(mailed):
    mailed("case", "party", CASE, *VILLAGE_CLERK, today="2026-07-10")
    mailed("case", "record", CASE, *REPORT, today="2026-07-10")
    mailed("issue", CASE, "sidewalk-cost-report", today="2026-07-10")
    report = exported_text(mailed, "TU-D-2026-00002")
    assert f"Notice to repair: No. {NOTICE}, mailed June 24, 2026" in report
    assert "Wednesday, July 1, 2026" in report
    assert "$1,952.00" in report
    second = mailed("issue", CASE, "sidewalk-cost-report", today="2026-07-11", ok=False)
    assert second.exit_code == 1
    assert "TU-D-2026-00002 is already the Report of the Cost of Sidewalk Work Done by the " in (
        second.output
    )
    assert f"Village for {NOTICE}" in second.output


def test_the_owner_is_told_of_the_assessment_and_lien_once_the_report_is_filed(mailed):
    """NY legal reading 2026-12-02, MS-4: the report went only to the Clerk."""
    mailed("case", "party", CASE, *VILLAGE_CLERK, today="2026-07-10")
    mailed("case", "record", CASE, *REPORT, today="2026-07-10")
    mailed("issue", CASE, "sidewalk-cost-report", today="2026-07-10")
    unfiled = mailed("issue", CASE, "sidewalk-lien-notice", today="2026-07-10", ok=False)
    assert unfiled.exit_code == 1
    assert "TU-D-2026-00002 has not been served" in unfiled.output
    mailed(
        "serve", "TU-D-2026-00002", "--method", "file_with_officer", "--by", "Street Commissioner",
        "--at", "2026-07-13T07:30", today="2026-07-13",
    )  # fmt: skip
    early = mailed("issue", CASE, "sidewalk-lien-notice", today="2026-07-12", ok=False)
    assert early.exit_code == 1
    assert "was filed with the Village Clerk on Monday, July 13, 2026" in early.output
    # What the report printed is what the owner is told, whatever the case records later.
    mailed("case", "record", CASE, "--fact=costs=Something else|1.00", today="2026-07-13")
    mailed("issue", CASE, "sidewalk-lien-notice", today="2026-07-13")
    notice = " ".join(exported_text(mailed, "TU-D-2026-00003").split())
    assert (
        f"On June 24, 2026, the Village mailed a notice to repair the sidewalk, No. {NOTICE}"
        in (notice)
    )
    assert "On July 13, 2026, the Street Commissioner filed with the Village Clerk report No. " in (
        notice
    )
    assert "Total amount reported $1,952.00" in notice
    assert "Something else" not in notice
    assert "shall thereupon be assessed against said property and shall be a lien thereon" in (
        notice
    )
    assert "The Village Code requires no notice to the owner when the report is filed." in notice
    again = mailed("issue", CASE, "sidewalk-lien-notice", today="2026-07-14", ok=False)
    assert again.exit_code == 1


def test_a_report_dated_before_the_village_s_work_is_completed_is_refused_and_takes_no_number(
    mailed,
):
    mailed("case", "party", CASE, *VILLAGE_CLERK, today="2026-07-06")
    mailed("case", "record", CASE, *REPORT, today="2026-07-06")
    early = mailed("issue", CASE, "sidewalk-cost-report", today="2026-07-06", ok=False)
    assert early.exit_code == 1
    assert "The Village's work is completed only on Tuesday, July 7, 2026, after this report's" in (
        early.output
    )
    assert "date, Monday, July 6, 2026; the Street Commissioner reports" in early.output
    assert "(§ 19-15(f)(2))" in early.output
    assert "TU-D-2026-00002" not in documents_of(mailed)
    issued = mailed("issue", CASE, "sidewalk-cost-report", today="2026-07-07")
    assert issued_number(issued) == "TU-D-2026-00002"


def test_no_cost_report_follows_a_notice_the_board_cancelled(ordered):
    ordered("issue", CASE, "appeal-decision-cancelled", today="2026-07-14")
    ordered("case", "party", CASE, *VILLAGE_CLERK, today="2026-07-27")
    ordered("case", "record", CASE, *REPORT, today="2026-07-27")
    shown = json.loads(ordered("case", "show", CASE, "--json").output)
    assert "sidewalk-cost-report" not in [m["notice_type"] for m in shown["may_issue"]]
    refused = ordered("issue", CASE, "sidewalk-cost-report", today="2026-07-27", ok=False)
    assert refused.exit_code == 1
    assert (
        "The Board of Trustees cancelled the notice to repair by its order TU-D-2026-00004 "
        "(§ 19-15(c)); the Street Commissioner reports the cost of work specified in a notice "
        "and not performed (§ 19-15(f)(2)), and a cancelled notice specifies none."
    ) in " ".join(refused.output.split())
    assert "TU-D-2026-00005" not in documents_of(ordered)
    # A cancellation issued in error and voided no longer bars the report: the appeal waits
    # for the Board's decision again, and once the letter the Board did decide is issued (it
    # modified the notice, three days from July 13), the report follows.
    ordered("void", "TU-D-2026-00004", "--reason", "the Board modified it", today="2026-07-27")
    pending = ordered("issue", CASE, "sidewalk-cost-report", today="2026-07-27", ok=False)
    assert "suspends it until the Board of Trustees decides the appeal" in pending.output
    ordered("issue", CASE, "appeal-decision", today="2026-07-27")
    ordered("case", "record", CASE, "--fact=time_specified_by=board_order", today="2026-07-27")
    # The work recorded began on July 6, while the appeal was pending and before the Board's
    # three days ran out on July 16: the report cannot assess it, whatever time it names.
    early = ordered("issue", CASE, "sidewalk-cost-report", today="2026-07-27", ok=False)
    assert (
        "The Village's work began on Monday, July 6, 2026, but the owner's time under "
        "TU-D-2026-00001 ran to Thursday, July 16, 2026 (§ 19-15(c))"
    ) in " ".join(early.output.split())
    ordered(
        "case", "record", CASE, "--fact=time_from=2026-07-13",
        "--fact=found_undone_on=2026-07-17", "--fact=work_began=2026-07-20",
        "--fact=work_completed=2026-07-21", today="2026-07-27",
    )  # fmt: skip
    assert issued_number(ordered("issue", CASE, "sidewalk-cost-report", today="2026-07-27")) == (
        "TU-D-2026-00006"
    )


def test_after_an_appeal_the_report_counts_the_three_days_from_the_board_s_order(ordered):
    ordered("issue", CASE, "appeal-decision", today="2026-07-14")
    ordered("case", "party", CASE, *VILLAGE_CLERK, today="2026-07-27")
    # The sample report: the Board's order of July 13 specified the time; found undone on the
    # third day, the owner still had it.
    # (The sample's Board allowed 14 days; this one allowed the three of § 19-15(c).)
    after_order = casebook_facts(
        "sidewalk-cost-report",
        leave_out=("notice_number", "notice_mailed"),
        time_specified_by="board_order",
        time_from="2026-07-13",
        time_document="the Board's order of July 13, 2026 (decision letter No. TU-D-2026-00004)",
        found_undone_on="2026-07-16",
        work_began="2026-07-21",
        work_completed="2026-07-22",
    )
    ordered("case", "record", CASE, *after_order)
    within = ordered("issue", CASE, "sidewalk-cost-report", today="2026-07-27", ok=False)
    assert within.exit_code == 1
    assert "had through Thursday, July 16, 2026" in within.output
    ordered("case", "record", CASE, "--fact=found_undone_on=2026-07-17")
    ordered("issue", CASE, "sidewalk-cost-report", today="2026-07-27")
    report = exported_text(ordered, "TU-D-2026-00005")
    assert f"Notice to repair: No. {NOTICE}, mailed June 24, 2026" in report
    assert "Thursday, July 16, 2026" in report


# --- § 19-34(b): the bill for snow removal and the certificate of its cost --------------------

BILL = "TU-D-2026-00001"


def snow_bill_mailed(clerk: Clerk) -> None:
    """The bill for clearing 62 Columbus Avenue, $252.25, mailed to the nonresident owner on
    February 3, 2026: payable through Friday, February 13."""
    clerk(
        "case",
        "open",
        "--from",
        str(CASEBOOK / "tuckahoe" / "snow-removal-bill.toml"),
        today="2026-02-03",
    )
    clerk("issue", CASE, today="2026-02-03")
    clerk(
        "serve",
        BILL,
        "--method",
        "mail_nonresident",
        "--by",
        "T. Brennan",
        "--at",
        "2026-02-03T14:00",
        "--address",
        "410 Lakeview Terrace, Stamford CT 06902",
        today="2026-02-04",
    )
    clerk(
        "case",
        "record",
        CASE,
        *casebook_facts(
            "snow-cost-certificate",
            leave_out=("bill_number", "bill_presented", "amount_unpaid", "costs", "where_removed"),
        ),
        today="2026-02-03",
    )


@pytest.fixture
def billed(saved, tmp_path, runner):
    return copied(saved, "billed", snow_bill_mailed, tmp_path, runner)


def test_the_bill_is_payable_within_ten_days_after_it_was_presented(billed):
    assert "Deadline Friday, February 13, 2026" in documents_of(billed)
    assert "no later than Friday, February 13, 2026" in exported_text(billed, BILL)


def test_the_certificate_takes_the_bill_s_number_presentation_and_balance_from_the_register(
    billed,
):
    billed("pay", BILL, "--amount", "100.00", "--on", "2026-02-10", today="2026-02-10")
    billed("issue", CASE, "snow-cost-certificate", today="2026-03-02")
    certificate = exported_text(billed, "TU-D-2026-00002")
    assert f"{BILL}, presented February 3, 2026" in certificate
    assert "that period ended on Friday, February 13, 2026" in certificate
    # The actual cost of the work, as the bill's lines gave it.
    assert "$252.25" in certificate
    typed = billed("case", "record", CASE, "--fact=bill_number=TU-2026-N-0004", ok=False)
    assert "'bill_number' is not recorded" in typed.output


def test_a_certificate_within_the_ten_days_is_refused_and_takes_no_number(billed):
    early = billed("issue", CASE, "snow-cost-certificate", today="2026-02-13", ok=False)
    assert early.exit_code == 1
    assert "The bill presented on Tuesday, February 3, 2026 may be paid through Friday," in (
        early.output
    )
    assert "(Tuckahoe § 19-34(b))" in early.output
    issued = billed("issue", CASE, "snow-cost-certificate", today="2026-02-14")
    assert issued_number(issued) == "TU-D-2026-00002"


def test_a_bill_paid_in_full_leaves_no_cost_to_certify(billed):
    billed("pay", BILL, "--amount", "252.25", "--on", "2026-02-12", today="2026-02-12")
    paid = billed("issue", CASE, "snow-cost-certificate", today="2026-03-02", ok=False)
    assert paid.exit_code == 1
    assert f"Nothing remains unpaid on the bill {BILL}" in paid.output
    assert "(Tuckahoe § 19-34(b))" in paid.output


def test_one_certificate_is_filed_for_each_unpaid_bill(billed):
    billed("issue", CASE, "snow-cost-certificate", today="2026-03-02")
    second = billed("issue", CASE, "snow-cost-certificate", today="2026-03-03", ok=False)
    assert second.exit_code == 1
    assert "TU-D-2026-00002 is already the Certificate of Actual Cost of Snow and Ice Removal" in (
        second.output
    )


def test_a_safeguard_notice_mailed_to_the_owner_runs_seven_days_and_an_appeal_suspends_it(
    tmp_path, runner
):
    clerk = clerk_at(tmp_path / "guards", runner, "tuckahoe")
    clerk(
        "case", "open", "--from", str(CASEBOOK / "tuckahoe" / "safeguard-notice.toml"),
        today="2026-09-08",
    )  # fmt: skip
    clerk("issue", CASE, today="2026-09-08")
    served = clerk(
        "serve", NOTICE, "--method", "registered_mail", "--by", "A. Romano",
        "--at", "2026-09-08T15:00", "--article-number", "RA123456785US",
        today="2026-09-09",
    )  # fmt: skip
    assert "Deadline: Tuesday, September 15, 2026" in served.output
    clerk("case", "record", CASE, "--event=appeal_served=2026-09-14", today="2026-09-14")
    due = " ".join(clerk("due", today="2026-09-14").output.split())
    assert "the Village treats it as suspending the notice to erect barriers or safeguards" in due


def test_a_roof_bill_left_unpaid_is_certified_to_the_assessor_like_a_sidewalk_bill(
    tmp_path, runner
):
    clerk = clerk_at(tmp_path / "roof", runner, "tuckahoe")
    clerk(
        "case", "open", "--from", str(CASEBOOK / "tuckahoe" / "roof-snow-bill.toml"),
        today="2026-02-17",
    )  # fmt: skip
    clerk("issue", CASE, today="2026-02-17")
    served = clerk(
        "serve", BILL, "--method", "present_personally", "--by", "T. Brennan",
        "--at", "2026-02-17T10:00", "--to", "Giuseppina Ferraro, the owner",
        "--address", "27 Main Street, Tuckahoe",
        today="2026-02-18",
    )  # fmt: skip
    assert "Deadline: Friday, February 27, 2026" in served.output
    clerk(
        "case",
        "record",
        CASE,
        *casebook_facts(
            "snow-cost-certificate",
            leave_out=("bill_number", "bill_presented", "amount_unpaid", "costs", "where_removed"),
            bill_manner="presented to the owner personally",
            work_dates="February 14, 2026",
        ),
        "--fact=where_removed=the front slope of the roof above the Main Street sidewalk",
        today="2026-03-02",
    )
    early = clerk("issue", CASE, "snow-cost-certificate", today="2026-02-27", ok=False)
    assert "may be paid through Friday, February 27, 2026" in " ".join(early.output.split())
    clerk("issue", CASE, "snow-cost-certificate", today="2026-03-02")
    certificate = exported_text(clerk, "TU-D-2026-00002")
    assert f"{BILL}, presented February 17, 2026" in certificate
    assert "$438.00" in certificate


# --- §§ 19-75, 19-76, 19-82: the street opening permit and what follows it --------------------

APPLICANT = (
    "--role",
    "applicant",
    "--name",
    "Halloran Plumbing & Drain Co.",
    "--address",
    "Attn: Siobhan Halloran|415 Columbus Avenue|Tuckahoe NY 10707",
)
STREET_COMMISSIONER = (
    "--role",
    "officer",
    "--name",
    "Street Commissioner",
    "--address",
    "Village Hall|Tuckahoe NY 10707",
)


def opening_applied(clerk: Clerk) -> None:
    """The form given out on August 7 and filed with the Street Commissioner on August 10 at
    9:15 a.m. for a sewer connection at 8 Midland Place; the permit's facts recorded."""
    clerk(
        "case",
        "open",
        "--village",
        "tuckahoe",
        "--parcel",
        "112",
        "--notice-type",
        "street-opening-application",
        today="2026-08-07",
    )
    clerk("case", "party", CASE, *STREET_COMMISSIONER, today="2026-08-07")
    clerk("case", "party", CASE, *APPLICANT, today="2026-08-07")
    clerk("issue", CASE, today="2026-08-07")
    clerk(
        "serve",
        NOTICE,
        "--method",
        "file_with_officer",
        "--by",
        "Siobhan Halloran",
        "--at",
        "2026-08-10T09:15",
        today="2026-08-11",
    )
    clerk("case", "record", CASE, *casebook_facts("street-opening-permit"), today="2026-08-10")


def opening_permitted(clerk: Clerk) -> None:
    opening_applied(clerk)
    clerk("issue", CASE, "street-opening-permit", today="2026-08-11")


@pytest.fixture
def applied(saved, tmp_path, runner):
    return copied(saved, "applied", opening_applied, tmp_path, runner)


@pytest.fixture
def permitted(saved, tmp_path, runner):
    return copied(saved, "permitted", opening_permitted, tmp_path, runner)


def test_the_extension_and_the_notice_to_backfill_repeat_the_permit_s_number(permitted):
    permit = PERMIT
    assert f"{PERMIT}  Street Opening Permit" in documents_of(permitted)
    permitted(
        "case",
        "record",
        CASE,
        *casebook_facts("opening-extension", leave_out=("permit_number", "location")),
        today="2026-08-14",
    )
    permitted("issue", CASE, "opening-extension", today="2026-08-14")
    extension = exported_text(permitted, "TU-D-2026-00002")
    assert permit in extension
    assert "no later than Friday, August 21, 2026" in extension
    permitted(
        "case",
        "record",
        CASE,
        *casebook_facts("backfill-notice", leave_out=("permit_number",)),
        today="2026-08-24",
    )
    # The notice goes to the owner of the lot the connection was made for (§ 19-75(e)).
    issued = permitted("issue", CASE, "backfill-notice", today="2026-08-24")
    assert "to Renée Dubois-Okonkwo" in issued.output
    assert permit in exported_text(permitted, "TU-D-2026-00003")


def test_the_record_of_permits_shows_the_receipt_for_the_fee_the_permit_states_was_paid(
    permitted,
):
    """NY legal reading CF-13: the record said "Fee paid: no payment recorded" against a permit
    that says the fee and deposit were paid; it now shows the receipt the permit printed."""
    record = json.loads(permitted("permits", "--village", "tuckahoe", "--json").output)
    assert record[0]["fee_paid"] == (
        "paid before issue, receipt No. R-2026-1102 of Monday, August 10, 2026, as the permit "
        "states"
    )


def test_a_permit_whose_fee_receipt_is_dated_after_it_is_refused(applied):
    applied("case", "record", CASE, "--fact=fee_paid_on=2026-08-12", today="2026-08-11")
    late = applied("issue", CASE, "street-opening-permit", today="2026-08-11", ok=False)
    assert late.exit_code == 1
    assert "The receipt R-2026-1102 is dated Wednesday, August 12, 2026, after the permit" in (
        " ".join(late.output.split())
    )


def test_a_permit_needs_its_application_issued_first(tmp_path, runner):
    clerk = clerk_at(tmp_path, runner, "tuckahoe")
    clerk(
        "case",
        "open",
        "--village",
        "tuckahoe",
        "--parcel",
        "112",
        "--notice-type",
        "street-opening-application",
        today="2026-08-07",
    )
    clerk("case", "record", CASE, *casebook_facts("street-opening-permit"), today="2026-08-07")
    early = clerk("issue", CASE, "street-opening-permit", today="2026-08-11", ok=False)
    assert early.exit_code == 1
    assert "follows a 'street-opening-application' issued in case TU-C-2026-0001" in early.output


def test_a_permit_before_the_street_commissioner_s_approval_is_refused_and_takes_no_number(
    applied,
):
    early = applied("issue", CASE, "street-opening-permit", today="2026-08-10", ok=False)
    assert early.exit_code == 1
    assert (
        "The Street Commissioner approved the permit on Tuesday, August 11, 2026, after this "
        in (early.output)
    )
    assert "permit's date, Monday, August 10, 2026" in early.output
    assert "(§ 19-75(a))" in early.output
    applied("case", "record", CASE, "--fact=indemnity_signed_on=2026-08-12", today="2026-08-11")
    unsigned = applied("issue", CASE, "street-opening-permit", today="2026-08-11", ok=False)
    assert (
        "agreed in writing to indemnify the Village on Wednesday, August 12, 2026"
        in unsigned.output
    )
    assert "(§ 19-77)" in unsigned.output
    assert "TU-P-" not in documents_of(applied)


def backfill_served(clerk: Clerk) -> None:
    """The notice to backfill, left with an adult at 8 Midland Place on August 24; the Village
    did the work from September 2 and the cost was certified on September 10."""
    opening_permitted(clerk)
    clerk(
        "case",
        "record",
        CASE,
        *casebook_facts("backfill-notice", leave_out=("permit_number",)),
        today="2026-08-24",
    )
    clerk("issue", CASE, "backfill-notice", today="2026-08-24")
    clerk(
        "serve",
        "TU-D-2026-00002",
        "--method",
        "leave_with_adult",
        "--by",
        "Street Commissioner",
        "--at",
        "2026-08-24T10:30",
        "--to",
        "Renée Dubois-Okonkwo",
        "--address",
        "the premises",
        today="2026-08-25",
    )
    clerk(
        "case",
        "record",
        CASE,
        *casebook_facts(
            "opening-excess-demand",
            leave_out=("notice_number", "notice_served", "deposit"),
            permit_number=PERMIT,
        ),
        today="2026-09-10",
    )


@pytest.fixture
def backfilled(saved, tmp_path, runner):
    return copied(saved, "backfilled", backfill_served, tmp_path, runner)


def test_the_demand_takes_the_notice_and_its_service_and_asks_the_excess_over_the_deposit(
    backfilled,
):
    assert "Deadline Monday, August 31, 2026" in documents_of(backfilled)
    backfilled("issue", CASE, "opening-excess-demand", today="2026-09-15")
    backfilled(
        "serve",
        "TU-D-2026-00003",
        "--method",
        "certified_mail",
        "--by",
        "T. Brennan",
        "--at",
        "2026-09-15T11:00",
        "--article-number",
        article(2),
        today="2026-09-16",
    )
    demand = exported_text(backfilled, "TU-D-2026-00003")
    assert "Relay Pavement, Document No. TU-D-2026-00002, was served on Monday, August 24" in demand
    assert "ended on Monday, August 31, 2026" in demand
    # $2,753.50 certified, less the $1,500.00 deposited under the permit.
    assert "$2,753.50" in demand and "$1,500.00" in demand and "$1,253.50" in demand
    shown = documents_of(backfilled)
    assert "Deadline Thursday, October 15, 2026" in shown


def test_a_demand_before_the_cost_is_certified_is_refused_and_takes_no_number(backfilled):
    early = backfilled("issue", CASE, "opening-excess-demand", today="2026-09-09", ok=False)
    assert early.exit_code == 1
    assert "The Street Commissioner certified the cost on Thursday, September 10, 2026, after " in (
        early.output
    )
    assert "this demand's date, Wednesday, September 9, 2026" in early.output
    assert "(§ 19-75(e))" in early.output
    issued = backfilled("issue", CASE, "opening-excess-demand", today="2026-09-10")
    assert issued_number(issued) == "TU-D-2026-00003"


def test_one_demand_is_made_for_each_notice_to_backfill(backfilled):
    backfilled("issue", CASE, "opening-excess-demand", today="2026-09-15")
    second = backfilled("issue", CASE, "opening-excess-demand", today="2026-09-16", ok=False)
    assert second.exit_code == 1
    assert "TU-D-2026-00003 is already the Demand for Excess Cost" in second.output


def test_the_demand_waits_for_the_notice_to_backfill_to_be_served(permitted):
    permitted(
        "case",
        "record",
        CASE,
        *casebook_facts("backfill-notice", leave_out=("permit_number",)),
        *casebook_facts(
            "opening-excess-demand", leave_out=("notice_number", "notice_served", "deposit")
        ),
        today="2026-08-24",
    )
    permitted("issue", CASE, "backfill-notice", today="2026-08-24")
    unserved = permitted("issue", CASE, "opening-excess-demand", today="2026-09-15", ok=False)
    assert unserved.exit_code == 1
    assert "TU-D-2026-00002 has not been served" in unserved.output


# --- §§ 19-47 to 19-50: the temporary occupancy permit and its revocation --------------------

BUILDER = (
    "--role",
    "applicant",
    "--name",
    "Quarry Row Builders Inc.",
    "--address",
    "140 Midland Avenue|Tuckahoe NY 10707",
)
BUILDING_INSPECTOR = (
    "--role",
    "officer",
    "--name",
    "Building Inspector",
    "--address",
    "Village Hall|Tuckahoe NY 10707",
)
REVOCATION = casebook_facts(
    "temporary-occupancy-revocation",
    leave_out=(
        "permit_number",
        "permit_granted_on",
        "notice_number",
        "notice_given_on",
        "remedy_by",
        "place",
        "deposit",
    ),
)
# The notice's grounds and findings are the case's, recorded with the revocation's; the notice
# adds what it asks and the day it gives.
WARNING = casebook_facts(
    "temporary-occupancy-warning",
    leave_out=("permit_number", "permit_granted_on", "place", "grounds", "particulars"),
)
# The notice of intended revocation, the second document of the case; the revocation, the third.
WARNING_NUMBER = "TU-D-2026-00002"
REVOCATION_NUMBER = "TU-D-2026-00003"


def occupancy_permitted(clerk: Clerk) -> None:
    """The application filed August 3 at 10:20 a.m.; the permit granted on August 5."""
    clerk(
        "case",
        "open",
        "--village",
        "tuckahoe",
        "--parcel",
        "218",
        "--notice-type",
        "temporary-occupancy-application",
        today="2026-08-03",
    )
    clerk("case", "party", CASE, *BUILDING_INSPECTOR, today="2026-08-03")
    clerk("case", "party", CASE, *BUILDER, today="2026-08-03")
    clerk("issue", CASE, today="2026-08-03")
    clerk(
        "case",
        "record",
        CASE,
        *casebook_facts("temporary-occupancy-permit"),
        *REVOCATION,
        *WARNING,
        today="2026-08-03",
    )
    clerk("issue", CASE, "temporary-occupancy-permit", today="2026-08-05")


def serve_by_hand(clerk: Clerk, number: str, at: str, today: str):
    return clerk(
        "serve",
        number,
        "--method",
        "present_personally",
        "--by",
        "Building Inspector",
        "--at",
        at,
        "--to",
        "the addressee",
        "--address",
        "the premises",
        today=today,
    )


def occupancy_warned(clerk: Clerk) -> None:
    """The permit granted; the notice of intended revocation issued on September 4, handed to
    the permittee that morning, giving until Friday, September 11 to remedy."""
    occupancy_permitted(clerk)
    clerk("issue", CASE, "temporary-occupancy-warning", today="2026-09-04")
    serve_by_hand(clerk, WARNING_NUMBER, "2026-09-04T09:00", today="2026-09-05")


@pytest.fixture
def occupied(saved, tmp_path, runner):
    return copied(saved, "occupied", occupancy_permitted, tmp_path, runner)


@pytest.fixture
def warned(saved, tmp_path, runner):
    return copied(saved, "warned", occupancy_warned, tmp_path, runner)


def test_the_notice_of_intended_revocation_repeats_the_permit_and_gives_the_inspector_s_day(
    occupied,
):
    issued = occupied("issue", CASE, "temporary-occupancy-warning", today="2026-09-04")
    assert issued_number(issued) == WARNING_NUMBER
    notice = exported_text(occupied, WARNING_NUMBER)
    assert f"Temporary Occupancy Permit No. {PERMIT}, granted on August 5, 2026" in notice
    assert "no later than Friday, September 11, 2026" in notice
    assert "The permit will not be revoked before that day has passed." in notice


def test_a_day_to_remedy_not_after_the_notice_is_refused_and_takes_no_number(occupied):
    occupied("case", "record", CASE, "--fact=remedy_by=2026-09-04", today="2026-09-04")
    same_day = occupied("issue", CASE, "temporary-occupancy-warning", today="2026-09-04", ok=False)
    assert same_day.exit_code == 1
    assert "is not after this notice's date" in same_day.output
    assert WARNING_NUMBER not in documents_of(occupied)


def test_the_revocation_repeats_the_notice_and_the_permit_and_gives_three_days_from_service(
    warned,
):
    assert f"{PERMIT}  Temporary Occupancy Permit" in documents_of(warned)
    issued = warned("issue", CASE, "temporary-occupancy-revocation", today="2026-09-14")
    assert issued_number(issued) == REVOCATION_NUMBER
    served = serve_by_hand(warned, REVOCATION_NUMBER, "2026-09-14T09:00", today="2026-09-15")
    assert "Deadline: Thursday, September 17, 2026" in served.output
    revocation = exported_text(warned, REVOCATION_NUMBER)
    assert f"Temporary Occupancy Permit No. {PERMIT}, granted on August 5, 2026" in revocation
    assert (
        f"On September 4, 2026, the Building Inspector's Notice of Intended Revocation, "
        f"Document No. {WARNING_NUMBER}, reached you; it gave you until September 11, 2026,"
    ) in " ".join(revocation.split())
    second = warned("issue", CASE, "temporary-occupancy-revocation", today="2026-09-15", ok=False)
    assert second.exit_code == 1
    assert (
        f"{REVOCATION_NUMBER} is already the Revocation of Temporary Occupancy Permit for "
        f"{WARNING_NUMBER}"
    ) in second.output


def test_a_revocation_without_notice_to_the_permittee_is_refused_and_takes_no_number(occupied):
    early = occupied("issue", CASE, "temporary-occupancy-revocation", today="2026-09-14", ok=False)
    assert early.exit_code == 1
    assert "follows a 'temporary-occupancy-warning' issued in case" in early.output
    assert "TU-D-2026-00002" not in documents_of(occupied)


def test_a_revocation_before_the_notice_reached_the_permittee_is_refused(occupied):
    occupied("issue", CASE, "temporary-occupancy-warning", today="2026-09-04")
    unserved = occupied(
        "issue", CASE, "temporary-occupancy-revocation", today="2026-09-14", ok=False
    )
    assert unserved.exit_code == 1
    assert f"{WARNING_NUMBER} has not been served" in unserved.output
    occupied(
        "serve",
        WARNING_NUMBER,
        "--method",
        "certified_mail",
        "--by",
        "Building Inspector",
        "--at",
        "2026-09-04T15:00",
        "--article-number",
        article(1),
        today="2026-09-05",
    )
    unreceived = occupied(
        "issue", CASE, "temporary-occupancy-revocation", today="2026-09-14", ok=False
    )
    assert unreceived.exit_code == 1
    assert f"No receipt is recorded for {WARNING_NUMBER}" in unreceived.output


def test_a_revocation_on_the_day_given_to_remedy_is_refused_and_the_day_after_is_not(warned):
    early = warned("issue", CASE, "temporary-occupancy-revocation", today="2026-09-11", ok=False)
    assert early.exit_code == 1
    assert "gave the permittee until Friday, September 11, 2026 to remedy" in early.output
    assert "(§ 19-50)" in early.output
    issued = warned("issue", CASE, "temporary-occupancy-revocation", today="2026-09-12")
    assert issued_number(issued) == REVOCATION_NUMBER


def test_no_notice_of_intended_revocation_is_given_after_the_revocation(warned):
    warned("issue", CASE, "temporary-occupancy-revocation", today="2026-09-14")
    late = warned("issue", CASE, "temporary-occupancy-warning", today="2026-09-15", ok=False)
    assert late.exit_code == 1
    assert f"The permit was revoked by {REVOCATION_NUMBER}" in late.output


REFUND = casebook_facts(
    "temporary-occupancy-refund",
    leave_out=("permit_number", "permit_granted_on", "place", "estimated_days", "deposit"),
)


def test_the_deposit_is_returned_once_after_the_permit_with_its_number_and_the_fee_paid_then(
    occupied,
):
    occupied("case", "record", CASE, *REFUND, today="2026-08-21")
    issued = occupied("issue", CASE, "temporary-occupancy-refund", today="2026-08-21")
    assert issued_number(issued) == "TU-D-2026-00002"
    statement = " ".join(exported_text(occupied, "TU-D-2026-00002").split())
    assert f"Temporary Occupancy Permit No. {PERMIT}, granted on August 5, 2026" in statement
    assert "estimate of 14 days: $155.00" in statement
    assert "Returned to you $420.00" in statement
    assert "Amount due" not in statement
    again = occupied("issue", CASE, "temporary-occupancy-refund", today="2026-08-24", ok=False)
    assert again.exit_code == 1
    assert (
        f"TU-D-2026-00002 is already the {load_notice('tuckahoe', 'temporary-occupancy-refund').title} for {PERMIT}"
        in again.output
    )


def test_no_deposit_is_returned_before_the_permit_is_granted(tmp_path, runner):
    clerk = clerk_at(tmp_path, runner, "tuckahoe")
    clerk(
        "case",
        "open",
        "--village",
        "tuckahoe",
        "--parcel",
        "218",
        "--notice-type",
        "temporary-occupancy-application",
        today="2026-08-03",
    )
    clerk("case", "party", CASE, *BUILDER, today="2026-08-03")
    early = clerk("issue", CASE, "temporary-occupancy-refund", today="2026-08-21", ok=False)
    assert early.exit_code == 1
    assert "follows a 'temporary-occupancy-permit' issued in case" in early.output


def renew(clerk: Clerk, through: str, until: str, today: str, ok: bool = True):
    clerk(
        "case",
        "record",
        CASE,
        f"--fact=in_force_through={through}",
        f"--fact=renewal_requested_on={today}",
        "--fact=renewal_reason=The framing is not finished.",
        f"--fact=renewed_through={until}",
        today=today,
    )
    return clerk("issue", CASE, "temporary-occupancy-renewal", today=today, ok=ok)


def test_a_renewal_is_numbered_as_a_permit_and_renews_the_permit_then_its_last_renewal(occupied):
    first = renew(occupied, "2026-08-18", "2026-09-01", today="2026-08-17")
    assert issued_number(first) == "TU-P-000002"
    second = renew(occupied, "2026-09-01", "2026-09-15", today="2026-08-31")
    assert issued_number(second) == "TU-P-000003"
    renewal = " ".join(exported_text(occupied, "TU-P-000003").split())
    assert "Renews: Permit No. TU-P-000002, in force through Tuesday, September 1, 2026" in renewal
    assert "from Wednesday, September 2, 2026 through Tuesday, September 15, 2026" in renewal


def test_a_revoked_permit_is_not_renewed(warned):
    warned("issue", CASE, "temporary-occupancy-revocation", today="2026-09-14")
    late = renew(warned, "2026-09-30", "2026-10-30", today="2026-09-15", ok=False)
    assert late.exit_code == 1
    assert f"The permit was revoked by {REVOCATION_NUMBER}; a revoked permit is not renewed" in (
        late.output
    )


def test_an_occupancy_permit_before_the_written_indemnity_is_refused(tmp_path, runner):
    clerk = clerk_at(tmp_path, runner, "tuckahoe")
    clerk(
        "case",
        "open",
        "--village",
        "tuckahoe",
        "--parcel",
        "218",
        "--notice-type",
        "temporary-occupancy-application",
        today="2026-08-03",
    )
    clerk("case", "party", CASE, *BUILDING_INSPECTOR, today="2026-08-03")
    clerk("case", "party", CASE, *BUILDER, today="2026-08-03")
    clerk("issue", CASE, today="2026-08-03")
    facts = casebook_facts("temporary-occupancy-permit", indemnity_signed_on="2026-08-06")
    clerk("case", "record", CASE, *facts, today="2026-08-03")
    early = clerk("issue", CASE, "temporary-occupancy-permit", today="2026-08-05", ok=False)
    assert early.exit_code == 1
    assert "agreed in writing to indemnify the Village on Thursday, August 6, 2026, after this" in (
        early.output
    )
    assert "(§ 19-47(e))" in early.output
    assert "TU-P-" not in documents_of(clerk)


# --- The chains as declared -------------------------------------------------------------------

CHAINS = {
    # document: (the documents it follows, what it takes from them, one for each)
    "appeal-received": (
        ["notice-to-repair-sidewalk"],
        {
            "repair_notice_number": "number",
            "notice_mailed": "served_on",
            "appeal_served": "event:appeal_served",
        },
        False,
    ),
    "appeal-untimely": (
        ["notice-to-repair-sidewalk"],
        {
            "repair_notice_number": "number",
            "notice_mailed": "served_on",
            "appeal_served": "event:appeal_served",
        },
        True,
    ),
    "appeal-hearing": (
        ["notice-to-repair-sidewalk"],
        {
            "repair_notice_number": "number",
            "notice_mailed": "served_on",
            "appeal_served": "event:appeal_served",
        },
        False,
    ),
    # The meeting the hearing notice advised, as it printed it: no order before it.
    "appeal-decision": (
        ["appeal-hearing"],
        {
            "repair_notice_number": "follows.number",
            "hearing_at": "fact:hearing_at",
            "board_order_on": "event:order",
        },
        True,
    ),
    "appeal-decision-cancelled": (
        ["appeal-hearing"],
        {
            "repair_notice_number": "follows.number",
            "hearing_at": "fact:hearing_at",
            "board_order_on": "event:order",
        },
        True,
    ),
    "appeal-decision-extended": (
        ["appeal-hearing"],
        {
            "repair_notice_number": "follows.number",
            "order_date": "event:order",
            "hearing_at": "fact:hearing_at",
        },
        True,
    ),
    "sidewalk-cost-report": (
        ["notice-to-repair-sidewalk"],
        {"notice_number": "number", "notice_mailed": "served_on"},
        True,
    ),
    "snow-cost-certificate": (
        ["snow-removal-bill", "roof-snow-bill"],
        {"bill_number": "number", "bill_presented": "served_on", "amount_unpaid": "outstanding"},
        True,
    ),
    "sidewalk-lien-notice": (
        ["sidewalk-cost-report"],
        {
            "report_number": "number",
            "report_filed": "served_on",
            "notice_number": "fact:notice_number",
            "notice_mailed": "fact:notice_mailed",
            "work_done": "fact:work_done",
            "work_completed": "fact:work_completed",
            "costs": "fact:costs",
        },
        True,
    ),
    "snow-lien-notice": (
        ["snow-cost-certificate"],
        {
            "certificate_number": "number",
            "certificate_filed": "document_date",
            "bill_number": "follows.number",
        },
        True,
    ),
    "street-opening-permit": (["street-opening-application"], {}, False),
    "opening-extension": (["street-opening-permit"], {"permit_number": "number"}, False),
    "backfill-notice": (["street-opening-permit"], {"permit_number": "number"}, False),
    "opening-excess-demand": (
        ["backfill-notice"],
        {"notice_number": "number", "notice_served": "served_on"},
        True,
    ),
    "temporary-occupancy-permit": (["temporary-occupancy-application"], {}, False),
    "temporary-occupancy-warning": (
        ["temporary-occupancy-permit"],
        {"permit_number": "number", "permit_granted_on": "document_date"},
        False,
    ),
    "temporary-occupancy-refund": (
        ["temporary-occupancy-permit"],
        {"permit_number": "number", "permit_granted_on": "document_date"},
        True,
    ),
    "temporary-occupancy-renewal": (
        ["temporary-occupancy-permit", "temporary-occupancy-renewal"],
        {"renewed_number": "number"},
        False,
    ),
    "temporary-occupancy-revocation": (
        ["temporary-occupancy-warning"],
        {
            "permit_number": "follows.number",
            "permit_granted_on": "follows.document_date",
            "notice_number": "number",
            "notice_given_on": "received_on",
            "remedy_by": "deadline",
        },
        True,
    ),
}


@pytest.mark.parametrize("slug", notice_names("tuckahoe"))
def test_each_document_follows_what_the_ordinance_puts_before_it(slug):
    notice = load_notice("tuckahoe", slug)
    follows, takes, once = CHAINS.get(slug, ([], {}, False))
    assert (list(notice.follows), notice.takes, notice.once) == (follows, takes, once)


# The deadlines that run from something other than the document's own service: the Board's
# order (§ 19-15(c)), the day the Street Commissioner fixed (§ 19-82), the Clerk's receipt of
# the request (§ 19A-10). Every other deadline runs from the service, mailing, presentation,
# demand, revocation or receipt of the document itself.
NOT_FROM_SERVICE = {
    "appeal-decision",
    "opening-extension",
    "rental-letter",
    "temporary-occupancy-warning",
}


@pytest.mark.parametrize(
    "slug", [s for s in notice_names("tuckahoe") if load_notice("tuckahoe", s).deadline]
)
def test_a_deadline_restarts_on_service_only_where_it_runs_from_the_document_s_own_service(slug):
    notice = load_notice("tuckahoe", slug)
    assert notice.deadline_counts_from_service is (slug not in NOT_FROM_SERVICE)


def test_a_notice_counted_from_its_receipt_does_not_print_a_receipt_typed_ahead(tmp_path, runner):
    """NY legal reading C-24 (CF-14): the relocation notice, dated September 21, said "For a
    notice received on Wednesday, September 23, 2026, the last day is ...": a receipt the case
    file gave before the notice existed. It states the 60 days in words; the receipt, when it
    is recorded, fixes the day."""
    clerk = clerk_at(tmp_path, runner, "tuckahoe")
    case_file = CASEBOOK / "tuckahoe" / "relocation-notice.toml"
    clerk("case", "open", "--from", str(case_file), today="2026-09-21")
    number = issued_number(clerk("issue", "TU-C-2026-0001", today="2026-09-21"))
    text = " ".join(exported_text(clerk, number).split())
    assert "Relocate within 60 days from the day you receive this notice." in text
    assert "For a notice received on" not in text
    shown = json.loads(clerk("case", "show", "TU-C-2026-0001", "--json").output)
    assert shown["documents"][0]["deadline"] is None
