"""A hostile or careless clerk, and an attorney reading the affidavit, against the address given
in writing (Village A § 134-43C) and service at the dwelling (§ 134-43B, D): the giver must be
the owner of record, or the recorded occupant, of the document's own property on the day of
service too; the writing is the owner's, never the Village's own document; the place of a
delivery at the dwelling is the property's address and nothing else; and every refusal is one
sentence, exit status 1, nothing recorded."""

from __future__ import annotations

import itertools
import json
import re
from pathlib import Path

import pytest
from clerk import CASEBOOK, VILLAGE_A_DIRECTIVE, Clerk, clerk_at, issued_number, keep_writing
from clerk import pdf_text as pdf_words
from desk import add_users, form_token, register_rows, signed_in

from noticeclerk.archive import keeping
from noticeclerk.register import given_emails
from noticeclerk.register.given_emails import same_person

CASE = "VA-C-2026-0001"
OPENED = "2026-12-01"
RECORDED = "2026-12-02"
AT = ("--at", "2026-12-01T10:00")
HOUSE = "0301-02-001"  # 12 A Street, Ed and Marie Smith, who live there
ROSS = "0301-02-004"  # 14 A Street, Max Ross
# Each letter kept in the archive is a file of its own.
LETTERS = itertools.count(1)


@pytest.fixture
def clerk(tmp_path, runner) -> Clerk:
    """Village A's sample roll, imported on November 30, 2026."""
    return clerk_at(tmp_path, runner, "village-a")


def directive(clerk: Clerk, *parcels: str) -> list[str]:
    """A directive case over `parcels` (12 A Street alone by default), opened and issued on
    December 1, 2026: the documents' numbers, one to each owner."""
    opened = list(VILLAGE_A_DIRECTIVE)
    where = opened.index(HOUSE)
    opened[where : where + 1] = [parcels[0] if parcels else HOUSE]
    for parcel in parcels[1:]:
        opened[where + 1 : where + 1] = ["--parcel", parcel]
    clerk(*opened, today=OPENED)
    issued = clerk("issue", CASE, "--date", OPENED, today=OPENED).output
    return re.findall(r"Issued (VA-D-\d{4}-\d{5})", issued)


def refused(clerk: Clerk, *args: str, today: str = RECORDED) -> str:
    result = clerk(*args, today=today, ok=False)
    assert result.exit_code == 1, result.output
    # An exception the command did not turn into a sentence also exits 1 under CliRunner.
    assert isinstance(result.exception, SystemExit), result.exception
    return " ".join(result.output.split())


def give(
    clerk: Clerk,
    *,
    by: str = "Marie Smith",
    email: str = "marie@smith.example",
    on: str = OPENED,
    item: int | str | None = None,
    department: str = "Building Department",
) -> tuple[str, ...]:
    if item is None:
        item = keep_writing(clerk, CASE, name=f"letter-{next(LETTERS)}.pdf", today=OPENED)
    return (
        "case", "email-address", CASE, "--email", email, "--given-by", by,
        "--department", department, "--given-on", on, "--writing", str(item),
    )  # fmt: skip


def shown(clerk: Clerk, today: str = RECORDED) -> dict:
    return json.loads(clerk("case", "show", CASE, "--json", today=today).output)


def services(clerk: Clerk, today: str = RECORDED) -> list[dict]:
    return [service for d in shown(clerk, today)["documents"] for service in d["services"]]


def email_service(number: str, email: str, at: str = "2026-12-01T10:00") -> tuple[str, ...]:
    return ("serve", number, "--method", "email", "--by", "R. Ortiz", "--at", at, "--email", email)


def affidavit_text(clerk: Clerk, number: str, today: str = RECORDED) -> str:
    out = clerk.office.parent / "proofs"
    written = clerk("proof", number, "--out", str(out), today=today).output
    (pdf,) = [line.split()[-1] for line in written.splitlines() if line.endswith(".pdf")]
    return pdf_words(Path(pdf))


# Who gave it: the names that trick a comparison of words.


@pytest.mark.parametrize(
    "giver",
    ["And Smith", "Smith and Smith", "and and", "Smith Smith", "Marie Ed", "Smith Ed"],
)
def test_a_connector_a_repeated_surname_or_two_first_names_is_no_owner_of_record(clerk, giver):
    directive(clerk)
    text = refused(clerk, *give(clerk, by=giver))
    assert "is not the owner of record on Tuesday, December 1, 2026" in text
    assert "(the roll names Ed and Marie Smith)" in text
    assert shown(clerk)["given_emails"] == []


@pytest.mark.parametrize(
    ("giver", "printed"),
    [
        ("Marie Smith", "Marie Smith"),
        ("ED SMITH", "ED SMITH"),
        ("ed and marie smith", "Ed and Marie Smith"),
        ("Marie Smith and Ed Smith", "Marie Smith and Ed Smith"),
    ],
)
def test_either_joint_owner_or_both_together_may_still_give_the_address(clerk, giver, printed):
    directive(clerk)
    clerk(*give(clerk, by=giver), today=RECORDED)
    (record,) = shown(clerk)["given_emails"]
    assert record["given_by"] == printed
    assert record["given_as"] == f"owner of record of parcel {HOUSE}"


@pytest.mark.parametrize(
    ("giver", "named", "same"),
    [
        ("Family Trust", "Halvorsen Family Trust", False),
        ("Of Luck", "Village of Luck", False),
        ("Holdings LLC", "Kettle Moraine Holdings LLC", False),
        ("LLC ABC", "ABC LLC", False),
        ("ABC", "ABC LLC", False),
        ("abc llc", "ABC LLC", True),
        ("Tomas Bergqvist", "Ingrid & Tomas Bergqvist", True),
        ("Ingrid Bergqvist", "Ingrid & Tomas Bergqvist", True),
        ("Jane Roe", "John Doe and Jane Roe", True),
        ("John Roe", "John Doe and Jane Roe", False),
        ("Marguerite O'Connell", "Marguerite O'Connell", True),
    ],
)
def test_a_fragment_of_an_owner_s_name_is_not_the_owner(giver, named, same):
    assert same_person(giver, named) is same


# The writing: a kept item of this case, and the owner's, never the Village's own.


def test_an_archive_item_number_past_what_the_register_holds_is_one_sentence(clerk):
    directive(clerk)
    for item in ("9" * 30, str(2**63)):
        text = refused(clerk, *give(clerk, item=item))
        assert f"There is no archive item {item}" in text
    assert shown(clerk)["given_emails"] == []


def test_the_desk_answers_an_archive_item_number_past_what_the_register_holds_with_a_400(clerk):
    directive(clerk)
    add_users(clerk, ("t.brennan", "clerk"))
    client = signed_in(clerk, "t.brennan", RECORDED)
    token = form_token(client.get(f"/cases/{CASE}").text)
    answer = client.post(
        f"/cases/{CASE}/given-emails",
        data={
            "form_token": token, "email": "marie@smith.example", "given_by": "Marie Smith",
            "department": "Building Department", "given_on": "12/2/2026", "writing": "9" * 30,
        },
    )  # fmt: skip
    assert answer.status_code == 400
    assert "There is no archive item" in answer.text
    assert register_rows(clerk, "SELECT id FROM given_emails") == []


def test_the_register_knows_the_kind_the_archive_keeps_an_issued_document_as():
    assert given_emails.ISSUED_KIND == keeping.ISSUED


def test_the_issued_document_s_own_archival_copy_is_not_the_owner_s_writing(clerk):
    opened = list(VILLAGE_A_DIRECTIVE)
    clerk(*opened, today=OPENED)
    issued = clerk("issue", CASE, "--date", OPENED, today=OPENED).output
    own_copy = int(re.search(r"PDF/A-3b copy as item (\d+)", issued)[1])
    text = refused(clerk, *give(clerk, item=own_copy))
    assert f"Archive item {own_copy} is the Village's own issued document" in text
    assert "--kind correspondence" in text
    assert shown(clerk)["given_emails"] == []


# The giver on the day of service: still the owner, of this document's property.


def sold(clerk: Clerk, today: str) -> None:
    """The Smiths sell 12 A Street to Pat Newman: the next roll, imported `today`, says so."""
    rows = (CASEBOOK / "village-a" / "roll.csv").read_text(encoding="utf-8")
    rows = rows.replace(
        "Ed and Marie Smith,12 A Street,Village A,NY,10000,smiths@example.net",
        "Pat Newman,99 B Road,Village A,NY,10000,",
    )
    path = clerk.office.parent / "roll-after-sale.csv"
    path.write_text(rows, encoding="utf-8")
    clerk("roll", "import", str(path), "--village", "village-a", today=today)


def test_after_the_property_is_sold_the_former_owner_s_address_serves_no_notice_to_the_buyer(
    clerk,
):
    clerk(*VILLAGE_A_DIRECTIVE, today="2026-11-30")
    clerk(*give(clerk, on="2026-11-30", item=keep_writing(clerk, CASE)), today="2026-11-30")
    sold(clerk, today=OPENED)
    issued = clerk("issue", CASE, "--date", OPENED, today=OPENED)
    assert "to Pat Newman" in issued.output
    number = issued_number(issued)
    served = email_service(number, "marie@smith.example", at="2026-12-02T10:00")
    text = refused(clerk, *served, today="2026-12-03")
    assert (
        "marie@smith.example was given by Marie Smith on Monday, November 30, 2026, who is not "
        "the owner of record of parcel 0301-02-001 (the roll names Pat Newman) nor the occupant "
        f"recorded on case {CASE} on Wednesday, December 2, 2026, the day of service" in text
    )
    assert services(clerk, today="2026-12-03") == []


def test_an_owner_of_another_parcel_of_the_case_gives_no_address_for_this_parcel_s_notice(clerk):
    smiths, ross = directive(clerk, HOUSE, ROSS)
    clerk(*give(clerk, by="Max Ross", email="max@ross.example"), today=RECORDED)
    text = refused(clerk, *email_service(smiths, "max@ross.example"))
    assert "max@ross.example was given by Max Ross" in text
    assert "(the roll names Ed and Marie Smith)" in text
    assert services(clerk) == []
    # Max Ross's own directive goes to the address he gave.
    clerk(*email_service(ross, "max@ross.example"), today=RECORDED)
    (service,) = services(clerk)
    assert service["email_given"]["given_by"] == "Max Ross"


def test_a_replaced_occupant_can_neither_give_an_address_nor_keep_one_serving(clerk):
    (number,) = directive(clerk)
    occupant = (
        "case", "party", CASE, "--role", "occupant", "--address", "12 A Street|VILLAGE A NY 10000",
    )  # fmt: skip
    clerk(*occupant, "--name", "Dana Whitfield", today=OPENED)
    clerk(*give(clerk, by="Dana Whitfield", email="dana@example.net", on=OPENED), today=OPENED)
    # Lee Park moves in: the case's occupant is now Lee Park.
    clerk(*occupant, "--name", "Lee Park", today=RECORDED)
    late = refused(clerk, *give(clerk, by="Dana Whitfield", email="dw@example.net", on=RECORDED))
    assert "Dana Whitfield is not the owner of record on Wednesday, December 2, 2026" in late
    served = email_service(number, "dana@example.net", at="2026-12-02T10:00")
    kept = refused(clerk, *served, today="2026-12-03")
    assert "dana@example.net was given by Dana Whitfield on Tuesday, December 1, 2026" in kept
    assert [given["email"] for given in shown(clerk)["given_emails"]] == ["dana@example.net"]
    assert services(clerk, today="2026-12-03") == []


def test_the_outbox_will_not_queue_a_serving_email_to_another_parcel_s_owner(clerk):
    (clerk.office / "settings.toml").write_text(
        '[smtp]\nhost = "127.0.0.1"\nport = 2525\nsecurity = "none"\n'
        'from_address = "clerk@village-a.example"\nfrom_name = "Village A Clerk"\n'
        'reply_to = "clerk@village-a.example"\n'
    )
    smiths, _ross = directive(clerk, HOUSE, ROSS)
    clerk(*give(clerk, by="Max Ross", email="max@ross.example"), today=RECORDED)
    text = refused(clerk, "email", "queue", smiths, "--to", "max@ross.example")
    assert "max@ross.example was given by Max Ross" in text
    assert "The outbox is empty." in clerk("email", "status", today=RECORDED).output


# At the dwelling: the property's address, and only the village, state, ZIP or a unit after it.


def suitable_age(number: str, address: str) -> tuple[str, ...]:
    return (
        "serve", number, "--method", "hand_suitable_age", "--by", "J. Avery", *AT,
        "--to", "Ann Smith", "--relationship", "lives there", "--address", address,
    )  # fmt: skip


@pytest.mark.parametrize(
    "address",
    ["12 A Street (vacant)", "12 A Street 16 A Street", "12 A Street, Springfield, MA"],
)
def test_an_address_that_only_begins_with_the_property_s_is_not_the_property_s(clerk, address):
    (number,) = directive(clerk)
    text = refused(clerk, *suitable_age(number, address))
    assert f"{address} is not the property's address (12 A Street)" in text
    assert services(clerk) == []


@pytest.mark.parametrize(
    "address",
    [
        "12 A Street, Village A, NY 10000",
        "12 a street rear",
        "12 A Street, Apt 2",
        "12 A Street #2",
    ],
)
def test_the_property_s_address_may_be_followed_by_its_village_state_zip_or_unit(clerk, address):
    (number,) = directive(clerk)
    clerk(*suitable_age(number, address), today=RECORDED)
    (service,) = services(clerk)
    assert service["address"] == address


def test_the_desk_refuses_a_relationship_on_two_lines_as_the_command_line_does(clerk):
    (number,) = directive(clerk)
    add_users(clerk, ("t.brennan", "clerk"))
    client = signed_in(clerk, "t.brennan", RECORDED)
    path = f"/documents/{number}/serve"
    page = client.get(path, query_string={"method": "hand_suitable_age"}).text
    answer = client.post(
        path,
        data={
            "form_token": form_token(page), "method": "hand_suitable_age", "by": "J. Avery",
            "at_day": "2026-12-01", "at_time": "10:15", "to_person": "Ann Smith",
            "relationship": "lives there\nand owns the house", "address": "12 A Street",
        },
    )  # fmt: skip
    assert answer.status_code == 400
    assert "line break" in answer.text
    assert register_rows(clerk, "SELECT id FROM services") == []


# Guards: what was refused or printed properly, kept so.


def test_hostile_text_in_the_particulars_is_refused_or_printed_as_typed(clerk):
    (number,) = directive(clerk)
    for option, value, why in (
        ("by", "Marie\u202eSmith", "invisible formatting character"),
        ("by", "x" * 10_000, "a name is at most 200"),
        ("department", "Building\nDepartment", "line break"),
        ("department", "B" * 10_000, "at most 200"),
        ("email", "marie@smith.example\nBcc: x@y.example", "line break"),
    ):
        assert why in refused(clerk, *give(clerk, **{option: value})), (option, why)
    assert shown(clerk)["given_emails"] == []
    clerk(*give(clerk, department="{{7*7}} <script>alert(1)</script>"), today=RECORDED)
    clerk(*email_service(number, "marie@smith.example"), today=RECORDED)
    text = affidavit_text(clerk, number)
    assert "gave the {{7*7}} <script>alert(1)</script> in writing" in text
    add_users(clerk, ("t.brennan", "clerk"))
    page = signed_in(clerk, "t.brennan", RECORDED).get(f"/cases/{CASE}").text
    assert "<script>alert(1)</script>" not in page
    assert "{{7*7}} &lt;script&gt;" in page


def test_a_closed_case_takes_no_address(clerk):
    directive(clerk)
    item = keep_writing(clerk, CASE, today=OPENED)
    clerk("case", "close", CASE, "--reason", "complied", "--by", "T. Brennan", today=RECORDED)
    text = refused(clerk, *give(clerk, item=item))
    assert "was closed (complied)" in text
