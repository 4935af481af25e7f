"""WeasyPrint behind a fetcher that serves only the letterhead's own files."""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader

from noticeclerk.exceptions import ConfigError
from noticeclerk.generators.pdf import render_pdf

PAGE = """<!DOCTYPE html><html><head><meta charset="utf-8"><title>Test notice</title>
<meta name="author" content="Village of Example">
<meta name="dcterms.created" content="2026-01-05">
<style>{style}</style></head><body>{body}</body></html>"""

SEAL = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>'


@pytest.fixture
def letterhead(tmp_path):
    folder = tmp_path / "letterheads" / "example"
    folder.mkdir(parents=True)
    (folder / "seal.svg").write_text(SEAL, encoding="utf-8")
    (tmp_path / "secret.txt").write_text("root:x:0:0 secret", encoding="utf-8")
    return folder


def pdf_text(data: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(data)).pages)


def test_case_data_that_looks_like_a_file_link_prints_as_text(letterhead):
    body = "<p>Owner: &lt;img src=&#34;file:///etc/passwd&#34;&gt;</p>"
    text = pdf_text(render_pdf(PAGE.format(style="", body=body), [letterhead], identifier="D-1"))
    assert '<img src="file:///etc/passwd">' in text
    assert "root:" not in text


@pytest.mark.parametrize(
    "style",
    [
        "body { background: url(file:///etc/passwd) }",
        "body { background: url(../secret.txt) }",
        "body { background: url(https://example.com/x.png) }",
        "body { background: url(data:image/png;base64,iVBORw0KGgo=) }",
        "@import url(file:///etc/passwd);",
    ],
)
def test_a_template_asking_for_anything_but_letterhead_files_stops_the_render(letterhead, style):
    with pytest.raises(ConfigError, match="only the letterhead's own files may be used"):
        render_pdf(PAGE.format(style=style, body="<p>x</p>"), [letterhead], identifier="D-1")


def test_an_image_outside_the_letterhead_folder_stops_the_render(letterhead):
    body = '<img src="../../secret.txt">'
    with pytest.raises(ConfigError, match=r"secret\.txt"):
        render_pdf(PAGE.format(style="", body=body), [letterhead], identifier="D-1")


def test_the_seal_is_served_from_the_letterhead_folder(letterhead):
    data = render_pdf(
        PAGE.format(style="", body='<img src="seal.svg"><p>Sealed</p>'),
        [letterhead],
        identifier="D-1",
    )
    assert "Sealed" in pdf_text(data)


def test_metadata_comes_from_the_document_and_two_renders_are_identical(letterhead):
    html = PAGE.format(style="", body="<p>Same every time</p>")
    first = render_pdf(html, [letterhead], identifier="D-1")
    second = render_pdf(html, [letterhead], identifier="D-1")
    assert first == second
    info = PdfReader(io.BytesIO(first)).metadata
    assert info.title == "Test notice"
    assert info.author == "Village of Example"
    assert info["/CreationDate"].startswith("D:20260105")
