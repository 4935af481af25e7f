"""A bill whose certified mailing came back (NY legal reading MS-5, CF-6): the sworn statement
that makes it a lien waits until the Village has mailed it again by first-class mail, the
further step due process asks once the Village knows the notice did not arrive (Jones v.
Flowers, 547 U.S. 220 (2006)); that step is refused before a return, and the statement tells
both mailings and the return, while its day and article number stay the certified mailing's
(§ 134-45C, inferred).

The sample: the bill of $3,025.85 for 14 A Street (casebook/village-a/maintenance-bill), mailed
certified on Monday, February 2, 2026, returned unclaimed on February 20, mailed again by
first-class mail on February 23.
"""

from __future__ import annotations

import pytest
from clerk import CASEBOOK, article, clerk_at, day_after
from test_village_a_liens import administrator, exported_text, mail

CASE, BILL = "VA-C-2026-0001", "VA-D-2026-00001"


@pytest.fixture
def clerk(tmp_path, runner):
    """The bill issued and mailed certified on February 2; the Village Administrator is the
    statement's party."""
    clerk = clerk_at(tmp_path, runner, "village-a")
    clerk("case", "open", "--from", str(CASEBOOK / "village-a" / "maintenance-bill.toml"),
          today="2026-02-02")  # fmt: skip
    clerk("issue", CASE, today="2026-02-02")
    mail(clerk, BILL, "2026-02-02", article(1))
    administrator(clerk, CASE, "2026-02-24")
    return clerk


def came_back(clerk) -> None:
    clerk("receipt", BILL, "--unclaimed", "2026-02-20", today="2026-02-21")


def mailed_again(clerk, on: str = "2026-02-23", ok: bool = True):
    return clerk(
        "serve", BILL, "--method", "first_class_mail", "--by", "Jo Avery",
        "--at", f"{on}T16:00", today=day_after(on), ok=ok,
    )  # fmt: skip


def test_the_statement_waits_while_the_certified_bill_came_back_unclaimed(clerk):
    came_back(clerk)
    result = clerk("issue", CASE, "sworn-statement", today="2026-02-24", ok=False)
    assert result.exit_code == 1 and "Traceback" not in result.output
    said = " ".join(result.output.split())
    assert f"{BILL} came back unclaimed on Friday, February 20, 2026" in said
    assert "waits until it is served again by first_class_mail (Jones v. Flowers" in said
    assert "Issued" not in said


def test_mailing_again_is_refused_before_any_mailing_came_back(clerk):
    result = mailed_again(clerk, ok=False)
    assert result.exit_code == 1 and "Traceback" not in result.output
    said = " ".join(result.output.split())
    assert "only as a further step after a mailing of it came back unclaimed or refused" in said
    assert "certified_mail (§ 134-45C (inferred))" in said


def test_once_mailed_again_the_statement_tells_both_mailings_and_relies_on_the_certified_one(
    clerk, tmp_path
):
    came_back(clerk)
    mailed_again(clerk)
    issued = clerk("issue", CASE, "sworn-statement", today="2026-02-24").output
    statement = issued.split("Issued ")[1].split(":")[0]
    text = exported_text(clerk, statement, tmp_path)
    # Its day and article number are the certified mailing's, as § 134-45C counts them.
    assert (
        f"was sent by certified mail, return receipt requested (USPS article number "
        f"{article(1)}), on February 2, 2026"
    ) in text
    assert "The bill's service, as the Village's register records it:" in text
    assert (
        "Sent by certified mail, return receipt requested on Monday, February 2, 2026, USPS "
        f"article number {article(1)}, returned unclaimed on Friday, February 20, 2026."
    ) in text
    assert (
        "Then, as a further step after the mailing came back, sent by first-class mail on "
        "Monday, February 23, 2026."
    ) in text


def test_a_bill_received_is_followed_without_a_further_step_or_a_history(clerk, tmp_path):
    clerk("receipt", BILL, "--signed", "2026-02-04", today="2026-02-05")
    issued = clerk("issue", CASE, "sworn-statement", today="2026-02-24").output
    statement = issued.split("Issued ")[1].split(":")[0]
    assert "as the Village's register records it" not in exported_text(clerk, statement, tmp_path)
