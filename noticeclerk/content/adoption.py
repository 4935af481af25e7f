"""A built-in village's sample file, turned into the office's own copy and the list of sample
values still in it that the office must replace before its documents are real.

As installed, every village prints SPECIMEN and a demonstration seal: its officers, telephone,
addresses, postage rates, retention periods and attorney's approvals are samples. An office
adopting a village copies the file into its workspace (`noticeclerk village adopt`), replaces
each sample value the list names, and only then turns demonstration off (`--live`), which is
refused while any remains.
"""

from __future__ import annotations

import re
import shutil
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from noticeclerk.content.folders import content_root
from noticeclerk.exceptions import ConfigError, InputError

# The letterhead's values that a built-in file fills with fiction (555-01xx numbers, a post
# office box no village has, officers nobody elected): the same value in the office's copy is
# a sample still. A sample village's (Village A's, B's) name is one too.
FICTIONAL_LETTERHEAD = {
    "address_lines": "the Village Hall's own mailing address",
    "office_street_lines": "the street address of the Village office",
    "phone": "the office's telephone number",
    "email": "the office's email address",
    "website": "the Village's website, or nothing",
}
# The same for the other tables' fictional values: the post office the sample mail goes to.
FICTIONAL_ELSEWHERE = {
    ("mail", "depository"): "the post office or depository the Village's mail is deposited in",
}
# The key of [readings] that says who confirmed them for the Village, and when.
CONFIRMED_BY = "confirmed_by"
# A value a built-in file marks as a sample in its own words.
_MARKED = re.compile(r"^\s*(SAMPLE|SPECIMEN|DEMONSTRATION)\b")


@dataclass(frozen=True)
class SampleValue:
    """One sample value left in the office's copy: where, what it says, what replaces it."""

    key: str
    now: str
    replace_with: str

    def line(self) -> str:
        return f"{self.key} = {self.now}: {self.replace_with}"


@dataclass(frozen=True)
class Adopted:
    """What adopting did: the office's file, whether it was copied now, and what remains."""

    path: Path
    copied: bool
    remaining: tuple[SampleValue, ...]


def builtin_folder(slug: str) -> Path:
    """The built-in village's letterhead folder, or InputError naming the villages there are."""
    folder = content_root() / "letterheads" / slug
    if not re.fullmatch(r"[a-z0-9][a-z0-9-]*", slug) or not (folder / "letterhead.toml").is_file():
        known = sorted(
            path.name
            for path in (content_root() / "letterheads").iterdir()
            if (path / "letterhead.toml").is_file()
        )
        raise InputError(
            f"There is no built-in village {slug!r}; the built-in ones are {', '.join(known)}."
        )
    return folder


def adopt(slug: str, workspace: Path) -> Adopted:
    """Copy the built-in village's file into the workspace, unless a copy is there already,
    and list the sample values left in the office's copy."""
    source = builtin_folder(slug)
    target = Path(workspace) / "letterheads" / slug
    copied = False
    if not (target / "letterhead.toml").is_file():
        target.mkdir(parents=True, exist_ok=True)
        for item in source.iterdir():
            if item.is_file() and not (target / item.name).exists():
                shutil.copy2(item, target / item.name)
        copied = True
    return Adopted(target / "letterhead.toml", copied, tuple(sample_values(slug, workspace)))


def sample_values(slug: str, workspace: Path) -> list[SampleValue]:
    """Every sample value still in the office's copy of the village's file, in file order."""
    source = builtin_folder(slug)
    own = Path(workspace) / "letterheads" / slug
    shipped = _read(source / "letterhead.toml")
    mine = _read(own / "letterhead.toml")
    found: list[SampleValue] = []
    letterhead = mine.get("letterhead", {})
    shipped_letterhead = shipped.get("letterhead", {})
    if mine.get("sample") is True:
        # A sample village stands for any village: its name and county are placeholders.
        if mine.get("name") == shipped.get("name"):
            found.append(SampleValue("name", _shown(mine["name"]), "the Village's own name"))
        if letterhead.get("county") == shipped_letterhead.get("county"):
            found.append(
                SampleValue("letterhead.county", _shown(letterhead["county"]), "the county")
            )
    for key, replace_with in FICTIONAL_LETTERHEAD.items():
        value = letterhead.get(key)
        if value and value == shipped_letterhead.get(key):
            found.append(SampleValue(f"letterhead.{key}", _shown(value), replace_with))
    seal = letterhead.get("seal")
    if seal and _same_file(own / seal, source / shipped_letterhead.get("seal", "")):
        found.append(
            SampleValue(
                "letterhead.seal",
                _shown(seal),
                "an image of the Village's own seal beside the file",
            )
        )
    shipped_officers = shipped.get("officers", {})
    for key, officer in mine.get("officers", {}).items():
        name = officer.get("name") if isinstance(officer, dict) else None
        if name and name == shipped_officers.get(key, {}).get("name"):
            title = officer.get("title", key)
            found.append(
                SampleValue(f"officers.{key}.name", _shown(name), f"the {title}'s own name")
            )
    for (table, key), replace_with in FICTIONAL_ELSEWHERE.items():
        value = mine.get(table, {}).get(key)
        if value and value == shipped.get(table, {}).get(key):
            found.append(SampleValue(f"{table}.{key}", _shown(value), replace_with))
    found += _unconfirmed_readings(mine.get("readings", {}))
    found += _marked(mine, "")
    return found


def _unconfirmed_readings(readings: Any) -> list[SampleValue]:
    """The readings (where the law can be read two ways, what the Village relies on, printed
    in its documents) while nobody has confirmed them for the Village: the shipped ones are the
    demonstration's. They may stay word for word; the Village Attorney's name and the day of
    confirming them, under `confirmed_by`, is what makes them the Village's."""
    if not isinstance(readings, dict) or not readings:
        return []
    if str(readings.get(CONFIRMED_BY) or "").strip():
        return []
    found = [
        SampleValue(
            f"readings.{key}",
            _shown(value),
            "the Village Attorney's reading, in the words the documents print after "
            '"The Village relies on" (this one, if the Attorney confirms it)',
        )
        for key, value in readings.items()
        if key != CONFIRMED_BY
    ]
    found.append(
        SampleValue(
            f"readings.{CONFIRMED_BY}",
            "(none)",
            "the Village Attorney's name and the day the readings above were confirmed, such "
            'as "Jane Roe, Village Attorney, January 5, 2027"',
        )
    )
    return found


def go_live(slug: str, workspace: Path) -> Path:
    """Turn the office's copy from a demonstration into the Village's own file: refused while
    any sample value remains; the file is loaded again to show it holds together."""
    from noticeclerk.content.village import load_village

    own = Path(workspace) / "letterheads" / slug / "letterhead.toml"
    if not own.is_file():
        raise InputError(
            f"The workspace has no copy of {slug}'s file; run 'noticeclerk village adopt {slug}' "
            "first."
        )
    remaining = sample_values(slug, workspace)
    if remaining:
        raise InputError(
            f"{own} still holds {len(remaining)} sample value(s), first {remaining[0].line()}; "
            f"'noticeclerk village adopt {slug}' lists them all. Demonstration stays on until "
            "each is replaced."
        )
    text = own.read_text(encoding="utf-8")
    live = re.sub(r"(?m)^(\s*demonstration\s*=\s*)true\b", r"\1false", text)
    live = re.sub(r"(?m)\A((?:[^\[].*\n|\n)*?)(\s*sample\s*=\s*)true\b", r"\1\2false", live)
    if live == text:
        raise InputError(
            f"{own} is not in demonstration: it says neither demonstration nor sample."
        )
    own.write_text(live, encoding="utf-8")
    try:
        load_village(slug, workspace)
    except ConfigError:
        own.write_text(text, encoding="utf-8")
        raise
    return own


def _marked(table: Any, prefix: str) -> list[SampleValue]:
    """The tables a file marks `sample = true` or `specimen = true`, and the values it writes
    as SAMPLE, SPECIMEN or DEMONSTRATION, each with what replaces it."""
    found: list[SampleValue] = []
    if isinstance(table, dict):
        marked = table.get("sample") is True or table.get("specimen") is True
        if marked and prefix:
            words = next(
                (text for text in table.values() if isinstance(text, str) and _MARKED.match(text)),
                "the Village's own value, and remove the line sample = true (or specimen = true)",
            )
            flag = "specimen" if table.get("specimen") is True else "sample"
            found.append(SampleValue(f"{prefix}.{flag}", "true", _shown(words, 300)))
            return found
        for key, value in table.items():
            if prefix == "" and key in ("sample", "letterhead", "officers"):
                continue
            found += _marked(value, f"{prefix}.{key}" if prefix else key)
    elif isinstance(table, list):
        for index, value in enumerate(table, start=1):
            # An entry a clerk finds by what it is about (its kind, its effective date).
            named = next(
                (
                    f"{key}={value[key]}"
                    for key in ("kind", "effective")
                    if isinstance(value, dict) and key in value
                ),
                str(index),
            )
            found += _marked(value, f"{prefix}[{named}]")
    elif isinstance(table, str) and _MARKED.match(table):
        found.append(SampleValue(prefix, _shown(table), "the Village's own value"))
    return found


def _read(path: Path) -> dict[str, Any]:
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
        raise ConfigError(path, None, f"cannot be read: {error}") from None


def _same_file(one: Path, other: Path) -> bool:
    try:
        return one.is_file() and other.is_file() and one.read_bytes() == other.read_bytes()
    except OSError:
        return False


def _shown(value: Any, most: int = 80) -> str:
    text = " | ".join(value) if isinstance(value, list) else str(value)
    text = " ".join(text.split())
    return text if len(text) <= most else text[: most - 1] + "…"
