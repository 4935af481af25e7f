"""The register's own commands: the workspace, its migration, the roll and the cases."""

from __future__ import annotations

from datetime import date, datetime
from pathlib import Path
from typing import Any

import click

from noticeclerk.cli.answers import print_json
from noticeclerk.cli.office import Office, pass_office
from noticeclerk.cli.params import BY_OPTION, EVENT, FACT, FREE_TEXT, LINE, DateOrMoment
from noticeclerk.exceptions import NoticeclerkError
from noticeclerk.register import spelled

# SQLAlchemy and Alembic load inside each command, not when --help lists it.


class RegisterDamaged(NoticeclerkError):
    """Frozen files in the register no longer have the SHA-256 recorded when they were issued."""


@click.command("init")
@click.argument("folder", type=click.Path(file_okay=False, path_type=Path), default=".")
@pass_office
def init_command(office: Office, folder: Path) -> None:
    """Create a workspace folder and its register (noticeclerk.db).

    Run it once per office. An existing register at the current migration is left as it
    is; an older one is never changed without 'noticeclerk db upgrade'.
    """
    from noticeclerk.register.workspace import describe_location, init_workspace

    report = init_workspace(folder, office.db)
    where = describe_location(report.url)
    if report.created:
        click.echo(f"Created the register {where} at migration {report.revision}.")
    else:
        click.echo(f"The register {where} is already at migration {report.revision}.")


@click.group("db")
def db_group() -> None:
    """The register database: its migration, and bringing it forward."""


@db_group.command("upgrade")
@pass_office
def db_upgrade(office: Office) -> None:
    """Migrate the register forward to this version of noticeclerk. Back it up first."""
    from noticeclerk.register.database import require_register_file, upgrade

    url = office.register_url()
    require_register_file(url)  # 'init' makes a register; an upgrade only brings one forward
    from noticeclerk.register.frozen import files_for_workspace

    # The frozen files move to this workspace's store, wherever --db puts the database.
    before, after = upgrade(url, files_for_workspace(office.workspace).store.root)
    if before == after:
        click.echo(f"The register is already at migration {after}.")
    else:
        click.echo(f"Migrated the register from {before or 'empty'} to {after}.")


@click.command("verify")
@click.option("--village", type=LINE, metavar="NAME", help="Only this village's documents.")
@pass_office
def verify_command(office: Office, village: str | None) -> None:
    """Re-read every frozen file in the register against the SHA-256 recorded when it was issued.

    Every issued document's PDF and DOCX, and every issued affidavit of service's, is read
    again, a batch at a time. Exit status 0 when all match; 1, naming each document whose
    files changed, when any does: do not use those, and restore the register from its backup.
    """
    import sys

    from noticeclerk.register.integrity import check_register, frozen_count

    engine = office.register()
    if village:
        from noticeclerk.content.village import load_village

        load_village(village, office.workspace)  # an unknown village is refused by name
    total = frozen_count(engine, village)
    documents = 0
    changed = []
    with click.progressbar(
        check_register(engine, village),
        length=total,
        label="Checking the register's frozen files",
        file=sys.stderr,
    ) as checked:
        for one in checked:
            documents += one.kind == "document"
            if one.mismatched:
                changed.append(one)
    for one in changed:
        what = "Affidavit of service" if one.kind == "affidavit" else "Document"
        files = " and ".join(one.mismatched)
        click.echo(
            f"{what} {one.number}: its {files} no longer "
            f"{'matches' if len(one.mismatched) == 1 else 'match'} the SHA-256 recorded when it "
            "was issued."
        )
    affidavits = total - documents
    counted = f"{documents} document{'' if documents == 1 else 's'}"
    if affidavits:
        counted += f" and {affidavits} affidavit{'' if affidavits == 1 else 's'} of service"
    if changed:
        raise RegisterDamaged(
            f"{len(changed)} of {total} frozen records ({counted}) no longer match their "
            "SHA-256; do not use them: restore the register from its backup."
        )
    if total == 0:
        click.echo("The register holds no issued documents yet; there is nothing to verify.")
    elif not affidavits:
        whose = "The 1 document's" if documents == 1 else f"All {documents} documents'"
        click.echo(f"{whose} files match their SHA-256.")
    else:
        click.echo(f"The files of {counted} all match their SHA-256.")


@click.group("roll")
def roll_group() -> None:
    """The assessment roll: parcels and their owners of record."""


@roll_group.command("import")
@click.argument("roll_file", type=click.Path(dir_okay=False, path_type=Path))
@click.option(
    "--village", type=LINE, required=True, metavar="NAME", help="The village whose roll this is."
)
@click.option(
    "--preview",
    is_flag=True,
    help="Check the roll and list what importing it would change, writing nothing.",
)
@BY_OPTION
@pass_office
def roll_import(office: Office, roll_file: Path, village: str, preview: bool, by: str) -> None:
    """Import a roll (CSV): all rows or none, every bad row named with its line.

    With --preview, the roll is checked and compared with the register as an import would,
    and what would change is listed; nothing is written.

    \b
    Columns: parcel_id, section_block_lot, property_address, owner_name,
    mailing_address (lines separated by |), city, state, zip, email, phone,
    tax_lots, resident (yes/no), and optionally dwelling (yes/no, blank when
    the roll does not say; a roll without the column leaves each parcel's
    dwelling as the register has it). UTF-8 (with or without BOM) or
    Windows-1252. A later import updates the owners and keeps who owned what,
    and when.
    """
    import os

    from noticeclerk.actions.roll import import_roll
    from noticeclerk.content.village import load_village

    load_village(village, office.workspace)
    try:
        size = os.stat(roll_file).st_size
    except OSError:
        size = 0  # import_roll says what is wrong with the file
    with _RollProgress() as progress:
        report = import_roll(
            office,
            roll_file,
            village,
            by=by,
            # A village's usual roll takes a moment; only a big one shows its bars (on stderr).
            progress=progress if size >= ROLL_PROGRESS_FROM_BYTES else None,
            preview=preview,
        )
    click.echo(report.summary())


# About 5,000 parcels: below it an import is over before a bar could be read.
ROLL_PROGRESS_FROM_BYTES = 1_000_000


class _RollProgress:
    """A progress bar on stderr for each stage of a roll import, opened as the stage begins."""

    def __init__(self) -> None:
        self.stage: str | None = None
        self.bar: Any = None
        self.done = 0

    def __enter__(self) -> _RollProgress:
        return self

    def __exit__(self, *_exception: object) -> None:
        self._close()

    def __call__(self, stage: str, done: int, total: int) -> None:
        import sys

        if stage != self.stage:
            self._close()
            self.stage, self.done = stage, 0
            self.bar = click.progressbar(length=total, label=stage, file=sys.stderr).__enter__()
        self.bar.update(done - self.done)
        self.done = done

    def _close(self) -> None:
        if self.bar is not None:
            self.bar.__exit__(None, None, None)
            self.bar = None


@roll_group.command("export")
@click.option(
    "--village", type=LINE, required=True, metavar="NAME", help="The village whose roll to export."
)
@click.option(
    "--out",
    "out_file",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Write here instead of printing.",
)
@pass_office
def roll_export(office: Office, village: str, out_file: Path | None) -> None:
    """Export the current roll as CSV, safe to open in a spreadsheet."""
    from noticeclerk.register.roll import export_roll
    from noticeclerk.writing import write_file

    text = export_roll(office.register(), village)
    if out_file is None:
        click.echo(text, nl=False)
    else:
        # With a BOM, so a spreadsheet opens accented names correctly; import reads either.
        write_file(out_file, text.encode("utf-8-sig"))
        click.echo(f"Wrote {out_file}")


@click.group("case")
def case_group() -> None:
    """Cases: one matter at one parcel, or several parcels sharing one obligation."""


@case_group.command("open")
@click.option("--village", type=LINE, metavar="NAME", help="The village the case is in.")
@click.option(
    "--parcel",
    "parcels",
    type=LINE,
    multiple=True,
    metavar="ID",
    help="A parcel id on the roll; repeat for several parcels.",
)
@click.option(
    "--notice-type",
    type=LINE,
    metavar="TYPE",
    help="The document the case leads to (see 'noticeclerk catalog').",
)
@click.option(
    "--fact",
    "facts",
    type=FACT,
    multiple=True,
    metavar="NAME=VALUE",
    help="A fact the notice type needs; repeat for more.",
)
@click.option(
    "--event",
    "events",
    type=EVENT,
    multiple=True,
    metavar="NAME=DATE",
    help="A date or moment a deadline counts from.",
)
@click.option(
    "--from",
    "case_file",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Take it all from a case file instead.",
)
@BY_OPTION
@pass_office
def case_open(
    office: Office,
    village: str | None,
    parcels: tuple[str, ...],
    notice_type: str | None,
    facts: tuple[str, ...],
    events: tuple[str, ...],
    case_file: Path | None,
    by: str,
) -> None:
    """Open a case in the register.

    \b
    Examples:
      noticeclerk case open --village palmyra --parcel PV-0417 \\
          --notice-type house-numbering-notice --fact street="Taft Street"
      noticeclerk case open --from casebook/palmyra/house-numbering-notice.toml
    """
    from noticeclerk.actions.cases import open_case
    from noticeclerk.register.cases import request_from_file, request_from_options

    workspace = office.workspace
    if case_file is not None:
        if village or parcels or notice_type or facts or events:
            raise click.UsageError("Give --from alone, or the options without --from.")
        request, ignored = request_from_file(case_file, workspace)
        if ignored:
            click.echo(
                f"Not used from the case file: {', '.join(ignored)} "
                "(the register numbers the case, and dates and numbers documents when they "
                "are issued)."
            )
    else:
        if not village or not notice_type:
            raise click.UsageError("Give --village and --notice-type (or --from CASE-FILE).")
        request = request_from_options(
            village, notice_type, list(parcels), list(facts), list(events), workspace
        )
    number = open_case(office, request, by=by)
    click.echo(f"Opened case {number}.")


@case_group.command("record")
@click.argument("case_number", type=LINE, metavar="CASE")
@click.option(
    "--fact",
    "facts",
    type=FACT,
    multiple=True,
    metavar="NAME=VALUE",
    help="A fact; a newer record replaces the older on new documents.",
)
@click.option(
    "--event",
    "events",
    type=EVENT,
    multiple=True,
    metavar="NAME=DATE",
    help="A date or moment, such as snow_ceased=2026-01-10T14:30.",
)
@BY_OPTION
@pass_office
def case_record(
    office: Office, case_number: str, facts: tuple[str, ...], events: tuple[str, ...], by: str
) -> None:
    """Record facts and events in a case; earlier records are kept."""
    from noticeclerk.actions.cases import record
    from noticeclerk.register.cases import typed_from_text

    if not facts and not events:
        raise click.UsageError("Give at least one --fact name=value or --event name=DATE.")
    typed_facts, typed_events = typed_from_text(
        office.register(), case_number, list(facts), list(events), office.workspace
    )
    counted = record(office, case_number, facts=typed_facts, events=typed_events, by=by)
    click.echo(
        f"Recorded {counted.facts} fact(s) and {counted.events} event(s) in case {case_number}."
    )


@case_group.command("email-address")
@click.argument("case_number", type=LINE, metavar="CASE")
@click.option("--email", type=LINE, required=True, metavar="ADDRESS", help="The address given.")
@click.option(
    "--given-by",
    type=LINE,
    required=True,
    metavar="NAME",
    help="Who gave it: an owner of record of the case's property, or its occupant recorded "
    "with 'case party --role occupant'.",
)
@click.option(
    "--department",
    type=LINE,
    required=True,
    metavar="NAME",
    help='The department of the Village it was given to, such as "Building Department".',
)
@click.option(
    "--given-on",
    type=DateOrMoment(register=True),
    required=True,
    metavar="DATE",
    help="The day the Village received the writing that gave it.",
)
@click.option(
    "--writing",
    type=click.IntRange(min=1),
    required=True,
    metavar="ITEM",
    help="The archive item that keeps that writing (the letter, form or email), as "
    "'noticeclerk archive add FILE --case CASE --kind correspondence' printed it.",
)
@BY_OPTION
@pass_office
def case_email_address(
    office: Office,
    case_number: str,
    email: str,
    given_by: str,
    department: str,
    given_on: date | datetime,
    writing: int,
    by: str,
) -> None:
    """Record an email address an owner or resident gave the Village in writing.

    Village A's ordinance (§ 134-43C) counts service by email only at "the email address
    provided to any department of the Village by an owner or resident of the property". The
    roll's address is on file already; any other is on file once this records who gave it, to
    which department, when, and the writing itself, kept in the archive first. The affidavit
    of service then states those particulars.

    \b
    Example:
      noticeclerk archive add letter.pdf --case VA-C-2026-0002 --kind correspondence
      noticeclerk case email-address VA-C-2026-0002 --email mross@example.net \\
          --given-by "Max Ross" --department "Building Department" \\
          --given-on 2026-01-03 --writing 7
    """
    from noticeclerk.actions.cases import record_given_email

    given = record_given_email(
        office,
        case_number,
        email=email,
        given_by=given_by,
        department=department,
        given_on=given_on.date() if isinstance(given_on, datetime) else given_on,
        writing_item=writing,
        by=by,
    )
    click.echo(
        f"Recorded {given.email} as given by {given.given_by} ({given.given_as}) to the "
        f"{given.department} on {given.given_on.isoformat()}, in the writing kept as archive "
        f"item {given.writing_item}; it is on file for service by email in case {given.case}."
    )


@case_group.command("party")
@click.argument("case_number", type=LINE, metavar="CASE")
@click.option(
    "--role",
    required=True,
    type=click.Choice(
        ["occupant", "applicant", "appellant", "contractor", "surety", "utility", "officer"]
    ),
    help="Who they are in the case.",
)
@click.option(
    "--name", type=LINE, required=True, metavar="NAME", help="The name as the envelope prints it."
)
@click.option(
    "--address",
    type=LINE,
    required=True,
    metavar="LINES",
    help='The address, lines separated by "|", the last ending in the ZIP code.',
)
@click.option(
    "--email", type=LINE, default="", metavar="ADDRESS", help="An e-mail address, if known."
)
@click.option(
    "--phone", type=LINE, default="", metavar="NUMBER", help="A telephone number, if known."
)
@BY_OPTION
@pass_office
def case_party(
    office: Office,
    case_number: str,
    role: str,
    name: str,
    address: str,
    email: str,
    phone: str,
    by: str,
) -> None:
    """Record someone a case's documents go to besides the owner of record.

    \b
    Example:
      noticeclerk case party TU-C-2026-0003 --role contractor \\
          --name "Westchester Paving Co." --address "40 Depot Square|TUCKAHOE NY 10707"

    A document addressed to that role goes to them ('issue ... --to contractor' chooses one);
    recording the role again (a corrected address) replaces it for later documents.
    """
    from noticeclerk.actions.cases import record_party
    from noticeclerk.register.parties import address_lines

    recipient = record_party(
        office,
        case_number,
        role=role,
        name=name,
        address_lines=address_lines(address),
        email=email,
        phone=phone,
        by=by,
    )
    click.echo(f"Recorded {recipient.name} as the {role} in case {case_number}.")


@case_group.command("list")
@click.option("--village", type=LINE, metavar="NAME", help="Only this village's cases.")
@click.option("--open", "open_only", is_flag=True, help="Only the cases still open.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@pass_office
def case_list(office: Office, village: str | None, open_only: bool, as_json: bool) -> None:
    """List the cases, oldest first, with their parcels and documents."""
    from noticeclerk.register.reading import list_cases

    rows = list_cases(
        office.register(), village=village, open_only=open_only, workspace=office.workspace
    )
    if as_json:
        print_json([row.to_json() for row in rows])
        return
    if not rows:
        click.echo("No cases." if not (village or open_only) else "No cases match.")
    for row in rows:
        click.echo(
            f"{row.number}  {row.status:<9}  opened {row.opened_on.isoformat()}  "
            f"{row.notice_type}  parcel(s) {', '.join(row.parcels)}  "
            f"{row.documents} document(s)"
        )


@case_group.command("show")
@click.argument("case_number", type=LINE, metavar="CASE")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@pass_office
def case_show(office: Office, case_number: str, as_json: bool) -> None:
    """Show a case's parcels, records, documents and what is next.

    Every record is listed in the order it was made (a replaced one is marked), each document
    with its deadline, service and payments, then what is due on the case. Each service record
    has its number (the one 'serve --strike' takes); a struck one stays listed, marked STRUCK
    with who struck it, when and why.
    """
    from noticeclerk.register.reading import case_history

    history = case_history(
        office.register(), case_number, now=office.clock.now(), workspace=office.workspace
    )
    if as_json:
        print_json(history)
        return
    for line in case_lines(history):
        click.echo(line)


def case_lines(history: dict[str, Any]) -> list[str]:
    """A case's history as the lines `case show` prints, times as a clerk writes them."""
    zone = history["timezone"]
    lines = [
        f"Case {history['number']}, {history['village_name']}: {history['status']}",
        f"  Opened {spelled.moment(history['opened_at'], zone)} by {history['opened_by']}; "
        f"notice type {history['notice_type']}.",
    ]
    if history["closed"]:
        closed = history["closed"]
        note = f" ({closed['note']})" if closed["note"] else ""
        lines.append(
            f"  Closed {spelled.moment(closed['at'], zone)} by {closed['by']}: "
            f"{closed['reason']}{note}."
        )
    lines.append("Parcels:")
    if not history["parcels"]:
        # A document of the village (the list of unpaid liens) gathers its parcels when issued.
        lines.append("  none: the case's documents are the village's, not a parcel's")
    for parcel in history["parcels"]:
        lines.append(
            f"  {parcel['parcel_id']}  {parcel['property_address']}; owner of record "
            f"{parcel['owner_name']}, {', '.join(parcel['mailing_lines'])}"
        )
    for party in history["parties"]:
        replaced = "" if party["current"] else "  (replaced)"
        lines.append(
            f"  {party['role'].capitalize()}: {party['name']}, "
            f"{', '.join(party['address_lines'])}{replaced}"
        )
    for given in history["given_emails"]:
        lines.append(
            f"  Email address {given['email']}, given by {given['given_by']} "
            f"({given['given_as']}) to the {given['department']} on {given['given_on']}, "
            f"writing kept as archive item {given['writing_item']}"
        )
    if history["recipient"]:
        recipient = history["recipient"]
        lines.append(f"Recipient: {recipient['name']}, {', '.join(recipient['address_lines'])}")
    lines.append("Records (oldest first; a replaced record is marked 'replaced'):")
    for record in history["records"]:
        replaced = "" if record["current"] else "  (replaced)"
        lines.append(
            f"  {spelled.moment(record['recorded_at'], zone)}  {record['recorded_by']}  "
            # A text fact of several lines: its lines indented under it, never read as records.
            f"{record['kind']} {record['name']} = "
            f"{spelled.value(record['value']).replace(chr(10), chr(10) + ' ' * 6)}{replaced}"
        )
    lines.append("Documents:" if history["documents"] else "Documents: none issued.")
    for document in history["documents"]:
        lines.append(
            f"  {document['number']}  {document['title']}, dated {document['document_date']}, "
            f"to {document['recipient_name']}: {document['status']}"
        )
        if document["deadline"]:
            lines.append(f"    Deadline {spelled.due(document['deadline'], zone)}")
        elif document["deadline_rule"]:
            lines.append(f"    Deadline as the document states it: {document['deadline_rule']}")
        if document["amount_due"] is not None:
            lines.append(
                f"    Billed {spelled.money(document['amount_due'])}, "
                f"paid {spelled.money(document['paid'])}, "
                f"outstanding {spelled.money(document['outstanding'])}"
            )
        for service in document["services"]:
            article = f", article {service['article_number']}" if service["article_number"] else ""
            # The record's number is the one 'serve --strike' takes; a struck one stays listed.
            lines.append(
                f"    {service['record']}. Served {spelled.moment(service['served_at'], zone)} by "
                f"{service['method']}{article} ({service['served_by']})"
            )
            lines += _struck_lines(service["struck"], zone, "       ")
            for event in service["events"]:
                lines.append(
                    f"       {event['kind'].replace('_', ' ').capitalize()} "
                    f"{spelled.due(event['happened_at'][:10], zone)}"
                )
                lines += _struck_lines(event["struck"], zone, "         ")
        for paper, days, item in _publications(document["insertions"]):
            lines.append(
                f"    Published in {paper} on {', '.join(spelled.due(day, zone) for day in days)} "
                f"(its affidavit of publication is archive item {item})"
            )
        for payment in document["payments"]:
            reference = f" ({payment['reference']})" if payment["reference"] else ""
            lines.append(
                f"    Paid {spelled.money(payment['amount'])} on {payment['paid_on']}{reference}"
            )
        for affidavit in document["affidavits"]:
            lines.append(
                f"    Affidavit of service {affidavit['number']} issued "
                f"{spelled.moment(affidavit['issued_at'], zone)} by {affidavit['issued_by']}, "
                f"PDF SHA-256 {affidavit['pdf_sha256']}"
            )
            if affidavit["swears_to_struck"]:
                records = ", ".join(str(n) for n in affidavit["swears_to_struck"])
                lines.append(
                    f"      It swears to service record {records}, since struck: issue a new "
                    f"one with 'noticeclerk proof {document['number']} --issue'."
                )
    lines += _step_lines(history["next_steps"])
    if history["next"]:
        lines.append("Next:")
        for item in history["next"]:
            lines.append(f"  {item['document']}: {item['words']}")
            lines += [f"    Warning: {warning}" for warning in item["warnings"]]
            if item["next_step"] and item["status"] in ("passed", "unpaid"):
                lines.append(f"    Then: {item['next_step']}")
    return lines


def _step_lines(steps: list[dict[str, Any]]) -> list[str]:
    """What the case may issue now, with the command; then what it may not yet, with the day
    or what must happen first; then what it may not, with why."""
    lines = []
    headings = {
        "may": "May issue next (noticeclerk issue CASE NOTICE-TYPE):",
        "not_yet": "Not yet:",
        "not": "Not to be issued:",
    }
    for standing, heading in headings.items():
        # What is already given once is listed among the documents, not again here.
        mine = [step for step in steps if step["standing"] == standing and not step["given"]]
        if mine:
            lines.append(heading)
        for step in mine:
            following = f", following {', '.join(step['follows'])}" if step["follows"] else ""
            owners = f", to the owners of {', '.join(step['parcels'])}" if step["parcels"] else ""
            lines.append(f"  {step['notice_type']}: {step['title']}{following}{owners}")
            if standing == "may":
                lines.append(f"    {step['command']}")
                continue
            lines.append(f"    {step['why']}")
            if step["on"]:
                lines.append(f"    It may be issued from {spelled.due(step['on'], 'UTC')}.")
    return lines


def _publications(insertions: list[dict[str, Any]]) -> list[tuple[str, list[str], int]]:
    """A document's insertions grouped by newspaper and affidavit: one line for each."""
    grouped: dict[tuple[str, int], list[str]] = {}
    for insertion in insertions:
        key = (insertion["newspaper"], insertion["affidavit_item"])
        grouped.setdefault(key, []).append(insertion["published_on"])
    return [(paper, days, item) for (paper, item), days in grouped.items()]


def _struck_lines(struck: dict[str, Any] | None, zone: str, indent: str) -> list[str]:
    """A struck record's mark: it stays listed, and proves nothing."""
    if struck is None:
        return []
    return [
        f"{indent}STRUCK {spelled.moment(struck['at'], zone)} by {struck['by']}: "
        f"{struck['reason']} (left out of the affidavit and the deadline)"
    ]


@case_group.command("close")
@click.argument("case_number", type=LINE, metavar="CASE")
@click.option(
    "--reason",
    required=True,
    type=click.Choice(["complied", "withdrawn", "paid"]),
    help="Why the case ends.",
)
@click.option(
    "--note", type=FREE_TEXT, metavar="TEXT", help="A sentence for the file, such as who inspected."
)
@BY_OPTION
@pass_office
def case_close(office: Office, case_number: str, reason: str, note: str | None, by: str) -> None:
    """Close a case as complied, withdrawn or paid.

    A closed case takes no more records or documents; its documents stay in the register
    and leave the list of what is due.
    """
    from noticeclerk.actions.cases import close

    close(office, case_number, reason=reason, note=note, by=by)
    click.echo(f"Closed case {case_number}: {reason}.")
