"""Hostile workspace overrides against the printers: nothing fetched, nothing read from outside
the content folders, a bounded template sandbox, a seal drawn whole, long words wrapped."""

from __future__ import annotations

import io
import shutil
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from clerk import CASEBOOK, LUCK_SNOW_NOTICE, clerk_at
from click.testing import CliRunner
from docx import Document
from PIL import Image
from pypdf import PdfReader

from noticeclerk.cli import cli
from noticeclerk.exceptions import ConfigError
from noticeclerk.generators import html as html_generator
from noticeclerk.generators.html import make_environment, render_html

REPOSITORY = Path(__file__).resolve().parent.parent
CASE = CASEBOOK / "luck" / "snow-ice-nonhazardous.toml"
LETTER_CSS = (REPOSITORY / "templates" / "letter.css").read_text(encoding="utf-8")
SEAL = (REPOSITORY / "letterheads" / "luck" / "seal.svg").read_text(encoding="utf-8")


class Listener:
    """An HTTP server on 127.0.0.1 that answers everything and counts what it was asked."""

    def __init__(self) -> None:
        self.requests: list[str] = []
        listener = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                listener.requests.append(self.path)
                self.send_response(200)
                self.send_header("Content-Type", "text/css")
                self.end_headers()
                self.wfile.write(b"p { color: red }")

            def log_message(self, *args: object) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"


@pytest.fixture
def listener() -> Iterator[Listener]:
    found = Listener()
    thread = threading.Thread(target=found.server.serve_forever, daemon=True)
    thread.start()
    yield found
    found.server.shutdown()
    found.server.server_close()


def render(workspace: Path, out: Path, *formats: str) -> object:
    chosen = ("--format", ",".join(formats)) if formats else ()
    arguments = ["--workspace", str(workspace), "render", str(CASE), *chosen, "--out", str(out)]
    return CliRunner().invoke(cli, arguments)


def refused_in_one_sentence(result: object, *words: str) -> str:
    assert result.exit_code == 1, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    message = result.output.strip()
    assert message.startswith("Error: ") and "\n" not in message, message
    for word in words:
        assert word in message, message
    return message


def write(path: Path, text: str | bytes) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return path


# --- Item 1: every stylesheet and every seal goes through the letterhead-only fetcher.


def hostile_workspaces(root: Path, url: str) -> dict[str, Path]:
    """One workspace per way an override could reach the listener."""
    overrides = {
        "import": ("templates/letter.css", f"@import url({url}/import.css);\n{LETTER_CSS}"),
        "background": (
            "templates/letter.css",
            f"{LETTER_CSS}\n.unused {{ background: url({url}/background.png) }}\n",
        ),
        "quoted-url": (
            "templates/letter.css",
            f'{LETTER_CSS}\nbody {{ cursor: url("{url}/c") }}\n',
        ),
        "seal-image": (
            "letterheads/luck/seal.svg",
            SEAL.replace("</svg>", f'<image href="{url}/seal.png" width="9" height="9"/></svg>'),
        ),
        "seal-xlink": (
            "letterheads/luck/seal.svg",
            SEAL.replace("<svg ", '<svg xmlns:xlink="http://www.w3.org/1999/xlink" ').replace(
                "</svg>", f'<use xlink:href="{url}/use.svg#a"/></svg>'
            ),
        ),
        "seal-style": (
            "letterheads/luck/seal.svg",
            SEAL.replace("</svg>", f"<style>@import url({url}/seal.css);</style></svg>"),
        ),
        "template": (
            "templates/partials/re_block.html.j2",
            f'<img src="{url}/template.png" alt="">',
        ),
    }
    workspaces = {}
    for name, (relative, text) in overrides.items():
        write(root / name / relative, text)
        workspaces[name] = root / name
    return workspaces


def test_nothing_in_a_workspace_override_reaches_a_local_listener(tmp_path, listener):
    for name, workspace in hostile_workspaces(tmp_path / "ws", listener.url).items():
        for formats in (("pdf",), ("docx",), ()):
            result = render(workspace, tmp_path / "out", *formats)
            if name == "template" and formats == ("docx",):
                # The Word copy reads images from the letterhead folder by name only.
                refused_in_one_sentence(result, "only the letterhead's own files may be used")
            else:
                refused_in_one_sentence(result, listener.url)
            assert listener.requests == [], (name, formats, listener.requests)
            assert not (tmp_path / "out").exists(), (name, formats)


def test_issue_refuses_a_stylesheet_that_imports_from_the_network(tmp_path, listener):
    clerk = clerk_at(tmp_path, CliRunner(), "luck")
    write(clerk.office / "templates" / "letter.css", f"@import url({listener.url}/x.css);\n")
    clerk(*LUCK_SNOW_NOTICE, today="2026-12-23")
    result = clerk("issue", "LU-C-2026-0001", today="2026-12-23", ok=False)
    refused_in_one_sentence(result, f"{listener.url}/x.css")
    assert listener.requests == []


@pytest.mark.parametrize(
    "rule",
    [
        "body { background: url(file:///etc/passwd) }",
        ".never-used { background-image: url('file:///etc/passwd') }",
        '@font-face { font-family: "Liberation Serif"; src: url(file:///etc/passwd) }',
        "@import 'file:///etc/passwd';",
        "body { background: url(../../letterheads/luck/seal.svg) }",
    ],
)
def test_a_letter_stylesheet_naming_any_file_or_url_is_refused_by_name(tmp_path, rule):
    workspace = tmp_path / "ws"
    write(workspace / "templates" / "letter.css", f"{rule}\n{LETTER_CSS}")
    result = render(workspace, tmp_path / "out")
    message = refused_in_one_sentence(result)
    assert "passwd" in message or "seal.svg" in message
    assert not (tmp_path / "out").exists()


# --- Item 3: content files stay inside their folders once links are followed.


@pytest.mark.parametrize(
    "relative",
    [
        "templates/partials/address_block.html.j2",
        "templates/letter.css",
        "letterheads/luck/letterhead.toml",
        "notices/luck/snow-ice-nonhazardous.toml",
    ],
)
def test_a_content_file_linked_out_of_its_folder_is_refused(tmp_path, relative):
    secret = write(tmp_path / "secret.txt", "root:x:0:0:the secret line\n")
    workspace = tmp_path / "ws"
    link = workspace / relative
    link.parent.mkdir(parents=True)
    link.symlink_to(secret)
    result = render(workspace, tmp_path / "out")
    message = refused_in_one_sentence(result, relative.split("/")[-1], "leads outside")
    assert "secret line" not in message
    assert not (tmp_path / "out").exists()


def test_a_template_linked_to_another_inside_the_folder_still_prints(tmp_path):
    workspace = tmp_path / "ws"
    partials = workspace / "templates" / "partials"
    write(partials / "own_re_block.html.j2", "<p>Our own reference block.</p>")
    (partials / "re_block.html.j2").symlink_to(partials / "own_re_block.html.j2")
    result = render(workspace, tmp_path / "out", "pdf")
    assert result.exit_code == 0, result.output
    pdf = next((tmp_path / "out").rglob("*.pdf"))
    assert "Our own reference block." in pdf_lines(pdf.read_bytes())


# --- Item 9: the sandbox is bounded.


@pytest.fixture
def template_folder(tmp_path, monkeypatch) -> Path:
    monkeypatch.setattr(html_generator, "RENDER_SECONDS", 2.0, raising=False)
    (tmp_path / "templates").mkdir()
    return tmp_path


@pytest.mark.parametrize(
    "source",
    [
        "{% for x in range(10**9) %}x{% endfor %}",
        "{% for x in range(5000) %}{% for y in range(5000) %}{{ 'xy' }}{% endfor %}{% endfor %}",
        "{% for x in range(10000) %}{% for y in range(10000) %}{% endfor %}{% endfor %}",
        "{{ 'x' * 10**9 }}",
        "{{ [0] * 10**9 }}",
        "{{ 10 ** (10 ** 9) }}",
        "{{ lipsum(10**5) }}",
        "{{ '%*d' | format(10**9, 1) }}",
        "{{ '%*d' % (10**9, 1) }}",
        "{{ '{:>1000000000}'.format(1) }}",
        "{{ '{:>{w}}'.format(1, w=10**9) }}",
        "{{ 'x' | center(10**9) }}",
        "{{ 'x'.ljust(10**9) }}",
        "{{ ('x' * 100000) | replace('x', 'y' * 1000) }}",
        "{% macro again() %}{{ again() }}{% endmacro %}{{ again() }}",
    ],
)
def test_a_template_that_would_hang_or_exhaust_memory_is_refused_by_name(template_folder, source):
    write(template_folder / "templates" / "runaway.html.j2", source)
    environment = make_environment(template_folder)
    with pytest.raises(ConfigError, match=r"^runaway\.html\.j2: ") as refused:
        render_html("runaway.html.j2", {}, environment=environment)
    assert "\n" not in str(refused.value)


def test_a_runaway_loop_in_a_partial_names_the_document_being_rendered(template_folder):
    write(template_folder / "templates" / "loop.html.j2", "{% for x in range(10**8) %}{% endfor %}")
    write(template_folder / "templates" / "letter.html.j2", "{% include 'loop.html.j2' %}")
    with pytest.raises(ConfigError, match=r"^letter\.html\.j2: loops over 100,000,000"):
        render_html("letter.html.j2", {}, environment=make_environment(template_folder))


def test_the_sandbox_still_does_the_small_arithmetic_a_template_may_need(template_folder):
    source = "{{ 2 ** 10 }} {{ '%s-%05d' % ('A', 7) }} {{ '-' * 3 }} {{ range(3) | list }}"
    write(template_folder / "templates" / "small.html.j2", source)
    printed = render_html("small.html.j2", {}, environment=make_environment(template_folder))
    assert printed == "1024 A-00007 --- [0, 1, 2]"


# --- Item 10: a seal that cannot be drawn stops both formats before anything is written.


def whole_png() -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", (64, 64), "navy").save(buffer, "PNG")
    return buffer.getvalue()


@pytest.mark.parametrize("formats", [("pdf",), ("docx",), ("pdf", "docx")])
@pytest.mark.parametrize(
    "broken",
    [
        SEAL[: len(SEAL) // 2],
        "not an image at all",
        '<svg xmlns="http://www.w3.org/2000/svg"><rect width="1"',
    ],
)
def test_a_corrupt_seal_svg_stops_the_render_naming_the_seal(tmp_path, formats, broken):
    workspace = tmp_path / "ws"
    write(workspace / "letterheads" / "luck" / "seal.svg", broken)
    result = render(workspace, tmp_path / "out", *formats)
    refused_in_one_sentence(result, "seal.svg", "is not a readable SVG image")
    assert not (tmp_path / "out").exists()


def test_a_truncated_png_drawn_for_word_stops_the_word_copy_naming_it(tmp_path):
    workspace = tmp_path / "ws"
    data = whole_png()
    write(workspace / "letterheads" / "luck" / "seal.svg", SEAL)
    write(workspace / "letterheads" / "luck" / "seal.png", data[: len(data) - 20])
    result = render(workspace, tmp_path / "out", "docx")
    refused_in_one_sentence(result, "seal.png", "cannot be drawn")
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("formats", [("pdf",), ("docx",)])
def test_a_truncated_png_seal_stops_either_format_naming_it(tmp_path, formats):
    workspace = tmp_path / "ws"
    letterhead = (REPOSITORY / "letterheads" / "luck" / "letterhead.toml").read_text()
    assert 'seal = "seal.svg"' in letterhead
    write(
        workspace / "letterheads/luck/letterhead.toml", letterhead.replace("seal.svg", "seal.png")
    )
    data = whole_png()
    write(workspace / "letterheads" / "luck" / "seal.png", data[: len(data) - 20])
    result = render(workspace, tmp_path / "out", *formats)
    refused_in_one_sentence(result, "seal.png", "cannot be drawn")
    assert not (tmp_path / "out").exists()


def test_a_whole_png_drawn_for_word_is_used(tmp_path):
    workspace = tmp_path / "ws"
    write(workspace / "letterheads" / "luck" / "seal.svg", SEAL)
    write(workspace / "letterheads" / "luck" / "seal.png", whole_png())
    result = render(workspace, tmp_path / "out", "docx")
    assert result.exit_code == 0, result.output
    document = Document(str(next((tmp_path / "out").rglob("*.docx"))))
    pictures = [part for part in document.part.package.parts if "image" in part.content_type]
    assert [part.blob for part in pictures] == [whole_png()]


# --- Item 11 (long words): a word longer than the line wraps.

LONG_WORD = "W" * 5000


def long_word_case(tmp_path: Path) -> Path:
    text = CASE.read_text(encoding="utf-8")
    # A case file's roll lies beside it (issue 13 item 2), so the sample roll comes along.
    shutil.copy(CASEBOOK / "luck" / "roll.csv", tmp_path / "roll.csv")
    location = 'sidewalk_location = "along the Main Street frontage of 210 Main Street"'
    assert location in text
    return write(
        tmp_path / "long.toml", text.replace(location, f'sidewalk_location = "{LONG_WORD}"')
    )


def pdf_lines(data: bytes) -> list[str]:
    reader = PdfReader(io.BytesIO(data))
    return [line for page in reader.pages for line in page.extract_text().splitlines()]


def test_a_five_thousand_character_word_wraps_inside_the_pdf_page(tmp_path):
    case = long_word_case(tmp_path)
    result = CliRunner().invoke(cli, ["render", str(case), "--out", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    lines = pdf_lines(next((tmp_path / "out").rglob("*.pdf")).read_bytes())
    pieces = [line.strip() for line in lines if set(line.strip()) == {"W"}]
    # About 70 capital Ws fill a line of the letter; unwrapped, one line holds all 5,000.
    assert pieces and max(len(piece) for piece in pieces) < 120
    assert sum(len(piece) for piece in pieces) + sum(
        line.count("W") for line in lines if set(line.strip()) != {"W"} and "WWW" in line
    ) >= len(LONG_WORD)


def test_a_five_thousand_character_word_reaches_word_whole_for_word_to_break(tmp_path):
    # Word breaks a word longer than its line at the margin, and the letter's tables have a
    # fixed layout, so the Word copy carries the word as it is, with nothing inserted.
    case = long_word_case(tmp_path)
    result = CliRunner().invoke(
        cli, ["render", str(case), "--format", "docx", "--out", str(tmp_path / "out")]
    )
    assert result.exit_code == 0, result.output
    document = Document(str(next((tmp_path / "out").rglob("*.docx"))))
    assert any(LONG_WORD in paragraph.text for paragraph in document.paragraphs)
