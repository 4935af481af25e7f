"""Each chain walked once on the computer's own clock, in a process whose zone is neither UTC nor
the village's (Pacific/Auckland): no --today, so every record, issue and archival copy carries
the real moment with its microseconds. A fixed clock at whole seconds once hid that every
archival copy failed its own check (archive verify).

The walks are dated back from today on the village's calendar, far enough that each deadline
has run whatever day of the week the test runs on; what happens now is issued and recorded now.
"""

from __future__ import annotations

import os
import subprocess
import sys
from datetime import date, datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from clerk import CASEBOOK, article

ROOT = Path(__file__).resolve().parent.parent
# The computer's zone: not UTC, and not the villages' (America/New_York, America/Chicago).
COMPUTER_ZONE = "Pacific/Auckland"


class RealClerk:
    """Runs `noticeclerk` as a clerk does, in its own process, on the computer's clock."""

    def __init__(self, office: Path) -> None:
        self.office = office

    def __call__(self, *args: str, ok: bool = True) -> subprocess.CompletedProcess[str]:
        environment = {
            key: value for key, value in os.environ.items() if not key.startswith("NOTICECLERK")
        }
        environment.update(TZ=COMPUTER_ZONE, PYTHONPATH=str(ROOT))
        done = subprocess.run(
            [sys.executable, "-c", "from noticeclerk.cli import main; main()",
             "--workspace", str(self.office), *args],
            capture_output=True, text=True, env=environment, timeout=300,
        )  # fmt: skip
        if ok:
            assert done.returncode == 0, (args, done.stdout, done.stderr)
        return done


def now_in(zone: str) -> datetime:
    return datetime.now(ZoneInfo(zone))


def minute(moment: datetime) -> str:
    """A moment as the clerk types it: the village's clock time, to the minute."""
    return moment.strftime("%Y-%m-%dT%H:%M")


def the_archive_and_the_register_check_out(clerk: RealClerk) -> None:
    assert "match their SHA-256" in clerk("verify").stdout
    verified = clerk("archive", "verify")
    assert "problem" not in verified.stdout.lower(), verified.stdout


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
    d0: date = now.date() - timedelta(days=5)
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
