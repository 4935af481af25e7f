"""An article number as typed from a mailing receipt, turned into the number the register keeps.

Two kinds of number are checked, each by its own check digit:

- USPS domestic numbers, 20 or 22 digits (PS Form 3800 and the Intelligent Mail package barcode,
  IMpb). Their last digit is a MOD 10 check digit: from the right, leaving the check digit
  out, the digits are weighted 3, 1, 3, 1, ...; the check digit is what brings the weighted
  sum up to the next multiple of 10 (0 when it is one already). USPS Publication 109, Extra
  Services Technical Guide, 2-8 "Barcode Requirements" (the weighted MOD 10 check digit that
  follows the eight-digit sequential number of the 20-digit Package Identification Code); the
  22-digit IMpb number takes the same MOD 10 under Publication 199, Implementation Guide to the
  Intelligent Mail Package Barcode (its text was not at hand: its page is not cited; the
  implementations that cite it agree, and so do their published numbers, which the tests
  check). A 20-digit number is checked as printed. A scanned IMpb barcode carries a routing prefix
  before the number, the application identifier 420 and the destination ZIP Code (5 or 9
  digits); it is stripped, as USPS tracking strips it.
- UPU S10 international numbers (UPU standard S10): two letters (the service), eight digits,
  a check digit and the two-letter country of the posting administration, such as
  RA123456785US. The eight digits are weighted 8 6 4 2 3 5 9 7; the check digit is 11 less
  the weighted sum modulo 11, with 10 written 0 and 11 written 5.

Which form each method takes (the clerk's decision from USPS practice): certified mail is a
domestic extra service whose receipt, PS Form 3800 or an IMpb label, carries a 20- or 22-digit
number, so an S10 number is refused for it. Registered mail is receipted on PS Form 3806 with a
Label 200 numbered in the S10 form, R and a letter, nine digits and US (the Village posts it in
the United States), so a 20- or 22-digit number is refused for it: it is the number of some
other mailing.

Intelligent Mail package barcode (IMpb) numbers are also generated here, from a Mailer ID (MID)
USPS gives the Village and a serial number the register keeps: a channel application
identifier, the 3-digit service type code (STC), the MID, the serial zero-padded so the number
has 22 digits, and the MOD 10 check digit above. A MID has 6 digits beginning 0 to 8 or 9 digits
beginning 9, so its first digit says its length; the serial is 10 digits after a 6-digit MID, 7
after a 9-digit one. The layout is Publication 199's, Implementation Guide to the Intelligent Mail
Package Barcode; its text was not at hand, so what is used here is what could be read: the
Intelligent Mail barcode's MID rule (6 digits 0-8, 9 digits beginning 9, USPS's Intelligent Mail
pages), the list of channel application identifiers (91 to 95) as barcode vendors document
Publication 199, and the published numbers the tests check. Those numbers put 92 before every
9-digit MID and 93 (or 94, a shipping system's) before every 6-digit one (9361 2898 78..., MID
898787), and none 92 before a 6-digit MID; so the Village's own numbers begin 92 with a 9-digit
MID and 93 with a 6-digit MID. Publication 199 should be read to confirm 93 before such numbers
are mailed. The scanned barcode carries 420 and the destination ZIP Code before the number (the
routing prefix stripped above), after the Code 128 FNC1.

Spaces typed between groups of digits are allowed; the number kept is digits only, letters in
upper case. Imports nothing beyond the standard library: `noticeclerk mail check` runs
without the register.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from noticeclerk.exceptions import InputError

DOMESTIC_LENGTHS = (20, 22)
# The IMpb routing prefix: application identifier 420, then a 5- or 9-digit ZIP Code.
ROUTING_PREFIX = "420"
ZIP_LENGTHS = (5, 9)
S10_FORM = re.compile(r"([A-Z]{2})(\d{8})(\d)([A-Z]{2})")
S10_WEIGHTS = (8, 6, 4, 2, 3, 5, 9, 7)
METHODS = ("certified_mail", "registered_mail")
IMPB_LENGTH = 22
# The channel application identifier of a mailer's own IMpb number, by the MID's length.
IMPB_APPLICATION = {9: "92", 6: "93"}
SERVICE_TYPE_LENGTH = 3


@dataclass(frozen=True)
class ArticleNumber:
    """A checked article number: what the register keeps, and which form it is."""

    number: str
    form: str


def usps_check_digit(body: str) -> int:
    """The MOD 10 check digit for the digits of a USPS number before its check digit."""
    total = sum(int(d) * (3 if i % 2 == 0 else 1) for i, d in enumerate(reversed(body)))
    return -total % 10


def s10_check_digit(serial: str) -> int:
    """The UPU S10 check digit for the eight digits of a serial number."""
    check = 11 - sum(int(d) * w for d, w in zip(serial, S10_WEIGHTS, strict=True)) % 11
    return {10: 0, 11: 5}.get(check, check)


def check_article_number(typed: str, method: str | None = None) -> ArticleNumber:
    """The article number `typed` normalised, or an InputError saying in one sentence what is
    wrong with it; `method` (certified_mail or registered_mail) also checks its form fits."""
    if method is not None and method not in METHODS:
        raise ValueError(f"{method!r} is not a tracked mail method.")
    number = typed.replace(" ", "").upper()
    if not number:
        raise InputError("The article number is empty: type it from the mailing receipt.")
    stray = next((c for c in number if not c.isascii() or not c.isalnum()), None)
    if stray is not None:
        raise InputError(
            f"The article number {typed!r} has {_shown(stray)} in it; type only its letters "
            "and digits, with spaces between groups if you like."
        )
    if not number.isdigit() and not S10_FORM.fullmatch(number):
        raise InputError(
            f"The article number {typed!r} is neither a USPS number (20 or 22 digits) nor an "
            "international one (two letters, nine digits, two letters, such as RA123456785US)."
        )
    # The form is checked before the check digit: a number of the wrong form is the number
    # of some other mailing, however well it is typed.
    _check_fits(number, method)
    return _domestic(number) if number.isdigit() else _international(number)


def _domestic(number: str) -> ArticleNumber:
    stripped = _without_routing(number)
    if len(stripped) not in DOMESTIC_LENGTHS:
        raise InputError(
            f"The article number {number} has {len(number)} digits; a USPS article number has "
            "20 or 22 (a scanned barcode may add 420 and the ZIP Code in front)."
        )
    _check_digit(stripped, usps_check_digit(stripped[:-1]), int(stripped[-1]))
    return ArticleNumber(stripped, f"USPS {len(stripped)}-digit")


def _without_routing(number: str) -> str:
    """The number with an IMpb routing prefix (420 and a ZIP Code) taken off, if it has one;
    only a length that is a routing prefix plus 20 or 22 digits can have one."""
    if number.startswith(ROUTING_PREFIX):
        for zip_length in ZIP_LENGTHS:
            cut = len(ROUTING_PREFIX) + zip_length
            if len(number) - cut in DOMESTIC_LENGTHS:
                return number[cut:]
    return number


def _international(number: str) -> ArticleNumber:
    _service, serial, check, country = S10_FORM.fullmatch(number).groups()  # type: ignore[union-attr]
    _check_digit(number, s10_check_digit(serial), int(check))
    return ArticleNumber(number, f"UPU S10, {country}")


def _check_digit(number: str, expected: int, given: int) -> None:
    if expected != given:
        # A wrong digit anywhere shows as a check digit that does not fit; which one was
        # mistyped only the receipt can tell.
        which, has = ("", "ends in") if number.isdigit() else (" (before the country)", "has")
        raise InputError(
            f"The check digit of article number {number}{which} is {expected}; the number "
            f"{has} {given}: retype it from the receipt."
        )


def _check_fits(number: str, method: str | None) -> None:
    domestic = number.isdigit()
    if method == "certified_mail" and not domestic:
        raise InputError(
            f"{number} is in the UPU S10 form of registered and international mail; "
            "certified mail is a domestic service whose receipt (PS Form 3800) carries a 20- "
            "or 22-digit number."
        )
    if method == "registered_mail":
        if domestic:
            raise InputError(
                f"{number} is a USPS domestic number such as certified mail's; registered "
                "mail's receipt (PS Form 3806, Label 200) carries its own, such as RA123456785US."
            )
        if not (number.startswith("R") and number.endswith("US")):
            raise InputError(
                f"{number} is not a USPS registered mail number: those begin with R and end in "
                "US, such as RA123456785US."
            )


def _shown(character: str) -> str:
    if character.isprintable():
        return f"'{character}'"
    return f"the character U+{ord(character):04X}"


def check_mailer_id(text: str) -> str:
    """The Mailer ID `text` as digits, or an InputError saying in one sentence what is wrong."""
    mid = text.replace(" ", "")
    if not mid:
        raise InputError("The Mailer ID is empty: type the 6 or 9 digits USPS gave the Village.")
    if not (mid.isascii() and mid.isdigit()):
        raise InputError(
            f"The Mailer ID {text!r} must be digits only, the 6 or 9 USPS gave the Village."
        )
    if len(mid) not in IMPB_APPLICATION:
        raise InputError(
            f"The Mailer ID {mid} has {len(mid)} digits; USPS gives 6 (beginning 0 to 8) or 9 "
            "(beginning 9): copy it from the Business Customer Gateway."
        )
    if (len(mid) == 9) != mid.startswith("9"):
        rule = "a 9-digit one begins with 9" if len(mid) == 9 else "a 6-digit one begins 0 to 8"
        raise InputError(
            f"The Mailer ID {mid} is not one USPS gives: {rule}; copy it from the Business "
            "Customer Gateway."
        )
    return mid


def check_service_type_code(text: str) -> str:
    """The IMpb service type code `text` (3 digits), or an InputError saying what is wrong."""
    code = text.replace(" ", "")
    if not (code.isascii() and code.isdigit() and len(code) == SERVICE_TYPE_LENGTH):
        raise InputError(
            f"The service type code {text!r} must be {SERVICE_TYPE_LENGTH} digits, the code "
            "USPS lists for the mail class and extra services (Publication 199)."
        )
    return code


def impb_serial_capacity(mailer_id: str) -> int:
    """The largest serial number an IMpb number of this Mailer ID can carry."""
    mid = check_mailer_id(mailer_id)
    return 10 ** _serial_digits(mid) - 1


def impb_number(service_type_code: str, mailer_id: str, serial: int) -> str:
    """The 22-digit IMpb number of `serial` under this Mailer ID and service type code."""
    code = check_service_type_code(service_type_code)
    mid = check_mailer_id(mailer_id)
    if serial < 0:
        raise ValueError(f"An IMpb serial number is not negative: {serial}.")
    capacity = 10 ** _serial_digits(mid) - 1
    if serial > capacity:
        raise InputError(
            f"The Mailer ID's serial numbers are used up (Mailer ID {mid} numbers {capacity:,} "
            f"pieces, and this is piece {serial:,}); ask USPS for another Mailer ID before "
            "generating more numbers, or use pre-printed labels with --numbers."
        )
    body = f"{IMPB_APPLICATION[len(mid)]}{code}{mid}{serial:0{_serial_digits(mid)}d}"
    return body + str(usps_check_digit(body))


def impb_barcode_data(number: str, zip5: str) -> str:
    """What the Code 128 barcode carries after its FNC1: 420, the destination ZIP Code, then
    the IMpb number."""
    if not (len(zip5) == 5 and zip5.isascii() and zip5.isdigit()):
        raise ValueError(f"The routing ZIP Code must be 5 digits, not {zip5!r}.")
    if not (len(number) == IMPB_LENGTH and number.isascii() and number.isdigit()):
        raise ValueError(f"An IMpb number has {IMPB_LENGTH} digits, not {number!r}.")
    return f"{ROUTING_PREFIX}{zip5}{number}"


def _serial_digits(mid: str) -> int:
    # The check digit is the last of the 22.
    return IMPB_LENGTH - len(IMPB_APPLICATION[len(mid)]) - SERVICE_TYPE_LENGTH - len(mid) - 1
