"""Facts and events typed at the counter, turned into stored JSON and back into case values.

A notice definition says what kind each fact is (date, money, list of cost lines ...); the
clerk types `--fact name=value`, the register stores a JSON form that keeps the exact value
(money as text, never a float; dates in ISO form), and a document reads it back typed.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from datetime import date, datetime
from decimal import Decimal
from typing import Any
from zoneinfo import ZoneInfo

from noticeclerk.clock import placed_in
from noticeclerk.computations.figures import check_fact_lines
from noticeclerk.content.casefile import convert_fact
from noticeclerk.content.notice_types import BACK, FACT_TYPES, PRINTED, Fact, NoticeType
from noticeclerk.exceptions import InputError


def split_assignment(text: str, option: str) -> tuple[str, str]:
    """ "name=value" from --fact or --event; a missing '=' is named."""
    name, sep, value = text.partition("=")
    if not sep or not name.strip():
        raise InputError(
            f"{option} takes name=value, such as {option} street=\"Taft Street\"; got '{text}'."
        )
    return name.strip(), value.strip()


def _beyond_first(follow_up: NoticeType, name: str, notices: Sequence[NoticeType]) -> bool:
    """Whether `follow_up` takes `name` from further back than its chain in the case can go:
    the documents it reaches back through come to the case's first, which follows none."""
    taken = follow_up.takes.get(name, "")
    by_slug = {notice.slug: notice for notice in notices}
    reached = set(follow_up.follows)
    while taken.startswith(BACK):
        taken = taken.removeprefix(BACK)
        if notices[0].slug in reached:
            return True
        reached = {slug for one in reached if one in by_slug for slug in by_slug[one].follows}
    if taken.startswith(PRINTED):
        # A fact as a document printed it, where no document this case can hold there prints
        # it (a sidewalk order where a district's case has its preliminary resolution): the
        # register reads the case's own record instead, so the case records it.
        printed = taken.removeprefix(PRINTED)
        return not any(
            fact.name == printed
            for slug in reached
            if slug in by_slug
            for fact in by_slug[slug].facts
        )
    return False


class Recordable:
    """The facts a case may record: all of its first document's (the case's own), and those its
    follow-ups do not take from the documents they follow; each refusal names why."""

    def __init__(self, notices: Sequence[NoticeType]) -> None:
        self.notices = notices
        self.known = {fact.name: fact for fact in notices[0].facts}
        self.gathered_by = notices[0].gathered_fact
        if self.gathered_by is not None:
            self.known.pop(self.gathered_by, None)
        self.taken: dict[str, str] = {}
        for follow_up in notices[1:]:
            for fact in follow_up.facts:
                # A fact taken from further back ("follows.number") than the case's first
                # document is the case's own record: that document follows none in this case
                # (a case opened with the hearing notice records the assessment it would
                # otherwise take from the schedule, and the invoice's lines).
                through_first = _beyond_first(follow_up, fact.name, notices)
                if fact.name in follow_up.takes and not through_first:
                    self.taken.setdefault(fact.name, follow_up.title)
                else:
                    self.known.setdefault(fact.name, fact)
        self.readings = {name for notice in notices for name in notice.readings}

    def records(self, name: str) -> bool:
        """Whether the case records a fact of that name (`fact` would not refuse it)."""
        return name in self.known and name != self.gathered_by and name not in self.readings

    def fact(self, name: str) -> Fact:
        """The fact of that name, or the sentence saying why the case does not record it."""
        if name == self.gathered_by:
            raise InputError(
                f"'{name}' is not recorded: the {self.notices[0].title} gathers it from "
                "the village's other cases in the register when it is issued."
            )
        if name in self.readings:
            raise InputError(
                f"'{name}' is not recorded for a case: it is the reading of the ordinance the "
                "Village relies on, which the village's file gives ([readings] in "
                "letterhead.toml)."
            )
        if name not in self.known:
            if name in self.taken:
                raise InputError(
                    f"'{name}' is not recorded: the {self.taken[name]} takes it from the "
                    "document it follows in the register."
                )
            titles = " and ".join(f"'{notice.slug}'" for notice in self.notices)
            raise InputError(
                f"'{name}' is not a fact the documents of this case use ({titles}); "
                f"they use: {', '.join(self.known) or 'none'}."
            )
        return self.known[name]


def checked_facts(
    notices: Sequence[NoticeType], facts: Mapping[str, Any], zone: ZoneInfo
) -> dict[str, Any]:
    """Typed facts (a day, a moment, an amount, a list of lines ...) checked against the facts
    the case's documents use, each as its kind requires and as its computation reads it."""
    recordable = Recordable(notices)
    typed: dict[str, Any] = {}
    for name, value in facts.items():
        fact = recordable.fact(name)
        try:
            typed[name] = convert_fact(
                fact.type, value, zone, may_be_empty=fact.may_be_empty, what=f"The fact '{name}'"
            )
        except ValueError:
            raise InputError(
                f"The fact '{name}' ({fact.label}) must be {FACT_TYPES[fact.type]}; got {value!r}."
            ) from None
        # A line a computation cannot read is refused now, not when the document is issued.
        check_fact_lines([notice.computation for notice in notices], name, typed[name])
    return typed


def facts_from_text(
    notices: Sequence[NoticeType], assignments: list[str], zone: ZoneInfo
) -> dict[str, Any]:
    """The --fact options of a command, read as their facts' kinds and checked as
    `checked_facts` checks typed ones."""
    recordable = Recordable(notices)
    gathered: dict[str, list[str]] = {}
    for assignment in assignments:
        name, value = split_assignment(assignment, "--fact")
        recordable.fact(name)
        gathered.setdefault(name, []).append(value)
    typed = {
        name: _typed(recordable.known[name], values, zone) for name, values in gathered.items()
    }
    return checked_facts(notices, typed, zone)


def _typed(fact: Fact, values: list[str], zone: ZoneInfo) -> Any:
    """A fact from the text the clerk typed; list kinds take one --fact per item."""
    if fact.may_be_empty and values == [""]:
        raw: Any = []  # "--fact name=" records that the list has nothing in it
    elif fact.type == "text_list":
        raw = values
    elif fact.type == "cost_lines":
        raw = []
        for value in values:
            description, sep, amount = value.rpartition("|")
            if not sep:
                raise InputError(
                    f"The fact '{fact.name}' takes one cost line per --fact, written "
                    '"description|amount", such as "Snow removal, January 6|186.00"; '
                    f"got '{value}'."
                )
            raw.append({"description": description, "amount": amount})
    else:
        if len(values) > 1:
            raise InputError(f"The fact '{fact.name}' takes one value; it was given {len(values)}.")
        raw = _scalar(fact.type, values[0])
    try:
        return convert_fact(
            fact.type, raw, zone, may_be_empty=fact.may_be_empty, what=f"The fact '{fact.name}'"
        )
    except ValueError:
        raise InputError(
            f"The fact '{fact.name}' ({fact.label}) must be {FACT_TYPES[fact.type]}; "
            f"got {values[0]!r}."
        ) from None


# What the counter types for a day, and for a day and a time: ISO's plain forms only (Python
# would also read "20260803", "2026-W32-1" and digits of other scripts).
_DAY = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", re.ASCII)
_MOMENT = re.compile(
    r"[0-9]{4}-[0-9]{2}-[0-9]{2}[T ][0-9]{2}:[0-9]{2}(:[0-9]{2})?(Z|[+-][0-9]{2}:[0-9]{2})?",
    re.ASCII,
)
_WHOLE = re.compile(r"[0-9]{1,9}", re.ASCII)


def _scalar(kind: str, text: str) -> Any:
    """Text typed at the counter, in the form a TOML case file would have given it."""
    try:
        if kind == "date" and _DAY.fullmatch(text):
            return date.fromisoformat(text)
        if kind == "datetime" and _MOMENT.fullmatch(text):
            return datetime.fromisoformat(text)
        if kind == "integer" and _WHOLE.fullmatch(text):
            return int(text)
        if kind == "boolean":
            return {"yes": True, "true": True, "no": False, "false": False}[text.lower()]
    except (ValueError, KeyError):
        return text  # convert_fact then refuses it with the fact's own words
    return text


def event_from_text(text: str, zone: ZoneInfo) -> tuple[str, date | datetime]:
    """An --event name=DATE or name=DATE-TIME; a time without a zone is the village's."""
    name, value = split_assignment(text, "--event")
    try:
        if _MOMENT.fullmatch(value):
            return name, placed_in(zone, datetime.fromisoformat(value))
        if _DAY.fullmatch(value):
            return name, date.fromisoformat(value)
        raise ValueError(value)
    except ValueError:
        raise InputError(
            f"The event '{name}' must be a date (YYYY-MM-DD) or a date and time "
            f"(YYYY-MM-DDTHH:MM); got '{value}'."
        ) from None


def to_json(value: Any) -> Any:
    """A typed fact or event as JSON the register can store exactly."""
    if isinstance(value, datetime):
        return {"datetime": value.isoformat()}
    if isinstance(value, date):
        return {"date": value.isoformat()}
    if isinstance(value, Decimal):
        return {"decimal": str(value)}
    if isinstance(value, list):
        return [to_json(item) for item in value]
    if isinstance(value, dict):
        return {key: to_json(item) for key, item in value.items()}
    return value


def from_json(value: Any) -> Any:
    """The typed value back from its stored JSON."""
    if isinstance(value, dict):
        if set(value) == {"datetime"}:
            return datetime.fromisoformat(value["datetime"])
        if set(value) == {"date"}:
            return date.fromisoformat(value["date"])
        if set(value) == {"decimal"}:
            return Decimal(value["decimal"])
        return {key: from_json(item) for key, item in value.items()}
    if isinstance(value, list):
        return [from_json(item) for item in value]
    return value
