"""Text no document can print or no reader can see (a bell, a terminal escape, a lone surrogate,
a direction override) refused where the clerk types it, with one sentence, before it reaches the
register or a Word file that cannot hold it."""

from __future__ import annotations

import json

import pytest
from clerk import CASEBOOK, clerk_at

BELL = "John\x07 Smith"
ESCAPE = "Admin\x1b[31m"


@pytest.fixture
def clerk(tmp_path, runner):
    clerk = clerk_at(tmp_path, runner, "village-a")
    clerk(
        "case",
        "open",
        "--village",
        "village-a",
        "--parcel",
        "0301-02-009",
        "--notice-type",
        "directive-to-comply",
        "--fact=inspection_date=2026-01-02",
        "--fact=street_name=A St",
        "--fact=conditions=Debris.",
        "--fact=corrective_action=Remove it.",
    )
    return clerk


def test_a_control_character_in_a_fact_is_refused_at_the_counter(clerk):
    result = clerk("case", "record", "VA-C-2026-0001", "--fact", f"street_name={BELL}", ok=False)
    assert result.exit_code == 1
    assert "The fact 'street_name' contains a control character (U+0007)" in result.output
    assert "Traceback" not in result.output


def test_a_control_character_in_a_recipient_is_refused_and_takes_no_number(clerk):
    result = clerk(
        "issue",
        "VA-C-2026-0001",
        "--recipient-name",
        BELL,
        "--recipient-address",
        "88 Harbor View Road|STAMFORD CT 06902",
        ok=False,
    )
    assert result.exit_code == 1
    assert (
        "The option --recipient-name contains a control character (U+0007) at position 5"
        in result.output
    )
    party = clerk(
        "case",
        "party",
        "VA-C-2026-0001",
        "--role",
        "officer",
        "--name",
        ESCAPE,
        "--address",
        "Village Hall|VILLAGE A NY 10000",
        ok=False,
    )
    assert "contains a control character (U+001B)" in party.output
    shown = json.loads(clerk("case", "show", "VA-C-2026-0001", "--json").output)
    assert shown["documents"] == [] and shown["parties"] == []


def test_a_roll_with_a_control_character_is_refused_whole(tmp_path, runner):
    clerk = clerk_at(tmp_path, runner)
    roll = (CASEBOOK / "village-a" / "roll.csv").read_text(encoding="utf-8")
    hostile = tmp_path / "roll.csv"
    hostile.write_text(roll.replace("Max Ross", "Max\x1b[2J Ross"), encoding="utf-8")
    result = clerk("roll", "import", str(hostile), "--village", "village-a", ok=False)
    assert result.exit_code == 1
    assert "contains a control character" in result.output


@pytest.mark.parametrize(
    ("option", "named"),
    [
        ("--by", "The option --by"),
        ("--to", "The option --to"),
        ("--note", "The option --note"),
        ("--address", "The option --address"),
    ],
)
def test_a_control_character_in_a_service_is_refused_before_the_affidavit_prints_it(
    clerk, option, named
):
    clerk("issue", "VA-C-2026-0001")
    given = {"--by": "R. Ortiz", "--to": "Ann Doe", "--note": "At the door.", "--address": "x"}
    given[option] = ESCAPE
    args = [item for pair in given.items() for item in pair]
    result = clerk(
        "serve", "VA-D-2026-00001", "--method", "hand_suitable_age", "--at",
        "2026-01-05T10:00", *args, ok=False,
    )  # fmt: skip
    assert result.exit_code == 1
    assert f"{named} contains a control character (U+001B)" in result.output
    shown = json.loads(clerk("case", "show", "VA-C-2026-0001", "--json").output)
    assert shown["documents"][0]["services"] == []


def test_control_characters_in_a_payment_a_void_and_a_closing_are_refused(clerk):
    clerk("issue", "VA-C-2026-0001")
    voided = clerk("void", "VA-D-2026-00001", "--reason", BELL, ok=False)
    assert "The option --reason contains a control character (U+0007)" in voided.output
    closed = clerk(
        "case", "close", "VA-C-2026-0001", "--reason", "complied", "--note", BELL, ok=False
    )
    assert "The option --note contains a control character (U+0007)" in closed.output
    assert (
        json.loads(clerk("case", "show", "VA-C-2026-0001", "--json").output)["documents"][0][
            "status"
        ]
        == "issued"
    )


# Text that looks harmless on screen and is not: a byte that was not UTF-8 (the shell hands
# it over as a lone surrogate), a right-to-left override that prints "Smith" as "htimS" and
# reorders what follows, a zero-width space that makes two names look the same.
LONE_SURROGATE = "R. Ort\udcffiz"
RIGHT_TO_LEFT = "Ann \u202eDoe"
ZERO_WIDTH = "Max\u200b Ross"


def test_a_lone_surrogate_in_the_servers_name_is_refused_naming_the_option(clerk):
    clerk("issue", "VA-C-2026-0001")
    result = clerk(
        "serve", "VA-D-2026-00001", "--method", "hand_suitable_age", "--at",
        "2026-01-05T10:00", "--by", LONE_SURROGATE, "--to", "Ann Doe", "--address", "14 A St",
        ok=False,
    )  # fmt: skip
    assert result.exit_code == 1
    assert "The option --by contains a lone surrogate (U+DCFF) at position 7" in result.output
    shown = json.loads(clerk("case", "show", "VA-C-2026-0001", "--json").output)
    assert shown["documents"][0]["services"] == []


def test_a_direction_override_in_a_partys_name_is_refused(clerk):
    party = clerk(
        "case", "party", "VA-C-2026-0001", "--role", "officer", "--name", RIGHT_TO_LEFT,
        "--address", "Village Hall|VILLAGE A NY 10000", ok=False,
    )  # fmt: skip
    assert party.exit_code == 1
    assert "an invisible formatting character (U+202E)" in party.output
    shown = json.loads(clerk("case", "show", "VA-C-2026-0001", "--json").output)
    assert shown["parties"] == []


def test_an_invisible_character_in_who_records_a_payment_is_refused(clerk):
    clerk("issue", "VA-C-2026-0001")
    voided = clerk(
        "void", "VA-D-2026-00001", "--reason", "Wrong parcel.", "--by", ZERO_WIDTH, ok=False
    )
    assert voided.exit_code == 1
    assert "The option --by contains an invisible formatting character (U+200B) at position 4" in (
        voided.output
    )
    blank = clerk("void", "VA-D-2026-00001", "--reason", "Wrong parcel.", "--by", " ", ok=False)
    assert "Say who is recording this with --by" in blank.output


def test_a_roll_with_a_zero_width_space_in_an_owners_name_is_refused_whole(tmp_path, runner):
    clerk = clerk_at(tmp_path, runner)
    roll = (CASEBOOK / "village-a" / "roll.csv").read_text(encoding="utf-8")
    hostile = tmp_path / "roll.csv"
    hostile.write_text(roll.replace("Max Ross", ZERO_WIDTH), encoding="utf-8")
    result = clerk("roll", "import", str(hostile), "--village", "village-a", ok=False)
    assert result.exit_code == 1
    assert "contains an invisible formatting character (U+200B)" in result.output


def test_names_spelled_with_zero_width_joiners_are_kept():
    from noticeclerk.content.schema import unprintable

    # Persian and many Indic names need U+200C and U+200D to be spelled right.
    assert unprintable("\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645") is None
    assert unprintable("Ann\tDoe\nLine two") is None


def test_the_register_refuses_unprintable_text_that_no_command_checked(tmp_path):
    from datetime import UTC, datetime

    from noticeclerk.exceptions import InputError
    from noticeclerk.register.database import open_register, transaction, upgrade
    from noticeclerk.register.models import RollImport

    url = f"sqlite:///{tmp_path / 'register.db'}"
    upgrade(url)
    engine = open_register(url)
    refused = r"The filename of this roll import record contains a lone surrogate \(U\+DC80\)"
    with pytest.raises(InputError, match=refused), transaction(engine) as session:
        session.add(
            RollImport(
                village="village-a", filename="roll\udc80.csv", sha256="0" * 64,
                imported_by="clerk", imported_at=datetime(2026, 1, 2, tzinfo=UTC), rows=0,
            )
        )  # fmt: skip
    with transaction(engine) as session:
        assert session.query(RollImport).count() == 0
