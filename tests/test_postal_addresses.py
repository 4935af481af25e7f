"""Addresses are printed in USPS Publication 28 form (upper case, no punctuation but what a
delivery address needs, CITY ST ZIP) or refused in one sentence naming the document; every
owner on the casebook's rolls is mailable as the roll states the address."""

from __future__ import annotations

import csv
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from noticeclerk.dispatch.addresses import STATE_CODES, STATE_NAMES, PostalAddress, postal_address
from noticeclerk.exceptions import InputError

DOCUMENT = "VA-D-2026-00004"
CASEBOOK = Path(__file__).resolve().parent.parent / "casebook"


def roll_addresses() -> list[pytest.param]:
    """Each roll row's owner and mailing lines, built as content/roll.py builds them."""
    rows = []
    for roll in sorted(CASEBOOK.glob("*/roll.csv")):
        with roll.open(newline="", encoding="utf-8") as file:
            for row in csv.DictReader(file):
                street = [part.strip(" ") for part in row["mailing_address"].split("|")]
                city_line = " ".join(p for p in (row["city"], row["state"], row["zip"]) if p)
                lines = [*(part for part in street if part), city_line]
                rows.append(
                    pytest.param(
                        row["owner_name"],
                        lines,
                        (row["city"].upper(), row["state"], row["zip"]),
                        id=f"{roll.parent.name}-{row['parcel_id']}",
                    )
                )
    return rows


ROLL_ADDRESSES = roll_addresses()


def printed(name: str, lines: list[str]) -> tuple[str, ...]:
    return postal_address(name, lines, document=DOCUMENT).lines


def refusal(name: str, lines: list[str]) -> str:
    with pytest.raises(InputError) as error:
        postal_address(name, lines, document=DOCUMENT)
    return str(error.value)


def test_the_casebook_has_rolls_to_check():
    # Forty-odd rows across five villages; a glob that found nothing would pass every case.
    assert len(ROLL_ADDRESSES) > 40


@pytest.mark.parametrize(("owner", "lines", "last"), ROLL_ADDRESSES)
def test_every_owner_on_the_casebook_rolls_has_a_mailable_address(owner, lines, last):
    address = postal_address(owner, lines, document=DOCUMENT)
    city, state, zip_code = last
    assert (address.city, address.state, address.zip_code) == (city, state, zip_code)
    assert len(address.lines) == len(lines) + 1


CONVERSIONS = [
    pytest.param(
        "Max Ross",
        ["14 A Street", "Village A NY 10000"],
        ("MAX ROSS", "14 A STREET", "VILLAGE A NY 10000"),
        id="a-roll-row",
    ),
    pytest.param(
        "ABC LLC",
        ["Attn: Property Manager", "200 Commerce Drive, Suite 4", "Albany, NY 12207-1234"],
        ("ABC LLC", "ATTN PROPERTY MANAGER", "200 COMMERCE DRIVE SUITE 4", "ALBANY NY 12207-1234"),
        id="a-party-typed-at-the-counter",
    ),
    pytest.param(
        "Ed & Marie Smith",
        ["12 A Street", "Village A NY 10000"],
        ("ED AND MARIE SMITH", "12 A STREET", "VILLAGE A NY 10000"),
        id="ampersand-is-spelled-and",
    ),
    pytest.param(
        "Renée Dubois-Okonkwo",
        ["8 Midland Place", "Tuckahoe NY 10707"],
        ("RENEE DUBOIS OKONKWO", "8 MIDLAND PLACE", "TUCKAHOE NY 10707"),
        id="accent-dropped-and-name-hyphen-spaced",
    ),
    pytest.param(
        "Marguerite O'Connell",
        ["P.O. Box 118", "Palmyra, WI 53156"],
        ("MARGUERITE OCONNELL", "PO BOX 118", "PALMYRA WI 53156"),
        id="apostrophe-and-initial-periods-close-up",
    ),
    pytest.param(
        "Jane Doe",
        ["112 - 10 Bronx Rd", "Queens NY 11375"],
        ("JANE DOE", "112-10 BRONX RD", "QUEENS NY 11375"),
        id="hyphen-kept-in-a-primary-number",
    ),
    pytest.param(
        "Jane Doe",
        ["123 ½ Main St", "510 Main Street, Units A-B", "Wilkes-Barre PA 18701"],
        ("JANE DOE", "123 1/2 MAIN ST", "510 MAIN STREET UNITS A B", "WILKES BARRE PA 18701"),
        id="fraction-kept-other-hyphens-spaced",
    ),
    pytest.param(
        "Halvorsen Family Trust",
        ["c / o Ingrid Halvorsen", "2207 Linden Court", "Whitewater WI 53190"],
        (
            "HALVORSEN FAMILY TRUST",
            "C/O INGRID HALVORSEN",
            "2207 LINDEN COURT",
            "WHITEWATER WI 53190",
        ),
        id="care-of-keeps-its-slash",
    ),
    pytest.param(
        "Jane Doe",
        ["200 Commerce Dr Apt #4", "410 Lakeview Ter #12B", "Stamford CT 06902"],
        ("JANE DOE", "200 COMMERCE DR APT 4", "410 LAKEVIEW TER # 12B", "STAMFORD CT 06902"),
        id="pound-sign-dropped-after-a-designator-spaced-otherwise",
    ),
    pytest.param(
        "Jane Doe",
        ["39.2 Rd", "Salt Lake City UT 84101"],
        ("JANE DOE", "39.2 RD", "SALT LAKE CITY UT 84101"),
        id="grid-address-keeps-its-decimal-point",
    ),
    pytest.param(
        "Jane   Doe",
        ["  12   Example   Lane ", "", "St.Louis, Mo.   631011234"],
        ("JANE DOE", "12 EXAMPLE LANE", "ST LOUIS MO 63101-1234"),
        id="spaces-collapsed-blank-line-dropped-nine-digit-zip-hyphenated",
    ),
    pytest.param(
        "Jane Doe",
        ["12 Example Lane", "Albany NY 12207 1234"],
        ("JANE DOE", "12 EXAMPLE LANE", "ALBANY NY 12207-1234"),
        id="zip-plus-four-typed-with-a-space",
    ),
    pytest.param(
        "Jane Doe",
        ["1450 Broadway Floor 12", "New York, New York 10018"],
        ("JANE DOE", "1450 BROADWAY FLOOR 12", "NEW YORK NY 10018"),
        id="state-spelled-out-becomes-its-code",
    ),
    pytest.param(
        "Jane Doe",
        ["1 Main St", "Kansas City Kansas 66101", "U.S.A."],
        ("JANE DOE", "1 MAIN ST", "KANSAS CITY KS 66101"),
        id="a-usa-line-is-dropped",
    ),
    pytest.param(
        "SGT Robert Smith",
        ["PSC 802 Box 74", "APO AE 09499"],
        ("SGT ROBERT SMITH", "PSC 802 BOX 74", "APO AE 09499"),
        id="military-address",
    ),
    pytest.param(
        "Søren Łukasz Ærø",
        ["1 Main St", "San Juan PR 00901"],
        ("SOREN LUKASZ AERO", "1 MAIN ST", "SAN JUAN PR 00901"),
        id="letters-without-an-accent-to-drop-are-spelled",
    ),
]


@pytest.mark.parametrize(("name", "lines", "expected"), CONVERSIONS)
def test_an_address_is_printed_in_publication_28_form(name, lines, expected):
    assert printed(name, lines) == expected


def test_the_address_parts_are_given_apart_for_the_book_and_the_sort():
    address = postal_address(
        "ABC LLC",
        ["Attn: Property Manager", "200 Commerce Drive, Suite 4", "Albany, NY 12207-1234"],
        document=DOCUMENT,
    )
    assert address == PostalAddress(
        "ABC LLC",
        ("ATTN PROPERTY MANAGER", "200 COMMERCE DRIVE SUITE 4"),
        "ALBANY",
        "NY",
        "12207",
        "1234",
    )
    assert (address.zip_code, address.last_line) == ("12207-1234", "ALBANY NY 12207-1234")
    assert postal_address("A", ["1 Main", "Albany NY 12207"], document=DOCUMENT).zip4 is None


REFUSALS = [
    pytest.param(
        "Jane Doe",
        ["1 Rue Sainte-Catherine", "Montreal QC H3B 1A7"],
        "is addressed outside the United States (CANADA)",
        id="canadian-postal-code",
    ),
    pytest.param(
        "Jane Doe",
        ["1 Rue Sainte-Catherine", "Montreal QC", "Canada"],
        "is addressed outside the United States (CANADA)",
        id="country-line",
    ),
    pytest.param(
        "Jane Doe",
        ["1 Rue Sainte-Catherine", "Toronto Ontario Canada"],
        "is addressed outside the United States (CANADA)",
        id="country-at-the-end-of-the-line",
    ),
    pytest.param(
        "Jane Doe",
        ["1 Strada Stefan cel Mare", "MD-2001 Chisinau", "Moldova"],
        "which is not a US city, state and ZIP Code",
        id="an-unlisted-country-is-not-a-last-line",
    ),
    pytest.param(
        "Jane Doe",
        ["Albany NY 12207"],
        "has no street or PO box line above 'Albany NY 12207'",
        id="no-delivery-line",
    ),
    pytest.param("Jane Doe", [], "has no address", id="no-lines"),
    pytest.param(
        "Jane Doe",
        ["1 Main St", "Albany NY"],
        "has no ZIP Code at the end of its last address line 'Albany NY'",
        id="no-zip",
    ),
    pytest.param(
        "Jane Doe",
        ["1 Main St", "Albany 12207"],
        "has no state before the ZIP Code in its last address line 'Albany 12207'",
        id="no-state",
    ),
    pytest.param(
        "Jane Doe",
        ["1 Main St", "Albany NX 12207"],
        "has 'NX' in its last address line 'Albany NX 12207', which is not a USPS state",
        id="state-code-that-does-not-exist",
    ),
    pytest.param(
        "Jane Doe",
        ["1 Main St", "NY 12207"],
        "has no city before the state",
        id="no-city",
    ),
    pytest.param(
        "Jane Doe",
        ["1 Main St", "Albany NY 1220"],
        "has the ZIP Code '1220' (4 digits)",
        id="zip-too-short",
    ),
    pytest.param(
        "Jane Doe",
        ["1 Main St", "Albany NY 122071"],
        "has the ZIP Code '122071' (6 digits)",
        id="zip-too-long",
    ),
    pytest.param(
        "Jane Doe",
        ["1 Main St", "Albany NY 12207-123"],
        "has the ZIP Code '12207-123' (8 digits)",
        id="zip-plus-four-too-short",
    ),
    pytest.param(
        "Jane Doe",
        ["1 Main St", "Charleston West Virginia 25301"],
        "can be read two ways; write its two-letter code (WV or VA)",
        id="state-name-that-reads-two-ways",
    ),
    pytest.param(
        "Jane Doe",
        ["1 Main St", "APO NY 09499"],
        "APO, FPO and DPO go with AA, AE or AP",
        id="military-city-with-a-state",
    ),
    pytest.param(
        "Jane Doe",
        ["Attn: Manager", "Dept 4", "Floor 2", "1 Main St", "Albany NY 12207"],
        "has 6 address lines with the addressee, and a mailing address has at most 5",
        id="more-than-five-lines",
    ),
    pytest.param("", ["1 Main St", "Albany NY 12207"], "has no addressee name", id="empty-name"),
    pytest.param(
        " .,- ", ["1 Main St", "Albany NY 12207"], "has no addressee name", id="punctuation-name"
    ),
    pytest.param(
        "李小龙",
        ["1 Main St", "Albany NY 12207"],
        "has '李' in its addressee '李小龙', which a US address cannot carry",
        id="another-script",
    ),
    pytest.param(
        "<b>{{7*7}}</b>",
        ["1 Main St", "Albany NY 12207"],
        "has '<' in its addressee '<b>{{7*7}}</b>', a sign a US address does not carry",
        id="markup-sign",
    ),
    pytest.param(
        "Jane Doe",
        ["1 Main St\x00", "Albany NY 12207"],
        "has the character U+0000 in its address line",
        id="control-character",
    ),
]


@pytest.mark.parametrize(("name", "lines", "problem"), REFUSALS)
def test_an_address_that_cannot_be_mailed_is_refused_naming_the_document(name, lines, problem):
    message = refusal(name, lines)
    assert message.startswith(f"Document {DOCUMENT} ")
    assert problem in message
    assert message.endswith(".") and "\n" not in message


def test_a_refusal_quotes_a_long_line_back_cut_short():
    message = refusal("Jane Doe", ["1 Main St", "Albany " + "X" * 500 + " 12207"])
    assert len(message) < 400
    assert "..." in message


def test_the_foreign_refusal_says_how_to_serve_it_instead():
    assert refusal("Jane Doe", ["1 Rue", "Montreal QC H3B 1A7"]) == (
        "Document VA-D-2026-00004 is addressed outside the United States (CANADA); certified "
        "and registered mail from a batch are domestic: serve it another way, or correct the "
        "address on the roll or the party."
    )


def test_a_state_in_new_mexico_typed_without_its_zip_is_not_taken_for_mexico():
    assert "has no ZIP Code" in refusal("Jane Doe", ["1 Main St", "Santa Fe New Mexico"])


# Text a clerk might type: letters (some accented), digits, the punctuation rolls carry.
_WORD = st.text(
    alphabet=st.sampled_from("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZéñøÆ0123456789"),
    min_size=1,
    max_size=8,
)
_PUNCTUATION = st.sampled_from([" ", " ", " ", "-", "/", "#", "&", ".", ",", "'", ":", " - ", "  "])
_TEXT = st.lists(st.tuples(_WORD, _PUNCTUATION), min_size=1, max_size=5).map(
    lambda parts: "".join(word + mark for word, mark in parts)
)
_CITY = st.lists(
    st.sampled_from(["ALBANY", "St.", "Village", "A", "Wilkes-Barre", "O'Fallon"]),
    min_size=1,
    max_size=3,
).map(" ".join)
_STATE = st.sampled_from(
    sorted(STATE_CODES - {"AA", "AE", "AP"}) + sorted(STATE_NAMES)[:5] + ["ny", "N.Y."]
)
_ZIP = st.from_regex(r"\A[0-9]{5}(-?[0-9]{4}| [0-9]{4})?\Z")
_ALLOWED = re.compile(r"[A-Z0-9 /#.\-]*")


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(
    name=_TEXT,
    delivery=st.lists(_TEXT, min_size=1, max_size=3),
    city=_CITY,
    state=_STATE,
    zip_code=_ZIP,
)
def test_any_accepted_address_prints_only_what_publication_28_allows_and_is_stable(
    name, delivery, city, state, zip_code
):
    lines = [*delivery, f"{city}, {state} {zip_code}"]
    try:
        address = postal_address(name, lines, document=DOCUMENT)
    except InputError as error:
        # A generated name may be all punctuation, or have no letters left; that is refused,
        # never half-printed.
        assert str(error).startswith(f"Document {DOCUMENT} ")
        return
    for line in address.lines:
        assert _ALLOWED.fullmatch(line), line
        assert line == line.strip() and "  " not in line
    # A hyphen only in the ZIP+4 and in a delivery line's primary number; "/", "." only
    # between two letters or digits; "#" only before a unit.
    for line in (address.addressee, address.city):
        assert "-" not in line
    for line in address.delivery_lines:
        assert "-" not in line.partition(" ")[2]
    assert re.fullmatch(r"[0-9]{5}(-[0-9]{4})?", address.zip_code)
    for line in address.lines:
        assert not re.search(r"(?<![A-Z0-9])[/.]|[/.](?![A-Z0-9])", line), line
        assert not re.search(r"#(?! [A-Z0-9])", line), line
    again = postal_address(address.addressee, address.lines[1:], document=DOCUMENT)
    assert again == address
