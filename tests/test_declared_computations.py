"""Periods, checks, bills and figures declared in a notice definition, computed with no Python."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from pathlib import Path

import pytest

from noticeclerk.compose import compute_figures
from noticeclerk.computations import CaseContext
from noticeclerk.content.notice_types import load_notice
from noticeclerk.content.village import load_village
from noticeclerk.exceptions import ConfigError, InputError

HEAD = """
kind = "bill"
title = "Bill for Work Done"
template = "documents/test.html.j2"
sections = ["§ 1"]
signer = "clerk_treasurer"
recipient = "owner"

[[service]]
method = "first_class_mail"
words = "Mailed."
section = "§ 1"

[facts]
notice_served = {type = "date", label = "the day the notice was served"}
work_done = {type = "date", label = "the day the Village did the work"}
costs = {type = "cost_lines", label = "the costs of the work"}
outcome = {type = "text", label = "what the Board decided"}
deposit = {type = "money", label = "the deposit paid"}
insured = {type = "boolean", label = "whether the insurance is on file"}
length = {type = "number", label = "the opening's length in feet"}
width = {type = "number", label = "the opening's width in feet"}
board_day = {type = "date", label = "the day the Board fixed"}
open_days = {type = "integer", label = "the days the opening may stay open"}
grounds = {type = "text_list", label = "the letters of the requirements not met"}
"""

TABLES = """
[periods.time_to_comply]
kind = "days"
count = 10
from = "notice_served"
act = "at_office"

[[checks]]
fact = "work_done"
after = "time_to_comply"
says = "The Village did the work on {work_done}, but the owner had until {time_to_comply}."

[bills.charges]
authority = "§ 1"
lines = "costs"

[figures.decision]
choose_by = "outcome"
words = {upheld = "upheld the notice"}
"""


def write_notice(workspace: Path, text: str, village: str = "luck") -> None:
    folder = workspace / "notices" / village
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "work-bill.toml").write_text(HEAD + text, encoding="utf-8")


def compute(workspace: Path, village: str = "luck", **facts: object) -> dict:
    given = {
        "notice_served": date(2026, 6, 1),
        "work_done": date(2026, 6, 15),
        "costs": [{"description": "Crew, 3 hours", "amount": Decimal("210.00")}],
        "outcome": "upheld",
        "deposit": Decimal("100.00"),
        "insured": True,
        "length": Decimal("10"),
        "width": Decimal("12"),
        "board_day": date(2026, 7, 1),
        "open_days": 5,
        "grounds": ["(b)"],
        **facts,
    }
    notice = load_notice(village, "work-bill", workspace)
    case = CaseContext(
        facts=given, events={}, village=load_village(village, workspace), today=date(2026, 6, 16)
    )
    return compute_figures(notice, case)


def test_a_declared_period_is_counted_on_the_village_calendar_with_its_reasons(tmp_path):
    write_notice(tmp_path, TABLES)
    figures = compute(tmp_path)
    # June 1 plus 10 days is Thursday, June 11 (Wis. Stat. § 990.001(4)).
    assert figures["time_to_comply"]["due"] == date(2026, 6, 11)
    assert any("10 days" in step for step in figures["time_to_comply"]["steps"])


def test_a_declared_check_refuses_with_its_own_sentence_and_the_dates_in_words(tmp_path):
    write_notice(tmp_path, TABLES)
    with pytest.raises(InputError) as caught:
        compute(tmp_path, work_done=date(2026, 6, 11))
    assert str(caught.value) == (
        "The Village did the work on Thursday, June 11, 2026, but the owner had until "
        "Thursday, June 11, 2026."
    )


def test_a_declared_bill_adds_its_lines_and_refuses_a_bill_for_nothing(tmp_path):
    write_notice(tmp_path, TABLES)
    bill = compute(tmp_path)["charges"]
    assert bill["total"] == Decimal("210.00")
    assert bill["lines"] == [{"description": "Crew, 3 hours", "amount": Decimal("210.00")}]
    with pytest.raises(InputError, match="add up to nothing; a bill under § 1"):
        compute(tmp_path, costs=[{"description": "Nothing", "amount": Decimal("0")}])


def test_words_chosen_by_a_fact_refuse_a_value_the_definition_does_not_know(tmp_path):
    write_notice(tmp_path, TABLES)
    assert compute(tmp_path)["decision"] == "upheld the notice"
    with pytest.raises(InputError, match="'outcome' must be one of: upheld; got 'tabled'"):
        compute(tmp_path, outcome="tabled")


def test_an_amount_check_compares_money_with_a_written_limit_and_spells_it_in_dollars(tmp_path):
    write_notice(
        tmp_path,
        '[[checks]]\nfact = "deposit"\nat_least = "100.00"\n'
        'says = "The deposit of {deposit} is less than the $100.00 required."\n',
    )
    assert compute(tmp_path) == {}
    with pytest.raises(InputError, match=r"The deposit of \$99\.99 is less than"):
        compute(tmp_path, deposit=Decimal("99.99"))


def test_a_hostile_fact_prints_literally_in_a_refusal(tmp_path):
    write_notice(
        tmp_path,
        '[[checks]]\nfact = "outcome"\none_of = ["upheld"]\nsays = "Not {outcome}."\n',
    )
    with pytest.raises(InputError) as caught:
        compute(tmp_path, outcome="{work_done} {{7*7}}")
    assert str(caught.value) == "Not {work_done} {{7*7}}."


@pytest.mark.parametrize(
    ("tables", "key", "problem"),
    [
        (
            '[periods.p]\nkind = "days"\ncount = 3\nfrom = "outcome"\nact = "at_office"\n',
            "periods.p",
            "counts from 'outcome', which is neither a date fact",
        ),
        (
            '[[checks]]\nfact = "work_done"\nafter = "nothing"\nsays = "x"\n',
            "checks[0].after",
            "'nothing' is not a fact or period",
        ),
        (
            '[[checks]]\nfact = "work_done"\nsays = "x"\n',
            "checks[0]",
            "exactly one comparison",
        ),
        (
            '[[checks]]\nfact = "work_done"\nafter = "notice_served"\nsays = "{nope}"\n',
            "checks[0].says",
            "names {nope}",
        ),
        (
            '[[checks]]\nfact = "work_done"\nafter = "notice_served"\nsais = "x"\nsays = "x"\n',
            "checks[0].sais",
            "is not a setting",
        ),
        (
            '[bills.b]\nauthority = "§ 1"\nlines = "outcome"\n',
            "bills.b.lines",
            "'outcome' is not a cost_lines fact",
        ),
        (
            '[bills.b]\nauthority = "§ 1"\n',
            "bills.b",
            "has nothing to bill",
        ),
        (
            '[figures.costs]\nfact = "outcome"\n',
            "figures.costs",
            "already the name of a fact",
        ),
        (
            '[figures.f]\nchoose_by = "outcome"\n',
            "figures.f.words",
            "must give the words",
        ),
        (
            '[figures.f]\nfact = "outcome"\nspell = "number"\n',
            "figures.f.spell",
            "'outcome' is a text fact, not a number",
        ),
        (
            '[[checks]]\nfact = "deposit"\nat_least = "1"\nwhen = {insured = "true"}\nsays = "x"\n',
            "checks[0].when.insured",
            "'insured' is a boolean fact; write true or false",
        ),
        (
            '[periods.p]\nkind = "days"\ncount = 3\nfrom = "notice_served"\nact = "at_office"\n'
            'reasons = "only_when_moved"\n',
            "periods.p.reasons",
            "for a fixed_day period",
        ),
        (
            '[fees.bond]\nrule = "excavation-bond"\nfacts = {depth_ft = "length"}\n',
            "fees.bond.facts.depth_ft",
            "must be one of: area_sqft, days",
        ),
        (
            '[fees.bond]\nrule = "excavation-bond"\nfacts = {length_ft = "outcome"}\n',
            "fees.bond.facts.length_ft",
            "'outcome' is not a number or money fact",
        ),
        (
            '[bills.b]\nauthority = "§ 1"\nitems = [{description = "x", amount = "length"}]\n',
            "bills.b.items[0].amount",
            "'length' is not a money fact, an amount, a fee or a bill before it",
        ),
        (
            '[amounts]\nminimum = "a lot"\n',
            "amounts.minimum",
            "100,000.00",
        ),
        (
            '[figures.f]\nfact = "outcome"\nrefuse = "No."\n',
            "figures.f.refuse",
            "refuses only with 'choose_by' or 'each_of'",
        ),
        (
            '[periods.p]\nkind = "days"\ncount = "outcome"\nfrom = "notice_served"\nact = "at_office"\n',
            "periods.p.count",
            "'outcome' is not an integer fact",
        ),
        (
            '[figures.f]\neach_of = "outcome"\nwords = {a = "x"}\nrefuse = "No {item}."\n',
            "figures.f.each_of",
            "'outcome' is not a text_list fact",
        ),
        (
            '[figures.f]\neach_of = "grounds"\nwords = {a = "x"}\nrefuse = "No {outcome}."\n',
            "figures.f.refuse",
            "names {outcome}",
        ),
        (
            '[figures.f]\nfact = "outcome"\nchoose_by = "outcome"\nwords = {a = "x"}\n',
            "figures.f",
            "give one of 'fact'",
        ),
        (
            '[[checks]]\nfact = "outcome"\nnot_empty = true\nsays = "x"\n',
            "checks[0].not_empty",
            "'outcome' is not a list fact",
        ),
        (
            '[figures.f]\nholds = {fact = "work_done", after = "nothing"}\n',
            "figures.f.holds.after",
            "'nothing' is not a fact or period",
        ),
    ],
)
def test_a_mistake_in_the_declared_tables_names_the_file_and_key(tmp_path, tables, key, problem):
    write_notice(tmp_path, tables)
    with pytest.raises(ConfigError) as caught:
        load_notice("luck", "work-bill", tmp_path)
    message = str(caught.value)
    assert f"work-bill.toml, key '{key}'" in message
    assert problem in message


def test_a_period_may_count_from_the_end_of_a_period_declared_before_it(tmp_path):
    write_notice(
        tmp_path,
        '[periods.first]\nkind = "days"\ncount = 10\nfrom = "notice_served"\nact = "at_office"\n\n'
        '[periods.renewed]\nkind = "days"\ncount = 30\nfrom = "first"\nact = "at_office"\n',
    )
    figures = compute(tmp_path)
    # June 1 + 10 days is Thursday, June 11; June 11 + 30 days is Saturday, July 11, and the
    # office keeping no Saturday hours (Wis. Stat. § 990.001(4)(c)), Monday, July 13.
    assert figures["first"]["due"] == date(2026, 6, 11)
    assert figures["renewed"]["due"] == date(2026, 7, 13)


def test_a_bill_groups_lines_under_labels_and_adds_a_percentage_of_them(tmp_path):
    write_notice(
        tmp_path,
        '[bills.charges]\nauthority = "§ 1"\n'
        'groups = [{lines = "costs", label = "Labor"}]\n'
        'items = [{description = "Deposit forfeited", amount = "deposit"}]\n'
        'percent = {rate = "20", description = "Administration, 20% of {subtotal}"}\n',
    )
    lines = compute(tmp_path)["charges"]["lines"]
    assert lines == [
        {"description": "Labor: Crew, 3 hours", "amount": Decimal("210.00")},
        {"description": "Deposit forfeited", "amount": Decimal("100.00")},
        {"description": "Administration, 20% of $310.00", "amount": Decimal("62.00")},
    ]


def test_a_figure_may_copy_a_fact_under_the_fact_s_own_name(tmp_path):
    write_notice(tmp_path, '[figures.outcome]\nfact = "outcome"\n')
    assert compute(tmp_path) == {"outcome": "upheld"}


def test_strict_amount_checks_refuse_the_limit_itself(tmp_path):
    write_notice(
        tmp_path,
        '[[checks]]\nfact = "deposit"\nmore_than = "0"\nsays = "A deposit of {deposit} is none."\n'
        '\n[[checks]]\nfact = "deposit"\nless_than = "500.00"\nsays = "{deposit} is too much."\n',
    )
    assert compute(tmp_path, deposit=Decimal("0.01")) == {}
    with pytest.raises(InputError, match=r"A deposit of \$0\.00 is none\."):
        compute(tmp_path, deposit=Decimal("0"))
    with pytest.raises(InputError, match=r"\$500\.00 is too much\."):
        compute(tmp_path, deposit=Decimal("500.00"))


def test_a_check_may_apply_only_when_another_fact_has_a_value(tmp_path):
    write_notice(
        tmp_path,
        '[[checks]]\nfact = "deposit"\nat_least = "100.00"\nwhen = {outcome = "upheld"}\n'
        'says = "An upheld notice needs a deposit of $100.00."\n',
    )
    assert compute(tmp_path, outcome="withdrawn", deposit=Decimal("1.00")) == {}
    with pytest.raises(InputError, match="An upheld notice needs"):
        compute(tmp_path, outcome="upheld", deposit=Decimal("1.00"))


def test_figures_may_spell_a_number_and_choose_words_under_the_fact_s_own_name(tmp_path):
    write_notice(
        tmp_path,
        '[figures.deposit]\nfact = "deposit"\nspell = "number"\n\n'
        '[figures.outcome]\nchoose_by = "outcome"\nwords = {upheld = "upheld the notice"}\n',
    )
    assert compute(tmp_path, deposit=Decimal("1200.50")) == {
        "deposit": "1,200.5",
        "outcome": "upheld the notice",
    }


def test_a_yes_or_no_fact_is_checked_with_true_or_false(tmp_path):
    write_notice(
        tmp_path,
        '[[checks]]\nfact = "insured"\none_of = [true]\nsays = "File the insurance first."\n',
    )
    assert compute(tmp_path) == {}
    with pytest.raises(InputError, match=r"File the insurance first\."):
        compute(tmp_path, insured=False)


BOND = """
[amounts]
least_deposit = "100.00"

[fees.bond]
rule = "excavation-bond"
facts = {length_ft = "length", width_ft = "width"}

[[checks]]
fact = "deposit"
at_least = "bond"
says = "The deposit of {deposit} is less than the bond of {bond}."

[[checks]]
fact = "deposit"
at_least = "least_deposit"
says = "The deposit of {deposit} is less than {least_deposit}."
"""


def test_a_fee_from_the_village_s_rules_is_a_figure_and_a_limit_checks_compare_with(tmp_path):
    write_notice(tmp_path, BOND, village="palmyra")
    # Palmyra § 8.05(4): $1 per square foot of the opening, at least $100.
    figures = compute(tmp_path, "palmyra", deposit=Decimal("120.00"))
    assert figures["bond"]["total"] == Decimal("120.00")
    assert figures["bond"]["authority"].startswith("Palmyra § 8.05(4)")
    assert figures["least_deposit"] == Decimal("100.00")
    with pytest.raises(InputError) as caught:
        compute(tmp_path, "palmyra", deposit=Decimal("119.99"))
    assert str(caught.value) == "The deposit of $119.99 is less than the bond of $120.00."


def test_a_named_amount_is_one_figure_for_the_check_and_the_template(tmp_path):
    write_notice(tmp_path, BOND, village="palmyra")
    with pytest.raises(InputError) as caught:
        compute(tmp_path, "palmyra", length=Decimal("1"), width=Decimal("1"), deposit=Decimal(99))
    # The $100 bond minimum is checked first; then the amount the definition names.
    assert str(caught.value) == "The deposit of $99.00 is less than the bond of $100.00."


def test_a_check_refuses_a_list_whose_line_names_a_forbidden_word_and_prints_it(tmp_path):
    write_notice(
        tmp_path,
        '[[checks]]\nfact = "costs"\nnames_none = ["backhoe", "power shovel"]\n'
        'when = {insured = true}\nsays = "A {item} is charged: {line}."\n',
    )
    assert compute(tmp_path) == {}
    backhoe = [{"description": "Backhoes, 2 hours", "amount": Decimal("300.00")}]
    with pytest.raises(InputError) as caught:
        compute(tmp_path, costs=backhoe)
    assert str(caught.value) == "A backhoe is charged: Backhoes, 2 hours."
    assert compute(tmp_path, costs=backhoe, insured=False) == {}
    # A word inside another is not the word.
    assert compute(tmp_path, costs=[{"description": "Backhoed", "amount": Decimal(1)}]) == {}


def test_a_forbidden_words_check_on_a_fact_that_is_not_a_list_is_refused(tmp_path):
    write_notice(tmp_path, '[[checks]]\nfact = "outcome"\nnames_none = ["x"]\nsays = "x"\n')
    with pytest.raises(ConfigError, match="'outcome' is not a list fact"):
        load_notice("luck", "work-bill", tmp_path)


def test_a_fee_may_take_a_fact_from_a_fee_declared_before_it(tmp_path):
    # Tuckahoe § 19-49(b): the deposit's refund figured against the fee paid at grant (§ 19-48(a)).
    write_notice(
        tmp_path,
        '[fees.fee]\nrule = "temporary-occupancy"\nfacts = {days = "open_days"}\n\n'
        '[fees.refund]\nrule = "temporary-occupancy"\n'
        'facts = {days = "open_days", deposit = "deposit", fee_paid = "fee"}\n',
        village="tuckahoe",
    )
    figures = compute(tmp_path, "tuckahoe", open_days=5, deposit=Decimal("100.00"))
    assert figures["fee"]["total"] == Decimal("65.00")
    assert figures["refund"]["amounts"]["refund"] == Decimal("100.00")


def test_a_fee_naming_a_fee_declared_after_it_is_refused(tmp_path):
    write_notice(
        tmp_path,
        '[fees.refund]\nrule = "temporary-occupancy"\n'
        'facts = {days = "open_days", deposit = "deposit", fee_paid = "fee"}\n\n'
        '[fees.fee]\nrule = "temporary-occupancy"\nfacts = {days = "open_days"}\n',
        village="tuckahoe",
    )
    with pytest.raises(ConfigError, match="nor a fee declared before it"):
        load_notice("tuckahoe", "work-bill", tmp_path)


def test_bill_items_take_a_percentage_subtract_and_build_on_an_earlier_bill(tmp_path):
    write_notice(
        tmp_path,
        '[bills.cost]\nauthority = "§ 1"\nlines = "costs"\n\n'
        '[bills.share]\nauthority = "§ 2"\nitems_first = true\nlines = "costs"\n'
        "items = [\n"
        '  {description = "Half of {cost}", amount = "cost", percent = "50"},\n'
        '  {description = "Less the deposit", amount = "deposit", subtract = true},\n'
        "]\n\n"
        '[[checks]]\nfact = "cost"\nmore_than = "deposit"\n'
        'says = "The cost, {cost}, is not more than the deposit, {deposit}."\n',
    )
    share = compute(tmp_path)["share"]
    assert share["lines"] == [
        {"description": "Half of $210.00", "amount": Decimal("105.00")},
        {"description": "Less the deposit", "amount": Decimal("-100.00")},
        {"description": "Crew, 3 hours", "amount": Decimal("210.00")},
    ]
    assert share["total"] == Decimal("215.00")
    # A check naming a bill is made once the bills are added up.
    with pytest.raises(InputError, match=r"The cost, \$210.00, is not more than the deposit"):
        compute(tmp_path, deposit=Decimal("210.00"))


def test_a_day_the_board_fixed_prints_its_reasons_only_when_it_had_to_move(tmp_path):
    write_notice(
        tmp_path,
        '[periods.extended]\nkind = "fixed_day"\nfact = "board_day"\n'
        'fixed_by = "the Board"\nreasons = "only_when_moved"\nact = "at_office"\n',
    )
    # Wednesday, July 1, 2026 is a business day: nothing to explain.
    assert compute(tmp_path)["extended"] == {"due": date(2026, 7, 1), "steps": []}
    # Saturday, July 4, 2026 (Independence Day) runs on to Monday, July 6.
    moved = compute(tmp_path, board_day=date(2026, 7, 4))["extended"]
    assert moved["due"] == date(2026, 7, 6)
    assert moved["steps"] and not any("fixed by" in step for step in moved["steps"])


def test_words_chosen_by_a_fact_may_refuse_with_the_definition_s_sentence(tmp_path):
    write_notice(
        tmp_path,
        '[figures.decision]\nchoose_by = "outcome"\nwords = {upheld = "upheld it"}\n'
        'refuse = "{outcome} is not a decision § 1 allows."\n',
    )
    with pytest.raises(InputError) as caught:
        compute(tmp_path, outcome="tabled")
    assert str(caught.value) == "tabled is not a decision § 1 allows."


def test_a_check_may_compare_a_fact_with_the_document_s_date(tmp_path):
    write_notice(
        tmp_path,
        '[[checks]]\nfact = "work_done"\nnot_after = "today"\n'
        'says = "The work is dated {work_done}, after this document ({today})."\n',
    )
    assert compute(tmp_path, work_done=date(2026, 6, 16)) is not None
    with pytest.raises(InputError) as caught:
        compute(tmp_path, work_done=date(2026, 6, 17))
    assert str(caught.value) == (
        "The work is dated Wednesday, June 17, 2026, after this document (Tuesday, June 16, 2026)."
    )


def test_a_period_may_take_its_count_from_an_integer_fact(tmp_path):
    write_notice(
        tmp_path,
        '[periods.open]\nkind = "days"\ncount = "open_days"\nfrom = "notice_served"\nact = "at_office"\n',
    )
    # June 1 plus 5 days is Saturday, June 6: Wisconsin runs on to Monday, June 8.
    assert compute(tmp_path)["open"]["due"] == date(2026, 6, 8)
    assert compute(tmp_path, open_days=10)["open"]["due"] == date(2026, 6, 11)
    with pytest.raises(InputError, match="'open_days' is a number of days; it must be at least"):
        compute(tmp_path, open_days=0)


def test_a_figure_may_be_true_or_false_by_a_comparison(tmp_path):
    write_notice(
        tmp_path,
        '[periods.time_to_comply]\nkind = "days"\ncount = 10\nfrom = "notice_served"\nact = "at_office"\n\n'
        '[figures.late]\nholds = {fact = "work_done", after = "time_to_comply"}\n',
    )
    assert compute(tmp_path)["late"] is True
    assert compute(tmp_path, work_done=date(2026, 6, 11))["late"] is False


LOOKUP = """
[figures.unmet]
each_of = "grounds"
words = {a = "the property is zoned for commercial uses", b = "the fixtures are temporary", c = "five feet of sidewalk stay clear"}
refuse = "'{item}' is not a requirement of § 1; they are lettered (a) to (c)."

[[checks]]
fact = "grounds"
not_empty = true
when = {insured = true}
says = "A revocation must name a requirement not met."
"""


def test_each_item_of_a_list_is_looked_up_in_the_ordinance_s_words_and_order(tmp_path):
    write_notice(tmp_path, LOOKUP)
    unmet = compute(tmp_path, grounds=["C", "(a)"])["unmet"]
    assert unmet == [
        {"key": "a", "words": "the property is zoned for commercial uses"},
        {"key": "c", "words": "five feet of sidewalk stay clear"},
    ]
    with pytest.raises(InputError) as caught:
        compute(tmp_path, grounds=["(h)"])
    assert str(caught.value) == "'(h)' is not a requirement of § 1; they are lettered (a) to (c)."
    with pytest.raises(InputError, match="names 'a' more than once; name each once"):
        compute(tmp_path, grounds=["a", "(a)"])


def test_a_list_may_be_required_to_name_something_only_when_another_fact_says_so(tmp_path):
    write_notice(tmp_path, LOOKUP)
    assert compute(tmp_path, grounds=[], insured=False)["unmet"] == []
    with pytest.raises(InputError, match="must name a requirement not met"):
        compute(tmp_path, grounds=[], insured=True)


def test_a_sentence_may_name_what_a_fee_was_figured_on(tmp_path):
    write_notice(
        tmp_path,
        BOND + '\n[bills.paid]\nauthority = "§ 8.05(4)"\n'
        'items = [{description = "Bond on {bond.area_sqft} square feet", amount = "bond"}]\n',
        village="palmyra",
    )
    figures = compute(tmp_path, "palmyra", deposit=Decimal("120.00"))
    assert figures["bond"]["measures"] == {"area_sqft": "120"}
    assert figures["paid"]["lines"][0]["description"] == "Bond on 120 square feet"
