"""Amounts, rates and measures as exact Decimals, turned into cents and into exact splits.

Every amount is a Decimal; arithmetic between the inputs and the one rounding is done on
exact fractions, so a result is rounded once, half-up to the cent, and only where the
ordinance states an amount. A split is never rounded share by share: each share is cut
down to whole cents and the cents left over go one each to the largest remainders (in the
order given when remainders tie), so the shares add back exactly to the total.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from decimal import Decimal
from fractions import Fraction

from noticeclerk.exceptions import InputError

CENT = Decimal("0.01")
HUNDRED = Decimal(100)

# An amount as a clerk types it: 1234.56, 1,234.56 or $1,234.56; at most two decimals, ASCII
# digits only (Python's \d would take Arabic-Indic and other digits a bill never prints), and
# no exponent: "1e5" is not the hundred thousand dollars Decimal would read it as.
_AMOUNT = re.compile(
    r"\$?(?P<digits>[0-9]{1,3}(?:,[0-9]{3})+|[0-9]+)(?:\.(?P<cents>[0-9]{1,2}))?", re.ASCII
)
# A percentage or a measure: plain ASCII digits with an optional decimal part.
_NUMBER = re.compile(r"[0-9]+(?:\.[0-9]+)?|\.[0-9]+", re.ASCII)

# The most any one amount may be: $100,000,000.00. No village bill, payment, cost or principal
# comes near it (the yearly budget of the largest of the five villages is some tens of
# millions), so a larger amount is a slip of the keyboard; and it keeps every sum, interest and
# split far inside Decimal's 28 significant digits, where an amount of 10^26 made the rounding
# to the cent fail with decimal.InvalidOperation instead of a sentence.
MAX_AMOUNT = Decimal("100000000.00")

# No rate in the five ordinances or the statutes they borrow goes beyond this; a larger
# number is a slip of the keyboard, not a rate.
MAX_PERCENT = Decimal(100)
# Far beyond any measure in feet or square feet a street job has, so a typo stands out.
MAX_MEASURE = Decimal(10_000_000)
MAX_DECIMALS = 6

Exact = Decimal | Fraction | int


def to_cents(value: Exact) -> Decimal:
    """Round an exact value once, half-up (away from zero) to the cent."""
    scaled = Fraction(value) * 100
    magnitude = abs(scaled)
    whole, rest = divmod(magnitude.numerator, magnitude.denominator)
    if 2 * rest >= magnitude.denominator:
        whole += 1
    cents = -whole if scaled < 0 else whole
    return (Decimal(cents) / HUNDRED).quantize(CENT)


def percent_of(amount: Decimal, percent: Decimal) -> Decimal:
    """A stated percentage of an amount, rounded once half-up to the cent."""
    return to_cents(Fraction(amount) * Fraction(percent) / 100)


def split_by_weights(total: Decimal, weights: Sequence[Decimal | int]) -> list[Decimal]:
    """Split a total in proportion to the weights, in whole cents that add back exactly.

    Each share is the exact proportional share cut down to whole cents; the cents left over
    go one each to the shares with the largest remainders, and among equal remainders to
    the first in the order given. With equal weights that is Village A § 134-45F's example
    done to the cent: the odd cents go to the first properties listed, and no two shares
    differ by more than one cent.
    """
    check_cents(total, "The total to split")
    if not weights:
        raise InputError("There is nothing to split the total among; give at least one share.")
    exact_weights = [Fraction(weight) for weight in weights]
    if any(weight < 0 for weight in exact_weights):
        raise InputError("A share cannot be measured by a negative amount.")
    whole = sum(exact_weights, Fraction(0))
    if whole == 0:
        raise InputError("The shares measure nothing in all; at least one must be more than 0.")
    total_cents = int(total * 100)
    exact_cents = [total_cents * weight / whole for weight in exact_weights]
    cents = [share.numerator // share.denominator for share in exact_cents]
    left_over = total_cents - sum(cents)
    by_remainder = sorted(
        range(len(cents)), key=lambda index: (-(exact_cents[index] - cents[index]), index)
    )
    for index in by_remainder[:left_over]:
        cents[index] += 1
    return [(Decimal(share) / HUNDRED).quantize(CENT) for share in cents]


def split_equally(total: Decimal, count: int) -> list[Decimal]:
    """Split a total into `count` equal shares to the cent; the first shares take the odd cents."""
    if isinstance(count, bool) or not isinstance(count, int) or count < 1:
        raise InputError(f"The number of shares must be a whole number of at least 1; got {count}.")
    return split_by_weights(total, [1] * count)


def check_cents(amount: Decimal, label: str) -> Decimal:
    """Refuse an amount that is negative, not finite or not in whole cents."""
    if not isinstance(amount, Decimal) or not amount.is_finite():
        raise InputError(f"{label} must be an amount of money such as 1234.56; got {amount!r}.")
    if amount < 0:
        raise InputError(f"{label} cannot be negative; got {spell_amount(amount)}.")
    if amount > MAX_AMOUNT:
        raise InputError(
            f"{label} must be at most {spell_amount(MAX_AMOUNT)}; got {_spell_large(amount)}."
        )
    if amount != amount.quantize(CENT):
        raise InputError(f"{label} must be in whole cents; got {amount}.")
    return amount.quantize(CENT)


def _spell_large(amount: Decimal) -> str:
    """An amount too large to bill, shown as given without rounding it (which could fail)."""
    return f"${amount:,f}"


def check_percent(rate: Decimal, label: str) -> Decimal:
    """Refuse a percentage that is negative or over 100%."""
    if not isinstance(rate, Decimal) or not rate.is_finite():
        raise InputError(f"{label} must be a percentage such as 5 or 7.25; got {rate!r}.")
    if rate < 0:
        raise InputError(f"{label} cannot be negative; got {spell_percent(rate)}.")
    if rate > MAX_PERCENT:
        raise InputError(f"{label} cannot be over 100%; got {spell_percent(rate)}.")
    return rate


def check_measure(value: Decimal, label: str, *, allow_zero: bool = True) -> Decimal:
    """Refuse a length, area or count that is negative, zero where it must not be, or absurd."""
    if not isinstance(value, Decimal) or not value.is_finite():
        raise InputError(f"{label} must be a number such as 12 or 12.5; got {value!r}.")
    if value < 0 or (value == 0 and not allow_zero):
        least = "0 or more" if allow_zero else "more than 0"
        raise InputError(f"{label} must be {least}; got {spell_number(value)}.")
    if value > MAX_MEASURE:
        raise InputError(f"{label} must be at most {MAX_MEASURE:,}; got {spell_number(value)}.")
    return value


def parse_amount(text: str, label: str) -> Decimal:
    """An amount of money a clerk typed (1234.56, 1,234.56 or $1,234.56), as whole cents."""
    cleaned = str(text).strip()
    if cleaned.startswith("-"):
        raise InputError(f"{label} cannot be negative; got {cleaned}.")
    found = _AMOUNT.fullmatch(cleaned)
    if not found:
        raise InputError(
            f"{label} must be an amount of money such as 1234.56, with at most two "
            f"decimals; got '{cleaned}'."
        )
    digits = found["digits"].replace(",", "")
    amount = Decimal(f"{digits}.{(found['cents'] or '').ljust(2, '0')}")
    if amount > MAX_AMOUNT:
        raise InputError(
            f"{label} must be at most {spell_amount(MAX_AMOUNT)}, the most any village bill or "
            f"payment could be; got '{cleaned}'."
        )
    return amount


def parse_percent(text: str, label: str) -> Decimal:
    """A percentage a clerk typed (5, 7.25 or 5%), from 0 to 100."""
    cleaned = str(text).strip().removesuffix("%").strip()
    if cleaned.startswith("-"):
        raise InputError(f"{label} cannot be negative; got {cleaned}%.")
    if not _NUMBER.fullmatch(cleaned) or _decimals(cleaned) > MAX_DECIMALS:
        raise InputError(f"{label} must be a percentage such as 5 or 7.25; got '{text}'.")
    return check_percent(Decimal(cleaned), label)


def parse_measure(text: str, label: str, *, allow_zero: bool = True) -> Decimal:
    """A length in feet, an area in square feet or a number of days, as typed."""
    cleaned = str(text).strip()
    if cleaned.startswith("-"):
        raise InputError(f"{label} cannot be negative; got {cleaned}.")
    if not _NUMBER.fullmatch(cleaned) or _decimals(cleaned) > MAX_DECIMALS:
        raise InputError(f"{label} must be a number such as 12 or 12.5; got '{text}'.")
    return check_measure(Decimal(cleaned), label, allow_zero=allow_zero)


def _decimals(text: str) -> int:
    return len(text.partition(".")[2])


def spell_amount(amount: Decimal) -> str:
    """An amount as a bill prints it: $1,234.56 (and -$5.00 for a shortfall)."""
    sign = "-" if amount < 0 else ""
    return f"{sign}${abs(amount.quantize(CENT)):,.2f}"


def format_amount(amount: Decimal) -> str:
    """An amount for JSON: a string with exactly two decimals, never a float."""
    return f"{amount.quantize(CENT):.2f}"


def format_number(value: Decimal) -> str:
    """A rate or a measure for JSON, as written: "5", "7.25", "96" (no exponent, no float)."""
    text = f"{value.normalize():f}"
    return text if text != "-0" else "0"


def spell_number(value: Decimal) -> str:
    """A rate or a measure in a sentence: 1,200 or 12.5."""
    whole, _, fraction = format_number(value).partition(".")
    grouped = f"{int(whole):,}"
    return f"{grouped}.{fraction}" if fraction else grouped


def spell_percent(rate: Decimal) -> str:
    return f"{spell_number(rate)}%"
