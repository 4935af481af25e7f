"""Published legal notices, turned into the Village's public notices site: static HTML pages,
an Atom feed and a JSON Feed, with nothing private in them, ready to copy to any web server."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime
from pathlib import Path


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


@dataclass(frozen=True)
class SiteSettings:
    title: str  # "Village of Palmyra: public notices"
    village: str
    # The address the site will be served at ("https://palmyra.example/notices/"), for the
    # feeds' absolute links; None writes links relative to the feed.
    base_url: str | None
    noindex: bool  # ask search engines not to index it (robots meta tag and robots.txt)
    lang: str = "en"


def write_site(
    notices: Sequence[PublicNotice], out: Path, settings: SiteSettings, *, generated: datetime
) -> list[Path]:
    """Write the site into `out` (made if missing; files of an earlier run replaced, nothing
    else touched): index.html (newest first, by date), kinds.html (by kind), one folder per
    notice (`<slug>/index.html` and `<slug>/<slug>.pdf`), feed.atom, feed.json, style.css,
    robots.txt. Returns the paths written. Every page: lang, headings in order, a skip link,
    contrast ≥ 4.5:1, no script, no external resource; every value escaped."""
    raise NotImplementedError
