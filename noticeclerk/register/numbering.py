"""A numbering series, turned into its next number: consecutive, never reused, never skipped.

The number is taken inside the same transaction that stores what it numbers, so a crash
before the commit gives the number back with everything else, and a commit keeps both.
SQLite serialises the writers with BEGIN IMMEDIATE; other databases lock the counter row.
"""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from noticeclerk.register.models import Counter


def take_number(session: Session, series: str) -> int:
    """The next number of `series`, counting from 1."""
    query = select(Counter).where(Counter.series == series).with_for_update()
    counter = session.execute(query).scalar_one_or_none()
    if counter is None:
        # Two processes may both find no counter; the second insert fails inside its
        # savepoint, and it then locks the row the first one made.
        try:
            with session.begin_nested():
                session.add(Counter(series=series, next_value=1))
        except IntegrityError:
            pass
        counter = session.execute(query).scalar_one()
    number = counter.next_value
    counter.next_value = number + 1
    session.flush()
    return number


def next_number(session: Session, series: str) -> int:
    """The number `series` will give next, read without taking it."""
    found = session.scalar(select(Counter.next_value).where(Counter.series == series))
    return 1 if found is None else found


def case_number(prefix: str, year: int, sequence: int) -> str:
    return f"{prefix}-C-{year}-{sequence:04d}"


def document_number(prefix: str, year: int, sequence: int) -> str:
    return f"{prefix}-D-{year}-{sequence:05d}"


def permit_number(prefix: str, sequence: int) -> str:
    """A permit of a series that never restarts (Tuckahoe § 19-48(c), § 19-78)."""
    return f"{prefix}-P-{sequence:06d}"


def yearly_permit_number(prefix: str, year: int, sequence: int) -> str:
    """A permit of a series that restarts each year, where the village's file says so."""
    return f"{prefix}-P-{year}-{sequence:05d}"
