"""Service "at the dwelling on the property" (Village A § 134-43B, D), read through the register:
refused where the roll shows no dwelling or does not say, refused at another address, and
sworn with the person's relationship to the dwelling (NY legal reading 2026-12-02, LH-3)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from clerk import CASEBOOK, VILLAGE_A_DIRECTIVE, Clerk, clerk_at, issued_number, pdf_text

ISSUED = "2026-12-01"
RECORDED = "2026-12-02"
AT = ("--at", "2026-12-01T10:00")
VACANT_LOT = "0301-02-009"  # 16 A Street (vacant), John Smith of Stamford CT
HOUSE = "0301-02-001"  # 12 A Street, Ed and Marie Smith, who live there


def directive_at(clerk: Clerk, parcel: str) -> str:
    opened = (parcel if part == HOUSE else part for part in VILLAGE_A_DIRECTIVE)
    clerk(*opened, today=ISSUED)
    case = json.loads(clerk("case", "list", "--json", today=ISSUED).output)[-1]["number"]
    return issued_number(clerk("issue", case, "--date", ISSUED, today=ISSUED))


def refused(clerk: Clerk, *args: str) -> str:
    result = clerk(*args, today=RECORDED, ok=False)
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output
    return " ".join(result.output.split())


def services(clerk: Clerk, number: str) -> list[dict]:
    """The service records of document `number`, as 'case show --json' gives them."""
    for case in json.loads(clerk("case", "list", "--json", today=RECORDED).output):
        shown = json.loads(clerk("case", "show", case["number"], "--json", today=RECORDED).output)
        for document in shown["documents"]:
            if document["number"] == number:
                return document["services"]
    raise AssertionError(f"no document {number}")


@pytest.fixture
def clerk(tmp_path, runner) -> Clerk:
    return clerk_at(tmp_path, runner, "village-a")


def test_the_lh3_suitable_age_delivery_to_a_neighbor_at_a_vacant_lot_is_refused(clerk):
    number = directive_at(clerk, VACANT_LOT)
    text = refused(
        clerk, "serve", number, "--method", "hand_suitable_age", "--by", "J. Avery", *AT,
        "--to", "a neighbor, Pat Jones", "--relationship", "neighbor",
        "--address", "16 A Street (vacant)",
    )  # fmt: skip
    assert (
        "The roll shows no dwelling on parcel 0301-02-009, 16 A Street (vacant); § 134-43B "
        '(inferred) allows this only "Hand-delivered to a person of suitable age and discretion '
        'at the dwelling on the property", so it cannot be served that way there.' in text
    )
    # What remains for an absentee owner of a vacant lot: hand delivery to the owner (and email,
    # where an address is on file); never the other method at the dwelling.
    assert "The ways that remain: hand_owner (hand delivery to an owner); email" in text
    assert "door_and_phone (" not in text.split("The ways that remain:")[1]
    assert services(clerk, number) == []


def test_door_posting_at_a_vacant_lot_is_refused_too(clerk):
    number = directive_at(clerk, VACANT_LOT)
    text = refused(
        clerk, "serve", number, "--method", "door_and_phone", "--by", "J. Avery", *AT,
        "--address", "16 A Street", "--phone-number", "555-010-0000",
        "--called-at", "2026-12-01T10:20", "--phone-result", "message",
    )  # fmt: skip
    assert "The roll shows no dwelling on parcel 0301-02-009" in text
    assert "§ 134-43D (inferred)" in text
    assert services(clerk, number) == []


def test_a_roll_that_does_not_say_whether_a_dwelling_stands_is_no_proof_that_one_does(
    tmp_path, runner
):
    rows = (CASEBOOK / "village-a" / "roll.csv").read_text(encoding="utf-8").splitlines()
    header = rows[0].split(",")
    assert header[-1] == "dwelling"
    # The office's older roll, without the column: each row's last cell dropped.
    older = tmp_path / "roll-without-dwelling.csv"
    older.write_text("\n".join(row.rsplit(",", 1)[0] for row in rows) + "\n", encoding="utf-8")
    clerk = Clerk(tmp_path / "office", runner)
    clerk("init", str(clerk.office))
    clerk("roll", "import", str(older), "--village", "village-a")
    number = directive_at(clerk, HOUSE)
    text = refused(
        clerk, "serve", number, "--method", "hand_suitable_age", "--by", "J. Avery", *AT,
        "--to", "Ann Smith", "--relationship", "lives there", "--address", "12 A Street",
    )  # fmt: skip
    assert "The roll does not say whether there is a dwelling on parcel 0301-02-001" in text
    assert "import a roll whose dwelling column says yes" in text
    assert services(clerk, number) == []


def test_delivery_at_the_dwelling_is_refused_at_any_other_address(clerk):
    number = directive_at(clerk, HOUSE)
    text = refused(
        clerk, "serve", number, "--method", "hand_suitable_age", "--by", "J. Avery", *AT,
        "--to", "Pat Jones", "--relationship", "lives next door", "--address", "14 A Street",
    )  # fmt: skip
    assert "14 A Street is not the property's address (12 A Street)" in text
    assert services(clerk, number) == []


def test_suitable_age_delivery_needs_the_relationship_and_swears_to_it(clerk):
    number = directive_at(clerk, HOUSE)
    serve = ("serve", number, "--method", "hand_suitable_age", "--by", "J. Avery", *AT)
    serve += ("--to", "Ann Smith", "--address", "12 A Street, Village A")
    assert "Give --relationship" in refused(clerk, *serve)
    clerk(*serve, "--relationship", "the owners' daughter, who lives there", today=RECORDED)
    (service,) = services(clerk, number)
    assert service["relationship"] == "the owners' daughter, who lives there"
    out = clerk.office.parent / "proofs"
    written = clerk("proof", number, "--out", str(out), today=RECORDED).output
    (pdf,) = [line.split()[-1] for line in written.splitlines() if line.endswith(".pdf")]
    assert (
        "by hand delivery to a person of suitable age and discretion at the dwelling, "
        "delivering it to Ann Smith (the owners' daughter, who lives there), at 12 A Street, "
        "Village A." in pdf_text(Path(pdf))
    )


def test_the_relationship_belongs_to_suitable_age_delivery_alone(clerk):
    number = directive_at(clerk, HOUSE)
    text = refused(
        clerk, "serve", number, "--method", "hand_owner", "--by", "J. Avery", *AT,
        "--to", "Ed Smith", "--relationship", "owner", "--address", "12 A Street",
    )  # fmt: skip
    assert "--relationship does not apply to service by hand delivery to an owner" in text
