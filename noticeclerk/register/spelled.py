"""The register's plain answers (ISO moments and days, amounts kept as text, recorded values)
turned into the words a clerk reads, the same on the command line and on the desk's pages."""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal
from typing import Any
from zoneinfo import ZoneInfo

from noticeclerk.rules.money import spell_amount
from noticeclerk.rules.periods import spell_date, spell_datetime


def moment(iso: str, zone: str) -> str:
    """A stored moment in the village's zone, so that it reads "EST", as clerks write."""
    return spell_datetime(datetime.fromisoformat(iso).astimezone(ZoneInfo(zone)))


def due(iso: str, zone: str) -> str:
    """A deadline: a moment, or a whole day."""
    return moment(iso, zone) if "T" in iso else spell_date(date.fromisoformat(iso))


def value(recorded: Any) -> str:
    """A recorded value as the clerk typed it: cost lines as "description, $amount"."""
    if isinstance(recorded, list):
        return "; ".join(value(item) for item in recorded)
    if isinstance(recorded, dict) and set(recorded) == {"description", "amount"}:
        return f"{recorded['description']}, ${recorded['amount']}"
    return str(recorded)


def money(amount: str) -> str:
    """An amount the register keeps as text, as a bill prints it: $3,025.85."""
    return spell_amount(Decimal(amount))
