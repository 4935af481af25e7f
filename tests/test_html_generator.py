"""The sandboxed template environment: literal case data, strict facts, confined template names."""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from noticeclerk.exceptions import ConfigError, InputError
from noticeclerk.generators.html import (
    check_template_name,
    make_environment,
    render_html,
    spell_money,
    unorphaned,
)


@pytest.fixture
def workspace(tmp_path):
    templates = tmp_path / "templates"
    templates.mkdir()
    (templates / "owner.html.j2").write_text("<p>Owner: {{ owner }}</p>\n", encoding="utf-8")
    (templates / "needs_fact.html.j2").write_text(
        "<p>Inspected {{ facts.inspection_date }}</p>\n", encoding="utf-8"
    )
    (templates / "escape.html.j2").write_text("{{ owner.__class__.__mro__ }}", encoding="utf-8")
    (templates / "quote.html.j2").write_text(
        '{{ quote("§ 1") }}{{ quote("§ 2") }}', encoding="utf-8"
    )
    return tmp_path


def render(workspace, name, **context):
    return render_html(name, context, environment=make_environment(workspace))


@pytest.mark.parametrize(
    ("owner", "printed"),
    [
        ("{{7*7}}", "Owner: {{7*7}}"),
        ("<script>alert(1)</script>", "Owner: &lt;script&gt;alert(1)&lt;/script&gt;"),
        ('<img src="file:///etc/passwd">', "Owner: &lt;img src=&#34;file:///etc/passwd&#34;&gt;"),
        ("O'Brien & Sons", "Owner: O&#39;Brien &amp; Sons"),
    ],
)
def test_case_data_prints_literally(workspace, owner, printed):
    assert render(workspace, "owner.html.j2", owner=owner).strip() == f"<p>{printed}</p>"


def test_a_missing_fact_names_the_fact_and_the_template_line(workspace):
    with pytest.raises(InputError) as caught:
        render(workspace, "needs_fact.html.j2", facts={})
    assert str(caught.value) == (
        "The document needs the fact 'inspection_date' (template needs_fact.html.j2, line 1); "
        "add it to the case file."
    )


def test_the_sandbox_refuses_reaching_into_python_internals(workspace):
    with pytest.raises(ConfigError, match="template error"):
        render(workspace, "escape.html.j2", owner="x")


@pytest.mark.parametrize(
    "name", ["../x", "/etc/passwd", "partials/../../x", "a//b", "./x", "x\\..\\y"]
)
def test_template_names_outside_the_template_folders_are_refused(name):
    with pytest.raises(InputError, match="is not allowed"):
        check_template_name(name)


def test_an_unknown_template_is_a_config_error(workspace):
    with pytest.raises(ConfigError, match="no such template"):
        render(workspace, "nowhere.html.j2")


def test_a_quote_the_notice_lacks_is_named(workspace):
    with pytest.raises(ConfigError, match="quotes '§ 2', which the notice definition lacks"):
        render(workspace, "quote.html.j2", quotes=[{"section": "§ 1", "text": "First."}])


def test_quotes_keep_their_paragraphs_and_escape_their_text(workspace):
    html = render(
        workspace,
        "quote.html.j2",
        quotes=[{"section": "§ 1", "text": "A <b>.\n\nB."}, {"section": "§ 2", "text": "C."}],
    )
    assert "<p>A &lt;b&gt;.</p>\n<p>B.</p>" in html


def test_filters_write_dates_hours_and_money_as_a_clerk_does():
    environment = make_environment()
    noon = datetime(2026, 12, 23, 12, 0, tzinfo=ZoneInfo("America/Chicago"))
    eleven = datetime(2026, 1, 11, 11, 0, tzinfo=ZoneInfo("America/New_York"))
    template = environment.from_string(
        "{{ d | longdate }}|{{ d | weekdaydate }}|{{ n | clock }}|{{ e | clock }}|{{ m | money }}"
    )
    assert template.render(d=date(2025, 12, 19), n=noon, e=eleven, m=Decimal("1234.565")) == (
        "December 19, 2025|Friday, December 19, 2025|12:00 noon CST|11:00 a.m. EST|$1,234.57"
    )


def test_money_rounds_half_up_to_the_cent():
    assert spell_money("0.005") == "$0.01"
    assert spell_money(Decimal("2.675")) == "$2.68"


def test_a_filter_given_a_missing_fact_names_the_fact(workspace):
    (workspace / "templates" / "date_fact.html.j2").write_text(
        "<p>{{ events.served | longdate }}</p>", encoding="utf-8"
    )
    with pytest.raises(InputError, match="the fact 'served'"):
        render(workspace, "date_fact.html.j2", events={})


def test_every_document_template_extends_the_base_letter():
    documents = Path(__file__).resolve().parents[1] / "templates" / "documents"
    copies = [
        path.relative_to(documents).as_posix()
        for path in sorted(documents.rglob("*.html.j2"))
        if not path.read_text(encoding="utf-8").startswith('{% extends "base_letter.html.j2" %}')
    ]
    assert copies == []


def test_a_long_title_never_ends_on_a_line_of_one_word():
    """NY legal reading CO-1: "... PERFORMED BY THE / VILLAGE". The last two words of a title
    are kept together; a title of one or two words is left as it is."""
    assert unorphaned("Bill for Private Street Maintenance Performed by the Village") == (
        "Bill for Private Street Maintenance Performed by the\u00a0Village"
    )
    assert unorphaned("Temporary Occupancy Permit") == "Temporary Occupancy\u00a0Permit"
    assert unorphaned("Driveway Permit") == "Driveway Permit"
    assert unorphaned("Permit") == "Permit"
