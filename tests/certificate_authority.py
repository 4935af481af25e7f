"""A throwaway certificate authority made in the test: a root, and the signing (or time
stamping) certificates it issues, packed as the PKCS#12 files a clerk is given."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from cryptography import x509
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import rsa
from cryptography.hazmat.primitives.serialization import (
    BestAvailableEncryption,
    Encoding,
    NoEncryption,
    pkcs12,
)
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

PASSWORD = b"correct horse"
NOW = datetime.now(UTC)


@dataclass
class Authority:
    """A certificate authority of the test's own: its root, and certificates it issues."""

    name: str
    key: rsa.RSAPrivateKey
    certificate: x509.Certificate

    @classmethod
    def make(cls, name: str) -> Authority:
        key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
        subject = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, name)])
        certificate = (
            _builder(subject, subject, key, NOW - timedelta(days=1), NOW + timedelta(days=3650))
            .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
            .add_extension(_usage(cert_sign=True), critical=True)
            .sign(key, hashes.SHA256())
        )
        return cls(name, key, certificate)

    def issue(
        self,
        common_name: str,
        *,
        not_before: datetime = NOW - timedelta(days=1),
        not_after: datetime = NOW + timedelta(days=365),
        time_stamping: bool = False,
    ) -> tuple[rsa.RSAPrivateKey, x509.Certificate]:
        key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
        subject = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, common_name)])
        builder = _builder(
            subject, self.certificate.subject, key, not_before, not_after
        ).add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
        if time_stamping:
            builder = builder.add_extension(
                x509.ExtendedKeyUsage([ExtendedKeyUsageOID.TIME_STAMPING]), critical=True
            ).add_extension(_usage(), critical=True)
        else:
            builder = builder.add_extension(_usage(non_repudiation=True), critical=True)
        return key, builder.sign(self.key, hashes.SHA256())

    def p12(self, common_name: str, password: bytes | None = PASSWORD, **dates: datetime) -> bytes:
        key, certificate = self.issue(common_name, **dates)
        encryption = BestAvailableEncryption(password) if password else NoEncryption()
        return pkcs12.serialize_key_and_certificates(
            b"signer", key, certificate, [self.certificate], encryption
        )

    def root_pem(self) -> bytes:
        return self.certificate.public_bytes(Encoding.PEM)


def _builder(subject, issuer, key, not_before, not_after) -> x509.CertificateBuilder:
    return (
        x509.CertificateBuilder()
        .subject_name(subject)
        .issuer_name(issuer)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(not_before)
        .not_valid_after(not_after)
    )


def _usage(*, cert_sign: bool = False, non_repudiation: bool = False) -> x509.KeyUsage:
    return x509.KeyUsage(
        digital_signature=True,
        content_commitment=non_repudiation,
        key_encipherment=False,
        data_encipherment=False,
        key_agreement=False,
        key_cert_sign=cert_sign,
        crl_sign=cert_sign,
        encipher_only=False,
        decipher_only=False,
    )
