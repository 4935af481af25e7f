"""The register's tables, as SQLAlchemy 2 models; every change goes through a migration."""

from __future__ import annotations

from datetime import UTC, date, datetime
from decimal import Decimal
from typing import Any

from sqlalchemy import (
    JSON,
    Boolean,
    Date,
    DateTime,
    ForeignKey,
    Integer,
    LargeBinary,
    MetaData,
    String,
    Text,
    TypeDecorator,
    UniqueConstraint,
)
from sqlalchemy import event as orm_event
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column, relationship

from noticeclerk.service_methods import MAIL_METHODS

# Constraint names fixed by convention, so migrations name them the same on every database.
NAMING = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


# What shows a mailed document reached its addressee: a signed return receipt, or for mail
# sent without one the day the Village knows it was received.
RECEIPTS = ("receipt_signed", "received")
# What shows it did not: the mail came back unclaimed, or refused by the addressee.
RETURNS = ("returned_unclaimed", "returned_refused")


class UTCDateTime(TypeDecorator[datetime]):
    """An aware date-time, stored in UTC (SQLite keeps no zone) and read back aware."""

    impl = DateTime
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Any) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError("the register stores only aware date-times")
        return value.astimezone(UTC).replace(tzinfo=None)

    def process_result_value(self, value: datetime | None, dialect: Any) -> datetime | None:
        return None if value is None else value.replace(tzinfo=UTC)


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING)


class Parcel(Base):
    """A tax parcel on a village's roll; its id is text ("037" stays "037")."""

    __tablename__ = "parcels"
    __table_args__ = (UniqueConstraint("village", "parcel_id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    village: Mapped[str] = mapped_column(String(40))
    parcel_id: Mapped[str] = mapped_column(String(60))
    section_block_lot: Mapped[str] = mapped_column(String(200), default="")
    property_address: Mapped[str] = mapped_column(String(200))
    tax_lots: Mapped[str] = mapped_column(String(200), default="")
    resident: Mapped[bool] = mapped_column(Boolean, default=True)
    # Whether a dwelling stands on the parcel, as the roll last said; None: no roll has said.
    dwelling: Mapped[bool | None] = mapped_column(Boolean, nullable=True)
    owners: Mapped[list[OwnerRecord]] = relationship(
        back_populates="parcel", order_by="OwnerRecord.valid_from"
    )


class RollImport(Base):
    """One import of a roll file: when, by whom, from which bytes, and what it changed."""

    __tablename__ = "roll_imports"

    id: Mapped[int] = mapped_column(primary_key=True)
    village: Mapped[str] = mapped_column(String(40))
    filename: Mapped[str] = mapped_column(String(400))
    sha256: Mapped[str] = mapped_column(String(64))
    imported_at: Mapped[datetime] = mapped_column(UTCDateTime())
    imported_by: Mapped[str] = mapped_column(String(200))
    rows: Mapped[int] = mapped_column(Integer)
    changes: Mapped[list[dict[str, Any]]] = mapped_column(JSON, default=list)


class OwnerRecord(Base):
    """The owner of record of a parcel from one import until a later import replaces it."""

    __tablename__ = "owner_records"

    id: Mapped[int] = mapped_column(primary_key=True)
    parcel_pk: Mapped[int] = mapped_column(ForeignKey("parcels.id"), index=True)
    owner_name: Mapped[str] = mapped_column(String(300))
    mailing_lines: Mapped[list[str]] = mapped_column(JSON)
    email: Mapped[str] = mapped_column(String(300), default="")
    phone: Mapped[str] = mapped_column(String(60), default="")
    valid_from: Mapped[datetime] = mapped_column(UTCDateTime())
    valid_to: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)
    roll_import_id: Mapped[int] = mapped_column(ForeignKey("roll_imports.id"), index=True)
    parcel: Mapped[Parcel] = relationship(back_populates="owners")


class Counter(Base):
    """The next number of a numbering series; a number once given is never given again."""

    __tablename__ = "counters"

    series: Mapped[str] = mapped_column(String(120), primary_key=True)
    next_value: Mapped[int] = mapped_column(Integer)


class Case(Base):
    """One matter at one parcel, or at several parcels sharing one obligation."""

    __tablename__ = "cases"

    id: Mapped[int] = mapped_column(primary_key=True)
    number: Mapped[str] = mapped_column(String(60), unique=True)
    village: Mapped[str] = mapped_column(String(40), index=True)
    notice_type: Mapped[str] = mapped_column(String(80))
    opened_at: Mapped[datetime] = mapped_column(UTCDateTime())
    opened_by: Mapped[str] = mapped_column(String(200))
    recipient: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    # A closed case (complied, withdrawn, paid) takes no more records or documents; its
    # documents stay in the register and leave the list of what is due.
    closed_at: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True, index=True)
    closed_by: Mapped[str | None] = mapped_column(String(200), nullable=True)
    close_reason: Mapped[str | None] = mapped_column(String(20), nullable=True)
    close_note: Mapped[str | None] = mapped_column(Text, nullable=True)
    parcels: Mapped[list[CaseParcel]] = relationship(order_by="CaseParcel.position")
    events: Mapped[list[Event]] = relationship(order_by="Event.id")
    parties: Mapped[list[Party]] = relationship(order_by="Party.id")
    given_emails: Mapped[list[GivenEmail]] = relationship(order_by="GivenEmail.id")


class CaseParcel(Base):
    __tablename__ = "case_parcels"

    case_id: Mapped[int] = mapped_column(ForeignKey("cases.id"), primary_key=True)
    parcel_pk: Mapped[int] = mapped_column(ForeignKey("parcels.id"), primary_key=True, index=True)
    position: Mapped[int] = mapped_column(Integer)
    parcel: Mapped[Parcel] = relationship()


class Party(Base):
    """Someone a case's documents may go to besides the owners of record: an applicant, an
    appellant, a contractor, a surety, a utility, an officer. A later record of the same role
    supersedes an earlier one (a corrected address), which stays."""

    __tablename__ = "parties"

    id: Mapped[int] = mapped_column(primary_key=True)
    case_id: Mapped[int] = mapped_column(ForeignKey("cases.id"), index=True)
    role: Mapped[str] = mapped_column(String(20))
    name: Mapped[str] = mapped_column(String(300))
    address_lines: Mapped[list[str]] = mapped_column(JSON)
    email: Mapped[str] = mapped_column(String(300), default="")
    phone: Mapped[str] = mapped_column(String(60), default="")
    recorded_by: Mapped[str] = mapped_column(String(200))
    recorded_at: Mapped[datetime] = mapped_column(UTCDateTime())


class GivenEmail(Base):
    """An email address an owner or resident of a case's property gave a department of the
    Village in writing (Village A § 134-43C): who gave it, as what, to which department, on
    which day, and the archive item that keeps the writing. It makes the address one on file
    for service by email."""

    __tablename__ = "given_emails"

    id: Mapped[int] = mapped_column(primary_key=True)
    case_id: Mapped[int] = mapped_column(ForeignKey("cases.id"), index=True)
    email: Mapped[str] = mapped_column(String(300))
    given_by: Mapped[str] = mapped_column(String(300))
    # What the register shows the giver to be: "owner of record of parcel 0301-02-004", or
    # "occupant recorded on case VA-C-2026-0003".
    given_as: Mapped[str] = mapped_column(String(300))
    department: Mapped[str] = mapped_column(String(200))
    given_on: Mapped[date] = mapped_column(Date)
    writing_item_id: Mapped[int] = mapped_column(ForeignKey("archive_items.id"))
    recorded_by: Mapped[str] = mapped_column(String(200))
    recorded_at: Mapped[datetime] = mapped_column(UTCDateTime())


class Event(Base):
    """A fact or a happening in a case, with who recorded it and when.

    `kind` is "fact" (a value the documents print) or "event" (a date or moment a deadline
    counts from); a later record of the same name supersedes an earlier one, which stays.
    """

    __tablename__ = "events"

    id: Mapped[int] = mapped_column(primary_key=True)
    case_id: Mapped[int] = mapped_column(ForeignKey("cases.id"), index=True)
    kind: Mapped[str] = mapped_column(String(10))
    name: Mapped[str] = mapped_column(String(80))
    value: Mapped[Any] = mapped_column(JSON)
    recorded_by: Mapped[str] = mapped_column(String(200))
    recorded_at: Mapped[datetime] = mapped_column(UTCDateTime())


class FrozenFilesMixin:
    """A record's frozen PDF and DOCX, read from the register's store and checked against the
    SHA-256 recorded for them (register/frozen.py); a changed or missing file is refused."""

    @property
    def pdf(self) -> bytes:
        from noticeclerk.register.frozen import read_frozen

        return read_frozen(self, "pdf")

    @property
    def docx(self) -> bytes:
        from noticeclerk.register.frozen import read_frozen

        return read_frozen(self, "docx")


class Document(FrozenFilesMixin, Base):
    """An issued document: its number, and the exact bytes as they were issued, frozen."""

    __tablename__ = "documents"

    id: Mapped[int] = mapped_column(primary_key=True)
    number: Mapped[str] = mapped_column(String(60), unique=True)
    case_id: Mapped[int] = mapped_column(ForeignKey("cases.id"), index=True)
    notice_type: Mapped[str] = mapped_column(String(80), index=True)
    document_date: Mapped[date] = mapped_column(Date)
    issued_at: Mapped[datetime] = mapped_column(UTCDateTime())
    issued_by: Mapped[str] = mapped_column(String(200))
    recipient_name: Mapped[str] = mapped_column(String(300))
    recipient_lines: Mapped[list[str]] = mapped_column(JSON)
    # The party it went to: "owner" (of record), or the role of a party of the case; None for
    # a document issued before parties were recorded, or to a name given at the counter.
    recipient_role: Mapped[str | None] = mapped_column(String(20), nullable=True)
    # The number of the document this one follows in its case (the bill a sworn statement
    # follows); None for the case's first document.
    follows: Mapped[str | None] = mapped_column(String(60), nullable=True)
    # The parcel id of the one property the document is for, in a case over several (each
    # owner's bill for its share, and what follows it); None when it is for the whole case.
    parcel_id: Mapped[str | None] = mapped_column(String(60), nullable=True)
    # What a document over several parcels charges each, as it printed it (a district's
    # assessment schedule, the Clerk's certificate of cost): parcel id -> {"lines": [{
    # "description", "amount" as text}], and "premises" where it describes them}. A follow-up
    # billing one parcel takes that parcel's lines from here; None for any other document.
    parcel_charges: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    # The facts it printed, each as the register stores a fact (register.facts.to_json): a
    # follow-up that repeats one (the hearing's day) and a later check of this document read
    # them here, never a later record of the case under the same name. None for a document
    # issued before the register kept them.
    facts: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    # The deadline the document itself states, computed for service on its date: the day, and
    # the instant too when the rule sets an hour ("by 12:00 noon").
    stated_due_on: Mapped[date | None] = mapped_column(Date, nullable=True)
    stated_due_at: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)
    # The day the Village said, when it issued the document, that it would mail it, for a
    # document whose time counts from its mailing: the document states its deadline as a date
    # counted from that day (NY legal reading CF-3, CF-9, CF-11). None when it did not say.
    mailing_planned_on: Mapped[date | None] = mapped_column(Date, nullable=True)
    # A bill's amount, as text so the exact cents survive every database.
    amount_due: Mapped[str | None] = mapped_column(String(20), nullable=True)
    # The frozen files are in the workspace's store (register/frozen.py), named by their
    # SHA-256; `pdf` and `docx` read them from there, checked.
    pdf_sha256: Mapped[str] = mapped_column(String(64))
    pdf_size: Mapped[int] = mapped_column(Integer)
    pdf_type: Mapped[str] = mapped_column(String(100))
    docx_sha256: Mapped[str] = mapped_column(String(64))
    docx_size: Mapped[int] = mapped_column(Integer)
    docx_type: Mapped[str] = mapped_column(String(100))
    status: Mapped[str] = mapped_column(String(10), default="issued")
    void_reason: Mapped[str | None] = mapped_column(Text, nullable=True)
    voided_at: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)
    voided_by: Mapped[str | None] = mapped_column(String(200), nullable=True)
    case: Mapped[Case] = relationship()
    # Every service recorded, struck ones too; `services` is what still stands.
    all_services: Mapped[list[Service]] = relationship(order_by="Service.id")
    payments: Mapped[list[Payment]] = relationship(order_by="Payment.id")

    @property
    def services(self) -> list[Service]:
        """The services that stand: a struck record stays in the register but proves nothing."""
        return [service for service in self.all_services if service.struck_at is None]

    @property
    def latest_mailing(self) -> Service | None:
        """The last standing service by mail, whose receipt or return is recorded against it."""
        mailings = [service for service in self.services if service.method in MAIL_METHODS]
        return mailings[-1] if mailings else None

    @property
    def paid(self) -> Decimal:
        """What has been received on it, in all."""
        return sum((Decimal(payment.amount) for payment in self.payments), Decimal("0.00"))

    @property
    def deadline_in_force(self) -> str | None:
        """The deadline its last service fixed, or its receipt did (a signed return receipt, or
        the recorded day untracked mail was received) for service on receipt, as stored; None
        before service or while the mail awaits its receipt."""
        if not self.services:
            return None
        service = self.services[-1]
        found = service.deadline
        for event in service.events:
            if event.kind in RECEIPTS and event.deadline:
                found = event.deadline
        return found

    @property
    def came_back(self) -> ServiceEvent | None:
        """The return of its last service, where that mailing came back unclaimed or refused:
        the Village then knows the document did not reach its addressee."""
        if not self.services:
            return None
        return next((e for e in self.services[-1].events if e.kind in RETURNS), None)

    @property
    def relied_on(self) -> Service | None:
        """The service a follow-up takes its day and article number from: the last one that
        is not a further step after a mailing came back (that step is told, not relied on)."""
        standing = [service for service in self.services if not service.after_return]
        return standing[-1] if standing else None

    @property
    def stated_deadline(self) -> date | datetime | None:
        """The deadline the document states: an instant (in UTC) when it has an hour, else a day."""
        return self.stated_due_at if self.stated_due_at is not None else self.stated_due_on


class Service(Base):
    """One service of a document: how, by whom, when, to whom, and the deadline that followed."""

    __tablename__ = "services"

    id: Mapped[int] = mapped_column(primary_key=True)
    document_id: Mapped[int] = mapped_column(ForeignKey("documents.id"), index=True)
    method: Mapped[str] = mapped_column(String(40))
    served_by: Mapped[str] = mapped_column(String(200))
    served_at: Mapped[datetime] = mapped_column(UTCDateTime())
    to_person: Mapped[str | None] = mapped_column(String(300), nullable=True)
    address: Mapped[str | None] = mapped_column(Text, nullable=True)
    email: Mapped[str | None] = mapped_column(String(300), nullable=True)
    phone_result: Mapped[str | None] = mapped_column(String(20), nullable=True)
    article_number: Mapped[str | None] = mapped_column(String(60), nullable=True)
    note: Mapped[str | None] = mapped_column(Text, nullable=True)
    recorded_at: Mapped[datetime] = mapped_column(UTCDateTime())
    # Who typed the record (the server is served_by): the computer's login name at the command
    # line, the signed-in user at the desk; None for records made before it was kept.
    recorded_by: Mapped[str | None] = mapped_column(String(200), nullable=True)
    effective: Mapped[str] = mapped_column(String(40))
    deadline: Mapped[str | None] = mapped_column(String(40), nullable=True)
    deadline_steps: Mapped[list[str]] = mapped_column(JSON, default=list)
    # Where an email address not on file for the addressee came from, as free text: kept for
    # services recorded before the register took the giver's particulars (given_email).
    email_source: Mapped[str | None] = mapped_column(Text, nullable=True)
    # The record of the owner's or resident's writing that gave the address emailed to, where
    # it is not the roll's or the party's own address.
    given_email_id: Mapped[int | None] = mapped_column(ForeignKey("given_emails.id"), nullable=True)
    given_email: Mapped[GivenEmail | None] = relationship()
    # Door posting with a call (Village A § 134-43D): the number called, when, and who
    # answered (phone_result "answered") or that a message was left.
    phone_number: Mapped[str | None] = mapped_column(String(60), nullable=True)
    called_at: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)
    answered_by: Mapped[str | None] = mapped_column(String(300), nullable=True)
    # Suitable-age delivery (Village A § 134-43B): the person's relationship to the dwelling.
    related_as: Mapped[str | None] = mapped_column(String(300), nullable=True)
    # Mail: the post office or official depository the envelope was deposited in, which an
    # affidavit of mailing names (CPLR 2103(b)(2) in New York); None for records made before.
    deposited_at: Mapped[str | None] = mapped_column(String(300), nullable=True)
    # A further step after a mailing of the document came back (a notice type's service
    # `after_return`): what follows takes its day and article from the service before it.
    after_return: Mapped[bool | None] = mapped_column(Boolean, nullable=True)
    # A mistaken record is struck, never edited or deleted: who, when and why.
    struck_at: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)
    struck_by: Mapped[str | None] = mapped_column(String(200), nullable=True)
    struck_reason: Mapped[str | None] = mapped_column(Text, nullable=True)
    # Every receipt or return recorded, struck ones too; `events` is what still stands.
    all_events: Mapped[list[ServiceEvent]] = relationship(order_by="ServiceEvent.id")

    @property
    def events(self) -> list[ServiceEvent]:
        """What still stands of what happened to the mailing afterwards."""
        return [event for event in self.all_events if event.struck_at is None]


class ServiceEvent(Base):
    """What happened to a mailed document afterwards: a signed return receipt, or mail
    returned unclaimed; a receipt can start the deadline that service on receipt awaits."""

    __tablename__ = "service_events"

    id: Mapped[int] = mapped_column(primary_key=True)
    service_id: Mapped[int] = mapped_column(ForeignKey("services.id"), index=True)
    kind: Mapped[str] = mapped_column(String(20))
    happened_at: Mapped[datetime] = mapped_column(UTCDateTime())
    note: Mapped[str | None] = mapped_column(Text, nullable=True)
    # The name the return receipt was signed in, as the card prints it.
    signed_by: Mapped[str | None] = mapped_column(String(300), nullable=True)
    recorded_by: Mapped[str] = mapped_column(String(200))
    recorded_at: Mapped[datetime] = mapped_column(UTCDateTime())
    deadline: Mapped[str | None] = mapped_column(String(40), nullable=True)
    deadline_steps: Mapped[list[str]] = mapped_column(JSON, default=list)
    struck_at: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)
    struck_by: Mapped[str | None] = mapped_column(String(200), nullable=True)
    struck_reason: Mapped[str | None] = mapped_column(Text, nullable=True)


class Proof(FrozenFilesMixin, Base):
    """An affidavit of service issued for a document and frozen: the services it swears to and
    its files' bytes with their SHA-256, so that what was signed can be shown unchanged."""

    __tablename__ = "proofs"

    id: Mapped[int] = mapped_column(primary_key=True)
    document_id: Mapped[int] = mapped_column(ForeignKey("documents.id"), index=True)
    number: Mapped[str] = mapped_column(String(80), unique=True)
    issued_at: Mapped[datetime] = mapped_column(UTCDateTime())
    issued_by: Mapped[str] = mapped_column(String(200))
    service_ids: Mapped[list[int]] = mapped_column(JSON)
    # The frozen files are in the workspace's store (register/frozen.py), named by their
    # SHA-256; `pdf` and `docx` read them from there, checked.
    pdf_sha256: Mapped[str] = mapped_column(String(64))
    pdf_size: Mapped[int] = mapped_column(Integer)
    pdf_type: Mapped[str] = mapped_column(String(100))
    docx_sha256: Mapped[str] = mapped_column(String(64))
    docx_size: Mapped[int] = mapped_column(Integer)
    docx_type: Mapped[str] = mapped_column(String(100))
    document: Mapped[Document] = relationship()


class Payment(Base):
    """Money received on a bill: how much, on what day, and the receipt's reference."""

    __tablename__ = "payments"

    id: Mapped[int] = mapped_column(primary_key=True)
    document_id: Mapped[int] = mapped_column(ForeignKey("documents.id"), index=True)
    amount: Mapped[str] = mapped_column(String(20))
    paid_on: Mapped[date] = mapped_column(Date)
    reference: Mapped[str | None] = mapped_column(String(200), nullable=True)
    recorded_by: Mapped[str] = mapped_column(String(200))
    recorded_at: Mapped[datetime] = mapped_column(UTCDateTime())


class MailBatch(Base):
    """A certified or registered mailing of many documents at once: its pieces, the files
    printed for it (by name, with their SHA-256), and the post office's acceptance, which is
    what turns its pieces into services."""

    __tablename__ = "mail_batches"

    id: Mapped[int] = mapped_column(primary_key=True)
    number: Mapped[str] = mapped_column(String(60), unique=True)
    village: Mapped[str] = mapped_column(String(40))
    method: Mapped[str] = mapped_column(String(40))
    prepared_at: Mapped[datetime] = mapped_column(UTCDateTime())
    prepared_by: Mapped[str] = mapped_column(String(200))
    # The table of postage and fees it was priced from: its effective date and its source.
    rates_effective: Mapped[date] = mapped_column(Date)
    rates_source: Mapped[str] = mapped_column(Text)
    # The Mailer ID its article numbers were generated under (--impb), or None for numbers
    # from pre-printed labels.
    mailer_id: Mapped[str | None] = mapped_column(String(9), nullable=True)
    files: Mapped[dict[str, str]] = mapped_column(JSON, default=dict)
    # prepared, accepted (by the post office), or cancelled (never mailed; numbers free again).
    status: Mapped[str] = mapped_column(String(10), default="prepared")
    accepted_at: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)
    pieces_received: Mapped[int | None] = mapped_column(Integer, nullable=True)
    accepted_by: Mapped[str | None] = mapped_column(String(200), nullable=True)
    recorded_at: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)
    cancelled_at: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)
    cancelled_by: Mapped[str | None] = mapped_column(String(200), nullable=True)
    cancel_reason: Mapped[str | None] = mapped_column(Text, nullable=True)
    pieces: Mapped[list[MailPiece]] = relationship(
        back_populates="batch", order_by="MailPiece.line"
    )


class MailPiece(Base):
    """One letter of a mail batch: its line in the mailing book, its article number, the
    address as the book prints it, its postage and fees; and, once the post office accepted
    it, the service it became."""

    __tablename__ = "mail_pieces"
    __table_args__ = (UniqueConstraint("batch_id", "line"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    batch_id: Mapped[int] = mapped_column(ForeignKey("mail_batches.id"), index=True)
    line: Mapped[int] = mapped_column(Integer)
    document_id: Mapped[int] = mapped_column(ForeignKey("documents.id"), index=True)
    article_number: Mapped[str] = mapped_column(String(60), index=True)
    addressee: Mapped[str] = mapped_column(String(300))
    address_lines: Mapped[list[str]] = mapped_column(JSON)
    zip_code: Mapped[str] = mapped_column(String(10))
    postage: Mapped[str] = mapped_column(String(20))
    service_fee: Mapped[str] = mapped_column(String(20))
    return_receipt_fee: Mapped[str] = mapped_column(String(20))
    # None until the acceptance is recorded; False for a piece the post office did not take.
    accepted: Mapped[bool | None] = mapped_column(Boolean, nullable=True)
    service_id: Mapped[int | None] = mapped_column(
        ForeignKey("services.id"), nullable=True, index=True
    )
    batch: Mapped[MailBatch] = relationship(back_populates="pieces")
    document: Mapped[Document] = relationship()


class OutboxMessage(Base):
    """One message to send for a document, to one recipient by one channel, and what became
    of it: queued, sending, sent, deferred (tried again later) or failed. The message's bytes
    are kept as built, so what was sent can be shown, and its Message-ID is the same on a
    resend."""

    __tablename__ = "outbox"
    __table_args__ = (UniqueConstraint("document_id", "channel", "recipient"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    document_id: Mapped[int] = mapped_column(ForeignKey("documents.id"), index=True)
    channel: Mapped[str] = mapped_column(String(10))
    recipient: Mapped[str] = mapped_column(String(300))
    recipient_name: Mapped[str] = mapped_column(String(300))
    # Where the address came from when it is not the one on file (the owner's letter of ...).
    address_source: Mapped[str | None] = mapped_column(Text, nullable=True)
    # The ordinance does not allow service by email: a courtesy copy, never a service.
    courtesy: Mapped[bool] = mapped_column(Boolean)
    message_id: Mapped[str] = mapped_column(String(200), unique=True)
    message: Mapped[bytes] = mapped_column(LargeBinary)
    message_sha256: Mapped[str] = mapped_column(String(64))
    state: Mapped[str] = mapped_column(String(10), index=True)
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    next_attempt_at: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)
    last_reply: Mapped[str | None] = mapped_column(Text, nullable=True)
    queued_at: Mapped[datetime] = mapped_column(UTCDateTime())
    queued_by: Mapped[str] = mapped_column(String(200))
    sent_at: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)
    queue_id: Mapped[str | None] = mapped_column(Text, nullable=True)
    service_id: Mapped[int | None] = mapped_column(
        ForeignKey("services.id"), nullable=True, index=True
    )
    document: Mapped[Document] = relationship()


class ArchiveItem(Base):
    """One file kept in the archive: a signed statement's scan, a green card, a signed PDF, an
    issued document's PDF/A copy. The bytes are in the archive's store under their SHA-256;
    this row says what they are, whose they are, and what has become of them."""

    __tablename__ = "archive_items"

    id: Mapped[int] = mapped_column(primary_key=True)
    village: Mapped[str] = mapped_column(String(40))
    # The kind of record, as the village's [[archive.retention]] names it ("green-card").
    kind: Mapped[str] = mapped_column(String(40))
    sha256: Mapped[str] = mapped_column(String(64), index=True)
    size: Mapped[int] = mapped_column(Integer)
    media_type: Mapped[str] = mapped_column(String(100))
    # The file's name as it was added (for the export), or what made it ("PDF/A copy").
    original_name: Mapped[str] = mapped_column(String(400))
    document_id: Mapped[int | None] = mapped_column(
        ForeignKey("documents.id"), nullable=True, index=True
    )
    case_id: Mapped[int | None] = mapped_column(ForeignKey("cases.id"), nullable=True, index=True)
    # The item this one was made from: a scan's PDF/A copy, an archival copy's signed copy.
    derived_from_id: Mapped[int | None] = mapped_column(
        ForeignKey("archive_items.id"), nullable=True, index=True
    )
    # Made here as PDF/A-3b, and checked as such by `archive verify`.
    pdfa: Mapped[bool] = mapped_column(Boolean, default=False)
    signed_by: Mapped[str | None] = mapped_column(String(300), nullable=True)
    signed_on: Mapped[date | None] = mapped_column(Date, nullable=True)
    note: Mapped[str | None] = mapped_column(Text, nullable=True)
    added_at: Mapped[datetime] = mapped_column(UTCDateTime())
    added_by: Mapped[str] = mapped_column(String(200))
    # The ledger entry that records the adding.
    entry_seq: Mapped[int] = mapped_column(Integer)
    retention_reached_at: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)
    disposed_at: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)
    disposed_by: Mapped[str | None] = mapped_column(String(200), nullable=True)
    disposal_authority: Mapped[str | None] = mapped_column(Text, nullable=True)
    document: Mapped[Document | None] = relationship()
    case: Mapped[Case | None] = relationship()


class ArchiveEntry(Base):
    """One entry of the archive's ledger: an act (added, signed, exported, retention reached,
    disposed) recorded as canonical JSON, chained to the entry before it by its SHA-256, so that
    a changed, removed or reordered entry breaks the chain from there on."""

    __tablename__ = "archive_ledger"

    seq: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    at: Mapped[datetime] = mapped_column(UTCDateTime())
    event: Mapped[str] = mapped_column(String(30))
    item_id: Mapped[int | None] = mapped_column(
        ForeignKey("archive_items.id"), nullable=True, index=True
    )
    # What was done, the exact text that is hashed (keys sorted, no spaces).
    record: Mapped[str] = mapped_column(Text)
    previous_hash: Mapped[str] = mapped_column(String(64))
    hash: Mapped[str] = mapped_column(String(64), unique=True)


class Insertion(Base):
    """One day a newspaper printed a document as a legal notice, as its publisher's affidavit
    proves it; the affidavit is kept in the archive."""

    __tablename__ = "insertions"
    __table_args__ = (UniqueConstraint("document_id", "published_on"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    document_id: Mapped[int] = mapped_column(ForeignKey("documents.id"), index=True)
    published_on: Mapped[date] = mapped_column(Date)
    newspaper: Mapped[str] = mapped_column(String(300))
    affidavit_item_id: Mapped[int] = mapped_column(ForeignKey("archive_items.id"), index=True)
    # The service this publication is, where the ordinance allows service by publication.
    service_id: Mapped[int | None] = mapped_column(
        ForeignKey("services.id"), nullable=True, index=True
    )
    recorded_at: Mapped[datetime] = mapped_column(UTCDateTime())
    recorded_by: Mapped[str] = mapped_column(String(200))
    document: Mapped[Document] = relationship()


class User(Base):
    """A person who signs in to the clerk's desk (the web app), with one role; never deleted,
    since the register names them as who did what: a user who leaves is disabled."""

    __tablename__ = "users"

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(80), unique=True)
    role: Mapped[str] = mapped_column(String(20))
    # argon2id, with its parameters and salt in the string.
    password_hash: Mapped[str] = mapped_column(String(200))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime())
    created_by: Mapped[str] = mapped_column(String(200))
    disabled_at: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)


class WebSession(Base):
    """A signed-in browser: the cookie holds a random token, the register only its SHA-256,
    so a copy of the register signs no one in; signing out or disabling the user ends it."""

    __tablename__ = "web_sessions"

    id: Mapped[int] = mapped_column(primary_key=True)
    token_sha256: Mapped[str] = mapped_column(String(64), unique=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    # The token every form of this session carries (CSRF).
    form_token: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime())
    last_seen_at: Mapped[datetime] = mapped_column(UTCDateTime())
    ended_at: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)
    # What the next page tells the user (what their last form did), then forgets.
    notice: Mapped[str | None] = mapped_column(Text, nullable=True)
    user: Mapped[User] = relationship()


class SignInAttempt(Base):
    """A try at signing in, kept so that guessing a password is slowed (a few failures in a
    while lock the name for a while) and the office can see who tried."""

    __tablename__ = "sign_in_attempts"

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(80), index=True)
    address: Mapped[str] = mapped_column(String(64))
    at: Mapped[datetime] = mapped_column(UTCDateTime(), index=True)
    succeeded: Mapped[bool] = mapped_column(Boolean)


@orm_event.listens_for(Document, "load")
@orm_event.listens_for(Proof, "load")
def _remember_register(target: FrozenFilesMixin, context: Any) -> None:
    # Sessions here keep what they loaded after they close; its files are still read through
    # the register it came from.
    target.__dict__["_frozen_bind"] = context.session.bind


@orm_event.listens_for(Session, "after_attach")
def _remember_attached(session: Session, instance: object) -> None:
    if isinstance(instance, FrozenFilesMixin):
        instance.__dict__["_frozen_bind"] = session.bind
