"""One document issued on a register a bench has open, through the action the command line and
the desk call (noticeclerk.actions.issuing), without its archival copy."""

from __future__ import annotations

from datetime import date, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import Engine

from noticeclerk.actions.issuing import issue_documents
from noticeclerk.actions.workspace import Workspace
from noticeclerk.clock import Clock
from noticeclerk.register.issuing import Issued, IssueRequest


def issue_one(
    engine: Engine,
    case: str,
    *,
    notice_slug: str | None,
    document_date: date | None,
    by: str,
    now: datetime,
    workspace: Path | None,
    renderer: Any = None,
) -> Issued:
    office = Workspace.over(engine, workspace, Clock(now))
    request = IssueRequest(case, notice_slug, document_date)
    (issued,) = issue_documents(office, request, by=by, renderer=renderer)
    return issued
