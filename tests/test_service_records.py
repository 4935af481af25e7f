"""Service records that can only say what happened (issue 11): a server named, and a mailing
received or returned once, never both, and nothing more recorded of a void document's
mailing."""

from __future__ import annotations

import json

import pytest
from clerk import VILLAGE_A_DIRECTIVE, clerk_at, issued_number

CASE = "VA-C-2026-0001"
# A registered-mail number in the UPU S10 form, its check digit right (8 6 4 2 3 5 9 7).
REGISTERED = "RA123456785US"


@pytest.fixture
def clerk(tmp_path, runner):
    clerk = clerk_at(tmp_path, runner, "village-a")
    clerk(*VILLAGE_A_DIRECTIVE, today="2026-12-01")
    return clerk


def services(clerk, case: str = CASE) -> list[dict]:
    return json.loads(clerk("case", "show", case, "--json").output)["documents"][0]["services"]


def refused(clerk, *args: str, today: str) -> str:
    result = clerk(*args, today=today, ok=False)
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output
    return " ".join(result.output.split())


def test_a_service_needs_a_server(clerk):
    number = issued_number(clerk("issue", CASE, today="2026-12-01"))
    nobody = refused(
        clerk, "serve", number, "--method", "hand_owner", "--by", "  ",
        "--at", "2026-12-01T10:00", today="2026-12-01",
    )  # fmt: skip
    assert "Say who served it with --by" in nobody
    assert services(clerk) == []


TUCKAHOE = "TU-C-2026-0001"


@pytest.fixture
def tuckahoe(tmp_path, runner):
    clerk = clerk_at(tmp_path, runner, "tuckahoe")
    clerk(
        "case", "open", "--village", "tuckahoe", "--parcel", "041",
        "--notice-type", "notice-to-repair-sidewalk",
        "--fact=inspection_date=2026-11-20", "--fact=sidewalk_location=in front",
        "--fact=work=Replace three heaved flags.", "--fact=specifications=Four inches thick.",
        today="2026-12-01",
    )  # fmt: skip
    return clerk


def mailed(clerk) -> str:
    """The notice to repair sent by registered mail on December 1."""
    number = issued_number(clerk("issue", TUCKAHOE, today="2026-12-01"))
    clerk(
        "serve", number, "--method", "registered_mail", "--by", "clerk",
        "--at", "2026-12-01T15:00", "--article-number", REGISTERED, today="2026-12-02",
    )  # fmt: skip
    return number


def test_a_mailing_is_signed_for_or_returned_once_never_both(tuckahoe):
    clerk = tuckahoe
    number = mailed(clerk)
    clerk("receipt", number, "--signed", "2026-12-03", today="2026-12-04")
    again = refused(clerk, "receipt", number, "--unclaimed", "2026-12-10", today="2026-12-11")
    assert (
        "The mailing of TU-D-2026-00001 is already answered: its return receipt was signed on "
        "Thursday, December 3, 2026" in again
    )
    twice = refused(clerk, "receipt", number, "--signed", "2026-12-05", today="2026-12-10")
    assert "already answered" in twice
    assert [e["kind"] for e in services(clerk, TUCKAHOE)[0]["events"]] == ["receipt_signed"]


def test_nothing_more_is_recorded_of_a_void_document_s_mailing(tuckahoe):
    clerk = tuckahoe
    number = mailed(clerk)
    clerk("void", number, "--reason", "wrong owner", today="2026-12-04")
    void = refused(clerk, "receipt", number, "--signed", "2026-12-03", today="2026-12-04")
    assert "Document TU-D-2026-00001 is void (wrong owner)" in void
    assert services(clerk, TUCKAHOE)[0]["events"] == []
