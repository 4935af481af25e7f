"""Village B's documents (sidewalk snow, ice and debris): the Clerk's certificate of cost (C),
the Council's special assessment (D) and the notice of violation of (E). Their amounts are
checked against the ordinance's own numbers (the 10% of (D)) with arithmetic done here apart
from the money engine; their periods against New York General Construction Law §§ 20, 24 and
25-a, under which this sample village counts time."""

from __future__ import annotations

import re
import shutil
from datetime import date, datetime
from decimal import ROUND_HALF_UP, Decimal
from html import unescape
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from notice_figures import figures_of

from noticeclerk.content.notice_types import load_notice
from noticeclerk.content.village import load_village
from noticeclerk.exceptions import ConfigError, InputError
from noticeclerk.render import render_case

D = Decimal
NY = ZoneInfo("America/New_York")
CASEBOOK = Path(__file__).resolve().parent.parent / "casebook" / "village-b"


def at(text: str) -> datetime:
    return datetime.fromisoformat(text).replace(tzinfo=NY)


def ten_percent(amount: Decimal) -> Decimal:
    return (amount * D("0.10")).quantize(D("0.01"), rounding=ROUND_HALF_UP)


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


# --- (C): the Village Clerk's certificate of the reasonable cost ----------------------------


def certificate_facts(**changes: object) -> dict:
    facts = {
        "storm_ceased": at("2026-01-04T02:00"),
        "depth_inches": D("5.5"),
        "village_began_clearing": at("2026-01-06T09:00"),
        "cost_reported_by": "the Superintendent of Public Works",
        "cost_reported_on": date(2026, 1, 8),
        "premises_cleaned": ["B-0212 | the sidewalk of 9 Depot Road", "B-0107 | 44 Church Street"],
        "work": [
            "B-0212 | Snow and ice removal | 186.00 | 186.00",
            "B-0212 | Sand and deicing material | 42.50 | 42.50",
            "B-0107 | Snow and ice removal | 95.00 | 62.00",
        ],
    }
    facts.update(changes)
    return facts


def certify(**changes: object) -> dict:
    return figures_of("village-b", "cost-certificate", certificate_facts(**changes))


def test_the_certificate_certifies_the_reasonable_cost_of_each_parcel_and_their_total():
    figures = certify()
    totals = {row["parcel"]: row["total"] for row in figures["parcels"]}
    assert totals == {"B-0212": D("228.50"), "B-0107": D("62.00")}
    assert figures["parcels"][1]["reported"] == D("95.00")
    assert figures["total"] == D("290.50")


def test_a_storm_of_more_than_four_inches_gives_the_owners_48_hours_before_the_village_clears():
    figures = certify()
    assert (figures["hours"], figures["division"]) == (48, "(B)(3)")
    assert figures["clearing"]["due"] == at("2026-01-06T02:00")


def test_a_storm_of_exactly_four_inches_gives_the_owners_24_hours():
    figures = certify(depth_inches=D("4"), village_began_clearing=at("2026-01-05T02:01"))
    assert (figures["hours"], figures["division"]) == (24, "(B)(2)")
    assert figures["clearing"]["due"] == at("2026-01-05T02:00")


def test_clearing_begun_before_the_owners_time_ran_out_is_not_at_the_owners_expense():
    with pytest.raises(
        InputError, match=re.escape("had until Tuesday, January 6, 2026 at 2:00 a.m. EST")
    ):
        certify(village_began_clearing=at("2026-01-06T02:00"))


def test_a_reasonable_cost_above_the_actual_cost_reported_is_refused():
    with pytest.raises(InputError, match="more than the actual cost reported"):
        certify(work=["B-0212 | Snow removal | 186.00 | 186.01", "B-0107 | Snow | 62.00 | 62.00"])


def test_work_charged_to_a_parcel_the_record_does_not_describe_is_refused():
    with pytest.raises(InputError, match="'B-9999', which 'premises_cleaned' does not describe"):
        certify(work=[*certificate_facts()["work"], "B-9999 | Snow | 10.00 | 10.00"])


def test_a_parcel_described_without_any_work_or_with_no_charge_is_refused():
    with pytest.raises(InputError, match="no line for parcel 'B-0107'"):
        certify(work=["B-0212 | Snow and ice removal | 186.00 | 186.00"])
    with pytest.raises(InputError, match=re.escape("parcel 'B-0107' is $0.00")):
        certify(work=["B-0212 | Snow | 186.00 | 186.00", "B-0107 | Snow | 62.00 | 0.00"])


def test_the_treasurer_forwards_the_statements_within_ten_days_after_receiving_the_certificate():
    rule = load_notice("village-b", "cost-certificate").deadline
    calendar = load_village("village-b").calendar
    assert rule.deadline(calendar, {"received": date(2026, 1, 12)}).due == date(2026, 1, 22)
    # Received Friday, January 9, 2026: day ten is Martin Luther King Jr. Day, a public holiday.
    assert rule.deadline(calendar, {"received": date(2026, 1, 9)}).due == date(2026, 1, 20)


def test_the_certificate_is_filed_with_the_treasurer_and_matches_the_treasurer_s_statement():
    html = render_case(CASEBOOK / "cost-certificate.toml", ("docx",)).html
    assert "Filed with:</th><td>Sam Okafor, Village Treasurer" in html
    assert "Thursday, January 22, 2026" in html
    statement = render_case(CASEBOOK / "statement-of-charges.toml", ("docx",)).html
    # The statement cites this certificate and charges the parcel what it certified.
    assert "VB-2026-C-0002" in statement
    assert "$228.50" in html and "$228.50" in statement
    assert "$429.50" in html


def test_a_certificate_whose_case_has_a_parcel_the_record_does_not_describe_is_refused(tmp_path):
    path = case_copy(
        tmp_path,
        "cost-certificate",
        ('parcels = ["B-0212", "B-0107", "B-0318"]', 'parcels = ["B-0212", "B-0107"]'),
    )
    with pytest.raises(InputError, match="describe each parcel of the case once"):
        render_case(path, ("docx",))


def test_a_certificate_dated_before_the_cost_was_reported_is_refused():
    with pytest.raises(InputError, match=r"reported to the Village Clerk on Thursday, January 8"):
        figures_of("village-b", "cost-certificate", certificate_facts(), today=date(2026, 1, 7))
    assert figures_of("village-b", "cost-certificate", certificate_facts(), today=date(2026, 1, 8))[
        "total"
    ] == D("290.50")


# --- (D): the Council's special assessment ----------------------------------------------------


def levy_facts(**changes: object) -> dict:
    facts = {
        "certified_costs": [
            {"description": "Snow and ice removal", "amount": D("186.00")},
            {"description": "Sand and deicing material", "amount": D("42.50")},
        ],
        "amount_paid": D("0.00"),
        "statement_mailed": date(2026, 1, 16),
        "levied_on": date(2026, 3, 2),
    }
    facts.update(changes)
    return facts


def test_the_special_assessment_is_the_unpaid_expense_with_a_penalty_and_fee_of_ten_percent():
    figures = figures_of("village-b", "special-assessment", levy_facts())
    lines = [line["amount"] for line in figures["special_assessment"]["lines"]]
    assert lines == [D("228.50"), ten_percent(D("228.50"))] == [D("228.50"), D("22.85")]
    assert figures["special_assessment"]["total"] == D("251.35")


def test_a_part_payment_leaves_only_the_unpaid_expense_to_levy_with_its_ten_percent():
    figures = figures_of("village-b", "special-assessment", levy_facts(amount_paid=D("100.00")))
    assert figures["unpaid"]["total"] == D("128.50")
    assert figures["special_assessment"]["total"] == D("128.50") + ten_percent(D("128.50"))
    assert figures["special_assessment"]["total"] == D("141.35")


def test_the_statement_charges_the_certified_costs_and_shows_the_levy_should_they_go_unpaid():
    costs = levy_facts()["certified_costs"]
    # Received January 12, forwarded January 16: within the ten days of division (C).
    received = {"certificate_received": date(2026, 1, 12)}
    figures = figures_of(
        "village-b",
        "statement-of-charges",
        {"certified_costs": costs, **received},
        today=date(2026, 1, 16),
    )
    assert figures["charges"]["total"] == D("228.50")
    assert figures["special_assessment"]["lines"] == [
        {"description": "Expense incurred (unpaid bill)", "amount": D("228.50")},
        {
            "description": "Penalty and administrative fee, 10% of $228.50",
            "amount": ten_percent(D("228.50")),
        },
    ]
    with pytest.raises(InputError, match=r"add up to nothing; give the reasonable cost"):
        figures_of(
            "village-b",
            "statement-of-charges",
            {"certified_costs": [{"description": "Clearing", "amount": D("0.00")}], **received},
            today=date(2026, 1, 16),
        )


def test_the_penalty_and_fee_round_half_up_to_the_cent():
    figures = figures_of(
        "village-b",
        "special-assessment",
        levy_facts(certified_costs=[{"description": "Clearing", "amount": D("100.05")}]),
    )
    assert figures["special_assessment"]["lines"][1]["amount"] == D("10.01")


def test_the_bill_can_be_paid_through_the_thirtieth_day_moved_past_the_weekend_and_holiday():
    # Mailed Friday, January 16, 2026: day 30 is Sunday, February 15, and Monday is
    # Washington's Birthday (N.Y. GCL § 24), so the owner may pay through Tuesday the 17th.
    with pytest.raises(InputError, match="through Tuesday, February 17, 2026"):
        figures_of("village-b", "special-assessment", levy_facts(levied_on=date(2026, 2, 17)))
    figures = figures_of("village-b", "special-assessment", levy_facts(levied_on=date(2026, 2, 18)))
    assert figures["payment_period"]["due"] == date(2026, 2, 17)


def test_a_statement_paid_in_full_cannot_be_levied():
    with pytest.raises(InputError, match=re.escape("The statement of $228.50 is paid in full")):
        figures_of("village-b", "special-assessment", levy_facts(amount_paid=D("228.50")))
    with pytest.raises(InputError, match=re.escape(r"($300.00 received)")):
        figures_of("village-b", "special-assessment", levy_facts(amount_paid=D("300.00")))


def test_a_levy_within_the_30_days_is_refused_before_the_payments_are_looked_at():
    # Changed with the declared period: the notice definition refuses the early levy before the
    # computation reckons what was paid, so a case with both faults names the date first.
    early_and_paid = levy_facts(levied_on=date(2026, 2, 17), amount_paid=D("228.50"))
    with pytest.raises(InputError, match="only after that day"):
        figures_of("village-b", "special-assessment", early_and_paid)


def test_the_notice_of_special_assessment_states_the_board_s_levy_to_the_owner_of_record():
    html = render_case(CASEBOOK / "special-assessment.toml", ("docx",)).html
    assert "Depot Road Realty Trust" in html
    assert "Resolution No. 2026-14 of the Board of Trustees, the Board of Trustees levied" in html
    assert "$141.35" in html and "$12.85" in html


@pytest.mark.parametrize("sample", ["special-assessment", "statement-of-charges"])
def test_a_new_york_village_s_levy_is_its_board_of_trustees_and_the_ordinance_s_council_is_said_once(
    sample,
):
    # NY legal reading 2026-12-02, CF-10 and S3: a New York village has no council (Village Law
    # § 3-300). The village's file names the body ([readings] governing_body); the ordinance's
    # own word appears only where the notice says what it calls that body, and in its quotation.
    html = render_case(CASEBOOK / f"{sample}.toml", ("docx",)).html
    words = " ".join(re.sub(r"<[^>]+>", " ", html).split())
    assert "Board of Trustees" in words
    quoted = re.findall(r"Division \(D\) If the owner.*?court action\.", words)
    outside = words
    for quotation in quoted:
        outside = outside.replace(quotation, "")
    assert outside.count("Council") == 1
    assert "“Council”" in outside or "“the Council”" in outside


def test_a_village_file_that_does_not_say_its_governing_body_is_refused(tmp_path):
    own = tmp_path / "letterheads" / "village-b"
    own.mkdir(parents=True)
    builtin = Path(__file__).resolve().parent.parent / "letterheads" / "village-b"
    for item in builtin.iterdir():
        (own / item.name).write_bytes(item.read_bytes())
    text = (own / "letterhead.toml").read_text(encoding="utf-8")
    (own / "letterhead.toml").write_text(
        text.replace('governing_body = "Board of Trustees"', ""), encoding="utf-8"
    )
    assert load_village("village-b", tmp_path).readings == {}
    with pytest.raises(ConfigError, match=r"readings\.governing_body"):
        render_case(CASEBOOK / "special-assessment.toml", ("docx",), workspace=tmp_path)


def test_a_notice_dated_before_the_council_levied_is_refused(tmp_path):
    path = case_copy(tmp_path, "special-assessment", ("date = 2026-03-03", "date = 2026-03-01"))
    with pytest.raises(InputError, match="dated on or after the Council's levy"):
        render_case(path, ("docx",))


# --- (E): snow, ice, debris or dirt placed in a public right-of-way --------------------------


def violation_facts(**changes: object) -> dict:
    facts = {
        "observed_at": at("2026-02-17T07:40"),
        "materials": ["snow"],
        "village_permission": False,
    }
    facts.update(changes)
    return facts


def test_the_violation_names_only_snow_ice_debris_or_dirt_in_the_ordinance_s_order():
    figures = figures_of(
        "village-b", "right-of-way-violation", violation_facts(materials=["Dirt", "snow"])
    )
    assert figures == {
        "materials": [{"key": "snow", "words": "snow"}, {"key": "dirt", "words": "dirt"}]
    }
    with pytest.raises(InputError, match="lists 'leaves'; division \\(E\\) covers only snow, ice"):
        figures_of("village-b", "right-of-way-violation", violation_facts(materials=["leaves"]))
    with pytest.raises(InputError, match="names 'snow' more than once"):
        figures_of(
            "village-b", "right-of-way-violation", violation_facts(materials=["snow", "Snow"])
        )


@pytest.mark.parametrize(
    ("materials", "printed"),
    [('["dirt"]', "dirt"), ('["debris", "ice", "snow"]', "snow, ice and debris")],
)
def test_the_violation_notice_prints_the_materials_as_a_sentence_names_them(
    tmp_path, materials, printed
):
    path = case_copy(
        tmp_path,
        "right-of-way-violation",
        ('materials = ["snow", "ice"]', f"materials = {materials}"),
    )
    html = render_case(path, ("docx",)).html
    assert f"observed {printed} placed, thrown" in html
    assert f"dumping {printed} in or on a public right-of-way" in html


def test_material_the_village_permitted_is_no_violation():
    with pytest.raises(InputError, match="no violation"):
        figures_of("village-b", "right-of-way-violation", violation_facts(village_permission=True))


def test_a_violation_notice_dated_before_the_violation_was_observed_is_refused():
    with pytest.raises(InputError, match="observed at Tuesday, February 17, 2026"):
        figures_of(
            "village-b",
            "right-of-way-violation",
            violation_facts(),
            today=date(2026, 2, 16),
        )
    # The day it was observed is not before it, whatever the hour.
    assert figures_of(
        "village-b", "right-of-way-violation", violation_facts(), today=date(2026, 2, 17)
    ) == {"materials": [{"key": "snow", "words": "snow"}]}


def test_the_violation_notice_sets_no_deadline_and_goes_to_the_person_the_case_names(tmp_path):
    notice = load_notice("village-b", "right-of-way-violation")
    # Everything it computes is declared: the materials, and the refusals of (E).
    assert (notice.deadline, notice.computation) == (None, None)
    html = render_case(CASEBOOK / "right-of-way-violation.toml", ("docx",)).html
    assert "Northfield Plowing and Landscape LLC" in html
    path = case_copy(
        tmp_path,
        "right-of-way-violation",
        ("[recipient]\n", ""),
        ('name = "Northfield Plowing and Landscape LLC"\n', ""),
        (
            'address_lines = ["Attn: Owner or Manager", "880 County Route 9", "Village B NY 10001"]\n',
            "",
        ),
    )
    with pytest.raises(InputError, match="goes to the contractor; give a \\[recipient\\]"):
        render_case(path, ("docx",))


# --- The law of time the Village relies on: the ordinance names no state --------------------

LAW_OF_TIME = (
    "The ordinance names no state; time is counted as the Village relies on New York's General "
    "Construction Law §§ 20, 24 and 25-a."
)
LETTERHEAD = CASEBOOK.parent.parent / "letterheads" / "village-b" / "letterhead.toml"
RELIED_ON = 'law_of_time = "NY"\n'


def read(path: Path, workspace: Path | None = None) -> str:
    """A rendered document's words as a reader sees them: no markup, one space between words."""
    html = render_case(path, ("docx",), workspace).html
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


def village_b_reading(workspace: Path, *replacements: tuple[str, str]) -> Path:
    """A workspace whose Village B file has some of its lines changed."""
    text = LETTERHEAD.read_text(encoding="utf-8")
    for old, new in replacements:
        assert old in text, old
        text = text.replace(old, new)
    folder = workspace / "letterheads" / "village-b"
    folder.mkdir(parents=True)
    (folder / "letterhead.toml").write_text(text, encoding="utf-8")
    shutil.copy(LETTERHEAD.parent / "seal.svg", folder / "seal.svg")
    return workspace


def states_a_deadline(notice_name: str) -> bool:
    notice = load_notice("village-b", notice_name)
    return notice.deadline is not None or bool(notice.declared.periods)


def test_the_village_relies_on_new_york_s_law_of_time_because_its_ordinance_names_no_state():
    village = load_village("village-b")
    assert village.law_of_time_relied_on is not None
    assert village.law_of_time_relied_on.value == "NY"
    assert village.law_of_time_sentence == LAW_OF_TIME
    # A village whose ordinance names its state says nothing of the kind.
    assert load_village("village-a").law_of_time_sentence is None


def test_every_village_b_document_that_states_a_deadline_names_the_law_of_time_relied_on():
    stating = []
    for path in sorted(CASEBOOK.glob("*.toml")):
        text = read(path)
        if states_a_deadline(path.stem):
            stating.append(path.stem)
            assert text.count(LAW_OF_TIME) == 1, path.stem
            assert "counted under the law of the State of" not in text, path.stem
        else:
            assert LAW_OF_TIME not in text, path.stem
    assert stating == ["cost-certificate", "special-assessment", "statement-of-charges"]


def test_a_village_b_file_that_does_not_say_whose_law_of_time_it_relies_on_is_refused(tmp_path):
    workspace = village_b_reading(tmp_path, (RELIED_ON, ""))
    with pytest.raises(ConfigError) as caught:
        load_village("village-b", workspace)
    message = str(caught.value)
    assert "key 'calendar.law_of_time': is missing: the ordinance names no state" in message
    assert "\n" not in message and message.endswith('law_of_time = "NY" or "WI"')


def test_a_law_of_time_other_than_the_village_s_state_is_refused(tmp_path):
    workspace = village_b_reading(tmp_path, (RELIED_ON, 'law_of_time = "WI"\n'))
    with pytest.raises(ConfigError, match='law_of_time\': is "WI" but state is "NY"'):
        load_village("village-b", workspace)


def test_a_law_of_time_in_a_file_whose_ordinance_names_its_state_is_refused(tmp_path):
    workspace = village_b_reading(tmp_path, ("ordinance_names_state = false\n", ""))
    with pytest.raises(ConfigError, match="is for a village whose ordinance names no state"):
        load_village("village-b", workspace)
