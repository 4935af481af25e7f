"""The [letterhead] and [officers] tables of a village's letterhead.toml, turned into print data."""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from noticeclerk.content import content_dirs
from noticeclerk.exceptions import ConfigError
from noticeclerk.villages import Village

_LETTERHEAD_KEYS = {
    "address_lines",
    "phone",
    "email",
    "website",
    "office_hours",
    "seal",
    "locale",
    "demonstration",
    "number_prefix",
    "county",
}


@dataclass(frozen=True)
class Officer:
    """An officer who signs documents: the name and the title the ordinance gives."""

    name: str
    title: str


@dataclass(frozen=True)
class Letterhead:
    """What the top of every page and the signature block print for a village."""

    address_lines: tuple[str, ...]
    phone: str
    email: str
    website: str
    office_hours: str
    seal: str | None
    locale: str
    demonstration: bool
    number_prefix: str
    county: str
    officers: dict[str, Officer]
    folders: tuple[Path, ...]

    def officer(self, key: str, path: Path, wanted_by: str) -> Officer:
        if key not in self.officers:
            known = ", ".join(sorted(self.officers)) or "none"
            raise ConfigError(
                path,
                f"officers.{key}",
                f"is missing; {wanted_by} names it as signer (officers here: {known})",
            )
        return self.officers[key]


def load_letterhead(village: Village, workspace: Path | None = None) -> Letterhead:
    """Read the print data of a village; its image files are looked up in these folders."""
    data = tomllib.loads(village.path.read_text(encoding="utf-8"))
    path = village.path
    table = data.get("letterhead")
    if not isinstance(table, dict):
        raise ConfigError(
            path,
            "letterhead",
            "is missing; it gives the address, phone and office hours printed on every document",
        )
    for key in table:
        if key not in _LETTERHEAD_KEYS:
            raise ConfigError(
                path,
                f"letterhead.{key}",
                f"is not a setting; the settings are: {', '.join(sorted(_LETTERHEAD_KEYS))}",
            )
    lines = table.get("address_lines")
    if (
        not isinstance(lines, list)
        or not lines
        or not all(isinstance(x, str) and x.strip() for x in lines)
    ):
        raise ConfigError(
            path, "letterhead.address_lines", "must list the village hall's address lines in quotes"
        )
    texts = {key: _text(path, table, key) for key in ("phone", "office_hours")}
    optional = {key: _text(path, table, key, required=False) for key in ("email", "website")}
    seal = table.get("seal")
    folders = tuple(
        place / village.slug
        for place in content_dirs("letterheads", workspace)
        if (place / village.slug).is_dir()
    )
    if seal is not None and (
        not isinstance(seal, str) or "/" in seal or not any((f / seal).is_file() for f in folders)
    ):
        raise ConfigError(
            path,
            "letterhead.seal",
            f"must name an image file beside letterhead.toml; {seal!r} is not there",
        )
    demonstration = table.get("demonstration", False)
    if not isinstance(demonstration, bool):
        raise ConfigError(path, "letterhead.demonstration", "must be true or false")
    prefix = _text(path, table, "number_prefix")
    if not re.fullmatch(r"[A-Z]{1,6}", prefix):
        raise ConfigError(
            path, "letterhead.number_prefix", 'must be 1 to 6 capital letters, such as "TU"'
        )
    officers = {}
    for key, entry in _officers(path, data).items():
        officers[key] = Officer(
            _text(path, entry, "name", prefix=f"officers.{key}."),
            _text(path, entry, "title", prefix=f"officers.{key}."),
        )
    return Letterhead(
        address_lines=tuple(x.strip() for x in lines),
        phone=texts["phone"],
        email=optional["email"],
        website=optional["website"],
        office_hours=texts["office_hours"],
        seal=seal,
        locale=_text(path, table, "locale", required=False) or "en_US",
        demonstration=demonstration,
        number_prefix=prefix,
        county=_text(path, table, "county"),
        officers=officers,
        folders=folders,
    )


def _officers(path: Path, data: dict[str, Any]) -> dict[str, dict[str, Any]]:
    table = data.get("officers")
    if not isinstance(table, dict) or not table:
        raise ConfigError(
            path, "officers", "is missing; list each officer who signs, such as [officers.clerk]"
        )
    for key, entry in table.items():
        if not isinstance(entry, dict) or set(entry) != {"name", "title"}:
            raise ConfigError(
                path, f"officers.{key}", "must be a table with name and title, and nothing else"
            )
    return table


def _text(
    path: Path,
    table: dict[str, Any],
    key: str,
    *,
    required: bool = True,
    prefix: str = "letterhead.",
) -> str:
    value = table.get(key)
    if value is None and not required:
        return ""
    if not isinstance(value, str) or not value.strip():
        raise ConfigError(path, prefix + key, "is missing; it must be text in quotes")
    return value.strip()
