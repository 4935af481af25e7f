"""Published legal notices, turned into the Village's public notices site: static HTML pages,
an Atom feed and a JSON Feed, with nothing private in them, ready to copy to any web server.

Everything is made in memory first and written only when every file was made, each file whole
(writing.write_file), so a refused notice leaves the site as it was. The pages link to each
other relatively, so the folder works copied anywhere, opened from disk included; the feeds use
absolute links when the site's address is known, as Atom and JSON Feed readers expect. A
notice's folder is never deleted: a notice once published keeps its URL, even when a later run
no longer lists it.
"""

from __future__ import annotations

import json
import re
import uuid
import xml.etree.ElementTree as ET
from collections.abc import Sequence
from dataclasses import dataclass, fields
from datetime import UTC, date, datetime, time
from functools import cache
from pathlib import Path
from typing import Any

from babel import Locale, UnknownLocaleError
from jinja2.sandbox import SandboxedEnvironment
from markupsafe import Markup

from noticeclerk.content.folders import content_dirs
from noticeclerk.exceptions import InputError, quoted_back
from noticeclerk.generators.html import make_environment, render_html
from noticeclerk.writing import CannotWrite, make_folder, write_file


@dataclass(frozen=True)
class PublicNotice:
    """One published notice as the public may see it: no owner telephone or email, no case
    notes, nothing the newspaper did not print."""

    # The stable name of its page (the document's number, "PA-D-2026-00012"): a URL that
    # never changes once published.
    slug: str
    title: str  # "Notice of Hearing on Special Assessments"
    kind: str  # the notice type's title, for the index by kind
    village: str  # "Village of Palmyra"
    # The days the newspaper printed it, in order.
    published_on: tuple[date, ...]
    newspaper: str
    # The text as the newspaper printed it: paragraphs, in order (headings included as
    # paragraphs of their own).
    paragraphs: tuple[str, ...]
    # The newspaper copy's PDF, linked from the page.
    pdf: bytes
    # The act or event the notice precedes (a hearing), when it has one.
    event_on: date | None = None
    event_words: str | None = None  # "Hearing on the special assessments"
    sections: tuple[str, ...] = ()  # the sections it cites, as printed
    # The day the Village withdrew it (voided the document) after it was published: its page
    # stays at its URL, saying so, and no index or feed lists it.
    withdrawn_on: date | None = None


@dataclass(frozen=True)
class SiteSettings:
    title: str  # "Village of Palmyra: public notices"
    village: str
    # The address the site will be served at ("https://palmyra.example/notices/"), for the
    # feeds' absolute links; None writes links relative to the feed.
    base_url: str | None
    noindex: bool  # ask search engines not to index it (robots meta tag and robots.txt)
    lang: str = "en"


SITE_TEMPLATES = "site"
# The site's own files at its top; a notice named like one would overwrite it.
SITE_FILES = (
    "index.html",
    "kinds.html",
    "feed.atom",
    "feed.json",
    "style.css",
    "robots.txt",
)
# A slug is one path segment a URL and every file system take as it is, never encoded.
_SLUG = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,99}\Z")
# Characters XML 1.0 cannot hold (the feeds) and HTML calls parse errors: C0 and C1 controls
# but tab and line breaks, lone surrogates, and the noncharacters U+FFFE and U+FFFF.
_UNFIT = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff]")
_LANG = re.compile(r"[A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8})*\Z")
ATOM = "http://www.w3.org/2005/Atom"
JSON_FEED_VERSION = "https://jsonfeed.org/version/1.1"
# The namespace of the feeds' ids: an id made from the village and the slug alone stays the
# same wherever the site is served from, so moving it never makes readers show it twice.
_ID_NAMESPACE = uuid.uuid5(uuid.NAMESPACE_URL, "https://noticeclerk.invalid/public-notice")


def write_site(
    notices: Sequence[PublicNotice], out: Path, settings: SiteSettings, *, generated: datetime
) -> list[Path]:
    """Write the site into `out` (made if missing; files of an earlier run replaced, nothing
    else touched): index.html (newest first, by date), kinds.html (by kind), one folder per
    notice (`<slug>/index.html` and `<slug>/<slug>.pdf`), feed.atom, feed.json, style.css,
    robots.txt. Returns the paths written. Every page: lang, headings in order, a skip link,
    contrast ≥ 4.5:1, no script, no external resource; every value escaped."""
    if generated.tzinfo is None or generated.utcoffset() is None:
        raise ValueError("write_site needs `generated` with its time zone")
    _check_settings(settings)
    listed = _newest_first([_checked(notice) for notice in notices])
    _check_unique(listed)
    files = _site_files(listed, settings, generated)
    return _write(files, out, [notice.slug for notice in listed])


# Checking


def _public(notice: PublicNotice) -> PublicNotice:
    """The notice with the fields PublicNotice declares and nothing else: an object that
    carries more (a subclass with the owner's telephone) gives only what the public may see."""
    return PublicNotice(
        **{field.name: getattr(notice, field.name) for field in fields(PublicNotice)}
    )


def _checked(notice: PublicNotice) -> PublicNotice:
    notice = _public(notice)
    if not isinstance(notice.slug, str) or not _SLUG.match(notice.slug):
        raise InputError(
            f"The notice {quoted_back(str(notice.slug))!r} cannot be published under that name; "
            "its page name must be letters, digits, '.', '-' or '_' (a document number)."
        )
    if notice.slug in SITE_FILES:
        raise InputError(
            f"The notice {notice.slug!r} is named like one of the site's own files; "
            "publish it under its document number."
        )
    if not notice.published_on:
        raise InputError(
            f"The notice {notice.slug} has no day of publication; record the days the "
            "newspaper printed it first."
        )
    if not notice.pdf.startswith(b"%PDF-"):
        raise InputError(
            f"The newspaper copy of notice {notice.slug} is not a PDF; prepare it again."
        )
    for name, text in _texts(notice):
        if found := _UNFIT.search(text):
            raise InputError(
                f"The {name} of notice {notice.slug} contains a control character "
                f"(U+{ord(found[0]):04X}) at position {found.start() + 1}, which a web page "
                "cannot show; retype it without one."
            )
    return notice


def _texts(notice: PublicNotice) -> list[tuple[str, str]]:
    texts = [
        ("title", notice.title),
        ("kind", notice.kind),
        ("village", notice.village),
        ("newspaper", notice.newspaper),
        ("event", notice.event_words or ""),
    ]
    texts += [(f"paragraph {n}", text) for n, text in enumerate(notice.paragraphs, 1)]
    texts += [("cited section", text) for text in notice.sections]
    return texts


def _check_settings(settings: SiteSettings) -> None:
    for name, text in (("title", settings.title), ("village", settings.village)):
        if found := _UNFIT.search(text):
            raise InputError(
                f"The site's {name} contains a control character (U+{ord(found[0]):04X}); "
                "retype it without one."
            )
    if not _LANG.match(settings.lang):
        raise InputError(
            f"The site's language {quoted_back(settings.lang)!r} is not a language tag; "
            "give one such as 'en' or 'en-US'."
        )
    if settings.base_url is not None and not re.match(r"https?://[^/\s]+/\S*\Z", settings.base_url):
        raise InputError(
            f"The site's address {quoted_back(settings.base_url)!r} is not a web address; "
            "give one such as 'https://palmyra.example/notices/'."
        )


def _check_unique(notices: list[PublicNotice]) -> None:
    seen: set[str] = set()
    for notice in notices:
        # Two names that differ only in case are one folder on macOS and Windows.
        key = notice.slug.casefold()
        if key in seen:
            raise InputError(f"The notice {notice.slug} is given twice; publish each notice once.")
        seen.add(key)


def _newest_first(notices: list[PublicNotice]) -> list[PublicNotice]:
    by_slug = sorted(notices, key=lambda notice: notice.slug)
    return sorted(by_slug, key=lambda notice: max(notice.published_on), reverse=True)


# Making the files


def _site_files(
    notices: list[PublicNotice], settings: SiteSettings, generated: datetime
) -> dict[str, bytes]:
    """Every file of the site by its path under `out`, made in memory."""
    environment = _environment(_locale(settings.lang))
    site = _site_context(settings, generated)
    every = [_entry(notice) for notice in notices]
    entries = [entry for entry in every if entry["withdrawn_on"] is None]
    notices = [notice for notice in notices if notice.withdrawn_on is None]
    files: dict[str, bytes] = {}
    files["index.html"] = _page("index.html.j2", site, environment, entries=entries, root="")
    files["kinds.html"] = _page(
        "kinds.html.j2", site, environment, kinds=_by_kind(entries), root=""
    )
    for entry in every:
        slug = entry["slug"]
        files[f"{slug}/index.html"] = _page(
            "notice.html.j2", site, environment, notice=entry, root="../"
        )
        files[f"{slug}/{slug}.pdf"] = entry["pdf_bytes"]
    files["feed.atom"] = _atom(notices, settings, generated)
    files["feed.json"] = _json_feed(notices, settings)
    files["style.css"] = (_site_folder() / "site.css").read_bytes()
    files["robots.txt"] = (
        b"User-agent: *\nDisallow: /\n" if settings.noindex else b"User-agent: *\nDisallow:\n"
    )
    return files


def _site_context(settings: SiteSettings, generated: datetime) -> dict[str, Any]:
    return {
        "title": settings.title,
        "village": settings.village,
        "lang": settings.lang,
        "noindex": settings.noindex,
        "base_url": settings.base_url,
        "generated": generated.astimezone(UTC),
        "generated_iso": _rfc3339(generated),
    }


def _entry(notice: PublicNotice) -> dict[str, Any]:
    """What the templates print of one notice."""
    return {
        "slug": notice.slug,
        "title": notice.title,
        "kind": notice.kind,
        "village": notice.village,
        "newspaper": notice.newspaper,
        "published_on": notice.published_on,
        "last_published": max(notice.published_on),
        "paragraphs": notice.paragraphs,
        "event_on": notice.event_on,
        "event_words": notice.event_words,
        "sections": notice.sections,
        "pdf_name": f"{notice.slug}.pdf",
        "pdf_size": size_words(len(notice.pdf)),
        "pdf_bytes": notice.pdf,
        "withdrawn_on": notice.withdrawn_on,
    }


def _by_kind(entries: list[dict[str, Any]]) -> list[tuple[str, list[dict[str, Any]]]]:
    kinds: dict[str, list[dict[str, Any]]] = {}
    for entry in entries:
        kinds.setdefault(entry["kind"], []).append(entry)
    return sorted(kinds.items(), key=lambda item: item[0].casefold())


def _page(
    template: str, site: dict[str, Any], environment: SandboxedEnvironment, **context: Any
) -> bytes:
    html = render_html(
        f"{SITE_TEMPLATES}/{template}", {"site": site, **context}, environment=environment
    )
    return html.encode("utf-8")


def size_words(size: int) -> str:
    """A file's size as a link tells it: "38 KB", "1.2 MB" (1 KB is 1,024 bytes)."""
    if size < 1024 * 1024:
        return f"{max(1, round(size / 1024)):,} KB"
    return f"{size / (1024 * 1024):.1f} MB"


# The feeds


def _feed_link(settings: SiteSettings, path: str) -> str:
    """A link from a feed: absolute under the site's address when known, else relative to
    the feed, which sits at the site's top."""
    return (settings.base_url.rstrip("/") + "/" + path) if settings.base_url else path


def _notice_id(settings: SiteSettings, notice: PublicNotice) -> str:
    return f"urn:uuid:{uuid.uuid5(_ID_NAMESPACE, settings.village + chr(0) + notice.slug)}"


def _day_start(day: date) -> datetime:
    """A day of publication as the feeds need an instant: its start in UTC (a newspaper's date
    has no hour, and the site knows no zone; the date stays the one the newspaper printed)."""
    return datetime.combine(day, time(0, 0), tzinfo=UTC)


def _rfc3339(moment: datetime) -> str:
    return moment.astimezone(UTC).isoformat(timespec="seconds").replace("+00:00", "Z")


def _summary(notice: PublicNotice) -> str:
    days = ", ".join(day.isoformat() for day in notice.published_on)
    summary = f"{notice.kind}. Published in {notice.newspaper} on {days}."
    if notice.event_on is not None:
        summary += f" {notice.event_words or 'Event'}: {notice.event_on.isoformat()}."
    return summary


def _content_html(notice: PublicNotice) -> str:
    return "\n".join(str(Markup("<p>{}</p>").format(text)) for text in notice.paragraphs)


def _atom(notices: list[PublicNotice], settings: SiteSettings, generated: datetime) -> bytes:
    ET.register_namespace("", ATOM)

    def add(parent: ET.Element, tag: str, text: str | None = None, **attributes: str) -> ET.Element:
        element = ET.SubElement(parent, f"{{{ATOM}}}{tag}", attributes)
        element.text = text
        return element

    feed = ET.Element(
        f"{{{ATOM}}}feed", {"{http://www.w3.org/XML/1998/namespace}lang": settings.lang}
    )
    feed_id = uuid.uuid5(_ID_NAMESPACE, settings.village + chr(0) + "feed")
    add(feed, "id", f"urn:uuid:{feed_id}")
    add(feed, "title", settings.title)
    add(feed, "updated", _rfc3339(generated))
    add(add(feed, "author"), "name", settings.village)
    add(
        feed,
        "link",
        rel="self",
        href=_feed_link(settings, "feed.atom"),
        type="application/atom+xml",
    )
    add(feed, "link", rel="alternate", href=_feed_link(settings, "index.html"), type="text/html")
    add(feed, "generator", "noticeclerk")
    for notice in notices:
        entry = add(feed, "entry")
        add(entry, "id", _notice_id(settings, notice))
        add(entry, "title", notice.title)
        add(entry, "published", _rfc3339(_day_start(min(notice.published_on))))
        add(entry, "updated", _rfc3339(_day_start(max(notice.published_on))))
        add(entry, "category", term=notice.kind)
        add(entry, "summary", _summary(notice), type="text")
        add(entry, "content", _content_html(notice), type="html")
        add(
            entry,
            "link",
            rel="alternate",
            type="text/html",
            href=_feed_link(settings, f"{notice.slug}/"),
        )
        add(
            entry,
            "link",
            rel="enclosure",
            type="application/pdf",
            length=str(len(notice.pdf)),
            title=f"{notice.title} (PDF)",
            href=_feed_link(settings, f"{notice.slug}/{notice.slug}.pdf"),
        )
    tree = ET.ElementTree(feed)
    ET.indent(tree)
    return ET.tostring(feed, encoding="utf-8", xml_declaration=True) + b"\n"


def _json_feed(notices: list[PublicNotice], settings: SiteSettings) -> bytes:
    feed: dict[str, Any] = {"version": JSON_FEED_VERSION, "title": settings.title}
    # Both serve as the feed's identity and must be absolute: without the site's address
    # they are left out (the spec makes them optional) rather than given relative.
    if settings.base_url:
        feed["home_page_url"] = _feed_link(settings, "index.html")
        feed["feed_url"] = _feed_link(settings, "feed.json")
    feed["language"] = settings.lang
    feed["authors"] = [{"name": settings.village}]
    feed["items"] = [
        {
            "id": _notice_id(settings, notice),
            "url": _feed_link(settings, f"{notice.slug}/"),
            "title": notice.title,
            "summary": _summary(notice),
            "content_html": _content_html(notice),
            "date_published": _rfc3339(_day_start(min(notice.published_on))),
            "date_modified": _rfc3339(_day_start(max(notice.published_on))),
            "tags": [notice.kind],
            "attachments": [
                {
                    "url": _feed_link(settings, f"{notice.slug}/{notice.slug}.pdf"),
                    "mime_type": "application/pdf",
                    "title": f"{notice.title} (PDF)",
                    "size_in_bytes": len(notice.pdf),
                }
            ],
        }
        for notice in notices
    ]
    return (json.dumps(feed, ensure_ascii=False, indent=2) + "\n").encode("utf-8")


# Writing


def _write(files: dict[str, bytes], out: Path, slugs: list[str]) -> list[Path]:
    make_folder(out)
    for slug in slugs:
        folder = out / slug
        # A link in place of a notice's folder would have its files written wherever it leads.
        if folder.is_symlink():
            raise CannotWrite(
                folder,
                "it is a symbolic link, and noticeclerk never writes through one",
                "remove the link or choose another folder",
            )
        make_folder(folder)
    return [write_file(out / name, data) for name, data in files.items()]


# Templates


@cache
def _site_folder() -> Path:
    """The built-in templates/site folder, where the site's stylesheet is read from."""
    return content_dirs("templates")[-1] / SITE_TEMPLATES


@cache
def _environment(locale: str) -> SandboxedEnvironment:
    environment = make_environment(None, locale)
    environment.filters["isolated"] = _isolated
    environment.filters["isolated_text"] = _isolated_text
    return environment


def _isolated(text: str) -> Markup:
    """A value printed inside running text, its direction isolated: a right-to-left mark or
    override in a title cannot reorder the words around it ("(PDF, 38 KB)")."""
    return Markup("<bdi>{}</bdi>").format(text)


def _isolated_text(text: str) -> str:
    """The same isolation where no markup may go (a page's <title>): Unicode's first-strong
    isolate and pop directional isolate around the value."""
    return f"\u2068{text}\u2069"


def _locale(lang: str) -> str:
    """The Babel locale the dates are spelled in, from the page's language ("en" is US)."""
    if lang.lower() in ("en", "en-us"):
        return "en_US"
    try:
        return str(Locale.parse(lang.replace("-", "_")))
    except (UnknownLocaleError, ValueError):
        return "en_US"
