"""Which documents list the manners they may be served in: only those whose ordinance requires
the notice itself to say (the notice type's states_service). Elsewhere a list of every manner
allowed left the recipient unable to tell which was used (issue 12, "Confusing"); the affidavit
of service states the one that was."""

from __future__ import annotations

from pathlib import Path

import pytest
from clerk import VILLAGE_A_DIRECTIVE, clerk_at, issued_number, pdf_text

from noticeclerk.content.casefile import read_case_header
from noticeclerk.content.folders import casebook_cases
from noticeclerk.content.notice_types import load_notice, notice_names
from noticeclerk.exceptions import ConfigError
from noticeclerk.render import Renderer, render_case

ROOT = Path(__file__).resolve().parent.parent
DIRECTIVE_CASE = ROOT / "casebook" / "village-a" / "directive-to-comply.toml"
DIRECTIVE_TYPE = ROOT / "notices" / "village-a" / "directive-to-comply.toml"
# What the service partial prints when, and only when, a notice type declares states_service.
LIST = 'class="service-methods"'
HEADING = "How this document may be served"
VILLAGES = ("luck", "palmyra", "tuckahoe", "village-a", "village-b")


@pytest.fixture(scope="module")
def renderer() -> Renderer:
    return Renderer()


@pytest.mark.parametrize("case", casebook_cases(), ids=lambda c: f"{c.parent.name}/{c.stem}")
def test_a_sample_document_lists_its_manners_of_service_only_where_its_type_declares_it(
    case, renderer
):
    header = read_case_header(case)
    notice = load_notice(header.village, header.notice)
    html = renderer.render(case, formats=()).html
    declared = notice.states_service is not None
    assert (LIST in html) == declared and (HEADING in html) == declared, notice.slug


def test_no_notice_type_of_the_five_villages_declares_that_its_ordinance_requires_it():
    # Read for issue 12: each ordinance says how a notice is served, none that the notice itself
    # must say so. A notice type that declares it must quote the words that do.
    declared = [
        f"{village}/{slug}"
        for village in VILLAGES
        for slug in notice_names(village)
        if load_notice(village, slug).states_service is not None
    ]
    assert declared == []


def declaring(workspace: Path, value: str) -> Path:
    """A workspace whose Village A directive declares `value` as the section requiring it to
    state how it may be served."""
    folder = workspace / "notices" / "village-a"
    folder.mkdir(parents=True)
    text = DIRECTIVE_TYPE.read_text(encoding="utf-8")
    (folder / DIRECTIVE_TYPE.name).write_text(f"states_service = {value}\n{text}", encoding="utf-8")
    return workspace


def test_a_notice_type_that_declares_states_service_lists_each_manner_under_the_section(
    tmp_path,
):
    workspace = declaring(tmp_path, '"§ 134-43 (inferred)"')
    notice = load_notice("village-a", "directive-to-comply", workspace)
    html = render_case(DIRECTIVE_CASE, (), workspace).html
    assert LIST in html and HEADING in html
    # The section prints plainly, without its inferred mark.
    assert "§ 134-43 requires this document to state how it may be served" in html
    listed = html.split(LIST)[1].split("</ol>")[0]
    assert listed.count("<li>") == len(notice.service) == 4
    for method in notice.service:
        assert method.words in listed


def test_a_states_service_with_a_control_character_is_refused(tmp_path):
    workspace = declaring(tmp_path, '"§ 134-43\\u0007"')
    with pytest.raises(ConfigError, match="states_service"):
        load_notice("village-a", "directive-to-comply", workspace)


def test_the_served_copy_names_no_manner_and_the_affidavit_names_the_one_used(tmp_path, runner):
    clerk = clerk_at(tmp_path, runner, "village-a")
    clerk(*VILLAGE_A_DIRECTIVE, today="2026-12-01")
    number = issued_number(clerk("issue", "VA-C-2026-0001", today="2026-12-01"))
    clerk(
        "serve", number, "--method", "hand_suitable_age", "--by", "J. Avery",
        "--at", "2026-12-01T10:15", "--to", "Ann Smith", "--relationship", "lives there",
        "--address", "12 A Street", today="2026-12-02",
    )  # fmt: skip
    (issued,) = (clerk.office / "outputs").rglob(f"{number}-*.pdf")
    notice = " ".join(pdf_text(issued).split())
    assert "HOW THIS DIRECTIVE IS SERVED" not in notice.upper()
    assert HEADING.upper() not in notice.upper()
    assert "in one of the following manners" not in notice
    assert "Emailed to the email address" not in notice
    out = tmp_path / "proof"
    clerk("proof", number, "--out", str(out), today="2026-12-02")
    (affidavit,) = out.rglob("*.pdf")
    sworn = " ".join(pdf_text(affidavit).split())
    assert "by hand delivery to a person of suitable age and discretion at the dwelling" in sworn
