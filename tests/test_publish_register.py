"""Publishing legal notices at the command line, the way a clerk publishes them: the newspaper's
copy and the days it must be printed, counted back from the hearing; the publisher's affidavit
recorded and archived; a notice served by publication gets its service and deadline from the
day it was printed; and the Village's public notices site with nothing private in it."""

from __future__ import annotations

import csv
import json
import shutil
from io import BytesIO
from pathlib import Path

import pytest
from clerk import CASEBOOK, PALMYRA_HOUSE_NUMBERING, Clerk, clerk_at, issued_number
from click.testing import CliRunner
from pypdf import PdfReader, PdfWriter

ISSUED_ON = "2026-08-25"


def affidavit_pdf(words: str = "Affidavit of publication") -> bytes:
    writer = PdfWriter()
    writer.add_blank_page(612, 792)
    writer.add_metadata({"/Title": words})
    out = BytesIO()
    writer.write(out)
    return out.getvalue()


def office_with_two_notices(base: Path) -> tuple[Path, dict[str, str]]:
    """A workspace with Palmyra's and Luck's rolls, and two issued notices to publish: the
    hearing on special assessments (mailed; published before the hearing) and Luck's sidewalk
    order (not yet served: it is published because its owner could not be served)."""
    runner = CliRunner(env={"NOTICECLERK_TODAY": ISSUED_ON})
    clerk = clerk_at(base, runner, "palmyra", "luck")
    numbers = {}
    for village, notice in (
        ("palmyra", "assessment-hearing-notice"),
        ("luck", "sidewalk-repair-order"),
    ):
        case_file = base / f"{notice}.toml"
        text = (CASEBOOK / village / f"{notice}.toml").read_text()
        case_file.write_text(text.replace("[events]\nservice = 2026-06-01\n", ""))
        shutil.copy(CASEBOOK / village / "roll.csv", base / "roll.csv")
        opened = clerk("case", "open", "--from", str(case_file))
        numbers[notice] = issued_number(clerk("issue", opened.output.split()[-1].rstrip(".")))
    return clerk.office, numbers


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> tuple[Path, dict[str, str]]:
    return office_with_two_notices(tmp_path_factory.mktemp("publish"))


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


def test_prepare_counts_the_class_1_notice_back_from_the_hearing(clerk, numbers):
    hearing = numbers["assessment-hearing-notice"]
    result = clerk("publish", "prepare", hearing)
    # Wis. Stat. § 66.0703(7)(a): at least 10 days before the hearing of Monday, September 14;
    # the paper prints on Thursdays, so Thursday, September 3; the copy 6 days before.
    assert (
        "to be printed in The Palmyra Prairie Courier (fictional) on Thursday, September 3, 2026."
        in result.output
    )
    assert (
        "The copy must reach The Palmyra Prairie Courier (fictional) by Friday, August 28, 2026."
        in result.output
    )
    folder = clerk.office / "outputs" / "publication" / hearing
    text = (folder / f"{hearing}-newspaper-copy.txt").read_text()
    assert "NOTICE" in text.upper() and "hearing" in text.lower()
    assert "Page 1 of" not in text  # the letterhead's running lines are not the newspaper's
    pdf = PdfReader(BytesIO((folder / f"{hearing}-newspaper-copy.pdf").read_bytes()))
    assert float(pdf.pages[0].mediabox.width) == pytest.approx(2.0 * 72)
    words = " ".join(" ".join(page.extract_text().split()) for page in pdf.pages)
    # The column hyphenates its words, as a newspaper does.
    printed = words.replace("\u2010", "").replace("\xad", "").replace(" ", "")
    assert " ".join(text.split())[:200].replace(" ", "") in printed
    schedule = (folder / f"{hearing}-schedule.txt").read_text()
    assert "985" in schedule


def test_prepare_refuses_when_the_copy_can_no_longer_reach_the_newspaper(clerk, numbers):
    result = clerk(
        "publish", "prepare", numbers["assessment-hearing-notice"], today="2026-09-01", ok=False
    )
    assert result.exit_code == 1
    assert "Error:" in result.output and "\n" not in result.output.strip()


def test_a_document_its_ordinance_does_not_publish_is_refused(clerk):
    case = clerk(*PALMYRA_HOUSE_NUMBERING).output.split()[-1].rstrip(".")
    letter = issued_number(clerk("issue", case))
    result = clerk("publish", "prepare", letter, ok=False)
    assert result.exit_code == 1
    assert "which its ordinance does not have published in a newspaper" in result.output


def test_a_recorded_publication_archives_the_affidavit_but_does_not_serve_a_mailed_notice(
    clerk, numbers, affidavit
):
    hearing = numbers["assessment-hearing-notice"]
    result = clerk(
        "publish",
        "record",
        hearing,
        "--published",
        "2026-09-03",
        "--affidavit",
        str(affidavit),
        today="2026-09-04",
    )
    assert f"Recorded the publication of {hearing} on Thursday, September 3, 2026." in result.output
    assert "Affidavit of publication kept as archive item" in result.output
    assert "does not make publication its service: no service recorded" in result.output
    listed = clerk("archive", "list", "--document", hearing, today="2026-09-04").output
    assert "affidavit-of-publication" in listed and "affidavit.pdf" in listed
    clerk("archive", "verify", today="2026-09-04")
    again = clerk(
        "publish",
        "record",
        hearing,
        "--published",
        "2026-09-03",
        "--affidavit",
        str(affidavit),
        today="2026-09-04",
        ok=False,
    )
    assert "is already recorded" in again.output


def test_a_publication_too_close_to_the_hearing_is_refused_citing_the_law(
    clerk, numbers, affidavit
):
    result = clerk(
        "publish",
        "record",
        numbers["assessment-hearing-notice"],
        "--published",
        "2026-09-10",
        "--affidavit",
        str(affidavit),
        today="2026-09-11",
        ok=False,
    )
    assert (
        "less than 10 days before the hearing on the report on Monday, September 14, 2026"
        in result.output
    )
    assert "Wis. Stat. § 66.0703(7)(a)" in result.output


def test_a_day_not_yet_come_is_refused(clerk, numbers, affidavit):
    result = clerk(
        "publish",
        "record",
        numbers["assessment-hearing-notice"],
        "--published",
        "2026-09-03",
        "--affidavit",
        str(affidavit),
        ok=False,
    )
    assert "has not come yet" in result.output


def test_an_order_served_by_publication_counts_its_60_days_from_the_day_printed(
    clerk, numbers, affidavit, tmp_path
):
    order = numbers["sidewalk-repair-order"]
    control = tmp_path / "control"
    shutil.copytree(clerk.office, control)
    expected = (
        Clerk(control, CliRunner(env={"NOTICECLERK_TODAY": "2026-09-03"}))(
            "serve",
            order,
            "--method",
            "publication",
            "--at",
            "2026-09-02T12:00",
            "--by",
            "Lee Moua",
        )
        .output.split("Deadline: ")[1]
        .splitlines()[0]
    )
    result = clerk(
        "publish",
        "record",
        order,
        "--published",
        "2026-09-02",
        "--affidavit",
        str(affidavit),
        today="2026-09-03",
    )
    assert f"Recorded service of {order} by publication" in result.output
    assert f"Deadline: {expected}" in result.output
    shown = json.loads(clerk("case", "show", "LU-C-2026-0001", "--json", today="2026-09-03").output)
    services = [s for d in shown["documents"] for s in d.get("services", [])]
    assert any("The Luck Ledger (fictional)" in (s.get("note") or "") for s in services)


def test_the_site_holds_the_published_notices_and_nothing_private(
    clerk, numbers, affidavit, tmp_path
):
    hearing = numbers["assessment-hearing-notice"]
    clerk(
        "publish",
        "record",
        hearing,
        "--published",
        "2026-09-03",
        "--affidavit",
        str(affidavit),
        today="2026-09-04",
    )
    out = tmp_path / "site"
    result = clerk("publish", "site", "--out", str(out), "--village", "palmyra", today="2026-09-04")
    assert "1 notice" in result.output
    page = (out / hearing / "index.html").read_text()
    assert "Notice" in page
    everything = "".join(
        path.read_text(errors="ignore")
        for path in out.rglob("*")
        if path.suffix in (".html", ".json", ".atom", ".txt")
    )
    with (CASEBOOK / "palmyra" / "roll.csv").open(newline="") as roll:
        private = {
            value
            for row in csv.DictReader(roll)
            for value in (row["phone"], row["email"])
            # The Village's own parcel carries the Village Hall's number, which it publishes.
            if value and row["owner_name"] != "Village of Palmyra"
        }
    assert private and not [value for value in private if value in everything]
    import feedparser

    feed = feedparser.parse((out / "feed.atom").read_bytes())
    assert [entry.title for entry in feed.entries] and not feed.bozo


def test_due_lists_a_notice_to_publish_until_its_publication_is_recorded(clerk, numbers, affidavit):
    hearing = numbers["assessment-hearing-notice"]
    listed = clerk("due").output
    assert (
        "To be published in The Palmyra Prairie Courier (fictional) on Thursday, September 3, "
        "2026; the copy must reach it by Friday, August 28, 2026" in listed
    )
    late = clerk("due", today="2026-09-01").output
    assert (
        "Not yet published: The hearing on the report on Monday, September 14, 2026 cannot be met"
        in late
    )
    clerk(
        "publish",
        "record",
        hearing,
        "--published",
        "2026-09-03",
        "--affidavit",
        str(affidavit),
        today="2026-09-04",
    )
    assert "To be published" not in clerk("due", today="2026-09-04").output


def test_the_copy_identifies_the_parcel_its_words_call_identified_above(clerk, numbers):
    """A notice published to serve an owner who could not be served (§ 66.0907(3)(d)) keeps
    the letter's reference block, which names the parcel its first words call "identified
    above", and names the owner; a hearing notice published to the whole district does not
    print one owner's parcel."""
    order = numbers["sidewalk-repair-order"]
    clerk("publish", "prepare", order)
    folder = clerk.office / "outputs" / "publication" / order
    lines = (folder / f"{order}-newspaper-copy.txt").read_text().split("\n\n")
    assert lines[0] == "ORDER TO REPAIR OR REPLACE DEFECTIVE SIDEWALK"
    assert lines[1] == "To: Ingrid & Tomas Bergqvist"
    parcel = next(line for line in lines if line.startswith("Parcel No.:"))
    identified = next(i for i, line in enumerate(lines) if "identified above" in line)
    assert lines.index(parcel) < identified and "Property:  118 Butternut Avenue" in lines
    assert not any(line.startswith("RE:") for line in lines)
    hearing = numbers["assessment-hearing-notice"]
    clerk("publish", "prepare", hearing)
    text = (
        clerk.office / "outputs" / "publication" / hearing / f"{hearing}-newspaper-copy.txt"
    ).read_text()
    # Mailed to each owner and published to the whole district: about no one parcel.
    assert "Parcel No.:" not in text and "To: " not in text


def test_prepare_counts_today_on_the_village_s_calendar_not_the_computer_s(clerk, numbers):
    """At 9 p.m. on Thursday, August 27 in Luck it is already Friday in UTC (and on a computer
    set to it): the copy for Wednesday's paper is due that Thursday, so it still makes it."""
    order = numbers["sidewalk-repair-order"]
    evening = clerk("publish", "prepare", order, today="2026-08-28T02:00").output
    words = " ".join(evening.split())
    assert "to be printed in The Luck Ledger (fictional) on Wednesday, September 2, 2026" in words
    assert "has not passed on Thursday, August 27, 2026" in words
