"""Times through the register, read and printed in the village's own zone, whatever the
computer's: a moment typed at the counter prints "CST", and `due --date` asks about the
village's day."""

from __future__ import annotations

import time

import pytest
from clerk import LUCK_SNOW_NOTICE, PALMYRA_HOUSE_NUMBERING, clerk_at, pdf_text


@pytest.fixture
def clerk(tmp_path, runner):
    return clerk_at(tmp_path, runner, "luck", "palmyra")


@pytest.fixture
def computer_far_west(monkeypatch):
    """The computer's clock set to Pago Pago (UTC-11), far west of every village."""
    monkeypatch.setenv("TZ", "Pacific/Pago_Pago")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


def test_a_moment_typed_at_the_counter_prints_in_the_village_s_zone(
    clerk, tmp_path, computer_far_west
):
    clerk(*LUCK_SNOW_NOTICE)
    clerk("issue", "LU-C-2026-0001", "--out", str(tmp_path / "copies"), today="2026-12-23")
    clerk("document", "export", "LU-D-2026-00001", "--out", str(tmp_path / "out"))
    text = pdf_text(tmp_path / "out" / "luck" / "LU-D-2026-00001.pdf")
    assert "6:30 a.m. CST" in text
    assert "9:40 a.m. CST" in text
    assert "UTC-" not in text


def test_due_on_a_date_asks_about_the_village_s_day_not_the_computer_s(clerk, computer_far_west):
    clerk(*PALMYRA_HOUSE_NUMBERING)
    clerk("issue", "PA-C-2026-0001", "--date", "2026-12-01", today="2026-12-01")
    clerk(
        "serve",
        "PA-D-2026-00001",
        "--method",
        "hand_owner",
        "--by",
        "K. Nowak",
        "--at",
        "2026-12-01T09:30",
        "--to",
        "the owner",
        "--address",
        "the premises",
        today="2026-12-02",
    )
    # The deadline is Friday, December 11, 2026; on that day in Palmyra it has not passed,
    # although 23:59 in Pago Pago is already the 12th in Wisconsin.
    on_the_day = clerk("due", "--date", "2026-12-11").output
    assert "Due Friday, December 11, 2026" in on_the_day
    assert "passed" not in on_the_day
    assert "The deadline passed" in clerk("due", "--date", "2026-12-12").output
