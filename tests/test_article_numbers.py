"""Article numbers are checked as the Post Office checks them: USPS numbers by their MOD 10
check digit, UPU S10 numbers by theirs, each method taking its own form; `mail check` answers
on its own, and `serve` refuses a mistyped number or one already used, recording nothing."""

from __future__ import annotations

import json

import pytest
from clerk import article, clerk_at

from noticeclerk.article_numbers import check_article_number, s10_check_digit, usps_check_digit
from noticeclerk.exceptions import InputError

# Published examples. USPS: 20-digit Package Identification Codes of Publication 109's form
# and 22-digit IMpb numbers, with 30- and 34-digit scans carrying the 420 + ZIP routing prefix
# (the test numbers of the tracking_number_data project, couriers/usps.json). UPU S10: the
# examples of the s10 package (npm), EB000717618HK among them.
PUBLISHED_USPS = [
    ("0307 1790 0005 2348 3741", "03071790000523483741"),
    ("7112 3456 7891 2345 6787", "71123456789123456787"),
    ("9400 1112 0108 0805 4830 16", "9400111201080805483016"),
    ("9505 5110 6960 5048 6006 24", "9505511069605048600624"),
    ("9361 2898 7870 0317 6337 95", "9361289878700317633795"),
    ("9405803699300124287899", "9405803699300124287899"),
    ("420 22153 9101026837331000039521", "9101026837331000039521"),
    ("4201002334249200190132607600833457", "9200190132607600833457"),
]
PUBLISHED_S10 = ["EB000717618HK", "EB000717595HK"]


def refusal(typed: str, method: str | None = None) -> str:
    with pytest.raises(InputError) as error:
        check_article_number(typed, method)
    return str(error.value)


@pytest.mark.parametrize(("typed", "kept"), PUBLISHED_USPS)
def test_published_usps_numbers_are_valid_and_kept_as_their_digits(typed, kept):
    assert check_article_number(typed).number == kept


def test_the_usps_check_digit_weighs_digits_three_and_one_from_the_right():
    # 0307 1790 0005 2348 374|1: from the right 4·3 + 7 + 3·3 + 8 + 2·3 + 3 + ... = 99 → 1.
    assert usps_check_digit("0307179000052348374") == 1
    assert usps_check_digit("940711189922303300001") == 9
    assert usps_check_digit("0" * 19) == 0


@pytest.mark.parametrize("number", PUBLISHED_S10)
def test_published_s10_numbers_are_valid(number):
    assert check_article_number(number).form == "UPU S10, HK"


def test_the_s10_check_digit_writes_ten_as_zero_and_eleven_as_five():
    assert [s10_check_digit(s) for s in ("00071761", "00071758", "96633102", "76129403")] == [
        8,
        1,
        0,
        8,
    ]
    # Weighted sums of 11·k + 1 (check 10) and of 11·k (check 11).
    assert s10_check_digit("00000050") == 0  # 5·9 = 45 = 44 + 1
    assert s10_check_digit("00000000") == 5


def test_a_wrong_usps_check_digit_says_what_it_is_and_what_the_number_ends_in():
    # The issue's own example, from a PS Form 3800 receipt.
    assert refusal("7022 0410 0001 2345 6789") == (
        "The check digit of article number 70220410000123456789 is 8; the number ends in 9: "
        "retype it from the receipt."
    )


def test_a_mistyped_digit_inside_the_number_shows_as_a_wrong_check_digit():
    typed = "9400 1112 0108 0805 4830 16".replace("1112", "1121")
    assert "the number ends in 6: retype it from the receipt" in refusal(typed)


def test_usps_s_own_placeholder_number_fails_its_check_digit():
    # The sample USPS once showed on its tracking page; its check digit does not fit.
    assert "is 6; the number ends in 0" in refusal("9400 1000 0000 0000 0000 00")


def test_a_wrong_s10_check_digit_is_named():
    assert refusal("RA123456789US") == (
        "The check digit of article number RA123456789US (before the country) is 5; the number "
        "has 9: retype it from the receipt."
    )
    assert "(before the country) is 8" in refusal("EB000717619HK")


@pytest.mark.parametrize(
    ("typed", "says"),
    [
        ("9400 1112 0108 0805 4830 1", "has 21 digits; a USPS article number has 20 or 22"),
        ("12345", "has 5 digits"),
        ("RA12345678US", "is neither a USPS number (20 or 22 digits) nor an international one"),
        ("9400-1112-0108", "has '-' in it; type only its letters and digits"),
        ("9400\u00a01112", "has the character U+00A0 in it"),
        ("   ", "The article number is empty"),
    ],
)
def test_a_number_of_the_wrong_length_or_form_is_refused_in_one_sentence(typed, says):
    assert says in refusal(typed)


def test_the_routing_prefix_is_stripped_with_a_5_or_9_digit_zip_code():
    assert check_article_number("420 22153 0307 1790 0005 2348 3741").number == (
        "03071790000523483741"
    )
    assert check_article_number("420 10023 3424 0307 1790 0005 2348 3741").number == (
        "03071790000523483741"
    )
    # 420, a ZIP Code and 21 digits is no scan of any number.
    assert "has 29 digits" in refusal("420 22153" + "9" * 21)


def test_letters_are_kept_in_upper_case_and_spaces_dropped():
    assert check_article_number("ra 123 456 785 us", "registered_mail").number == "RA123456785US"


def test_certified_mail_takes_only_a_20_or_22_digit_number():
    assert check_article_number(article(1), "certified_mail").form == "USPS 22-digit"
    assert "certified mail is a domestic service" in refusal("RA123456785US", "certified_mail")


def test_registered_mail_takes_only_a_usps_registered_number():
    assert check_article_number("RA123456785US", "registered_mail").form == "UPU S10, US"
    assert refusal(article(1), "registered_mail") == (
        f"{article(1)} is a USPS domestic number such as certified mail's; registered mail's "
        "receipt (PS Form 3806, Label 200) carries its own, such as RA123456785US."
    )
    assert "begin with R and end in US" in refusal("EB000717618HK", "registered_mail")


def test_the_form_is_refused_before_the_check_digit():
    # A certified number given for registered mail is the wrong number, however it is typed.
    assert "is a USPS domestic number" in refusal("7022 0410 0001 2345 6789", "registered_mail")


def test_the_helper_s_numbers_are_valid_and_distinct():
    numbers = [article(n) for n in range(1, 30)]
    assert len(set(numbers)) == 29
    assert all(check_article_number(n).number == n for n in numbers)


# The command line.


def test_mail_check_says_valid_and_the_number_as_kept(runner):
    from noticeclerk.cli import cli

    result = runner.invoke(cli, ["mail", "check", "420", "22153", "9101026837331000039521"])
    assert (result.exit_code, result.output) == (
        0,
        "valid: 9101026837331000039521 (USPS 22-digit)\n",
    )
    result = runner.invoke(cli, ["mail", "check", "RA123456785US", "--method", "registered_mail"])
    assert (result.exit_code, result.output) == (0, "valid: RA123456785US (UPU S10, US)\n")


def test_mail_check_of_a_bad_number_exits_1_with_one_sentence(runner, tmp_path):
    from noticeclerk.cli import cli

    # No workspace and no register: it opens neither.
    result = runner.invoke(
        cli, ["--workspace", str(tmp_path / "none"), "mail", "check", "7022 0410 0001 2345 6789"]
    )
    assert result.exit_code == 1
    assert result.output == (
        "Error: The check digit of article number 70220410000123456789 is 8; the number ends in "
        "9: retype it from the receipt.\n"
    )
    assert not (tmp_path / "none").exists()
    wrong_form = runner.invoke(cli, ["mail", "check", article(2), "--method", "registered_mail"])
    assert wrong_form.exit_code == 1
    assert wrong_form.output.startswith(f"Error: {article(2)} is a USPS domestic number")


@pytest.fixture
def luck(tmp_path, runner):
    """A Luck street-obstruction notice issued to each of two parcels, neither yet served."""
    clerk = clerk_at(tmp_path, runner, "luck")
    for parcel in ("146-00520-0000", "146-00312-0000"):
        clerk(
            "case", "open", "--village", "luck", "--parcel", parcel,
            "--notice-type", "obstruction-street",
            "--fact=observed_at=2026-10-13T15:30",
            "--fact=location=the Foster Avenue roadway",
            "--fact=obstruction=an unhitched utility trailer.",
            "--event", "service=2026-10-14T15:00",
            today="2026-10-14",
        )  # fmt: skip
    clerk("issue", "LU-C-2026-0001", today="2026-10-14")
    clerk("issue", "LU-C-2026-0002", today="2026-10-14")
    return clerk


def mail(clerk, number: str, article_number: str, at: str = "2026-10-14T15:00", ok=True):
    return clerk(
        "serve", number, "--method", "certified_mail", "--by", "clerk", "--at", at,
        "--article-number", article_number, today="2026-10-16", ok=ok,
    )  # fmt: skip


def services(clerk, case: str) -> list[dict]:
    shown = json.loads(clerk("case", "show", case, "--json").output)
    return [s for document in shown["documents"] for s in document["services"]]


def test_serve_refuses_a_wrong_check_digit_and_records_nothing(luck):
    refused = mail(luck, "LU-D-2026-00001", "7022 0410 0001 2345 6789", ok=False)
    assert refused.exit_code == 1
    assert "the number ends in 9: retype it from the receipt" in refused.output
    assert services(luck, "LU-C-2026-0001") == []


def test_serve_keeps_the_number_normalised(luck):
    mail(luck, "LU-D-2026-00001", "9407 1118 9922 3033 0000 19")
    assert [s["article_number"] for s in services(luck, "LU-C-2026-0001")] == [article(1)]


def test_serve_refuses_a_number_already_used_on_another_document(luck):
    mail(luck, "LU-D-2026-00001", article(1))
    spaced = " ".join(article(1)[i : i + 4] for i in range(0, 22, 4))
    refused = mail(luck, "LU-D-2026-00002", spaced, ok=False)
    assert refused.exit_code == 1
    assert refused.output == (
        f"Error: Article number {article(1)} is already recorded for the service of "
        "LU-D-2026-00001; each mailing has its own number: check the receipt.\n"
    )
    assert services(luck, "LU-C-2026-0002") == []


def test_a_second_mailing_of_the_same_document_needs_a_new_number(luck):
    mail(luck, "LU-D-2026-00001", article(1))
    refused = mail(luck, "LU-D-2026-00001", article(1), at="2026-10-15T10:00", ok=False)
    assert refused.exit_code == 1
    assert refused.output == (
        f"Error: Article number {article(1)} is already recorded for the mailing of "
        "LU-D-2026-00001 on Wednesday, October 14, 2026; a second mailing has a receipt with a new number: "
        "type that one.\n"
    )
    assert len(services(luck, "LU-C-2026-0001")) == 1
    mail(luck, "LU-D-2026-00001", article(2), at="2026-10-15T10:00")
    assert len(services(luck, "LU-C-2026-0001")) == 2
