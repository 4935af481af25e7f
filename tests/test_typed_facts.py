"""Facts as the counter types them (`--fact name=value`) and as the desk and the actions hand
them over (typed values), read by one rule: what one front door refuses, the other refuses in
the same sentence, and nothing a document would misprint is kept."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from zoneinfo import ZoneInfo

import pytest

from noticeclerk.content.notice_types import load_notice
from noticeclerk.exceptions import InputError
from noticeclerk.register.facts import checked_facts, event_from_text, facts_from_text

CHICAGO = ZoneInfo("America/Chicago")
NEW_YORK = ZoneInfo("America/New_York")


@pytest.fixture(scope="module")
def rental_letter():
    return [load_notice("tuckahoe", "rental-letter", None)]


@pytest.fixture(scope="module")
def cost_report():
    return [load_notice("tuckahoe", "sidewalk-cost-report", None)]


@pytest.fixture(scope="module")
def snow_notice():
    return [load_notice("luck", "snow-ice-nonhazardous", None)]


def test_a_whole_number_is_nine_ascii_digits_at_most(rental_letter):
    assert facts_from_text(rental_letter, ["distance_feet=1480"], NEW_YORK) == {
        "distance_feet": 1480
    }
    # The register's JSON would keep a longer one as a float, or as infinity.
    for typed in ("9" * 400, "12345678901234567890", "२", "+1_480", "-1480", " 2026x", "1e3"):
        with pytest.raises(InputError, match="whole number from 0 to 999,999,999"):
            facts_from_text(rental_letter, [f"distance_feet={typed}"], NEW_YORK)
    with pytest.raises(InputError, match="whole number from 0 to 999,999,999"):
        checked_facts(rental_letter, {"distance_feet": 10**12}, NEW_YORK)


def test_a_cost_line_says_what_it_was_and_a_bill_stays_within_what_a_village_bills(cost_report):
    for typed in ("costs=|100.00", "costs= |5"):
        with pytest.raises(InputError, match="has an amount but no words"):
            facts_from_text(cost_report, [typed], NEW_YORK)
    lines = ["costs=Labor|100000000.00", "costs=Truck|100000000.00"]
    with pytest.raises(InputError, match=r"adds up to \$200,000,000\.00, more than"):
        facts_from_text(cost_report, lines, NEW_YORK)
    typed = [{"description": "Labor", "amount": Decimal("100000000.00")}] * 2
    with pytest.raises(InputError, match="adds up to"):
        checked_facts(cost_report, {"costs": typed}, NEW_YORK)


def test_a_moment_is_the_village_s_clock_time_refused_where_the_clocks_skip_or_repeat_it(
    snow_notice,
):
    (moment,) = facts_from_text(snow_notice, ["observed_at=2026-12-01T08:00"], CHICAGO).values()
    assert moment == datetime(2026, 12, 1, 8, tzinfo=CHICAGO)
    with pytest.raises(InputError, match="does not exist in America/Chicago"):
        facts_from_text(snow_notice, ["observed_at=2026-03-08T02:30"], CHICAGO)
    with pytest.raises(InputError, match="happens twice in America/Chicago"):
        facts_from_text(snow_notice, ["observed_at=2026-11-01T01:30"], CHICAGO)
    # The offset says which of the two was meant.
    (second,) = facts_from_text(
        snow_notice, ["observed_at=2026-11-01T01:30-06:00"], CHICAGO
    ).values()
    assert second.utcoffset().total_seconds() == -6 * 3600
    # A day alone is no moment: midnight would print a time nobody typed.
    for typed in ("2026-12-22", "20261222T0800", "2026-W52-2T08:00"):
        with pytest.raises(InputError, match="date and time"):
            facts_from_text(snow_notice, [f"observed_at={typed}"], CHICAGO)


def test_an_event_is_a_plain_day_or_the_village_s_clock_time():
    assert event_from_text("service=2026-12-01", CHICAGO)[1].isoformat() == "2026-12-01"
    for typed in ("20261201", "2026-W49-2", "2026-12-01T08"):
        with pytest.raises(InputError, match="must be a date"):
            event_from_text(f"service={typed}", CHICAGO)
    with pytest.raises(InputError, match="clocks skip that hour"):
        event_from_text("service=2026-03-08T02:30", CHICAGO)
