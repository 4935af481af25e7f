"""Generated names, addresses and free text in a few notice types: the PDF and the Word copy
carry the same words in the same order, whatever letters the case is written in."""

from __future__ import annotations

import re
import tempfile
from html import unescape
from pathlib import Path

from document_text import docx_words, legal_status, pdf_body_words
from hostile_cases import REPO, first_case_of_each_notice_type, hostile_case
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from noticeclerk.render import Renderer

# One notice type of each village, with a list, cost lines and free text among them.
NOTICE_TYPES = {
    ("village-a", "directive-to-comply"),
    ("village-b", "notice-to-repair-sidewalk"),
    ("luck", "faulty-work-notice"),
    ("palmyra", "dangerous-tree-order"),
    ("tuckahoe", "snow-removal-bill"),
}
SAMPLES = [
    case
    for case in first_case_of_each_notice_type()
    if (case.parent.name, case.stem) in NOTICE_TYPES
]

# Letters the installed fonts draw, of the scripts names in a village office come in: Latin
# with its accents, Greek, Cyrillic, and (below) Hebrew and Arabic.
LEFT_TO_RIGHT = (
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
    "ÀÁÂÃÄÅÆÇÈÉÊËÌÍÎÏÑÒÓÔÕÖØÙÚÛÜÝßàáâãäåæçèéêëìíîïñòóôõöøùúûüýÿ"
    "ĀāĂăĆćČčĎđĒēĘęĚěĞğĪīİıŁłŃńŇňŌōŐőŒœŘřŚśŞşŠšŢţŤťŪūŮůŰűŹźŻżŽž"
    "ΑΒΓΔΕΖΗΘΙΚΛΜΝΞΟΠΡΣΤΥΦΧΨΩαβγδεζηθικλμνξοπρστυφχψωάέήίόύώ"
    "АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯабвгдеёжзийклмнопрстуфхцчшщъыьэюя"
)
HEBREW = "אבגדהוזחטיכלמנסעפצקרשתםןףץך"
ARABIC = "ابتثجحخدذرزسشصضطظعغفقكلمنهوي"
# Punctuation a name or a sentence carries inside or after a word. No full stop after a
# number ("12." at a line's start reads as a list number) and no dash a line may break after.
INSIDE = "'-&"
AFTER = ",;:?!)"

# A word begins with a letter: a number after a right-to-left word belongs to its run (the
# Unicode bidirectional algorithm prints "1" of "א 1e5" left of the Hebrew, in both formats).
left_to_right_word = st.builds(
    lambda first, letters, inside, more, after: first + letters + inside + more + after,
    st.sampled_from(re.sub(r"[0-9]", "", LEFT_TO_RIGHT)),
    st.text(LEFT_TO_RIGHT, max_size=11),
    st.sampled_from(["", *INSIDE]),
    st.text(LEFT_TO_RIGHT, min_size=1, max_size=8),
    st.sampled_from(["", "", *AFTER]),
)
right_to_left_word = st.text(HEBREW, min_size=2, max_size=8) | st.text(
    ARABIC, min_size=2, max_size=8
)


@st.composite
def phrase(draw: st.DrawFn, max_words: int) -> str:
    """Words of several scripts; a right-to-left word stands between left-to-right ones, since
    a PDF holds a right-to-left run in the order it is seen and pypdf reads two neighbours back
    swapped (the Word copy keeps the order typed, and so does what prints)."""
    words = [draw(left_to_right_word)]
    for _ in range(draw(st.integers(0, max_words - 1))):
        if draw(st.booleans()):
            words.append(draw(right_to_left_word))
        words.append(draw(left_to_right_word))
    return " ".join(words)


def seal_words(village: str) -> list[str]:
    """The words drawn inside the village's seal: text in the PDF, a picture in the DOCX."""
    svg = (REPO / "letterheads" / village / "seal.svg").read_text(encoding="utf-8")
    return [m.strip() for m in re.findall(r"<text[^>]*>(?:\s*<textPath[^>]*>)?([^<]+)<", svg)]


def without_repeated_heads(words: list[str], html: str) -> list[str]:
    """The PDF's words with a table's head row printed once: WeasyPrint repeats it atop each
    page the table runs onto, and Word does the same from the one row it marks as a head."""
    for head in re.findall(r"<thead>(.*?)</thead>", html, re.S):
        run = unescape(re.sub(r"<[^>]+>", " ", head)).split()
        starts = [i for i in range(len(words)) if words[i : i + len(run)] == run]
        for start in reversed(starts[1:]):
            del words[start : start + len(run)]
    return words


# A run of right-to-left letters, or of anything else.
_DIRECTION_RUN = re.compile(r"[\u0590-\u08ff]+|[^\u0590-\u08ff]+")


def by_direction(words: list[str]) -> list[str]:
    """Words split where the direction changes: pypdf reads a Hebrew word back with the space
    after it moved away (the PDF holds the space where it prints), joining it to the next."""
    return [run for word in words for run in _DIRECTION_RUN.findall(word)]


RENDERER = Renderer()


@settings(
    max_examples=40,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(
    sample=st.sampled_from(SAMPLES),
    name=phrase(4),
    street=phrase(4),
    texts=st.lists(phrase(12), min_size=1, max_size=4),
)
def test_the_pdf_and_the_docx_carry_the_same_words_for_any_case_text(sample, name, street, texts):
    with tempfile.TemporaryDirectory() as folder:
        case = hostile_case(sample, Path(folder), texts, name, address=[street])
        document = RENDERER.render(case.path)
    pdf = pdf_body_words(
        document.files["pdf"],
        drop=seal_words(sample.parent.name),
        running=legal_status(document.html),
    )
    docx = docx_words(document.files["docx"])
    assert by_direction(without_repeated_heads(pdf, document.html)) == by_direction(docx)
