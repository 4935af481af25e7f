"""`noticeclerk demo`, `catalog` and `doctor`, run as a clerk would from the README."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from noticeclerk.cli import cli
from noticeclerk.content.folders import casebook_cases

CASEBOOK = Path(__file__).resolve().parent.parent / "casebook"


def test_demo_renders_a_pdf_and_a_docx_for_every_sample_case(runner, tmp_path):
    result = runner.invoke(cli, ["demo", "--out", str(tmp_path / "demo")])
    assert result.exit_code == 0, result.output
    written = sorted(
        p.relative_to(tmp_path / "demo").as_posix()
        for p in (tmp_path / "demo").rglob("*.*")
        if p.suffix in (".pdf", ".docx")
    )
    assert len(written) == 2 * len(casebook_cases())
    assert "tuckahoe/TU-2026-N-0012-notice-to-repair-sidewalk.pdf" in written
    assert result.output.count("Wrote ") == len(written) + 1
    index = (tmp_path / "demo" / "index.html").read_text(encoding="utf-8")
    assert index.count("<h2>") == 5
    assert 'href="tuckahoe/TU-2026-N-0012-notice-to-repair-sidewalk.pdf"' in index
    assert not list((tmp_path / "demo").rglob(".partial-*"))


def test_demo_writes_nothing_when_one_case_is_bad(runner, tmp_path):
    workspace = tmp_path / "office"
    shutil.copytree(CASEBOOK / "palmyra", workspace / "casebook" / "palmyra")
    case = workspace / "casebook" / "palmyra" / "house-numbering-notice.toml"
    case.write_text(
        case.read_text(encoding="utf-8").replace('street = "Taft Street"\n', ""), encoding="utf-8"
    )
    out = tmp_path / "demo"
    result = runner.invoke(cli, ["--workspace", str(workspace), "demo", "--out", str(out)])
    assert result.exit_code == 1
    assert "the fact 'street'" in result.output
    assert not out.exists()


def test_catalog_lists_every_village_s_documents_as_json(runner):
    result = runner.invoke(cli, ["catalog", "--json"])
    assert result.exit_code == 0, result.output
    rows = json.loads(result.output)
    assert {row["village"] for row in rows} == {
        "village-a",
        "village-b",
        "luck",
        "tuckahoe",
        "palmyra",
    }
    directive = next(row for row in rows if row["notice"] == "directive-to-comply")
    assert directive["service"] == ["hand_owner", "hand_suitable_age", "email", "door_and_phone"]


def test_doctor_names_each_check(runner):
    result = runner.invoke(cli, ["doctor"])
    assert "WeasyPrint" in result.output
    assert "HarfBuzz font subsetting" in result.output
    # The README's set-up installs both the fonts and HarfBuzz subsetting.
    assert result.exit_code == 0, result.output
