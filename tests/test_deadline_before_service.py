"""A document made before the act its deadline counts from (its service, mailing or receipt)
states the rule in words and no date; `serve` and `receipt` then fix the date, and `due`
shows it. A notice dated by its own issuance takes that day from the document's date."""

from __future__ import annotations

import dataclasses
import html
import json
import re

import pytest
from clerk import CASEBOOK, VILLAGE_A_DIRECTIVE, clerk_at, issued_number, pdf_text

from noticeclerk.compose import compose
from noticeclerk.content.casefile import load_case, read_case_header
from noticeclerk.content.folders import casebook_cases
from noticeclerk.content.notice_types import load_notice, notice_names
from noticeclerk.content.village import load_village
from noticeclerk.exceptions import ConfigError
from noticeclerk.render import Renderer

VILLAGES = ("luck", "palmyra", "tuckahoe", "village-a", "village-b")


def awaiting_notices():
    for village in VILLAGES:
        for slug in notice_names(village):
            notice = load_notice(village, slug)
            if notice.awaits_anchor({}):
                yield notice


def sample_cases():
    """The casebook's case files whose notice counts its deadline from an act after issue."""
    awaiting = {(n.village, n.slug) for n in awaiting_notices()}
    for path in casebook_cases():
        header = read_case_header(path)
        if (header.village, header.notice) in awaiting:
            yield path


def visible_text(page: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", page)).split())


def test_every_notice_counted_from_its_service_states_the_rule_in_words():
    awaiting = list(awaiting_notices())
    assert len(awaiting) >= 20
    assert all(notice.deadline_words for notice in awaiting)


@pytest.mark.parametrize("path", list(sample_cases()), ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_a_document_not_yet_served_prints_the_rule_and_no_date(path):
    header = read_case_header(path)
    village = load_village(header.village)
    notice = load_notice(village.slug, header.notice)
    case = load_case(path, header, notice, village.timezone)
    served = compose(case, notice, village)
    unserved_case = dataclasses.replace(
        case, events={k: v for k, v in case.events.items() if k != notice.anchor}
    )
    unserved = compose(unserved_case, notice, village)
    assert served.deadline is not None and unserved.deadline is None
    text = visible_text(Renderer().render_composed(unserved, formats=()).html)
    assert notice.deadline_words in text or notice.deadline_words.rstrip(".") in text
    assert "None" not in text
    # The date service on the sample's day would give is not promised to the owner (the day
    # may still be printed as another fact's, such as the day the hazard was found).
    due = served.deadline.due
    day = f"{due:%B} {due.day}, {due.year}"
    served_text = visible_text(Renderer().render_composed(served, formats=()).html)
    assert text.count(day) < served_text.count(day)


def test_a_notice_counted_from_service_without_words_is_refused(tmp_path):
    office = tmp_path / "office"
    folder = office / "notices" / "village-a"
    folder.mkdir(parents=True)
    source = (CASEBOOK.parent / "notices" / "village-a" / "directive-to-comply.toml").read_text()
    without = re.sub(r"^deadline_words = .*\n", "", source, flags=re.M)
    assert without != source
    (folder / "directive-to-comply.toml").write_text(without)
    with pytest.raises(ConfigError, match=r"deadline_words.*counts from 'service'"):
        load_notice("village-a", "directive-to-comply", office)


@pytest.fixture
def village_a(tmp_path, runner):
    return clerk_at(tmp_path, runner, "village-a")


def deadlines(clerk, day: str) -> dict[str, str]:
    listed = json.loads(clerk("due", "--date", day, "--json", today=day).output)
    return {item["document"]: item["deadline"] for item in listed}


def exported(clerk, number, tmp_path):
    out = tmp_path / "out" / number
    clerk("document", "export", number, "--format", "pdf", "--out", str(out))
    return pdf_text(next(out.rglob("*.pdf")))


def test_a_directive_served_days_after_its_date_counts_from_the_service(village_a, tmp_path):
    clerk = village_a
    clerk(*VILLAGE_A_DIRECTIVE, today="2026-11-30")
    number = issued_number(clerk("issue", "VA-C-2026-0001", today="2026-11-30"))
    text = exported(clerk, number, tmp_path)
    assert "within seven calendar days after this directive is served on you" in text
    assert "December 7, 2026" not in text  # seven days from the document's own date
    listed = clerk("due", "--date", "2026-12-01", today="2026-12-01").output
    assert "not yet served" in listed
    assert "after this directive is served on you" in " ".join(listed.split())
    shown = json.loads(clerk("case", "show", "VA-C-2026-0001", "--json").output)
    assert [(d["deadline"], d["deadline_rule"]) for d in shown["documents"]] == [
        (None, "You must comply with § 134-41A within seven calendar days after this directive is "
         "served on you.")
    ]  # fmt: skip
    served = clerk(
        "serve", number, "--method", "hand_owner", "--by", "R. Ortiz",
        "--at", "2026-12-03T10:00", "--to", "the owner", "--address", "the premises", today="2026-12-04",
    )  # fmt: skip
    assert "less time than the ordinance allows" not in served.output
    shown = json.loads(clerk("case", "show", "VA-C-2026-0001", "--json").output)
    assert [(d["deadline"], d["deadline_rule"]) for d in shown["documents"]] == [
        ("2026-12-10", None)
    ]
    # Seven days from Thursday, December 3: Thursday, December 10.
    assert deadlines(clerk, "2026-12-09") == {number: "2026-12-10"}


@pytest.fixture
def luck(tmp_path, runner):
    return clerk_at(tmp_path, runner, "luck")


def test_an_obstruction_notice_is_issued_before_delivery_and_timed_by_it(luck, tmp_path):
    clerk = luck
    clerk(
        "case", "open", "--village", "luck", "--parcel", "146-00312-0000",
        "--notice-type", "obstruction-sidewalk",
        "--fact=observed_at=2026-11-30T09:45",
        "--fact=location=the sidewalk along the Main Street frontage of 210 Main Street",
        "--fact=obstruction=six pallets of bagged salt are stacked on the sidewalk.",
        today="2026-11-30",
    )  # fmt: skip
    number = issued_number(clerk("issue", "LU-C-2026-0001", today="2026-11-30"))
    text = exported(clerk, number, tmp_path)
    assert "Remove the obstruction within 24 hours from the delivery of this notice to you." in (
        text
    )
    assert "For a notice delivered at" not in text
    clerk(
        "serve", number, "--method", "hand_owner", "--by", "Officer Lind",
        "--at", "2026-12-01T15:30", "--to", "the owner", "--address", "the premises", today="2026-12-02",
    )  # fmt: skip
    # 24 hours from Tuesday 3:30 p.m.
    assert deadlines(clerk, "2026-12-02") == {number: "2026-12-02T15:30:00-06:00"}


def test_a_service_before_the_document_s_date_is_refused(village_a):
    clerk = village_a
    clerk(*VILLAGE_A_DIRECTIVE, today="2026-11-30")
    number = issued_number(clerk("issue", "VA-C-2026-0001", today="2026-12-01"))
    early = clerk(
        "serve", number, "--method", "hand_owner", "--by", "R. Ortiz",
        "--at", "2026-11-30T16:00", "--to", "the owner", "--address", "the premises", today="2026-12-01", ok=False,
    )  # fmt: skip
    assert early.exit_code == 1
    assert "is before VA-D-2026-00001 is dated, Tuesday, December 1, 2026" in early.output
