"""Bytes, turned into files written whole: through a temporary name and a rename.

Every file noticeclerk writes goes through `write_file`. A file a clerk opens is never
half-written, even when the machine stops mid-batch, and it gets the permissions the clerk's
umask gives any new file (a temporary file alone would be readable by its owner only, and a
colleague at the next desk could not open the copy), unless NOTICECLERK_PRIVATE_FILES asks for
owner-only files. A target that is a symbolic link is refused, never written through: the
link could point at any file the clerk may write. A target that cannot be written (its folder
is a file, read-only or missing, its name too long) is one sentence, and nothing is left behind.
"""

from __future__ import annotations

import errno
import os
import stat
import tempfile
from collections.abc import Mapping
from pathlib import Path

from noticeclerk.exceptions import InputError, OutputError

# The files every document is made as.
FORMATS = ("pdf", "docx")
# Set to yes (or 1, true) for files only their owner can read: an office whose copies hold
# what colleagues sharing the machine must not see.
PRIVATE_FILES_VARIABLE = "NOTICECLERK_PRIVATE_FILES"
# The longest file name most file systems take, in bytes, where the system does not say.
_NAME_MAX = 255


class CannotWrite(OutputError):
    """A file could not be written; `reason` says why in words that fit inside a sentence."""

    def __init__(self, target: Path, reason: str, advice: str) -> None:
        self.target = target
        self.reason = reason
        super().__init__(f"Could not write {target}: {reason}; {advice}.")


def parse_formats(text: str) -> tuple[str, ...]:
    """`pdf,docx` from the command line, checked."""
    wanted = tuple(part.strip().lower() for part in text.split(",") if part.strip())
    unknown = [f for f in wanted if f not in FORMATS]
    if not wanted or unknown:
        raise InputError(f"Formats are pdf and docx, separated by a comma; got '{text}'.")
    return wanted


def safe_stem(stem: str) -> str:
    """A document number or case name as a file name any file system accepts."""
    return "".join(c if c.isalnum() or c in "-_." else "-" for c in stem).strip(".-") or "document"


def write_whole(files: Mapping[str, bytes], stem: str, out_dir: Path) -> list[Path]:
    """Write `stem.<extension>` for each of `files` into `out_dir`, made if missing; returns the
    paths written. Every name is checked before the first file is written."""
    targets = {extension: out_dir / f"{safe_stem(stem)}.{extension}" for extension in files}
    for target in targets.values():
        _check_name(target)
    make_folder(out_dir)
    return [write_file(targets[extension], data) for extension, data in files.items()]


def write_file(target: Path, data: bytes) -> Path:
    """Write one file whole into a folder that exists; returns its path."""
    _check_name(target)
    folder = target.parent
    if not folder.is_dir():
        what = "is a file, not a folder" if folder.exists() else "does not exist"
        raise CannotWrite(
            target, f"the folder {folder} {what}", "give a path in a folder that exists"
        )
    refuse_link_or_folder(target)
    try:
        handle, temporary = tempfile.mkstemp(dir=folder, prefix=".partial-", suffix=target.suffix)
    except OSError as error:
        raise cannot_write(target, error) from None
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
        os.chmod(temporary, file_mode())
        # The rename replaces whatever name is at the target; it never writes into a link's
        # file, even one made after the check above.
        os.replace(temporary, target)
    except BaseException as error:
        Path(temporary).unlink(missing_ok=True)
        if isinstance(error, OSError):
            raise cannot_write(target, error) from None
        raise
    return target


def file_mode() -> int:
    """The permissions of a new file: the umask's, or the owner's alone when asked for."""
    if os.environ.get(PRIVATE_FILES_VARIABLE, "").strip().lower() in ("1", "yes", "true"):
        return 0o600
    return 0o666 & ~_umask()


def make_folder(folder: Path) -> None:
    """A folder and its parents, made if missing; one that cannot be is one sentence."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise CannotWrite(
            folder, "it is a file, not a folder", "choose a folder, or a new folder's name"
        ) from None
    except OSError as error:
        raise cannot_write(folder, error) from None


def _check_name(target: Path) -> None:
    longest = _name_max(target.parent)
    if len(os.fsencode(target.name)) > longest:
        raise CannotWrite(
            target,
            f"its name is {len(os.fsencode(target.name))} bytes long and the file system takes "
            f"at most {longest}",
            "shorten the document number or name it comes from",
        )


def _name_max(folder: Path) -> int:
    # The nearest folder that exists says what its file system takes.
    for candidate in (folder, *folder.parents):
        if candidate.is_dir():
            try:
                return os.pathconf(candidate, "PC_NAME_MAX")
            except (OSError, ValueError):
                return _NAME_MAX
    return _NAME_MAX


def refuse_link_or_folder(target: Path) -> None:
    """Refuse to write at `target` when it is a symbolic link or a folder (nothing there, or a
    file, is fine)."""
    try:
        found = os.lstat(target)
    except FileNotFoundError:
        return
    except OSError as error:
        raise cannot_write(target, error) from None
    if stat.S_ISLNK(found.st_mode):
        raise CannotWrite(
            target,
            "it is a symbolic link, and noticeclerk never writes through one",
            "remove the link or give another path",
        )
    if stat.S_ISDIR(found.st_mode):
        raise CannotWrite(target, "it is a folder", "give a file name")


def cannot_write(target: Path, error: OSError) -> CannotWrite:
    """An OSError from the file system as a sentence a clerk can act on."""
    reasons = {
        errno.EACCES: ("its folder may not be written to", "choose a folder you may write to"),
        errno.EPERM: ("its folder may not be written to", "choose a folder you may write to"),
        errno.EROFS: ("its folder is on a read-only disk", "choose another folder"),
        errno.ENOSPC: ("the disk is full", "free some space, then run the command again"),
        errno.ENOTDIR: ("part of its path is a file, not a folder", "choose a folder"),
        errno.ENAMETOOLONG: ("its name is too long", "shorten the path or the document number"),
    }
    reason, advice = reasons.get(
        error.errno or 0, (error.strerror or str(error), "check the folder and run it again")
    )
    return CannotWrite(target, reason, advice)


def _umask() -> int:
    # The umask can only be read by setting it; set it straight back.
    mask = os.umask(0o022)
    os.umask(mask)
    return mask
