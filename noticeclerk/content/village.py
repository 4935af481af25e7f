"""A village's letterhead.toml, read once into one model: its law, its calendar and its letterhead.

The file says whose rules of time apply, the office's days, the village's rates, the fees its
ordinance defines (each a kind of noticeclerk.rules.fees with the ordinance's amounts and
words) and those its Board sets, the letterhead printed on every page and the officers who
sign. Its shape is declared below (VillageFile, and a FeeRuleSpec for each fee kind) and
checked by noticeclerk.content.schema; the rules a shape cannot state (a real time zone, a fee
this village's Board sets, a seal that is there) are checked here, each mistake named with the
file and the key.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal
from pathlib import Path
from typing import Annotated, Any, ClassVar, Literal
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

import msgspec

from noticeclerk.content.folders import content_dirs, content_root, find_content_file
from noticeclerk.content.schema import (
    NAME,
    NAME_PATTERN,
    Table,
    Text,
    decode,
    printed_setting,
    read_toml,
)
from noticeclerk.exceptions import ConfigError, InputError
from noticeclerk.rules.calendars import (
    NY_GCL_24,
    WI_995_20,
    Closure,
    Holiday,
    Jurisdiction,
    LegalCalendar,
    TwoDayPeriods,
)
from noticeclerk.rules.fees import (
    FEE_KINDS,
    BasePlusEachFurtherFoot,
    BoardRatePerSqft,
    BoardSetFee,
    BondPerSqftWithMinimum,
    ChargeableArea,
    DepositRefund,
    EntryKind,
    FeeKind,
    FeeRule,
    FeeTable,
    FirstDayPlusEachFurtherDay,
    FixedAmount,
    Note,
    TableEntry,
)
from noticeclerk.rules.installments import DayCount, ElmTaxInterest, InterestCounting, Rounding
from noticeclerk.rules.interest import LEGAL_RATES, Provision, Rate
from noticeclerk.rules.money import CENT, MAX_PERCENT
from noticeclerk.rules.publication import Newspaper as PaperDays

LETTERHEAD = "letterhead.toml"
# What every page of a sample or demonstration village's document says to its reader, in its
# running header (the letterhead on the first page) and in the files' metadata: the officers,
# the telephone or the whole village are fictional, so no page may pass for a real notice.
SPECIMEN_MARK = "SPECIMEN — NOT AN OFFICIAL NOTICE OF THE VILLAGE"
# What a specimen says, once, of its figures: one label for every fictional figure, so that none
# (a Board's rate, a fee, a resolution number) passes for the Village's own (review SYS-12).
SPECIMEN_NOTE = (
    "This specimen was made from sample data. The persons, property addresses, cases and "
    "officers in it are fictional, and so is every figure the ordinance does not itself set: "
    "a rate, fee, resolution number or day that the Village Board or an officer would fix."
)
# A number in a money setting: written "9", "7.25" or "0.35" (a TOML number works too).
_DECIMAL_TEXT = re.compile(r"\d+(?:\.\d+)?", re.ASCII)  # no Arabic-Indic digits, no exponent
_MAX_RATE_DECIMALS = 6

Percent = Annotated[
    str | int | float, msgspec.Meta(description='a percentage such as "9" or "7.25"')
]


class DayEntry(Table):
    date: Annotated[date, msgspec.Meta(description="a date written YYYY-MM-DD")]
    name: Text | None = None


Days = list[date | DayEntry]


class OfficeTable(Table):
    # Wis. Stat. § 990.001(4)(c): a Saturday counts as a closed day unless the office opens.
    open_saturday: bool = False


class CalendarTable(Table):
    proclaimed_days: Days | None = None
    primary_election_days: Days | None = None
    closures: Days = msgspec.field(default_factory=list)
    hour_periods_skip_sundays_and_holidays: bool = True
    # New York: how the ordinance's periods of two days are counted (rules.calendars
    # .TwoDayPeriods). Required of a village whose notice types have one; nothing is assumed.
    two_day_periods: TwoDayPeriods | None = None
    # Where the ordinance names no state: the state whose law of time the Village relies on,
    # which its documents then name. Required of such a village; nothing is assumed.
    law_of_time: Jurisdiction | None = None


class ProvisionTable(Table):
    authority: Text
    words: Text


class MoneyTable(Table):
    legal_interest_rate_percent: Percent | None = None
    legal_interest_authority: Text | None = None
    tax_interest_rate_percent: Percent | None = None
    # Where the ordinance charges interest at the rate of the village's real property taxes.
    tax_interest_provision: ProvisionTable | None = None
    borrowing_rate_percent: Percent | None = None
    # Who bears the cents that do not divide equally among properties sharing one cost
    # (rules.apportion.ODD_CENTS); left out, the first properties listed take one each.
    odd_cents: Literal["first properties", "village"] | None = None


class FirstDueTable(Table):
    # The day, in the year after the tax year, the first installment of real estate taxes is
    # due, with the law that sets it and its words.
    month: Annotated[int, msgspec.Meta(ge=1, le=12, description="a month number such as 1")]
    day: Annotated[int, msgspec.Meta(ge=1, le=31, description="a day of the month such as 31")]
    authority: Text
    words: Text


class InstallmentsTable(Table):
    # The installment plans the ordinance provides, by name (rules.installments.Plan).
    plans: list[Literal["assessment", "elm-tax"]] = msgspec.field(default_factory=list)
    # What the ordinance leaves to the village: how the days of an installment's interest
    # period are counted and how its interest is rounded (rules.installments).
    day_count: Literal["actual/365", "years+days/365"] | None = None
    rounding: Literal["half-up", "down"] | None = None
    # When the first installment of real estate taxes is due, which installments are paid with.
    first_due: FirstDueTable | None = None
    # Palmyra § 8.15(6)(b), "Interest on the deferred payments": whether the first installment
    # of the elm tax, paid when the tax is due, bears interest (rules.installments
    # .ElmTaxInterest). Required with the elm-tax plan; nothing is assumed.
    elm_tax_interest: Literal["deferred_installments", "every_installment"] | None = None
    # Palmyra § 8.03(3)(c): "All deferred assessments shall carry interest from the date of the
    # final notice of assessment", a notice the section does not name otherwise: the invoice
    # (the "Assessment Notice" of § 8.03(3)(b)1) or the notice of the final resolution levying
    # the assessment. The village attorney's choice; a deferment decision needs it.
    deferred_interest_from: Literal["assessment notice", "final resolution notice"] | None = None


class NumberingTable(Table):
    # "one series": permits numbered consecutively without a yearly restart (Tuckahoe
    # § 19-48(c), § 19-78); "yearly": a new series each year, as documents have.
    permits: Literal["one series", "yearly"] = "one series"


# --- [fee_rules.<name>]: the fees the ordinance defines, each a kind of rules.fees ------------

# An amount the ordinance states, in quotes so that it stays exact.
Amount = Annotated[
    str,
    msgspec.Meta(pattern=r"^\d+(\.\d{1,2})?$", description='an amount in quotes such as "25.00"'),
]
Feet = Annotated[int, msgspec.Meta(ge=0, description="a whole number of feet such as 11")]
FeesKey = Annotated[
    str,
    msgspec.Meta(
        pattern=f"^{NAME}$",
        description='a [fees] key in lower case with dashes, such as "sidewalk-permit"',
    ),
]


def _amount(text: str) -> Decimal:
    return Decimal(text).quantize(CENT)


def _words(text: str | None) -> str | None:
    return text.strip() if text is not None else None


class NoteSpec(Table):
    says: Text
    authority: Text | None = None


class FeesEntrySpec(Table):
    """The [fees] entry a Board-set fee reads, and the ordinance's words that leave it to the
    Board."""

    key: FeesKey
    title: Text
    setter: Text
    authority: Text
    words: Text
    note: Text | None = None

    def entry(self, kind: EntryKind) -> TableEntry:
        return TableEntry(
            self.key,
            kind,
            self.title.strip(),
            self.setter.strip(),
            self.authority.strip(),
            self.words.strip(),
            (self.note or "").strip(),
        )


class FeeKindName(msgspec.Struct):
    """Only the kind of a fee rule, read first to know which shape the rest must have."""

    kind: Annotated[
        Literal[tuple(FEE_KINDS)],  # type: ignore[valid-type]
        msgspec.Meta(description='a fee kind such as "fixed_amount"'),
    ]


class FeeRuleSpec(Table, kw_only=True):
    """What every fee rule states; each kind adds its own parameters."""

    kind: str
    title: Text
    authority: Text
    notes: list[NoteSpec] = msgspec.field(default_factory=list)

    fee_kind: ClassVar[type[FeeKind]]

    def computation(self) -> FeeKind:
        raise NotImplementedError


class DepositSpec(Table):
    authority: Text
    least: Amount | None = None
    least_words: Text | None = None
    # The section that has the fee paid with the deposit when the permit is granted, so the
    # deposit is returned less only the part of the final fee not paid then (Tuckahoe § 19-48(a)).
    fee_paid_at_grant: Text | None = None


class FirstDayPlusEachFurtherDaySpec(FeeRuleSpec, kw_only=True):
    fee_kind = FirstDayPlusEachFurtherDay
    first_day: Amount
    each_further_day: Amount
    part_day_words: Text | None = None
    subject: Text = "permit"
    deposit: DepositSpec | None = None

    def computation(self) -> FeeKind:
        deposit = self.deposit
        return FirstDayPlusEachFurtherDay(
            _amount(self.first_day),
            _amount(self.each_further_day),
            _words(self.part_day_words),
            self.subject.strip(),
            DepositRefund(
                deposit.authority.strip(),
                _amount(deposit.least) if deposit.least is not None else None,
                _words(deposit.least_words),
                _words(deposit.fee_paid_at_grant),
            )
            if deposit
            else None,
        )


class ChargeableAreaSpec(Table):
    allowance_ft: Feet
    authority: Text
    of: Text = "the opening"


class BoardRatePerSqftSpec(FeeRuleSpec, kw_only=True):
    fee_kind = BoardRatePerSqft
    fees_entry: FeesEntrySpec
    schedule: Text
    chargeable_area: ChargeableAreaSpec | None = None
    area_name: Text = "area"
    area_words: Text = "sq ft"

    def computation(self) -> FeeKind:
        measured = self.chargeable_area
        return BoardRatePerSqft(
            self.fees_entry.entry(EntryKind.RATE_PER_SQFT),
            self.schedule.strip(),
            ChargeableArea(
                Decimal(measured.allowance_ft), measured.authority.strip(), measured.of.strip()
            )
            if measured
            else None,
            self.area_name.strip(),
            self.area_words.strip(),
        )


class BasePlusEachFurtherFootSpec(FeeRuleSpec, kw_only=True):
    fee_kind = BasePlusEachFurtherFoot
    base: Amount
    base_width_ft: Feet
    each_further_foot: Amount
    subject: Text = "permit"
    part_foot_note: Text | None = None

    def computation(self) -> FeeKind:
        return BasePlusEachFurtherFoot(
            _amount(self.base),
            Decimal(self.base_width_ft),
            _amount(self.each_further_foot),
            self.subject.strip(),
            _words(self.part_foot_note),
        )


class BondPerSqftWithMinimumSpec(FeeRuleSpec, kw_only=True):
    fee_kind = BondPerSqftWithMinimum
    per_sqft: Amount
    minimum: Amount
    subject: Text = "opening"

    def computation(self) -> FeeKind:
        return BondPerSqftWithMinimum(
            _amount(self.per_sqft), _amount(self.minimum), self.subject.strip()
        )


class FixedAmountSpec(FeeRuleSpec, kw_only=True):
    fee_kind = FixedAmount
    amount: Amount
    words: Text

    def computation(self) -> FeeKind:
        return FixedAmount(_amount(self.amount), self.words.strip())


class BoardSetFeeSpec(FeeRuleSpec, kw_only=True):
    fee_kind = BoardSetFee
    fees_entry: FeesEntrySpec
    plus_costs: Text | None = None

    def computation(self) -> FeeKind:
        return BoardSetFee(self.fees_entry.entry(EntryKind.AMOUNT), _words(self.plus_costs))


# The shape of each kind's table, by the kind's name in rules.fees.FEE_KINDS.
FEE_RULE_SPECS: dict[str, type[FeeRuleSpec]] = {
    spec.fee_kind.kind: spec
    for spec in (
        FirstDayPlusEachFurtherDaySpec,
        BoardRatePerSqftSpec,
        BasePlusEachFurtherFootSpec,
        BondPerSqftWithMinimumSpec,
        FixedAmountSpec,
        BoardSetFeeSpec,
    )
}


class LetterheadTable(Table):
    address_lines: Annotated[
        list[Text],
        msgspec.Meta(min_length=1, description="a list of the village hall's address lines"),
    ]
    phone: Text
    office_hours: Text
    county: Annotated[str, msgspec.Meta(pattern=r"\S", description="the county, in quotes")]
    number_prefix: Annotated[
        str,
        msgspec.Meta(pattern=r"^[A-Z]{1,6}$", description='1 to 6 capital letters, such as "TU"'),
    ]
    email: str = ""
    website: str = ""
    seal: str | None = None
    locale: str = "en_US"
    demonstration: bool = False
    # New York only: the county a notary who swears the Village's affidavits is qualified in
    # (Executive Law § 137). Left out, the jurat prints a blank for the notary to fill in.
    notary_county: Text | None = None
    # Where papers are served on the Village's officers by hand (a notice of appeal on the
    # Clerk): a street address, never a post office box. Left out, the street lines of
    # address_lines; required where those give only a post office box.
    office_street_lines: list[Text] | None = None
    # The chapters of the Village's Code its ordinances sit in, by number, such as ["19",
    # "19A"]: a document's authority line names the chapter before its sections ("Ch. 19,
    # § 19-15(c)"). An ordinance its text places in no chapter (Village B's) names none.
    code_chapters: list[Annotated[str, msgspec.Meta(pattern=r"^[0-9]+[A-Z]?$")]] = msgspec.field(
        default_factory=list
    )


class OfficerTable(Table):
    name: Text
    title: Text


class ApprovalTable(Table):
    """The village attorney's written approval to issue a notice type whose legal status the
    catalogue doubts (the notice TOML's [legal_status])."""

    attorney: Text
    date: Annotated[date, msgspec.Meta(description="the date of the written approval, YYYY-MM-DD")]
    says: Text
    # A sample or demonstration village's approval is itself a specimen, and says so.
    specimen: bool = False


class ReviewTable(Table):
    """Wisconsin only: whether Wis. Stat. ch. 68 (review of municipal determinations) applies
    to the Village, or the Village elected under § 68.16 not to be bound by it."""

    chapter_68: Literal["applies", "opted out"] | None = None
    # With "opted out": the ordinance or resolution that elected so, and the review it provides
    # instead, in words a determination prints.
    opted_out_by: Text | None = None
    instead: Text | None = None
    # Whether a Board's hearing an ordinance gives before its decision (Palmyra § 8.15(14)) is
    # the appeal of Wis. Stat. § 68.11, so that the decision is the final determination
    # (§ 68.12), reviewed by certiorari within 30 days of its receipt (§ 68.13): the village
    # attorney's choice; a decision after such a hearing is refused until the file says.
    hearing_is_appeal: bool | None = None


# --- [mail]: certified and registered mail batches ---------------------------------------------


class MailRatesSpec(Table, kw_only=True):
    """One table of postage and fees, in force from its effective date until a later one."""

    effective: Annotated[date, msgspec.Meta(description="the day these rates took effect")]
    # Where the figures come from (the Post Office's price list, its notice number and date).
    source: Text
    # First-Class Mail postage for a letter of up to one ounce.
    postage: Amount
    # Each further ounce, and how many sheets (with the envelope) the Village's scale puts in
    # the first ounce; left out, every letter is priced at one ounce.
    additional_ounce: Amount | None = None
    sheets_per_ounce: Annotated[int, msgspec.Meta(ge=1, le=50)] | None = None
    certified_mail: Amount | None = None
    registered_mail: Amount | None = None
    return_receipt: Amount
    # The figures are samples, not the Post Office's: a sample village's file must say so.
    sample: bool = False


class MailTable(Table):
    # A mailing with no return receipt recorded this many days after the post office
    # accepted it is listed by `due`.
    receipt_overdue_days: Annotated[int, msgspec.Meta(ge=1, le=365)] = 21
    # The Intelligent Mail package barcode's service type code for each method, from the
    # Village's USPS account (Publication 199); needed only to generate numbers (--impb).
    service_type_codes: dict[str, Annotated[str, msgspec.Meta(pattern=r"^\d{3}$")]] = msgspec.field(
        default_factory=dict
    )
    rates: list[MailRatesSpec] = msgspec.field(default_factory=list)
    # Where the office deposits its mail: the post office or official depository of the
    # United States Postal Service, named as an affidavit of mailing names it (in New York,
    # CPLR 2103(b)(2) service is by deposit "in an official depository under the exclusive
    # care and custody of the United States Postal Service within the state").
    depository: (
        Annotated[
            str,
            msgspec.Meta(
                # One line of at most 200 characters: the affidavit prints it in a sentence.
                pattern=r"^(?=.*\S)[^\x00-\x1f\x7f]{1,200}$",
                description="one line naming the post office, at most 200 characters",
            ),
        ]
        | None
    ) = None


class EmailTable(Table):
    # Attach the Word copy as well as the PDF to an emailed document.
    attach_docx: bool = False


# --- [newspaper]: the official newspaper legal notices are published in ----------------------

WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")


class NewspaperTable(Table, kw_only=True):
    name: Text
    address_lines: list[Text] = msgspec.field(default_factory=list)
    # The days of the week it is published.
    publishes_on: Annotated[
        list[Literal[WEEKDAYS]],  # type: ignore[valid-type]
        msgspec.Meta(min_length=1, description='a list such as ["Thursday"]'),
    ]
    # How many days before a day of publication the copy must reach it (its own deadline).
    copy_days_before: Annotated[int, msgspec.Meta(ge=0, le=60)]
    # Days it prints no issue (a holiday week's paper): its insertions move.
    no_issue_on: list[date] = msgspec.field(default_factory=list)
    # The width of its legal notices column, in inches: the copy's PDF is set to it.
    column_inches: Annotated[float, msgspec.Meta(ge=1.0, le=8.0)] = 2.0
    # A sample village's newspaper is a sample: its file must say so.
    sample: bool = False


# --- [archive]: how long each kind of record is kept -------------------------------------------


class RetentionSpec(Table, kw_only=True):
    """One kind of record the archive keeps, and for how long, from the records schedule."""

    kind: Annotated[
        str,
        msgspec.Meta(pattern=r"^[a-z][a-z0-9-]{0,39}$", description="a name such as green-card"),
    ]
    # What the records are, as the schedule's item calls them.
    title: Text
    years: Annotated[int, msgspec.Meta(ge=0, le=200)] | None = None
    permanent: bool = False
    counted_from: Literal["case-closed", "document-date", "added"] = "case-closed"
    # The schedule and item the period comes from ("LGS-1, item ...").
    schedule: Text
    # The period is a sample, not the schedule's: a sample village's file must say so.
    sample: bool = False


class ArchiveTable(Table):
    retention: list[RetentionSpec] = msgspec.field(default_factory=list)


class VillageFile(Table):
    """The shape of letterhead.toml."""

    name: Text
    state: Jurisdiction
    timezone: Annotated[str, msgspec.Meta(description="a time zone name such as America/Chicago")]
    # False where the ordinance itself names no state (Village B's): the file must then say
    # under [calendar] law_of_time whose law of time the Village relies on.
    ordinance_names_state: bool = True
    sample: bool = False
    office: OfficeTable = OfficeTable()
    calendar: CalendarTable = CalendarTable()
    money: MoneyTable = MoneyTable()
    installments: InstallmentsTable = InstallmentsTable()
    numbering: NumberingTable = NumberingTable()
    fees: dict[str, str | int | float] = msgspec.field(default_factory=dict)
    # Each fee rule is decoded on its own, against its kind's shape, so a mistake names it.
    fee_rules: dict[str, Any] = msgspec.field(default_factory=dict)
    letterhead: LetterheadTable | None = None
    # Each officer is decoded on its own, so a mistake names the officer's key.
    officers: dict[str, Any] = msgspec.field(default_factory=dict)
    # The village attorney's written approvals, by notice type, each decoded on its own.
    approvals: dict[str, Any] = msgspec.field(default_factory=dict)
    review: ReviewTable = ReviewTable()
    mail: MailTable = MailTable()
    email: EmailTable = EmailTable()
    archive: ArchiveTable = ArchiveTable()
    newspaper: NewspaperTable | None = None
    # Where an ordinance can be read two ways, the reading the Village relies on, by the name a
    # notice type gives it (its `readings`): the village attorney's choice, never the code's.
    readings: dict[str, Text] = msgspec.field(default_factory=dict)


@dataclass(frozen=True)
class MoneySettings:
    """A village's interest rates, as its letterhead's [money] table states them.

    Rates are percentages a year. A rate the letterhead leaves out is None: the legal rate
    then falls back to the state's statute (`Village.legal_rate`); the tax and borrowing
    rates have no fallback, and a calculation that needs one names the setting to add.
    """

    legal_rate: Rate | None = None
    tax_rate_percent: Decimal | None = None
    borrowing_rate_percent: Decimal | None = None
    # The section that charges interest at the tax rate, and its words; None where none does.
    tax_rate_provision: Provision | None = None
    # Who bears the cents a cost shared equally among properties does not divide into.
    odd_cents: str = "first properties"


@dataclass(frozen=True)
class FirstDue:
    """The day the first installment of real estate taxes is due, in the year after the tax
    year, and the law that says so."""

    month: int
    day: int
    authority: str
    words: str

    def of_tax_year(self, tax_year: int) -> date:
        return date(tax_year + 1, self.month, self.day)


@dataclass(frozen=True)
class InstallmentSettings:
    """A village's installment plans and the choices their ordinance leaves it."""

    plans: tuple[str, ...] = ()
    counting: InterestCounting | None = None
    first_due: FirstDue | None = None
    elm_tax_interest: ElmTaxInterest | None = None
    # What § 8.03(3)(c)'s "final notice of assessment" is, for the interest on a deferred
    # assessment; None where the file does not say.
    deferred_interest_from: str | None = None


@dataclass(frozen=True)
class Officer:
    """An officer who signs documents: the name and the title the ordinance gives."""

    name: str
    title: str


@dataclass(frozen=True)
class Approval:
    """The village attorney's written approval to issue one notice type: who gave it, its
    date, what it says, and whether it is only a specimen for a sample village's casebook."""

    notice: str
    attorney: str
    date: date
    says: str
    specimen: bool = False


@dataclass(frozen=True)
class Letterhead:
    """What the top of every page and the signature block print for a village."""

    address_lines: tuple[str, ...]
    phone: str
    email: str
    website: str
    office_hours: str
    seal: str | None
    locale: str
    demonstration: bool
    number_prefix: str
    county: str
    officers: dict[str, Officer]
    folders: tuple[Path, ...]
    path: Path
    # The county the Village's notary is qualified in, for a New York jurat; None when the
    # file leaves it to the notary to write in at the signing.
    notary_county: str | None = None
    # The Village office's street address, where papers are served by hand.
    office_street_lines: tuple[str, ...] = ()
    # The chapters of the Code its ordinances sit in, for the authority line.
    code_chapters: tuple[str, ...] = ()

    def officer(self, key: str, wanted_by: str) -> Officer:
        """The officer a document names as signer, or ConfigError naming the key to add."""
        if key not in self.officers:
            known = ", ".join(sorted(self.officers)) or "none"
            raise ConfigError(
                self.path,
                f"officers.{key}",
                f"is missing; {wanted_by} names it as signer (officers here: {known})",
            )
        return self.officers[key]


@dataclass(frozen=True)
class ChapterSixtyEight:
    """A Wisconsin village's answer to Wis. Stat. § 68.16: ch. 68 applies (opted_out_by None),
    or the ordinance or resolution that opted out and the review it provides instead."""

    opted_out_by: str | None = None
    instead: str | None = None
    hearing_is_appeal: bool | None = None


@dataclass(frozen=True)
class MailRates:
    """Postage and fees for certified and registered mail, in force from `effective`."""

    effective: date
    source: str
    postage: Decimal
    return_receipt: Decimal
    # The certified mail and registered mail fees, by method; a method left out has none here.
    service_fees: dict[str, Decimal]
    additional_ounce: Decimal | None = None
    sheets_per_ounce: int | None = None
    sample: bool = False

    def postage_for(self, sheets: int) -> Decimal:
        """First-Class postage for a letter of `sheets` sheets, by the Village's own scale."""
        if self.additional_ounce is None or self.sheets_per_ounce is None:
            return self.postage
        further = max(0, -(-sheets // self.sheets_per_ounce) - 1)
        return self.postage + further * self.additional_ounce


@dataclass(frozen=True)
class MailSettings:
    """A village's certified and registered mail: its rates over time, when a missing return
    receipt is overdue, and its IMpb service type codes."""

    rates: tuple[MailRates, ...] = ()
    receipt_overdue_days: int = 21
    service_type_codes: dict[str, str] = field(default_factory=dict)
    # The post office the mail is deposited in, which a mailing records unless told another.
    depository: str | None = None


@dataclass(frozen=True)
class NewspaperSettings:
    """The official newspaper: its name and address, its days, its deadline for copy, its
    column."""

    newspaper: PaperDays
    address_lines: tuple[str, ...]
    column_inches: float
    sample: bool


@dataclass(frozen=True)
class Retention:
    """How long one kind of record is kept: `years` from an event, or for ever (years None)."""

    kind: str
    title: str
    years: int | None
    counted_from: str
    schedule: str
    sample: bool = False

    @property
    def period(self) -> str:
        """The period in words: "permanent", or "6 years after the case is closed"."""
        if self.years is None:
            return "permanent"
        since = {
            "case-closed": "after the case is closed",
            "document-date": "after the document's date",
            "added": "after it was added to the archive",
        }[self.counted_from]
        return f"{self.years} year{'' if self.years == 1 else 's'} {since}"


@dataclass(frozen=True)
class Village:
    """One village as its letterhead file states it: its law, its calendar, its letterhead."""

    slug: str
    name: str
    state: Jurisdiction
    sample: bool
    calendar: LegalCalendar
    path: Path
    money: MoneySettings = field(default_factory=MoneySettings)
    # The fees its ordinance defines, by name, in the file's order; and the Board's figures.
    fee_rules: dict[str, FeeRule] = field(default_factory=dict)
    fees: FeeTable = field(default_factory=FeeTable)
    printed: Letterhead | None = None
    # The installment plans its ordinance provides (Palmyra's: "assessment", "elm-tax"), how
    # it counts and rounds their interest, and when the first installment is due.
    installments: InstallmentSettings = field(default_factory=InstallmentSettings)
    # Whether permits run in one series or restart each year.
    permit_series: str = "one series"
    # The village attorney's written approvals, by notice type ([approvals.<notice-type>]).
    approvals: dict[str, Approval] = field(default_factory=dict)
    # Where the ordinance names no state, the state whose law of time the Village relies on.
    law_of_time_relied_on: Jurisdiction | None = None
    # Wisconsin: whether ch. 68 applies or the Village opted out; None where the file does not
    # say (a determination stating review is then refused) or the village is New York's.
    chapter_68: ChapterSixtyEight | None = None
    mail: MailSettings = field(default_factory=MailSettings)
    # Whether an emailed document carries its Word copy too ([email] attach_docx).
    email_attaches_docx: bool = False
    # How long the archive keeps each kind of record, by kind ([[archive.retention]]).
    retention: dict[str, Retention] = field(default_factory=dict)
    # The official newspaper legal notices are published in ([newspaper]); None if not given.
    newspaper: NewspaperSettings | None = None
    # The readings the Village relies on where an ordinance can be read two ways ([readings]).
    readings: dict[str, str] = field(default_factory=dict)

    def official_newspaper(self) -> NewspaperSettings:
        """The [newspaper] table, or ConfigError naming what to add."""
        if self.newspaper is None:
            raise ConfigError(
                self.path,
                "newspaper",
                "is missing: give the official newspaper's name, publishes_on (its days) and "
                "copy_days_before (how early it wants the copy) before publishing a notice",
            )
        return self.newspaper

    def retention_of(self, kind: str) -> Retention:
        """The retention of `kind`, or InputError naming the kinds this village keeps."""
        if kind not in self.retention:
            known = ", ".join(self.retention) or "none"
            raise InputError(
                f"{self.name} keeps no records of the kind {kind!r} (its file's "
                f"[[archive.retention]] names: {known}); give one of those, or add the kind with "
                "its period and the schedule item it comes from."
            )
        return self.retention[kind]

    @property
    def law_of_time_sentence(self) -> str | None:
        """What every document stating a deadline says of the law it counts time by, where the
        ordinance names no state and the Village relies on one; None where the ordinance names
        its state."""
        relied_on = self.law_of_time_relied_on
        if relied_on is None:
            return None
        return (
            f"The ordinance names no state; time is counted as the Village relies on "
            f"{relied_on.law_of_time}."
        )

    @property
    def specimen_mark(self) -> str | None:
        """The mark every page of its documents carries, or None for a real village's own."""
        demonstration = self.printed is not None and self.printed.demonstration
        return SPECIMEN_MARK if self.sample or demonstration else None

    @property
    def specimen_note(self) -> str | None:
        """What a specimen says at its end of the fictional data it was made from, or None."""
        return SPECIMEN_NOTE if self.specimen_mark else None

    @property
    def timezone(self) -> ZoneInfo:
        return self.calendar.timezone

    @property
    def installment_plans(self) -> tuple[str, ...]:
        return self.installments.plans

    def installment_counting(self) -> InterestCounting:
        """How the village counts and rounds installment interest, or the keys to add."""
        if self.installments.counting is None:
            raise ConfigError(
                self.path,
                "installments.day_count",
                "is not set: the ordinance leaves to the Village how the days of an "
                "installment's interest are counted and how it is rounded, so add "
                'day_count = "actual/365" or "years+days/365" and rounding = "half-up" or '
                '"down" under [installments]',
            )
        return self.installments.counting

    def installment_first_due(self) -> FirstDue:
        """When the first installment of real estate taxes is due, or the key to add."""
        if self.installments.first_due is None:
            raise ConfigError(
                self.path,
                "installments.first_due",
                "is not set: installments are paid when the first installment of real estate "
                'taxes is due, so add first_due = {month = 1, day = 31, authority = "...", '
                'words = "..."} under [installments] with the law that sets that day',
            )
        return self.installments.first_due

    @property
    def legal_rate(self) -> Rate:
        """The village's legal rate of interest: its letterhead's, else its state's statute."""
        return self.money.legal_rate or LEGAL_RATES[self.state]

    def fee_rule(self, name: str) -> FeeRule:
        """A fee a document computes, or ConfigError naming the fee rule to add."""
        if name not in self.fee_rules:
            known = ", ".join(self.fee_rules) or "none"
            raise ConfigError(
                self.path,
                f"fee_rules.{name}",
                f"is missing; a document of this village computes the {name} fee by it "
                f"(fee rules here: {known})",
            )
        return self.fee_rules[name]

    def mail_rates(self, method: str, on: date) -> MailRates:
        """The postage and fees in force on `on` for `method`, or ConfigError naming what to
        add: no batch is priced from figures the Village did not write down."""
        in_force = [rates for rates in self.mail.rates if rates.effective <= on]
        if not in_force:
            first = (
                f"; the first table here takes effect {self.mail.rates[0].effective}"
                if self.mail.rates
                else ""
            )
            raise ConfigError(
                self.path,
                "mail.rates",
                f"has no table of postage and fees in force on {on}{first}: add a [[mail.rates]] "
                "table with effective, source, postage, the method's fee and return_receipt from "
                "the Post Office's price list",
            )
        rates = in_force[-1]
        if method not in rates.service_fees:
            raise ConfigError(
                self.path,
                f"mail.rates (effective {rates.effective})",
                f'has no {method} fee: add {method} = "..." from the Post Office\'s price list',
            )
        return rates

    @property
    def letterhead(self) -> Letterhead:
        """What a document prints about the village; a file without [letterhead] prints none."""
        if self.printed is None:
            raise ConfigError(
                self.path,
                "letterhead",
                "is missing; it gives the address, phone and office hours printed on every "
                "document",
            )
        return self.printed


def village_names(workspace: Path | None = None) -> list[str]:
    """Every village with a letterhead, built in or in the workspace."""
    names: set[str] = set()
    for place in content_dirs("letterheads", workspace):
        if place.is_dir():
            names.update(p.parent.name for p in place.glob(f"*/{LETTERHEAD}"))
    return sorted(names)


# Read once per process: a batch of documents, or a register listing, asks for the same village
# many times. The file's size and modification time are part of the key, so an edit is seen.
_READ: dict[tuple[str, Path | None, Path, int, int], Village] = {}


def load_village(slug: str, workspace: Path | None = None) -> Village:
    """Read and check a village's letterhead.toml; mistakes name the file and key."""
    if not NAME_PATTERN.match(slug):
        raise InputError(
            f"'{slug}' is not a village name; use lower-case letters, digits and dashes."
        )
    path = find_content_file("letterheads", f"{slug}/{LETTERHEAD}", workspace)
    if path is None:
        known = ", ".join(village_names(workspace)) or "none"
        raise InputError(f"There is no village '{slug}'; the villages are: {known}.")
    stat = path.stat()
    key = (slug, workspace, path, stat.st_mtime_ns, stat.st_size)
    if key not in _READ:
        _READ[key] = _village(slug, path, read_toml(path), workspace)
    return _READ[key]


def _village(slug: str, path: Path, data: dict[str, Any], workspace: Path | None) -> Village:
    table = decode(path, data, VillageFile)
    try:
        zone = ZoneInfo(table.timezone)
    except (ZoneInfoNotFoundError, ValueError):
        raise ConfigError(
            path, "timezone", f"{table.timezone!r} is not a time zone name such as America/Chicago"
        ) from None
    calendar = LegalCalendar(
        jurisdiction=table.state,
        timezone=zone,
        designated_holidays=_designated_days(path, table),
        closures=tuple(
            Closure(day, name or "Village office closed")
            for day, name in _days(table.calendar.closures)
        ),
        office_open_saturday=table.office.open_saturday,
        hours_skip_sundays_and_holidays=table.calendar.hour_periods_skip_sundays_and_holidays,
        two_day_periods=_two_day_periods(path, table),
    )
    rules = {name: _fee_rule(path, name, spec) for name, spec in table.fee_rules.items()}
    specimen = table.sample or (table.letterhead is not None and table.letterhead.demonstration)
    if not specimen and workspace is not None:
        _refuse_samples_left(slug, path, workspace)
    approvals = {
        name: _approval(path, name, entry, specimen=specimen)
        for name, entry in table.approvals.items()
    }
    return Village(
        slug=slug,
        name=table.name.strip(),
        state=table.state,
        sample=table.sample,
        calendar=calendar,
        path=path,
        money=_money_settings(path, table.money),
        fee_rules=rules,
        fees=_fee_table(path, table.fees, rules),
        printed=_letterhead(slug, path, table, workspace),
        installments=_installment_settings(table.name.strip(), path, table.installments),
        permit_series=table.numbering.permits,
        approvals=approvals,
        law_of_time_relied_on=_law_of_time(path, table),
        chapter_68=_chapter_68(path, table),
        mail=_mail_settings(path, table.mail, specimen=specimen),
        email_attaches_docx=table.email.attach_docx,
        retention=_retention(path, table.archive, specimen=specimen),
        newspaper=_newspaper(path, table.newspaper, specimen=specimen),
        # Who confirmed the readings is the office's record, not a reading a document prints.
        readings={
            name: " ".join(value.split())
            for name, value in table.readings.items()
            if name != "confirmed_by"
        },
    )


def _refuse_samples_left(slug: str, path: Path, workspace: Path) -> None:
    """A workspace's copy of a built-in village with demonstration off must hold none of the
    built-in file's sample values (officers nobody elected, 555-01xx numbers): the file says
    it is the Village's own, so every page stops saying SPECIMEN."""
    from noticeclerk.content.adoption import sample_values

    if not (content_root() / "letterheads" / slug / LETTERHEAD).is_file():
        return  # a village of the office's own, not a built-in one adopted
    if path.parent != Path(workspace) / "letterheads" / slug:
        return
    # A table still marked sample or specimen is refused below in its own words.
    left = [
        value
        for value in sample_values(slug, workspace)
        if not value.key.endswith((".sample", ".specimen"))
    ]
    if left:
        raise ConfigError(
            path,
            left[0].key,
            f"still holds the built-in sample value ({left[0].now}) with demonstration off: "
            f"replace it with {left[0].replace_with}; 'noticeclerk village adopt {slug}' lists "
            f"all {len(left)}",
        )


def _newspaper(
    path: Path, table: NewspaperTable | None, *, specimen: bool
) -> NewspaperSettings | None:
    if table is None:
        return None
    if specimen != table.sample:
        raise ConfigError(
            path,
            "newspaper.sample",
            "must be true: this village's file is a sample, so its newspaper is a sample too"
            if specimen
            else "is true, but a real village publishes in its real official newspaper: enter "
            "it and remove sample",
        )
    return NewspaperSettings(
        newspaper=PaperDays(
            name=" ".join(table.name.split()),
            publishes_on=tuple(sorted(WEEKDAYS.index(day) for day in set(table.publishes_on))),
            copy_days_before=table.copy_days_before,
            no_issue_on=tuple(sorted(table.no_issue_on)),
        ),
        address_lines=tuple(" ".join(line.split()) for line in table.address_lines),
        column_inches=table.column_inches,
        sample=table.sample,
    )


def _retention(path: Path, table: ArchiveTable, *, specimen: bool) -> dict[str, Retention]:
    """[[archive.retention]]: one entry a kind, a period or permanent, and for a sample village
    a period that says it is a sample."""
    kept: dict[str, Retention] = {}
    for index, spec in enumerate(table.retention):
        key = f"archive.retention[{index}]"
        if spec.kind in kept:
            raise ConfigError(path, f"{key}.kind", f"repeats {spec.kind!r}: give each kind once")
        if (spec.years is None) == (not spec.permanent):
            raise ConfigError(
                path,
                key,
                "must give either years (the retention period) or permanent = true, not both "
                "or neither",
            )
        if specimen and not spec.sample:
            raise ConfigError(
                path,
                f"{key}.sample",
                "must be true: this village's file is a sample or demonstration, so its "
                "retention periods are samples, not the records schedule's",
            )
        if spec.sample and not specimen:
            raise ConfigError(
                path,
                f"{key}.sample",
                "is true, but a real village keeps its records for the periods of its records "
                "schedule: enter those and remove sample",
            )
        kept[spec.kind] = Retention(
            kind=spec.kind,
            title=" ".join(spec.title.split()),
            years=spec.years,
            counted_from=spec.counted_from,
            schedule=" ".join(spec.schedule.split()),
            sample=spec.sample,
        )
    return kept


def _approval(path: Path, name: str, entry: object, *, specimen: bool) -> Approval:
    """One written approval; a sample village's must say it is a specimen, a real one's not."""
    key = f"approvals.{name}"
    if not NAME_PATTERN.match(name):
        raise ConfigError(path, key, "is not a notice type name; use the notice type's file name")
    table = decode(path, entry, ApprovalTable, prefix=f"{key}.")
    for field_name in ("attorney", "says"):
        printed_setting(path, f"{key}.{field_name}", getattr(table, field_name))
    if specimen and not table.specimen:
        raise ConfigError(
            path,
            f"{key}.specimen",
            "must be true: this village's file is a sample or demonstration, so an approval in it "
            "is a specimen and the documents must say so",
        )
    if table.specimen and not specimen:
        raise ConfigError(
            path,
            f"{key}.specimen",
            "is true, but a specimen approval authorises no real notice; record the village "
            "attorney's own written approval and remove specimen",
        )
    return Approval(
        name, " ".join(table.attorney.split()), table.date, " ".join(table.says.split()), specimen
    )


def _days(entries: Days) -> list[tuple[date, str | None]]:
    return [
        (entry.date, entry.name) if isinstance(entry, DayEntry) else (entry, None)
        for entry in entries
    ]


def _designated_days(path: Path, table: VillageFile) -> tuple[Holiday, ...]:
    """The days a state's law leaves to be designated: proclaimed (NY § 24) or primary (WI)."""
    calendar = table.calendar
    if calendar.proclaimed_days is not None and table.state is not Jurisdiction.NY:
        raise ConfigError(
            path,
            "calendar.proclaimed_days",
            "is New York's (§ 24); a Wisconsin village lists primary_election_days",
        )
    if calendar.primary_election_days is not None and table.state is not Jurisdiction.WI:
        raise ConfigError(
            path,
            "calendar.primary_election_days",
            "is Wisconsin's (§ 995.20); a New York village lists proclaimed_days",
        )
    proclaimed = [
        Holiday(day, name or "Day proclaimed by the President or the Governor", NY_GCL_24)
        for day, name in _days(calendar.proclaimed_days or [])
    ]
    primaries = [
        Holiday(day, name or "Partisan primary election day", WI_995_20)
        for day, name in _days(calendar.primary_election_days or [])
    ]
    return tuple(proclaimed + primaries)


def _law_of_time(path: Path, table: VillageFile) -> Jurisdiction | None:
    """The state whose law of time a village relies on where its ordinance names none."""
    relied_on = table.calendar.law_of_time
    if table.ordinance_names_state:
        if relied_on is not None:
            raise ConfigError(
                path,
                "calendar.law_of_time",
                "is for a village whose ordinance names no state; this file says the ordinance "
                "names its state (ordinance_names_state is not false), whose law of time applies, "
                "so remove it",
            )
        return None
    if relied_on is None:
        raise ConfigError(
            path,
            "calendar.law_of_time",
            "is missing: the ordinance names no state (ordinance_names_state = false), so say "
            'under [calendar] whose law of time the Village relies on, law_of_time = "NY" or '
            '"WI"',
        )
    if relied_on is not table.state:
        raise ConfigError(
            path,
            "calendar.law_of_time",
            f'is "{relied_on.value}" but state is "{table.state.value}"; the Village\'s deadlines '
            "are counted under its state's law, so make the two the same",
        )
    return relied_on


def _chapter_68(path: Path, table: VillageFile) -> ChapterSixtyEight | None:
    """Whether Wis. Stat. ch. 68 applies to a Wisconsin village, or what it provides instead."""
    review = table.review
    if table.state is not Jurisdiction.WI:
        if review != ReviewTable():
            raise ConfigError(
                path,
                "review",
                "is Wisconsin's (Wis. Stat. ch. 68); a New York village's determinations are "
                "reviewed under CPLR Article 78, so remove it",
            )
        return None
    for name in ("opted_out_by", "instead"):
        printed_setting(path, f"review.{name}", getattr(review, name))
    if review.chapter_68 is None:
        if review.opted_out_by is not None or review.instead is not None:
            raise ConfigError(
                path, "review.chapter_68", 'is missing: say "applies" or "opted out" (§ 68.16)'
            )
        return None
    if review.chapter_68 == "applies":
        if review.opted_out_by is not None or review.instead is not None:
            raise ConfigError(
                path,
                "review.opted_out_by" if review.opted_out_by is not None else "review.instead",
                'is for a village that opted out under § 68.16; chapter_68 says "applies", so '
                "remove it",
            )
        return ChapterSixtyEight(hearing_is_appeal=review.hearing_is_appeal)
    for name, words in (
        ("opted_out_by", "the ordinance or resolution by which the Village opted out"),
        ("instead", "the review it provides instead, in the words a determination prints"),
    ):
        if getattr(review, name) is None:
            raise ConfigError(
                path,
                f"review.{name}",
                f'is missing: chapter_68 = "opted out" (§ 68.16), so give {words}',
            )
    assert review.opted_out_by is not None and review.instead is not None
    return ChapterSixtyEight(
        " ".join(review.opted_out_by.split()), " ".join(review.instead.split())
    )


def _two_day_periods(path: Path, table: VillageFile) -> TwoDayPeriods | None:
    """New York's choice for periods of two days; Wisconsin has no two-day rule to choose."""
    chosen = table.calendar.two_day_periods
    if chosen is not None and table.state is not Jurisdiction.NY:
        raise ConfigError(
            path,
            "calendar.two_day_periods",
            "is New York's (Gen. Constr. Law § 20); Wisconsin counts a period of two days like "
            "any other (Wis. Stat. § 990.001(4)), so remove it",
        )
    return chosen


def _letterhead(
    slug: str, path: Path, table: VillageFile, workspace: Path | None
) -> Letterhead | None:
    printed = table.letterhead
    if printed is None:
        return None
    folders = tuple(
        place / slug for place in content_dirs("letterheads", workspace) if (place / slug).is_dir()
    )
    seal = printed.seal
    if seal is not None and ("/" in seal or not any((f / seal).is_file() for f in folders)):
        raise ConfigError(
            path,
            "letterhead.seal",
            f"must name an image file beside letterhead.toml; {seal!r} is not there",
        )
    if not table.officers:
        raise ConfigError(
            path, "officers", "is missing; list each officer who signs, such as [officers.clerk]"
        )
    if not any(_DELIVERABLE.search(line) for line in printed.address_lines):
        raise ConfigError(
            path,
            "letterhead.address_lines",
            "has no street address or post office box; bills say to pay by mail to the address "
            'above and returned mail comes back to it, so add a line such as "65 Main Street" '
            'or "P.O. Box 12"',
        )
    return Letterhead(
        office_street_lines=_office_street(path, printed),
        code_chapters=tuple(printed.code_chapters),
        address_lines=tuple(line.strip() for line in printed.address_lines),
        phone=printed.phone.strip(),
        email=printed.email.strip(),
        website=printed.website.strip(),
        office_hours=printed.office_hours.strip(),
        seal=seal,
        locale=printed.locale.strip() or "en_US",
        demonstration=printed.demonstration,
        number_prefix=printed.number_prefix,
        county=printed.county.strip(),
        notary_county=_notary_county(path, table),
        officers={key: _officer(path, key, entry) for key, entry in table.officers.items()},
        folders=folders,
        path=path,
    )


def _office_street(path: Path, printed: LetterheadTable) -> tuple[str, ...]:
    """The office's street address: the file's office_street_lines, else address_lines when
    they give a street; ConfigError where neither does, or a post office box is given."""
    given = printed.office_street_lines
    lines = tuple(" ".join(line.split()) for line in (given or printed.address_lines))
    boxed = [line for line in lines if _POST_OFFICE_BOX.search(line)]
    if given is not None and (boxed or not any(_STREET.search(line) for line in lines)):
        raise ConfigError(
            path,
            "letterhead.office_street_lines",
            "must give the street address of the Village office (a number and a street), not a "
            "post office box: papers are served there by hand",
        )
    if given is None and not any(_STREET.search(line) for line in lines):
        raise ConfigError(
            path,
            "letterhead.office_street_lines",
            "is missing: address_lines give only a post office box, and papers served on the "
            "Village's officers by hand (a notice of appeal on the Clerk) need the office's "
            'street address, such as ["Village Hall", "65 Main Street", "Tuckahoe, New York '
            '10707"]',
        )
    return tuple(line for line in lines if not _POST_OFFICE_BOX.search(line))


_STREET = re.compile(r"^\s*\d+[A-Za-z]?(?:-\d+)?\s+\w")
_POST_OFFICE_BOX = re.compile(r"\b(?:P\.?\s*O\.?|Post\s+Office)\s+Box\b", re.IGNORECASE)
# A line the post office delivers to: a street number and name, or a post office box.
_DELIVERABLE = re.compile(rf"{_STREET.pattern}|{_POST_OFFICE_BOX.pattern}\s+\d", re.IGNORECASE)


def _notary_county(path: Path, table: VillageFile) -> str | None:
    """The notary's county of qualification, which only a New York jurat states."""
    county = table.letterhead.notary_county if table.letterhead else None
    if county is not None and table.state is not Jurisdiction.NY:
        raise ConfigError(
            path,
            "letterhead.notary_county",
            "is for New York villages (Executive Law § 137); a Wisconsin jurat names no county "
            "of qualification, so remove it",
        )
    return county.strip() if county else None


def _officer(path: Path, key: str, entry: object) -> Officer:
    table = decode(path, entry, OfficerTable, prefix=f"officers.{key}.")
    return Officer(table.name.strip(), table.title.strip())


def _installment_settings(name: str, path: Path, table: InstallmentsTable) -> InstallmentSettings:
    if (table.day_count is None) != (table.rounding is None):
        raise ConfigError(
            path,
            "installments.rounding" if table.rounding is None else "installments.day_count",
            "is missing: the day count and the rounding of installment interest go together",
        )
    counting = None
    if table.day_count is not None and table.rounding is not None:
        counting = InterestCounting(
            DayCount(table.day_count),
            Rounding(table.rounding),
            f"{name}'s letterhead, [installments]",
        )
    first_due = None
    if table.first_due is not None:
        given = table.first_due
        try:
            date(2001, given.month, given.day)  # a common year: February 29 is not every year's
        except ValueError:
            raise ConfigError(
                path,
                "installments.first_due",
                f"month {given.month}, day {given.day} is not a day every year has",
            ) from None
        first_due = FirstDue(given.month, given.day, given.authority.strip(), given.words.strip())
    elm_tax_interest = None
    if "elm-tax" in table.plans:
        if table.elm_tax_interest is None:
            raise ConfigError(
                path,
                "installments.elm_tax_interest",
                'is missing: § 8.15(6)(b) charges interest "on the deferred payments" and does '
                "not say whether the first installment, paid when the tax is due, bears it; "
                'write "deferred_installments" (it does not) or "every_installment"',
            )
        elm_tax_interest = ElmTaxInterest(table.elm_tax_interest)
    elif table.elm_tax_interest is not None:
        raise ConfigError(
            path,
            "installments.elm_tax_interest",
            'is for the elm-tax plan, which plans does not list; add "elm-tax" or remove it',
        )
    return InstallmentSettings(
        tuple(table.plans), counting, first_due, elm_tax_interest, table.deferred_interest_from
    )


def _money_settings(path: Path, table: MoneyTable) -> MoneySettings:
    legal = _rate_setting(path, table, "legal_interest_rate_percent")
    authority = table.legal_interest_authority
    if (legal is None) != (authority is None):
        raise ConfigError(
            path,
            "money.legal_interest_rate_percent"
            if legal is None
            else "money.legal_interest_authority",
            "is missing: a legal interest rate and the law that sets it "
            "(legal_interest_authority) go together",
        )
    provision = table.tax_interest_provision
    return MoneySettings(
        legal_rate=Rate(legal, authority) if legal is not None and authority else None,
        tax_rate_percent=_rate_setting(path, table, "tax_interest_rate_percent"),
        borrowing_rate_percent=_rate_setting(path, table, "borrowing_rate_percent"),
        tax_rate_provision=(
            Provision(provision.authority.strip(), provision.words.strip()) if provision else None
        ),
        odd_cents=table.odd_cents or "first properties",
    )


def _rate_setting(path: Path, table: MoneyTable, key: str) -> Decimal | None:
    given = getattr(table, key)
    if given is None:
        return None
    value = _decimal(path, f"money.{key}", given, 'a percentage such as "9" or "7.25"')
    if value > MAX_PERCENT:
        raise ConfigError(path, f"money.{key}", f"must be at most 100 (percent); got {value}")
    return value


def _fee_rule(path: Path, name: str, data: object) -> FeeRule:
    prefix = f"fee_rules.{name}."
    if not NAME_PATTERN.match(name):
        raise ConfigError(
            path,
            prefix.rstrip("."),
            "is not a fee name; use lower-case letters, digits and dashes, such as curb-cut",
        )
    kind = decode(path, data, FeeKindName, prefix=prefix).kind
    spec = decode(path, data, FEE_RULE_SPECS[kind], prefix=prefix)
    return FeeRule(
        name,
        spec.title.strip(),
        spec.authority.strip(),
        spec.computation(),
        tuple(Note(note.says.strip(), _words(note.authority)) for note in spec.notes),
    )


def _fee_table(path: Path, table: dict[str, Any], rules: dict[str, FeeRule]) -> FeeTable:
    known: dict[str, TableEntry] = {}
    for rule in rules.values():
        for entry in rule.entries:
            if entry.key in known:
                raise ConfigError(
                    path,
                    f"fee_rules.{rule.name}.fees_entry.key",
                    f"is {entry.key!r}, an entry another fee rule already reads; give each "
                    "Board-set fee its own [fees] key",
                )
            known[entry.key] = entry
    entries: dict[str, Decimal] = {}
    for key, value in table.items():
        entry = known.get(key)
        if entry is None:
            settings = ", ".join(sorted(known)) or "none (its ordinance leaves no fee to the Board)"
            raise ConfigError(
                path,
                f"fees.{key}",
                f"is not a fee this village's Board sets; the fees here are: {settings}",
            )
        if entry.kind is EntryKind.AMOUNT:
            amount = _decimal(path, f"fees.{key}", value, 'an amount such as "25.00"')
            if amount != amount.quantize(CENT):
                raise ConfigError(path, f"fees.{key}", f"must be in whole cents; got {amount}")
            entries[key] = amount.quantize(CENT)
        else:
            entries[key] = _decimal(
                path, f"fees.{key}", value, 'dollars per square foot such as "0.75"'
            )
    return FeeTable(entries, path)


def _decimal(path: Path, key: str, value: object, example: str) -> Decimal:
    """A money setting as an exact Decimal: TOML text, or a TOML number read through its text."""
    if isinstance(value, bool) or not isinstance(value, str | int | float):
        raise ConfigError(path, key, f"must be {example}; got {value!r}")
    # A TOML float is read through its shortest text (0.1 stays 0.1), never kept as a float.
    text = value.strip() if isinstance(value, str) else str(value)
    if not _DECIMAL_TEXT.fullmatch(text) or len(text.partition(".")[2]) > _MAX_RATE_DECIMALS:
        raise ConfigError(path, key, f"must be {example}, 0 or more; got {value!r}")
    return Decimal(text)


def _mail_settings(path: Path, table: MailTable, *, specimen: bool) -> MailSettings:
    """[mail]: rates in the order they took effect; a sample village's figures say they are
    samples, and a real village's must not."""
    rates = []
    for index, spec in enumerate(table.rates):
        key = f"mail.rates[{index}]"
        printed_setting(path, f"{key}.source", spec.source)
        if specimen and not spec.sample:
            raise ConfigError(
                path,
                f"{key}.sample",
                "must be true: this village's file is a sample or demonstration, so its postage "
                "and fees are samples and the mailing book must say so",
            )
        if spec.sample and not specimen:
            raise ConfigError(
                path,
                f"{key}.sample",
                "is true, but a real village's mailing book is priced from the Post Office's "
                "own figures: enter them and remove sample",
            )
        if (spec.additional_ounce is None) != (spec.sheets_per_ounce is None):
            raise ConfigError(
                path,
                key,
                "gives only one of additional_ounce and sheets_per_ounce; give both (a letter "
                "heavier than one ounce pays the further ounce) or neither",
            )
        fees = {
            method: _amount(amount)
            for method, amount in (
                ("certified_mail", spec.certified_mail),
                ("registered_mail", spec.registered_mail),
            )
            if amount is not None
        }
        rates.append(
            MailRates(
                effective=spec.effective,
                source=" ".join(spec.source.split()),
                postage=_amount(spec.postage),
                return_receipt=_amount(spec.return_receipt),
                service_fees=fees,
                additional_ounce=(
                    None if spec.additional_ounce is None else _amount(spec.additional_ounce)
                ),
                sheets_per_ounce=spec.sheets_per_ounce,
                sample=spec.sample,
            )
        )
    effective = [rates.effective for rates in rates]
    if effective != sorted(set(effective)):
        raise ConfigError(
            path,
            "mail.rates",
            "must list its tables in the order they took effect, one per effective date",
        )
    unknown = sorted(set(table.service_type_codes) - {"certified_mail", "registered_mail"})
    if unknown:
        raise ConfigError(
            path,
            f"mail.service_type_codes.{unknown[0]}",
            "is not a tracked mail method; the methods are certified_mail and registered_mail",
        )
    return MailSettings(
        rates=tuple(rates),
        receipt_overdue_days=table.receipt_overdue_days,
        service_type_codes=dict(table.service_type_codes),
        depository=table.depository,
    )
