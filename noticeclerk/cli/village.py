"""Making a built-in village the office's own on the command line: its file copied into the
workspace, the sample values left in it listed, and demonstration turned off once none is."""

from __future__ import annotations

import click

from noticeclerk.cli.office import Office, pass_office
from noticeclerk.cli.params import LINE


@click.group("village")
def village_group() -> None:
    """The village's own file: its officers, seal, addresses, rates and schedules."""


@village_group.command("adopt")
@click.argument("village", type=LINE)
@click.option(
    "--live",
    is_flag=True,
    help="Turn demonstration off once no sample value remains: documents then stop printing "
    "SPECIMEN and the demonstration seal.",
)
@pass_office
def adopt_command(office: Office, village: str, live: bool) -> None:
    """Make a built-in village your office's own.

    As installed, every village is a demonstration: its officers, telephone, addresses, seal,
    postage rates, retention periods and attorney's approvals are samples, and every page
    says SPECIMEN. This copies the village's file into your workspace (letterheads/VILLAGE/)
    and lists each sample value still in it, with what replaces it. Edit the file, run this
    again until nothing is listed, then run it with --live.

    \b
    Example:
      noticeclerk --workspace ~/clerk village adopt tuckahoe
      noticeclerk --workspace ~/clerk village adopt tuckahoe --live
    """
    from noticeclerk.content.adoption import adopt, go_live

    if office.workspace is None:
        raise click.UsageError(
            "Give --workspace: the office folder the village's file is copied into."
        )
    if live:
        path = go_live(village, office.workspace)
        click.echo(
            f"{path} is the Village's own: demonstration is off, and its documents no longer "
            "print SPECIMEN."
        )
        return
    adopted = adopt(village, office.workspace)
    if adopted.copied:
        click.echo(f"Copied {village}'s file to {adopted.path}.")
    else:
        click.echo(f"Your office's copy is {adopted.path}.")
    if not adopted.remaining:
        click.echo(
            "No sample value remains. Run 'noticeclerk village adopt "
            f"{village} --live' to turn demonstration off."
        )
        return
    click.echo(
        f"Replace these {len(adopted.remaining)} sample value(s) in it before the Village "
        "issues a real notice:"
    )
    for value in adopted.remaining:
        click.echo(f"  {value.line()}")
    click.echo(
        f"Then run 'noticeclerk village adopt {village}' again; once nothing is listed, add --live."
    )
