"""A case's records and its notice types' declared chains, turned into what the case may issue
next: now, not yet (the first day, or what must happen first, and the law), or not (why).

One function answers `case show`, `due`, the desk's links and `issue` itself, so what is
offered is exactly what is allowed. The ordinances' patterns are declared in the notice types
and read here, in this order:

- one of each: a case's first document once to each addressee (the owner of each property it
  goes to; a new owner of record gets one); a follow-up given once (`[follows] once`, and every
  bill unless its definition says otherwise) once for each document it follows and each
  property; a bill for the Village's work (`[follows] work`) once for each property's work,
  whichever document it follows. A void document does not count.
- not after a document that ends what it would follow (`[follows] not_after`): no cost of
  abatement once the Board reversed the order.
- an appeal (`[appeal]` of the document followed): while an appeal taken in time is pending,
  nothing that acts on the property is issued; after a decision that upholds the order, nothing
  until the day the decision fixed has passed.
- what it takes from the register must be there: a service, a receipt, a deadline.
- the work a bill charges (`[follows] work`) must be done after the owner's time ran out: the
  followed document's deadline as its service fixed it, or the day a decision fixed; while
  that time has not begun (the notice not served), the bill waits.
- its declared checks hold on the records and on the day it would be dated; a check of that day
  ("not before the work was done", "after the bill's ten days") says the first day it holds.

What the case must still record (facts, a party) does not stop a step: `issue` asks for it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime, time, timedelta
from pathlib import Path
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from noticeclerk.computations.declared import unmet_with_days
from noticeclerk.computations.figures import CaseContext
from noticeclerk.content.notice_types import NoticeType, readings_of
from noticeclerk.content.village import Village, load_village
from noticeclerk.exceptions import ConfigError, InputError
from noticeclerk.register.cases import latest
from noticeclerk.register.chains import (
    answered,
    barred_by,
    case_notices,
    every_document,
    followable,
    parcel_for,
    taken_facts,
    taken_from_every,
)
from noticeclerk.register.models import Case, Document
from noticeclerk.register.parties import current_parties
from noticeclerk.register.roll import owner_of_record
from noticeclerk.rules.periods import spell_date, spell_datetime

# A step's standing on the day asked about.
MAY = "may"  # it may be issued now (once the facts it prints are recorded)
NOT_YET = "not_yet"  # not on that day: a later day, or something that must happen first
NOT = "not"  # not on the records as they stand: already issued, barred, or a fact refuses it


@dataclass(frozen=True)
class Standing:
    """Whether one document may be issued on a day: and if not, the one sentence saying why
    (naming the law), and for a later day, the first day it may be."""

    standing: str
    why: str | None = None
    on: date | None = None
    # Not, because the one given for each is already given (a void one does not count).
    given: bool = False

    @property
    def may(self) -> bool:
        return self.standing == MAY


ALLOWED = Standing(MAY)


@dataclass(frozen=True)
class CaseState:
    """What the next steps are computed from: a case, its village and notice types (the case's
    own first, as `chains.case_notices` gives them), its documents in the order they were
    issued (void ones too), and its facts and events as recorded now."""

    case: Case
    village: Village
    notices: Sequence[NoticeType]
    documents: Sequence[Document]
    facts: Mapping[str, Any]
    events: Mapping[str, date | datetime]
    # The owner of record of each parcel on the day asked about, by parcel id, where known: a
    # new owner of record is given the case's first document even though the last owner was.
    owners: Mapping[str, str] | None = None
    # The case's documents a document of the village has gathered, with its number
    # (listed_in): a lien listed for the assessment roll bars its payoff.
    listed: Mapping[str, str] = field(default_factory=dict)

    @property
    def parcel_ids(self) -> list[str]:
        return [link.parcel.parcel_id for link in self.case.parcels]

    def notice(self, slug: str) -> NoticeType | None:
        return next((notice for notice in self.notices if notice.slug == slug), None)

    def issued(self) -> list[Document]:
        return [document for document in self.documents if document.status == "issued"]

    def readings(self, notice: NoticeType) -> dict[str, str]:
        """The readings the notice type asks of the village's file, refused where missing."""
        return readings_of(notice, self.village)


def state_of(session: Session, case: Case, workspace: Path | None, on: date) -> CaseState:
    """A case's state as the register holds it now, read in `session`, with the owners of
    record as the roll stood at the end of the day `on`."""
    village = load_village(case.village, workspace)
    documents = session.scalars(
        select(Document).where(Document.case_id == case.id).order_by(Document.id)
    ).all()
    as_of = datetime.combine(on + timedelta(days=1), time(0), tzinfo=village.timezone)
    owners = {
        link.parcel.parcel_id: owner_of_record(session, link.parcel, as_of).owner_name
        for link in case.parcels
    }
    notices = case_notices(case, workspace)
    return CaseState(
        case,
        village,
        notices,
        list(documents),
        latest(case, "fact", village.timezone),
        latest(case, "event", village.timezone),
        owners,
        listed_in(session, case, notices),
    )


def each_owner(notice: NoticeType, followed: Document | None, parcel_ids: Sequence[str]) -> bool:
    """Whether, in this case, the document goes to the owner of each property, one for each:
    declared so, or addressed to owners and following a document about the whole case (a
    follow-up of one owner's document is about that owner's property)."""
    if len(parcel_ids) < 2:
        return False
    if notice.to_each_owner:
        return True
    return notice.to_owners and (followed is None or followed.parcel_id is None)


def standing_of(
    state: CaseState,
    notice: NoticeType,
    followed: Document | None,
    parcel_id: str | None,
    on: date,
    addressee: str | None = None,
) -> Standing:
    """Whether the case may issue `notice`, following `followed` (None for its first document)
    for `parcel_id` (None for the whole case), dated `on`, to `addressee` (by default, whom
    the notice type addresses: the owner of record, or the case's party)."""
    first = followed is None and notice.slug == state.case.notice_type
    if first and notice.cannot_open_case is not None:
        return Standing(NOT, notice.cannot_open_case)
    if first or (followed is None and notice.every and notice.once):
        addressee = addressee or _addressee(state, notice, parcel_id)
        again = _first_again(state, notice, parcel_id, addressee)
        if again is not None:
            return Standing(NOT, again, given=True)
    if followed is not None:
        again = _once_again(state, notice, followed, parcel_id) or _billed_already(
            state, notice, followed, parcel_id
        )
        if again is not None:
            return Standing(NOT, again, given=True)
        barred = _barred(state, notice, parcel_id if parcel_id is not None else followed.parcel_id)
        if barred is not None:
            return Standing(NOT, barred)
        appeal = _appeal(state, notice, followed, on)
        if appeal is not None:
            return appeal
        returned = _came_back(state, notice, followed)
        if returned is not None:
            return Standing(NOT_YET, returned)
        listed = _listed(state, notice, followed)
        if listed is not None:
            return Standing(NOT, listed)
    try:
        facts = _facts(state, notice, followed, parcel_id)
    except InputError as error:
        return Standing(NOT_YET, str(error))
    except ConfigError as error:
        return Standing(NOT, str(error))
    if followed is not None and notice.work is not None:
        waiting = _time_not_begun(state, notice, followed)
        if waiting is not None:
            return Standing(NOT_YET, waiting)
        refused = _work_too_early(state, notice, followed, facts.get(notice.work))
        if refused is not None:
            return Standing(NOT, refused)
    names = {fact.name for fact in notice.facts}
    mine = {name: value for name, value in facts.items() if name in names}
    context = CaseContext(facts=mine, events=state.events, village=state.village, today=on)
    unmet = unmet_with_days(notice.declared, context)
    final = [one for one in unmet if one.holds_from is None]
    if final:
        return Standing(NOT, final[0].says)
    if unmet:
        latest = max(unmet, key=lambda one: one.holds_from or on)
        return Standing(NOT_YET, latest.says, latest.holds_from)
    return ALLOWED


def _facts(
    state: CaseState, notice: NoticeType, followed: Document | None, parcel_id: str | None
) -> dict[str, Any]:
    """The case's facts as this document would print them: recorded, then what it takes from
    the register and the village's readings."""
    zone = state.village.timezone
    parcel = parcel_for(parcel_id, state.parcel_ids)
    documents = list(state.documents)
    taken = taken_facts(notice, followed, zone, documents, parcel, state.events)
    if notice.every and followed is None and notice.slug != state.case.notice_type:
        # What it takes from every document it lists, as `issue` takes it: a copy not yet
        # mailed, or mailed too late for its check, stops it here too.
        listed = every_document(state.case, notice, documents, state.parcel_ids)
        taken.update(taken_from_every(notice, listed, documents, zone, state.facts))
    return {**state.facts, **taken, **state.readings(notice)}


def _addressee(state: CaseState, notice: NoticeType, parcel_id: str | None) -> str | None:
    """Whom the document would go to by default (as `parties.choose_recipient` chooses), where
    the state knows it: the owner of record of its parcel, or the case's party."""
    own = notice.slug == state.case.notice_type
    parties = current_parties(state.case)
    by_case_file = own and state.case.recipient and notice.recipient not in parties
    if by_case_file and (notice.recipient != "owner" or parcel_id is None):
        return str(state.case.recipient["name"])
    if notice.recipient == "owner":
        parcel = parcel_id or (state.parcel_ids[0] if state.parcel_ids else "")
        return (state.owners or {}).get(parcel)
    party = parties.get(notice.recipient)
    return party.name if party is not None else None


def _first_again(
    state: CaseState, notice: NoticeType, parcel_id: str | None, addressee: str | None
) -> str | None:
    """A case's first document is issued once to each addressee: to the owner of record of
    each property where it goes to each (a new owner of record gets one too); a void one does
    not count."""
    for document in state.issued():
        if (
            document.notice_type == notice.slug
            and (parcel_id is None or document.parcel_id in (None, parcel_id))
            and (addressee is None or same_name(document.recipient_name, addressee))
        ):
            what = f"parcel {parcel_id} of " if parcel_id else ""
            return (
                f"{document.number} is already the {notice.title} to {document.recipient_name} "
                f"for {what}case {state.case.number}; it is issued once to each addressee "
                f"({notice.sections[0]}), so void {document.number} first if it must be "
                "replaced."
            )
    return None


def same_name(one: str, other: str) -> bool:
    """Whether two addressees' names are the same name, whatever their capitals and spaces."""
    return " ".join(one.split()).casefold() == " ".join(other.split()).casefold()


def _billed_already(
    state: CaseState, notice: NoticeType, followed: Document, parcel_id: str | None
) -> str | None:
    """A bill charges the work done at a property once (§ 134-45A charges "the actual cost",
    § 496-10G "such expenses"), whichever document it follows: a second addressee of the
    notice, a new owner of record or a notice voided and issued again opens no second bill for
    the same parcel. A bill of the whole case covers every parcel; a void one does not count."""
    if notice.kind != "bill" or not notice.once or notice.work is None:
        return None  # only a bill for the Village's work at the property ([follows] work)
    parcel = parcel_id if parcel_id is not None else followed.parcel_id
    answers = {notice.slug, *notice.instead_of}
    for document in state.issued():
        if document.notice_type not in answers:
            continue
        if parcel is None or document.parcel_id is None or document.parcel_id == parcel:
            what = f"parcel {parcel}" if parcel else f"case {state.case.number}"
            because = notice.once_because or f"there is one for each ({notice.sections[0]})"
            return (
                f"{document.number} is already the {notice.title} for {what}; {because}, so "
                f"void {document.number} first if it must be replaced."
            )
    return None


def _once_again(
    state: CaseState, notice: NoticeType, followed: Document, parcel_id: str | None
) -> str | None:
    """A follow-up given once, already given for this document (and parcel)."""
    if not notice.once:
        return None
    key = (followed.number, parcel_id if parcel_id is not None else followed.parcel_id)
    if key not in answered(notice, list(state.documents)):
        return None
    answers = {notice.slug, *notice.instead_of}
    document = next(
        document
        for document in state.issued()
        if document.notice_type in answers and (document.follows, document.parcel_id) == key
    )
    what = followed.number if key[1] is None else f"{followed.number}, parcel {key[1]}"
    because = notice.once_because or f"there is one for each ({notice.sections[0]})"
    if document.notice_type == notice.slug:
        return (
            f"{document.number} is already the {notice.title} for {what}; {because}, so void "
            f"{document.number} first if it must be replaced."
        )
    return (
        f"{document.number} ({document.notice_type}) already answers {what}, and one of them "
        f"is given for each, not both; void {document.number} first if the {notice.title} "
        "must replace it."
    )


def _came_back(state: CaseState, notice: NoticeType, followed: Document) -> str | None:
    """A follow-up declared `delivered` waits while the last service of the document it
    follows came back: the Village knows the notice did not arrive and must take another
    reasonable step before a lien or levy rests on it (Jones v. Flowers, 547 U.S. 220 (2006))."""
    if not notice.delivered:
        return None
    event = followed.came_back
    if event is None:
        return None
    how = "unclaimed" if event.kind == "returned_unclaimed" else "refused by the addressee"
    day = spell_date(event.happened_at.astimezone(state.village.timezone).date())
    own = state.notice(followed.notice_type)
    further = [e for e in own.service if e.after_return] if own is not None else []
    ways = (
        "by " + " or ".join(f"{e.method} ({e.section})" for e in further)
        if further
        else "another way its ordinance allows"
    )
    # The case is cited once: where the further step's own section does not already cite it.
    case = "" if JONES in ways else f" ({JONES})"
    return (
        f"{followed.number} came back {how} on {day}; the {notice.title} waits until it is "
        f"served again {ways}: once the Village knows a mailed notice did not arrive, it takes "
        f"another reasonable step before it enforces{case}. "
        f"Record it with 'noticeclerk serve {followed.number}'."
    )


JONES = "Jones v. Flowers, 547 U.S. 220 (2006)"


def _barred(state: CaseState, notice: NoticeType, parcel_id: str | None) -> str | None:
    """A document of the case (of the whole case, or of this parcel) after which the ordinance
    no longer allows this one: its definition's sentence."""
    barred = barred_by(notice, list(state.documents), parcel_id)
    if barred is None:
        return None
    document, says = barred
    return says.replace("{document}", document.number)


def _listed(state: CaseState, notice: NoticeType, followed: Document) -> str | None:
    """A follow-up declared `not_after_listed`, once a document of the village has gathered
    the one it follows (the lien listed for the assessment roll): its definition's sentence."""
    listing = state.listed.get(followed.number) if notice.not_after_listed else None
    if listing is None:
        return None
    return (notice.not_after_listed_says or "").replace("{document}", listing)


def listed_in(session: Session, case: Case, notices: Sequence[NoticeType]) -> dict[str, str]:
    """The documents of the case that a document of the village has gathered (each sworn
    statement on an issued list of unpaid liens), with the number of the list, for the
    follow-ups the list bars (`not_after_listed`)."""
    types = {slug for notice in notices for slug in notice.not_after_listed}
    if not types:
        return {}
    lists = session.scalars(
        select(Document)
        .join(Case)
        .where(
            Case.village == case.village,
            Document.notice_type.in_(types),
            Document.status == "issued",
        )
        .order_by(Document.id)
    )
    found: dict[str, str] = {}
    for listing in lists:
        for value in (listing.facts or {}).values():
            # The gathered lines ("parcel | statement | ..."): their second part is the number
            # of the document gathered.
            if isinstance(value, list):
                for line in value:
                    parts = str(line).split("|")
                    if len(parts) > 1:
                        found.setdefault(parts[1].strip(), listing.number)
    return found


def decision_on(state: CaseState, followed: Document) -> Document | None:
    """The last decision issued on an appeal of `followed`: a decision following it, or
    following one of the documents that show its appeal ([appeal] papers)."""
    own = state.notice(followed.notice_type)
    papers = set(own.appeal.papers) if own and own.appeal else set()
    heard = {followed.number} | {
        document.number
        for document in state.issued()
        if document.follows == followed.number and document.notice_type in papers
    }
    decisions = [
        document
        for document in state.issued()
        if document.follows in heard
        and (found := state.notice(document.notice_type)) is not None
        and found.kind == "decision"
    ]
    return decisions[-1] if decisions else None


def _appeal(state: CaseState, notice: NoticeType, followed: Document, on: date) -> Standing | None:
    """While an appeal of `followed` taken in time is pending, nothing that acts on the
    property; after a decision that upholds it, nothing until the day the decision fixed has
    passed. The appeal's own papers and the decision are not held back."""
    own = state.notice(followed.notice_type)
    if own is None or own.appeal is None:
        return None
    appeal = own.appeal
    if notice.slug in appeal.papers or notice.kind == "decision":
        return None
    if not _appealed(state, own, followed, on):
        return None
    decision = decision_on(state, followed)
    if decision is None:
        return Standing(NOT_YET, appeal.pending_says.replace("{document}", followed.number))
    fixed = time_it_gives(decision)
    if fixed is None:
        return None  # a decision that fixes no new day: its own not_after bars what it ends
    last_day = date.fromisoformat(fixed[:10])
    if on <= last_day:
        title = state.notice(decision.notice_type)
        words = title.title if title else "decision"
        return Standing(
            NOT_YET,
            f"The {words} {decision.number} gave until {spell_date(last_day)} to comply with "
            f"{followed.number} as the appeal decided it ({appeal.authority}); the Village "
            "takes no step on the property before that time has run.",
            last_day + timedelta(days=1),
        )
    return None


def _appealed(state: CaseState, own: NoticeType, followed: Document, on: date) -> bool:
    """Whether an appeal of `followed` was taken in time: a document showing it ([appeal]
    papers, whose own checks refuse a late appeal) follows it; or the case records the appeal
    received ([appeal] recorded) and those papers' checks do not refuse it; or the event that
    suspends it was recorded before its deadline."""
    papers = set(own.appeal.papers) if own.appeal else set()
    if any(
        document.follows == followed.number and document.notice_type in papers
        for document in state.issued()
    ):
        return True
    recorded = own.appeal.recorded if own.appeal else None
    if recorded is not None and (recorded in state.facts or recorded in state.events):
        for paper in papers:
            found = state.notice(paper)
            if found is None:
                continue
            standing = standing_of(state, found, followed, followed.parcel_id, on)
            if standing.standing != NOT or standing.given:
                return True
    suspension = own.suspended_by.event if own.suspended_by else None
    moment = state.events.get(suspension) if suspension else None
    deadline = followed.deadline_in_force
    if moment is None or deadline is None:
        return False
    return _before_deadline(moment, deadline, state.village)


def _before_deadline(moment: date | datetime, deadline: str, village: Village) -> bool:
    if len(deadline) > 10:
        ends = datetime.fromisoformat(deadline)
        if isinstance(moment, datetime):
            return moment < ends
        return moment <= ends.astimezone(village.timezone).date()
    day = date.fromisoformat(deadline)
    if isinstance(moment, datetime):
        return moment.astimezone(village.timezone).date() <= day
    return moment <= day


def owners_time_ran_out(state: CaseState, followed: Document) -> str | None:
    """When the owner's time under `followed` ran out, as the register holds it (a day, or an
    ISO moment): the day an appeal's decision fixed, else the deadline its service fixed."""
    decision = decision_on(state, followed)
    if decision is not None and time_it_gives(decision) is not None:
        return time_it_gives(decision)
    return followed.deadline_in_force


def time_it_gives(document: Document) -> str | None:
    """The deadline a document gives, as the register keeps it (a day, or an ISO moment): the
    one its service fixed, else the one it states (a Board's decision fixes its own day,
    whenever its letter is served)."""
    if document.deadline_in_force is not None:
        return document.deadline_in_force
    stated = document.stated_deadline
    if isinstance(stated, datetime):
        return stated.isoformat()
    return stated.isoformat() if stated is not None else None


def _time_not_begun(state: CaseState, notice: NoticeType, followed: Document) -> str | None:
    """A bill for work done after the owner's time waits while that time has not begun: the
    followed notice gives time, but is not served yet, or its mail's receipt is not recorded."""
    own = state.notice(followed.notice_type)
    if own is None or own.deadline is None or owners_time_ran_out(state, followed) is not None:
        return None
    return (
        f"The owner's time under {followed.number} has not begun: it counts from its service "
        f"(or its receipt), which the register does not record yet; the {notice.title} charges "
        f"only work the Village did after that time ran out ({'; '.join(notice.sections)}), so "
        f"record its service first ('noticeclerk serve {followed.number}')."
    )


def _work_too_early(
    state: CaseState, notice: NoticeType, followed: Document, work: date | datetime | None
) -> str | None:
    """The refusal of a bill for work the Village did within the owner's time, if it was."""
    deadline = owners_time_ran_out(state, followed)
    if deadline is None or work is None:
        return None  # the followed document gave no time (the hazard abated at once)
    zone = state.village.timezone
    if len(deadline) > 10:
        ends = datetime.fromisoformat(deadline).astimezone(zone)
        # A day alone is after an hour only on a later day: the owner had that day's hours.
        late = work > ends if isinstance(work, datetime) else work > ends.date()
        spelled_deadline = spell_datetime(ends)
    else:
        day = date.fromisoformat(deadline)
        late = (work.astimezone(zone).date() if isinstance(work, datetime) else work) > day
        spelled_deadline = spell_date(day)
    if late:
        return None
    spelled_work = (
        spell_datetime(work.astimezone(zone)) if isinstance(work, datetime) else spell_date(work)
    )
    return (
        (notice.work_says or "")
        .replace("{work}", spelled_work)
        .replace("{deadline}", spelled_deadline)
        .replace("{document}", followed.number)
    )


@dataclass(frozen=True)
class NextStep:
    """A document the case could issue: its notice type, the documents it would follow, the
    parcels it would go to (each owner's, where it goes to each), its standing on the day asked
    about, what the case must record first, and the command that issues it."""

    notice: NoticeType
    case: str
    follows: tuple[str, ...]
    parcels: tuple[str, ...]
    standing: Standing
    needs: tuple[str, ...]
    needs_party: str | None
    # The document the command names with --follows: None where the case's documents leave
    # no doubt (its first document, or one to each owner, which `issue` pairs).
    follows_option: str | None = None

    @property
    def command(self) -> str:
        command = f"noticeclerk issue {self.case} {self.notice.slug}"
        return f"{command} --follows {self.follows_option}" if self.follows_option else command

    def to_json(self) -> dict[str, Any]:
        return {
            "notice_type": self.notice.slug,
            "title": self.notice.title,
            "follows": list(self.follows),
            "follows_option": self.follows_option,
            "parcels": list(self.parcels),
            "standing": self.standing.standing,
            "why": self.standing.why,
            # Not again: the one given for each is issued (it is among the case's documents).
            "given": self.standing.given,
            "on": self.standing.on.isoformat() if self.standing.on else None,
            "needs_facts": list(self.needs),
            "needs_party": self.needs_party,
            "command": self.command,
        }


def next_steps(state: CaseState, on: date) -> list[NextStep]:
    """Every document the case could issue next, in the order of its notice types, each with
    its standing on the day `on`: the case's first document until it is issued, then each
    follow-up of a type some issued document of the case may be followed by."""
    if state.case.closed_at is not None:
        return []
    steps = []
    for position, notice in enumerate(state.notices):
        if position == 0:
            if notice.every:
                continue
            candidates = [(None, parcel) for parcel in _first_parcels(state, notice)]
        elif notice.every:
            steps += _every_step(state, notice, on)
            continue
        else:
            candidates = [
                (document, parcel)
                for document in followable(state.documents)
                if document.notice_type in notice.follows
                for parcel in _parcels_of(state, notice, document)
            ]
        steps += _grouped(state, notice, candidates, on)
    return steps


def _first_parcels(state: CaseState, notice: NoticeType) -> list[str | None]:
    return list(state.parcel_ids) if each_owner(notice, None, state.parcel_ids) else [None]


def _parcels_of(state: CaseState, notice: NoticeType, document: Document) -> list[str | None]:
    """The parcels a follow-up of `document` would be issued for."""
    if each_owner(notice, document, state.parcel_ids):
        if document.parcel_id is not None:
            return [document.parcel_id]
        return list(state.parcel_ids)
    return [document.parcel_id]


def _grouped(
    state: CaseState,
    notice: NoticeType,
    candidates: list[tuple[Document | None, str | None]],
    on: date,
) -> list[NextStep]:
    """The candidates as steps: one for all the owners where the document goes to each (the
    parcels still without theirs), else one for each document it could follow."""
    judged = [
        (followed, parcel, standing_of(state, notice, followed, parcel, on))
        for followed, parcel in candidates
    ]
    if not judged:
        return []
    # Those that go to each owner (following the case's document or each owner's) are one step
    # for them all, which `issue` pairs; any other is a step of its own.
    paired = [one for one in judged if each_owner(notice, one[0], state.parcel_ids)]
    alone = [one for one in judged if not each_owner(notice, one[0], state.parcel_ids)]
    groups = ([paired] if paired else []) + [[one] for one in alone]
    steps = []
    for group in groups:
        together = group is paired
        may = [one for one in group if one[2].may]
        chosen = may or [_most_hopeful(group)]
        standing = chosen[0][2]
        if len(group) > 1 and all(one[2].given for one in group):
            standing = Standing(NOT, _all_given(notice, state), given=True)
        followed = tuple(dict.fromkeys(one[0].number for one in chosen if one[0] is not None))
        parcels = tuple(one[1] for one in chosen if one[1] is not None) if together else ()
        named = not together and followed and notice.slug != state.case.notice_type
        steps.append(
            NextStep(
                notice,
                state.case.number,
                followed,
                parcels,
                standing,
                _needs(state, notice, chosen[0][0], chosen[0][1]),
                _needs_party(state, notice),
                followed[0] if named else None,
            )
        )
    return steps


def _most_hopeful(
    group: list[tuple[Document | None, str | None, Standing]],
) -> tuple[Document | None, str | None, Standing]:
    """Of candidates none of which may be issued, the one nearest to it: a later day before
    something still to happen, and that before not."""
    order = {NOT_YET: 0, NOT: 1}
    return min(
        group,
        key=lambda one: (
            order[one[2].standing],
            one[2].given,  # what stops a parcel still without one, before those given theirs
            one[2].on is None,
            one[2].on or date.max,
        ),
    )


def _all_given(notice: NoticeType, state: CaseState) -> str:
    return (
        f"Each owner of case {state.case.number} has been given the {notice.title}; one is "
        "given to each, so void an owner's document first if it must be replaced."
    )


def _every_step(state: CaseState, notice: NoticeType, on: date) -> list[NextStep]:
    """A follow-up of every property's document (the apportionment schedule), once all of
    them are issued."""
    # It lists several properties' documents, or each one's where it may be over one property.
    enough = len(state.parcel_ids) >= 2 or notice.every_one_property
    if not enough or not any(
        document.notice_type in notice.follows for document in followable(state.documents)
    ):
        return []
    case = state.case.number
    try:
        followed = every_document(state.case, notice, list(state.documents), state.parcel_ids)
    except InputError as error:
        return [NextStep(notice, case, (), (), Standing(NOT_YET, str(error)), (), None)]
    standing = standing_of(state, notice, None, None, on)
    follows = tuple(document.number for _, document in followed)
    return [NextStep(notice, case, follows, (), standing, (), _needs_party(state, notice))]


def _needs(
    state: CaseState, notice: NoticeType, followed: Document | None, parcel_id: str | None
) -> tuple[str, ...]:
    """The facts of the document the case has not recorded and the register cannot give."""
    try:
        facts = _facts(state, notice, followed, parcel_id)
    except (InputError, ConfigError):
        facts = dict(state.facts)
    return tuple(fact.name for fact in notice.facts if fact.name not in facts)


def _needs_party(state: CaseState, notice: NoticeType) -> str | None:
    """The party it goes to (an officer, a contractor) when the case has none recorded."""
    party = notice.recipient
    recorded = party == "owner" or any(p.role == party for p in state.case.parties)
    return None if recorded else party


def refuse_unless_allowed(standing: Standing) -> None:
    """`issue`'s refusal of a document the next steps do not allow, in their sentence."""
    if standing.may:
        return
    sentence = standing.why or "The case may not issue it now."
    if standing.standing == NOT_YET and standing.on is not None:
        sentence = f"{sentence.rstrip('.')}; it may be issued from {spell_date(standing.on)}."
    raise InputError(sentence)
