"""The editable content folders (letterheads, notices, templates, casebook), found on disk.

The folders live at the top of the repository so a clerk or the village attorney can edit
them; the wheel carries them as noticeclerk/_content. A workspace folder given by the clerk
overrides them file by file, like a theme override.
"""

from __future__ import annotations

from pathlib import Path

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
        candidate = place / relative
        if candidate.is_file():
            return candidate
    return None


def casebook_cases(workspace: Path | None = None) -> list[Path]:
    """The demo casebook's case files, village by village (the workspace's own casebook first)."""
    cases: dict[str, Path] = {}
    for place in reversed(content_dirs("casebook", workspace)):
        if place.is_dir():
            for path in place.glob("*/*.toml"):
                cases[path.relative_to(place).as_posix()] = path
    return [cases[key] for key in sorted(cases)]
