"""The noticeclerk command line: options parsed, one function called, the answer printed.

The root group lives here; each family of commands lives in its own module and is imported
only when one of its commands runs (see COMMANDS), so a deadline at the counter starts
without loading the printer or the register's database libraries.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import click
from click.core import ParameterSource

from noticeclerk import __version__
from noticeclerk.cli.lazy import LazyGroup
from noticeclerk.cli.office import Office
from noticeclerk.cli.params import LINE
from noticeclerk.clock import DATE_WINDOW_VARIABLE, DATE_WINDOW_YEARS, Clock
from noticeclerk.exceptions import NoticeclerkError

TODAY_VARIABLE = "NOTICECLERK_TODAY"

# Each command by the module that defines it; a module is imported when its command is used.
COMMANDS = {
    "calc": "noticeclerk.cli.calc:calc",
    "init": "noticeclerk.cli.register:init_command",
    "db": "noticeclerk.cli.register:db_group",
    "roll": "noticeclerk.cli.register:roll_group",
    "case": "noticeclerk.cli.register:case_group",
    "verify": "noticeclerk.cli.register:verify_command",
    "issue": "noticeclerk.cli.issued:issue_command",
    "void": "noticeclerk.cli.issued:void_command",
    "document": "noticeclerk.cli.issued:document_group",
    "serve": "noticeclerk.cli.issued:serve_command",
    "receipt": "noticeclerk.cli.issued:receipt_command",
    "proof": "noticeclerk.cli.issued:proof_command",
    "mail": "noticeclerk.cli.mail:mail_group",
    "email": "noticeclerk.cli.email:email_group",
    "archive": "noticeclerk.cli.archive:archive_group",
    "sign": "noticeclerk.cli.archive:sign_command",
    "publish": "noticeclerk.cli.publish:publish_group",
    "pay": "noticeclerk.cli.issued:pay_command",
    "due": "noticeclerk.cli.issued:due_command",
    "permits": "noticeclerk.cli.issued:permits_command",
    "render": "noticeclerk.cli.documents:render_command",
    "demo": "noticeclerk.cli.documents:demo_command",
    "catalog": "noticeclerk.cli.documents:catalog_command",
    "doctor": "noticeclerk.cli.documents:doctor_command",
    "web": "noticeclerk.cli.web:web_command",
    "user": "noticeclerk.cli.web:user_group",
    "village": "noticeclerk.cli.village:village_group",
}


class ClerkGroup(LazyGroup):
    """A command group whose every mistake ends in one sentence and exit status 1."""

    def main(self, *args: Any, standalone_mode: bool = True, **kwargs: Any) -> Any:
        try:
            result = super().main(*args, standalone_mode=False, **kwargs)
        except NoticeclerkError as error:
            click.echo(f"Error: {error}", err=True)
            sys.exit(1)
        except click.ClickException as error:
            error.show()
            sys.exit(1)
        except click.Abort:
            click.echo("Aborted.", err=True)
            sys.exit(1)
        if not standalone_mode:
            return result
        sys.exit(result if isinstance(result, int) else 0)


@click.group(cls=ClerkGroup, lazy_commands=COMMANDS)
@click.version_option(__version__, prog_name="noticeclerk")
@click.option(
    "--workspace",
    type=click.Path(file_okay=False, path_type=Path),
    envvar="NOTICECLERK_WORKSPACE",
    help="Your office's folder; its letterheads/ override the built-in ones file by file.",
)
@click.option(
    "--db",
    type=LINE,
    metavar="URL",
    envvar="NOTICECLERK_DB",
    help="The register's database URL; by default noticeclerk.db in the workspace folder.",
)
@click.option(
    "--today",
    type=LINE,
    metavar="DATE",
    envvar=TODAY_VARIABLE,
    help="Work as if it were this day, at 12:00 UTC (or this YYYY-MM-DDTHH:MM, UTC unless an "
    f"offset follows), for rehearsals and tests; also {TODAY_VARIABLE}. By default the "
    "computer's clock.",
)
@click.option(
    "--date-window",
    type=click.IntRange(1, 9999),
    default=DATE_WINDOW_YEARS,
    show_default=True,
    metavar="YEARS",
    envvar=DATE_WINDOW_VARIABLE,
    help="How many years before or after today a date the register keeps may be; also "
    f"{DATE_WINDOW_VARIABLE}. A date outside is refused as a slip of the keyboard.",
)
@click.pass_context
def cli(
    ctx: click.Context,
    workspace: Path | None,
    db: str | None,
    today: str | None,
    date_window: int,
) -> None:
    """noticeclerk: statutory notices, deadlines and records for a village clerk's office."""
    clock = Clock(window_years=date_window)
    if today is not None:
        from_variable = ctx.get_parameter_source("today") is ParameterSource.ENVIRONMENT
        source = TODAY_VARIABLE if from_variable else "--today"
        clock = Clock.parse(today, source=source, window_years=date_window)
    ctx.obj = Office(workspace, db, clock)


def main() -> None:
    """The console command `noticeclerk`."""
    cli(prog_name="noticeclerk")
