"""Signing at the command line, the way a clerk signs: a key from the Village's own certificate
authority (made here), `noticeclerk sign` on an issued document, a timestamp from the office's
timestamp server, and `archive verify` checking the signature; a signed PDF brought in from
outside is checked as it is added, and one altered after signing is refused."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from asn1crypto import keys as asn1_keys
from asn1crypto import x509 as asn1_x509
from certificate_authority import PASSWORD, Authority
from clerk import CASEBOOK, Clerk, clerk_at, issued_number
from click.testing import CliRunner
from cryptography.hazmat.primitives.serialization import Encoding, NoEncryption, PrivateFormat
from tsa_server import tsa_server

from noticeclerk.archive.pdfa import pdfa_problems
from noticeclerk.archive.signing import check_signatures, load_key, sign_pdf

TODAY = "2026-12-01"
STAMPED_AT = datetime(2026, 12, 1, 15, 0, tzinfo=UTC)


@pytest.fixture(scope="module")
def authority() -> Authority:
    return Authority.make("Village A Test Root CA")


@pytest.fixture(scope="module")
def built(tmp_path_factory, authority) -> tuple[Path, dict[str, str]]:
    base = tmp_path_factory.mktemp("signing")
    runner = CliRunner(env={"NOTICECLERK_TODAY": TODAY})
    clerk = clerk_at(base, runner, "village-a")
    numbers = {}
    for notice in ("maintenance-bill", "directive-to-comply"):
        opened = clerk("case", "open", "--from", str(CASEBOOK / "village-a" / f"{notice}.toml"))
        numbers[notice] = issued_number(clerk("issue", opened.output.split()[-1].rstrip(".")))
    (clerk.office / "root.pem").write_bytes(authority.root_pem())
    (clerk.office / "clerk.p12").write_bytes(authority.p12("Morgan Ellis"))
    return clerk.office, numbers


@pytest.fixture
def numbers(built) -> dict[str, str]:
    return built[1]


@pytest.fixture
def clerk(office) -> Clerk:
    env = {"NOTICECLERK_TODAY": TODAY, "NOTICECLERK_KEY_PASSWORD": PASSWORD.decode()}
    return Clerk(office, CliRunner(env=env))


def trust_settings(office: Path, timestamp_url: str | None = None) -> None:
    lines = ["[signing]", 'trust = ["root.pem"]']
    if timestamp_url:
        lines.append(f'timestamp_url = "{timestamp_url}"')
    (office / "settings.toml").write_text("\n".join(lines) + "\n")


def signed_file(office: Path, item: str) -> bytes:
    import sqlite3

    with sqlite3.connect(office / "noticeclerk.db") as db:
        (sha256,) = db.execute("SELECT sha256 FROM archive_items WHERE id = ?", (item,)).fetchone()
    return (office / "archive" / "objects" / sha256[:2] / sha256).read_bytes()


def item_of(output: str) -> str:
    return output.split("kept as archive item ")[1].split(".")[0]


def test_a_signed_document_is_kept_as_pdfa_and_verify_checks_its_signature(
    clerk, numbers, authority
):
    trust_settings(clerk.office)
    bill = numbers["maintenance-bill"]
    result = clerk("sign", bill, "--key", str(clerk.office / "clerk.p12"))
    assert f"Signed {bill} as Morgan Ellis; kept as archive item" in result.output
    data = signed_file(clerk.office, item_of(result.output))
    assert pdfa_problems(data) == []  # the stamp's font is embedded: the copy stays PDF/A-3b
    (check,) = check_signatures(data, [authority.root_pem()])
    assert (check.signer, check.intact, check.trusted, check.covers_whole_file) == (
        "Morgan Ellis",
        True,
        True,
        True,
    )
    verified = clerk("archive", "verify")
    assert "1 signature and" in verified.output


def test_a_timestamp_server_in_the_settings_stamps_the_signature(clerk, numbers, authority):
    key, certificate = authority.issue("Village A Test TSA", time_stamping=True)
    tsa_certificate = asn1_x509.Certificate.load(certificate.public_bytes(Encoding.DER))
    tsa_key = asn1_keys.PrivateKeyInfo.load(
        key.private_bytes(Encoding.DER, PrivateFormat.PKCS8, NoEncryption())
    )
    with tsa_server(tsa_certificate, tsa_key, fixed_time=STAMPED_AT) as tsa:
        trust_settings(clerk.office, tsa.url)
        result = clerk(
            "sign", numbers["maintenance-bill"], "--key", str(clerk.office / "clerk.p12")
        )
    assert "as Morgan Ellis with a timestamp" in result.output
    assert tsa.requests  # the signature asked the office's server, not another
    (check,) = check_signatures(
        signed_file(clerk.office, item_of(result.output)), [authority.root_pem()]
    )
    assert check.timestamped and check.signed_at == STAMPED_AT


def test_a_document_is_signed_once(clerk, numbers):
    trust_settings(clerk.office)
    bill = numbers["maintenance-bill"]
    clerk("sign", bill, "--key", str(clerk.office / "clerk.p12"))
    again = clerk("sign", bill, "--key", str(clerk.office / "clerk.p12"), ok=False)
    assert f"{bill} is already signed by Morgan Ellis" in again.output


def test_a_wrong_password_is_one_sentence_naming_the_key(office, numbers):
    clerk = Clerk(office, CliRunner(env={"NOTICECLERK_TODAY": TODAY}))
    result = clerk(
        "sign",
        numbers["maintenance-bill"],
        "--key",
        str(office / "clerk.p12"),
        input="not the password\n",
        ok=False,
    )
    assert result.exit_code == 1
    assert "clerk.p12" in result.output
    assert "password" in result.output.lower()
    assert "Traceback" not in result.output


def test_a_void_document_is_not_signed(clerk, numbers):
    bill = numbers["maintenance-bill"]
    clerk("void", bill, "--reason", "Spoiled in printing")
    result = clerk("sign", bill, "--key", str(clerk.office / "clerk.p12"), ok=False)
    assert f"{bill} is void; a spoiled document is not signed." in result.output


def test_a_signed_pdf_brought_in_is_checked_as_it_is_added(clerk, numbers, authority, tmp_path):
    trust_settings(clerk.office)
    key = load_key(authority.p12("Dana Mayor"), PASSWORD, "mayor.p12")
    letter = signed_file(clerk.office, "2")  # the directive's PDF/A copy
    decision = tmp_path / "decision-signed.pdf"
    decision.write_bytes(sign_pdf(letter, key, reason="Decision", location="Village A"))
    result = clerk(
        "archive",
        "add",
        str(decision),
        "--document",
        numbers["directive-to-comply"],
        "--kind",
        "board-decision",
    )
    assert "Signature by Dana Mayor: intact, trusted." in result.output
    altered = tmp_path / "decision-altered.pdf"
    altered.write_bytes(decision.read_bytes() + b"\n% a line added after signing\n")
    refused = clerk(
        "archive",
        "add",
        str(altered),
        "--document",
        numbers["directive-to-comply"],
        "--kind",
        "board-decision",
        ok=False,
    )
    assert "carries a signature by Dana Mayor that does not hold" in refused.output
    assert "altered after it was signed" in refused.output


def test_a_signature_by_an_authority_the_village_does_not_trust_fails_verify(
    clerk, numbers, tmp_path
):
    stranger = Authority.make("Somebody Else's CA")
    trust_settings(clerk.office)
    key = load_key(stranger.p12("Unknown Signer"), PASSWORD, "other.p12")
    signed = tmp_path / "other.pdf"
    signed.write_bytes(
        sign_pdf(signed_file(clerk.office, "1"), key, reason="x", location="Village A")
    )
    refused = clerk(
        "archive",
        "add",
        str(signed),
        "--document",
        numbers["maintenance-bill"],
        "--kind",
        "signed-statement",
        ok=False,
    )
    assert "no trusted root issued" in refused.output
    (clerk.office / "settings.toml").unlink()  # no authority named: kept, and said
    added = clerk(
        "archive",
        "add",
        str(signed),
        "--document",
        numbers["maintenance-bill"],
        "--kind",
        "signed-statement",
    )
    assert "not checked against a trusted authority" in added.output
    assert "intact but not checked against a trusted authority" in clerk("archive", "verify").output
    trust_settings(clerk.office)
    failed = clerk("archive", "verify", ok=False)
    assert "signature by Unknown Signer:" in failed.output
