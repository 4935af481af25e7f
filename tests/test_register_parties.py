"""The parties of a case through the command line: an applicant recorded and written to, an
address corrected, a document sent to the owner or to a name given at the counter."""

from __future__ import annotations

import json
import re

import pytest
from clerk import CASEBOOK, clerk_at, issued_number

from noticeclerk.cli import cli
from noticeclerk.register.parties import PARTY_ROLES


@pytest.fixture
def clerk(tmp_path, runner):
    return clerk_at(tmp_path, runner, "palmyra")


@pytest.fixture
def driveway_case(clerk, tmp_path) -> str:
    """A Palmyra driveway permit case, opened from the sample case file without its
    [recipient]: the permit goes to the applicant, whom the case must record."""
    sample = (CASEBOOK / "palmyra" / "driveway-permit.toml").read_text(encoding="utf-8")
    without = re.sub(r"\[recipient\]\nname = .*\naddress_lines = .*\n", "", sample)
    assert "[recipient]" not in without
    case_file = tmp_path / "driveway.toml"
    case_file.write_text(without, encoding="utf-8")
    output = clerk("case", "open", "--from", str(case_file)).output
    return output.split("Opened case ")[1].split(".")[0]


def test_a_permit_for_an_applicant_nobody_recorded_says_how_to_record_one(
    clerk, driveway_case, tmp_path
):
    result = clerk("issue", driveway_case, "--out", str(tmp_path / "copies"), ok=False)
    assert result.exit_code == 1
    assert f"Case {driveway_case} has no applicant recorded" in result.output
    assert f"noticeclerk case party {driveway_case} --role applicant" in result.output
    # Nothing was numbered: the first document issued later is still the first.
    clerk(
        "case",
        "party",
        driveway_case,
        "--role",
        "applicant",
        "--name",
        "Tomasz Wierzbicki",
        "--address",
        "218 North Second Street|PALMYRA WI 53156",
    )
    issued = clerk("issue", driveway_case, "--out", str(tmp_path / "copies"))
    assert issued_number(issued) == "PA-P-000001"
    assert "to Tomasz Wierzbicki." in issued.output


def test_a_corrected_address_goes_on_later_documents_and_the_old_one_stays_on_record(
    clerk, driveway_case, tmp_path
):
    for address in ("218 N Second St|PALMYRA WI 53156", "PO Box 12|PALMYRA WI 53156"):
        clerk(
            "case",
            "party",
            driveway_case,
            "--role",
            "applicant",
            "--name",
            "Ellen Wierzbicki",
            "--address",
            address,
        )
    clerk("issue", driveway_case, "--out", str(tmp_path / "copies"))
    shown = json.loads(clerk("case", "show", driveway_case, "--json").output)
    assert [(p["address_lines"], p["current"]) for p in shown["parties"]] == [
        (["218 N Second St", "PALMYRA WI 53156"], False),
        (["PO Box 12", "PALMYRA WI 53156"], True),
    ]
    document = shown["documents"][0]
    assert document["recipient_name"] == "Ellen Wierzbicki"
    assert document["recipient_role"] == "applicant"
    text = clerk("case", "show", driveway_case).output
    assert "Applicant: Ellen Wierzbicki, PO Box 12, PALMYRA WI 53156" in text
    assert "(replaced)" in text


def test_a_document_may_go_to_the_owner_of_record_or_to_a_name_given_for_it(
    clerk, driveway_case, tmp_path
):
    to_owner = clerk("issue", driveway_case, "--to", "owner", "--out", str(tmp_path / "c"))
    shown = json.loads(clerk("case", "show", driveway_case, "--json").output)
    assert shown["documents"][0]["recipient_name"] == shown["parcels"][0]["owner_name"]
    assert shown["documents"][0]["recipient_role"] == "owner"
    assert "Issued" in to_owner.output
    clerk(
        "issue",
        driveway_case,
        "--recipient-name",
        "Bark River Paving Co.",
        "--recipient-address",
        "N1234 County Road H|PALMYRA WI 53156",
        "--out",
        str(tmp_path / "c"),
    )
    shown = json.loads(clerk("case", "show", driveway_case, "--json").output)
    assert shown["documents"][1]["recipient_name"] == "Bark River Paving Co."
    assert shown["documents"][1]["recipient_role"] is None


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (("--to", "surety"), "has no surety recorded"),
        (("--to", "landlord"), "--to takes owner or occupant, applicant"),
        (("--recipient-name", "Someone"), "Give --recipient-name and --recipient-address"),
        (
            ("--recipient-name", "Someone", "--recipient-address", "Main Street|Palmyra"),
            "must end with a ZIP code",
        ),
    ],
)
def test_a_recipient_that_cannot_be_addressed_is_one_sentence(
    clerk, driveway_case, tmp_path, args, says
):
    result = clerk("issue", driveway_case, *args, "--out", str(tmp_path / "c"), ok=False)
    assert result.exit_code == 1
    assert says in result.output
    assert "Traceback" not in result.output


def test_a_party_without_a_usable_address_is_refused_before_it_is_recorded(clerk, driveway_case):
    result = clerk(
        "case",
        "party",
        driveway_case,
        "--role",
        "contractor",
        "--name",
        "Bark River Paving Co.",
        "--address",
        "N1234 County Road H",
        ok=False,
    )
    assert result.exit_code == 1
    assert "must end with a ZIP code" in result.output
    shown = json.loads(clerk("case", "show", driveway_case, "--json").output)
    assert shown["parties"] == []


def test_the_command_line_offers_every_role_a_party_may_have(runner):
    result = runner.invoke(cli, ["case", "party", "--help"])
    offered = re.search(r"--role \[([a-z|]+)\]", result.output)[1].split("|")
    assert tuple(offered) == PARTY_ROLES


def test_a_case_file_s_recipient_of_another_role_becomes_that_party_of_the_case(clerk, tmp_path):
    clerk("case", "open", "--from", str(CASEBOOK / "palmyra" / "driveway-permit.toml"))
    shown = json.loads(clerk("case", "show", "PA-C-2026-0001", "--json").output)
    assert [(p["role"], p["name"]) for p in shown["parties"]] == [
        ("applicant", "Tomasz and Ellen Wierzbicki")
    ]
    issued = clerk("issue", "PA-C-2026-0001", "--out", str(tmp_path / "c"))
    assert "to Tomasz and Ellen Wierzbicki." in issued.output


def test_a_case_file_s_addressee_of_the_first_notice_does_not_receive_the_follow_ups(
    tmp_path, runner
):
    clerk = clerk_at(tmp_path, runner, "village-a")
    sample = (CASEBOOK / "village-a" / "directive-to-comply.toml").read_text(encoding="utf-8")
    case_file = tmp_path / "directive.toml"
    case_file.write_text(
        sample.replace(
            "[events]",
            '[recipient]\nname = "Max Ross, c/o Hale & Porter LLP"\n'
            'address_lines = ["14 A Street", "Village A NY 10000"]\n\n[events]',
            1,
        ),
        encoding="utf-8",
    )
    clerk("case", "open", "--from", str(case_file), today="2026-01-05")
    directive = clerk("issue", "VA-C-2026-0001", today="2026-01-05")
    assert "to Max Ross, c/o Hale & Porter LLP." in directive.output
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
        today="2026-01-06",
    )
    clerk(
        "case",
        "record",
        "VA-C-2026-0001",
        "--fact=violation=the failure to comply with the directive",
        "--fact=work_performed=Removed debris.",
        "--fact=work_started=2026-01-14",
        "--fact=work_completed=2026-01-15",
        "--fact=labor=DPW Laborer | 6 | 31.25 | 42.5",
        "--fact=administrative_time=$500",
        "--fact=general_counsel=none",
        "--fact=contractors=none",
        "--fact=materials_and_equipment=none",
        today="2026-02-02",
    )
    # § 134-45C: the bill goes "to the last owner of record as shown on the assessment roll".
    bill = clerk("issue", "VA-C-2026-0001", "maintenance-bill", today="2026-02-02")
    assert "to Max Ross." in bill.output
