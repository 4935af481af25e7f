"""Service by email under Village A § 134-43C, read through the register: an address counts only
as "provided to any department of the Village by an owner or resident of the property", so the
register records who gave it, to which department, when, and the archived writing, refuses
anything less, and the affidavit of service swears to exactly those particulars (NY legal
reading 2026-12-02, LH-2)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from clerk import VILLAGE_A_DIRECTIVE, clerk_at, issued_number, keep_writing, pdf_text

CASE = "VA-C-2026-0001"
ISSUED = "2026-12-01"
RECORDED = "2026-12-02"
SERVE = ("--method", "email", "--by", "R. Ortiz", "--at", "2026-12-01T10:00")


@pytest.fixture
def clerk(tmp_path, runner):
    """Village A's directive to Ed and Marie Smith, owners of 12 A Street (smiths@example.net on
    the roll), issued on December 1, 2026 and not yet served."""
    clerk = clerk_at(tmp_path, runner, "village-a")
    clerk(*VILLAGE_A_DIRECTIVE, today=ISSUED)
    clerk.number = issued_number(clerk("issue", CASE, "--date", ISSUED, today=ISSUED))
    return clerk


def refused(clerk, *args: str, today: str = RECORDED) -> str:
    result = clerk(*args, today=today, ok=False)
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output
    return " ".join(result.output.split())


def given(clerk, *, by="Marie Smith", on="2026-11-28", email="marie@smith.example", item=None):
    item = keep_writing(clerk, CASE, today=RECORDED) if item is None else item
    return (
        "case", "email-address", CASE, "--email", email, "--given-by", by,
        "--department", "Building Department", "--given-on", on, "--writing", str(item),
    )  # fmt: skip


def shown(clerk) -> dict:
    return json.loads(clerk("case", "show", CASE, "--json", today=RECORDED).output)


def affidavit(clerk) -> str:
    out = clerk.office.parent / "proofs"
    written = clerk("proof", clerk.number, "--out", str(out), today=RECORDED).output
    (pdf,) = [line.split()[-1] for line in written.splitlines() if line.endswith(".pdf")]
    return pdf_text(Path(pdf))


def test_the_lh2_service_to_an_address_from_a_phone_call_is_refused_and_starts_no_clock(clerk):
    text = refused(clerk, "serve", clerk.number, *SERVE, "--email", "jsmith@example.com")
    assert "is not the email address on file" in text
    assert "who gave this address, to which department, on which day" in text
    document = shown(clerk)["documents"][0]
    assert document["services"] == []


def test_an_address_an_owner_gave_in_writing_is_served_and_sworn_with_its_particulars(clerk):
    item = keep_writing(clerk, CASE, today=RECORDED)
    recorded = clerk(*given(clerk, item=item), today=RECORDED).output
    assert (
        "Recorded marie@smith.example as given by Marie Smith (owner of record of parcel "
        "0301-02-001) to the Building Department on 2026-11-28" in recorded
    )
    clerk("serve", clerk.number, *SERVE, "--email", "Marie@Smith.example", today=RECORDED)
    (service,) = shown(clerk)["documents"][0]["services"]
    assert service["email_given"]["writing_item"] == item
    text = affidavit(clerk)
    assert (
        "sending it to Marie@Smith.example, the address Marie Smith, owner of record of parcel "
        "0301-02-001, gave the Building Department in writing on Saturday, November 28, 2026 (kept "
        "in "
        f"the Village's archive as item {item})." in text
    )
    assert "the address the Village had from" not in text
    listed = clerk("case", "show", CASE, today=RECORDED).output
    assert "Email address marie@smith.example, given by Marie Smith" in listed


@pytest.mark.parametrize(
    "giver",
    ["a phone call", "Pat Jones", "Smith", "the neighbor at 14 A Street"],
)
def test_anyone_but_an_owner_or_a_recorded_occupant_is_refused_as_the_giver(clerk, giver):
    text = refused(clerk, *given(clerk, by=giver))
    assert "is not the owner of record on Saturday, November 28, 2026" in text
    assert "(the roll names Ed and Marie Smith)" in text
    assert "--role occupant" in text
    assert shown(clerk)["given_emails"] == []


def test_a_resident_recorded_as_the_occupant_may_give_the_address(clerk):
    clerk(
        "case", "party", CASE, "--role", "occupant", "--name", "Dana Whitfield",
        "--address", "12 A Street Rear|VILLAGE A NY 10000", today=RECORDED,
    )  # fmt: skip
    clerk(*given(clerk, by="dana whitfield"), today=RECORDED)
    (record,) = shown(clerk)["given_emails"]
    assert record["given_as"] == "occupant recorded on case VA-C-2026-0001"
    clerk("serve", clerk.number, *SERVE, "--email", "marie@smith.example", today=RECORDED)
    # The case number may break at its hyphen at the end of a line.
    text = affidavit(clerk).replace("VA- C", "VA-C")
    assert "the address Dana Whitfield, occupant recorded on case VA-C-2026-0001, gave" in text


def test_the_writing_must_be_an_archive_item_kept_with_this_case(clerk):
    missing = refused(clerk, *given(clerk, item=99))
    assert "There is no archive item 99: keep the writing first" in missing
    max_ross = ("0301-02-004" if part == "0301-02-001" else part for part in VILLAGE_A_DIRECTIVE)
    clerk(*max_ross, today=RECORDED)
    other = keep_writing(clerk, "VA-C-2026-0002", name="other.pdf", today=RECORDED)
    elsewhere = refused(clerk, *given(clerk, item=other))
    assert f"Archive item {other} is not kept with case {CASE}" in elsewhere
    assert shown(clerk)["given_emails"] == []


def test_an_address_given_after_the_service_does_not_make_that_service_good(clerk):
    # Given on December 2, after the service of December 1 it would have to support.
    clerk(*given(clerk, on="2026-12-02"), today=RECORDED)
    text = refused(clerk, "serve", clerk.number, *SERVE, "--email", "marie@smith.example")
    assert "is not the email address on file" in text


def test_a_day_of_giving_after_today_and_an_empty_department_are_refused(clerk):
    item = keep_writing(clerk, CASE, today=RECORDED)
    future = refused(clerk, *given(clerk, on="2026-12-05", item=item))
    assert "is after today, Wednesday, December 2, 2026" in future
    args = list(given(clerk, item=item))
    args[args.index("--department") + 1] = "   "
    assert "Say which department of the Village" in refused(clerk, *args)
    assert shown(clerk)["given_emails"] == []


def test_the_roll_address_still_needs_no_record(clerk):
    clerk("serve", clerk.number, *SERVE, "--email", "smiths@example.net", today=RECORDED)
    assert "the address on file with the Village for the owner." in affidavit(clerk)
