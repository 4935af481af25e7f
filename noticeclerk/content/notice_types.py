"""Notice definitions in notices/<village>/<notice-type>.toml, turned into checked notice types.

A notice definition is what a clerk or the village attorney edits when an ordinance is
amended: the title, the sections cited, the ordinance text quoted word for word, the facts
the document needs, the deadline rule, the ways the ordinance allows it to be served, the
officer who signs and the template that lays it out. Every mistake is reported with the file
and the key before any document is printed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, Literal

import msgspec

from noticeclerk.computations import COMPUTATIONS
from noticeclerk.content.folders import content_dirs, find_content_file
from noticeclerk.content.schema import Table, Text, decode, read_toml
from noticeclerk.exceptions import ConfigError, InputError
from noticeclerk.rules.deadline_rules import ClosedSeasonRule, DeadlineRule, parse_rule

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

# Ways of service the ordinances name (issue 5 records them); a notice lists those it allows.
SERVICE_METHODS = {
    "hand_owner": "hand delivery to an owner",
    "hand_suitable_age": "hand delivery to a person of suitable age and discretion at the dwelling",
    "email": "email to the address on file",
    "door_and_phone": "posting on the front door and a call to the telephone number on file",
    "certified_mail": "certified mail, return receipt requested",
    "registered_mail": "registered mail",
    "first_class_mail": "first-class mail to the last known address",
    "leave_with_adult": "leaving it with an adult on the premises",
    "post_on_premises": "posting it on the premises",
    "present_personally": "presenting it personally",
    "leave_at_residence": "leaving it at the residence",
    "mail_nonresident": "mailing it to a non-resident's last known residence",
    "publication": "publication in the official newspaper",
    "file_with_officer": "filing it in the office of the officer it is addressed to",
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

# "officer": a document filed with or addressed to a Village officer (the Assessor, the
# Village Administrator), named in the case's [recipient].
RECIPIENTS = ("owner", "occupant", "applicant", "appellant", "contractor", "utility", "officer")
_FACT_NAME = re.compile(r"[a-z][a-z0-9_]*")


class FactSpec(Table):
    type: Literal[tuple(FACT_TYPES)]  # type: ignore[valid-type]
    label: Annotated[str, msgspec.Meta(pattern=r"\S", description="words saying what the fact is")]


class QuoteSpec(Table):
    section: Text
    text: Text


class ServiceSpec(Table):
    method: Literal[tuple(SERVICE_METHODS)]  # type: ignore[valid-type]
    words: Text
    section: Text


class SuspensionSpec(Table):
    event: Text
    words: Text


class NoticeFile(Table):
    """The shape of a notice definition, notices/<village>/<notice-type>.toml."""

    kind: Literal[DOCUMENT_KINDS]  # type: ignore[valid-type]
    title: Text
    template: Text
    sections: Annotated[
        list[Text],
        msgspec.Meta(
            min_length=1, description='a list of the sections cited, such as ["§ 134-42A"]'
        ),
    ]
    signer: Text
    recipient: Literal[RECIPIENTS]  # type: ignore[valid-type]
    service: Annotated[
        list[ServiceSpec],
        msgspec.Meta(
            min_length=1,
            description="a list of the ways the ordinance allows service ([[service]])",
        ),
    ]
    mail_class: Text | None = None
    # Checked by noticeclerk.rules.deadline_rules, whose vocabulary has its own parameters.
    deadline: dict[str, Any] | None = None
    deadline_lead: (
        Annotated[
            str,
            msgspec.Meta(
                pattern=r"\S",
                description='what is due by the deadline, such as "Comply no later than"',
            ),
        ]
        | None
    ) = None
    # Each fact is decoded on its own, so a mistake names the fact (msgspec names no dict key).
    facts: dict[str, Any] = msgspec.field(default_factory=dict)
    quotes: list[QuoteSpec] = msgspec.field(default_factory=list)
    text: dict[str, str] = msgspec.field(default_factory=dict)
    computation: Text | None = None
    service_effective: Literal["on_service", "on_receipt"] = "on_service"
    next_step: (
        Annotated[
            str,
            msgspec.Meta(pattern=r"\S", description="what the ordinance provides next, in words"),
        ]
        | None
    ) = None
    suspended_by: SuspensionSpec | None = None
    amount_due: Text | None = None
    deadline_counts_from_service: bool = True


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
    return _notice_from_table(village, slug, path, read_toml(path))


def _notice_from_table(village: str, slug: str, path: Path, data: dict[str, Any]) -> NoticeType:
    table = decode(path, data, NoticeFile)
    deadline = None
    if table.deadline is not None:
        rule = parse_rule(table.deadline, path, "deadline")
        if isinstance(rule, ClosedSeasonRule):
            raise ConfigError(
                path, "deadline", "a closed_season rule checks dates; it is not a deadline"
            )
        deadline = rule
        if table.deadline_lead is None:
            raise ConfigError(
                path,
                "deadline_lead",
                'must say what is due by the deadline, such as "Comply no later than"',
            )
    if table.computation is not None and table.computation not in COMPUTATIONS:
        raise ConfigError(path, "computation", f"must be one of {', '.join(sorted(COMPUTATIONS))}")
    if table.amount_due is not None and table.computation is None:
        raise ConfigError(
            path,
            "amount_due",
            "names a figure of the notice's computation, so it needs 'computation'",
        )
    return NoticeType(
        village=village,
        slug=slug,
        path=path,
        kind=table.kind,
        title=table.title.strip(),
        template=table.template.strip(),
        sections=tuple(table.sections),
        signer=table.signer.strip(),
        recipient=table.recipient,
        mail_class=table.mail_class,
        deadline=deadline,
        deadline_table=dict(table.deadline) if deadline is not None else None,
        deadline_lead=table.deadline_lead,
        facts=tuple(_facts(path, table.facts)),
        quotes=tuple(Quote(q.section, q.text.strip()) for q in table.quotes),
        service=tuple(
            ServiceMethod(entry.method, entry.words.strip(), entry.section)
            for entry in table.service
        ),
        text={key: value.strip() for key, value in table.text.items()},
        computation=table.computation,
        service_effective=table.service_effective,
        next_step=table.next_step.strip() if table.next_step else None,
        suspended_by=(
            Suspension(table.suspended_by.event, table.suspended_by.words.strip())
            if table.suspended_by
            else None
        ),
        amount_due=table.amount_due,
        deadline_counts_from_service=table.deadline_counts_from_service,
    )


def _facts(path: Path, table: dict[str, Any]) -> list[Fact]:
    facts = []
    for name, entry in table.items():
        if not _FACT_NAME.fullmatch(name):
            raise ConfigError(
                path, f"facts.{name}", "a fact name uses lower-case letters, digits and _"
            )
        spec = decode(path, entry, FactSpec, prefix=f"facts.{name}.")
        facts.append(Fact(name, spec.type, spec.label.strip()))
    return facts


def catalogue_entries(
    village: str | None = None, workspace: Path | None = None
) -> list[dict[str, Any]]:
    """Every notice type, loaded and checked, as rows for a listing."""
    from noticeclerk.content.village import load_village, village_names

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
