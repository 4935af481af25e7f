"""Bytes, turned into files named by their SHA-256 in a folder: written once, never overwritten.

A file's name is its own SHA-256, so the same bytes are kept once however often they are added,
and a changed file is known by reading it: `state` and `read` hash what they read. A file is
written beside its final place, flushed to the disk, made read-only and then linked into place;
a link never replaces a file, so two writers of the same bytes cannot damage each other and a
crash leaves at most a stray file in `incoming/`, never half a file under a hash's name.
"""

from __future__ import annotations

import hashlib
import os
import re
import stat
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from noticeclerk.exceptions import NoticeclerkError

_HASH = re.compile(r"^[0-9a-f]{64}$")
_CHUNK = 1 << 20


class StoreError(NoticeclerkError):
    """A stored file is missing or changed, or the folder cannot be written: one sentence."""


@dataclass(frozen=True)
class Stored:
    """What the store keeps of some bytes: their SHA-256 and their size."""

    sha256: str
    size: int


class FolderStore:
    """Files under `root/objects/<first two hex digits>/<SHA-256>`."""

    def __init__(self, root: Path) -> None:
        self.root = root

    def path_of(self, sha256: str) -> Path:
        if not _HASH.match(sha256):
            raise ValueError(f"not a SHA-256: {sha256!r}")
        return self.root / "objects" / sha256[:2] / sha256

    def put(self, data: bytes) -> Stored:
        """Keep `data`; the same bytes kept before are left as they are (after checking them)."""
        digest = hashlib.sha256(data).hexdigest()
        target = self.path_of(digest)
        if target.exists():
            self._same_or_refuse(target, digest)
            return Stored(digest, len(data))
        incoming = self.root / "incoming"
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            incoming.mkdir(parents=True, exist_ok=True)
            temporary = incoming / f"{digest}.{os.getpid()}"
            descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o444)
            try:
                with os.fdopen(descriptor, "wb") as stream:
                    stream.write(data)
                    stream.flush()
                    os.fsync(stream.fileno())
                try:
                    os.link(temporary, target)
                except FileExistsError:
                    # Another writer linked the same bytes first; theirs must be these bytes.
                    self._same_or_refuse(target, digest)
                _sync_folder(target.parent)
            finally:
                temporary.unlink(missing_ok=True)
        except OSError as error:
            raise StoreError(
                f"Cannot write to the archive folder {self.root}: {error.strerror or error}; "
                "check that it exists, is writable and has room."
            ) from None
        return Stored(digest, len(data))

    def state(self, sha256: str) -> Literal["present", "missing", "altered"]:
        """Whether the file is there with the bytes its name promises, read in chunks."""
        path = self.path_of(sha256)
        try:
            digest = hashlib.sha256()
            with path.open("rb") as stream:
                while chunk := stream.read(_CHUNK):
                    digest.update(chunk)
        except FileNotFoundError:
            return "missing"
        except OSError as error:
            raise self._unreadable(error) from None
        return "present" if digest.hexdigest() == sha256 else "altered"

    def contents(self, sha256: str) -> bytes | None:
        """The bytes under `sha256` as they are now, unchecked (None when the file is gone):
        for a check that names a changed file rather than refusing it."""
        try:
            return self.path_of(sha256).read_bytes()
        except FileNotFoundError:
            return None
        except OSError as error:
            raise self._unreadable(error) from None

    def read(self, sha256: str) -> bytes:
        """The bytes kept under `sha256`, refused unless they still have that SHA-256."""
        data = self.contents(sha256)
        if data is None:
            raise StoreError(
                f"The archive's file {sha256[:12]}… is missing from {self.root}; restore the "
                "archive folder from its backup."
            )
        if hashlib.sha256(data).hexdigest() != sha256:
            raise StoreError(
                f"The archive's file {sha256[:12]}… in {self.root} was changed after it was "
                "stored; do not use it: restore it from the archive folder's backup."
            )
        return data

    def remove(self, sha256: str) -> None:
        """Destroy a file: only a recorded disposal calls this, never anything automatic."""
        path = self.path_of(sha256)
        try:
            path.chmod(stat.S_IRUSR | stat.S_IWUSR)
            path.unlink()
        except FileNotFoundError:
            return
        except OSError as error:
            raise StoreError(
                f"Cannot remove the archive's file {sha256[:12]}… from {self.root}: "
                f"{error.strerror or error}."
            ) from None

    def hashes(self) -> Iterator[str]:
        """The SHA-256 of every file kept, by name (for files no record names)."""
        objects = self.root / "objects"
        if not objects.is_dir():
            return
        for folder in sorted(objects.iterdir()):
            if folder.is_dir():
                for path in sorted(folder.iterdir()):
                    if _HASH.match(path.name) and path.name[:2] == folder.name:
                        yield path.name

    def _unreadable(self, error: OSError) -> StoreError:
        # A folder that is a file, a link loop, a share gone away: the whole folder is at
        # fault, not one file, and no file can be judged changed or deleted from here.
        return StoreError(
            f"Cannot read the archive folder {self.root}: {error.strerror or error}; check "
            "settings.toml [archive] folder and that the folder is there and readable."
        )

    def _same_or_refuse(self, target: Path, digest: str) -> None:
        if self.state(digest) == "altered":
            raise StoreError(
                f"The archive's file {digest[:12]}… in {self.root} was changed after it was "
                "stored; restore it from the archive folder's backup before adding it again."
            )


def _sync_folder(folder: Path) -> None:
    # The new name must reach the disk with the file, or a power cut could lose the link.
    try:
        descriptor = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(descriptor)
    except OSError:
        pass
    finally:
        os.close(descriptor)
