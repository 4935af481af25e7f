"""Each chain walked once on the computer's own clock, in a zone that is neither UTC nor the
village's (Pacific/Auckland): no --today, so every record, issue and archival copy carries
the real moment with its microseconds. A fixed clock at whole seconds once hid that every
archival copy failed its own check (archive verify).

The walks are dated back from today on the village's calendar, far enough that each deadline
has run whatever day of the week the test runs on; what happens now is issued and recorded now.
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from clerk import CASEBOOK, article, pdf_text
from click.testing import CliRunner

from noticeclerk.cli import cli
from noticeclerk.content.village import load_village

# The computer's zone: not UTC, and not the villages' (America/New_York, America/Chicago).
COMPUTER_ZONE = "Pacific/Auckland"


class RealClerk:
    """Runs `noticeclerk` as a clerk does, on the computer's clock: no --today and no
    NOTICECLERK_TODAY, in the computer's zone (the `computer_clock` fixture sets it). In the
    test's own process, as the desk runs it: a process for each command cost the suite
    minutes and tested nothing more (the render workers it starts are processes still)."""

    def __init__(self, office: Path) -> None:
        self.office = office
        self.runner = CliRunner()

    def __call__(self, *args: str, ok: bool = True) -> Ran:
        result = self.runner.invoke(cli, ["--workspace", str(self.office), *args])
        if result.exception is not None and not isinstance(result.exception, SystemExit):
            raise result.exception
        done = Ran(result.exit_code, result.stdout, result.stderr)
        if ok:
            assert done.returncode == 0, (args, done.stdout, done.stderr)
        return done


@dataclass(frozen=True)
class Ran:
    """What a command printed, and its exit status, as a process would give them."""

    returncode: int
    stdout: str
    stderr: str


@pytest.fixture(autouse=True)
def computer_clock(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The computer's clock and zone for every command of the walk: no fixed day, and the
    zone Pacific/Auckland, for this process and the render workers it starts."""
    for key in [key for key in os.environ if key.startswith("NOTICECLERK")]:
        monkeypatch.delenv(key)
    monkeypatch.setenv("TZ", COMPUTER_ZONE)
    time.tzset()
    assert time.strftime("%Z") in ("NZDT", "NZST")
    yield
    monkeypatch.undo()
    time.tzset()


def now_in(zone: str) -> datetime:
    return datetime.now(ZoneInfo(zone))


def minute(moment: datetime) -> str:
    """A moment as the clerk types it: the village's clock time, to the minute."""
    return moment.strftime("%Y-%m-%dT%H:%M")


def the_archive_and_the_register_check_out(clerk: RealClerk) -> None:
    assert "match their SHA-256" in clerk("verify").stdout
    verified = clerk("archive", "verify")
    assert "problem" not in verified.stdout.lower(), verified.stdout


def long(day: date) -> str:
    """A day as the documents print it: "November 7, 2026"."""
    return f"{day:%B} {day.day}, {day.year}"


def frozen_text(clerk: RealClerk, number: str) -> str:
    """The words of a document's PDF as the register froze it (export checks its SHA-256)."""
    out = clerk.office.parent / "exported"
    clerk("document", "export", number, "--format", "pdf", "--out", str(out))
    return pdf_text(next(out.rglob(f"{number}.pdf")))


@pytest.fixture
def office(tmp_path) -> Path:
    return tmp_path / "office"


def test_village_a_directive_bill_and_sworn_statement_on_the_computer_s_clock(office):
    clerk = RealClerk(office)
    clerk("init", str(office))
    clerk("roll", "import", str(CASEBOOK / "village-a" / "roll.csv"), "--village", "village-a")
    today = now_in("America/New_York").date()
    d0 = today - timedelta(days=45)

    def day(n: int) -> str:
        return (d0 + timedelta(days=n)).isoformat()

    clerk(
        "case", "open", "--village", "village-a", "--parcel", "0301-02-004",
        "--notice-type", "directive-to-comply", f"--fact=inspection_date={day(-1)}",
        "--fact=street_name=A Street (private)",
        "--fact=conditions=Construction debris blocks the travel lane.",
        "--fact=corrective_action=Remove the debris.",
    )  # fmt: skip
    case = "VA-C-" + str(today.year) + "-0001"
    directive = clerk("issue", case, "--date", day(0)).stdout.split("Issued ")[1].split(":")[0]
    clerk(
        "serve", directive, "--method", "hand_owner", "--by", "R. Ortiz",
        "--at", f"{day(0)}T10:00", "--to", "Max Ross", "--address", "14 A Street",
    )  # fmt: skip
    clerk(
        "case", "record", case,
        "--fact=violation=the failure to comply with § 134-41A within seven days of the directive",
        "--fact=work_performed=Removed the debris from the travel lane.",
        f"--fact=work_started={day(14)}", f"--fact=work_completed={day(15)}",
        "--fact=labor=DPW Laborer R. Ortiz | 6 | 31.25 | 42.5",
        "--fact=administrative_time=$500", "--fact=general_counsel=none",
        "--fact=contractors=none", "--fact=materials_and_equipment=none",
    )  # fmt: skip
    issued = clerk("issue", case, "maintenance-bill", "--date", day(16)).stdout
    bill = issued.split("Issued ")[1].split(":")[0]
    assert "Archived" in issued and "PDF/A-3b copy" in issued
    clerk(
        "serve", bill, "--method", "certified_mail", "--by", "Village Clerk",
        "--at", f"{day(16)}T15:00", "--article-number", article(1),
    )  # fmt: skip
    clerk("receipt", bill, "--signed", day(18), "--signed-by", "M ROSS")
    # The affidavit of the mailing, numbered and frozen on the computer's clock.
    assert f"{bill}-AFF-1" in clerk("proof", bill, "--issue", "--by", "Village Clerk").stdout
    clerk("pay", bill, "--amount", "100.00", "--on", day(20))
    clerk(
        "case", "party", case, "--role", "officer", "--name", "Village Administrator",
        "--address", "Village Hall|Village A NY 10000",
    )  # fmt: skip
    shown = clerk("case", "show", case).stdout
    assert "sworn-statement: Sworn Statement of Cost and Expense" in shown
    # Issued now, on the computer's clock: more than twenty days after the mailing.
    statement = clerk("issue", case, "sworn-statement").stdout
    assert "Archived" in statement
    assert "Not to be issued:" not in clerk("case", "show", case).stdout
    clerk("due")
    the_archive_and_the_register_check_out(clerk)


def test_luck_snow_notice_and_bill_on_the_computer_s_clock(office):
    clerk = RealClerk(office)
    clerk("init", str(office))
    clerk("roll", "import", str(CASEBOOK / "luck" / "roll.csv"), "--village", "luck")
    now = now_in("America/Chicago")
    # The notice's noon falls on the next day the Village is open, and the crew removes the snow
    # at 1:30 p.m. of the day after the notice: that day must be a business day, or the removal
    # comes within the owner's time (on December 3, 2026 the day after was a Sunday).
    calendar = load_village("luck").calendar
    d0: date = now.date() - timedelta(days=5)
    while not calendar.is_business_day(d0 + timedelta(days=1)):
        d0 -= timedelta(days=1)
    clerk(
        "case", "open", "--village", "luck", "--parcel", "146-00312-0000",
        "--notice-type", "snow-ice-nonhazardous",
        # Days before: the 24 hours of § 496-10A leave out a Sunday and a holiday between.
        f"--fact=snow_ceased={(d0 - timedelta(days=4)).isoformat()}T20:00",
        f"--fact=observed_at={d0.isoformat()}T08:00",
        "--fact=sidewalk_location=along the Main Street frontage",
    )  # fmt: skip
    case = f"LU-C-{now.year}-0001"
    issued = clerk("issue", case, "--date", d0.isoformat()).stdout
    notice = issued.split("Issued ")[1].split(":")[0]
    served = clerk(
        "serve", notice, "--method", "hand_owner", "--by", "Officer D. Reyes",
        "--at", f"{d0.isoformat()}T14:15", "--to", "the manager on duty",
        "--address", "210 Main Street",
    ).stdout  # fmt: skip
    assert "at 12:00 noon C" in served  # noon the next day, in the village's zone
    removed = d0 + timedelta(days=1)
    clerk(
        "case", "record", case,
        "--fact=abatement_basis=The snow and ice were not removed by noon.",
        "--fact=work_description=a Public Works crew cleared the sidewalk.",
        f"--fact=removed_at={removed.isoformat()}T13:30",
        f"--fact=costs_incurred_on={removed.isoformat()}",
        "--fact=expenses=Labor: two Public Works employees|115.50",
    )  # fmt: skip
    bill = clerk("issue", case, "snow-ice-removal-bill").stdout.split("Issued ")[1].split(":")[0]
    mailed = now_in("America/Chicago")
    clerk(
        "serve", bill, "--method", "first_class_mail", "--by", "Village Clerk-Treasurer",
        "--at", minute(mailed),
    )  # fmt: skip
    received = clerk(
        "receipt", bill, "--received", minute(now_in("America/Chicago")),
        "--note", "The owner telephoned the Clerk-Treasurer.",
    ).stdout  # fmt: skip
    assert "Deadline:" in received
    assert bill in clerk("due").stdout
    the_archive_and_the_register_check_out(clerk)


def test_palmyra_tree_order_appeal_hearing_and_decision_on_the_computer_s_clock(office):
    clerk = RealClerk(office)
    clerk("init", str(office))
    clerk("roll", "import", str(CASEBOOK / "palmyra" / "roll.csv"), "--village", "palmyra")
    today = now_in("America/Chicago").date()
    # The Board heard the appeal on the last weekday before today, so that its letter, issued
    # now, is within the 10 days after the hearing (§ 8.15(14)); the order was received three
    # weeks before the hearing, the appeal three days after it.
    heard = today - timedelta(days=1)
    while heard.weekday() >= 5:
        heard -= timedelta(days=1)
    d0 = heard - timedelta(days=22)

    def day(n: int) -> str:
        return (d0 + timedelta(days=n)).isoformat()

    clerk(
        "case", "open", "--village", "palmyra", "--parcel", "PV-0233",
        "--notice-type", "dangerous-tree-order", f"--fact=inspected_on={day(-1)}",
        "--fact=tree=one silver maple, about 30 inches in diameter,",
        "--fact=stands=on the private property 4 feet inside the front lot line",
        "--fact=species=other trees",
        "--fact=standing=on private property overhanging or projecting into a terrace or street",
        "--fact=appears=dead",
        "--fact=condition=The tree bore no leaves this season and two large limbs hang broken.",
        "--fact=corrective_action=Have the tree cut down and removed.",
        f"--fact=act_by={day(15)}",
    )  # fmt: skip
    case = f"PA-C-{today.year}-0001"
    order = clerk("issue", case, "--date", day(0)).stdout.split("Issued ")[1].split(":")[0]
    # Handed over at 10:00 in Palmyra: already the next day on the computer's clock.
    clerk(
        "serve", order, "--method", "hand_owner", "--by", "Village Forester",
        "--at", f"{day(0)}T10:00", "--to", "Tomasz Wierzbicki", "--address", "the premises",
    )  # fmt: skip
    clerk(
        "case", "party", case, "--role", "appellant", "--name", "Tomasz Wierzbicki",
        "--address", "218 North Second Street|Palmyra WI 53156",
    )  # fmt: skip
    clerk(
        "case", "record", case,
        "--fact=order_title=order to take corrective action on a dangerous or obstructive tree",
        f"--fact=appeal_received_on={day(3)}", f"--fact=hearing_at={heard.isoformat()}T18:30",
        "--fact=hearing_place=the Board Room, Village Hall",
    )  # fmt: skip
    issued = clerk("issue", case, "tree-appeal-hearing", "--date", day(4)).stdout
    hearing = issued.split("Issued ")[1].split(":")[0]
    assert "Archived" in issued
    clerk(
        "serve", hearing, "--method", "certified_mail", "--by", "Village Clerk",
        "--at", f"{day(4)}T15:00", "--article-number", article(1),
    )  # fmt: skip
    clerk("receipt", hearing, "--signed", day(6), "--signed-by", "T WIERZBICKI")
    clerk(
        "case", "record", case,
        f"--fact=hearing_concluded_on={heard.isoformat()}",
        "--fact=resolution=Resolution No. 2026-51", "--fact=appearance=Tomasz Wierzbicki appeared.",
        "--fact=grounds=The tree is dead and its broken limbs hang over the sidewalk.",
        "--fact=ground=dangerous or obstructive tree", "--fact=species=other trees",
        "--fact=outcome=affirmed", "--fact=order_as_decided=Have the tree cut down and removed.",
        f"--fact=comply_by={(heard + timedelta(days=14)).isoformat()}",
    )  # fmt: skip
    # Issued now, on the computer's clock: after the hearing and within its 10 days.
    issued = clerk("issue", case, "tree-appeal-decision").stdout
    decision = issued.split("Issued ")[1].split(":")[0]
    assert "Archived" in issued and "PDF/A-3b copy" in issued
    clerk(
        "serve", decision, "--method", "certified_mail", "--by", "Village Clerk",
        "--at", minute(now_in("America/Chicago")), "--article-number", article(2),
    )  # fmt: skip
    # The affidavit of the mailing, numbered and frozen on the computer's clock.
    assert (
        f"{decision}-AFF-1" in clerk("proof", decision, "--issue", "--by", "Village Clerk").stdout
    )
    shown = clerk("case", "show", case).stdout
    assert f"Affidavit of service {decision}-AFF-1 issued" in shown
    # The Board's new day to comply has not run: the Village takes no step on the tree yet.
    assert "the Village takes no step on the property before that time has run" in shown
    # The letter takes the days from the register, each on Palmyra's calendar.
    letter = frozen_text(clerk, decision)
    assert f"Document No. {order}, which you received on {long(d0)}" in letter
    assert f"hearing concluded on {long(heard)}" in letter
    assert f"This letter, dated {long(today)}," in letter
    the_archive_and_the_register_check_out(clerk)


def test_tuckahoe_notice_to_repair_sidewalk_and_report_of_its_cost_on_the_computer_s_clock(office):
    clerk = RealClerk(office)
    clerk("init", str(office))
    clerk("roll", "import", str(CASEBOOK / "tuckahoe" / "roll.csv"), "--village", "tuckahoe")
    today = now_in("America/New_York").date()
    d0 = today - timedelta(days=30)

    def day(n: int) -> str:
        return (d0 + timedelta(days=n)).isoformat()

    clerk(
        "case", "open", "--village", "tuckahoe", "--parcel", "041",
        "--notice-type", "notice-to-repair-sidewalk", f"--fact=inspection_date={day(-3)}",
        "--fact=sidewalk_location=in front of 35 Main Street, between the building line and the curb",
        "--fact=work=Remove and replace three heaved concrete sidewalk flags.",
        "--fact=specifications=Concrete walk four inches thick on a compacted gravel base.",
    )  # fmt: skip
    case = f"TU-C-{today.year}-0001"
    notice = clerk("issue", case, "--date", day(0)).stdout.split("Issued ")[1].split(":")[0]
    # Mailed at 3:00 p.m. in Tuckahoe: already the next morning on the computer's clock.
    clerk(
        "serve", notice, "--method", "registered_mail", "--by", "R. Alvarez",
        "--at", f"{day(0)}T15:00", "--article-number", "RA123456785US",
    )  # fmt: skip
    clerk("receipt", notice, "--signed", day(3), "--signed-by", "HOLLIS STREET PARTNERS")
    clerk(
        "case", "party", case, "--role", "officer", "--name", "Taylor Brennan, Village Clerk",
        "--address", "Village Hall|Tuckahoe NY 10707",
    )  # fmt: skip
    # The owner did nothing within the seven days; the Street Commissioner had the work done.
    clerk(
        "case", "record", case,
        "--fact=time_specified_by=notice", f"--fact=time_from={day(0)}",
        f"--fact=time_document=the notice to repair No. {notice}",
        f"--fact=found_undone_on={day(12)}",
        "--fact=work_done=Removed and replaced three heaved concrete sidewalk flags.",
        f"--fact=work_began={day(14)}", f"--fact=work_completed={day(15)}",
        "--fact=costs=Contractor: Pelham Flatwork Co., 75 square feet of concrete walk|1425.00",
        "--fact=costs=Barricades and warning lights, 2 days|60.00",
    )  # fmt: skip
    assert "sidewalk-cost-report: Report of the Cost" in clerk("case", "show", case).stdout
    # Issued now, on the computer's clock, and filed with the Village Clerk now.
    issued = clerk("issue", case, "sidewalk-cost-report").stdout
    report = issued.split("Issued ")[1].split(":")[0]
    assert "Archived" in issued and "PDF/A-3b copy" in issued
    clerk(
        "serve", report, "--method", "file_with_officer", "--by", "Street Commissioner",
        "--at", minute(now_in("America/New_York")),
    )  # fmt: skip
    # The affidavit of the registered mailing, numbered and frozen on the computer's clock.
    assert f"{notice}-AFF-1" in clerk("proof", notice, "--issue", "--by", "R. Alvarez").stdout
    text = frozen_text(clerk, report)
    assert f"Notice to repair: No. {notice}, mailed {long(d0)}" in text
    assert f"Dated: {long(today)}" in text
    assert "Total amount expended or incurred $1,485.00" in text
    shown = clerk("case", "show", case).stdout
    assert f"Affidavit of service {notice}-AFF-1 issued" in shown
    assert "by file_with_officer (Street Commissioner)" in shown
    the_archive_and_the_register_check_out(clerk)


def test_village_b_certificate_statement_and_special_assessment_on_the_computer_s_clock(office):
    clerk = RealClerk(office)
    clerk("init", str(office))
    clerk("roll", "import", str(CASEBOOK / "village-b" / "roll.csv"), "--village", "village-b")
    today = now_in("America/New_York").date()
    d0 = today - timedelta(days=45)

    def day(n: int) -> str:
        return (d0 + timedelta(days=n)).isoformat()

    # A storm of 5.5 inches: the owners had 48 hours; the Village cleared after them.
    clerk(
        "case", "open", "--village", "village-b", "--parcel", "B-0212",
        "--notice-type", "cost-certificate", f"--fact=storm_ceased={day(-8)}T02:00",
        "--fact=depth_inches=5.5", f"--fact=village_began_clearing={day(-5)}T09:00",
        "--fact=cost_reported_by=the Superintendent of Public Works",
        f"--fact=cost_reported_on={day(-3)}",
        "--fact=premises_cleaned=B-0212 | the public sidewalk along the Depot Road frontage",
        "--fact=work=B-0212 | Snow and ice removal: two laborers | 186.00 | 186.00",
        "--fact=work=B-0212 | Sand and deicing material applied | 42.50 | 42.50",
    )  # fmt: skip
    case = f"VB-C-{today.year}-0001"
    clerk(
        "case", "party", case, "--role", "officer", "--name", "Sam Okafor, Village Treasurer",
        "--address", "Village Office|2 Sample Street|Village B NY 10001",
    )  # fmt: skip
    issued = clerk("issue", case, "--date", day(0)).stdout
    certificate = issued.split("Issued ")[1].split(":")[0]
    clerk(
        "serve", certificate, "--method", "file_with_officer", "--by", "D. Whitfield",
        "--at", f"{day(0)}T15:00",
    )  # fmt: skip
    issued = clerk("issue", case, "statement-of-charges", "--date", day(3)).stdout
    statement = issued.split("Issued ")[1].split(":")[0]
    assert "Archived" in issued
    clerk(
        "serve", statement, "--method", "first_class_mail", "--by", "S. Okafor",
        "--at", f"{day(3)}T15:00",
    )  # fmt: skip
    clerk("pay", statement, "--amount", "100.00", "--on", day(15))
    # The Council levies what was left unpaid after the 30 days from the mailing.
    clerk(
        "case", "record", case, f"--fact=levied_on={today.isoformat()}",
        "--fact=resolution=Resolution No. 2026-14 of the Council",
    )  # fmt: skip
    # Dated tomorrow on the Village's calendar: refused, whatever day it is on the computer's.
    tomorrow = (today + timedelta(days=1)).isoformat()
    early = clerk("issue", case, "special-assessment", "--date", tomorrow, ok=False)
    assert early.returncode == 1, early.stdout
    assert f"after today, {today:%A}, {long(today)}, on Village B (SAMPLE)'s calendar" in " ".join(
        early.stderr.split()
    )
    issued = clerk("issue", case, "special-assessment").stdout
    levy = issued.split("Issued ")[1].split(":")[0]
    assert levy == f"VB-D-{today.year}-00003"  # the refusal took no number
    assert "Archived" in issued and "PDF/A-3b copy" in issued
    clerk(
        "serve", levy, "--method", "first_class_mail", "--by", "Village Clerk",
        "--at", minute(now_in("America/New_York")),
    )  # fmt: skip
    # The affidavit of the statement's mailing, numbered and frozen on the computer's clock.
    assert f"{statement}-AFF-1" in clerk("proof", statement, "--issue", "--by", "S. Okafor").stdout
    text = frozen_text(clerk, levy)
    assert f"On {long(d0 + timedelta(days=3))}, the Village Treasurer mailed you" in text
    assert "Paid on the statement $100.00" in text
    assert "Special assessment upon the property $141.35" in text
    shown = clerk("case", "show", case).stdout
    assert f"Affidavit of service {statement}-AFF-1 issued" in shown
    the_archive_and_the_register_check_out(clerk)
