"""Random sequences of a clerk's actions, on random days, through three villages' chains, held to
the invariants the ordinances give the order of a case's steps (Hypothesis stateful testing).

The cases: Village A's directive to the owners of two properties, their bills and sworn
statements (§§ 134-42, 134-45); Luck's snow notice to the owners of two properties, their bills
and the tax roll (§ 496-10); Palmyra's dangerous-tree order, its appeal, the Board's decision
and the assessment of the Village's work (§ 8.15). The clerk issues what the case offers and,
as often, what it does not; serves, records receipts and payments, voids, records the work the
Village did at random moments (before and after the owner's time ran out), and lets days pass.

Invariants, after every step:
- never two documents standing for the same work and parcel (one bill for each directive and
  property; § 134-45A);
- no sworn statement or tax-roll entry for a charge paid in full;
- no document issued that the case's next steps did not allow on that day;
- every owner of a case over several properties given the notice addressed to owners;
- no bill for work done within the owner's time; no decision dated before its hearing;
- what a document printed is never changed by a later record (its facts, its publication).

Documents are composed and their templates rendered as issued, but not laid out as PDF and
Word files: the invariants are about the register's records, and a PDF costs a second.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from datetime import UTC, date, datetime, timedelta
from decimal import Decimal
from pathlib import Path
from typing import ClassVar
from zoneinfo import ZoneInfo

from clerk import CASEBOOK, article, record_typed
from click.testing import CliRunner
from hypothesis import HealthCheck, event, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule
from sqlalchemy import select

from noticeclerk.actions import cases as case_actions
from noticeclerk.actions import documents as document_actions
from noticeclerk.actions import proof as proof_actions
from noticeclerk.actions.issuing import issue_documents
from noticeclerk.actions.workspace import Workspace
from noticeclerk.cli import cli
from noticeclerk.clock import Clock
from noticeclerk.content.notice_types import load_notice
from noticeclerk.content.village import load_village
from noticeclerk.exceptions import NoticeclerkError
from noticeclerk.generators.html import render_html
from noticeclerk.register.cases import find_case, request_from_options
from noticeclerk.register.chains import case_notices, printed_facts
from noticeclerk.register.database import open_register, reading, register_url
from noticeclerk.register.frozen import attach
from noticeclerk.register.issuing import IssueRequest
from noticeclerk.register.models import Document, Event, Payment, Proof, Service, ServiceEvent
from noticeclerk.register.next_steps import (
    MAY,
    next_steps,
    owners_time_ran_out,
    standing_of,
    state_of,
)
from noticeclerk.register.payments import balance
from noticeclerk.register.proof import AFTERWARDS
from noticeclerk.register.service import ServiceRequest
from noticeclerk.render import Rendered, Renderer
from noticeclerk.rules.periods import spell_date
from noticeclerk.service_methods import MAIL_CLASSES, SERVICE_METHODS

START = datetime(2026, 12, 1, 15, 0, tzinfo=UTC)
CLERK = "clerk"


class TemplatesOnly(Renderer):
    """Renders each document's template (so a missing fact still refuses it), and keeps the
    HTML as its files: the invariants are the register's, not the layout's."""

    def __init__(self, workspace: Path) -> None:
        super().__init__(workspace)
        # What each document and affidavit printed, by its number, for the invariants to read.
        self.contexts: dict[str, dict] = {}  # type: ignore[type-arg]

    def render_template(self, template, context, village, *, number, title, stem, **_):  # type: ignore[no-untyped-def, override]
        self.contexts[number] = context
        html = render_html(template, context, environment=self.environment("en_US"))
        data = html.encode("utf-8")
        return Rendered(village.slug, stem, {"pdf": data, "docx": data}, html, title)


_TEMPLATE: dict[str, Path] = {}


def template_workspace() -> Path:
    """A workspace with the three villages' sample rolls imported, built once per process."""
    if "path" not in _TEMPLATE:
        office = Path(tempfile.mkdtemp(prefix="noticeclerk-order-")) / "office"
        runner = CliRunner()
        assert runner.invoke(cli, ["init", str(office)]).exit_code == 0
        for village in ("village-a", "luck", "palmyra", "tuckahoe", "village-b"):
            roll = CASEBOOK / village / "roll.csv"
            result = runner.invoke(
                cli, ["--workspace", str(office), "roll", "import", str(roll), "--village", village]
            )
            assert result.exit_code == 0, result.output
        _TEMPLATE["path"] = office
    return _TEMPLATE["path"]


CASES = {
    # Village A: a directive to the owners of two properties on a private street.
    "village-a": (
        "directive-to-comply",
        ["0301-02-011", "0301-02-004"],
        [
            "inspection_date=2026-11-30",
            "street_name=A Street (private)",
            "conditions=Construction debris blocks the travel lane.",
            "corrective_action=Remove the debris.",
        ],
    ),
    # Luck: snow ceased a day and a half before; still not cleared at both frontages.
    "luck": (
        "snow-ice-nonhazardous",
        ["146-00312-0000", "146-00415-0000"],
        [
            "snow_ceased=2026-11-29T20:00",
            "observed_at=2026-12-01T08:00",
            "sidewalk_location=along the Main Street frontage",
        ],
    ),
    # Palmyra: a dead maple overhanging the sidewalk, two weeks to take it down.
    "palmyra": (
        "dangerous-tree-order",
        ["PV-0233"],
        [
            "inspected_on=2026-11-30",
            "tree=one silver maple, about 30 inches in diameter,",
            "stands=on the private property 4 feet inside the front lot line",
            "species=other trees",
            "standing=on private property overhanging or projecting into a terrace or street",
            "appears=dead",
            "condition=The tree bore no leaves this season.",
            "corrective_action=Have the tree cut down and removed.",
            "act_by=2026-12-15",
        ],
    ),
}
# Methods tried, in this order, for a document to be served, with what each needs.
METHODS = (
    "hand_owner",
    "present_personally",
    "certified_mail",
    "first_class_mail",
    "file_with_officer",
    "registered_mail",
)
# Follow-ups that rest on a charge left unpaid.
ON_UNPAID = {"sworn-statement", "snow-ice-tax-roll-entry", "special-assessment"}


# The officer a case's statement is filed with, recorded when the case is opened.
OFFICERS = {
    # Village A's sworn statement is filed with the Village Administrator (§ 134-45C).
    "village-a": ("Village Administrator", ["Village Hall", "Village A NY 10000"]),
    # Tuckahoe's Street Commissioner reports the cost to the Village Clerk (§ 19-15(f)(2)).
    "tuckahoe": ("Taylor Brennan, Village Clerk", ["Village Hall", "Tuckahoe NY 10707"]),
    # Village B's Clerk certifies the cost to the Village Treasurer.
    "village-b": ("Village Treasurer", ["Village Hall", "Village B NY 10001"]),
}


def palmyra_appeal(today: date, hearing: date) -> tuple[str, list[str], list[str], list[str]]:
    """The owner appeals the dangerous-tree order to the Village Board (§ 8.15); the Board
    affirms it with two weeks to comply."""
    return (
        "Tomasz Wierzbicki",
        ["218 North Second Street", "Palmyra WI 53156"],
        [
            "order_title=order to take corrective action on a dangerous tree",
            f"appeal_received_on={today.isoformat()}",
            f"hearing_at={hearing.isoformat()}T18:30",
            "hearing_place=the Board Room, Village Hall",
            f"hearing_concluded_on={hearing.isoformat()}",
            "resolution=Resolution No. 2026-51",
            "appearance=The owner appeared.",
            "grounds=The tree is dead.",
            "ground=dangerous or obstructive tree",
            "outcome=affirmed",
            "order_as_decided=Have the tree cut down and removed.",
            f"comply_by={(hearing + timedelta(days=14)).isoformat()}",
        ],
        [],
    )


def tuckahoe_appeal(today: date, hearing: date) -> tuple[str, list[str], list[str], list[str]]:
    """The owner appeals the notice to repair to the Board of Trustees (§ 19-15(c)); the Board
    modifies it, with three days from its order."""
    return (
        "Hollis Street Partners LLC",
        ["c/o Dunmore Management", "1450 Broadway Floor 12", "New York NY 10018"],
        [
            "appeal_manner=a letter delivered by hand to the Village Clerk's office",
            f"hearing_at={hearing.isoformat()}T19:30",
            "hearing_place=the Board Room, Village Hall, 65 Main Street",
            "outcome=modified",
            "compliance_days=3",
            "resolution=Resolution No. 2026-87",
            "appearance=The appellant appeared by its managing agent.",
            "reasons=The three heaved flags remain unsafe.",
            "work=Remove and replace three heaved concrete sidewalk flags.",
            "specifications=Concrete walk four inches thick on a compacted gravel base.",
        ],
        [f"appeal_served={today.isoformat()}", f"order={hearing.isoformat()}"],
    )


APPEALS = {"palmyra": palmyra_appeal, "tuckahoe": tuckahoe_appeal}


def registered(n: int) -> str:
    """The n-th registered-mail article number: RA, eight digits, the S10 check digit, US."""
    serial = f"{n:08d}"
    total = sum(
        int(digit) * weight for digit, weight in zip(serial, (8, 6, 4, 2, 3, 5, 9, 7), strict=True)
    )
    check = {10: 0, 11: 5}.get(11 - total % 11, 11 - total % 11)
    return f"RA{serial}{check}US"


class ClerksDays(RuleBasedStateMachine):
    """A clerk's days in one register, a case of each village in CASES open."""

    CASES: ClassVar[dict[str, tuple[str, list[str], list[str]]]] = CASES

    @initialize()
    def open_the_cases(self) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="noticeclerk-order-"))
        self.office = self.folder / "office"
        shutil.copytree(template_workspace(), self.office)
        self.engine = attach(open_register(register_url(self.office, None)), self.office)
        self.renderer = TemplatesOnly(self.office)
        self.now = START
        self.mailed = 0
        self.printed: dict[str, object] = {}
        # The day of the Board's hearing (and order) on each case appealed.
        self.hearings: dict[str, str] = {}
        self.cases: list[str] = []
        for village, (notice, parcels, facts) in self.CASES.items():
            request = request_from_options(village, notice, parcels, facts, [], self.office)
            case = case_actions.open_case(self.desk(), request, by=CLERK)
            self.cases.append(case)
            if village in OFFICERS:
                name, lines = OFFICERS[village]
                case_actions.record_party(
                    self.desk(), case, role="officer", name=name, address_lines=lines, by=CLERK
                )
        # Each case's first document, issued and served: the days that follow are the test.
        for case in self.cases:
            on = self.today(case)
            self._issue(case, on, self.first(case), None, self.steps(case, on))
            for document in self.documents(case):
                self._serve(document)

    def teardown(self) -> None:
        if hasattr(self, "engine"):
            self.engine.dispose()
            shutil.rmtree(self.folder, ignore_errors=True)

    # --- what the register holds ------------------------------------------------------------

    def documents(self, case: str | None = None) -> list[Document]:
        with reading(self.engine) as session:
            query = select(Document).order_by(Document.id)
            found = list(session.scalars(query))
            for document in found:  # what the rules read, loaded while the session is open
                document.case.number  # noqa: B018
                document.payments  # noqa: B018
                for service in document.services:
                    service.events  # noqa: B018
            return [d for d in found if case is None or d.case.number == case]

    def steps(self, case: str, on: date):  # type: ignore[no-untyped-def]
        with reading(self.engine) as session:
            found = find_case(session, case)
            return next_steps(state_of(session, found, self.office, on), on)

    def desk(self) -> Workspace:
        """The office as the actions see it, its clock at this moment of the clerk's days."""
        return Workspace.over(self.engine, self.office, Clock(self.now))

    def today(self, case: str) -> date:
        return self.now.astimezone(self.zone(case)).date()

    def village(self, case: str) -> str:
        return {
            "VA": "village-a", "LU": "luck", "PA": "palmyra", "TU": "tuckahoe", "VB": "village-b"
        }[case[:2]]  # fmt: skip

    def first(self, case: str) -> str:
        return self.CASES[self.village(case)][0]

    def zone(self, case: str) -> ZoneInfo:
        return load_village(self.village(case), self.office).timezone

    # --- the clerk's actions -----------------------------------------------------------------

    @rule(hours=st.integers(min_value=1, max_value=24 * 12))
    def let_time_pass(self, hours: int) -> None:
        self.now += timedelta(hours=hours)

    @rule(days=st.integers(min_value=1, max_value=30))
    def the_office_keeps_up(self, days: int) -> None:
        """Days pass; the clerk serves what was issued, records the receipts that came back
        and the work the Village did yesterday, and issues what each case offers."""
        self.now += timedelta(days=days)
        for which, case in enumerate(self.cases):
            self.serve_what_a_case_issued(which)
            self.record_the_receipts(which)
            if not any(d.amount_due is not None for d in self.documents(case)):
                self._record_work(case, 24)  # the work before its bill, recorded once
            on = self.today(case)
            for step in self.steps(case, on):
                if step.standing.standing == MAY and not step.needs:
                    # Read again: what one issue gives may change what the next allows.
                    self._issue(
                        case, on, step.notice.slug, step.follows_option, self.steps(case, on)
                    )

    @rule(pick=st.integers(0, 30))
    def issue_what_is_offered(self, pick: int) -> None:
        """Issue one of the documents the cases offer today."""
        offered = []
        for case in self.cases:
            on = self.today(case)
            steps = self.steps(case, on)
            offered += [(case, on, step, steps) for step in steps if step.standing.standing == MAY]
        if offered:
            case, on, step, steps = offered[pick % len(offered)]
            self._issue(case, on, step.notice.slug, step.follows_option, steps)

    @rule(which=st.integers(0, 2), pick=st.integers(0, 30))
    def issue_a_step_whatever_its_standing(self, which: int, pick: int) -> None:
        """Issue one of the steps the case lists, whatever its standing."""
        case = self.cases[which % len(self.cases)]
        on = self.today(case)
        steps = self.steps(case, on)
        if steps:
            step = steps[pick % len(steps)]
            self._issue(case, on, step.notice.slug, step.follows_option, steps)

    @rule(which=st.integers(0, 2), pick=st.integers(0, 30), follows=st.integers(0, 30))
    def issue_anything(self, which: int, pick: int, follows: int) -> None:
        """Issue any notice type of the case's chain after any of its documents, as a clerk
        typing the command might."""
        case = self.cases[which % len(self.cases)]
        on = self.today(case)
        steps = self.steps(case, on)
        with reading(self.engine) as session:
            slugs = [n.slug for n in case_notices(find_case(session, case), self.office)]
        documents = [d.number for d in self.documents(case)]
        chosen = documents[follows % len(documents)] if documents and follows % 3 else None
        self._issue(case, on, slugs[pick % len(slugs)], chosen, steps)

    @rule(which=st.integers(0, 2), pick=st.integers(0, 30), days_ahead=st.integers(1, 90))
    def issue_dated_ahead(self, which: int, pick: int, days_ahead: int) -> None:
        """Issue a step with a date not yet come, as a clerk mistyping --date might."""
        case = self.cases[which % len(self.cases)]
        on = self.today(case)
        steps = self.steps(case, on)
        if steps:
            step = steps[pick % len(steps)]
            ahead = on + timedelta(days=days_ahead)
            self._issue(case, ahead, step.notice.slug, step.follows_option, steps)

    @rule(which=st.integers(0, 2), pick=st.integers(0, 30))
    def issue_to_a_tenant(self, which: int, pick: int) -> None:
        """Issue a step to a name given for it alone (a tenant, a new owner's attorney)."""
        case = self.cases[which % len(self.cases)]
        on = self.today(case)
        steps = self.steps(case, on)
        if steps:
            step = steps[pick % len(steps)]
            tenant = ("Jane Tenant", "1 Main Street Apt 2|Anytown NY 10000")
            self._issue(case, on, step.notice.slug, step.follows_option, steps, given=tenant)

    def _issue(
        self,
        case: str,
        on: date,
        slug: str,
        follows: str | None,
        steps: list,  # type: ignore[type-arg]
        given: tuple[str, str] | None = None,
    ) -> None:
        before = {d.number: d for d in self.documents(case)}
        # The case as it stood, read in a transaction kept open while the document is issued
        # (SQLite's WAL keeps its snapshot), to judge each document by the same function.
        with reading(self.engine) as session:
            prior = state_of(session, find_case(session, case), self.office, on)
            prior_documents = {d.number: d for d in prior.documents}
            try:
                office = self.desk()
                order = IssueRequest(case, slug, on, given=given, follows=follows)
                issued = issue_documents(office, order, by=CLERK, renderer=self.renderer)
            except NoticeclerkError as error:
                event(f"refused: {slug}: {str(error)[:70]}")
                return
            event(f"issued: {slug}")
            documents = {d.number: d for d in self.documents(case)}
            for one in issued:
                document = documents[one.number]
                # Allowed by the next steps' function, for the addressee it went to...
                judged = standing_of(
                    prior,
                    load_notice(self.village(case), document.notice_type, self.office),
                    prior_documents.get(document.follows) if document.follows else None,
                    document.parcel_id,
                    on,
                    document.recipient_name,
                )
                assert judged.may, f"{document.number} ({document.notice_type}): {judged.why}"
                # ... and, to the addressee the notice type names, a step the case listed.
                allowed = [
                    step
                    for step in steps
                    if step.notice.slug == document.notice_type
                    and step.standing.standing == MAY
                    and (document.follows is None or document.follows in step.follows)
                ]
                assert allowed or given, f"{document.number} was not offered"
                followed = before.get(document.follows) if document.follows else None
                if document.notice_type in ON_UNPAID:
                    assert followed is not None and balance(followed) > 0, (
                        f"{document.number} rests on {document.follows}, paid in full"
                    )
                self._worked_after_the_owners_time(case, document, followed)
                self._not_before_its_hearing(document)
        notice = load_notice(self.village(case), slug, self.office)
        with reading(self.engine) as session:
            parcels = [link.parcel.parcel_id for link in find_case(session, case).parcels]
        if notice.to_owners and len(parcels) > 1 and slug == self.first(case):
            given = {d.parcel_id for d in self.documents(case) if d.notice_type == slug}
            given = {p for p in given if p is not None}
            assert given == set(parcels), f"{slug} went to the owners of {given} of {parcels}"

    def _worked_after_the_owners_time(
        self, case: str, document: Document, followed: Document | None
    ) -> None:
        notice = load_notice(self.village(case), document.notice_type, self.office)
        facts = printed_facts(document) or {}
        if notice.work is None or followed is None or notice.work not in facts:
            return
        with reading(self.engine) as session:
            state = state_of(session, find_case(session, case), self.office, self.today(case))
            ran_out = owners_time_ran_out(state, followed)
        if ran_out is None:
            return
        work = facts[notice.work]
        if len(ran_out) > 10:
            ends = datetime.fromisoformat(ran_out)
            assert (work > ends) if isinstance(work, datetime) else work > ends.date()
        else:
            day = date.fromisoformat(ran_out)
            assert (work.date() if isinstance(work, datetime) else work) > day

    def _not_before_its_hearing(self, document: Document) -> None:
        facts = printed_facts(document) or {}
        notice = load_notice(self.village(document.case.number), document.notice_type, self.office)
        for hearing in ("hearing_at", "hearing_concluded_on"):
            if notice.kind == "decision" and hearing in facts:
                day = facts[hearing]
                day = day.date() if isinstance(day, datetime) else day
                assert document.document_date >= day, f"{document.number} before its hearing"

    @rule(which=st.integers(0, 2))
    def serve_what_a_case_issued(self, which: int) -> None:
        """Serve each document of a case not yet served, as the clerk serves a day's papers."""
        for document in self.documents(self.cases[which % len(self.cases)]):
            if document.status == "issued" and not document.services:
                self._serve(document)

    def _serve(self, document: Document) -> None:
        notice = load_notice(self.village(document.case.number), document.notice_type, self.office)
        allowed = [entry.method for entry in notice.service]
        method = next((m for m in METHODS if m in allowed), None)
        if method is None:
            return
        self.mailed += 1
        request = ServiceRequest(
            method=method,
            by="R. Ortiz",
            at=self.now,
            to_person="the owner" if method in ("hand_owner", "present_personally") else None,
            address="the premises" if method in ("hand_owner",) else None,
            article_number=article(self.mailed) if method == "certified_mail" else None,
        )
        if method == "registered_mail":
            request = ServiceRequest(
                method=method, by="clerk", at=self.now, article_number=registered(self.mailed)
            )
        try:
            document_actions.serve(self.desk(), document.number, request)
        except NoticeclerkError:
            return

    @rule(which=st.integers(0, 2))
    def record_the_receipts(self, which: int) -> None:
        """The return receipts of a case's mail come back, or the owner says it arrived."""
        for document in self.documents(self.cases[which % len(self.cases)]):
            services = document.services
            mailed = services and services[-1].method in ("certified_mail", "first_class_mail")
            if document.status != "issued" or not mailed or services[-1].events:
                continue
            method = services[-1].method
            kind = "receipt_signed" if method == "certified_mail" else "received"
            try:
                document_actions.record_mail_answer(
                    self.desk(), document.number, kind, self.now, note="The owner's letter.",
                    by=CLERK,
                )  # fmt: skip
            except NoticeclerkError:
                continue

    @rule(pick=st.integers(0, 60), in_full=st.booleans())
    def record_a_payment(self, pick: int, in_full: bool) -> None:
        owing = [
            d
            for d in self.documents()
            if d.status == "issued" and d.amount_due is not None and balance(d) > 0
        ]
        if not owing:
            return
        bill = owing[pick % len(owing)]
        amount = balance(bill) if in_full else min(balance(bill), Decimal("10.00"))
        day = self.today(bill.case.number)
        document_actions.pay(self.desk(), bill.number, amount, day, reference=None, by=CLERK)

    @rule(pick=st.integers(0, 60))
    def void_a_document(self, pick: int) -> None:
        standing = [d for d in self.documents() if d.status == "issued"]
        if not standing:
            return
        try:
            document_actions.void(
                self.desk(), standing[pick % len(standing)].number, reason="spoiled", by=CLERK
            )
        except NoticeclerkError:
            return

    @rule(hours_ago=st.integers(0, 24 * 6))
    def record_the_work(self, hours_ago: int) -> None:
        """The Village's work for each case's bill, done some hours before now (perhaps within
        the owner's time)."""
        for case in self.cases:
            self._record_work(case, hours_ago)

    def _record_work(self, case: str, hours_ago: int) -> None:
        zone = self.zone(case)
        when = (self.now - timedelta(hours=hours_ago)).astimezone(zone)
        day = when.date().isoformat()
        facts = {
            "village-a": [
                "violation=the failure to comply with § 134-41A within seven days of the directive",
                "work_performed=Removed the debris from the travel lane.",
                f"work_started={day}",
                f"work_completed={day}",
                "labor=DPW Laborer R. Ortiz | 6 | 31.25 | 42.5",
                "administrative_time=$500",
                "general_counsel=none",
                "contractors=none",
                "materials_and_equipment=none",
            ],
            "luck": [
                "abatement_basis=The snow and ice were not removed by the time the notice gave.",
                "work_description=a Public Works crew cleared the sidewalk.",
                f"removed_at={when.replace(tzinfo=None).isoformat(timespec='minutes')}",
                f"costs_incurred_on={day}",
                "expenses=Labor: two Public Works employees|115.50",
                "tax_roll=the 2027 tax roll",
            ],
            "tuckahoe": self._tuckahoe_report(case, day),
            # Village B's Council levies the special assessment on the unpaid statements.
            "village-b": [f"levied_on={day}", "resolution=Resolution No. 2027-3"],
            "palmyra": [
                "work_place=outside the terrace areas",
                "board_determined_otherwise=false",
                "abated=the dead silver maple",
                "abatement_work=a tree service cut the tree down and hauled it away.",
                "costs=Cutting down the tree|1850.00",
                f"work_begun_on={day}",
                f"work_done_on={day}",
            ],
        }[self.village(case)]
        if not facts:
            return
        try:
            record_typed(
                self.engine, case, facts, [], by=CLERK, now=self.now, workspace=self.office
            )
        except NoticeclerkError:
            return

    def _tuckahoe_report(self, case: str, day: str) -> list[str]:
        """The Street Commissioner's report of the work, the time it names being the Board's
        three days where an appeal was heard, else the notice's seven days from its mailing."""
        if case in self.hearings:
            time = ["time_specified_by=board_order", f"time_from={self.hearings[case]}"]
        else:
            mailed = [
                d.services[0].served_at.astimezone(self.zone(case)).date()
                for d in self.documents(case)
                if d.notice_type == self.first(case) and d.services
            ]
            if not mailed:
                return []
            time = ["time_specified_by=notice", f"time_from={mailed[0].isoformat()}"]
        return [
            *time,
            "time_document=the notice to repair",
            f"found_undone_on={day}",
            "work_done=Removed and replaced three heaved concrete sidewalk flags.",
            f"work_began={day}",
            f"work_completed={day}",
            "costs=Concrete work, three flags|1240.00",
        ]

    @rule(which=st.integers(0, 4), days_to_hearing=st.integers(1, 40))
    def the_owner_appeals(self, which: int, days_to_hearing: int) -> None:
        """The owner's appeal of an order reaches the Board today; the hearing is set, and the
        Board's decision, when it comes, affirms or modifies the order with days to comply."""
        appealable = [case for case in self.cases if self.village(case) in APPEALS]
        if not appealable:
            return
        case = appealable[which % len(appealable)]
        today = self.today(case)
        hearing = today + timedelta(days=days_to_hearing)
        name, lines, facts, events = APPEALS[self.village(case)](today, hearing)
        try:
            case_actions.record_party(
                self.desk(), case, role="appellant", name=name, address_lines=lines, by=CLERK
            )
            record_typed(
                self.engine, case, facts, events, by=CLERK, now=self.now, workspace=self.office
            )
        except NoticeclerkError:
            return
        self.hearings[case] = hearing.isoformat()

    @rule(pick=st.integers(0, 60))
    def strike_a_service(self, pick: int) -> None:
        """Strike a service record as mistaken (a mistyped article number, say)."""
        served = [d for d in self.documents() if d.services]
        if not served:
            return
        document = served[pick % len(served)]
        try:
            document_actions.strike_service(
                self.desk(), document.number, 1 + pick % len(document.all_services),
                reason="Mistyped.", by=CLERK,
            )  # fmt: skip
        except NoticeclerkError:
            return

    @rule(pick=st.integers(0, 60))
    def issue_an_affidavit_of_service(self, pick: int) -> None:
        """Issue the affidavit of a served document; it swears to the records and no more."""
        served = [d for d in self.documents() if d.services]
        if not served:
            return
        number = served[pick % len(served)].number
        with reading(self.engine) as session:
            before = session.scalars(select(Document).where(Document.number == number)).one()
            standing = [
                (s.id, s.served_by, s.method, s.served_at, s.address, s.article_number,
                 [(e.kind, e.happened_at) for e in s.events])
                for s in before.services
            ]  # fmt: skip
            sha = before.pdf_sha256
        try:
            issued = proof_actions.issue_proof(
                self.desk(), number, by=CLERK, renderer=self.renderer
            )
        except NoticeclerkError as error:
            event(f"refused: affidavit: {str(error)[:60]}")
            return
        event("issued: affidavit")
        self._sworn_as_recorded(issued.number, sha, standing)

    def _sworn_as_recorded(self, number: str, sha: str, standing: list) -> None:  # type: ignore[type-arg]
        """Every statement the affidavit makes is a record's, element by element: the bytes
        it names, each service's server, manner, day and place, what came of the mail; and
        it swears to every standing service, none struck."""
        with reading(self.engine) as session:
            (proof,) = session.scalars(select(Proof).where(Proof.number == number)).all()
            zone = self.zone(proof.document.case.number)
            assert proof.service_ids == [one[0] for one in standing]
        context = self.renderer.contexts[number]
        assert context["doc"]["pdf_sha256"] == sha
        stated = context["services"]
        assert len(stated) == len(standing)
        for facts, (_id, server, method, at, address, article_number, events) in zip(
            stated, standing, strict=True
        ):
            at = at.astimezone(zone)
            assert facts["server"] == server
            assert facts["method"] == MAIL_CLASSES.get(method, SERVICE_METHODS[method])
            assert facts["date"] == spell_date(at.date())
            assert facts["article_number"] == article_number
            # A place is stated only where the server recorded one, or where mail went to the
            # address the document bears.
            if address is not None:
                assert facts["address"] == address
            elif not facts["mailed"]:
                assert facts["address"] is None
            assert [e["kind"] for e in facts["events"]] == [AFTERWARDS[k] for k, _ in events]
        assert [a["name"] for a in context["affiants"]] == list(
            dict.fromkeys(one[1] for one in standing)
        )

    # --- invariants -------------------------------------------------------------------------

    @invariant()
    def no_record_is_ever_overwritten(self) -> None:
        """A fact, an event, a service, what came of the mail, a payment: each record, once
        made, stays as it was; a mistaken one is struck, never changed."""
        if not hasattr(self, "engine"):
            return
        with reading(self.engine) as session:
            now: dict[tuple[str, int], tuple] = {}  # type: ignore[type-arg]
            for row in session.scalars(select(Event)):
                now[("event", row.id)] = (row.case_id, row.kind, row.name, row.value)
            for row in session.scalars(select(Service)):
                now[("service", row.id)] = (
                    row.document_id, row.method, row.served_by, row.served_at, row.address,
                    row.article_number, row.effective, row.deadline,
                )  # fmt: skip
            for row in session.scalars(select(ServiceEvent)):
                now[("receipt", row.id)] = (row.service_id, row.kind, row.happened_at)
            for row in session.scalars(select(Payment)):
                now[("payment", row.id)] = (row.document_id, row.amount, row.paid_on)
        kept = getattr(self, "records", {})
        for key, value in kept.items():
            assert now.get(key) == value, f"{key} changed from {value} to {now.get(key)}"
        self.records = now

    @invariant()
    def one_standing_document_for_each_work_and_parcel(self) -> None:
        if not hasattr(self, "engine"):
            return
        seen: dict[tuple[str, str | None, str | None], str] = {}
        billed: dict[tuple[str, str], list[Document]] = {}
        for document in self.documents():
            if document.status != "issued":
                continue
            notice = load_notice(self.village(document.case.number), document.notice_type,
                                 self.office)  # fmt: skip
            # A bill charges the work at a property once (§ 134-45A), whichever document it
            # follows and whatever its definition says of `once`: a bill of the whole case
            # covers every parcel.
            if notice.kind == "bill":
                key2 = (document.case.number, document.notice_type)
                for other in billed.get(key2, []):
                    overlap = None in (other.parcel_id, document.parcel_id) or (
                        other.parcel_id == document.parcel_id
                    )
                    assert not overlap, f"{document.number} and {other.number} bill the same"
                billed.setdefault(key2, []).append(document)
                continue
            # Anything given once for each document it follows.
            if not notice.once:
                continue
            key = (document.notice_type, document.follows, document.parcel_id)
            assert key not in seen, f"{document.number} and {seen[key]} are both standing"
            seen[key] = document.number

    @invariant()
    def what_a_document_printed_never_changes(self) -> None:
        if not hasattr(self, "engine"):
            return
        for document in self.documents():
            facts = document.facts
            if document.number in self.printed:
                assert self.printed[document.number] == facts, document.number
            self.printed[document.number] = facts


def days_of_a_clerk(examples: int) -> settings:
    """How many random days, of how many steps: `examples` in the everyday run, which CI
    makes on every change; NOTICECLERK_THOROUGH=1 makes ten times as many, each longer, for a
    deeper search before a release (about an hour)."""
    thorough = os.environ.get("NOTICECLERK_THOROUGH") == "1"
    return settings(
        max_examples=examples * 10 if thorough else examples,
        stateful_step_count=60 if thorough else 30,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
    )


ClerksDays.TestCase.settings = days_of_a_clerk(10)
test_random_days_of_a_clerk_keep_the_order_of_the_steps = ClerksDays.TestCase
