"""A notice type whose law a court has held preempted (issue 12, legal harm 1): Tuckahoe's
Ch. 19A notices, after People v. Diack, 24 N.Y.3d 674 (2015). `issue` and `render` refuse them,
citing the decision, unless the village's file records the village attorney's written approval;
then every page says so. The catalogue shows the status, and the sample data tie no real
street to a named person."""

from __future__ import annotations

import io
import json
import shutil
import tomllib
from pathlib import Path

import docx
import pytest
from clerk import clerk_at, own_village_file
from document_text import pdf_pages

from noticeclerk.cli import cli
from noticeclerk.content.roll import parse_roll
from noticeclerk.content.village import load_village
from noticeclerk.exceptions import ConfigError
from noticeclerk.legal_status import NotApproved
from noticeclerk.render import Renderer, render_many

ROOT = Path(__file__).resolve().parent.parent
CASEBOOK = ROOT / "casebook" / "tuckahoe"
CH_19A = ["relocation-notice", "rental-letter"]
DIACK = "People v. Diack, 24 N.Y.3d 674 (2015)"
APPROVAL = """
[approvals.relocation-notice]
attorney = "Morgan Counsel"
date = 2026-09-15
says = "Issue on my letter of September 15, 2026 to the Board of Trustees."
"""


def tuckahoe_file(workspace: Path, *, approvals: str = "", own: bool = False) -> Path:
    """A workspace copy of Tuckahoe's file without the sample's specimen approvals, with the
    `approvals` given; `own` makes it the Village's own file (demonstration off)."""
    folder = workspace / "letterheads" / "tuckahoe"
    shutil.copytree(ROOT / "letterheads" / "tuckahoe", folder)
    file = folder / "letterhead.toml"
    text = file.read_text(encoding="utf-8")
    file.write_text(text[: text.index("[approvals.")], encoding="utf-8")
    if own:
        own_village_file(folder)
    file.write_text(file.read_text(encoding="utf-8") + approvals, encoding="utf-8")
    return file


def render(case: str, workspace: Path | None = None, formats: tuple[str, ...] = ("pdf", "docx")):
    return Renderer(workspace).render(CASEBOOK / f"{case}.toml", formats)


@pytest.mark.parametrize("notice", CH_19A)
def test_render_refuses_a_preempted_notice_type_without_approval_naming_the_decision(
    notice, tmp_path, runner
):
    tuckahoe_file(tmp_path)
    out = tmp_path / "out"
    result = runner.invoke(
        cli,
        [
            "--workspace",
            str(tmp_path),
            "render",
            str(CASEBOOK / f"{notice}.toml"),
            "--out",
            str(out),
        ],
    )
    assert result.exit_code == 1
    assert DIACK in result.output
    assert f"[approvals.{notice}]" in result.output
    assert "Traceback" not in result.output
    assert not out.exists()


def test_a_case_for_a_preempted_notice_type_is_not_opened_without_approval(tmp_path, runner):
    """NY legal reading CF-14: `case open` recorded a named person as a registered sex offender
    in the register before the notice was refused at issue. Nothing is recorded now."""
    clerk = clerk_at(tmp_path, runner, "tuckahoe")
    tuckahoe_file(clerk.office)
    case_file = str(CASEBOOK / "relocation-notice.toml")
    refused = clerk("case", "open", "--from", case_file, today="2026-09-21", ok=False)
    assert refused.exit_code == 1
    assert DIACK in refused.output
    assert "Traceback" not in refused.output
    listed = clerk("case", "list", "--json", today="2026-09-21")
    assert "TU-C-2026-0001" not in listed.output
    # Once the attorney's approval is recorded, the case opens and the first number is free.
    file = clerk.office / "letterheads" / "tuckahoe" / "letterhead.toml"
    own_village_file(file.parent)
    file.write_text(file.read_text(encoding="utf-8") + APPROVAL, encoding="utf-8")
    clerk("case", "open", "--from", case_file, today="2026-09-21")
    issued = clerk("issue", "TU-C-2026-0001", today="2026-09-21")
    assert "Issued TU-D-2026-00001: Notice to Relocate" in issued.output


def test_with_the_attorney_s_approval_every_page_of_the_pdf_and_the_docx_carries_the_status(
    tmp_path,
):
    tuckahoe_file(tmp_path, approvals=APPROVAL, own=True)
    rendered = render("relocation-notice", tmp_path)
    status = (
        "Issued on the written approval of Morgan Counsel, Village Attorney, dated September 15, "
        "2026, although the New York Court of Appeals held that state law preempts local laws "
        f"restricting where registered sex offenders may live ({DIACK})."
    )
    pages = [" ".join(page.split()) for page in pdf_pages(rendered.files["pdf"])]
    assert len(pages) >= 2
    for page in pages:
        assert status in page
    section = docx.Document(io.BytesIO(rendered.files["docx"])).sections[0]
    for footer in (section.first_page_footer, section.footer):
        assert status in [paragraph.text for paragraph in footer.paragraphs]


def test_the_sample_s_approval_is_a_specimen_and_every_page_says_so():
    rendered = render("rental-letter", formats=("pdf",))
    for page in pdf_pages(rendered.files["pdf"]):
        words = " ".join(page.split())
        assert "(a specimen approval), although the New York Court of Appeals" in words
        assert DIACK in words


def test_an_approval_dated_after_the_document_is_refused(tmp_path):
    tuckahoe_file(tmp_path, approvals=APPROVAL.replace("2026-09-15", "2026-09-22"), own=True)
    with pytest.raises(NotApproved, match="dated 2026-09-22, after this document's date"):
        render("relocation-notice", tmp_path)


def test_a_sample_village_s_approval_must_say_it_is_a_specimen(tmp_path):
    tuckahoe_file(tmp_path, approvals=APPROVAL)
    with pytest.raises(ConfigError, match=r"approvals\.relocation-notice\.specimen.*must be true"):
        load_village("tuckahoe", tmp_path)


def test_a_village_s_own_file_refuses_a_specimen_approval(tmp_path):
    tuckahoe_file(tmp_path, approvals=APPROVAL + "specimen = true\n", own=True)
    with pytest.raises(ConfigError, match="a specimen approval authorises no real notice"):
        load_village("tuckahoe", tmp_path)


def test_catalog_shows_the_legal_status_and_the_approval_recorded(tmp_path, runner):
    tuckahoe_file(tmp_path, approvals=APPROVAL, own=True)
    shown = runner.invoke(cli, ["--workspace", str(tmp_path), "catalog", "--village", "tuckahoe"])
    assert shown.exit_code == 0, shown.output
    lines = shown.output.splitlines()
    for notice in CH_19A:
        (at,) = [n for n, line in enumerate(lines) if line.split()[:1] == [notice]]
        assert lines[at + 2].strip().startswith("PREEMPTED:")
        assert DIACK in lines[at + 2]
    relocation = next(line for line in lines if "approved by Morgan Counsel" in line)
    assert "2026-09-15" in relocation
    assert sum("no approval is recorded, so issue and render refuse it" in ln for ln in lines) == 1
    rows = json.loads(
        runner.invoke(
            cli, ["--workspace", str(tmp_path), "catalog", "--village", "tuckahoe", "--json"]
        ).output
    )
    by_notice = {row["notice"]: row["legal_status"] for row in rows}
    assert by_notice["relocation-notice"]["status"] == "preempted"
    assert by_notice["relocation-notice"]["authority"] == DIACK
    assert by_notice["relocation-notice"]["approval"]["attorney"] == "Morgan Counsel"
    assert by_notice["rental-letter"]["approval"] is None
    assert by_notice["notice-to-repair-sidewalk"] is None


def test_the_demo_batch_skips_a_preempted_case_without_approval_with_a_line_saying_why(tmp_path):
    tuckahoe_file(tmp_path)
    skipped: list[tuple[Path, str]] = []
    cases = [CASEBOOK / f"{notice}.toml" for notice in CH_19A]
    cases.append(CASEBOOK / "fence-wall-order.toml")
    rendered = render_many(
        cases, ("pdf",), tmp_path, skipped=lambda case, why: skipped.append((case, why))
    )
    assert [document.stem for document in rendered] == ["TU-2026-N-0021-fence-wall-order"]
    assert [case for case, _ in skipped] == cases[:2]
    assert all(DIACK in why for _, why in skipped)


@pytest.mark.parametrize("notice", CH_19A)
def test_the_sample_cases_tie_no_real_street_to_a_named_person(notice):
    case = tomllib.loads((CASEBOOK / f"{notice}.toml").read_text(encoding="utf-8"))
    assert "Example" in case["recipient"]["address_lines"][0]
    roll = {parcel.parcel_id: parcel for parcel in parse_roll(CASEBOOK / "roll.csv")}
    for parcel_id in case["parcels"]:
        parcel = roll[parcel_id]
        assert "Example" in parcel.property_address
        assert "Example" in parcel.mailing_lines[0]
