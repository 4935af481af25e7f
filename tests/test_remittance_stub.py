"""A bill's remittance stub: the amount the register records, when it is due, whom and where to pay."""

from __future__ import annotations

import html as markup
import re

import pytest

from noticeclerk.compose import compose
from noticeclerk.content.casefile import load_case, read_case_header
from noticeclerk.content.folders import casebook_cases
from noticeclerk.content.notice_types import load_notice
from noticeclerk.content.village import load_village
from noticeclerk.generators.html import spell_money
from noticeclerk.render import Renderer


def composed(case_path):
    header = read_case_header(case_path)
    village = load_village(header.village)
    notice = load_notice(village.slug, header.notice)
    return compose(load_case(case_path, header, notice, village.timezone), notice, village)


BILLS = [case for case in casebook_cases() if composed(case).notice.amount_due is not None]


def stub_rows(html: str) -> dict[str, str]:
    """The stub's rows, label -> value, as the reader sees them."""
    stub = re.search(r'<div class="remittance">(.*?)</div>', html, re.S)
    assert stub, "the bill has no remittance stub"
    rows = re.findall(r"<th>([^<]+):</th><td>(.*?)</td>", stub[1], re.S)
    return {label: " ".join(markup.unescape(value).split()) for label, value in rows}


def test_the_sample_bills_are_the_bills_of_every_village():
    assert {case.parent.name for case in BILLS} == {
        "luck",
        "palmyra",
        "tuckahoe",
        "village-a",
        "village-b",
    }


@pytest.mark.parametrize("case", BILLS, ids=lambda c: f"{c.parent.name}/{c.stem}")
def test_every_bill_ends_with_a_stub_asking_the_amount_the_register_records(case):
    document = composed(case)
    rows = stub_rows(Renderer().render_composed(document, formats=()).html)
    assert rows["Amount due"] == spell_money(document.amount_due())
    assert rows["Document No."] == document.case.document_number
    assert rows["From"] == document.case.recipient.name
    assert rows["Checks payable to"] == document.village.name
    # Where to pay is the return address at the top, which must be deliverable. A payment due
    # at the office (Wis. Stat. § 990.001(4)(c)) is made there: mail must arrive by the day.
    address = ", ".join(document.village.letterhead.address_lines)
    if document.context["remittance"]["in_person"]:
        # Paid in person at the office's street address, never a post office box.
        office = ", ".join(document.village.letterhead.office_street_lines)
        assert rows["Pay at"] == office and "P.O. Box" not in office
        # Mail must arrive by the day only where the law asks the payment made at the office;
        # a bill payable "at the Village Hall or by mail" says no more than the law.
        received = document.context["remittance"]["mail_received_by_due"]
        assert rows["Or by mail to"] == (
            f"{address}, to be received by the day due" if received else address
        )
        assert "At or by mail to" not in rows
    else:
        assert rows["At or by mail to"] == address
    due = document.context["remittance"]["due"]
    if "through" in due:
        # A payoff: the last day its amount holds, the fact its stub names.
        fact = document.notice.remittance.good_through
        assert due["through"] == document.case.facts[fact]
        assert str(due["through"].year) in rows["Good through"]
    elif document.deadline is not None:
        assert due["date"] == document.deadline.due
        assert str(document.deadline.due.year) in rows["Due"]
    else:
        assert rows["Due"] == due["words"] and due["words"]


def test_a_bill_whose_ordinance_sets_no_day_for_payment_says_so_on_its_stub():
    [case] = [c for c in BILLS if c.stem == "surface-restoration-bill"]
    rows = stub_rows(Renderer().render_composed(composed(case), formats=()).html)
    assert rows["Due"] == "Section 8.06(7) sets no day for payment"


def test_a_bill_payable_at_the_office_or_by_mail_names_the_office_s_street_to_pay_at():
    """Attacker's pass: Palmyra's snow bill said "pay at the Village office" and its stub gave
    only the post office box."""
    [case] = [c for c in BILLS if c.parent.name == "palmyra" and c.stem == "snow-ice-removal-bill"]
    document = composed(case)
    rows = stub_rows(Renderer().render_composed(document, formats=()).html)
    assert rows["Pay at"] == ", ".join(document.village.letterhead.office_street_lines)
    assert rows["Or by mail to"] == ", ".join(document.village.letterhead.address_lines)
