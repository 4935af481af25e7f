"""Notice definitions in notices/<village>/<notice-type>.toml, turned into checked notice types.

A notice definition is what a clerk or the village attorney edits when an ordinance is
amended: the title, the sections cited, the ordinance text quoted word for word, the facts
the document needs, the deadline rule, the ways the ordinance allows it to be served, the
officer who signs and the template that lays it out. Every mistake is reported with the file
and the key before any document is printed.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from noticeclerk.computations import COMPUTATIONS
from noticeclerk.content import content_dirs, find_content_file
from noticeclerk.exceptions import ConfigError, InputError
from noticeclerk.rules.deadline_rules import ClosedSeasonRule, DeadlineRule, parse_rule
from noticeclerk.service_methods import SERVICE_METHODS

NOTICE_NAME = re.compile(r"[a-z0-9][a-z0-9-]*\Z")

# The kinds of fact a notice can ask for; the case file must give each in this form.
FACT_TYPES = {
    "text": "text in quotes",
    "date": "a date written YYYY-MM-DD",
    "datetime": "a date and time written YYYY-MM-DDTHH:MM",
    "money": 'an amount in quotes, such as "1250.00"',
    "integer": "a whole number",
    "number": "a number",
    "boolean": "true or false",
    "text_list": "a list of texts in quotes",
    "cost_lines": 'a list of {description = "...", amount = "..."} tables',
}

# What kind of document each notice type is; the catalogue and the demo index group by it.
DOCUMENT_KINDS = (
    "directive",
    "notice",
    "order",
    "bill",
    "statement",
    "certificate",
    "sworn statement",
    "schedule",
    "permit",
    "application",
    "letter",
    "decision",
    "publication",
    "list",
)

_TOP_KEYS = {
    "kind",
    "title",
    "template",
    "sections",
    "signer",
    "recipient",
    "mail_class",
    "deadline",
    "deadline_lead",
    "facts",
    "quotes",
    "service",
    "text",
    "computation",
    "service_effective",
    "next_step",
    "suspended_by",
    "amount_due",
    "deadline_counts_from_service",
}
# "officer": a document filed with or addressed to a Village officer (the Assessor, the
# Village Administrator), named in the case's [recipient].
_RECIPIENTS = {"owner", "occupant", "applicant", "appellant", "contractor", "utility", "officer"}


@dataclass(frozen=True)
class Fact:
    """One fact a document needs: its name, its kind and the words a clerk sees."""

    name: str
    type: str
    label: str


@dataclass(frozen=True)
class Quote:
    """A passage of the ordinance, quoted word for word, with its section."""

    section: str
    text: str


@dataclass(frozen=True)
class ServiceMethod:
    """A way the ordinance allows the document to be served, in the ordinance's own words."""

    method: str
    words: str
    section: str


@dataclass(frozen=True)
class Suspension:
    """An event that suspends a notice if it happens before the deadline (an appeal served)."""

    event: str
    words: str


@dataclass(frozen=True)
class NoticeType:
    """One document the catalogue can produce for one village."""

    village: str
    slug: str
    path: Path
    kind: str
    title: str
    template: str
    sections: tuple[str, ...]
    signer: str
    recipient: str
    mail_class: str | None
    deadline: DeadlineRule | None
    deadline_table: dict[str, Any] | None
    deadline_lead: str | None
    facts: tuple[Fact, ...]
    quotes: tuple[Quote, ...]
    service: tuple[ServiceMethod, ...]
    text: dict[str, str]
    computation: str | None = None
    # When service takes effect: on the act of service, or on receipt (a signed return
    # receipt, for mail); the deadline counts from it.
    service_effective: str = "on_service"
    # What the ordinance provides once the deadline passes, for 'noticeclerk due'.
    next_step: str | None = None
    # An event that suspends the notice when recorded before its deadline (an appeal).
    suspended_by: Suspension | None = None
    # For a bill: the computation's figure whose total the bill asks to be paid.
    amount_due: str | None = None
    # Whether serving the document sets the event its deadline counts from. False where the
    # ordinance counts from something else, such as the date of the Board's order.
    deadline_counts_from_service: bool = True


def notice_names(village: str, workspace: Path | None = None) -> list[str]:
    """The notice types one village has, built in or in the workspace."""
    names: set[str] = set()
    for place in content_dirs("notices", workspace):
        folder = place / village
        if folder.is_dir():
            names.update(p.stem for p in folder.glob("*.toml"))
    return sorted(names)


def load_notice(village: str, slug: str, workspace: Path | None = None) -> NoticeType:
    """Read and check one notice definition."""
    if not NOTICE_NAME.match(slug):
        raise InputError(
            f"'{slug}' is not a notice type name; use lower-case letters, digits and dashes."
        )
    path = find_content_file("notices", f"{village}/{slug}.toml", workspace)
    if path is None:
        known = ", ".join(notice_names(village, workspace)) or "none"
        raise InputError(f"The village '{village}' has no notice type '{slug}'; it has: {known}.")
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as error:
        raise ConfigError(path, None, f"is not valid TOML: {error}") from None
    return _notice_from_table(village, slug, path, data)


def _notice_from_table(village: str, slug: str, path: Path, data: dict[str, Any]) -> NoticeType:
    for key in data:
        if key not in _TOP_KEYS:
            raise ConfigError(
                path, key, f"is not a setting; the settings are: {', '.join(sorted(_TOP_KEYS))}"
            )
    kind = _text(path, data, "kind")
    if kind not in DOCUMENT_KINDS:
        raise ConfigError(path, "kind", f"must be one of: {', '.join(DOCUMENT_KINDS)}")
    title = _text(path, data, "title")
    template = _text(path, data, "template")
    sections = data.get("sections")
    if (
        not isinstance(sections, list)
        or not sections
        or not all(isinstance(s, str) and s for s in sections)
    ):
        raise ConfigError(path, "sections", 'must list the sections cited, such as ["§ 134-42A"]')
    signer = _text(path, data, "signer")
    recipient = _text(path, data, "recipient")
    if recipient not in _RECIPIENTS:
        raise ConfigError(path, "recipient", f"must be one of {', '.join(sorted(_RECIPIENTS))}")
    mail_class = data.get("mail_class")
    if mail_class is not None and not isinstance(mail_class, str):
        raise ConfigError(path, "mail_class", "must be text in quotes")

    deadline = None
    if "deadline" in data:
        rule = parse_rule(data["deadline"], path, "deadline")
        if isinstance(rule, ClosedSeasonRule):
            raise ConfigError(
                path, "deadline", "a closed_season rule checks dates; it is not a deadline"
            )
        deadline = rule
    deadline_lead = data.get("deadline_lead")
    if deadline is not None and not isinstance(deadline_lead, str):
        raise ConfigError(
            path,
            "deadline_lead",
            'must say what is due by the deadline, such as "Comply no later than"',
        )

    facts = []
    for name, spec in _table(path, data, "facts").items():
        if not re.fullmatch(r"[a-z][a-z0-9_]*", name):
            raise ConfigError(
                path, f"facts.{name}", "a fact name uses lower-case letters, digits and _"
            )
        if not isinstance(spec, dict) or set(spec) - {"type", "label"}:
            raise ConfigError(
                path, f"facts.{name}", 'must be a table {type = "...", label = "..."}'
            )
        if spec.get("type") not in FACT_TYPES:
            raise ConfigError(path, f"facts.{name}.type", f"must be one of {', '.join(FACT_TYPES)}")
        label = spec.get("label")
        if not isinstance(label, str) or not label:
            raise ConfigError(path, f"facts.{name}.label", "must say in words what the fact is")
        facts.append(Fact(name, spec["type"], label))

    quotes = []
    for index, entry in enumerate(_list(path, data, "quotes")):
        where = f"quotes[{index}]"
        if not isinstance(entry, dict) or set(entry) != {"section", "text"}:
            raise ConfigError(path, where, 'must be a table {section = "§ ...", text = "..."}')
        quotes.append(Quote(str(entry["section"]), str(entry["text"]).strip()))

    service = []
    for index, entry in enumerate(_list(path, data, "service")):
        where = f"service[{index}]"
        if not isinstance(entry, dict) or set(entry) != {"method", "words", "section"}:
            raise ConfigError(
                path, where, 'must be a table {method = "...", words = "...", section = "§ ..."}'
            )
        if entry["method"] not in SERVICE_METHODS:
            raise ConfigError(
                path, f"{where}.method", f"must be one of {', '.join(SERVICE_METHODS)}"
            )
        service.append(
            ServiceMethod(entry["method"], str(entry["words"]).strip(), str(entry["section"]))
        )
    if not service:
        raise ConfigError(
            path, "service", "must list at least one way the ordinance allows service"
        )

    text = _table(path, data, "text")
    for key, value in text.items():
        if not isinstance(value, str):
            raise ConfigError(path, f"text.{key}", "must be text in quotes")

    computation = data.get("computation")
    if computation is not None and computation not in COMPUTATIONS:
        raise ConfigError(path, "computation", f"must be one of {', '.join(sorted(COMPUTATIONS))}")

    service_effective = data.get("service_effective", "on_service")
    if service_effective not in ("on_service", "on_receipt"):
        raise ConfigError(path, "service_effective", 'must be "on_service" or "on_receipt"')
    next_step = data.get("next_step")
    if next_step is not None and (not isinstance(next_step, str) or not next_step.strip()):
        raise ConfigError(path, "next_step", "must say in words what the ordinance provides next")

    suspended_by = None
    if "suspended_by" in data:
        entry = data["suspended_by"]
        if not isinstance(entry, dict) or set(entry) != {"event", "words"}:
            raise ConfigError(
                path, "suspended_by", 'must be a table {event = "...", words = "..."}'
            )
        suspended_by = Suspension(str(entry["event"]), str(entry["words"]).strip())

    amount_due = data.get("amount_due")
    if amount_due is not None and (computation is None or not isinstance(amount_due, str)):
        raise ConfigError(
            path,
            "amount_due",
            "names a figure of the notice's computation, so it needs 'computation'",
        )

    from_service = data.get("deadline_counts_from_service", True)
    if not isinstance(from_service, bool):
        raise ConfigError(path, "deadline_counts_from_service", "must be true or false")

    return NoticeType(
        village=village,
        slug=slug,
        path=path,
        kind=kind,
        title=title,
        template=template,
        sections=tuple(sections),
        signer=signer,
        recipient=recipient,
        mail_class=mail_class,
        deadline=deadline,
        deadline_table=dict(data["deadline"]) if deadline is not None else None,
        deadline_lead=deadline_lead,
        facts=tuple(facts),
        quotes=tuple(quotes),
        service=tuple(service),
        text={k: v.strip() for k, v in text.items()},
        computation=computation,
        service_effective=service_effective,
        next_step=next_step.strip() if next_step else None,
        suspended_by=suspended_by,
        amount_due=amount_due,
        deadline_counts_from_service=from_service,
    )


def _text(path: Path, data: dict[str, Any], key: str) -> str:
    value = data.get(key)
    if not isinstance(value, str) or not value.strip():
        raise ConfigError(path, key, "is missing; it must be text in quotes")
    return value.strip()


def _table(path: Path, data: dict[str, Any], key: str) -> dict[str, Any]:
    value = data.get(key, {})
    if not isinstance(value, dict):
        raise ConfigError(path, key, "must be a table")
    return value


def _list(path: Path, data: dict[str, Any], key: str) -> list[Any]:
    value = data.get(key, [])
    if not isinstance(value, list):
        raise ConfigError(path, key, "must be a list of tables ([[...]] in TOML)")
    return value


def catalogue_entries(
    village: str | None = None, workspace: Path | None = None
) -> list[dict[str, Any]]:
    """Every notice type, loaded and checked, as rows for a listing."""
    from noticeclerk.villages import load_village, village_names

    villages = [load_village(village, workspace).slug] if village else village_names(workspace)
    rows = []
    for slug in villages:
        for name in notice_names(slug, workspace):
            notice = load_notice(slug, name, workspace)
            rows.append(
                {
                    "village": slug,
                    "notice": name,
                    "kind": notice.kind,
                    "title": notice.title,
                    "sections": list(notice.sections),
                    "deadline": _json_ready(notice.deadline_table),
                    "service": [s.method for s in notice.service],
                }
            )
    return rows


def _json_ready(table: dict[str, Any] | None) -> dict[str, Any] | None:
    """A deadline rule as the catalogue lists it: TOML times written as text."""
    if table is None:
        return None
    return {
        key: value if isinstance(value, str | int | float | bool) else str(value)
        for key, value in table.items()
    }
