"""Mistakes corrected at the desk (issue 19): a mailing's receipt and a service record struck
(never edited or deleted: who, when and why are kept and the record stays listed), and a case
closed; each as `receipt --strike`, `serve --strike` and `case close` do it.

Luck's street obstruction notice, mailed certified on October 14, 2026 with article(1)."""

from __future__ import annotations

import pytest
from clerk import Clerk, article, clerk_at
from click.testing import CliRunner
from desk import add_users, form_token, register_rows, send
from desk import signed_in as signed_in_on
from test_chains_luck import street_obstruction_mailed

DAY = "2026-10-20"
NOTICE = "LU-D-2026-00001"
CASE = "LU-C-2026-0001"


@pytest.fixture
def office(tmp_path) -> Clerk:
    clerk = clerk_at(tmp_path, CliRunner(), "luck")
    street_obstruction_mailed(clerk, signed=False)
    add_users(clerk, ("t.brennan", "clerk"), ("a.counsel", "attorney"))
    return clerk


def strike(client, path: str, reason: str):  # type: ignore[no-untyped-def]
    token = form_token(client.get(f"/cases/{CASE}").text)
    return client.post(path, data={"form_token": token, "reason": reason})


def test_a_receipt_recorded_by_mistake_is_struck_and_stays_listed_with_its_reason(office):
    client = signed_in_on(office, "t.brennan", DAY)
    send(client, "/receipts", {"kind": "receipt_signed", "day": "10/19/2026",
                               "numbers": article(1)})  # fmt: skip
    page = client.get(f"/cases/{CASE}").text
    assert "Strike the receipt or return recorded for it" in page
    answer = strike(client, f"/documents/{NOTICE}/receipt/strike", "The card was another <b>'s")
    assert answer.status_code == 302
    page = client.get(answer.headers["Location"]).text
    assert (
        "Struck the return receipt signed on Monday, October 19, 2026 for service record 1" in page
    )
    assert "struck</strong>" in page and "The card was another &lt;b&gt;&#39;s" in page
    assert "Strike the receipt or return recorded for it" not in page  # none stands now
    assert register_rows(office, "SELECT kind, struck_by FROM service_events") == [
        ("receipt_signed", "t.brennan")
    ]


def test_a_service_record_struck_leaves_no_service_standing_and_says_so(office):
    client = signed_in_on(office, "t.brennan", DAY)
    answer = strike(client, f"/documents/{NOTICE}/services/1/strike", "Mailed to the wrong owner")
    assert answer.status_code == 302
    page = client.get(answer.headers["Location"]).text
    assert f"No service of {NOTICE} stands now: record the correct one with" in page
    assert register_rows(office, "SELECT struck_by, struck_reason FROM services") == [
        ("t.brennan", "Mailed to the wrong owner")
    ]
    shown = office("case", "show", CASE, today=DAY).output
    assert "Mailed to the wrong owner" in shown


def test_a_strike_without_a_reason_or_of_no_such_record_is_refused_in_a_sentence(office):
    client = signed_in_on(office, "t.brennan", DAY)
    blank = strike(client, f"/documents/{NOTICE}/services/1/strike", "  ")
    assert blank.status_code == 400 and "Say why the record is struck" in blank.text
    missing = strike(client, f"/documents/{NOTICE}/services/5/strike", "typo")
    assert missing.status_code == 400 and "there is no record 5" in missing.text
    no_receipt = strike(client, f"/documents/{NOTICE}/receipt/strike", "typo")
    assert no_receipt.status_code == 400 and "nothing to strike" in no_receipt.text
    assert register_rows(office, "SELECT count(*) FROM services WHERE struck_at IS NOT NULL") == [
        (0,)
    ]


def test_a_case_is_closed_once_with_how_it_ended(office):
    client = signed_in_on(office, "t.brennan", DAY)
    token = form_token(client.get(f"/cases/{CASE}").text)
    odd = client.post(f"/cases/{CASE}/close", data={"form_token": token, "reason": "forgotten"})
    assert odd.status_code == 400 and "A case closes as complied, withdrawn, paid" in odd.text
    closed = client.post(
        f"/cases/{CASE}/close",
        data={"form_token": token, "reason": "complied", "note": "Cleared on 10/19"},
    )
    assert closed.status_code == 302
    page = client.get(f"/cases/{CASE}").text
    assert "Closed case LU-C-2026-0001 as complied." in page
    assert "Cleared on 10/19" in page and "Close the case" not in page
    again = client.post(f"/cases/{CASE}/close", data={"form_token": token, "reason": "paid"})
    assert again.status_code == 400
    assert register_rows(office, "SELECT close_reason, closed_by FROM cases") == [
        ("complied", "t.brennan")
    ]


def test_an_attorney_strikes_nothing_and_closes_nothing(office):
    client = signed_in_on(office, "a.counsel", DAY)
    page = client.get(f"/cases/{CASE}").text
    assert "Strike service record" not in page and "Close the case" not in page
    assert strike(client, f"/documents/{NOTICE}/services/1/strike", "x").status_code == 403
    token = form_token(page)
    closing = client.post(f"/cases/{CASE}/close", data={"form_token": token, "reason": "paid"})
    assert closing.status_code == 403
