"""Village A's documents (Ch. 134, private streets): their deadlines, amounts and refusals.

The amounts are checked against the ordinance's own numbers (§ 134-45F: $5,000 over five
properties is $1,000 each) and against arithmetic done here apart from the money engine; the
deadlines against New York General Construction Law §§ 20 and 25-a.
"""

from __future__ import annotations

import re
import shutil
from datetime import date
from decimal import ROUND_HALF_UP, Decimal
from html import unescape
from pathlib import Path

import pytest
from notice_figures import figures_of

from noticeclerk.content.notice_types import load_notice
from noticeclerk.content.village import load_village
from noticeclerk.exceptions import ConfigError, InputError
from noticeclerk.render import render_case
from noticeclerk.rules.calendars import TwoDayPeriods

REPO = Path(__file__).resolve().parent.parent
CASEBOOK = REPO / "casebook" / "village-a"
D = Decimal

BILL_FACTS = {
    "labor": [
        "DPW Laborer R. Ortiz | 6 | 31.25 | 42.5",
        "DPW Equipment Operator L. Chen | 4 | 36.80 | 42.5",
    ],
    "administrative_time": ["$500"],
    "general_counsel": "1.5 | 275.00",
    "contractors": ["Sample Tree Care Co., invoice 2291, limb removal | 1,450.00"],
    "materials_and_equipment": ["Disposal fees, County transfer station ticket 55120 | 186.40"],
    # The directive's seven days ran through January 12; the Village worked on the 14th and 15th.
    "comply_by": date(2026, 1, 12),
    "work_started": date(2026, 1, 14),
    "work_completed": date(2026, 1, 15),
}


def cents(value: Decimal) -> Decimal:
    return value.quantize(D("0.01"), rounding=ROUND_HALF_UP)


def case_copy(tmp_path: Path, name: str, *replacements: tuple[str, str]) -> Path:
    """A sample case, copied beside the roll with some of its lines changed."""
    text = (CASEBOOK / f"{name}.toml").read_text(encoding="utf-8")
    for old, new in replacements:
        assert old in text, old
        text = text.replace(old, new)
    shutil.copy(CASEBOOK / "roll.csv", tmp_path / "roll.csv")
    path = tmp_path / f"{name}.toml"
    path.write_text(text, encoding="utf-8")
    return path


def deadline(notice: str, events: dict) -> date:
    village = load_village("village-a")
    return load_notice("village-a", notice).deadline.deadline(village.calendar, events).due


# 1. Emergency directive (§ 134-42B)


def test_an_emergency_directive_served_on_a_friday_runs_to_tuesday_under_the_two_day_rule():
    # N.Y. Gen. Constr. Law § 20: a two-day period leaves out an intervening Saturday and Sunday.
    assert deadline("emergency-directive-to-comply", {"service": date(2026, 1, 9)}) == date(
        2026, 1, 13
    )


def test_an_emergency_directive_served_midweek_gives_two_calendar_days():
    assert deadline("emergency-directive-to-comply", {"service": date(2026, 1, 7)}) == date(
        2026, 1, 9
    )


LETTERHEAD = REPO / "letterheads" / "village-a" / "letterhead.toml"
CHOICE = 'two_day_periods = "gcl_20"\n'


def village_reading(workspace: Path, line: str) -> Path:
    """A workspace whose Village A file counts two days as `line` says ("" to leave it out)."""
    text = LETTERHEAD.read_text(encoding="utf-8")
    assert CHOICE in text
    folder = workspace / "letterheads" / "village-a"
    folder.mkdir(parents=True)
    (folder / "letterhead.toml").write_text(text.replace(CHOICE, line), encoding="utf-8")
    return workspace


def read(path: Path, workspace: Path | None = None) -> str:
    """A rendered document's words as a reader sees them: no markup, one space between words."""
    html = render_case(path, ("docx",), workspace).html
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


def directive_due(served: date, workspace: Path | None = None) -> date:
    village = load_village("village-a", workspace)
    notice = load_notice("village-a", "emergency-directive-to-comply", workspace)
    return notice.deadline.deadline(village.calendar, {"service": served}).due


def test_the_sample_village_counts_the_two_days_by_gcl_20():
    assert load_village("village-a").calendar.two_day_periods is TwoDayPeriods.GCL_20


def test_a_village_that_reads_two_calendar_days_literally_counts_the_weekend(tmp_path):
    workspace = village_reading(tmp_path, 'two_day_periods = "calendar_days"\n')
    # Friday + 2 is Sunday, January 11; § 25-a moves the last day to Monday, not Tuesday.
    assert directive_due(date(2026, 1, 9), workspace) == date(2026, 1, 12)
    assert directive_due(date(2026, 1, 7), workspace) == date(2026, 1, 9)


def test_the_directive_states_the_reading_of_the_two_days_the_village_relies_on(tmp_path):
    text = read(CASEBOOK / "emergency-directive-to-comply.toml")
    assert "no later than Tuesday, January 13, 2026. The 2 days are counted as the Village " in text
    assert "relies on New York General Construction Law § 20, whose rule for a period" in text
    assert "as calendar days" not in text

    workspace = village_reading(tmp_path, 'two_day_periods = "calendar_days"\n')
    text = read(CASEBOOK / "emergency-directive-to-comply.toml", workspace)
    assert (
        "no later than Monday, January 12, 2026. The 2 days are counted as calendar days, as the "
        'Village relies on the words "two calendar days" in § 134-42B rather than on the rule of '
        "New York General Construction Law § 20 for a period of two days"
    ) in text


def test_a_village_file_that_does_not_choose_how_to_count_two_days_is_refused(tmp_path):
    workspace = village_reading(tmp_path, "")
    with pytest.raises(ConfigError) as caught:
        render_case(CASEBOOK / "emergency-directive-to-comply.toml", ("docx",), workspace)
    message = str(caught.value)
    assert "key 'calendar.two_day_periods': is missing" in message
    assert "emergency-directive-to-comply has a period of two days" in message
    # A notice type with no period of two days has nothing to choose.
    assert load_notice("village-a", "directive-to-comply", workspace).deadline.count == 7


def test_the_emergency_directive_quotes_42b_and_not_the_seven_day_rule():
    sections = [q.section for q in load_notice("village-a", "emergency-directive-to-comply").quotes]
    assert "§ 134-42B" in sections
    assert "§ 134-42A" not in sections


# 2. Bill for maintenance (§ 134-45A-C)


def test_the_sample_bill_adds_each_line_of_134_45b_to_the_cent():
    figures = figures_of("village-a", "maintenance-bill", BILL_FACTS)
    amounts = [line["amount"] for line in figures["bill"]["lines"]]
    expected = [
        cents(D(6) * D("31.25") * D("1.425")),  # 267.1875 -> 267.19
        cents(D(4) * D("36.80") * D("1.425")),  # 209.76
        D("500.00"),  # administrative time set at $500
        D("412.50"),  # 1.5 h x $275.00
        D("1450.00"),
        D("186.40"),
    ]
    assert amounts == expected
    assert figures["bill"]["total"] == sum(expected) == D("3025.85")
    assert [line["authority"] for line in figures["bill"]["lines"]][:4] == [
        "§ 134-45B(1) (inferred)",
        "§ 134-45B(1) (inferred)",
        "§ 134-45B(1) (inferred)",
        "§ 134-45B(2) (inferred)",
    ]


def test_the_bill_is_tracked_by_the_register_for_its_full_amount():
    notice = load_notice("village-a", "maintenance-bill")
    assert notice.amount_due == "bill"
    assert notice.mail_class == "Certified Mail — Return Receipt Requested"
    # Sent by certified mail (§ 134-45C); mailed again first-class only after it came back.
    assert [(s.method, s.after_return) for s in notice.service] == [
        ("certified_mail", False),
        ("first_class_mail", True),
    ]
    assert notice.service_effective == "on_service"


def test_the_bill_s_20_days_count_from_sending_and_a_sunday_moves_to_monday():
    # February 2 + 20 days = Sunday, February 22, 2026; § 25-a moves it to Monday.
    assert deadline("maintenance-bill", {"mailed": date(2026, 2, 2)}) == date(2026, 2, 23)


def test_administrative_time_at_actual_time_replaces_the_500_flat():
    facts = dict(BILL_FACTS, administrative_time=["Village Clerk | 2 | 35.00 | 30"])
    lines = figures_of("village-a", "maintenance-bill", facts)["bill"]["lines"]
    assert lines[2]["amount"] == D("91.00")  # 2 x 35 x 1.30


def test_a_bill_with_nothing_in_it_is_refused():
    facts = dict(
        BILL_FACTS,
        labor=["none"],
        administrative_time=["none"],
        general_counsel="none",
        contractors=["none"],
        materials_and_equipment=["none"],
    )
    with pytest.raises(InputError, match="no lines"):
        figures_of("village-a", "maintenance-bill", facts)


def test_a_malformed_labor_line_is_one_sentence_naming_the_fact():
    facts = dict(BILL_FACTS, labor=["DPW Laborer R. Ortiz | 6 | 31.25"])
    with pytest.raises(InputError, match=r"The fact 'labor' has the line 'DPW Laborer R\. Ortiz"):
        figures_of("village-a", "maintenance-bill", facts)


# 3. Apportionment (§ 134-45F)


def bill_lines(*portions: tuple[str, str]) -> list[str]:
    """One bill for each property's portion, numbered and dated as the register would."""
    return [
        f"{parcel} | VA-D-2026-{number:05d} | 2026-02-16 | {amount}"
        for number, (parcel, amount) in enumerate(portions, 10)
    ]


def schedule_figures(cost: str, *portions: tuple[str, str], today=date(2026, 2, 16)) -> dict:
    return figures_of(
        "village-a",
        "apportionment-schedule",
        {"actual_cost": D(cost), "bills": bill_lines(*portions)},
        today=today,
    )


def test_the_ordinance_s_example_gives_1000_dollars_to_each_of_five_properties():
    parcels = ["0301-02-011", "0301-02-001", "0301-02-004", "0301-02-009", "0301-02-013"]
    figures = schedule_figures("5000.00", *[(parcel, "1,000.00") for parcel in parcels])
    assert [share["amount"] for share in figures["shares"]] == [D("1000.00")] * 5
    assert [share["bill"] for share in figures["shares"]] == [
        f"VA-D-2026-{number:05d}" for number in range(10, 15)
    ]
    assert figures["total"] == D("5000.00")


def test_the_village_bears_the_odd_cents_its_file_says_it_bears():
    """NY legal reading CF-16: $1,000.01 among three properties gave the first two $333.34,
    more than the actual cost divided by the number of properties (§ 134-45F). Village A's
    file says the Village bears the cents that do not divide ([money] odd_cents = "village")."""
    figures = schedule_figures("1000.01", ("a", "333.33"), ("b", "333.33"), ("c", "333.33"))
    assert [share["amount"] for share in figures["shares"]] == [D("333.33")] * 3
    assert figures["village_lines"] == [
        {"label": "The cents that do not divide equally, borne by the Village", "amount": D("0.02")}
    ]
    assert figures["total"] == D("1000.01")


def test_a_bill_that_does_not_charge_its_property_s_portion_is_refused():
    with pytest.raises(InputError, match=r"VA-D-2026-00010 charges \$333\.34 for parcel a, but"):
        schedule_figures("1000.01", ("a", "333.34"), ("b", "333.34"), ("c", "333.33"))


def test_a_schedule_lists_only_bills_issued_before_it():
    with pytest.raises(InputError, match="after this schedule"):
        schedule_figures("10.00", ("a", "5.00"), ("b", "5.00"), today=date(2026, 2, 15))


def test_a_schedule_without_its_bills_is_refused():
    with pytest.raises(InputError, match="issue the bills first"):
        figures_of("village-a", "apportionment-schedule", {"actual_cost": D("5000.00")})


def test_the_sample_schedule_prints_the_ordinance_s_example():
    html = render_case(CASEBOOK / "apportionment-schedule.toml", ("docx",)).html
    assert html.count("$1,000.00") == 5
    assert "No. VA-2026-B-0013, dated February 16, 2026" in html
    assert "sent with this schedule" not in html
    assert "$5,000.00" in html
    for owner in ("ABC LLC", "Ed and Marie Smith", "Max Ross", "John Smith", "F Inc."):
        assert owner in html


def test_a_schedule_without_a_bill_for_each_parcel_of_the_case_is_refused(tmp_path):
    path = case_copy(
        tmp_path,
        "apportionment-schedule",
        ('  "0301-02-013 | VA-2026-B-0014 | 2026-02-16 | 1,000.00",\n', ""),
        ('actual_cost = "5000.00"', 'actual_cost = "4000.00"'),
    )
    with pytest.raises(InputError, match="give one bill for each parcel of the case"):
        render_case(path, ("docx",))


# 4. Sworn statement (§ 134-45C-D)


def statement_facts(**changes: object) -> dict:
    facts = dict(
        BILL_FACTS,
        bill_sent=date(2026, 2, 2),
        amount_paid=D("500.00"),
        payments_received=["2026-02-10 | 500.00"],
        payments_applied="to the principal",
    )
    facts.update(changes)
    return facts


def test_the_sworn_statement_shows_the_bill_s_cost_and_the_unpaid_principal():
    figures = figures_of("village-a", "sworn-statement", statement_facts())
    bill = figures_of("village-a", "maintenance-bill", BILL_FACTS)["bill"]
    assert figures["costs"] == bill
    assert figures["unpaid"] == D("2525.85")
    assert figures["rate"] == {"percent": "9%", "authority": "N.Y. CPLR 5004(a)"}
    assert figures["payment_period"]["due"] == date(2026, 2, 23)


def test_a_bill_paid_in_full_has_no_sworn_statement():
    with pytest.raises(InputError, match="paid in full"):
        figures_of("village-a", "sworn-statement", statement_facts(amount_paid=D("3025.85")))


def test_a_sworn_statement_dated_before_the_20_days_run_out_is_refused(tmp_path):
    path = case_copy(tmp_path, "sworn-statement", ("date = 2026-03-02", "date = 2026-02-23"))
    with pytest.raises(InputError) as caught:
        render_case(path, ("docx",))
    assert (
        "The 20 days after the bill was sent on Monday, February 2, 2026 run through Monday, "
        "February 23, 2026 (§ 134-45C, inferred); the sworn statement is filed only when"
    ) in str(caught.value)
    # The day after the 20 days is the first day a statement may be dated.
    path = case_copy(tmp_path, "sworn-statement", ("date = 2026-03-02", "date = 2026-02-24"))
    assert "Sworn to before me" in render_case(path, ("docx",)).html


def test_the_sworn_statement_goes_to_the_village_administrator_and_carries_the_jurat():
    html = render_case(CASEBOOK / "sworn-statement.toml", ("docx",)).html
    assert "Office of the Village Administrator" in html
    assert "Sworn to before me" in html
    assert "Section 3, Block 2, Lots 4, 5, 7 and 8" in html
    assert "Max Ross, as shown on the Village's assessment roll" in html
    assert "January 14, 2026 to January 15, 2026" in html


def test_a_sworn_statement_without_its_recipient_is_refused(tmp_path):
    path = case_copy(
        tmp_path,
        "sworn-statement",
        (
            '[recipient]\nname = "Office of the Village Administrator"\n'
            'address_lines = ["Village Hall", "1 Sample Plaza", "Village A NY 10000"]\n',
            "",
        ),
    )
    with pytest.raises(InputError, match=r"give a \[recipient\]"):
        render_case(path, ("docx",))


# 5. Notices of violation (§ 134-41B, § 134-42C, § 134-42D)


def test_snow_under_two_inches_is_not_a_violation_to_notice():
    with pytest.raises(InputError, match="two inches or more"):
        figures_of("village-a", "notice-of-violation-snow-ice", {"depth_inches": D("1.75")})
    assert figures_of("village-a", "notice-of-violation-snow-ice", {"depth_inches": D(2)}) == {
        "depth": "2"
    }


def test_the_refusal_under_two_inches_spells_the_measurement_as_the_notice_does():
    # The declared check spells a number fact without its trailing zero, as the notice does.
    with pytest.raises(InputError, match=r"measured 1\.5 inches; § 134-41B"):
        figures_of("village-a", "notice-of-violation-snow-ice", {"depth_inches": D("1.50")})
    figures = figures_of("village-a", "notice-of-violation-snow-ice", {"depth_inches": D("2.50")})
    assert figures == {"depth": "2.5"}


PARKING_CHARGE = {
    "person_charged": "Example Hauling Co.",
    "basis": "vehicle registration",
    "basis_facts": "the truck bore registration plate SAMPLE-0001, registered to it.",
}


def parking_figures(**facts: object) -> dict:
    return figures_of("village-a", "notice-of-violation-parking", {**PARKING_CHARGE, **facts})


def test_parking_that_leaves_20_feet_is_not_a_violation_to_notice():
    with pytest.raises(InputError, match="fewer than 20 feet"):
        parking_figures(remaining_width_feet=D(20))
    assert parking_figures(remaining_width_feet=D("19.5"))["width"] == "19.5"


def test_a_parking_notice_without_the_person_charged_is_refused_naming_the_fact(tmp_path):
    # § 134-42D: "No person shall park": owning the property beside the street is no charge.
    path = case_copy(tmp_path, "notice-of-violation-parking", ('person_charged = "ABC LLC"\n', ""))
    with pytest.raises(InputError) as caught:
        render_case(path, ("docx",))
    assert str(caught.value) == (
        f"{path}: the fact 'person_charged' (the person charged: who parked it there, or had it "
        "parked there and controlled it, named in full) is missing; add it under [facts]."
    )


def test_a_parking_notice_refuses_a_basis_it_does_not_declare():
    with pytest.raises(InputError) as caught:
        parking_figures(remaining_width_feet=D(11), basis="owner of the adjoining property")
    assert str(caught.value) == (
        "The basis 'owner of the adjoining property' is not one the notice can state: give "
        "'observed parking', 'vehicle registration' or 'admission', the way the Village knows "
        'that Example Hauling Co. parked it or had it parked (§ 134-42D: "No person shall park").'
    )


@pytest.mark.parametrize(
    ("basis", "words"),
    [
        ("observed parking", "an officer of the Village observed the person charged parking it"),
        ("vehicle registration", "the person charged is the owner or operator of the vehicle as"),
        ("admission", "the person charged admitted parking it there or having it parked there"),
    ],
)
def test_each_declared_basis_is_stated_in_its_own_words(basis, words):
    assert parking_figures(remaining_width_feet=D(11), basis=basis)["basis"].startswith(words)


def test_the_parking_notice_names_the_person_charged_and_the_basis():
    text = read(CASEBOOK / "notice-of-violation-parking.toml")
    assert (
        "The person charged: ABC LLC. The Village charges ABC LLC with this violation as the "
        "person who parked it there or had it parked there, because the person charged admitted "
        "parking it there or having it parked there: on March 10, 2026 at 11:15 a.m., Pat "
        "Example, ABC LLC's property manager, told the Building Inspector"
    ) in text
    assert "as a person in control of the portion of the street" not in text


@pytest.mark.parametrize("notice", ["notice-of-violation-snow-ice", "notice-of-violation-parking"])
def test_a_notice_of_violation_sets_no_deadline_the_ordinance_does_not_give(notice):
    loaded = load_notice("village-a", notice)
    assert loaded.deadline is None
    assert [s.method for s in loaded.service] == [
        "hand_owner",
        "hand_suitable_age",
        "email",
        "door_and_phone",
    ]


# 6. Unpaid liens for the assessment roll (§ 134-45E)


def lien_facts(*liens: str, fixed_on: date = date(2026, 4, 1)) -> dict:
    return {"interest_fixed_on": fixed_on, "liens": list(liens)}


FOURTEEN_A = "0301-02-004 | VA-2026-L-0005 | 2026-03-02 | VA-2026-B-0003 | 2026-02-02 | 2026-01-15 | 2,525.85"
SIXTEEN_A = (
    "0301-02-009 | VA-2026-L-0009 | {filed} | VA-2026-B-0013 | 2026-02-17 | 2026-02-03 | 1,000.00"
)


def test_interest_is_fixed_at_the_legal_rate_from_the_completion_of_the_work():
    figures = figures_of(
        "village-a",
        "unpaid-liens-list",
        lien_facts(FOURTEEN_A, SIXTEEN_A.format(filed="2026-03-10")),
    )
    first, second = figures["rows"]
    assert (first["days"], second["days"]) == (76, 57)
    assert first["interest"] == cents(D("2525.85") * 9 * 76 / 36500) == D("47.33")
    assert second["interest"] == cents(D("1000.00") * 9 * 57 / 36500) == D("14.05")
    assert figures["total"] == D("3587.23")
    assert figures["rate"]["authority"] == "N.Y. CPLR 5004(a)"


def test_a_lien_filed_on_the_last_day_its_bill_could_be_paid_is_premature_and_refused():
    # Review L5: the bill mailed Tuesday, February 17, 2026 could be paid through Monday,
    # March 9 (20 days, GCL § 20); a statement filed that day is filed within the 20 days.
    with pytest.raises(InputError) as refused:
        figures_of(
            "village-a", "unpaid-liens-list", lien_facts(SIXTEEN_A.format(filed="2026-03-09"))
        )
    assert str(refused.value) == (
        "The sworn statement VA-2026-L-0009 was filed on Monday, March 9, 2026, within the 20 "
        "days after its bill VA-2026-B-0013 was sent by certified mail on Tuesday, February 17, "
        "2026 (they run through Monday, March 9, 2026); a statement is filed only when the bill "
        "was not paid within them, so it is premature and no lien to add to the roll "
        "(§ 134-45C, inferred)."
    )


def test_the_20_days_end_on_the_next_business_day_when_they_end_on_a_sunday():
    # Mailed Monday, February 2: the 20th day is Sunday, February 22, so the owner may pay
    # through Monday, February 23 (GCL § 25-a); a statement filed that day is premature.
    early = FOURTEEN_A.replace("2026-03-02", "2026-02-23")
    with pytest.raises(InputError, match="they run through Monday, February 23, 2026"):
        figures_of("village-a", "unpaid-liens-list", lien_facts(early))
    on_time = FOURTEEN_A.replace("2026-03-02", "2026-02-24")
    assert figures_of("village-a", "unpaid-liens-list", lien_facts(on_time))["rows"]


def test_a_lien_filed_after_the_interest_is_fixed_is_refused():
    with pytest.raises(InputError, match="not yet a lien"):
        figures_of(
            "village-a",
            "unpaid-liens-list",
            lien_facts(FOURTEEN_A.replace("2026-03-02", "2026-04-02")),
        )


def test_a_statement_listed_twice_on_the_lien_list_is_refused():
    with pytest.raises(InputError, match="VA-2026-L-0005 twice"):
        figures_of("village-a", "unpaid-liens-list", lien_facts(FOURTEEN_A, FOURTEEN_A))


def test_a_lien_for_a_parcel_outside_the_case_is_refused(tmp_path):
    path = case_copy(
        tmp_path,
        "unpaid-liens-list",
        ('"0301-02-009 | VA-2026-L-0009', '"0301-02-013 | VA-2026-L-0009'),
    )
    with pytest.raises(InputError, match="0301-02-013 is not a parcel of this case"):
        render_case(path, ("docx",))


def test_the_sample_list_refuses_its_portion_s_lien_filed_on_march_9(tmp_path):
    path = case_copy(tmp_path, "unpaid-liens-list", ("| 2026-03-10 |", "| 2026-03-09 |"))
    with pytest.raises(InputError, match="VA-2026-L-0009 was filed on Monday, March 9, 2026"):
        render_case(path, ("docx",))
