"""Shared fixtures: calendars built in code, a CLI runner, a fixed day for the CLI, a test's own
copy of a workspace its module built once, and Debian's Chromium driven by Selenium (skipped,
saying why, where it is not installed, but never in CI, which installs it)."""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from click.testing import CliRunner

from noticeclerk.rules.calendars import Jurisdiction, LegalCalendar


@pytest.fixture
def new_york() -> LegalCalendar:
    return LegalCalendar.for_state(Jurisdiction.NY)


@pytest.fixture
def wisconsin() -> LegalCalendar:
    return LegalCalendar.for_state(Jurisdiction.WI)


@pytest.fixture
def wisconsin_open_saturday() -> LegalCalendar:
    return LegalCalendar.for_state(Jurisdiction.WI, office_open_saturday=True)


@pytest.fixture
def central() -> ZoneInfo:
    return ZoneInfo("America/Chicago")


@pytest.fixture
def eastern() -> ZoneInfo:
    return ZoneInfo("America/New_York")


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


# The day every CLI test runs on, whatever the real date: case and document numbers carry
# the year, and what is due depends on the day.
FIXED_TODAY = "2026-11-30"


@pytest.fixture(autouse=True)
def fixed_today(monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setenv("NOTICECLERK_TODAY", FIXED_TODAY)
    return FIXED_TODAY


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--update-golden",
        action="store_true",
        help="Rewrite the golden text files from the documents as they render now.",
    )


@pytest.fixture
def update_golden(request: pytest.FixtureRequest) -> bool:
    return bool(request.config.getoption("--update-golden"))


@pytest.fixture
def office(built, tmp_path):  # type: ignore[no-untyped-def]
    """A test's own copy of the workspace its module built once (`built`: the folder first),
    so that each test may change it freely: issuing renders, so a module builds its register
    once and each test starts from a copy of it."""
    copy = tmp_path / "office"
    shutil.copytree(built[0], copy)
    return copy


CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")


@pytest.fixture
def browser(tmp_path: Path):
    if not (CHROMIUM.exists() and CHROMEDRIVER.exists()):
        why = "Debian's chromium and chromium-driver are not installed (/usr/bin/chromium)"
        if os.environ.get("CI"):
            pytest.fail(f"{why}; CI must run the browser test")
        pytest.skip(why)
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for argument in (
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        f"--user-data-dir={tmp_path / 'chromium-profile'}",
        "--window-size=1280,900",
    ):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(str(CHROMEDRIVER)), options=options)
    try:
        yield driver
    finally:
        driver.quit()
