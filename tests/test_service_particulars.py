"""Each way of service with its own particulars (issue 11): refused without them, recorded with
them, and the affidavit of service stating exactly them; no service or receipt in the future,
and no email, telephone number or mailing address the Village does not have on file."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import pytest
from clerk import LUCK_SNOW_NOTICE, VILLAGE_A_DIRECTIVE, article, clerk_at, issued_number, pdf_text
from sqlalchemy import select

from noticeclerk.register.database import open_register, register_url, transaction
from noticeclerk.register.models import Service

REPO = Path(__file__).resolve().parent.parent
CASE = "VA-C-2026-0001"
DOCUMENT = "VA-D-2026-00001"
# The directive is dated and issued December 1, 2026 (a Tuesday), and served later that day;
# the clerk records the service the next day, when the register's clock is past it.
ISSUED = "2026-12-01"
RECORDED = "2026-12-02"
AT = ("--at", "2026-12-01T10:00")
# Every method the register knows, allowed for the directive in this workspace's own copy of
# its definition, so that one case can show each; the ordinance's own four are unchanged.
EXTRA_METHODS = (
    "certified_mail",
    "registered_mail",
    "first_class_mail",
    "leave_with_adult",
    "post_on_premises",
    "present_personally",
    "leave_at_residence",
    "publication",
    "file_with_officer",
)


@pytest.fixture
def clerk(tmp_path, runner):
    """Village A's directive to Ed and Marie Smith of 12 A Street (smiths@example.net,
    (555) 010-0112 on the roll), issued and not yet served."""
    clerk = clerk_at(tmp_path, runner, "village-a")
    own = clerk.office / "notices" / "village-a"
    own.mkdir(parents=True)
    definition = (REPO / "notices" / "village-a" / "directive-to-comply.toml").read_text(
        encoding="utf-8"
    )
    for method in EXTRA_METHODS:
        definition += (
            f'\n[[service]]\nmethod = "{method}"\nwords = "Served by {method}."\n'
            'section = "(for this test)"\n'
        )
    (own / "directive-to-comply.toml").write_text(definition, encoding="utf-8")
    clerk(*VILLAGE_A_DIRECTIVE, today=ISSUED)
    assert issued_number(clerk("issue", CASE, "--date", ISSUED, today=ISSUED)) == DOCUMENT
    return clerk


def refused(clerk, *args: str, today: str = RECORDED) -> str:
    result = clerk(*args, today=today, ok=False)
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output
    return " ".join(result.output.split())


def services(clerk, case: str = CASE) -> list[dict]:
    return json.loads(clerk("case", "show", case, "--json").output)["documents"][0]["services"]


def kept(clerk) -> list[dict]:
    """The particulars of every service record, as the register keeps them."""
    engine = open_register(register_url(clerk.office, None))
    try:
        with transaction(engine) as session:
            return [
                {
                    "address": s.address,
                    "phone_number": s.phone_number,
                    "called_at": s.called_at,
                    "answered_by": s.answered_by,
                }
                for s in session.scalars(select(Service).order_by(Service.id))
            ]
    finally:
        engine.dispose()


def affidavit(clerk, number: str = DOCUMENT, today: str = RECORDED) -> str:
    out = clerk.office.parent / "proofs"
    written = clerk("proof", number, "--out", str(out), today=today).output
    (pdf,) = [line.split()[-1] for line in written.splitlines() if line.endswith(".pdf")]
    return pdf_text(Path(pdf))


# Each method: what the serve command needs beyond --method, --by and --at; the refusal of the
# record with one of them left out (None where the method needs none); and what the affidavit
# then says of the service.
METHODS = {
    "hand_owner": (
        ("--to", "Ed Smith", "--address", "12 A Street"),
        ("--address", "12 A Street"),
        "Give --to",
        "by hand delivery to an owner, delivering it to Ed Smith, at 12 A Street.",
    ),
    "hand_suitable_age": (
        (
            "--to",
            "Ann Smith",
            "--relationship",
            "the owners' daughter, who lives there",
            "--address",
            "12 A Street",
        ),
        ("--to", "Ann Smith", "--address", "12 A Street"),
        "Give --relationship",
        "delivering it to Ann Smith (the owners' daughter, who lives there), at 12 A Street.",
    ),
    "leave_with_adult": (
        ("--to", "a man of about forty who said he lives there", "--address", "12 A Street"),
        ("--to", "a man of about forty who said he lives there"),
        "Give --address",
        "by leaving it with an adult on the premises, delivering it to a man of about forty who "
        "said he lives there, at 12 A Street.",
    ),
    "present_personally": (
        ("--to", "Ed Smith", "--address", "the Village Clerk's office, Village Hall"),
        ("--to", "Ed Smith"),
        "Give --address",
        "by presenting it personally, delivering it to Ed Smith, at the Village Clerk's office, "
        "Village Hall.",
    ),
    "leave_at_residence": (
        ("--address", "12 A Street, inside the storm door"),
        (),
        "Give --address",
        "by leaving it at the residence, at 12 A Street, inside the storm door.",
    ),
    "post_on_premises": (
        ("--address", "12 A Street, on the garage door"),
        (),
        "Give --address",
        "by posting it on the premises, at 12 A Street, on the garage door.",
    ),
    "door_and_phone": (
        (
            "--address",
            "12 A Street",
            "--phone-number",
            "555-010-0112",
            "--called-at",
            "2026-12-01T10:20",
            "--phone-result",
            "answered",
            "--answered-by",
            "Marie Smith",
        ),
        (
            "--address",
            "12 A Street",
            "--called-at",
            "2026-12-01T10:20",
            "--phone-result",
            "answered",
            "--answered-by",
            "Marie Smith",
        ),
        "Give --phone-number",
        # NY legal reading CO-3: the posting and the call, each in a sentence of its own.
        "I posted a true copy of the document described above on the front door of the "
        "dwelling on the property, at 12 A Street. On Tuesday, December 1, 2026 at 10:20 a.m. "
        "EST, I called 555-010-0112, "
        "the telephone number on file with the Village for the owner, and informed Marie Smith, "
        "who answered, of the notice.",
    ),
    "email": (
        ("--email", "smiths@example.net"),
        (),
        "Give --email",
        "by email, sending it to smiths@example.net, the address on file with the Village for "
        "the owner.",
    ),
    "certified_mail": (
        ("--article-number", article(1)),
        (),
        "Give --article-number",
        "by certified mail, return receipt requested, enclosed in a sealed postpaid envelope "
        "properly addressed to Ed and Marie Smith at 12 A Street, Village A NY 10000, USPS "
        f"article number {article(1)}, by depositing it in the post office at 5 Sample Plaza, "
        "Village A, New York 10000, an official depository under the exclusive care and "
        "custody of the United States Postal Service within the State of New York.",
    ),
    "registered_mail": (
        ("--article-number", "RA123456785US"),
        (),
        "Give --article-number",
        "by registered mail, enclosed in a sealed postpaid envelope properly addressed to Ed and "
        "Marie Smith at 12 A Street, Village A NY 10000, USPS article number RA123456785US, by "
        "depositing it in the post office at 5 Sample Plaza, Village A, New York 10000, an "
        "official depository under the exclusive care and custody of the United States Postal "
        "Service within the State of New York.",
    ),
    "first_class_mail": (
        (),
        ("--address", "PO Box 12, Village A NY 10000"),
        "is not the address on file for the owner of record of parcel 0301-02-001 on the day "
        "of mailing, 12 A Street, Village A NY 10000",
        "by first-class mail, enclosed in a sealed postpaid envelope properly addressed to Ed "
        "and Marie Smith at 12 A Street, Village A NY 10000, by depositing it in the post "
        "office at 5 Sample Plaza, Village A, New York 10000, an official depository under the "
        "exclusive care and custody of the United States Postal Service within the State of "
        "New York.",
    ),
    "publication": (
        ("--note", "Published in the Village Gazette of December 1, 2026."),
        ("--address", "12 A Street"),
        "--address does not apply to service by publication in the official newspaper",
        "by publication in the official newspaper. I observed: Published in the Village Gazette "
        "of December 1, 2026.",
    ),
    "file_with_officer": (
        (),
        ("--email", "smiths@example.net"),
        "--email does not apply to service by filing it in the office",
        # Filed in the office of the one it is addressed to: the address it is addressed to.
        "by filing it in the office of the officer it is addressed to, at 12 A Street, "
        "Village A NY 10000.",
    ),
}


@pytest.mark.parametrize("method", sorted(METHODS))
def test_each_method_is_refused_without_its_particulars_and_sworn_with_exactly_them(clerk, method):
    particulars, short, refusal, sworn = METHODS[method]
    serve = ("serve", DOCUMENT, "--method", method, "--by", "R. Ortiz", *AT)
    assert refusal in refused(clerk, *serve, *short)
    assert services(clerk) == []
    clerk(*serve, *particulars, today=RECORDED)
    (record,) = kept(clerk)
    assert record["address"] == KEPT_ADDRESS.get(method, "12 A Street")
    text = affidavit(clerk)
    assert "On Tuesday, December 1, 2026 at 10:00 a.m. EST, I " in text
    assert sworn in text


# Where the register records each service happened: what the server gave, the address on file
# for mail and for filing (the office of the one it is addressed to), nothing for email.
ON_FILE = "12 A Street, Village A NY 10000"
KEPT_ADDRESS = {
    "present_personally": "the Village Clerk's office, Village Hall",
    "leave_at_residence": "12 A Street, inside the storm door",
    "post_on_premises": "12 A Street, on the garage door",
    "email": None,
    "publication": None,
    "certified_mail": ON_FILE,
    "registered_mail": ON_FILE,
    "first_class_mail": ON_FILE,
    "file_with_officer": ON_FILE,
}


def test_every_method_the_register_knows_is_shown_here():
    from noticeclerk.service_methods import SERVICE_METHODS

    # mail_nonresident is mail to the roll's address, shown with a nonresident owner below.
    assert set(SERVICE_METHODS) - set(METHODS) == {"mail_nonresident"}


def test_a_hand_delivery_is_sworn_where_it_happened_never_at_the_post_office_box(tmp_path, runner):
    clerk = clerk_at(tmp_path, runner, "luck")
    clerk(*LUCK_SNOW_NOTICE, today="2026-12-23")
    number = issued_number(clerk("issue", "LU-C-2026-0001", today="2026-12-23"))
    serve = ("serve", number, "--method", "hand_owner", "--by", "Officer D. Reyes")
    serve += ("--at", "2026-12-23T14:15", "--to", "Karl Nordstrom, president")
    # The roll's mailing address is PO Box 88; the notice was handed over at the store.
    assert "Give --address" in refused(clerk, *serve, today="2026-12-24")
    clerk(*serve, "--address", "210 Main Street", today="2026-12-24")
    text = affidavit(clerk, number, today="2026-12-24")
    assert "delivering it to Karl Nordstrom, president, at 210 Main Street." in text
    assert "at PO Box" not in text


def test_an_email_address_not_on_file_is_refused_naming_the_record_that_would_put_it_there(
    clerk,
):
    serve = ("serve", DOCUMENT, "--method", "email", "--by", "R. Ortiz", *AT)
    guess = refused(clerk, *serve, "--email", "guess@wrong.example")
    assert (
        "guess@wrong.example is not the email address on file for the owner of record of "
        "parcel 0301-02-001 (the one on file is smiths@example.net), and § 134-43C (inferred) "
        'allows only "Emailed to the email address provided to any department of the Village '
        'by an owner or resident of the property": send it to the address on file, or first '
        "record on case VA-C-2026-0001 who gave this address" in guess
    )
    assert "'noticeclerk case email-address'" in guess
    assert services(clerk) == []
    # The free text a clerk once gave as its source is no option any more.
    gone = clerk(*serve, "--email", "guess@wrong.example", "--email-source", "a phone call",
                 today=RECORDED, ok=False)  # fmt: skip
    assert gone.exit_code != 0 and "No such option '--email-source'" in gone.output
    assert services(clerk) == []


def test_the_email_address_on_file_is_recognised_whatever_its_capitals_and_spaces(clerk):
    serve = ("serve", DOCUMENT, "--method", "email", "--by", "R. Ortiz", *AT)
    clerk(*serve, "--email", "  Smiths@Example.NET ", today=RECORDED)
    assert "the address on file with the Village for the owner." in affidavit(clerk)


def test_an_owner_with_no_email_on_the_roll_has_none_on_file(tmp_path, runner):
    clerk = clerk_at(tmp_path, runner, "village-a")
    # Max Ross of 14 A Street gave the Village no email address.
    opened = [arg.replace("0301-02-001", "0301-02-004") for arg in VILLAGE_A_DIRECTIVE]
    clerk(*opened, today=ISSUED)
    clerk("issue", CASE, "--date", ISSUED, today=ISSUED)
    serve = ("serve", DOCUMENT, "--method", "email", "--by", "R. Ortiz", *AT)
    guess = refused(clerk, *serve, "--email", "max@ross.example")
    assert "(none is on file)" in guess and "0301-02-004" in guess


def test_the_call_is_to_the_number_on_file_at_a_time_that_has_happened(clerk):
    serve = ("serve", DOCUMENT, "--method", "door_and_phone", "--by", "J. Avery", *AT)
    serve += ("--address", "12 A Street", "--phone-result", "message")
    wrong = refused(
        clerk, *serve, "--phone-number", "555-010-9999", "--called-at", "2026-12-01T10:20"
    )
    assert (
        "555-010-9999 is not the telephone number on file for the owner of record of parcel "
        "0301-02-001 (the one on file is (555) 010-0112)" in wrong
    )
    serve += ("--phone-number", "+1 555 010 0112")
    later = refused(clerk, *serve, "--called-at", "2026-12-03T10:20")
    assert "is later than now" in later and "check --called-at" in later
    earlier = refused(clerk, *serve, "--called-at", "2026-11-30T10:20")
    assert "is before VA-D-2026-00001 is dated" in earlier and "check --called-at" in earlier
    nobody = refused(clerk, *serve, "--called-at", "2026-12-01T10:20", "--answered-by", "Ed")
    assert "with --phone-result message nobody did" in nobody
    assert services(clerk) == []
    clerk(*serve, "--called-at", "2026-12-01T10:20", today=RECORDED)
    (record,) = kept(clerk)
    assert record["called_at"] == datetime(2026, 12, 1, 15, 20, tzinfo=UTC)
    assert record["phone_number"] == "+1 555 010 0112"
    assert record["answered_by"] is None
    assert (
        "I called +1 555 010 0112, the telephone number on file with the Village for the owner, "
        "and left a message on the answering device advising of the notice." in affidavit(clerk)
    )


def test_a_particular_of_another_method_is_refused(clerk):
    serve = ("serve", DOCUMENT, "--method", "hand_owner", "--by", "R. Ortiz", *AT)
    serve += ("--to", "Ed Smith", "--address", "12 A Street")
    stray = refused(clerk, *serve, "--phone-number", "(555) 010-0112")
    assert "--phone-number does not apply to service by hand delivery to an owner" in stray


def test_mail_is_recorded_as_sent_to_the_address_on_the_roll_that_day(tmp_path, runner):
    clerk = clerk_at(tmp_path, runner, "tuckahoe")
    clerk(
        "case", "open", "--village", "tuckahoe", "--parcel", "041",
        "--notice-type", "notice-to-repair-sidewalk",
        "--fact=inspection_date=2026-11-20", "--fact=sidewalk_location=in front",
        "--fact=work=Replace three heaved flags.", "--fact=specifications=Four inches thick.",
        today=ISSUED,
    )  # fmt: skip
    number = issued_number(clerk("issue", "TU-C-2026-0001", today=ISSUED))
    serve = ("serve", number, "--method", "registered_mail", "--by", "T. Brennan")
    serve += ("--at", "2026-12-01T15:00", "--article-number", "RA123456785US")
    wrong = refused(clerk, *serve, "--address", "35 Main Street|Tuckahoe NY 10707")
    assert (
        "--address 35 Main Street|Tuckahoe NY 10707 is not the address on file for the owner of "
        "record of parcel 041 on the day of mailing, c/o Dunmore Management, 1450 Broadway "
        "Floor 12, New York NY 10018, which is where it was mailed" in wrong
    )
    assert "import a corrected roll with 'noticeclerk roll import' first" in wrong
    clerk(*serve, "--address", "C/O Dunmore Management, 1450 broadway floor 12|New York NY 10018",
          today=RECORDED)  # fmt: skip
    (record,) = kept(clerk)
    assert record["address"] == "c/o Dunmore Management, 1450 Broadway Floor 12, New York NY 10018"


def test_a_service_later_than_now_is_refused(clerk):
    serve = ("serve", DOCUMENT, "--method", "hand_owner", "--by", "R. Ortiz")
    serve += ("--to", "Ed Smith", "--address", "12 A Street")
    # A fixed day is read at 12:00 UTC, 7:00 a.m. in New York: 10:00 a.m. has not come yet.
    early = refused(clerk, *serve, *AT, today=ISSUED)
    assert (
        "Tuesday, December 1, 2026 at 10:00 a.m. EST is later than now, Tuesday, December 1, "
        "2026 at 7:00 a.m. EST; a service is recorded once it has happened: check --at." in early
    )
    assert "is later than now" in refused(clerk, *serve, "--at", "2030-01-01T10:00")
    assert services(clerk) == []


def test_a_receipt_later_than_now_is_refused(clerk):
    serve = ("serve", DOCUMENT, "--method", "certified_mail", "--by", "Village Clerk", *AT)
    clerk(*serve, "--article-number", article(2), today=RECORDED)
    future = refused(clerk, "receipt", DOCUMENT, "--signed", "2026-12-04T10:00", today="2026-12-03")
    assert "Friday, December 4, 2026 at 10:00 a.m. EST is later than now" in future
    assert services(clerk)[0]["events"] == []
    clerk("receipt", DOCUMENT, "--signed", "2026-12-03T10:00", today="2026-12-04")
    assert [e["kind"] for e in services(clerk)[0]["events"]] == ["receipt_signed"]


@pytest.mark.parametrize(
    ("option", "named"),
    [
        ("--phone-number", "The option --phone-number"),
        ("--answered-by", "The option --answered-by"),
    ],
)
def test_a_control_character_in_a_new_particular_is_refused_naming_it(clerk, option, named):
    given = {
        "--address": "12 A Street",
        "--phone-number": "(555) 010-0112",
        "--called-at": "2026-12-01T10:20",
        "--phone-result": "answered",
        "--answered-by": "Marie Smith",
    }
    method = "door_and_phone"
    given[option] = "Marie\x1b[2J"
    args = [item for pair in given.items() for item in pair]
    result = refused(clerk, "serve", DOCUMENT, "--method", method, "--by", "R. Ortiz", *AT, *args)
    assert f"{named} contains a control character (U+001B)" in result
    assert services(clerk) == []
