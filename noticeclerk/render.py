"""A case file, turned into its PDF and DOCX in the output folder, whole or not at all."""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import date, datetime, time
from html import escape
from pathlib import Path
from typing import Any
from urllib.parse import quote

from jinja2.sandbox import SandboxedEnvironment
from weasyprint.text.fonts import FontConfiguration

from noticeclerk.compose import Composed, compose
from noticeclerk.content.casefile import load_case, read_case_header
from noticeclerk.content.folders import find_content_file
from noticeclerk.content.notice_types import load_notice
from noticeclerk.content.village import Village, load_village
from noticeclerk.exceptions import ConfigError, InputError
from noticeclerk.generators.docx import render_docx
from noticeclerk.generators.html import make_environment, render_html
from noticeclerk.generators.pdf import letter_stylesheet, render_pdf
from noticeclerk.generators.styles import check_stylesheet
from noticeclerk.legal_status import NotApproved
from noticeclerk.render_pool import CaseOutcome, RenderPool
from noticeclerk.writing import (
    FORMATS,
    CannotWrite,
    cannot_write,
    make_folder,
    refuse_link_or_folder,
    safe_stem,
    write_whole,
)

# Every letter is printed with this stylesheet from the templates folder, parsed once per batch.
STYLESHEET = "letter.css"
# A <style> element in a document (case text is escaped, so only a template can make one).
_STYLE_ELEMENT = re.compile(r"<style[\s>/]", re.IGNORECASE)
# The space after a section sign: a citation read "§" at one line's end and "19-15(c)" at the
# next's is easy to misread, so the sign is bound to its number wherever a document prints one.
_SECTION_SPACE = re.compile(r"(§§?) (?=[0-9])")
# A run of text with no space this long may run off the page (a blank line of underscores on
# a form is 44 at most); see break_long_words.
LONG_WORD = 50
BREAK_EVERY = 20
_LONG_RUN = re.compile(rf"[^\s<>]{{{LONG_WORD},}}")
_LETTER = re.compile(r"&#?\w+;|.", re.DOTALL)
_TAG = re.compile(r"(<[^>]*>)")


@dataclass(frozen=True)
class Rendered:
    """One document rendered in memory: its name and the bytes of each format."""

    village: str
    stem: str
    files: dict[str, bytes]
    html: str
    title: str = ""


class Renderer:
    """Renders case files one after another, keeping what documents can share.

    One Renderer holds the font configuration, the seal images and the compiled templates,
    so a batch loads them once per process; `render_case` makes a fresh one per document.
    """

    def __init__(self, workspace: Path | None = None) -> None:
        self.workspace = workspace
        self.font_config = FontConfiguration()
        self.image_cache: dict[str, Any] = {}
        self.environments: dict[str, SandboxedEnvironment] = {}
        stylesheet = find_content_file("templates", STYLESHEET, workspace)
        if stylesheet is None:
            raise ConfigError(STYLESHEET, None, "the letter stylesheet is missing from templates/")
        # Parsed first: a stylesheet that names a file or URL is refused for that, by the URL.
        self.stylesheets = [letter_stylesheet(stylesheet, self.font_config)]
        # The Word copy follows the style map; a stylesheet that says otherwise (a workspace's
        # own letter.css) would make the PDF and the DOCX differ, so it is refused here.
        check_stylesheet(stylesheet)

    def environment(self, locale: str) -> SandboxedEnvironment:
        if locale not in self.environments:
            self.environments[locale] = make_environment(self.workspace, locale)
        return self.environments[locale]

    def render(self, case_path: Path, formats: tuple[str, ...] = FORMATS) -> Rendered:
        """Gather and check a case file, then render; nothing is written here."""
        header = read_case_header(case_path)
        village = load_village(header.village, self.workspace)
        notice = load_notice(village.slug, header.notice, self.workspace)
        case = load_case(case_path, header, notice, village.timezone, self.workspace)
        return self.render_composed(compose(case, notice, village), formats)

    def render_composed(self, composed: Composed, formats: tuple[str, ...] = FORMATS) -> Rendered:
        """Render a document whose context is already computed; nothing is computed again."""
        case, notice = composed.case, composed.notice
        return self.render_template(
            notice.template,
            composed.context,
            composed.village,
            number=case.document_number,
            title=f"{notice.title} — {case.document_number}",
            stem=f"{case.document_number}-{notice.slug}",
            document_date=case.date,
            formats=formats,
        )

    def render_template(
        self,
        template: str,
        context: dict[str, Any],
        village: Village,
        *,
        number: str,
        title: str,
        stem: str,
        document_date: date,
        formats: tuple[str, ...] = FORMATS,
    ) -> Rendered:
        """Render any template with a context on the village's letterhead."""
        letterhead = village.letterhead
        html = render_html(template, context, environment=self.environment(letterhead.locale))
        if _STYLE_ELEMENT.search(html):
            raise ConfigError(
                template,
                None,
                "has a <style> block, which would change the PDF and not the Word copy; give the "
                "element a class that letter.css styles, such as keep-together",
            )
        folders = list(letterhead.folders)
        files: dict[str, bytes] = {}
        printed = bind_section_signs(html)
        if "pdf" in formats:
            files["pdf"] = render_pdf(
                break_long_words(printed),
                folders,
                identifier=number,
                stylesheets=self.stylesheets,
                font_config=self.font_config,
                image_cache=self.image_cache,
                specimen_mark=village.specimen_mark,
            )
        if "docx" in formats:
            files["docx"] = render_docx(
                printed,
                folders,
                title=title,
                author=village.name,
                created=datetime.combine(document_date, time(0), tzinfo=village.timezone),
                specimen_mark=village.specimen_mark,
            )
        return Rendered(village.slug, stem, files, html, title.split(" — ")[0])


def break_long_words(html: str) -> str:
    """The letter as the PDF lays it out: each run of text with no space long enough to run
    off the page (LONG_WORD characters or more) given a break opportunity (<wbr>) every
    BREAK_EVERY characters, so it wraps, in a table cell too.

    Only the body's text between tags is touched (autoescape leaves no "<" or ">" in case
    data), never an attribute, the title or inside an entity such as "&amp;"; Word breaks
    such a run at the margin itself. (CSS overflow-wrap: anywhere would do it too, but
    WeasyPrint sizes a table cell holding it by laying the run out once per character, which
    took minutes for a 5,000-letter word.)
    """
    start = html.find("<body")
    if start < 0:
        return html
    parts = _TAG.split(html[start:])
    for index in range(0, len(parts), 2):  # the even parts are the text between tags
        parts[index] = _LONG_RUN.sub(_with_breaks, parts[index])
    return html[:start] + "".join(parts)


def _with_breaks(run: re.Match[str]) -> str:
    letters = _LETTER.findall(run[0])  # an entity counts as the one letter it prints
    return "<wbr>".join(
        "".join(letters[at : at + BREAK_EVERY]) for at in range(0, len(letters), BREAK_EVERY)
    )


def bind_section_signs(html: str) -> str:
    """The letter as printed: each "§" bound to its number by a no-break space, so that no line
    ends with a bare "§"; Rendered.html keeps the template's plain spaces."""
    return _SECTION_SPACE.sub("\\1\u00a0", html)


def render_case(
    case_path: Path, formats: tuple[str, ...] = FORMATS, workspace: Path | None = None
) -> Rendered:
    """Render one case file from scratch."""
    return Renderer(workspace).render(case_path, formats)


def render_many(
    cases: list[Path],
    formats: tuple[str, ...] = FORMATS,
    workspace: Path | None = None,
    progress: Callable[[Path], None] | None = None,
    skipped: Callable[[Path, str], None] | None = None,
    *,
    workers: int | None = None,
) -> list[Rendered]:
    """Render every case in memory first, so one bad case stops the batch before any is written
    (a caller that writes many should use render_into, which holds a few at a time).

    With `skipped`, a case whose notice type the village's file does not approve (its law held
    preempted, noticeclerk.legal_status) is left out and reported, rather than stopping the
    batch: the demo casebook shows what a village may issue.
    """
    refuse_shared_numbers(cases)
    rendered = []
    with RenderPool(workspace, workers) as pool:
        for outcome in pool.render_cases(cases, formats):
            if outcome.rendered is not None:
                rendered.append(outcome.rendered)
            else:
                _refused(outcome, skipped)
            if progress is not None:
                progress(outcome.case)
    return rendered


@dataclass(frozen=True)
class Filed:
    """A document written by render_into: what the demo's index links to, and its files."""

    village: str
    stem: str
    title: str
    files: tuple[str, ...]
    paths: tuple[Path, ...]


# The folder inside the output folder where a batch's files wait until every case rendered.
STAGING_PREFIX = ".staging-"


def render_into(
    cases: list[Path],
    out_dir: Path,
    formats: tuple[str, ...] = FORMATS,
    workspace: Path | None = None,
    *,
    by_village: bool = False,
    workers: int | None = None,
    progress: Callable[[Path], None] | None = None,
    skipped: Callable[[Path, str], None] | None = None,
) -> list[Filed]:
    """Render every case with a RenderPool and write each document as it comes, whole or not
    at all: into a staging folder inside `out_dir`, the files moved into place only when every
    case rendered. One bad case stops the batch, the staging folder is removed, and `out_dir`
    is as it was (a folder made for the batch removed again). `by_village` puts each document
    in its village's folder. `skipped` as for render_many.
    """
    refuse_shared_numbers(cases)
    made = _folders_to_make(out_dir)
    make_folder(out_dir)
    staging: Path | None = None
    try:
        try:
            staging = Path(tempfile.mkdtemp(prefix=STAGING_PREFIX, dir=out_dir))
        except OSError as error:
            raise cannot_write(out_dir / STAGING_PREFIX, error) from None
        staged: list[tuple[str, str, str, tuple[Path, ...]]] = []
        with RenderPool(workspace, workers) as pool:
            for outcome in pool.render_cases(cases, formats):
                rendered = outcome.rendered
                if rendered is None:
                    _refused(outcome, skipped)
                else:
                    folder = staging / rendered.village if by_village else staging
                    try:
                        written = tuple(write_rendered(rendered, folder))
                    except CannotWrite as error:
                        raise _in_place(error, staging, out_dir) from None
                    # Only the names are kept: the bytes are on disk.
                    staged.append((rendered.village, rendered.stem, rendered.title, written))
                if progress is not None:
                    progress(outcome.case)
        return _moved(staged, staging, out_dir)
    except BaseException:
        _remove(staging)
        for folder in made:
            with contextlib.suppress(OSError):
                folder.rmdir()  # only when empty: never a file the clerk had there
        raise
    finally:
        _remove(staging)


def _in_place(error: CannotWrite, staging: Path, out_dir: Path) -> CannotWrite:
    """A file that could not be staged, named where the clerk asked for it, not in staging."""
    error.args = tuple(str(arg).replace(str(staging), str(out_dir)) for arg in error.args)
    error.target = out_dir / error.target.relative_to(staging)
    return error


def _remove(staging: Path | None) -> None:
    if staging is not None:
        shutil.rmtree(staging, ignore_errors=True)


def _refused(outcome: CaseOutcome, skipped: Callable[[Path, str], None] | None) -> None:
    """A case that could not be rendered: skipped when the batch skips what is not approved,
    else the batch stops with the error naming the case."""
    case, error = outcome.case, outcome.error
    if isinstance(error, NotApproved):
        if skipped is None:
            raise InputError(f"{case}: {error}") from None
        skipped(case, str(error))
        return
    # Name the case: a template's own message cannot know which case it was rendering.
    raise InputError(f"{case}: {error}" if str(case) not in str(error) else str(error)) from None


def _folders_to_make(folder: Path) -> list[Path]:
    """The folders a batch writing into `folder` makes, innermost first."""
    missing = []
    for candidate in (folder, *folder.parents):
        if candidate.exists() or candidate.is_symlink():
            break
        missing.append(candidate)
    return missing


def _moved(
    staged: list[tuple[str, str, str, tuple[Path, ...]]], staging: Path, out_dir: Path
) -> list[Filed]:
    """Every staged file moved to its place in `out_dir` by a rename, each target checked
    (never a symbolic link or a folder, as writing.write_file) before the first is moved."""
    moves = [
        (path, out_dir / path.relative_to(staging))
        for _village, _stem, _title, paths in staged
        for path in paths
    ]
    for _path, target in moves:
        if target.parent != out_dir:
            make_folder(target.parent)
        refuse_link_or_folder(target)
    for path, target in moves:
        try:
            os.replace(path, target)
        except OSError as error:
            raise cannot_write(target, error) from None
    return [
        Filed(
            village,
            stem,
            title,
            tuple(path.suffix[1:] for path in paths),
            tuple(out_dir / path.relative_to(staging) for path in paths),
        )
        for village, stem, title, paths in staged
    ]


def refuse_shared_numbers(cases: list[Path]) -> None:
    """Refuse a batch in which two documents carry one document number, or two cases one case
    number: a recipient holding both could not tell them apart.

    Documents of one case (a notice, then its bill) rightly share the case number; they are
    one case when they are of one village and their parcels join up, as a chain's do.
    """
    documents: dict[str, Path] = {}
    by_case: dict[str, list[tuple[Path, str, set[str]]]] = {}
    for path in cases:
        header = read_case_header(path)
        number = header.document.strip()
        first = documents.setdefault(number.casefold(), path)
        if first != path:
            raise InputError(
                f"{first} and {path} both carry the document number {number}; "
                "give each document its own number."
            )
        parcels = {str(parcel) for parcel in header.parcels}
        by_case.setdefault(header.case.strip(), []).append((path, header.village, parcels))
    for number, files in by_case.items():
        first, village, parcels = files[0]
        rest = files[1:]
        joined = True
        while rest and joined:
            joined = False
            for entry in list(rest):
                if entry[1] == village and entry[2] & parcels:
                    parcels |= entry[2]
                    rest.remove(entry)
                    joined = True
        if rest:
            raise InputError(
                f"{first} and {rest[0][0]} both carry the case number {number} but are not one "
                "case (another village, or no parcel in common); give each case its own number."
            )


def write_rendered(rendered: Rendered, out_dir: Path) -> list[Path]:
    """Write each file through a temporary name and a rename, so none is ever half-written."""
    return write_whole(rendered.files, rendered.stem, out_dir)


def write_index(
    documents: Sequence[Rendered | Filed], out_dir: Path, names: dict[str, str]
) -> Path:
    """An HTML page linking every rendered file, village by village, for a reviewer to open."""
    rows = []
    for village in sorted({d.village for d in documents}):
        rows.append(f"<h2>{escape(names.get(village, village))}</h2>\n<ul>")
        for document in sorted(
            (d for d in documents if d.village == village), key=lambda d: d.stem
        ):
            hrefs = {
                kind: quote(f"{village}/{safe_stem(document.stem)}.{kind}")
                for kind in document.files
            }
            links = " · ".join(
                f'<a href="{escape(href)}">{kind.upper()}</a>' for kind, href in hrefs.items()
            )
            rows.append(f"<li>{escape(document.title)} ({escape(document.stem)}): {links}</li>")
        rows.append("</ul>")
    page = (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        "<title>noticeclerk demo casebook</title></head><body>\n"
        "<h1>The demo casebook</h1>\n" + "\n".join(rows) + "\n</body></html>\n"
    )
    return write_whole({"html": page.encode("utf-8")}, "index", out_dir)[0]
