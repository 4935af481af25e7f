"""`case show` as a clerk reads it: a text fact typed on several lines (the work to do, step by
step) shows its lines indented under its record, never as records of their own."""

from __future__ import annotations

from clerk import VILLAGE_A_DIRECTIVE, clerk_at
from click.testing import CliRunner


def test_a_text_fact_of_several_lines_is_indented_under_its_record(tmp_path):
    clerk = clerk_at(tmp_path, CliRunner(), "village-a")
    clerk(*VILLAGE_A_DIRECTIVE)
    steps = "Remove the debris.\nSunday, November 29, 2026 at 9:00 a.m. CST  root  fact x = y"
    clerk("case", "record", "VA-C-2026-0001", f"--fact=corrective_action={steps}")
    shown = clerk("case", "show", "VA-C-2026-0001").output.splitlines()
    at = next(i for i, line in enumerate(shown) if line.endswith("Remove the debris."))
    assert "fact corrective_action = Remove the debris." in shown[at]
    assert shown[at + 1] == "      Sunday, November 29, 2026 at 9:00 a.m. CST  root  fact x = y"
