"""Archive items and the village's retention periods, turned into what may now be disposed of;
a disposal, authorised by name, turned into a ledger entry and the files removed.

Nothing is ever destroyed automatically: `due_for_disposal` only lists (and records in the
ledger, once, that an item's period was reached), and `dispose` acts only on items named by
the clerk, each past its period, with who authorised it and under what authority.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime, tzinfo
from pathlib import Path

from sqlalchemy import Engine, select
from sqlalchemy.orm import Session, selectinload

from noticeclerk.archive import ledger
from noticeclerk.archive.keeping import archive_store
from noticeclerk.archive.verifying import describe
from noticeclerk.content.village import Retention, Village, load_village
from noticeclerk.exceptions import InputError
from noticeclerk.register.database import transaction
from noticeclerk.register.models import ArchiveItem
from noticeclerk.store.folder import FolderStore


@dataclass(frozen=True)
class Reached:
    """One item whose retention period has run."""

    item: int
    what: str
    kind: str
    period: str
    schedule: str
    due_on: date
    sample: bool


@dataclass(frozen=True)
class Disposal:
    """What the clerk is told of a disposal: the items and the ledger's new head."""

    items: tuple[int, ...]
    entry: int
    head: str
    # True when the items were disposed of before and only their files were left to remove.
    finished: bool = False


def due_on(item: ArchiveItem, retention: Retention, zone: tzinfo) -> date | None:
    """The first day the item may be disposed of; None while it must be kept (permanent, or
    its case still open). Its period counts from a day on the village's calendar (`zone`),
    not the register's UTC one: a case closed on a December evening in New York was closed on
    the village's December day."""
    if retention.years is None:
        return None
    if retention.counted_from == "case-closed":
        if item.case is None or item.case.closed_at is None:
            return None
        start = item.case.closed_at.astimezone(zone).date()
    elif retention.counted_from == "document-date" and item.document is not None:
        start = item.document.document_date
    else:
        start = item.added_at.astimezone(zone).date()
    return _years_after(start, retention.years)


def due_for_disposal(
    engine: Engine,
    *,
    now: datetime,
    by: str,
    workspace: Path | None,
    village: str | None = None,
) -> tuple[list[Reached], list[str]]:
    """Items past their period, oldest first, each recorded once in the ledger as reached; and
    notes on kinds the village's file gives no period for (kept until it does)."""
    reached: list[Reached] = []
    unset: dict[str, int] = {}
    with transaction(engine) as session:
        for item in _standing(session, village):
            rules = load_village(item.village, workspace)
            retention = rules.retention.get(item.kind)
            if retention is None:
                unset[f"{rules.name}: {item.kind}"] = unset.get(f"{rules.name}: {item.kind}", 0) + 1
                continue
            day = due_on(item, retention, rules.timezone)
            if day is None or day > now.astimezone(rules.timezone).date():
                continue
            if item.retention_reached_at is None:
                item.retention_reached_at = now
                ledger.append(
                    session,
                    event="retention-reached",
                    at=now,
                    by=by,
                    village=item.village,
                    item=item,
                    details={
                        "period": retention.period,
                        "schedule": retention.schedule,
                        "due_on": day.isoformat(),
                    },
                )
            reached.append(
                Reached(
                    item=item.id,
                    what=describe(item),
                    kind=item.kind,
                    period=retention.period,
                    schedule=retention.schedule,
                    due_on=day,
                    sample=retention.sample,
                )
            )
    notes = [
        f"{key} ({count} item{'' if count == 1 else 's'}) has no retention period in the "
        "village's file: kept until [[archive.retention]] gives one."
        for key, count in sorted(unset.items())
    ]
    reached.sort(key=lambda one: (one.due_on, one.item))
    return reached, notes


def dispose(
    engine: Engine,
    items: Sequence[int],
    *,
    authorised_by: str,
    authority: str,
    now: datetime,
    by: str,
    workspace: Path | None,
) -> Disposal:
    """Dispose of the items named (and the copies made from them): each must be past its
    period; the disposal is one ledger entry naming who authorised it, then the files go."""
    store, _settings = archive_store(workspace)
    with transaction(engine) as session:
        chosen = _named(session, items)
        if all(item.disposed_at is not None for item in chosen):
            left = _files_left(session, store, chosen)
            if left:
                # A disposal recorded but killed before its files went: finish it, once more
                # in the ledger would record a second disposal that never happened.
                for sha256 in left:
                    store.remove(sha256)
                return Disposal(tuple(item.id for item in chosen), 0, "", finished=True)
        villages: dict[str, Village] = {}
        for item in chosen:
            village = villages.setdefault(item.village, load_village(item.village, workspace))
            _may_dispose(item, village, now.astimezone(village.timezone).date())
        copies = list(
            session.scalars(
                select(ArchiveItem).where(
                    ArchiveItem.derived_from_id.in_([item.id for item in chosen]),
                    ArchiveItem.disposed_at.is_(None),
                )
            )
        )
        everything = [*chosen, *(copy for copy in copies if copy not in chosen)]
        for item in everything:
            item.disposed_at = now
            item.disposed_by = authorised_by
            item.disposal_authority = authority
        entry = ledger.append(
            session,
            event="disposed",
            at=now,
            by=by,
            village=chosen[0].village,
            details={
                "items": [
                    {"id": item.id, "sha256": item.sha256, "kind": item.kind} for item in everything
                ],
                "authorised_by": authorised_by,
                "authority": authority,
            },
        )
        hashes = [item.sha256 for item in everything]
        kept = set(
            session.scalars(
                select(ArchiveItem.sha256).where(
                    ArchiveItem.sha256.in_(hashes), ArchiveItem.disposed_at.is_(None)
                )
            )
        )
        result = Disposal(tuple(item.id for item in everything), entry.seq, entry.hash)
    # After the commit: a crash here leaves files the register says were disposed of, which
    # `archive verify` names; never a record of kept files that are gone.
    for sha256 in hashes:
        if sha256 not in kept:
            store.remove(sha256)
    return result


def _files_left(session: Session, store: FolderStore, items: list[ArchiveItem]) -> list[str]:
    """The files of disposed items still in the store that no standing item keeps."""
    hashes = {item.sha256 for item in items}
    kept = set(
        session.scalars(
            select(ArchiveItem.sha256).where(
                ArchiveItem.sha256.in_(hashes), ArchiveItem.disposed_at.is_(None)
            )
        )
    )
    return sorted(sha256 for sha256 in hashes - kept if store.state(sha256) != "missing")


def _standing(session: Session, village: str | None) -> list[ArchiveItem]:
    query = (
        select(ArchiveItem)
        .where(ArchiveItem.disposed_at.is_(None))
        .options(selectinload(ArchiveItem.case), selectinload(ArchiveItem.document))
        .order_by(ArchiveItem.id)
    )
    if village is not None:
        query = query.where(ArchiveItem.village == village)
    return list(session.scalars(query))


def _named(session: Session, items: Sequence[int]) -> list[ArchiveItem]:
    found = {
        item.id: item
        for item in session.scalars(
            select(ArchiveItem)
            .where(ArchiveItem.id.in_(list(items)))
            .options(selectinload(ArchiveItem.case), selectinload(ArchiveItem.document))
        )
    }
    missing = [str(number) for number in items if number not in found]
    if missing:
        raise InputError(
            f"There is no archive item {', '.join(missing)}; 'noticeclerk archive "
            "due-for-disposal' lists the items past their period."
        )
    chosen = [found[number] for number in dict.fromkeys(items)]
    if len({item.village for item in chosen}) > 1:
        raise InputError(
            "These items belong to more than one village; dispose of one village's at a time, "
            "under its own authority."
        )
    return chosen


def _may_dispose(item: ArchiveItem, village: Village, today: date) -> None:
    what = describe(item)
    if item.disposed_at is not None:
        raise InputError(
            f"{what} was disposed of on {item.disposed_at:%Y-%m-%d} by {item.disposed_by}."
        )
    retention = village.retention.get(item.kind)
    if retention is None:
        raise InputError(
            f"{what} has no retention period in {village.name}'s file, so it is kept; add its "
            "kind to [[archive.retention]] before disposing of it."
        )
    day = due_on(item, retention, village.timezone)
    if day is None:
        reason = (
            "is kept permanently"
            if retention.years is None
            else "is kept until its case is closed and its period has run"
        )
        raise InputError(f"{what} {reason} ({retention.period}; {retention.schedule}).")
    if day > today:
        raise InputError(
            f"{what} must be kept until {day:%Y-%m-%d} ({retention.period}; {retention.schedule})."
        )


def _years_after(start: date, years: int) -> date:
    try:
        return start.replace(year=start.year + years)
    except ValueError:  # 29 February, in a year without one
        return start.replace(year=start.year + years, day=28)
