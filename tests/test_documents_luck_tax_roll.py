"""Village of Luck certificates entering unpaid bills on the tax roll (§§ 496-8F, 496-10G,
inferred) and the bill for sidewalk work the Village had done (Ch. 496, § 66.0907, Wis. Stats.):
their refusals and amounts against the ordinance's own words."""

from __future__ import annotations

import re
from datetime import date
from decimal import Decimal
from pathlib import Path

import pytest
from notice_figures import figures_of, sample_facts

from noticeclerk.content.notice_types import load_notice
from noticeclerk.exceptions import InputError
from noticeclerk.render import Renderer

CASEBOOK = Path(__file__).resolve().parent.parent / "casebook" / "luck"
ENTRIES = ("obstruction-tax-roll-entry", "snow-ice-tax-roll-entry")


def text_of(stem: str) -> str:
    html = Renderer().render(CASEBOOK / f"{stem}.toml", formats=("pdf",)).html
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


@pytest.mark.parametrize(
    ("slug", "bill", "section"),
    [
        ("obstruction-tax-roll-entry", "obstruction-removal-bill", "§ 496-8F (inferred)"),
        ("snow-ice-tax-roll-entry", "snow-ice-removal-bill", "§ 496-10G (inferred)"),
    ],
)
def test_each_tax_roll_entry_follows_its_own_bill_and_cites_its_own_section(slug, bill, section):
    notice = load_notice("luck", slug)
    assert notice.follows == (bill,)
    assert list(notice.sections) == [section]


@pytest.mark.parametrize("slug", ENTRIES)
def test_an_entry_dated_on_the_last_day_to_pay_the_bill_is_refused(slug):
    facts = sample_facts("luck", slug)
    with pytest.raises(InputError, match="may be paid through"):
        figures_of("luck", slug, facts, today=facts["bill_deadline"])
    day_after = date.fromordinal(facts["bill_deadline"].toordinal() + 1)
    if slug == "snow-ice-tax-roll-entry":
        # The Village reads § 496-10G's sixty days as "unpaid 60 days, then a special tax":
        # costs incurred December 24, 2026 are entered from Monday, February 22, 2027.
        with pytest.raises(InputError, match="not before Monday, February 22, 2027"):
            figures_of("luck", slug, facts, today=day_after)
        figures_of("luck", slug, facts, today=date(2027, 2, 22))
        return
    figures_of("luck", slug, facts, today=day_after)


@pytest.mark.parametrize("slug", ENTRIES)
def test_a_bill_paid_in_full_leaves_nothing_to_enter_on_the_tax_roll(slug):
    facts = {**sample_facts("luck", slug), "amount_unpaid": Decimal("0.00")}
    with pytest.raises(InputError, match="Nothing remains unpaid on the bill"):
        figures_of("luck", slug, facts, today=date(2027, 3, 1))


def test_the_snow_entry_enters_the_balance_as_a_special_tax_under_66_0907_5():
    text = text_of("snow-ice-tax-roll-entry")
    assert "$100.00 was paid on the bill. On February 22, 2027, $131.40 of the charges" in text
    assert (
        "onto the 2027 tax roll as a special tax as provided by § 66.0907(5), Wis. Stats." in text
    )
    assert (
        "address-block"
        not in Renderer().render(CASEBOOK / "snow-ice-tax-roll-entry.toml", formats=("pdf",)).html
    )


def test_the_obstruction_entry_enters_the_charges_as_the_state_statutes_provide():
    text = text_of("obstruction-tax-roll-entry")
    assert (
        "I enter those charges, $333.25, onto the 2026 tax roll as a special tax as provided"
        in (text)
    )
    assert "by the state statutes" in text
    assert "66.0907" not in text


def test_the_sidewalk_work_bill_is_the_entire_cost_with_no_due_day():
    facts = sample_facts("luck", "sidewalk-work-bill")
    figures = figures_of("luck", "sidewalk-work-bill", facts, today=date(2026, 8, 26))
    assert figures["charges"]["total"] == Decimal("1206.50")
    notice = load_notice("luck", "sidewalk-work-bill")
    assert notice.deadline is None
    assert notice.remittance.no_due_day == "Chapter 496 of the Village Code sets no day for payment"


def test_sidewalk_work_found_undone_on_the_last_of_the_60_days_is_refused():
    facts = {**sample_facts("luck", "sidewalk-work-bill"), "found_undone_on": date(2026, 7, 31)}
    with pytest.raises(InputError, match="run through Friday, July 31, 2026"):
        figures_of("luck", "sidewalk-work-bill", facts, today=date(2026, 8, 26))


def test_sidewalk_work_started_before_the_default_was_found_is_refused():
    facts = {
        **sample_facts("luck", "sidewalk-work-bill"),
        "village_work_started_on": date(2026, 8, 1),
    }
    with pytest.raises(InputError, match="the Village does the work only when the owner has not"):
        figures_of("luck", "sidewalk-work-bill", facts, today=date(2026, 8, 26))


def test_a_sidewalk_work_bill_for_nothing_is_refused():
    facts = {**sample_facts("luck", "sidewalk-work-bill"), "costs": []}
    with pytest.raises(InputError, match="The cost of the work adds up to nothing"):
        figures_of("luck", "sidewalk-work-bill", facts, today=date(2026, 8, 26))


def test_the_sidewalk_work_bill_quotes_the_owner_s_entire_cost_and_cites_the_statute():
    text = text_of("sidewalk-work-bill")
    assert "and to pay the entire cost of construction thereof. Such costs shall include" in text
    assert "had the work done at the owner's expense under § 66.0907, Wis. Stats." in text
    assert "entered on the tax roll as a special tax against the parcel under § 66.0907(5)" in text
