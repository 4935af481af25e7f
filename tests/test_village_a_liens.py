"""Village A's shared obligation to the assessment roll at the command line, with a fixed clock:
the apportionment schedule lists each owner's bill by number (§ 134-45F, C, inferred), and the
list of unpaid liens gathers the sworn statements filed in the village's cases whose bills are
still unpaid, refusing one filed within its bill's 20 days (§ 134-45C, E, inferred; review L5).

What the clerk types, after the bills and the sworn statements of each case:

    noticeclerk issue VA-C-2026-0001 apportionment-schedule      # after the case's bills
    noticeclerk case open --village village-a --notice-type unpaid-liens-list \\
        --fact "assessment_roll=2026-2027 annual assessment roll" \\
        --fact interest_fixed_on=2026-04-01                     # no --parcel: the village's
    noticeclerk case party VA-C-2026-0003 --role officer --name "Village Assessor" \\
        --address "Village Hall|1 Sample Plaza|Village A NY 10000"
    noticeclerk issue VA-C-2026-0003                             # gathers the liens

The sample: the snow on A Street cleared on February 3, 2026 for $3,000.00, shared by 10, 12
and 16 A Street ($1,000.00 each), billed February 16 and mailed Tuesday, February 17 (the post
office closed on Washington's Birthday): the 20 days run through Monday, March 9. Beside it,
the bill of $3,025.85 for 14 A Street mailed February 2 (casebook/village-a/maintenance-bill).
"""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path

import pytest
from clerk import CASEBOOK, article, clerk_at, day_after, keep_sworn_original, pdf_text

from noticeclerk.register.database import open_register, register_url, transaction
from noticeclerk.register.issuing import find_document

SHARED, SINGLE, LIST = "VA-C-2026-0001", "VA-C-2026-0002", "VA-C-2026-0003"
# The three owners' bills of the shared case, in the order of its parcels.
ABC, SMITHS, JOHN = "VA-D-2026-00001", "VA-D-2026-00002", "VA-D-2026-00003"
SHARED_FACTS = [
    "violation=the failure to clear A Street of snow and ice after the accumulation of two "
    "inches or more on February 1, 2026 (§ 134-41B).",
    "street_name=A Street (private)",
    "work_performed=Plowed and sanded the full width of A Street.",
    "work_started=2026-02-02",
    "work_completed=2026-02-03",
    "labor=none",
    "administrative_time=$500",
    "general_counsel=none",
    "contractors=Sample Plowing Co., invoice 77, snow clearing | 2,500.00",
    "materials_and_equipment=none",
]
PARCELS = ("0301-02-011", "0301-02-001", "0301-02-009")


@pytest.fixture
def clerk(tmp_path, runner):
    return clerk_at(tmp_path, runner, "village-a")


def exported_text(clerk, number: str, tmp_path: Path) -> str:
    out = tmp_path / "out" / number
    clerk("document", "export", number, "--format", "pdf", "--out", str(out))
    text = pdf_text(next(out.rglob(f"{number}.pdf")))
    # A document number broken at its hyphen across two lines ("VA- D-2026-00002") read whole.
    return re.sub(r"(?<=[A-Z0-9])- (?=[A-Z0-9])", "-", text)


def numbers(clerk, case: str) -> list[tuple[str, str]]:
    shown = json.loads(clerk("case", "show", case, "--json").output)
    return [(d["number"], d["notice_type"]) for d in shown["documents"]]


def shared_bills_issued(clerk) -> None:
    """The snow clearing of three properties, one case, one bill to each owner on February 16."""
    parcels = [option for parcel in PARCELS for option in ("--parcel", parcel)]
    clerk(
        "case",
        "open",
        "--village",
        "village-a",
        "--notice-type",
        "maintenance-bill",
        *parcels,
        *[f"--fact={fact}" for fact in SHARED_FACTS],
        today="2026-02-16",
    )
    clerk("issue", SHARED, today="2026-02-16")


def mail(clerk, number: str, on: str, article_number: str) -> None:
    clerk(
        "serve",
        number,
        "--method",
        "certified_mail",
        "--by",
        "clerk",
        "--at",
        f"{on}T11:00",
        "--article-number",
        article_number,
        today=day_after(on),
    )


def administrator(clerk, case: str, today: str) -> None:
    clerk(
        "case",
        "party",
        case,
        "--role",
        "officer",
        "--name",
        "Village Administrator",
        "--address",
        "Village Hall|1 Sample Plaza|Village A NY 10000",
        today=today,
    )


def statement_filed(clerk, case: str, bill: str | None, on: str, filed_at: str) -> str:
    follows = ("--follows", bill) if bill else ()
    issued = clerk("issue", case, "sworn-statement", *follows, today=on).output
    number = issued.split("Issued ")[1].split(":")[0]
    keep_sworn_original(clerk, number, signed_on=filed_at[:10])
    clerk(
        "serve",
        number,
        "--method",
        "file_with_officer",
        "--by",
        "Superintendent of Public Works",
        "--at",
        filed_at,
        today=day_after(filed_at),
    )
    return number


def liens_of_the_village(clerk, *, filed_at: str = "2026-03-10T10:00") -> dict[str, str]:
    """Both cases to their sworn statements: 14 A Street's filed February 24; the shared
    case's three on March 10, after which ABC LLC paid its portion in full."""
    shared_bills_issued(clerk)
    for number, n in ((ABC, 1), (SMITHS, 2), (JOHN, 3)):
        mail(clerk, number, "2026-02-17", article(n))
    bill_case = CASEBOOK / "village-a" / "maintenance-bill.toml"
    clerk("case", "open", "--from", str(bill_case), today="2026-02-02")
    clerk("issue", SINGLE, today="2026-02-02")
    single_bill = "VA-D-2026-00004"
    mail(clerk, single_bill, "2026-02-02", article(4))
    administrator(clerk, SINGLE, "2026-02-24")
    single = statement_filed(clerk, SINGLE, None, "2026-02-24", "2026-02-24T15:00")
    clerk("pay", SMITHS, "--amount", "400.00", "--on", "2026-03-01", today="2026-03-01")
    administrator(clerk, SHARED, "2026-03-10")
    found = {"single_bill": single_bill, "single": single}
    for name, bill in (("abc", ABC), ("smiths", SMITHS), ("john", JOHN)):
        found[name] = statement_filed(clerk, SHARED, bill, "2026-03-10", filed_at)
    clerk("pay", ABC, "--amount", "1,000.00", "--on", "2026-03-20", today="2026-03-20")
    return found


def list_case_opened(clerk) -> str:
    opened = clerk(
        "case",
        "open",
        "--village",
        "village-a",
        "--notice-type",
        "unpaid-liens-list",
        "--fact=assessment_roll=2026-2027 annual assessment roll",
        "--fact=interest_fixed_on=2026-04-01",
        today="2026-04-01",
    ).output
    number = opened.split("Opened case ")[1].rstrip(".\n")
    clerk(
        "case",
        "party",
        number,
        "--role",
        "officer",
        "--name",
        "Village Assessor",
        "--address",
        "Village Hall|1 Sample Plaza|Village A NY 10000",
        today="2026-04-01",
    )
    return number


def interest(principal: str, days: int) -> Decimal:
    """Simple interest at New York's legal rate, 9% (CPLR 5004(a)), over a 365-day year."""
    exact = Decimal(principal) * 9 * days / 36500
    return exact.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)


# --- The apportionment schedule (§ 134-45F) --------------------------------------------------


def test_the_schedule_follows_the_owners_bills_and_lists_each_by_number(clerk, tmp_path):
    shared_bills_issued(clerk)
    issued = clerk("issue", SHARED, "apportionment-schedule", today="2026-02-16").output
    assert "Issued VA-D-2026-00004" in issued
    text = exported_text(clerk, "VA-D-2026-00004", tmp_path)
    for owner, bill in (("ABC LLC", ABC), ("Ed and Marie Smith", SMITHS), ("John Smith", JOHN)):
        assert f"{owner} No. {bill}, dated February 16, 2026 $1,000.00" in text
    assert "Actual cost to the Village, 3 properties $3,000.00" in text
    # Nothing in the register shows the bills went in the same envelope as the schedule.
    assert "sent with this schedule" not in text
    assert numbers(clerk, SHARED)[-1] == ("VA-D-2026-00004", "apportionment-schedule")


def test_the_schedule_is_refused_before_the_bills_and_takes_no_number(clerk):
    parcels = [option for parcel in PARCELS for option in ("--parcel", parcel)]
    clerk(
        "case",
        "open",
        "--village",
        "village-a",
        "--notice-type",
        "directive-to-comply",
        *parcels,
        "--fact=inspection_date=2026-01-02",
        "--fact=street_name=A Street (private)",
        "--fact=conditions=Debris blocks the travel lane.",
        "--fact=corrective_action=Remove the debris from the travel lane.",
        today="2026-01-02",
    )
    clerk("issue", SHARED, today="2026-01-05")
    early = clerk("issue", SHARED, "apportionment-schedule", today="2026-01-05", ok=False)
    assert early.exit_code == 1
    assert (
        "Parcel 0301-02-011 of case VA-C-2026-0001 has no 'maintenance-bill' issued (a void one "
        "does not count); the Apportionment of the Cost of Private Street Maintenance lists one "
        "for each property, so issue it first."
    ) in early.output
    assert len(numbers(clerk, SHARED)) == 3


def test_the_bills_the_schedule_lists_cannot_be_typed(clerk):
    shared_bills_issued(clerk)
    typed = clerk(
        "case",
        "record",
        SHARED,
        f"--fact=bills={PARCELS[0]} | X-1 | 2026-02-16 | 1,000.00",
        ok=False,
    )
    assert typed.exit_code == 1
    assert "'bills' is not recorded" in typed.output


def test_a_property_whose_bill_is_void_stops_the_schedule_until_it_is_billed_again(clerk):
    shared_bills_issued(clerk)
    clerk("void", JOHN, "--reason", "wrong mailing address", today="2026-02-16")
    refused = clerk("issue", SHARED, "apportionment-schedule", today="2026-02-16", ok=False)
    assert refused.exit_code == 1
    assert (
        "Parcel 0301-02-009 of case VA-C-2026-0001 has no 'maintenance-bill' issued (a void one "
        "does not count)"
    ) in refused.output


def test_a_case_over_one_property_has_nothing_to_apportion(clerk):
    clerk(
        "case",
        "open",
        "--from",
        str(CASEBOOK / "village-a" / "maintenance-bill.toml"),
        today="2026-02-02",
    )
    clerk("issue", SHARED, today="2026-02-02")
    shown = json.loads(clerk("case", "show", SHARED, "--json", today="2026-02-02").output)
    # Nothing to apportion is not offered at all; the statement waits for the bill's mailing.
    assert [(s["notice_type"], s["standing"]) for s in shown["next_steps"]] == [
        ("maintenance-bill", "not"),
        ("sworn-statement", "not_yet"),
    ]
    refused = clerk("issue", SHARED, "apportionment-schedule", today="2026-02-02", ok=False)
    assert refused.exit_code == 1
    assert (
        "The Apportionment of the Cost of Private Street Maintenance lists the documents of the "
        "several properties of a case, one for each; case VA-C-2026-0001 is over one property."
    ) in refused.output


def test_a_schedule_cannot_open_a_case_of_its_own(clerk):
    clerk(
        "case",
        "open",
        "--village",
        "village-a",
        "--notice-type",
        "apportionment-schedule",
        *[option for parcel in PARCELS for option in ("--parcel", parcel)],
        "--fact=violation=the failure to clear A Street.",
        "--fact=street_name=A Street (private)",
        "--fact=work_completed=2026-02-03",
        today="2026-02-16",
    )
    refused = clerk("issue", SHARED, today="2026-02-16", ok=False)
    assert refused.exit_code == 1
    assert "cannot be case VA-C-2026-0001's first document" in refused.output


# --- The unpaid liens for the assessment roll (§ 134-45E) -----------------------------------


def test_the_list_gathers_the_filed_statements_whose_bills_are_unpaid(clerk, tmp_path):
    found = liens_of_the_village(clerk)
    assert list_case_opened(clerk) == LIST
    issued = clerk("issue", LIST, today="2026-04-01").output
    number = issued.split("Issued ")[1].split(":")[0]
    assert "to Village Assessor" in issued
    shown = clerk("case", "show", LIST).output
    assert "none: the case's documents are the village's, not a parcel's" in shown
    text = exported_text(clerk, number, tmp_path)
    single = (
        f"14 A Street; Max Ross No. {found['single']}, filed February 24, 2026, on bill No. "
        f"{found['single_bill']} sent by certified mail February 2, 2026; work completed "
        "January 15, 2026; interest for 76 days"
    )
    assert single in text
    assert f"$3,025.85 ${interest('3025.85', 76)}" in text
    smiths = (
        f"12 A Street; Ed and Marie Smith No. {found['smiths']}, filed March 10, 2026, on bill "
        f"No. {SMITHS} sent by certified mail February 17, 2026; work completed February 3, "
        "2026; interest for 57 days $600.00"
    )
    assert smiths in text
    assert f"No. {found['john']}, filed March 10, 2026, on bill No. {JOHN}" in text
    # ABC LLC paid its portion in full after its statement was filed: no lien to add.
    assert found["abc"] not in text and "ABC LLC" not in text
    total = Decimal("4625.85") + sum(
        (interest(p, d) for p, d in (("3025.85", 76), ("600.00", 57), ("1000.00", 57))),
        Decimal(0),
    )
    assert "Total of the liens listed $4,625.85" in text and f"{total:,}" in text


def test_a_statement_filed_within_its_bill_s_20_days_is_refused_and_takes_no_number(clerk):
    # Review L5: the filing recorded on Monday, March 9, the last day the owners could pay.
    # `serve` now refuses a filing dated before the statement itself; a register written
    # before that check may still hold one, which the list must refuse.
    liens_of_the_village(clerk)
    engine = open_register(register_url(clerk.office, None))
    with transaction(engine) as session:
        statement = find_document(session, "VA-D-2026-00007")
        statement.services[-1].served_at = datetime(2026, 3, 9, 20, 0, tzinfo=UTC)
    engine.dispose()
    assert list_case_opened(clerk) == LIST
    refused = clerk("issue", LIST, today="2026-04-01", ok=False)
    assert refused.exit_code == 1
    assert (
        "The sworn statement VA-D-2026-00007 was filed on Monday, March 9, 2026, within the 20 "
        f"days after its bill {SMITHS} was sent by certified mail on Tuesday, February 17, 2026 "
        "(they run through Monday, March 9, 2026); a statement is filed only when the bill was "
        "not paid within them, so it is premature and no lien to add to the roll (§ 134-45C, "
        "inferred)."
    ) in refused.output
    assert "Traceback" not in refused.output
    assert numbers(clerk, LIST) == []


def test_a_statement_whose_filing_is_not_recorded_stops_the_list(clerk):
    shared_bills_issued(clerk)
    mail(clerk, JOHN, "2026-02-17", article(3))
    administrator(clerk, SHARED, "2026-03-10")
    clerk("issue", SHARED, "sworn-statement", "--follows", JOHN, today="2026-03-10")
    refused = clerk("issue", list_case_opened(clerk), today="2026-04-01", ok=False)
    assert refused.exit_code == 1
    assert (
        "VA-D-2026-00004 (case VA-C-2026-0001) is issued but its filing is not recorded; record "
        "it with 'noticeclerk serve VA-D-2026-00004 --method file_with_officer"
    ) in refused.output


def test_a_list_with_no_unpaid_lien_is_refused(clerk):
    shared_bills_issued(clerk)
    refused = clerk("issue", list_case_opened(clerk), today="2026-04-01", ok=False)
    assert refused.exit_code == 1
    assert "has a bill still unpaid on 2026-04-01" in refused.output


def test_the_list_s_case_has_no_parcel_and_its_liens_are_never_typed(clerk):
    with_parcel = clerk(
        "case",
        "open",
        "--village",
        "village-a",
        "--notice-type",
        "unpaid-liens-list",
        "--parcel",
        "0301-02-004",
        "--fact=assessment_roll=2026-2027 annual assessment roll",
        "--fact=interest_fixed_on=2026-04-01",
        ok=False,
    )
    assert with_parcel.exit_code == 1
    assert "open its case with no --parcel" in with_parcel.output
    from_file = clerk(
        "case", "open", "--from", str(CASEBOOK / "village-a" / "unpaid-liens-list.toml"), ok=False
    )
    assert from_file.exit_code == 1
    assert "gathers its liens and their parcels from the register" in from_file.output
    typed = clerk(
        "case",
        "open",
        "--village",
        "village-a",
        "--notice-type",
        "unpaid-liens-list",
        "--fact=liens=0301-02-004 | X | 2026-03-02 | Y | 2026-02-02 | 2026-01-15 | 1.00",
        ok=False,
    )
    assert typed.exit_code == 1
    assert "'liens' is not recorded" in typed.output
    cases = json.loads(clerk("case", "list", "--json").output)
    assert cases == []


# --- The sworn original before the filing (§ 134-45C-D; NY legal reading CF-5) ----------------


def test_a_statement_is_filed_only_once_its_sworn_original_signed_by_then_is_kept(clerk):
    clerk("case", "open", "--from", str(CASEBOOK / "village-a" / "maintenance-bill.toml"),
          today="2026-02-02")  # fmt: skip
    clerk("issue", SHARED, today="2026-02-02")
    mail(clerk, "VA-D-2026-00001", "2026-02-02", article(1))
    administrator(clerk, SHARED, "2026-02-24")
    issued = clerk("issue", SHARED, "sworn-statement", today="2026-02-24").output
    number = issued.split("Issued ")[1].split(":")[0]
    filing = ("serve", number, "--method", "file_with_officer", "--by", "Superintendent of "
              "Public Works", "--at", "2026-02-24T15:00")  # fmt: skip
    unsworn = clerk(*filing, today="2026-02-25", ok=False)
    assert unsworn.exit_code == 1 and "Traceback" not in unsworn.output
    assert (
        "Keep the statement as signed and sworn before a notary (its scan, or its digitally "
        f"signed PDF) first: {number} is served by filing"
    ) in " ".join(unsworn.output.split())
    # Sworn the day after the filing it would support: refused, saying which day it bears.
    keep_sworn_original(clerk, number, signed_on="2026-02-25")
    late = clerk(*filing, today="2026-02-26", ok=False)
    assert "was signed on Wednesday, February 25, 2026, after Tuesday, February 24, 2026" in (
        " ".join(late.output.split())
    )
    shown = json.loads(clerk("case", "show", SHARED, "--json", today="2026-02-26").output)
    assert [d["services"] for d in shown["documents"] if d["number"] == number] == [[]]
    keep_sworn_original(clerk, number, signed_on="2026-02-24", by="Pat Doe")
    clerk(*filing, today="2026-02-26")
