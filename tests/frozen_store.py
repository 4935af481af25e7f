"""Test helpers: a workspace's frozen files in its store, changed or deleted behind its back."""

from __future__ import annotations

import stat
from pathlib import Path

from sqlalchemy import create_engine, select

from noticeclerk.register.models import Document
from noticeclerk.store.folder import FolderStore


def store_of(office: Path) -> FolderStore:
    """The store of a workspace without settings.toml: its archive/ folder."""
    return FolderStore(office / "archive")


def sha256_of(office: Path, number: str, kind: str = "pdf") -> str:
    engine = create_engine(f"sqlite:///{office / 'noticeclerk.db'}")
    try:
        with engine.connect() as connection:
            column = Document.pdf_sha256 if kind == "pdf" else Document.docx_sha256
            return connection.scalar(select(column).where(Document.number == number))
    finally:
        engine.dispose()


def write_stored(office: Path, sha256: str, data: bytes) -> Path:
    """Put `data` under the name `sha256` whatever it hashes to (the store never would)."""
    path = store_of(office).path_of(sha256)
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.exists():
        path.chmod(stat.S_IRUSR | stat.S_IWUSR)
    path.write_bytes(data)
    return path


def alter_stored(office: Path, number: str, kind: str = "pdf") -> None:
    """One byte of a document's stored file changed."""
    sha256 = sha256_of(office, number, kind)
    data = store_of(office).path_of(sha256).read_bytes()
    write_stored(office, sha256, data[:200] + bytes([data[200] ^ 0x01]) + data[201:])


def delete_stored(office: Path, number: str, kind: str = "pdf") -> None:
    path = store_of(office).path_of(sha256_of(office, number, kind))
    path.chmod(stat.S_IRUSR | stat.S_IWUSR)
    path.unlink()
