"""Where files are written: a link, a file or a missing folder where a folder should be, a
folder that may not be written to, a name too long, a full disk: one sentence each, nothing
half-written or written through a link, and files with the clerk's umask unless asked private."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest
from clerk import CASEBOOK, Clerk, clerk_at
from click.testing import CliRunner, Result

from noticeclerk import writing
from noticeclerk.cli import cli
from noticeclerk.exceptions import OutputError
from noticeclerk.writing import write_file, write_whole

HOUSE_NUMBERING = CASEBOOK / "palmyra" / "house-numbering-notice.toml"


def one_sentence(result: Result) -> str:
    """The error a command ended with, checked to be one line and no traceback."""
    assert result.exit_code == 1, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: "), result.output
    return lines[0]


@pytest.fixture
def clerk(tmp_path: Path, runner: CliRunner) -> Clerk:
    return clerk_at(tmp_path, runner, "palmyra")


def test_roll_export_refuses_an_out_that_is_a_link_and_leaves_its_target_alone(clerk, tmp_path):
    victim = tmp_path / "minutes.txt"
    victim.write_text("The minutes of the March meeting.\n")
    link = tmp_path / "roll.csv"
    link.symlink_to(victim)
    error = one_sentence(
        clerk("roll", "export", "--village", "palmyra", "--out", str(link), ok=False)
    )
    assert "is a symbolic link, and noticeclerk never writes through one" in error
    assert victim.read_text() == "The minutes of the March meeting.\n"
    assert link.is_symlink()


def test_roll_export_into_a_missing_folder_is_one_sentence_and_makes_nothing(clerk, tmp_path):
    out = tmp_path / "no-such-folder" / "roll.csv"
    error = one_sentence(
        clerk("roll", "export", "--village", "palmyra", "--out", str(out), ok=False)
    )
    assert f"the folder {out.parent} does not exist" in error
    assert not out.parent.exists()


def test_roll_export_under_a_file_is_one_sentence(clerk, tmp_path):
    (tmp_path / "notes.txt").write_text("not a folder")
    out = tmp_path / "notes.txt" / "roll.csv"
    error = one_sentence(
        clerk("roll", "export", "--village", "palmyra", "--out", str(out), ok=False)
    )
    assert "is a file, not a folder" in error
    assert (tmp_path / "notes.txt").read_text() == "not a folder"


def test_roll_export_is_written_with_the_umask_and_private_only_when_asked(
    clerk, tmp_path, monkeypatch
):
    previous = os.umask(0o027)
    try:
        clerk("roll", "export", "--village", "palmyra", "--out", str(tmp_path / "shared.csv"))
        monkeypatch.setenv("NOTICECLERK_PRIVATE_FILES", "yes")
        clerk("roll", "export", "--village", "palmyra", "--out", str(tmp_path / "private.csv"))
    finally:
        os.umask(previous)
    assert (tmp_path / "shared.csv").stat().st_mode & 0o777 == 0o640
    assert (tmp_path / "private.csv").stat().st_mode & 0o777 == 0o600
    assert (tmp_path / "shared.csv").read_bytes().startswith(b"\xef\xbb\xbfparcel_id,")


def test_render_over_a_link_refuses_it_and_leaves_its_target_alone(runner, tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    victim = tmp_path / "minutes.txt"
    victim.write_text("The minutes.\n")
    (out / "PA-2026-H-0002-house-numbering-notice.pdf").symlink_to(victim)
    result = runner.invoke(cli, ["render", str(HOUSE_NUMBERING), "--out", str(out)])
    assert "is a symbolic link" in one_sentence(result)
    assert victim.read_text() == "The minutes.\n"


def test_render_with_a_300_character_document_number_is_one_sentence_and_writes_nothing(
    runner, tmp_path
):
    folder = tmp_path / "cases"
    folder.mkdir()
    (folder / "roll.csv").write_bytes((CASEBOOK / "palmyra" / "roll.csv").read_bytes())
    case = HOUSE_NUMBERING.read_text().replace('"PA-2026-H-0002"', '"' + "N" * 300 + '"')
    (folder / "long.toml").write_text(case)
    out = tmp_path / "out"
    result = runner.invoke(cli, ["render", str(folder / "long.toml"), "--out", str(out)])
    error = one_sentence(result)
    assert "its name is 327 bytes long and the file system takes at most" in error
    assert not out.exists() or not list(out.iterdir())


def test_render_into_a_folder_under_a_file_is_one_sentence(runner, tmp_path):
    (tmp_path / "notes.txt").write_text("not a folder")
    result = runner.invoke(
        cli, ["render", str(HOUSE_NUMBERING), "--out", str(tmp_path / "notes.txt" / "sub")]
    )
    assert "part of its path is a file, not a folder" in one_sentence(result)


def test_a_folder_that_may_not_be_written_to_is_one_sentence(tmp_path, monkeypatch):
    # Root writes into read-only folders, so the file system's refusal is what is simulated.
    def refused(**_: object) -> tuple[int, str]:
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(writing.tempfile, "mkstemp", refused)
    with pytest.raises(
        OutputError, match="its folder may not be written to; choose a folder you may write to"
    ):
        write_whole({"pdf": b"%PDF"}, "PA-D-2026-00001", tmp_path)
    assert list(tmp_path.iterdir()) == []


def test_a_full_disk_leaves_no_partial_file_and_the_old_copy_whole(tmp_path, monkeypatch):
    target = tmp_path / "roll.csv"
    target.write_bytes(b"the copy from yesterday")

    def full(*_: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(writing.os, "replace", full)
    with pytest.raises(OutputError, match="the disk is full; free some space"):
        write_file(target, b"today's copy")
    assert [p.name for p in tmp_path.iterdir()] == ["roll.csv"]
    assert target.read_bytes() == b"the copy from yesterday"


def test_an_out_that_is_a_folder_is_refused_as_a_file_name(tmp_path):
    (tmp_path / "roll.csv").mkdir()
    with pytest.raises(OutputError, match="it is a folder; give a file name"):
        write_file(tmp_path / "roll.csv", b"x")
