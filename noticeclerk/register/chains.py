"""A case's documents in the order the ordinances let them follow one another, turned into the
notice types a case may issue and the facts a follow-up takes from the documents before it.

A notice definition says which documents it follows (`[follows] documents = [...]`): a bill
follows the notice the owner did not comply with, a sworn statement the bill left unpaid. A case
opened for the first document may issue every document that can follow it, each only once a
document it follows is issued there; a follow-up takes what it repeats (the bill's number, the
day it was mailed, the article number, what was paid) from the register, never retyped.

What a follow-up takes (`[follows] takes = {fact = "what"}`, the kinds in
`notice_types.TAKEABLE`) is read from the document it follows: "number", "document_date",
"served_on", "deadline", "amount_due", "paid", "notice_type" ... A take written
"follows.number" reads the same from the document the followed one follows, one step further
back along the register's `follows` (the Board's decision repeats the number of the notice
the hearing was about; "follows.follows.number" would go two steps). Where the followed
document follows nothing (a case opened for the hearing itself), the fact is the case's
recorded one.

Several parcels: a follow-up declared `to_each_owner` is issued, in a case over several
parcels, once for each parcel, to its owner, each following the document about that parcel or
the whole case. "parcel_lines" and "parcel_premises" take what the followed document charged
that one parcel (a district's schedule charges every lot, the Clerk's certificate every parcel
cleaned), as the register kept it when the document was issued: a computation that charges
parcel by parcel returns the figure `parcel_charges` ({parcel id: {"lines": [...], "premises":
...}}), stored in documents.parcel_charges, so a later record of the case's facts never changes
what the schedule printed and the invoice bills. `once` is then once for each
parcel: a second invoice for the same lot is refused, the invoices of the other lots are not,
and issuing again after one lot's invoice was voided issues that lot's alone. A later follow-up
of one parcel's document (the special assessment of one statement) follows that document and
is about its parcel.

A follow-up may also be barred by another document of the case (`[follows] not_after`): no
cost report once the Board cancelled the notice to repair; the refusal prints the definition's
sentence (`not_after_says`).

A follow-up of `every` document (`[follows] every = true`: the apportionment schedule) follows all
of them at once, one for each property of the case, and takes a line for each.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

from noticeclerk.content.notice_types import (
    BACK,
    EACH,
    PRINTED,
    NoticeType,
    load_notice,
    notice_names,
)
from noticeclerk.exceptions import ConfigError, InputError
from noticeclerk.register.facts import from_json
from noticeclerk.register.models import RECEIPTS, Case, Document
from noticeclerk.register.on_file import same_address
from noticeclerk.rules.periods import spell_date
from noticeclerk.service_methods import MAIL_CLASSES, MAIL_METHODS, SERVICE_METHODS


def case_notices(case: Case, workspace: Path | None) -> list[NoticeType]:
    """The case's own notice type first, then every one that may follow it, directly or after
    another follow-up, in the order they are reached."""
    return chain_of(case.village, case.notice_type, workspace)


def chain_of(village: str, notice_type: str, workspace: Path | None) -> list[NoticeType]:
    """`case_notices` for a case of this village opened for this notice type."""
    first = load_notice(village, notice_type, workspace)
    village_has = set(notice_names(village, workspace))
    others = [load_notice(village, slug, workspace) for slug in village_has - {first.slug}]
    others.sort(key=lambda notice: notice.slug)
    for notice in others:
        for key, named in (("documents", notice.follows), ("not_after", notice.not_after)):
            for followed in named:
                if followed not in village_has:
                    raise ConfigError(
                        notice.path,
                        f"follows.{key}",
                        f"names '{followed}', which is not a notice type of this village",
                    )
    every = {notice.slug: notice for notice in [first, *others]}
    for notice in every.values():
        _check_printed_takes(notice, every)
        if notice.appeal is not None:
            for paper in notice.appeal.papers:
                if paper not in every or notice.slug not in every[paper].follows:
                    raise ConfigError(
                        notice.path,
                        "appeal.papers",
                        f"names '{paper}', which is not a notice type of this village that "
                        f"follows '{notice.slug}'",
                    )
    for notice in others:
        # A follow-up that takes one parcel's charges is about one parcel: given to each owner,
        # or following documents that are.
        by_parcel = notice.takes_by_parcel
        if by_parcel and not (
            notice.to_each_owner or all(every[slug].to_each_owner for slug in notice.follows)
        ):
            raise ConfigError(
                notice.path,
                f"follows.takes.{by_parcel[0]}",
                "takes one parcel's charges, so it must be about one parcel: add "
                "to_each_owner = true to it, or to every notice type it follows, so that a case "
                "over several parcels issues one for each parcel, to its owner",
            )
    reached = [first]
    names = {first.slug}
    grew = True
    while grew:
        grew = False
        for notice in others:
            if notice.slug not in names and names & set(notice.follows):
                reached.append(notice)
                names.add(notice.slug)
                grew = True
    return reached


def _check_printed_takes(notice: NoticeType, every: Mapping[str, NoticeType]) -> None:
    """A fact taken as the followed document printed it ("fact:hearing_at") must be one that
    every notice type it follows prints, of the same kind (one step back: those follow).
    Further back ("follows.fact:adopted_on"), where the chain may have begun otherwise (a
    schedule that follows a preliminary resolution, or a sidewalk order), one of them must print
    it and none may print it as another kind: without it the case's own record is read."""
    kinds = {fact.name: fact.type for fact in notice.facts}
    for name, taken in notice.takes.items():
        printed = notice.takes_printed.get(name)
        if printed is None:
            continue
        sources = [every[slug] for slug in notice.follows if slug in every]
        for _ in range(taken.count(BACK)):
            sources = [every[slug] for one in sources for slug in one.follows if slug in every]
        printing = []
        for source in sources:
            theirs = {fact.name: fact.type for fact in source.facts}
            wrong = theirs.get(printed) != kinds[name]
            if wrong and (BACK not in taken or printed in theirs):
                raise ConfigError(
                    notice.path,
                    f"follows.takes.{name}",
                    f"takes '{printed}' as {source.slug} printed it, but {source.slug} prints no "
                    f"{kinds[name]} fact of that name",
                )
            if not wrong:
                printing.append(source.slug)
        if sources and not printing:
            raise ConfigError(
                notice.path,
                f"follows.takes.{name}",
                f"takes '{printed}' as the documents it follows printed it, but none of "
                f"{either(source.slug for source in sources)} prints a {kinds[name]} fact of "
                "that name",
            )


def either(slugs: Iterable[str]) -> str:
    """Notice types as a refusal names them: 'maintenance-bill' or 'emergency-bill'."""
    return " or ".join(f"'{slug}'" for slug in slugs)


def parcel_for(parcel_id: str | None, parcel_ids: Sequence[str]) -> str | None:
    """The one parcel a document is about: its own in a case over several, or the case's only
    one; None for a document about several."""
    return parcel_id or (parcel_ids[0] if len(parcel_ids) == 1 else None)


def notice_for(case: Case, slug: str | None, notices: list[NoticeType]) -> NoticeType:
    """The notice type a document of the case is to be, refused when it cannot follow there."""
    if slug is None or slug == case.notice_type:
        return notices[0]
    for notice in notices:
        if notice.slug == slug:
            return notice
    may = ", ".join(notice.slug for notice in notices)
    raise InputError(
        f"A '{slug}' does not follow the documents of case {case.number}; the case may issue: "
        f"{may}."
    )


def followable(documents: Sequence[Document]) -> list[Document]:
    """The documents of a case a follow-up may follow: issued, not void, and standing on
    documents none of which was voided (a report on a schedule voided since proposes nothing,
    and a hearing notice on that report notices nothing), in the order given."""
    by_number = {document.number: document for document in documents}

    def stands(document: Document) -> bool:
        seen: set[str] = set()
        while document.status == "issued":
            if document.follows is None or document.number in seen:
                return True
            seen.add(document.number)
            earlier = by_number.get(document.follows)
            if earlier is None:
                return True
            document = earlier
        return False

    return [document for document in documents if stands(document)]


def followed_document(
    case: Case,
    notice: NoticeType,
    documents: list[Document],
    chosen: str | None = None,
    parcel_id: str | None = None,
) -> Document | None:
    """The document a follow-up follows: `chosen`, or the one the case leaves no doubt about
    (the last issued of a type it follows; for a follow-up given once for each document, the
    one still without it, for `parcel_id` when it is given for each parcel). None for the
    case's own notice type."""
    if notice.slug == case.notice_type:
        if chosen is not None:
            raise InputError(
                f"The {notice.title} is case {case.number}'s first document; it follows none."
            )
        if notice.cannot_open_case is not None:
            # A case opened for it before its definition said so issues nothing.
            raise InputError(notice.cannot_open_case)
        if notice.every:
            titles = either(notice.follows)
            raise InputError(
                f"The {notice.title} lists the {titles} documents of its case by number, so it "
                f"cannot be case {case.number}'s first document; open the case for those "
                "documents and issue it after them."
            )
        return None
    candidates = [
        document for document in followable(documents) if document.notice_type in notice.follows
    ]
    if chosen is not None:
        for document in candidates:
            if document.number == chosen:
                return document
        may = ", ".join(document.number for document in candidates) or "none yet"
        raise InputError(
            f"{chosen} is not a document the {notice.title} may follow in case {case.number}; "
            f"it may follow: {may}."
        )
    if not candidates:
        titles = either(notice.follows)
        raise InputError(
            f"The {notice.title} follows a {titles} issued in case {case.number}; issue that "
            "first (a void one does not count)."
        )
    # A follow-up of every document answers them all at once: none is to be chosen.
    if notice.once and not notice.every:
        done = answered(notice, documents)
        open_ones = [
            document for document in candidates if _answer_key(document, parcel_id) not in done
        ]
        if len(open_ones) > 1:
            numbers = ", ".join(document.number for document in open_ones)
            raise InputError(
                f"Case {case.number} has {len(open_ones)} documents the {notice.title} may "
                f"follow ({numbers}); name one with --follows."
            )
        if open_ones:
            return open_ones[0]
    return candidates[-1]


def _answer_key(followed: Document, parcel_id: str | None) -> tuple[str, str | None]:
    """What a follow-up given once answers: a document, for one parcel of it or as a whole."""
    return followed.number, parcel_id if parcel_id is not None else followed.parcel_id


def answered(notice: NoticeType, documents: list[Document]) -> set[tuple[str, str | None]]:
    """The documents a follow-up given once for each has already answered, itself or one of
    the types it stands instead of: each as its number and the parcel the answer is for (None
    for the whole case)."""
    answers = {notice.slug, *notice.instead_of}
    return {
        (document.follows, document.parcel_id)
        for document in documents
        if document.notice_type in answers and document.status == "issued" and document.follows
    }


@dataclass(frozen=True)
class NextDocument:
    """A follow-up whose preconditions, as far as the register knows them, hold on a day: what
    it is, the document it follows, the facts the case must record first, and the command."""

    notice: NoticeType
    follows: str
    # Facts of the follow-up the case has not recorded; `issue` asks for each.
    needs: tuple[str, ...]
    # The party it goes to (an officer, a contractor) when the case has none recorded.
    needs_party: str | None
    command: str
    # The document the command names with --follows: None where `issue` pairs each owner's
    # document itself.
    follows_option: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "notice_type": self.notice.slug,
            "title": self.notice.title,
            "follows": self.follows,
            "needs_facts": list(self.needs),
            "needs_party": self.needs_party,
            "command": self.command,
        }


def every_document(
    case: Case, notice: NoticeType, documents: list[Document], parcel_ids: list[str]
) -> list[tuple[str, Document]]:
    """For a follow-up of `every` document: each property of the case with its document (the
    last issued, not void, of a type it follows), in the order of the case's parcels; refused
    while a property has none, and in a case over one property."""
    if len(parcel_ids) < 2 and not notice.every_one_property:
        raise InputError(
            f"The {notice.title} lists the documents of the several properties of a case, one for "
            f"each; case {case.number} is over one property."
        )
    found = []
    for parcel_id in parcel_ids:
        mine = [
            document
            for document in followable(documents)
            if document.notice_type in notice.follows
            # In a case over one property its documents are about it, whatever they name.
            and parcel_for(document.parcel_id, parcel_ids) == parcel_id
        ]
        if not mine:
            titles = either(notice.follows)
            raise InputError(
                f"Parcel {parcel_id} of case {case.number} has no {titles} issued (a void one "
                f"does not count); the {notice.title} lists one for each property, so issue "
                "it first."
            )
        if notice.every_addressee:
            # Each addressee's own document of the property, the last issued to each.
            last = {document.recipient_name: document for document in mine}
            found += [(parcel_id, document) for document in last.values()]
        else:
            found.append((parcel_id, mine[-1]))
    return found


def taken_from_every(
    notice: NoticeType,
    followed: list[tuple[str, Document]],
    documents: list[Document],
    zone: ZoneInfo,
    recorded: Mapping[str, Any],
) -> dict[str, Any]:
    """The facts a follow-up of `every` document takes: a line for each, and what they bill."""
    taken: dict[str, Any] = {}
    by_number = {document.number: document for document in documents}
    for name, what in notice.takes.items():
        if what.startswith(EACH):
            lines = []
            for parcel_id, document in followed:
                value = _each(notice, what.removeprefix(EACH), document, parcel_id, by_number, zone)
                if value is None:
                    value = _each_recorded(notice, document, parcel_id, followed, recorded)
                addressee = document.recipient_name
                lines.append(f"{parcel_id} | {document.number} | {addressee} | {value}")
            taken[name] = lines
        elif what.startswith(PRINTED):
            taken[name] = _printed_alike(notice, what.removeprefix(PRINTED), followed, zone)
        elif what == "documents":
            taken[name] = [
                f"{parcel_id} | {document.number} | {document.document_date.isoformat()} | "
                f"{document.amount_due if document.amount_due is not None else 'none'}"
                for parcel_id, document in followed
            ]
        elif what == "mailed_on":
            # The day the last of them was first mailed.
            taken[name] = max(
                _take(document, what, notice, zone, parcel_id) for parcel_id, document in followed
            )
        elif what == "shared_cost":
            taken[name] = _shared_cost(notice, followed)
        else:  # "amount_due": what they bill in all
            total = Decimal("0.00")
            for _, document in followed:
                if document.amount_due is None:
                    raise InputError(
                        f"{document.number} is not a bill; the {notice.title} needs one."
                    )
                total += Decimal(document.amount_due)
            taken[name] = total
    return taken


def _shared_cost(notice: NoticeType, followed: list[tuple[str, Document]]) -> Decimal:
    """The one cost every share bill was split from, as each kept it when issued; for bills
    issued before the register kept it, what they bill in all (their shares then added back to
    the cost, the first properties taking the odd cents)."""
    kept = {
        from_json(document.facts[SHARED_COST])
        if document.facts and SHARED_COST in document.facts
        else None
        for _, document in followed
    }
    if None in kept:
        return sum((Decimal(document.amount_due or 0) for _, document in followed), Decimal(0))
    if len(kept) != 1:
        numbers = ", ".join(document.number for _, document in followed)
        raise InputError(
            f"The bills {numbers} were split from different costs; the {notice.title} lists the "
            "shares of one cost, so void the bills that differ and issue them again."
        )
    return Decimal(kept.pop())


# The fact a share bill keeps beside what it printed: the cost its share was split from.
SHARED_COST = "shared_cost"


def _first_mailing(document: Document, taken: str, notice: NoticeType, zone: ZoneInfo) -> Any:
    """Of the document's first standing mailing: its day, who mailed it, or the address the
    document printed for its window envelope. Refused where it was not mailed, or where the
    mailing is recorded to another address than the one the document printed."""
    mailings = [
        service
        for service in document.services
        if service.method in MAIL_METHODS and not service.after_return
    ]
    if not mailings:
        raise InputError(
            f"{document.number} has no mailing recorded; the {notice.title} lists only what was "
            f"mailed, so mail it and record that with 'noticeclerk serve {document.number}', or "
            f"swear to another service with 'noticeclerk proof {document.number}'."
        )
    first = min(mailings, key=lambda service: service.served_at)
    if taken == "mailed_on":
        return first.served_at.astimezone(zone).date()
    if taken == "mailed_by":
        return first.served_by
    lines = tuple(document.recipient_lines)
    printed = ", ".join(lines)
    if first.address is not None and not same_address(first.address, lines):
        raise InputError(
            f"{document.number} printed the address {printed!r}, but its mailing is recorded to "
            f"{first.address!r}; the {notice.title} states the address the envelope bore, so "
            "void the notice and issue it again to the address on the roll, then mail that."
        )
    return printed


def _printed_alike(
    notice: NoticeType, fact: str, followed: list[tuple[str, Document]], zone: ZoneInfo
) -> Any:
    """The fact every followed document printed, which must be one value (the hearing the
    notices to all the owners announced); refused where they differ or one does not print it."""
    values: dict[str, Any] = {}
    for _, document in followed:
        printed = printed_facts(document, zone) or {}
        if fact not in printed:
            raise InputError(
                f"{document.number} does not print the {fact.replace('_', ' ')}; the "
                f"{notice.title} takes it from each document it lists, so it cannot be issued."
            )
        values[document.number] = printed[fact]
    if len(set(map(str, values.values()))) > 1:
        each = "; ".join(f"{number}: {value}" for number, value in values.items())
        raise InputError(
            f"The documents the {notice.title} lists print different values of the "
            f"{fact.replace('_', ' ')} ({each}); one {notice.title} states one, so void the "
            "documents that are wrong and issue them again first."
        )
    return next(iter(values.values()))


def _each(
    notice: NoticeType,
    taken: str,
    document: Document,
    parcel_id: str,
    by_number: Mapping[str, Document],
    zone: ZoneInfo,
) -> Any:
    """What a follow-up of `every` document takes from one of them (or from further back)."""
    source: Document | None = document
    while taken.startswith(BACK) and source is not None:
        taken = taken.removeprefix(BACK)
        source = by_number.get(source.follows) if source.follows else None
    return None if source is None else _take(source, taken, notice, zone, parcel_id)


def _each_recorded(
    notice: NoticeType,
    document: Document,
    parcel_id: str,
    followed: list[tuple[str, Document]],
    recorded: Mapping[str, Any],
) -> Any:
    """Where the register has nothing further back (a case opened with the hearing notice),
    the case's own record, which is one value: only for a case over one property."""
    name = notice.each_recorded
    if name is not None and len(followed) == 1 and name in recorded:
        return recorded[name]
    if name is not None and len(followed) == 1:
        raise InputError(
            f"{document.number} is the case's first document and follows no schedule, so the "
            f"{notice.title} takes the {name.replace('_', ' ')} of parcel {parcel_id} from the "
            f"case: record it with 'noticeclerk case record CASE --fact {name}=...'."
        )
    raise InputError(
        f"{document.number} follows no schedule that charged parcel {parcel_id}; the "
        f"{notice.title} lists each property's charge from the schedule of the case's several "
        "properties, so issue it in the case opened for that schedule."
    )


def barred_by(
    notice: NoticeType, documents: list[Document], parcel_id: str | None = None
) -> tuple[Document, str] | None:
    """The document of the case after which the ordinance no longer allows this follow-up
    (the Board's cancellation of the notice a cost report would follow; a payoff of the lien
    paid in full), if one is issued, with the sentence of the refusal."""
    standing = [
        document
        for document in documents
        if document.status == "issued" and document.parcel_id in (None, parcel_id)
    ]
    for document in standing:
        barring = document.notice_type in notice.not_after
        if barring and _printed_as(document, notice.not_after_when):
            return document, notice.not_after_says or ""
    for document in standing:
        if (
            document.notice_type in notice.not_after_paid
            and document.amount_due is not None
            and document.paid >= Decimal(document.amount_due)
        ):
            return document, notice.not_after_paid_says or ""
    return None


def _printed_as(document: Document, facts: Mapping[str, str]) -> bool:
    """Whether the document printed each of these facts with this value (all, where none are
    named); one issued before the register kept what it printed bars as it always did."""
    printed = printed_facts(document)
    if not facts or printed is None:
        return True
    return all(str(printed.get(name)) == value for name, value in facts.items())


def taken_facts(
    notice: NoticeType,
    document: Document | None,
    zone: ZoneInfo,
    documents: list[Document] | None = None,
    parcel_id: str | None = None,
    events: Mapping[str, date | datetime] | None = None,
) -> dict[str, Any]:
    """The facts a follow-up takes from the document it follows (or one further back), as the
    register holds them; `parcel_id` is the one parcel the follow-up is for. A fact taken from
    an event is the day the case recorded it (`events`), whatever the document follows."""
    facts: dict[str, Any] = {}
    for name, event in notice.takes_events.items():
        if events is not None and event in events:
            moment = events[event]
            facts[name] = moment.astimezone(zone).date() if isinstance(moment, datetime) else moment
    if document is None:
        return facts
    by_number = {earlier.number: earlier for earlier in documents or []}
    for name, taken in notice.takes.items():
        if name in notice.takes_events:
            continue
        source: Document | None = document
        while taken.startswith(BACK) and source is not None:
            taken = taken.removeprefix(BACK)
            source = by_number.get(source.follows) if source.follows else None
        if source is None:
            continue
        if taken.startswith(PRINTED):
            # A document issued before the register kept what it printed leaves the fact to
            # the case's own record, as a document that follows none does.
            printed = printed_facts(source, zone)
            if printed is not None and taken.removeprefix(PRINTED) in printed:
                facts[name] = printed[taken.removeprefix(PRINTED)]
            continue
        facts[name] = _take(source, taken, notice, zone, parcel_id)
    return facts


# What came of a mailing, as a service history tells it.
MAIL_OUTCOMES = {
    "receipt_signed": "its return receipt signed on {day}",
    "received": "received on {day}",
    "returned_unclaimed": "returned unclaimed on {day}",
    "returned_refused": "refused by the addressee and returned on {day}",
}


def service_history(document: Document, zone: ZoneInfo) -> list[str]:
    """Each standing service of `document`, in order, as one line: how and when, its article
    number, and what came of it; a further step after a return says so."""
    lines = []
    for service in document.services:
        mailed = service.method in MAIL_METHODS
        words = MAIL_CLASSES[service.method] if mailed else SERVICE_METHODS[service.method]
        day = spell_date(service.served_at.astimezone(zone).date())
        line = f"{'sent' if mailed else 'served'} by {words} on {day}"
        if service.article_number:
            line += f", USPS article number {service.article_number}"
        line += "".join(
            ", "
            + MAIL_OUTCOMES[event.kind].format(
                day=spell_date(event.happened_at.astimezone(zone).date())
            )
            for event in service.events
        )
        if service.after_return:
            line = "then, as a further step after the mailing came back, " + line
        lines.append(line[0].upper() + line[1:])
    return lines


def printed_facts(document: Document, zone: ZoneInfo | None = None) -> dict[str, Any] | None:
    """The facts a document printed, typed; None for one issued before the register kept
    them. With `zone`, a moment is in the village's zone again, so that it prints "CST" as the
    document did, not the bare offset its record keeps."""
    return None if document.facts is None else facts_as_printed(document.facts, zone)


def facts_as_printed(kept: Mapping[str, Any], zone: ZoneInfo | None = None) -> dict[str, Any]:
    """A document's facts as the register keeps them (its `facts` column), typed again, each
    moment in `zone` where one is given."""
    facts = {name: from_json(value) for name, value in kept.items()}
    if zone is not None:
        facts = {
            name: value.astimezone(zone) if isinstance(value, datetime) else value
            for name, value in facts.items()
        }
    return facts


def _take(
    document: Document, taken: str, notice: NoticeType, zone: ZoneInfo, parcel_id: str | None
) -> Any:
    service = document.relied_on
    if taken == "number":
        return document.number
    if taken == "document_date":
        return document.document_date
    if taken == "notice_type":
        return document.notice_type
    if taken in ("parcel_lines", "parcel_premises", "parcel_total"):
        return _parcel_charge(document, taken, notice, parcel_id)
    if taken == "charged_parcels":
        return [
            {
                "description": f"{parcel} | "
                + "; ".join(line["description"] for line in charge["lines"]),
                "amount": _charged(document, notice, parcel),
            }
            for parcel, charge in _charges(document, notice).items()
        ]
    if taken == "payments":
        return [
            f"{payment.paid_on.isoformat()} | {payment.amount}"
            for payment in sorted(document.payments, key=lambda payment: payment.paid_on)
        ]
    if taken == "paid_on":
        if not document.payments:
            raise InputError(
                f"No payment is recorded on {document.number}; the {notice.title} takes the day "
                f"it was paid, so record it first with 'noticeclerk pay {document.number}'."
            )
        return max(payment.paid_on for payment in document.payments)
    if taken in ("amount_due", "paid", "outstanding"):
        if document.amount_due is None:
            raise InputError(f"{document.number} is not a bill; the {notice.title} needs one.")
        billed = Decimal(document.amount_due)
        return {"amount_due": billed, "paid": document.paid}.get(taken, billed - document.paid)
    if service is None:
        raise InputError(
            f"{document.number} has not been served; the {notice.title} takes the day and manner "
            f"of its service, so record it first with 'noticeclerk serve {document.number}'."
        )
    if taken == "served_on":
        return service.served_at.astimezone(zone).date()
    if taken in ("mailed_on", "mailed_by", "mailed_to"):
        return _first_mailing(document, taken, notice, zone)
    if taken == "service_history":
        return service_history(document, zone)
    if taken == "article_number":
        if not service.article_number:
            raise InputError(
                f"{document.number} was served by {service.method.replace('_', ' ')}, with no "
                f"article number; the {notice.title} needs its certified mailing."
            )
        return service.article_number
    if taken == "received_on":
        if service.method not in MAIL_METHODS:
            return service.served_at.astimezone(zone).date()
        for event in service.events:
            if event.kind in RECEIPTS:
                return event.happened_at.astimezone(zone).date()
        raise InputError(
            f"No receipt is recorded for {document.number}, which was mailed; record it with "
            f"'noticeclerk receipt {document.number} --signed DATE' (or --received DATE for "
            "mail with no return receipt)."
        )
    if taken == "receipt_signed_on":
        for event in service.events:
            if event.kind == "receipt_signed":
                return event.happened_at.astimezone(zone).date()
        raise InputError(
            f"No signed return receipt is recorded for {document.number}; record it with "
            f"'noticeclerk receipt {document.number} --signed DATE'."
        )
    # "deadline": the day the document's deadline fell, as its service fixed it;
    # "deadline_at": the moment, for a deadline counted in hours.
    found = document.deadline_in_force
    if found is None:
        raise InputError(
            f"{document.number} has no deadline yet; the {notice.title} takes the day it fell."
        )
    if taken == "deadline_at":
        if len(found) <= 10:
            raise InputError(
                f"{document.number}'s deadline is a whole day, not an hour; the {notice.title} "
                f"takes the moment an hours deadline ran out."
            )
        return datetime.fromisoformat(found).astimezone(zone)
    return date.fromisoformat(found[:10])


def _parcel_charge(
    document: Document, taken: str, notice: NoticeType, parcel_id: str | None
) -> Any:
    """What a document over several parcels charged one of them, as the register kept it."""
    charge = _charges(document, notice).get(parcel_id or "")
    if charge is None:
        charged = ", ".join(_charges(document, notice)) or "none"
        raise InputError(
            f"{document.number} charges nothing to parcel {parcel_id}; the {notice.title} bills "
            f"only a parcel it charges ({charged})."
        )
    if taken == "parcel_total":
        return _charged(document, notice, parcel_id or "")
    if taken == "parcel_premises":
        if not charge.get("premises"):
            raise InputError(
                f"{document.number} does not describe the premises of parcel {parcel_id}; the "
                f"{notice.title} takes them from it."
            )
        return charge["premises"]
    return [
        {"description": line["description"], "amount": Decimal(line["amount"])}
        for line in charge["lines"]
    ]


def _charges(document: Document, notice: NoticeType) -> dict[str, Any]:
    if document.parcel_charges is None:
        raise InputError(
            f"{document.number} does not charge parcel by parcel in the register (it may have "
            f"been issued before the register kept its charges); the {notice.title} takes its "
            f"parcels' charges from it, so void {document.number} and issue it again."
        )
    return document.parcel_charges


def _charged(document: Document, notice: NoticeType, parcel_id: str) -> Decimal:
    """What `document` charged one parcel in all."""
    lines = _charges(document, notice)[parcel_id]["lines"]
    return sum((Decimal(line["amount"]) for line in lines), Decimal("0.00"))


def kept_charges(figures: dict[str, Any]) -> dict[str, Any] | None:
    """A computation's charges parcel by parcel, as the register keeps them (amounts as text,
    so the exact cents survive every database); None when it charges no parcel by parcel."""
    charges = figures.get("parcel_charges")
    if charges is None:
        return None
    return {
        parcel: {
            **({"premises": charge["premises"]} if "premises" in charge else {}),
            "lines": [
                {"description": line["description"], "amount": str(line["amount"])}
                for line in charge["lines"]
            ],
        }
        for parcel, charge in charges.items()
    }
