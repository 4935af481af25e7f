"""Villages' letterhead files: the built-in ones load, and mistakes name the file and key."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest
from manifests import manifest_villages

from noticeclerk.content.village import load_village, village_names
from noticeclerk.exceptions import ConfigError
from noticeclerk.rules.calendars import Jurisdiction


def test_the_built_in_villages_are_those_the_ordinances_are_for():
    assert village_names() == manifest_villages()


@pytest.mark.parametrize("slug", village_names())
def test_each_built_in_village_loads(slug):
    village = load_village(slug)
    assert village.name
    assert village.calendar.jurisdiction is village.state


@pytest.mark.parametrize("slug", ["village-a", "village-b"])
def test_the_unnamed_villages_say_plainly_that_they_are_samples(slug):
    village = load_village(slug)
    assert village.sample
    assert "SAMPLE" in village.name


def test_the_wisconsin_villages_count_in_central_time_and_the_new_york_ones_in_eastern():
    assert load_village("luck").timezone.key == "America/Chicago"
    assert load_village("palmyra").state is Jurisdiction.WI
    assert load_village("tuckahoe").timezone.key == "America/New_York"


def test_luck_lists_the_2026_partisan_primary_as_a_legal_holiday():
    assert load_village("luck").calendar.legal_holiday(date(2026, 8, 11)) is not None


def write_letterhead(workspace: Path, slug: str, text: str) -> Path:
    folder = workspace / "letterheads" / slug
    folder.mkdir(parents=True)
    path = folder / "letterhead.toml"
    path.write_text(text, encoding="utf-8")
    return path


GOOD = 'name = "Village of Example"\nstate = "WI"\ntimezone = "America/Chicago"\n'


def test_a_workspace_letterhead_overrides_the_built_in_one(tmp_path):
    write_letterhead(
        tmp_path,
        "luck",
        GOOD + '[calendar]\nclosures = [{date = 2026-12-24, name = "Christmas Eve"}]\n',
    )
    village = load_village("luck", workspace=tmp_path)
    assert village.name == "Village of Example"
    assert not village.calendar.is_business_day(date(2026, 12, 24))
    assert "example" not in village_names()
    write_letterhead(tmp_path, "example", GOOD)
    assert "example" in village_names(tmp_path)


@pytest.mark.parametrize(
    ("text", "key", "problem"),
    [
        ('name = "X"\nstate = "WI"\n', "timezone", "is missing"),
        (GOOD.replace('"WI"', '"TX"'), "state", "must be one of NY, WI"),
        (GOOD.replace("America/Chicago", "Mars/Olympus"), "timezone", "is not a time zone"),
        (GOOD + "colour = 'blue'\n", "colour", "is not a setting"),
        (GOOD + "[office]\nopen_saturday = 'yes'\n", "office.open_saturday", "true or false"),
        (
            GOOD + "[calendar]\nclosures = ['Christmas Eve']\n",
            "calendar.closures[0]",
            "must be a date written YYYY-MM-DD",
        ),
        (
            GOOD + "[calendar]\nproclaimed_days = [2026-12-24]\n",
            "calendar.proclaimed_days",
            "New York's",
        ),
        (
            GOOD + "[calendar]\nclosures = [{day = 2026-12-24}]\n",
            "calendar.closures[0].day",
            "the settings here are: date, name",
        ),
        (
            GOOD + "[calendar]\nclosures = [{name = 'Fair'}]\n",
            "calendar.closures[0].date",
            "is missing",
        ),
        (
            GOOD + "[calendar]\ntwo_day_periods = 'gcl_20'\n",
            "calendar.two_day_periods",
            "Wisconsin counts a period of two days like any other",
        ),
        (
            GOOD.replace('"WI"', '"NY"').replace("Chicago", "New_York")
            + "[calendar]\ntwo_day_periods = 'business_days'\n",
            "calendar.two_day_periods",
            "calendar_days, gcl_20",
        ),
        (GOOD + "name = 'x'\n", None, "is not valid TOML"),
        (GOOD + "[numbering]\npermits = 'weekly'\n", "numbering.permits", "one series, yearly"),
        (GOOD + "[installments]\nplans = ['layaway']\n", "installments.plans[0]", "elm-tax"),
        (
            GOOD + "[installments]\nday_count = 'actual/360'\nrounding = 'half-up'\n",
            "installments.day_count",
            "actual/365, years+days/365",
        ),
        (
            GOOD + "[installments]\nday_count = 'actual/365'\n",
            "installments.rounding",
            "the day count and the rounding of installment interest go together",
        ),
        (
            GOOD
            + "[installments]\nfirst_due = {month = 2, day = 29, authority = 'x', words = 'y'}\n",
            "installments.first_due",
            "is not a day every year has",
        ),
        (
            GOOD.replace('name = "Village of Example"', "name = 7"),
            "name",
            "must be text in quotes; got 7",
        ),
    ],
)
def test_a_bad_letterhead_names_the_file_the_key_and_the_fix(tmp_path, text, key, problem):
    path = write_letterhead(tmp_path, "example", text)
    with pytest.raises(ConfigError) as caught:
        load_village("example", workspace=tmp_path)
    message = str(caught.value)
    assert message.startswith(f"{path}, key '{key}'" if key else f"{path}:")
    assert problem in message


def test_a_date_in_quotes_is_read_as_the_date(tmp_path):
    write_letterhead(tmp_path, "example", GOOD + "[calendar]\nclosures = ['2026-12-24']\n")
    village = load_village("example", workspace=tmp_path)
    assert not village.calendar.is_business_day(date(2026, 12, 24))


def test_a_letterhead_that_is_not_toml_is_named(tmp_path):
    path = write_letterhead(tmp_path, "example", "name = \n")
    with pytest.raises(ConfigError, match="is not valid TOML") as caught:
        load_village("example", workspace=tmp_path)
    assert str(path) in str(caught.value)


def test_a_village_that_has_not_declared_how_it_counts_installment_interest_is_told_the_keys(
    tmp_path,
):
    write_letterhead(tmp_path, "example", GOOD + "[installments]\nplans = ['assessment']\n")
    village = load_village("example", workspace=tmp_path)
    with pytest.raises(ConfigError, match=r"key 'installments\.day_count': is not set"):
        village.installment_counting()
    with pytest.raises(ConfigError, match=r"key 'installments\.first_due': is not set"):
        village.installment_first_due()


def test_a_return_address_with_no_street_or_post_office_box_is_refused(tmp_path):
    # Bills say to pay by mail to the address above, and returned mail comes back to it.
    built_in = Path(__file__).resolve().parents[1] / "letterheads" / "luck" / "letterhead.toml"
    text = built_in.read_text(encoding="utf-8")
    undeliverable = text.replace('"P.O. Box 555", ', "")
    assert undeliverable != text
    path = write_letterhead(tmp_path, "luck", undeliverable)
    with pytest.raises(ConfigError) as caught:
        load_village("luck", workspace=tmp_path)
    assert str(caught.value).startswith(f"{path}, key 'letterhead.address_lines'")
    assert "no street address or post office box" in str(caught.value)
    write_letterhead_again = text.replace('"P.O. Box 555"', '"401 Main Street South"')
    path.write_text(write_letterhead_again, encoding="utf-8")
    assert (
        "401 Main Street South" in load_village("luck", workspace=tmp_path).letterhead.address_lines
    )


@pytest.mark.parametrize(
    ("text", "key", "problem"),
    [
        (
            GOOD.replace('"WI"', '"NY"').replace("Chicago", "New_York")
            + '[review]\nchapter_68 = "applies"\n',
            "review",
            "is Wisconsin's (Wis. Stat. ch. 68)",
        ),
        (GOOD + '[review]\nchapter_68 = "opted out"\n', "review.opted_out_by", "is missing"),
        (
            GOOD + '[review]\nchapter_68 = "opted out"\nopted_out_by = "Ordinance No. 7"\n',
            "review.instead",
            "is missing",
        ),
        (
            GOOD + '[review]\nchapter_68 = "applies"\ninstead = "an appeal to the Board"\n',
            "review.instead",
            "is for a village that opted out",
        ),
        (GOOD + '[review]\nchapter_68 = "perhaps"\n', "review.chapter_68", ""),
    ],
)
def test_a_village_s_answer_to_chapter_68_is_checked(tmp_path, text, key, problem):
    path = write_letterhead(tmp_path, "example", text)
    with pytest.raises(ConfigError) as caught:
        load_village("example", workspace=tmp_path)
    assert str(caught.value).startswith(f"{path}, key '{key}'")
    assert problem in str(caught.value)


def test_a_wisconsin_village_says_whether_chapter_68_applies_and_new_york_has_nothing_to_say():
    assert load_village("luck").chapter_68 is not None
    assert load_village("palmyra").chapter_68 is not None
    assert load_village("tuckahoe").chapter_68 is None
