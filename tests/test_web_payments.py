"""Recording a payment at the desk (issue 19): the first form that changes the register, held to
the same rules as `noticeclerk pay`, with what the clerk typed kept and each mistake next to its
field; a role that may not record payments sees no form and is refused."""

from __future__ import annotations

import re

import pytest
from clerk import Clerk, clerk_at
from click.testing import CliRunner
from desk import add_users, register_rows
from desk import signed_in as signed_in_on
from test_chains_luck import obstruction_bill_received

DAY = "2026-11-05"


@pytest.fixture(scope="module")
def office(tmp_path_factory: pytest.TempPathFactory) -> tuple[Clerk, str]:
    """Luck's obstruction bill of $333.25, mailed and received; a user of each paying role."""
    clerk = clerk_at(tmp_path_factory.mktemp("payments"), CliRunner(), "luck")
    bill = obstruction_bill_received(clerk)
    add_users(clerk, ("m.treas", "treasurer"), ("a.counsel", "attorney"), ("t.clerk", "clerk"))
    return clerk, bill


def signed_in(clerk: Clerk, name: str):  # type: ignore[no-untyped-def]
    return signed_in_on(clerk, name, DAY)


def case_page(client) -> str:  # type: ignore[no-untyped-def]
    page = client.get("/cases/LU-C-2026-0001")
    assert page.status_code == 200
    return page.text


def pay(client, bill: str, **fields: str):  # type: ignore[no-untyped-def]
    token = re.search(r'name="form_token" value="([^"]+)"', case_page(client))[1]
    return client.post(f"/documents/{bill}/payments", data={"form_token": token, **fields})


def payments(clerk: Clerk) -> list[tuple]:
    return register_rows(
        clerk, "SELECT amount, paid_on, recorded_by, reference FROM payments ORDER BY id"
    )


def field_error(page: str, name: str) -> str:
    found = re.search(rf'<span class="field-error" id="pay-[^"]+-{name}-error">([^<]+)<', page)
    return found[1] if found else ""


def test_a_treasurer_records_a_payment_typed_as_a_clerk_types_it(office):
    clerk, bill = office
    before = payments(clerk)
    client = signed_in(clerk, "m.treas")
    answer = pay(client, bill, amount="$100.00", paid_on="11/5/2026", reference="Check 1042")
    assert answer.status_code == 302
    assert answer.headers["Location"] == "/cases/LU-C-2026-0001"
    assert payments(clerk)[len(before) :] == [("100.00", "2026-11-05", "m.treas", "Check 1042")]
    page = case_page(client)
    # What was done is said once, on the next page.
    assert f"Recorded $100.00 on {bill}; $233.25 remains." in page
    assert "Paid $100.00 on Thursday, November 5, 2026 (Check 1042)" in page
    assert "Recorded $100.00" not in case_page(client)
    # `due` at the command line sees the same register.
    assert "$233.25" in clerk("due", today=DAY).output


def test_each_mistake_is_named_next_to_its_field_and_nothing_is_recorded(office):
    clerk, bill = office
    before = payments(clerk)
    client = signed_in(clerk, "m.treas")
    for typed, field, words in [
        ({"amount": "12.345", "paid_on": "11/5/2026"}, "amount", "at most two decimals"),
        ({"amount": "", "paid_on": "11/5/2026"}, "amount", "must be an amount of money"),
        ({"amount": "10", "paid_on": "13/45/2026"}, "paid_on", "not a day of the calendar"),
        ({"amount": "10", "paid_on": "11/5/26"}, "paid_on", "type the year in full"),
        ({"amount": "10", "paid_on": "yesterday"}, "paid_on", "not a date"),
        ({"amount": "10", "paid_on": ""}, "paid_on", "is missing"),
    ]:
        answer = pay(client, bill, **typed)
        assert answer.status_code == 400, typed
        assert words in field_error(answer.text, field), (typed, answer.text[-3000:])
        # What was typed is kept, printed back escaped.
        assert f'value="{typed[field]}"' in answer.text
        assert 'aria-invalid="true"' in answer.text
    assert payments(clerk) == before


def test_the_register_s_refusal_is_shown_at_the_form_in_its_own_sentence(office):
    clerk, bill = office
    before = payments(clerk)
    client = signed_in(clerk, "m.treas")
    answer = pay(client, bill, amount="$5,000.00", paid_on="2026-11-05")
    assert answer.status_code == 400
    assert re.search(
        rf'role="alert"[^>]*>\$5,000.00 is more than the \$[0-9.,]+ still owed on {bill}',
        answer.text,
    )
    early = pay(client, bill, amount="1.00", paid_on="10/1/2026")
    assert "is before the bill&#39;s date" in early.text
    assert payments(clerk) == before


def test_an_attorney_sees_no_payment_form_and_a_sent_one_is_refused(office):
    clerk, bill = office
    before = payments(clerk)
    client = signed_in(clerk, "a.counsel")
    page = case_page(client)
    assert "Record a payment" not in page
    token = re.search(r'name="form_token" value="([^"]+)"', page)[1]
    answer = client.post(
        f"/documents/{bill}/payments",
        data={"form_token": token, "amount": "1.00", "paid_on": "2026-11-05"},
    )
    assert answer.status_code == 403
    assert "Your role (attorney) may not do this" in answer.text
    assert payments(clerk) == before


def test_a_payment_without_the_page_s_form_token_is_refused(office):
    clerk, bill = office
    before = payments(clerk)
    client = signed_in(clerk, "t.clerk")
    answer = client.post(
        f"/documents/{bill}/payments", data={"amount": "1.00", "paid_on": "2026-11-05"}
    )
    assert answer.status_code == 403
    assert payments(clerk) == before


def test_a_hostile_reference_prints_escaped_and_a_control_character_is_refused(office):
    clerk, bill = office
    client = signed_in(clerk, "t.clerk")
    hostile = '<script>alert(1)</script>"><b>x'
    assert (
        pay(client, bill, amount="1.00", paid_on="2026-11-05", reference=hostile).status_code == 302
    )
    page = case_page(client)
    assert "<script>alert(1)</script>" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;&#34;&gt;&lt;b&gt;x" in page
    bell = pay(client, bill, amount="1.00", paid_on="2026-11-05", reference="Check\x07 9")
    assert bell.status_code == 400
    assert 'role="alert"' in bell.text and "reference" in bell.text


def test_a_payment_on_a_document_that_is_not_in_the_register_is_one_sentence(office):
    clerk, _ = office
    client = signed_in(clerk, "t.clerk")
    answer = pay(client, "LU-D-2099-99999", amount="1.00", paid_on="2026-11-05")
    assert answer.status_code == 400
    assert "There is no document LU-D-2099-99999 in the register." in answer.text
