"""Making a built-in village the office's own (issue 33, item 5): 'village adopt' copies the file
into the workspace and lists every sample value left in it; demonstration stays on, and every
page says SPECIMEN, until each is replaced; a hand-edited file that turns it off early is
refused naming the value."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from clerk import CASEBOOK, Clerk, own_village_file

from noticeclerk.content.village import load_village
from noticeclerk.exceptions import ConfigError
from noticeclerk.render import Renderer

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def clerk(tmp_path, runner) -> Clerk:
    clerk = Clerk(tmp_path / "office", runner)
    clerk("init", str(clerk.office))
    return clerk


def listed(output: str) -> list[str]:
    return [line.strip().split(" = ")[0] for line in output.splitlines() if line.startswith("  ")]


def test_adopting_copies_the_file_and_lists_each_sample_value_with_what_replaces_it(clerk):
    adopted = clerk("village", "adopt", "tuckahoe").output
    copy = clerk.office / "letterheads" / "tuckahoe" / "letterhead.toml"
    assert f"Copied tuckahoe's file to {copy}." in adopted
    assert copy.read_bytes() == (ROOT / "letterheads" / "tuckahoe" / "letterhead.toml").read_bytes()
    assert (clerk.office / "letterheads" / "tuckahoe" / "seal.svg").is_file()
    keys = listed(adopted)
    assert keys[:4] == [
        "letterhead.address_lines",
        "letterhead.office_street_lines",
        "letterhead.phone",
        "letterhead.seal",
    ]
    assert "officers.clerk.name" in keys
    assert "approvals.relocation-notice.specimen" in keys
    assert "mail.rates[effective=2026-01-01].sample" in keys
    assert keys.index("mail.depository") < keys.index("mail.rates[effective=2026-01-01].sample")
    assert "archive.retention[kind=green-card].sample" in keys
    assert "  officers.clerk.name = Taylor Brennan: the Village Clerk's own name" in adopted
    # Run again: the office's copy is kept, never overwritten.
    copy.write_text(copy.read_text(encoding="utf-8").replace("Taylor Brennan", "Pat Quinn"))
    again = clerk("village", "adopt", "tuckahoe").output
    assert "Your office's copy is" in again and "Copied" not in again
    assert "officers.clerk.name" not in listed(again)
    assert "Pat Quinn" in copy.read_text(encoding="utf-8")


def test_demonstration_stays_on_until_every_sample_value_is_replaced(clerk):
    clerk("village", "adopt", "luck")
    refused = clerk("village", "adopt", "luck", "--live", ok=False)
    assert refused.exit_code == 1 and "Traceback" not in refused.output
    assert "still holds" in refused.output and "Demonstration stays on" in refused.output
    copy = clerk.office / "letterheads" / "luck" / "letterhead.toml"
    assert "demonstration = true" in copy.read_text(encoding="utf-8")
    own_village_file(copy.parent)
    copy.write_text(
        copy.read_text(encoding="utf-8").replace("demonstration = false", "demonstration = true")
    )
    done = clerk("village", "adopt", "luck").output
    assert "No sample value remains" in done
    live = clerk("village", "adopt", "luck", "--live").output
    assert "demonstration is off" in live
    assert "demonstration = false" in copy.read_text(encoding="utf-8")
    rendered = Renderer(clerk.office).render(CASEBOOK / "luck" / "snow-ice-hazardous.toml")
    assert "SPECIMEN" not in rendered.html


def test_the_readings_are_listed_until_the_village_attorney_confirms_them(clerk):
    """A reading is printed after "The Village relies on": the shipped one is the
    demonstration's. It may stay word for word once the Village Attorney confirms it."""
    adopted = clerk("village", "adopt", "palmyra").output
    keys = listed(adopted)
    assert "readings.assessment_lien" in keys and "readings.snow_charge_payment" in keys
    assert keys.index("readings.confirmed_by") == keys.index("readings.snow_charge_payment") + 1
    copy = clerk.office / "letterheads" / "palmyra" / "letterhead.toml"
    text = copy.read_text(encoding="utf-8")
    copy.write_text(
        text.replace(
            "[readings]\n", '[readings]\nconfirmed_by = "Jane Roe, Village Attorney, 2027-01-05"\n'
        )
    )
    keys = listed(clerk("village", "adopt", "palmyra").output)
    assert not [key for key in keys if key.startswith("readings.")]
    # Who confirmed them is the office's record, not a reading a document prints.
    assert "confirmed_by" not in load_village("palmyra", clerk.office).readings


def test_a_sample_village_s_name_and_county_are_sample_values_too(clerk):
    keys = listed(clerk("village", "adopt", "village-a").output)
    assert keys[:2] == ["name", "letterhead.county"]


def test_turning_demonstration_off_by_hand_with_the_sample_officers_is_refused(tmp_path):
    folder = tmp_path / "letterheads" / "tuckahoe"
    shutil.copytree(ROOT / "letterheads" / "tuckahoe", folder)
    own_village_file(folder)
    file = folder / "letterhead.toml"
    text = file.read_text(encoding="utf-8")
    shipped = (ROOT / "letterheads" / "tuckahoe" / "letterhead.toml").read_text(encoding="utf-8")
    assert 'name = "Taylor Brennan"' in shipped
    file.write_text(text.replace('name = "Clerk Of Record"', 'name = "Taylor Brennan"'))
    with pytest.raises(ConfigError, match=r"officers\.clerk\.name.*Taylor Brennan"):
        load_village("tuckahoe", tmp_path)


def test_an_unknown_village_is_named_with_the_built_in_ones(clerk):
    refused = clerk("village", "adopt", "springfield", ok=False)
    assert refused.exit_code == 1
    assert "There is no built-in village 'springfield'; the built-in ones are luck" in (
        refused.output
    )
