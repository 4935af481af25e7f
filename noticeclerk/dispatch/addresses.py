"""A document's addressee and address lines, turned into the USPS Publication 28 form the mailing
book, the envelopes and the return receipts print, or refused in one sentence naming the document.

What Publication 28 (Postal Addressing Standards, read on pe.usps.com) says, and what is made of
it here:

- Upper case on every line (212 Format: "Uppercase letters are preferred on all lines of the
  address block").
- Punctuation (354 Special Characters, the list of what is removed: commas, periods,
  parentheses, quotation marks, colons, semicolons, apostrophes, asterisks, @ and &; hyphens
  "except in the ZIP+4 Code and in the primary number used in the Delivery Address Line"; spaces
  before and after a hyphen or slash removed). Apostrophes, and the period after a single letter
  (P.O., N.Y., an initial), close up (O'CONNELL, PO BOX); the others become a space, so two words
  never run together (ST.LOUIS is ST LOUIS, "Attn:" is ATTN).
- Hyphens: kept in ZIP+4 and in a hyphenated primary number such as 112-10 BRONX RD or 91-1234,
  the first word of a delivery line (Appendix D1: "The hyphen in the primary range should not be
  removed"; 232 Street Name: "Hyphens in the address range are significant ... Hyphens in the
  street or city name ... may be replaced with a space"). Every other hyphen, in a name, a street
  or a city, becomes a space: DUBOIS-OKONKWO is DUBOIS OKONKWO.
- "/" is kept between two letters or digits, with the spaces around it removed: 123 1/2 MAIN ST
  (Appendix D4, fractional addresses; 232 limits punctuation "to periods, slashes, and hyphens")
  and C/O, the care-of line the rolls carry. A "/" with nothing on one side is a space.
- "." is kept between two digits only, the grid-style address 39.2 RD (Appendix D2: "significant
  punctuation, such as periods"); everywhere else it goes as above.
- "#" is kept before a unit number, written "# 4" (213 Secondary Address Unit Designators, read
  as others quote it: the pound sign is not used when the designator, such as APT or STE, is
  known; the clerk's text does not say which it is, so the sign stays). After a designator
  (APT #4, STE #4, BOX #4) it says the same thing twice and is dropped.
- "&" becomes the word AND: ED & MARIE SMITH is ED AND MARIE SMITH. 354 lists "&" among the
  characters removed when a line must be compressed; removed, it would name a different addressee
  (ED MARIE SMITH), and nothing here needs compressing.
- Runs of spaces are one space (354, "blank").
- The last line is CITY ST ZIP: a city, a USPS state, territory or military code (the 50 states,
  DC, AS GU MP PR VI, FM MH PW, AA AE AP: Publication 28 Appendix B, whose text was not at hand;
  the list is USPS's published one), and a ZIP Code or ZIP+4 (341, line 11 "City, State, ZIP+4
  Line"; 343.1: "do not remove the hyphen between the ZIP Code and the ZIP+4 add-on code"). Nine
  digits typed without the hyphen are printed 5-4. APO, FPO and DPO go with AA, AE and AP and with
  nothing else (DMM 703.2.2.1, as Postal Bulletin 22432 quotes it; Publication 28 225 was not at
  hand).
- A state spelled out (PALMYRA WISCONSIN 53156) is printed as its code when that reading is the
  only one: the words before the ZIP Code end in exactly one state's name. WEST VIRGINIA also ends
  in VIRGINIA (a city WEST, in Virginia, or Charleston in West Virginia?), so a line ending in it
  is refused and the clerk types WV or VA; only that pair of names overlaps this way.
- At most 5 lines with the addressee (Appendix A2: "There are five lines in an address"). The
  roll's import allows five lines under the owner's name; those addresses are refused here.
- A domestic address carries no country; a last line USA (or US, UNITED STATES, UNITED STATES OF
  AMERICA) is dropped. Any other country, or a Canadian postal code, is refused: certified and
  registered mail from a batch are domestic.
- Letters outside A to Z: an accented Latin letter is printed without its accent (RENÉE is
  RENEE, MÜLLER is MULLER), and the few Latin letters with no accent to drop are spelled by the
  plain letters they are drawn from (Ø O, Æ AE, Œ OE, ß SS, Ł L, Đ D, Þ TH). Publication 28's
  address block is A to Z and digits; refusing instead would keep an owner the roll spells
  rightly (RENÉE DUBOIS-OKONKWO, on the Tuckahoe roll) out of every batch until the roll is
  misspelled, and the letter inside still carries the name as the roll spells it. Any other
  script, or a sign such as < or $, is refused: no spelling of it is sure to be the addressee's.

Standard street-word abbreviations (STREET to ST, SUITE to STE) are not applied: Publication 28
prefers them, but a spelled-out word is correct, and a batch prints what the clerk can recognise.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass

from noticeclerk.exceptions import InputError, quoted_back

MAX_LINES = 5
# The 50 states, DC, the territories, the freely associated states, the armed forces.
STATE_CODES = frozenset({
    "AL", "AK", "AZ", "AR", "CA", "CO", "CT", "DE", "FL", "GA", "HI", "ID", "IL",
    "IN", "IA", "KS", "KY", "LA", "ME", "MD", "MA", "MI", "MN", "MS", "MO", "MT",
    "NE", "NV", "NH", "NJ", "NM", "NY", "NC", "ND", "OH", "OK", "OR", "PA", "RI",
    "SC", "SD", "TN", "TX", "UT", "VT", "VA", "WA", "WV", "WI", "WY", "DC", "AS",
    "GU", "MP", "PR", "VI", "FM", "MH", "PW", "AA", "AE", "AP",
})  # fmt: skip
MILITARY_STATES = frozenset({"AA", "AE", "AP"})
MILITARY_CITIES = frozenset({"APO", "FPO", "DPO"})
STATE_NAMES = {
    "ALABAMA": "AL", "ALASKA": "AK", "ARIZONA": "AZ", "ARKANSAS": "AR", "CALIFORNIA": "CA",
    "COLORADO": "CO", "CONNECTICUT": "CT", "DELAWARE": "DE", "FLORIDA": "FL", "GEORGIA": "GA",
    "HAWAII": "HI", "IDAHO": "ID", "ILLINOIS": "IL", "INDIANA": "IN", "IOWA": "IA",
    "KANSAS": "KS", "KENTUCKY": "KY", "LOUISIANA": "LA", "MAINE": "ME", "MARYLAND": "MD",
    "MASSACHUSETTS": "MA", "MICHIGAN": "MI", "MINNESOTA": "MN", "MISSISSIPPI": "MS",
    "MISSOURI": "MO", "MONTANA": "MT", "NEBRASKA": "NE", "NEVADA": "NV", "NEW HAMPSHIRE": "NH",
    "NEW JERSEY": "NJ", "NEW MEXICO": "NM", "NEW YORK": "NY", "NORTH CAROLINA": "NC",
    "NORTH DAKOTA": "ND", "OHIO": "OH", "OKLAHOMA": "OK", "OREGON": "OR", "PENNSYLVANIA": "PA",
    "RHODE ISLAND": "RI", "SOUTH CAROLINA": "SC", "SOUTH DAKOTA": "SD", "TENNESSEE": "TN",
    "TEXAS": "TX", "UTAH": "UT", "VERMONT": "VT", "VIRGINIA": "VA", "WASHINGTON": "WA",
    "WEST VIRGINIA": "WV", "WISCONSIN": "WI", "WYOMING": "WY", "DISTRICT OF COLUMBIA": "DC",
    "AMERICAN SAMOA": "AS", "GUAM": "GU", "NORTHERN MARIANA ISLANDS": "MP", "PUERTO RICO": "PR",
    "VIRGIN ISLANDS": "VI", "FEDERATED STATES OF MICRONESIA": "FM", "MARSHALL ISLANDS": "MH",
    "PALAU": "PW",
}  # fmt: skip
UNITED_STATES = frozenset({"US", "USA", "UNITED STATES", "UNITED STATES OF AMERICA"})
# Countries a clerk is likely to meet on a roll; any other is refused all the same, as a last
# line that is not CITY ST ZIP, in a sentence that also says how to serve abroad.
COUNTRIES = frozenset(
    {
        "CANADA", "MEXICO", "UNITED KINGDOM", "UK", "GREAT BRITAIN", "ENGLAND", "SCOTLAND",
        "WALES", "NORTHERN IRELAND", "IRELAND", "FRANCE", "GERMANY", "ITALY", "SPAIN",
        "PORTUGAL", "NETHERLANDS", "BELGIUM", "SWITZERLAND", "AUSTRIA", "NORWAY", "SWEDEN",
        "DENMARK", "FINLAND", "ICELAND", "POLAND", "GREECE", "ISRAEL", "INDIA", "CHINA", "JAPAN",
        "KOREA", "SOUTH KOREA", "PHILIPPINES", "AUSTRALIA", "NEW ZEALAND", "BRAZIL", "ARGENTINA",
        "COLOMBIA", "DOMINICAN REPUBLIC", "JAMAICA", "BAHAMAS", "BERMUDA", "HAITI", "CUBA",
        "EL SALVADOR", "GUATEMALA", "HONDURAS", "PERU", "CHILE", "ECUADOR", "VENEZUELA",
        "NIGERIA", "GHANA", "KENYA", "SOUTH AFRICA", "EGYPT", "TURKEY", "UKRAINE", "RUSSIA",
        "VIETNAM", "THAILAND", "PAKISTAN", "BANGLADESH", "TAIWAN", "HONG KONG", "SINGAPORE",
    }
)  # fmt: skip
# Secondary unit designators, spelled out and abbreviated (Pub 28 Appendix C2, whose table was
# not at hand: these are the common ones), and the PO box's BOX.
DESIGNATORS = (
    "APT", "APARTMENT", "BSMT", "BASEMENT", "BLDG", "BUILDING", "DEPT", "DEPARTMENT", "FL",
    "FLOOR", "FRNT", "FRONT", "HNGR", "HANGAR", "KEY", "LBBY", "LOBBY", "LOT",
    "LOWR", "LOWER", "OFC", "OFFICE", "PH", "PENTHOUSE", "PIER", "REAR", "RM",
    "ROOM", "SIDE", "SLIP", "SPC", "SPACE", "STOP", "STE", "SUITE", "TRLR",
    "TRAILER", "UNIT", "UPPR", "UPPER", "BOX",
)  # fmt: skip
# Letters NFKD leaves whole, spelled by the plain letters they are drawn from.
_SPELLED = str.maketrans(
    {"Ø": "O", "ø": "O", "Æ": "AE", "æ": "AE", "Œ": "OE", "œ": "OE", "ß": "SS", "Ł": "L",
     "ł": "L", "Đ": "D", "đ": "D", "Þ": "TH", "þ": "TH", "\u0131": "I",
     # Typographic quotes, apostrophes and dashes, as a word processor types them.
     "\u2018": "'", "\u2019": "'", "\u02bc": "'", "\u201c": '"', "\u201d": '"',
     "\u2010": "-", "\u2011": "-", "\u2012": "-", "\u2013": "-", "\u2014": "-", "\u2212": "-"}
)  # fmt: skip
# What Pub 28 354 removes; "&", "#", "/" and "-" have rules of their own.
_SPACED = ',()":;*@'
_CLOSED_UP = "'"
# Placeholders for the punctuation that stays, so the rules that remove the rest pass it by;
# the clerk's text cannot hold them (control characters are refused first).
_KEPT = {"-": "\x01", "/": "\x02", ".": "\x03"}
_PRIMARY_NUMBER = re.compile(r"^(\d[0-9A-Z]*)\s*-\s*(\d[0-9A-Z]*)(?=\s|$)")
_ZIP = re.compile(r"(\d{5})(?:-?(\d{4}))?")
_CANADIAN_POSTAL_CODE = re.compile(r"\b[A-Z]\d[A-Z] ?\d[A-Z]\d$")
# A fraction typed as one character (½); NFKD spells it 1, FRACTION SLASH, 2.
_FRACTION = re.compile("[\u00bc-\u00be\u2150-\u215e]")


@dataclass(frozen=True)
class PostalAddress:
    """An address in Publication 28 form: what the envelope window, the book and the green card
    print."""

    addressee: str
    delivery_lines: tuple[str, ...]
    city: str
    state: str
    zip5: str
    zip4: str | None

    @property
    def zip_code(self) -> str:
        """The ZIP Code or ZIP+4 as printed, which the batch sorts by."""
        return f"{self.zip5}-{self.zip4}" if self.zip4 else self.zip5

    @property
    def last_line(self) -> str:
        return f"{self.city} {self.state} {self.zip_code}"

    @property
    def lines(self) -> tuple[str, ...]:
        """Every line printed, the addressee first and the last line last."""
        return (self.addressee, *self.delivery_lines, self.last_line)


class AddressRefused(InputError):
    """A document's address cannot be printed in Publication 28 form; the sentence names the
    document and what to fix."""

    def __init__(self, document: str, problem: str) -> None:
        self.document = document
        super().__init__(f"Document {document} {problem}.")


def postal_address(name: str, lines: Sequence[str], *, document: str) -> PostalAddress:
    """The addressee `name` and address `lines` of `document` in Publication 28 form, or an
    AddressRefused (an InputError) saying in one sentence what to fix."""
    addressee = _printed(name, document=document, what="addressee")
    if not addressee:
        raise AddressRefused(
            document,
            "has no addressee name; put the owner's or party's name on the roll or the party "
            "before mailing it",
        )
    typed = [line for line in lines if line.strip()]
    printed = [_printed(line, document=document, what="address line") for line in typed]
    kept = [(line, text) for line, text in zip(typed, printed, strict=True) if text]
    if kept and kept[-1][1] in UNITED_STATES:
        kept.pop()
    if not kept:
        raise AddressRefused(
            document,
            "has no address; add the street or PO box and 'CITY ST ZIP' on the roll or the party",
        )
    _refuse_foreign(kept[-1], document)
    if len(kept) + 1 > MAX_LINES:
        raise AddressRefused(
            document,
            f"has {len(kept) + 1} address lines with the addressee, and a mailing address has "
            f"at most {MAX_LINES} (USPS Publication 28); shorten it on the roll or the party, "
            "for instance by joining the suite to the street line",
        )
    last_typed = kept[-1][0]
    last = (last_typed, _printed(last_typed, document=document, what="last address line"))
    city, state, zip5, zip4 = _last_line(*last, document=document)
    delivery = tuple(text for _, text in kept[:-1])
    if not delivery:
        raise AddressRefused(
            document,
            f"has no street or PO box line above '{quoted_back(kept[-1][0])}'; add it on the "
            "roll or the party",
        )
    return PostalAddress(addressee, delivery, city, state, zip5, zip4)


def _printed(text: str, *, document: str, what: str) -> str:
    """One line of the clerk's text in Publication 28 form (the rules in the module docstring);
    an address line keeps the hyphen of its primary number, a name does not."""
    plain = _FRACTION.sub(_fraction, text)
    plain = unicodedata.normalize("NFKD", plain.translate(_SPELLED))
    plain = "".join(c for c in plain if not unicodedata.combining(c)).translate(_SPELLED)
    plain = " ".join(plain.split()).upper()
    stray = next(
        (c for c in plain if not (c.isascii() and (c.isalnum() or c in " -/#&." + _SPACED + "'"))),
        None,
    )
    if stray is not None and stray.isascii():
        raise AddressRefused(
            document,
            f"has {_shown(stray)} in its {what} '{quoted_back(text)}', a sign a US address "
            "does not carry (USPS Publication 28); remove it on the roll or the party",
        )
    if stray is not None:
        raise AddressRefused(
            document,
            f"has {_shown(stray)} in its {what} '{quoted_back(text)}', which a US address "
            "cannot carry (USPS Publication 28 prints the letters A to Z and digits); write it "
            "in those letters on the roll or the party",
        )
    plain = plain.replace("&", " AND ")
    plain = re.sub(r"(?<=\d)\.(?=\d)", _KEPT["."], plain)
    plain = re.sub(r"(?<![A-Z0-9])([A-Z])\.", r"\1", plain)  # an initial, P.O., N.Y.
    plain = plain.replace(".", " ")
    for character in _CLOSED_UP:
        plain = plain.replace(character, "")
    for character in _SPACED:
        plain = plain.replace(character, " ")
    plain = " ".join(plain.split())
    if what == "address line":
        plain = _PRIMARY_NUMBER.sub(rf"\1{_KEPT['-']}\2", plain)
    if what == "last address line":
        # A ZIP+4, or a ZIP Code mistyped with one: the refusal quotes it whole.
        plain = re.sub(r"(\d)\s*-\s*(\d+)$", rf"\1{_KEPT['-']}\2", plain)
    plain = plain.replace("-", " ")
    plain = re.sub(r"\s*/\s*", "/", plain)
    plain = re.sub(r"(?<=[A-Z0-9])/(?=[A-Z0-9])", _KEPT["/"], plain)
    plain = plain.replace("/", " ")
    designators = "|".join(DESIGNATORS)
    plain = re.sub(rf"\b({designators})\s*#", r"\1 ", plain)
    plain = re.sub(r"#\s*(?=[A-Z0-9])", "# ", plain)
    plain = re.sub(r"#(?!\s[A-Z0-9])", " ", plain)
    plain = " ".join(plain.split())
    for character, placeholder in _KEPT.items():
        plain = plain.replace(placeholder, character)
    return plain


def _fraction(found: re.Match[str]) -> str:
    return " " + unicodedata.normalize("NFKD", found.group()).replace("\u2044", "/")


def _refuse_foreign(last: tuple[str, str], document: str) -> None:
    _typed, text = last
    words = text.split()
    ending = [name for name in COUNTRIES if _ends_with(words, name)]
    country = (
        text
        if text in COUNTRIES
        else "CANADA"
        if _CANADIAN_POSTAL_CODE.search(text)
        # TORONTO ONTARIO CANADA, but not SANTA FE NEW MEXICO typed without its ZIP Code.
        else ending[0]
        if ending
        and not any(c.isdigit() for c in text)
        and not any(_ends_with(words, name) for name in STATE_NAMES)
        else None
    )
    if country is not None:
        raise AddressRefused(
            document,
            f"is addressed outside the United States ({country}); certified and registered "
            "mail from a batch are domestic: serve it another way, or correct the address on "
            "the roll or the party",
        )


def _last_line(typed: str, text: str, *, document: str) -> tuple[str, str, str, str | None]:
    """City, state, ZIP Code and ZIP+4 add-on of the last line, or the sentence refusing it."""
    words = text.split()
    shown = f"'{quoted_back(typed)}'"
    example = "as in 'TUCKAHOE NY 10707'"
    if len(words) >= 2 and re.fullmatch(r"\d{5}", words[-2]) and re.fullmatch(r"\d{4}", words[-1]):
        words[-2:] = [f"{words[-2]}-{words[-1]}"]
    zip_text = words[-1]
    if not any(c.isdigit() for c in zip_text):
        if zip_text in STATE_CODES or any(_ends_with(words, name) for name in STATE_NAMES):
            raise AddressRefused(
                document,
                f"has no ZIP Code at the end of its last address line {shown}; add it, {example}",
            )
        raise AddressRefused(
            document,
            f"has the last address line {shown}, which is not a US city, state and ZIP Code; "
            f"end it with the ZIP Code, {example}, or, if the address is abroad, serve it another "
            "way",
        )
    found = _ZIP.fullmatch(zip_text) or (
        re.fullmatch(r"\d{9}", zip_text) and _ZIP.fullmatch(f"{zip_text[:5]}-{zip_text[5:]}")
    )
    if not found:
        digits = sum(c.isdigit() for c in zip_text)
        raise AddressRefused(
            document,
            f"has the ZIP Code '{quoted_back(zip_text)}' ({digits} digits) in {shown}; a ZIP "
            "Code has 5 digits, or 9 as ZIP+4 (12207-1234): correct it on the roll or the party",
        )
    zip5, zip4 = found.group(1), found.group(2)
    before = words[:-1]
    state, city_words = _state(before, shown=shown, document=document)
    if not city_words:
        raise AddressRefused(
            document,
            f"has no city before the state in its last address line {shown}; write it {example}",
        )
    city = " ".join(city_words)
    if (state in MILITARY_STATES) != (city in MILITARY_CITIES):
        raise AddressRefused(
            document,
            f"has the last address line {shown}, but APO, FPO and DPO go with AA, AE or AP and "
            "those codes with nothing else (APO AE 09021); correct it on the roll or the party",
        )
    return city, state, zip5, zip4


def _state(words: list[str], *, shown: str, document: str) -> tuple[str, list[str]]:
    """The state code the words before the ZIP Code end in, and the words before it."""
    if words and len(words[-1]) == 2 and words[-1].isalpha():
        if words[-1] not in STATE_CODES:
            raise AddressRefused(
                document,
                f"has '{words[-1]}' in its last address line {shown}, which is not a USPS state, "
                "territory or military code; write the state's two letters, such as NY or WI",
            )
        return words[-1], words[:-1]
    named = [name for name in STATE_NAMES if _ends_with(words, name)]
    if len(named) > 1:
        codes = " or ".join(STATE_NAMES[name] for name in sorted(named, key=len, reverse=True))
        raise AddressRefused(
            document,
            f"has a state in its last address line {shown} that can be read two ways; write "
            f"its two-letter code ({codes}) on the roll or the party",
        )
    if named:
        return STATE_NAMES[named[0]], words[: -len(named[0].split())]
    raise AddressRefused(
        document,
        f"has no state before the ZIP Code in its last address line {shown}; write the state's "
        "two letters, as in 'TUCKAHOE NY 10707'",
    )


def _ends_with(words: list[str], name: str) -> bool:
    return words[-len(name.split()) :] == name.split()


def _shown(character: str) -> str:
    if character.isprintable():
        return f"'{character}'"
    return f"the character U+{ord(character):04X}"
