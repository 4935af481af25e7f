"""Luck's cases from first document to the last, walked at the command line with a fixed clock:
the snow and ice notice and its bill, the obstruction notice and the bill for its removal, the
street excavation application, permit, renewal, faulty work bill and defective restoration
notice, the fixture and street privilege permits and their revocations, the vending letter and
the Board's decision on its appeal, and the sidewalk repair order and the permit for the work.

Each follow-up is issued in the case of the first document, takes what it repeats (a permit's
number, a letter's date, the day a notice's 24 hours ended) from the register, and is refused,
with the ordinance's sentence and without taking a number, when its precondition fails."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from clerk import CASEBOOK, LUCK_SNOW_NOTICE, Clerk, article, clerk_at, issued_number, pdf_text

LUCK = CASEBOOK / "luck"


@pytest.fixture
def clerk(tmp_path, runner):
    return clerk_at(tmp_path, runner, "luck")


def facts(*pairs: str) -> list[str]:
    return [option for pair in pairs for option in ("--fact", pair)]


def exported_text(clerk: Clerk, number: str, tmp_path: Path) -> str:
    out = tmp_path / "out" / number
    clerk("document", "export", number, "--format", "pdf", "--out", str(out))
    return pdf_text(next(out.rglob(f"{number}.pdf")))


def documents(clerk: Clerk, case: str) -> list[dict]:
    return json.loads(clerk("case", "show", case, "--json").output)["documents"]


def refused(clerk: Clerk, *args: str, today: str) -> str:
    """A command the register refuses: exit 1, its sentence returned."""
    result = clerk(*args, today=today, ok=False)
    assert result.exit_code == 1, result.output
    return " ".join(result.output.split())


def party(clerk: Clerk, case: str, role: str, name: str, address: str, today: str) -> None:
    clerk("case", "party", case, "--role", role, "--name", name, "--address", address, today=today)


# --- § 496-10: the snow and ice notice and the bill for the Village's removal ----------------

SNOW_BILL = facts(
    "abatement_basis=The snow and ice were not removed by 12:00 noon on December 24, 2026.",
    "work_description=a Public Works crew cleared about 90 feet of sidewalk.",
    # After the notice's noon deadline of December 24 (§ 496-10F, inferred).
    "removed_at=2026-12-24T13:30",
    "costs_incurred_on=2026-12-24",
    "expenses=Labor: two Public Works employees|115.50",
    "expenses=Equipment: skid-steer loader|97.50",
    "expenses=Materials: sand and salt|18.40",
)


def snow_notice_served(clerk: Clerk) -> None:
    """Snow ceased Tuesday, December 22 at 6:30 a.m.; the notice is handed to the owner on
    Wednesday, December 23 at 2:15 p.m., so removal is due by noon on Thursday, December 24."""
    clerk(*LUCK_SNOW_NOTICE, today="2026-12-23")
    clerk("issue", "LU-C-2026-0001", today="2026-12-23")
    clerk(
        "serve",
        "LU-D-2026-00001",
        "--method",
        "hand_owner",
        "--by",
        "Officer D. Reyes",
        "--at",
        "2026-12-23T14:15",
        "--to",
        "the owner",
        "--address",
        "the premises",
        today="2026-12-24",
    )
    clerk("case", "record", "LU-C-2026-0001", *SNOW_BILL, today="2026-12-24")


def test_the_snow_bill_follows_the_served_notice_and_is_due_ten_days_from_its_receipt(
    clerk, tmp_path
):
    snow_notice_served(clerk)
    assert "LU-D-2026-00001-affidavit-of-service.pdf" in (
        clerk("proof", "LU-D-2026-00001", today="2026-12-23").output
    )
    bill = issued_number(
        clerk("issue", "LU-C-2026-0001", "snow-ice-removal-bill", today="2027-01-04")
    )
    assert bill == "LU-D-2027-00001"
    clerk(
        "serve",
        bill,
        "--method",
        "first_class_mail",
        "--by",
        "clerk",
        "--at",
        "2027-01-04T15:00",
        today="2027-01-05",
    )
    receipt = clerk(
        "receipt",
        bill,
        "--received",
        "2027-01-06T12:00",
        "--note",
        "The owner's dated acknowledgment, filed with the case.",
        today="2027-01-07",
    )
    # Ten days from Wednesday, January 6 is Saturday, January 16; the office is closed
    # Saturdays and Monday, January 18 is Martin Luther King, Jr. Day.
    assert "Deadline: Tuesday, January 19, 2027" in receipt.output
    text = exported_text(clerk, bill, tmp_path)
    assert "Case No.: LU-C-2026-0001" in text
    assert "Amount due $231.40" in text
    assert "within 10 calendar days from the day you receive it" in text
    shown = documents(clerk, "LU-C-2026-0001")
    assert [(d["number"], d["follows"]) for d in shown] == [
        ("LU-D-2026-00001", None),
        (bill, "LU-D-2026-00001"),
    ]
    assert (shown[1]["deadline"], shown[1]["outstanding"]) == ("2027-01-19", "231.40")


def test_a_snow_bill_mailed_first_class_states_the_rule_until_its_receipt_is_recorded(
    clerk, tmp_path
):
    snow_notice_served(clerk)
    bill = issued_number(
        clerk("issue", "LU-C-2026-0001", "snow-ice-removal-bill", today="2027-01-04")
    )
    text = exported_text(clerk, bill, tmp_path)
    assert "Pay this bill to the Village Clerk-Treasurer within 10 calendar days from the day" in (
        text
    )
    assert "For a bill received on" not in text  # nobody knows that day yet
    clerk(
        "serve", bill, "--method", "first_class_mail", "--by", "clerk",
        "--at", "2027-01-04T15:00", today="2027-01-05",
    )  # fmt: skip
    waiting = json.loads(clerk("due", "--json", today="2027-01-05").output)
    assert [(i["status"], i["deadline"]) for i in waiting] == [("awaiting_receipt", None)]
    assert f"noticeclerk receipt {bill} --received" in waiting[0]["words"]
    # First-class mail has no return receipt to sign; the day of receipt needs its source.
    signed = refused(clerk, "receipt", bill, "--signed", "2027-01-06", today="2027-01-07")
    assert "which has no return receipt; record the day it was received with --received" in signed
    unsourced = refused(clerk, "receipt", bill, "--received", "2027-01-06", today="2027-01-07")
    assert "Say with --note how the Village knows the day it was received" in unsourced
    clerk(
        "receipt", bill, "--received", "2027-01-06", "--note", "The owner telephoned the clerk.",
        today="2027-01-07",
    )  # fmt: skip
    due = json.loads(clerk("due", "--json", "--date", "2027-01-20", today="2027-01-20").output)
    assert [(i["status"], i["deadline"]) for i in due] == [("unpaid", "2027-01-19")]
    proof = tmp_path / "proof"
    clerk("proof", bill, "--out", str(proof), today="2027-01-20")
    sworn = pdf_text(next(proof.rglob("*.pdf")))
    assert "received, as the Village recorded it" in sworn
    assert "The owner telephoned the clerk." in sworn


def test_one_snow_bill_is_mailed_for_each_notice_unless_it_is_void(clerk):
    snow_notice_served(clerk)
    clerk("issue", "LU-C-2026-0001", "snow-ice-removal-bill", today="2027-01-04")
    second = refused(clerk, "issue", "LU-C-2026-0001", "snow-ice-removal-bill", today="2027-01-05")
    assert (
        "LU-D-2027-00001 is already the Bill for Snow and Ice Removal for LU-D-2026-00001" in second
    )
    clerk("void", "LU-D-2027-00001", "--reason", "wrong expenses", today="2027-01-05")
    again = clerk("issue", "LU-C-2026-0001", "snow-ice-removal-bill", today="2027-01-05")
    assert issued_number(again) == "LU-D-2027-00002"


def test_a_snow_bill_dated_before_the_costs_it_charges_is_refused_and_takes_no_number(clerk):
    snow_notice_served(clerk)
    early = refused(clerk, "issue", "LU-C-2026-0001", "snow-ice-removal-bill", today="2026-12-23")
    assert (
        "The bill is dated Wednesday, December 23, 2026, before the costs it charges were incurred "
        "on Thursday, December 24, 2026; § 496-10G (inferred) bills the expenses" in early
    )
    issued = clerk("issue", "LU-C-2026-0001", "snow-ice-removal-bill", today="2026-12-28")
    assert issued_number(issued) == "LU-D-2026-00002"


@pytest.mark.parametrize(
    ("ceased", "observed", "until", "later"),
    [
        # Tuesday 6:30 a.m. + 24 hours: Wednesday, December 23 at 6:30 a.m.
        (
            "2026-12-22T06:30",
            "2026-12-23T06:00",
            "Wednesday, December 23, 2026 at 6:30 a.m. CST",
            "2026-12-23T09:40",
        ),
        # Saturday 10:00 a.m.: the whole of Sunday is left out (Wis. Stat. § 990.001(4)(a)).
        (
            "2026-12-19T10:00",
            "2026-12-21T09:00",
            "Monday, December 21, 2026 at 10:00 a.m. CST",
            "2026-12-21T10:30",
        ),
    ],
)
def test_a_snow_notice_is_refused_until_the_24_hours_of_496_10a_have_run(
    clerk, ceased, observed, until, later
):
    day = observed[:10]
    clerk(
        "case",
        "open",
        "--village",
        "luck",
        "--parcel",
        "146-00312-0000",
        "--notice-type",
        "snow-ice-nonhazardous",
        *facts(f"snow_ceased={ceased}", f"observed_at={observed}", "sidewalk_location=along Main"),
        today=day,
    )
    early = refused(clerk, "issue", "LU-C-2026-0001", today=day)
    assert f"run until {until} (§ 496-10A)" in early
    assert "the notice of § 496-10B(2) issues only when the owner fails" in early
    assert documents(clerk, "LU-C-2026-0001") == []
    # Found still uncleared once the 24 hours have run, the notice takes the first number.
    clerk("case", "record", "LU-C-2026-0001", "--fact", f"observed_at={later}", today=day)
    assert issued_number(clerk("issue", "LU-C-2026-0001", today=day)) == "LU-D-2026-00001"


def test_the_bill_after_an_immediate_abatement_needs_no_time_to_have_run(clerk):
    # Nobody was available at 305 Foster Avenue; the Village removed the ice at once and mailed
    # the notice of abatement (§ 496-10B(1)), which gives the owner no time to comply.
    clerk("case", "open", "--from", str(LUCK / "snow-ice-hazard-abated.toml"), today="2026-12-29")
    clerk("issue", "LU-C-2026-0001", today="2026-12-29")
    clerk(
        "case",
        "record",
        "LU-C-2026-0001",
        *facts(
            "abatement_basis=The hazard was abated at once; nobody could receive a notice.",
            "work_description=a Public Works crew removed the ice.",
            "removed_at=2026-12-28T08:00",
            "costs_incurred_on=2026-12-28",
            "expenses=Labor|88.00",
        ),
        today="2026-12-29",
    )
    bill = clerk("issue", "LU-C-2026-0001", "snow-ice-removal-bill", today="2026-12-29")
    assert issued_number(bill) == "LU-D-2026-00002"


# --- § 496-8D-F: the obstruction notice and the bill for its removal --------------------------

OBSTRUCTION_BILL = (
    "abatement_basis=The trailer was not removed within 24 hours of the notice.",
    "work_description=a licensed hauler towed the trailer to the Village yard.",
    "expenses=Towing by Northwoods Towing, invoice 4471|185.00",
    "expenses=Labor: Public Works crew, traffic control and sweeping|88.25",
    "expenses=Equipment: street sweeper|60.00",
)


def street_obstruction_mailed(clerk: Clerk, *, signed: bool = True) -> None:
    """The street notice is issued and sent by certified mail on Wednesday, October 14, 2026
    at 3:00 p.m., stating its 24 hours as if delivered then; the receipt is signed on Monday,
    October 19 at 9:00 a.m., so the 24 hours end on Tuesday, October 20 at 9:00 a.m."""
    clerk(
        "case",
        "open",
        "--village",
        "luck",
        "--parcel",
        "146-00520-0000",
        "--notice-type",
        "obstruction-street",
        *facts(
            "observed_at=2026-10-13T15:30",
            "location=the Foster Avenue roadway in front of 305 Foster Avenue",
            "obstruction=an unhitched utility trailer loaded with roofing debris.",
        ),
        # A notice of hours states its deadline from a moment of service, recorded before issue.
        "--event",
        "service=2026-10-14T15:00",
        today="2026-10-14",
    )
    clerk("issue", "LU-C-2026-0001", today="2026-10-14")
    clerk(
        "serve",
        "LU-D-2026-00001",
        "--method",
        "certified_mail",
        "--by",
        "clerk",
        "--at",
        "2026-10-14T15:00",
        "--article-number",
        article(1),
        today="2026-10-15",
    )
    if signed:
        clerk("receipt", "LU-D-2026-00001", "--signed", "2026-10-19T09:00", today="2026-10-20")


def test_the_obstruction_bill_takes_the_end_of_the_24_hours_from_the_signed_receipt(
    clerk, tmp_path
):
    street_obstruction_mailed(clerk)
    clerk(
        "case",
        "record",
        "LU-C-2026-0001",
        *facts(*OBSTRUCTION_BILL, "costs_incurred_on=2026-10-21"),
        today="2026-10-21",
    )
    bill = issued_number(
        clerk("issue", "LU-C-2026-0001", "obstruction-removal-bill", today="2026-10-23")
    )
    text = exported_text(clerk, bill, tmp_path)
    assert "Amount due $333.25" in text
    assert "The costs were incurred on October 21, 2026" in text
    assert [d["follows"] for d in documents(clerk, "LU-C-2026-0001")] == [None, "LU-D-2026-00001"]
    # The day the 24 hours ended is the register's, never typed.
    typed = refused(
        clerk,
        "case",
        "record",
        "LU-C-2026-0001",
        "--fact",
        "notice_deadline=2026-10-30",
        today="2026-10-23",
    )
    assert (
        "'notice_deadline' is not recorded: the Bill for Removal of Obstruction takes it" in typed
    )


def test_an_obstruction_bill_for_costs_incurred_before_the_24_hours_ended_is_refused(clerk):
    street_obstruction_mailed(clerk)
    clerk(
        "case",
        "record",
        "LU-C-2026-0001",
        *facts(*OBSTRUCTION_BILL, "costs_incurred_on=2026-10-19"),
        today="2026-10-20",
    )
    # The day the notice stated when issued (Thursday, October 15) has passed, but the 24 hours
    # run from the signed receipt: removal on Monday, October 19 came too early.
    early = refused(
        clerk, "issue", "LU-C-2026-0001", "obstruction-removal-bill", today="2026-10-20"
    )
    assert (
        "The costs were incurred on Monday, October 19, 2026, before the 24 hours of the notice "
        "to remove ended on Tuesday, October 20, 2026; under § 496-8F (inferred)" in early
    )
    # Removal on the day the 24 hours end is allowed: the day, not the hour, is compared.
    clerk("case", "record", "LU-C-2026-0001", "--fact", "costs_incurred_on=2026-10-20")
    bill = clerk("issue", "LU-C-2026-0001", "obstruction-removal-bill", today="2026-10-20")
    assert issued_number(bill) == "LU-D-2026-00002"


def test_an_obstruction_bill_waits_for_the_signed_receipt_of_a_mailed_notice(clerk):
    street_obstruction_mailed(clerk, signed=False)
    clerk(
        "case",
        "record",
        "LU-C-2026-0001",
        *facts(*OBSTRUCTION_BILL, "costs_incurred_on=2026-10-21"),
        today="2026-10-21",
    )
    waiting = refused(
        clerk, "issue", "LU-C-2026-0001", "obstruction-removal-bill", today="2026-10-21"
    )
    assert "LU-D-2026-00001 has no deadline yet" in waiting
    assert len(documents(clerk, "LU-C-2026-0001")) == 1
    clerk("receipt", "LU-D-2026-00001", "--signed", "2026-10-19T09:00", today="2026-10-21")
    bill = clerk("issue", "LU-C-2026-0001", "obstruction-removal-bill", today="2026-10-21")
    assert issued_number(bill) == "LU-D-2026-00002"


def test_one_obstruction_bill_is_mailed_for_each_notice(clerk):
    street_obstruction_mailed(clerk)
    clerk(
        "case",
        "record",
        "LU-C-2026-0001",
        *facts(*OBSTRUCTION_BILL, "costs_incurred_on=2026-10-21"),
        today="2026-10-21",
    )
    clerk("issue", "LU-C-2026-0001", "obstruction-removal-bill", today="2026-10-23")
    second = refused(
        clerk, "issue", "LU-C-2026-0001", "obstruction-removal-bill", today="2026-10-26"
    )
    assert "LU-D-2026-00002 is already the Bill for Removal of Obstruction for LU-D-2026-00001" in (
        second
    )


# --- §§ 496-8F, 496-10G (inferred): the unpaid bill entered on the tax roll ----------------


def snow_bill_received(clerk: Clerk) -> str:
    """The snow bill of $231.40, mailed January 4, 2027 and received January 6: payable
    through Tuesday, January 19 (Saturday the 16th, the office closed, and Martin Luther King,
    Jr. Day the 18th left out)."""
    snow_notice_served(clerk)
    bill = issued_number(
        clerk("issue", "LU-C-2026-0001", "snow-ice-removal-bill", today="2027-01-04")
    )
    clerk(
        "serve", bill, "--method", "first_class_mail", "--by", "clerk",
        "--at", "2027-01-04T15:00", today="2027-01-05",
    )  # fmt: skip
    clerk(
        "receipt", bill, "--received", "2027-01-06", "--note", "The owner telephoned the clerk.",
        today="2027-01-07",
    )  # fmt: skip
    clerk("case", "record", "LU-C-2026-0001", "--fact", "tax_roll=the 2027 tax roll")
    return bill


def test_the_snow_tax_roll_entry_takes_the_bill_s_number_date_and_balance_from_the_register(
    clerk, tmp_path
):
    bill = snow_bill_received(clerk)
    clerk("pay", bill, "--amount", "100.00", "--on", "2027-01-12", today="2027-01-12")
    entry = issued_number(
        clerk("issue", "LU-C-2026-0001", "snow-ice-tax-roll-entry", today="2027-02-22")
    )
    text = " ".join(exported_text(clerk, entry, tmp_path).split())
    assert f"Bill: {bill}, dated January 4, 2027" in text
    assert "charged the owner $231.40" in text
    assert "that period ended on Tuesday, January 19, 2027" in text
    assert "$100.00 was paid on the bill. On February 22, 2027, $131.40 of the charges remains" in (
        text
    )
    # The reading of § 496-10G's sixty days the Village's file gives, said in the certificate.
    assert (
        "The Village reads § 496-10G to have the charges entered on the tax roll once they have "
        "remained unpaid 60 days after they were incurred, that is, from Monday, February 22, "
        "2027." in text
    )
    assert (
        "I enter those charges, $131.40, onto the 2027 tax roll as a special tax as provided by "
        "§ 66.0907(5), Wis. Stats." in text
    )
    assert "Authority: Ch. 496, § 496-10G " in text and "inferred" not in text
    assert [d["follows"] for d in documents(clerk, "LU-C-2026-0001")][-1] == bill
    typed = refused(
        clerk, "case", "record", "LU-C-2026-0001", "--fact", "amount_unpaid=10.00",
        today="2027-02-22",
    )  # fmt: skip
    assert "'amount_unpaid' is not recorded" in typed


def test_a_tax_roll_entry_before_the_sixty_days_the_village_reads_is_refused_and_takes_no_number(
    clerk,
):
    snow_bill_received(clerk)
    # The bill's ten days and the sixty days after the costs both run: the later day is said.
    for day in ("2027-01-19", "2027-01-20", "2027-02-21"):
        early = refused(clerk, "issue", "LU-C-2026-0001", "snow-ice-tax-roll-entry", today=day)
        assert (
            "the Village reads § 496-10G (inferred) to enter them on the tax roll only once they "
            "have remained unpaid 60 days after that, so not before Monday, February 22, 2027; it "
            "may be issued from Monday, February 22, 2027." in early
        )
    assert len(documents(clerk, "LU-C-2026-0001")) == 2
    entry = clerk("issue", "LU-C-2026-0001", "snow-ice-tax-roll-entry", today="2027-02-22")
    assert issued_number(entry) == "LU-D-2027-00002"


def within_sixty_days(clerk: Clerk) -> None:
    """The village's file relies on the other reading: entered within the sixty days."""
    ours = clerk.office / "letterheads" / "luck"
    ours.mkdir(parents=True)
    built_in = LUCK.parent.parent / "letterheads" / "luck"
    (ours / "letterhead.toml").write_text(
        (built_in / "letterhead.toml")
        .read_text(encoding="utf-8")
        .replace('tax_roll_reading = "after sixty days"', 'tax_roll_reading = "within sixty days"'),
        encoding="utf-8",
    )
    for seal in built_in.glob("seal.*"):
        (ours / seal.name).write_bytes(seal.read_bytes())


def test_read_as_a_time_limit_the_entry_waits_for_the_bill_s_days_and_not_past_the_sixtieth(
    clerk, tmp_path
):
    within_sixty_days(clerk)
    bill = snow_bill_received(clerk)
    early = refused(clerk, "issue", "LU-C-2026-0001", "snow-ice-tax-roll-entry", today="2027-01-19")
    assert (
        f"The bill {bill} may be paid through Tuesday, January 19, 2027 (10 calendar days from "
        "its receipt, § 496-10G, inferred)" in early
    )
    late = refused(clerk, "issue", "LU-C-2026-0001", "snow-ice-tax-roll-entry", today="2027-02-23")
    assert "to require them to be entered on the tax roll within 60 days after that, so by " in late
    assert "Monday, February 22, 2027, which has passed" in late
    entry = issued_number(
        clerk("issue", "LU-C-2026-0001", "snow-ice-tax-roll-entry", today="2027-01-20")
    )
    text = " ".join(exported_text(clerk, entry, tmp_path).split())
    assert (
        "within 60 days after they were incurred, that is, no later than Monday, February 22"
        in (text)
    )


def test_a_tax_roll_entry_waits_for_the_bill_s_receipt_to_be_recorded(clerk):
    snow_notice_served(clerk)
    bill = issued_number(
        clerk("issue", "LU-C-2026-0001", "snow-ice-removal-bill", today="2027-01-04")
    )
    clerk(
        "serve", bill, "--method", "first_class_mail", "--by", "clerk",
        "--at", "2027-01-04T15:00", today="2027-01-05",
    )  # fmt: skip
    clerk("case", "record", "LU-C-2026-0001", "--fact", "tax_roll=the 2027 tax roll")
    waiting = refused(
        clerk, "issue", "LU-C-2026-0001", "snow-ice-tax-roll-entry", today="2027-03-01"
    )
    assert f"{bill} has no deadline yet" in waiting


def obstruction_bill_received(clerk: Clerk) -> str:
    """The obstruction bill of $333.25, mailed October 23, 2026 and received October 27:
    payable through Friday, November 6."""
    street_obstruction_mailed(clerk)
    clerk(
        "case", "record", "LU-C-2026-0001",
        *facts(*OBSTRUCTION_BILL, "costs_incurred_on=2026-10-21", "tax_roll=the 2026 tax roll"),
        today="2026-10-21",
    )  # fmt: skip
    bill = issued_number(
        clerk("issue", "LU-C-2026-0001", "obstruction-removal-bill", today="2026-10-23")
    )
    clerk(
        "serve", bill, "--method", "first_class_mail", "--by", "clerk",
        "--at", "2026-10-23T15:00", today="2026-10-24",
    )  # fmt: skip
    clerk(
        "receipt", bill, "--received", "2026-10-27", "--note", "The owner's letter of that date.",
        today="2026-10-28",
    )  # fmt: skip
    return bill


def test_an_obstruction_bill_paid_in_full_is_not_entered_on_the_tax_roll(clerk):
    bill = obstruction_bill_received(clerk)
    clerk("pay", bill, "--amount", "333.25", "--on", "2026-11-05", today="2026-11-05")
    paid = refused(
        clerk, "issue", "LU-C-2026-0001", "obstruction-tax-roll-entry", today="2026-12-01"
    )
    assert (
        f"Nothing remains unpaid on the bill {bill}; under § 496-8F (inferred) the Village "
        "Clerk-Treasurer enters on the tax roll only charges that remain unpaid." in paid
    )
    assert len(documents(clerk, "LU-C-2026-0001")) == 2


def test_an_unpaid_obstruction_bill_is_entered_once_as_the_state_statutes_provide(clerk, tmp_path):
    bill = obstruction_bill_received(clerk)
    early = refused(
        clerk, "issue", "LU-C-2026-0001", "obstruction-tax-roll-entry", today="2026-11-06"
    )
    assert f"The bill {bill} may be paid through Friday, November 6, 2026" in early
    entry = issued_number(
        clerk("issue", "LU-C-2026-0001", "obstruction-tax-roll-entry", today="2026-11-09")
    )
    text = " ".join(exported_text(clerk, entry, tmp_path).split())
    assert "Nothing was paid on the bill. On November 9, 2026, $333.25 of the charges" in text
    assert "onto the 2026 tax roll as a special tax as provided by the state statutes" in text
    assert "Authority: Ch. 496, § 496-8F " in text and "inferred" not in text
    second = refused(
        clerk, "issue", "LU-C-2026-0001", "obstruction-tax-roll-entry", today="2026-11-10"
    )
    assert f"{entry} is already the Certificate of Unpaid Charges Entered on the Tax Roll" in second


def test_the_owner_is_told_of_the_entry_once_the_certificate_is_filed(clerk, tmp_path):
    """WI legal reading 2026-12-02, §2 item 7: the certificate was filed only."""
    bill = obstruction_bill_received(clerk)
    clerk("pay", bill, "--amount", "100.00", "--on", "2026-11-02", today="2026-11-02")
    entry = issued_number(
        clerk("issue", "LU-C-2026-0001", "obstruction-tax-roll-entry", today="2026-11-09")
    )
    unfiled = refused(
        clerk, "issue", "LU-C-2026-0001", "obstruction-tax-roll-notice", today="2026-11-09"
    )
    assert f"{entry} has not been served" in unfiled
    clerk(
        "serve", entry, "--method", "file_with_officer", "--by", "clerk",
        "--at", "2026-11-09T16:00", today="2026-11-10",
    )  # fmt: skip
    notice = issued_number(
        clerk("issue", "LU-C-2026-0001", "obstruction-tax-roll-notice", today="2026-11-10")
    )
    text = " ".join(exported_text(clerk, notice, tmp_path).split())
    # What the certificate printed, from the register: the bill, its amount and what is unpaid.
    assert f"The Bill for Removal of Obstruction, No. {bill}, dated October 23, 2026" in text
    assert "charged the owner $333.25, and $233.25 of it remained unpaid" in text
    # Filed the evening before: the day of its filing, not of this notice.
    assert "On November 9, 2026, the Village Clerk" in text
    assert "entered the unpaid charges of $233.25 on the 2026 tax roll against the property" in text
    # (The number may break at its hyphen in the PDF's text.)
    unbroken = text.replace("- ", "-")
    assert f"as provided by the state statutes, by certificate No. {entry}." in unbroken
    assert "The Village Code requires no notice to the owner when the charges are entered" in text
    second = refused(
        clerk, "issue", "LU-C-2026-0001", "obstruction-tax-roll-notice", today="2026-11-11"
    )
    assert f"{notice} is already the Notice to Owner" in second


# --- §§ 496-6, 496-7: street excavation -----------------------------------------------------

PERMIT = facts(
    "permittee=Northland Plumbing & Excavating Inc.",
    "contractor=Northland Plumbing & Excavating Inc.; foreman Arne Kvale",
    "application_made_on=2026-06-03",
    "location=Foster Avenue, east driving lane, in front of 427 Foster Avenue",
    "nature_of_work=Repair of a leaking water service.",
    "method=Saw cut; one opening with a trench box; compacted backfill; bituminous patch.",
    "approved_on=2026-06-08",
    "work_starts_at=2026-06-10T07:00",
    "emergency_determined=false",
    "insurer=North Star Casualty Company, policy No. GL-2026-88412",
    "insurance_per_person=1000000.00",
    "insurance_per_accident=1000000.00",
    "insurance_property_damage=500000.00",
    "indemnity_signed_on=2026-06-03",
    "guarantee=surety bond No. SB-40517 of Great Lakes Surety Company",
    "guarantee_amount=2500.00",
    "board_fee=75.00",
    "fee_resolution=Resolution No. 2026-4",
    "village_expenses=Inspection of the trench, 1.5 hours|63.00",
    "fee_receipt=DPW-2026-0117",
    "conditions=One lane of traffic in each direction shall be kept open.",
)

RENEWAL = (
    "operations_begun_on=2026-06-10",
    "reason=the service line is being replaced to the house",
    "insurance_in_force_through=2026-12-31",
    "renewal_fee=40.00",
    "renewal_fee_resolution=Resolution No. 2026-5",
    "renewal_fee_receipt=DPW-2026-0142",
    "renewal_conditions=Notify the Director four hours before backfilling.",
)

FAULTY_NOTICE = facts(
    "deficiencies=The patch settled about 1 1/2 inches.",
    "found_on=2026-09-11",
    "replace_by=2026-09-18",
)

FAULTY = facts(
    "repaired_on=2026-09-24",
    "pay_by=2026-10-28",
    "labor=two Public Works employees, 5 hours each|420.00",
    "materials=hot-mix bituminous surface course, 1.5 tons|187.50",
    "materials=crushed stone base, 2 tons|46.00",
    "equipment=saw, plate compactor and roller, one day|210.00",
)

DEFECT = (
    "addressed_as=surety",
    "restored_by=Northland Plumbing & Excavating Inc.",
    "surety=surety bond No. SB-40517 of Great Lakes Surety Company",
    "completed_on=2026-07-20",
    "defect=The patch has sunk about 2 inches along its east edge.",
    "work_to_be_done=Remove and replace the patch.",
    "cost_of_work=Removal and replacement of the patch|980.00",
    "complete_by=2028-06-30",
)


def application_and_permit(clerk: Clerk) -> str:
    """The form handed out on May 11, 2026; the permit approved and issued on June 8. Returns
    the permit's number."""
    clerk(
        "case",
        "open",
        "--from",
        str(LUCK / "excavation-permit-application.toml"),
        today="2026-05-11",
    )
    assert issued_number(clerk("issue", "LU-C-2026-0001", today="2026-05-11")) == "LU-D-2026-00001"
    clerk("case", "record", "LU-C-2026-0001", *PERMIT, today="2026-06-08")
    party(
        clerk,
        "LU-C-2026-0001",
        "applicant",
        "Northland Plumbing & Excavating Inc.",
        "1180 State Road 35|Milltown WI 54858",
        "2026-06-08",
    )
    permit = clerk("issue", "LU-C-2026-0001", "street-excavation-permit", today="2026-06-08")
    return issued_number(permit)


def test_a_permit_needs_the_application_issued_in_its_case(clerk):
    clerk(
        "case",
        "open",
        "--from",
        str(LUCK / "excavation-permit-application.toml"),
        today="2026-05-11",
    )
    clerk("case", "record", "LU-C-2026-0001", *PERMIT, today="2026-06-08")
    early = refused(
        clerk, "issue", "LU-C-2026-0001", "street-excavation-permit", today="2026-06-08"
    )
    assert "follows a 'excavation-permit-application' issued in case LU-C-2026-0001" in early


def test_the_permit_renewal_faulty_work_bill_and_defect_notice_repeat_the_permit_s_number(
    clerk, tmp_path
):
    permit = application_and_permit(clerk)
    assert permit == "LU-P-000001"
    assert "$138.00" in exported_text(clerk, permit, tmp_path)
    # The renewal: requested on Monday, July 6, within the permit's thirty days.
    clerk(
        "case",
        "record",
        "LU-C-2026-0001",
        *facts(*RENEWAL, "request_made_on=2026-07-06", "renewal_approved_on=2026-07-07"),
        today="2026-07-07",
    )
    renewal = issued_number(
        clerk("issue", "LU-C-2026-0001", "excavation-permit-renewal", today="2026-07-07")
    )
    text = exported_text(clerk, renewal, tmp_path)
    assert f"Permit renewed: {permit}, approved June 8, 2026" in text
    assert "As renewed, it is valid through Friday, August 7, 2026" in text
    assert "Renewal permit fee set by the Village Board (Resolution No. 2026-5) $40.00" in text
    assert "Notify the Director four hours before backfilling." in text
    # The permit's own fee and conditions are untouched by the renewal's.
    assert "One lane of traffic in each direction shall be kept open." not in text
    # The notice to replace the faulty work, then the Village's repair, billed with 20% for
    # administration.
    notice = faulty_work_notice(clerk)
    text = exported_text(clerk, notice, tmp_path)
    assert f"permittee under street excavation permit No. {permit}" in text
    assert "Replace the faulty work or materials no later than Friday, September 18, 2026" in text
    clerk("case", "record", "LU-C-2026-0001", *FAULTY, today="2026-09-28")
    faulty = issued_number(clerk("issue", "LU-C-2026-0001", "faulty-work-bill", today="2026-09-28"))
    text = exported_text(clerk, faulty, tmp_path)
    assert f"permittee under street excavation permit No. {permit}" in text
    # The notice's number and date come from the register, not from a typed fact.
    assert f"On September 14, 2026, the Village gave you notice (Document No. {notice})" in text
    assert "no later than Friday, September 18, 2026, the day the Director" in text
    assert "Administration, 20% of $863.50 $172.70" in text
    assert "$1,036.20" in text
    # The guarantee is the permit's, taken from the case; the day fixed for payment is stated.
    assert "surety bond No. SB-40517 of Great Lakes Surety Company" in text
    assert "Pay this bill to the Village of Luck no later than Wednesday, October 28, 2026" in text
    # The restoration found defective within the two years, written to the surety.
    clerk("case", "record", "LU-C-2026-0001", *facts(*DEFECT, "found_on=2028-05-02"))
    party(
        clerk,
        "LU-C-2026-0001",
        "surety",
        "Great Lakes Surety Company",
        "800 Lake Avenue Suite 400|Duluth MN 55802",
        "2028-05-03",
    )
    defect = issued_number(
        clerk("issue", "LU-C-2026-0001", "defective-restoration-notice", today="2028-05-03")
    )
    text = exported_text(clerk, defect, tmp_path)
    assert (
        "Northland Plumbing & Excavating Inc. restored the opening at Foster Avenue, east driving "
        f"lane, in front of 427 Foster Avenue under street excavation permit No. {permit}" in text
    )
    shown = documents(clerk, "LU-C-2026-0001")
    assert [(d["number"], d["follows"]) for d in shown] == [
        ("LU-D-2026-00001", None),
        (permit, "LU-D-2026-00001"),
        (renewal, permit),
        (notice, permit),
        (faulty, notice),
        (defect, permit),
    ]


def faulty_work_notice(clerk: Clerk) -> str:
    """The notice of Monday, September 14, 2026 to replace the faulty patch by Friday,
    September 18. Returns its number."""
    clerk("case", "record", "LU-C-2026-0001", *FAULTY_NOTICE, today="2026-09-14")
    party(
        clerk,
        "LU-C-2026-0001",
        "contractor",
        "Northland Plumbing & Excavating Inc.",
        "1180 State Road 35|Milltown WI 54858",
        "2026-09-14",
    )
    return issued_number(clerk("issue", "LU-C-2026-0001", "faulty-work-notice", today="2026-09-14"))


def test_a_faulty_work_bill_without_the_notice_to_replace_is_refused_and_takes_no_number(clerk):
    # § 496-6H(2) (inferred): the Village repairs and bills only after notice to replace.
    application_and_permit(clerk)
    clerk("case", "record", "LU-C-2026-0001", *FAULTY_NOTICE, *FAULTY, today="2026-09-28")
    party(
        clerk,
        "LU-C-2026-0001",
        "contractor",
        "Northland Plumbing & Excavating Inc.",
        "1180 State Road 35|Milltown WI 54858",
        "2026-09-28",
    )
    early = refused(clerk, "issue", "LU-C-2026-0001", "faulty-work-bill", today="2026-09-28")
    assert "follows a 'faulty-work-notice' issued in case LU-C-2026-0001" in early
    assert len(documents(clerk, "LU-C-2026-0001")) == 2


def test_a_repair_before_the_day_the_notice_fixed_has_passed_is_refused(clerk):
    application_and_permit(clerk)
    faulty_work_notice(clerk)
    clerk("case", "record", "LU-C-2026-0001", *FAULTY, today="2026-09-28")
    clerk(
        "case", "record", "LU-C-2026-0001", "--fact", "repaired_on=2026-09-17", today="2026-09-28"
    )
    early = refused(clerk, "issue", "LU-C-2026-0001", "faulty-work-bill", today="2026-09-28")
    assert "the day the notice fixed for replacing the faulty work" in early
    assert len(documents(clerk, "LU-C-2026-0001")) == 3


FAULTY_REVOCATION = facts(
    "hearing_notice_on=2026-09-25",
    "hearing_on=2026-10-08",
    "revoked_from=2026-10-13",
    "revoked_through=2027-10-12",
)


def test_the_revocation_follows_the_notice_and_is_refused_without_the_hearing(clerk, tmp_path):
    application_and_permit(clerk)
    notice = faulty_work_notice(clerk)
    # The revocation rests on the notice having been given: it takes the notice's day from the
    # register only once the notice's service is recorded.
    clerk(
        "serve",
        notice,
        "--method",
        "present_personally",
        "--to",
        "Signe Dahlberg",
        "--address",
        "1180 State Road 35, Milltown",
        "--by",
        "Pat Lindqvist",
        "--at",
        "2026-09-14T10:00",
        today="2026-09-15",
    )
    # Without the day of the hearing, there is no determination: refused, and no number taken.
    clerk(
        "case",
        "record",
        "LU-C-2026-0001",
        *facts("hearing_notice_on=2026-09-25", "revoked_from=2026-10-13"),
        *facts("revoked_through=2027-10-12"),
        today="2026-10-12",
    )
    unheard = refused(
        clerk, "issue", "LU-C-2026-0001", "faulty-work-revocation", today="2026-10-12"
    )
    assert "hearing_on" in unheard
    assert len(documents(clerk, "LU-C-2026-0001")) == 3
    clerk("case", "record", "LU-C-2026-0001", *FAULTY_REVOCATION, today="2026-10-12")
    revocation = issued_number(
        clerk("issue", "LU-C-2026-0001", "faulty-work-revocation", today="2026-10-12")
    )
    text = exported_text(clerk, revocation, tmp_path)
    assert f"the Village gave you notice (Document No. {notice}) to replace immediately" in text
    assert "no later than Friday, September 18, 2026" in text
    assert "from Tuesday, October 13, 2026 through Tuesday, October 12, 2027" in text
    assert [d["follows"] for d in documents(clerk, "LU-C-2026-0001")][-1] == notice


def test_a_renewal_requested_after_the_permit_lapsed_is_refused_and_takes_no_number(clerk):
    application_and_permit(clerk)
    clerk(
        "case",
        "record",
        "LU-C-2026-0001",
        *facts(*RENEWAL, "request_made_on=2026-07-09", "renewal_approved_on=2026-07-09"),
        today="2026-07-09",
    )
    late = refused(
        clerk, "issue", "LU-C-2026-0001", "excavation-permit-renewal", today="2026-07-09"
    )
    assert (
        "The written request of Thursday, July 9, 2026 came after the thirty-day validation "
        "period ended on Wednesday, July 8, 2026; there is no permit left to renew" in late
    )
    assert len(documents(clerk, "LU-C-2026-0001")) == 2
    # Recorded as it was, within the thirty days, the renewal takes the next permit number.
    clerk(
        "case",
        "record",
        "LU-C-2026-0001",
        *facts("request_made_on=2026-07-06", "renewal_approved_on=2026-07-07"),
        today="2026-07-09",
    )
    renewal = clerk("issue", "LU-C-2026-0001", "excavation-permit-renewal", today="2026-07-09")
    assert issued_number(renewal) == "LU-P-000002"


def test_a_permit_is_renewed_once(clerk):
    permit = application_and_permit(clerk)
    clerk(
        "case",
        "record",
        "LU-C-2026-0001",
        *facts(*RENEWAL, "request_made_on=2026-07-06", "renewal_approved_on=2026-07-07"),
        today="2026-07-07",
    )
    renewal = issued_number(
        clerk("issue", "LU-C-2026-0001", "excavation-permit-renewal", today="2026-07-07")
    )
    second = refused(
        clerk, "issue", "LU-C-2026-0001", "excavation-permit-renewal", today="2026-07-08"
    )
    assert (
        f"{renewal} is already the Excavation Permit Renewal (Thirty Days) for {permit}" in second
    )


def test_the_permit_number_and_approval_are_the_register_s_not_retyped(clerk):
    application_and_permit(clerk)
    typed = refused(
        clerk,
        "case",
        "record",
        "LU-C-2026-0001",
        "--fact",
        "original_permit=LU-2026-P-0211",
        today="2026-07-07",
    )
    assert "'original_permit' is not recorded" in typed
    gone = refused(
        clerk,
        "case",
        "record",
        "LU-C-2026-0001",
        "--fact",
        "original_approved_on=2026-06-08",
        today="2026-07-07",
    )
    assert "'original_approved_on' is not a fact the documents of this case use" in gone


def test_a_defect_found_after_the_two_years_is_refused(clerk):
    application_and_permit(clerk)
    clerk("case", "record", "LU-C-2026-0001", *facts(*DEFECT, "found_on=2028-07-21"))
    party(
        clerk,
        "LU-C-2026-0001",
        "surety",
        "Great Lakes Surety Company",
        "800 Lake Avenue Suite 400|Duluth MN 55802",
        "2028-07-22",
    )
    late = refused(
        clerk,
        "issue",
        "LU-C-2026-0001",
        "defective-restoration-notice",
        "--to",
        "surety",
        today="2028-07-22",
    )
    assert "after the two years from completion on Monday, July 20, 2026 ended on" in late
    assert len(documents(clerk, "LU-C-2026-0001")) == 2


# The contractor's application of Monday, November 23, 2026 as the Director refuses it.
FROZEN_GROUND_REFUSAL = (
    "applicant=Okafor Builders LLC",
    "application_made_on=2026-11-23",
    "location=the Second Street terrace in front of 15 Second Street",
    "nature_of_work=a new natural gas service to a garage.",
    "proposed_opening_on=2026-12-01",
    "no_emergency_finding=the garage has no gas service to lose.",
)


def test_the_frozen_ground_refusal_answers_the_application_once(clerk, tmp_path):
    clerk(
        "case",
        "open",
        "--village",
        "luck",
        "--parcel",
        "146-00271-0000",
        "--notice-type",
        "excavation-permit-application",
        today="2026-11-23",
    )
    party(
        clerk,
        "LU-C-2026-0001",
        "officer",
        "Director of Public Works",
        "Village Hall|Luck WI 54853",
        "2026-11-23",
    )
    clerk("issue", "LU-C-2026-0001", today="2026-11-23")
    clerk(
        "case",
        "record",
        "LU-C-2026-0001",
        *facts(*FROZEN_GROUND_REFUSAL),
        today="2026-11-24",
    )
    party(
        clerk,
        "LU-C-2026-0001",
        "applicant",
        "Okafor Builders LLC",
        "15 Second Street|Luck WI 54853",
        "2026-11-24",
    )
    refusal = issued_number(
        clerk("issue", "LU-C-2026-0001", "excavation-refusal-frozen-ground", today="2026-11-24")
    )
    assert "the Second Street terrace in front of 15 Second Street" in exported_text(
        clerk, refusal, tmp_path
    )
    second = refused(
        clerk, "issue", "LU-C-2026-0001", "excavation-refusal-frozen-ground", today="2026-11-25"
    )
    assert f"{refusal} is already the Street Excavation Permit Refused: Frozen Ground" in second


# --- § 496-8C: the sidewalk fixture permit, its revocation, and the fixtures' removal ---------

REVOCATION = (
    "fixtures_standing=two benches and three planters in front of 222 Main Street",
    "findings=the benches were moved to the curb line, leaving about four feet clear.",
    "requirements_not_met=c",
    "endangers_pedestrians=true",
)


def fixture_permit(clerk: Clerk) -> str:
    """The bookshop's fixture permit, issued on Wednesday, May 13, 2026."""
    clerk("case", "open", "--from", str(LUCK / "sidewalk-fixture-permit.toml"), today="2026-05-13")
    return issued_number(clerk("issue", "LU-C-2026-0001", today="2026-05-13"))


def test_the_fixture_revocation_repeats_the_permit_and_the_fixtures_then_get_the_24_hours(
    clerk, tmp_path
):
    permit = fixture_permit(clerk)
    clerk(
        "case",
        "record",
        "LU-C-2026-0001",
        *facts(*REVOCATION, "found_on=2026-08-19"),
        today="2026-08-20",
    )
    revocation = issued_number(
        clerk("issue", "LU-C-2026-0001", "sidewalk-fixture-revocation", today="2026-08-20")
    )
    text = exported_text(clerk, revocation, tmp_path)
    assert (
        f"Sidewalk fixture permit {permit}, issued on May 13, 2026 for two benches and three "
        "planters in front of 222 Main Street, is revoked" in text
    )
    # The fixtures left on the sidewalk get the 24-hour notice of § 496-8D in the same case.
    clerk(
        "case",
        "record",
        "LU-C-2026-0001",
        *facts(
            "observed_at=2026-08-21T09:00",
            "location=the sidewalk in front of 222 Main Street",
            "obstruction=two benches stand at the curb line.",
        ),
        # A notice of hours states its deadline from a moment of service: the moment it is to
        # be handed over is recorded before it is issued.
        "--event",
        "service=2026-08-21T10:00",
        today="2026-08-21",
    )
    notice = issued_number(
        clerk("issue", "LU-C-2026-0001", "obstruction-sidewalk", today="2026-08-21")
    )
    assert [d["follows"] for d in documents(clerk, "LU-C-2026-0001")] == [None, permit, revocation]
    assert notice == "LU-D-2026-00002"


def test_a_fixture_permit_is_revoked_once(clerk):
    permit = fixture_permit(clerk)
    clerk(
        "case",
        "record",
        "LU-C-2026-0001",
        *facts(*REVOCATION, "found_on=2026-08-19"),
        today="2026-08-20",
    )
    clerk("issue", "LU-C-2026-0001", "sidewalk-fixture-revocation", today="2026-08-20")
    second = refused(
        clerk, "issue", "LU-C-2026-0001", "sidewalk-fixture-revocation", today="2026-08-21"
    )
    assert f"LU-D-2026-00001 is already the Revocation of Sidewalk Fixture Permit for {permit}" in (
        second
    )


def test_a_finding_before_the_fixture_permit_was_issued_is_refused(clerk):
    fixture_permit(clerk)
    clerk(
        "case",
        "record",
        "LU-C-2026-0001",
        *facts(*REVOCATION, "found_on=2026-05-12"),
        today="2026-08-20",
    )
    early = refused(
        clerk, "issue", "LU-C-2026-0001", "sidewalk-fixture-revocation", today="2026-08-20"
    )
    assert (
        "The day of the finding (Tuesday, May 12, 2026) is before the permit (Wednesday, May 13, "
        "2026); check the dates." in early
    )
    clerk("case", "record", "LU-C-2026-0001", "--fact", "found_on=2026-08-19", today="2026-08-20")
    revocation = clerk("issue", "LU-C-2026-0001", "sidewalk-fixture-revocation", today="2026-08-20")
    assert issued_number(revocation) == "LU-D-2026-00001"


# --- § 496-9: the street privilege permit and its revocation ---------------------------------

PRIVILEGE_REVOCATION = (
    "findings=the lumber stood unlighted overnight across the sidewalk.",
    "conditions_violated=2",
    "conditions_violated=3",
    "obstructed_sidewalk=the public sidewalk along the Second Street frontage of 15 Second Street",
    "obstruction=two pallets of framing lumber standing across its full width.",
    # The permit covered the parking lane only: the sidewalk goes by § 496-8D and § 496-8F.
    "covered_by_permit=false",
)


def privilege_permit(clerk: Clerk) -> str:
    clerk("case", "open", "--from", str(LUCK / "street-privilege-permit.toml"), today="2026-05-04")
    return issued_number(clerk("issue", "LU-C-2026-0001", today="2026-05-04"))


def test_the_street_privilege_revocation_repeats_the_permit_and_gives_24_hours_from_delivery(
    clerk, tmp_path
):
    permit = privilege_permit(clerk)
    clerk(
        "case",
        "record",
        "LU-C-2026-0001",
        *facts(*PRIVILEGE_REVOCATION, "found_at=2026-06-11T06:15"),
        "--event",
        "service=2026-06-11T08:30",
        today="2026-06-11",
    )
    revocation = issued_number(
        clerk("issue", "LU-C-2026-0001", "street-privilege-revocation", today="2026-06-11")
    )
    text = exported_text(clerk, revocation, tmp_path)
    assert f"Street privilege permit {permit}, issued to Ruth and Daniel Okafor" in text
    assert "on May 4, 2026, is revoked" in text
    assert "The permit never covered the public sidewalk along the Second Street frontage" in text
    served = clerk(
        "serve",
        revocation,
        "--method",
        "hand_owner",
        "--by",
        "Pat Lindqvist",
        "--at",
        "2026-06-11T08:30",
        "--to",
        "the owner",
        "--address",
        "the premises",
        today="2026-06-12",
    )
    assert "Deadline: Friday, June 12, 2026 at 8:30 a.m. CDT" in served.output
    clerk("proof", revocation, today="2026-06-11")
    assert [d["follows"] for d in documents(clerk, "LU-C-2026-0001")] == [None, permit]


def test_a_street_privilege_permit_that_has_terminated_cannot_be_revoked(clerk):
    privilege_permit(clerk)
    clerk(
        "case",
        "record",
        "LU-C-2026-0001",
        *facts(*PRIVILEGE_REVOCATION, "found_at=2026-08-05T07:00"),
        "--event",
        "service=2026-08-05T08:30",
        today="2026-08-05",
    )
    late = refused(
        clerk, "issue", "LU-C-2026-0001", "street-privilege-revocation", today="2026-08-05"
    )
    assert (
        "after the permit terminated on Tuesday, August 4, 2026 (§ 496-9E, inferred); there is no "
        "permit left to revoke" in late
    )
    # Found on the last day of the term, the violation still revokes the permit.
    clerk("case", "record", "LU-C-2026-0001", "--fact", "found_at=2026-08-04T21:00")
    assert (
        issued_number(
            clerk("issue", "LU-C-2026-0001", "street-privilege-revocation", today="2026-08-05")
        )
        == "LU-D-2026-00001"
    )


def test_a_street_privilege_permit_is_revoked_once(clerk):
    permit = privilege_permit(clerk)
    clerk(
        "case",
        "record",
        "LU-C-2026-0001",
        *facts(*PRIVILEGE_REVOCATION, "found_at=2026-06-11T06:15"),
        "--event",
        "service=2026-06-11T08:30",
        today="2026-06-11",
    )
    clerk("issue", "LU-C-2026-0001", "street-privilege-revocation", today="2026-06-11")
    second = refused(
        clerk, "issue", "LU-C-2026-0001", "street-privilege-revocation", today="2026-06-12"
    )
    assert "LU-D-2026-00001 is already the Revocation of Street Privilege Permit" in second
    assert f"and Notice to Remove Obstruction for {permit}" in second


# --- § 496-14: the matters in doubt and the Village Board's decision on the appeal -----------

APPEAL = (
    "meeting_on=2026-06-24",
    "resolution=Resolution No. 2026-31",
    "outcome=approved conditionally",
    "reasons=The sponsors' list was filed and the booth plan keeps the sidewalk passable.",
    "terms=The permit issues once proof of insurance is submitted.",
    "event_begins_on=2026-07-17",
)


def matters_in_doubt_mailed(clerk: Clerk) -> None:
    """The letter of Wednesday, June 3, 2026 is mailed on Friday, June 5; it is no decision and
    its service states no deadline."""
    clerk("case", "open", "--from", str(LUCK / "vending-matters-in-doubt.toml"), today="2026-06-03")
    clerk("issue", "LU-C-2026-0001", today="2026-06-03")
    served = clerk(
        "serve",
        "LU-D-2026-00001",
        "--method",
        "first_class_mail",
        "--by",
        "clerk",
        "--at",
        "2026-06-05T10:00",
        today="2026-06-06",
    )
    assert "Deadline" not in served.output
    party(
        clerk,
        "LU-C-2026-0001",
        "appellant",
        "Butternut Days Committee",
        "PO Box 214|Luck WI 54853",
        "2026-06-09",
    )


def denied_after_the_letter(clerk: Clerk) -> str:
    """The committee answers the letter; on Monday, June 8, 2026 the Clerk-Treasurer denies the
    application, and the seven days for an appeal run from that denial to Monday, June 15."""
    clerk(
        "case",
        "record",
        "LU-C-2026-0001",
        *facts(
            "denial_grounds=The answered booth plan still puts booths across the Main Street sidewalk."
        ),
        "--event",
        "decision=2026-06-08",
        today="2026-06-08",
    )
    denial = issued_number(clerk("issue", "LU-C-2026-0001", "vending-denial", today="2026-06-08"))
    served = clerk(
        "serve",
        denial,
        "--method",
        "present_personally",
        "--to",
        "Marit Engstrom",
        "--address",
        "Office of the Village Clerk-Treasurer, Village Hall, Luck",
        "--by",
        "clerk",
        "--at",
        "2026-06-08T10:00",
        today="2026-06-09",
    )
    assert "Deadline: Monday, June 15, 2026" in served.output
    return denial


def test_the_board_s_decision_on_a_matters_in_doubt_letter_alone_is_refused(clerk):
    # The letter is no denial: there is nothing the Board can review yet (§ 496-14B(3)).
    matters_in_doubt_mailed(clerk)
    clerk(
        "case",
        "record",
        "LU-C-2026-0001",
        *facts(*APPEAL, "appeal_filed_on=2026-06-09"),
        today="2026-06-24",
    )
    refused(clerk, "issue", "LU-C-2026-0001", "vending-appeal-decision", today="2026-06-25")
    assert len(documents(clerk, "LU-C-2026-0001")) == 1


def test_the_board_s_decision_follows_the_denial_and_repeats_its_number_and_date(clerk, tmp_path):
    matters_in_doubt_mailed(clerk)
    denial = denied_after_the_letter(clerk)
    clerk(
        "case",
        "record",
        "LU-C-2026-0001",
        *facts(*APPEAL, "appeal_filed_on=2026-06-12"),
        today="2026-06-24",
    )
    decision = issued_number(
        clerk("issue", "LU-C-2026-0001", "vending-appeal-decision", today="2026-06-25")
    )
    text = exported_text(clerk, decision, tmp_path)
    assert "On June 8, 2026, the Village Clerk-Treasurer decided not to approve" in text
    assert f"(Document No. {denial})" in text
    assert "within the seven days from that decision, which ended on Monday, June 15, 2026" in text
    clerk("proof", denial, today="2026-06-25")
    typed = refused(
        clerk,
        "case",
        "record",
        "LU-C-2026-0001",
        "--fact",
        "clerk_decision_on=2026-06-09",
        today="2026-06-25",
    )
    assert "'clerk_decision_on' is not recorded: the Decision of the Village Board" in typed


def test_an_appeal_filed_after_the_seven_days_is_refused_and_takes_no_number(clerk):
    matters_in_doubt_mailed(clerk)
    denied_after_the_letter(clerk)
    clerk(
        "case",
        "record",
        "LU-C-2026-0001",
        *facts(*APPEAL, "appeal_filed_on=2026-06-16"),
        today="2026-06-24",
    )
    late = refused(clerk, "issue", "LU-C-2026-0001", "vending-appeal-decision", today="2026-06-25")
    assert (
        "The appeal was filed on Tuesday, June 16, 2026, after the seven days from the "
        "Clerk-Treasurer's decision ended on Monday, June 15, 2026" in late
    )
    assert len(documents(clerk, "LU-C-2026-0001")) == 2


def test_the_board_decides_each_appeal_once(clerk):
    matters_in_doubt_mailed(clerk)
    denied_after_the_letter(clerk)
    clerk(
        "case",
        "record",
        "LU-C-2026-0001",
        *facts(*APPEAL, "appeal_filed_on=2026-06-12"),
        today="2026-06-24",
    )
    clerk("issue", "LU-C-2026-0001", "vending-appeal-decision", today="2026-06-25")
    second = refused(
        clerk,
        "issue",
        "LU-C-2026-0001",
        "vending-appeal-decision",
        today="2026-06-26",
    )
    assert "LU-D-2026-00003 is already the Decision of the Village Board" in second


# --- Ch. 496, sidewalks: the repair order and the permit for the owner's work -----------------


def test_a_sidewalk_order_served_by_publication_counts_its_60_days_from_the_publication(
    clerk, tmp_path
):
    # The owner cannot be found; the order is published on Thursday, June 4, 2026, not handed
    # over on June 1 as the case expected. The 60 days run from the publication, which the
    # Village relies on as the day of service: Monday, August 3, 2026.
    clerk("case", "open", "--from", str(LUCK / "sidewalk-repair-order.toml"), today="2026-06-01")
    clerk("issue", "LU-C-2026-0001", today="2026-06-01")
    text = " ".join(exported_text(clerk, "LU-D-2026-00001", tmp_path).split())
    assert (
        "an order served by publication, from the day it is published, which the Village "
        "relies on as the day of service" in text
    )
    served = clerk(
        "serve",
        "LU-D-2026-00001",
        "--method",
        "publication",
        "--by",
        "The Enterprise-Herald",
        "--at",
        "2026-06-04T06:00",
        today="2026-06-05",
    )
    assert "Deadline: Monday, August 3, 2026" in served.output
    assert "The case gives the service as Monday, June 1, 2026" in served.output


def test_the_sidewalk_permit_for_the_ordered_repair_is_issued_in_the_order_s_case(clerk, tmp_path):
    clerk("case", "open", "--from", str(LUCK / "sidewalk-repair-order.toml"), today="2026-05-04")
    clerk("issue", "LU-C-2026-0001", today="2026-05-04")
    clerk(
        "case",
        "record",
        "LU-C-2026-0001",
        *facts(
            "permittee=Ingrid & Tomas Bergqvist",
            "location=the Butternut Avenue sidewalk of 118 Butternut Avenue",
            "application_received_on=2026-05-18",
            "work_proposed_on=2026-05-26",
            "board_fee=25.00",
            "fee_resolution=Resolution No. 2026-4",
            "removal_permission=No sidewalk is removed.",
        ),
        today="2026-05-18",
    )
    party(
        clerk,
        "LU-C-2026-0001",
        "applicant",
        "Ingrid & Tomas Bergqvist",
        "118 Butternut Avenue|Luck WI 54853",
        "2026-05-19",
    )
    permit = issued_number(clerk("issue", "LU-C-2026-0001", "sidewalk-permit", today="2026-05-19"))
    text = exported_text(clerk, permit, tmp_path)
    # The work permitted is the work the order requires, recorded once in the case.
    assert "Remove and replace the second, third and fifth slabs east of the driveway" in text
    assert "Restore the terrace disturbed by the work with topsoil and seed." in text
    assert "Sidewalk permit fee set by the Village Board (Resolution No. 2026-4) $25.00" in text
    assert [d["follows"] for d in documents(clerk, "LU-C-2026-0001")] == [None, "LU-D-2026-00001"]


# --- Ch. 496 and § 66.0907, Wis. Stats.: the bill for the work the Village had done ---------

SIDEWALK_WORK = facts(
    "village_work_started_on=2026-08-17",
    "village_work_completed_on=2026-08-19",
    "village_work=Pioneer Concrete LLC replaced the three slabs.",
    "costs=Excavation and removal of three slabs|285.00",
    "costs=Gravel base, 1.5 tons|42.00",
    "costs=Concrete sidewalk, 75 square feet|705.00",
)


def sidewalk_order_handed_over(clerk: Clerk) -> str:
    """The order handed to the owner on Monday, June 1, 2026: 60 days run through July 31."""
    clerk("case", "open", "--from", str(LUCK / "sidewalk-repair-order.toml"), today="2026-06-01")
    order = issued_number(clerk("issue", "LU-C-2026-0001", today="2026-06-01"))
    clerk(
        "serve", order, "--method", "hand_owner", "--by", "Pat Lindqvist",
        "--at", "2026-06-01T10:00", "--to", "Ingrid Bergqvist, an owner",
        "--address", "118 Butternut Avenue", today="2026-06-02",
    )  # fmt: skip
    return order


def test_the_sidewalk_work_bill_takes_the_order_and_the_end_of_its_60_days_from_the_register(
    clerk, tmp_path
):
    order = sidewalk_order_handed_over(clerk)
    clerk(
        "case", "record", "LU-C-2026-0001", *SIDEWALK_WORK, "--fact", "found_undone_on=2026-08-03",
        today="2026-08-20",
    )  # fmt: skip
    bill = issued_number(clerk("issue", "LU-C-2026-0001", "sidewalk-work-bill", today="2026-08-26"))
    text = " ".join(exported_text(clerk, bill, tmp_path).split())
    assert f"Document No. {order}, dated June 1, 2026" in text
    assert (
        "60 days for the work to be completed by the owner; they ended on Friday, July 31" in text
    )
    assert "Amount due $1,032.00" in text
    assert "Chapter 496 of the Village Code sets no day for payment" in text
    assert "to pay the entire cost of construction thereof" in text
    assert [d["follows"] for d in documents(clerk, "LU-C-2026-0001")] == [None, order]
    second = refused(clerk, "issue", "LU-C-2026-0001", "sidewalk-work-bill", today="2026-08-27")
    assert f"{bill} is already the Bill for Sidewalk Work Done by the Village" in second


def test_a_sidewalk_work_bill_for_work_found_undone_within_the_60_days_is_refused(clerk):
    order = sidewalk_order_handed_over(clerk)
    clerk(
        "case", "record", "LU-C-2026-0001", *SIDEWALK_WORK, "--fact", "found_undone_on=2026-07-31",
        today="2026-08-20",
    )  # fmt: skip
    early = refused(clerk, "issue", "LU-C-2026-0001", "sidewalk-work-bill", today="2026-08-26")
    assert (
        f"the 60 days the order {order} allowed the owner run through Friday, July 31, 2026 "
        "(Ch. 496, instead of the 20 days of § 66.0907(3)(d), Wis. Stats.)" in early
    )
    assert len(documents(clerk, "LU-C-2026-0001")) == 1


def test_a_sidewalk_work_bill_needs_the_order_s_service_recorded(clerk):
    clerk("case", "open", "--from", str(LUCK / "sidewalk-repair-order.toml"), today="2026-06-01")
    order = issued_number(clerk("issue", "LU-C-2026-0001", today="2026-06-01"))
    clerk(
        "case", "record", "LU-C-2026-0001", *SIDEWALK_WORK, "--fact", "found_undone_on=2026-08-03",
        today="2026-08-20",
    )  # fmt: skip
    unserved = refused(clerk, "issue", "LU-C-2026-0001", "sidewalk-work-bill", today="2026-08-26")
    assert order in unserved


def test_the_hazardous_snow_notice_is_signed_by_the_officer_who_made_the_finding(clerk, tmp_path):
    """WI attorney review LU3-a: "Officer Dana Reyes ... determined" the danger, yet the notice
    was signed by the Director of Public Works, who made no finding; under § 496-10B(1) the
    officer who determines it "shall cause the issuance" of the notice."""
    clerk("case", "open", "--from", str(LUCK / "snow-ice-hazardous.toml"), today="2026-12-28")
    number = issued_number(clerk("issue", "LU-C-2026-0001", today="2026-12-28"))
    text = " ".join(exported_text(clerk, number, tmp_path).split())
    assert "Dana Reyes, Police Officer, Luck Police Department, determined that" in text
    assert "VILLAGE OF LUCK Dana Reyes Police Officer, Luck Police Department" in text
    assert "Pat Lindqvist" not in text


def test_the_notice_of_an_immediate_abatement_is_signed_by_the_officer_who_caused_it(
    clerk, tmp_path
):
    """§ 496-10B(1): "The Director of Public Works or police officer shall send a written
    notice"; where a police officer found the danger and caused the removal, the officer signs."""
    clerk("case", "open", "--from", str(LUCK / "snow-ice-hazard-abated.toml"), today="2026-12-29")
    clerk(
        "case", "record", "LU-C-2026-0001", "--fact=determined_by=Dana Reyes",
        "--fact=determined_by_title=Police Officer, Luck Police Department", today="2026-12-29",
    )  # fmt: skip
    number = issued_number(clerk("issue", "LU-C-2026-0001", today="2026-12-29"))
    text = " ".join(exported_text(clerk, number, tmp_path).split())
    assert "VILLAGE OF LUCK Dana Reyes Police Officer, Luck Police Department" in text
    assert "Pat Lindqvist" not in text


def test_a_signer_named_by_a_fact_that_is_not_text_is_a_configuration_error(clerk):
    original = (Path(__file__).resolve().parent.parent / "notices" / "luck").joinpath(
        "snow-ice-hazardous.toml"
    )
    folder = clerk.office / "notices" / "luck"
    folder.mkdir(parents=True, exist_ok=True)
    text = original.read_text(encoding="utf-8").replace(
        'title = "determined_by_title"}', 'title = "determined_at"}'
    )
    (folder / "snow-ice-hazardous.toml").write_text(text, encoding="utf-8")
    refused = clerk(
        "case", "open", "--from", str(LUCK / "snow-ice-hazardous.toml"), today="2026-12-28",
        ok=False,
    )  # fmt: skip
    assert refused.exit_code == 1
    said = " ".join(refused.output.split())
    assert "signed_by.title" in said and "'determined_at' is not a text fact of it" in said
