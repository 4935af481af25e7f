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
"""

TABLES = """
[periods.time_to_comply]
kind = "days"
count = 10
from = "notice_served"

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


def write_notice(workspace: Path, text: str) -> None:
    folder = workspace / "notices" / "luck"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "work-bill.toml").write_text(HEAD + text, encoding="utf-8")


def compute(workspace: Path, **facts: object) -> dict:
    given = {
        "notice_served": date(2026, 6, 1),
        "work_done": date(2026, 6, 15),
        "costs": [{"description": "Crew, 3 hours", "amount": Decimal("210.00")}],
        "outcome": "upheld",
        "deposit": Decimal("100.00"),
        "insured": True,
        **facts,
    }
    notice = load_notice("luck", "work-bill", workspace)
    case = CaseContext(
        facts=given, events={}, village=load_village("luck", workspace), today=date(2026, 6, 16)
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
            '[periods.p]\nkind = "days"\ncount = 3\nfrom = "outcome"\n',
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
        '[periods.first]\nkind = "days"\ncount = 10\nfrom = "notice_served"\n\n'
        '[periods.renewed]\nkind = "days"\ncount = 30\nfrom = "first"\n',
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
