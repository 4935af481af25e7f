"""The noticeclerk command line: options parsed, one function called, the answer printed."""

from __future__ import annotations

import json
import re
import sys
from datetime import date, datetime, time
from pathlib import Path
from typing import Any

import click

from noticeclerk import __version__
from noticeclerk.counter import deadline_at_counter, holidays_at_counter, place_for
from noticeclerk.exceptions import NoticeclerkError
from noticeclerk.rules.calendars import Holiday
from noticeclerk.rules.periods import Unit


class ClerkGroup(click.Group):
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


class DateOrMoment(click.ParamType):
    """A date (2025-12-19) or a date and time (2025-12-19T14:30, optionally with its offset)."""

    name = "DATE[THH:MM]"

    def convert(self, value: Any, param: Any, ctx: Any) -> date | datetime:
        if isinstance(value, date):
            return value
        text = str(value).strip()
        if re.fullmatch(r"\d{4}-\d{2}-\d{2}", text):
            try:
                return date.fromisoformat(text)
            except ValueError:
                self.fail(f"{text} is not a date that exists; write it YYYY-MM-DD.", param, ctx)
        if re.fullmatch(r"\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2})?([+-]\d{2}:\d{2}|Z)?", text):
            try:
                return datetime.fromisoformat(text.replace(" ", "T"))
            except ValueError:
                self.fail(f"{text} is not a date and time that exists.", param, ctx)
        self.fail(
            f"'{text}' is not a date; write YYYY-MM-DD, or YYYY-MM-DDTHH:MM for a time.",
            param,
            ctx,
        )


class ClockTime(click.ParamType):
    """A time of day written HH:MM (24-hour clock)."""

    name = "HH:MM"

    def convert(self, value: Any, param: Any, ctx: Any) -> time:
        if isinstance(value, time):
            return value
        text = str(value).strip()
        if re.fullmatch(r"\d{2}:\d{2}", text):
            try:
                return time.fromisoformat(text)
            except ValueError:
                pass
        self.fail(
            f"'{text}' is not a time of day; write HH:MM on a 24-hour clock, such as 12:00.",
            param,
            ctx,
        )


def _print_json(data: object) -> None:
    click.echo(json.dumps(data, indent=2, ensure_ascii=False))


@click.group(cls=ClerkGroup)
@click.version_option(__version__, prog_name="noticeclerk")
@click.option(
    "--workspace",
    type=click.Path(file_okay=False, path_type=Path),
    envvar="NOTICECLERK_WORKSPACE",
    help="Your office's folder; its letterheads/ override the built-in ones file by file.",
)
@click.pass_context
def cli(ctx: click.Context, workspace: Path | None) -> None:
    """noticeclerk: statutory notices, deadlines and records for a village clerk's office."""
    ctx.obj = {"workspace": workspace}


@cli.group()
def calc() -> None:
    """Counter calculations: deadlines and holidays, each with its legal reasoning."""


PERIOD_OPTIONS = {
    "days": Unit.DAYS,
    "business_days": Unit.BUSINESS_DAYS,
    "months": Unit.MONTHS,
    "hours": Unit.HOURS,
}


@calc.command("deadline")
@click.option(
    "--village", metavar="NAME", help="Use this village's calendar, time zone and office hours."
)
@click.option(
    "--jurisdiction", metavar="NY|WI", help="Use a state's rules alone (no village closures)."
)
@click.option(
    "--from",
    "start",
    type=DateOrMoment(),
    required=True,
    help="The day of the event (a date and time for --hours).",
)
@click.option("--days", type=int, help="A period of calendar days.")
@click.option("--business-days", type=int, help="A period of business days.")
@click.option("--months", type=int, help="A period of calendar months.")
@click.option("--hours", type=int, help="A period of hours; --from must then have a time.")
@click.option("--before", is_flag=True, help='Count back from the event: "at least N days before".')
@click.option(
    "--at",
    "at",
    type=ClockTime(),
    help='An hour on the last day, such as 12:00 for "by 12:00 noon".',
)
@click.option(
    "--office-open-saturday",
    is_flag=True,
    help="Wisconsin: the office keeps Saturday hours, so a period may end on a Saturday.",
)
@click.option("--json", "as_json", is_flag=True, help="Print JSON: the deadline and the steps.")
@click.pass_context
def calc_deadline(
    ctx: click.Context,
    village: str | None,
    jurisdiction: str | None,
    start: date | datetime,
    before: bool,
    at: time | None,
    office_open_saturday: bool,
    as_json: bool,
    **periods: int | None,
) -> None:
    """Compute a deadline from the statutes and show why.

    \b
    Examples:
      noticeclerk calc deadline --jurisdiction NY --from 2025-12-19 --days 7
      noticeclerk calc deadline --village luck --from 2026-07-02 --days 10
      noticeclerk calc deadline --village tuckahoe --from 2026-01-10T14:30 --hours 4
    """
    given = [(name, count) for name, count in periods.items() if count is not None]
    if len(given) != 1:
        choices = "--days, --business-days, --months or --hours"
        raise click.UsageError(
            f"Give exactly one period: one of {choices}."
            if given
            else f"Give the period: one of {choices}."
        )
    name, count = given[0]
    place = place_for(
        village,
        jurisdiction,
        office_open_saturday=office_open_saturday,
        workspace=ctx.obj["workspace"],
    )
    deadline = deadline_at_counter(place, start, PERIOD_OPTIONS[name], count, before=before, at=at)
    if as_json:
        _print_json(
            {**deadline.to_json(), "rules": place.label, "timezone": place.calendar.timezone.key}
        )
        return
    click.echo(f"Deadline: {deadline.describe()}")
    click.echo(f"Counted under {place.label}.")
    click.echo("")
    click.echo("Why:")
    for number, step in enumerate(deadline.steps, 1):
        click.echo(f"  {number}. {step}")


@calc.command("holidays")
@click.option(
    "--village", metavar="NAME", help="This village's legal holidays and office closures."
)
@click.option("--jurisdiction", metavar="NY|WI", help="A state's legal holidays alone.")
@click.option(
    "--year",
    type=int,
    default=lambda: date.today().year,
    show_default="this year",
    help="The year to list.",
)
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@click.pass_context
def calc_holidays(
    ctx: click.Context, village: str | None, jurisdiction: str | None, year: int, as_json: bool
) -> None:
    """List the days on which no deadline can end, with the law for each."""
    place = place_for(village, jurisdiction, workspace=ctx.obj["workspace"])
    days = holidays_at_counter(place, year)
    if as_json:
        _print_json(
            [
                {
                    "date": entry.day.isoformat(),
                    "name": entry.name,
                    "authority": entry.authority
                    if isinstance(entry, Holiday)
                    else "village office closure",
                }
                for entry in days
            ]
        )
        return
    click.echo(f"Legal holidays and office closures in {year}, under {place.label}:")
    for entry in days:
        source = entry.authority if isinstance(entry, Holiday) else "village office closure"
        click.echo(f"  {entry.day:%a %b %d}  {entry.name}  ({source})")


def main() -> None:
    """The console command `noticeclerk`."""
    cli(prog_name="noticeclerk")
