"""The Clerk-Treasurer's certificate of mailing of the notice of the hearing on proposed special
assessments to every owner of a Palmyra district (Wis. Stat. § 66.0703(7)(a); WI legal reading
2026-12-02, §2 item 5), walked through the register at the command line: it lists each owner's
copy from the record of its mailing, waits until every copy is mailed, and is refused where a
copy went late or by another method, or where the copies announce different hearings."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from clerk import (
    CASEBOOK,
    REPORTED_BY,
    clerk_at,
    day_after,
    issued_number,
    pdf_text,
    report_filed,
)
from test_chains_palmyra import DISTRICT_HEARING_FACTS as HEARING_FACTS

NOTICES = CASEBOOK.parent / "notices"
CASE = "PA-C-2026-0001"
CERTIFICATE = "assessment-hearing-mailing-certificate"
# The owners of the water main district's four lots, and where the roll says they get mail.
OWNERS = [
    ("PV-2201", "Lindqvist and Adebayo Farrow", "301 Cutler Street, Palmyra WI 53156"),
    ("PV-2202", "Odalys Brennecke", "309 Cutler Street, Palmyra WI 53156"),
    ("PV-2203", "Fenwick Creamery Cooperative", "P.O. Box 207, Palmyra WI 53156"),
    ("PV-2204", "Yusuf and Greta Amundsen", "4 Heron Court, Palmyra WI 53156"),
]


@pytest.fixture
def clerk(tmp_path, runner):
    return clerk_at(tmp_path, runner, "palmyra")


def noticed(clerk) -> list[str]:
    """The district's schedule issued, the report on it filed and the hearing noticed to each of
    its four owners, on Monday, October 5, 2026 (the hearing is October 19: the copies are due
    by October 9)."""
    schedule = CASEBOOK / "palmyra" / "water-main-assessment-schedule.toml"
    clerk("case", "open", "--from", str(schedule), today="2026-10-05")
    clerk("issue", CASE, today="2026-10-05")
    clerk("case", "record", CASE, *[f"--fact={fact}" for fact in HEARING_FACTS], today="2026-10-05")
    report_filed(clerk, CASE, "2026-10-05", REPORTED_BY)
    issued = clerk("issue", CASE, "assessment-hearing-notice", today="2026-10-05")
    return re.findall(r"Issued (\S+):", issued.output)


def mailed(clerk, number: str, on: str = "2026-10-05", by: str = "Karolina Nowak") -> None:
    clerk(
        "serve", number, "--method", "first_class_mail", "--by", by, "--at", f"{on}T15:00",
        today=day_after(on),
    )  # fmt: skip


def certificate_step(clerk) -> dict:
    shown = json.loads(clerk("case", "show", CASE, "--json", today="2026-10-10").output)
    return next(step for step in shown["next_steps"] if step["notice_type"] == CERTIFICATE)


def exported_text(clerk, number: str, tmp_path: Path) -> str:
    out = tmp_path / "out" / number
    clerk("document", "export", number, "--format", "pdf", "--out", str(out))
    return " ".join(pdf_text(next(out.rglob(f"{number}.pdf"))).split())


def test_the_certificate_lists_every_owner_s_copy_as_its_mailing_was_recorded(clerk, tmp_path):
    notices = noticed(clerk)
    assert len(notices) == 4
    for number in notices[:3]:
        mailed(clerk, number)
    waiting = certificate_step(clerk)
    assert waiting["standing"] == "not_yet"
    assert f"{notices[3]} has not been served" in waiting["why"]
    refused = clerk("issue", CASE, CERTIFICATE, today="2026-10-10", ok=False)
    assert refused.exit_code == 1 and f"{notices[3]} has not been served" in refused.output
    mailed(clerk, notices[3], on="2026-10-07", by="Robin Schultz")
    assert certificate_step(clerk)["standing"] == "may"
    # Dated before the last copy went out, it is refused with the day.
    early = clerk("issue", CASE, CERTIFICATE, today="2026-10-06", ok=False)
    assert "before the last copy of the notice was mailed on Wednesday, October 7, 2026" in (
        " ".join(early.output.split())
    )
    number = issued_number(clerk("issue", CASE, CERTIFICATE, today="2026-10-10"))
    text = exported_text(clerk, number, tmp_path)
    for (parcel, owner, address), notice in zip(OWNERS, notices, strict=True):
        by = "Robin Schultz" if notice == notices[3] else "Karolina Nowak"
        day = "October 7, 2026" if notice == notices[3] else "October 5, 2026"
        assert f"(Parcel No. {parcel}) {notice} {owner}, {address} {day} {by}" in text
    assert "The last copy was mailed on October 7, 2026, on or before Friday, October 9, 2026" in (
        text
    )
    assert "Preliminary Resolution No. 2026-44" in text
    # The register records first-class mailings, not their postage: the certificate swears to
    # no element the record does not show.
    assert "was mailed by first-class mail to each of the following owners" in " ".join(
        text.split()
    )
    assert "postage" not in text
    # The hour the notices printed, in the village's zone by name, not the offset kept with it.
    assert "Monday, October 19, 2026, 6:30 p.m. CDT, at the Board Room" in text
    # One certificate for the hearing.
    again = clerk("issue", CASE, CERTIFICATE, today="2026-10-11", ok=False)
    assert again.exit_code == 1


def test_a_copy_mailed_fewer_than_10_days_before_the_hearing_is_not_certified(clerk):
    notices = noticed(clerk)
    for number in notices[:3]:
        mailed(clerk, number)
    mailed(clerk, notices[3], on="2026-10-10")
    shown = json.loads(clerk("case", "show", CASE, "--json", today="2026-10-12").output)
    step = next(step for step in shown["next_steps"] if step["notice_type"] == CERTIFICATE)
    assert step["standing"] == "not"
    refused = clerk("issue", CASE, CERTIFICATE, today="2026-10-12", ok=False)
    said = " ".join(refused.output.split())
    assert refused.exit_code == 1
    assert "mailed on Saturday, October 10, 2026, later than Friday, October 9, 2026" in said
    assert "Wis. Stat. § 66.0703(7)(a)" in said


def test_a_copy_handed_to_its_owner_is_not_certified_as_mailed(clerk):
    # A village whose file also lets its clerk hand the notice to the owner.
    text = (NOTICES / "palmyra" / "assessment-hearing-notice.toml").read_text(encoding="utf-8")
    folder = clerk.office / "notices" / "palmyra"
    folder.mkdir(parents=True, exist_ok=True)
    handed = (
        '[[service]]\nmethod = "hand_owner"\nwords = "Handed to the owner."\nsection = "§ 8.03"\n'
    )
    (folder / "assessment-hearing-notice.toml").write_text(
        text.replace("[[service]]", handed + "\n[[service]]", 1), encoding="utf-8"
    )
    notices = noticed(clerk)
    for number in notices[:3]:
        mailed(clerk, number)
    clerk(
        "serve", notices[3], "--method", "hand_owner", "--by", "Karolina Nowak",
        "--to", "Yusuf Amundsen", "--address", "4 Heron Court, Palmyra", "--at", "2026-10-05T16:00", today="2026-10-10",
    )  # fmt: skip
    refused = clerk("issue", CASE, CERTIFICATE, today="2026-10-10", ok=False)
    said = " ".join(refused.output.split())
    assert f"{notices[3]} has no mailing recorded" in said


def test_copies_announcing_different_hearings_are_not_certified_as_one(clerk):
    notices = noticed(clerk)
    for number in notices:
        mailed(clerk, number)
    # The fourth owner's copy is voided and sent again for another evening.
    clerk("void", notices[3], "--reason", "wrong hearing hour", today="2026-10-06")
    clerk("case", "record", CASE, "--fact=hearing_at=2026-10-19T19:00", today="2026-10-06")
    again = clerk("issue", CASE, "assessment-hearing-notice", today="2026-10-06")
    replacement = issued_number(again)
    mailed(clerk, replacement, on="2026-10-06")
    refused = clerk("issue", CASE, CERTIFICATE, today="2026-10-10", ok=False)
    said = " ".join(refused.output.split())
    assert "print different values of the hearing at" in said
    assert notices[0] in said and replacement in said


def test_a_void_copy_is_not_listed_and_its_replacement_is(clerk, tmp_path):
    notices = noticed(clerk)
    for number in notices:
        mailed(clerk, number)
    clerk("void", notices[1], "--reason", "misprinted address", today="2026-10-06")
    replacement = issued_number(
        clerk("issue", CASE, "assessment-hearing-notice", today="2026-10-06")
    )
    mailed(clerk, replacement, on="2026-10-06")
    number = issued_number(clerk("issue", CASE, CERTIFICATE, today="2026-10-10"))
    text = exported_text(clerk, number, tmp_path)
    assert replacement in text and notices[1] not in text


def test_a_copy_mailed_again_later_is_certified_as_first_mailed(clerk, tmp_path):
    """Attacker's pass: a second mailing of one copy after the 10 days hid the timely first."""
    notices = noticed(clerk)
    for number in notices:
        mailed(clerk, number)
    mailed(clerk, notices[1], on="2026-10-12", by="Second Mailer")
    assert certificate_step(clerk)["standing"] == "may"
    number = issued_number(clerk("issue", CASE, CERTIFICATE, today="2026-10-13"))
    text = exported_text(clerk, number, tmp_path)
    assert (
        f"{notices[1]} Odalys Brennecke, 309 Cutler Street, Palmyra WI 53156 October 5, 2026"
        in (text)
    )
    assert "Second Mailer" not in text


def test_a_copy_mailed_to_another_address_than_it_printed_is_not_certified(tmp_path, runner):
    """Attacker's pass: the roll changed between the notice and its mailing, and the certificate
    printed the roll's new address, which the envelope never bore."""
    clerk = clerk_at(tmp_path, runner)
    roll_file = CASEBOOK / "palmyra" / "roll.csv"
    clerk("roll", "import", str(roll_file), "--village", "palmyra", today="2026-10-01")
    notices = noticed(clerk)
    roll = roll_file.read_text(encoding="utf-8")
    moved = tmp_path / "moved.csv"
    moved.write_text(
        roll.replace("Odalys Brennecke,309 Cutler Street", "Odalys Brennecke,77 Elsewhere Road"),
        encoding="utf-8",
    )
    assert "77 Elsewhere Road" in moved.read_text(encoding="utf-8")
    clerk("roll", "import", str(moved), "--village", "palmyra", today="2026-10-05T14:00")
    for number in notices:
        mailed(clerk, number)
    refused = clerk("issue", CASE, CERTIFICATE, today="2026-10-10", ok=False)
    said = " ".join(refused.output.split())
    assert refused.exit_code == 1
    assert f"{notices[1]} printed the address '309 Cutler Street, Palmyra WI 53156'" in said
    assert "recorded to '77 Elsewhere Road" in said


def test_a_copy_the_certificate_lists_is_voided_only_after_the_certificate(clerk):
    """Attacker's pass: a void notice stayed certified as mailed."""
    notices = noticed(clerk)
    for number in notices:
        mailed(clerk, number)
    certificate = issued_number(clerk("issue", CASE, CERTIFICATE, today="2026-10-10"))
    refused = clerk("void", notices[1], "--reason", "misprinted", today="2026-10-11", ok=False)
    said = " ".join(refused.output.split())
    assert refused.exit_code == 1
    assert f"{certificate}, the Certificate of Mailing" in said and f"lists {notices[1]}" in said
    clerk("void", certificate, "--reason", "a copy it lists is misprinted", today="2026-10-11")
    clerk("void", notices[1], "--reason", "misprinted", today="2026-10-11")
