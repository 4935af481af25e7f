"""The wheel carries the content folders a clerk edits, so `pip install .` works anywhere."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
CONTENT_FOLDERS = ["letterheads", "notices", "templates", "casebook"]


def test_the_wheel_carries_every_letterhead_notice_template_and_sample_case(tmp_path):
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--no-build-isolation",
            "-q",
            "-w",
            str(tmp_path),
            str(REPO),
        ],
        check=True,
    )
    (wheel,) = tmp_path.glob("noticeclerk-*.whl")
    packed = set(zipfile.ZipFile(wheel).namelist())
    expected = {
        f"noticeclerk/_content/{path.relative_to(REPO).as_posix()}"
        for folder in CONTENT_FOLDERS
        for path in (REPO / folder).rglob("*")
        if path.is_file()
    }
    assert expected, "the content folders are empty"
    assert expected <= packed, sorted(expected - packed)
    assert "noticeclerk/rules/periods.py" in packed
    # The register's migrations run from the installed package.
    assert {
        "noticeclerk/register/migrations/env.py",
        "noticeclerk/register/migrations/versions/0001_initial.py",
    } <= packed
