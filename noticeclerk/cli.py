"""The noticeclerk command line: options parsed, one function called, the answer printed."""

from __future__ import annotations

import getpass
import json
import re
import sys
from collections.abc import Sequence
from datetime import UTC, date, datetime, time
from pathlib import Path
from typing import Any

import click
from sqlalchemy import Engine

from noticeclerk import __version__
from noticeclerk.content.folders import casebook_cases
from noticeclerk.content.notice_types import SERVICE_METHODS, catalogue_entries
from noticeclerk.content.village import load_village
from noticeclerk.counter import (
    deadline_at_counter,
    fee_at_counter,
    fees_at_counter,
    holidays_at_counter,
    installments_at_counter,
    interest_at_counter,
    localize,
    place_for,
    rate_at_counter,
    split_at_counter,
)
from noticeclerk.doctor import run_checks
from noticeclerk.exceptions import NoticeclerkError
from noticeclerk.register.cases import open_case, record, request_from_file, request_from_options
from noticeclerk.register.database import open_register, register_url, upgrade
from noticeclerk.register.due import what_is_due
from noticeclerk.register.issuing import document_village, issue, void
from noticeclerk.register.payments import record_payment
from noticeclerk.register.permits import permit_record
from noticeclerk.register.proof import render_proof
from noticeclerk.register.roll import export_roll, import_roll
from noticeclerk.register.service import (
    ServiceRequest,
    parse_service_time,
    record_mail_event,
    serve,
)
from noticeclerk.register.workspace import describe_location, init_workspace
from noticeclerk.render import (
    parse_formats,
    render_case,
    render_many,
    write_index,
    write_rendered,
)
from noticeclerk.rules.calendars import Holiday
from noticeclerk.rules.installments import Plan
from noticeclerk.rules.money import spell_amount, spell_percent
from noticeclerk.rules.periods import Step, Unit


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
@click.option(
    "--db",
    metavar="URL",
    envvar="NOTICECLERK_DB",
    help="The register's database URL; by default noticeclerk.db in the workspace folder.",
)
@click.pass_context
def cli(ctx: click.Context, workspace: Path | None, db: str | None) -> None:
    """noticeclerk: statutory notices, deadlines and records for a village clerk's office."""
    ctx.obj = {"workspace": workspace, "db": db}


def _clerk() -> str:
    """Who is at the keyboard, for the register's "recorded by"."""
    try:
        return getpass.getuser()
    except (KeyError, OSError):
        return "unknown"


def _register(ctx: click.Context) -> Engine:
    return open_register(register_url(ctx.obj["workspace"], ctx.obj["db"]))


BY_OPTION = click.option(
    "--by", "by", default=_clerk, show_default="your login name", help="Who is recording this."
)


@cli.group()
def calc() -> None:
    """Counter calculations: deadlines, holidays, splits, interest, installments and fees."""


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
    _print_why(deadline.steps)


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


def _print_why(steps: Sequence[Step]) -> None:
    click.echo("")
    click.echo("Why:")
    for number, step in enumerate(steps, 1):
        click.echo(f"  {number}. {step}")


@calc.command("split", context_settings={"ignore_unknown_options": True})
@click.argument("total")
@click.option(
    "--count",
    type=int,
    metavar="N",
    help="How many properties share the cost; they are numbered 1, 2, 3, ... in the answer.",
)
@click.option(
    "--parcels",
    metavar="ID,ID,...",
    help="The properties by parcel number or section-block-lot, separated by commas; "
    "the first ones listed take any odd cent.",
)
@click.option("--json", "as_json", is_flag=True, help="Print JSON, amounts as strings.")
def calc_split(total: str, count: int | None, parcels: str | None, as_json: bool) -> None:
    """Split one cost equally among properties, to the cent.

    TOTAL is the cost, such as 5000 or 1,234.56. Each property gets one equal share, never
    one per tax lot (Village A § 134-45F). The cents that do not divide go one each to the
    first properties, so the shares add back exactly to TOTAL.

    \b
    Examples:
      noticeclerk calc split 5000 --count 5
      noticeclerk calc split 1000 --parcels 12-3-4,12-3-5,12-3-9 --json
    """
    split = split_at_counter(total, count=count, parcels=parcels)
    if as_json:
        _print_json(split.to_json())
        return
    click.echo(f"{spell_amount(split.total)} in {len(split.shares)} equal shares:")
    width = max(len("Parcel"), *(len(share.parcel) for share in split.shares))
    click.echo(f"  {'Parcel'.ljust(width)}  {'Share':>14}")
    for share in split.shares:
        click.echo(f"  {share.parcel.ljust(width)}  {spell_amount(share.amount):>14}")
    click.echo(f"  {'Total'.ljust(width)}  {spell_amount(split.owners_total):>14}")
    _print_why(split.steps)


@calc.command("interest")
@click.option(
    "--principal", required=True, metavar="AMOUNT", help="The amount owed, such as 1234.56."
)
@click.option(
    "--from",
    "start",
    required=True,
    metavar="DATE",
    help="The day interest starts, YYYY-MM-DD: for a Village A lien, the day the work was "
    "completed or the Village paid for it.",
)
@click.option(
    "--to", "end", required=True, metavar="DATE", help="The day interest runs to, YYYY-MM-DD."
)
@click.option("--rate", metavar="PERCENT", help="A yearly rate in percent, such as 5 or 7.25.")
@click.option(
    "--village",
    metavar="NAME",
    help="Use this village's legal rate: New York's CPLR 5004 (9%) or Wisconsin's "
    "§ 138.04 (5%), unless its letterhead sets another.",
)
@click.option(
    "--tax-rate",
    is_flag=True,
    help="With --village: the rate late village real property taxes bear, as Tuckahoe "
    "§ 19-34(b) and Village A § 134-45E direct.",
)
@click.option(
    "--costs",
    metavar="AMOUNT",
    help="Collection costs, including attorneys' fees, for a payoff letter.",
)
@click.option("--json", "as_json", is_flag=True, help="Print JSON, amounts as strings.")
@click.pass_context
def calc_interest(
    ctx: click.Context,
    principal: str,
    start: str,
    end: str,
    rate: str | None,
    village: str | None,
    tax_rate: bool,
    costs: str | None,
    as_json: bool,
) -> None:
    """Compute simple interest and a lien payoff amount.

    Interest is simple, per year, on the actual days from --from to --to over 365, rounded
    once to the cent. The payoff is principal + interest + costs, the figure a lien payoff
    letter states.

    \b
    Examples:
      noticeclerk calc interest --principal 1234.56 --from 2026-07-13 --to 2026-10-01 --rate 5
      noticeclerk calc interest --principal 800 --from 2026-01-15 --to 2026-06-30 \\
          --village village-a --costs 150 --json
    """
    chosen = rate_at_counter(rate, village, tax_rate=tax_rate, workspace=ctx.obj["workspace"])
    owed = interest_at_counter(principal, start, end, chosen, costs=costs)
    if as_json:
        _print_json(owed.to_json())
        return
    click.echo(f"Interest: {spell_amount(owed.interest.amount)}")
    click.echo(f"Payoff as of {owed.interest.end.isoformat()}: {spell_amount(owed.total)}")
    _print_why(owed.steps)


@calc.command("installments")
@click.option("--principal", required=True, metavar="AMOUNT", help="The assessment, such as 5000.")
@click.option(
    "--years",
    type=int,
    required=True,
    metavar="N",
    help="The number of annual installments: at most 10 (at most 4 for the elm tax).",
)
@click.option("--rate", metavar="PERCENT", help="The yearly interest rate charged, such as 5.")
@click.option(
    "--borrowing-rate",
    metavar="PERCENT",
    help="The Village's borrowing rate when the assessment was imposed; the rate charged "
    "is 2 points more (Palmyra § 8.03(3)(b)6).",
)
@click.option(
    "--village",
    metavar="NAME",
    help="Use the borrowing rate in this village's letterhead, plus 2 points (palmyra).",
)
@click.option(
    "--plan",
    type=click.Choice([plan.value for plan in Plan]),
    default=Plan.ASSESSMENT.value,
    show_default=True,
    help="assessment: a special assessment (Palmyra § 8.03(3)(b)); elm-tax: the special tax "
    "for removing a diseased elm, at 10% (Palmyra § 8.15(6)(b)).",
)
@click.option(
    "--notice-date",
    metavar="DATE",
    help="For --prepay-on: the date on the Assessment Notice, from which interest runs.",
)
@click.option(
    "--prepay-on",
    metavar="DATE",
    help="Also show what pays off the unpaid balance on this day (§ 8.03(3)(b)4).",
)
@click.option(
    "--paid",
    type=int,
    default=0,
    show_default=True,
    metavar="N",
    help="For --prepay-on: the installments already paid.",
)
@click.option("--json", "as_json", is_flag=True, help="Print JSON, amounts as strings.")
@click.pass_context
def calc_installments(
    ctx: click.Context,
    principal: str,
    years: int,
    rate: str | None,
    borrowing_rate: str | None,
    village: str | None,
    plan: str,
    notice_date: str | None,
    prepay_on: str | None,
    paid: int,
    as_json: bool,
) -> None:
    """Lay out the annual installments of a special assessment.

    Palmyra § 8.03(3)(b): equal annual installments of principal over at most 10 years,
    each with a year's interest on the unpaid balance; with --prepay-on, what pays off the
    balance on that day.

    \b
    Examples:
      noticeclerk calc installments --principal 5000 --years 5 --rate 5
      noticeclerk calc installments --principal 5000 --years 5 --borrowing-rate 3.5 \\
          --notice-date 2026-09-01 --prepay-on 2028-11-15 --paid 2
      noticeclerk calc installments --principal 1200 --years 4 --plan elm-tax --json
    """
    schedule, early = installments_at_counter(
        principal,
        years,
        rate=rate,
        borrowing_rate=borrowing_rate,
        village=village,
        plan=plan,
        notice_date=notice_date,
        prepay_on=prepay_on,
        paid=paid,
        workspace=ctx.obj["workspace"],
    )
    if as_json:
        found = schedule.to_json()
        if early is not None:
            found["prepayment"] = early.to_json()
        _print_json(found)
        return
    click.echo(
        f"{spell_amount(schedule.principal)} in {schedule.years} annual installments at "
        f"{spell_percent(schedule.rate.percent)}:"
    )
    click.echo(
        f"  {'No.':>3}  {'Principal':>12}  {'Interest':>12}  {'Payment':>12}  {'Balance':>12}"
    )
    for part in schedule.installments:
        click.echo(
            f"  {part.number:>3}  {spell_amount(part.principal):>12}  "
            f"{spell_amount(part.interest):>12}  {spell_amount(part.payment):>12}  "
            f"{spell_amount(part.balance):>12}"
        )
    click.echo(
        f"  Total interest {spell_amount(schedule.total_interest)}; "
        f"total paid {spell_amount(schedule.total_paid)}."
    )
    steps = list(schedule.steps)
    if early is not None:
        click.echo(f"To prepay on {early.pay_on.isoformat()}: {spell_amount(early.total)}")
        steps += early.steps
    _print_why(steps)


@calc.command("fee")
@click.argument("name", required=False)
@click.option("--village", required=True, metavar="NAME", help="The village whose fee it is.")
@click.option(
    "--days",
    metavar="N",
    help="temporary-occupancy: the days the street is obstructed; part of a day counts as a day.",
)
@click.option("--length-ft", metavar="FEET", help="An opening's measured length in feet.")
@click.option(
    "--width-ft",
    metavar="FEET",
    help="An opening's measured width, or a curb cut's width, in feet.",
)
@click.option(
    "--area-sqft",
    metavar="SQFT",
    help="Square feet: of a proposed opening (excavation-bond) or of sidewalk cleared "
    "(snow-removal).",
)
@click.option(
    "--deposit",
    metavar="AMOUNT",
    help="temporary-occupancy: the deposit taken, to show what is refunded (§ 19-49(b)).",
)
@click.option(
    "--expenses",
    metavar="AMOUNT",
    help="The Village's actual costs: added to a Luck permit fee, or spent restoring the "
    "street from a Tuckahoe deposit.",
)
@click.option("--json", "as_json", is_flag=True, help="Print JSON, amounts as strings.")
@click.pass_context
def calc_fee(
    ctx: click.Context,
    name: str | None,
    village: str,
    as_json: bool,
    **facts: str | None,
) -> None:
    """Compute a permit fee or bond, or list a village's fees.

    NAME is one of the fees the village's ordinance defines; without NAME, they are listed.
    Fees the Village Board sets come from the [fees] table of the village's letterhead.

    \b
    Examples:
      noticeclerk calc fee --village tuckahoe
      noticeclerk calc fee temporary-occupancy --village tuckahoe --days 5 --deposit 100
      noticeclerk calc fee curb-cut --village tuckahoe --width-ft 14
      noticeclerk calc fee excavation-bond --village palmyra --area-sqft 60 --json
    """
    workspace = ctx.obj["workspace"]
    if name is None:
        given = sorted(option for option, value in facts.items() if value is not None)
        if given:
            raise click.UsageError("Name the fee the facts are for, such as temporary-occupancy.")
        found, rules = fees_at_counter(village, workspace)
        if as_json:
            _print_json(
                [{"name": r.name, "title": r.title, "authority": r.authority} for r in rules]
            )
            return
        if not rules:
            click.echo(f"{found.name}'s ordinance states no permit fees.")
            return
        click.echo(f"Fees {found.name}'s ordinance defines:")
        width = max(len(rule.name) for rule in rules)
        for rule in rules:
            click.echo(f"  {rule.name.ljust(width)}  {rule.title} ({rule.authority})")
        return
    charged = fee_at_counter(village, name, workspace=workspace, **facts)
    answer = charged.answer
    if as_json:
        _print_json({"village": charged.village.slug, **answer.to_json()})
        return
    click.echo(f"{answer.title}, {charged.village.name}: {spell_amount(answer.fee)}")
    for key, value in answer.amounts:
        if key in ("refund", "balance_due"):
            label = "Refund of the deposit" if key == "refund" else "Still owed beyond the deposit"
            click.echo(f"{label}: {spell_amount(value)}")
    _print_why(answer.steps)


@cli.command("init")
@click.argument("folder", type=click.Path(file_okay=False, path_type=Path), default=".")
@click.pass_context
def init_command(ctx: click.Context, folder: Path) -> None:
    """Create a workspace folder and its register (noticeclerk.db).

    Run it once per office. An existing register at the current migration is left as it
    is; an older one is never changed without 'noticeclerk db upgrade'.
    """
    report = init_workspace(folder, ctx.obj["db"])
    where = describe_location(report.url)
    if report.created:
        click.echo(f"Created the register {where} at migration {report.revision}.")
    else:
        click.echo(f"The register {where} is already at migration {report.revision}.")


@cli.group("db")
def db_group() -> None:
    """The register database: its migration, and bringing it forward."""


@db_group.command("upgrade")
@click.pass_context
def db_upgrade(ctx: click.Context) -> None:
    """Migrate the register forward to this version of noticeclerk. Back it up first."""
    url = register_url(ctx.obj["workspace"], ctx.obj["db"])
    before, after = upgrade(url)
    if before == after:
        click.echo(f"The register is already at migration {after}.")
    else:
        click.echo(f"Migrated the register from {before or 'empty'} to {after}.")


@cli.group("roll")
def roll_group() -> None:
    """The assessment roll: parcels and their owners of record."""


@roll_group.command("import")
@click.argument("roll_file", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--village", required=True, metavar="NAME", help="The village whose roll this is.")
@BY_OPTION
@click.pass_context
def roll_import(ctx: click.Context, roll_file: Path, village: str, by: str) -> None:
    """Import a roll (CSV): all rows or none, every bad row named with its line.

    \b
    Columns: parcel_id, section_block_lot, property_address, owner_name,
    mailing_address (lines separated by |), city, state, zip, email, phone,
    tax_lots, resident (yes/no). UTF-8 (with or without BOM) or Windows-1252.
    A later import updates the owners and keeps who owned what, and when.
    """
    load_village(village, ctx.obj["workspace"])
    report = import_roll(_register(ctx), roll_file, village, imported_by=by, now=datetime.now(UTC))
    click.echo(report.summary())


@roll_group.command("export")
@click.option("--village", required=True, metavar="NAME", help="The village whose roll to export.")
@click.option(
    "--out",
    "out_file",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Write here instead of printing.",
)
@click.pass_context
def roll_export(ctx: click.Context, village: str, out_file: Path | None) -> None:
    """Export the current roll as CSV, safe to open in a spreadsheet."""
    text = export_roll(_register(ctx), village)
    if out_file is None:
        click.echo(text, nl=False)
    else:
        # With a BOM, so a spreadsheet opens accented names correctly; import reads either.
        out_file.write_text(text, encoding="utf-8-sig")
        click.echo(f"Wrote {out_file}")


@cli.group("case")
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
@click.pass_context
def case_open(
    ctx: click.Context,
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
    workspace = ctx.obj["workspace"]
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
    number = open_case(_register(ctx), request, by=by, now=datetime.now(UTC), workspace=workspace)
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
@click.pass_context
def case_record(
    ctx: click.Context, case_number: str, facts: tuple[str, ...], events: tuple[str, ...], by: str
) -> None:
    """Record facts and events in a case; earlier records are kept."""
    counted = record(
        _register(ctx),
        case_number,
        list(facts),
        list(events),
        by=by,
        now=datetime.now(UTC),
        workspace=ctx.obj["workspace"],
    )
    click.echo(f"Recorded {counted[0]} fact(s) and {counted[1]} event(s) in case {case_number}.")


@cli.command("issue")
@click.argument("case_number", metavar="CASE")
@click.argument("notice_type", metavar="[NOTICE-TYPE]", required=False)
@click.option(
    "--date", "document_date", type=DateOrMoment(), help="The document's date; today by default."
)
@click.option(
    "--out",
    "out_dir",
    type=click.Path(file_okay=False, path_type=Path),
    default=Path("outputs/issued"),
    show_default=True,
    help="Where copies of the issued files go.",
)
@BY_OPTION
@click.pass_context
def issue_command(
    ctx: click.Context,
    case_number: str,
    notice_type: str | None,
    document_date: date | datetime | None,
    out_dir: Path,
    by: str,
) -> None:
    """Issue the next numbered document for a case, and freeze its PDF and DOCX.

    The register keeps the exact bytes with their SHA-256; rendering again later never
    changes an issued document.
    """
    if isinstance(document_date, datetime):
        raise click.UsageError("--date takes a date, YYYY-MM-DD.")
    issued = issue(
        _register(ctx),
        case_number,
        notice_slug=notice_type,
        document_date=document_date,
        by=by,
        now=datetime.now(UTC),
        workspace=ctx.obj["workspace"],
    )
    click.echo(
        f"Issued {issued.number}: {issued.title}, case {issued.case}, to {issued.recipient}."
    )
    click.echo(f"  PDF SHA-256 {issued.pdf_sha256}")
    for path in write_rendered(issued.rendered, out_dir / issued.rendered.village):
        click.echo(f"  Wrote a copy to {path}")


@cli.command("void")
@click.argument("document_number", metavar="DOCUMENT")
@click.option(
    "--reason", required=True, help="Why the document is spoiled; it is kept with the number."
)
@BY_OPTION
@click.pass_context
def void_command(ctx: click.Context, document_number: str, reason: str, by: str) -> None:
    """Void a spoiled document. Its number is never reused and it is never deleted."""
    void(_register(ctx), document_number, reason=reason, by=by, now=datetime.now(UTC))
    click.echo(f"Voided {document_number}: {reason.strip()}")


@cli.command("serve")
@click.argument("document_number", metavar="DOCUMENT")
@click.option(
    "--method",
    required=True,
    type=click.Choice(sorted(SERVICE_METHODS)),
    help="How it was served; the notice type says which its ordinance allows.",
)
@click.option("--by", "by", required=True, metavar="NAME", help="Who served it (or mailed it).")
@click.option(
    "--at",
    "at",
    required=True,
    type=DateOrMoment(),
    help="When: a date and time, such as 2026-01-05T14:30.",
)
@click.option("--to", "to_person", metavar="PERSON", help="Whom it was handed to or left with.")
@click.option("--address", metavar="ADDRESS", help="Where it was delivered, posted or mailed.")
@click.option("--email", metavar="ADDRESS", help="The email address it was sent to.")
@click.option(
    "--phone-result",
    type=click.Choice(["answered", "message"]),
    help="Door posting: whether a person answered the call or a message was left.",
)
@click.option(
    "--article-number", metavar="N", help="Certified or registered mail: the USPS article number."
)
@click.option("--note", metavar="TEXT", help="Anything else the server observed.")
@click.pass_context
def serve_command(
    ctx: click.Context,
    document_number: str,
    method: str,
    by: str,
    at: date | datetime,
    to_person: str | None,
    address: str | None,
    email: str | None,
    phone_result: str | None,
    article_number: str | None,
    note: str | None,
) -> None:
    """Record how a document was served, and compute the deadline that follows.

    \b
    Example:
      noticeclerk serve VA-D-2026-00001 --method door_and_phone --by "J. Avery" \\
          --at 2026-01-05T10:15 --phone-result message
    """
    engine = _register(ctx)
    moment = parse_service_time(at)
    if moment.tzinfo is None:
        moment = localize(
            document_village(engine, document_number, ctx.obj["workspace"]).calendar, moment
        )
    request = ServiceRequest(
        method=method,
        by=by,
        at=moment,
        to_person=to_person,
        address=address,
        email=email,
        phone_result=phone_result,
        article_number=article_number,
        note=note,
    )
    served = serve(
        engine, document_number, request, now=datetime.now(UTC), workspace=ctx.obj["workspace"]
    )
    click.echo(
        f"Recorded service of {served.document} by {served.method}, effective {served.effective}."
    )
    if served.stated_too_early:
        click.echo(f"Warning: {served.stated_too_early}", err=True)
    if served.deadline is not None:
        click.echo(f"Deadline: {served.deadline.describe()}")
        _print_why(served.deadline.steps)


@cli.command("receipt")
@click.argument("document_number", metavar="DOCUMENT")
@click.option("--signed", "signed", type=DateOrMoment(), help="When the return receipt was signed.")
@click.option(
    "--unclaimed", "unclaimed", type=DateOrMoment(), help="When the mail came back unclaimed."
)
@click.option("--note", metavar="TEXT", help="What the receipt or the envelope shows.")
@BY_OPTION
@click.pass_context
def receipt_command(
    ctx: click.Context,
    document_number: str,
    signed: date | datetime | None,
    unclaimed: date | datetime | None,
    note: str | None,
    by: str,
) -> None:
    """Record a signed return receipt, or mail returned unclaimed, for a mailed document."""
    if (signed is None) == (unclaimed is None):
        raise click.UsageError("Give --signed or --unclaimed, one of the two.")
    engine = _register(ctx)
    zone = document_village(engine, document_number, ctx.obj["workspace"]).calendar
    given = signed or unclaimed
    moment = given if isinstance(given, datetime) else datetime.combine(given, time(12, 0))
    moment = localize(zone, moment) if moment.tzinfo is None else moment
    kind = "receipt_signed" if signed is not None else "returned_unclaimed"
    deadline = record_mail_event(
        engine,
        document_number,
        kind,
        moment,
        note=note,
        by=by,
        now=datetime.now(UTC),
        workspace=ctx.obj["workspace"],
    )
    click.echo(f"Recorded: {kind.replace('_', ' ')} for {document_number}.")
    if deadline is not None:
        click.echo(f"Deadline: {deadline.describe()}")
        _print_why(deadline.steps)


@cli.command("due")
@click.option("--date", "as_of", type=DateOrMoment(), help="As of this date; today by default.")
@click.option("--village", metavar="NAME", help="Only this village.")
@click.option(
    "--days",
    "horizon",
    type=click.IntRange(0, 366),
    default=14,
    show_default=True,
    help="How far ahead to look for coming deadlines.",
)
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@click.pass_context
def due_command(
    ctx: click.Context,
    as_of: date | datetime | None,
    village: str | None,
    horizon: int,
    as_json: bool,
) -> None:
    """List what is due: deadlines passed or coming, documents not served, mail awaiting receipt."""
    moment = datetime.now(UTC)
    if as_of is not None:
        moment = as_of if isinstance(as_of, datetime) else datetime.combine(as_of, time(23, 59))
        moment = moment if moment.tzinfo else moment.astimezone()
    items = what_is_due(
        _register(ctx),
        as_of=moment,
        village=village,
        horizon_days=horizon,
        workspace=ctx.obj["workspace"],
    )
    if as_json:
        _print_json([entry.to_json() for entry in items])
        return
    if not items:
        click.echo("Nothing is due.")
    for entry in items:
        click.echo(f"{entry.document}  {entry.title} — case {entry.case}, {entry.recipient}")
        click.echo(f"    {entry.words}")
        if entry.next_step and entry.status == "passed":
            click.echo(f"    Next: {entry.next_step}")


@cli.command("proof")
@click.argument("document_number", metavar="DOCUMENT")
@click.option(
    "--out",
    "out_dir",
    type=click.Path(file_okay=False, path_type=Path),
    default=Path("outputs/proofs"),
    show_default=True,
    help="Where to write the affidavit.",
)
@click.pass_context
def proof_command(ctx: click.Context, document_number: str, out_dir: Path) -> None:
    """Print the affidavit of service of a document (PDF and DOCX), from its service records."""
    rendered = render_proof(_register(ctx), document_number, workspace=ctx.obj["workspace"])
    for path in write_rendered(rendered, out_dir / rendered.village):
        click.echo(f"Wrote {path}")


@cli.command("pay")
@click.argument("document_number", metavar="DOCUMENT")
@click.option(
    "--amount", required=True, metavar="AMOUNT", help="The amount received, such as 228.50."
)
@click.option(
    "--on",
    "paid_on",
    required=True,
    type=DateOrMoment(),
    help="The day it was received, YYYY-MM-DD.",
)
@click.option("--reference", metavar="TEXT", help="The receipt or check number.")
@BY_OPTION
@click.pass_context
def pay_command(
    ctx: click.Context,
    document_number: str,
    amount: str,
    paid_on: date | datetime,
    reference: str | None,
    by: str,
) -> None:
    """Record a payment on a bill; 'due' then shows what remains."""
    if isinstance(paid_on, datetime):
        raise click.UsageError("--on takes a date, YYYY-MM-DD.")
    paid = record_payment(
        _register(ctx),
        document_number,
        amount,
        paid_on,
        reference=reference,
        by=by,
        now=datetime.now(UTC),
    )
    remains = spell_amount(paid.balance)
    click.echo(f"Recorded {spell_amount(paid.amount)} on {paid.document}; {remains} remains.")


@cli.command("permits")
@click.option("--village", required=True, metavar="NAME", help="The village whose permits to list.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@click.pass_context
def permits_command(ctx: click.Context, village: str, as_json: bool) -> None:
    """The record of permits issued, in the order of their numbers (Tuckahoe § 19-78)."""
    entries = permit_record(_register(ctx), village, ctx.obj["workspace"])
    if as_json:
        _print_json([entry.to_json() for entry in entries])
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


@cli.command("render")
@click.argument("case_file", type=click.Path(dir_okay=False, path_type=Path))
@click.option(
    "--format",
    "formats",
    default="pdf,docx",
    show_default=True,
    metavar="pdf,docx",
    help="Which files to make.",
)
@click.option(
    "--out",
    "out_dir",
    type=click.Path(file_okay=False, path_type=Path),
    default=Path("outputs"),
    show_default=True,
    help="The folder to write into.",
)
@click.pass_context
def render_command(ctx: click.Context, case_file: Path, formats: str, out_dir: Path) -> None:
    """Render one case file to PDF and DOCX on the village's letterhead.

    Every fact is checked first; a missing or malformed one is named and nothing is written.

    \b
    Example:
      noticeclerk render casebook/tuckahoe/notice-to-repair-sidewalk.toml --out outputs
    """
    rendered = render_case(case_file, parse_formats(formats), ctx.obj["workspace"])
    for path in write_rendered(rendered, out_dir):
        click.echo(f"Wrote {path}")


@cli.command("demo")
@click.option(
    "--out",
    "out_dir",
    type=click.Path(file_okay=False, path_type=Path),
    default=Path("outputs/demo"),
    show_default=True,
    help="The folder to write into; each village gets its own folder.",
)
@click.option(
    "--format",
    "formats",
    default="pdf,docx",
    show_default=True,
    metavar="pdf,docx",
    help="Which files to make.",
)
@click.pass_context
def demo_command(ctx: click.Context, out_dir: Path, formats: str) -> None:
    """Render the built-in sample casebook: one document per village.

    All the cases are rendered and checked before the first file is written.
    """
    cases = casebook_cases(ctx.obj["workspace"])
    if not cases:
        raise click.UsageError("The casebook is empty: no case files were found.")
    with click.progressbar(
        length=len(cases), label="Rendering the casebook", file=sys.stderr
    ) as bar:
        rendered = render_many(
            cases, parse_formats(formats), ctx.obj["workspace"], progress=lambda _: bar.update(1)
        )
    for document in rendered:
        for path in write_rendered(document, out_dir / document.village):
            click.echo(f"Wrote {path}")
    names = {
        slug: load_village(slug, ctx.obj["workspace"]).name
        for slug in {d.village for d in rendered}
    }
    click.echo(f"Wrote {write_index(rendered, out_dir, names)}")


@cli.command("catalog")
@click.option("--village", metavar="NAME", help="Only this village's notice types.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@click.pass_context
def catalog_command(ctx: click.Context, village: str | None, as_json: bool) -> None:
    """List the documents each village can produce, with the sections they cite."""
    entries = catalogue_entries(village, ctx.obj["workspace"])
    if as_json:
        _print_json(entries)
        return
    current = None
    for entry in entries:
        if entry["village"] != current:
            current = entry["village"]
            click.echo(f"{current}:")
        click.echo(f"  {entry['notice']:32} {entry['title']}")
        click.echo(f"  {'':32} {'; '.join(entry['sections'])}")


@cli.command("doctor")
def doctor_command() -> None:
    """Check this machine's printing libraries, fonts and helper programs."""
    checks = run_checks()
    for check in checks:
        mark = "ok" if check.ok else ("MISSING" if check.required else "optional")
        click.echo(f"  [{mark:>8}] {check.name}: {check.detail}")
    if any(not c.ok and c.required for c in checks):
        raise click.ClickException("Something printing needs is missing; see the lines above.")


def main() -> None:
    """The console command `noticeclerk`."""
    cli(prog_name="noticeclerk")
