"""Palmyra's snow clearings (§ 8.10), turned into the report to the Clerk and the charges the
Clerk enters in the tax roll.

Each clearing is a line the Superintendent of Public Works records: when the snowfall ended,
when the Department of Public Works cleared the sidewalk, and the snowfall in words. The owner
has "24 hours after each snowfall" (§ 8.10(1)), counted as Wisconsin counts hours, the whole of
a Sunday or legal holiday left out (Wis. Stat. § 990.001(4)); the Village clears "upon default"
(§ 8.10(2)), so a clearing before those hours ran out is refused, never charged (WI attorney
review PA36-a). The fee for one clearing (its posted rate, the area cleared and their refusals)
is declared in notices/palmyra/snow-ice-tax-roll-charge.toml. Python because a table makes no
bill line for each line of a list, nor counts the hours after each snowfall.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, date, datetime
from typing import Any
from zoneinfo import ZoneInfo

from noticeclerk.computations.figures import FACT_LINES, CaseContext, bill_context, computation
from noticeclerk.content.village import Village
from noticeclerk.exceptions import InputError, quoted_back
from noticeclerk.rules.calendars import Act
from noticeclerk.rules.costs import Bill, BillLine
from noticeclerk.rules.deadline_rules import HoursRule
from noticeclerk.rules.periods import spell_date, spell_datetime

CLEARING_FORM = (
    "when the snowfall ended (YYYY-MM-DDTHH:MM) | when the Department of Public Works cleared "
    "the sidewalk (YYYY-MM-DDTHH:MM) | the snowfall in words"
)
# § 8.10(1): "within 24 hours after each snowfall": work on the sidewalk, not an act at an office.
OWNER_HOURS = HoursRule(count=24, after="snowfall", act=Act.IN_THE_FIELD)


@dataclass(frozen=True)
class Clearing:
    """One clearing as the Superintendent recorded it: moments without a zone, which are the
    village's own (`_on_default` places them in it)."""

    ended: datetime
    cleared: datetime
    snowfall: str


# A moment as the Superintendent records it: a day and an hour to the minute, no zone.
MOMENT = re.compile(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}")


def _clearing_lines(lines: list[str]) -> list[Clearing]:
    """Each line read as CLEARING_FORM; a line that is not is refused, naming the form, and
    so is a second line for a clearing already listed (one clearing is one fee)."""
    found: list[Clearing] = []
    for line in lines:
        parts = [part.strip() for part in line.split("|", 2)]
        try:
            if len(parts) != 3 or not parts[2]:
                raise ValueError
            if not all(MOMENT.fullmatch(part) for part in parts[:2]):
                raise ValueError
            ended, cleared = (datetime.fromisoformat(part) for part in parts[:2])
        except ValueError:
            raise InputError(
                f"The fact 'clearings' has the line '{quoted_back(line)}'; write each clearing "
                f"as {CLEARING_FORM}, such as '2026-12-13T04:00 | 2026-12-15T09:30 | the "
                "snowfall of December 12 and 13'."
            ) from None
        if any(earlier.cleared == cleared for earlier in found):
            raise InputError(
                f"The fact 'clearings' lists the clearing of {parts[1]} twice; one clearing is "
                "charged one fee (§ 8.10(2)), so list each clearing once."
            )
        found.append(Clearing(ended, cleared, parts[2]))
    return found


FACT_LINES[("palmyra_snow_clearing_report", "clearings")] = _clearing_lines
FACT_LINES[("palmyra_snow_tax_roll_charge", "clearings")] = _clearing_lines


def _on_the_clock(moment: datetime, zone: ZoneInfo, what: str) -> datetime:
    """The moment in the village's zone; refused where the clock never showed it (the hour
    skipped when clocks are set forward)."""
    placed = moment.replace(tzinfo=zone)
    if placed.astimezone(UTC).astimezone(zone).replace(tzinfo=None) != moment:
        raise InputError(
            f"The fact 'clearings' gives {what} as {moment.isoformat(timespec='minutes')}, an "
            "hour the clocks skipped that night; give the time the clock showed."
        )
    return placed


def _on_default(lines: list[str], village: Village, today: date) -> list[dict[str, Any]]:
    """Each clearing with the moment the owner's 24 hours ran out; refused where the Village
    cleared before then (or before the snowfall ended), or after the document's own date."""
    zone = village.timezone
    rows = []
    for clearing in _clearing_lines(lines):
        ended = _on_the_clock(clearing.ended, zone, "the end of a snowfall")
        cleared = _on_the_clock(clearing.cleared, zone, "a clearing")
        if cleared.date() > today:
            raise InputError(
                f"The clearing of {spell_datetime(cleared)} is later than the document's date, "
                f"{spell_date(today)}; list only the clearings already made."
            )
        due = OWNER_HOURS.deadline(village.calendar, {"snowfall": ended}).due
        assert isinstance(due, datetime)
        if cleared <= due:
            raise InputError(
                f"The clearing of {spell_datetime(cleared)}, after {clearing.snowfall}, was made "
                f"before the owner's 24 hours after the snowfall ended on {spell_datetime(ended)} "
                f"ran out on {spell_datetime(due)} (§ 8.10(1); a whole Sunday or legal holiday is "
                "left out, Wis. Stat. § 990.001(4)); the Village clears only upon the owner's "
                "default (§ 8.10(2)), so correct the times or leave the clearing out."
            )
        rows.append(
            {
                "snowfall": clearing.snowfall,
                "ended": spell_datetime(ended),
                "owner_due": spell_datetime(due),
                "cleared": spell_datetime(cleared),
            }
        )
    return rows


@computation("palmyra_snow_clearing_report")
def palmyra_snow_clearing_report(case: CaseContext) -> dict[str, Any]:
    """§ 8.10(2): each sidewalk cleared "upon default", with the moment the default began."""
    return {"clearings": _on_default(case.facts["clearings"], case.village, case.today)}


@computation("palmyra_snow_tax_roll_charge")
def palmyra_snow_tax_roll_charge(case: CaseContext) -> dict[str, Any]:
    """§ 8.10(2): the Clerk "shall annually enter such charges in the tax roll as a special
    assessment": the declared fee for one clearing, charged for each clearing made upon the
    owner's default (a list a case file cannot give empty)."""
    each = case.declared["each"]
    area, rate = case.declared["area"], case.declared["rate"]
    clearings = _on_default(case.facts["clearings"], case.village, case.today)
    charges = Bill(
        tuple(
            BillLine(
                f"Cleared {row['cleared']}, after {row['snowfall']} (the owner's 24 hours ran out "
                f"{row['owner_due']}): {area} sq ft x ${rate} per sq ft",
                each["total"],
                each["authority"],
            )
            for row in clearings
        )
    )
    return {"charges": bill_context(charges), "count": len(clearings), "clearings": clearings}
