"""Legal notices in the newspaper on the command line: the copy and the days it must be
printed, the publisher's affidavit recorded (and the service it is), and the Village's public
notices site written."""

from __future__ import annotations

from datetime import date, datetime
from pathlib import Path

import click

from noticeclerk.cli.answers import print_why
from noticeclerk.cli.office import Office, pass_office
from noticeclerk.cli.params import BY_OPTION, LINE, DateOrMoment
from noticeclerk.exceptions import InputError


@click.group("publish")
def publish_group() -> None:
    """Publish legal notices in the official newspaper and on the Village's notices page.

    The newspaper is the village's file's [newspaper] table (its name, publishes_on,
    copy_days_before); a notice type says how it is published in its [publication] table
    (Wisconsin: its class under Wis. Stat. ch. 985).

    \b
    The steps:
      noticeclerk publish prepare PA-D-2026-00004      (the copy, the days, the copy deadline)
      (send the copy to the newspaper; it prints it and sends its affidavit)
      noticeclerk publish record PA-D-2026-00004 --published 2026-03-05 --affidavit aff.pdf
      noticeclerk publish site --out notices-site/
    """


@publish_group.command("prepare")
@click.argument("document", type=LINE)
@click.option(
    "--out",
    "out_dir",
    type=click.Path(file_okay=False, path_type=Path),
    help="Where to write the copy; by default the workspace's outputs/publication/DOCUMENT.",
)
@pass_office
def prepare_command(office: Office, document: str, out_dir: Path | None) -> None:
    """Write the newspaper's copy of an issued document (plain text, and a PDF set in the
    newspaper's column, without the letterhead), and say on which days it must be printed,
    counted back from the hearing or other event it precedes, and the last day the copy must
    reach the newspaper. Refused when those days cannot be met."""
    from noticeclerk.actions.publication import prepare_publication
    from noticeclerk.rules.periods import spell_date
    from noticeclerk.writing import write_whole

    prepared = prepare_publication(office, document)
    folder = office.outputs("publication", out_dir)
    if out_dir is None:
        folder = folder / prepared.document
    schedule = prepared.schedule
    lines = [
        f"{prepared.copy.title}, {prepared.document}: to be printed in {prepared.newspaper} on "
        + ", ".join(spell_date(day) for day in schedule.insertions)
        + ".",
        f"The copy must reach {prepared.newspaper} by {spell_date(schedule.copy_due)}.",
        *schedule.explanation,
    ]
    written = write_whole(
        {
            "txt": prepared.copy.text.encode(),
            "pdf": prepared.copy.pdf,
        },
        f"{prepared.document}-newspaper-copy",
        folder,
    )
    written += write_whole(
        {"txt": ("\n".join(lines) + "\n").encode()}, f"{prepared.document}-schedule", folder
    )
    for line in lines:
        click.echo(line)
    for path in written:
        click.echo(f"  Wrote {path}")


@publish_group.command("record")
@click.argument("document", type=LINE)
@click.option(
    "--published",
    "published",
    type=DateOrMoment(register=True),
    multiple=True,
    required=True,
    metavar="DATE",
    help="A day the newspaper printed it, as its affidavit states; once for each day.",
)
@click.option(
    "--affidavit",
    type=click.Path(exists=True, dir_okay=False, path_type=Path),
    required=True,
    metavar="FILE",
    help="The publisher's affidavit of publication (a scan or PDF); it is kept in the archive.",
)
@BY_OPTION
@pass_office
def record_command(
    office: Office,
    document: str,
    published: tuple[date | datetime, ...],
    affidavit: Path,
    by: str,
) -> None:
    """Record the days the newspaper printed a document, from the publisher's affidavit,
    which is archived with them. Where the ordinance allows service by publication, the
    publication is the document's service and its deadline follows from it."""
    from noticeclerk.actions.publication import record_publication
    from noticeclerk.rules.periods import spell_date

    try:
        data = affidavit.read_bytes()
    except OSError as error:
        raise InputError(f"Cannot read {affidavit}: {error.strerror or error}.") from None
    recorded = record_publication(
        office,
        document,
        [day.date() if isinstance(day, datetime) else day for day in published],
        affidavit=data,
        affidavit_name=affidavit.name,
        by=by,
    )
    printed = ", ".join(spell_date(day) for day in recorded.insertions)
    click.echo(f"Recorded the publication of {recorded.document} on {printed}.")
    click.echo(f"  Affidavit of publication kept as archive item {recorded.affidavit_item}.")
    for warning in recorded.warnings:
        click.echo(f"Warning: {warning}", err=True)
    served = recorded.served
    if recorded.served_before is not None:
        click.echo(f"  {recorded.served_before}.")
        return
    if served is None:
        click.echo("  Its ordinance does not make publication its service: no service recorded.")
        return
    click.echo(
        f"Recorded service of {served.document} by publication, effective {served.effective}."
    )
    for warning in served.warnings:
        click.echo(f"Warning: {warning}", err=True)
    if served.deadline is not None:
        click.echo(f"Deadline: {served.deadline.describe()}")
        print_why(served.deadline.steps)


@publish_group.command("site")
@click.option(
    "--out",
    "out_dir",
    type=click.Path(file_okay=False, path_type=Path),
    required=True,
    help="The folder to write the site into (copy it to any web server).",
)
@click.option("--village", type=LINE, metavar="NAME", help="Only this village's notices.")
@click.option(
    "--base-url",
    type=LINE,
    metavar="URL",
    help="The address the site will be served at, for the feeds' links "
    "(https://village.example/notices/).",
)
@click.option(
    "--noindex", is_flag=True, help="Ask search engines not to index the pages (robots.txt)."
)
@pass_office
def site_command(
    office: Office, out_dir: Path, village: str | None, base_url: str | None, noindex: bool
) -> None:
    """Write the Village's public notices site: every published notice, newest first and by
    kind, one page each with its text, the days it was printed and its PDF, an Atom feed and a
    JSON Feed. Nothing private goes in: no telephone, no email, no case notes."""
    from noticeclerk.content.village import load_village
    from noticeclerk.dispatch.public_site import SiteSettings, write_site
    from noticeclerk.dispatch.publishing import published_notices

    if base_url is not None and not base_url.startswith(("https://", "http://")):
        raise click.BadParameter("give an http:// or https:// address.", param_hint="--base-url")
    slug = village
    notices = published_notices(office.register(), office.workspace, slug)
    name = load_village(slug, office.workspace).name if slug else "the Village"
    settings = SiteSettings(
        title=f"Public notices of {name}" if slug else "Public notices",
        village=name,
        base_url=(base_url.rstrip("/") + "/") if base_url else None,
        noindex=noindex,
    )
    written = write_site(notices, out_dir, settings, generated=office.clock.now())
    listed = [notice for notice in notices if notice.withdrawn_on is None]
    withdrawn = len(notices) - len(listed)
    click.echo(
        f"Wrote the public notices site ({len(listed)} notice{'' if len(listed) == 1 else 's'}"
        + (f", {withdrawn} withdrawn" if withdrawn else "")
        + f", {len(written)} files) to {out_dir}."
    )
