"""The public notices site: its pages parsed, its feeds read back, its colours measured, and
the site opened in headless Chromium over HTTP."""

from __future__ import annotations

import dataclasses
import io
import itertools
import json
import re
import threading
import urllib.request
from collections.abc import Iterator
from datetime import UTC, date, datetime
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import urljoin, urlsplit

import feedparser
import pytest
import tinyhtml5
from pypdf import PdfWriter

from noticeclerk.dispatch.public_site import PublicNotice, SiteSettings, write_site
from noticeclerk.exceptions import InputError
from noticeclerk.writing import CannotWrite

XHTML = "{http://www.w3.org/1999/xhtml}"
GENERATED = datetime(2026, 12, 11, 14, 30, tzinfo=UTC)
BASE_URL = "https://palmyra.example/notices/"
STYLESHEET = Path(__file__).resolve().parent.parent / "templates" / "site" / "site.css"


def small_pdf(title: str) -> bytes:
    writer = PdfWriter()
    writer.add_blank_page(width=612, height=792)
    writer.add_metadata({"/Title": title})
    data = io.BytesIO()
    writer.write(data)
    return data.getvalue()


def hearing(**changes: object) -> PublicNotice:
    notice = PublicNotice(
        slug="PA-D-2026-00012",
        title="Notice of Hearing on Special Assessments",
        kind="Class 2 notice",
        village="Village of Palmyra",
        published_on=(date(2026, 12, 3), date(2026, 12, 10)),
        newspaper="Palmyra Enterprise",
        paragraphs=(
            "NOTICE OF HEARING",
            "The Village Board will hear all persons interested in the special assessments "
            "for the Taft Street sidewalk.",
        ),
        pdf=small_pdf("PA-D-2026-00012"),
        event_on=date(2026, 12, 17),
        event_words="Hearing on the special assessments",
        sections=("Wis. Stat. § 66.0703(7)",),
    )
    return dataclasses.replace(notice, **changes)


def elm_notice() -> PublicNotice:
    return PublicNotice(
        slug="PA-D-2026-00015",
        title="Notice to Remove a Dutch Elm Diseased Tree",
        kind="Class 1 notice",
        village="Village of Palmyra",
        published_on=(date(2026, 12, 8),),
        newspaper="Palmyra Enterprise",
        paragraphs=("The owner of 412 Taft Street shall remove the diseased elm.",),
        pdf=small_pdf("PA-D-2026-00015"),
        sections=("§ 8.15(5)",),
    )


def construction_notice() -> PublicNotice:
    return PublicNotice(
        slug="PA-D-2026-00009",
        title="Notice of Sidewalk Construction",
        kind="Class 1 notice",
        village="Village of Palmyra",
        published_on=(date(2026, 11, 26),),
        newspaper="Palmyra Enterprise",
        paragraphs=("Sidewalks on Taft Street will be built in the spring.",),
        pdf=small_pdf("PA-D-2026-00009"),
    )


def three_notices() -> list[PublicNotice]:
    return [construction_notice(), hearing(), elm_notice()]


def settings(**changes: object) -> SiteSettings:
    base = SiteSettings(
        title="Village of Palmyra: public notices",
        village="Village of Palmyra",
        base_url=BASE_URL,
        noindex=False,
    )
    return dataclasses.replace(base, **changes)


@pytest.fixture
def site(tmp_path: Path) -> Path:
    out = tmp_path / "site"
    write_site(three_notices(), out, settings(), generated=GENERATED)
    return out


def pages(out: Path) -> list[Path]:
    return sorted(out.rglob("*.html"))


def parse(page: Path):
    return tinyhtml5.parse(page.read_bytes())


def tags(root, name: str) -> list:
    return list(root.iter(XHTML + name))


def text_of(element) -> str:
    return "".join(element.itertext())


def written_bytes(out: Path) -> dict[Path, bytes]:
    return {path: path.read_bytes() for path in out.rglob("*") if path.is_file()}


# The files


def test_the_site_writes_the_indexes_a_folder_per_notice_and_the_feeds(tmp_path: Path) -> None:
    out = tmp_path / "site"
    written = write_site(three_notices(), out, settings(), generated=GENERATED)
    names = {path.relative_to(out).as_posix() for path in written}
    assert names == {
        "index.html",
        "kinds.html",
        "feed.atom",
        "feed.json",
        "style.css",
        "robots.txt",
        "PA-D-2026-00009/index.html",
        "PA-D-2026-00009/PA-D-2026-00009.pdf",
        "PA-D-2026-00012/index.html",
        "PA-D-2026-00012/PA-D-2026-00012.pdf",
        "PA-D-2026-00015/index.html",
        "PA-D-2026-00015/PA-D-2026-00015.pdf",
    }
    assert (out / "PA-D-2026-00012" / "PA-D-2026-00012.pdf").read_bytes() == hearing().pdf
    assert not [p for p in out.rglob(".partial-*")]


def test_a_second_run_replaces_its_files_and_keeps_a_withdrawn_notices_page(site: Path) -> None:
    stranger = site / "about.html"
    stranger.write_text("the webmaster's own page")
    write_site([hearing(), elm_notice()], site, settings(), generated=GENERATED)
    # A notice once published keeps its URL: its folder stays, though no index lists it.
    assert (site / "PA-D-2026-00009" / "index.html").is_file()
    assert "PA-D-2026-00009" not in (site / "index.html").read_text()
    assert "PA-D-2026-00009" not in (site / "feed.atom").read_text()
    assert stranger.read_text() == "the webmaster's own page"


@pytest.mark.parametrize(
    ("notice", "words"),
    [
        (hearing(slug="../escape"), "page name must be letters"),
        (hearing(slug="robots.txt"), "named like one of the site's own files"),
        (hearing(published_on=()), "has no day of publication"),
        (hearing(pdf=b"<html>not a pdf</html>"), "is not a PDF"),
        (hearing(title="Notice\x07"), "The title of notice PA-D-2026-00012 contains a control"),
        (hearing(paragraphs=("ok", "bad\x00")), "paragraph 2 of notice PA-D-2026-00012"),
    ],
)
def test_a_notice_that_cannot_be_published_is_refused_with_nothing_written(
    tmp_path: Path, notice: PublicNotice, words: str
) -> None:
    out = tmp_path / "site"
    with pytest.raises(InputError, match=re.escape(words)):
        write_site([elm_notice(), notice], out, settings(), generated=GENERATED)
    assert not out.exists()


def test_a_notice_given_twice_is_refused_naming_it(tmp_path: Path) -> None:
    twice = hearing(slug="pa-d-2026-00015")  # one folder with PA-D-2026-00015 on macOS
    with pytest.raises(InputError, match="given twice"):
        write_site([elm_notice(), twice], tmp_path / "site", settings(), generated=GENERATED)


def test_a_notice_folder_that_is_a_link_is_refused_and_nothing_written_through_it(
    tmp_path: Path,
) -> None:
    out = tmp_path / "site"
    elsewhere = tmp_path / "elsewhere"
    out.mkdir()
    elsewhere.mkdir()
    (out / "PA-D-2026-00012").symlink_to(elsewhere)
    with pytest.raises(CannotWrite, match="symbolic link"):
        write_site([hearing()], out, settings(), generated=GENERATED)
    assert list(elsewhere.iterdir()) == []


@pytest.mark.parametrize(
    ("changes", "words"),
    [({"base_url": "palmyra.example"}, "not a web address"), ({"lang": "en us"}, "language")],
)
def test_settings_that_cannot_make_a_site_are_refused(
    tmp_path: Path, changes: dict[str, str], words: str
) -> None:
    with pytest.raises(InputError, match=words):
        write_site([hearing()], tmp_path / "s", settings(**changes), generated=GENERATED)


# The pages


def test_every_page_has_its_language_one_h1_and_headings_in_order(site: Path) -> None:
    assert len(pages(site)) == 5
    for page in pages(site):
        root = parse(page)
        assert root.get("lang") == "en", page
        levels = [
            int(element.tag[-1])
            for element in root.iter()
            if re.fullmatch(re.escape(XHTML) + "h[1-6]", str(element.tag))
        ]
        assert levels.count(1) == 1 and levels[0] == 1, (page, levels)
        for before, after in itertools.pairwise(levels):
            assert after <= before + 1, (page, levels)


def test_every_page_has_a_skip_link_to_main_and_the_landmarks(site: Path) -> None:
    for page in pages(site):
        root = parse(page)
        body = tags(root, "body")[0]
        first_link = next(body.iter(XHTML + "a"))
        assert first_link.get("href") == "#main", page
        assert [m.get("id") for m in tags(root, "main")] == ["main"], page
        for landmark in ("header", "nav", "footer"):
            assert len(tags(root, landmark)) == 1, (page, landmark)
        assert tags(root, "script") == [], page
        assert text_of(tags(root, "title")[0]).strip(), page


def test_every_local_link_resolves_to_a_written_file_and_nothing_comes_from_outside(
    site: Path,
) -> None:
    for page in pages(site):
        root = parse(page)
        ids = {element.get("id") for element in root.iter() if element.get("id")}
        for element in root.iter():
            for attribute in ("href", "src"):
                link = element.get(attribute)
                if link is None:
                    continue
                if link.startswith("#"):
                    assert link[1:] in ids, (page, link)
                    continue
                if link.startswith("data:"):
                    # The empty icon, so a browser asks for no /favicon.ico.
                    assert (element.get("rel"), link) == ("icon", "data:,"), page
                    continue
                parts = urlsplit(link)
                if element.get("rel") == "canonical":
                    assert link.startswith(BASE_URL)
                    continue
                assert not parts.scheme and not parts.netloc, (page, link)
                target = (page.parent / parts.path).resolve()
                if target.is_dir():
                    target = target / "index.html"
                assert target.is_file() and target.is_relative_to(site.resolve()), (page, link)


def test_the_stylesheet_loads_nothing_from_outside_the_site() -> None:
    css = STYLESHEET.read_text()
    assert "url(" not in css and "@import" not in css and "@font-face" not in css


def test_a_notice_page_gives_its_dates_as_time_elements_and_its_facts(site: Path) -> None:
    root = parse(site / "PA-D-2026-00012" / "index.html")
    times = {t.get("datetime"): text_of(t) for t in tags(root, "time")}
    assert times["2026-12-03"] == "Thursday, December 3, 2026"
    assert times["2026-12-10"] == "Thursday, December 10, 2026"
    assert times["2026-12-17"] == "Thursday, December 17, 2026"
    assert times["2026-12-11T14:30:00Z"] == "December 11, 2026"
    text = text_of(tags(root, "main")[0])
    assert "Hearing on the special assessments" in text
    assert "Wis. Stat. § 66.0703(7)" in text
    assert "for the Taft Street sidewalk." in text


def test_the_pdf_link_says_what_it_opens_and_how_big_it_is(site: Path) -> None:
    root = parse(site / "PA-D-2026-00012" / "index.html")
    (link,) = [a for a in tags(root, "a") if a.get("href") == "PA-D-2026-00012.pdf"]
    assert text_of(link) == (
        "Notice of Hearing on Special Assessments, as printed in Palmyra Enterprise (PDF, 1 KB)"
    )
    assert link.get("type") == "application/pdf"


def test_the_index_lists_the_newest_first_and_the_kinds_page_groups_them(site: Path) -> None:
    index = parse(site / "index.html")
    listed = [a.get("href") for a in tags(index, "a") if a.get("href").endswith("/index.html")]
    assert listed == [
        "PA-D-2026-00012/index.html",  # last printed December 10
        "PA-D-2026-00015/index.html",  # December 8
        "PA-D-2026-00009/index.html",  # November 26
    ]
    kinds = parse(site / "kinds.html")
    sections = {
        text_of(section.find(XHTML + "h2")): [a.get("href") for a in section.iter(XHTML + "a")]
        for section in tags(kinds, "section")
    }
    assert sections == {
        "Class 1 notice": ["PA-D-2026-00015/index.html", "PA-D-2026-00009/index.html"],
        "Class 2 notice": ["PA-D-2026-00012/index.html"],
    }


def test_a_site_with_no_notices_says_so(tmp_path: Path) -> None:
    write_site([], tmp_path / "s", settings(), generated=GENERATED)
    assert "No notices are published." in (tmp_path / "s" / "index.html").read_text()
    assert feedparser.parse((tmp_path / "s" / "feed.atom").read_bytes()).entries == []


# noindex


def test_noindex_marks_every_page_and_robots_txt_disallows_all(tmp_path: Path) -> None:
    write_site(three_notices(), tmp_path, settings(noindex=True), generated=GENERATED)
    for page in pages(tmp_path):
        robots = [m for m in tags(parse(page), "meta") if m.get("name") == "robots"]
        assert [m.get("content") for m in robots] == ["noindex"], page
    assert (tmp_path / "robots.txt").read_text() == "User-agent: *\nDisallow: /\n"


def test_without_noindex_robots_txt_allows_all_and_no_page_asks_otherwise(site: Path) -> None:
    for page in pages(site):
        assert not [m for m in tags(parse(page), "meta") if m.get("name") == "robots"], page
    assert (site / "robots.txt").read_text() == "User-agent: *\nDisallow:\n"


# Colours and zoom


def css_colours() -> dict[str, str]:
    root = re.search(r":root\s*{([^}]*)}", STYLESHEET.read_text())
    assert root is not None
    return dict(re.findall(r"--([a-z-]+):\s*(#[0-9a-fA-F]{6})\s*;", root.group(1)))


def luminance(colour: str) -> float:
    """WCAG 2's relative luminance of an sRGB colour '#rrggbb'."""
    channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(one: str, other: str) -> float:
    lighter, darker = sorted((luminance(one), luminance(other)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


def test_the_contrast_formula_gives_wcags_known_ratios() -> None:
    assert contrast("#000000", "#ffffff") == pytest.approx(21.0)
    assert contrast("#767676", "#ffffff") == pytest.approx(4.54, abs=0.01)


# Each text colour and every background it is printed on; the focus ring is not text, and
# needs 3:1 (WCAG 2.2, 1.4.11) against the backgrounds it is drawn over.
TEXT_ON = {
    "text": ("background", "band"),
    "muted": ("background", "band"),
    "link": ("background", "band"),
    "link-visited": ("background", "band"),
    "skip-text": ("skip-background",),
}


def test_every_text_colour_has_at_least_4_5_to_1_contrast_on_its_background() -> None:
    colours = css_colours()
    for text, backgrounds in TEXT_ON.items():
        for background in backgrounds:
            ratio = contrast(colours[text], colours[background])
            assert ratio >= 4.5, f"--{text} on --{background}: {ratio:.2f}"
    for background in ("background", "band"):
        assert contrast(colours["focus"], colours[background]) >= 3.0


def test_every_colour_in_the_stylesheet_is_one_the_contrast_test_measures() -> None:
    css = STYLESHEET.read_text()
    outside_root = re.sub(r":root\s*{[^}]*}", "", css)
    assert not re.search(r"#[0-9a-fA-F]{3,8}\b|rgb|hsl", outside_root)
    used = set(re.findall(r"(?<![-\w])color:\s*var\(--([a-z-]+)\)", outside_root))
    assert used <= set(TEXT_ON), used
    assert set(css_colours()) == set(TEXT_ON) | {
        "background",
        "band",
        "skip-background",
        "focus",
        "rule",
    }


def test_no_text_container_has_a_width_in_pixels_and_focus_is_visible() -> None:
    css = STYLESHEET.read_text()
    assert not re.search(r"(?:^|[;{\s])(?:max-|min-)?width:\s*[\d.]+px", css)
    assert re.findall(r"max-width:\s*([\d.]+)(ch|em)", css)
    assert re.search(r"a:focus-visible[^{]*{[^}]*outline:\s*3px solid var\(--focus\)", css)


# Feeds


def test_the_atom_feed_reads_back_with_ids_titles_dates_and_enclosures(site: Path) -> None:
    feed = feedparser.parse((site / "feed.atom").read_bytes())
    assert not feed.bozo, feed.get("bozo_exception")
    assert feed.version == "atom10"
    assert feed.feed.title == "Village of Palmyra: public notices"
    assert feed.feed.author == "Village of Palmyra"
    assert feed.feed.id.startswith("urn:uuid:")
    self_links = [link.href for link in feed.feed.links if link.rel == "self"]
    assert self_links == [BASE_URL + "feed.atom"]
    assert feed.feed.updated == "2026-12-11T14:30:00Z"
    first, second, third = feed.entries
    assert [e.title for e in feed.entries] == [
        "Notice of Hearing on Special Assessments",
        "Notice to Remove a Dutch Elm Diseased Tree",
        "Notice of Sidewalk Construction",
    ]
    assert len({e.id for e in feed.entries}) == 3
    assert first.updated == "2026-12-10T00:00:00Z"
    assert first.published == "2026-12-03T00:00:00Z"
    assert first.link == BASE_URL + "PA-D-2026-00012/"
    (enclosure,) = first.enclosures
    assert enclosure.href == BASE_URL + "PA-D-2026-00012/PA-D-2026-00012.pdf"
    assert enclosure.type == "application/pdf"
    assert int(enclosure.length) == len(hearing().pdf)
    assert "for the Taft Street sidewalk." in first.content[0].value
    assert first.content[0].type == "text/html"
    assert "Published in Palmyra Enterprise on 2026-12-03, 2026-12-10" in first.summary
    assert [t.term for t in third.tags] == ["Class 1 notice"]
    assert second.updated == "2026-12-08T00:00:00Z"


def test_the_json_feed_has_the_1_1_fields_and_attachments(site: Path) -> None:
    feed = json.loads((site / "feed.json").read_text())
    assert feed["version"] == "https://jsonfeed.org/version/1.1"
    assert feed["title"] == "Village of Palmyra: public notices"
    assert feed["home_page_url"] == BASE_URL + "index.html"
    assert feed["feed_url"] == BASE_URL + "feed.json"
    first = feed["items"][0]
    assert first["url"] == BASE_URL + "PA-D-2026-00012/"
    assert first["title"] == "Notice of Hearing on Special Assessments"
    assert first["date_published"] == "2026-12-03T00:00:00Z"
    assert first["date_modified"] == "2026-12-10T00:00:00Z"
    assert first["content_html"].startswith("<p>NOTICE OF HEARING</p>")
    assert first["attachments"] == [
        {
            "url": BASE_URL + "PA-D-2026-00012/PA-D-2026-00012.pdf",
            "mime_type": "application/pdf",
            "title": "Notice of Hearing on Special Assessments (PDF)",
            "size_in_bytes": len(hearing().pdf),
        }
    ]
    atom = feedparser.parse((site / "feed.atom").read_bytes())
    assert [item["id"] for item in feed["items"]] == [entry.id for entry in atom.entries]


def test_without_an_address_the_feeds_link_relatively_and_a_reader_resolves_them(
    tmp_path: Path,
) -> None:
    write_site([hearing()], tmp_path, settings(base_url=None), generated=GENERATED)
    atom = (tmp_path / "feed.atom").read_bytes()
    assert b"https://" not in atom.replace(b"http://www.w3.org/", b"")
    # A reader resolves them against the address it fetched the feed from.
    served_at = "https://elsewhere.example/village/notices/feed.atom"
    feed = feedparser.parse(atom, response_headers={"content-location": served_at})
    assert feed.entries[0].link == "https://elsewhere.example/village/notices/PA-D-2026-00012/"
    assert feed.entries[0].enclosures[0].href == (
        "https://elsewhere.example/village/notices/PA-D-2026-00012/PA-D-2026-00012.pdf"
    )
    json_feed = json.loads((tmp_path / "feed.json").read_text())
    assert "home_page_url" not in json_feed and "feed_url" not in json_feed
    assert json_feed["items"][0]["url"] == "PA-D-2026-00012/"


def test_a_notices_feed_id_stays_the_same_when_the_site_moves(tmp_path: Path) -> None:
    ids = []
    for base_url in (BASE_URL, "https://www.palmyra-wi.gov/public-notices/", None):
        out = tmp_path / str(len(ids))
        write_site([hearing()], out, settings(base_url=base_url), generated=GENERATED)
        ids.append(feedparser.parse((out / "feed.atom").read_bytes()).entries[0].id)
    assert len(set(ids)) == 1


# Hostile text and private facts

HOSTILE = "<script>alert(1)</script> {{7*7}} </title> \u202eevil\u200f & 'quotes\""


def test_hostile_text_prints_literally_on_every_page_and_in_both_feeds(tmp_path: Path) -> None:
    notice = hearing(
        title="Notice " + HOSTILE,
        kind="Kind " + HOSTILE,
        newspaper="Paper " + HOSTILE,
        paragraphs=("Para " + HOSTILE,),
        event_words="Event " + HOSTILE,
        sections=("§ " + HOSTILE,),
    )
    write_site(
        [notice], tmp_path, settings(title="Site " + HOSTILE, noindex=True), generated=GENERATED
    )
    for page in pages(tmp_path):
        root = parse(page)
        assert tags(root, "script") == [], page
        title = text_of(tags(root, "title")[0])
        assert title.endswith(("Site " + HOSTILE, "\u2068Site " + HOSTILE + "\u2069")), page
        raw = page.read_text()
        assert "<script>" not in raw and "49" not in raw, page
        assert "&lt;script&gt;alert(1)&lt;/script&gt; {{7*7}} &lt;/title&gt;" in raw, page
    notice_page = parse(tmp_path / notice.slug / "index.html")
    assert text_of(tags(notice_page, "h1")[0]) == "Notice " + HOSTILE
    # Where no <bdi> may go, Unicode's isolates keep the override inside the title's words.
    assert text_of(tags(notice_page, "title")[0]) == (
        "\u2068Notice " + HOSTILE + "\u2069: \u2068Site " + HOSTILE + "\u2069"
    )
    texts = [text_of(p) for p in tags(notice_page, "p")]
    assert "Para " + HOSTILE in texts
    # The direction override is isolated: it cannot reorder "(PDF, 1 KB)" after the title.
    (pdf_link,) = [a for a in tags(notice_page, "a") if a.get("type") == "application/pdf"]
    assert [text_of(b) for b in pdf_link.iter(XHTML + "bdi")] == [
        "Notice " + HOSTILE,
        "Paper " + HOSTILE,
    ]
    atom = feedparser.parse((tmp_path / "feed.atom").read_bytes())
    assert not atom.bozo
    assert atom.entries[0].title == "Notice " + HOSTILE
    assert atom.feed.title == "Site " + HOSTILE
    json_feed = json.loads((tmp_path / "feed.json").read_text())
    assert json_feed["items"][0]["title"] == "Notice " + HOSTILE
    assert "&lt;script&gt;" in json_feed["items"][0]["content_html"]
    assert "<script>" not in json_feed["items"][0]["content_html"]


@dataclasses.dataclass(frozen=True)
class NoticeWithCaseFile(PublicNotice):
    """What a careless caller might hand over: the public notice with the case's private facts."""

    owner_telephone: str = "608-555-0142"
    owner_email: str = "owner@private.example"
    case_notes: str = "Owner said the dog bites; gate code 4417."


def test_private_facts_riding_along_on_a_notice_reach_no_file(tmp_path: Path) -> None:
    public = hearing()
    careless = NoticeWithCaseFile(
        **{f.name: getattr(public, f.name) for f in dataclasses.fields(public)}
    )
    write_site([careless], tmp_path, settings(), generated=GENERATED)
    for path, data in written_bytes(tmp_path).items():
        for private in ("608-555-0142", "owner@private.example", "dog bites", "4417"):
            assert private.encode() not in data, (path, private)


def test_every_word_on_a_notice_page_comes_from_the_notice_or_the_page_itself(
    tmp_path: Path,
) -> None:
    # Two notices differing in every field: what one's page prints of the other is nothing.
    other = elm_notice()
    write_site([hearing(), other], tmp_path, settings(), generated=GENERATED)
    page = (tmp_path / "PA-D-2026-00012" / "index.html").read_text()
    for value in (other.title, *other.paragraphs, *other.sections, other.slug):
        assert value not in page


# The browser


@pytest.fixture
def served(site: Path) -> Iterator[str]:
    class Quiet(SimpleHTTPRequestHandler):
        def log_message(self, format: str, *args: object) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), partial(Quiet, directory=str(site)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


def test_the_site_opens_in_chromium_and_every_notice_link_and_pdf_works(
    served: str,
    browser,
    tmp_path: Path,
) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    browser.get(served + "index.html")
    assert browser.find_element(By.TAG_NAME, "h1").text == "Village of Palmyra: public notices"
    # The stylesheet applied (the page's text colour is --text, not the browser's black).
    assert (
        browser.execute_script("return getComputedStyle(document.documentElement).color")
        == "rgb(27, 27, 27)"
    )
    # The first Tab lands on the skip link, which shows itself on the page.
    browser.find_element(By.TAG_NAME, "body").send_keys(Keys.TAB)
    active = browser.switch_to.active_element
    assert active.text == "Skip to main content"
    assert active.rect["x"] >= 0
    browser.save_screenshot(str(tmp_path / "index.png"))

    links = browser.find_elements(By.CSS_SELECTOR, "ol.notices a")
    targets = [(link.get_attribute("href"), link.text) for link in links]
    assert len(targets) == 3
    for href, title in targets:
        browser.get(href)
        assert browser.find_element(By.TAG_NAME, "h1").text == title
        pdf = browser.find_element(By.CSS_SELECTOR, 'a[type="application/pdf"]')
        pdf_url = pdf.get_attribute("href")
        assert pdf_url == urljoin(href, urlsplit(href).path.split("/")[-2] + ".pdf")
        with urllib.request.urlopen(pdf_url) as answer:
            assert answer.status == 200
            assert answer.headers["Content-Type"] == "application/pdf"
            assert answer.read().startswith(b"%PDF-")
    browser.save_screenshot(str(tmp_path / "notice.png"))

    # At 200% zoom (half the width), the text reflows: nothing scrolls sideways.
    browser.set_window_size(640, 900)
    browser.get(targets[0][0])
    assert browser.execute_script(
        "return document.documentElement.scrollWidth <= document.documentElement.clientWidth"
    )
    browser.save_screenshot(str(tmp_path / "notice-narrow.png"))
    problems = [entry for entry in browser.get_log("browser") if entry["level"] != "INFO"]
    assert problems == []
