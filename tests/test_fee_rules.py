"""A village file's [fee_rules] tables, turned into computed fees or one sentence naming the key."""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path

import pytest

from noticeclerk.cli import cli
from noticeclerk.content.village import FEE_RULE_SPECS, load_village
from noticeclerk.exceptions import ConfigError, InputError
from noticeclerk.rules.fees import FEE_KINDS, FeeFacts

D = Decimal
HEADER = 'name = "Village of Sixth"\nstate = "WI"\ntimezone = "America/Chicago"\n'

# A sixth village whose ordinance uses every kind, with figures of its own.
SIXTH = """
[fees]
hall-rental = "40.00"
paving-per-sqft = "0.50"

[fee_rules.dumpster]
kind = "first_day_plus_each_further_day"
title = "Dumpster in the street permit fee"
authority = "Sixth § 7-2(a)"
first_day = "15.00"
each_further_day = "5.00"
part_day_words = "or fraction of a day"
subject = "dumpster"

[fee_rules.dumpster.deposit]
authority = "Sixth § 7-2(b)"
least = "50.00"
least_words = '"not less than $50"'

[[fee_rules.dumpster.notes]]
says = "The Clerk may extend the permit once"
authority = "Sixth § 7-2(c)"

[fee_rules.paving]
kind = "board_rate_per_sqft"
title = "Paving cut fee"
authority = "Sixth § 7-5"
schedule = "the Board's resolution"

[fee_rules.paving.chargeable_area]
allowance_ft = 1
authority = "Sixth § 7-5(b)"
of = "a cut"

[fee_rules.paving.fees_entry]
key = "paving-per-sqft"
title = "paving cut fee per square foot"
setter = "the Village Board"
authority = "Sixth § 7-5(a)"
words = "a fee per square foot set by the Village Board"

[fee_rules.sign]
kind = "base_plus_each_further_foot"
title = "Sign permit fee"
authority = "Sixth § 9-1"
base = "20.00"
base_width_ft = 4
each_further_foot = "2.50"
subject = "sign"

[fee_rules.trench-bond]
kind = "bond_per_sqft_with_minimum"
title = "Trench bond"
authority = "Sixth § 7-8"
per_sqft = "2.00"
minimum = "250.00"
subject = "trench"

[fee_rules.fence]
kind = "fixed_amount"
title = "Fence permit fee"
authority = "Sixth § 11-3"
amount = "12.00"
words = "a fee of $12 shall accompany the application"

[fee_rules.hall-rental]
kind = "board_set_fee"
title = "Village hall rental fee"
authority = "Sixth § 2-4"
plus_costs = "Plus the cost of cleaning"

[fee_rules.hall-rental.fees_entry]
key = "hall-rental"
title = "hall rental fee"
setter = "the Village Board"
authority = "Sixth § 2-4"
words = "a rental fee set by the Village Board, plus the cost of cleaning"
"""


def write_village(workspace: Path, text: str, slug: str = "sixth") -> Path:
    folder = workspace / "letterheads" / slug
    folder.mkdir(parents=True)
    path = folder / "letterhead.toml"
    path.write_text(HEADER + text, encoding="utf-8")
    return path


def load_village_fees(workspace: Path):
    return load_village("sixth", workspace=workspace).fees


def calc_fee(runner, workspace: Path, *args: str) -> dict:
    result = runner.invoke(
        cli, ["--workspace", str(workspace), "calc", "fee", *args, "--village", "sixth", "--json"]
    )
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def test_every_fee_kind_has_a_declared_shape_in_the_village_file():
    assert set(FEE_RULE_SPECS) == set(FEE_KINDS)
    for name, spec in FEE_RULE_SPECS.items():
        assert spec.fee_kind is FEE_KINDS[name]


def test_a_sixth_village_states_a_fee_of_each_kind_with_no_python_added(runner, tmp_path):
    write_village(tmp_path, SIXTH)
    village = load_village("sixth", workspace=tmp_path)
    assert list(village.fee_rules) == [
        "dumpster",
        "paving",
        "sign",
        "trench-bond",
        "fence",
        "hall-rental",
    ]
    assert {rule.kind.kind for rule in village.fee_rules.values()} == set(FEE_KINDS)

    dumpster = calc_fee(runner, tmp_path, "dumpster", "--days", "3.5", "--deposit", "60")
    assert (dumpster["fee"], dumpster["refund"]) == ("30.00", "30.00")  # $15 + 3 x $5
    assert dumpster["steps"] == [
        '3.5 days count as 4: each day "or fraction of a day" counts as a day (Sixth § 7-2(a))',
        "$15.00 for the first day and $5.00 for each of the 3 further days: $30.00 "
        "(Sixth § 7-2(a))",
        "The Clerk may extend the permit once (Sixth § 7-2(c))",
        "Deposit $60.00 less the fee $30.00; returned on satisfactory restoration: $30.00 "
        "(Sixth § 7-2(b))",
    ]

    paving = calc_fee(runner, tmp_path, "paving", "--length-ft", "4", "--width-ft", "2")
    assert (paving["chargeable_area_sqft"], paving["fee"]) == ("15", "7.50")  # (4+1) x (2+1)
    assert paving["steps"][0] == (
        "Chargeable area: (4 ft + 1 ft) x (2 ft + 1 ft) = 15 sq ft (Sixth § 7-5(b))"
    )
    assert paving["steps"][1] == (
        "15 sq ft x $0.5 per sq ft from the Board's resolution = $7.50 (Sixth § 7-5(a))"
    )

    sign = calc_fee(runner, tmp_path, "sign", "--width-ft", "6.5")
    assert sign["fee"] == "25.00"  # $20 + 2 whole feet x $2.50
    assert sign["steps"] == [
        "6.5 ft is 2 whole feet over 4 ft: $20.00 + 2 x $2.50 = $25.00 (Sixth § 9-1)"
    ]

    assert calc_fee(runner, tmp_path, "trench-bond", "--area-sqft", "100")["fee"] == "250.00"
    assert calc_fee(runner, tmp_path, "trench-bond", "--area-sqft", "200")["fee"] == "400.00"

    fence = calc_fee(runner, tmp_path, "fence")
    assert (fence["fee"], fence["steps"]) == (
        "12.00",
        ['"a fee of $12 shall accompany the application": $12.00 (Sixth § 11-3)'],
    )

    hall = calc_fee(runner, tmp_path, "hall-rental", "--expenses", "15")
    assert (hall["board_fee"], hall["village_costs"], hall["fee"]) == ("40.00", "15.00", "55.00")


def test_a_sixth_villages_refusals_name_its_own_words(runner, tmp_path):
    write_village(tmp_path, SIXTH)
    rules = load_village("sixth", workspace=tmp_path).fee_rules
    with pytest.raises(InputError, match=r"at least \$50\.00 \(Sixth § 7-2\(b\): \"not less"):
        rules["dumpster"].answer(FeeFacts(days=D(2), deposit=D(10)), load_village_fees(tmp_path))
    with pytest.raises(InputError, match="The sign's width must be more than 0 feet"):
        rules["sign"].answer(FeeFacts(width_ft=D(0)), load_village_fees(tmp_path))
    with pytest.raises(InputError, match="The proposed trench's area must be more than 0"):
        rules["trench-bond"].answer(FeeFacts(area_sqft=D(0)), load_village_fees(tmp_path))


def test_a_day_fee_without_the_ordinances_part_day_words_charges_whole_days_only(tmp_path):
    write_village(
        tmp_path,
        SIXTH.replace('part_day_words = "or fraction of a day"\n', ""),
    )
    rule = load_village("sixth", workspace=tmp_path).fee_rules["dumpster"]
    assert rule.answer(FeeFacts(days=D(1)), load_village_fees(tmp_path)).steps[0].text == (
        "$15.00 for the first day: $15.00"
    )
    with pytest.raises(InputError, match=r"charged by the whole day; got 1\.5 days"):
        rule.answer(FeeFacts(days=D("1.5")), load_village_fees(tmp_path))


def test_a_fee_without_a_deposit_rule_does_not_take_a_deposit(tmp_path):
    start = SIXTH.index("[fee_rules.dumpster.deposit]")
    end = SIXTH.index("[[fee_rules.dumpster.notes]]")
    write_village(tmp_path, SIXTH[:start] + SIXTH[end:])
    rule = load_village("sixth", workspace=tmp_path).fee_rules["dumpster"]
    with pytest.raises(InputError, match="does not use a deposit; leave it out"):
        rule.answer(FeeFacts(days=D(1), deposit=D(60)), load_village_fees(tmp_path))


@pytest.mark.parametrize(
    ("old", "new", "key", "problem"),
    [
        # an unknown kind
        (
            'kind = "fixed_amount"',
            'kind = "fixed"',
            "fee_rules.fence.kind",
            "must be one of base_plus_each_further_foot, board_rate_per_sqft, board_set_fee, bond_per_sqft_with_minimum, first_day_plus_each_further_day, fixed_amount; got 'fixed'",
        ),
        # no kind at all
        (
            'kind = "fixed_amount"\n',
            "",
            "fee_rules.fence.kind",
            'is missing; write a fee kind such as "fixed_amount"',
        ),
        # a missing parameter
        (
            "base_width_ft = 4\n",
            "",
            "fee_rules.sign.base_width_ft",
            "is missing; write a whole number of feet such as 11",
        ),
        (
            'amount = "12.00"\n',
            "",
            "fee_rules.fence.amount",
            'is missing; write an amount in quotes such as "25.00"',
        ),
        (
            'schedule = "the Board\'s resolution"\n',
            "",
            "fee_rules.paving.schedule",
            "is missing; write text in quotes",
        ),
        ('key = "hall-rental"\n', "", "fee_rules.hall-rental.fees_entry.key", "is missing"),
        # a parameter of the wrong type
        (
            "base_width_ft = 4",
            'base_width_ft = "4"',
            "fee_rules.sign.base_width_ft",
            "must be a whole number of feet such as 11; got '4'",
        ),
        (
            'base = "20.00"',
            "base = 20",
            "fee_rules.sign.base",
            'must be an amount in quotes such as "25.00"; got 20',
        ),
        ('base = "20.00"', 'base = "20.005"', "fee_rules.sign.base", "got '20.005'"),
        (
            "allowance_ft = 1",
            "allowance_ft = -1",
            "fee_rules.paving.chargeable_area.allowance_ft",
            "must be a whole number of feet",
        ),
        (
            'least = "50.00"',
            "least = true",
            "fee_rules.dumpster.deposit.least",
            "must be an amount in quotes",
        ),
        (
            'subject = "sign"',
            "subject = 3",
            "fee_rules.sign.subject",
            "must be text in quotes; got 3",
        ),
        # a parameter the kind does not take
        (
            'subject = "trench"',
            'subject = "trench"\nbase = "5.00"',
            "fee_rules.trench-bond.base",
            "is not a setting; the settings here are: authority, kind, minimum, notes, per_sqft, subject, title",
        ),
        # a rule that is not a table, and a name the command line could not reach
        (
            "[fee_rules.fence]\n",
            "[fee_rules]\nfence = 5\n[fee_rules.fence-two]\n",
            "fee_rules.fence",
            "must be a table; got 5",
        ),
        (
            "[fee_rules.fence]",
            "[fee_rules.Fence]",
            "fee_rules.Fence",
            "is not a fee name; use lower-case letters",
        ),
        # two rules reading one [fees] entry
        (
            'key = "hall-rental"',
            'key = "paving-per-sqft"',
            "fee_rules.hall-rental.fees_entry.key",
            "an entry another fee rule already reads",
        ),
    ],
)
def test_a_mistake_in_a_fee_rule_is_one_sentence_naming_the_file_and_key(
    tmp_path, old, new, key, problem
):
    assert old in SIXTH
    path = write_village(tmp_path, SIXTH.replace(old, new, 1))
    with pytest.raises(ConfigError) as caught:
        load_village("sixth", workspace=tmp_path)
    message = str(caught.value)
    assert message.startswith(f"{path}, key '{key}': ")
    assert problem in message
    assert "\n" not in message


def test_a_fees_entry_no_rule_declares_is_refused(tmp_path):
    path = write_village(tmp_path, SIXTH.replace('hall-rental = "40.00"', 'hall-rent = "40.00"'))
    with pytest.raises(ConfigError) as caught:
        load_village("sixth", workspace=tmp_path)
    assert str(caught.value) == (
        f"{path}, key 'fees.hall-rent': is not a fee this village's Board sets; the fees here "
        "are: hall-rental, paving-per-sqft"
    )


def test_a_village_without_fee_rules_sets_no_fees(tmp_path):
    path = write_village(tmp_path, '[fees]\nhall-rental = "40.00"\n')
    with pytest.raises(ConfigError, match="none \\(its ordinance leaves no fee to the Board\\)"):
        load_village("sixth", workspace=tmp_path)
    path.write_text(HEADER, encoding="utf-8")
    assert load_village("sixth", workspace=tmp_path).fee_rules == {}


def test_a_document_needing_a_fee_rule_the_file_lacks_names_the_rule_to_add(tmp_path):
    path = write_village(tmp_path, "")
    with pytest.raises(ConfigError) as caught:
        load_village("sixth", workspace=tmp_path).fee_rule("curb-cut")
    assert str(caught.value).startswith(f"{path}, key 'fee_rules.curb-cut': is missing")


@pytest.mark.parametrize(("slug", "count"), [("tuckahoe", 3), ("palmyra", 5), ("luck", 5)])
def test_the_named_villages_state_their_fee_rules_in_their_files(slug, count):
    village = load_village(slug)
    assert len(village.fee_rules) == count
    text = Path(village.path).read_text(encoding="utf-8")
    for name in village.fee_rules:
        assert f"[fee_rules.{name}]" in text


@pytest.mark.parametrize("slug", ["village-a", "village-b"])
def test_the_sample_villages_have_no_fee_rules(slug):
    assert load_village(slug).fee_rules == {}
