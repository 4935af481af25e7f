"""The affidavit of mailing in New York's form (NY legal reading MS-8, CO-7): the envelope was
deposited "in an official depository under the exclusive care and custody of the United
States Postal Service within the State of New York" (CPLR 2103(b)(2)), named as the record of
the mailing names it; a mailing with no place of deposit on record is refused, and the
affidavit names the class of mail, never "the last known address"."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from clerk import VILLAGE_A_DIRECTIVE, clerk_at, issued_number, pdf_text

REPO = Path(__file__).resolve().parent.parent
CASE = "VA-C-2026-0001"
DOCUMENT = "VA-D-2026-00001"
ISSUED = "2026-12-01"
RECORDED = "2026-12-02"
MAILED = ("serve", DOCUMENT, "--method", "first_class_mail", "--by", "Jo Avery")
AT = ("--at", "2026-12-01T16:00")
WITHIN_NEW_YORK = (
    "an official depository under the exclusive care and custody of the United States Postal "
    "Service within the State of New York"
)


@pytest.fixture
def clerk(tmp_path, runner):
    """Village A's directive to Ed and Marie Smith of 12 A Street, issued and not yet served,
    in a workspace whose copy of its definition also allows first-class mail."""
    clerk = clerk_at(tmp_path, runner, "village-a")
    own = clerk.office / "notices" / "village-a"
    own.mkdir(parents=True)
    definition = (REPO / "notices" / "village-a" / "directive-to-comply.toml").read_text(
        encoding="utf-8"
    )
    definition += (
        '\n[[service]]\nmethod = "first_class_mail"\nwords = "Mailed."\n'
        'section = "(for this test)"\n'
    )
    (own / "directive-to-comply.toml").write_text(definition, encoding="utf-8")
    clerk(*VILLAGE_A_DIRECTIVE, today=ISSUED)
    assert issued_number(clerk("issue", CASE, "--date", ISSUED, today=ISSUED)) == DOCUMENT
    return clerk


def sworn(clerk) -> str:
    out = clerk.office.parent / "proofs"
    written = clerk("proof", DOCUMENT, "--out", str(out), today=RECORDED).output
    (pdf,) = [line.split()[-1] for line in written.splitlines() if line.endswith(".pdf")]
    return pdf_text(Path(pdf))


def services(clerk) -> list[dict]:
    shown = json.loads(clerk("case", "show", CASE, "--json", today=RECORDED).output)
    return shown["documents"][0]["services"]


def test_a_new_york_mailing_is_sworn_as_deposited_in_the_post_office_the_record_names(clerk):
    clerk(
        *MAILED, *AT, "--deposited-at", "the post office at 14 Station Road, Village A, New York",
        today=RECORDED,
    )  # fmt: skip
    text = sworn(clerk)
    assert (
        "I mailed a true copy of the document described above by first-class mail, enclosed in "
        "a sealed postpaid envelope properly addressed to Ed and Marie Smith at 12 A Street, "
        "Village A NY 10000, by depositing it in the post office at 14 Station Road, Village A, "
        f"New York, {WITHIN_NEW_YORK}."
    ) in text
    assert "last known address" not in text


def test_a_mailing_names_the_village_s_own_post_office_when_told_no_other(clerk):
    clerk(*MAILED, *AT, today=RECORDED)
    assert (
        "by depositing it in the post office at 5 Sample Plaza, Village A, New York 10000, "
        f"{WITHIN_NEW_YORK}."
    ) in sworn(clerk)


def test_a_new_york_mailing_with_no_place_of_deposit_is_refused_and_nothing_recorded(clerk):
    clerk("village", "adopt", "village-a", today=RECORDED)
    own = clerk.office / "letterheads" / "village-a" / "letterhead.toml"
    text = own.read_text(encoding="utf-8")
    assert 'depository = "the post office at 5 Sample Plaza' in text
    own.write_text(
        "\n".join(line for line in text.splitlines() if not line.startswith("depository")),
        encoding="utf-8",
    )
    result = clerk(*MAILED, *AT, today=RECORDED, ok=False)
    assert result.exit_code == 1
    said = " ".join(result.output.split())
    assert "Give --deposited-at: the post office or official depository" in said
    assert "CPLR 2103(b)(2)" in said and "Traceback" not in said
    assert services(clerk) == []
    clerk(*MAILED, *AT, "--deposited-at", "the Main Street post office", today=RECORDED)
    assert f"depositing it in the Main Street post office, {WITHIN_NEW_YORK}." in sworn(clerk)


def test_a_place_of_deposit_is_refused_for_a_service_that_was_not_mailed(clerk):
    result = clerk(
        "serve", DOCUMENT, "--method", "hand_owner", "--by", "Jo Avery", *AT, "--to", "Ed Smith",
        "--address", "12 A Street", "--deposited-at", "the post office", today=RECORDED, ok=False,
    )  # fmt: skip
    assert result.exit_code == 1
    assert "--deposited-at does not apply to service by hand delivery" in result.output
    assert services(clerk) == []


@pytest.mark.parametrize("place", ["the post office\nat 1 Main Street", "x" * 201])
def test_a_place_of_deposit_is_one_line_of_at_most_two_hundred_characters(clerk, place):
    result = clerk(*MAILED, *AT, "--deposited-at", place, today=RECORDED, ok=False)
    assert result.exit_code != 0 and "Traceback" not in result.output
    assert services(clerk) == []


def test_a_village_file_whose_post_office_is_not_one_line_is_refused_before_anything_is_mailed(
    clerk,
):
    clerk("village", "adopt", "village-a", today=RECORDED)
    own = clerk.office / "letterheads" / "village-a" / "letterhead.toml"
    text = own.read_text(encoding="utf-8")
    own.write_text(
        text.replace('depository = "the post office', 'depository = "the post\\noffice'),
        encoding="utf-8",
    )
    result = clerk(*MAILED, *AT, today=RECORDED, ok=False)
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert "mail.depository" in result.output
