"""Issuing at the desk (issue 19): the document read as page images before it is numbered,
then numbered, frozen and archived as `noticeclerk issue` does; its frozen files given back
only as the register holds them."""

from __future__ import annotations

import hashlib
import re

import pytest
from clerk import VILLAGE_A_DIRECTIVE, Clerk, clerk_at
from click.testing import CliRunner
from desk import add_users, register_rows
from desk import signed_in as signed_in_on

DAY = "2026-12-01"
PREVIEW = "/cases/VA-C-2026-0001/issue/directive-to-comply"


@pytest.fixture
def office(tmp_path) -> Clerk:
    clerk = clerk_at(tmp_path, CliRunner(), "village-a")
    clerk(*VILLAGE_A_DIRECTIVE, today=DAY)
    add_users(clerk, ("t.brennan", "clerk"), ("a.counsel", "attorney"))
    return clerk


def signed_in(clerk: Clerk, name: str = "t.brennan"):  # type: ignore[no-untyped-def]
    return signed_in_on(clerk, name, DAY)


rows = register_rows


def test_the_preview_shows_the_pages_and_the_number_it_would_take_and_numbers_nothing(office):
    client = signed_in(office)
    case_page = client.get("/cases/VA-C-2026-0001").text
    assert f'href="{PREVIEW}"' in case_page
    page = client.get(PREVIEW)
    assert page.status_code == 200
    images = re.findall(
        r'<img class="page" src="data:image/png;base64,([^"]+)" alt="([^"]+)"', page.text
    )
    assert images and all(alt.startswith("Page ") for _, alt in images)
    assert "It would be numbered VA-D-2026-00001 if issued now" in page.text
    assert rows(office, "SELECT number FROM documents") == []
    # Nothing was taken: the command line issues the number the preview showed.
    assert "Issued VA-D-2026-00001" in office("issue", "VA-C-2026-0001", today=DAY).output


def test_issuing_numbers_freezes_and_archives_the_document_as_the_command_line_does(office):
    client = signed_in(office)
    preview = client.get(PREVIEW).text
    token = re.search(r'name="form_token" value="([^"]+)"', preview)[1]
    seen = re.search(r'name="seen" value="([^"]+)"', preview)[1]
    answer = client.post(PREVIEW, data={"form_token": token, "seen": seen})
    assert answer.status_code == 302
    assert answer.headers["Location"] == "/cases/VA-C-2026-0001"
    ((number, issued_by, pdf_sha256),) = rows(
        office, "SELECT number, issued_by, pdf_sha256 FROM documents"
    )
    assert (number, issued_by) == ("VA-D-2026-00001", "t.brennan")
    assert rows(office, "SELECT count(*) FROM archive_items") == [(1,)]
    page = client.get("/cases/VA-C-2026-0001").text
    assert "Issued VA-D-2026-00001: Directive to Comply, to Ed and Marie Smith." in page
    # The today page offers the next step: its service.
    assert 'href="/documents/VA-D-2026-00001/serve">Record its service</a>' in client.get("/").text
    # Its frozen PDF, as the register holds it.
    pdf = client.get("/documents/VA-D-2026-00001/pdf")
    assert pdf.status_code == 200
    assert pdf.headers["Content-Type"] == "application/pdf"
    assert "filename=VA-D-2026-00001.pdf" in pdf.headers["Content-Disposition"]
    assert hashlib.sha256(pdf.data).hexdigest() == pdf_sha256
    assert client.get("/documents/VA-D-2026-00001/docx").data[:2] == b"PK"
    assert client.get("/documents/VA-D-2026-00001/exe").status_code == 404
    assert (
        "Issued VA-D-2026-00001"
        not in office("issue", "VA-C-2026-0001", today=DAY, ok=False).output
    )


def test_a_document_missing_a_fact_is_refused_at_the_preview_in_one_sentence(tmp_path):
    clerk = clerk_at(tmp_path, CliRunner(), "village-a")
    clerk(*[a for a in VILLAGE_A_DIRECTIVE if not a.startswith("--fact=street_name")], today=DAY)
    add_users(clerk, ("t.brennan", "clerk"))
    page = signed_in(clerk).get(PREVIEW)
    assert page.status_code == 400
    assert "street_name" in page.text
    assert "Traceback" not in page.text
    assert rows(clerk, "SELECT number FROM documents") == []


def test_an_attorney_reads_the_files_but_may_not_issue(office):
    office("issue", "VA-C-2026-0001", today=DAY)
    client = signed_in(office, "a.counsel")
    assert "Read and issue" not in client.get("/cases/VA-C-2026-0001").text
    assert client.get("/documents/VA-D-2026-00001/pdf").status_code == 200
    assert client.get("/cases/VA-C-2026-0001/issue/maintenance-bill").status_code == 403


def test_issuing_without_the_page_s_form_token_is_refused_and_numbers_nothing(office):
    client = signed_in(office)
    assert client.post(PREVIEW, data={}).status_code == 403
    assert rows(office, "SELECT number FROM documents") == []


def test_pressing_issue_twice_issues_one_document(office):
    client = signed_in(office)
    preview = client.get(PREVIEW).text
    form = {
        "form_token": re.search(r'name="form_token" value="([^"]+)"', preview)[1],
        "seen": re.search(r'name="seen" value="([^"]+)"', preview)[1],
    }
    assert client.post(PREVIEW, data=form).status_code == 302
    again = client.post(PREVIEW, data=form)
    assert again.status_code == 400
    assert "has 1 documents now, not the 0 it had when you read the preview" in again.text
    assert rows(office, "SELECT number FROM documents") == [("VA-D-2026-00001",)]
    assert client.post(PREVIEW, data={"form_token": form["form_token"]}).status_code == 400


def test_a_spoiled_document_is_voided_with_its_reason_and_keeps_its_number(office):
    office("issue", "VA-C-2026-0001", today=DAY)
    client = signed_in(office)
    path = "/documents/VA-D-2026-00001/void"
    assert "Void VA-D-2026-00001 (spoiled)" in client.get("/cases/VA-C-2026-0001").text
    token = re.search(
        r'name="form_token" value="([^"]+)"', client.get("/cases/VA-C-2026-0001").text
    )[1]
    blank = client.post(path, data={"form_token": token, "reason": " "})
    assert blank.status_code == 400 and "Say why the document is void" in blank.text
    answer = client.post(
        path, data={"form_token": token, "reason": "The owner's name was misspelled."}
    )
    assert answer.status_code == 302
    assert rows(office, "SELECT number, status, voided_by FROM documents") == [
        ("VA-D-2026-00001", "void", "t.brennan")
    ]
    assert (
        "Voided VA-D-2026-00001: The owner&#39;s name was misspelled."
        in client.get("/cases/VA-C-2026-0001").text
    )
    # Its files say in their names that it is void, so that none is sent by mistake.
    pdf = client.get("/documents/VA-D-2026-00001/pdf")
    assert "filename=VA-D-2026-00001-VOID.pdf" in pdf.headers["Content-Disposition"]
    attorney = signed_in(office, "a.counsel")
    assert attorney.post(path, data={"form_token": token, "reason": "x"}).status_code == 403


def test_the_desk_asks_the_day_a_bill_will_be_mailed_and_issues_it_with_the_date(tmp_path):
    """NY legal reading CF-3: a bill whose days run from its mailing states the date to pay
    when the clerk gives the day it goes to the post office; the preview shows it first."""
    clerk = clerk_at(tmp_path, CliRunner(), "palmyra")
    clerk(
        "case", "open", "--village", "palmyra", "--parcel", "PV-0815",
        "--notice-type", "snow-clearing-report",
        "--fact=clearings=2026-12-13T04:00 | 2026-12-15T09:30 | the snowfall of December 12 and 13",
        "--fact=surface_area_sqft=330", "--fact=area_measured=the frontage by 5 feet",
        today="2027-03-02",
    )  # fmt: skip
    clerk(
        "case", "party", "PA-C-2027-0001", "--role", "officer", "--name", "Village Clerk",
        "--address", "Village Hall|Palmyra WI 53156", today="2027-03-02",
    )  # fmt: skip
    clerk("issue", "PA-C-2027-0001", today="2027-03-02")
    clerk(
        "case", "record", "PA-C-2027-0001", "--fact=posted_rate_per_sqft=0.12",
        "--fact=schedule_adopted=the posted schedule of fees", "--fact=tax_roll_year=2027",
        today="2027-03-04",
    )  # fmt: skip
    add_users(clerk, ("t.brennan", "clerk"))
    client = signed_in_on(clerk, "t.brennan", "2027-03-04")
    path = "/cases/PA-C-2027-0001/issue/snow-ice-removal-bill"
    assert '<label for="mailing_on">Day it will be mailed</label>' in client.get(path).text
    preview = client.get(path, query_string={"mailing_on": "3/4/2027"}).text
    assert 'name="mailing_on" value="2027-03-04"' in preview
    bad = client.get(path, query_string={"mailing_on": "3/3/2027"})
    assert bad.status_code == 400
    assert "is before the document&#39;s date" in bad.text
    token = re.search(r'name="form_token" value="([^"]+)"', preview)[1]
    seen = re.search(r'name="seen" value="([^"]+)"', preview)[1]
    answer = client.post(path, data={"form_token": token, "seen": seen, "mailing_on": "2027-03-04"})
    assert answer.status_code == 302
    assert rows(clerk, "SELECT number, mailing_planned_on FROM documents WHERE number = "
                "'PA-D-2027-00002'") == [("PA-D-2027-00002", "2027-03-04")]  # fmt: skip


def test_the_desk_asks_no_mailing_day_of_a_document_the_ordinance_does_not_mail(office):
    page = signed_in(office).get(PREVIEW)
    assert page.status_code == 200
    assert "Day it will be mailed" not in page.text
