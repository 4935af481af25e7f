"""Recording service at the desk (issue 19): the ways the document's ordinance allows, each with
exactly the fields its method needs, checked by the same register function as `noticeclerk
serve`; the deadline that follows is told on the case page, and the register keeps who typed
the record beside who served."""

from __future__ import annotations

import re

import pytest
from clerk import VILLAGE_A_DIRECTIVE, Clerk, clerk_at, issued_number
from click.testing import CliRunner
from desk import add_users, register_rows
from desk import signed_in as signed_in_on

DAY = "2026-12-02"


@pytest.fixture
def office(tmp_path) -> tuple[Clerk, str]:
    """Village A's directive, issued on December 1, 2026 and not yet served."""
    clerk = clerk_at(tmp_path, CliRunner(), "village-a")
    clerk(*VILLAGE_A_DIRECTIVE, today="2026-12-01")
    number = issued_number(clerk("issue", "VA-C-2026-0001", today="2026-12-01"))
    add_users(clerk, ("t.brennan", "clerk"), ("a.counsel", "attorney"))
    return clerk, number


def signed_in(clerk: Clerk, name: str = "t.brennan"):  # type: ignore[no-untyped-def]
    return signed_in_on(clerk, name, DAY)


def field_names(page: str) -> list[str]:
    names = re.findall(r'<(?:input|textarea)[^>]* name="([^"]+)"', page)
    return [name for name in dict.fromkeys(names) if name not in ("form_token", "method")]


def services(clerk: Clerk) -> list[tuple]:
    return register_rows(
        clerk,
        "SELECT method, served_by, recorded_by, to_person, address, phone_number, "
        "phone_result, deadline FROM services ORDER BY id",
    )


def test_the_form_offers_the_ordinance_s_ways_each_with_exactly_its_fields(office):
    clerk, number = office
    client = signed_in(clerk)
    assert f'href="/documents/{number}/serve"' in client.get("/cases/VA-C-2026-0001").text
    page = client.get(f"/documents/{number}/serve").text
    for method in ("hand_owner", "hand_suitable_age", "email", "door_and_phone"):
        assert f"/documents/{number}/serve?method={method}" in page
    assert "§ 134-43D (inferred)" in page
    assert 'name="method"' not in page  # no fields before a way is chosen
    expected = {
        "hand_owner": ["by", "at_day", "at_time", "to_person", "address", "note"],
        "email": ["by", "at_day", "at_time", "email", "note"],
        "door_and_phone": [
            "by", "at_day", "at_time", "address", "phone_number", "called_day", "called_time",
            "phone_result", "answered_by", "note",
        ],
    }  # fmt: skip
    for method, fields in expected.items():
        form = client.get(f"/documents/{number}/serve", query_string={"method": method}).text
        assert field_names(form) == fields, method


def test_a_hand_delivery_typed_as_a_clerk_types_it_is_recorded_with_its_deadline(office):
    clerk, number = office
    client = signed_in(clerk)
    page = client.get(f"/documents/{number}/serve", query_string={"method": "hand_owner"}).text
    token = re.search(r'name="form_token" value="([^"]+)"', page)[1]
    answer = client.post(
        f"/documents/{number}/serve",
        data={
            "form_token": token, "method": "hand_owner", "by": "J. Avery",
            "at_day": "12/1/2026", "at_time": "10:15 am",
            "to_person": "Marie Smith", "address": "12 A Street",
        },
    )  # fmt: skip
    assert answer.status_code == 302, answer.text
    assert answer.headers["Location"] == "/cases/VA-C-2026-0001"
    ((method, served_by, recorded_by, to_person, address, *_rest, deadline),) = services(clerk)
    assert (method, served_by, recorded_by, to_person, address) == (
        "hand_owner", "J. Avery", "t.brennan", "Marie Smith", "12 A Street",
    )  # fmt: skip
    assert deadline == "2026-12-08"
    page = client.get("/cases/VA-C-2026-0001").text
    assert f"Recorded service of {number} by hand delivery to an owner" in page
    assert "Deadline: " in page and "December 8, 2026" in page
    # The command line reads the same service.
    assert (
        "Served Tuesday, December 1, 2026 at 10:15 a.m. EST by hand_owner"
        in clerk("case", "show", "VA-C-2026-0001", today=DAY).output
    )


def test_door_posting_checks_the_number_called_against_the_one_on_file_in_the_form_s_words(office):
    clerk, number = office
    client = signed_in(clerk)
    page = client.get(f"/documents/{number}/serve", query_string={"method": "door_and_phone"}).text
    token = re.search(r'name="form_token" value="([^"]+)"', page)[1]
    fields = {
        "form_token": token, "method": "door_and_phone", "by": "J. Avery",
        "at_day": "2026-12-01", "at_time": "10:15", "address": "12 A Street",
        "phone_number": "(555) 010-9999", "called_day": "12/1/2026", "called_time": "10:20 am",
        "phone_result": "message",
    }  # fmt: skip
    wrong = client.post(f"/documents/{number}/serve", data=fields)
    assert wrong.status_code == 400
    error = re.search(r'<span class="field-error" id="phone_number-error">([^<]+)<', wrong.text)[1]
    assert "is not the telephone number on file" in error
    assert "--phone-number" not in wrong.text and "“Telephone number called”" in error
    assert 'value="(555) 010-9999"' in wrong.text  # what was typed is kept
    assert services(clerk) == []
    right = client.post(
        f"/documents/{number}/serve", data={**fields, "phone_number": "555-010-0112"}
    )
    assert right.status_code == 302
    assert services(clerk)[0][5:7] == ("555-010-0112", "message")


def test_each_missing_or_mistyped_particular_is_named_next_to_its_field(office):
    clerk, number = office
    client = signed_in(clerk)
    page = client.get(f"/documents/{number}/serve", query_string={"method": "hand_owner"}).text
    token = re.search(r'name="form_token" value="([^"]+)"', page)[1]
    answer = client.post(
        f"/documents/{number}/serve",
        data={
            "form_token": token, "method": "hand_owner", "by": "",
            "at_day": "12/1/26", "at_time": "25:00", "to_person": "", "address": "12 A Street",
        },
    )  # fmt: skip
    assert answer.status_code == 400
    errors = dict(
        re.findall(r'<span class="field-error" id="([a-z_]+)-error">([^<]+)<', answer.text)
    )
    assert set(errors) == {"by", "at_day", "to_person"}
    assert "type the year in full" in errors["at_day"]
    clock = client.post(
        f"/documents/{number}/serve",
        data={
            "form_token": token, "method": "hand_owner", "by": "J. Avery",
            "at_day": "12/1/2026", "at_time": "25:00", "to_person": "M", "address": "12 A Street",
        },
    )  # fmt: skip
    assert "not a time of day" in clock.text
    assert services(clerk) == []


def test_a_service_before_the_document_was_issued_is_the_register_s_refusal(office):
    clerk, number = office
    client = signed_in(clerk)
    page = client.get(f"/documents/{number}/serve", query_string={"method": "hand_owner"}).text
    token = re.search(r'name="form_token" value="([^"]+)"', page)[1]
    answer = client.post(
        f"/documents/{number}/serve",
        data={
            "form_token": token, "method": "hand_owner", "by": "J. Avery",
            "at_day": "11/20/2026", "at_time": "9:00 am", "to_person": "Marie Smith",
            "address": "12 A Street",
        },
    )  # fmt: skip
    assert answer.status_code == 400
    assert re.search(r'class="(refusal|field-error)"[^>]*>[^<]*before', answer.text)
    assert services(clerk) == []


def test_a_method_the_ordinance_does_not_allow_is_refused(office):
    clerk, number = office
    client = signed_in(clerk)
    page = client.get(f"/documents/{number}/serve").text
    token = re.search(r'name="form_token" value="([^"]+)"', page)[1]
    answer = client.post(
        f"/documents/{number}/serve",
        data={"form_token": token, "method": "first_class_mail", "by": "J. Avery"},
    )
    assert answer.status_code == 400
    assert "Choose one of the ways of service the document&#39;s ordinance allows." in answer.text
    assert services(clerk) == []


def test_an_attorney_may_read_the_case_but_not_record_service(office):
    clerk, number = office
    client = signed_in(clerk, "a.counsel")
    assert "Record service of" not in client.get("/cases/VA-C-2026-0001").text
    assert client.get(f"/documents/{number}/serve").status_code == 403
    assert services(clerk) == []


def test_the_command_line_records_who_typed_the_service(office):
    clerk, number = office
    clerk(
        "serve", number, "--method", "hand_owner", "--by", "J. Avery", "--at", "2026-12-01T10:15",
        "--to", "Marie Smith", "--address", "12 A Street", today=DAY,
    )  # fmt: skip
    (service,) = services(clerk)
    assert service[1] == "J. Avery" and service[2]  # the computer's login name


def test_a_service_in_the_hour_the_clocks_pass_twice_is_asked_which_and_recorded_as_said(office):
    clerk, number = office
    client = signed_in_on(clerk, "t.brennan", "2027-11-08")
    page = client.get(f"/documents/{number}/serve", query_string={"method": "hand_owner"}).text
    token = re.search(r'name="form_token" value="([^"]+)"', page)[1]
    fields = {
        "form_token": token, "method": "hand_owner", "by": "J. Avery", "at_day": "11/7/2027",
        "at_time": "1:30 am", "to_person": "Marie Smith", "address": "12 A Street",
    }  # fmt: skip
    asked = client.post(f"/documents/{number}/serve", data=fields)
    assert asked.status_code == 400
    assert "type 1:30 am EDT for the first (daylight time) or 1:30 am EST" in asked.text
    answer = client.post(f"/documents/{number}/serve", data=fields | {"at_time": "1:30 am EST"})
    assert answer.status_code == 302, answer.text[-1500:]
    assert register_rows(clerk, "SELECT served_at FROM services")[0][0].startswith(
        "2027-11-07 06:30"
    )
