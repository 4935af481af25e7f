"""Issuing many documents at once from a batch file, as a clerk runs it: every line checked
before any is issued, chunks stored whole, a killed batch finished by running it again, and a
case that changes while its document renders rendered again."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
from datetime import UTC, date, datetime
from pathlib import Path

import pytest
from clerk import VILLAGE_A_DIRECTIVE, Clerk, clerk_at, pdf_text, record_typed
from click.testing import CliRunner

from noticeclerk.actions.batch import BatchLine, issue_batch, read_batch
from noticeclerk.actions.workspace import Workspace
from noticeclerk.clock import Clock
from noticeclerk.register.database import open_register, register_url
from noticeclerk.register.issuing import IssueRequest
from noticeclerk.render_pool import RenderPool

TODAY = "2026-11-30"
NOW = datetime(2026, 11, 30, 17, tzinfo=UTC)
PARCELS = ["0301-02-001", "0301-02-004", "0301-02-009", "0301-02-011", "0301-02-013"]


def open_directive(clerk: Clerk, parcel: str, street: str = "A Street") -> str:
    arguments = ["--parcel" if value == "--parcel" else value for value in VILLAGE_A_DIRECTIVE]
    arguments[arguments.index("--parcel") + 1] = parcel
    arguments[arguments.index("--fact=street_name=A Street")] = f"--fact=street_name={street}"
    return clerk(*arguments).output.split()[-1].rstrip(".")


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> tuple[Path, list[str]]:
    base = tmp_path_factory.mktemp("batch")
    clerk = clerk_at(base, CliRunner(env={"NOTICECLERK_TODAY": TODAY}), "village-a")
    cases = [open_directive(clerk, parcel) for parcel in PARCELS]
    return clerk.office, cases


@pytest.fixture
def clerk(office) -> Clerk:
    return Clerk(office, CliRunner(env={"NOTICECLERK_TODAY": TODAY}))


@pytest.fixture
def cases(built) -> list[str]:
    return built[1]


def batch_file(folder: Path, *lines: str, header: str = "case") -> Path:
    path = folder / "batch.csv"
    path.write_text("\n".join([header, *lines]) + "\n", encoding="utf-8")
    return path


def register_rows(office: Path, query: str) -> list[tuple]:
    with sqlite3.connect(office / "noticeclerk.db") as connection:
        return connection.execute(query).fetchall()


def document_numbers(office: Path) -> list[str]:
    return [row[0] for row in register_rows(office, "SELECT number FROM documents ORDER BY id")]


def numbers(count: int) -> list[str]:
    return [f"VA-D-2026-{n:05d}" for n in range(1, count + 1)]


def test_a_batch_issues_a_document_for_every_line_with_consecutive_numbers(clerk, cases, tmp_path):
    result = clerk("issue", "--batch", str(batch_file(tmp_path, *cases)))
    assert document_numbers(clerk.office) == numbers(5)
    for line, (case, number) in enumerate(zip(cases, numbers(5), strict=True), start=2):
        assert f"Line {line}: issued {number}: Directive to Comply, case {case}" in result.output
    assert "Issued 5 documents for 5 lines" in result.output
    copies = sorted((clerk.office / "outputs" / "issued" / "village-a").glob("*.pdf"))
    assert [path.name.split("-directive")[0] for path in copies] == numbers(5)
    # Each copy is its own document: its number and its owner, not a neighbour's.
    assert "VA-D-2026-00002" in pdf_text(copies[1]) and "MAX ROSS" in pdf_text(copies[1])
    assert "MAX ROSS" not in pdf_text(copies[0])


def test_a_document_issued_in_a_batch_is_the_one_issue_would_have_made(
    built, clerk, cases, tmp_path
):
    alone = Clerk(tmp_path / "alone", clerk.runner)
    import shutil

    shutil.copytree(built[0], alone.office)
    alone("issue", cases[1])
    clerk("issue", "--batch", str(batch_file(tmp_path, cases[1])))
    both = [
        register_rows(office, "SELECT number, pdf_sha256, docx_sha256 FROM documents")
        for office in (alone.office, clerk.office)
    ]
    assert both[0] == both[1]


def test_a_batch_with_a_line_that_cannot_be_issued_issues_nothing_and_names_every_bad_line(
    clerk, cases, tmp_path
):
    path = batch_file(
        tmp_path,
        cases[0],
        "VA-C-2026-9999",
        cases[1],
        f"{cases[2]},no-such-type",
        header="case,notice",
    )
    result = clerk("issue", "--batch", str(path), ok=False)
    assert result.exit_code == 1
    assert "2 lines of the batch cannot be issued, so nothing was" in result.output
    assert "line 3: There is no case" in result.output
    assert "line 5:" in result.output and "no-such-type" in result.output
    assert "line 2" not in result.output and "line 4" not in result.output
    assert document_numbers(clerk.office) == []
    assert (
        register_rows(clerk.office, "SELECT * FROM counters WHERE series LIKE '%document%'") == []
    )


def test_a_batch_run_again_leaves_out_the_cases_it_already_issued_for(clerk, cases, tmp_path):
    clerk("issue", "--batch", str(batch_file(tmp_path, *cases[:2])))
    result = clerk("issue", "--batch", str(batch_file(tmp_path, *cases)))
    assert "Line 2: left out, already issued as VA-D-2026-00001." in result.output
    assert "Line 3: left out, already issued as VA-D-2026-00002." in result.output
    assert "Issued 3 documents for 3 lines" in result.output
    assert document_numbers(clerk.office) == numbers(5)


@pytest.mark.parametrize(
    ("content", "words"),
    [
        ("number\nX\n", "has no 'case' column"),
        ("case,colour\nX,red\n", "a column 'colour' that a batch does not take"),
        ("case\nVA-C-1\nva-c-1\n", "Lines 2 and 3 of"),
        ("case,date\nVA-C-1,12/4/2026\n", "has the date '12/4/2026'; write it YYYY-MM-DD"),
        ("case,mailing_on\nVA-C-1,Feb 2\n", "has the mailing_on 'Feb 2'; write it YYYY-MM-DD"),
        ("case\n", "names no cases"),
        ("case\nVA-C-1,extra\n", "Line 2 of"),
        ("case\nVA-C-1\u202e\n", "Line 2's case"),
    ],
)
def test_a_batch_file_that_is_not_right_is_refused_in_one_sentence(tmp_path, content, words):
    path = tmp_path / "batch.csv"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(Exception) as refused:
        read_batch(path)
    assert words in str(refused.value)


def test_a_batch_line_may_name_the_day_its_document_will_be_mailed(tmp_path):
    path = tmp_path / "batch.csv"
    path.write_text("case,notice,mailing_on\nVA-C-1,maintenance-bill,2026-02-02\nVA-C-2,,\n")
    first, second = read_batch(path)
    assert first.request.mailing_on == date(2026, 2, 2)
    assert second.request.mailing_on is None


def test_a_batch_file_not_in_utf8_is_refused(tmp_path):
    path = tmp_path / "batch.csv"
    path.write_bytes("case\nVA-C-2026-0001 Müller\n".encode("utf-16"))
    with pytest.raises(Exception, match="is not UTF-8 text"):
        read_batch(path)


def test_a_case_named_with_a_batch_or_workers_without_one_is_a_usage_error(clerk, cases, tmp_path):
    path = batch_file(tmp_path, cases[0])
    result = clerk("issue", cases[0], "--batch", str(path), ok=False)
    assert result.exit_code == 1 and "leave out CASE" in result.output
    result = clerk("issue", cases[0], "--workers", "2", ok=False)
    assert result.exit_code == 1 and "--workers goes with --batch" in result.output
    result = clerk("issue", ok=False)
    assert result.exit_code == 1 and "Name the case to issue for, or give --batch" in result.output


class RecordingPool(RenderPool):
    """A pool that, the first time it renders, lets something else happen to the register
    (another clerk's command) before it hands the files back."""

    def __init__(self, workspace: Path, meanwhile) -> None:
        super().__init__(workspace, workers=1)
        self.meanwhile = meanwhile
        self.rounds = 0

    def render_composed(self, documents, formats=("pdf", "docx")):
        rendered = list(super().render_composed(documents, formats))
        self.rounds += 1
        if self.rounds == 1:
            self.meanwhile()
        return iter(rendered)


def test_a_case_changed_while_its_document_renders_is_rendered_again_with_the_change(clerk, cases):
    engine = open_register(register_url(clerk.office, None))

    def correct_the_conditions() -> None:
        record_typed(
            engine,
            cases[0],
            ["conditions=Broken glass across the travel lane."],
            [],
            by="inspector",
            now=NOW,
            workspace=clerk.office,
        )

    pool = RecordingPool(clerk.office, correct_the_conditions)
    lines = [BatchLine(2, IssueRequest(cases[0]))]
    office = Workspace.over(engine, clerk.office, Clock(NOW))
    report = issue_batch(office, lines, by="clerk", pool=pool)
    assert report.issued == [(2, ["VA-D-2026-00001"])]
    assert pool.rounds == 2  # rendered once for the plan, and again for the changed case
    exported = clerk("document", "export", "VA-D-2026-00001", "--out", str(clerk.office / "x"))
    assert exported.exit_code == 0
    text = pdf_text(next((clerk.office / "x").rglob("*.pdf")))
    assert "Broken glass across the travel lane." in text


def test_a_number_taken_by_another_command_while_a_batch_renders_is_not_printed_twice(clerk, cases):
    engine = open_register(register_url(clerk.office, None))
    pool = RecordingPool(clerk.office, lambda: clerk("issue", cases[4]))
    lines = [BatchLine(2, IssueRequest(cases[0])), BatchLine(3, IssueRequest(cases[1]))]
    office = Workspace.over(engine, clerk.office, Clock(NOW))
    report = issue_batch(office, lines, by="clerk", pool=pool)
    # The other command's document took 00001; the batch's are the next two, each printing
    # its own number.
    assert report.issued == [(2, ["VA-D-2026-00002"]), (3, ["VA-D-2026-00003"])]
    assert document_numbers(clerk.office) == numbers(3)
    out = clerk.office / "exported"
    clerk("document", "export", "VA-D-2026-00002", "--out", str(out))
    assert "VA-D-2026-00002" in pdf_text(next(out.rglob("*.pdf")))


# Runs `issue --batch` with one case per chunk, killed (SIGKILL: no chance to clean up) as it
# starts to store its third chunk.
KILLED_AT_THIRD_CHUNK = """
import os, signal, sys
from noticeclerk.actions import batch
batch.CHUNK = 1
stored = batch.store_planned
calls = []
def store_or_die(*args, **kwargs):
    calls.append(1)
    if len(calls) == 3:
        os.kill(os.getpid(), signal.SIGKILL)
    return stored(*args, **kwargs)
batch.store_planned = store_or_die
from noticeclerk.cli import cli
cli.main(sys.argv[1:], prog_name="noticeclerk")
"""


def test_a_batch_killed_in_the_middle_leaves_whole_documents_and_no_gap_and_finishes_when_run_again(
    clerk, cases, tmp_path
):
    path = batch_file(tmp_path, *cases)
    killed = subprocess.run(
        [
            sys.executable,
            "-c",
            KILLED_AT_THIRD_CHUNK,
            "--workspace",
            str(clerk.office),
            "issue",
            "--batch",
            str(path),
            "--workers",
            "1",
        ],
        capture_output=True,
        text=True,
        env={**os.environ, "NOTICECLERK_TODAY": TODAY},
        timeout=600,
    )
    assert killed.returncode == -signal.SIGKILL
    assert document_numbers(clerk.office) == numbers(2)
    rows = register_rows(
        clerk.office, "SELECT next_value FROM counters WHERE series LIKE '%document%'"
    )
    assert rows == [(3,)]
    clerk("archive", "copies")  # the killed run made none for the two it issued
    result = clerk("issue", "--batch", str(path))
    assert "Issued 3 documents for 3 lines" in result.output
    assert document_numbers(clerk.office) == numbers(5)
    verified = clerk("verify", ok=False)
    assert verified.exit_code == 0, verified.output
