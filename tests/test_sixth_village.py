"""A sixth village made of content alone: its file, two notice types, a template and a roll."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from noticeclerk.cli import cli

LETTERHEAD = """
name = "Village of Maple Grove"
state = "WI"
timezone = "America/Chicago"
sample = true

[office]
open_saturday = false

[calendar]
primary_election_days = [2026-08-11]
closures = [{date = 2026-12-24, name = "Christmas Eve"}]

[letterhead]
county = "Dane"
number_prefix = "MG"
address_lines = ["Village Hall", "200 Maple Street", "Maple Grove, Wisconsin 53999"]
phone = "(555) 010-0199"
office_hours = "Monday to Friday, 8:00 a.m. to 4:00 p.m."

[officers.clerk]
name = "Robin Example"
title = "Village Clerk"
"""

SERVICE = """
[[service]]
method = "first_class_mail"
words = "Mailed to the owner's last known address."
section = "§ 9-3"
"""

DIRECTIVE = (
    """
kind = "directive"
title = "Directive to Cut Weeds"
template = "documents/maple-grove/letter.html.j2"
sections = ["§ 9-2"]
signer = "clerk"
recipient = "owner"
# Wisconsin: cutting weeds is work in the field, which a closed-office Saturday does not move.
deadline = {kind = "days", count = 14, from = "service", act = "in_the_field"}
deadline_lead = "Cut the weeds no later than"
deadline_words = "Cut the weeds within 14 days after this directive is served on you."

[facts]
observed_on = {type = "date", label = "the day the weeds were seen"}

[text]
body = "Weeds taller than eight inches were seen on the property."
"""
    + SERVICE
)

BILL = (
    """
kind = "bill"
title = "Bill for Weed Cutting"
template = "documents/maple-grove/letter.html.j2"
sections = ["§ 9-4"]
signer = "clerk"
recipient = "owner"
amount_due = "charges"

[facts]
directive_served = {type = "date", label = "the day the directive was served"}
cut_on = {type = "date", label = "the day the Village cut the weeds"}
costs = {type = "cost_lines", label = "what the cutting cost"}

[text]
body = "The Village cut the weeds the owner did not cut, and bills the cost."

[periods.time_to_cut]
kind = "days"
count = 14
from = "directive_served"
act = "in_the_field"

[[checks]]
fact = "cut_on"
after = "time_to_cut"
says = "The Village cut the weeds on {cut_on}, but the owner had until {time_to_cut}."

[bills.charges]
authority = "§ 9-4"
lines = "costs"

[remittance]
pay_to = "Village Clerk"
no_due_day = "Section 9-4 sets no day for payment"
"""
    + SERVICE
)

TEMPLATE = """
{% extends "base_letter.html.j2" %}
{% block body %}
<p>{{ text.body }}</p>
{% if deadline or deadline_words %}{% include "partials/deadline.html.j2" %}{% endif %}
{% if "charges" in figures %}
{% with cost_lines = figures.charges.lines, cost_total = figures.charges.total %}
{% include "partials/cost_table.html.j2" %}
{% endwith %}
<p>The owner had until {{ figures.time_to_cut.due | longdate }} to cut the weeds.</p>
{% endif %}
{% include "partials/service_methods.html.j2" %}
{% endblock %}
"""

ROLL = (
    "parcel_id,section_block_lot,property_address,owner_name,mailing_address,city,state,zip,"
    "email,phone,tax_lots,resident\n"
    "MG-001,,12 Elm Street,Jordan Sample,12 Elm Street,MAPLE GROVE,WI,53999,,,,yes\n"
)


@pytest.fixture
def office(tmp_path: Path) -> Path:
    """A workspace holding the sixth village's content, and nothing else of its own."""
    folder = tmp_path / "office"
    files = {
        "letterheads/maple-grove/letterhead.toml": LETTERHEAD,
        "notices/maple-grove/weed-directive.toml": DIRECTIVE,
        "notices/maple-grove/weed-cutting-bill.toml": BILL,
        "templates/documents/maple-grove/letter.html.j2": TEMPLATE,
    }
    for name, text in files.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text).lstrip(), encoding="utf-8")
    (tmp_path / "roll.csv").write_text(ROLL, encoding="utf-8")
    return folder


def pdf_text(path: Path) -> str:
    return " ".join(" ".join(page.extract_text().split()) for page in PdfReader(path).pages)


def test_a_village_made_only_of_content_issues_a_directive_and_a_bill(office, tmp_path):
    runner = CliRunner()

    def run(*args: str) -> str:
        # A document is dated the day it is issued: the clock stands on the last day issued.
        result = runner.invoke(cli, ["--workspace", str(office), "--today", "2026-12-30", *args])
        assert result.exit_code == 0, (args, result.output)
        return result.output

    run("init", str(office))
    assert "maple-grove" in run("catalog", "--village", "maple-grove")
    run("roll", "import", str(tmp_path / "roll.csv"), "--village", "maple-grove")
    run(
        "case", "open", "--village", "maple-grove", "--parcel", "MG-001",
        "--notice-type", "weed-directive", "--fact", "observed_on=2026-12-01",
    )  # fmt: skip
    out = tmp_path / "issued"
    assert "Issued MG-D-2026-00001" in run(
        "issue", "MG-C-2026-0001", "--date", "2026-12-10", "--out", str(out)
    )
    directive = pdf_text(next(out.glob("maple-grove/MG-D-2026-00001*.pdf")))
    assert "Village of Maple Grove" in directive and "JORDAN SAMPLE" in directive
    assert "Cut the weeds within 14 days after this directive is served on you." in directive
    served = run(
        "--today", "2026-12-11", "serve", "MG-D-2026-00001", "--method", "first_class_mail",
        "--by", "clerk", "--at", "2026-12-10T15:00",
    )  # fmt: skip
    # December 10 plus 14 days is Thursday, December 24, the office's own closure; cutting
    # weeds is work in the field, not an act at the office, so the closure does not move it.
    assert "Thursday, December 24, 2026" in served
    assert "is not a payment, service or filing at the village office" in served

    run(
        "case", "open", "--village", "maple-grove", "--parcel", "MG-001",
        "--notice-type", "weed-cutting-bill",
        "--fact", "directive_served=2026-12-10", "--fact", "cut_on=2026-12-29",
        "--fact", "costs=Crew of two, 3 hours|210.00", "--fact", "costs=Disposal|45.50",
    )  # fmt: skip
    assert "Issued MG-D-2026-00002" in run(
        "issue", "MG-C-2026-0002", "--date", "2026-12-30", "--out", str(out)
    )
    bill = pdf_text(next(out.glob("maple-grove/MG-D-2026-00002*.pdf")))
    assert "Crew of two, 3 hours $210.00" in bill and "Total $255.50" in bill
    assert "The owner had until December 24, 2026 to cut the weeds." in bill


def test_the_sixth_village_s_bill_refuses_work_done_before_the_owner_s_time_ran_out(
    office, tmp_path
):
    runner = CliRunner()

    def run(*args: str):
        return runner.invoke(cli, ["--workspace", str(office), "--today", "2026-12-30", *args])

    run("init", str(office))
    run("roll", "import", str(tmp_path / "roll.csv"), "--village", "maple-grove")
    run(
        "case", "open", "--village", "maple-grove", "--parcel", "MG-001",
        "--notice-type", "weed-cutting-bill",
        "--fact", "directive_served=2026-12-10", "--fact", "cut_on=2026-12-24",
        "--fact", "costs=Crew of two, 3 hours|210.00",
    )  # fmt: skip
    result = run("issue", "MG-C-2026-0001", "--date", "2026-12-30")
    assert result.exit_code == 1
    assert result.output.strip() == (
        "Error: The Village cut the weeds on Thursday, December 24, 2026, but the owner had "
        "until Thursday, December 24, 2026."
    )
    assert "No documents" in run("due").output or "MG-D" not in run("due").output
