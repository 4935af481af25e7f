"""Hostile text in a case (template syntax, markup, style sheet URLs, Word XML, long words,
many lines, quotes, other scripts, control characters), through the real template of every
notice type: each document prints it literally in the PDF and the DOCX, or refuses the case in
one sentence."""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path

import pytest
from document_text import pdf_pages
from hostile_cases import (
    HostileCase,
    docx_squeezed,
    first_case_of_each_notice_type,
    hostile_case,
    html_text,
    pdf_pieces,
    pdf_squeezed,
    squeezed,
)

from noticeclerk.exceptions import NoticeclerkError
from noticeclerk.render import Rendered, Renderer

JINJA = "{{ 7*7 }} {% raw %} {# not a comment {{ village.name }}"
HTML = "<b>x</b> <script>alert(1)</script> &amp; &lt; <img src=http://127.0.0.1:9/x.png>"
CSS = "url(http://127.0.0.1:9/x.css) </style> <style>p{color:red}</style> @import"
WORD = '<w:t>x</w:t> <w:br/> <w:r><w:t xml:space="preserve">y</w:t></w:r>'
QUOTES = """"double" 'single' “curly” back\\slash \\n \\\\ ${x} %s"""
# Names the office does write: Arabic and Hebrew (right to left), a combining accent, Greek,
# Cyrillic and an emoji the installed fonts draw. A line of Arabic and Hebrew with only
# punctuation between them is one right-to-left run, which a PDF holds in the order it is seen
# (the later name first): Latin letters keep the two runs apart.
SCRIPTS = "محمد عبد الله · Zoë Müller · דוד כהן · Jose\u0301 · Ελένη · Дмитрий · 😀"
LONG_WORD = "W" * 4998 + "nd"
# In every notice type, a word of a thousand letters, which no line or table cell of any
# template holds: it must wrap there as the 5,000-letter one does in the representative
# types below (and in test_hostile_fetching's PDF page), at a fifth of the pages to render.
LONG_IN_EVERY_TYPE = "W" * 998 + "nd"
PRINTABLE = [JINJA, HTML, CSS, WORD, QUOTES, SCRIPTS, LONG_IN_EVERY_TYPE]
# A recipient's name printed in the address block (upper case) and wherever a template names
# the recipient.
NAME = 'أحمد O\'Brien-כהן "Q" <b>&amp;</b> {{ 7*7 }} Zoë 😀'
MANY_LINES = "\n".join(f"line {n} of ten thousand" for n in range(1, 10_001))

BELL = "Ann\x07 Doe"
ESCAPE = "Ann\x1b[31m Doe"
RIGHT_TO_LEFT_OVERRIDE = "Ann \u202eDoe"
ISOLATE = "Ann \u2067Doe\u2069"
REFUSED = [BELL, ESCAPE, RIGHT_TO_LEFT_OVERRIDE, ISOLATE]

CASES = first_case_of_each_notice_type()


def case_id(case: Path) -> str:
    return f"{case.parent.name}/{case.stem}"


def test_every_notice_type_is_attacked():
    assert len(CASES) == 127


@pytest.fixture(scope="module")
def renderer() -> Renderer:
    return Renderer()


def render_or_refusal(renderer: Renderer, case: HostileCase) -> Rendered | NoticeclerkError:
    try:
        return renderer.render(case.path)
    except NoticeclerkError as refusal:
        return refusal


def assert_one_sentence(refusal: NoticeclerkError) -> None:
    message = str(refusal)
    assert message.strip() and "\n" not in message.strip(), message
    assert "Traceback" not in message


def assert_printed_literally(rendered: Rendered, text: str, where: str) -> None:
    wanted = squeezed(text)
    # The template printed the value escaped: markup is text, never elements or expressions.
    assert wanted in html_text(rendered), ("HTML", where, text[:80])
    pdf = pdf_squeezed(rendered)
    for piece in pdf_pieces(text):
        # The 5,000-letter word wraps over many lines, and in a table cell or a numbered item
        # pypdf reads each line with what stands beside it (the next cell, the item's number);
        # the text around it must be there whole, and every one of its letters.
        for part in re.split(f"{squeezed(LONG_WORD)}|{squeezed(LONG_IN_EVERY_TYPE)}", piece):
            assert part in pdf, ("PDF", where, part[:80])
    assert pdf.count("w") >= squeezed(text).count("w"), ("PDF", where, "letters missing")
    assert wanted in docx_squeezed(rendered), ("DOCX", where, text[:80])


def assert_nothing_interpreted(rendered: Rendered) -> None:
    """No element, expression or stylesheet of the hostile text took effect."""
    html = rendered.html
    assert "<script" not in html and "<w:t>" not in html and "<b>x</b>" not in html
    assert not re.search(r"<img[^>]+127\.0\.0\.1", html)
    assert not re.search(r"<style", html, re.IGNORECASE)


# ---- every notice type, one hostile case each ----------------------------------------------


@pytest.mark.parametrize("sample", CASES, ids=case_id)
def test_every_notice_type_prints_hostile_text_literally_or_refuses_it(sample, renderer, tmp_path):
    case = hostile_case(sample, tmp_path, PRINTABLE, NAME)
    rendered = render_or_refusal(renderer, case)
    if isinstance(rendered, NoticeclerkError):
        assert_one_sentence(rendered)
        return
    assert_nothing_interpreted(rendered)
    for fact, text in case.placed.items():
        assert_printed_literally(rendered, text, f"{sample.stem}: {fact}")
    if squeezed(NAME) in html_text(rendered):
        assert_printed_literally(rendered, NAME, f"{sample.stem}: the recipient's name")


# ---- one string at a time, in a few representative notice types ---------------------------

REPRESENTATIVE = [
    ("village-a", "directive-to-comply"),  # a list of conditions, an owner's directive
    ("luck", "faulty-work-notice"),  # Wisconsin, to a contractor
    ("tuckahoe", "snow-removal-bill"),  # cost lines and an amount due
]
REPRESENTATIVE_CASES = [c for c in CASES if (c.parent.name, c.stem) in REPRESENTATIVE]
ONE_BY_ONE = {
    "jinja": JINJA,
    "html": HTML,
    "css": CSS,
    "word": WORD,
    "quotes": QUOTES,
    "scripts": SCRIPTS,
    "long-word": LONG_WORD,
    "name": NAME,
}


def test_the_hostile_cases_of_the_representative_notice_types_print(renderer, tmp_path):
    # Refusing every hostile case would pass the test over every notice type; these print.
    for sample in REPRESENTATIVE_CASES:
        case = hostile_case(sample, tmp_path, PRINTABLE, NAME)
        assert isinstance(render_or_refusal(renderer, case), Rendered), sample


@pytest.mark.parametrize("text", ONE_BY_ONE.values(), ids=ONE_BY_ONE.keys())
@pytest.mark.parametrize("sample", REPRESENTATIVE_CASES, ids=case_id)
def test_one_hostile_string_in_a_text_fact_prints_as_given(sample, text, renderer, tmp_path):
    case = hostile_case(sample, tmp_path, [text], "Ann Doe", facts=1)
    ((fact, placed),) = case.placed.items()
    rendered = renderer.render(case.path)
    assert_nothing_interpreted(rendered)
    assert_printed_literally(rendered, placed, f"{sample.stem}: {fact}")


def test_a_value_of_ten_thousand_lines_prints_every_line(renderer, tmp_path):
    sample = next(c for c in CASES if case_id(c) == "village-a/directive-to-comply")
    case = hostile_case(sample, tmp_path, [MANY_LINES], "Ann Doe", facts=1)
    rendered = renderer.render(case.path)
    assert_printed_literally(rendered, MANY_LINES, f"{sample.stem}: ten thousand lines")


@pytest.mark.parametrize("text", ONE_BY_ONE.values(), ids=ONE_BY_ONE.keys())
@pytest.mark.parametrize("sample", REPRESENTATIVE_CASES, ids=case_id)
def test_one_hostile_recipient_name_prints_as_given_unless_the_window_cannot_hold_it(
    sample, text, renderer, tmp_path
):
    case = hostile_case(sample, tmp_path, [], text)
    rendered = render_or_refusal(renderer, case)
    if isinstance(rendered, NoticeclerkError):
        # Only a name too long for the envelope window may be refused, and it says so.
        assert text == LONG_WORD, str(rendered)
        assert "more lines than the envelope window shows" in str(rendered)
        assert_one_sentence(rendered)
        return
    assert_printed_literally(rendered, text, f"{sample.stem}: the recipient's name")


@pytest.mark.parametrize(
    "text", REFUSED, ids=["bell", "escape", "right-to-left-override", "direction-isolate"]
)
@pytest.mark.parametrize("where", ["fact", "name"])
@pytest.mark.parametrize("sample", REPRESENTATIVE_CASES, ids=case_id)
def test_control_and_direction_characters_are_refused_in_one_sentence(
    sample, where, text, renderer, tmp_path
):
    if where == "fact":
        case = hostile_case(sample, tmp_path, [text], "Ann Doe", facts=1)
    else:
        case = hostile_case(sample, tmp_path, [], text)
    with pytest.raises(NoticeclerkError) as refusal:
        renderer.render(case.path)
    assert_one_sentence(refusal.value)
    code = f"U+{ord(next(c for c in text if not c.isalnum() and c != ' ')):04X}"
    assert code in str(refusal.value)


@pytest.mark.parametrize(
    "text", [NAME, HTML, QUOTES, SCRIPTS], ids=["name", "html", "quotes", "scripts"]
)
def test_a_hostile_owner_on_the_roll_prints_as_given(text, renderer, tmp_path):
    # The owner of record and the mailing address come from the roll, not the case file.
    sample = next(c for c in CASES if case_id(c) == "village-a/directive-to-comply")
    case = hostile_case(sample, tmp_path, [], "Ann Doe")
    data = case.path.read_text(encoding="utf-8")
    case.path.write_text(data.split("[recipient]")[0], encoding="utf-8")
    roll = case.path.parent / "roll.csv"
    rows = list(csv.reader(io.StringIO(roll.read_text(encoding="utf-8"))))
    for row in rows:
        if row[0] == "0301-02-004":
            row[3], row[4] = text, f"{text}|14 A Street"
    with roll.open("w", encoding="utf-8", newline="") as out:
        csv.writer(out).writerows(rows)
    rendered = renderer.render(case.path)
    assert_nothing_interpreted(rendered)
    assert_printed_literally(rendered, f"{text} {text} 14 A Street", "the owner's name and address")


@pytest.mark.parametrize(
    "name",
    ["李小龍", "अनीता शर्मा", "Ann 👨\u200d👩\u200d👧 Doe"],
    ids=["chinese", "hindi", "emoji-family"],
)
def test_a_name_in_a_script_no_installed_font_draws_prints_or_is_refused(name, renderer, tmp_path):
    sample = next(c for c in CASES if case_id(c) == "village-a/directive-to-comply")
    case = hostile_case(sample, tmp_path, [], name)
    rendered = render_or_refusal(renderer, case)
    if isinstance(rendered, NoticeclerkError):
        assert_one_sentence(rendered)
    else:
        assert_printed_literally(rendered, name, "the recipient's name")


def test_a_five_thousand_letter_word_wraps_within_the_pdf_page(renderer, tmp_path):
    sample = next(c for c in CASES if case_id(c) == "village-a/directive-to-comply")
    case = hostile_case(sample, tmp_path, [LONG_WORD], "Ann Doe", facts=1)
    rendered = renderer.render(case.path)
    lines = [line for page in pdf_pages(rendered.files["pdf"]) for line in page.splitlines()]
    # A line of the body holds about a hundred letters; a clipped word is one line of 5,000.
    assert max(len(line) for line in lines) < 200
    assert_printed_literally(rendered, LONG_WORD, "a long word")
