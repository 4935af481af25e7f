"""The [money] and [fees] tables of a village's letterhead: read exactly, checked strictly."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest

from noticeclerk.content.village import load_village, village_names
from noticeclerk.exceptions import ConfigError

D = Decimal
WISCONSIN = 'name = "Village of Example"\nstate = "WI"\ntimezone = "America/Chicago"\n'


def fee_rules_of(slug: str) -> str:
    """The [fee_rules.*] tables of a built-in letterhead, for a workspace file to carry."""
    kept, keeping = [], False
    for line in Path(load_village(slug).path).read_text(encoding="utf-8").splitlines():
        if line.startswith("["):
            keeping = line.lstrip("[").startswith("fee_rules.")
        if keeping:
            kept.append(line)
    return "\n".join(kept) + "\n"


def letterhead(workspace: Path, slug: str, text: str) -> Path:
    folder = workspace / "letterheads" / slug
    folder.mkdir(parents=True)
    path = folder / "letterhead.toml"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("slug", "rate", "authority"),
    [
        ("tuckahoe", D(9), "N.Y. CPLR 5004(a)"),
        ("village-a", D(9), "N.Y. CPLR 5004(a)"),
        ("village-b", D(9), "N.Y. CPLR 5004(a)"),
        ("luck", D(5), "Wis. Stat. § 138.04"),
        ("palmyra", D(5), "Wis. Stat. § 138.04"),
    ],
)
def test_the_built_in_villages_use_their_states_legal_rate(slug, rate, authority):
    village = load_village(slug)
    assert (village.legal_rate.percent, village.legal_rate.authority) == (rate, authority)


def test_the_built_in_letterheads_invent_no_board_fee_or_rate():
    # The sample villages carry sample figures, marked SAMPLE; the named villages none.
    for slug in village_names():
        village = load_village(slug)
        if village.sample:
            continue
        assert dict(village.fees.entries) == {}, slug
        assert village.money.tax_rate_percent is None
        assert village.money.borrowing_rate_percent is None


def test_the_sample_village_a_carries_a_sample_tax_rate():
    assert load_village("village-a").money.tax_rate_percent == D(12)
    text = Path(load_village("village-a").path).read_text(encoding="utf-8")
    assert "SAMPLE value" in text


def test_a_letterhead_without_money_falls_back_to_the_state_statute(tmp_path):
    letterhead(tmp_path, "example", WISCONSIN)
    village = load_village("example", workspace=tmp_path)
    assert village.legal_rate.percent == D(5)
    assert village.legal_rate.authority == "Wis. Stat. § 138.04"


def test_money_settings_are_read_as_exact_decimals_never_floats(tmp_path):
    letterhead(
        tmp_path,
        "palmyra",
        WISCONSIN
        + '[money]\nborrowing_rate_percent = 3.1\nlegal_interest_rate_percent = "2"\n'
        + 'legal_interest_authority = "Agreement in writing"\n'
        + "[fees]\nsnow-removal-per-sqft = 0.1\n"
        + fee_rules_of("palmyra"),
    )
    village = load_village("palmyra", workspace=tmp_path)
    assert village.money.borrowing_rate_percent == D("3.1")
    assert isinstance(village.money.borrowing_rate_percent, Decimal)
    assert village.fees.entries["snow-removal-per-sqft"] == D("0.1")  # not 0.1000000000000000055
    assert village.legal_rate.percent == D(2)


@pytest.mark.parametrize(
    ("slug", "text", "key", "problem"),
    [
        ("luck", "[money]\nlegal_rate = 5\n", "money.legal_rate", "is not a setting"),
        (
            "luck",
            '[money]\nborrowing_rate_percent = "abc"\n',
            "money.borrowing_rate_percent",
            "a percentage",
        ),
        (
            "luck",
            "[money]\nborrowing_rate_percent = 120\n",
            "money.borrowing_rate_percent",
            "at most 100",
        ),
        (
            "luck",
            "[money]\nborrowing_rate_percent = -1\n",
            "money.borrowing_rate_percent",
            "0 or more",
        ),
        (
            "luck",
            "[money]\nborrowing_rate_percent = true\n",
            "money.borrowing_rate_percent",
            "a percentage",
        ),
        (
            "luck",
            "[money]\nlegal_interest_rate_percent = 9\n",
            "money.legal_interest_authority",
            "go together",
        ),
        ("luck", '[fees]\nsidewalk-permit = "25.005"\n', "fees.sidewalk-permit", "whole cents"),
        ("luck", '[fees]\nsidewalk-permt = "25.00"\n', "fees.sidewalk-permt", "sidewalk-permit"),
        ("tuckahoe", '[fees]\ncurb-cut = "5.00"\n', "fees.curb-cut", "street-opening-per-sqft"),
        ("village-a", '[fees]\npermit = "5.00"\n', "fees.permit", "leaves no fee to the Board"),
    ],
)
def test_a_bad_money_setting_names_the_file_and_key(tmp_path, slug, text, key, problem):
    path = letterhead(tmp_path, slug, WISCONSIN + text + fee_rules_of(slug))
    with pytest.raises(ConfigError) as caught:
        load_village(slug, workspace=tmp_path)
    message = str(caught.value)
    assert message.startswith(f"{path}, key '{key}'")
    assert problem in message


def test_a_workspace_fee_table_feeds_the_boards_fee(tmp_path):
    letterhead(
        tmp_path, "luck", WISCONSIN + '[fees]\nsidewalk-permit = "25"\n' + fee_rules_of("luck")
    )
    village = load_village("luck", workspace=tmp_path)
    assert village.fees.entries == {"sidewalk-permit": D("25.00")}
    assert village.fees.source == tmp_path / "letterheads" / "luck" / "letterhead.toml"
