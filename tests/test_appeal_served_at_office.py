"""Where a notice of appeal is served: the Village Clerk's office at its street address, never the
post office box the letterhead prints, received by the last day the notice states (NY legal
reading 2026-12-02, CF-11: a post office box cannot take hand service)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from clerk import CASEBOOK

from noticeclerk.content.village import load_village
from noticeclerk.exceptions import ConfigError
from noticeclerk.render import render_case

ROOT = Path(__file__).resolve().parent.parent


def words(html: str) -> str:
    return " ".join(html.replace("&#39;", "'").split())


@pytest.mark.parametrize("sample", ["notice-to-repair-sidewalk", "safeguard-notice"])
def test_the_appeal_is_served_at_the_clerk_s_street_address_and_received_by_the_last_day(sample):
    html = words(render_case(CASEBOOK / "tuckahoe" / f"{sample}.toml", ("docx",)).html)
    paragraph = html.split("you may appeal to the Board of Trustees")[1].split("</p>")[0]
    assert "Deliver it to the Village Clerk's office at Village Hall, 65 Main Street" in paragraph
    assert "the Village Clerk must receive it no later than" in paragraph
    assert "P.O. Box" not in paragraph


def own_tuckahoe(tmp_path: Path, old: str, new: str) -> Path:
    own = tmp_path / "letterheads" / "tuckahoe"
    shutil.copytree(ROOT / "letterheads" / "tuckahoe", own)
    text = (own / "letterhead.toml").read_text(encoding="utf-8")
    assert old in text
    (own / "letterhead.toml").write_text(text.replace(old, new), encoding="utf-8")
    return tmp_path


def test_a_letterhead_of_a_post_office_box_alone_must_say_the_office_s_street(tmp_path):
    line = 'office_street_lines = ["Village Hall", "65 Main Street", "Tuckahoe, New York 10707"]'
    workspace = own_tuckahoe(tmp_path, line, "")
    with pytest.raises(ConfigError, match=r"office_street_lines.*is missing"):
        load_village("tuckahoe", workspace)


def test_the_office_s_street_address_may_not_be_a_post_office_box(tmp_path):
    workspace = own_tuckahoe(tmp_path, '"65 Main Street"', '"P.O. Box 555"')
    with pytest.raises(ConfigError, match="not a post office box"):
        load_village("tuckahoe", workspace)


def test_a_letterhead_with_a_street_address_needs_nothing_more():
    village_a = load_village("village-a")
    assert village_a.letterhead.office_street_lines == (
        "Village Hall",
        "1 Sample Plaza",
        "Village A, New York 10000",
    )
