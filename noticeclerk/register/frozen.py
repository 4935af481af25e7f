"""An issued document's frozen PDF and DOCX, turned into files in the workspace's store and back.

The register keeps of each frozen file its SHA-256, size and media type; the bytes live in the
content-addressed store the archive uses (store/folder.py: the workspace's archive/ folder, or
settings.toml [archive] folder), named by that SHA-256. A register of 100,000 documents so
stays a few tens of megabytes, and the same bytes are kept once.

Writing: `freeze` puts the bytes into the store before the register's transaction commits.
A put is idempotent, so a crash between the put and the commit leaves only a file no record
names (archive verify says so), never a record whose file is missing.

Reading: every reader takes a frozen file's bytes through `read_frozen`, which checks them
against the SHA-256 the register recorded; a changed or missing file is refused with one
sentence. `Document.pdf` / `.docx` and `Proof.pdf` / `.docx` call it, so a reader cannot
take the bytes without the check.

Where the store is: the register's engine carries it (`attach`, which the CLI's Office calls
with its workspace); an engine made without it (a test's, a tool's) finds the store the way the
archive does from the folder that holds its SQLite file, or from the current folder.
"""

from __future__ import annotations

import functools
import hashlib
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from sqlalchemy import Connection, Engine
from sqlalchemy.engine import make_url
from sqlalchemy.orm import Session, object_session

from noticeclerk.exceptions import InputError
from noticeclerk.store.folder import FolderStore

PDF_TYPE = "application/pdf"
DOCX_TYPE = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"
MEDIA_TYPES = {"pdf": PDF_TYPE, "docx": DOCX_TYPE}
NAMES = {"pdf": "PDF", "docx": "DOCX"}
# The engine's execution option that carries its FrozenFiles (engines pass unknown options on).
OPTION = "noticeclerk_frozen_files"

Kind = Literal["pdf", "docx"]
State = Literal["present", "missing", "altered"]


@dataclass(frozen=True)
class FrozenFiles:
    """Where a register's frozen files are kept."""

    store: FolderStore

    def freeze(self, files: dict[str, bytes]) -> dict[str, str | int]:
        """Keep a rendered document's PDF and DOCX in the store; the register's columns for
        them (SHA-256, size and media type of each), the same for a Document and a Proof."""
        columns: dict[str, str | int] = {}
        for kind in ("pdf", "docx"):
            stored = self.store.put(files[kind])
            columns[f"{kind}_sha256"] = stored.sha256
            columns[f"{kind}_size"] = stored.size
            columns[f"{kind}_type"] = MEDIA_TYPES[kind]
        return columns

    def read(self, number: str, kind: Kind, sha256: str) -> bytes:
        """The frozen file's bytes, refused in one sentence unless they still have the SHA-256
        the register recorded when `number` was issued."""
        data = self.store.contents(sha256)
        if data is None:
            raise InputError(missing_sentence(number, (NAMES[kind],), self.store.root))
        if hashlib.sha256(data).hexdigest() != sha256:
            raise InputError(tampered_sentence(number, (NAMES[kind],)))
        return data

    def state(self, sha256: str) -> State:
        """Whether the file is there with its bytes, without holding them all in memory."""
        return self.store.state(sha256)


def read_frozen(record: Any, kind: Kind) -> bytes:
    """The one way to a Document's or Proof's frozen bytes: read from the register's store and
    checked against their recorded SHA-256 (InputError naming the document if they changed)."""
    files = files_of(record_bind(record))
    return files.read(record.number, kind, getattr(record, f"{kind}_sha256"))


def freeze(bind: Engine | Connection | Session, files: dict[str, bytes]) -> dict[str, str | int]:
    """`FrozenFiles.freeze` with the store of the register `bind` is on."""
    return files_of(bind).freeze(files)


def attach(engine: Engine, workspace: Path | None) -> Engine:
    """Make `engine` keep its frozen files in `workspace`'s store (the archive's folder)."""
    engine.update_execution_options(**{OPTION: files_for_workspace(workspace)})
    return engine


def files_for_workspace(workspace: Path | None) -> FrozenFiles:
    from noticeclerk.content.settings import archive_folder

    # Absolute, not resolved: a folder that is a broken link is told by the store, in words.
    return FrozenFiles(FolderStore(Path(os.path.abspath(archive_folder(workspace)))))


def files_of(bind: Engine | Connection | Session) -> FrozenFiles:
    """The FrozenFiles of the register `bind` is on: attached to its engine, else found from
    where its SQLite file is (or the current folder for a register on a server)."""
    if isinstance(bind, Session):
        bind = bind.get_bind()
    files = bind.get_execution_options().get(OPTION)
    if isinstance(files, FrozenFiles):
        return files
    return _found_from_url(str(bind.engine.url), Path.cwd())


@functools.lru_cache(maxsize=8)
def _found_from_url(url: str, cwd: Path) -> FrozenFiles:
    # Settings are read once per register and folder: a batch reads thousands of files.
    database = make_url(url).database
    if url.startswith("sqlite") and database and database != ":memory:":
        return files_for_workspace(Path(database).resolve().parent)
    return files_for_workspace(cwd)


def record_bind(record: Any) -> Engine | Connection | Session:
    """The register a Document or Proof came from: its session's, or the engine it was loaded
    or added through (models.py remembers it, as sessions here keep records after closing)."""
    session = object_session(record)
    if session is not None:
        return session
    bind = record.__dict__.get("_frozen_bind")
    if bind is None:  # a bug: a record never loaded from, nor added to, a register
        raise RuntimeError(f"{record.number} is not from a register; its files cannot be read")
    return bind


def tampered_sentence(number: str, changed: tuple[str, ...]) -> str:
    """What the clerk is told of a document whose files no longer match their SHA-256."""
    files = " and ".join(changed)
    match = "matches" if len(changed) == 1 else "match"
    return (
        f"The register's {files} of {number} no longer {match} the SHA-256 recorded when it "
        "was issued; do not use it: run 'noticeclerk verify' and restore the register from its "
        "backup."
    )


def missing_sentence(number: str, missing: tuple[str, ...], root: Path) -> str:
    """What the clerk is told of a document whose frozen files are gone from the store."""
    files = " and ".join(missing)
    verb = "is" if len(missing) == 1 else "are"
    return (
        f"The register's {files} of {number} {verb} missing from the archive folder {root}; "
        "do not issue it again: restore the archive folder from its backup, then run "
        "'noticeclerk verify'."
    )
