"""The register's own commands: the workspace, its migration, the roll and the cases."""

from __future__ import annotations

from pathlib import Path

import click

from noticeclerk.cli.office import Office, pass_office
from noticeclerk.cli.params import BY_OPTION

# SQLAlchemy and Alembic load inside each command, not when --help lists it.


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
    from noticeclerk.register.database import upgrade

    before, after = upgrade(office.register_url())
    if before == after:
        click.echo(f"The register is already at migration {after}.")
    else:
        click.echo(f"Migrated the register from {before or 'empty'} to {after}.")


@click.group("roll")
def roll_group() -> None:
    """The assessment roll: parcels and their owners of record."""


@roll_group.command("import")
@click.argument("roll_file", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--village", required=True, metavar="NAME", help="The village whose roll this is.")
@BY_OPTION
@pass_office
def roll_import(office: Office, roll_file: Path, village: str, by: str) -> None:
    """Import a roll (CSV): all rows or none, every bad row named with its line.

    \b
    Columns: parcel_id, section_block_lot, property_address, owner_name,
    mailing_address (lines separated by |), city, state, zip, email, phone,
    tax_lots, resident (yes/no). UTF-8 (with or without BOM) or Windows-1252.
    A later import updates the owners and keeps who owned what, and when.
    """
    from noticeclerk.content.village import load_village
    from noticeclerk.register.roll import import_roll

    load_village(village, office.workspace)
    report = import_roll(
        office.register(), roll_file, village, imported_by=by, now=office.clock.now()
    )
    click.echo(report.summary())


@roll_group.command("export")
@click.option("--village", required=True, metavar="NAME", help="The village whose roll to export.")
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

    text = export_roll(office.register(), village)
    if out_file is None:
        click.echo(text, nl=False)
    else:
        # With a BOM, so a spreadsheet opens accented names correctly; import reads either.
        out_file.write_text(text, encoding="utf-8-sig")
        click.echo(f"Wrote {out_file}")


@click.group("case")
def case_group() -> None:
    """Cases: one matter at one parcel, or several parcels sharing one obligation."""


@case_group.command("open")
@click.option("--village", metavar="NAME", help="The village the case is in.")
@click.option(
    "--parcel",
    "parcels",
    multiple=True,
    metavar="ID",
    help="A parcel id on the roll; repeat for several parcels.",
)
@click.option(
    "--notice-type",
    metavar="TYPE",
    help="The document the case leads to (see 'noticeclerk catalog').",
)
@click.option(
    "--fact",
    "facts",
    multiple=True,
    metavar="NAME=VALUE",
    help="A fact the notice type needs; repeat for more.",
)
@click.option(
    "--event",
    "events",
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
    from noticeclerk.register.cases import open_case, request_from_file, request_from_options

    workspace = office.workspace
    if case_file is not None:
        if village or parcels or notice_type or facts or events:
            raise click.UsageError("Give --from alone, or the options without --from.")
        request, ignored = request_from_file(case_file, workspace)
        if ignored:
            click.echo(
                f"Not used from the case file: {', '.join(ignored)} "
                "(the register dates and numbers documents when they are issued)."
            )
    else:
        if not village or not notice_type:
            raise click.UsageError("Give --village and --notice-type (or --from CASE-FILE).")
        request = request_from_options(
            village, notice_type, list(parcels), list(facts), list(events), workspace
        )
    number = open_case(
        office.register(), request, by=by, now=office.clock.now(), workspace=workspace
    )
    click.echo(f"Opened case {number}.")


@case_group.command("record")
@click.argument("case_number", metavar="CASE")
@click.option(
    "--fact",
    "facts",
    multiple=True,
    metavar="NAME=VALUE",
    help="A fact; a newer record replaces the older on new documents.",
)
@click.option(
    "--event",
    "events",
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
    from noticeclerk.register.cases import record

    counted = record(
        office.register(),
        case_number,
        list(facts),
        list(events),
        by=by,
        now=office.clock.now(),
        workspace=office.workspace,
    )
    click.echo(f"Recorded {counted[0]} fact(s) and {counted[1]} event(s) in case {case_number}.")
