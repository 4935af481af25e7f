"""Numbered documents on the command line: issued, voided, served, paid, proved, and what is due."""

from __future__ import annotations

import sys
from datetime import date, datetime, time
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

import click
from click.core import ParameterSource

from noticeclerk.cli.answers import print_json, print_why
from noticeclerk.cli.office import Office, pass_office
from noticeclerk.cli.params import (
    BY_OPTION,
    FORMATS_OPTION,
    FREE_TEXT,
    LINE,
    DateOrMoment,
    login_name,
    workspace_out_option,
)
from noticeclerk.doctor import require_printing
from noticeclerk.exceptions import InputError, OutputError
from noticeclerk.rules.money import spell_amount
from noticeclerk.service_methods import SERVICE_METHODS
from noticeclerk.writing import CannotWrite

if TYPE_CHECKING:
    from noticeclerk.register.chains import NextDocument
    from noticeclerk.register.issuing import Issued
    from noticeclerk.register.striking import Struck

# The register (SQLAlchemy) and the renderer (WeasyPrint) load inside each command, so a
# command that only reads the register works where WeasyPrint cannot load.


@click.command("issue")
@click.argument("case_number", type=LINE, metavar="[CASE]", required=False)
@click.argument("notice_type", type=LINE, metavar="[NOTICE-TYPE]", required=False)
@click.option(
    "--batch",
    "batch_file",
    type=click.Path(dir_okay=False, path_type=Path),
    metavar="FILE",
    help="Issue for every case a CSV file lists instead: a header line naming its columns "
    "(case; and, if wanted, notice, date, to, follows), then one case per line.",
)
@click.option(
    "--workers",
    type=click.IntRange(min=1, max=64),
    metavar="N",
    help="With --batch: how many documents to render at once; one per core by default.",
)
@click.option(
    "--date",
    "document_date",
    type=DateOrMoment(register=True),
    help="The document's date; today by default.",
)
@click.option(
    "--to",
    type=LINE,
    metavar="ROLE",
    help="Send it to this party of the case (owner, occupant, applicant, appellant, contractor, "
    "surety, utility, officer); by default the one the notice type is addressed to.",
)
@click.option("--recipient-name", type=LINE, metavar="NAME", help="Send it to this name instead.")
@click.option(
    "--recipient-address",
    type=LINE,
    metavar="LINES",
    help='With --recipient-name: the address, lines separated by "|".',
)
@click.option(
    "--follows",
    type=LINE,
    metavar="DOCUMENT",
    help="For a follow-up: the document it follows, where the case has several (one bill "
    "for each owner).",
)
@click.option(
    "--mailing-on",
    "mailing_on",
    type=DateOrMoment(register=True),
    metavar="DATE",
    help="The day the Village will mail it (its date or later), for a document whose time "
    "counts from its mailing: it then states its deadline as a date counted from that day "
    '("pay by Monday, February 23, 2026"). Mail it that day: a mailing recorded on '
    "another day is warned about.",
)
@workspace_out_option("issued", "Where copies of the issued files go.")
@BY_OPTION
@pass_office
def issue_command(
    office: Office,
    case_number: str,
    notice_type: str | None,
    document_date: date | datetime | None,
    to: str | None,
    recipient_name: str | None,
    recipient_address: str | None,
    follows: str | None,
    mailing_on: date | datetime | None,
    batch_file: Path | None,
    workers: int | None,
    out_dir: Path | None,
    by: str,
) -> None:
    """Issue the next numbered document for a case, and freeze its PDF and DOCX.

    The register keeps the exact bytes with their SHA-256; rendering again later never
    changes an issued document. It goes to the owner of record, or to the party of the case
    the notice type is addressed to ('case party' records one). NOTICE-TYPE names a document
    that follows the case's first one (a bill after the notice); where a case covers several
    properties and the notice type goes to each owner, one document is issued for each.

    With --batch FILE, every case the file lists is checked first, and if one cannot be
    issued nothing is. The documents are then issued twenty cases at a time, rendered on
    every core. If the batch stops part way (a power cut), run it again: the cases it issued
    for are left out (a standing document of the same notice type and date) and it finishes
    the rest. The numbers have no gaps.

    A bill whose days to pay run from its mailing states them in words ("within 20 days after
    this bill is sent"); with --mailing-on, the day it goes to the post office, it states the
    date instead.

    \b
    Examples:
      noticeclerk issue VA-C-2026-0001
      noticeclerk issue VA-C-2026-0001 maintenance-bill --mailing-on 2026-02-02
      noticeclerk issue --batch december-directives.csv
    """
    if batch_file is not None:
        given_too = [
            option
            for option, value in (
                ("CASE", case_number),
                ("--date", document_date),
                ("--to", to),
                ("--recipient-name", recipient_name),
                ("--recipient-address", recipient_address),
                ("--follows", follows),
                ("--mailing-on", mailing_on),
            )
            if value is not None
        ]
        if given_too:
            raise click.UsageError(
                f"With --batch the file names each case and its choices; leave out "
                f"{', '.join(given_too)} (the file's columns are case, notice, date, to, "
                "follows, mailing_on)."
            )
        _issue_batch(office, batch_file, workers, out_dir, by)
        return
    if workers is not None:
        raise click.UsageError("--workers goes with --batch.")
    if case_number is None:
        raise click.UsageError("Name the case to issue for, or give --batch FILE.")
    if isinstance(document_date, datetime):
        raise click.UsageError("--date takes a date, YYYY-MM-DD.")
    if isinstance(mailing_on, datetime):
        raise click.UsageError("--mailing-on takes a date, YYYY-MM-DD.")
    if (recipient_name is None) != (recipient_address is None):
        raise click.UsageError("Give --recipient-name and --recipient-address together.")
    given = (recipient_name, recipient_address) if recipient_name and recipient_address else None
    require_printing()
    from noticeclerk.actions.issuing import issue
    from noticeclerk.register.issuing import IssueRequest
    from noticeclerk.render import write_rendered

    order = IssueRequest(
        case_number, notice_type, document_date, to, given, follows, mailing_on=mailing_on
    )
    outcome = issue(office, order, by=by)
    issued = outcome.issued
    out_dir = office.outputs("issued", out_dir)
    for one in issued:
        # "Nordstrom Hardware Inc." ends the sentence with its own period.
        ending = "" if one.recipient.endswith(".") else "."
        click.echo(f"Issued {one.number}: {one.title}, case {one.case}, to {one.recipient}{ending}")
        click.echo(f"  PDF SHA-256 {one.pdf_sha256}")
    for one in issued:
        try:
            written = write_rendered(one.rendered, out_dir / one.rendered.village)
        except CannotWrite as error:
            # The documents are issued and frozen in the register; issuing again would give
            # them second numbers, so say how to get their files instead.
            numbers = ", ".join(document.number for document in issued)
            raise OutputError(
                f"{numbers} {'is' if len(issued) == 1 else 'are'} issued and kept in the "
                f"register, but a copy could not be written to {out_dir} "
                f"({error.reason}); run 'noticeclerk document export {one.number} "
                "--out FOLDER' for each to get its files."
            ) from None
        for path in written:
            click.echo(f"  Wrote a copy to {path}")
    _said(outcome.archived, outcome.archive_failed)


def _issue_batch(
    office: Office, batch_file: Path, workers: int | None, out_dir: Path | None, by: str
) -> None:
    """Issue every line of a batch file, printing each document as its chunk is stored."""
    require_printing()
    from noticeclerk.actions.batch import issue_batch, read_batch
    from noticeclerk.content.roll import count_of
    from noticeclerk.render import write_rendered
    from noticeclerk.render_pool import RenderPool

    lines = read_batch(batch_file)
    out_dir = office.outputs("issued", out_dir)
    numbers: list[str] = []
    unwritten: list[str] = []

    with (
        RenderPool(office.workspace, workers) as pool,
        click.progressbar(length=len(lines), label="Issuing", file=sys.stderr) as bar,
    ):

        def issued_for(line: int, documents: list[Issued]) -> None:
            for one in documents:
                ending = "" if one.recipient.endswith(".") else "."
                click.echo(
                    f"Line {line}: issued {one.number}: {one.title}, case {one.case}, to "
                    f"{one.recipient}{ending}"
                )
                numbers.append(one.number)
                try:
                    write_rendered(one.rendered, out_dir / one.rendered.village)
                except CannotWrite:
                    unwritten.append(one.number)
            bar.update(1)

        report = issue_batch(office, lines, by=by, pool=pool, on_issued=issued_for)
    for line, why in report.skipped:
        click.echo(f"Line {line}: left out, {why}.")
    click.echo(
        f"Issued {count_of(len(numbers), 'document')} for {count_of(len(report.issued), 'line')}"
        f"; copies in {out_dir}."
    )
    if numbers:
        from noticeclerk.actions.issuing import archival_copies

        _said(*archival_copies(office, numbers, by=by))
    if unwritten:
        raise OutputError(
            f"{', '.join(unwritten)} {'is' if len(unwritten) == 1 else 'are'} issued and kept in "
            f"the register, but a copy could not be written to {out_dir}; run 'noticeclerk "
            "document export NUMBER --out FOLDER' for each to get its files."
        )


def _said(made: list[tuple[str, int]] | tuple[tuple[str, int], ...], failed: str | None) -> None:
    """The archival copies made, each on its line; or, where they could not be made, that
    sentence as the command's error (the documents stand)."""
    if failed is not None:
        raise OutputError(failed)
    for number, item in made:
        click.echo(f"  Archived {number}'s PDF/A-3b copy as item {item}")


@click.command("void")
@click.argument("document_number", type=LINE, metavar="DOCUMENT")
@click.option(
    "--reason",
    type=FREE_TEXT,
    required=True,
    help="Why the document is spoiled; it is kept with the number.",
)
@BY_OPTION
@pass_office
def void_command(office: Office, document_number: str, reason: str, by: str) -> None:
    """Void a spoiled document. Its number is never reused and it is never deleted."""
    from noticeclerk.actions.documents import void

    void(office, document_number, reason=reason, by=by)
    click.echo(f"Voided {document_number}: {reason.strip()}")


@click.command("serve")
@click.argument("document_number", type=LINE, metavar="DOCUMENT")
@click.option(
    "--method",
    type=click.Choice(sorted(SERVICE_METHODS)),
    help="How it was served (required, except with --strike); the notice type says which its "
    "ordinance allows.",
)
@click.option(
    "--by",
    "by",
    type=LINE,
    required=True,
    metavar="NAME",
    help="Who served it (or mailed it); with --strike, who strikes the record.",
)
@click.option(
    "--at",
    "at",
    type=DateOrMoment(register=True),
    help="When: a date and time, such as 2026-01-05T14:30 (required, except with --strike).",
)
@click.option(
    "--to",
    "to_person",
    type=LINE,
    metavar="PERSON",
    help="Whom it was handed to or left with (required for hand delivery, leaving it with an "
    "adult and presenting it personally).",
)
@click.option(
    "--relationship",
    type=LINE,
    metavar="TEXT",
    help="Hand delivery to a person of suitable age: how they are connected to the dwelling, "
    'such as "lives there" or "the owner\'s daughter, who lives there".',
)
@click.option(
    "--address",
    type=LINE,
    metavar="ADDRESS",
    help="Where it was delivered, left or posted (required for those methods). For mail, the "
    "address on file is recorded; one given here must be it.",
)
@click.option("--email", type=LINE, metavar="ADDRESS", help="Email: the address it was sent to.")
@click.option(
    "--phone-number",
    type=LINE,
    metavar="NUMBER",
    help="Door posting: the telephone number called; it must be the one on file.",
)
@click.option(
    "--called-at",
    type=DateOrMoment(register=True),
    help="Door posting: when the call was made, such as 2026-01-05T10:20.",
)
@click.option(
    "--phone-result",
    type=click.Choice(["answered", "message"]),
    help="Door posting: whether a person answered the call or a message was left.",
)
@click.option(
    "--answered-by",
    type=LINE,
    metavar="PERSON",
    help="Door posting with --phone-result answered: who answered and was told of the notice.",
)
@click.option(
    "--deposited-at",
    type=LINE,
    metavar="POST OFFICE",
    help="Mail: the post office or official depository the envelope was deposited in, which "
    "the affidavit of mailing names; left out, the one the village's file names.",
)
@click.option(
    "--article-number",
    type=LINE,
    metavar="N",
    help="Certified or registered mail: the USPS article number.",
)
@click.option("--note", type=FREE_TEXT, metavar="TEXT", help="Anything else the server observed.")
@click.option(
    "--strike",
    "strike",
    type=int,
    metavar="RECORD",
    help="Strike the document's mistaken service record RECORD (its number in 'case show'), "
    "with --reason and --by; record the correct service separately.",
)
@click.option(
    "--reason", type=FREE_TEXT, metavar="TEXT", help="With --strike: why the record is struck."
)
@pass_office
def serve_command(
    office: Office,
    document_number: str,
    method: str | None,
    by: str,
    at: date | datetime | None,
    to_person: str | None,
    relationship: str | None,
    address: str | None,
    email: str | None,
    phone_number: str | None,
    called_at: date | datetime | None,
    phone_result: str | None,
    answered_by: str | None,
    deposited_at: str | None,
    article_number: str | None,
    note: str | None,
    strike: int | None,
    reason: str | None,
) -> None:
    """Record how a document was served, and compute the deadline that follows.

    Each method takes its own particulars, which the affidavit of service states: hand
    delivery the person (--to) and the place (--address), and to a person of suitable age their
    relationship to the dwelling (--relationship), at the property's address where the roll
    shows a dwelling; email the address (--email), on file
    for the addressee on the roll or the party's record, or recorded first with 'noticeclerk
    case email-address' as given by an owner or resident in writing; door posting the place,
    and the call (--phone-number, --called-at, --phone-result, --answered-by); mail is recorded
    as sent to the address on file that day.

    A mistaken record is struck, never edited or deleted: --strike RECORD --reason TEXT
    --by NAME marks it struck (who, when, why). A struck record stays in the register and
    'case show' lists it, marked struck; it is left out of the affidavit of service, of the
    deadline and of 'due'. Record the correct service with another 'noticeclerk serve'.

    \b
    Example:
      noticeclerk serve VA-D-2026-00001 --method door_and_phone --by "J. Avery" \\
          --at 2026-01-05T10:15 --address "12 A Street" --phone-number "(555) 010-0112" \\
          --called-at 2026-01-05T10:20 --phone-result message
      noticeclerk serve VA-D-2026-00001 --strike 1 --by "J. Avery" \\
          --reason "Article number mistyped; the receipt reads ...8921."
    """
    if strike is not None:
        _only_with_strike(
            click.get_current_context(), {"document_number", "by", "strike", "reason"}
        )
        from noticeclerk.actions.documents import strike_service

        struck = strike_service(office, document_number, strike, reason=reason, by=by)
        _print_struck(struck)
        return
    if reason is not None:
        raise click.UsageError("--reason goes with --strike: it says why a record is struck.")
    if method is None or at is None:
        raise click.UsageError(
            "Give --method and --at: how and when it was served (or --strike RECORD to strike "
            "a mistaken record)."
        )
    from noticeclerk.actions.documents import serve, village_of
    from noticeclerk.counter import localize
    from noticeclerk.register.service import ServiceRequest, parse_service_time

    calendar = None

    def moment_of(given: date | datetime, option: str) -> datetime:
        nonlocal calendar
        moment = parse_service_time(given, option)
        if moment.tzinfo is None:
            if calendar is None:
                calendar = village_of(office, document_number).calendar
            moment = localize(calendar, moment)
        return moment

    request = ServiceRequest(
        method=method,
        by=by,
        at=moment_of(at, "--at"),
        to_person=to_person,
        relationship=relationship,
        address=address,
        email=email,
        phone_result=phone_result,
        article_number=article_number,
        note=note,
        phone_number=phone_number,
        called_at=None if called_at is None else moment_of(called_at, "--called-at"),
        answered_by=answered_by,
        deposited_at=deposited_at,
        recorded_by=login_name(),
    )
    served = serve(office, document_number, request)
    click.echo(
        f"Recorded service of {served.document} by {served.method}, effective {served.effective}."
    )
    for warning in served.warnings:
        click.echo(f"Warning: {warning}", err=True)
    if served.deadline is not None:
        click.echo(f"Deadline: {served.deadline.describe()}")
        print_why(served.deadline.steps)


def _only_with_strike(ctx: click.Context, allowed: set[str]) -> None:
    """Refuse --strike given with what records a service: a struck record is not edited, the
    correct one is recorded on its own."""
    given = [
        param.opts[0]
        for param in ctx.command.params
        if param.name not in allowed
        and isinstance(param, click.Option)
        and ctx.get_parameter_source(param.name)  # type: ignore[arg-type]
        in (ParameterSource.COMMANDLINE, ParameterSource.ENVIRONMENT)
    ]
    if given:
        typed = ctx.params.get("document_number") or " ".join(ctx.params.get("mailing") or ())
        document = typed or "DOCUMENT"
        named = " and ".join(filter(None, [", ".join(given[:-1]), given[-1]]))
        raise click.UsageError(
            f"--strike only strikes a record; leave out {named}, and record the "
            f"correct one separately with 'noticeclerk {ctx.command.name} {document} ...'."
        )


def _print_struck(struck: Struck) -> None:
    for line in struck.told("with 'noticeclerk serve'", "'noticeclerk due'"):
        click.echo(line)


@click.command("receipt")
@click.argument("mailing", type=LINE, metavar="[DOCUMENT-OR-ARTICLE]", nargs=-1)
@click.option(
    "--signed",
    "signed",
    type=DateOrMoment(register=True),
    help="When the return receipt was signed.",
)
@click.option(
    "--signed-by",
    type=LINE,
    metavar="NAME",
    help="With --signed: the name the receipt was signed in, as the card prints it.",
)
@click.option(
    "--unclaimed",
    "unclaimed",
    type=DateOrMoment(register=True),
    help="When the mail came back unclaimed.",
)
@click.option(
    "--refused",
    "refused",
    type=DateOrMoment(register=True),
    help="When the mail came back refused by the addressee.",
)
@click.option(
    "--received",
    "received",
    type=DateOrMoment(register=True),
    help="When mail sent with no return receipt (first-class) was received, as the Village "
    "knows it; say how in --note.",
)
@click.option(
    "--note",
    type=FREE_TEXT,
    metavar="TEXT",
    help="What the receipt or the envelope shows, or how the Village knows the day of receipt.",
)
@click.option(
    "--scan",
    is_flag=True,
    help="Take many article numbers in a row, one per line as a barcode scanner types them, "
    "each recorded with the same --signed, --unclaimed or --refused date; an empty line ends "
    "(numbers piped from a file run to its end).",
)
@click.option(
    "--strike",
    "strike",
    is_flag=True,
    help="Strike the receipt or return recorded for the latest mailing, with --reason; record "
    "the correct one separately.",
)
@click.option(
    "--reason", type=FREE_TEXT, metavar="TEXT", help="With --strike: why the record is struck."
)
@BY_OPTION
@pass_office
def receipt_command(
    office: Office,
    mailing: tuple[str, ...],
    signed: date | datetime | None,
    signed_by: str | None,
    unclaimed: date | datetime | None,
    refused: date | datetime | None,
    received: date | datetime | None,
    note: str | None,
    scan: bool,
    strike: bool,
    reason: str | None,
    by: str,
) -> None:
    """Record a signed return receipt, mail returned unclaimed or refused, or the day
    first-class mail was received. A deadline counted from receipt starts from it.

    DOCUMENT-OR-ARTICLE is the document number, or the article number on the green card
    (typed, or scanned from its barcode). With --scan, give no number: scan the cards one
    after another.

    A mistaken one is struck, never edited or deleted: --strike --reason TEXT marks the latest
    mailing's receipt or return struck (who, when, why). It stays in the register and 'case
    show' lists it, marked struck; it is left out of the affidavit of service and of the
    deadline. Then record the correct one.

    \b
    Examples:
      noticeclerk receipt 9407 1118 9922 3033 0000 19 --signed 2026-12-04 --signed-by "M ROSS"
      noticeclerk receipt --scan --signed 2026-12-04
    """
    # An article number may be typed in its groups of digits, with spaces.
    typed = " ".join(mailing) or None
    if strike:
        _only_with_strike(click.get_current_context(), {"mailing", "by", "strike", "reason"})
        if typed is None:
            raise click.UsageError("Give the document whose receipt is struck.")
        from noticeclerk.actions.documents import strike_receipt

        struck = strike_receipt(office, typed, reason=reason, by=by)
        _print_struck(struck)
        return
    if reason is not None:
        raise click.UsageError("--reason goes with --strike: it says why a record is struck.")
    answers = {
        "receipt_signed": signed,
        "received": received,
        "returned_unclaimed": unclaimed,
        "returned_refused": refused,
    }
    given = [(kind, moment) for kind, moment in answers.items() if moment is not None]
    if len(given) != 1:
        raise click.UsageError("Give one of --signed, --unclaimed, --refused or --received.")
    kind, when = given[0]
    if signed_by is not None and kind != "receipt_signed":
        # Said once here, not once for every card of a scan.
        raise click.UsageError("--signed-by goes with --signed: the name on the return receipt.")
    if scan == (typed is not None):
        raise click.UsageError(
            "Give the document or article number, or --scan to take many in a row."
        )
    record = partial(
        _record_receipt,
        office,
        kind,
        when,
        note=note,
        by=by,
        signed_by=signed_by,
    )
    if typed is not None:
        record(typed)
        return
    failed = 0
    # At a terminal Enter alone ends the scan; numbers piped in from a file go on to its end,
    # so a blank line in the middle of the file does not silently leave the rest unrecorded.
    at_terminal = sys.stdin is not None and sys.stdin.isatty()
    while True:
        try:
            typed = click.prompt(
                "Article number (Enter alone to finish)", default="", show_default=False, err=True
            ).strip()
        except click.Abort:
            break  # the end of a file of scanned numbers, or Ctrl-D: each one is recorded
        if not typed and at_terminal:
            break
        if not typed:
            continue
        try:
            record(typed)
        except InputError as error:
            failed += 1
            click.echo(f"Error: {error}", err=True)
    if failed:
        raise InputError(
            f"{failed} of the numbers scanned {'was' if failed == 1 else 'were'} not recorded; "
            "the others were. Check those cards and record them one by one."
        )


def _record_receipt(
    office: Office,
    kind: str,
    given: date | datetime,
    mailing: str,
    *,
    note: str | None,
    by: str,
    signed_by: str | None,
) -> None:
    """One receipt or return recorded and said, with the deadline it starts."""
    from noticeclerk.actions.documents import record_mail_answer, village_of_mailing
    from noticeclerk.counter import noon_or_moment
    from noticeclerk.rules.periods import spell_date, spell_datetime

    moment = noon_or_moment(given, lambda: village_of_mailing(office, mailing).calendar)
    recorded = record_mail_answer(
        office, mailing, kind, moment, note=note, signed_by=signed_by, by=by
    )
    when = spell_datetime(moment) if isinstance(given, datetime) else spell_date(given)
    click.echo(f"Recorded: {kind.replace('_', ' ')} for {recorded.document}, {when}.")
    if kind == "returned_refused":
        click.echo(
            "  A refusal starts no deadline here: whether it is service is a question for the "
            "village attorney. 'due' lists the document until it is served another way."
        )
    if recorded.deadline is not None:
        click.echo(f"Deadline: {recorded.deadline.describe()}")
        print_why(recorded.deadline.steps)


@click.command("due")
@click.option(
    "--date", "as_of", type=DateOrMoment(register=True), help="As of this date; today by default."
)
@click.option("--village", type=LINE, metavar="NAME", help="Only this village.")
@click.option(
    "--days",
    "horizon",
    type=click.IntRange(0, 366),
    default=14,
    show_default=True,
    help="How far ahead to look for coming deadlines.",
)
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@pass_office
def due_command(
    office: Office,
    as_of: date | datetime | None,
    village: str | None,
    horizon: int,
    as_json: bool,
) -> None:
    """List what is due: deadlines passed or coming, documents not served, mail awaiting receipt."""
    from noticeclerk.register.due import what_is_due

    moment = office.clock.now()
    if as_of is not None:
        # A day asks about that day to 23:59; it and a time without an offset are read in each
        # village's own zone, not the computer's.
        moment = as_of if isinstance(as_of, datetime) else datetime.combine(as_of, time(23, 59))
    items = what_is_due(
        office.register(),
        as_of=moment,
        village=village,
        horizon_days=horizon,
        workspace=office.workspace,
    )
    if as_json:
        print_json([entry.to_json() for entry in items])
        return
    if not items:
        click.echo("Nothing is due.")
    for entry in items:
        click.echo(f"{entry.document}  {entry.title} — case {entry.case}, {entry.recipient}")
        click.echo(f"    {entry.words}")
        for warning in entry.warnings:
            click.echo(f"    Warning: {warning}")
        if entry.next_step and entry.status in ("passed", "unpaid"):
            click.echo(f"    Next: {entry.next_step}")
        for follow_up in entry.follow_ups:
            click.echo(f"    May issue the {follow_up.notice.title}{_once(follow_up)}:")
            click.echo(f"      {follow_up.command}")


def _once(follow_up: NextDocument) -> str:
    """What the case must record before the follow-up can be issued, as `due` says it."""
    needs = []
    if follow_up.needs_party:
        role = follow_up.needs_party
        needs.append(f"the {role} it goes to (noticeclerk case party --role {role})")
    if follow_up.needs:
        needs.append(f"the facts {', '.join(follow_up.needs)}")
    return f" once the case records {' and '.join(needs)}" if needs else ""


@click.command("proof")
@click.argument("document_number", type=LINE, metavar="DOCUMENT")
@click.option(
    "--issue",
    "issue",
    is_flag=True,
    help="Issue the affidavit to be sworn: number it DOCUMENT-AFF-1 (-AFF-2 for a later one) "
    "and freeze its PDF and DOCX in the register with their SHA-256.",
)
@click.option(
    "--void-copy",
    is_flag=True,
    help="For a void document only: print its affidavit marked VOID on every page, for the "
    "record. It is never issued.",
)
@workspace_out_option("proofs", "Where to write the affidavit.")
@BY_OPTION
@pass_office
def proof_command(
    office: Office,
    document_number: str,
    issue: bool,
    void_copy: bool,
    out_dir: Path | None,
    by: str,
) -> None:
    """Print the affidavit of service of a document (PDF and DOCX), from its service records.

    Without --issue it writes a DRAFT to read and check: every page is marked DRAFT and it has
    no affidavit number. It is not to be signed, sworn or filed.

    With --issue it issues the affidavit to be sworn: the register numbers it (DOCUMENT-AFF-1,
    then -AFF-2 for a later one), keeps its exact PDF and DOCX with their SHA-256 and the
    services it swears to, and prints the number and SHA-256; --by names who issued it (the
    servers swear and sign it before a notary). 'case show' lists it.

    Each person who served swears to their own services and signs, each with a jurat of their
    own for the notary; the venue and jurat are the state's (New York or Wisconsin). The
    ordinance is quoted only where the notice type gives its words for the manner of service.
    Only services that stand are sworn to: a struck service is left out.

    A void document has no affidavit: it is refused. --void-copy prints one marked VOID on
    every page with the reason, for the file.

    \b
    Examples:
      noticeclerk proof VA-D-2026-00001
      noticeclerk proof VA-D-2026-00001 --issue --by "J. Avery"
    """
    if issue and void_copy:
        raise click.UsageError(
            "--issue and --void-copy do not go together: a void document's affidavit is never "
            "issued."
        )
    require_printing()
    from noticeclerk.actions.proof import draft_proof, issue_proof
    from noticeclerk.render import write_rendered

    if not issue:
        rendered = draft_proof(office, document_number, void_copy=void_copy)
        folder = office.outputs("proofs", out_dir) / rendered.village
        for path in write_rendered(rendered, folder):
            click.echo(f"Wrote {path}")
        if void_copy:
            click.echo(
                f"Marked VOID on every page: {document_number} is void; for the record only."
            )
        else:
            click.echo(
                "This is a DRAFT, marked so on every page; issue the affidavit to be sworn with "
                f"'noticeclerk proof {document_number} --issue --by NAME'."
            )
        return
    issued = issue_proof(office, document_number, by=by)
    services = f"{issued.services} service{'s' if issued.services != 1 else ''}"
    click.echo(
        f"Issued {issued.number}: affidavit of service of {issued.document}, {services}, "
        f"sworn by {', '.join(issued.affiants)}."
    )
    click.echo(f"  PDF SHA-256 {issued.pdf_sha256}")
    out_dir = office.outputs("proofs", out_dir)
    try:
        written = write_rendered(issued.rendered, out_dir / issued.rendered.village)
    except CannotWrite as error:
        # Issued and frozen already; issuing again would number a second affidavit.
        raise OutputError(
            f"{issued.number} is issued and kept in the register, but a copy could not be "
            f"written to {out_dir} ({error.reason})."
        ) from None
    for path in written:
        click.echo(f"  Wrote a copy to {path}")


@click.command("pay")
@click.argument("document_number", type=LINE, metavar="DOCUMENT")
@click.option(
    "--amount",
    type=LINE,
    required=True,
    metavar="AMOUNT",
    help="The amount received, such as 228.50.",
)
@click.option(
    "--on",
    "paid_on",
    required=True,
    type=DateOrMoment(register=True),
    help="The day it was received, YYYY-MM-DD.",
)
@click.option("--reference", type=LINE, metavar="TEXT", help="The receipt or check number.")
@BY_OPTION
@pass_office
def pay_command(
    office: Office,
    document_number: str,
    amount: str,
    paid_on: date | datetime,
    reference: str | None,
    by: str,
) -> None:
    """Record a payment on a bill; 'due' then shows what remains."""
    from noticeclerk.actions.documents import pay
    from noticeclerk.rules.money import parse_amount

    if isinstance(paid_on, datetime):
        raise click.UsageError("--on takes a date, YYYY-MM-DD.")
    paid = pay(
        office,
        document_number,
        parse_amount(amount, "The amount paid"),
        paid_on,
        reference=reference,
        by=by,
    )
    remains = spell_amount(paid.balance)
    click.echo(f"Recorded {spell_amount(paid.amount)} on {paid.document}; {remains} remains.")


@click.command("permits")
@click.option(
    "--village", type=LINE, required=True, metavar="NAME", help="The village whose permits to list."
)
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@pass_office
def permits_command(office: Office, village: str, as_json: bool) -> None:
    """The record of permits issued, in the order of their numbers (Tuckahoe § 19-78)."""
    from noticeclerk.register.permits import permit_record

    entries = permit_record(office.register(), village, office.workspace)
    if as_json:
        print_json([entry.to_json() for entry in entries])
        return
    if not entries:
        click.echo("No permits have been issued.")
    for entry in entries:
        click.echo(f"{entry.number}  {entry.title}, issued {entry.issued}")
        click.echo(f"    To: {entry.holder}, {entry.holder_address}")
        click.echo(f"    Location: {entry.location}")
        for line in entry.particulars:
            click.echo(f"    {line}")
        if entry.time_to_restore:
            click.echo(f"    Time stated: {entry.time_to_restore}")
        click.echo(f"    Fee paid: {entry.fee_paid}")
        for line in entry.history:
            click.echo(f"    - {line}")


@click.group("document")
def document_group() -> None:
    """Issued documents: their frozen files given back."""


@document_group.command("export")
@click.argument("document_number", type=LINE, metavar="DOCUMENT")
@workspace_out_option("issued", "Where to write the files.")
@FORMATS_OPTION
@pass_office
def document_export(
    office: Office, document_number: str, out_dir: Path | None, formats: str
) -> None:
    """Write an issued document's PDF and DOCX exactly as they were issued.

    Each file is checked against the SHA-256 the register recorded when it was issued.
    """
    from noticeclerk.register.reading import export_document
    from noticeclerk.writing import parse_formats

    wanted = parse_formats(formats)
    out_dir = office.outputs("issued", out_dir)
    for path in export_document(office.register(), document_number, out_dir, wanted):
        click.echo(f"Wrote {path}")
