"""Facts whose lines a computation reads (Village A's labor: "name | hours | hourly salary |
fringe percent") are read by that computation's own parser when they are recorded, at the
command line, from a case file and at the desk, so a mistyped line is refused then, naming the
line, and not weeks later when the bill is issued."""

from __future__ import annotations

from clerk import CASEBOOK, VILLAGE_A_DIRECTIVE, clerk_at
from click.testing import CliRunner
from desk import add_users, field_errors, register_rows, send, signed_in

BILL_FACTS = (
    "--fact=violation=the failure to comply with § 134-41A within seven calendar days",
    "--fact=work_performed=Removed construction debris from the travel lane.",
    "--fact=work_started=2026-12-09",
    "--fact=work_completed=2026-12-10",
    "--fact=administrative_time=$500",
    "--fact=general_counsel=none",
    "--fact=contractors=none",
    "--fact=materials_and_equipment=none",
)


def test_a_labor_line_with_a_part_missing_is_refused_when_recorded(tmp_path):
    clerk = clerk_at(tmp_path, CliRunner(), "village-a")
    clerk(*VILLAGE_A_DIRECTIVE)
    refused = clerk(
        "case", "record", "VA-C-2026-0001", *BILL_FACTS,
        "--fact=labor=DPW Laborer R. Ortiz | 6 | 31.25", ok=False,
    )  # fmt: skip
    assert refused.exit_code == 1
    assert "The fact 'labor' has the line 'DPW Laborer R. Ortiz | 6 | 31.25'" in refused.output
    assert "name or title | hours | hourly salary | fringe-benefit rate in percent" in (
        refused.output
    )
    wrong_hours = clerk(
        "case", "record", "VA-C-2026-0001", "--fact=labor=R. Ortiz | six | 31.25 | 42.5",
        ok=False,
    )  # fmt: skip
    assert "R. Ortiz's hours (labor)" in wrong_hours.output
    counsel = clerk("case", "record", "VA-C-2026-0001", "--fact=general_counsel=3 hours", ok=False)
    assert "The fact 'general_counsel' has the line '3 hours'" in counsel.output
    assert register_rows(clerk, "SELECT count(*) FROM events WHERE name = 'labor'") == [(0,)]
    clerk("case", "record", "VA-C-2026-0001", *BILL_FACTS,
          "--fact=labor=DPW Laborer R. Ortiz | 6 | 31.25 | 42.5")  # fmt: skip


def test_a_case_file_with_a_bad_line_is_refused_naming_the_file(tmp_path):
    clerk = clerk_at(tmp_path, CliRunner(), "village-a")
    text = (CASEBOOK / "village-a" / "maintenance-bill.toml").read_text()
    case_file = tmp_path / "bill.toml"
    assert "R. Ortiz | 6 | 31.25 | 42.5" in text  # the sample's first labor line
    case_file.write_text(text.replace("R. Ortiz | 6 | 31.25 | 42.5", "R. Ortiz | 6 | 31.25"))
    refused = clerk("case", "open", "--from", str(case_file), ok=False)
    assert refused.exit_code == 1
    assert f"{case_file}: The fact 'labor' has the line" in " ".join(refused.output.split())


def test_the_desk_says_which_line_is_wrong_next_to_its_field(tmp_path):
    clerk = clerk_at(tmp_path, CliRunner(), "village-a")
    clerk(*VILLAGE_A_DIRECTIVE)
    add_users(clerk, ("t.brennan", "clerk"))
    client = signed_in(clerk, "t.brennan", "2026-12-14")
    page = "/cases/VA-C-2026-0001/record/maintenance-bill"
    typed = {"street_name": "A Street", "labor": "R. Ortiz | 6 | 31.25 | 42.5\nJ. Avery | 4"}
    answer = send(client, page, typed)
    assert answer.status_code == 400, answer.text[-3000:]
    assert "has the line &#39;J. Avery | 4&#39;" in field_errors(answer.text)["labor"]
