"""Events a case records are the ones its documents count from or print: a misspelt event is
refused with the names in use, instead of being stored and silently never counted."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from clerk import clerk_at

from noticeclerk.content.notice_types import load_notice, notice_names
from noticeclerk.content.village import village_names

REPO = Path(__file__).resolve().parent.parent
TEMPLATES = REPO / "templates"


REPAIR_NOTICE = (
    "case",
    "open",
    "--village",
    "tuckahoe",
    "--parcel",
    "041",
    "--notice-type",
    "notice-to-repair-sidewalk",
    "--fact=inspection_date=2026-11-20",
    "--fact=sidewalk_location=in front",
    "--fact=work=Replace flags",
    "--fact=specifications=Four inches",
)


@pytest.fixture
def clerk(tmp_path, runner):
    clerk = clerk_at(tmp_path, runner, "tuckahoe")
    clerk(*REPAIR_NOTICE)
    return clerk


def test_a_misspelt_appeal_is_refused_with_the_events_the_notice_uses(clerk):
    result = clerk(
        "case", "record", "TU-C-2026-0001", "--event", "appeal_servd=2026-12-04", ok=False
    )
    assert result.exit_code == 1
    assert "'appeal_servd' is not an event the documents of this case count from" in result.output
    # The notice's own events, and the Board's order its decision on appeal counts from.
    assert "the events they use: appeal_served, mailing, order." in result.output
    clerk("case", "record", "TU-C-2026-0001", "--event", "appeal_served=2026-12-04")


def test_a_case_cannot_be_opened_with_an_event_no_document_of_it_uses(clerk):
    result = clerk(*REPAIR_NOTICE, "--event=inspected=2026-11-20", ok=False)
    assert result.exit_code == 1
    assert "'inspected' is not an event" in result.output
    assert "TU-C-2026-0002" not in clerk("case", "list").output


def _source(name: str, seen: set[str]) -> str:
    """A template with every template it includes or extends."""
    if name in seen:
        return ""
    seen.add(name)
    text = (TEMPLATES / name).read_text(encoding="utf-8")
    for included in re.findall(r'{%\s*(?:include|extends|import|from)\s+"([^"]+)"', text):
        text += _source(included, seen)
    return text


@pytest.mark.parametrize("village", village_names(None))
def test_every_event_a_template_prints_is_one_its_notice_type_lets_a_case_record(village):
    for slug in notice_names(village):
        notice = load_notice(village, slug)
        printed = set(re.findall(r"events\.([a-z_]+)", _source(notice.template, set())))
        assert printed <= notice.event_names, (slug, printed - notice.event_names)
