"""Opening a case at the desk (issue 19): the notice types a case may start with, then a form
built from the chosen one's facts, checked by the same register functions as `noticeclerk case
open`; each mistake next to its field, the ordinance's words beside the form."""

from __future__ import annotations

import re

import pytest
from clerk import Clerk, clerk_at
from click.testing import CliRunner
from desk import add_users, field_errors, register_rows, send
from desk import signed_in as signed_in_on

DAY = "2026-12-01"
DIRECTIVE = "/cases/new/village-a/directive-to-comply"
GOOD = {
    "parcels": "0301-02-001",
    "inspection_date": "11/30/2026",
    "street_name": "A Street",
    "conditions": "Construction debris across the travel lane.",
    "corrective_action": "Remove the debris.",
}


@pytest.fixture
def office(tmp_path) -> Clerk:
    clerk = clerk_at(tmp_path, CliRunner(), "village-a", "luck")
    add_users(clerk, ("t.brennan", "clerk"), ("m.treas", "treasurer"))
    return clerk


def signed_in(clerk: Clerk, name: str = "t.brennan"):  # type: ignore[no-untyped-def]
    return signed_in_on(clerk, name, DAY)


def cases(clerk: Clerk) -> list[tuple]:
    return register_rows(clerk, "SELECT number, notice_type, opened_by FROM cases ORDER BY id")


errors = field_errors


def test_the_list_offers_only_the_notice_types_a_case_starts_with(office):
    page = signed_in(office).get("/cases/new").text
    assert f'href="{DIRECTIVE}"' in page
    assert "Directive to Comply" in page
    # A bill follows the directive: it is issued from the case, not opened.
    assert "/cases/new/village-a/maintenance-bill" not in page
    assert signed_in(office).get("/cases/new/village-a/maintenance-bill").status_code == 400


def test_the_form_asks_for_each_fact_in_its_notice_s_words_with_the_ordinance_beside_it(office):
    page = signed_in(office).get(DIRECTIVE).text
    for name in ("parcels", "inspection_date", "street_name", "conditions", "corrective_action"):
        assert f'name="{name}"' in page, name
        assert f'<label for="{name}"' in page, name
    assert "What the ordinance says" in page
    assert "§ 134-41" in page


def test_a_case_opened_at_the_desk_is_the_case_the_command_line_opens(office):
    client = signed_in(office)
    answer = send(client, DIRECTIVE, GOOD)
    assert answer.status_code == 302, errors(answer.text) or answer.text[-2000:]
    assert answer.headers["Location"] == "/cases/VA-C-2026-0001"
    assert cases(office) == [("VA-C-2026-0001", "directive-to-comply", "t.brennan")]
    assert "Opened case VA-C-2026-0001." in client.get("/cases/VA-C-2026-0001").text
    shown = office("case", "show", "VA-C-2026-0001", today=DAY).output
    assert "inspection_date = 2026-11-30" in shown
    assert "conditions = Construction debris across the travel lane." in shown
    # And it issues: every fact the directive prints was asked for.
    assert "Issued VA-D-2026-00001" in office("issue", "VA-C-2026-0001", today=DAY).output


def test_each_mistake_is_named_next_to_its_field_and_no_case_is_opened(office):
    client = signed_in(office)
    answer = send(
        client, DIRECTIVE,
        {**GOOD, "parcels": "", "inspection_date": "11/31/2026", "street_name": ""},
    )  # fmt: skip
    assert answer.status_code == 400
    found = errors(answer.text)
    assert set(found) == {"parcels", "inspection_date", "street_name"}
    assert "not a day of the calendar" in found["inspection_date"]
    assert 'value="11/31/2026"' in answer.text
    assert cases(office) == []


def test_a_parcel_not_on_the_roll_is_the_register_s_sentence_next_to_the_parcel(office):
    answer = send(signed_in(office), DIRECTIVE, {**GOOD, "parcels": "9999-99-999"})
    assert answer.status_code == 400
    assert "9999-99-999" in errors(answer.text)["parcels"]
    assert cases(office) == []


def test_a_date_and_time_fact_takes_a_day_and_a_time_and_cost_lines_take_a_line_each(office):
    client = signed_in(office)
    path = "/cases/new/luck/snow-ice-nonhazardous"
    page = client.get(path).text
    assert 'name="snow_ceased__day"' in page and 'name="snow_ceased__time"' in page
    answer = send(
        client, path,
        {
            "parcels": "146-00312-0000", "snow_ceased__day": "12/22/2026",
            "snow_ceased__time": "6:30 am", "observed_at__day": "12/23/2026",
            "observed_at__time": "9:40 am", "sidewalk_location": "along the Main Street frontage",
        },
    )  # fmt: skip
    assert answer.status_code == 302, errors(answer.text) or answer.text[-2000:]
    shown = office("case", "show", "LU-C-2026-0001", today=DAY).output
    assert "snow_ceased = 2026-12-22T06:30:00-06:00" in shown


def test_hostile_text_in_a_fact_is_kept_as_typed_and_printed_escaped(office):
    client = signed_in(office)
    hostile = "<script>alert(1)</script> {{ 7*7 }}"
    answer = send(client, DIRECTIVE, {**GOOD, "conditions": hostile})
    assert answer.status_code == 302
    page = client.get("/cases/VA-C-2026-0001").text
    assert "<script>alert(1)</script>" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt; {{ 7*7 }}" in page


def test_a_treasurer_may_not_open_a_case(office):
    client = signed_in(office, "m.treas")
    assert "Open a case" not in client.get("/").text
    assert client.get(DIRECTIVE).status_code == 403
    assert cases(office) == []


def test_a_label_keeps_its_capitals_when_its_first_letter_is_raised():
    from noticeclerk.web.app import first_upper

    assert first_upper("the sidewalk along Main Street in the Village") == (
        "The sidewalk along Main Street in the Village"
    )


def test_the_facts_a_follow_up_prints_are_recorded_at_the_desk_and_then_it_issues(office):
    from clerk import VILLAGE_A_DIRECTIVE

    office(*VILLAGE_A_DIRECTIVE, today="2026-12-01")
    office("issue", "VA-C-2026-0001", today="2026-12-01")
    office(
        "serve", "VA-D-2026-00001", "--method", "hand_owner", "--by", "J. Avery",
        "--at", "2026-12-01T10:15", "--to", "Marie Smith", "--address", "12 A Street",
        today="2026-12-02",
    )  # fmt: skip
    client = signed_in_on(office, "t.brennan", "2026-12-14")
    path = "/cases/VA-C-2026-0001/record/maintenance-bill"
    page = client.get(path).text
    missing, held = page.split("<h2>Recorded already</h2>")
    asked = re.findall(r'<(?:input|textarea) id="([a-z_]+)"', missing)
    # What the bill takes from the directive (the day to comply by) is not asked; what the
    # case holds already (the street) is shown as recorded, to be corrected if need be.
    assert "comply_by" not in page and "street_name" not in asked
    assert re.search(r'<textarea id="street_name"[^>]*>A Street</textarea>', held)
    assert {"violation", "work_performed", "work_started", "labor", "contractors"} <= set(asked)
    fields = {
        "violation": "the failure to comply with § 134-41A within seven calendar days",
        "work_performed": "Removed construction debris from the travel lane.",
        "work_started": "12/9/2026", "work_completed": "12/10/2026",
        "labor": "DPW Laborer R. Ortiz | 6 | 31.25 | 42.5",
        "administrative_time": "$500", "general_counsel": "none",
        "contractors": "none", "materials_and_equipment": "none",
        "street_name": "A Street",  # as the form shows it, recorded already
    }  # fmt: skip
    wrong = send(client, path, {**fields, "work_started": "12/40/2026"})
    assert wrong.status_code == 400
    assert "not a day of the calendar" in errors(wrong.text)["work_started"]
    answer = send(client, path, fields)
    assert answer.status_code == 302, errors(answer.text) or answer.text[-2000:]
    assert (
        "Recorded 9 facts for the Bill for Private Street Maintenance"
        in client.get("/cases/VA-C-2026-0001").text
    )
    again = client.get(path).text
    assert "Every fact the Bill" in again
    # Nothing typed differently: nothing recorded. A correction is recorded alone.
    unchanged = send(client, path, fields)
    assert "Nothing was typed differently" in unchanged.text
    form = dict(
        re.findall(r'<(?:input|textarea) id="[^"]+" name="([^"]+)"(?: value="([^"]*)")?', again)
    )
    corrected = send(
        client, path, {**fields, "street_name": "A Street", "work_completed": "12/11/2026"}
    )
    assert corrected.status_code == 302
    assert "Recorded 1 fact for the Bill" in client.get("/cases/VA-C-2026-0001").text
    assert form  # the page carried its fields
    preview = client.get(
        "/cases/VA-C-2026-0001/issue/maintenance-bill", query_string={"follows": "VA-D-2026-00001"}
    )
    assert preview.status_code == 200, preview.text[-1500:]
    assert "data:image/png;base64," in preview.text


def test_a_clock_time_that_never_happened_a_day_in_other_digits_and_a_huge_fact_are_refused(
    office,
):
    client = signed_in(office)
    path = "/cases/new/luck/snow-ice-nonhazardous"
    good = {
        "parcels": "146-00312-0000", "snow_ceased__day": "12/22/2026",
        "snow_ceased__time": "6:30 am", "observed_at__day": "12/23/2026",
        "observed_at__time": "9:40 am", "sidewalk_location": "along the Main Street frontage",
    }  # fmt: skip
    skipped = send(
        client, path, {**good, "snow_ceased__day": "3/8/2026", "snow_ceased__time": "2:30 am"}
    )
    assert "the clocks skip that hour" in errors(skipped.text)["snow_ceased"]
    wide = send(client, path, {**good, "observed_at__day": "\uff11\uff12/23/2026"})
    assert "not a date" in errors(wide.text)["observed_at"]
    huge = send(client, path, {**good, "sidewalk_location": "x" * 5000})
    assert "longer than 4,000 characters" in errors(huge.text)["sidewalk_location"]
    assert cases(office) == []


def test_the_list_of_unpaid_liens_opens_without_a_parcel(office):
    client = signed_in(office)
    path = "/cases/new/village-a/unpaid-liens-list"
    page = client.get(path).text
    # The list gathers its parcels (and its liens) from the register when it is issued.
    assert 'name="parcels"' not in page and 'name="liens"' not in page
    answer = send(
        client, path,
        {
            "recipient_name": "Board of Trustees", "recipient_address": "1 Sample Plaza\nVILLAGE A NY 10000",
            "assessment_roll": "2026-2027 village assessment roll", "interest_fixed_on": "12/1/2026",
        },
    )  # fmt: skip
    assert answer.status_code == 302, errors(answer.text) or answer.text[-1500:]
    assert cases(office) == [("VA-C-2026-0001", "unpaid-liens-list", "t.brennan")]


def test_a_party_is_recorded_from_the_case_page_and_a_bad_address_is_one_sentence(office):
    from clerk import VILLAGE_A_DIRECTIVE

    office(*VILLAGE_A_DIRECTIVE, today=DAY)
    client = signed_in(office)
    path = "/cases/VA-C-2026-0001/parties"
    token = re.search(
        r'name="form_token" value="([^"]+)"', client.get("/cases/VA-C-2026-0001").text
    )[1]
    party = {
        "form_token": token,
        "role": "contractor",
        "name": "Westchester Paving Co.",
        "address": "40 Depot Square\nVILLAGE A NY 10000",
    }
    assert client.post(path, data=party).status_code == 302
    page = client.get("/cases/VA-C-2026-0001").text
    assert "Recorded the contractor: Westchester Paving Co." in page
    assert "Contractor: Westchester Paving Co., 40 Depot Square, VILLAGE A NY 10000" in page
    bad = client.post(path, data={**party, "address": ""})
    assert bad.status_code == 400 and "address" in bad.text
    # A vertical tab is no line break: it stays in its line and is refused, not recorded.
    hidden = client.post(path, data={**party, "address": "40 Depot\x0bSquare\nVILLAGE A NY 10000"})
    assert hidden.status_code == 400 and "character" in hidden.text
    assert client.post(path, data={**party, "role": "owner"}).status_code == 400


def test_an_event_a_deadline_counts_from_is_recorded_from_the_case_page(office):
    office(
        "case", "open", "--village", "luck", "--parcel", "146-00520-0000",
        "--notice-type", "obstruction-street",
        "--fact", "observed_at=2026-10-13T15:30",
        "--fact", "location=the Foster Avenue roadway in front of 305 Foster Avenue",
        "--fact", "obstruction=an unhitched utility trailer loaded with roofing debris.",
        today="2026-10-14",
    )  # fmt: skip
    client = signed_in_on(office, "t.brennan", "2026-10-14T21:00")
    page = client.get("/cases/LU-C-2026-0001").text
    assert '<option value="service">service</option>' in page
    token = re.search(r'name="form_token" value="([^"]+)"', page)[1]
    path = "/cases/LU-C-2026-0001/events"
    wrong = client.post(
        path, data={"form_token": token, "event": "appeal_day", "day": "10/14/2026"}
    )
    assert (
        wrong.status_code == 400
        and "is not an event the documents of this case count from" in wrong.text
    )
    answer = client.post(
        path, data={"form_token": token, "event": "service", "day": "10/14/2026", "time": "3:00 pm"}
    )
    assert answer.status_code == 302
    assert "Recorded service: 2026-10-14T15:00-05:00." in client.get("/cases/LU-C-2026-0001").text
    assert "Issued LU-D-2026-00001" in office("issue", "LU-C-2026-0001", today="2026-10-14").output
