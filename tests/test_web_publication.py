"""Publication at the desk (issue 19): a legal notice's copy and the days it must be printed,
then the days it was printed recorded from the publisher's affidavit (archived with them), and,
where publication is the notice's service, the service and its deadline.

Palmyra's notice of the hearing on special assessments (mailed; published at least 10 days
before the hearing of Monday, September 14, 2026: Thursday, September 3) and Luck's sidewalk
order, published because its owner could not be served, whose 60 days run from the printing."""

from __future__ import annotations

import re
from io import BytesIO
from pathlib import Path

import pytest
from clerk import Clerk
from click.testing import CliRunner
from desk import add_users, field_errors, form_token, register_rows, signed_in
from test_publish_register import ISSUED_ON, affidavit_pdf, office_with_two_notices

HEARING_DAY = "Thursday, September 3, 2026"


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> tuple[Path, dict[str, str]]:
    office, numbers = office_with_two_notices(tmp_path_factory.mktemp("desk-publish"))
    clerk = Clerk(office, CliRunner(env={"NOTICECLERK_TODAY": ISSUED_ON}))
    add_users(clerk, ("t.brennan", "clerk"), ("a.counsel", "attorney"))
    return office, numbers


@pytest.fixture
def clerk(office) -> Clerk:
    return Clerk(office, CliRunner(env={"NOTICECLERK_TODAY": ISSUED_ON}))


@pytest.fixture
def numbers(built) -> dict[str, str]:
    return built[1]


def record(client, number: str, days: str, affidavit: bytes | None = None):  # type: ignore[no-untyped-def]
    page = client.get(f"/documents/{number}/publication").text
    data = {"form_token": form_token(page), "days": days}
    if affidavit is not None:
        data["affidavit"] = (BytesIO(affidavit), "affidavit of publication.pdf")
    return client.post(
        f"/documents/{number}/publication", data=data, content_type="multipart/form-data"
    )


def test_the_page_gives_the_days_the_copy_deadline_and_the_copy_without_the_letterhead(
    clerk, numbers
):
    hearing = numbers["assessment-hearing-notice"]
    client = signed_in(clerk, "t.brennan", ISSUED_ON)
    page = client.get(f"/documents/{hearing}/publication").text
    assert (
        f"To be printed in The Palmyra Prairie Courier (fictional) on <strong>{HEARING_DAY}" in page
    )
    assert "by <strong>Friday, August 28, 2026</strong>" in page
    assert "Wis. Stat. § 66.0703(7)(a)" in page  # how the days were counted
    copy = client.get(f"/documents/{hearing}/publication/copy.txt")
    assert copy.headers["Content-Disposition"].endswith(f'"{hearing}-newspaper-copy.txt"')
    assert "hearing" in copy.text.lower() and "Page 1 of" not in copy.text
    assert client.get(f"/documents/{hearing}/publication/copy.pdf").data.startswith(b"%PDF")
    assert client.get(f"/documents/{hearing}/publication/copy.exe").status_code == 404
    case_page = client.get("/cases/PA-C-2026-0001").text
    assert f"Publish {hearing} in the newspaper" in case_page


def test_a_mailed_hearing_notice_published_is_recorded_and_archived_but_is_no_service(
    clerk, numbers
):
    hearing = numbers["assessment-hearing-notice"]
    client = signed_in(clerk, "t.brennan", "2026-09-04")
    answer = record(client, hearing, "9/3/2026", affidavit_pdf())
    assert answer.status_code == 302, field_errors(answer.text) or answer.text[-800:]
    case_page = client.get(answer.headers["Location"]).text
    assert f"Recorded the publication of {hearing} on {HEARING_DAY}" in case_page
    assert "no service recorded" in case_page
    assert re.search(
        r"Published in The Palmyra Prairie Courier \(fictional\) on [^<]*September 3, 2026 "
        r"\(its affidavit of publication is archive item \d+\)",
        case_page,
    )
    assert register_rows(clerk, "SELECT published_on, recorded_by FROM insertions") == [
        ("2026-09-03", "t.brennan")
    ]
    assert register_rows(clerk, "SELECT count(*) FROM services") == [(0,)]
    assert "Its publication is recorded" in client.get(f"/documents/{hearing}/publication").text
    shown = clerk("case", "show", "PA-C-2026-0001", today="2026-09-04").output
    assert "Published in The Palmyra Prairie Courier (fictional) on Thursday, September 3" in shown


def test_an_order_published_because_its_owner_could_not_be_served_is_served_by_it(clerk, numbers):
    order = numbers["sidewalk-repair-order"]
    client = signed_in(clerk, "t.brennan", "2026-09-03")
    answer = record(client, order, "2026-09-02", affidavit_pdf())
    assert answer.status_code == 302, answer.text[-800:]
    case_page = client.get(answer.headers["Location"]).text
    assert f"Recorded service of {order} by publication" in case_page
    assert "Deadline: " in case_page
    assert register_rows(clerk, "SELECT method, served_by, recorded_by FROM services") == [
        ("publication", "t.brennan", "t.brennan")
    ]


def test_the_days_and_the_affidavit_are_asked_for_and_the_laws_refusal_is_said(clerk, numbers):
    hearing = numbers["assessment-hearing-notice"]
    client = signed_in(clerk, "t.brennan", "2026-09-11")
    empty = record(client, hearing, "")
    assert empty.status_code == 400
    assert set(field_errors(empty.text)) == {"days", "affidavit"}
    slip = record(client, hearing, "9/31/2026", affidavit_pdf())
    assert "not a day of the calendar" in field_errors(slip.text)["days"]
    late = record(client, hearing, "9/10/2026", affidavit_pdf())
    assert late.status_code == 400
    assert "less than 10 days before the hearing" in late.text
    assert "Wis. Stat. § 66.0703(7)(a)" in late.text
    assert register_rows(clerk, "SELECT count(*) FROM insertions") == [(0,)]
    affidavits = "SELECT count(*) FROM archive_items WHERE kind = 'affidavit-of-publication'"
    assert register_rows(clerk, affidavits) == [(0,)]


def test_a_void_or_unknown_document_has_no_publication_page(clerk, numbers):
    client = signed_in(clerk, "t.brennan", ISSUED_ON)
    clerk("void", numbers["sidewalk-repair-order"], "--reason", "spoiled in the printer")
    answer = client.get(f"/documents/{numbers['sidewalk-repair-order']}/publication")
    assert answer.status_code == 400 and "is void" in answer.text
    assert client.get("/documents/NO-SUCH-1/publication").status_code == 400


def test_an_attorney_reads_the_schedule_but_records_nothing(clerk, numbers):
    hearing = numbers["assessment-hearing-notice"]
    client = signed_in(clerk, "a.counsel", "2026-09-04")
    page = client.get(f"/documents/{hearing}/publication")
    assert page.status_code == 200 and "Record the days it was printed" not in page.text
    assert record(client, hearing, "9/3/2026", affidavit_pdf()).status_code == 403
