"""The affidavit of service in the form a New York or Wisconsin court takes (issue 11): the
venue and the jurat of the state, each server sworn to their own services beside their own
jurat, the ordinance quoted only in its own words, a void document's affidavit refused, a
draft marked, and an issued affidavit numbered and frozen in the register."""

from __future__ import annotations

import hashlib
import io
import json
import re
import shutil
from pathlib import Path

import docx
import pytest
from clerk import (
    LUCK_SNOW_NOTICE,
    PALMYRA_HOUSE_NUMBERING,
    VILLAGE_A_DIRECTIVE,
    Clerk,
    clerk_at,
    day_after,
    issued_number,
    pdf_text,
)
from pypdf import PdfReader
from sqlalchemy import select

from noticeclerk.content.village import load_village
from noticeclerk.exceptions import ConfigError
from noticeclerk.register.database import open_register, register_url, transaction
from noticeclerk.register.models import Proof

LETTERHEADS = Path(__file__).resolve().parent.parent / "letterheads"
DIRECTIVE = "VA-D-2026-00001"


@pytest.fixture
def village_a(tmp_path, runner) -> Clerk:
    """A directive of Village A (New York), issued and handed to an owner by J. Avery."""
    clerk = clerk_at(tmp_path, runner, "village-a")
    clerk(*VILLAGE_A_DIRECTIVE, today="2026-12-01")
    clerk("issue", "VA-C-2026-0001", today="2026-12-01")
    served(clerk, "hand_owner", "J. Avery", "2026-12-01T10:15")
    return clerk


@pytest.fixture
def luck(tmp_path, runner) -> Clerk:
    """A snow and ice notice of Luck (Wisconsin), handed to the owner by Officer D. Reyes."""
    clerk = clerk_at(tmp_path, runner, "luck")
    clerk(*LUCK_SNOW_NOTICE, today="2026-12-23")
    clerk("issue", "LU-C-2026-0001", today="2026-12-23")
    clerk(
        "serve", "LU-D-2026-00001", "--method", "hand_owner", "--by", "Officer D. Reyes",
        "--at", "2026-12-23T14:15", "--to", "the manager on duty at Nordstrom Hardware Inc.",
        "--address", "210 Main Street", today="2026-12-24",
    )  # fmt: skip
    return clerk


def served(clerk: Clerk, method: str, by: str, at: str, *more: str) -> None:
    """Record a hand service of the directive, with the person and the place it names, on the
    day after it (a fixed day is read at 12:00 UTC, before the morning's service)."""
    person = () if "--to" in more else ("--to", "Marie Smith")
    place = ("--address", "12 A Street")
    clerk(
        "serve", DIRECTIVE, "--method", method, "--by", by, "--at", at, *person, *place, *more,
        today=day_after(at),
    )  # fmt: skip


def proof(clerk: Clerk, number: str, *options: str, today: str = "2026-12-02") -> Path:
    """Run `proof` into a folder of its own and give back the PDF it wrote."""
    out = clerk.office.parent / "proofs" / "-".join((number, *options)).replace(" ", "_")
    clerk("proof", number, *options, "--out", str(out), today=today)
    (pdf,) = out.rglob("*.pdf")
    return pdf


def pages(pdf: Path) -> list[str]:
    return [" ".join(page.extract_text().split()) for page in PdfReader(pdf).pages]


def docx_lines(pdf: Path) -> list[str]:
    document = docx.Document(io.BytesIO(pdf.with_suffix(".docx").read_bytes()))
    return [paragraph.text for paragraph in document.paragraphs if paragraph.text.strip()]


def refused(clerk: Clerk, *args: str, today: str = "2026-12-02") -> str:
    result = clerk(*args, today=today, ok=False)
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output
    return " ".join(result.output.split())


def test_a_new_york_affidavit_has_the_venue_caption_the_oath_and_a_notary_block_per_executive_law_137(
    village_a,
):
    text = pdf_text(proof(village_a, DIRECTIVE))
    assert "STATE OF NEW YORK ) ) ss.: COUNTY OF SAMPLE )" in text
    assert "J. Avery, being duly sworn, deposes and says: I am over eighteen years of age." in text
    assert "Sworn to before me this ____ day of ______________, 20___." in text
    assert "Notary Public, State of New York" in text
    # The county of qualification is the notary's to write in when the village file names none.
    assert "Qualified in ______________ County Commission expires: ______________" in text
    # The affiant is often the Village's own officer: "not a party" would be false.
    assert "not a party" not in text
    assert "first duly sworn" not in text and "Wisconsin" not in text


def test_a_wisconsin_affidavit_has_its_venue_its_oath_and_a_commission_that_may_be_permanent(luck):
    text = pdf_text(proof(luck, "LU-D-2026-00001", today="2026-12-23"))
    assert "STATE OF WISCONSIN ) ) ss. COUNTY OF POLK )" in text
    assert "Officer D. Reyes, being first duly sworn on oath, deposes and says:" in text
    assert "Subscribed and sworn to before me this ____ day of ______________, 20___." in text
    assert "Notary Public, State of Wisconsin" in text
    assert "My commission expires: ______________ (or) My commission is permanent." in text
    assert "ss.:" not in text and "Qualified in" not in text and "not a party" not in text


def test_the_notary_s_county_the_village_file_names_is_printed_in_the_new_york_jurat(
    tmp_path, runner
):
    clerk = clerk_at(tmp_path, runner, "village-a")
    own = clerk.office / "letterheads" / "village-a"
    shutil.copytree(LETTERHEADS / "village-a", own)
    toml = own / "letterhead.toml"
    toml.write_text(
        toml.read_text().replace('# notary_county = "Westchester"', 'notary_county = "Putnam"')
    )
    clerk(*VILLAGE_A_DIRECTIVE, today="2026-12-01")
    clerk("issue", "VA-C-2026-0001", today="2026-12-01")
    served(clerk, "hand_owner", "J. Avery", "2026-12-01T10:15")
    assert "Qualified in Putnam County" in pdf_text(proof(clerk, DIRECTIVE))


def test_a_wisconsin_village_file_naming_a_notary_s_county_is_refused(tmp_path):
    own = tmp_path / "letterheads" / "luck"
    shutil.copytree(LETTERHEADS / "luck", own)
    toml = own / "letterhead.toml"
    toml.write_text(
        toml.read_text().replace("[letterhead]\n", '[letterhead]\nnotary_county = "Polk"\n')
    )
    with pytest.raises(ConfigError, match=r"letterhead\.notary_county.*New York"):
        load_village("luck", tmp_path)


def test_the_ordinance_is_quoted_with_its_section_only_where_the_notice_gives_its_words(
    village_a, tmp_path, runner
):
    text = pdf_text(proof(village_a, DIRECTIVE))
    assert (
        "This manner of service is the one § 134-43A (inferred) provides: “Hand-delivered to an "
        "owner of the property.”" in text
    )
    # Palmyra's § 8.16(10) says only that the Clerk "shall serve upon him a notice": the notice
    # definition's own words for the method are not the ordinance's, and are not quoted as such.
    palmyra = clerk_at(tmp_path / "palmyra", runner, "palmyra")
    palmyra(*PALMYRA_HOUSE_NUMBERING, today="2026-12-01")
    number = issued_number(palmyra("issue", "PA-C-2026-0001", today="2026-12-01"))
    palmyra(
        "serve", number, "--method", "hand_owner", "--by", "Kerry Nowak",
        "--at", "2026-12-01T09:05", "--to", "Marguerite O'Connell",
        "--address", "412 Taft Street", today="2026-12-02",
    )  # fmt: skip
    sworn = pdf_text(proof(palmyra, number))
    assert "I served a true copy of the document described above by hand delivery" in sworn
    assert "§ 8.16(10)" not in sworn and "provides" not in sworn and "“" not in sworn
    assert "Served upon the owner or occupant" not in sworn


def test_each_server_swears_to_their_own_service_and_signs_beside_their_own_jurat(village_a):
    served(village_a, "hand_suitable_age", "K. Lindqvist", "2026-12-01T11:15", "--to", "Ann Smith",
           "--relationship", "the owners' daughter, who lives there")  # fmt: skip
    served(village_a, "hand_owner", "M. Ortiz", "2026-12-01T12:15")
    served(village_a, "hand_owner", "J. Avery", "2026-12-01T13:15")
    pdf = proof(village_a, DIRECTIVE)
    text = pdf_text(pdf)
    # One oath and one jurat for each person, their services under their own oath.
    assert text.count("being duly sworn") == 3 and text.count("Sworn to before me") == 3
    avery = text.split("J. Avery, being duly sworn")[1].split("K. Lindqvist, being")[0]
    assert "10:15 a.m." in avery and "1:15 p.m." in avery and "11:15" not in avery
    # Every jurat is on the page of the signature it certifies, right under it.
    for page in pages(pdf):
        signed = re.findall(r"(J\. Avery|K\. Lindqvist|M\. Ortiz) Sworn to before me", page)
        assert len(signed) == page.count("Sworn to before me"), page


def test_a_void_document_s_affidavit_is_refused_and_its_void_copy_is_marked_on_every_page(
    village_a,
):
    village_a("void", DIRECTIVE, "--reason", "Wrong owner named", today="2026-12-02")
    sentence = (
        f"Document {DIRECTIVE} is void (Wrong owner named); an affidavit of its service proves "
        "nothing; ask with --void-copy for the record."
    )
    assert sentence in refused(village_a, "proof", DIRECTIVE)
    assert sentence in refused(village_a, "proof", DIRECTIVE, "--issue", "--by", "J. Avery")
    assert not (village_a.office / "outputs" / "proofs").exists()
    pdf = proof(village_a, DIRECTIVE, "--void-copy")
    assert all("VOID" in page for page in pages(pdf))
    text = pdf_text(pdf)
    assert "voided on Wednesday, December 2, 2026" in text and "Wrong owner named" in text
    assert docx_lines(pdf)[0] == "VOID"


def test_a_void_copy_is_only_for_a_void_document(village_a):
    assert f"Document {DIRECTIVE} is not void; --void-copy is only for a void document" in (
        refused(village_a, "proof", DIRECTIVE, "--void-copy")
    )


def test_a_draft_is_marked_on_every_page_and_is_not_kept_in_the_register(village_a):
    served(village_a, "hand_suitable_age", "K. Lindqvist", "2026-12-01T11:15", "--to", "Ann Smith",
           "--relationship", "the owners' daughter, who lives there")  # fmt: skip
    served(village_a, "hand_owner", "M. Ortiz", "2026-12-01T12:15")
    result = village_a("proof", DIRECTIVE, today="2026-12-02")
    assert "This is a DRAFT" in result.output and "--issue --by NAME" in result.output
    pdf = next((village_a.office / "outputs" / "proofs").rglob("*.pdf"))
    assert len(pages(pdf)) > 1 and all("DRAFT" in page for page in pages(pdf))
    assert "DRAFT — NOT ISSUED. Not to be signed, sworn or filed" in pdf_text(pdf)
    assert "Affidavit No.: DRAFT, not issued" in pdf_text(pdf)
    assert docx_lines(pdf)[0] == "DRAFT"
    assert stored(village_a) == []


def stored(clerk: Clerk) -> list[Proof]:
    engine = open_register(register_url(clerk.office, None))
    with transaction(engine) as session:
        proofs = list(session.execute(select(Proof).order_by(Proof.id)).scalars())
    engine.dispose()
    return proofs


def test_an_issued_affidavit_is_numbered_and_frozen_with_the_sha_256_of_its_bytes(village_a):
    first = village_a("proof", DIRECTIVE, "--issue", "--by", "J. Avery", today="2026-12-02")
    assert f"Issued {DIRECTIVE}-AFF-1: affidavit of service of {DIRECTIVE}, 1 service" in (
        first.output
    )
    served(village_a, "hand_owner", "M. Ortiz", "2026-12-03T09:00")
    second = village_a("proof", DIRECTIVE, "--issue", "--by", "Clerk", today="2026-12-04")
    assert f"Issued {DIRECTIVE}-AFF-2" in second.output and "2 services" in second.output
    one, two = stored(village_a)
    assert (one.number, one.issued_by, two.number, two.issued_by) == (
        f"{DIRECTIVE}-AFF-1", "J. Avery", f"{DIRECTIVE}-AFF-2", "Clerk",
    )  # fmt: skip
    assert len(one.service_ids) == 1 and len(two.service_ids) == 2
    assert one.issued_at.date().isoformat() == "2026-12-02"
    for proof_row, result in ((one, first), (two, second)):
        assert hashlib.sha256(proof_row.pdf).hexdigest() == proof_row.pdf_sha256
        assert hashlib.sha256(proof_row.docx).hexdigest() == proof_row.docx_sha256
        assert f"PDF SHA-256 {proof_row.pdf_sha256}" in result.output
        written = next((village_a.office / "outputs" / "proofs").rglob(f"{proof_row.number}-*.pdf"))
        assert written.read_bytes() == proof_row.pdf
    issued_text = pdf_text(
        next((village_a.office / "outputs" / "proofs").rglob(f"{DIRECTIVE}-AFF-1-*.pdf"))
    )
    assert f"Affidavit No.: {DIRECTIVE}-AFF-1" in issued_text and "DRAFT" not in issued_text
    shown = village_a("case", "show", "VA-C-2026-0001", today="2026-12-04").output
    assert f"Affidavit of service {DIRECTIVE}-AFF-1 issued " in shown
    assert f"by J. Avery, PDF SHA-256 {one.pdf_sha256}" in shown
    assert f"{DIRECTIVE}-AFF-2 issued " in shown
    history = json.loads(village_a("case", "show", "VA-C-2026-0001", "--json").output)
    assert [a["number"] for a in history["documents"][0]["affidavits"]] == [
        f"{DIRECTIVE}-AFF-1",
        f"{DIRECTIVE}-AFF-2",
    ]


def test_issue_and_void_copy_do_not_go_together(village_a):
    assert "--issue and --void-copy do not go together" in refused(
        village_a, "proof", DIRECTIVE, "--issue", "--void-copy"
    )


def test_an_issued_affidavit_that_swears_to_a_record_since_struck_is_named_in_case_show(
    village_a,
):
    village_a("proof", DIRECTIVE, "--issue", "--by", "J. Avery", today="2026-12-02")
    shown = village_a("case", "show", "VA-C-2026-0001", today="2026-12-02").output
    assert "since struck" not in shown
    village_a(
        "serve", DIRECTIVE, "--strike", "1", "--by", "J. Avery",
        "--reason", "Handed to the tenant, not the owner.", today="2026-12-03",
    )  # fmt: skip
    shown = village_a("case", "show", "VA-C-2026-0001", today="2026-12-03").output
    assert (
        "It swears to service record 1, since struck: issue a new one with "
        f"'noticeclerk proof {DIRECTIVE} --issue'."
    ) in shown
    history = json.loads(village_a("case", "show", "VA-C-2026-0001", "--json").output)
    assert history["documents"][0]["affidavits"][0]["swears_to_struck"] == [1]
