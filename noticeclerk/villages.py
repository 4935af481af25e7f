"""A village's letterhead.toml, turned into its settings and its legal calendar."""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from datetime import date, datetime
from decimal import Decimal
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from noticeclerk.content import content_dirs, find_content_file
from noticeclerk.exceptions import ConfigError, InputError
from noticeclerk.rules.calendars import (
    NY_GCL_24,
    WI_995_20,
    Closure,
    Holiday,
    Jurisdiction,
    LegalCalendar,
)
from noticeclerk.rules.fees import EntryKind, FeeTable, table_entries
from noticeclerk.rules.interest import LEGAL_RATES, Rate
from noticeclerk.rules.money import CENT, MAX_PERCENT

VILLAGE_NAME = re.compile(r"[a-z0-9][a-z0-9-]*\Z")
LETTERHEAD = "letterhead.toml"

# [letterhead] and [officers] are read by noticeclerk.letterhead when a document is printed.
# [money] and [fees] are the village's rates and Board-set fees (MoneySettings, FeeTable).
_TOP_KEYS = {
    "name",
    "state",
    "timezone",
    "sample",
    "office",
    "calendar",
    "letterhead",
    "officers",
    "money",
    "fees",
}
_OFFICE_KEYS = {"open_saturday"}
_CALENDAR_KEYS = {
    "proclaimed_days",
    "primary_election_days",
    "closures",
    "hour_periods_skip_sundays_and_holidays",
}
_MONEY_KEYS = {
    "legal_interest_rate_percent",
    "legal_interest_authority",
    "tax_interest_rate_percent",
    "borrowing_rate_percent",
}
# A number in a money setting: written "9", "7.25" or "0.35" (a TOML number works too).
_DECIMAL_TEXT = re.compile(r"\d+(?:\.\d+)?")
_MAX_RATE_DECIMALS = 6


@dataclass(frozen=True)
class MoneySettings:
    """A village's interest rates, as its letterhead's [money] table states them.

    Rates are percentages a year. A rate the letterhead leaves out is None: the legal rate
    then falls back to the state's statute (`Village.legal_rate`); the tax and borrowing
    rates have no fallback, and a calculation that needs one names the setting to add.
    """

    legal_rate: Rate | None = None
    tax_rate_percent: Decimal | None = None
    borrowing_rate_percent: Decimal | None = None


@dataclass(frozen=True)
class Village:
    """One village's settings as its letterhead file states them."""

    slug: str
    name: str
    state: Jurisdiction
    sample: bool
    calendar: LegalCalendar
    path: Path
    money: MoneySettings = field(default_factory=MoneySettings)
    fees: FeeTable = field(default_factory=FeeTable)

    @property
    def timezone(self) -> ZoneInfo:
        return self.calendar.timezone

    @property
    def legal_rate(self) -> Rate:
        """The village's legal rate of interest: its letterhead's, else its state's statute."""
        return self.money.legal_rate or LEGAL_RATES[self.state]


def village_names(workspace: Path | None = None) -> list[str]:
    """Every village with a letterhead, built in or in the workspace."""
    names: set[str] = set()
    for place in content_dirs("letterheads", workspace):
        if place.is_dir():
            names.update(p.parent.name for p in place.glob(f"*/{LETTERHEAD}"))
    return sorted(names)


def load_village(slug: str, workspace: Path | None = None) -> Village:
    """Read and check a village's letterhead.toml; mistakes name the file and key."""
    if not VILLAGE_NAME.match(slug):
        raise InputError(
            f"'{slug}' is not a village name; use lower-case letters, digits and dashes."
        )
    path = find_content_file("letterheads", f"{slug}/{LETTERHEAD}", workspace)
    if path is None:
        known = ", ".join(village_names(workspace)) or "none"
        raise InputError(f"There is no village '{slug}'; the villages are: {known}.")
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as error:
        raise ConfigError(path, None, f"is not valid TOML: {error}") from None
    return _village_from_table(slug, path, data)


def _village_from_table(slug: str, path: Path, data: dict[str, Any]) -> Village:
    _no_unknown_keys(path, "", data, _TOP_KEYS)
    name = _required(path, data, "name", str)
    state_text = _required(path, data, "state", str)
    try:
        state = Jurisdiction(state_text)
    except ValueError:
        raise ConfigError(path, "state", f"must be one of NY, WI; got {state_text!r}") from None
    zone_name = _required(path, data, "timezone", str)
    try:
        zone = ZoneInfo(zone_name)
    except (ZoneInfoNotFoundError, ValueError):
        raise ConfigError(
            path, "timezone", f"{zone_name!r} is not a time zone name such as America/Chicago"
        ) from None
    sample = _optional(path, data, "sample", bool, False)

    office = _optional(path, data, "office", dict, {})
    _no_unknown_keys(path, "office.", office, _OFFICE_KEYS)
    open_saturday = _optional(path, office, "open_saturday", bool, False, prefix="office.")

    cal = _optional(path, data, "calendar", dict, {})
    _no_unknown_keys(path, "calendar.", cal, _CALENDAR_KEYS)
    designated: list[Holiday] = []
    if "proclaimed_days" in cal:
        if state is not Jurisdiction.NY:
            raise ConfigError(
                path,
                "calendar.proclaimed_days",
                "is New York's (§ 24); a Wisconsin village lists primary_election_days",
            )
        for day, label in _dated_entries(path, "calendar.proclaimed_days", cal["proclaimed_days"]):
            designated.append(
                Holiday(day, label or "Day proclaimed by the President or the Governor", NY_GCL_24)
            )
    if "primary_election_days" in cal:
        if state is not Jurisdiction.WI:
            raise ConfigError(
                path,
                "calendar.primary_election_days",
                "is Wisconsin's (§ 995.20); a New York village lists proclaimed_days",
            )
        for day, label in _dated_entries(
            path, "calendar.primary_election_days", cal["primary_election_days"]
        ):
            designated.append(Holiday(day, label or "Partisan primary election day", WI_995_20))
    closures = [
        Closure(day, label or "Village office closed")
        for day, label in _dated_entries(path, "calendar.closures", cal.get("closures", []))
    ]
    skip = _optional(
        path, cal, "hour_periods_skip_sundays_and_holidays", bool, True, prefix="calendar."
    )
    calendar = LegalCalendar(
        jurisdiction=state,
        timezone=zone,
        designated_holidays=tuple(designated),
        closures=tuple(closures),
        office_open_saturday=open_saturday,
        hours_skip_sundays_and_holidays=skip,
    )
    return Village(
        slug=slug,
        name=name,
        state=state,
        sample=sample,
        calendar=calendar,
        path=path,
        money=_money_settings(path, _optional(path, data, "money", dict, {})),
        fees=_fee_table(slug, path, _optional(path, data, "fees", dict, {})),
    )


def _money_settings(path: Path, table: dict[str, Any]) -> MoneySettings:
    _no_unknown_keys(path, "money.", table, _MONEY_KEYS)
    legal = _rate_setting(path, table, "legal_interest_rate_percent")
    authority = _optional(path, table, "legal_interest_authority", str, None, prefix="money.")
    if authority is not None and not authority.strip():
        raise ConfigError(path, "money.legal_interest_authority", "must name the law, not be empty")
    if (legal is None) != (authority is None):
        raise ConfigError(
            path,
            "money.legal_interest_rate_percent"
            if legal is None
            else "money.legal_interest_authority",
            "is missing: a legal interest rate and the law that sets it "
            "(legal_interest_authority) go together",
        )
    return MoneySettings(
        legal_rate=Rate(legal, authority) if legal is not None and authority else None,
        tax_rate_percent=_rate_setting(path, table, "tax_interest_rate_percent"),
        borrowing_rate_percent=_rate_setting(path, table, "borrowing_rate_percent"),
    )


def _rate_setting(path: Path, table: dict[str, Any], key: str) -> Decimal | None:
    if key not in table:
        return None
    value = _decimal(path, f"money.{key}", table[key], 'a percentage such as "9" or "7.25"')
    if value > MAX_PERCENT:
        raise ConfigError(path, f"money.{key}", f"must be at most 100 (percent); got {value}")
    return value


def _fee_table(slug: str, path: Path, table: dict[str, Any]) -> FeeTable:
    known = table_entries(slug)
    entries: dict[str, Decimal] = {}
    for key, value in table.items():
        entry = known.get(key)
        if entry is None:
            settings = ", ".join(sorted(known)) or "none (its ordinance leaves no fee to the Board)"
            raise ConfigError(
                path,
                f"fees.{key}",
                f"is not a fee this village's Board sets; the fees here are: {settings}",
            )
        if entry.kind is EntryKind.AMOUNT:
            amount = _decimal(path, f"fees.{key}", value, 'an amount such as "25.00"')
            if amount != amount.quantize(CENT):
                raise ConfigError(path, f"fees.{key}", f"must be in whole cents; got {amount}")
            entries[key] = amount.quantize(CENT)
        else:
            entries[key] = _decimal(
                path, f"fees.{key}", value, 'dollars per square foot such as "0.75"'
            )
    return FeeTable(entries, path)


def _decimal(path: Path, key: str, value: object, example: str) -> Decimal:
    """A money setting as an exact Decimal: TOML text, or a TOML number read through its text."""
    if isinstance(value, bool) or not isinstance(value, str | int | float):
        raise ConfigError(path, key, f"must be {example}; got {value!r}")
    # A TOML float is read through its shortest text (0.1 stays 0.1), never kept as a float.
    text = value.strip() if isinstance(value, str) else str(value)
    if not _DECIMAL_TEXT.fullmatch(text) or len(text.partition(".")[2]) > _MAX_RATE_DECIMALS:
        raise ConfigError(path, key, f"must be {example}, 0 or more; got {value!r}")
    return Decimal(text)


def _required(path: Path, table: dict[str, Any], key: str, kind: type, prefix: str = "") -> Any:
    if key not in table:
        raise ConfigError(path, prefix + key, "is missing")
    return _optional(path, table, key, kind, None, prefix=prefix)


def _optional(
    path: Path, table: dict[str, Any], key: str, kind: type, default: Any, prefix: str = ""
) -> Any:
    value = table.get(key, default)
    if key in table and not isinstance(value, kind):
        raise ConfigError(path, prefix + key, f"must be a {_type_words(kind)}; got {value!r}")
    return value


def _type_words(kind: type) -> str:
    return {str: "text in quotes", bool: "true or false", dict: "table", list: "list"}.get(
        kind, kind.__name__
    )


def _no_unknown_keys(path: Path, prefix: str, table: dict[str, Any], known: set[str]) -> None:
    for key in table:
        if key not in known:
            raise ConfigError(
                path,
                prefix + key,
                f"is not a setting; the settings here are: {', '.join(sorted(known))}",
            )


def _dated_entries(path: Path, key: str, entries: object) -> list[tuple[date, str | None]]:
    """Read a list of days, each a bare date or a table {date = ..., name = "..."}."""
    if not isinstance(entries, list):
        raise ConfigError(path, key, "must be a list of dates such as [2026-08-11]")
    found = []
    for index, entry in enumerate(entries):
        where = f"{key}[{index}]"
        label = None
        if isinstance(entry, dict):
            unknown = set(entry) - {"date", "name"}
            if unknown:
                raise ConfigError(
                    path, where, f"has '{sorted(unknown)[0]}'; an entry has only date and name"
                )
            label = entry.get("name")
            if label is not None and not isinstance(label, str):
                raise ConfigError(path, where + ".name", "must be text in quotes")
            entry = entry.get("date")
        if isinstance(entry, date) and not isinstance(entry, datetime):
            found.append((entry, label))
        else:
            raise ConfigError(
                path, where, f"must be a date written YYYY-MM-DD without quotes; got {entry!r}"
            )
    return found
