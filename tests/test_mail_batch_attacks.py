"""Attacks on the mail batch, turned into the sentences and records a clerk should see: a batch
killed while its files are made, a labels file no clerk meant, the same documents batched twice
at once, a crash between the record and the files."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from clerk import article, pdf_text

# The module register of four Palmyra orders and three other villages' documents, and a clerk
# in a copy of it, for each test here (its parameter `clerk` is this fixture, hence F811).
from test_mail_batches import built, clerk, labels, palmyra_batch  # noqa: F401

# A process that starts the print files' workers, says their process ids, and waits to be killed.
STARTS_WORKERS = """
import sys, time
from noticeclerk.dispatch.print_files import _Renderer
renderer = _Renderer(True).__enter__()
if renderer.pool is None:
    print("none", flush=True)
else:
    renderer.pool.submit(time.sleep, 0).result()
    print(" ".join(str(pid) for pid in renderer.pool._processes), flush=True)
time.sleep(120)
"""


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads /proc")
def test_the_workers_end_when_the_batch_is_killed_mid_print(tmp_path):
    root = Path(__file__).resolve().parent.parent
    env = dict(os.environ, PYTHONPATH=str(root))
    started = subprocess.Popen(
        [sys.executable, "-c", STARTS_WORKERS], env=env, stdout=subprocess.PIPE, text=True
    )
    try:
        said = started.stdout.readline().split()
        if said == ["none"]:
            pytest.skip("one core: the files are made in this process")
        workers = [int(pid) for pid in said]
        assert workers and all(_alive(pid) for pid in workers)
    finally:
        started.send_signal(signal.SIGKILL)
        started.wait()
    deadline = time.monotonic() + 15
    while any(_alive(pid) for pid in workers) and time.monotonic() < deadline:
        time.sleep(0.1)
    orphans = [pid for pid in workers if _alive(pid)]
    for pid in orphans:
        os.kill(pid, signal.SIGKILL)
    assert not orphans


def test_a_batch_recorded_but_not_written_says_so_and_mail_files_writes_it(
    clerk,  # noqa: F811
    tmp_path,
    monkeypatch,
):
    from noticeclerk import writing
    from noticeclerk.writing import CannotWrite

    real = writing.write_file

    def disk_full_after_one(target: Path, data: bytes) -> Path:
        if any(target.parent.iterdir()):
            raise CannotWrite(target, "the disk is full", "make room and write it again")
        return real(target, data)

    monkeypatch.setattr(writing, "write_file", disk_full_after_one)
    out = tmp_path / "batch"
    failed = clerk(
        "mail",
        "batch",
        "--by",
        "Dana Whitfield",
        "--village",
        "palmyra",
        "--numbers",
        labels(tmp_path, *(article(n) for n in range(1, 5))),
        "--out",
        str(out),
        ok=False,
    )
    assert failed.exit_code == 1
    assert "Mail batch PA-M-2026-0001 is recorded, but its files were not all written" in (
        failed.output
    )
    assert "noticeclerk mail files PA-M-2026-0001" in failed.output
    assert [p.name for p in out.iterdir()] == ["letters.pdf"]
    monkeypatch.undo()
    again = clerk("mail", "files", "PA-M-2026-0001", "--out", str(out))
    assert again.output.count("the same as printed") == 4
    assert sorted(p.name for p in out.iterdir()) == [
        "letters.pdf",
        "mailing-book.csv",
        "mailing-book.pdf",
        "return-receipts.pdf",
    ]


def _batch_with_numbers(run, tmp_path: Path, data: bytes):
    path = tmp_path / "labels.txt"
    path.write_bytes(data)
    out = tmp_path / "batch"
    args = (
        "mail",
        "batch",
        "--by",
        "Dana Whitfield",
        "--village",
        "palmyra",
        "--numbers",
        str(path),
        "--out",
        str(out),
    )
    return run(*args, ok=False), out


def test_a_labels_file_saved_with_a_byte_order_mark_is_read(
    clerk,  # noqa: F811
    tmp_path,
):
    text = "\n".join(article(n) for n in range(1, 5)) + "\r\n"
    result, out = _batch_with_numbers(clerk, tmp_path, ("\ufeff" + text).encode())
    assert result.exit_code == 0, result.output
    assert "Mail batch PA-M-2026-0001: 4 pieces" in result.output and out.is_dir()


@pytest.mark.parametrize(
    ("data", "said"),
    [
        (
            "".join(f"{article(n)}\n" for n in range(1, 7)).encode(),
            "has more article numbers than the batch's 4 pieces (line 5 is one too many)",
        ),
        (b"#" * 2**20 + b"\n", "is over 1 MB, far more than a file of article numbers"),
    ],
    ids=["too many numbers", "a huge file"],
)
def test_a_labels_file_far_too_long_is_refused_before_all_its_lines_are_looked_up(
    clerk,  # noqa: F811
    tmp_path,
    data,
    said,
):
    result, out = _batch_with_numbers(clerk, tmp_path, data)
    assert result.exit_code == 1
    assert said in result.output and "Traceback" not in result.output
    assert not out.exists()
    assert "There is no mail batch" in clerk("mail", "show", "PA-M-2026-0001", ok=False).output


def test_of_two_batches_planned_at_once_over_the_same_documents_the_second_is_refused(
    office,
):
    from datetime import UTC, datetime

    from noticeclerk.dispatch.mail_batch import BatchRequest, plan_batch, record_batch
    from noticeclerk.exceptions import InputError
    from noticeclerk.register.database import open_register, register_url

    engine = open_register(register_url(office, None))
    now = datetime(2026, 12, 1, 15, tzinfo=UTC)
    request = BatchRequest(village="palmyra", method="certified_mail", by="clerk")
    # Both clerks' commands have checked the documents before either records its batch.
    first, second = (plan_batch(engine, request, now=now, workspace=office) for _ in range(2))
    won = record_batch(engine, first, [article(n) for n in range(1, 5)], now=now, workspace=office)
    with pytest.raises(InputError) as refused:
        record_batch(engine, second, [article(n) for n in range(5, 9)], now=now, workspace=office)
    assert won.number == "PA-M-2026-0001"
    assert "is already in mail batch PA-M-2026-0001, not yet accepted" in str(refused.value)
    engine.dispose()


@pytest.mark.parametrize(
    ("pieces", "said"),
    [
        ("9", "cannot have received 9 pieces of batch PA-M-2026-0001: its mailing book lists 4;"),
        ("0", "The post office received 0 pieces, but the mailing book lists 4: name each piece"),
    ],
    ids=["more than listed", "none"],
)
def test_a_count_of_pieces_the_book_cannot_match_is_said_plainly(
    clerk,  # noqa: F811
    tmp_path,
    pieces,
    said,
):
    batch, _out = palmyra_batch(clerk, tmp_path)
    result = clerk(
        "mail",
        "accepted",
        "--by",
        "Dana Whitfield",
        batch,
        "--date",
        "2026-12-01T15:30",
        "--pieces",
        pieces,
        today="2026-12-02",
        ok=False,
    )
    assert result.exit_code == 1
    assert said in result.output and "which is" not in result.output
    assert "awaiting acceptance" in clerk("mail", "show", batch).output


def test_a_date_alone_on_the_morning_of_the_mailing_asks_for_the_postmarks_time(
    clerk,  # noqa: F811
    tmp_path,
):
    batch, _out = palmyra_batch(clerk, tmp_path)
    # --today is read at 12:00 UTC: 6 a.m. in Palmyra, before noon.
    result = clerk(
        "mail", "accepted", "--by", "Dana Whitfield", batch, "--date", "2026-12-01", ok=False
    )
    assert result.exit_code == 1
    assert "A date alone is read as 12:00 noon, still to come today" in result.output
    assert "--date 2026-12-01T09:30" in result.output
    assert "awaiting acceptance" in clerk("mail", "show", batch).output


def test_a_batch_accepted_already_is_said_at_the_postmarks_local_time(
    clerk,  # noqa: F811
    tmp_path,
):
    batch, _out = palmyra_batch(clerk, tmp_path)
    clerk(
        "mail",
        "accepted",
        "--by",
        "Dana Whitfield",
        batch,
        "--date",
        "2026-12-01T15:30",
        today="2026-12-02",
    )
    again = clerk(
        "mail",
        "accepted",
        "--by",
        "Dana Whitfield",
        batch,
        "--date",
        "2026-12-01T15:30",
        today="2026-12-02",
        ok=False,
    )
    cancel = clerk("mail", "cancel", batch, "--reason", "Never mailed.", ok=False)
    for refused in (again, cancel):
        assert refused.exit_code == 1
        assert (
            "already accepted by the post office (Tuesday, December 1, 2026 at 3:30 p.m. CST)"
            in (refused.output)
        )


def test_a_blank_line_in_piped_scans_does_not_drop_the_cards_after_it(
    clerk,  # noqa: F811
    tmp_path,
):
    batch, _out = palmyra_batch(clerk, tmp_path)
    clerk(
        "mail",
        "accepted",
        "--by",
        "Dana Whitfield",
        batch,
        "--date",
        "2026-12-01T15:30",
        today="2026-12-02",
    )
    scanned = f"{article(1)}\r\n\n{article(2)}\r\n\n\n{article(3)}"
    result = clerk("receipt", "--scan", "--signed", "2026-12-04", input=scanned, today="2026-12-07")
    assert result.output.count("Recorded: receipt signed for") == 3


def test_signed_by_without_signed_is_refused_before_the_first_card_is_scanned(
    clerk,  # noqa: F811
    tmp_path,
):
    batch, _out = palmyra_batch(clerk, tmp_path)
    clerk(
        "mail",
        "accepted",
        "--by",
        "Dana Whitfield",
        batch,
        "--date",
        "2026-12-01T15:30",
        today="2026-12-02",
    )
    result = clerk(
        "receipt",
        "--scan",
        "--unclaimed",
        "2026-12-04",
        "--signed-by",
        "M ROSS",
        input=f"{article(1)}\n{article(2)}\n",
        today="2026-12-07",
        ok=False,
    )
    assert result.exit_code == 1
    assert "--signed-by goes with --signed" in result.output
    assert "Article number" not in result.output and "Recorded" not in result.output


@pytest.mark.parametrize("option", ["--documents", "--cases"])
def test_a_5000_letter_number_is_quoted_back_cut_short(
    clerk,  # noqa: F811
    tmp_path,
    option,
):
    typed = "PA-D-2026-" + "9" * 4990
    result = clerk(
        "mail",
        "batch",
        "--by",
        "Dana Whitfield",
        "--village",
        "palmyra",
        option,
        typed,
        "--impb",
        "123456",
        "--out",
        str(tmp_path / "o"),
        ok=False,
    )
    assert result.exit_code == 1
    (error,) = [line for line in result.output.splitlines() if line.startswith("Error:")]
    assert "PA-D-2026-999" in error and "..." in error and len(error) < 200
    assert not (tmp_path / "o").exists()


def test_a_5000_letter_missing_piece_is_quoted_back_cut_short(
    clerk,  # noqa: F811
    tmp_path,
):
    batch, _out = palmyra_batch(clerk, tmp_path)
    result = clerk(
        "mail",
        "accepted",
        "--by",
        "Dana Whitfield",
        batch,
        "--date",
        "2026-12-01T15:30",
        "--pieces",
        "3",
        "--missing",
        "x" * 5000,
        today="2026-12-02",
        ok=False,
    )
    assert result.exit_code == 1 and "x" * 61 not in result.output and "...'" in result.output


def test_who_prepared_the_batch_prints_as_typed_on_the_cover_and_the_book(
    clerk,  # noqa: F811
    tmp_path,
):
    by = "Zoë <b>{{7*7}}</b> & Co"
    _batch, out = palmyra_batch(clerk, tmp_path, "--by", by)
    for name in ("letters.pdf", "mailing-book.pdf"):
        printed = pdf_text(out / name)
        assert by in printed, name
        assert "<b>49" not in printed and "&amp;" not in printed


def test_a_labels_file_of_binary_garbage_is_refused_as_not_text(
    clerk,  # noqa: F811
    tmp_path,
):
    result, out = _batch_with_numbers(clerk, tmp_path, b"9407\xff\xfe\x00\x89PNG\r\n" * 10)
    assert result.exit_code == 1
    assert "(--numbers) is not a text file (its byte 5 is not UTF-8)" in result.output
    assert "codec" not in result.output and not out.exists()
