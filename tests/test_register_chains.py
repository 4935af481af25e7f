"""A case from first document to the last, through the command line with a fixed clock: Village
A's directive, the bill for the Village's work, and the sworn statement that repeats the bill's
number, mailing and payments from the register; Luck's notice and the bill that follows it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from clerk import CASEBOOK, LUCK_SNOW_NOTICE, article, clerk_at, issued_number, pdf_text

from noticeclerk.content.notice_types import load_notice, notice_names
from noticeclerk.content.village import village_names
from noticeclerk.exceptions import ConfigError

BILL_FACTS = [
    "violation=the failure to comply with § 134-41A within seven days of the directive",
    "work_performed=Removed construction debris from the travel lane.",
    "work_started=2026-01-14",
    "work_completed=2026-01-15",
    "labor=DPW Laborer R. Ortiz | 6 | 31.25 | 42.5",
    "administrative_time=$500",
    "general_counsel=none",
    "contractors=none",
    "materials_and_equipment=none",
]


@pytest.fixture
def clerk(tmp_path, runner):
    return clerk_at(tmp_path, runner, "village-a", "luck")


def exported_text(clerk, number: str, tmp_path: Path) -> str:
    clerk("document", "export", number, "--format", "pdf", "--out", str(tmp_path / "out"))
    return pdf_text(next((tmp_path / "out").rglob(f"{number}.pdf")))


def village_a_bill_sent(clerk) -> None:
    """Directive served January 5; bill issued and sent by certified mail February 2."""
    clerk(
        "case",
        "open",
        "--from",
        str(CASEBOOK / "village-a" / "directive-to-comply.toml"),
        today="2026-01-02",
    )
    clerk("issue", "VA-C-2026-0001", today="2026-01-05")
    clerk(
        "serve",
        "VA-D-2026-00001",
        "--method",
        "hand_owner",
        "--by",
        "R. Ortiz",
        "--at",
        "2026-01-05T10:00",
        "--to",
        "the owner",
        "--address",
        "the premises",
    )
    clerk(
        "case", "record", "VA-C-2026-0001", *[f"--fact={f}" for f in BILL_FACTS], today="2026-02-02"
    )
    clerk("issue", "VA-C-2026-0001", "maintenance-bill", today="2026-02-02")
    clerk(
        "serve",
        "VA-D-2026-00002",
        "--method",
        "certified_mail",
        "--by",
        "clerk",
        "--at",
        "2026-02-02T11:00",
        "--article-number",
        article(1),
        today="2026-02-03",
    )
    clerk(
        "case",
        "party",
        "VA-C-2026-0001",
        "--role",
        "officer",
        "--name",
        "Village Administrator",
        "--address",
        "Village Hall|VILLAGE A NY 10000",
        today="2026-02-02",
    )


def test_a_bill_and_its_sworn_statement_follow_the_directive_in_one_case(clerk, tmp_path):
    village_a_bill_sent(clerk)
    clerk("pay", "VA-D-2026-00002", "--amount", "100.00", "--on", "2026-02-10", today="2026-02-10")
    clerk("issue", "VA-C-2026-0001", "sworn-statement", today="2026-02-25")
    statement = exported_text(clerk, "VA-D-2026-00003", tmp_path)
    # Taken from the register, not retyped: the bill's number, its certified mailing, the
    # payment received, and the 20 days counted from the mailing.
    assert "Document No. VA-D-2026-00002" in statement
    assert article(1) in statement
    assert "on February 2, 2026" in statement
    assert "$100.00" in statement
    assert "ended on Monday, February 23, 2026" in statement


def test_a_sworn_statement_within_the_twenty_days_is_refused_and_takes_no_number(clerk, tmp_path):
    village_a_bill_sent(clerk)
    early = clerk("issue", "VA-C-2026-0001", "sworn-statement", today="2026-02-23", ok=False)
    assert early.exit_code == 1
    assert "run through Monday, February 23, 2026 (§ 134-45C, inferred)" in early.output
    clerk("issue", "VA-C-2026-0001", "sworn-statement", today="2026-02-24")
    assert "VA-D-2026-00003" in clerk("case", "show", "VA-C-2026-0001").output


def test_one_sworn_statement_is_filed_for_each_bill_unless_it_is_void(clerk):
    village_a_bill_sent(clerk)
    clerk("issue", "VA-C-2026-0001", "sworn-statement", today="2026-02-25")
    second = clerk("issue", "VA-C-2026-0001", "sworn-statement", today="2026-02-26", ok=False)
    assert second.exit_code == 1
    assert "VA-D-2026-00003 is already the Sworn Statement" in second.output
    assert "for VA-D-2026-00002" in second.output
    clerk("void", "VA-D-2026-00003", "--reason", "wrong parcel description", today="2026-02-26")
    clerk("issue", "VA-C-2026-0001", "sworn-statement", today="2026-02-26")
    shown = json.loads(clerk("case", "show", "VA-C-2026-0001", "--json").output)
    assert [(d["number"], d["follows"]) for d in shown["documents"]] == [
        ("VA-D-2026-00001", None),
        ("VA-D-2026-00002", "VA-D-2026-00001"),
        ("VA-D-2026-00003", "VA-D-2026-00002"),
        ("VA-D-2026-00004", "VA-D-2026-00002"),
    ]


def test_what_a_follow_up_takes_from_the_register_cannot_be_typed(clerk):
    village_a_bill_sent(clerk)
    typed = clerk(
        "case",
        "record",
        "VA-C-2026-0001",
        "--fact",
        "bill_number=VA-2026-B-9",
        today="2026-02-25",
        ok=False,
    )
    assert typed.exit_code == 1
    assert "'bill_number' is not recorded: the Sworn Statement" in typed.output


def test_a_follow_up_needs_the_document_it_follows(clerk):
    clerk(
        "case",
        "open",
        "--from",
        str(CASEBOOK / "village-a" / "directive-to-comply.toml"),
        today="2026-01-02",
    )
    clerk("case", "record", "VA-C-2026-0001", *[f"--fact={f}" for f in BILL_FACTS])
    early = clerk("issue", "VA-C-2026-0001", "maintenance-bill", ok=False)
    assert early.exit_code == 1
    assert "follows a 'directive-to-comply' or 'emergency-directive-to-comply' issued in case" in (
        early.output
    )
    unrelated = clerk("issue", "VA-C-2026-0001", "notice-of-violation-parking", ok=False)
    assert "A 'notice-of-violation-parking' does not follow the documents of case" in (
        unrelated.output
    )
    assert (
        "the case may issue: directive-to-comply, maintenance-bill, sworn-statement, "
        "apportionment-schedule"
    ) in unrelated.output


def test_a_sworn_statement_needs_the_bill_to_have_been_mailed(clerk):
    clerk(
        "case",
        "open",
        "--from",
        str(CASEBOOK / "village-a" / "directive-to-comply.toml"),
        today="2026-01-02",
    )
    clerk("issue", "VA-C-2026-0001", today="2026-01-05")
    # The bill takes the day the directive's seven days ended, which its service fixes.
    clerk(
        "serve",
        "VA-D-2026-00001",
        "--method",
        "hand_owner",
        "--by",
        "R. Ortiz",
        "--at",
        "2026-01-05T10:00",
        "--to",
        "the owner",
        "--address",
        "the premises",
    )
    clerk("case", "record", "VA-C-2026-0001", *[f"--fact={f}" for f in BILL_FACTS])
    clerk("issue", "VA-C-2026-0001", "maintenance-bill", today="2026-02-02")
    unserved = clerk(
        "issue", "VA-C-2026-0001", "sworn-statement", "--to", "owner", today="2026-03-02", ok=False
    )
    assert unserved.exit_code == 1
    assert "VA-D-2026-00002 has not been served" in unserved.output
    assert "'noticeclerk serve VA-D-2026-00002'" in unserved.output


def test_luck_s_removal_bill_follows_the_snow_notice_in_its_case(clerk):
    clerk(*LUCK_SNOW_NOTICE, today="2026-12-23")
    clerk("issue", "LU-C-2026-0001", today="2026-12-23")
    clerk(
        "serve", "LU-D-2026-00001", "--method", "hand_owner", "--by", "Officer D. Reyes",
        "--at", "2026-12-23T14:15", "--to", "the owner", "--address", "the premises",
        today="2026-12-24",
    )  # fmt: skip
    # The bill's facts are recorded in the notice's case: the bill follows the notice.
    clerk(
        "case",
        "record",
        "LU-C-2026-0001",
        "--fact",
        "abatement_basis=the notice of December 23, 2026 was not complied with",
        "--fact",
        "work_description=cleared 80 feet of sidewalk along Main Street",
        "--fact",
        "removed_at=2026-12-24T13:00",
        "--fact",
        "costs_incurred_on=2026-12-24",
        "--fact",
        "expenses=Crew, 2 hours|120.00",
        today="2026-12-24",
    )
    issued = clerk("issue", "LU-C-2026-0001", "snow-ice-removal-bill", today="2026-12-28")
    assert "Issued LU-D-2026-00002: " in issued.output


@pytest.mark.parametrize("village", village_names(None))
def test_every_document_a_notice_follows_is_a_notice_type_of_its_village(village):
    names = set(notice_names(village))
    for slug in names:
        notice = load_notice(village, slug)
        assert set(notice.follows) <= names, (slug, set(notice.follows) - names)
        # A fact shared along a chain means the same thing: the same kind in every notice.
        for followed in notice.follows:
            kinds = {fact.name: fact.type for fact in load_notice(village, followed).facts}
            for fact in notice.facts:
                assert kinds.get(fact.name, fact.type) == fact.type, (slug, followed, fact.name)


# --- Village A § 134-45F: one obligation shared by several properties ---------------------


def open_shared_case(clerk) -> None:
    """A directive to the owners of three properties on A Street, one case."""
    clerk(
        "case",
        "open",
        "--village",
        "village-a",
        "--notice-type",
        "directive-to-comply",
        "--parcel",
        "0301-02-011",
        "--parcel",
        "0301-02-001",
        "--parcel",
        "0301-02-004",
        "--fact=inspection_date=2026-01-02",
        "--fact=street_name=A Street (private)",
        "--fact=conditions=Debris blocks the travel lane.",
        "--fact=corrective_action=Remove the debris from the travel lane.",
        today="2026-01-02",
    )


def serve_directives(clerk) -> None:
    """Each owner's directive handed over on January 5: each had through January 12."""
    for number in ("VA-D-2026-00001", "VA-D-2026-00002", "VA-D-2026-00003"):
        clerk(
            "serve",
            number,
            "--method",
            "hand_owner",
            "--by",
            "R. Ortiz",
            "--at",
            "2026-01-05T10:00",
            "--to",
            "the owner",
            "--address",
            "the premises",
        )


def test_a_shared_obligation_gives_each_owner_a_directive_and_a_bill_for_its_share(clerk, tmp_path):
    open_shared_case(clerk)
    directives = clerk("issue", "VA-C-2026-0001", today="2026-01-05").output
    assert directives.count("Issued VA-D-2026-0000") == 3
    assert "to ABC LLC." in directives and "to Max Ross." in directives
    serve_directives(clerk)
    clerk(
        "case", "record", "VA-C-2026-0001", *[f"--fact={f}" for f in BILL_FACTS], today="2026-02-02"
    )
    bills = clerk("issue", "VA-C-2026-0001", "maintenance-bill", today="2026-02-02").output
    assert [line.split(":")[0] for line in bills.splitlines() if line.startswith("Issued")] == [
        "Issued VA-D-2026-00004",
        "Issued VA-D-2026-00005",
        "Issued VA-D-2026-00006",
    ]
    shown = json.loads(clerk("case", "show", "VA-C-2026-0001", "--json").output)
    billed = [d for d in shown["documents"] if d["notice_type"] == "maintenance-bill"]
    # $767.19 (6 hours at $31.25 with 42.5% fringe benefits, and $500 administrative time)
    # divided by three properties: the odd cents go to the first listed.
    assert [(d["recipient_name"], d["amount_due"]) for d in billed] == [
        ("ABC LLC", "255.73"),
        ("Ed and Marie Smith", "255.73"),
        ("Max Ross", "255.73"),
    ]
    text = exported_text(clerk, "VA-D-2026-00006", tmp_path)
    assert "divided by the number of properties, 3" in text
    assert "Full amount due for this property: $255.73" in text
    assert "14 A Street" in text and "12 A Street" not in text


def odd_cost_billed(clerk) -> None:
    """The three owners' directives served, then their bills for a cost that does not divide:
    6 hours at $31.26 with 42.5% fringe benefits ($267.27) and $500 of administrative time,
    $767.27 among three properties, $255.75 each and two cents the Village's."""
    open_shared_case(clerk)
    clerk("issue", "VA-C-2026-0001", today="2026-01-05")
    serve_directives(clerk)
    odd = [*BILL_FACTS[:4], "labor=DPW Laborer R. Ortiz | 6 | 31.26 | 42.5", *BILL_FACTS[5:]]
    clerk("case", "record", "VA-C-2026-0001", *[f"--fact={f}" for f in odd], today="2026-02-02")
    clerk("issue", "VA-C-2026-0001", "maintenance-bill", today="2026-02-02")


def test_where_the_cost_does_not_divide_each_owner_is_billed_no_more_than_the_quotient(
    clerk, tmp_path
):
    """NY legal reading CF-16: the odd cents went to the first owners listed, each charged a
    fraction of a cent more than the actual cost divided by the number of properties
    (§ 134-45F). Village A's file has the Village bear them; each bill says so."""
    odd_cost_billed(clerk)
    shown = json.loads(clerk("case", "show", "VA-C-2026-0001", "--json").output)
    billed = [d["amount_due"] for d in shown["documents"] if d["notice_type"] == "maintenance-bill"]
    assert billed == ["255.75", "255.75", "255.75"]
    text = " ".join(exported_text(clerk, "VA-D-2026-00004", tmp_path).split())
    assert "the $0.02 that does not divide equally is borne by the Village" in text
    assert "Full amount due for this property: $255.75" in text


def test_the_apportionment_schedule_lists_the_cost_the_bills_were_split_from(clerk, tmp_path):
    """With the Village bearing the odd cents, the shares do not add back to the cost: the
    schedule printed their sum ($767.25) as the actual cost, not the $767.27 each bill names."""
    odd_cost_billed(clerk)
    issued = clerk("issue", "VA-C-2026-0001", "apportionment-schedule", today="2026-02-02")
    schedule = " ".join(exported_text(clerk, issued_number(issued), tmp_path).split())
    assert "The cents that do not divide equally, borne by the Village $0.02" in schedule
    assert "Actual cost to the Village, 3 properties $767.27" in schedule


def test_a_share_of_nothing_is_not_billed(clerk):
    """$0.02 among three properties, each share rounded down: $0.00 each."""
    open_shared_case(clerk)
    clerk("issue", "VA-C-2026-0001", today="2026-01-05")
    serve_directives(clerk)
    tiny = [
        *BILL_FACTS[:4], "labor=none", "administrative_time=none", "general_counsel=none",
        "contractors=Sample Plowing Co. | 0.02", "materials_and_equipment=none",
    ]  # fmt: skip
    clerk("case", "record", "VA-C-2026-0001", *[f"--fact={f}" for f in tiny], today="2026-02-02")
    refused = clerk("issue", "VA-C-2026-0001", "maintenance-bill", today="2026-02-02", ok=False)
    assert refused.exit_code == 1
    assert "$0.02 divided among 3 properties is $0.00" in " ".join(refused.output.split())


def test_each_owner_s_sworn_statement_follows_that_owner_s_unpaid_bill(clerk, tmp_path):
    open_shared_case(clerk)
    clerk("issue", "VA-C-2026-0001", today="2026-01-05")
    serve_directives(clerk)
    clerk(
        "case", "record", "VA-C-2026-0001", *[f"--fact={f}" for f in BILL_FACTS], today="2026-02-02"
    )
    clerk("issue", "VA-C-2026-0001", "maintenance-bill", today="2026-02-02")
    for number, mailed in (("04", article(4)), ("06", article(6))):
        clerk(
            "serve",
            f"VA-D-2026-000{number}",
            "--method",
            "certified_mail",
            "--by",
            "clerk",
            "--at",
            "2026-02-02T11:00",
            "--article-number",
            mailed,
            today="2026-02-03",
        )
    clerk(
        "case",
        "party",
        "VA-C-2026-0001",
        "--role",
        "officer",
        "--name",
        "Village Administrator",
        "--address",
        "Village Hall|VILLAGE A NY 10000",
    )
    ambiguous = clerk("issue", "VA-C-2026-0001", "sworn-statement", today="2026-02-25", ok=False)
    assert "has 3 documents the Sworn Statement" in ambiguous.output
    assert "name one with --follows" in ambiguous.output
    clerk("pay", "VA-D-2026-00006", "--amount", "55.73", "--on", "2026-02-10", today="2026-02-10")
    clerk(
        "issue",
        "VA-C-2026-0001",
        "sworn-statement",
        "--follows",
        "VA-D-2026-00006",
        today="2026-02-25",
    )
    statement = exported_text(clerk, "VA-D-2026-00007", tmp_path)
    assert "Document No. VA-D-2026-00006" in statement
    assert article(6) in statement
    assert "the cost divided by the 3 properties responsible" in statement
    assert "Principal amount due $200.00" in statement
    assert "14 A Street" in statement
    unserved = clerk(
        "issue",
        "VA-C-2026-0001",
        "sworn-statement",
        "--follows",
        "VA-D-2026-00005",
        today="2026-02-25",
        ok=False,
    )
    assert "VA-D-2026-00005 has not been served" in unserved.output


def test_a_bill_that_follows_no_directive_needs_no_day_to_comply(clerk):
    # Snow and ice of two inches or more is a violation "without any notice" (§ 134-42C): the
    # Village may clear it and bill, with no directive whose time the work must wait for.
    clerk(
        "case",
        "open",
        "--village",
        "village-a",
        "--parcel",
        "0301-02-004",
        "--notice-type",
        "maintenance-bill",
        "--fact=street_name=A Street (private)",
        *[f"--fact={f}" for f in BILL_FACTS],
        today="2026-02-02",
    )
    issued = clerk("issue", "VA-C-2026-0001", today="2026-02-02")
    assert "Issued VA-D-2026-00001: Bill for Private Street Maintenance" in issued.output


def test_a_deadline_whose_next_step_was_taken_leaves_the_list_of_what_is_due(clerk):
    clerk(
        "case",
        "open",
        "--from",
        str(CASEBOOK / "village-a" / "directive-to-comply.toml"),
        today="2026-01-02",
    )
    clerk("issue", "VA-C-2026-0001", today="2026-01-05")
    clerk(
        "serve",
        "VA-D-2026-00001",
        "--method",
        "hand_owner",
        "--by",
        "R. Ortiz",
        "--at",
        "2026-01-05T10:00",
        "--to",
        "the owner",
        "--address",
        "the premises",
    )
    passed = clerk("due", today="2026-01-20").output
    assert "VA-D-2026-00001" in passed and "The deadline passed" in passed
    clerk(
        "case", "record", "VA-C-2026-0001", *[f"--fact={f}" for f in BILL_FACTS], today="2026-02-02"
    )
    clerk("issue", "VA-C-2026-0001", "maintenance-bill", today="2026-02-02")
    # The bill was the step the directive's deadline led to; only the bill is now due.
    after = clerk("due", "--days", "60", today="2026-02-02").output
    assert "VA-D-2026-00001" not in after
    assert "VA-D-2026-00002" in after and "Issued, not yet served." in after


def test_case_show_says_which_follow_ups_the_case_may_issue_now(clerk):
    village_a_bill_sent(clerk)
    shown = json.loads(clerk("case", "show", "VA-C-2026-0001", "--json").output)
    # The directive has its bill (one for each directive, § 134-45A): only the statement is
    # offered, and `case show` says why the bill is not.
    assert [(m["notice_type"], m["follows"]) for m in shown["may_issue"]] == [
        ("sworn-statement", ["VA-D-2026-00002"]),
    ]
    (bill,) = [s for s in shown["next_steps"] if s["notice_type"] == "maintenance-bill"]
    assert bill["standing"] == "not" and bill["given"]
    assert bill["why"].startswith("VA-D-2026-00002 is already the Bill for Private Street")
    text = clerk("case", "show", "VA-C-2026-0001").output
    assert "May issue next (noticeclerk issue CASE NOTICE-TYPE):" in text
    assert "  sworn-statement: Sworn Statement of Cost and Expense" in text
    clerk("issue", "VA-C-2026-0001", "sworn-statement", today="2026-02-25")
    after = json.loads(clerk("case", "show", "VA-C-2026-0001", "--json").output)
    # One statement for each bill: the bill is answered, so no statement may follow it now.
    assert after["may_issue"] == []


# --- What a definition may declare of a chain: two documents back, parcels, bars -------------

NOTICES = Path(__file__).resolve().parent.parent / "notices"


def overridden(workspace: Path, village: str, slug: str, old: str, new: str) -> None:
    """A workspace copy of a built-in notice definition with one passage changed."""
    text = (NOTICES / village / f"{slug}.toml").read_text(encoding="utf-8")
    assert old in text
    folder = workspace / "notices" / village
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{slug}.toml").write_text(text.replace(old, new), encoding="utf-8")


@pytest.mark.parametrize(
    ("taken", "message"),
    [
        ("follows.nonsense", "or one of them after 'follows.'"),
        ("follows.served_on", "'repair_notice_number' is a text fact; follows.served_on gives a"),
    ],
)
def test_a_take_from_two_documents_back_is_checked_like_any_other(tmp_path, taken, message):
    overridden(
        tmp_path,
        "tuckahoe",
        "appeal-decision",
        'repair_notice_number = "follows.number"',
        f'repair_notice_number = "{taken}"',
    )
    with pytest.raises(ConfigError) as refused:
        load_notice("tuckahoe", "appeal-decision", tmp_path)
    assert "follows.takes.repair_notice_number" in str(refused.value)
    assert message in str(refused.value)


def test_a_document_barred_by_another_needs_the_sentence_its_refusal_prints(tmp_path):
    overridden(
        tmp_path,
        "tuckahoe",
        "sidewalk-cost-report",
        "not_after_says = ",
        "# not_after_says = ",
    )
    with pytest.raises(ConfigError) as refused:
        load_notice("tuckahoe", "sidewalk-cost-report", tmp_path)
    assert "follows.not_after_says" in str(refused.value)


def test_a_follow_up_that_takes_one_parcel_s_charges_must_go_to_each_owner(tmp_path, runner):
    clerk = clerk_at(tmp_path, runner, "village-b")
    overridden(
        clerk.office, "village-b", "statement-of-charges", "to_each_owner = true", "# one only"
    )
    clerk(
        "case",
        "open",
        "--village",
        "village-b",
        "--parcel",
        "B-0212",
        "--notice-type",
        "cost-certificate",
        "--fact=storm_ceased=2026-01-04T02:00",
        today="2026-01-12",
    )
    refused = clerk("issue", "VB-C-2026-0001", "statement-of-charges", ok=False)
    assert refused.exit_code == 1
    # The statement and the special assessment after it both take one parcel's charges.
    assert "special-assessment.toml, key 'follows.takes.certified_costs'" in refused.output
    assert "takes one parcel's charges, so it must be about one parcel: add to_each_owner" in (
        refused.output
    )


def test_a_document_no_case_opens_for_needs_the_sentence_its_refusal_prints(tmp_path):
    overridden(
        tmp_path,
        "palmyra",
        "special-assessment-invoice",
        "opens_case_says = ",
        "# opens_case_says = ",
    )
    with pytest.raises(ConfigError) as refused:
        load_notice("palmyra", "special-assessment-invoice", tmp_path)
    assert "follows.opens_case_says" in str(refused.value)
    assert "must say why a case cannot be opened for it" in str(refused.value)


def test_the_sentence_refusing_a_case_is_said_only_where_no_case_opens(tmp_path):
    overridden(
        tmp_path,
        "palmyra",
        "special-assessment-invoice",
        "opens_case = false",
        "opens_case = true",
    )
    with pytest.raises(ConfigError) as refused:
        load_notice("palmyra", "special-assessment-invoice", tmp_path)
    assert "is said only with opens_case = false" in str(refused.value)


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        (
            'takes = {assessments = "each:follows.parcel_total"}',
            'takes = {assessments = "each:follows.payments"}',
            "'each:' must be followed by what one document gives",
        ),
        (
            'takes = {assessments = "each:follows.parcel_total"}',
            'takes = {project = "each:follows.parcel_total"}',
            "'project' must be a text_list fact to take a line for each",
        ),
        ("every = true\n", "", "one_property"),
    ],
)
def test_a_line_taken_from_each_document_is_checked_like_any_other_take(
    tmp_path, old, new, message
):
    overridden(tmp_path, "palmyra", "assessment-final-resolution-publication", old, new)
    with pytest.raises(ConfigError) as refused:
        load_notice("palmyra", "assessment-final-resolution-publication", tmp_path)
    assert message in str(refused.value)
