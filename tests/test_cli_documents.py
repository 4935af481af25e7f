"""`noticeclerk demo`, `catalog` and `doctor`, run as a clerk would from the README."""

from __future__ import annotations

import json
import re
import shutil
import tomllib
from pathlib import Path

from noticeclerk.cli import cli
from noticeclerk.content.folders import casebook_cases
from noticeclerk.render import refuse_shared_numbers

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
    # The workspace's case stands in for the sample's of the same name. The tenth of the
    # casebook's cases: the first ones are rendered and staged before it is found bad.
    workspace = tmp_path / "office"
    shutil.copytree(CASEBOOK / "luck", workspace / "casebook" / "luck")
    case = workspace / "casebook" / "luck" / "obstruction-sidewalk.toml"
    assert casebook_cases(workspace).index(case) == 9
    case.write_text(
        re.sub(r"\nlocation = .*", "", case.read_text(encoding="utf-8")), encoding="utf-8"
    )
    out = tmp_path / "demo"
    result = runner.invoke(cli, ["--workspace", str(workspace), "demo", "--out", str(out)])
    assert result.exit_code == 1
    assert "obstruction-sidewalk.toml: the fact 'location'" in result.output
    assert not out.exists()


def copy_with_numbers(source: Path, target: Path, case: str, document: str) -> Path:
    """A sample case file under another name, with only its case and document numbers set."""
    lines = source.read_text(encoding="utf-8").splitlines(keepends=True)
    numbered = [
        f'case = "{case}"\n'
        if line.startswith("case = ")
        else f'document = "{document}"\n'
        if line.startswith("document = ")
        else line
        for line in lines
    ]
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text("".join(numbered), encoding="utf-8")
    return target


def test_render_refuses_two_case_files_with_one_document_number_and_writes_nothing(
    runner, tmp_path
):
    first = CASEBOOK / "luck" / "snow-ice-nonhazardous.toml"
    second = copy_with_numbers(
        CASEBOOK / "luck" / "snow-ice-removal-bill.toml",
        tmp_path / "bill.toml",
        case="LU-2026-0044",
        document=tomllib.loads(first.read_text(encoding="utf-8"))["document"],
    )
    out = tmp_path / "out"
    result = runner.invoke(cli, ["render", str(first), str(second), "--out", str(out)])
    assert result.exit_code == 1, result.output
    assert str(first) in result.output and str(second) in result.output
    assert "both carry the document number LU-2026-S-" in result.output
    assert "Traceback" not in result.output
    assert not out.exists()


def test_render_refuses_two_cases_with_one_case_number(runner, tmp_path):
    first = CASEBOOK / "luck" / "snow-ice-nonhazardous.toml"
    # The same case number on a privilege permit for another parcel: another case.
    second = copy_with_numbers(
        CASEBOOK / "luck" / "street-privilege-permit.toml",
        tmp_path / "permit.toml",
        case="LU-2026-0044",
        document="LU-2026-P-9999",
    )
    out = tmp_path / "out"
    result = runner.invoke(cli, ["render", str(first), str(second), "--out", str(out)])
    assert result.exit_code == 1, result.output
    assert f"{first} and {second} both carry the case number LU-2026-0044" in result.output
    assert not out.exists()


def test_render_writes_the_documents_of_one_case_which_share_its_case_number(runner, tmp_path):
    notice = CASEBOOK / "luck" / "snow-ice-nonhazardous.toml"
    bill = CASEBOOK / "luck" / "snow-ice-removal-bill.toml"
    out = tmp_path / "out"
    result = runner.invoke(
        cli, ["render", str(notice), str(bill), "--format", "pdf", "--out", str(out)]
    )
    assert result.exit_code == 0, result.output
    assert len(list(out.glob("*.pdf"))) == 2


def test_demo_refuses_a_casebook_in_which_two_documents_share_a_number(runner, tmp_path):
    workspace = tmp_path / "office"
    copy_with_numbers(
        CASEBOOK / "palmyra" / "sidewalk-permit.toml",
        workspace / "casebook" / "palmyra" / "sidewalk-permit-again.toml",
        case="PA-2026-0027",
        document=tomllib.loads(
            (CASEBOOK / "palmyra" / "sidewalk-order.toml").read_text(encoding="utf-8")
        )["document"],
    )
    out = tmp_path / "demo"
    result = runner.invoke(cli, ["--workspace", str(workspace), "demo", "--out", str(out)])
    assert result.exit_code == 1, result.output
    assert "sidewalk-order.toml and " in result.output
    assert "sidewalk-permit-again.toml both carry the document number" in result.output
    assert not out.exists()


def test_no_two_documents_of_the_casebook_share_a_document_number():
    numbers: dict[str, list[str]] = {}
    for case in casebook_cases():
        header = tomllib.loads(case.read_text(encoding="utf-8"))
        numbers.setdefault(header["document"], []).append(f"{case.parent.name}/{case.name}")
    assert {n: files for n, files in numbers.items() if len(files) > 1} == {}


def test_no_two_cases_of_the_casebook_share_a_case_number():
    # Documents of one case share its number; two different cases never do.
    refuse_shared_numbers(casebook_cases())


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


def test_catalog_shows_which_cited_section_letters_are_inferred_and_why(runner):
    result = runner.invoke(cli, ["catalog", "--village", "luck"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    notice = next(i for i, line in enumerate(lines) if "faulty-work-notice" in line)
    # The citations keep their marks; the next line lists the inferred ones as documents cite them.
    assert "§ 496-6H(2) (inferred)" in lines[notice + 1]
    assert lines[notice + 2].split() == ["Inferred:", "§", "496-6H(2);", "§", "496-6H(3)"]
    assert lines[-1] == (
        "Inferred: The ordinance text as published does not print these section numbers or "
        "letters; they are inferred from the order of the text and its cross-references, and "
        "documents cite them plainly."
    )


def test_catalog_json_lists_the_inferred_citations_of_each_notice_type(runner):
    rows = json.loads(runner.invoke(cli, ["catalog", "--json", "--village", "village-a"]).output)
    parking = next(row for row in rows if row["notice"] == "notice-of-violation-parking")
    assert "§ 134-44 (inferred)" in parking["sections"]
    assert "§ 134-44" in parking["inferred"]
    assert "§ 134-42D" not in parking["inferred"]
