"""The archive on the command line: signed scans and PDFs added, issued documents' PDF/A
copies made and signed, the archive verified, records past their retention listed and
disposed of, and a selection exported for a records request or a court."""

from __future__ import annotations

import os
import sys
from datetime import date, datetime
from pathlib import Path

import click

from noticeclerk.cli.office import Office, pass_office
from noticeclerk.cli.params import BY_OPTION, FREE_TEXT, LINE, DateOrMoment
from noticeclerk.exceptions import InputError, NoticeclerkError

KEY_PASSWORD_VARIABLE = "NOTICECLERK_KEY_PASSWORD"


class ArchiveDamaged(NoticeclerkError):
    """`archive verify` found what was modified, deleted, reordered or cut off."""


@click.group("archive")
def archive_group() -> None:
    """Keep signed statements, green cards, scans and signed PDFs for years, and prove later
    that what is produced is what was kept.

    Files are kept once by their SHA-256 in the workspace's archive/ folder (or the folder
    settings.toml names under [archive] folder), never overwritten; every act on them is an
    entry of a hash-chained ledger. Every issued document gets a PDF/A-3b copy there.

    \b
    The steps:
      noticeclerk archive add green-card.png --document VA-D-2026-00001 --kind green-card
      noticeclerk archive verify            (write the head hash it prints in the minutes)
      noticeclerk archive verify --head 3f5e...   (later: the ledger still holds that entry)
      noticeclerk archive export --case VA-C-2026-0001 --out request-17.zip
      noticeclerk archive due-for-disposal
      noticeclerk archive dispose 12 --authorised-by "Jordan Avery" --authority "..."
    """


@archive_group.command("add")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--document", type=LINE, metavar="DOCUMENT", help="The document it belongs to.")
@click.option(
    "--case",
    "case_number",
    type=LINE,
    metavar="CASE",
    help="Or the case, for a record of the whole case (a Board decision).",
)
@click.option(
    "--kind",
    type=LINE,
    required=True,
    help="The kind of record, as the village's [[archive.retention]] names it: green-card, "
    "signed-statement, affidavit-of-publication, board-decision, correspondence, ...",
)
@click.option("--signed-by", type=LINE, metavar="NAME", help="Who signed the original.")
@click.option(
    "--signed-on", type=DateOrMoment(register=True), metavar="DATE", help="The day it was signed."
)
@click.option("--note", type=FREE_TEXT, help="Anything the record should say about it.")
@click.option(
    "--pdfa/--no-pdfa",
    default=False,
    help="Also keep a PDF/A-3b copy made from it (a scanned image, or a PDF whose fonts are "
    "all embedded).",
)
@BY_OPTION
@pass_office
def add_command(
    office: Office,
    file: Path,
    document: str | None,
    case_number: str | None,
    kind: str,
    signed_by: str | None,
    signed_on: date | datetime | None,
    note: str | None,
    pdfa: bool,
    by: str,
) -> None:
    """Keep a scan (PDF, TIFF, PNG, JPEG) or a digitally signed PDF in the archive, linked to
    its document and case. The file is judged by its contents, stored under its SHA-256, and
    never overwritten; adding the same file twice is refused."""
    from noticeclerk.actions.archive import keep_file

    if signed_by is not None and signed_on is None:
        raise click.UsageError("--signed-by goes with --signed-on: the day it was signed.")
    try:
        data = file.read_bytes()
    except OSError as error:
        raise InputError(f"Cannot read {file}: {error.strerror or error}.") from None
    added = keep_file(
        office,
        data=data,
        name=file.name,
        document=document,
        case=case_number,
        kind=kind.strip(),
        signed_by=signed_by,
        signed_on=signed_on.date() if isinstance(signed_on, datetime) else signed_on,
        note=note,
        pdfa=pdfa,
        by=by,
    )
    of = f"document {added.document}" if added.document else f"case {added.case}"
    click.echo(f"Archived {file.name} as item {added.item} ({added.kind} of {of}).")
    click.echo(f"  SHA-256 {added.sha256}")
    for line in added.signatures:
        click.echo(f"  {line}")
    if added.copy_item is not None:
        click.echo(f"  PDF/A-3b copy: item {added.copy_item}")
    click.echo(f"Ledger head: entry {added.entry}, SHA-256 {added.head}")


@archive_group.command("list")
@click.option("--document", type=LINE, metavar="DOCUMENT", help="The records of a document.")
@click.option(
    "--case",
    "case_number",
    type=LINE,
    metavar="CASE",
    help="The records of a case, its documents' included.",
)
@pass_office
def list_command(office: Office, document: str | None, case_number: str | None) -> None:
    """List what the archive keeps of a document or a case: each item's number (which
    'archive dispose' takes), its kind, the file's name, when it was added, who signed it."""
    from noticeclerk.archive.keeping import list_items

    items = list_items(office.register(), document=document, case=case_number)
    if not items:
        click.echo("The archive keeps nothing of it yet.")
    for one in items:
        parts = [f"{one.item:>5}  {one.kind:<24} {one.of:<18} {one.name}"]
        if one.pdfa:
            parts.append("PDF/A-3b" + (f" copy of item {one.made_from}" if one.made_from else ""))
        if one.signed_by:
            signed = f" on {one.signed_on}" if one.signed_on else ""
            parts.append(f"signed by {one.signed_by}{signed}")
        parts.append(f"added {one.added:%Y-%m-%d}")
        if one.disposed:
            parts.append(f"DISPOSED OF {one.disposed:%Y-%m-%d}")
        parts.append(f"SHA-256 {one.sha256[:16]}…")
        click.echo("; ".join(parts))


@archive_group.command("copies")
@click.argument("documents", type=LINE, nargs=-1, metavar="[DOCUMENT...]")
@click.option("--village", type=LINE, metavar="NAME", help="Only this village's documents.")
@BY_OPTION
@pass_office
def copies_command(
    office: Office, documents: tuple[str, ...], village: str | None, by: str
) -> None:
    """Make the PDF/A-3b archival copy of every issued document that has none yet (or of the
    documents named). `issue` makes each document's copy as it issues it; this catches up a
    register issued before the archive, or an issue whose copy could not be written."""
    from noticeclerk.actions.archive import make_archival_copies
    from noticeclerk.archive.keeping import documents_without_copy

    engine = office.register()
    if village:
        from noticeclerk.content.village import load_village

        load_village(village, office.workspace)
    wanted = list(documents) if documents else documents_without_copy(engine, village)
    if not wanted:
        click.echo("Every issued document has its archival copy.")
        return
    with click.progressbar(
        length=len(wanted), label="Making PDF/A-3b copies", file=sys.stderr
    ) as bar:
        made = make_archival_copies(office, wanted, by=by, progress=bar.update)
    for number, item in made:
        click.echo(f"{number}: PDF/A-3b copy kept as item {item}.")
    if not made:
        click.echo("Every document named already has its archival copy.")


@archive_group.command("verify")
@click.option(
    "--head",
    type=LINE,
    metavar="HASH",
    help="A head hash recorded earlier (in the minutes): the ledger must still hold it.",
)
@pass_office
def verify_command(office: Office, head: str | None) -> None:
    """Re-read every file in the archive against its SHA-256, walk the ledger's chain, check
    the PDF/A copies and every signature, and print the ledger's head hash.

    Exit status 0 when all holds; 1, naming each file modified or deleted, each ledger entry
    changed, missing, reordered or cut off, and each signature that no longer holds."""
    from noticeclerk.actions.archive import verify_archive
    from noticeclerk.archive.verifying import item_count

    engine = office.register()
    with click.progressbar(
        length=item_count(engine), label="Checking the archive", file=sys.stderr
    ) as bar:
        report = verify_archive(office, head=head, progress=bar.update)
    for problem in report.problems:
        click.echo(problem)
    for note in report.notes:
        click.echo(f"Note: {note}")
    click.echo(
        f"Checked {report.items} archive item{'' if report.items == 1 else 's'}, "
        f"{report.signatures} signature{'' if report.signatures == 1 else 's'} and "
        f"{report.entries} ledger entr{'y' if report.entries == 1 else 'ies'}."
    )
    click.echo(f"Ledger head: entry {report.head_seq}, SHA-256 {report.head}")
    if report.problems:
        count = len(report.problems)
        raise ArchiveDamaged(
            f"{count} problem{'' if count == 1 else 's'} found in the archive (listed above); "
            "do not rely on those records: restore the archive folder and the register from "
            "their backups and verify again."
        )


@archive_group.command("due-for-disposal")
@click.option("--village", type=LINE, metavar="NAME", help="Only this village's records.")
@BY_OPTION
@pass_office
def due_command(office: Office, village: str | None, by: str) -> None:
    """List the records whose retention period (the village's [[archive.retention]], from its
    records schedule) has run, oldest first. Nothing is destroyed: the ledger records, once,
    that each item reached its period; disposal is 'noticeclerk archive dispose'."""
    from noticeclerk.actions.archive import records_due_for_disposal

    if village:
        from noticeclerk.content.village import load_village

        load_village(village, office.workspace)
    reached, notes = records_due_for_disposal(office, by=by, village=village)
    for one in reached:
        sample = " [SAMPLE period]" if one.sample else ""
        click.echo(
            f"{one.what}: kept {one.period}, may be disposed of since {one.due_on} "
            f"({one.schedule}){sample}"
        )
    for note in notes:
        click.echo(f"Note: {note}")
    if not reached:
        click.echo("No archived record has reached the end of its retention period.")


@archive_group.command("dispose")
@click.argument("items", type=click.IntRange(1), nargs=-1, required=True, metavar="ITEM...")
@click.option(
    "--authorised-by", type=LINE, required=True, metavar="NAME", help="Who authorised it."
)
@click.option(
    "--authority",
    type=FREE_TEXT,
    required=True,
    metavar="TEXT",
    help='The authority for it, such as "Board resolution 2032-14 of May 4, 2032".',
)
@BY_OPTION
@pass_office
def dispose_command(
    office: Office, items: tuple[int, ...], authorised_by: str, authority: str, by: str
) -> None:
    """Dispose of archive items past their retention period (and the copies made from them):
    the ledger records who authorised it and under what authority, then their files are
    removed. An item still within its period, kept permanently, or of an open case is
    refused."""
    from noticeclerk.actions.archive import dispose

    done = dispose(
        office, items, authorised_by=authorised_by, authority=" ".join(authority.split()), by=by
    )
    listed = ", ".join(str(item) for item in done.items)
    plural = "" if len(done.items) == 1 else "s"
    if done.finished:
        click.echo(
            f"Archive item{plural} {listed} had been disposed of, but the disposal was "
            "interrupted before the files were removed: finished (removed now)."
        )
        return
    click.echo(f"Disposed of archive item{plural} {listed}.")
    click.echo(f"Ledger head: entry {done.entry}, SHA-256 {done.head}")


@archive_group.command("export")
@click.option("--case", "case_number", type=LINE, metavar="CASE", help="Every record of a case.")
@click.option("--document", type=LINE, metavar="DOCUMENT", help="Every record of a document.")
@click.option(
    "--from", "date_from", type=DateOrMoment(), metavar="DATE", help="Records added from this day"
)
@click.option("--to", "date_to", type=DateOrMoment(), metavar="DATE", help="to this day.")
@click.option(
    "--out",
    type=click.Path(dir_okay=False, path_type=Path),
    required=True,
    metavar="FILE.zip",
    help="The zip to write; it must not exist yet.",
)
@BY_OPTION
@pass_office
def export_command(
    office: Office,
    case_number: str | None,
    document: str | None,
    date_from: date | datetime | None,
    date_to: date | datetime | None,
    out: Path,
    by: str,
) -> None:
    """Export records for a records request or a court: their files, a manifest (CSV and
    JSON) with each file's SHA-256, the ledger entries about them, and a one-page certificate
    of the export. The export is itself recorded in the ledger."""
    from noticeclerk.actions.archive import export_archive
    from noticeclerk.archive.export import Selection

    exported = export_archive(
        office,
        Selection(
            case=case_number,
            document=document,
            date_from=_day(date_from),
            date_to=_day(date_to),
        ),
        out,
        by=by,
    )
    disposed = f", {exported.disposed} listed as disposed of" if exported.disposed else ""
    click.echo(
        f"Exported {exported.files} file{'' if exported.files == 1 else 's'}{disposed} to "
        f"{exported.path} ({exported.size} bytes)."
    )
    click.echo(f"  Manifest SHA-256 {exported.manifest_sha256}")
    click.echo(f"Ledger head: entry {exported.entry}, SHA-256 {exported.head}")


@click.command("sign")
@click.argument("document", type=LINE)
@click.option(
    "--key",
    "key_file",
    type=click.Path(exists=True, dir_okay=False, path_type=Path),
    required=True,
    metavar="FILE.p12",
    help=f"The signer's key and certificate (PKCS#12); its password from {KEY_PASSWORD_VARIABLE}"
    " or typed when asked.",
)
@BY_OPTION
@pass_office
def sign_command(office: Office, document: str, key_file: Path, by: str) -> None:
    """Sign an issued document's PDF/A copy digitally (PAdES), visibly in its signature block,
    with a timestamp when settings.toml names a timestamp server ([signing] timestamp_url).
    The signed file is kept in the archive beside the copy; 'archive verify' checks it."""
    from noticeclerk.actions.archive import sign_document

    password = os.environ.get(KEY_PASSWORD_VARIABLE)
    if password is None:
        password = click.prompt(
            f"Password of {key_file.name}", hide_input=True, default="", show_default=False
        )
    try:
        key_bytes = key_file.read_bytes()
    except OSError as error:
        raise InputError(f"Cannot read {key_file}: {error.strerror or error}.") from None
    signed = sign_document(
        office,
        document,
        key_file=key_bytes,
        key_name=key_file.name,
        password=password.encode() if password else None,
        by=by,
    )
    stamp = " with a timestamp" if signed.timestamped else ""
    click.echo(
        f"Signed {signed.document} as {signed.signer}{stamp}; kept as archive item {signed.item}."
    )
    click.echo(f"Ledger head: entry {signed.entry}, SHA-256 {signed.head}")


def _day(value: date | datetime | None) -> date | None:
    return value.date() if isinstance(value, datetime) else value
