"""The noticeclerk command line: options parsed, one function called, the answer printed."""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Sequence
from datetime import date, datetime, time
from pathlib import Path
from typing import Any

import click

from noticeclerk import __version__
from noticeclerk.catalogue import catalogue_entries
from noticeclerk.content import casebook_cases
from noticeclerk.counter import (
    deadline_at_counter,
    fee_at_counter,
    fees_at_counter,
    holidays_at_counter,
    installments_at_counter,
    interest_at_counter,
    place_for,
    rate_at_counter,
    split_at_counter,
)
from noticeclerk.doctor import run_checks
from noticeclerk.exceptions import NoticeclerkError
from noticeclerk.render import parse_formats, render_case, render_many, write_rendered
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
@click.pass_context
def cli(ctx: click.Context, workspace: Path | None) -> None:
    """noticeclerk: statutory notices, deadlines and records for a village clerk's office."""
    ctx.obj = {"workspace": workspace}


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
