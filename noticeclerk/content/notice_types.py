"""Notice definitions in notices/<village>/<notice-type>.toml, turned into checked notice types.

A notice definition is what a clerk or the village attorney edits when an ordinance is
amended: the title, the sections cited, the ordinance text quoted word for word, the facts
the document needs, the deadline rule, the ways the ordinance allows it to be served, the
officer who signs and the template that lays it out. Every mistake is reported with the file
and the key before any document is printed.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Annotated, Any, Literal

import msgspec

from noticeclerk.computations import COMPUTATIONS
from noticeclerk.computations.declared import (
    AMOUNT_COMPARISONS,
    COMPARISONS,
    NOTHING,
    PLACEHOLDER,
    BillItem,
    Check,
    Choice,
    Copy,
    Declared,
    DeclaredBill,
    DeclaredFee,
    Holds,
    Lookup,
    Percent,
)
from noticeclerk.content.folders import content_dirs, find_content_file
from noticeclerk.content.schema import (
    NAME_PATTERN,
    Table,
    Text,
    decode,
    printed_setting,
    read_toml,
)
from noticeclerk.content.village import Village, load_village
from noticeclerk.exceptions import ConfigError, InputError
from noticeclerk.rules.calendars import Act, Jurisdiction, TwoDayPeriods
from noticeclerk.rules.deadline_rules import (
    ClosedSeasonRule,
    DaysRule,
    DeadlineRule,
    FixedDayRule,
    deadline_anchor,
    parse_rule,
)
from noticeclerk.rules.fees import FeeFacts
from noticeclerk.rules.periods import TWO_DAY_KEY
from noticeclerk.rules.publication import PublicationRule
from noticeclerk.service_methods import SERVICE_METHODS

# The kinds of fact a notice can ask for; the case file must give each in this form.
FACT_TYPES = {
    "text": "text in quotes",
    "date": "a date written YYYY-MM-DD",
    "datetime": "a date and time written YYYY-MM-DDTHH:MM",
    "money": 'an amount in quotes, such as "1250.00"',
    "integer": "a whole number from 0 to 999,999,999, in the digits 0 to 9",
    "number": "a number",
    "boolean": "true or false",
    "text_list": "a list of texts in quotes",
    "cost_lines": 'a list of {description = "...", amount = "..."} tables',
}

# What kind of document each notice type is; the catalogue and the demo index group by it.
DOCUMENT_KINDS = (
    "directive",
    "notice",
    "order",
    "bill",
    "statement",
    "certificate",
    "sworn statement",
    "schedule",
    "permit",
    "application",
    "letter",
    "decision",
    "publication",
    "list",
)

# "officer": a document filed with or addressed to a Village officer (the Assessor, the
# Village Administrator), named in the case's [recipient].
RECIPIENTS = (
    "owner",
    "occupant",
    "applicant",
    "appellant",
    "contractor",
    "surety",
    "utility",
    "officer",
)
_FACT_NAME = re.compile(r"[a-z][a-z0-9_]*")


class FactSpec(Table):
    type: Literal[tuple(FACT_TYPES)]  # type: ignore[valid-type]
    label: Annotated[str, msgspec.Meta(pattern=r"\S", description="words saying what the fact is")]
    # A list the ordinance lets be empty ("the requirements not met, if any"); every other
    # list must give at least one item, so a forgotten list is never printed as nothing.
    may_be_empty: bool = False


class QuoteSpec(Table):
    section: Text
    text: Text


class ServiceSpec(Table):
    method: Literal[tuple(SERVICE_METHODS)]  # type: ignore[valid-type]
    words: Text
    section: Text
    # The ordinance's own words for this manner of service, word for word, where it has them
    # (tests/test_catalogue.py holds each to the ordinance text). `words` is the notice's own
    # plain statement of the method; only `quote` is ever printed as the ordinance's text.
    quote: Text | None = None
    # The case event a service by this method is: a notice served by publication counts its
    # periods from the day the register records it published, not from the day the case
    # expected it (attorney review PA40-a). None: the service is no event the notice counts from.
    records_event: Text | None = None
    # A further step, allowed only once a mailing of the document came back unclaimed or
    # refused: another reasonable step before the Village enforces (Jones v. Flowers, 547 U.S.
    # 220 (2006)), the section saying which the Village takes. A follow-up takes its day of
    # service and article number from the service the further step follows, never from it.
    after_return: bool = False
    # The kind of archived record the document must have before it is served this way, signed
    # on or before that day: a sworn statement is filed only once its sworn original is kept
    # ("signed-statement"), since an unsworn filing is no lien (NY legal reading CF-5).
    needs_kept: Text | None = None
    # What the refusal says that record is, after "keep ... first:" ("the statement as
    # signed and sworn before a notary").
    needs_kept_says: Text | None = None


class SuspensionSpec(Table):
    event: Text
    words: Text


class ComparisonSpec(Table):
    fact: Text
    not_before: Text | None = None
    not_after: Text | None = None
    before: Text | None = None
    after: Text | None = None
    at_least: Text | None = None
    at_most: Text | None = None
    more_than: Text | None = None
    less_than: Text | None = None
    one_of: list[Text | bool] | None = None
    not_empty: Literal[True] | None = None
    names_none: list[Text] | None = None


class CheckSpec(ComparisonSpec):
    says: Annotated[
        str, msgspec.Meta(pattern=r"\S", description="the sentence the refusal prints, in quotes")
    ] = ""
    when: dict[str, str | bool] = msgspec.field(default_factory=dict)


_RATE = msgspec.Meta(pattern=r"^\d+(\.\d+)?$", description='a percentage such as "20"')


class BillItemSpec(Table):
    description: Text
    amount: Text
    percent: Annotated[str, _RATE] | None = None
    subtract: bool = False


class BillGroupSpec(Table):
    lines: Text
    label: Text


class PercentSpec(Table):
    rate: Annotated[str, _RATE]
    description: Text


class BillSpec(Table):
    authority: Text
    lines: Text | None = None
    groups: list[BillGroupSpec] = msgspec.field(default_factory=list)
    items: list[BillItemSpec] = msgspec.field(default_factory=list)
    percent: PercentSpec | None = None
    refuse_nothing: Text | None = None
    items_first: bool = False


class FigureSpec(Table):
    fact: Text | None = None
    spell: Literal["number"] | None = None
    choose_by: Text | None = None
    each_of: Text | None = None
    holds: dict[str, Any] | None = None
    words: dict[str, str] | None = None
    refuse: Text | None = None


class FeeSpec(Table):
    rule: Text
    facts: dict[str, str] = msgspec.field(default_factory=dict)
    rate: Text | None = None


_AMOUNT = re.compile(r"\$?\d{1,3}(,?\d{3})*(\.\d\d)?", re.ASCII)


# What a follow-up may take from the document it follows, and the kind of fact each fills.
TAKEABLE = {
    "number": "text",
    # Which notice type it is, so a follow-up of several kinds of order names the one it follows
    # (the tree abatement assessment rests on that order's section), never retyped.
    "notice_type": "text",
    "document_date": "date",
    "amount_due": "money",
    "paid": "money",
    "outstanding": "money",
    # Each payment received on a bill, one line each, "YYYY-MM-DD | amount", oldest first.
    "payments": "text_list",
    # The day of the last payment received on a bill (the satisfaction of a lien paid off).
    "paid_on": "date",
    "served_on": "date",
    # Its first standing mailing (a certificate of mailing lists each owner's copy as it was
    # first mailed; a later mailing of the same copy does not undo a timely one): the day, the
    # person who mailed it, and the address the document printed for its window.
    "mailed_on": "date",
    "mailed_by": "text",
    "mailed_to": "text",
    "article_number": "text",
    "receipt_signed_on": "date",
    # Every service of it that stands, one line each with what came of a mailing ("returned
    # unclaimed on ..."), for a document that discloses how what it follows was served.
    "service_history": "text_list",
    # The day it reached its addressee: handed over or posted, the day of service; mailed, the
    # day of its signed return receipt or the day recorded as received.
    "received_on": "date",
    "deadline": "date",
    # The moment an hours deadline ran out (the 24 hours of Luck § 496-9F), as its service or
    # receipt fixed it: a follow-up that may not come before that hour compares the moment.
    "deadline_at": "datetime",
    # With `every`: one line for each property's document, "parcel id | number | date |
    # amount due" in the order of the case's parcels (the schedule lists each owner's bill).
    "documents": "text_list",
    # Of a document that charges several parcels (a district's schedule, the Clerk's
    # certificate): what it charged the one parcel the follow-up is for, line by line or in all.
    "parcel_lines": "cost_lines",
    "parcel_premises": "text",
    "parcel_total": "money",
    # Of the same: what it charged each parcel in all, one line each described "parcel id |
    # what its lines charge it for", in the order it charged them (the report's schedule of
    # proposed assessments).
    "charged_parcels": "cost_lines",
    # With `every`: the one cost the documents' shares were split from (Village A § 134-45F), as
    # each share bill kept it; with the Village bearing the odd cents it is more than their sum.
    "shared_cost": "money",
}
# What a follow-up of `every` document may take: the lines, and what they bill in all.
# "mailed_on" of every document is the day the last of them was first mailed: a certificate of
# mailing to every owner is dated after it and checks it against the statute's day.
TAKEABLE_FROM_EVERY = ("documents", "amount_due", "mailed_on", "shared_cost")
# "each:follows.parcel_total": with `every`, a line for each property's document, "parcel id |
# number | addressee | what it takes" (here the parcel's assessment on the schedule the
# document follows), in the order of the case's parcels.
EACH = "each:"
# "follows.number": the same, from the document the followed one follows (two back).
BACK = "follows."
# "event:appeal_served": the day of an event the case recorded (the appeal that suspended the
# notice), so a follow-up prints the day the register counts from, never a second typing of it.
EVENT = "event:"
# "fact:hearing_at": a fact as the followed document printed it (the register keeps each
# document's facts), so a Board's decision compares its date with the hearing that document
# announced, not with a later record of the case under the same name.
PRINTED = "fact:"


class FollowsSpec(Table):
    documents: Annotated[
        list[Text],
        msgspec.Meta(
            min_length=1, description='the notice types it follows, such as ["maintenance-bill"]'
        ),
    ]
    takes: dict[str, str] = msgspec.field(default_factory=dict)
    # At most one (not void) for each document it follows: one statement for a certificate.
    # A bill is given once unless its definition says once = false: § 134-45A charges "the
    # actual cost" once, and so does every ordinance here that bills the Village's work.
    once: bool | None = None
    # Why there is one for each, as the refusal of a second says it after its semicolon:
    # "§ 134-45A (inferred) charges the actual cost once". By default: there is one for each,
    # with the notice type's first section.
    once_because: Text | None = None
    # The fact recording when the Village did the work a bill charges (a day, or a moment
    # where the followed document's time ends at an hour): it must come after the owner's time
    # under the followed document ran out, as its service fixed it, or after the day a Board's
    # decision on an appeal of it fixed; `work_says` is the refusal, with {work}, {deadline}
    # and {document}.
    work: Text | None = None
    work_says: Text | None = None
    # With `once`: other notice types that answer the same document, one of them in all (the
    # Board's one decision on a hearing, whether it affirms, cancels or extends).
    instead_of: list[Text] = msgspec.field(default_factory=list)
    # Notice types after which it is not issued in the case (no cost report once the Board
    # cancelled the notice), and the sentence the refusal prints.
    not_after: list[Text] = msgspec.field(default_factory=list)
    not_after_says: Text | None = None
    # With not_after: only a barring document that printed these facts so bars it (a decision on
    # review that reversed the revocation, outcome = "reversed"; one that affirmed it does not).
    not_after_when: dict[str, str] = msgspec.field(default_factory=dict)
    # Bills after which, once one is paid in full, it is not issued (no second payoff of a lien
    # a payoff already paid off), and the sentence the refusal prints ({document}).
    not_after_paid: list[Text] = msgspec.field(default_factory=list)
    not_after_paid_says: Text | None = None
    # Documents of the village that gather the followed one ([gathers], the list of unpaid
    # liens for the roll): once one lists it, this is not issued (no payoff of a lien already
    # going on the tax roll), with the sentence the refusal prints ({document}).
    not_after_listed: list[Text] = msgspec.field(default_factory=list)
    not_after_listed_says: Text | None = None
    # It waits while the last service of the document it follows came back unclaimed or
    # refused: the Village knows the notice did not arrive, and takes another step first
    # (Jones v. Flowers, 547 U.S. 220 (2006)) before a lien or levy rests on it.
    delivered: bool = False
    # It proposes what the document it follows charges each parcel (the report on a district's
    # assessments proposes the schedule's): the register keeps the same charges with it, so
    # what follows it (the hearing notice, the invoices) takes each parcel's from it.
    keeps_charges: bool = False
    # It follows every one of them issued in the case at once, one for each property (the
    # apportionment schedule lists each owner's bill), not the last one.
    every: bool = False
    # With `every`: also in a case over one property (a published levy lists one lot or
    # several); otherwise it lists several properties' documents and needs a case over several.
    one_property: bool = False
    # With `every`: each addressee's document of each property, not the property's last (a
    # certificate of mailing lists the notice to each of a lot's several owners).
    each_addressee: bool = False
    # With an "each:" take from further back than a case's first document goes (a case opened
    # with the hearing notice over one property, with no schedule): the case's fact taken
    # instead, such as "assessment" (recorded for another document of the case).
    each_recorded: Text | None = None
    # Whether a case may be opened for it, as its first document. False where the law rests
    # it on the documents it follows (an invoice on the final resolution that levied the
    # assessment after a noticed hearing); `opens_case_says` is the refusal.
    opens_case: bool = True
    opens_case_says: Text | None = None


class AppealSpec(Table, kw_only=True):
    """[appeal]: the documents that show an appeal of this one was taken in time (the Board's
    hearing notice: its own checks refuse a late appeal), and what is said while it is pending.
    While one is pending the case issues nothing that acts on the property; after a decision
    that upholds the order, nothing until the day the decision fixed has passed."""

    papers: Annotated[list[Text], msgspec.Meta(min_length=1)]
    # The fact (or event) the case records when the appeal is received, before any paper is
    # issued ("appeal_received_on"): an appeal the papers' own checks find in time is pending
    # from then.
    recorded: Text | None = None
    # The law that gives the appeal, as the refusals cite it: "§ 8.15(14)".
    authority: Text
    # The refusal while the appeal is pending, with {document} (the order appealed from).
    pending_says: Text


class GathersSpec(Table):
    # The notice types it gathers from the village's other cases (the sworn statements).
    documents: Annotated[list[Text], msgspec.Meta(min_length=1)]
    # The text_list fact the register fills with one line for each.
    fact: Text
    # The fact of each gathered document's case that gives the day the work was completed.
    completed: Text


class SharedSpec(Table):
    # "equally": "the actual cost ... divided by the number of such properties".
    split: Literal["equally"]
    authority: Text


# What a court or the legislature has done to the law a notice type enforces. "preempted": a
# court held the local law preempted by state law, so the Village issues the notice only on its
# attorney's written approval, and every page says so.
LEGAL_STATUSES = ("preempted",)


class LegalStatusSpec(Table):
    status: Literal[LEGAL_STATUSES]  # type: ignore[valid-type]
    # The decision, cited as a court would: "People v. Diack, 24 N.Y.3d 674 (2015)".
    authority: Text
    # What it held, in words that follow "although" on every page of the document.
    says: Text


class RemittanceSpec(Table):
    # The officer who takes the payment, as the bill names them: "the Village Clerk-Treasurer".
    pay_to: Text
    # For a bill whose ordinance sets no day for payment: what the stub says instead of a date,
    # such as "§ 8.06(7) sets no day for payment".
    no_due_day: Text | None = None
    # For an amount that holds only through a day (a lien's payoff, whose interest runs on):
    # the date fact naming that day. The stub prints it, and money received after it is
    # refused, for the amount no longer pays what is owed.
    good_through: Text | None = None


class ReviewSpec(Table):
    # What the recipient may have reviewed, in words that read after "review of": "this
    # refusal", "the Board's decision". The village's law says how (noticeclerk.review).
    of: Text | None = None
    # Who made the determination, to whom a Wisconsin ch. 68 request for review is made
    # (Wis. Stat. § 68.08): "the Director of Public Works".
    made_by: Text | None = None
    # A decision made after the hearing an ordinance gives (Palmyra § 8.15(14)): the section of
    # that hearing. Whether it is the appeal of Wis. Stat. § 68.11, making the decision the
    # final determination, is the village's file's choice ([review] hearing_is_appeal).
    after_hearing: Text | None = None
    # Why the document states no review: the ordinance's own appeal comes first and the final
    # decision states it, or the decision has a statutory appeal of its own.
    none: Text | None = None


class PublicationSpec(Table, kw_only=True):
    """[publication]: the document may be published in the official newspaper, and how."""

    # Wisconsin: the class of notice under Wis. Stat. ch. 985 (1, 2 or 3 insertions, weekly).
    wisconsin_class: Annotated[int, msgspec.Meta(ge=1, le=3)] | None = None
    # Elsewhere: the number of insertions the law names (weekly when more than one).
    insertions: Annotated[int, msgspec.Meta(ge=1, le=10)] | None = None
    # The least number of days between the (last) insertion and the event, as the law
    # authorising the notice states it ("at least 10 days before the hearing").
    days_before: Annotated[int, msgspec.Meta(ge=1, le=365)] | None = None
    # The case fact or event the notice precedes (a hearing); none for a notice that is the
    # service itself, which is published as soon as the newspaper can.
    event: Text | None = None
    # The event in words, for the schedule and its refusals: "the hearing on the report".
    event_words: Text | None = None
    # The law the rule comes from, as the document cites it.
    authority: Text
    # Which insertion is the day of service, where the ordinance allows service by
    # publication: the Village's choice, stated in the affidavit of service.
    served_on: Literal["first", "last"] = "last"


class SignedBySpec(Table):
    name: Text
    title: Text


class NoticeFile(Table):
    """The shape of a notice definition, notices/<village>/<notice-type>.toml."""

    kind: Literal[DOCUMENT_KINDS]  # type: ignore[valid-type]
    title: Text
    template: Text
    sections: Annotated[
        list[Text],
        msgspec.Meta(
            min_length=1, description='a list of the sections cited, such as ["§ 134-42A"]'
        ),
    ]
    signer: Text
    recipient: Literal[RECIPIENTS]  # type: ignore[valid-type]
    service: Annotated[
        list[ServiceSpec],
        msgspec.Meta(
            min_length=1,
            description="a list of the ways the ordinance allows service ([[service]])",
        ),
    ]
    mail_class: Text | None = None
    # The officer who attests the signer's signature (the Clerk under a Board's decision), by
    # the key the village's [officers] gives them.
    attested_by: Text | None = None
    # Where the ordinance has the notice issued by whichever officer made the finding (Luck
    # § 496-10B(1): the Director of Public Works or a law enforcement officer "shall cause the
    # issuance"), the facts that name that officer and give the title: the signature is theirs,
    # not the village file's `signer` (WI attorney review LU3-a).
    signed_by: SignedBySpec | None = None
    # The section whose words require the notice itself to say how it may be served, quoted in
    # a comment beside the key. Only then does the notice list the manners of its [[service]]
    # entries (templates/partials/service_methods.html.j2): otherwise the recipient could not
    # tell which one was used, and the affidavit of service states the one that was.
    states_service: Text | None = None
    # Checked by noticeclerk.rules.deadline_rules, whose vocabulary has its own parameters.
    deadline: dict[str, Any] | None = None
    deadline_lead: (
        Annotated[
            str,
            msgspec.Meta(
                pattern=r"\S",
                description='what is due by the deadline, such as "Comply no later than"',
            ),
        ]
        | None
    ) = None
    # The deadline as a rule in words, printed while the event it counts from (service, mailing,
    # receipt) has not happened yet: a document issued before it is served states no date.
    deadline_words: (
        Annotated[
            str,
            msgspec.Meta(
                pattern=r"\S",
                description='the deadline as a rule, such as "Pay within 10 days after you '
                'receive this bill."',
            ),
        ]
        | None
    ) = None
    # The event that is the document's own date ("the issuance of said notice"): the register
    # fills it with the date the document is issued on, so nobody types it.
    document_date_is: Text | None = None
    # Each fact is decoded on its own, so a mistake names the fact (msgspec names no dict key).
    facts: dict[str, Any] = msgspec.field(default_factory=dict)
    # Events the document prints that no deadline counts from ("the Board's meeting"), each
    # with the words a clerk sees; the events a deadline counts from need no entry.
    events: dict[str, Text] = msgspec.field(default_factory=dict)
    # The documents this one follows in a case, and the facts it takes from the last of them.
    follows: FollowsSpec | None = None
    # In a case over several properties, one document for each property, to its owner. A
    # document addressed to the owner goes to each owner anyway, naming that owner's parcel,
    # unless it is addressed to the public (a notice of the whole district, published).
    to_each_owner: bool = False
    addressed_to_public: bool = False
    # Facts the village's file gives ([readings] in letterhead.toml), never the clerk: where
    # the ordinance can be read two ways, the Village's attorney chooses, and the document says
    # which reading the Village relies on.
    readings: list[Text] = msgspec.field(default_factory=list)
    # An appeal of this document and what it suspends.
    appeal: AppealSpec | None = None
    # A bill several properties share: one for each property's owner, with its share.
    shared: SharedSpec | None = None
    # A document of the village rather than of a parcel (the list of unpaid liens): its case
    # is opened with no parcel, and the register gathers its lines from the other cases.
    gathers: GathersSpec | None = None
    quotes: list[QuoteSpec] = msgspec.field(default_factory=list)
    text: dict[str, str] = msgspec.field(default_factory=dict)
    computation: Text | None = None
    service_effective: Literal["on_service", "on_receipt"] = "on_service"
    next_step: (
        Annotated[
            str,
            msgspec.Meta(pattern=r"\S", description="what the ordinance provides next, in words"),
        ]
        | None
    ) = None
    suspended_by: SuspensionSpec | None = None
    amount_due: Text | None = None
    # A bill's remittance stub: whom to pay (the village's return address says where).
    remittance: RemittanceSpec | None = None
    deadline_counts_from_service: bool = True
    # What the document computes, declared (noticeclerk.computations.declared).
    # Each amount is read on its own, so a mistake names the amount (msgspec names no dict key).
    amounts: dict[str, Any] = msgspec.field(default_factory=dict)
    fees: dict[str, Any] = msgspec.field(default_factory=dict)
    periods: dict[str, Any] = msgspec.field(default_factory=dict)
    checks: list[CheckSpec] = msgspec.field(default_factory=list)
    bills: dict[str, Any] = msgspec.field(default_factory=dict)
    figures: dict[str, Any] = msgspec.field(default_factory=dict)
    # A court's decision against the law the notice enforces; None for settled law.
    legal_status: LegalStatusSpec | None = None
    # A determination its recipient may seek review of: what is reviewed; or why none is stated.
    review: ReviewSpec | None = None
    publication: PublicationSpec | None = None


@dataclass(frozen=True)
class Publication:
    """How a notice type is published: its rule, the event it precedes, the day of service."""

    insertions: int
    wisconsin_class: int | None
    days_before: int | None
    event: str | None
    authority: str
    served_on: str
    event_words: str | None = None

    def rule(self) -> PublicationRule:
        """The rule the insertion schedule is computed from (rules.publication)."""
        return PublicationRule(
            insertions=self.insertions,
            wisconsin_class=self.wisconsin_class,
            days_before=self.days_before,
            authority=self.authority,
            event_words=self.event_words or "the act or event",
        )


@dataclass(frozen=True)
class Review:
    """The review a determination's recipient may seek: what is reviewed and who made it; or,
    with `of` None, why the document states none."""

    of: str | None
    made_by: str | None
    none: str | None
    after_hearing: str | None = None


@dataclass(frozen=True)
class LegalStatus:
    """What a court held of the law a notice type enforces: the catalogue's legal status."""

    status: str
    authority: str
    says: str


@dataclass(frozen=True)
class Fact:
    """One fact a document needs: its name, its kind and the words a clerk sees."""

    name: str
    type: str
    label: str
    may_be_empty: bool = False


@dataclass(frozen=True)
class Quote:
    """A passage of the ordinance, quoted word for word, with its section."""

    section: str
    text: str


@dataclass(frozen=True)
class ServiceMethod:
    """A way the document may be served: the notice's words for it, the section the Village
    relies on, and the ordinance's own words for it where the ordinance has them."""

    method: str
    words: str
    section: str
    quote: str | None = None
    # The case event a recorded service by this method is (see ServiceSpec.records_event).
    records_event: str | None = None
    # Allowed only after a mailing of the document came back (see ServiceSpec.after_return).
    after_return: bool = False
    # The archived record it needs first, and what that record is (ServiceSpec.needs_kept).
    needs_kept: str | None = None
    needs_kept_says: str | None = None


@dataclass(frozen=True)
class Suspension:
    """An event that suspends a notice if it happens before the deadline (an appeal served)."""

    event: str
    words: str


@dataclass(frozen=True)
class Appeal:
    """The documents that show a timely appeal of a document, the law that gives it, and the
    refusal while it is pending (AppealSpec)."""

    papers: tuple[str, ...]
    authority: str
    pending_says: str
    recorded: str | None = None


@dataclass(frozen=True)
class NoticeType:
    """One document the catalogue can produce for one village."""

    village: str
    slug: str
    path: Path
    kind: str
    title: str
    template: str
    sections: tuple[str, ...]
    signer: str
    recipient: str
    mail_class: str | None
    deadline: DeadlineRule | None
    deadline_table: dict[str, Any] | None
    deadline_lead: str | None
    facts: tuple[Fact, ...]
    quotes: tuple[Quote, ...]
    service: tuple[ServiceMethod, ...]
    text: dict[str, str]
    # The section requiring the notice to state how it may be served (NoticeFile.states_service).
    states_service: str | None = None
    computation: str | None = None
    # When service takes effect: on the act of service, or on receipt (a signed return
    # receipt, for mail); the deadline counts from it.
    service_effective: str = "on_service"
    # The officer key of who attests the signature (NoticeFile.attested_by), or None.
    attested_by: str | None = None
    # The facts naming the officer who signs and the title, where the finding's maker signs
    # (NoticeFile.signed_by); None: the village file's officer `signer`.
    signed_by: tuple[str, str] | None = None
    # What the ordinance provides once the deadline passes, for 'noticeclerk due'.
    next_step: str | None = None
    # An event that suspends the notice when recorded before its deadline (an appeal).
    suspended_by: Suspension | None = None
    # For a bill: the computation's figure whose total the bill asks to be paid.
    amount_due: str | None = None
    # For a bill: its remittance stub's officer, and its words where no day is set for payment.
    remittance: RemittanceSpec | None = None
    # Whether serving the document sets the event its deadline counts from. False where the
    # ordinance counts from something else, such as the date of the Board's order.
    deadline_counts_from_service: bool = True
    # The periods, checks, bills and figures the definition declares.
    declared: Declared = NOTHING
    # Events the document prints that no deadline counts from, with their words.
    printed_events: dict[str, str] = field(default_factory=dict)
    # The notice types this one may follow in a case (one of them issued there first), and
    # the facts it takes from the last of them issued: fact name -> what it takes (TAKEABLE).
    follows: tuple[str, ...] = ()
    takes: dict[str, str] = field(default_factory=dict)
    # At most one of this type (not void) for each document it follows, counting the notice
    # types that answer it instead (`[follows] instead_of`).
    once: bool = False
    once_because: str | None = None
    instead_of: tuple[str, ...] = ()
    # Notice types whose issue in the case bars this one, and the sentence the refusal prints
    # ({document} is the number of the one that bars it).
    not_after: tuple[str, ...] = ()
    not_after_says: str | None = None
    # The facts a barring document must have printed to bar it ([follows] not_after_when).
    not_after_when: dict[str, str] = field(default_factory=dict)
    not_after_paid: tuple[str, ...] = ()
    not_after_paid_says: str | None = None
    not_after_listed: tuple[str, ...] = ()
    not_after_listed_says: str | None = None
    # It waits while the followed document's last service came back ([follows] delivered).
    delivered: bool = False
    # It keeps the charges of the document it follows, parcel by parcel ([follows]
    # keeps_charges).
    keeps_charges: bool = False
    # For a cost several properties share, the law that splits it: one document for each
    # property's owner, billing its share (the authority cited), as in Village A § 134-45F.
    shared_by: str | None = None
    # In a case over several properties, one document for each, to its owner of record.
    to_each_owner: bool = False
    # Addressed to the public (a notice of the whole district), not to each owner.
    public: bool = False
    # The fact recording when the Village did the work it bills, and the refusal of work done
    # within the owner's time ([follows] work, work_says).
    work: str | None = None
    work_says: str | None = None
    # Facts the village's file gives ([readings]), never the clerk.
    readings: tuple[str, ...] = ()
    # The documents that show a timely appeal of this one ([appeal]).
    appeal: Appeal | None = None
    # It follows every document of the types it follows in its case, one for each property.
    every: bool = False
    # With `every`, also in a case over one property ([follows] one_property).
    every_one_property: bool = False
    # With `every`, each addressee's document of a property ([follows] each_addressee).
    every_addressee: bool = False
    # What the case records where an "each:" take finds nothing further back ([follows]
    # each_recorded), in a case over one property.
    each_recorded: str | None = None
    # The refusal of a case opened for it, where the law rests it on the documents it follows
    # ([follows] opens_case = false); None where a case may open with it.
    cannot_open_case: str | None = None
    # What it gathers from the village's other cases, for a document of the village.
    gathers: GathersSpec | None = None
    # The deadline as a rule in words, for a document issued before the event it counts from.
    deadline_words: str | None = None
    # The event that is the document's own date, filled by the register when it is issued.
    document_date_is: str | None = None
    # A court's decision against the law it enforces: issued only on the village attorney's
    # written approval (noticeclerk.legal_status).
    legal_status: LegalStatus | None = None
    # The review the document states before its signature (noticeclerk.review); None where
    # the notice type is no determination.
    review: Review | None = None
    # How it is published in the official newspaper; None for a document that is not.
    publication: Publication | None = None

    @property
    def anchor(self) -> str | None:
        """The event the deadline counts from, or None where it counts from no event."""
        return deadline_anchor(self.deadline) if self.deadline is not None else None

    def awaits_anchor(self, events: Mapping[str, object]) -> bool:
        """Whether the deadline counts from an act after the document is made (its service,
        mailing or receipt) that has not happened yet: the document then states the rule in
        words and the register computes the date when the act is recorded."""
        return (
            self.deadline_counts_from_service
            and self.anchor is not None
            and self.anchor != self.document_date_is
            and self.anchor not in events
        )

    @property
    def takes_events(self) -> dict[str, str]:
        """The facts it takes from events the case recorded: fact name -> event name."""
        return {
            name: taken.removeprefix(EVENT)
            for name, taken in self.takes.items()
            if taken.startswith(EVENT)
        }

    @property
    def takes_printed(self) -> dict[str, str]:
        """The facts it takes as the document it follows printed them: fact name -> the name
        there, after any "follows." (which goes further back)."""
        found = {}
        for name, taken in self.takes.items():
            base = taken
            while base.startswith(BACK):
                base = base.removeprefix(BACK)
            if base.startswith(PRINTED):
                found[name] = base.removeprefix(PRINTED)
        return found

    @property
    def to_owners(self) -> bool:
        """Whether, in a case over several properties, it goes to the owner of each, naming
        that owner's parcel: declared so, or addressed to the owner and not to the public (a
        follow-up of one owner's document is about that owner's parcel alone)."""
        return self.to_each_owner or (
            self.recipient == "owner"
            and not self.public
            and not self.every
            and self.gathers is None
            and self.kind != "publication"
        )

    @property
    def takes_by_parcel(self) -> list[str]:
        """The facts it takes of one parcel of the document it follows (its lines, premises);
        not those it takes of each property's document in turn ("each:")."""
        return [
            name
            for name, taken in self.takes.items()
            if taken.rpartition(".")[2].startswith("parcel_") and not taken.startswith(EACH)
        ]

    @property
    def recorded_facts(self) -> tuple[Fact, ...]:
        """The facts a clerk records; the others are taken from the document it follows or
        gathered from the register."""
        return tuple(
            fact
            for fact in self.facts
            if fact.name not in self.takes
            and fact.name != self.gathered_fact
            and fact.name not in self.readings
        )

    @property
    def gathered_fact(self) -> str | None:
        """The fact the register fills from the village's other cases, if any."""
        return self.gathers.fact if self.gathers else None

    @property
    def event_names(self) -> frozenset[str]:
        """The events a case of this notice type may record: those its deadline and declared
        periods count from (service, mailing, receipt...) and the one that suspends it."""
        facts = {fact.name for fact in self.facts}
        names = set()
        for rule in (self.deadline, *self.declared.periods.values()):
            anchor = deadline_anchor(rule) if rule is not None else None
            if anchor and anchor not in facts and anchor not in self.declared.periods:
                names.add(anchor)
        if self.suspended_by is not None:
            names.add(self.suspended_by.event)
        names.update(self.takes_events.values())
        return frozenset(names | set(self.printed_events))


def readings_of(notice: NoticeType, village: Village) -> dict[str, str]:
    """The readings a notice type asks of the village's file ([readings]), as facts; a reading
    the file does not give is one sentence naming the key to add."""
    found = {}
    for name in notice.readings:
        if name not in village.readings:
            fact = next(fact for fact in notice.facts if fact.name == name)
            raise ConfigError(
                village.path,
                f"readings.{name}",
                f"is missing: the {notice.title} needs the reading of the ordinance the Village "
                f"relies on ({fact.label}); the village attorney chooses it",
            )
        found[name] = village.readings[name]
    return found


def notice_names(village: str, workspace: Path | None = None) -> list[str]:
    """The notice types one village has, built in or in the workspace."""
    names: set[str] = set()
    for place in content_dirs("notices", workspace):
        folder = place / village
        if folder.is_dir():
            names.update(p.stem for p in folder.glob("*.toml"))
    return sorted(names)


def load_notice(village: str, slug: str, workspace: Path | None = None) -> NoticeType:
    """Read and check one notice definition."""
    if not NAME_PATTERN.match(slug):
        raise InputError(
            f"'{slug}' is not a notice type name; use lower-case letters, digits and dashes."
        )
    path = find_content_file("notices", f"{village}/{slug}.toml", workspace)
    if path is None:
        known = ", ".join(notice_names(village, workspace)) or "none"
        raise InputError(f"The village '{village}' has no notice type '{slug}'; it has: {known}.")
    # The village's state decides whether a rule must say what kind of act it asks for.
    found = load_village(village, workspace)
    # Read once while neither file changes: a batch or a list of what is due asks for the
    # same notice types again and again, and a long-running process sees an edited file.
    stat, village_stat = path.stat(), found.path.stat()
    key = (
        village,
        slug,
        workspace,
        path,
        stat.st_mtime_ns,
        stat.st_size,
        village_stat.st_mtime_ns,
        village_stat.st_size,
    )
    if key not in _READ:
        notice = _notice_from_table(village, slug, path, read_toml(path), found.state)
        _check_two_day_reading(found, notice)
        _READ[key] = notice
    return _READ[key]


# Notice types as read, by their file and their village's file as they stood when read.
_READ: dict[tuple[object, ...], NoticeType] = {}


def _check_two_day_reading(village: Village, notice: NoticeType) -> None:
    """A New York notice type with a period of two days needs the village's reading of it."""
    if village.state is not Jurisdiction.NY or village.calendar.two_day_periods is not None:
        return
    rules = {
        "deadline": notice.deadline,
        **{f"periods.{name}": rule for name, rule in notice.declared.periods.items()},
    }
    for key, rule in rules.items():
        if isinstance(rule, DaysRule) and rule.count == 2:
            raise ConfigError(
                village.path,
                TWO_DAY_KEY,
                f"is missing, and the notice type {notice.slug} has a period of two days "
                f"({key}): say whether the Village counts it by the two-day rule of N.Y. Gen. "
                "Constr. Law § 20, which leaves out an intervening Saturday, Sunday or public "
                f'holiday (two_day_periods = "{TwoDayPeriods.GCL_20.value}"), or as calendar '
                "days, every day counted "
                f'(two_day_periods = "{TwoDayPeriods.CALENDAR_DAYS.value}")',
            )


ACT_CHOICES = ", ".join(f'"{act.value}"' for act in Act)


def _check_act(path: Path, key: str, rule: DeadlineRule, state: Jurisdiction | None) -> None:
    """A Wisconsin rule says what it asks for; a New York rule has nothing to say."""
    if state is Jurisdiction.WI and rule.act is None:
        raise ConfigError(
            path,
            key,
            f"must say what the deadline asks for, with act = one of {ACT_CHOICES}: in "
            "Wisconsin a Saturday moves the last day only of a payment, service or filing at an "
            "office (Wis. Stat. § 990.001(4)(c))",
        )
    if state is Jurisdiction.NY and rule.act is not None:
        raise ConfigError(
            path,
            f"{key}.act",
            "applies only in Wisconsin: New York's Gen. Constr. Law § 25-a moves the last day "
            "of every act off a Saturday, Sunday or public holiday; remove it",
        )


def _notice_from_table(
    village: str,
    slug: str,
    path: Path,
    data: dict[str, Any],
    state: Jurisdiction | None = None,
) -> NoticeType:
    table = decode(path, data, NoticeFile)
    deadline = None
    if table.deadline is not None:
        rule = parse_rule(table.deadline, path, "deadline")
        if isinstance(rule, ClosedSeasonRule):
            raise ConfigError(
                path, "deadline", "a closed_season rule checks dates; it is not a deadline"
            )
        deadline = rule
        if table.deadline_lead is None:
            raise ConfigError(
                path,
                "deadline_lead",
                'must say what is due by the deadline, such as "Comply no later than"',
            )
        _check_act(path, "deadline", rule, state)
    anchor = deadline_anchor(deadline) if deadline is not None else None
    if (
        table.deadline_words is None
        and table.deadline_counts_from_service
        and anchor is not None
        and anchor != table.document_date_is
    ):
        raise ConfigError(
            path,
            "deadline_words",
            f"the deadline counts from '{anchor}', which happens after the document is made; "
            'state the rule in words for a document not yet served, such as "Pay within 10 '
            'days after you receive this bill."',
        )
    if table.document_date_is is not None and table.document_date_is not in (
        anchor,
        *table.events,
    ):
        raise ConfigError(
            path,
            "document_date_is",
            "must name the event the deadline counts from, or one declared under [events]",
        )
    if table.computation is not None and table.computation not in COMPUTATIONS:
        raise ConfigError(path, "computation", f"must be one of {', '.join(sorted(COMPUTATIONS))}")
    facts = _facts(path, table.facts)
    chosen = getattr(deadline, "count", None)
    if isinstance(chosen, str) and chosen not in {f.name for f in facts if f.type == "integer"}:
        raise ConfigError(
            path, "deadline.count", f"'{chosen}' is not an integer fact of this notice type"
        )
    declared = _declared(path, table, facts)
    for name, period in declared.periods.items():
        _check_act(path, f"periods.{name}", period, state)
    if table.shared is not None and table.amount_due is None:
        raise ConfigError(path, "shared", "splits a bill; name the bill in 'amount_due'")
    if (
        table.amount_due is not None
        and table.amount_due not in declared.bills
        and (table.computation is None)
    ):
        raise ConfigError(
            path,
            "amount_due",
            "names a bill the notice computes; declare it under [bills] or name a 'computation'",
        )
    _check_remittance(path, table, deadline, {fact.name: fact.type for fact in facts})
    counted_from = {
        deadline_anchor(rule)
        for rule in (deadline, *declared.periods.values())
        if rule is not None and deadline_anchor(rule)
    }
    for entry in table.service:
        if entry.records_event is not None and entry.records_event not in counted_from:
            raise ConfigError(
                path,
                "service.records_event",
                f"'{entry.records_event}' is no event the deadline or a period counts from; "
                f"name one of: {', '.join(sorted(counted_from)) or '(none)'}",
            )
    takes = _takes(path, table.follows, facts) if table.follows else {}
    declared = dataclasses.replace(declared, optional=frozenset(takes))
    return NoticeType(
        village=village,
        slug=slug,
        path=path,
        kind=table.kind,
        title=table.title.strip(),
        template=table.template.strip(),
        sections=tuple(table.sections),
        signer=table.signer.strip(),
        attested_by=None if table.attested_by is None else table.attested_by.strip(),
        signed_by=_signed_by(path, table.signed_by, facts),
        recipient=table.recipient,
        mail_class=table.mail_class,
        deadline=deadline,
        deadline_table=dict(table.deadline) if deadline is not None else None,
        deadline_lead=table.deadline_lead,
        facts=tuple(facts),
        quotes=tuple(Quote(q.section, q.text.strip()) for q in table.quotes),
        service=tuple(
            ServiceMethod(
                entry.method,
                entry.words.strip(),
                entry.section,
                " ".join(entry.quote.split()) if entry.quote else None,
                entry.records_event,
                entry.after_return,
                entry.needs_kept,
                entry.needs_kept_says.strip() if entry.needs_kept_says else None,
            )
            for entry in table.service
        ),
        text={key: value.strip() for key, value in table.text.items()},
        states_service=printed_setting(path, "states_service", table.states_service),
        computation=table.computation,
        service_effective=table.service_effective,
        next_step=table.next_step.strip() if table.next_step else None,
        suspended_by=(
            Suspension(table.suspended_by.event, table.suspended_by.words.strip())
            if table.suspended_by
            else None
        ),
        amount_due=table.amount_due,
        remittance=_remittance(path, table.remittance),
        deadline_counts_from_service=table.deadline_counts_from_service,
        declared=declared,
        printed_events=dict(table.events),
        follows=tuple(table.follows.documents) if table.follows else (),
        takes=takes,
        once=_once(table),
        once_because=(
            " ".join(table.follows.once_because.split())
            if table.follows and table.follows.once_because
            else None
        ),
        instead_of=tuple(table.follows.instead_of) if table.follows else (),
        not_after=tuple(table.follows.not_after) if table.follows else (),
        not_after_when=dict(table.follows.not_after_when) if table.follows else {},
        delivered=table.follows.delivered if table.follows else False,
        keeps_charges=table.follows.keeps_charges if table.follows else False,
        not_after_says=(
            table.follows.not_after_says.strip()
            if table.follows and table.follows.not_after_says
            else None
        ),
        not_after_paid=tuple(table.follows.not_after_paid) if table.follows else (),
        not_after_paid_says=(
            table.follows.not_after_paid_says.strip()
            if table.follows and table.follows.not_after_paid_says
            else None
        ),
        not_after_listed=tuple(table.follows.not_after_listed) if table.follows else (),
        not_after_listed_says=(
            table.follows.not_after_listed_says.strip()
            if table.follows and table.follows.not_after_listed_says
            else None
        ),
        shared_by=table.shared.authority.strip() if table.shared else None,
        to_each_owner=table.to_each_owner or table.shared is not None,
        public=table.addressed_to_public,
        work=table.follows.work if table.follows else None,
        work_says=(
            " ".join(table.follows.work_says.split())
            if table.follows and table.follows.work_says
            else None
        ),
        readings=_readings(path, table, facts),
        appeal=(
            Appeal(
                tuple(table.appeal.papers),
                table.appeal.authority.strip(),
                " ".join(table.appeal.pending_says.split()),
                table.appeal.recorded,
            )
            if table.appeal
            else None
        ),
        every=table.follows.every if table.follows else False,
        every_one_property=bool(table.follows and table.follows.one_property),
        every_addressee=bool(table.follows and table.follows.each_addressee),
        each_recorded=table.follows.each_recorded if table.follows else None,
        cannot_open_case=_cannot_open_case(path, table.follows),
        gathers=_gathers(path, table, facts),
        deadline_words=table.deadline_words.strip() if table.deadline_words else None,
        document_date_is=table.document_date_is,
        legal_status=_legal_status(path, table.legal_status),
        review=_review(path, table.review),
        publication=_publication(path, table.publication, state),
    )


def _cannot_open_case(path: Path, follows: FollowsSpec | None) -> str | None:
    """[follows] opens_case = false: the sentence refusing a case opened for it, which the
    definition must give (the law that rests it on what it follows, and where to begin)."""
    if follows is None or follows.opens_case:
        if follows is not None and follows.opens_case_says:
            raise ConfigError(
                path, "follows.opens_case_says", "is said only with opens_case = false"
            )
        return None
    if not (follows.opens_case_says or "").strip():
        raise ConfigError(
            path,
            "follows.opens_case_says",
            "must say why a case cannot be opened for it and which document to open it for",
        )
    return " ".join(follows.opens_case_says.split())


def _publication(
    path: Path, spec: PublicationSpec | None, state: Jurisdiction | None
) -> Publication | None:
    """[publication]: a Wisconsin notice names its class under ch. 985, any other its number of
    insertions; not both."""
    if spec is None:
        return None
    if (spec.wisconsin_class is None) == (spec.insertions is None):
        raise ConfigError(
            path,
            "publication",
            "must give either wisconsin_class (1, 2 or 3, Wis. Stat. ch. 985) or insertions "
            "(the number the law names), not both or neither",
        )
    if spec.wisconsin_class is not None and state is not None and state != Jurisdiction.WI:
        raise ConfigError(
            path,
            "publication.wisconsin_class",
            f"is a Wisconsin class of notice, but this village is in {state.state_name}; give "
            "insertions and the law that names them",
        )
    if (spec.event is None) != (spec.event_words is None):
        raise ConfigError(
            path,
            "publication",
            "must give event and event_words together: the case's fact the notice precedes, "
            'and its words ("the hearing on the report")',
        )
    return Publication(
        event_words=spec.event_words,
        insertions=spec.wisconsin_class or spec.insertions or 1,
        wisconsin_class=spec.wisconsin_class,
        days_before=spec.days_before,
        event=spec.event,
        authority=printed_setting(path, "publication.authority", spec.authority),
        served_on=spec.served_on,
    )


def _review(path: Path, spec: ReviewSpec | None) -> Review | None:
    """A determination states the review available ('of'), or says why it states none."""
    if spec is None:
        return None
    of, made_by, none = (
        printed_setting(path, f"review.{name}", getattr(spec, name))
        for name in ("of", "made_by", "none")
    )
    if (of is None) == (none is None):
        raise ConfigError(
            path,
            "review",
            "must give either 'of', what the recipient may have reviewed (\"this refusal\"), or "
            "'none', why the document states no review",
        )
    if none is not None and made_by is not None:
        raise ConfigError(path, "review.made_by", "is for a review the document states; remove it")
    after_hearing = printed_setting(path, "review.after_hearing", spec.after_hearing)
    return Review(of, made_by, none, after_hearing)


def _legal_status(path: Path, spec: LegalStatusSpec | None) -> LegalStatus | None:
    if spec is None:
        return None
    authority = printed_setting(path, "legal_status.authority", spec.authority)
    says = printed_setting(path, "legal_status.says", spec.says)
    assert authority is not None and says is not None  # both are required by the schema
    return LegalStatus(spec.status, authority, says.rstrip("."))


def _remittance(path: Path, spec: RemittanceSpec | None) -> RemittanceSpec | None:
    """A bill's stub: whom to pay and, without a deadline, what it says of the due day."""
    if spec is None:
        return None
    pay_to = printed_setting(path, "remittance.pay_to", spec.pay_to)
    assert pay_to is not None  # required by the schema
    no_due_day = printed_setting(path, "remittance.no_due_day", spec.no_due_day)
    return RemittanceSpec(pay_to, no_due_day, spec.good_through)


def _gathers(path: Path, table: NoticeFile, facts: list[Fact]) -> GathersSpec | None:
    gathers = table.gathers
    if gathers is None:
        return None
    kinds = {fact.name: fact.type for fact in facts}
    if kinds.get(gathers.fact) != "text_list":
        raise ConfigError(path, "gathers.fact", "must name a text_list fact of this notice type")
    if table.follows is not None:
        raise ConfigError(path, "gathers", "a document of the village follows none in its case")
    return gathers


def _declared(path: Path, table: NoticeFile, facts: list[Fact]) -> Declared:
    """The declared amounts, fees, periods, checks, bills and figures, every name checked."""
    kinds = {fact.name: fact.type for fact in facts}
    amounts = {}
    for name, text in table.amounts.items():
        _unique_name(path, f"amounts.{name}", name, kinds)
        if not (isinstance(text, str) and _AMOUNT.fullmatch(text)):
            raise ConfigError(
                path, f"amounts.{name}", 'must be an amount in quotes, such as "100,000.00"'
            )
        amounts[name] = Decimal(text.replace(",", "").removeprefix("$"))
    # A fee may take a fact from a fee declared before it (the fee paid at grant, against which
    # a deposit's refund is figured).
    fees: dict[str, DeclaredFee] = {}
    for name, entry in table.fees.items():
        fees[name] = _fee(path, name, entry, {**kinds, **dict.fromkeys(fees, "money")}, amounts)
    money = {**dict.fromkeys(amounts, "money"), **dict.fromkeys(fees, "money")}
    periods, quiet, counted_by = _periods(path, table, kinds, money)
    known = set(kinds) | set(periods) | set(money) | {"today"} | {f"{fee}.*" for fee in fees}
    kinds = {**kinds, **money, "today": "date"}
    for name in table.bills:
        _unique_name(path, f"bills.{name}", name, known)
    # A check may name a bill; it is then made once the bills are computed.
    bill_names = set(table.bills)
    checks = tuple(
        _check(path, index, spec, known | bill_names, kinds)
        for index, spec in enumerate(table.checks)
    )
    bills = {}
    for name, entry in table.bills.items():
        bills[name] = _bill(path, name, entry, kinds, known)
        known.add(name)
        kinds[name] = "money"
    figures: dict[str, Choice | Copy | Holds | Lookup] = {}
    for name, entry in table.figures.items():
        figures[name] = _figure(path, name, entry, known, kinds, money)
    return Declared(
        periods,
        checks,
        bills,
        figures,
        kinds,
        amounts,
        fees,
        quiet_periods=frozenset(quiet),
        counted_by=counted_by,
    )


def _figure(
    path: Path,
    name: str,
    entry: object,
    known: set[str],
    kinds: dict[str, str],
    money: dict[str, str],
) -> Choice | Copy | Holds | Lookup:
    key = f"figures.{name}"
    spec = decode(path, entry, FigureSpec, prefix=f"{key}.")
    ways = [way for way in ("fact", "choose_by", "each_of", "holds") if getattr(spec, way)]
    if len(ways) != 1:
        raise ConfigError(
            path,
            key,
            "give one of 'fact' (printed as it is), 'choose_by' with 'words', 'each_of' with "
            "'words' (each item of a list looked up) or 'holds' (a comparison, true or false)",
        )
    if name not in (spec.fact, spec.choose_by, spec.each_of):  # a fact's figure may take its name
        _unique_name(path, key, name, known)
    if spec.refuse and not (spec.choose_by or spec.each_of):
        raise ConfigError(path, f"{key}.refuse", "refuses only with 'choose_by' or 'each_of'")
    if spec.holds is not None:
        comparison, operand = _comparison(
            path,
            f"{key}.holds",
            decode(path, spec.holds, ComparisonSpec, f"{key}.holds."),
            known,
            kinds,
        )
        return Holds(Check(spec.holds["fact"], comparison, operand, ""))
    named = spec.fact or spec.choose_by or spec.each_of
    if named not in kinds or named in money or named == "today":
        raise ConfigError(path, key, f"'{named}' is not a fact of this notice type")
    if spec.fact is not None:
        if spec.spell == "number" and kinds[named] not in ("number", "integer", "money"):
            raise ConfigError(
                path, f"{key}.spell", f"'{named}' is a {kinds[named]} fact, not a number"
            )
        return Copy(named, spell_number=spec.spell == "number")
    if not spec.words:
        raise ConfigError(path, f"{key}.words", "must give the words for each value")
    if spec.choose_by is not None:
        if spec.refuse:
            _placeholders(path, f"{key}.refuse", spec.refuse, known)
        return Choice(spec.choose_by, dict(spec.words), spec.refuse)
    if kinds[named] != "text_list":
        raise ConfigError(path, f"{key}.each_of", f"'{named}' is not a text_list fact")
    if not spec.refuse:
        raise ConfigError(
            path, f"{key}.refuse", "must say why an item the words do not have is refused"
        )
    _placeholders(path, f"{key}.refuse", spec.refuse, {"item"})
    return Lookup(named, dict(spec.words), spec.refuse)


def _fee(
    path: Path, name: str, entry: object, kinds: dict[str, str], taken: dict[str, Decimal]
) -> DeclaredFee:
    key = f"fees.{name}"
    _unique_name(path, key, name, {**kinds, **taken})
    spec = decode(path, entry, FeeSpec, prefix=f"{key}.")
    measures = set(FeeFacts.__dataclass_fields__)
    for measure, fact in spec.facts.items():
        if measure not in measures:
            raise ConfigError(
                path, f"{key}.facts.{measure}", f"must be one of: {', '.join(sorted(measures))}"
            )
        if kinds.get(fact) not in ("number", "integer", "money"):
            raise ConfigError(
                path,
                f"{key}.facts.{measure}",
                f"'{fact}' is not a number or money fact, nor a fee declared before it",
            )
    if spec.rate is not None and kinds.get(spec.rate) not in ("number", "money"):
        raise ConfigError(path, f"{key}.rate", f"'{spec.rate}' is not a number or money fact")
    return DeclaredFee(spec.rule, dict(spec.facts), spec.rate)


def _periods(
    path: Path, table: NoticeFile, kinds: dict[str, str], money: dict[str, str]
) -> tuple[dict[str, DeadlineRule], set[str], dict[str, str]]:
    dated = {name for name, kind in kinds.items() if kind in ("date", "datetime")}
    # The event the register fills with the document's own date is known when it is made, so a
    # period may count from it (the earliest end of a time that runs from receipt).
    if table.document_date_is is not None:
        dated.add(table.document_date_is)
    # So is the event a deadline not moved by service counts from (the publication): the case
    # records it before the document can be issued, so a period may count from it too.
    if table.deadline is not None and not table.deadline_counts_from_service:
        anchor = deadline_anchor(parse_rule(dict(table.deadline), path, "deadline"))
        if anchor is not None:
            dated.add(anchor)
    periods: dict[str, DeadlineRule] = {}
    quiet = set()
    counted_by = {}
    for name, given in table.periods.items():
        key = f"periods.{name}"
        _unique_name(path, key, name, {**kinds, **money})
        rule_table = dict(given) if isinstance(given, dict) else given
        reasons = rule_table.pop("reasons", None) if isinstance(rule_table, dict) else None
        if isinstance(rule_table, dict) and isinstance(rule_table.get("count"), str):
            # "the longer period the permit states": the count is the case's, read when computed.
            fact = rule_table["count"]
            if kinds.get(fact) != "integer":
                raise ConfigError(
                    path, f"{key}.count", f"'{fact}' is not an integer fact of this notice type"
                )
            counted_by[name] = fact
            rule_table["count"] = 1
        rule = parse_rule(rule_table, path, key)
        if isinstance(rule, ClosedSeasonRule):
            raise ConfigError(path, key, "a closed_season rule checks dates; it is not a period")
        if reasons is not None:
            if reasons != "only_when_moved" or not isinstance(rule, FixedDayRule):
                raise ConfigError(
                    path,
                    f"{key}.reasons",
                    'may only be "only_when_moved", for a fixed_day period (a day an officer '
                    "or board fixed prints its reasons only when it had to move)",
                )
            quiet.add(name)
        anchor = deadline_anchor(rule)
        if anchor is not None and anchor not in dated and anchor not in periods:
            raise ConfigError(
                path,
                key,
                f"counts from '{anchor}', which is neither a date fact of this notice type, its "
                "document_date_is, nor a period declared before it",
            )
        for fact_key in ("depth", "fact"):
            named = getattr(rule, fact_key, None)
            if isinstance(named, str) and named not in kinds:
                raise ConfigError(
                    path, f"{key}.{fact_key}", f"'{named}' is not a fact of this notice type"
                )
        periods[name] = rule
    return periods, quiet, counted_by


def _bill(
    path: Path, name: str, entry: object, kinds: dict[str, str], known: set[str]
) -> DeclaredBill:
    key = f"bills.{name}"
    spec = decode(path, entry, BillSpec, prefix=f"{key}.")
    if spec.lines is not None and kinds.get(spec.lines) != "cost_lines":
        raise ConfigError(path, f"{key}.lines", f"'{spec.lines}' is not a cost_lines fact")
    for number, group in enumerate(spec.groups):
        if kinds.get(group.lines) != "cost_lines":
            raise ConfigError(
                path, f"{key}.groups[{number}].lines", f"'{group.lines}' is not a cost_lines fact"
            )
    if spec.percent is not None:
        _placeholders(
            path, f"{key}.percent.description", spec.percent.description, known | {"subtotal"}
        )
    for number, item in enumerate(spec.items):
        if item.amount not in known or kinds.get(item.amount) != "money":
            raise ConfigError(
                path,
                f"{key}.items[{number}].amount",
                f"'{item.amount}' is not a money fact, an amount, a fee or a bill before it",
            )
        _placeholders(path, f"{key}.items[{number}].description", item.description, known)
    if spec.lines is None and not spec.items and not spec.groups:
        raise ConfigError(path, key, "has nothing to bill; give 'lines', 'groups' or 'items'")
    if spec.refuse_nothing:
        _placeholders(path, f"{key}.refuse_nothing", spec.refuse_nothing, known)
    return DeclaredBill(
        spec.authority,
        spec.lines,
        tuple(
            BillItem(
                i.description,
                i.amount,
                Decimal(i.percent) if i.percent is not None else None,
                i.subtract,
            )
            for i in spec.items
        ),
        spec.refuse_nothing,
        groups=tuple((group.lines, group.label) for group in spec.groups),
        percent=(
            Percent(Decimal(spec.percent.rate), spec.percent.description) if spec.percent else None
        ),
        items_first=spec.items_first,
    )


def _check_remittance(
    path: Path, table: NoticeFile, deadline: object, kinds: Mapping[str, str]
) -> None:
    """A bill ends with a remittance stub, so it names whom to pay and, where no deadline is
    set, what the stub says in place of a due date."""
    if table.amount_due is None:
        if table.remittance is not None:
            raise ConfigError(path, "remittance", "is for a bill; name the bill in 'amount_due'")
        return
    if table.remittance is None:
        raise ConfigError(
            path,
            "remittance",
            "is missing: a bill ends with a remittance stub; say whom to pay, such as "
            '[remittance] pay_to = "Village Clerk"',
        )
    good_through = table.remittance.good_through
    if good_through is not None and kinds.get(good_through) != "date":
        raise ConfigError(
            path,
            "remittance.good_through",
            f"names '{good_through}', which is not a date fact of this notice type",
        )
    if deadline is not None and good_through is not None:
        raise ConfigError(
            path,
            "remittance.good_through",
            "is for a bill with no deadline; this one has a deadline, so remove it",
        )
    if deadline is None and table.remittance.no_due_day is None and good_through is None:
        raise ConfigError(
            path,
            "remittance.no_due_day",
            "is missing: the bill sets no day for payment, so say what the stub prints instead "
            'of a due date, such as "§ 8.06(7) sets no day for payment"',
        )
    if deadline is not None and table.remittance.no_due_day is not None:
        raise ConfigError(
            path,
            "remittance.no_due_day",
            "is for a bill with no deadline; this one has a deadline, so remove it",
        )


def _once(table: NoticeFile) -> bool:
    """Whether a follow-up is given once for each document it follows: as declared, and a bill
    unless it says otherwise."""
    if table.follows is None:
        return False
    if table.follows.once is not None:
        return table.follows.once
    return table.kind == "bill"


def _readings(path: Path, table: NoticeFile, facts: list[Fact]) -> tuple[str, ...]:
    """The text facts the village's file gives ([readings])."""
    kinds = {fact.name: fact.type for fact in facts}
    for name in table.readings:
        if kinds.get(name) != "text":
            raise ConfigError(
                path,
                "readings",
                f"'{name}' must be a text fact of this notice type: a reading the village's "
                "file gives in words",
            )
    return tuple(table.readings)


def _takes(path: Path, follows: FollowsSpec, facts: list[Fact]) -> dict[str, str]:
    if follows.instead_of and not follows.once:
        raise ConfigError(
            path,
            "follows.instead_of",
            "names the alternatives of a document given once; add once = true",
        )
    if follows.not_after_when and not follows.not_after:
        raise ConfigError(
            path, "follows.not_after_when", "says when a not_after document bars it; add not_after"
        )
    for name in follows.not_after_when:
        if not _FACT_NAME.fullmatch(name):
            raise ConfigError(path, f"follows.not_after_when.{name}", "must be a fact's name")
    for key in ("not_after", "not_after_paid", "not_after_listed"):
        types, says = getattr(follows, key), getattr(follows, f"{key}_says")
        if bool(types) != bool(says and says.strip()):
            raise ConfigError(
                path,
                f"follows.{key}_says" if types else f"follows.{key}",
                f"{key} names the notice types that bar this one and {key}_says the sentence "
                "the refusal prints; give both",
            )
        if says:
            _placeholders(path, f"follows.{key}_says", says, {"document"})
    kinds = {fact.name: fact.type for fact in facts}
    if (follows.work is None) != (follows.work_says is None):
        raise ConfigError(
            path,
            "follows.work_says" if follows.work else "follows.work",
            "work names the fact recording when the Village did the work and work_says the "
            "sentence refusing work done within the owner's time; give both",
        )
    if follows.work is not None:
        if kinds.get(follows.work) not in ("date", "datetime"):
            raise ConfigError(
                path, "follows.work", f"'{follows.work}' must be a date or date-time fact"
            )
        _placeholders(
            path, "follows.work_says", follows.work_says or "", {"work", "deadline", "document"}
        )
    if follows.one_property and not follows.every:
        raise ConfigError(path, "follows.one_property", "is said only with every = true")
    if follows.each_addressee and not follows.every:
        raise ConfigError(path, "follows.each_addressee", "is said only with every = true")
    if follows.each_recorded is not None and not _FACT_NAME.fullmatch(follows.each_recorded):
        raise ConfigError(path, "follows.each_recorded", "must be the name of a case's fact")
    for name, taken in follows.takes.items():
        key = f"follows.takes.{name}"
        if taken.startswith(EVENT):
            if not re.fullmatch(r"[a-z][a-z0-9_]*", taken.removeprefix(EVENT)):
                raise ConfigError(path, key, f"'{EVENT}' must be followed by an event's name")
            if kinds.get(name) != "date":
                raise ConfigError(path, key, f"'{name}' must be a date fact to take an event")
            continue
        if taken.startswith(EACH):
            _each_take(path, key, follows, name, taken, kinds)
            continue
        base = taken
        while base.startswith(BACK):
            base = base.removeprefix(BACK)
        if base.startswith(PRINTED):
            # Its kind is checked against the followed notice types (register.chains).
            if not _FACT_NAME.fullmatch(base.removeprefix(PRINTED)):
                raise ConfigError(path, key, f"'{PRINTED}' must be followed by a fact's name")
            if name not in kinds:
                raise ConfigError(path, key, f"'{name}' is not a fact of this notice type")
            continue
        if base not in TAKEABLE:
            raise ConfigError(
                path,
                key,
                f"must be one of: {', '.join(TAKEABLE)}; or one of them after '{BACK}' to take "
                "it from the document the followed one follows",
            )
        if follows.every and taken not in TAKEABLE_FROM_EVERY:
            words = " or ".join(TAKEABLE_FROM_EVERY)
            raise ConfigError(path, key, f"with every = true it takes only {words}")
        if taken == "documents" and not follows.every:
            raise ConfigError(path, key, "takes a line from every document; add every = true")
        if name not in kinds:
            raise ConfigError(path, key, f"'{name}' is not a fact of this notice type")
        if kinds[name] != TAKEABLE[base]:
            raise ConfigError(
                path, key, f"'{name}' is a {kinds[name]} fact; {taken} gives a {TAKEABLE[base]}"
            )
    return dict(follows.takes)


def _each_take(
    path: Path, key: str, follows: FollowsSpec, name: str, taken: str, kinds: dict[str, str]
) -> None:
    """With `every`, a take written each:WHAT: a line for each document, of WHAT it gives."""
    if not follows.every:
        raise ConfigError(path, key, f"'{EACH}' takes a line from every document; add every = true")
    base = taken.removeprefix(EACH)
    while base.startswith(BACK):
        base = base.removeprefix(BACK)
    if base not in TAKEABLE or base in ("documents", "payments", "service_history"):
        raise ConfigError(
            path,
            key,
            f"'{EACH}' must be followed by what one document gives, such as "
            f"{EACH}{BACK}parcel_total",
        )
    if kinds.get(name) != "text_list":
        raise ConfigError(path, key, f"'{name}' must be a text_list fact to take a line for each")


def _unique_name(path: Path, key: str, name: str, taken: object) -> None:
    if name in taken:  # type: ignore[operator]
        raise ConfigError(path, key, f"'{name}' is already the name of a fact or figure")


def _check(
    path: Path, index: int, spec: CheckSpec, known: set[str], kinds: dict[str, str]
) -> Check:
    key = f"checks[{index}]"
    comparison, operand = _comparison(path, key, spec, known, kinds)
    if not spec.says.strip():
        raise ConfigError(path, f"{key}.says", "must give the sentence the refusal prints")
    for name, value in spec.when.items():
        if name not in kinds:
            raise ConfigError(
                path, f"{key}.when.{name}", f"'{name}' is not a fact of this notice type"
            )
        # A value of the wrong kind ("true" for a yes-or-no fact) would never match, and the
        # refusal the ordinance requires would silently never be made.
        if isinstance(value, bool) != (kinds[name] == "boolean"):
            wanted = "true or false" if kinds[name] == "boolean" else "text in quotes"
            raise ConfigError(
                path, f"{key}.when.{name}", f"'{name}' is a {kinds[name]} fact; write {wanted}"
            )
    # A list refused for a word it names may print the word and the line it stands in.
    extra = {"item", "line"} if comparison == "names_none" else set()
    _placeholders(path, f"{key}.says", spec.says, known | extra)
    return Check(spec.fact, comparison, operand, spec.says.strip(), dict(spec.when))


def _comparison(
    path: Path, key: str, spec: ComparisonSpec, known: set[str], kinds: dict[str, str]
) -> tuple[str, Any]:
    """The one comparison a check or a true-or-false figure makes, its names checked."""
    given = [c for c in COMPARISONS if getattr(spec, c) is not None]
    if len(given) != 1:
        raise ConfigError(path, key, f"must make exactly one comparison: {', '.join(COMPARISONS)}")
    comparison = given[0]
    if spec.fact not in known:
        raise ConfigError(
            path, f"{key}.fact", f"'{spec.fact}' is not a fact or period of this notice type"
        )
    operand = getattr(spec, comparison)
    if comparison == "one_of":
        operand = tuple(operand)
    elif comparison in ("not_empty", "names_none"):
        if kinds.get(spec.fact) not in ("text_list", "cost_lines"):
            raise ConfigError(path, f"{key}.{comparison}", f"'{spec.fact}' is not a list fact")
        if comparison == "names_none":
            operand = tuple(word.strip().lower() for word in operand)
            if not operand or not all(operand):
                raise ConfigError(path, f"{key}.names_none", "must give the words to refuse")
    elif comparison in AMOUNT_COMPARISONS:
        if operand not in known:
            try:
                Decimal(operand.replace(",", "").removeprefix("$"))
            except InvalidOperation:
                raise ConfigError(
                    path, f"{key}.{comparison}", f"'{operand}' is neither a fact nor an amount"
                ) from None
    elif operand not in known:
        raise ConfigError(
            path, f"{key}.{comparison}", f"'{operand}' is not a fact or period of this notice type"
        )
    return comparison, operand


def _placeholders(path: Path, key: str, sentence: str, known: set[str]) -> None:
    for name in PLACEHOLDER.findall(sentence):
        # "{bond.area_sqft}": a measure of a declared fee, known once the fee is figured.
        if name not in known and f"{name.partition('.')[0]}.*" not in known:
            raise ConfigError(path, key, f"names {{{name}}}, which is not a fact or period here")


def _signed_by(
    path: Path, spec: SignedBySpec | None, facts: Sequence[Fact]
) -> tuple[str, str] | None:
    """The text facts naming the officer who signs, checked to be facts of the notice type."""
    if spec is None:
        return None
    kinds = {fact.name: fact.type for fact in facts}
    for key, name in (("name", spec.name), ("title", spec.title)):
        if kinds.get(name) != "text":
            raise ConfigError(path, f"signed_by.{key}", f"'{name}' is not a text fact of it")
    return spec.name, spec.title


def _facts(path: Path, table: dict[str, Any]) -> list[Fact]:
    facts = []
    for name, entry in table.items():
        if not _FACT_NAME.fullmatch(name):
            raise ConfigError(
                path, f"facts.{name}", "a fact name uses lower-case letters, digits and _"
            )
        spec = decode(path, entry, FactSpec, prefix=f"facts.{name}.")
        if spec.may_be_empty and spec.type not in ("text_list", "cost_lines"):
            raise ConfigError(
                path, f"facts.{name}.may_be_empty", "is for a list (text_list or cost_lines)"
            )
        facts.append(Fact(name, spec.type, spec.label.strip(), spec.may_be_empty))
    return facts


def catalogue_entries(
    village: str | None = None, workspace: Path | None = None
) -> list[dict[str, Any]]:
    """Every notice type, loaded and checked, as rows for a listing."""
    from noticeclerk.content.citations import inferred_citations
    from noticeclerk.content.village import load_village, village_names

    villages = [load_village(village, workspace).slug] if village else village_names(workspace)
    rows = []
    for slug in villages:
        approvals = load_village(slug, workspace).approvals
        for name in notice_names(slug, workspace):
            notice = load_notice(slug, name, workspace)
            status = notice.legal_status
            approval = approvals.get(name)
            rows.append(
                {
                    "village": slug,
                    "notice": name,
                    "kind": notice.kind,
                    "title": notice.title,
                    "sections": list(notice.sections),
                    # The catalogue keeps the marks a served document leaves out.
                    "inferred": inferred_citations(
                        dict.fromkeys([*notice.sections, *(q.section for q in notice.quotes)])
                    ),
                    "deadline": _json_ready(notice.deadline_table),
                    "service": [s.method for s in notice.service],
                    "legal_status": None
                    if status is None
                    else {
                        "status": status.status,
                        "authority": status.authority,
                        "says": status.says,
                        # Issue and render refuse the notice type while this is null.
                        "approval": None
                        if approval is None
                        else {
                            "attorney": approval.attorney,
                            "date": approval.date.isoformat(),
                            "says": approval.says,
                            "specimen": approval.specimen,
                        },
                    },
                }
            )
    return rows


def _json_ready(table: dict[str, Any] | None) -> dict[str, Any] | None:
    """A deadline rule as the catalogue lists it: TOML times written as text."""
    if table is None:
        return None
    return {
        key: value if isinstance(value, str | int | float | bool) else str(value)
        for key, value in table.items()
    }
