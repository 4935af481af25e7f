"""Counter calculations on the command line: a deadline, holidays, a split, interest, fees."""

from __future__ import annotations

from datetime import date, datetime, time

import click

from noticeclerk.cli.answers import print_json, print_why
from noticeclerk.cli.office import Office, pass_office
from noticeclerk.cli.params import LINE, ClockTime, DateOrMoment
from noticeclerk.rules.calendars import Act, Holiday
from noticeclerk.rules.installments import Plan
from noticeclerk.rules.money import spell_amount, spell_percent
from noticeclerk.rules.periods import Unit

# The rules modules above are the standard library's only; the counter module, which
# loads the villages' letterheads and every money rule, is imported by the commands.


@click.group()
def calc() -> None:
    """Counter calculations: deadlines, holidays, splits, interest, installments and fees."""


# The kinds of act as a clerk types them: at-office, in-the-field...
ACT_OPTIONS = [act.value.replace("_", "-") for act in Act]

PERIOD_OPTIONS = {
    "days": Unit.DAYS,
    "business_days": Unit.BUSINESS_DAYS,
    "months": Unit.MONTHS,
    "hours": Unit.HOURS,
}


@calc.command("deadline")
@click.option(
    "--village",
    type=LINE,
    metavar="NAME",
    help="Use this village's calendar, time zone and office hours.",
)
@click.option(
    "--jurisdiction",
    type=LINE,
    metavar="NY|WI",
    help="Use a state's rules alone (no village closures).",
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
@click.option(
    "--act",
    type=click.Choice(ACT_OPTIONS),
    help="Wisconsin: what the deadline asks for. A Saturday moves the last day only of a "
    "payment, service or filing at an office (at-office; at-office-or-by-mail adds the federal "
    "holidays the postal service keeps), not of work in the field (in-the-field: snow, a "
    "sidewalk, a street, a tree) or of the Village's own acts (by-the-village). Needed when "
    "it changes the answer. In either state, term: a span that runs out, such as a "
    "guarantee, whose last day never moves.",
)
@click.option("--json", "as_json", is_flag=True, help="Print JSON: the deadline and the steps.")
@pass_office
def calc_deadline(
    office: Office,
    village: str | None,
    jurisdiction: str | None,
    start: date | datetime,
    before: bool,
    at: time | None,
    office_open_saturday: bool,
    act: str | None,
    as_json: bool,
    **periods: int | None,
) -> None:
    """Compute a deadline from the statutes and show why.

    \b
    Examples:
      noticeclerk calc deadline --jurisdiction NY --from 2025-12-19 --days 7
      noticeclerk calc deadline --village luck --from 2026-07-02 --days 10
      noticeclerk calc deadline --village luck --from 2026-01-03 --days 7 --act in-the-field
      noticeclerk calc deadline --village tuckahoe --from 2026-01-10T14:30 --hours 4
    """
    from noticeclerk.counter import deadline_at_counter, place_for

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
        workspace=office.workspace,
    )
    kind = Act(act.replace("-", "_")) if act else None
    deadline = deadline_at_counter(
        place, start, PERIOD_OPTIONS[name], count, before=before, at=at, act=kind
    )
    if as_json:
        print_json(
            {**deadline.to_json(), "rules": place.label, "timezone": place.calendar.timezone.key}
        )
        return
    click.echo(f"Deadline: {deadline.describe()}")
    click.echo(f"Counted under {place.label}.")
    print_why(deadline.steps)


@calc.command("holidays")
@click.option(
    "--village",
    type=LINE,
    metavar="NAME",
    help="This village's legal holidays and office closures.",
)
@click.option("--jurisdiction", type=LINE, metavar="NY|WI", help="A state's legal holidays alone.")
@click.option(
    "--year",
    type=int,
    show_default="this year",
    help="The year to list.",
)
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@pass_office
def calc_holidays(
    office: Office, village: str | None, jurisdiction: str | None, year: int | None, as_json: bool
) -> None:
    """List the days on which no deadline can end, with the law for each."""
    from noticeclerk.counter import holidays_at_counter, place_for

    place = place_for(village, jurisdiction, workspace=office.workspace)
    if year is None:
        year = office.clock.today().year
    days = holidays_at_counter(place, year)
    if as_json:
        print_json(
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


@calc.command("split", context_settings={"ignore_unknown_options": True})
@click.argument("total", type=LINE)
@click.option(
    "--count",
    type=int,
    metavar="N",
    help="How many properties share the cost; they are numbered 1, 2, 3, ... in the answer.",
)
@click.option(
    "--parcels",
    type=LINE,
    metavar="ID,ID,...",
    help="The properties by parcel number or section-block-lot, separated by commas; "
    "the first ones listed take any odd cent unless the Village bears it.",
)
@click.option(
    "--village-bears-odd-cents",
    "village_bears",
    is_flag=True,
    help="Round every share down and have the Village bear the cents that do not divide, as a "
    'village file with [money] odd_cents = "village" does.',
)
@click.option("--json", "as_json", is_flag=True, help="Print JSON, amounts as strings.")
def calc_split(
    total: str, count: int | None, parcels: str | None, village_bears: bool, as_json: bool
) -> None:
    """Split one cost equally among properties, to the cent.

    TOTAL is the cost, such as 5000 or 1,234.56. Each property gets one equal share, never
    one per tax lot (Village A § 134-45F). The cents that do not divide go one each to the
    first properties, so the shares add back exactly to TOTAL; with
    --village-bears-odd-cents every share is rounded down and the Village bears the rest.

    \b
    Examples:
      noticeclerk calc split 5000 --count 5
      noticeclerk calc split 1000 --parcels 12-3-4,12-3-5,12-3-9 --json
      noticeclerk calc split 1000.01 --count 3 --village-bears-odd-cents
    """
    from noticeclerk.counter import split_at_counter

    odd_cents = "village" if village_bears else "first properties"
    split = split_at_counter(total, count=count, parcels=parcels, odd_cents=odd_cents)
    if as_json:
        print_json(split.to_json())
        return
    click.echo(f"{spell_amount(split.total)} in {len(split.shares)} equal shares:")
    width = max(len("Parcel"), *(len(share.parcel) for share in split.shares))
    click.echo(f"  {'Parcel'.ljust(width)}  {'Share':>14}")
    for share in split.shares:
        click.echo(f"  {share.parcel.ljust(width)}  {spell_amount(share.amount):>14}")
    for line in split.village_lines:
        click.echo(f"  {'Village'.ljust(width)}  {spell_amount(line.amount):>14}")
    click.echo(f"  {'Total'.ljust(width)}  {spell_amount(split.total):>14}")
    print_why(split.steps)


@calc.command("interest")
@click.option(
    "--principal",
    type=LINE,
    required=True,
    metavar="AMOUNT",
    help="The amount owed, such as 1234.56.",
)
@click.option(
    "--from",
    "start",
    type=LINE,
    required=True,
    metavar="DATE",
    help="The day interest starts, YYYY-MM-DD: for a Village A lien, the day the work was "
    "completed or the Village paid for it.",
)
@click.option(
    "--to",
    "end",
    type=LINE,
    required=True,
    metavar="DATE",
    help="The day interest runs to, YYYY-MM-DD.",
)
@click.option(
    "--rate", type=LINE, metavar="PERCENT", help="A yearly rate in percent, such as 5 or 7.25."
)
@click.option(
    "--village",
    type=LINE,
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
    type=LINE,
    metavar="AMOUNT",
    help="Collection costs, including attorneys' fees, for a payoff letter.",
)
@click.option("--json", "as_json", is_flag=True, help="Print JSON, amounts as strings.")
@pass_office
def calc_interest(
    office: Office,
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
    from noticeclerk.counter import interest_at_counter, rate_at_counter

    chosen = rate_at_counter(rate, village, tax_rate=tax_rate, workspace=office.workspace)
    owed = interest_at_counter(principal, start, end, chosen, costs=costs)
    if as_json:
        print_json(owed.to_json())
        return
    click.echo(f"Interest: {spell_amount(owed.interest.amount)}")
    click.echo(f"Payoff as of {owed.interest.end.isoformat()}: {spell_amount(owed.total)}")
    print_why(owed.steps)


@calc.command("installments")
@click.option(
    "--principal", type=LINE, required=True, metavar="AMOUNT", help="The assessment, such as 5000."
)
@click.option(
    "--years",
    type=int,
    required=True,
    metavar="N",
    help="The number of annual installments: at most 10 (at most 4 for the elm tax).",
)
@click.option(
    "--rate", type=LINE, metavar="PERCENT", help="The yearly interest rate charged, such as 5."
)
@click.option(
    "--borrowing-rate",
    type=LINE,
    metavar="PERCENT",
    help="The Village's borrowing rate when the assessment was imposed; the rate charged "
    "is 2 points more (Palmyra § 8.03(3)(b)6).",
)
@click.option(
    "--village",
    type=LINE,
    metavar="NAME",
    help="The village whose plans and way of counting interest apply (palmyra); without "
    "--rate or --borrowing-rate, also the borrowing rate in its letterhead, plus 2 points.",
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
    type=LINE,
    metavar="DATE",
    help="The date on the Assessment Notice (the invoice), from which interest runs "
    "(Palmyra § 8.03(3)(b)3); with --first-due and --village.",
)
@click.option(
    "--first-due",
    type=LINE,
    metavar="DATE",
    help="The day the first installment is due, with the first installment of the real "
    "estate taxes; each later one is due a year after the one before.",
)
@click.option(
    "--prepay-on",
    type=LINE,
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
@pass_office
def calc_installments(
    office: Office,
    principal: str,
    years: int,
    rate: str | None,
    borrowing_rate: str | None,
    village: str | None,
    plan: str,
    notice_date: str | None,
    first_due: str | None,
    prepay_on: str | None,
    paid: int,
    as_json: bool,
) -> None:
    """Lay out the annual installments of a special assessment.

    Palmyra § 8.03(3)(b): equal annual installments of principal over at most 10 years,
    plus interest on the unpaid balance. With --notice-date and --first-due, the first
    installment carries interest from the notice to its due date and each later one from
    the previous due date, counted and rounded as the village declares: the invoice's own
    arithmetic. Without them, each is shown with a full year's interest. With --prepay-on,
    what pays off the balance on that day.

    \b
    Examples:
      noticeclerk calc installments --principal 5000 --years 5 --rate 5
      noticeclerk calc installments --principal 2394.50 --years 8 --borrowing-rate 3.25 \\
          --village palmyra --notice-date 2026-09-15 --first-due 2027-01-31
      noticeclerk calc installments --principal 5000 --years 5 --borrowing-rate 3.5 \\
          --village palmyra --notice-date 2026-09-01 --first-due 2027-01-31 \\
          --prepay-on 2028-11-15 --paid 2
      noticeclerk calc installments --principal 1200 --years 4 --plan elm-tax \\
          --village palmyra --json
    """
    from noticeclerk.counter import installments_at_counter

    schedule, early = installments_at_counter(
        principal,
        years,
        rate=rate,
        borrowing_rate=borrowing_rate,
        village=village,
        plan=plan,
        notice_date=notice_date,
        first_due=first_due,
        prepay_on=prepay_on,
        paid=paid,
        workspace=office.workspace,
    )
    if as_json:
        found = schedule.to_json()
        if early is not None:
            found["prepayment"] = early.to_json()
        print_json(found)
        return
    click.echo(
        f"{spell_amount(schedule.principal)} in {schedule.years} annual installments at "
        f"{spell_percent(schedule.rate.percent)}:"
    )
    dated = schedule.dates is not None
    period_heading = f"  {'From':<10}  {'To (due)':<10}  {'Days':>4}" if dated else ""
    click.echo(
        f"  {'No.':>3}{period_heading}  {'Principal':>12}  {'Interest':>12}  {'Payment':>12}  "
        f"{'Balance':>12}"
    )
    for part in schedule.installments:
        period = part.period
        columns = (
            f"  {period.start.isoformat()}  {period.end.isoformat()}  {period.days:>4}"
            if period is not None
            else ""
        )
        click.echo(
            f"  {part.number:>3}{columns}  {spell_amount(part.principal):>12}  "
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
    print_why(steps)


@calc.command("fee")
@click.argument("name", type=LINE, required=False)
@click.option(
    "--village", type=LINE, required=True, metavar="NAME", help="The village whose fee it is."
)
@click.option(
    "--days",
    type=LINE,
    metavar="N",
    help="temporary-occupancy: the days the street is obstructed; part of a day counts as a day.",
)
@click.option(
    "--length-ft", type=LINE, metavar="FEET", help="An opening's measured length in feet."
)
@click.option(
    "--width-ft",
    type=LINE,
    metavar="FEET",
    help="An opening's measured width, or a curb cut's width, in feet.",
)
@click.option(
    "--area-sqft",
    type=LINE,
    metavar="SQFT",
    help="Square feet: of a proposed opening (excavation-bond) or of sidewalk cleared "
    "(snow-removal).",
)
@click.option(
    "--deposit",
    type=LINE,
    metavar="AMOUNT",
    help="temporary-occupancy: the deposit taken, to show what is refunded (§ 19-49(b)).",
)
@click.option(
    "--expenses",
    type=LINE,
    metavar="AMOUNT",
    help="The Village's actual costs: added to a Luck permit fee, or spent restoring the "
    "street from a Tuckahoe deposit.",
)
@click.option(
    "--fee-paid",
    type=LINE,
    metavar="AMOUNT",
    help="temporary-occupancy: the fee paid when the permit was granted (§ 19-48(a)); the "
    "deposit is returned less only the part of the final fee not paid then.",
)
@click.option("--json", "as_json", is_flag=True, help="Print JSON, amounts as strings.")
@pass_office
def calc_fee(
    office: Office,
    name: str | None,
    village: str,
    as_json: bool,
    **facts: str | None,
) -> None:
    """Compute a permit fee or bond, or list a village's fees.

    NAME is one of the fees the village's ordinance defines; without NAME, they are listed.
    Fees the Village Board sets come from the [fees] table of the village's letterhead; until
    the Board's figure is entered there, the fee shows as not set (null in --json) beside all
    the rest (a chargeable area, the days, a deposit), with the entry to add.

    \b
    Examples:
      noticeclerk calc fee --village tuckahoe
      noticeclerk calc fee temporary-occupancy --village tuckahoe --days 5 --deposit 100 \
          --fee-paid 65
      noticeclerk calc fee curb-cut --village tuckahoe --width-ft 14
      noticeclerk calc fee excavation-bond --village palmyra --area-sqft 60 --json
    """
    from noticeclerk.counter import fee_at_counter, fees_at_counter

    workspace = office.workspace
    if name is None:
        given = sorted(option for option, value in facts.items() if value is not None)
        if given:
            raise click.UsageError("Name the fee the facts are for, such as temporary-occupancy.")
        found, rules = fees_at_counter(village, workspace)
        if as_json:
            print_json(
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
        print_json({"village": charged.village.slug, **answer.to_json()})
        return
    fee = "not set" if answer.fee is None else spell_amount(answer.fee)
    click.echo(f"{answer.title}, {charged.village.name}: {fee}")
    for key, value in answer.amounts:
        if key in ("refund", "balance_due"):
            label = "Refund of the deposit" if key == "refund" else "Still owed beyond the deposit"
            click.echo(f"{label}: {spell_amount(value)}")
    print_why(answer.steps)
