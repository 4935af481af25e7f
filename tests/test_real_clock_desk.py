"""The desk walked once on the computer's own clock, in a process whose zone is neither UTC nor
the village's (Pacific/Auckland): a case opened through its form, its first document issued
and its service recorded through the desk, each at the real moment with its microseconds;
then the command line finds the register and the archive sound (verify, archive verify).

The desk's tests elsewhere run on a clock fixed at a day, read at 12:00 UTC, when every zone
has the same date. Here the computer's date is most of the time a day ahead of Palmyra's, so
a date the desk read on the computer's calendar instead of the village's would show.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from datetime import UTC, date, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from clerk import Clerk, clerk_at
from click.testing import CliRunner
from desk import PASSWORD, add_users, field_errors, form_token, register_rows, send

from noticeclerk.clock import Clock
from noticeclerk.web import Desk, create_app

COMPUTER_ZONE = "Pacific/Auckland"
PALMYRA = ZoneInfo("America/Chicago")


@pytest.fixture
def computer_in_auckland(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The process's zone is Auckland's and its clock the real one (no NOTICECLERK_TODAY)."""
    monkeypatch.delenv("NOTICECLERK_TODAY", raising=False)
    monkeypatch.setenv("TZ", COMPUTER_ZONE)
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


@pytest.fixture
def office(tmp_path, computer_in_auckland) -> Clerk:
    clerk = clerk_at(tmp_path, CliRunner(), "palmyra")
    add_users(clerk, ("t.brennan", "clerk"))
    return clerk


def typed(day: date) -> str:
    """A day as a clerk types it into the desk: 12/4/2026."""
    return f"{day.month}/{day.day}/{day.year}"


def wall_clock(moment: datetime) -> str:
    """The village's clock time as a clerk types it, with its name so that the hour the clocks
    pass twice is not asked about: "6:05 am CST"."""
    half = "am" if moment.hour < 12 else "pm"
    return f"{moment.hour % 12 or 12}:{moment.minute:02d} {half} {moment.tzname()}"


def registered_moment(text: str) -> datetime:
    """A moment as the register keeps it (UTC, microseconds when it has them)."""
    moment = datetime.fromisoformat(text)
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def test_a_case_opened_issued_and_served_at_the_desk_on_the_computer_s_clock(office):
    assert time.localtime().tm_gmtoff in (12 * 3600, 13 * 3600)  # the process is in Auckland
    app = create_app(Desk(office.office, None, Clock()))
    app.testing = True
    client = app.test_client()
    signed = client.post(
        "/sign-in",
        data={
            "name": "t.brennan",
            "password": PASSWORD,
            "form_token": form_token(client.get("/sign-in").text),
        },
    )
    assert signed.status_code == 302, signed.text
    today = datetime.now(PALMYRA).date()

    # Opened through the desk's form, the dates typed on Palmyra's calendar.
    opened = send(
        client, "/cases/new/palmyra/house-numbering-notice",
        {
            "parcels": "PV-0417", "assigned_number": "412", "street": "Taft Street",
            "number_assigned_on": typed(today - timedelta(days=60)),
            "observed_on": typed(today - timedelta(days=5)),
        },
    )  # fmt: skip
    assert opened.status_code == 302, field_errors(opened.text) or opened.text[-2000:]
    case = f"PA-C-{today.year}-0001"
    assert opened.headers["Location"] == f"/cases/{case}"

    # Issued through the desk: read as page images first, then numbered on the real clock.
    preview_path = f"/cases/{case}/issue/house-numbering-notice"
    preview = client.get(preview_path)
    assert preview.status_code == 200, preview.text[-2000:]
    number = f"PA-D-{today.year}-00001"
    assert f"It would be numbered {number} if issued now" in preview.text
    seen = preview.text.split('name="seen" value="')[1].split('"')[0]
    before = datetime.now(UTC)
    issued = client.post(preview_path, data={"form_token": form_token(preview.text), "seen": seen})
    after = datetime.now(UTC)
    assert issued.status_code == 302, issued.text[-2000:]
    ((document_date, issued_at, issued_by),) = register_rows(
        office, "SELECT document_date, issued_at, issued_by FROM documents"
    )
    # Dated today on Palmyra's calendar (not the computer's), at the moment it was issued.
    assert (document_date, issued_by) == (today.isoformat(), "t.brennan")
    assert before <= registered_moment(issued_at) <= after
    assert register_rows(office, "SELECT count(*) FROM archive_items") == [(1,)]
    page = client.get(f"/cases/{case}").text
    assert f"Issued {number}: Notice to Number Building" in page

    # Its service recorded through the desk's form: handed over now, by Palmyra's clock.
    served_at = datetime.now(PALMYRA)
    path = f"/documents/{number}/serve"
    form = client.get(path, query_string={"method": "hand_owner"}).text
    fields = {
        "form_token": form_token(form), "method": "hand_owner", "by": "Village Clerk",
        "at_day": typed(served_at.date()), "at_time": wall_clock(served_at),
        "to_person": "Marguerite O'Connell", "address": "412 Taft Street",
    }  # fmt: skip
    # Tomorrow on Palmyra's calendar (most of the day, today on the computer's) has not come.
    early = client.post(path, data=fields | {"at_day": typed(today + timedelta(days=1))})
    assert early.status_code == 400
    assert "is later than now" in early.text
    assert register_rows(office, "SELECT count(*) FROM services") == [(0,)]
    served = client.post(path, data=fields)
    assert served.status_code == 302, field_errors(served.text) or served.text[-2000:]
    ((method, at, recorded_at, deadline),) = register_rows(
        office, "SELECT method, served_at, recorded_at, deadline FROM services"
    )
    assert method == "hand_owner"
    assert registered_moment(at) == served_at.replace(second=0, microsecond=0)
    assert registered_moment(recorded_at) >= registered_moment(issued_at)
    # Ten days after the service, on Palmyra's calendar: a Sunday or a legal holiday moves it
    # to the next day (Wis. Stat. § 990.001(4)(b)), at most a few days.
    last = date.fromisoformat(deadline)
    assert served_at.date() + timedelta(days=10) <= last <= served_at.date() + timedelta(days=13)
    assert f"Recorded service of {number} by hand delivery" in client.get(f"/cases/{case}").text

    # The command line, on the same computer's clock, finds the register and the archive sound.
    assert "match their SHA-256" in office("verify").output
    verified = office("archive", "verify")
    assert "problem" not in verified.output.lower(), verified.output
    shown = office("case", "show", case).output
    assert f"{number}  Notice to Number Building, dated {today.isoformat()}" in shown
