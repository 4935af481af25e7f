"""Reading the register from the command line: the cases, one case's history, a document's
files given back, and a case closed; all through the CLI with a fixed clock."""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

import pytest
from clerk import PALMYRA_HOUSE_NUMBERING, clerk_at, issued_number
from frozen_store import alter_stored

VILLAGE_B_FACTS = [
    "certificate_number=VB-C-2026-002",
    "certificate_date=2026-11-20",
    "certificate_received=2026-11-20",
    "parcel_premises=the Depot Road sidewalk",
    "certified_costs=Snow and ice removal, November 18|186.00",
    "certified_costs=Sand and deicing material|42.50",
]


@pytest.fixture
def clerk(tmp_path, runner):
    return clerk_at(tmp_path, runner, "village-b", "palmyra")


def open_bill_case(clerk) -> str:
    output = clerk(
        "case",
        "open",
        "--village",
        "village-b",
        "--parcel",
        "B-0212",
        "--notice-type",
        "statement-of-charges",
        *[f"--fact={fact}" for fact in VILLAGE_B_FACTS],
        "--by",
        "S. Okafor",
    ).output
    return output.split("Opened case ")[1].rstrip(".\n")


def issue_bill(clerk, case: str, out: Path) -> str:
    return issued_number(clerk("issue", case, "--date", "2026-11-30", "--out", str(out)))


def test_case_list_shows_each_case_with_its_parcels_documents_and_status(clerk, tmp_path):
    case = open_bill_case(clerk)
    issue_bill(clerk, case, tmp_path / "copies")
    clerk(*PALMYRA_HOUSE_NUMBERING)
    listed = json.loads(clerk("case", "list", "--json").output)
    assert [row["number"] for row in listed] == [case, "PA-C-2026-0001"]
    assert listed[0] == {
        "number": case,
        "village": "village-b",
        "notice_type": "statement-of-charges",
        "opened_on": "2026-11-30",
        "parcels": ["B-0212"],
        "documents": 1,
        "status": "open",
    }
    only_palmyra = clerk("case", "list", "--village", "palmyra").output
    assert "PA-C-2026-0001" in only_palmyra and case not in only_palmyra


def test_case_show_tells_the_whole_history_with_amounts_as_strings_and_iso_dates(clerk, tmp_path):
    case = open_bill_case(clerk)
    number = issue_bill(clerk, case, tmp_path / "copies")
    clerk(
        "serve",
        number,
        "--method",
        "first_class_mail",
        "--by",
        "S. Okafor",
        "--at",
        "2026-11-30T15:00",
        today="2026-12-01",
    )
    clerk("pay", number, "--amount", "100.00", "--on", "2026-11-30", "--reference", "R-77")
    clerk("case", "record", case, "--fact", "parcel_premises=the Depot Road walk")
    shown = json.loads(clerk("case", "show", case, "--json").output)
    assert shown["status"] == "open"
    assert shown["parcels"][0]["parcel_id"] == "B-0212"
    document = shown["documents"][0]
    assert document["number"] == number
    assert document["notice_type"] == "statement-of-charges"
    assert document["amount_due"] == "228.50"
    assert document["paid"] == "100.00"
    assert document["outstanding"] == "128.50"
    assert document["status"] == "issued"
    assert document["services"][0]["method"] == "first_class_mail"
    assert document["payments"] == [
        {"amount": "100.00", "paid_on": "2026-11-30", "reference": "R-77"}
    ]
    # The recorded fact and the one that replaced it are both kept, in order.
    premises = [r for r in shown["records"] if r["name"] == "parcel_premises"]
    assert [(r["value"], r["current"]) for r in premises] == [
        ("the Depot Road sidewalk", False),
        ("the Depot Road walk", True),
    ]
    assert shown["next"] and shown["next"][0]["document"] == number
    text = clerk("case", "show", case).output
    assert f"Case {case}" in text
    assert "Billed $228.50, paid $100.00, outstanding $128.50" in text
    assert "(replaced)" in text


def test_a_document_s_files_come_back_exactly_as_issued(clerk, tmp_path):
    case = open_bill_case(clerk)
    number = issue_bill(clerk, case, tmp_path / "copies")
    out = tmp_path / "exported"
    clerk("document", "export", number, "--out", str(out))
    shown = json.loads(clerk("case", "show", case, "--json").output)
    pdf = (out / "village-b" / f"{number}.pdf").read_bytes()
    assert hashlib.sha256(pdf).hexdigest() == shown["documents"][0]["pdf_sha256"]
    assert (out / "village-b" / f"{number}.docx").read_bytes()[:2] == b"PK"


def test_a_document_whose_stored_bytes_changed_is_not_given_back(clerk, tmp_path):
    case = open_bill_case(clerk)
    number = issue_bill(clerk, case, tmp_path / "copies")
    alter_stored(clerk.office, number)
    result = clerk("document", "export", number, "--out", str(tmp_path / "x"), ok=False)
    assert result.exit_code == 1
    assert "no longer matches the SHA-256 recorded when it was issued" in result.output
    assert not (tmp_path / "x" / "village-b" / f"{number}.pdf").exists()


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes into read-only folders")
def test_a_copy_that_cannot_be_written_leaves_one_issued_document_and_says_how_to_get_it(
    clerk, tmp_path
):
    case = open_bill_case(clerk)
    blocked = tmp_path / "read-only"
    blocked.mkdir()
    blocked.chmod(0o500)
    try:
        result = clerk("issue", case, "--out", str(blocked), ok=False)
    finally:
        blocked.chmod(0o700)
    assert result.exit_code == 1
    assert "is issued and kept in the register, but a copy could not be written" in (result.output)
    assert "noticeclerk document export" in result.output
    assert json.loads(clerk("case", "list", "--json").output)[0]["documents"] == 1


def test_a_copy_that_cannot_be_written_is_reported_even_as_root(clerk, tmp_path):
    case = open_bill_case(clerk)
    # A file where a folder should be cannot be written into, whoever runs.
    (tmp_path / "taken").write_text("not a folder")
    result = clerk("issue", case, "--out", str(tmp_path / "taken" / "copies"), ok=False)
    assert result.exit_code == 1
    number = issued_number(result)
    assert f"run 'noticeclerk document export {number} --out FOLDER'" in result.output
    assert "Traceback" not in result.output
    assert json.loads(clerk("case", "list", "--json").output)[0]["documents"] == 1


def test_copies_are_written_with_the_clerk_s_umask_not_owner_only(clerk, tmp_path):
    case = open_bill_case(clerk)
    number = issue_bill(clerk, case, tmp_path / "copies")
    previous = os.umask(0o022)
    try:
        clerk("document", "export", number, "--out", str(tmp_path / "shared"))
    finally:
        os.umask(previous)
    mode = (tmp_path / "shared" / "village-b" / f"{number}.pdf").stat().st_mode & 0o777
    assert mode == 0o644


def test_a_closed_case_takes_no_more_records_or_documents_and_leaves_the_due_list(clerk, tmp_path):
    case = open_bill_case(clerk)
    number = issue_bill(clerk, case, tmp_path / "copies")
    assert number in clerk("due", "--days", "60").output
    clerk("case", "close", case, "--reason", "paid", "--note", "Paid at the counter")
    refused = clerk("issue", case, ok=False)
    assert refused.exit_code == 1
    assert f"Case {case} was closed (paid) on 2026-11-30" in refused.output
    refused = clerk("case", "record", case, "--fact", "parcel_premises=x", ok=False)
    assert "was closed (paid)" in refused.output
    assert number not in clerk("due", "--days", "60").output
    shown = json.loads(clerk("case", "show", case, "--json").output)
    assert shown["status"] == "paid"
    assert shown["closed"]["note"] == "Paid at the counter"
    assert clerk("case", "list", "--open").output.strip() == "No cases match."


def test_an_unknown_case_or_document_is_one_sentence(clerk, tmp_path):
    result = clerk("case", "show", "VB-C-2026-9999", ok=False)
    assert result.exit_code == 1
    assert "There is no case VB-C-2026-9999 in the register" in result.output
    result = clerk("document", "export", "VB-D-2026-99999", "--out", str(tmp_path), ok=False)
    assert result.exit_code == 1
    assert "There is no document VB-D-2026-99999 in the register." in result.output


def test_an_unpaid_bill_past_its_day_shows_the_step_the_ordinance_provides_next(clerk, tmp_path):
    case = open_bill_case(clerk)
    number = issue_bill(clerk, case, tmp_path / "copies")
    clerk(
        "serve",
        number,
        "--method",
        "first_class_mail",
        "--by",
        "S. Okafor",
        "--at",
        "2026-11-30T15:00",
        today="2026-12-01",
    )
    late = clerk("due", "--date", "2027-01-15").output
    assert "$228.50 unpaid" in late
    assert "Next: If the charges are unpaid 30 days after the statement was forwarded" in late


def test_copies_go_to_the_workspace_s_outputs_wherever_the_clerk_stands(
    clerk, tmp_path, monkeypatch
):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    case = open_bill_case(clerk)
    number = issued_number(clerk("issue", case))
    assert (clerk.office / "outputs" / "issued" / "village-b").is_dir()
    assert any((clerk.office / "outputs" / "issued" / "village-b").glob(f"{number}*.pdf"))
    clerk("document", "export", number)
    assert (clerk.office / "outputs" / "issued" / "village-b" / f"{number}.pdf").exists()
    assert not (elsewhere / "outputs").exists()
