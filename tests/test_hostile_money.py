"""Amounts of money as a bill prints them: ASCII digits, an optional $, commas in their places,
two decimals at most and no more than MAX_AMOUNT; an exponent, another script's digits or an
absurd size is one sentence, never a bill for an amount nobody typed or a traceback."""

from __future__ import annotations

import json
import shutil
from decimal import Decimal
from pathlib import Path

import pytest
from clerk import CASEBOOK, clerk_at

from noticeclerk.content.casefile import convert_fact
from noticeclerk.exceptions import InputError
from noticeclerk.rules.money import (
    MAX_AMOUNT,
    check_cents,
    parse_amount,
    parse_measure,
    parse_percent,
)

NOT_AMOUNTS = [
    "1e5",  # Decimal reads it as 100000
    "1E+5",
    "\u0661\u0662\u0663",  # Arabic-Indic 123
    "\uff11\uff12\uff13",  # fullwidth 123
    "12.345",
    "1,00",
    "12,34,567.00",
    "1,2345.00",
    "NaN",
    "Infinity",
    "$",
    "",
    "1 000",
    "0x10",
]


@pytest.mark.parametrize("text", NOT_AMOUNTS)
def test_what_is_not_an_amount_is_refused_with_one_sentence(text):
    with pytest.raises(InputError, match=r"^The amount must be an amount of money such as"):
        parse_amount(text, "The amount")


@pytest.mark.parametrize(
    ("text", "amount"),
    [
        ("1234.56", "1234.56"),
        ("1,234.56", "1234.56"),
        ("$1,234,567.8", "1234567.80"),
        ("7", "7.00"),
        ("$100,000,000.00", "100000000.00"),
    ],
)
def test_an_amount_as_a_clerk_types_it_is_read_to_the_cent(text, amount):
    assert parse_amount(text, "The amount") == Decimal(amount)


@pytest.mark.parametrize("text", ["100,000,000.01", "1" + "0" * 26, "9" * 60 + ".99"])
def test_an_amount_beyond_what_a_village_could_bill_is_refused(text):
    with pytest.raises(InputError, match=r"must be at most \$100,000,000\.00"):
        parse_amount(text, "The amount")
    with pytest.raises(InputError, match=r"must be at most \$100,000,000\.00"):
        check_cents(Decimal(text.replace(",", "")), "The amount")


def test_the_most_a_village_could_bill_is_a_hundred_million_dollars():
    assert Decimal("100000000.00") == MAX_AMOUNT


@pytest.mark.parametrize("text", ["\u0665", "1e2", "\u0661.5", "inf"])
def test_a_percentage_or_a_measure_is_ascii_digits_without_an_exponent(text):
    with pytest.raises(InputError, match="must be a percentage"):
        parse_percent(text, "The rate")
    with pytest.raises(InputError, match="must be a number"):
        parse_measure(text, "The length")


@pytest.mark.parametrize("value", [1e5, 0.1, 100.0, "1e5", "\u0661\u0662\u0663", True])
def test_a_money_fact_is_no_float_no_exponent_and_no_foreign_digit(value, eastern):
    with pytest.raises((InputError, ValueError)):
        convert_fact("money", value, eastern, what="The fact 'fee'")


def test_a_money_fact_may_be_a_whole_number_or_text(eastern):
    assert convert_fact("money", 125, eastern) == Decimal("125.00")
    assert convert_fact("money", "$1,250.5", eastern) == Decimal("1250.50")


@pytest.mark.parametrize("value", ["NaN", "1e999", "\u0661\u0662", float("inf"), "-Infinity"])
def test_a_number_fact_is_ascii_digits_without_an_exponent(value, eastern):
    with pytest.raises(ValueError):
        convert_fact("number", value, eastern)
    assert convert_fact("number", 12.5, eastern) == Decimal("12.5")
    assert convert_fact("number", "-3", eastern) == Decimal("-3")


@pytest.fixture
def luck_bill(tmp_path) -> Path:
    shutil.copy(CASEBOOK / "luck" / "roll.csv", tmp_path / "roll.csv")
    case = tmp_path / "bill.toml"
    shutil.copy(CASEBOOK / "luck" / "snow-ice-removal-bill.toml", case)
    return case


@pytest.mark.parametrize(
    ("amount", "message"),
    [
        ('"1e5"', "item 1, amount must be an amount of money such as 1234.56"),
        ("1e5", "must be a list of {description"),
        ("0.1", "must be a list of {description"),
        ('"\u0661\u0661\u0665.50"', "item 1, amount must be an amount of money"),
        ('"100000000000000000000000000"', "item 1, amount must be at most $100,000,000.00"),
    ],
)
def test_a_cost_line_of_a_case_file_that_is_no_amount_is_refused_and_nothing_is_written(
    runner, luck_bill, tmp_path, amount, message
):
    from noticeclerk.cli import cli

    text = luck_bill.read_text(encoding="utf-8")
    luck_bill.write_text(text.replace('amount = "115.50"', f"amount = {amount}"), encoding="utf-8")
    result = runner.invoke(cli, ["render", str(luck_bill), "--out", str(tmp_path / "out")])
    assert result.exit_code == 1
    assert "the fact 'expenses'" in result.output
    assert message in result.output
    assert "Traceback" not in result.output
    assert not (tmp_path / "out").exists()


def test_a_cost_line_typed_with_an_exponent_opens_no_case(tmp_path, runner):
    clerk = clerk_at(tmp_path, runner, "luck")
    result = clerk(
        "case", "open", "--village", "luck", "--parcel", "146-00312-0000",
        "--notice-type", "snow-ice-removal-bill",
        "--fact=abatement_basis=The snow was not removed.",
        "--fact=work_description=a crew cleared the sidewalk.",
        "--fact=costs_incurred_on=2026-12-24",
        "--fact=expenses=Labor|1e5",
        ok=False,
    )  # fmt: skip
    assert result.exit_code == 1
    assert "The fact 'expenses', item 1, amount must be an amount of money" in result.output
    assert json.loads(clerk("case", "list", "--json").output) == []


@pytest.mark.parametrize(
    "arguments",
    [
        ["calc", "split", "1" + "0" * 26, "--count", "3"],
        ["calc", "split", "\u0661\u0662\u0663", "--count", "3"],
        ["calc", "interest", "--principal", "1" + "0" * 26, "--from", "2026-01-01",
         "--to", "2026-06-01", "--rate", "9"],
        ["calc", "installments", "--principal", "1e5", "--village", "village-a", "--years", "5",
         "--notice-date", "2026-01-02"],
    ],
)  # fmt: skip
def test_an_amount_at_the_counter_that_is_no_amount_is_one_sentence(runner, arguments):
    from noticeclerk.cli import cli

    result = runner.invoke(cli, ["--today", "2026-01-02", *arguments])
    assert result.exit_code == 1, result.output
    assert result.output.startswith("Error: ") and "Traceback" not in result.output
    assert "must be" in result.output
