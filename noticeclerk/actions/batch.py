"""A batch file of cases, turned into numbered documents a chunk at a time, rendered on every core.

Every line is planned first from one snapshot of the register, and a batch with a line that
cannot be issued issues nothing. Then each chunk of lines is planned again, rendered by the
pool outside the write lock, and numbered and stored in one transaction that checks each
document still prints what was rendered. A crash leaves whole chunks behind it and nothing of
the chunk it was in: no half document and no gap in the numbers. Run again, the batch leaves
out the lines already issued (a document of the same notice type for the case, of the same
date, that stands) and finishes the rest.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from pathlib import Path
from typing import TYPE_CHECKING

from sqlalchemy import Engine, select
from sqlalchemy.orm import Session

from noticeclerk.actions.issuing import stored_unchanged
from noticeclerk.actions.workspace import Workspace
from noticeclerk.content.schema import refuse_control
from noticeclerk.content.village import load_village
from noticeclerk.exceptions import InputError, NoticeclerkError, quoted_back
from noticeclerk.register.cases import find_open_case
from noticeclerk.register.chains import case_notices, notice_for
from noticeclerk.register.database import reading
from noticeclerk.register.issuing import (
    ForeseenNumbers,
    Issued,
    IssueRequest,
    Planned,
    plan_documents,
    store_planned,
)
from noticeclerk.register.models import Document

if TYPE_CHECKING:
    from noticeclerk.render import Rendered
    from noticeclerk.render_pool import RenderPool

# The columns a batch file may have; only `case` is required.
COLUMNS = ("case", "notice", "date", "to", "follows", "mailing_on")
# Lines numbered and stored per transaction: a crash loses at most this many lines' work,
# and the register's write lock is held only while one chunk is stored.
CHUNK = 20
# A batch file is a list of case numbers: anything near this size is not one.
MAX_BYTES = 5 * 1024 * 1024


@dataclass(frozen=True)
class BatchLine:
    """One line of a batch file: its line number in the file, and what it asks for."""

    line: int
    request: IssueRequest


@dataclass(frozen=True)
class BatchReport:
    """What a batch did: the documents issued for each line, and the lines left out."""

    issued: list[tuple[int, list[str]]]
    skipped: list[tuple[int, str]]


def read_batch(path: Path) -> list[BatchLine]:
    """The lines of a batch file (CSV with a header naming its columns), each checked; any
    mistake is named with its line, and nothing is issued."""
    path = Path(path)
    name = quoted_back(str(path))
    if not path.is_file():
        raise InputError(f"There is no batch file {name}.")
    data = path.read_bytes()
    if len(data) > MAX_BYTES:
        raise InputError(
            f"The batch file {name} is larger than {MAX_BYTES // (1024 * 1024)} MB; split it."
        )
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise InputError(
            f"The batch file {name} is not UTF-8 text; save it as CSV UTF-8."
        ) from None
    rows = csv.reader(io.StringIO(text, newline=""))
    header = [cell.strip().lower() for cell in next(rows, [])]
    if "case" not in header:
        raise InputError(
            f"The batch file {name} has no 'case' column; its first line names the columns: "
            f"{', '.join(COLUMNS)} (only case is required)."
        )
    unknown = [column for column in header if column not in COLUMNS]
    if unknown:
        raise InputError(
            f"The batch file {name} has a column {quoted_back(unknown[0])!r} that a batch does "
            f"not take; its columns are {', '.join(COLUMNS)}."
        )
    lines: list[BatchLine] = []
    seen: dict[str, int] = {}
    try:
        for number, row in enumerate(rows, start=2):
            _add_line(lines, seen, header, row, number, name)
    except csv.Error as error:
        raise InputError(f"Line {rows.line_num} of {name} is not CSV ({error}).") from None
    if not lines:
        raise InputError(f"The batch file {name} names no cases.")
    return lines


def _add_line(
    lines: list[BatchLine],
    seen: dict[str, int],
    header: list[str],
    row: list[str],
    number: int,
    name: str,
) -> None:
    if not any(cell.strip() for cell in row):
        return
    if len(row) > len(header):
        raise InputError(
            f"Line {number} of {name} has {len(row)} cells and the header names "
            f"{len(header)}; quote a value that holds a comma."
        )
    cells = {column: row[i].strip() if i < len(row) else "" for i, column in enumerate(header)}
    for column, value in cells.items():
        refuse_control(value, f"Line {number}'s {column}")
    case = cells["case"]
    if not case:
        raise InputError(f"Line {number} of {name} names no case.")
    first = seen.setdefault(case.casefold(), number)
    if first != number:
        raise InputError(
            f"Lines {first} and {number} of {name} both name case {quoted_back(case)}; a "
            "batch issues one document (or one for each owner) per case, so issue the "
            "second after the first."
        )
    lines.append(BatchLine(number, _request(cells, number, name)))


def _request(cells: dict[str, str], number: int, name: str) -> IssueRequest:
    return IssueRequest(
        case_number=cells["case"],
        notice_slug=cells.get("notice") or None,
        document_date=_day(cells, "date", number, name),
        to=cells.get("to") or None,
        follows=cells.get("follows") or None,
        mailing_on=_day(cells, "mailing_on", number, name),
    )


def _day(cells: dict[str, str], column: str, number: int, name: str) -> date | None:
    """A column's date, YYYY-MM-DD, or None where the cell is empty or the column absent."""
    when = cells.get(column) or None
    if when is None:
        return None
    try:
        return date.fromisoformat(when)
    except ValueError:
        raise InputError(
            f"Line {number} of {name} has the {column} {quoted_back(when)!r}; write it YYYY-MM-DD."
        ) from None


def issue_batch(
    office: Workspace,
    lines: Sequence[BatchLine],
    *,
    by: str,
    pool: RenderPool,
    chunk: int | None = None,
    on_issued: Callable[[int, list[Issued]], None] | None = None,
) -> BatchReport:
    """Issue the documents of every line (see the module's docstring). `on_issued` is told of
    each line's documents as soon as their chunk is committed, with their rendered files."""
    engine, now, workspace = office.register(), office.now(), office.workspace
    todo, skipped = _check_every_line(engine, lines, by=by, now=now, workspace=workspace)
    chunk = chunk or CHUNK
    issued: list[tuple[int, list[str]]] = []
    for start in range(0, len(todo), chunk):
        part = todo[start : start + chunk]
        done = _issue_chunk(engine, part, by=by, now=now, workspace=workspace, pool=pool)
        for line, documents in done:
            # Only the numbers are kept: a batch of thousands holds no files.
            issued.append((line, [one.number for one in documents]))
            if on_issued is not None:
                on_issued(line, documents)
    return BatchReport(issued, skipped)


def _check_every_line(
    engine: Engine, lines: Sequence[BatchLine], *, by: str, now: datetime, workspace: Path | None
) -> tuple[list[BatchLine], list[tuple[int, str]]]:
    """The lines still to issue and those already issued; every line that cannot be issued is
    named, and then nothing is."""
    todo: list[BatchLine] = []
    skipped: list[tuple[int, str]] = []
    problems: list[str] = []
    numbers = ForeseenNumbers()
    with reading(engine) as session:
        for one in lines:
            try:
                already = _already_issued(session, one.request, now, workspace)
                if already:
                    skipped.append((one.line, f"already issued as {', '.join(already)}"))
                    continue
                plan_documents(
                    session, one.request, by=by, now=now, workspace=workspace, numbers=numbers
                )
            except NoticeclerkError as error:
                problems.append(f"  line {one.line}: {error}")
                continue
            todo.append(one)
    if problems:
        count = len(problems)
        raise InputError(
            f"{count} line{'s' if count > 1 else ''} of the batch cannot be issued, so nothing "
            "was; fix them (or take them out of the file) and run the batch again:\n"
            + "\n".join(problems)
        )
    return todo, skipped


def _already_issued(
    session: Session, request: IssueRequest, now: datetime, workspace: Path | None
) -> list[str]:
    """The standing documents of the line's notice type for its case, of the date the line
    would give its document: what a batch run before (and interrupted) issued for it."""
    case = find_open_case(session, request.case_number)
    notice = notice_for(case, request.notice_slug, case_notices(case, workspace))
    village = load_village(case.village, workspace)
    when = request.document_date or now.astimezone(village.timezone).date()
    return list(
        session.scalars(
            select(Document.number)
            .where(
                Document.case_id == case.id,
                Document.notice_type == notice.slug,
                Document.document_date == when,
                Document.status == "issued",
            )
            .order_by(Document.id)
        )
    )


def _issue_chunk(
    engine: Engine,
    part: Sequence[BatchLine],
    *,
    by: str,
    now: datetime,
    workspace: Path | None,
    pool: RenderPool,
) -> list[tuple[int, list[Issued]]]:
    """Plan, render and store one chunk of lines: all of them, or none."""

    def render(planned: list[Planned]) -> list[Rendered]:
        return list(pool.render_composed([one.composed for one in planned]))

    def plan(session: Session) -> list[list[Planned]]:
        numbers = ForeseenNumbers()
        return [
            plan_documents(
                session, one.request, by=by, now=now, workspace=workspace, numbers=numbers
            )
            for one in part
        ]

    def render_all(plans: list[list[Planned]]) -> list[Rendered]:
        return render([one for plan in plans for one in plan])

    def store(
        session: Session, plans: list[list[Planned]], flat: list[Rendered], last: bool
    ) -> list[tuple[int, list[Issued]]]:
        done = []
        at = 0
        for one, plan in zip(part, plans, strict=True):
            files, at = flat[at : at + len(plan)], at + len(plan)
            kept = store_planned(
                session,
                one.request,
                plan,
                files,
                by=by,
                now=now,
                workspace=workspace,
                render_again=render if last else None,
            )
            done.append((one.line, kept))
        return done

    return stored_unchanged(engine, plan, render_all, store)
