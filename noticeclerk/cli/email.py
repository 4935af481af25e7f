"""Email on the command line: the office's mail server tried, issued documents queued in the
register's outbox, the outbox sent, and what became of each message listed."""

from __future__ import annotations

from pathlib import Path

import click

from noticeclerk.cli.answers import print_json
from noticeclerk.cli.office import Office, pass_office
from noticeclerk.cli.params import BY_OPTION, FREE_TEXT, LINE


@click.group("email")
def email_group() -> None:
    """Email documents from the register's outbox over the office's own mail server.

    The server is set in the workspace's settings.toml, and the password comes from the
    NOTICECLERK_SMTP_PASSWORD environment variable (or the system keyring), never a file:

    \b
      [smtp]
      host = "smtp.village.example"
      port = 587
      security = "starttls"       # starttls, tls, or none (only to this machine)
      username = "clerk@village.example"
      from_address = "clerk@village.example"
      from_name = "Village Clerk"
      reply_to = "clerk@village.example"
      per_minute = 30

    \b
    The steps:
      noticeclerk email test
      noticeclerk email queue VA-D-2026-00001 VA-D-2026-00002
      noticeclerk email send
      noticeclerk email status

    A message is a service of the document only where the document's ordinance allows service
    by email (Village A § 134-43C); otherwise it is a courtesy copy, and the register says so.
    """


@email_group.command("test")
@pass_office
def test_command(office: Office) -> None:
    """Connect to the mail server, secure the connection and log in, and say what it answered."""
    from noticeclerk.content.settings import mail_server
    from noticeclerk.dispatch.smtp import settings_for, smtp_password, test_connection

    server = mail_server(office.workspace)
    for line in test_connection(settings_for(server), smtp_password(server.username)):
        click.echo(line)


@email_group.command("queue")
@click.argument("documents", type=LINE, nargs=-1, required=True, metavar="DOCUMENT...")
@click.option(
    "--to",
    type=LINE,
    metavar="ADDRESS",
    help="Send to this address instead of the one on file for the addressee; give --source.",
)
@click.option(
    "--source",
    type=FREE_TEXT,
    metavar="TEXT",
    help="With --to: where the Village got the address, such as \"the owner's letter of "
    '2026-01-03"; the register keeps it, and an affidavit states it.',
)
@BY_OPTION
@pass_office
def queue_command(
    office: Office, documents: tuple[str, ...], to: str | None, source: str | None, by: str
) -> None:
    """Put issued documents in the outbox, each to the email address on file for its
    addressee (or --to with --source). Nothing is sent until 'noticeclerk email send'."""
    from noticeclerk.actions.email import queue_email

    if source is not None and to is None:
        raise click.UsageError("--source goes with --to: it says where that address came from.")
    queued = queue_email(office, documents, by=by, to=to, source=source)
    for item in queued:
        kind = (
            "a courtesy copy (its ordinance does not allow service by email)"
            if (item.courtesy)
            else "service by email"
        )
        click.echo(f"Queued {item.document} to {item.recipient}: {kind}.")
    click.echo("Send it with: noticeclerk email send")


@email_group.command("send")
@click.option("--limit", type=click.IntRange(1), metavar="N", help="Send at most N messages.")
@click.option(
    "--dry-run",
    "dry_run_folder",
    type=click.Path(file_okay=False, path_type=Path),
    metavar="DIR",
    help="Write what would be sent as .eml files in DIR instead; nothing is sent or marked.",
)
@BY_OPTION
@pass_office
def send_command(office: Office, limit: int | None, dry_run_folder: Path | None, by: str) -> None:
    """Send what waits in the outbox: queued messages, deferred ones whose time has come, and
    any a crash left half-sent (sent again with the same Message-ID).

    A server that answers 4xx or drops the connection has the message tried again later
    (after 1, 5, 15, 30 minutes, ... up to a day); a 5xx fails it with the server's words.
    A message sent to an address the ordinance allows becomes the document's service, at the
    moment of the server's 250 reply, which the register keeps as the proof.
    """
    from noticeclerk.actions.email import send_email
    from noticeclerk.dispatch.outbox import attempt_line, dry_run, sent_summary

    if dry_run_folder is not None:
        for path in dry_run(office.register(), dry_run_folder, limit=limit):
            click.echo(f"  {path}")
        return
    attempts = send_email(
        office,
        by=by,
        limit=limit,
        progress=lambda *tried: click.echo(attempt_line(*tried), err=True),
    )
    first, *warnings = sent_summary(attempts)
    click.echo(first)
    for warning in warnings:
        click.echo(warning, err=True)


@email_group.command("status")
@click.option(
    "--state",
    type=click.Choice(["queued", "sending", "sent", "deferred", "failed"]),
    help="Only the messages in this state.",
)
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@pass_office
def status_command(office: Office, state: str | None, as_json: bool) -> None:
    """List the outbox: each message's document, address, state, tries and the server's words."""
    from noticeclerk.dispatch.outbox import outbox_rows

    rows = outbox_rows(office.register(), state=state)
    if as_json:
        print_json([row.__dict__ for row in rows])
        return
    if not rows:
        click.echo("The outbox is empty.")
    for row in rows:
        copy = ", courtesy copy" if row.courtesy else (", service" if row.service else "")
        click.echo(f"{row.document}  {row.recipient}  {row.state}{copy}  tries {row.attempts}")
        if row.last_reply:
            click.echo(f"    {row.last_reply}")
        if row.state == "deferred" and row.next_attempt_at:
            click.echo(f"    next try after {row.next_attempt_at}")
