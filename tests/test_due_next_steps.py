"""`due` beside each deadline passed, bill unpaid or notice appealed: the next step the ordinance
provides, the follow-up the case may issue that day with the command to run, and a warning where
the ordinance's own preconditions are not met. Walked at the command line with a fixed clock,
from the chains each village's test walks (tests/test_chains_*.py)."""

from __future__ import annotations

import json

import pytest
from clerk import CASEBOOK, LUCK_SNOW_NOTICE, Clerk, clerk_at, issued_number
from test_chains_luck import snow_notice_served
from test_chains_tuckahoe import appeal_served, notice_mailed, snow_bill_mailed
from test_chains_village_a import BILL_FACTS, bill_sent, directive_served
from test_chains_village_b import LEVY, certificate_filed, statement_mailed


def due(clerk: Clerk, today: str, *args: str) -> list[dict]:
    return json.loads(clerk("due", "--json", *args, today=today).output)


def item_of(items: list[dict], document: str) -> dict:
    """The document's item about its deadline; a missing return receipt is listed beside it."""
    (found,) = [
        item
        for item in items
        if item["document"] == document and item["status"] != "receipt_overdue"
    ]
    return found


def named(items: list[dict], document: str) -> list[str]:
    """The notice types `due` names beside a document."""
    return [follow_up["notice_type"] for follow_up in item_of(items, document)["follow_ups"]]


# --- Village A: directive → bill → sworn statement 20 days after the certified mailing -------

VA_CASE, VA_DIRECTIVE, VA_BILL = "VA-C-2026-0001", "VA-D-2026-00001", "VA-D-2026-00002"


@pytest.fixture
def village_a(tmp_path, runner):
    return clerk_at(tmp_path, runner, "village-a")


def test_a_passed_directive_names_the_bill_with_the_facts_the_case_must_record_first(village_a):
    directive_served(village_a)
    (bill,) = item_of(due(village_a, "2026-01-20"), VA_DIRECTIVE)["follow_ups"]
    assert bill["notice_type"] == "maintenance-bill"
    assert (
        bill["command"] == f"noticeclerk issue {VA_CASE} maintenance-bill --follows {VA_DIRECTIVE}"
    )
    assert bill["needs_facts"][:2] == ["violation", "work_performed"]
    text = village_a("due", today="2026-01-20").output
    assert (
        "    May issue the Bill for Private Street Maintenance Performed by the Village once the "
        "case records the facts violation, work_performed, work_started"
    ) in text
    assert f"      noticeclerk issue {VA_CASE} maintenance-bill --follows {VA_DIRECTIVE}\n" in text


def test_the_sworn_statement_is_named_only_once_the_20_days_after_the_certified_mailing_ran(
    village_a,
):
    directive_served(village_a)
    village_a("case", "record", VA_CASE, *[f"--fact={f}" for f in BILL_FACTS], today="2026-02-02")
    bill_sent(village_a)
    # Sent Monday, February 2: the 20 days run through Monday, February 23 (§ 134-45C, inferred).
    for day in ("2026-02-20", "2026-02-23"):
        assert named(due(village_a, day), VA_BILL) == []
        assert "sworn-statement" not in village_a("due", today=day).output
    (statement,) = item_of(due(village_a, "2026-02-24"), VA_BILL)["follow_ups"]
    # No green card recorded 21 days after the mailing (letterheads/village-a [mail]): listed too.
    assert "receipt_overdue" in [item["status"] for item in due(village_a, "2026-02-24")]
    assert statement == {
        "notice_type": "sworn-statement",
        "title": "Sworn Statement of Cost and Expense for Private Street Maintenance",
        "follows": VA_BILL,
        "needs_facts": [],
        # Filed with the Village Administrator: the case has no officer recorded yet.
        "needs_party": "officer",
        "command": f"noticeclerk issue {VA_CASE} sworn-statement --follows {VA_BILL}",
    }
    text = village_a("due", today="2026-02-24").output
    assert "unpaid; it was due Monday, February 23, 2026." in text
    assert "Next: If the full amount due is not paid within 20 days" in text
    assert (
        "May issue the Sworn Statement of Cost and Expense for Private Street Maintenance once "
        "the case records the officer it goes to (noticeclerk case party --role officer):"
    ) in text
    # Asked about a day still within the 20 days, the statement is not named.
    assert named(due(village_a, "2026-02-24", "--date", "2026-02-23T23:00"), VA_BILL) == []


def test_a_sworn_statement_already_filed_is_not_named_again(village_a):
    directive_served(village_a)
    village_a("case", "record", VA_CASE, *[f"--fact={f}" for f in BILL_FACTS], today="2026-02-02")
    bill_sent(village_a)
    village_a(
        "case",
        "party",
        VA_CASE,
        "--role",
        "officer",
        "--name",
        "Village Administrator",
        "--address",
        "Village Hall|VILLAGE A NY 10000",
        today="2026-02-24",
    )
    (statement,) = item_of(due(village_a, "2026-02-24"), VA_BILL)["follow_ups"]
    assert statement["needs_party"] is None
    village_a(*statement["command"].split()[1:], today="2026-02-24")
    after = due(village_a, "2026-02-25", "--days", "60")
    # The bill's green card is still missing (a follow-up does not bring it back); the rest of
    # what is due is the statement, filed, not yet served.
    assert [(item["document"], item["status"]) for item in after] == [
        (VA_BILL, "receipt_overdue"),
        ("VA-D-2026-00003", "not_served"),
    ]
    assert [item["follow_ups"] for item in after] == [[], []]
    assert "May issue" not in village_a("due", today="2026-02-25").output


# --- Village B: certificate → statement → special assessment after 30 days unpaid -----------

VB_CASE, VB_STATEMENT = "VB-C-2026-0001", "VB-D-2026-00002"


@pytest.fixture
def village_b(tmp_path, runner):
    clerk = clerk_at(tmp_path, runner, "village-b")
    certificate_filed(clerk)
    statement_mailed(clerk)  # mailed January 16: payable through Tuesday, February 17
    return clerk


def test_the_special_assessment_is_named_once_the_statement_is_30_days_unpaid(village_b):
    assert named(due(village_b, "2026-02-17"), VB_STATEMENT) == []
    (levy,) = item_of(due(village_b, "2026-02-18"), VB_STATEMENT)["follow_ups"]
    assert levy["notice_type"] == "special-assessment"
    assert levy["needs_facts"] == ["levied_on", "resolution"]
    assert (
        levy["command"]
        == f"noticeclerk issue {VB_CASE} special-assessment --follows {VB_STATEMENT}"
    )
    text = village_b("due", today="2026-02-18").output
    assert (
        "the Village's governing body (the ordinance's Council) may levy the expense with a "
        "penalty and administrative fee of 10%" in text
    )
    assert "once the case records the facts levied_on, resolution:" in text


def test_a_levy_recorded_within_the_30_days_keeps_the_special_assessment_unnamed(village_b):
    # The Council may levy only after the 30 days (division (D)); a levy recorded on their last
    # day fails the notice's own check, so `due` does not offer a document `issue` refuses.
    village_b("case", "record", VB_CASE, "--fact=levied_on=2026-02-17", f"--fact={LEVY[1]}")
    assert named(due(village_b, "2026-02-18"), VB_STATEMENT) == []
    village_b("case", "record", VB_CASE, "--fact=levied_on=2026-02-18", today="2026-02-18")
    (levy,) = item_of(due(village_b, "2026-02-18"), VB_STATEMENT)["follow_ups"]
    assert levy["needs_facts"] == []
    village_b(*levy["command"].split()[1:], today="2026-02-18")
    assert VB_STATEMENT not in [item["document"] for item in due(village_b, "2026-02-19")]


# --- Luck: notice → bill → the special tax, which the Clerk-Treasurer enters on the tax roll --

LU_CASE, LU_NOTICE = "LU-C-2026-0001", "LU-D-2026-00001"


@pytest.fixture
def luck(tmp_path, runner):
    return clerk_at(tmp_path, runner, "luck")


def test_an_unpaid_snow_bill_leads_to_the_certificate_entering_it_on_the_tax_roll(luck):
    snow_notice_served(luck)
    # Past noon on December 24 the notice's time has run; the costs were incurred that day.
    passed = due(luck, "2026-12-24", "--date", "2026-12-24T15:00")
    assert named(passed, LU_NOTICE) == ["snow-ice-removal-bill"]
    bill = issued_number(luck("issue", LU_CASE, "snow-ice-removal-bill", today="2027-01-04"))
    luck(
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
    luck(
        "receipt", bill, "--received", "2027-01-06T12:00", "--note", "The owner telephoned.",
        today="2027-01-07",
    )  # fmt: skip
    unpaid = item_of(due(luck, "2027-01-20"), bill)
    assert unpaid["status"] == "unpaid"
    assert "onto the tax roll as a special tax as provided by § 66.0907(5)" in unpaid["next_step"]
    # Not before the sixty days after the costs, as the Village reads § 496-10G (inferred)...
    assert unpaid["follow_ups"] == []
    # ... and then the unpaid bill names the Clerk-Treasurer's certificate entering its charges
    # on the tax roll.
    (entry,) = item_of(due(luck, "2027-02-22"), bill)["follow_ups"]
    assert entry["notice_type"] == "snow-ice-tax-roll-entry"
    text = luck("due", today="2027-01-20").output
    assert "$231.40 unpaid; it was due Tuesday, January 19, 2027." in text


def test_the_snow_bill_is_not_named_before_the_costs_it_would_charge_were_incurred(luck):
    snow_notice_served(luck)
    luck("case", "record", LU_CASE, "--fact=costs_incurred_on=2026-12-28", today="2026-12-24")
    assert named(due(luck, "2026-12-24", "--date", "2026-12-24T15:00"), LU_NOTICE) == []
    assert named(due(luck, "2026-12-28"), LU_NOTICE) == ["snow-ice-removal-bill"]


def test_a_snow_notice_dated_before_the_24_hours_of_496_10a_end_is_refused_at_issue(luck):
    # Snow ceased Tuesday, December 22 at 6:30 a.m.: the 24 hours run until Wednesday 6:30 a.m.
    luck(*LUCK_SNOW_NOTICE, today="2026-12-22")
    early = luck("issue", LU_CASE, today="2026-12-22", ok=False)
    assert early.exit_code == 1
    assert (
        "The notice is issued before the 24 hours from the snow ceasing at Tuesday, December 22, "
        "2026 at 6:30 a.m. CST have run: they run until Wednesday, December 23, 2026 at 6:30 "
        "a.m. CST (§ 496-10A)"
    ) in " ".join(early.output.split())
    assert issued_number(luck("issue", LU_CASE, today="2026-12-23")) == LU_NOTICE


def test_due_warns_of_a_snow_notice_handed_over_before_the_24_hours_had_run(luck):
    luck(*LUCK_SNOW_NOTICE, today="2026-12-23")
    luck("issue", LU_CASE, today="2026-12-23")
    luck(
        "serve",
        LU_NOTICE,
        "--method",
        "hand_owner",
        "--by",
        "Officer D. Reyes",
        "--at",
        "2026-12-23T06:10",
        "--to",
        "the owner",
        "--address",
        "the premises",
        today="2026-12-24",
    )
    (warning,) = item_of(due(luck, "2026-12-23"), LU_NOTICE)["warnings"]
    assert warning.startswith("As served Wednesday, December 23, 2026 at 6:10 a.m. CST: ")
    assert "they run until Wednesday, December 23, 2026 at 6:30 a.m. CST (§ 496-10A)" in warning
    assert "    Warning: As served Wednesday, December 23, 2026 at 6:10 a.m. CST" in (
        luck("due", today="2026-12-23").output
    )


def test_due_warns_when_a_fact_corrected_after_issue_undoes_the_notice_s_precondition(luck):
    snow_notice_served(luck)  # served at 2:15 p.m. on December 23, found uncleared at 9:40 a.m.
    assert item_of(due(luck, "2026-12-23"), LU_NOTICE)["warnings"] == []
    # The snow in fact ceased at noon on the 22nd: the sidewalk was found uncleared, and the
    # notice handed over, before the 24 hours had run.
    luck("case", "record", LU_CASE, "--fact=snow_ceased=2026-12-22T12:00", today="2026-12-23")
    warnings = item_of(due(luck, "2026-12-23"), LU_NOTICE)["warnings"]
    assert any(
        "the 24 hours from the snow ceasing at Tuesday, December 22, 2026 at 12:00 noon" in w
        for w in warnings
    )


# --- Tuckahoe: the appeal's papers while a notice is suspended; the residence of § 19-34(b) -

TU_CASE, TU_NOTICE = "TU-C-2026-0001", "TU-D-2026-00001"


@pytest.fixture
def tuckahoe(tmp_path, runner):
    return clerk_at(tmp_path, runner, "tuckahoe")


def test_a_suspended_notice_names_the_appeal_papers_and_a_passed_one_the_report_of_cost(
    tuckahoe,
):
    notice_mailed(tuckahoe)  # seven days from June 24: through July 1
    passed = due(tuckahoe, "2026-07-02")
    assert named(passed, TU_NOTICE) == ["sidewalk-cost-report"]
    appeal_served(tuckahoe)
    suspended = item_of(due(tuckahoe, "2026-07-02"), TU_NOTICE)
    assert suspended["status"] == "suspended"
    assert [f["notice_type"] for f in suspended["follow_ups"]] == [
        "appeal-hearing",
        "appeal-received",
    ]


def test_a_snow_bill_unpaid_after_its_ten_days_names_the_certificate_of_its_cost(tuckahoe):
    snow_bill_mailed(tuckahoe)  # mailed February 3: payable through Friday, February 13
    assert named(due(tuckahoe, "2026-02-13"), TU_NOTICE) == []
    assert named(due(tuckahoe, "2026-03-02"), TU_NOTICE) == ["snow-cost-certificate"]


def test_due_warns_of_a_bill_left_at_the_residence_of_an_owner_the_roll_shows_nonresident(
    tuckahoe, tmp_path
):
    roll = (CASEBOOK / "tuckahoe" / "roll.csv").read_text(encoding="utf-8")
    resident = tmp_path / "resident.csv"
    resident.write_text(roll.replace(",5,no", ",5,yes"), encoding="utf-8")
    tuckahoe("roll", "import", str(resident), "--village", "tuckahoe", today="2026-12-01")
    tuckahoe("case", "open", "--from", str(CASEBOOK / "tuckahoe" / "snow-removal-bill.toml"))
    bill = issued_number(tuckahoe("issue", TU_CASE, today="2026-12-01"))
    left = (
        "serve",
        bill,
        "--method",
        "leave_at_residence",
        "--by",
        "J. Russo",
        "--address",
        "the premises",
    )
    tuckahoe(*left, "--at", "2026-12-01T10:00", today="2026-12-02")
    assert item_of(due(tuckahoe, "2026-12-02"), bill)["warnings"] == []
    # The roll is corrected: the owner lives in Stamford. `serve` refuses leaving it now; the
    # service already recorded is flagged.
    original = CASEBOOK / "tuckahoe" / "roll.csv"
    tuckahoe("roll", "import", str(original), "--village", "tuckahoe", today="2026-12-02")
    (warning,) = item_of(due(tuckahoe, "2026-12-02"), bill)["warnings"]
    assert warning == (
        "Served by leaving it at the residence on Tuesday, December 1, 2026 at 10:00 a.m. EST. "
        "The roll shows the owner of parcel 205 as not resident; § 19-34(b) has a nonresident's "
        "document mailed to the last known place of residence (--method mail_nonresident), not "
        "left at a residence."
    )
    refused = tuckahoe(*left, "--at", "2026-12-02T10:00", today="2026-12-02", ok=False)
    assert "as not resident" in refused.output
