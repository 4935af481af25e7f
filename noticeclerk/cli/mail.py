"""Mail on the command line: article numbers checked, certified and registered mail batches
printed, their acceptance by the post office recorded."""

from __future__ import annotations

import hashlib
from datetime import date, datetime
from pathlib import Path
from typing import TYPE_CHECKING

import click

from noticeclerk.article_numbers import METHODS, check_article_number
from noticeclerk.cli.answers import print_json
from noticeclerk.cli.office import Office, pass_office
from noticeclerk.cli.params import (
    BY_OPTION,
    FREE_TEXT,
    LINE,
    DateOrMoment,
    login_name,
    person_option,
    workspace_out_option,
)
from noticeclerk.exceptions import InputError, OutputError
from noticeclerk.service_methods import SERVICE_METHODS

if TYPE_CHECKING:
    from noticeclerk.dispatch.mail_batch import Plan

# The kinds of mail a batch goes by, as a clerk may type them.
BATCH_METHODS = {
    "certified": "certified_mail",
    "certified_mail": "certified_mail",
    "registered": "registered_mail",
    "registered_mail": "registered_mail",
}


@click.group("mail")
def mail_group() -> None:
    """Certified and registered mail: print a whole mailing as one batch, record the post
    office's acceptance, and check article numbers.

    \b
    The steps:
      noticeclerk mail batch --village village-a --numbers labels.txt --by "Dana Whitfield"
      (print letters.pdf, mailing-book.pdf, return-receipts.pdf; take them to the post office)
      noticeclerk mail accepted VA-M-2026-0001 --date 2026-12-01T15:30 \\
          --by "Dana Whitfield"
      noticeclerk receipt --scan --signed 2026-12-04   (the green cards, by their barcodes)
    """


@mail_group.command("check")
@click.argument("number", type=LINE, nargs=-1, required=True)
@click.option(
    "--method",
    type=click.Choice(METHODS),
    help="The mail it was sent by, to check the number is of that kind: certified mail has "
    "20 or 22 digits, registered mail a number such as RA123456785US.",
)
def check_command(number: tuple[str, ...], method: str | None) -> None:
    """Check an article number from a mailing receipt, as the Post Office would.

    NUMBER is the number under the barcode, typed with or without its spaces. A number
    scanned from a label may begin with 420 and the ZIP Code; that part is left off.
    Prints "valid" and the number as the register keeps it, or says what is wrong with it
    (a mistyped digit shows as a wrong check digit) and exits with status 1.

    \b
    Example:
      noticeclerk mail check 9407 1118 9922 3033 0000 19 --method certified_mail
    """
    article = check_article_number(" ".join(number), method)
    click.echo(f"valid: {article.number} ({article.form})")


@mail_group.command("batch")
@click.option("--village", type=LINE, required=True, metavar="NAME", help="The village mailing.")
@click.option(
    "--documents",
    "documents",
    type=LINE,
    multiple=True,
    metavar="NUMBER",
    help="A document to mail (repeat it, or give several separated by spaces or commas).",
)
@click.option(
    "--cases",
    "cases",
    type=LINE,
    multiple=True,
    metavar="CASE",
    help="Mail every issued, unserved document of this case that may go by the method (repeat "
    "it, or give several). With neither --documents nor --cases: every such document of the "
    "village.",
)
@click.option(
    "--method",
    type=click.Choice(sorted(BATCH_METHODS)),
    default="certified",
    show_default=True,
    help="Certified mail (return receipt requested) or registered mail.",
)
@click.option(
    "--numbers",
    "numbers_file",
    type=click.Path(dir_okay=False, path_type=Path),
    metavar="FILE",
    help="The article numbers of the pre-printed labels, one per line, in the order the letters "
    "print (by ZIP Code). Without it (or --impb) each number is asked for, and a barcode "
    "scanner can type it.",
)
@click.option(
    "--impb",
    "mailer_id",
    type=LINE,
    metavar="MAILER-ID",
    help="Generate Intelligent Mail package barcode numbers under the Village's USPS Mailer ID "
    "(6 or 9 digits) instead of using labels; the barcodes print on the mailing book and "
    "the envelopes.",
)
@click.option(
    "--envelopes",
    type=click.Choice(["10"]),
    help="Also print #10 envelopes (for an office without window envelopes).",
)
@workspace_out_option("mail/<batch number>", "Where to write the batch's files.")
@person_option("Who prepares the batch, as the mailing book prints it")
@pass_office
def batch_command(
    office: Office,
    village: str,
    documents: tuple[str, ...],
    cases: tuple[str, ...],
    method: str,
    numbers_file: Path | None,
    mailer_id: str | None,
    envelopes: str | None,
    out_dir: Path | None,
    by: str,
) -> None:
    """Print a certified or registered mailing as one batch: every letter, the firm mailing book
    (PS Form 3877), and the return receipts' data (PS Form 3811).

    Takes the issued, unserved documents named (or of the cases, or of the whole village)
    whose ordinance allows the method, checks every address as the Post Office wants it
    (USPS Publication 28) before anything is written, sorts the letters by ZIP Code and
    writes letters.pdf (each letter starting on a front side, its article number printed
    where the envelope window shows it), mailing-book.pdf and .csv, return-receipts.pdf, and
    envelopes.pdf with --envelopes 10. Postage and fees come from the village's file
    ([[mail.rates]]).

    Nothing is served yet: when the post office has accepted the pieces and postmarked the
    mailing book, record that with 'noticeclerk mail accepted BATCH --date DATE --by NAME'.
    """
    from noticeclerk.actions.mail import check_batch, prepare_batch
    from noticeclerk.dispatch.mail_batch import BatchRequest, read_numbers
    from noticeclerk.writing import make_folder, write_file

    if numbers_file is not None and mailer_id is not None:
        raise click.UsageError("Give --numbers or --impb, not both.")
    engine = office.register()
    request = BatchRequest(
        village=village,
        method=BATCH_METHODS[method],
        by=by,
        documents=_split(documents),
        cases=_split(cases),
        envelopes=envelopes is not None,
        mailer_id=mailer_id,
    )
    click.echo("Checking the documents and their addresses...", err=True)
    plan = check_batch(office, request)
    for sentence in plan.left_out:
        click.echo(f"Left out: {sentence}", err=True)
    click.echo(
        f"{len(plan.pieces)} piece{'s' if len(plan.pieces) != 1 else ''} by "
        f"{request.method.replace('_', ' ')}, sorted by ZIP Code.",
        err=True,
    )
    numbers = None
    if numbers_file is not None:
        numbers = read_numbers(engine, plan, numbers_file)
    elif mailer_id is None:
        numbers = _asked_numbers(engine, plan)
    prepared = prepare_batch(
        office, plan, numbers, progress=lambda line: click.echo(line, err=True)
    )
    folder = office.outputs(f"mail/{prepared.number}", out_dir)
    try:
        make_folder(folder)
        written = [write_file(folder / name, data) for name, data in prepared.files.items()]
    except (InputError, OutputError) as error:
        # A file that cannot be written (a full disk) is an OutputError: the clerk must still
        # hear that the batch is recorded, its documents and labels taken.
        raise InputError(
            f"Mail batch {prepared.number} is recorded, but its files were not all written: "
            f"{error} Write them again with 'noticeclerk mail files {prepared.number} --out DIR'."
        ) from None
    click.echo(
        f"Mail batch {prepared.number}: {prepared.pieces} pieces, article numbers "
        f"{prepared.article_numbers[0]} to {prepared.article_numbers[-1]}."
        if prepared.pieces > 1
        else f"Mail batch {prepared.number}: 1 piece, article number {prepared.article_numbers[0]}."
    )
    for path in written:
        click.echo(f"  {path}")
    click.echo(
        "Next: print letters.pdf on both sides, fold each letter into a window envelope, and "
        "take them with the mailing book and the return receipts to the post office. When it "
        f"has postmarked the book: noticeclerk mail accepted {prepared.number} --date DATE "
        "--by NAME"
    )


def _split(values: tuple[str, ...]) -> tuple[str, ...]:
    """Numbers given one per option, or several in one separated by spaces or commas."""
    from noticeclerk.dispatch.mail_batch import named_numbers

    return tuple(named_numbers(" ".join(values)))


def _asked_numbers(engine, plan: Plan) -> list[str]:  # type: ignore[no-untyped-def]
    """Each piece's article number asked for in mailing order; a barcode scanner types it and
    Enter. A bad one is said and asked for again."""
    from noticeclerk.dispatch.mail_batch import check_article

    numbers: list[str] = []
    total = len(plan.pieces)
    for line, piece in enumerate(plan.pieces, start=1):
        while True:
            typed = click.prompt(
                f"Line {line} of {total}, {piece.document}, {piece.address.addressee}, "
                f"{piece.address.zip_code}: article number",
                err=True,
            )
            try:
                numbers.append(check_article(engine, plan.request.method, typed, numbers))
                break
            except InputError as error:
                click.echo(f"Error: {error}", err=True)
    return numbers


@mail_group.command("accepted")
@click.argument("batch", type=LINE)
@click.option(
    "--date",
    "on",
    type=DateOrMoment(register=True),
    required=True,
    help="When the post office accepted the pieces, from the postmark on the mailing book: "
    "a date and time such as 2026-12-01T15:30; a date alone is read as 12:00 noon.",
)
@click.option(
    "--pieces",
    "pieces_received",
    type=click.IntRange(0),
    metavar="N",
    help="The number of pieces the post office wrote it received; when it is fewer than the "
    "book lists, name each piece it did not take with --missing.",
)
@click.option(
    "--missing",
    type=LINE,
    multiple=True,
    metavar="PIECE",
    help="A piece the post office did not take: its line in the mailing book, its article "
    "number or its document number (repeat it for each).",
)
@click.option(
    "--deposited-at",
    type=LINE,
    metavar="POST OFFICE",
    help="The post office the pieces were taken to, as the affidavit of mailing names it, "
    "where it is not the one the village's file names ([mail] depository).",
)
@person_option(
    "Who took the pieces to the post office: the affidavit of mailing is sworn in this name"
)
@pass_office
def accepted_command(
    office: Office,
    batch: str,
    on: date | datetime,
    pieces_received: int | None,
    missing: tuple[str, ...],
    deposited_at: str | None,
    by: str,
) -> None:
    """Record that the post office accepted a mail batch: every piece it took is served by
    certified (or registered) mail on that day, with its article number, and the deadline
    each notice type's rule gives follows.

    The count the post office wrote in the mailing book must agree with the pieces listed:
    if it took fewer, give --pieces N and name each piece it did not take with --missing;
    those stay unserved.
    """
    from noticeclerk.actions.mail import accept_batch
    from noticeclerk.counter import noon_or_moment
    from noticeclerk.dispatch.mail_batch import batch_village

    moment = noon_or_moment(
        on, lambda: batch_village(office.register(), batch, office.workspace).calendar
    )
    accepted = accept_batch(
        office,
        batch,
        moment,
        pieces_received=pieces_received,
        missing=_split(missing),
        mailed_by=by,
        by=login_name(),
        date_alone=not isinstance(on, datetime),
        deposited_at=deposited_at,
    )
    click.echo(
        f"Recorded: the post office accepted {len(accepted.served)} pieces of mail batch "
        f"{accepted.number}."
    )
    for line, served in accepted.served:
        click.echo(
            f"  Line {line}: {served.document} served by {SERVICE_METHODS[served.method]}, "
            f"effective {served.effective}."
        )
        if served.deadline is not None:
            click.echo(f"    Deadline: {served.deadline.describe()}")
        for warning in served.warnings:
            click.echo(f"    Warning: {warning}", err=True)
    for number in accepted.not_accepted:
        click.echo(f"  Not accepted, not served: {number}")


@mail_group.command("cancel")
@click.argument("batch", type=LINE)
@click.option(
    "--reason", type=FREE_TEXT, required=True, metavar="TEXT", help="Why it was never mailed."
)
@BY_OPTION
@pass_office
def cancel_command(office: Office, batch: str, reason: str, by: str) -> None:
    """Cancel a batch that was printed but never mailed: its documents wait to be served again
    and its labels' article numbers may be used again. It stays in the register, marked
    cancelled, with who, when and why."""
    from noticeclerk.actions.mail import cancel_batch

    count = cancel_batch(office, batch, reason=reason, by=by)
    click.echo(f"Cancelled mail batch {batch} ({count} pieces); none of them is served.")


@mail_group.command("files")
@click.argument("batch", type=LINE)
@workspace_out_option("mail/<batch number>", "Where to write the files.")
@pass_office
def files_command(office: Office, batch: str, out_dir: Path | None) -> None:
    """Write a batch's print files again from the register (after a crash, or to reprint), and
    say whether each is the same, byte for byte, as the one printed when it was prepared."""
    from noticeclerk.dispatch.mail_batch import batch_files
    from noticeclerk.writing import make_folder, write_file

    files, recorded = batch_files(office.register(), batch, workspace=office.workspace)
    folder = office.outputs(f"mail/{batch}", out_dir)
    make_folder(folder)
    for name, data in files.items():
        path = write_file(folder / name, data)
        same = recorded.get(name) == hashlib.sha256(data).hexdigest()
        note = "the same as printed" if same else "NOT the same bytes as printed (reprinted)"
        click.echo(f"  {path}: {note}")


@mail_group.command("show")
@click.argument("batch", type=LINE)
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@pass_office
def show_command(office: Office, batch: str, as_json: bool) -> None:
    """Show a batch: its pieces in mailing-book order, and what became of each."""
    from noticeclerk.dispatch.mail_batch import show_batch

    view = show_batch(office.register(), batch, workspace=office.workspace)
    if as_json:
        print_json(view.__dict__ | {"pieces": list(view.pieces)})
        return
    click.echo(
        f"Mail batch {view.number} ({view.village}), {view.method.replace('_', ' ')}: "
        f"{view.status}; prepared {view.prepared} by {view.prepared_by}"
        + (f"; accepted {view.accepted}" if view.accepted else "")
        + "."
    )
    for piece in view.pieces:
        state = {None: "awaiting acceptance", True: "accepted", False: "not accepted"}[
            piece["accepted"]  # type: ignore[index]
        ]
        answer = f", {str(piece['answer']).replace('_', ' ')}" if piece["answer"] else ""
        click.echo(
            f"  {piece['line']:>3}  {piece['article_number']}  {piece['document']}  "
            f"{piece['addressee']}  {piece['zip_code']}  {state}{answer}"
        )
