"""`noticeclerk calc split|interest|installments|fee`, as a clerk runs them at the counter."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from noticeclerk.cli import cli


def run(runner, *args, workspace: Path | None = None):
    prefix = ["--workspace", str(workspace)] if workspace else []
    return runner.invoke(cli, [*prefix, "calc", *args])


def as_json(runner, *args, workspace: Path | None = None):
    result = run(runner, *args, "--json", workspace=workspace)
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def no_floats(data: object) -> bool:
    if isinstance(data, float):
        return False
    if isinstance(data, dict):
        return all(no_floats(value) for value in data.values())
    if isinstance(data, list):
        return all(no_floats(value) for value in data)
    return True


# --- split ----------------------------------------------------------------------------------


def test_split_1000_among_3_gives_the_first_the_odd_cent(runner):
    data = as_json(runner, "split", "1000", "--count", "3")
    assert data["total"] == "1000.00"
    assert data["shares"] == [
        {"parcel": "1", "amount": "333.34"},
        {"parcel": "2", "amount": "333.33"},
        {"parcel": "3", "amount": "333.33"},
    ]
    assert no_floats(data)


def test_split_where_the_village_bears_the_odd_cents_rounds_every_share_down(runner):
    data = as_json(runner, "split", "1000.01", "--count", "3", "--village-bears-odd-cents")
    assert [share["amount"] for share in data["shares"]] == ["333.33"] * 3
    assert data["village_lines"][0]["amount"] == "0.02"
    result = run(runner, "split", "1000.01", "--count", "3", "--village-bears-odd-cents")
    rows = [line.split() for line in result.output.splitlines()]
    assert ["Village", "$0.02"] in rows and ["Total", "$1,000.01"] in rows
    assert "is borne by the Village" in result.output


def test_split_by_parcels_keeps_their_order_and_cites_134_45f(runner):
    result = run(runner, "split", "5,000.00", "--parcels", "12-3-4, 12-3-5,12-3-9,12-4-1,12-4-2")
    assert result.exit_code == 0, result.output
    assert result.output.startswith("$5,000.00 in 5 equal shares:\n")
    rows = [line.split() for line in result.output.splitlines()]
    assert ["12-3-5", "$1,000.00"] in rows
    assert ["Total", "$5,000.00"] in rows
    assert "Village A § 134-45F" in result.output
    data = as_json(runner, "split", "100", "--parcels", "B,A")
    assert [share["parcel"] for share in data["shares"]] == ["B", "A"]


# --- interest -------------------------------------------------------------------------------


def test_interest_on_1234_56_for_80_days_at_5_percent_is_13_53(runner):
    data = as_json(
        runner,
        "interest",
        "--principal",
        "1234.56",
        "--from",
        "2026-07-13",
        "--to",
        "2026-10-01",
        "--rate",
        "5",
    )
    assert (data["interest"], data["days"], data["rate"]) == ("13.53", 80, "5")
    assert data["payoff"] == "1248.09"
    assert no_floats(data)


@pytest.mark.parametrize(
    ("village", "rate", "authority"),
    [
        ("luck", "5", "Wis. Stat. § 138.04"),
        ("palmyra", "5", "Wis. Stat. § 138.04"),
        ("tuckahoe", "9", "N.Y. CPLR 5004(a)"),
        ("village-a", "9", "N.Y. CPLR 5004(a)"),
    ],
)
def test_a_village_brings_its_states_legal_rate(runner, village, rate, authority):
    data = as_json(
        runner,
        "interest",
        "--principal",
        "1234.56",
        "--from",
        "2026-07-13",
        "--to",
        "2026-10-01",
        "--village",
        village,
    )
    assert (data["rate"], data["authority"]) == (rate, authority)


def test_a_payoff_adds_collection_costs(runner):
    result = run(
        runner,
        "interest",
        "--principal",
        "800",
        "--from",
        "2026-01-15",
        "--to",
        "2026-07-14",
        "--village",
        "village-a",
        "--costs",
        "150",
    )
    assert result.exit_code == 0, result.output
    assert result.output.startswith("Interest: $35.51\nPayoff as of 2026-07-14: $985.51\n")
    assert "N.Y. CPLR 5004(a)" in result.output


def test_village_as_tax_rate_is_its_sample_rate_citing_134_45e(runner):
    data = as_json(
        runner,
        "interest",
        "--principal",
        "1000",
        "--from",
        "2026-01-01",
        "--to",
        "2027-01-01",
        "--village",
        "village-a",
        "--tax-rate",
    )
    assert (data["rate"], data["interest"]) == ("12", "120.00")
    assert "§ 134-45E" in data["authority"]


def test_tuckahoes_tax_rate_is_read_from_its_letterhead(runner, tmp_path):
    folder = tmp_path / "letterheads" / "tuckahoe"
    folder.mkdir(parents=True)
    (folder / "letterhead.toml").write_text(
        'name = "Village of Tuckahoe"\nstate = "NY"\ntimezone = "America/New_York"\n'
        '[money]\ntax_interest_rate_percent = "7"\n'
        'tax_interest_provision = {authority = "Tuckahoe § 19-34(b)", words = "as taxes"}\n',
        encoding="utf-8",
    )
    args = ["--principal", "365", "--from", "2026-01-01", "--to", "2026-01-11", "--tax-rate"]
    data = as_json(runner, "interest", *args, "--village", "tuckahoe", workspace=tmp_path)
    assert (data["rate"], data["interest"]) == ("7", "0.70")
    assert "Tuckahoe § 19-34(b)" in data["authority"]


# --- installments ---------------------------------------------------------------------------


def test_5000_over_5_years_at_5_percent(runner):
    data = as_json(runner, "installments", "--principal", "5000", "--years", "5", "--rate", "5")
    assert data["installments"][0] == {
        "number": 1,
        "principal": "1000.00",
        "interest": "250.00",
        "payment": "1250.00",
        "balance": "4000.00",
    }
    assert [i["payment"] for i in data["installments"]] == [
        "1250.00",
        "1200.00",
        "1150.00",
        "1100.00",
        "1050.00",
    ]
    assert no_floats(data)


def test_the_borrowing_rate_gets_2_points_and_a_prepayment_is_shown(runner):
    data = as_json(
        runner,
        "installments",
        "--principal",
        "5000",
        "--years",
        "5",
        "--borrowing-rate",
        "3",
        "--village",
        "palmyra",
        "--notice-date",
        "2026-09-01",
        "--first-due",
        "2027-01-01",
        "--prepay-on",
        "2028-07-01",
        "--paid",
        "2",
    )
    assert data["rate"] == "5"
    assert "Palmyra § 8.03(3)(b)6" in data["authority"]
    # $3,000 unpaid; the second installment carried interest to January 1, 2028; 182 days on.
    assert data["prepayment"]["interest_from"] == "2028-01-01"
    assert data["prepayment"]["total"] == "3074.79"


# The sample invoice PA-2026-A-0004: $2,394.50 over 8 years at 3.25% + 2, dated September 15,
# 2026, its first installment due with the 2026 taxes on January 31, 2027.
INVOICE = [
    "installments",
    "--principal",
    "2394.50",
    "--years",
    "8",
    "--borrowing-rate",
    "3.25",
    "--village",
    "palmyra",
    "--notice-date",
    "2026-09-15",
    "--first-due",
    "2027-01-31",
]


def test_the_first_installment_runs_from_the_notice_date_to_its_due_date(runner):
    data = as_json(runner, *INVOICE)
    first = data["installments"][0]
    assert (first["from"], first["to"], first["days"]) == ("2026-09-15", "2027-01-31", 138)
    # $2,394.50 x 5.25% x 138/365 = 47.529...: not a full year's $125.71.
    assert (first["interest"], first["payment"]) == ("47.53", "346.85")
    assert data["total_interest"] == "487.52"
    assert (data["day_count"], data["rounding"]) == ("years+days/365", "half-up")
    assert no_floats(data)


def test_calc_installments_shows_the_invoices_own_figures(runner):
    from datetime import date
    from decimal import Decimal

    from notice_figures import figures_of

    facts = {
        "assessment_lines": [{"description": "Sidewalk", "amount": Decimal("2394.50")}],
        "installment_years": 8,
        "borrowing_rate_percent": Decimal("3.25"),
        "first_tax_year": 2026,
        "completion_certified_on": date(2026, 9, 4),
        "published_on": date(2026, 6, 18),
    }
    invoiced = date(2026, 9, 15)
    rows = figures_of(
        "palmyra",
        "special-assessment-invoice",
        facts,
        events={"invoiced": invoiced},
        today=invoiced,
    )["installments"]["rows"]
    counted = as_json(runner, *INVOICE)["installments"]
    assert [
        (r["interest_from"].isoformat(), r["interest_to"].isoformat(), str(r["interest"]))
        for r in rows
    ] == [(c["from"], c["to"], c["interest"]) for c in counted]
    printed = run(runner, *INVOICE)
    assert printed.exit_code == 0, printed.output
    assert (
        "    1  2026-09-15  2027-01-31   138       $299.32        $47.53       $346.85     $2,095.18"
        in printed.output
    )
    assert (
        "Installment 1: from Tuesday, September 15, 2026 to Sunday, January 31, 2027, 138 days: "
        "$2,394.50 x 5.25% x 138/365 = $47.53"
    ) in " ".join(printed.output.split())
    assert "(Village of Palmyra's letterhead, [installments])" in printed.output


def test_the_table_prints_each_installment(runner):
    result = run(runner, "installments", "--principal", "5000", "--years", "5", "--rate", "5")
    assert result.exit_code == 0, result.output
    assert "    5     $1,000.00        $50.00     $1,050.00         $0.00" in result.output
    assert "Total interest $750.00; total paid $5,750.00." in result.output


def test_the_elm_tax_is_at_10_percent_with_the_first_installment_as_the_village_reads_it(runner):
    args = ("installments", "--principal", "1200", "--years", "4", "--plan", "elm-tax")
    data = as_json(runner, *args, "--village", "palmyra")
    assert data["rate"] == "10"
    # Palmyra's file reads "Interest on the deferred payments" as sparing the first installment.
    assert [i["interest"] for i in data["installments"]] == ["0.00", "90.00", "60.00", "30.00"]
    result = runner.invoke(cli, ["calc", *args])
    assert result.exit_code == 1
    assert "Give --village NAME with --plan elm-tax" in result.output


# --- fee ------------------------------------------------------------------------------------


def test_temporary_occupancy_for_5_days_is_65_dollars(runner):
    data = as_json(runner, "fee", "temporary-occupancy", "--village", "tuckahoe", "--days", "5")
    assert data["fee"] == "65.00"
    assert data["authority"] == "Tuckahoe § 19-49(a)"
    assert no_floats(data)


def test_a_deposit_shows_its_refund_less_only_the_fee_not_paid_at_grant(runner):
    # § 19-48(a): the fee is paid with the deposit at grant; the 5 days became 7, so the final
    # fee is $85.00 and only the $20.00 not paid at grant comes out of the $100.00 deposit.
    result = run(
        runner, "fee", "temporary-occupancy", "--village", "tuckahoe", "--days", "7",
        "--deposit", "100", "--fee-paid", "65",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "Refund of the deposit: $80.00" in result.output


def test_a_fee_paid_in_full_at_grant_is_not_taken_again_from_the_deposit(runner):
    data = as_json(
        runner, "fee", "temporary-occupancy", "--village", "tuckahoe", "--days", "5",
        "--deposit", "100", "--fee-paid", "65",
    )  # fmt: skip
    assert (data["fee"], data["fee_paid"], data["refund"]) == ("65.00", "65.00", "100.00")


def test_a_fee_paid_beyond_the_final_fee_is_returned_with_the_deposit(runner):
    data = as_json(
        runner, "fee", "temporary-occupancy", "--village", "tuckahoe", "--days", "3",
        "--deposit", "100", "--fee-paid", "65", "--expenses", "30",
    )  # fmt: skip
    # Final fee $45.00: $20.00 paid beyond it comes back, less the $30.00 spent restoring.
    assert data["refund"] == "90.00"


def test_a_tuckahoe_deposit_without_the_fee_paid_at_grant_is_refused(runner):
    result = run(
        runner, "fee", "temporary-occupancy", "--village", "tuckahoe", "--days", "5",
        "--deposit", "100",
    )  # fmt: skip
    assert result.exit_code == 1
    assert "Give the fee paid when the permit was granted" in result.output
    assert "Traceback" not in result.output


@pytest.mark.parametrize(
    ("args", "fee"),
    [
        (["curb-cut", "--village", "tuckahoe", "--width-ft", "14"], "8.00"),
        (["excavation-bond", "--village", "palmyra", "--area-sqft", "60"], "100.00"),
        (
            ["excavation-bond", "--village", "palmyra", "--length-ft", "20", "--width-ft", "8"],
            "160.00",
        ),
        (["driveway", "--village", "palmyra"], "10.00"),
    ],
)
def test_fees_the_ordinances_state(runner, args, fee):
    assert as_json(runner, "fee", *args)["fee"] == fee


def test_a_street_opening_with_the_boards_rate_gives_its_chargeable_area(runner, tmp_path):
    # The office's copy of the letterhead, with the Board's rate filled in (README).
    installed = Path(__file__).resolve().parent.parent / "letterheads" / "tuckahoe"
    folder = tmp_path / "letterheads" / "tuckahoe"
    folder.mkdir(parents=True)
    (folder / "letterhead.toml").write_text(
        (installed / "letterhead.toml")
        .read_text(encoding="utf-8")
        .replace('# street-opening-per-sqft = "DOLLARS"', 'street-opening-per-sqft = "0.75"'),
        encoding="utf-8",
    )
    data = as_json(
        runner,
        "fee",
        "street-opening",
        "--village",
        "tuckahoe",
        "--length-ft",
        "10",
        "--width-ft",
        "4",
        workspace=tmp_path,
    )
    assert data["chargeable_area_sqft"] == "72"
    assert data["fee"] == "54.00"


def test_a_street_opening_before_the_board_sets_its_rate_shows_the_area_and_no_fee(runner):
    args = ("fee", "street-opening", "--village", "tuckahoe", "--length-ft", "10")
    data = as_json(runner, *args, "--width-ft", "4")
    assert data["fee"] is None
    assert data["chargeable_area_sqft"] == "72"
    assert data["not_set"] == ["fees.street-opening-per-sqft"]
    result = run(runner, *args, "--width-ft", "4")
    assert result.exit_code == 0, result.output
    assert "Street opening permit fee, Village of Tuckahoe: not set\n" in result.output
    assert "(10 ft + 2 ft) x (4 ft + 2 ft) = 72 sq ft (Tuckahoe § 19-75(g))" in result.output
    assert 'add street-opening-per-sqft = "DOLLARS_PER_SQUARE_FOOT" under [fees]' in result.output


def test_a_fee_the_board_has_not_set_still_shows_the_villages_costs(runner):
    data = as_json(runner, "fee", "excavation-permit", "--village", "luck", "--expenses", "12.5")
    assert (data["fee"], data["village_costs"]) == (None, "12.50")
    assert data["not_set"] == ["fees.excavation-permit"]
    assert no_floats(data)


def test_a_fee_the_board_has_set_names_nothing_unset(runner):
    data = as_json(runner, "fee", "temporary-occupancy", "--village", "tuckahoe", "--days", "1")
    assert (data["fee"], data["not_set"]) == ("25.00", [])


def test_without_a_name_fee_lists_the_villages_fees(runner):
    result = run(runner, "fee", "--village", "tuckahoe")
    assert result.exit_code == 0, result.output
    for name in ("temporary-occupancy", "street-opening", "curb-cut"):
        assert name in result.output
    names = [entry["name"] for entry in as_json(runner, "fee", "--village", "palmyra")]
    assert {"excavation-bond", "driveway"} <= set(names)


# --- mistakes: one clear sentence and exit status 1 -----------------------------------------

INTEREST = ["interest", "--from", "2026-07-13", "--to", "2026-10-01"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["split", "-5", "--count", "2"], "Error: The total cannot be negative; got -5.\n"),
        (["split", "12.345", "--count", "2"], "at most two decimals; got '12.345'."),
        (["split", "ten", "--count", "2"], "must be an amount of money such as 1234.56"),
        (["split", "100"], "give --count N, or --parcels"),
        (["split", "100", "--count", "2", "--parcels", "a,b"], "not both"),
        (["split", "100", "--parcels", "a,b,a"], "Parcel 'a' is listed twice"),
        ([*INTEREST, "--principal", "-1", "--rate", "5"], "The principal cannot be negative"),
        ([*INTEREST, "--principal", "1,0.0", "--rate", "5"], "must be an amount of money"),
        ([*INTEREST, "--principal", "100", "--rate", "101"], "cannot be over 100%; got 101%."),
        ([*INTEREST, "--principal", "100", "--rate", "-2"], "cannot be negative"),
        ([*INTEREST, "--principal", "100"], "give --rate PERCENT or --village NAME"),
        (
            ["interest", "--principal", "100", "--from", "2026-10-01", "--to", "2026-07-13",
             "--rate", "5"],
            "The end date 2026-07-13 is before the start date 2026-10-01; give the dates in order.",
        ),
        (
            ["interest", "--principal", "100", "--from", "2026-02-30", "--to", "2026-07-13",
             "--rate", "5"],
            "The --from date must be a date that exists",
        ),
        (
            ["installments", "--principal", "5000", "--years", "11", "--rate", "5"],
            "may not exceed 10 years (Palmyra § 8.03(3)(b)3).",
        ),
        (["installments", "--principal", "5000", "--years", "5", "--rate", "100.5"], "over 100%"),
        (
            ["installments", "--principal", "5000", "--years", "5", "--village", "luck"],
            "Village of Luck's ordinance provides no installment payments",
        ),
        (
            ["installments", "--principal", "5000", "--years", "5", "--village", "palmyra"],
            "key 'money.borrowing_rate_percent': is not set",
        ),
        (
            ["installments", "--principal", "5000", "--years", "5", "--rate", "5",
             "--prepay-on", "2027-01-01"],
            "Give the date on the Assessment Notice (--notice-date) and the first installment's "
            "due date (--first-due) to prepay",
        ),
        (
            ["installments", "--principal", "5000", "--years", "5", "--rate", "5",
             "--notice-date", "2026-09-15"],
            "Give both --notice-date and --first-due",
        ),
        (
            ["installments", "--principal", "5000", "--years", "5", "--rate", "5",
             "--notice-date", "2026-09-15", "--first-due", "2027-01-31"],
            "Give --village NAME with --notice-date and --first-due",
        ),
        (
            ["installments", "--principal", "5000", "--years", "5", "--rate", "5",
             "--village", "palmyra", "--notice-date", "2027-02-15", "--first-due", "2027-01-31"],
            "is not after the date on the Assessment Notice 2027-02-15",
        ),
        (
            ["installments", "--principal", "1200", "--years", "4", "--plan", "elm-tax",
             "--village", "palmyra", "--notice-date", "2026-09-15", "--first-due", "2027-01-31"],
            "states no date the special tax's interest runs from",
        ),
        (["fee", "curb-cut", "--village", "tuckahoe"], "The curb-cut fee needs --width-ft."),
        (["fee", "curb-cut", "--village", "tuckahoe", "--width-ft", "-3"], "cannot be negative"),
        (["fee", "nope", "--village", "tuckahoe"], "defines no fee 'nope'; its fees are: curb-cut"),
        (["fee", "permit", "--village", "village-a"], "ordinance states no permit fees"),
        (
            ["fee", "temporary-occupancy", "--village", "tuckahoe", "--days", "2",
             "--deposit", "10"],
            "The deposit must be at least $25.00",
        ),
    ],
)  # fmt: skip
def test_bad_input_is_one_clear_sentence_and_exit_status_1(runner, args, message):
    result = run(runner, *args)
    assert result.exit_code == 1, result.output
    assert message in result.output
    assert "Traceback" not in result.output
    lines = [line for line in result.output.splitlines() if line]
    assert len(lines) == 1 and lines[0].startswith("Error: "), result.output


@pytest.mark.parametrize("command", ["split", "interest", "installments", "fee"])
def test_every_money_command_has_help_with_an_example(runner, command):
    result = runner.invoke(cli, ["calc", command, "--help"])
    assert result.exit_code == 0, result.output
    assert "Examples:" in result.output
    assert f"noticeclerk calc {command}" in result.output
