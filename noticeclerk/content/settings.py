"""The workspace's settings.toml, read into the office's own settings: its mail server, its
archive folder and the certificates its signatures are checked against.

The file belongs to the office, not to a village: one clerk's office may serve one village, and
its mail server is its own. It holds no password: the SMTP password comes from the environment
(NOTICECLERK_SMTP_PASSWORD) or the system keyring, never from a file or the register.

    [smtp]
    host = "smtp.village.example"
    port = 587
    security = "starttls"          # starttls | tls | none (none only to this machine)
    username = "clerk@village.example"
    from_address = "clerk@village.example"
    from_name = "Village Clerk"
    reply_to = "clerk@village.example"
    per_minute = 30                # the most messages a minute the server takes from us
    ca_file = "office-ca.pem"      # optional: a CA to trust besides the system's

    [archive]
    folder = "/srv/records/archive" # optional: by default the workspace's archive/ folder

    [signing]
    trust = ["village-ca.pem"]     # the certificate authorities whose signatures are trusted
    timestamp_url = "http://timestamp.example"   # optional: an RFC 3161 timestamp server

The key a signature is made with is a .p12 file given to `noticeclerk sign`, its password from
NOTICECLERK_KEY_PASSWORD or typed at the prompt; neither is ever written here.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Literal

import msgspec

from noticeclerk.content.schema import Table, decode, read_toml
from noticeclerk.exceptions import ConfigError, InputError

SETTINGS = "settings.toml"
# An address as a settings file gives it: one addr-spec, checked again when a message is built.
Address = Annotated[
    str,
    msgspec.Meta(pattern=r"^[^@\s<>,\"]+@[A-Za-z0-9.-]+$", description="an email address"),
]
Host = Annotated[
    str,
    msgspec.Meta(pattern=r"^[A-Za-z0-9.:-]+$", description="a host name such as smtp.example.org"),
]


class SmtpTable(Table, kw_only=True):
    host: Host
    port: Annotated[int, msgspec.Meta(ge=1, le=65535)]
    security: Literal["starttls", "tls", "none"]
    username: str | None = None
    from_address: Address
    from_name: str | None = None
    reply_to: Address | None = None
    per_minute: Annotated[int, msgspec.Meta(ge=1, le=10_000)] = 30
    ca_file: str | None = None


class ArchiveTable(Table, kw_only=True):
    folder: str | None = None


class SigningTable(Table, kw_only=True):
    trust: list[str] = msgspec.field(default_factory=list)
    timestamp_url: (
        Annotated[
            str,
            msgspec.Meta(pattern=r"^https?://[^\s]+$", description="an http:// or https:// URL"),
        ]
        | None
    ) = None


class SettingsFile(Table):
    smtp: SmtpTable | None = None
    archive: ArchiveTable = ArchiveTable()
    signing: SigningTable = SigningTable()


class _ArchiveOnly(Table):
    archive: ArchiveTable = ArchiveTable()


@dataclass(frozen=True)
class MailServer:
    """The office's mail server and the sender its messages go out as."""

    host: str
    port: int
    security: str
    from_address: str
    username: str | None = None
    from_name: str | None = None
    reply_to: str | None = None
    per_minute: int = 30
    ca_file: Path | None = None

    @property
    def domain(self) -> str:
        """The sender's domain, the right-hand side of every Message-ID the office makes."""
        return self.from_address.rpartition("@")[2]


@dataclass(frozen=True)
class ArchiveSettings:
    """Where the archive keeps its files, and what its signatures are checked against."""

    folder: Path
    # PEM or DER certificates of the authorities whose signers the Village trusts.
    trust_roots: tuple[Path, ...] = ()
    timestamp_url: str | None = None


# Where each table's secret goes instead of the file.
_SECRET_FROM = {
    "signing": "NOTICECLERK_KEY_PASSWORD in the environment (or type it when asked)",
}
_SMTP_SECRET = "NOTICECLERK_SMTP_PASSWORD in the environment (or store it in the system keyring)"


def _refuse_password(path: Path, data: dict[str, object]) -> None:
    """A password written in the file is refused, naming where it goes, and never read."""
    tables = [("", _SMTP_SECRET, data)]
    for name, value in data.items():
        if isinstance(value, dict):
            tables.append((f"{name}.", _SECRET_FROM.get(name, _SMTP_SECRET), value))
    for prefix, instead, table in tables:
        for key in table:
            if "password" in key.lower() or key.lower() in ("pass", "passwd", "secret"):
                raise ConfigError(
                    path,
                    f"{prefix}{key}",
                    "holds a password, which must never be written in a file: remove it and set "
                    f"{instead} instead",
                )


def settings_path(workspace: Path | None) -> Path:
    return Path(workspace or ".") / SETTINGS


def mail_server(workspace: Path | None) -> MailServer:
    """The [smtp] table of the workspace's settings.toml, or a sentence saying what to add."""
    path = settings_path(workspace)
    if not path.is_file():
        raise InputError(
            f"There is no {path}: write its [smtp] table (host, port, security, from_address; see "
            "'noticeclerk email --help') before sending email."
        )
    data = read_toml(path)
    _refuse_password(path, data)
    table = decode(path, data, SettingsFile)
    if table.smtp is None:
        raise ConfigError(
            path,
            "smtp",
            "is missing: give host, port, security and from_address of the office's mail server",
        )
    smtp = table.smtp
    ca_file = None if smtp.ca_file is None else _workspace_file(path, "smtp.ca_file", smtp.ca_file)
    return MailServer(
        host=smtp.host,
        port=smtp.port,
        security=smtp.security,
        from_address=smtp.from_address,
        username=smtp.username,
        from_name=smtp.from_name,
        reply_to=smtp.reply_to,
        per_minute=smtp.per_minute,
        ca_file=ca_file,
    )


def archive_settings(workspace: Path | None) -> ArchiveSettings:
    """The [archive] and [signing] tables of the workspace's settings.toml; without the file
    or the tables, the workspace's archive/ folder and no trusted authority."""
    path = settings_path(workspace)
    base = Path(workspace or ".")
    if not path.is_file():
        return ArchiveSettings(folder=base / "archive")
    data = read_toml(path)
    _refuse_password(path, data)
    table = decode(path, data, SettingsFile)
    folder = _folder(base, table.archive)
    trust = tuple(
        _workspace_file(path, f"signing.trust[{index}]", name)
        for index, name in enumerate(table.signing.trust)
    )
    return ArchiveSettings(
        folder=folder, trust_roots=trust, timestamp_url=table.signing.timestamp_url
    )


def archive_folder(workspace: Path | None) -> Path:
    """Where the workspace's archive (and every issued document's frozen files) is kept: only
    settings.toml's [archive] folder is read, so that every command can find the files while
    another table of the file (a password under [smtp], a trust file missing) waits to be
    mended by the commands that use it."""
    path = settings_path(workspace)
    base = Path(workspace or ".")
    if not path.is_file():
        return base / "archive"
    data = read_toml(path)
    return _folder(base, decode(path, {"archive": data.get("archive", {})}, _ArchiveOnly).archive)


def _folder(base: Path, table: ArchiveTable) -> Path:
    # The archive may live anywhere the office keeps records (a mounted share): relative
    # names are read from the workspace.
    return base / "archive" if table.folder is None else base / table.folder


def _workspace_file(path: Path, key: str, name: str) -> Path:
    """A file the settings name, read only from the workspace, links followed: the file is the
    office's, and a settings file must not make the program open /etc/shadow or wait on a
    FIFO."""
    folder = path.parent.resolve()
    found = (folder / name).resolve()
    if not found.is_relative_to(folder):
        raise ConfigError(
            path,
            key,
            f"names {found}, outside the workspace {folder}; copy the certificate "
            "authority's PEM file into the workspace and name it there",
        )
    if not found.is_file():
        raise ConfigError(path, key, f"names {found}, which is not a file")
    if not _is_certificate(found.read_bytes()):
        # Read years later by every verify: a wrong file must be named here, not fail there.
        raise ConfigError(
            path,
            key,
            f"names {found}, which is not a certificate (PEM or DER); name the certificate "
            "authority's certificate file",
        )
    return found


def _is_certificate(data: bytes) -> bool:
    from cryptography import x509

    try:
        if b"-----BEGIN" in data:
            x509.load_pem_x509_certificate(data)
        else:
            x509.load_der_x509_certificate(data)
    except ValueError:
        return False
    return True
