"""A notice type's declared tables (periods, checks, bills, figures) turned into figures, with no
Python of its own.

Most documents compute the same few things: a period counted on the village's calendar from a
fact ("the seven days after the notice was mailed"), a fact refused when it falls on the wrong
side of a period or a limit ("an appeal served after the seven days does not suspend the
notice"), a bill made of cost lines that must come to more than nothing, and words chosen by a
fact ("affirmed" → "affirmed the notice to repair"). A notice definition declares these as
tables and this module computes them, in that order; a notice type names a Python computation
only for law that tables cannot state (assessment schedules, installment plans).

The tables, as a notice definition writes them:

    [periods.repair_period]              # figures.repair_period = {due, steps}
    kind = "days"                        # the deadline rule vocabulary (rules.deadline_rules)
    count = 7
    from = "notice_mailed"               # a date or date-time fact of the notice

    [[checks]]                           # refuse the case unless the comparison holds
    fact = "appeal_served"
    not_after = "repair_period"          # a fact, a period, or for amounts a figure in quotes
    says = "The appeal was served on {appeal_served}, after {repair_period}."

    [bills.charges]                      # figures.charges = {lines, total}
    authority = "Tuckahoe § 19-34(b)"
    lines = "costs"                      # a cost_lines fact, each line as the clerk gave it
    groups = [{lines = "labor", label = "Labor"}]      # lines printed "Labor: ..."
    items = [{description = "Permit fee ({fee_resolution})", amount = "board_fee"}]
    percent = {rate = "20", description = "Administration, 20% of {subtotal}"}

    [figures.decision]                   # figures.decision = the words for the fact's value
    choose_by = "outcome"
    words = {affirmed = "affirmed the notice to repair", modified = "modified it"}

A period may also count from a period declared before it (`from = "first_thirty_days"`), and
a day an officer fixed may print its reasons only when it had to move (`reasons =
"only_when_moved"`); a check may compare amounts strictly (`more_than`, `less_than`), accept
true or false in `one_of`, compare with the document's date (`today`), and apply only `when =
{outcome = "granted"}`, and refuse a list whose lines name a word (`names_none = ["backhoe"]`,
its sentence printing the word as {item} and the line as {line}); a figure may copy a fact
under the fact's own name, spelled as a number (`[figures.width] fact = "width"`, `spell =
"number"`), or choose words under the name of the
fact it chooses by, refusing any other value with the definition's own sentence (`refuse`).

Two more tables name amounts the law fixes, so checks, bills and templates share one figure:

    [amounts]                            # figures.per_person = Decimal("100000.00")
    per_person = "100,000.00"            # "insurance of at least $100,000 per person"

    [fees.bond]                          # figures.bond = {title, total, authority, steps, lines}
    rule = "excavation-bond"             # a [fee_rules] entry of the village's file
    facts = {length_ft = "opening_length_ft", width_ft = "opening_width_ft"}
    rate = "posted_rate"                 # optional: the case gives the rate the Board set

A fee's facts may name a fee declared before it (`fee_paid = "fee"`: the deposit's refund
figured against the fee paid at grant), and its amounts print as `figures.NAME.amounts`.
A check or a bill item may name an amount, a fee or a bill declared before it (its total), and
a sentence may name a fee's measure (`{bond.area_sqft}`); a check that names a bill is made
once the bills are computed. A period may take its count from an integer fact (`count =
"open_days_allowed"`); a check may require a list to name something (`not_empty = true`).

A figure may also be true or false by a comparison (`holds = {fact = "pavement", before =
"renewed"}`), or each item of a list fact looked up in the ordinance's words (`each_of =
"conditions_violated"`, `words = {"1" = "..."}`, `refuse = "... not {item}"`), printed in the
words' order as {key, words}; an item named twice is refused. A bill item may take a percentage
of its amount (`percent = "50"`), be subtracted (`subtract = true`, "less the deposit"), and a
bill may print its items before its lines (`items_first = true`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from datetime import date, datetime, timedelta
from decimal import Decimal, InvalidOperation
from typing import Any

from noticeclerk.computations.figures import CaseContext, bill_context, period_context
from noticeclerk.exceptions import InputError, quoted_back
from noticeclerk.rules.costs import Bill, BillLine
from noticeclerk.rules.deadline_rules import DeadlineRule, FixedDayRule
from noticeclerk.rules.fees import FeeAnswer, FeeFacts, FeeTable
from noticeclerk.rules.money import check_cents, percent_of, spell_amount, spell_number
from noticeclerk.rules.periods import Deadline, local_day, spell_date, spell_datetime

# The comparisons a check may make: of days and moments, of amounts and numbers, of values.
COMPARISONS = (
    "not_before",
    "not_after",
    "before",
    "after",
    "at_least",
    "at_most",
    "more_than",
    "less_than",
    "one_of",
    "not_empty",
    "names_none",
)
AMOUNT_COMPARISONS = ("at_least", "at_most", "more_than", "less_than")
# "{name}" in a check's sentence: a fact, a period or a figure, spelled as a document prints it;
# "{fee.measure}" a measure a declared fee was figured on.
PLACEHOLDER = re.compile(r"\{([a-z][a-z0-9_]*(?:\.[a-z][a-z0-9_]*)?)\}")


@dataclass(frozen=True)
class Check:
    """One refusal the ordinance requires: `fact` must stand in `comparison` to `operand`."""

    fact: str
    comparison: str
    operand: str | tuple[str | bool, ...]
    says: str
    # The check applies only when each of these facts has this value ({outcome = "granted"}).
    when: Mapping[str, str | bool] = field(default_factory=dict)


@dataclass(frozen=True)
class BillItem:
    """A bill line whose amount is a money fact, an amount, a fee or an earlier bill's total,
    and its words (which may name facts)."""

    description: str
    amount: str
    # A stated percentage of the amount ("50 percent of the cost"), and whether the line is
    # taken off the bill ("less the deposit").
    percent: Decimal | None = None
    subtract: bool = False


@dataclass(frozen=True)
class DeclaredFee:
    """A fee the village's file computes ([fee_rules]), from the facts its rule needs."""

    rule: str
    # The fee rule's fact (length_ft, area_sqft...) → the case fact that gives it.
    facts: Mapping[str, str] = field(default_factory=dict)
    # A case fact giving the rate the Board set or posted, where the case, not the village's
    # file, states it.
    rate: str | None = None


@dataclass(frozen=True)
class Percent:
    """A line adding a stated percentage of the lines before it ("plus 20% for administration")."""

    rate: Decimal
    description: str


@dataclass(frozen=True)
class DeclaredBill:
    """A bill: the lines of cost_lines facts, fixed items and a percentage, under one authority."""

    authority: str
    lines: str | None
    items: tuple[BillItem, ...]
    refuse_nothing: str | None
    # Further cost_lines facts, each line printed after its label ("Labor: ...").
    groups: tuple[tuple[str, str], ...] = ()
    percent: Percent | None = None
    # The items (a fee the Board set) printed before the cost lines rather than after them.
    items_first: bool = False


@dataclass(frozen=True)
class Choice:
    """Words chosen by the value of a fact."""

    choose_by: str
    words: Mapping[str, str]
    # The sentence refusing any other value; without one the refusal lists the values.
    refuse: str | None = None


@dataclass(frozen=True)
class Copy:
    """A fact printed as it is, or spelled as a sentence prints a number ("2.5", "1,000")."""

    fact: str
    spell_number: bool = False


@dataclass(frozen=True)
class Holds:
    """A figure that is true when a comparison holds ("the pavement day comes first")."""

    check: Check


@dataclass(frozen=True)
class Lookup:
    """Each item of a list fact looked up in the ordinance's words, printed in their order."""

    fact: str
    words: Mapping[str, str]
    # The refusal of an item the words do not have; "{item}" names it.
    refuse: str


@dataclass(frozen=True)
class Declared:
    """Everything a notice definition declares to be computed, in the order it is computed."""

    periods: Mapping[str, DeadlineRule]
    checks: tuple[Check, ...]
    bills: Mapping[str, DeclaredBill]
    figures: Mapping[str, Choice | Copy | Holds | Lookup]
    # The kind of each fact (money, number, date...), so a sentence spells it rightly.
    kinds: Mapping[str, str]
    amounts: Mapping[str, Decimal] = field(default_factory=dict)
    fees: Mapping[str, DeclaredFee] = field(default_factory=dict)
    # Periods whose reasons print only when the day had to move (a day the Board fixed).
    quiet_periods: frozenset[str] = frozenset()
    # Periods whose count is an integer fact ("the longer period the permit states").
    counted_by: Mapping[str, str] = field(default_factory=dict)
    # Facts a follow-up takes from the document it follows; absent when the document follows
    # none (a bill that is a case of its own), and a check naming an absent one is not made.
    optional: frozenset[str] = frozenset()


NOTHING = Declared({}, (), {}, {}, {})


def compute_declared(declared: Declared, case: CaseContext) -> dict[str, Any]:
    """The figures a notice type declares, or InputError with the sentence of the first refusal."""
    # A period counts from a fact (or, failing that, an event of the same name), or from the
    # end of a period declared before it.
    anchors = {**case.events, **{k: v for k, v in case.facts.items() if isinstance(v, date)}}
    periods: dict[str, Deadline] = {}
    rules = {name: _counted(name, rule, declared, case) for name, rule in declared.periods.items()}
    for name, rule in rules.items():
        periods[name] = rule.deadline(case.village.calendar, anchors, case.facts)
        anchors[name] = periods[name].due
    figures: dict[str, Any] = {
        name: _period_figure(rule, periods[name], case, name in declared.quiet_periods)
        for name, rule in rules.items()
    }
    figures.update(declared.amounts)
    values: dict[str, Any] = {"today": case.today, **case.facts, **declared.amounts, **periods}
    for name, fee in declared.fees.items():
        answer = _fee(fee, case, values)
        values[name] = answer.fee
        values.update((f"{name}.{measure}", value) for measure, value in answer.measures)
        figures[name] = fee_context(answer)
    # A check naming a bill waits for the bills; every other check comes first, so a case is
    # refused for its facts before its costs are added up.
    later = [c for c in declared.checks if {c.fact, c.operand} & set(declared.bills)]
    _check_all([c for c in declared.checks if c not in later], values, declared, case)
    for name, bill in declared.bills.items():
        made = _bill(bill, values, declared.kinds, case)
        values[name] = made.total
        figures[name] = bill_context(made)
    _check_all(later, values, declared, case)
    for name, figure in declared.figures.items():
        if isinstance(figure, Choice):
            figures[name] = _choose(figure, values, declared.kinds, case)
        elif isinstance(figure, Holds):
            figures[name] = _holds(figure.check, values, case)
        elif isinstance(figure, Lookup):
            figures[name] = _look_up(figure, case.facts[figure.fact], declared.kinds, case)
        elif figure.spell_number:
            figures[name] = spell_number(Decimal(case.facts[figure.fact]))
        else:
            figures[name] = case.facts[figure.fact]
    return figures


def unmet_checks(declared: Declared, case: CaseContext) -> list[str]:
    """The sentences of the declared checks that fail on what the case already holds, without
    composing the document: each period whose start is known is counted, and each check whose
    facts, periods and sentence are all known is made. What is not known yet refuses nothing
    here (issuing makes every check), nor does a check of a fee or a bill, which needs the
    costs added up.

    `today` may be a moment (the instant a document was served): it is then compared with a
    moment as a moment, and with a day as the village's calendar day, as any fact is."""
    return [unmet.says for unmet in unmet_with_days(declared, case)]


@dataclass(frozen=True)
class Unmet:
    """A declared check that fails: its sentence, and where it is a check of the document's
    own date that a later date would meet ("not before the work was done"), the first day it
    holds; None where waiting changes nothing."""

    says: str
    holds_from: date | None = None


def unmet_with_days(declared: Declared, case: CaseContext) -> list[Unmet]:
    """`unmet_checks`, each failure with the first day a document dated later would meet it."""
    anchors = {**case.events, **{k: v for k, v in case.facts.items() if isinstance(v, date)}}
    periods: dict[str, Deadline] = {}
    for name, rule in declared.periods.items():
        try:
            periods[name] = _counted(name, rule, declared, case).deadline(
                case.village.calendar, anchors, case.facts
            )
        except (InputError, KeyError):
            continue  # its start, or its count, is not recorded yet
        anchors[name] = periods[name].due
    values: dict[str, Any] = {"today": case.today, **case.facts, **declared.amounts, **periods}
    unknowable = set(declared.bills) | set(declared.fees)
    names = set(declared.kinds) | set(declared.periods) | set(declared.amounts) | unknowable
    failed = []
    for check in declared.checks:
        # An amount check may compare with a literal ("0"); any other operand names a value.
        operand = {check.operand} & names if isinstance(check.operand, str) else set()
        named = {check.fact, *check.when, *operand}
        if named & unknowable or not named <= set(values):
            continue
        if any(values[name] != value for name, value in check.when.items()):
            continue
        said = dict(values)
        if check.comparison == "names_none":
            found = _named(check, values[check.fact])
            if found is None:
                continue
            said.update(item=found[0], line=found[1])
        elif _holds(check, values, case):
            continue
        if set(PLACEHOLDER.findall(check.says)) <= set(said):
            says = _spell(check.says, said, declared.kinds, case, refusal=True)
            failed.append(Unmet(says, _first_day(check, values, case)))
    return failed


def _first_day(check: Check, values: Mapping[str, Any], case: CaseContext) -> date | None:
    """For a failed check of the document's own date against a day or a moment ("today
    not_before work_done_on", "today after bill_deadline"), the first day on the village's
    calendar that meets it; None for any other check, which a later date does not change."""
    # "today not_before X" and "X not_after today" say the same, as do "after" and "before".
    if check.fact == "today" and check.comparison in ("not_before", "after"):
        other, strictly = values[check.operand], check.comparison == "after"
    elif check.operand == "today" and check.comparison in ("not_after", "before"):
        other, strictly = values[check.fact], check.comparison == "before"
    else:
        return None
    other = _comparable(other)
    if not isinstance(other, date):
        return None
    day = local_day(case.village.calendar, other)
    return day + timedelta(days=1) if strictly else day


def fee_context(answer: FeeAnswer) -> dict[str, Any]:
    """A fee as a template prints it: its title and total with the reasons, or as a bill."""
    return {
        "title": answer.title,
        "total": answer.fee,
        "authority": answer.authority,
        "steps": [str(step) for step in answer.steps],
        "lines": [{"description": answer.title, "amount": answer.fee}],
        # What the fee was figured on ("area_sqft": "120"), spelled as a sentence prints it.
        "measures": {measure: spell_number(value) for measure, value in answer.measures},
        # The amounts beside the fee: a deposit, its refund or the balance still due.
        "amounts": dict(answer.amounts),
    }


def _counted(name: str, rule: DeadlineRule, declared: Declared, case: CaseContext) -> DeadlineRule:
    fact = declared.counted_by.get(name)
    if fact is None:
        return rule
    count = case.facts[fact]
    if count < 1:
        raise InputError(f"The fact '{fact}' is a number of days; it must be at least 1.")
    return replace(rule, count=count)  # type: ignore[type-var]


def _period_figure(
    rule: DeadlineRule, deadline: Deadline, case: CaseContext, quiet: bool
) -> dict[str, Any]:
    if not (quiet and isinstance(rule, FixedDayRule)):
        return period_context(deadline)
    # The Board's day is the Board's: only a move off a day on which the act may not be done
    # needs its reasons, and the first step (the day fixed) goes without saying.
    fixed = case.facts[rule.fact]
    moved = deadline.due != fixed
    return {
        "due": deadline.due,
        "steps": [str(step) for step in deadline.steps[1:]] if moved else [],
    }


def _fee(fee: DeclaredFee, case: CaseContext, values: Mapping[str, Any]) -> FeeAnswer:
    rule = case.village.fee_rule(fee.rule)
    table = case.village.fees
    if fee.rate is not None:
        # The rate the case gives stands in the entry the village's fee rule reads it from.
        table = FeeTable(
            {rule.entries[0].key: Decimal(case.facts[fee.rate])}, f"the case fact {fee.rate}"
        )
    # A fee's fact is a case fact or the total of a fee declared before it.
    facts = FeeFacts(**{name: Decimal(values[fact]) for name, fact in fee.facts.items()})
    return rule.answer(facts, table)


def _check_all(
    checks: list[Check], values: Mapping[str, Any], declared: Declared, case: CaseContext
) -> None:
    for check in checks:
        if any(case.facts[name] != value for name, value in check.when.items()):
            continue
        named = {check.fact, check.operand if isinstance(check.operand, str) else ""}
        if any(name in declared.optional and name not in values for name in named):
            continue
        if check.comparison == "names_none":
            found = _named(check, values[check.fact])
            if found is not None:
                said = {**values, "item": found[0], "line": found[1]}
                raise InputError(_spell(check.says, said, declared.kinds, case, refusal=True))
        elif not _holds(check, values, case):
            raise InputError(_spell(check.says, values, declared.kinds, case, refusal=True))


def _named(check: Check, lines: list[Any]) -> tuple[str, str] | None:
    """The first word of `names_none` a list's line names, whole and in any case, with the line
    (a cost line by its description); a plural ("backhoes") names the word too."""
    for line in lines:
        text = line["description"] if isinstance(line, Mapping) else str(line)
        for word in check.operand:
            assert isinstance(word, str)
            if re.search(rf"\b{re.escape(word)}(?:s|es)?\b", text, re.IGNORECASE):
                return word, text
    return None


def _look_up(
    figure: Lookup, items: list[str], kinds: Mapping[str, str], case: CaseContext
) -> list[dict[str, str]]:
    # "(c)", "C" and "c" are the same letter; "(2)" and "2" the same number.
    keys = [item.strip().strip("()").lower() for item in items]
    for item, key in zip(items, keys, strict=True):
        if key not in figure.words:
            raise InputError(_spell(figure.refuse, {"item": item}, kinds, case, refusal=True))
    repeated = sorted({key for key in keys if keys.count(key) > 1})
    if repeated:
        raise InputError(
            f"The fact '{figure.fact}' names '{repeated[0]}' more than once; name each once."
        )
    return [{"key": key, "words": words} for key, words in figure.words.items() if key in keys]


def _choose(
    figure: Choice, values: Mapping[str, Any], kinds: Mapping[str, str], case: CaseContext
) -> str:
    chosen = values[figure.choose_by]
    if chosen in figure.words:
        return figure.words[chosen]
    if figure.refuse:
        raise InputError(_spell(figure.refuse, values, kinds, case, refusal=True))
    raise InputError(
        f"The fact '{figure.choose_by}' must be one of: {', '.join(figure.words)}; got {chosen!r}."
    )


def _holds(check: Check, values: Mapping[str, Any], case: CaseContext) -> bool:
    value = _comparable(values[check.fact])
    if check.comparison == "one_of":
        return value in check.operand
    if check.comparison == "not_empty":
        return bool(value)
    if check.comparison == "names_none":
        return _named(check, value) is None
    assert isinstance(check.operand, str)
    if check.comparison in AMOUNT_COMPARISONS:
        limit = _amount(values[check.operand]) if check.operand in values else check.operand
        amount, bound = _amount(value), _amount(limit)
        return {
            "at_least": amount >= bound,
            "at_most": amount <= bound,
            "more_than": amount > bound,
            "less_than": amount < bound,
        }[check.comparison]
    other = _comparable(values[check.operand])
    if not (isinstance(value, datetime) and isinstance(other, datetime)):
        # A date against a moment compares the village's calendar days.
        value, other = (
            local_day(case.village.calendar, value),
            local_day(case.village.calendar, other),
        )
    return {
        "not_before": value >= other,
        "not_after": value <= other,
        "before": value < other,
        "after": value > other,
    }[check.comparison]


def _comparable(value: Any) -> Any:
    return value.due if isinstance(value, Deadline) else value


def _amount(value: Any) -> Decimal:
    try:
        return Decimal(str(value).replace(",", "").removeprefix("$"))
    except InvalidOperation:
        raise InputError(f"{value!r} is not an amount.") from None


def _bill(
    bill: DeclaredBill, values: Mapping[str, Any], kinds: Mapping[str, str], case: CaseContext
) -> Bill:
    # The plain lines are a group without a label.
    groups: tuple[tuple[str, str | None], ...] = (
        ((bill.lines, None), *bill.groups) if bill.lines else bill.groups
    )
    lines = [
        BillLine(
            f"{label}: {line['description']}" if label else line["description"],
            check_cents(line["amount"], f"The cost '{line['description']}'"),
            bill.authority,
        )
        for fact, label in groups
        for line in case.facts[fact]
    ]
    items = [
        BillLine(
            _spell(item.description, values, kinds, case),
            _item_amount(item, values),
            bill.authority,
        )
        for item in bill.items
    ]
    lines = [*items, *lines] if bill.items_first else [*lines, *items]
    if bill.percent is not None and lines:
        subtotal = sum((line.amount for line in lines), Decimal(0))
        words = _spell(
            bill.percent.description,
            {**values, "subtotal": subtotal},
            {**kinds, "subtotal": "money"},
            case,
        )
        lines.append(BillLine(words, percent_of(subtotal, bill.percent.rate), bill.authority))
    made = Bill(tuple(lines))
    if made.total <= 0:
        raise InputError(
            _spell(bill.refuse_nothing, values, kinds, case, refusal=True)
            if bill.refuse_nothing
            else f"The costs add up to nothing; a bill under {bill.authority} needs the costs "
            "the Village incurred."
        )
    return made


def _item_amount(item: BillItem, values: Mapping[str, Any]) -> Decimal:
    amount = check_cents(values[item.amount], f"The amount '{item.amount}'")
    if item.percent is not None:
        amount = percent_of(amount, item.percent)
    return -amount if item.subtract else amount


def _spell(
    sentence: str,
    values: Mapping[str, Any],
    kinds: Mapping[str, str],
    case: CaseContext,
    *,
    refusal: bool = False,
) -> str:
    """The sentence with each {fact} spelled; a refusal quotes the clerk's text back cut short."""

    def spelled(match: re.Match[str]) -> str:
        name = match[1]
        if name not in values:  # only "{fee.measure}" can be unknown until the fee is figured
            fee, _, measure = name.partition(".")
            raise InputError(
                f"The fee '{fee}' of the {case.village.name} is not figured on '{measure}'; "
                "the notice definition's sentence names a measure its fee rule does not give."
            )
        words = _spell_value(values[name], kinds.get(name, "number" if "." in name else ""), case)
        return quoted_back(words) if refusal else words

    return PLACEHOLDER.sub(spelled, sentence)


def _spell_value(value: Any, kind: str, case: CaseContext) -> str:
    """A fact or period as a document's sentence prints it: dates in words, money in dollars."""
    value = _comparable(value)
    if isinstance(value, datetime):
        return spell_datetime(value.astimezone(case.village.timezone))
    if isinstance(value, date):
        return spell_date(value)
    if isinstance(value, Decimal) and kind == "money":
        return spell_amount(value)
    if isinstance(value, Decimal):
        return spell_number(value)
    if isinstance(value, list):
        return ", ".join(str(item) for item in value)
    return str(value)
