"""The notice catalogue: every definition loads, quotes its ordinance word for word, and errs clearly."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from manifests import ORDINANCES, manifest_villages, ordinance_file

from noticeclerk.content.citations import chaptered, inferred_citations, plain_citation
from noticeclerk.content.notice_types import catalogue_entries, load_notice, notice_names
from noticeclerk.content.village import load_village, village_names
from noticeclerk.exceptions import ConfigError, InputError, RuleError

ALL_NOTICES = [(v, n) for v in village_names() for n in notice_names(v)]


def words(text: str) -> str:
    return " ".join(text.split())


def test_every_village_has_at_least_one_notice_type():
    assert {village for village, _ in ALL_NOTICES} == set(manifest_villages())


@pytest.mark.parametrize(("village", "notice"), ALL_NOTICES)
def test_each_notice_type_loads_and_its_signer_is_an_officer(village, notice):
    loaded = load_notice(village, notice)
    letterhead = load_village(village).letterhead
    assert letterhead.officer(loaded.signer, "test")
    assert loaded.sections and loaded.service


@pytest.mark.skipif(
    not ORDINANCES.is_dir(), reason="the ordinances in ../shared are not beside this checkout"
)
@pytest.mark.parametrize(("village", "notice"), ALL_NOTICES)
def test_each_quote_is_the_ordinance_word_for_word(village, notice):
    ordinance = words(re.sub(r"\n\s*", "\n", ordinance_file(village).read_text(encoding="utf-8")))
    for quote in load_notice(village, notice).quotes:
        # A quoted paragraph may join the ordinance's numbered lines; each paragraph must stand.
        for paragraph in re.split(r"\n\s*\n", quote.text):
            assert words(paragraph) in ordinance, (quote.section, paragraph[:80])


@pytest.mark.skipif(
    not ORDINANCES.is_dir(), reason="the ordinances in ../shared are not beside this checkout"
)
@pytest.mark.parametrize(("village", "notice"), ALL_NOTICES)
def test_each_manner_of_service_quoted_is_the_ordinance_word_for_word(village, notice):
    # The affidavit of service prints `quote` as the ordinance's words; `words` never is.
    ordinance = words(re.sub(r"\n\s*", "\n", ordinance_file(village).read_text(encoding="utf-8")))
    for entry in load_notice(village, notice).service:
        if entry.quote is not None:
            assert words(entry.quote) in ordinance, (entry.section, entry.quote[:80])


def test_the_ordinance_s_words_for_village_a_s_four_manners_of_service_are_quoted():
    quoted = {
        entry.method: entry for entry in load_notice("village-a", "directive-to-comply").service
    }
    assert {method: entry.section for method, entry in quoted.items() if entry.quote} == {
        "hand_owner": "§ 134-43A (inferred)",
        "hand_suitable_age": "§ 134-43B (inferred)",
        "email": "§ 134-43C (inferred)",
        "door_and_phone": "§ 134-43D (inferred)",
    }


def test_a_service_quote_is_read_with_its_spacing_joined_and_must_be_text(tmp_path):
    write_notice(tmp_path, MINIMAL + 'quote = """Notice of the bill shall\n  be mailed"""\n')
    (entry,) = load_notice("luck", "test-notice", workspace=tmp_path).service
    assert entry.quote == "Notice of the bill shall be mailed"
    write_notice(tmp_path, MINIMAL + "quote = 7\n")
    with pytest.raises(ConfigError, match=r"service\[0\]\.quote"):
        load_notice("luck", "test-notice", workspace=tmp_path)


def write_notice(workspace: Path, text: str) -> None:
    folder = workspace / "notices" / "luck"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "test-notice.toml").write_text(text, encoding="utf-8")


MINIMAL = """kind = "notice"
title = "T"
template = "documents/snow_ice_notice.html.j2"
sections = ["§ 1"]
signer = "clerk_treasurer"
recipient = "owner"
[[service]]
method = "first_class_mail"
words = "Mailed."
section = "§ 1"
"""


@pytest.mark.parametrize(
    ("extra", "error", "message"),
    [
        (
            'deadline = {kind = "fortnights", count = 1, from = "service"}\ndeadline_lead = "x"\n',
            RuleError,
            "unknown rule kind",
        ),
        ('deadline = {kind = "days", count = 1, from = "service"}\n', ConfigError, "deadline_lead"),
        ('colour = "red"\n', ConfigError, "'colour': is not a setting"),
        ('recipient = "neighbour"\n', ConfigError, "recipient"),
        ('[facts]\nx = {type = "colour", label = "x"}\n', ConfigError, "facts.x.type"),
        ('computation = "guess"\n', ConfigError, "computation"),
        ('kind = "memo"\n', ConfigError, "'kind': must be one of"),
    ],
)
def test_a_bad_notice_definition_names_the_file_and_key(tmp_path, extra, error, message):
    key = extra.split(" ")[0]
    # A key the case sets again replaces the minimal definition's own line.
    text = "".join(
        line for line in MINIMAL.splitlines(keepends=True) if not line.startswith(f"{key} =")
    )
    head, service = text.split("[[service]]")
    write_notice(tmp_path, head + extra + "[[service]]" + service)
    with pytest.raises(error, match=message) as caught:
        load_notice("luck", "test-notice", workspace=tmp_path)
    assert "test-notice.toml" in str(caught.value)


def test_a_service_method_the_system_does_not_know_is_refused(tmp_path):
    write_notice(tmp_path, MINIMAL.replace("first_class_mail", "carrier_pigeon"))
    with pytest.raises(ConfigError, match=r"service\[0\]\.method"):
        load_notice("luck", "test-notice", workspace=tmp_path)


BILL = (
    MINIMAL.replace('kind = "notice"', 'kind = "bill"')
    + """
[bills.charges]
authority = "§ 1"
lines = "expenses"
"""
)


@pytest.mark.parametrize(
    ("head", "tail", "message"),
    [
        ('amount_due = "charges"\n', "", "'remittance': is missing: a bill ends with a remittance"),
        ("", '[remittance]\npay_to = "Village Clerk"\n', "is for a bill; name the bill"),
        (
            'amount_due = "charges"\n',
            '[remittance]\npay_to = "Village Clerk"\n',
            "the bill sets no day for payment",
        ),
        (
            'amount_due = "charges"\ndeadline = {kind = "days", count = 10, from = "mailed", '
            'act = "at_office_or_by_mail"}\ndeadline_lead = "Pay by"\ndeadline_words = "Pay"\n',
            '[remittance]\npay_to = "Village Clerk"\nno_due_day = "none"\n',
            "this one has a deadline, so remove it",
        ),
        (
            'amount_due = "charges"\n',
            '[remittance]\npay_to = "Village\\u0007Clerk"\nno_due_day = "none"\n',
            "'remittance.pay_to': contains a control character (U+0007)",
        ),
    ],
)
def test_a_bill_says_whom_to_pay_and_when_on_its_remittance_stub(tmp_path, head, tail, message):
    top, rest = BILL.split("[[service]]")
    facts = '[facts]\nexpenses = {type = "cost_lines", label = "the expenses"}\n'
    write_notice(tmp_path, top + head + "[[service]]" + rest + tail + facts)
    with pytest.raises(ConfigError, match=re.escape(message)):
        load_notice("luck", "test-notice", workspace=tmp_path)


def test_every_bill_in_the_catalogue_ends_with_a_remittance_stub():
    bills = [
        (village, slug)
        for village in village_names()
        for slug in notice_names(village)
        if load_notice(village, slug).amount_due is not None
    ]
    assert len(bills) >= 9
    assert all(load_notice(village, slug).remittance for village, slug in bills)


@pytest.mark.parametrize(
    ("review", "message"),
    [
        ('[review]\nmade_by = "the Clerk"\n', "must give either 'of'"),
        ('[review]\nof = "this refusal"\nnone = "no review"\n', "must give either 'of'"),
        ('[review]\nnone = "the Board decides"\nmade_by = "the Clerk"\n', "'review.made_by'"),
        ('[review]\nof = "this\u202erefusal"\n', "'review.of': contains"),
    ],
)
def test_a_determination_states_what_is_reviewed_or_why_no_review_is_stated(
    tmp_path, review, message
):
    write_notice(tmp_path, MINIMAL + review)
    with pytest.raises(ConfigError, match=re.escape(message)):
        load_notice("luck", "test-notice", workspace=tmp_path)


# A refusal, denial, revocation or decision is a determination its recipient may seek review of.
DETERMINATION = re.compile(r"Refus|Revo|Denial|Decision|Determin")


def test_every_determination_in_the_catalogue_states_its_review_or_why_none():
    determinations = [
        load_notice(village, slug)
        for village, slug in ALL_NOTICES
        if load_notice(village, slug).kind == "decision"
        or DETERMINATION.search(load_notice(village, slug).title)
    ]
    assert len(determinations) >= 15
    undeclared = [f"{n.village}/{n.slug}" for n in determinations if n.review is None]
    assert not undeclared, f"declare [review] of = ... or none = ... in {undeclared}"


def test_a_decision_on_a_special_assessment_does_not_state_chapter_68_review():
    # Wis. Stat. § 66.0703(12) gives a special assessment its own appeal.
    for slug in ("assessment-deferment-decision", "hardship-deferment-decision"):
        review = load_notice("palmyra", slug).review
        assert review is not None and review.of is None and "66.0703(12)" in review.none


def test_an_unknown_notice_type_lists_the_village_s_notices():
    with pytest.raises(
        InputError, match=r"has no notice type 'nothing'; it has: .*snow-ice-nonhazardous"
    ):
        load_notice("luck", "nothing")


def test_the_catalogue_lists_each_notice_with_its_citations():
    rows = {row["notice"]: row for row in catalogue_entries("tuckahoe")}
    repair = rows["notice-to-repair-sidewalk"]
    assert "§ 19-15(c)" in repair["sections"]
    assert repair["service"] == ["registered_mail"]
    assert repair["deadline"] == {"kind": "days", "count": 7, "from": "mailing"}


def test_a_wisconsin_deadline_that_does_not_say_what_the_act_is_is_refused(tmp_path):
    head, service = MINIMAL.split("[[service]]")
    rule = 'deadline = {kind = "days", count = 7, from = "notice_dated"}\n'
    rule += 'deadline_lead = "Remove it no later than"\ndocument_date_is = "notice_dated"\n'
    write_notice(tmp_path, head + rule + "[[service]]" + service)
    with pytest.raises(ConfigError, match=r"key 'deadline': must say what the deadline asks for"):
        load_notice("luck", "test-notice", workspace=tmp_path)


def test_a_wisconsin_period_that_does_not_say_what_the_act_is_is_refused(tmp_path):
    period = '[facts]\napplied_on = {type = "date", label = "x"}\n'
    period += '[periods.latest]\nkind = "days"\ncount = 3\nfrom = "applied_on"\n'
    write_notice(tmp_path, MINIMAL + period)
    with pytest.raises(ConfigError, match=r"key 'periods.latest': must say what the deadline"):
        load_notice("luck", "test-notice", workspace=tmp_path)


def test_a_new_york_deadline_has_no_kind_of_act_to_declare(tmp_path):
    folder = tmp_path / "notices" / "tuckahoe"
    folder.mkdir(parents=True)
    head, service = MINIMAL.replace('"clerk_treasurer"', '"village_clerk"').split("[[service]]")
    rule = 'deadline = {kind = "days", count = 7, from = "notice_dated", act = "at_office"}\n'
    rule += 'deadline_lead = "Pay no later than"\ndocument_date_is = "notice_dated"\n'
    (folder / "test-notice.toml").write_text(head + rule + "[[service]]" + service)
    with pytest.raises(ConfigError, match=r"key 'deadline.act': applies only in Wisconsin"):
        load_notice("tuckahoe", "test-notice", workspace=tmp_path)


def test_every_wisconsin_rule_in_the_catalogue_says_what_the_act_is():
    for village in ("luck", "palmyra"):
        for name in notice_names(village):
            notice = load_notice(village, name)
            rules = [notice.deadline, *notice.declared.periods.values()]
            assert all(rule.act is not None for rule in rules if rule is not None), name


def test_a_served_document_cites_a_section_without_its_inferred_mark():
    assert plain_citation("§ 134-45F (inferred)") == "§ 134-45F"
    assert plain_citation("(§ 134-43, inferred):") == "(§ 134-43):"
    assert plain_citation("§ 134-40 (inferred), definition") == "§ 134-40, definition"
    assert plain_citation("Village A § 134-45F, section number inferred") == "Village A § 134-45F"
    assert inferred_citations(["§ 134-42D", "§ 134-44 (inferred)", "§ 134-44"]) == ["§ 134-44"]


def test_the_authority_line_names_the_chapter_before_each_chapter_s_first_section():
    # NY legal reading CF-15: citations carry their chapter.
    assert chaptered(["§ 19-15(c)", "§ 19-15(d)", "§ 19A-4", "§ 19-75"], ["19", "19A"]) == [
        "Ch. 19, § 19-15(c)",
        "§ 19-15(d)",
        "Ch. 19A, § 19A-4",
        "Ch. 19, § 19-75",
    ]
    # A state statute is no chapter of the Village's Code, nor a section of an ordinance the
    # village's file places in no chapter; an unnumbered section already names its chapter.
    assert chaptered(
        ["§ 8.04(1)", "Wis. Stat. § 66.0907", "§ 66.0703(12)(a), Wis. Stats."], ["8"]
    ) == [
        "Ch. 8, § 8.04(1)",
        "Wis. Stat. § 66.0907",
        "§ 66.0703(12)(a), Wis. Stats.",
    ]
    assert chaptered(["Ch. 496, Specifications", "§ 496-6H(2) (inferred)"], ["496"]) == [
        "Ch. 496, Specifications",
        "§ 496-6H(2)",
    ]
    assert chaptered(["Sidewalk snow, ice and debris ordinance, division (E)"], []) == [
        "Sidewalk snow, ice and debris ordinance, division (E)"
    ]
