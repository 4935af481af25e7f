"""Publishing attacked as a hostile or unlucky clerk would: insertions that do not meet the law,
a service recorded twice, a notice voided after it was published, private words on the public
site, and a site written over the wrong folder; each through the command line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from clerk import CASEBOOK, Clerk, clerk_at, issued_number
from click.testing import CliRunner
from test_chains_palmyra import PUBLICATION_FACTS, elm_notice_mailed_and_returned, facts
from test_publish_register import ISSUED_ON, affidavit_pdf, office_with_two_notices


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> tuple[Path, dict[str, str]]:
    return office_with_two_notices(tmp_path_factory.mktemp("attack"))


@pytest.fixture
def numbers(built) -> dict[str, str]:
    return built[1]


@pytest.fixture
def clerk(office) -> Clerk:
    return Clerk(office, CliRunner(env={"NOTICECLERK_TODAY": ISSUED_ON}))


@pytest.fixture
def affidavit(tmp_path) -> Path:
    path = tmp_path / "affidavit.pdf"
    path.write_bytes(affidavit_pdf())
    return path


@pytest.fixture
def elm_clerk(tmp_path, runner) -> Clerk:
    """Palmyra's Dutch elm notice mailed and returned, and its publication issued (class 3)."""
    clerk = clerk_at(tmp_path / "elm", runner, "palmyra")
    elm_notice_mailed_and_returned(clerk)
    clerk("case", "record", "PA-C-2026-0001", *facts(*PUBLICATION_FACTS), today="2026-07-22")
    clerk("case", "record", "PA-C-2026-0001", "--event=publication=2026-07-30", today="2026-07-22")
    clerk("issue", "PA-C-2026-0001", "dutch-elm-abatement-publication", today="2026-07-22")
    return clerk


def published(clerk: Clerk, number: str, affidavit: Path, *days: str, today: str, ok=True):
    dates = [part for day in days for part in ("--published", day)]
    return clerk(
        "publish", "record", number, *dates, "--affidavit", str(affidavit), today=today, ok=ok
    )


def test_a_class_3_notice_printed_three_days_running_is_refused(elm_clerk, affidavit):
    # Thursday, Friday, Saturday of one week cannot be three consecutive weeks, however the
    # weeks are reckoned (Wis. Stat. § 985.01(1m)).
    result = published(
        elm_clerk,
        "PA-D-2026-00002",
        affidavit,
        "2026-07-30",
        "2026-07-31",
        "2026-08-01",
        today="2026-08-02",
        ok=False,
    )
    assert result.exit_code == 1
    assert "consecutive weeks" in result.output


def test_prepare_refuses_an_elm_notice_whose_last_insertion_is_not_the_day_it_counts_from(
    elm_clerk,
):
    # The notice says its 30 days run from July 30, the case's publication; a class 3 notice
    # printed from July 30 serves on its last insertion, August 13 (§ 8.15(5)(b)1).
    result = elm_clerk("publish", "prepare", "PA-D-2026-00002", today="2026-07-22", ok=False)
    assert result.exit_code == 1
    assert (
        "counts its deadline from its publication on Thursday, July 30, 2026, but the last of "
        "its insertions, the one that serves it, would be printed on Thursday, August 13, 2026"
        in result.output
    )
    assert "--event=publication=2026-08-13" in result.output
    assert not (elm_clerk.office / "outputs" / "publication").exists()


def test_the_elm_notice_issued_for_its_last_insertion_is_served_by_it_without_warnings(
    elm_clerk, affidavit
):
    elm_clerk("void", "PA-D-2026-00002", "--reason", "Counts from the first insertion")
    elm_clerk("case", "record", "PA-C-2026-0001", "--event=publication=2026-08-13")
    elm_clerk("issue", "PA-C-2026-0001", "dutch-elm-abatement-publication", today="2026-07-22")
    prepared = elm_clerk("publish", "prepare", "PA-D-2026-00003", today="2026-07-22")
    assert "Thursday, August 13, 2026." in prepared.output.splitlines()[0]
    result = published(
        elm_clerk,
        "PA-D-2026-00003",
        affidavit,
        "2026-07-30",
        "2026-08-06",
        "2026-08-13",
        today="2026-08-14",
    )
    assert "effective Thursday, August 13, 2026" in result.output
    assert "Warning" not in result.output
    # 30 days from August 13 is Saturday, September 12.
    assert "Deadline: Saturday, September 12, 2026" in result.output


def test_the_site_does_not_say_why_the_owner_could_not_be_found(elm_clerk, affidavit, tmp_path):
    published(
        elm_clerk,
        "PA-D-2026-00002",
        affidavit,
        "2026-07-23",
        "2026-07-30",
        "2026-08-06",
        today="2026-08-07",
    )
    out = tmp_path / "site"
    elm_clerk("publish", "site", "--out", str(out), today="2026-08-07")
    everything = " ".join(
        path.read_text(errors="ignore")
        for path in out.rglob("*")
        if path.is_file() and path.suffix != ".pdf"
    )
    assert "Turkey" in everything or "elm" in everything.lower()
    assert "unclaimed" not in everything


def test_an_order_served_by_hand_then_published_keeps_its_hand_service_and_deadline(
    clerk, numbers, affidavit
):
    order = numbers["sidewalk-repair-order"]
    served = clerk(
        "serve",
        order,
        "--method",
        "hand_owner",
        "--by",
        "Lee Moua",
        "--at",
        "2026-08-26T10:00",
        "--to",
        "Dana Owner",
        "--address",
        "1 Main St",
        today="2026-08-27",
    )
    deadline = served.output.split("Deadline: ")[1].splitlines()[0]
    result = published(clerk, order, affidavit, "2026-09-02", today="2026-09-03")
    assert f"Recorded the publication of {order}" in result.output
    assert (
        f"{order} was already served (hand owner, Wednesday, August 26, 2026); that service "
        "stands and the publication is recorded without being a second one." in result.output
    )
    shown = json.loads(clerk("case", "show", "LU-C-2026-0001", "--json", today="2026-09-03").output)
    services = [s for d in shown["documents"] for s in d.get("services", [])]
    assert [s["method"] for s in services] == ["hand_owner"]
    assert deadline in clerk("case", "show", "LU-C-2026-0001", today="2026-09-03").output


def test_a_notice_voided_after_publication_keeps_its_page_marked_withdrawn_and_leaves_the_lists(
    clerk, numbers, affidavit, tmp_path
):
    hearing = numbers["assessment-hearing-notice"]
    published(clerk, hearing, affidavit, "2026-09-03", today="2026-09-04")
    out = tmp_path / "site"
    clerk("publish", "site", "--out", str(out), today="2026-09-04")
    assert "Withdrawn" not in (out / hearing / "index.html").read_text()
    clerk("void", hearing, "--reason", "Misprinted hearing date", today="2026-09-05")
    result = clerk("publish", "site", "--out", str(out), today="2026-09-05")
    page = (out / hearing / "index.html").read_text()
    assert "Withdrawn." in page and "Saturday, September 5, 2026" in page
    assert "Misprinted" not in page  # the clerk's reason is the register's, not the public's
    assert (out / hearing / f"{hearing}.pdf").exists()
    for listing in ("index.html", "kinds.html", "feed.atom", "feed.json"):
        assert hearing not in (out / listing).read_text(), listing
    assert "0 notices, 1 withdrawn" in result.output


def test_a_site_over_a_file_is_refused_and_the_file_kept(clerk, tmp_path):
    target = tmp_path / "a-file"
    target.write_text("keep me")
    result = clerk("publish", "site", "--out", str(target), ok=False)
    assert result.exit_code == 1 and "is a file" in result.output
    assert target.read_text() == "keep me"


def test_an_affidavit_that_is_not_a_scan_is_refused_and_nothing_recorded(
    clerk, numbers, tmp_path, affidavit
):
    hearing = numbers["assessment-hearing-notice"]
    bad = tmp_path / "aff.txt"
    bad.write_text("hello")
    result = published(clerk, hearing, bad, "2026-09-03", today="2026-09-04", ok=False)
    assert result.output.startswith("Error: aff.txt is not a PDF, TIFF, PNG or JPEG file")
    assert "affidavit" not in clerk("archive", "list", "--document", hearing).output
    published(clerk, hearing, affidavit, "2026-09-03", today="2026-09-04")


def test_one_affidavit_for_two_notices_printed_in_the_same_issue_serves_both(
    clerk, numbers, affidavit
):
    # A newspaper's one affidavit often covers every notice of the Village in an issue.
    hearing = numbers["assessment-hearing-notice"]
    case = (
        clerk(
            "case", "open", "--from", str(CASEBOOK / "palmyra" / "assessment-hearing-notice.toml")
        )
        .output.split()[-1]
        .rstrip(".")
    )
    second = issued_number(clerk("issue", case))
    first = published(clerk, hearing, affidavit, "2026-09-03", today="2026-09-04")
    item = first.output.split("archive item ")[1].split(".")[0]
    again = published(clerk, second, affidavit, "2026-09-03", today="2026-09-04")
    assert f"Affidavit of publication kept as archive item {item}." in again.output
    for number in (hearing, second):
        listed = clerk("archive", "list", "--document", number, today="2026-09-04").output
        assert listed.count("affidavit-of-publication") == (number == hearing)
    clerk("archive", "verify", today="2026-09-04")


def test_a_day_the_newspaper_does_not_print_is_recorded_as_the_affidavit_states_with_a_warning(
    clerk, numbers, affidavit
):
    # The affidavit is the proof (a special edition, a day moved for a holiday): the register
    # records what it states, and the clerk is told to check it against the newspaper's days.
    result = published(
        clerk, numbers["assessment-hearing-notice"], affidavit, "2026-09-01", today="2026-09-04"
    )
    assert "Recorded the publication of" in result.output
    assert (
        "Warning: The Palmyra Prairie Courier (fictional) does not print on Tuesday, "
        "September 1, 2026, as the village's file states its days; check the affidavit's date."
        in result.output
    )


def test_a_day_the_newspaper_prints_gives_no_warning(clerk, numbers, affidavit):
    result = published(
        clerk, numbers["assessment-hearing-notice"], affidavit, "2026-09-03", today="2026-09-04"
    )
    assert "Warning" not in result.output
