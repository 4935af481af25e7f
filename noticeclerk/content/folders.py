"""The editable content folders (letterheads, notices, templates, casebook), found on disk.

The folders live at the top of the repository so a clerk or the village attorney can edit
them; the wheel carries them as noticeclerk/_content. A workspace folder given by the clerk
overrides them file by file, like a theme override. A content file is read only from inside
its folder once symbolic links are followed: a link out of it (to /etc/passwd) is refused.
"""

from __future__ import annotations

from pathlib import Path

from noticeclerk.exceptions import ConfigError

# This module sits in noticeclerk/content/; the package is one folder up.
PACKAGE_DIR = Path(__file__).resolve().parent.parent


def content_root() -> Path:
    """The built-in content: inside the installed wheel, else the repository checkout."""
    packaged = PACKAGE_DIR / "_content"
    return packaged if packaged.is_dir() else PACKAGE_DIR.parent


def content_dirs(folder: str, workspace: Path | None = None) -> list[Path]:
    """The places one content folder is looked up in, the workspace's first."""
    places = [content_root() / folder]
    if workspace is not None:
        places.insert(0, Path(workspace) / folder)
    return places


def find_content_file(folder: str, relative: str, workspace: Path | None = None) -> Path | None:
    """The first copy of a content file: the workspace's own, else the built-in one."""
    for place in content_dirs(folder, workspace):
        candidate = confined(place, relative)
        if candidate is not None:
            return candidate
    return None


def confined(place: Path, relative: str) -> Path | None:
    """The file `relative` names in the folder `place`, if there is one; ConfigError if it is
    there but, once links are followed, is not a regular file inside that folder."""
    candidate = place / relative
    if not candidate.exists() and not candidate.is_symlink():
        return None
    target = candidate.resolve()
    if not target.is_relative_to(place.resolve()) or not target.is_file():
        raise ConfigError(
            candidate,
            None,
            f"leads outside {place} (a link, or not a file); put the file itself in the folder",
        )
    return candidate


def casebook_cases(workspace: Path | None = None) -> list[Path]:
    """The demo casebook's case files, village by village (the workspace's own casebook first)."""
    cases: dict[str, Path] = {}
    for place in reversed(content_dirs("casebook", workspace)):
        if place.is_dir():
            for path in place.glob("*/*.toml"):
                relative = path.relative_to(place).as_posix()
                cases[relative] = confined(place, relative) or path
    return [cases[key] for key in sorted(cases)]
