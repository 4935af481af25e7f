"""Corrections by striking and frozen files verified (issue 11, items 4 and 6): a mistaken service
record or receipt is struck (who, when, why), never edited or deleted; the affidavit, the deadline
and `due` read only what stands, `case show` lists everything; a stored file whose bytes changed
is named by `noticeclerk verify` and refused, in one sentence, by everything that relies on it."""

from __future__ import annotations

import hashlib
import json
from datetime import UTC, datetime

import pytest
from clerk import (
    CASEBOOK,
    VILLAGE_A_DIRECTIVE,
    article,
    clerk_at,
    day_after,
    issued_number,
    pdf_text,
)
from frozen_store import alter_stored, write_stored
from sqlalchemy import create_engine, select
from sqlalchemy.orm import Session

from noticeclerk.register.models import Document, Proof

LUCK_ORDER = "LU-D-2026-00001"
LUCK_CASE = "LU-C-2026-0001"
DIRECTIVE = "VA-D-2026-00001"
DIRECTIVE_CASE = "VA-C-2026-0001"
TAMPERED = (
    "The register's PDF of {} no longer matches the SHA-256 recorded when it was issued; do not "
    "use it: run 'noticeclerk verify' and restore the register from its backup."
)


@pytest.fixture
def luck(tmp_path, runner):
    """Luck's order to repair a sidewalk (service on receipt of certified mail), issued June 1."""
    clerk = clerk_at(tmp_path, runner, "luck")
    order = CASEBOOK / "luck" / "sidewalk-repair-order.toml"
    clerk("case", "open", "--from", str(order), today="2026-06-01")
    assert issued_number(clerk("issue", LUCK_CASE, today="2026-06-01")) == LUCK_ORDER
    return clerk


@pytest.fixture
def village_a(tmp_path, runner):
    """Village A's directive to comply (seven days from service), issued December 1."""
    clerk = clerk_at(tmp_path, runner, "village-a")
    clerk(*VILLAGE_A_DIRECTIVE, today="2026-12-01")
    assert issued_number(clerk("issue", DIRECTIVE_CASE, today="2026-12-01")) == DIRECTIVE
    return clerk


def mail(clerk, n: int, at: str = "2026-06-01T15:00") -> None:
    clerk(
        "serve", LUCK_ORDER, "--method", "certified_mail", "--by", "R. Lund",
        "--at", at, "--article-number", article(n), today=day_after(at),
    )  # fmt: skip


def hand(clerk, at: str) -> None:
    clerk(
        "serve", DIRECTIVE, "--method", "hand_owner", "--by", "J. Avery", "--at", at,
        "--to", "Marie Smith", "--address", "12 A Street", today="2026-12-03",
    )  # fmt: skip


def refused(clerk, *args: str, today: str) -> str:
    result = clerk(*args, today=today, ok=False)
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output
    return " ".join(result.output.split())


def shown(clerk, case: str) -> dict:
    return json.loads(clerk("case", "show", case, "--json").output)


def services(clerk, case: str) -> list[dict]:
    return shown(clerk, case)["documents"][0]["services"]


def due(clerk, today: str) -> dict:
    """What `due` says of the one document, as of a day."""
    (item,) = json.loads(clerk("due", "--json", "--days", "366", today=today).output)
    return item


# --- Striking ----------------------------------------------------------------------------------


def test_a_struck_certified_mailing_stays_in_case_show_and_leaves_the_affidavit(luck, tmp_path):
    mail(luck, 1)  # the receipt of another letter, typed by mistake
    mail(luck, 2, at="2026-06-01T15:05")
    struck = luck(
        "serve", LUCK_ORDER, "--strike", "1", "--by", "A. Clerk",
        "--reason", "Wrong receipt: the article number is another letter's.", today="2026-06-02",
    ).output  # fmt: skip
    assert "Struck service record 1 (certified mail, return receipt requested, Monday" in struck
    assert "It stays in the register and is left out of the affidavit of service." in struck

    both = services(luck, LUCK_CASE)
    assert [(s["record"], s["article_number"]) for s in both] == [(1, article(1)), (2, article(2))]
    assert both[0]["struck"] == {
        "at": "2026-06-02T07:00-05:00",
        "by": "A. Clerk",
        "reason": "Wrong receipt: the article number is another letter's.",
    }
    assert both[1]["struck"] is None
    text = luck("case", "show", LUCK_CASE, today="2026-06-02").output
    assert (
        f"1. Served Monday, June 1, 2026 at 3:00 p.m. CDT by certified_mail, article {article(1)}"
        in text
    )
    assert (
        "STRUCK Tuesday, June 2, 2026 at 7:00 a.m. CDT by A. Clerk: Wrong receipt: the article "
        "number is another letter's." in text
    )
    assert (
        f"2. Served Monday, June 1, 2026 at 3:05 p.m. CDT by certified_mail, article {article(2)}"
        in text
    )

    luck("receipt", LUCK_ORDER, "--signed", "2026-06-03", today="2026-06-04")
    out = tmp_path / "proofs"
    luck("proof", LUCK_ORDER, "--out", str(out), today="2026-06-04")
    sworn = pdf_text(out / "luck" / f"{LUCK_ORDER}-affidavit-of-service.pdf")
    assert article(2) in sworn
    assert article(1) not in sworn


def test_the_deadline_follows_the_standing_service_record(village_a):
    hand(village_a, "2026-12-01T10:00")
    hand(village_a, "2026-12-03T06:30")  # typed for the visit that found no one home
    assert due(village_a, "2026-12-03")["deadline"] == "2026-12-10"

    village_a(
        "serve", DIRECTIVE, "--strike", "2", "--by", "J. Avery",
        "--reason", "No one was home on December 3; the directive was handed over December 1.",
        today="2026-12-03",
    )  # fmt: skip
    assert due(village_a, "2026-12-03")["deadline"] == "2026-12-08"

    last = village_a(
        "serve", DIRECTIVE, "--strike", "1", "--by", "J. Avery",
        "--reason", "Recorded on the wrong directive.", today="2026-12-03",
    ).output  # fmt: skip
    assert f"No service of {DIRECTIVE} stands now" in last
    now = due(village_a, "2026-12-03")
    assert (now["status"], now["deadline"]) == ("not_served", None)
    assert [s["struck"]["by"] for s in services(village_a, DIRECTIVE_CASE)] == ["J. Avery"] * 2


def test_a_struck_receipt_makes_way_for_the_correct_one(luck):
    mail(luck, 1)
    luck("receipt", LUCK_ORDER, "--signed", "2026-06-03", today="2026-06-04")
    assert due(luck, "2026-06-04")["deadline"] == "2026-08-03"  # 60 days: Sunday, so Monday

    struck = luck(
        "receipt", LUCK_ORDER, "--strike", "--by", "A. Clerk",
        "--reason", "The green card is signed June 5; June 3 was misread.", today="2026-06-08",
    ).output  # fmt: skip
    assert "Struck the return receipt signed on Wednesday, June 3, 2026 for service record 1" in (
        struck
    )
    assert due(luck, "2026-06-08")["status"] == "awaiting_receipt"

    luck("receipt", LUCK_ORDER, "--signed", "2026-06-05", today="2026-06-08")
    assert due(luck, "2026-06-08")["deadline"] == "2026-08-04"
    events = services(luck, LUCK_CASE)[0]["events"]
    assert [(e["happened_at"][:10], e["struck"] and e["struck"]["by"]) for e in events] == [
        ("2026-06-03", "A. Clerk"),
        ("2026-06-05", None),
    ]


def test_a_struck_mailing_s_article_number_may_be_recorded_again(luck):
    mail(luck, 1, at="2026-06-01T09:00")  # the time mistyped
    luck(
        "serve", LUCK_ORDER, "--strike", "1", "--by", "A. Clerk",
        "--reason", "Mailed at 3:00 p.m., not 9:00 a.m.", today="2026-06-01",
    )  # fmt: skip
    mail(luck, 1)
    assert [s["article_number"] for s in services(luck, LUCK_CASE)] == [article(1)] * 2


def test_a_void_document_s_service_record_may_still_be_struck(village_a):
    hand(village_a, "2026-12-01T10:00")
    village_a("void", DIRECTIVE, "--reason", "Wrong street.", today="2026-12-02")
    village_a(
        "serve", DIRECTIVE, "--strike", "1", "--by", "J. Avery",
        "--reason", "Handed to the tenant, not the owner.", today="2026-12-02",
    )  # fmt: skip
    assert services(village_a, DIRECTIVE_CASE)[0]["struck"]["by"] == "J. Avery"


def test_striking_refuses_what_it_cannot_strike_and_changes_nothing(luck):
    strike = ("serve", LUCK_ORDER, "--strike")
    assert f"Document {LUCK_ORDER} has no service recorded; there is nothing to strike." in refused(
        luck, *strike, "1", "--by", "A. Clerk", "--reason", "x", today="2026-06-02"
    )
    mail(luck, 1)
    mail(luck, 2, at="2026-06-01T15:05")
    assert (
        f"Document {LUCK_ORDER} has service records 1 and 2 ('noticeclerk case show "
        f"{LUCK_CASE}' lists them); there is no record 3."
    ) in refused(luck, *strike, "3", "--by", "A. Clerk", "--reason", "x", today="2026-06-02")
    assert "there is no record 0" in refused(
        luck, *strike, "0", "--by", "A. Clerk", "--reason", "x", today="2026-06-02"
    )
    for reason in (("--reason", "  "), ()):
        assert "Say why the record is struck with --reason" in refused(
            luck, *strike, "1", "--by", "A. Clerk", *reason, today="2026-06-02"
        )
    combined = refused(
        luck, *strike, "1", "--by", "A. Clerk", "--reason", "x",
        "--method", "certified_mail", "--at", "2026-06-01T15:00", today="2026-06-02",
    )  # fmt: skip
    assert (
        "--strike only strikes a record; leave out --method and --at, and record the correct "
        f"one separately with 'noticeclerk serve {LUCK_ORDER} ...'."
    ) in combined
    assert "Give --method and --at: how and when it was served" in refused(
        luck, "serve", LUCK_ORDER, "--by", "R. Lund", "--at", "2026-06-01T15:00", today="2026-06-02"
    )
    assert "--reason goes with --strike" in refused(
        luck, "serve", LUCK_ORDER, "--method", "certified_mail", "--by", "R. Lund",
        "--at", "2026-06-01T15:10", "--article-number", article(3), "--reason", "x",
        today="2026-06-02",
    )  # fmt: skip
    assert "The option --reason contains a control character (U+0007)" in refused(
        luck, *strike, "1", "--by", "A. Clerk", "--reason", "bad\x07", today="2026-06-02"
    )
    assert [s["struck"] for s in services(luck, LUCK_CASE)] == [None, None]

    luck(*strike, "1", "--by", "A. Clerk", "--reason", "Wrong receipt", today="2026-06-02")
    assert (
        f"Service record 1 of {LUCK_ORDER} was already struck on Tuesday, June 2, 2026 at 7:00 "
        "a.m. CDT by A. Clerk: Wrong receipt."
    ) in refused(luck, *strike, "1", "--by", "B. Clerk", "--reason", "y", today="2026-06-03")
    assert services(luck, LUCK_CASE)[0]["struck"]["by"] == "A. Clerk"


def test_a_receipt_strike_refuses_when_no_receipt_stands(luck):
    strike = ("receipt", LUCK_ORDER, "--strike", "--reason", "x")
    assert "has no mailing recorded that stands; there is no receipt to strike" in refused(
        luck, *strike, today="2026-06-02"
    )
    mail(luck, 1)
    assert (
        f"The latest mailing of {LUCK_ORDER} (record 1, certified mail, return receipt "
        "requested, Monday, June 1, 2026) has no receipt or return recorded that stands"
    ) in refused(luck, *strike, today="2026-06-02")
    assert "leave out --signed, and record the correct one separately" in refused(
        luck, *strike, "--signed", "2026-06-03", today="2026-06-04"
    )
    assert "--reason goes with --strike" in refused(
        luck, "receipt", LUCK_ORDER, "--signed", "2026-06-03", "--reason", "x", today="2026-06-04"
    )


# --- Integrity ---------------------------------------------------------------------------------


def tamper(clerk, number: str) -> None:
    """One byte of the stored PDF changed behind the register's back."""
    alter_stored(clerk.office, number)


def test_verify_finds_every_file_as_it_was_issued(village_a, monkeypatch):
    # One row to a batch, so that reading on from one batch to the next is what is tested.
    monkeypatch.setattr("noticeclerk.register.integrity.BATCH", 1)
    result = village_a("verify")
    assert result.output.splitlines()[-1] == "The 1 document's files match their SHA-256."
    # Two more cases' directives (one is given to each owner of a case).
    for n, day in ((2, "2026-12-02"), (3, "2026-12-03")):
        village_a(*VILLAGE_A_DIRECTIVE, today=day)
        village_a("issue", f"VA-C-2026-000{n}", today=day)
    assert "All 3 documents' files match their SHA-256." in village_a("verify").output
    tamper(village_a, "VA-D-2026-00003")
    assert "Document VA-D-2026-00003: its PDF" in village_a("verify", ok=False).output


def test_a_tampered_pdf_is_named_by_verify_and_refused_wherever_it_is_used(village_a, tmp_path):
    hand(village_a, "2026-12-01T10:00")
    tamper(village_a, DIRECTIVE)
    found = village_a("verify", ok=False)
    assert found.exit_code == 1
    assert (
        f"Document {DIRECTIVE}: its PDF no longer matches the SHA-256 recorded when it was issued."
        in found.output
    )
    assert "1 of 1 frozen records (1 document) no longer match" in found.output

    sentence = TAMPERED.format(DIRECTIVE)
    assert sentence in refused(village_a, "proof", DIRECTIVE, today="2026-12-03")
    assert sentence in refused(
        village_a, "serve", DIRECTIVE, "--method", "hand_owner", "--by", "J. Avery",
        "--at", "2026-12-02T10:00", today="2026-12-03",
    )  # fmt: skip
    assert sentence in refused(
        village_a, "document", "export", DIRECTIVE, "--out", str(tmp_path / "x"), today="2026-12-03"
    )
    assert not (tmp_path / "x").exists()
    assert len(services(village_a, DIRECTIVE_CASE)) == 1


def test_a_tampered_mailed_document_takes_no_receipt(luck):
    mail(luck, 1)
    tamper(luck, LUCK_ORDER)
    assert TAMPERED.format(LUCK_ORDER) in refused(
        luck, "receipt", LUCK_ORDER, "--signed", "2026-06-03", today="2026-06-04"
    )
    assert services(luck, LUCK_CASE)[0]["events"] == []


def test_verify_reads_one_village_or_all_and_issued_affidavits_too(tmp_path, runner):
    clerk = clerk_at(tmp_path, runner, "village-a", "luck")
    clerk(*VILLAGE_A_DIRECTIVE, today="2026-12-01")
    clerk("issue", DIRECTIVE_CASE, today="2026-12-01")
    clerk("case", "open", "--from", str(CASEBOOK / "luck" / "sidewalk-repair-order.toml"))
    clerk("issue", LUCK_CASE, today="2026-12-01")
    tamper(clerk, DIRECTIVE)
    assert (
        "The 1 document's files match their SHA-256." in clerk("verify", "--village", "luck").output
    )
    assert DIRECTIVE in clerk("verify", "--village", "village-a", ok=False).output

    # An issued affidavit of service is frozen like a document, and verified with them.
    engine = create_engine(f"sqlite:///{clerk.office / 'noticeclerk.db'}")
    with Session(engine) as session, session.begin():
        order = session.scalar(select(Document).where(Document.number == LUCK_ORDER))
        session.add(
            Proof(
                document_id=order.id,
                number=f"{LUCK_ORDER}-AFF-1",
                issued_at=datetime(2026, 12, 2, 15, tzinfo=UTC),
                issued_by="clerk",
                service_ids=[],
                pdf_sha256=hashlib.sha256(b"%PDF-1.7 as sworn").hexdigest(),
                pdf_size=17,
                pdf_type="application/pdf",
                docx_sha256=hashlib.sha256(b"PK").hexdigest(),
                docx_size=2,
                docx_type="application/vnd.openxmlformats-officedocument.wordprocessingml.document",
            )
        )
    engine.dispose()
    write_stored(clerk.office, hashlib.sha256(b"%PDF-1.7 as sworn").hexdigest(), b"%PDF changed")
    write_stored(clerk.office, hashlib.sha256(b"PK").hexdigest(), b"PK")
    found = clerk("verify", ok=False).output
    assert f"Document {DIRECTIVE}: its PDF no longer matches" in found
    assert f"Affidavit of service {LUCK_ORDER}-AFF-1: its PDF no longer matches" in found
    assert "2 of 3 frozen records (2 documents and 1 affidavit of service) no longer match" in found
