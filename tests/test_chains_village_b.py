"""Village B's chain at the command line with a fixed clock: the Village Clerk's certificate of
the cost of clearing a sidewalk, filed with the Treasurer; the Treasurer's statement of charges
forwarded within ten days of receiving it (division (C)); the Council's special assessment of
what was left unpaid 30 days after the statement was mailed (division (D)). Each follow-up
takes the number, date, mailing and payments of the document before it from the register.

The sample storm ended at 2:00 a.m. on Sunday, January 4, 2026 with 5.5 inches; the owners had
48 hours (division (B)(3)), and the Village cleared 9 Depot Road from January 6."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from clerk import clerk_at, day_after, pdf_text

CASE = "VB-C-2026-0001"
CERTIFICATE, STATEMENT, ASSESSMENT = "VB-D-2026-00001", "VB-D-2026-00002", "VB-D-2026-00003"

CERTIFICATE_FACTS = [
    "storm_ceased=2026-01-04T02:00",
    "depth_inches=5.5",
    "village_began_clearing=2026-01-06T09:00",
    "cost_reported_by=the Superintendent of Public Works",
    "cost_reported_on=2026-01-08",
    "premises_cleaned=B-0212 | the public sidewalk along the Depot Road frontage of 9 Depot Road",
    "work=B-0212 | Snow and ice removal, January 6, 2026: two laborers | 186.00 | 186.00",
    "work=B-0212 | Sand and deicing material applied, January 6, 2026 | 42.50 | 42.50",
]
LEVY = ["levied_on=2026-03-02", "resolution=Resolution No. 2026-14 of the Council"]


@pytest.fixture
def clerk(tmp_path, runner):
    return clerk_at(tmp_path, runner, "village-b")


def exported_text(clerk, number: str, tmp_path: Path) -> str:
    clerk("document", "export", number, "--format", "pdf", "--out", str(tmp_path / "out"))
    text = pdf_text(next((tmp_path / "out").rglob(f"{number}.pdf")))
    # A document number broken at its hyphen across two lines ("VB- D-2026-00001") read whole.
    return re.sub(r"(?<=[A-Z0-9])- (?=[A-Z0-9])", "-", text)


def documents(clerk) -> list[tuple[str, str, str | None]]:
    shown = json.loads(clerk("case", "show", CASE, "--json").output)
    return [(d["number"], d["notice_type"], d["follows"]) for d in shown["documents"]]


def deadlines(clerk) -> dict[str, str | None]:
    shown = json.loads(clerk("case", "show", CASE, "--json").output)
    return {d["number"]: d["deadline"] for d in shown["documents"]}


def certificate_filed(clerk, filed_at: str = "2026-01-12T15:00") -> None:
    """The certificate for 9 Depot Road, dated January 12 and filed with the Treasurer."""
    clerk(
        "case",
        "open",
        "--village",
        "village-b",
        "--parcel",
        "B-0212",
        "--notice-type",
        "cost-certificate",
        *[f"--fact={fact}" for fact in CERTIFICATE_FACTS],
        today="2026-01-12",
    )
    clerk(
        "case",
        "party",
        CASE,
        "--role",
        "officer",
        "--name",
        "Sam Okafor, Village Treasurer",
        "--address",
        "Village Office|2 Sample Street|Village B NY 10001",
        today="2026-01-12",
    )
    clerk("issue", CASE, today="2026-01-12")
    clerk(
        "serve",
        CERTIFICATE,
        "--method",
        "file_with_officer",
        "--by",
        "D. Whitfield",
        "--at",
        filed_at,
        today=day_after(filed_at),
    )


def statement_mailed(clerk, on: str = "2026-01-16") -> None:
    clerk("issue", CASE, "statement-of-charges", today=on)
    clerk(
        "serve",
        STATEMENT,
        "--method",
        "first_class_mail",
        "--by",
        "S. Okafor",
        "--at",
        f"{on}T15:00",
        today=day_after(on),
    )


def test_certificate_statement_and_special_assessment_follow_one_another_in_one_case(
    clerk, tmp_path
):
    certificate_filed(clerk)
    certificate = exported_text(clerk, CERTIFICATE, tmp_path)
    assert "Sam Okafor, Village Treasurer" in certificate
    # Made before its filing, the certificate states the rule; the filing fixes the day.
    assert "within ten days after receipt of this certificate" in certificate
    assert deadlines(clerk)[CERTIFICATE] == "2026-01-22"  # ten days from its filing
    statement_mailed(clerk)
    statement = exported_text(clerk, STATEMENT, tmp_path)
    # Taken from the register: the certificate's number and date, not retyped.
    assert f"By certificate No. {CERTIFICATE} dated January 12, 2026" in statement
    assert "DEPOT ROAD REALTY TRUST" in statement  # the owner of record, not the Treasurer
    assert "Total charges assessed on this parcel $228.50" in statement
    # Made before it is mailed, the statement states the rule; the mailing fixes the day:
    # 30 days from Friday, January 16 end on Sunday, February 15; Monday is Washington's
    # Birthday, so the statement may be paid through Tuesday, February 17.
    assert "within 30 days from the date this statement is forwarded" in statement
    assert deadlines(clerk)[STATEMENT] == "2026-02-17"
    clerk("pay", STATEMENT, "--amount", "100.00", "--on", "2026-02-01", today="2026-02-01")
    clerk("case", "record", CASE, *[f"--fact={fact}" for fact in LEVY], today="2026-03-02")
    clerk("issue", CASE, "special-assessment", today="2026-03-03")
    levy = exported_text(clerk, ASSESSMENT, tmp_path)
    # The statement's number and mailing, and the payment on it, come from the register.
    assert (
        f"On January 16, 2026, the Village Treasurer mailed you Statement of Charges No. {STATEMENT}"
        in levy
    )
    assert "Those 30 days ended on Tuesday, February 17, 2026" in levy
    assert "Paid on the statement $100.00" in levy
    assert "Expense incurred and unpaid $128.50" in levy
    assert "Penalty and administrative fee, 10% of $128.50 $12.85" in levy
    assert "Special assessment upon the property $141.35" in levy
    assert documents(clerk) == [
        (CERTIFICATE, "cost-certificate", None),
        (STATEMENT, "statement-of-charges", CERTIFICATE),
        (ASSESSMENT, "special-assessment", STATEMENT),
    ]
    clerk("proof", STATEMENT, "--out", str(tmp_path / "proofs"), today="2026-03-03")
    proof = pdf_text(next((tmp_path / "proofs").rglob("*.pdf")))
    assert "On Friday, January 16, 2026 at 3:00 p.m. EST, I mailed a true copy" in proof
    # The ordinance's own words, not the notice definition's paraphrase of them.
    assert (
        "the one Division (C) provides: “the Village Treasurer shall forward a statement of the "
        "total charges assessed on each parcel of property to the person as shown as the owner "
        "by the last current tax roll”" in proof
    )


def test_a_statement_forwarded_after_the_ten_days_is_refused_and_takes_no_number(clerk):
    certificate_filed(clerk)
    late = clerk("issue", CASE, "statement-of-charges", today="2026-01-23", ok=False)
    assert late.exit_code == 1
    assert (
        "The ten days after the certificate was received on Monday, January 12, 2026 ran "
        "through Thursday, January 22, 2026 (division (C))"
    ) in late.output
    assert "this statement is dated Friday, January 23, 2026, after that day" in late.output
    # On the tenth day it is forwarded, and takes the number the refusal did not use.
    clerk("issue", CASE, "statement-of-charges", today="2026-01-22")
    assert documents(clerk)[-1] == (STATEMENT, "statement-of-charges", CERTIFICATE)


def test_the_ten_days_count_from_the_certificate_s_filing_with_the_treasurer_not_its_date(clerk):
    # Dated Monday, January 12, filed Wednesday, January 14: the tenth day is Saturday,
    # January 24, so the Treasurer may forward the statement through Monday, January 26.
    certificate_filed(clerk, filed_at="2026-01-14T10:00")
    early = clerk("issue", CASE, "statement-of-charges", today="2026-01-13", ok=False)
    assert early.exit_code == 1
    assert (
        "The Village Treasurer received the certificate on Wednesday, January 14, 2026, after "
        "this statement's date, Tuesday, January 13, 2026"
    ) in early.output
    late = clerk("issue", CASE, "statement-of-charges", today="2026-01-27", ok=False)
    assert "ran through Monday, January 26, 2026 (division (C))" in late.output
    clerk("issue", CASE, "statement-of-charges", today="2026-01-26")
    assert [number for number, *_ in documents(clerk)] == [CERTIFICATE, STATEMENT]


def test_a_statement_needs_the_certificate_filed_with_the_treasurer(clerk):
    clerk(
        "case",
        "open",
        "--village",
        "village-b",
        "--parcel",
        "B-0212",
        "--notice-type",
        "cost-certificate",
        *[f"--fact={fact}" for fact in CERTIFICATE_FACTS],
        today="2026-01-12",
    )
    before = clerk("issue", CASE, "statement-of-charges", today="2026-01-12", ok=False)
    assert "follows a 'cost-certificate' issued in case VB-C-2026-0001" in before.output
    clerk(
        "case",
        "party",
        CASE,
        "--role",
        "officer",
        "--name",
        "Sam Okafor, Village Treasurer",
        "--address",
        "Village Office|2 Sample Street|Village B NY 10001",
        today="2026-01-12",
    )
    clerk("issue", CASE, today="2026-01-12")
    unfiled = clerk("issue", CASE, "statement-of-charges", today="2026-01-16", ok=False)
    assert unfiled.exit_code == 1
    assert f"{CERTIFICATE} has not been served" in unfiled.output


def test_one_statement_is_forwarded_for_each_certificate_unless_it_is_void(clerk):
    certificate_filed(clerk)
    clerk("issue", CASE, "statement-of-charges", today="2026-01-16")
    second = clerk("issue", CASE, "statement-of-charges", today="2026-01-16", ok=False)
    assert second.exit_code == 1
    assert f"{STATEMENT} is already the Statement of Charges for Sidewalk Clearing" in second.output
    assert f"for {CERTIFICATE}" in second.output
    clerk("void", STATEMENT, "--reason", "wrong premises", today="2026-01-16")
    clerk("issue", CASE, "statement-of-charges", today="2026-01-16")
    assert documents(clerk)[-1] == ("VB-D-2026-00003", "statement-of-charges", CERTIFICATE)


def test_the_council_levies_only_after_the_thirty_days_and_the_refusal_takes_no_number(clerk):
    certificate_filed(clerk)
    statement_mailed(clerk)
    clerk(
        "case",
        "record",
        CASE,
        "--fact=levied_on=2026-02-17",
        "--fact=resolution=Resolution No. 2026-9 of the Council",
        today="2026-02-17",
    )
    early = clerk("issue", CASE, "special-assessment", today="2026-02-17", ok=False)
    assert early.exit_code == 1
    assert (
        "The statement mailed on Friday, January 16, 2026 may be paid through Tuesday, "
        "February 17, 2026 (divisions (C) and (D)); the Council may levy the special "
        "assessment only after that day."
    ) in early.output
    clerk("case", "record", CASE, "--fact=levied_on=2026-02-18", today="2026-02-18")
    clerk("issue", CASE, "special-assessment", today="2026-02-18")
    assert documents(clerk)[-1] == (ASSESSMENT, "special-assessment", STATEMENT)


def test_the_thirty_days_count_from_the_statement_s_mailing_not_its_date(clerk):
    certificate_filed(clerk)
    # Dated Friday, January 16 but mailed Tuesday, January 20: payable through February 19.
    clerk("issue", CASE, "statement-of-charges", today="2026-01-16")
    clerk(
        "serve",
        STATEMENT,
        "--method",
        "first_class_mail",
        "--by",
        "S. Okafor",
        "--at",
        "2026-01-20T15:00",
        today="2026-01-21",
    )
    clerk("case", "record", CASE, *[f"--fact={fact}" for fact in LEVY[1:]], today="2026-02-19")
    clerk("case", "record", CASE, "--fact=levied_on=2026-02-19", today="2026-02-19")
    early = clerk("issue", CASE, "special-assessment", today="2026-02-19", ok=False)
    assert "mailed on Tuesday, January 20, 2026 may be paid through Thursday, February 19" in (
        early.output
    )


def test_a_statement_paid_in_full_leaves_the_council_nothing_to_levy(clerk):
    certificate_filed(clerk)
    statement_mailed(clerk)
    clerk("pay", STATEMENT, "--amount", "228.50", "--on", "2026-02-10", today="2026-02-10")
    clerk("case", "record", CASE, *[f"--fact={fact}" for fact in LEVY], today="2026-03-02")
    paid = clerk("issue", CASE, "special-assessment", today="2026-03-03", ok=False)
    assert paid.exit_code == 1
    assert "The statement of $228.50 is paid in full ($228.50 received)" in paid.output
    assert [number for number, *_ in documents(clerk)] == [CERTIFICATE, STATEMENT]


def test_one_special_assessment_is_levied_for_each_statement(clerk):
    certificate_filed(clerk)
    statement_mailed(clerk)
    clerk("case", "record", CASE, *[f"--fact={fact}" for fact in LEVY], today="2026-03-02")
    clerk("issue", CASE, "special-assessment", today="2026-03-03")
    again = clerk("issue", CASE, "special-assessment", today="2026-03-04", ok=False)
    assert again.exit_code == 1
    assert f"{ASSESSMENT} is already the Notice of Special Assessment" in again.output


@pytest.mark.parametrize(
    "typed",
    [
        "certificate_number=VB-2026-C-0002",
        "certificate_date=2026-01-12",
        "certificate_received=2026-01-12",
        "statement_number=VB-2026-T-0005",
        "statement_mailed=2026-01-16",
        "amount_paid=0.00",
        "parcel_premises=the public sidewalk along 9 Depot Road",
        "certified_costs=Snow removal|1.00",
    ],
)
def test_what_the_statement_and_the_levy_take_from_the_register_cannot_be_typed(clerk, typed):
    certificate_filed(clerk)
    refused = clerk("case", "record", CASE, "--fact", typed, today="2026-01-16", ok=False)
    assert refused.exit_code == 1
    assert f"'{typed.split('=')[0]}' is not recorded: the " in refused.output
    assert "takes it from the document it follows in the register" in refused.output


def test_nothing_follows_a_right_of_way_violation_notice(clerk):
    clerk(
        "case",
        "open",
        "--village",
        "village-b",
        "--parcel",
        "B-0212",
        "--notice-type",
        "right-of-way-violation",
        "--fact=observed_at=2026-02-17T07:40",
        "--fact=materials=snow",
        "--fact=right_of_way=the eastbound lane of Depot Road in front of 9 Depot Road",
        "--fact=how_placed=pushed from the parking lot by a plow truck",
        "--fact=traffic_effect=a ridge of snow covers most of the eastbound lane",
        "--fact=village_permission=false",
        today="2026-02-17",
    )
    clerk(
        "case",
        "party",
        CASE,
        "--role",
        "contractor",
        "--name",
        "Northfield Plowing and Landscape LLC",
        "--address",
        "880 County Route 9|Village B NY 10001",
        today="2026-02-17",
    )
    clerk("issue", CASE, today="2026-02-17")
    # Division (E) forbids the act and provides no remedy of its own: no bill follows it.
    refused = clerk("issue", CASE, "statement-of-charges", today="2026-02-18", ok=False)
    assert refused.exit_code == 1
    assert "the case may issue: right-of-way-violation." in refused.output


# --- Division (C): one certificate over several parcels, one statement for each parcel ------

THREE_PARCELS = [
    "storm_ceased=2026-01-04T02:00",
    "depth_inches=5.5",
    "village_began_clearing=2026-01-06T09:00",
    "cost_reported_by=the Superintendent of Public Works",
    "cost_reported_on=2026-01-08",
    "premises_cleaned=B-0107 | the public sidewalk along the Church Street frontage of 44 Church "
    "Street",
    "premises_cleaned=B-0212 | the public sidewalk along the Depot Road frontage of 9 Depot Road",
    "premises_cleaned=B-0318 | the public sidewalk along the Mill Street frontage of 15 Mill Street",
    "work=B-0107 | Snow and ice removal, January 6, 2026: one laborer | 93.00 | 93.00",
    "work=B-0212 | Snow and ice removal, January 6, 2026: two laborers | 186.00 | 186.00",
    "work=B-0212 | Sand and deicing material applied, January 6, 2026 | 42.50 | 42.50",
    "work=B-0318 | Snow and ice removal with the sidewalk plow, January 6, 2026 | 75.00 | 61.25",
]


def certificate_of_three_parcels_filed(clerk) -> None:
    """One certificate for 44 Church Street, 9 Depot Road and 15 Mill Street, filed January 12."""
    clerk(
        "case",
        "open",
        "--village",
        "village-b",
        "--parcel",
        "B-0107",
        "--parcel",
        "B-0212",
        "--parcel",
        "B-0318",
        "--notice-type",
        "cost-certificate",
        *[f"--fact={fact}" for fact in THREE_PARCELS],
        today="2026-01-12",
    )
    clerk(
        "case",
        "party",
        CASE,
        "--role",
        "officer",
        "--name",
        "Sam Okafor, Village Treasurer",
        "--address",
        "Village Office|2 Sample Street|Village B NY 10001",
        today="2026-01-12",
    )
    clerk("issue", CASE, today="2026-01-12")
    clerk(
        "serve",
        CERTIFICATE,
        "--method",
        "file_with_officer",
        "--by",
        "D. Whitfield",
        "--at",
        "2026-01-12T15:00",
        today="2026-01-13",
    )


def issued_numbers(result) -> list[str]:
    return [
        line.split(":")[0].removeprefix("Issued ")
        for line in result.output.splitlines()
        if line.startswith("Issued ")
    ]


def test_a_certificate_over_three_parcels_gives_each_owner_a_statement_of_its_own_charges(
    clerk, tmp_path
):
    certificate_of_three_parcels_filed(clerk)
    issued = clerk("issue", CASE, "statement-of-charges", today="2026-01-16")
    assert issued_numbers(issued) == ["VB-D-2026-00002", "VB-D-2026-00003", "VB-D-2026-00004"]
    shown = json.loads(clerk("case", "show", CASE, "--json").output)
    statements = [d for d in shown["documents"] if d["notice_type"] == "statement-of-charges"]
    assert [(d["recipient_name"], d["amount_due"], d["follows"]) for d in statements] == [
        ("Olivia Brandt", "93.00", CERTIFICATE),
        ("Depot Road Realty Trust", "228.50", CERTIFICATE),
        ("Marcus and Ellen Tavares", "61.25", CERTIFICATE),
    ]
    church = exported_text(clerk, "VB-D-2026-00002", tmp_path)
    assert "the Church Street frontage of 44 Church Street" in church
    assert "Total charges assessed on this parcel $93.00" in church
    assert "Depot Road" not in church and "Mill Street" not in church
    depot = exported_text(clerk, "VB-D-2026-00003", tmp_path)
    assert "Sand and deicing material applied, January 6, 2026 $42.50" in depot
    assert "Total charges assessed on this parcel $228.50" in depot
    mill = exported_text(clerk, "VB-D-2026-00004", tmp_path)
    # The reasonable cost certified, $61.25, not the $75.00 reported.
    assert "Total charges assessed on this parcel $61.25" in mill
    assert "$75.00" not in mill
    assert f"By certificate No. {CERTIFICATE} dated January 12, 2026" in mill


def test_a_second_statement_for_a_parcel_is_refused_and_a_voided_one_is_replaced_alone(clerk):
    certificate_of_three_parcels_filed(clerk)
    clerk("issue", CASE, "statement-of-charges", today="2026-01-16")
    again = clerk("issue", CASE, "statement-of-charges", today="2026-01-16", ok=False)
    assert again.exit_code == 1
    assert (
        f"VB-D-2026-00002 is already the Statement of Charges for Sidewalk Clearing for "
        f"{CERTIFICATE}, parcel B-0107" in again.output
    )
    clerk("void", "VB-D-2026-00003", "--reason", "misaddressed", today="2026-01-16")
    # The certificate is open again for the one parcel whose statement was voided.
    shown = json.loads(clerk("case", "show", CASE, "--json", today="2026-01-17").output)
    assert ("statement-of-charges", [CERTIFICATE]) in [
        (m["notice_type"], m["follows"]) for m in shown["may_issue"]
    ]
    replaced = clerk("issue", CASE, "statement-of-charges", today="2026-01-17")
    assert issued_numbers(replaced) == ["VB-D-2026-00005"]
    assert "to Depot Road Realty Trust" in replaced.output
    after = json.loads(clerk("case", "show", CASE, "--json", today="2026-01-17").output)
    assert "statement-of-charges" not in [m["notice_type"] for m in after["may_issue"]]


def test_each_parcel_s_special_assessment_follows_its_own_statement_and_levies_its_own_cost(
    clerk, tmp_path
):
    certificate_of_three_parcels_filed(clerk)
    clerk("issue", CASE, "statement-of-charges", today="2026-01-16")
    for number in ("VB-D-2026-00002", "VB-D-2026-00003", "VB-D-2026-00004"):
        clerk(
            "serve",
            number,
            "--method",
            "first_class_mail",
            "--by",
            "S. Okafor",
            "--at",
            "2026-01-16T15:00",
            today="2026-01-17",
        )
    # 44 Church Street pays in full; 15 Mill Street pays part.
    clerk("pay", "VB-D-2026-00002", "--amount", "93.00", "--on", "2026-02-01", today="2026-02-01")
    clerk("pay", "VB-D-2026-00004", "--amount", "11.25", "--on", "2026-02-01", today="2026-02-01")
    clerk("case", "record", CASE, *[f"--fact={fact}" for fact in LEVY], today="2026-03-02")
    ambiguous = clerk("issue", CASE, "special-assessment", today="2026-03-03", ok=False)
    assert "has 3 documents the Notice of Special Assessment" in ambiguous.output
    assert "name one with --follows" in ambiguous.output
    paid = clerk(
        "issue",
        CASE,
        "special-assessment",
        "--follows",
        "VB-D-2026-00002",
        today="2026-03-03",
        ok=False,
    )
    assert "The statement of $93.00 is paid in full ($93.00 received)" in paid.output
    clerk("issue", CASE, "special-assessment", "--follows", "VB-D-2026-00004", today="2026-03-03")
    clerk("issue", CASE, "special-assessment", "--follows", "VB-D-2026-00003", today="2026-03-03")
    mill = exported_text(clerk, "VB-D-2026-00005", tmp_path)
    assert "Statement of Charges No. VB-D-2026-00004" in mill
    assert "MARCUS AND ELLEN TAVARES" in mill.upper() and "Depot Road" not in mill
    assert "Paid on the statement $11.25" in mill
    assert "it was not paid in full:" in mill
    assert "Expense incurred and unpaid $50.00" in mill
    assert "Special assessment upon the property $55.00" in mill
    depot = exported_text(clerk, "VB-D-2026-00006", tmp_path)
    assert "Statement of Charges No. VB-D-2026-00003" in depot
    assert "Expense incurred and unpaid $228.50" in depot
    assert "nothing was paid on it:" in depot and "not paid in full" not in depot
    assert "Special assessment upon the property $251.35" in depot
    shown = json.loads(clerk("case", "show", CASE, "--json").output)
    levies = [d for d in shown["documents"] if d["notice_type"] == "special-assessment"]
    assert [(d["follows"], d["recipient_name"], d["parcel_id"]) for d in levies] == [
        ("VB-D-2026-00004", "Marcus and Ellen Tavares", "B-0318"),
        ("VB-D-2026-00003", "Depot Road Realty Trust", "B-0212"),
    ]
    again = clerk(
        "issue",
        CASE,
        "special-assessment",
        "--follows",
        "VB-D-2026-00004",
        today="2026-03-04",
        ok=False,
    )
    assert "VB-D-2026-00005 is already the Notice of Special Assessment" in again.output
