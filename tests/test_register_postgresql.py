"""The register on PostgreSQL: migrations, roll history, numbering under concurrency, bills.

Runs where NOTICECLERK_TEST_POSTGRES_URL names an empty database it may fill (CI starts a
server and sets it); elsewhere it is skipped and says why.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import textwrap
from datetime import UTC, date, datetime
from pathlib import Path

import pytest
from alembic import command
from clerk import issue_one
from sqlalchemy import text

from noticeclerk.register.cases import open_case, request_from_options
from noticeclerk.register.database import alembic_config, open_register, transaction, upgrade
from noticeclerk.register.issuing import frozen_files
from noticeclerk.register.models import Parcel
from noticeclerk.register.roll import import_roll, owner_of_record

URL = os.environ.get("NOTICECLERK_TEST_POSTGRES_URL")
pytestmark = pytest.mark.skipif(not URL, reason="NOTICECLERK_TEST_POSTGRES_URL is not set")
CASEBOOK = Path(__file__).resolve().parent.parent / "casebook"
NOW = datetime(2026, 11, 30, 17, 0, tzinfo=UTC)
FACTS = [
    "assigned_number=412",
    "number_assigned_on=2026-10-20",
    "street=Taft Street",
    "observed_on=2026-11-27",
]


@pytest.fixture
def engine(tmp_path):
    command.downgrade(alembic_config(URL), "base")
    upgrade(URL)
    engine = open_register(URL)
    import_roll(
        engine,
        CASEBOOK / "palmyra" / "roll.csv",
        "palmyra",
        imported_by="test",
        now=datetime(2026, 1, 2, tzinfo=UTC),
    )
    yield engine
    engine.dispose()


def test_owner_history_survives_a_re_import_on_postgresql(engine, tmp_path):
    roll = tmp_path / "roll.csv"
    roll.write_text(
        (CASEBOOK / "palmyra" / "roll.csv")
        .read_text(encoding="utf-8")
        .replace("Marguerite O'Connell", "Rafael Ortega"),
        encoding="utf-8",
    )
    import_roll(engine, roll, "palmyra", imported_by="test", now=datetime(2026, 6, 1, tzinfo=UTC))
    with transaction(engine) as session:
        parcel = session.execute(
            text("SELECT id FROM parcels WHERE parcel_id = 'PV-0417'")
        ).scalar_one()
        found = session.get(Parcel, parcel)
        assert (
            owner_of_record(session, found, datetime(2026, 3, 1, tzinfo=UTC)).owner_name
            == "Marguerite O'Connell"
        )
        assert (
            owner_of_record(session, found, datetime(2026, 7, 1, tzinfo=UTC)).owner_name
            == "Rafael Ortega"
        )


def test_issued_bytes_round_trip_exactly_on_postgresql(engine, tmp_path):
    request = request_from_options(
        "palmyra", "house-numbering-notice", ["PV-0417"], FACTS, [], None
    )
    case = open_case(engine, request, by="clerk", now=NOW, workspace=None)
    issued = issue_one(
        engine,
        case,
        notice_slug=None,
        document_date=date(2026, 12, 1),
        by="clerk",
        now=NOW,
        workspace=None,
    )
    document, files = frozen_files(engine, issued.number)
    assert hashlib.sha256(files["docx"]).hexdigest() == document.docx_sha256


ISSUER = textwrap.dedent(
    """
    import sys
    from datetime import UTC, date, datetime
    from noticeclerk.actions.issuing import issue_documents
    from noticeclerk.register.issuing import IssueRequest
    from noticeclerk.actions.workspace import Workspace
    from noticeclerk.clock import Clock
    from noticeclerk.register.cases import open_case, request_from_options
    now = datetime(2026, 12, 1, 17, tzinfo=UTC)
    workspace = Workspace(None, sys.argv[1], Clock(now))
    for _ in range(int(sys.argv[2])):
        # A case for each notice: a case's first notice is given once to its owner.
        request = request_from_options(
            "palmyra", "house-numbering-notice", ["PV-0417"], sys.argv[3:], [], None
        )
        case = open_case(workspace.register(), request, by="p", now=now, workspace=None)
        issue_documents(workspace, IssueRequest(case, document_date=date(2026, 12, 1)), by="p")
    """
)


def test_several_processes_issuing_at_once_get_consecutive_numbers_on_postgresql(engine):
    processes = [
        subprocess.Popen([sys.executable, "-c", ISSUER, URL, "3", *FACTS]) for _ in range(3)
    ]
    assert all(process.wait(timeout=180) == 0 for process in processes)
    with transaction(engine) as session:
        numbers = (
            session.execute(text("SELECT number FROM documents ORDER BY number")).scalars().all()
        )
    assert numbers == [f"PA-D-2026-{n:05d}" for n in range(1, 10)]
