"""Intelligent Mail package barcode numbers are generated from the Village's Mailer ID and a
serial: 22 digits that pass the article number check as certified mail, alone and scanned
with the 420 + ZIP Code routing prefix; a Mailer ID, service type code or serial USPS would
not accept is refused in one sentence."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from noticeclerk.article_numbers import (
    check_article_number,
    check_mailer_id,
    check_service_type_code,
    impb_barcode_data,
    impb_number,
    impb_serial_capacity,
    usps_check_digit,
)
from noticeclerk.exceptions import InputError

NUMBERS = [
    pytest.param(
        "921", "901234567", 1, "92" + "921" + "901234567" + "0000001", id="nine-digit-mid"
    ),
    pytest.param("921", "901234567", 9_999_999, "92921901234567" + "9999999", id="nine-digit-last"),
    pytest.param("921", "123456", 1, "93" + "921" + "123456" + "0000000001", id="six-digit-mid"),
    pytest.param("921", "012345", 42, "93921012345" + "0000000042", id="six-digit-leading-zero"),
    pytest.param("421", "899999", 9_999_999_999, "93421899999" + "9999999999", id="six-last"),
]


@pytest.mark.parametrize(("code", "mid", "serial", "body"), NUMBERS)
def test_an_impb_number_is_identifier_code_mailer_id_serial_and_check_digit(
    code, mid, serial, body
):
    number = impb_number(code, mid, serial)
    assert number == body + str(usps_check_digit(body))
    assert len(number) == 22


@pytest.mark.parametrize(("code", "mid", "serial", "body"), NUMBERS)
def test_a_generated_number_passes_the_certified_mail_check(code, mid, serial, body):
    number = impb_number(code, mid, serial)
    assert check_article_number(number, "certified_mail").number == number


@pytest.mark.parametrize(("code", "mid", "serial", "body"), NUMBERS)
def test_a_generated_number_scanned_with_its_routing_prefix_comes_back_whole(
    code, mid, serial, body
):
    number = impb_number(code, mid, serial)
    scanned = impb_barcode_data(number, "10707")
    assert scanned == "42010707" + number
    assert check_article_number(scanned, "certified_mail").number == number


def test_a_published_impb_number_has_the_layout_generated_here():
    # 9361 2898 7870 0317 6337 95 (tracking_number_data, couriers/usps.json): 93, service
    # type 612, 6-digit Mailer ID 898787, serial 0031763379, check digit 5.
    assert impb_number("612", "898787", 31763379) == "9361289878700317633795"
    # 92 001 901326076 0083345 7, inside the 34-digit scan 420 10023 3424 ...
    assert impb_number("001", "901326076", 83345) == "9200190132607600833457"


@pytest.mark.parametrize(
    ("mid", "capacity"),
    [
        pytest.param("123456", 9_999_999_999, id="six-digit-mid-ten-digit-serial"),
        pytest.param("901234567", 9_999_999, id="nine-digit-mid-seven-digit-serial"),
    ],
)
def test_the_serial_capacity_is_what_the_22_digits_leave(mid, capacity):
    assert impb_serial_capacity(mid) == capacity


@pytest.mark.parametrize(
    ("mid", "serial"),
    [
        pytest.param("901234567", 10_000_000, id="nine-digit-mid"),
        pytest.param("123456", 10_000_000_000, id="six-digit-mid"),
    ],
)
def test_a_serial_past_the_capacity_is_refused_asking_usps_for_more(mid, serial):
    with pytest.raises(InputError, match=r"^The Mailer ID's serial numbers are used up .*USPS"):
        impb_number("921", mid, serial)


def test_a_negative_serial_is_a_bug_not_a_clerks_mistake():
    with pytest.raises(ValueError):
        impb_number("921", "901234567", -1)


@pytest.mark.parametrize(
    ("typed", "problem"),
    [
        pytest.param("90123456", "has 8 digits; USPS gives 6", id="eight-digits"),
        pytest.param("1234567890", "has 10 digits", id="ten-digits"),
        pytest.param("12345A", "must be digits only", id="a-letter"),
        pytest.param(
            "\uff11\uff12\uff13\uff14\uff15\uff16", "must be digits only", id="fullwidth-digits"
        ),
        pytest.param("", "is empty", id="empty"),
        pytest.param("912345", "a 6-digit one begins 0 to 8", id="six-digit-beginning-9"),
        pytest.param("812345678", "a 9-digit one begins with 9", id="nine-digit-not-beginning-9"),
    ],
)
def test_a_mailer_id_usps_would_not_give_is_refused(typed, problem):
    with pytest.raises(InputError) as error:
        check_mailer_id(typed)
    assert problem in str(error.value)
    assert str(error.value).startswith("The Mailer ID ") and str(error.value).endswith(".")


def test_a_mailer_id_may_be_typed_with_spaces():
    assert check_mailer_id("901 234 567") == "901234567"


@pytest.mark.parametrize(
    "typed",
    [
        pytest.param("92", id="two-digits"),
        pytest.param("9210", id="four-digits"),
        pytest.param("9A1", id="a-letter"),
        pytest.param("", id="empty"),
    ],
)
def test_a_service_type_code_that_is_not_three_digits_is_refused(typed):
    with pytest.raises(InputError, match=r"^The service type code .* must be 3 digits"):
        check_service_type_code(typed)


def test_a_bad_service_type_code_or_mailer_id_refuses_the_number_too():
    with pytest.raises(InputError, match="service type code"):
        impb_number("92", "901234567", 1)
    with pytest.raises(InputError, match="Mailer ID"):
        impb_number("921", "912345", 1)


@pytest.mark.parametrize(
    ("number", "zip5"),
    [
        pytest.param("9292190123456700000015", "1070", id="short-zip"),
        pytest.param("9292190123456700000015", "10707-1234", id="zip-plus-four"),
        pytest.param("929219012345670000001", "10707", id="short-number"),
    ],
)
def test_barcode_data_takes_only_a_five_digit_zip_and_a_22_digit_number(number, zip5):
    with pytest.raises(ValueError):
        impb_barcode_data(number, zip5)


@given(
    mid=st.one_of(
        st.from_regex(r"\A[0-8][0-9]{5}\Z"),
        st.from_regex(r"\A9[0-9]{8}\Z"),
    ),
    code=st.from_regex(r"\A[0-9]{3}\Z"),
    data=st.data(),
)
def test_every_generated_number_checks_and_changing_any_digit_fails_the_check(mid, code, data):
    serial = data.draw(st.integers(min_value=0, max_value=impb_serial_capacity(mid)))
    number = impb_number(code, mid, serial)
    assert number.startswith(("92", "93")) and len(number) == 22
    assert check_article_number(number, "certified_mail").number == number
    position = data.draw(st.integers(min_value=0, max_value=21))
    changed = str((int(number[position]) + 1) % 10)
    mistyped = number[:position] + changed + number[position + 1 :]
    with pytest.raises(InputError, match="check digit"):
        check_article_number(mistyped, "certified_mail")
