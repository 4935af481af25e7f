"""Village A's chain at the command line with a fixed clock: the directive to comply with
§ 134-41A (seven days, § 134-42A; two in an emergency, § 134-42B), the bill for the maintenance
the Village then performed (§ 134-45A-C, inferred) and the sworn statement of the bill left
unpaid 20 days after it was sent (§ 134-45C, inferred). The bill takes from the register the
day the directive's time to comply ended, as its service fixed it, and refuses to charge work
begun before then; the statement takes the bill's number, mailing and payments.

The sample is 14 A Street (casebook/village-a): the directive served Monday, January 5, 2026;
the Village worked on January 14 and 15; the bill of $3,025.85 sent February 2."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from clerk import CASEBOOK, article, clerk_at, day_after, pdf_text

CASE = "VA-C-2026-0001"
DIRECTIVE, BILL, STATEMENT = "VA-D-2026-00001", "VA-D-2026-00002", "VA-D-2026-00003"

BILL_FACTS = [
    "violation=the failure to comply with § 134-41A within seven calendar days after the directive",
    "work_performed=Removed construction debris and two abandoned appliances from the travel lane.",
    "work_performed=Cut up and removed the tree limbs lying across the roadway edge.",
    "work_started=2026-01-14",
    "work_completed=2026-01-15",
    "labor=DPW Laborer R. Ortiz | 6 | 31.25 | 42.5",
    "labor=DPW Equipment Operator L. Chen | 4 | 36.80 | 42.5",
    "administrative_time=$500",
    "general_counsel=1.5 | 275.00",
    "contractors=Sample Tree Care Co., invoice 2291, limb removal | 1,450.00",
    "materials_and_equipment=Disposal fees, County transfer station ticket 55120 | 186.40",
]
ARTICLE = article(1)


@pytest.fixture
def clerk(tmp_path, runner):
    return clerk_at(tmp_path, runner, "village-a")


def exported_text(clerk, number: str, tmp_path: Path) -> str:
    clerk("document", "export", number, "--format", "pdf", "--out", str(tmp_path / "out"))
    text = pdf_text(next((tmp_path / "out").rglob(f"{number}.pdf")))
    # A document number broken at its hyphen across two lines ("VA- D-2026-00002") read whole.
    return re.sub(r"(?<=[A-Z0-9])- (?=[A-Z0-9])", "-", text)


def proof_text(clerk, number: str, tmp_path: Path) -> str:
    out = tmp_path / "proofs" / number
    clerk("proof", number, "--out", str(out))
    return pdf_text(next(out.rglob("*.pdf")))


def documents(clerk) -> list[tuple[str, str, str | None]]:
    shown = json.loads(clerk("case", "show", CASE, "--json").output)
    return [(d["number"], d["notice_type"], d["follows"]) for d in shown["documents"]]


def directive_served(clerk, notice: str = "directive-to-comply", at: str = "2026-01-05T10:00"):
    clerk("case", "open", "--from", str(CASEBOOK / "village-a" / f"{notice}.toml"), today=at[:10])
    clerk("issue", CASE, today=at[:10])
    clerk(
        "serve",
        DIRECTIVE,
        "--method",
        "hand_owner",
        "--by",
        "R. Ortiz",
        "--at",
        at,
        "--to",
        "the owner",
        "--address",
        "the premises",
        today=day_after(at),
    )


def bill_facts(clerk, *changes: str, today: str = "2026-02-02") -> None:
    changed = {change.split("=")[0] for change in changes}
    kept = [fact for fact in BILL_FACTS if fact.split("=")[0] not in changed]
    clerk("case", "record", CASE, *[f"--fact={fact}" for fact in [*kept, *changes]], today=today)


def bill_sent(clerk) -> None:
    clerk("issue", CASE, "maintenance-bill", today="2026-02-02")
    clerk(
        "serve",
        BILL,
        "--method",
        "certified_mail",
        "--by",
        "clerk",
        "--at",
        "2026-02-02T11:00",
        "--article-number",
        ARTICLE,
        today="2026-02-03",
    )


def test_directive_bill_and_sworn_statement_walk_from_service_to_proof(clerk, tmp_path):
    directive_served(clerk)
    directive = exported_text(clerk, DIRECTIVE, tmp_path)
    assert "Monday, January 12, 2026" in directive  # seven days from service (§ 134-42A)
    bill_facts(clerk)
    bill_sent(clerk)
    clerk("receipt", BILL, "--signed", "2026-02-05T13:00", today="2026-02-06")
    bill = exported_text(clerk, BILL, tmp_path)
    assert "$3,025.85" in bill
    # Made before it was sent, the bill states the rule; its certified mailing fixes the day:
    # 20 days from sending, February 2: Sunday, February 22, moved to Monday (GCL § 25-a).
    assert "within 20 days after this bill is sent by certified mail" in bill
    shown = json.loads(clerk("case", "show", CASE, "--json").output)
    assert [d["deadline"] for d in shown["documents"]] == ["2026-01-12", "2026-02-23"]
    assert "CERTIFIED MAIL — RETURN RECEIPT REQUESTED MAX ROSS" in bill
    clerk("pay", BILL, "--amount", "500.00", "--on", "2026-02-10", today="2026-02-10")
    clerk(
        "case",
        "party",
        CASE,
        "--role",
        "officer",
        "--name",
        "Village Administrator",
        "--address",
        "Village Hall|VILLAGE A NY 10000",
        today="2026-02-24",
    )
    clerk("issue", CASE, "sworn-statement", today="2026-02-24")
    statement = exported_text(clerk, STATEMENT, tmp_path)
    assert f"Document No. {BILL}" in statement
    assert ARTICLE in statement
    assert "$500.00" in statement and "$2,525.85" in statement
    assert "ended on Monday, February 23, 2026" in statement
    assert documents(clerk) == [
        (DIRECTIVE, "directive-to-comply", None),
        (BILL, "maintenance-bill", DIRECTIVE),
        (STATEMENT, "sworn-statement", BILL),
    ]
    served = proof_text(clerk, DIRECTIVE, tmp_path)
    assert "Hand-delivered to an owner of the property." in served
    mailed = proof_text(clerk, BILL, tmp_path)
    assert ARTICLE in mailed and "certified mail" in mailed.lower()


def test_a_bill_for_work_begun_within_the_directive_s_seven_days_is_refused_and_takes_no_number(
    clerk,
):
    directive_served(clerk)
    bill_facts(clerk, "work_started=2026-01-12")
    early = clerk("issue", CASE, "maintenance-bill", today="2026-02-02", ok=False)
    assert early.exit_code == 1
    assert (
        "The Village began the maintenance on Monday, January 12, 2026, but the directive gave "
        "until Monday, January 12, 2026 to comply (§ 134-42A and B); the actual cost is charged "
        "for maintenance performed upon a person's violation (§ 134-45A, inferred)"
    ) in early.output
    assert [number for number, *_ in documents(clerk)] == [DIRECTIVE]
    bill_facts(clerk, "work_started=2026-01-13")
    clerk("issue", CASE, "maintenance-bill", today="2026-02-02")
    assert documents(clerk)[-1] == (BILL, "maintenance-bill", DIRECTIVE)


def test_the_seven_days_the_bill_waits_for_count_from_the_directive_s_service_not_its_date(
    clerk,
):
    # Dated Monday, January 5, served Wednesday, January 7: the owner had through January 14.
    clerk("case", "open", "--from", str(CASEBOOK / "village-a" / "directive-to-comply.toml"))
    clerk("issue", CASE, today="2026-01-05")
    clerk(
        "serve",
        DIRECTIVE,
        "--method",
        "hand_owner",
        "--by",
        "R. Ortiz",
        "--at",
        "2026-01-07T10:00",
        "--to",
        "the owner",
        "--address",
        "the premises",
        today="2026-01-08",
    )
    bill_facts(clerk)
    early = clerk("issue", CASE, "maintenance-bill", today="2026-02-02", ok=False)
    assert "the directive gave until Wednesday, January 14, 2026 to comply" in early.output
    bill_facts(clerk, "work_started=2026-01-15")
    clerk("issue", CASE, "maintenance-bill", today="2026-02-02")


def test_the_emergency_directive_s_two_days_skip_the_weekend_before_the_village_may_bill(clerk):
    # Served Friday, January 9, 2026: Saturday and Sunday are left out of a two-day period
    # (GCL § 20), so the owner had through Tuesday, January 13 (§ 134-42B).
    directive_served(clerk, "emergency-directive-to-comply", at="2026-01-09T16:00")
    bill_facts(clerk, "work_started=2026-01-13", "work_completed=2026-01-14")
    early = clerk("issue", CASE, "maintenance-bill", today="2026-01-20", ok=False)
    assert early.exit_code == 1
    assert "the directive gave until Tuesday, January 13, 2026 to comply" in early.output
    bill_facts(clerk, "work_started=2026-01-14", today="2026-01-20")
    clerk("issue", CASE, "maintenance-bill", today="2026-01-20")
    assert documents(clerk)[-1] == (BILL, "maintenance-bill", DIRECTIVE)


def test_a_bill_dated_before_the_work_was_completed_is_refused(clerk):
    directive_served(clerk)
    bill_facts(clerk, today="2026-01-14")
    early = clerk("issue", CASE, "maintenance-bill", today="2026-01-14", ok=False)
    assert early.exit_code == 1
    assert (
        "The maintenance was completed on Thursday, January 15, 2026, after this bill's date, "
        "Wednesday, January 14, 2026"
    ) in early.output
    clerk("issue", CASE, "maintenance-bill", today="2026-01-15")


def test_a_bill_needs_the_directive_served_to_know_when_its_time_to_comply_ended(clerk):
    clerk("case", "open", "--from", str(CASEBOOK / "village-a" / "directive-to-comply.toml"))
    clerk("issue", CASE, today="2026-01-05")
    bill_facts(clerk)
    unserved = clerk("issue", CASE, "maintenance-bill", today="2026-02-02", ok=False)
    assert unserved.exit_code == 1
    assert f"{DIRECTIVE} has not been served" in unserved.output
    assert [number for number, *_ in documents(clerk)] == [DIRECTIVE]


def test_the_day_to_comply_is_taken_from_the_directive_and_cannot_be_typed(clerk):
    directive_served(clerk)
    typed = clerk("case", "record", CASE, "--fact", "comply_by=2026-01-20", ok=False)
    assert typed.exit_code == 1
    assert "'comply_by' is not recorded: the Bill for Private Street Maintenance" in typed.output


def test_nothing_follows_a_parking_notice_of_violation(clerk):
    # § 134-42D forbids the parking; the Village performs no maintenance to bill for it, and
    # the penalties are Chapter 116's (§ 134-44, inferred).
    path = CASEBOOK / "village-a" / "notice-of-violation-parking.toml"
    clerk("case", "open", "--from", str(path), today="2026-03-10")
    clerk("issue", CASE, today="2026-03-10")
    refused = clerk("issue", CASE, "maintenance-bill", today="2026-03-20", ok=False)
    assert refused.exit_code == 1
    assert "the case may issue: notice-of-violation-parking." in refused.output


# --- § 134-45F through the register: one bill for each owner's share --------------------------

OWNERS = [
    ("0301-02-011", "ABC LLC", "10 A Street"),
    ("0301-02-001", "Ed and Marie Smith", "12 A Street"),
    ("0301-02-004", "Max Ross", "14 A Street"),
    ("0301-02-009", "John Smith", "16 A Street"),
    ("0301-02-013", "F Inc.", "18 A Street"),
]
SHARED_BILLS = [f"VA-D-2026-0000{n}" for n in range(1, 6)]


def test_five_owners_sharing_one_obligation_each_get_their_own_bill_served_proved_and_followed(
    clerk, tmp_path
):
    # The rolls were imported by the fixture (clerk_at): the five properties on A Street, on
    # 2, 3, 4, 1 and 1 tax lots. Snow and ice needs no directive (§ 134-42C), so the bill opens
    # the case; § 134-45F divides the cost by the five properties, not by the eleven lots.
    parcels = [arg for parcel, _, _ in OWNERS for arg in ("--parcel", parcel)]
    clerk(
        "case",
        "open",
        "--village",
        "village-a",
        "--notice-type",
        "maintenance-bill",
        *parcels,
        "--fact=street_name=A Street (private)",
        *[f"--fact={f}" for f in BILL_FACTS],
        today="2026-02-02",
    )
    issued = clerk("issue", CASE, today="2026-02-02").output
    assert [line.split(":")[0] for line in issued.splitlines() if line.startswith("Issued")] == [
        f"Issued {number}" for number in SHARED_BILLS
    ]
    shown = json.loads(clerk("case", "show", CASE, "--json").output)
    billed = [d for d in shown["documents"] if d["notice_type"] == "maintenance-bill"]
    # $3,025.85 over five properties is $605.17 each, whatever their number of tax lots.
    assert [(d["number"], d["recipient_name"], d["amount_due"]) for d in billed] == [
        (number, owner, "605.17")
        for number, (_, owner, _) in zip(SHARED_BILLS, OWNERS, strict=True)
    ]
    for n, number in enumerate(SHARED_BILLS, 1):
        clerk(
            "serve",
            number,
            "--method",
            "certified_mail",
            "--by",
            "clerk",
            "--at",
            "2026-02-02T11:00",
            "--article-number",
            article(10 + n),
            today="2026-02-03",
        )
        clerk("receipt", number, "--signed", "2026-02-05T13:00", today="2026-02-06")
    shown = json.loads(clerk("case", "show", CASE, "--json").output)
    assert [d["deadline"] for d in shown["documents"]] == ["2026-02-23"] * 5

    # The fourth owner's bill: its own addressee, property and share, and the apportionment.
    bill = exported_text(clerk, SHARED_BILLS[3], tmp_path)
    assert "JOHN SMITH" in bill and "16 A Street" in bill
    assert "divided by the number of properties, 5" in bill
    assert "Full amount due for this property: $605.17" in bill
    assert "$3,025.85" in bill
    for *_, address in OWNERS[:3]:
        assert address not in bill
    # Each bill's proof shows its own mailing to its own owner.
    for n, (number, (_, owner, _)) in enumerate(zip(SHARED_BILLS, OWNERS, strict=True), 1):
        proof = proof_text(clerk, number, tmp_path)
        assert article(10 + n) in proof, number
        assert owner.upper() in proof.upper(), number
        for m in range(1, 6):
            if m != n:
                assert article(10 + m) not in proof, (number, m)

    # The follow-up of one owner's unpaid bill is that owner's alone.
    clerk("pay", SHARED_BILLS[1], "--amount", "105.17", "--on", "2026-02-10", today="2026-02-10")
    clerk(
        "case",
        "party",
        CASE,
        "--role",
        "officer",
        "--name",
        "Village Administrator",
        "--address",
        "Village Hall|VILLAGE A NY 10000",
        today="2026-02-24",
    )
    clerk("issue", CASE, "sworn-statement", "--follows", SHARED_BILLS[1], today="2026-02-24")
    statement = exported_text(clerk, "VA-D-2026-00006", tmp_path)
    assert f"Document No. {SHARED_BILLS[1]}" in statement
    assert article(12) in statement
    assert "the cost divided by the 5 properties responsible" in statement
    assert "Principal amount due $500.00" in statement
    assert "12 A Street" in statement and "Ed and Marie Smith" in statement
    assert documents(clerk)[-1] == ("VA-D-2026-00006", "sworn-statement", SHARED_BILLS[1])
