"""Tuckahoe's notice to the owner that the cost of snow and ice removal was certified for the
tax levy (§ 19-34(b); the Village's practice, the Code requires none), walked at the command
line after the unpaid bill and the Clerk's certificate to the Assessor, with a fixed clock: what
the register gives it (the certificate's number, day and cost, the bill's number two back), and
each refusal with its sentence and no number taken."""

from __future__ import annotations

import pytest
from clerk import clerk_at, issued_number
from test_chains_tuckahoe import BILL, CASE, exported_text, snow_bill_mailed

CERTIFICATE = "TU-D-2026-00002"


@pytest.fixture
def billed(tmp_path, runner):
    clerk = clerk_at(tmp_path, runner, "tuckahoe")
    snow_bill_mailed(clerk)
    return clerk


def test_the_notice_to_the_owner_needs_the_certificate_filed_first(billed):
    refused = billed("issue", CASE, "snow-lien-notice", today="2026-03-02", ok=False)
    assert refused.exit_code == 1
    assert "follows a 'snow-cost-certificate' issued in case" in refused.output
    certified = billed("issue", CASE, "snow-cost-certificate", today="2026-03-02")
    assert issued_number(certified) == CERTIFICATE


def test_the_notice_repeats_the_certificate_and_the_bill_from_the_register(billed):
    billed("issue", CASE, "snow-cost-certificate", today="2026-03-02")
    issued = billed("issue", CASE, "snow-lien-notice", today="2026-03-03")
    assert issued_number(issued) == "TU-D-2026-00003"
    notice = exported_text(billed, "TU-D-2026-00003")
    assert f"certificate No. {CERTIFICATE}" in notice
    assert "filed with the Assessor" in notice
    assert "March 2, 2026" in notice
    assert f"No. {BILL}" in notice
    assert "$252.25" in notice
    typed = billed("case", "record", CASE, f"--fact=certificate_number={CERTIFICATE}", ok=False)
    assert "'certificate_number' is not recorded" in typed.output


def test_the_notice_says_the_code_requires_none_and_gives_no_right_or_time(billed):
    billed("issue", CASE, "snow-cost-certificate", today="2026-03-02")
    billed("issue", CASE, "snow-lien-notice", today="2026-03-03")
    notice = " ".join(exported_text(billed, "TU-D-2026-00003").split())
    assert "The Village Code requires no notice to the owner" in notice
    assert "so that you know the amount will be levied with your taxes" in notice
    assert "gives no right, time or place that the Code does not give" in notice
    assert "Deadline" not in notice


def test_one_notice_is_given_for_each_certificate(billed):
    billed("issue", CASE, "snow-cost-certificate", today="2026-03-02")
    billed("issue", CASE, "snow-lien-notice", today="2026-03-03")
    second = billed("issue", CASE, "snow-lien-notice", today="2026-03-04", ok=False)
    assert second.exit_code == 1
    assert "TU-D-2026-00003 is already the Notice to Owner" in second.output


def test_a_notice_dated_before_the_certificate_was_filed_is_refused_and_takes_no_number(billed):
    billed("issue", CASE, "snow-cost-certificate", today="2026-03-02")
    early = billed("issue", CASE, "snow-lien-notice", today="2026-03-01", ok=False)
    assert early.exit_code == 1
    assert f"The certificate {CERTIFICATE} was filed with the Assessor on Monday, March 2" in (
        early.output
    )
    issued = billed("issue", CASE, "snow-lien-notice", today="2026-03-02")
    assert issued_number(issued) == "TU-D-2026-00003"
