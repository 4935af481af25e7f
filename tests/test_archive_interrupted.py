"""Archive commands killed (SIGKILL, no chance to clean up) at their worst moment, run as the
clerk runs them, in their own process: afterwards `archive verify` explains what is left, the
same command run again completes, and nothing kept is lost."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from clerk import CASEBOOK, Clerk, clerk_at, issued_number
from click.testing import CliRunner
from PIL import Image

TODAY = "2026-12-01"
ROOT = Path(__file__).resolve().parent.parent

# Runs the command with `module:Class.attribute` (or `module:function`) replaced by a kill of
# its own process, the moment it is first called.
KILLED = """
import importlib, os, signal, sys
place, attribute = sys.argv[1].split(":")
owner = importlib.import_module(place)
*path, name = attribute.split(".")
for part in path:
    owner = getattr(owner, part)
setattr(owner, name, lambda *args, **kwargs: os.kill(os.getpid(), signal.SIGKILL))
from noticeclerk.cli import cli
cli.main(sys.argv[2:], prog_name="noticeclerk")
"""


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> tuple[Path, dict[str, str]]:
    base = tmp_path_factory.mktemp("interrupted")
    clerk = clerk_at(base, CliRunner(env={"NOTICECLERK_TODAY": TODAY}), "village-a")
    case_file = CASEBOOK / "village-a" / "maintenance-bill.toml"
    case = clerk("case", "open", "--from", str(case_file)).output.split()[-1].rstrip(".")
    document = issued_number(clerk("issue", case))
    return clerk.office, {"case": case, "document": document}


@pytest.fixture
def clerk(built, tmp_path) -> Clerk:
    copy = tmp_path / "office"
    shutil.copytree(built[0], copy)
    return Clerk(copy, CliRunner(env={"NOTICECLERK_TODAY": TODAY}))


@pytest.fixture
def ids(built) -> dict[str, str]:
    return built[1]


@pytest.fixture
def card(tmp_path) -> Path:
    path = tmp_path / "green-card.png"
    Image.new("RGB", (120, 80), "green").save(path, "PNG")
    return path


def killed_at(clerk: Clerk, where: str, *args: str, today: str = TODAY) -> None:
    environment = {**os.environ, "NOTICECLERK_TODAY": today, "PYTHONPATH": str(ROOT)}
    finished = subprocess.run(
        [sys.executable, "-c", KILLED, where, "--workspace", str(clerk.office), *args],
        env=environment,
        capture_output=True,
        timeout=300,
    )
    assert finished.returncode == -signal.SIGKILL, finished.stderr.decode()


def events(clerk: Clerk) -> list[str]:
    import sqlite3

    with sqlite3.connect(clerk.office / "noticeclerk.db") as db:
        return [row[0] for row in db.execute("SELECT event FROM archive_ledger ORDER BY seq")]


def add_card(clerk: Clerk, card: Path, document: str, **kwargs):
    return clerk(
        "archive", "add", str(card), "--document", document, "--kind", "green-card", **kwargs
    )


def test_an_add_killed_between_storing_and_recording_is_named_and_completed_by_adding_again(
    clerk, ids, card
):
    killed_at(
        clerk, "noticeclerk.archive.ledger:append",
        "archive", "add", str(card), "--document", ids["document"], "--kind", "green-card",
    )  # fmt: skip
    assert events(clerk) == ["copied"]
    stray = clerk("archive", "verify", ok=False).output
    assert "is in no archive record: an add was interrupted" in stray
    assert "Archived green-card.png as item 2" in add_card(clerk, card, ids["document"]).output
    assert "Checked 2 archive items" in clerk("archive", "verify").output


def test_an_export_killed_while_writing_leaves_no_zip_and_no_entry_and_runs_again(
    clerk, ids, tmp_path
):
    out = tmp_path / "request.zip"
    killed_at(
        clerk, "noticeclerk.store.folder:FolderStore.read",
        "archive", "export", "--case", ids["case"], "--out", str(out),
    )  # fmt: skip
    assert not out.exists()
    assert events(clerk) == ["copied"]
    clerk("archive", "verify")
    assert (
        "Exported 1 file"
        in clerk("archive", "export", "--case", ids["case"], "--out", str(out)).output
    )


def test_a_disposal_killed_after_its_record_is_completed_by_disposing_again(clerk, ids, card):
    sha256 = add_card(clerk, card, ids["document"]).output.split("SHA-256 ")[1].split()[0]
    clerk("case", "close", ids["case"], "--reason", "paid")
    dispose = (
        "archive", "dispose", "2", "--authorised-by", "Jordan Avery",
        "--authority", "Board resolution 2032-14",
    )  # fmt: skip
    killed_at(clerk, "noticeclerk.store.folder:FolderStore.remove", *dispose, today="2032-12-02")
    left = clerk.office / "archive" / "objects" / sha256[:2] / sha256
    assert left.exists()
    assert events(clerk)[-1] == "disposed"
    note = clerk("archive", "verify", today="2032-12-02").output
    assert "the disposal was interrupted" in note
    again = clerk(*dispose, today="2032-12-02")
    assert "finished" in again.output
    assert not left.exists()
    assert events(clerk).count("disposed") == 1
    assert "disposal was interrupted" not in clerk("archive", "verify", today="2032-12-02").output
