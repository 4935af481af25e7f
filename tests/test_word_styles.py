"""The style map the Word copy follows, held to letter.css, and stylesheets that stray refused."""

from __future__ import annotations

from pathlib import Path

import pytest

from noticeclerk.exceptions import ConfigError
from noticeclerk.generators.styles import (
    STYLES,
    Border,
    check_stylesheet,
    read_stylesheet,
    stylesheet_disagreements,
)
from noticeclerk.render import render_case

LETTER_CSS = Path(__file__).resolve().parents[1] / "templates" / "letter.css"


def letter_css() -> str:
    return LETTER_CSS.read_text(encoding="utf-8")


def test_letter_css_says_what_the_style_map_says_for_every_mapped_selector():
    assert stylesheet_disagreements(letter_css()) == []


def test_every_mapped_selector_is_in_letter_css():
    assert set(STYLES) <= set(read_stylesheet(letter_css()))


def test_a_font_size_that_differs_is_named_with_its_selector_and_property():
    css = letter_css().replace(".small { font-size: 9pt; }", ".small { font-size: 10pt; }")
    [found] = stylesheet_disagreements(css)
    assert (found.selector, found.property) == (".small", "font-size")
    assert (found.stylesheet, found.word) == ("10pt", "9pt")


def test_a_shorthand_is_read_property_by_property():
    css = letter_css().replace("font: bold 15pt", "font: 15pt")
    [found] = stylesheet_disagreements(css)
    assert (found.selector, found.property) == (".letterhead .village-name", "font-weight")
    assert (found.stylesheet, found.word) == ("normal", "bold")


def test_a_selector_sharing_a_rule_with_another_is_checked_on_its_own():
    css = letter_css().replace(
        "table.costs td.amount, table.costs th.amount { text-align: right;",
        "table.costs td.amount { text-align: right; white-space: nowrap; }\n"
        "table.costs th.amount { text-align: left;",
    )
    [found] = stylesheet_disagreements(css)
    assert (found.selector, found.property, found.stylesheet) == (
        "table.costs th.amount",
        "text-align",
        "left",
    )


def test_a_declaration_the_map_expects_and_the_stylesheet_drops_is_a_disagreement():
    css = letter_css().replace(
        "page-break-inside: avoid; break-before: avoid; font-size: 10pt;",
        "break-before: avoid; font-size: 10pt;",
    )
    [found] = stylesheet_disagreements(css)
    assert (found.selector, found.property, found.stylesheet, found.word) == (
        ".jurat",
        "break-inside",
        "nothing",
        "avoid",
    )


def test_a_selector_outside_the_map_that_sets_what_word_honours_is_a_disagreement():
    [found] = stylesheet_disagreements(letter_css() + "\nh1.title { color: red; }\n")
    assert (found.selector, found.property, found.stylesheet) == ("h1.title", "color", "#FF0000")


def test_properties_word_does_not_follow_may_change_freely():
    css = letter_css() + "\n.docnumber { string-set: docnumber content(); hyphens: auto; }\n"
    assert stylesheet_disagreements(css) == []


def test_lengths_in_other_units_that_come_to_the_same_points_agree():
    css = letter_css().replace(".small { font-size: 9pt; }", ".small { font-size: 12px; }")
    assert stylesheet_disagreements(css) == []


def test_page_margins_and_borders_are_read_from_their_at_rules_and_shorthands():
    declared = read_stylesheet(letter_css())
    assert declared["@page :first"].margin_top == pytest.approx(36.0)
    assert declared[".deadline"].border_left == Border(1.25, "000000")
    assert declared["table.costs tr.total td"].border_bottom == Border(0.0, "none")


def test_a_stylesheet_that_strays_is_refused_in_one_sentence_naming_file_selector_property(
    tmp_path,
):
    path = tmp_path / "letter.css"
    path.write_text(letter_css().replace("h1 { font-size: 13.5pt;", "h1 { font-size: 20pt;"))
    with pytest.raises(ConfigError) as caught:
        check_stylesheet(path)
    message = str(caught.value)
    assert str(path) in message and "'h1'" in message and "font-size" in message
    assert message.count(". ") == 0 and "\n" not in message


# ---------------------------------------------------------------------------------------------
# A workspace's own stylesheet and templates, at render time.

REPO = Path(__file__).resolve().parents[1]
CASE = REPO / "casebook" / "palmyra" / "house-numbering-notice.toml"
TEMPLATE = "documents/house_numbering_notice.html.j2"


def workspace_with(tmp_path: Path, relative: str, text: str) -> Path:
    workspace = tmp_path / "office"
    target = workspace / "templates" / relative
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(text, encoding="utf-8")
    return workspace


def test_a_workspace_letter_css_changing_what_word_follows_is_refused_naming_it(tmp_path):
    css = letter_css().replace("h1 { font-size: 13.5pt;", "h1 { font-size: 20pt;")
    workspace = workspace_with(tmp_path, "letter.css", css)
    with pytest.raises(ConfigError) as caught:
        render_case(CASE, workspace=workspace)
    message = str(caught.value)
    assert message.startswith(str(workspace / "templates" / "letter.css"))
    assert "'h1' has font-size 20pt where the Word copy has 13.5pt" in message


def test_a_workspace_letter_css_changing_only_what_word_does_not_follow_renders_both(tmp_path):
    css = letter_css().replace("hyphens: none;", "hyphens: manual;")
    workspace = workspace_with(tmp_path, "letter.css", css)
    rendered = render_case(CASE, workspace=workspace)
    assert set(rendered.files) == {"pdf", "docx"}


def test_a_template_with_a_style_block_is_refused_naming_the_template(tmp_path):
    text = (REPO / "templates" / TEMPLATE).read_text(encoding="utf-8")
    text = text.replace("{% block body %}", "{% block body %}\n<style>h1 { color: red; }</style>")
    workspace = workspace_with(tmp_path, TEMPLATE, text)
    with pytest.raises(ConfigError, match=r"has a <style> block") as caught:
        render_case(CASE, workspace=workspace, formats=("docx",))
    assert str(caught.value).startswith(TEMPLATE)


def test_no_shipped_template_carries_a_style_block():
    templates = (REPO / "templates").rglob("*.j2")
    assert [t.name for t in templates if "<style" in t.read_text(encoding="utf-8")] == []
