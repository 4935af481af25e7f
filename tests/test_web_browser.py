"""A clerk's case walked through the desk in a real browser (Debian's Chromium, driven by
Selenium; issue 19): sign in, import the village's roll, open a case, read and issue the
directive, record its service; two weeks later the deadline has passed, so record the cost of
the work, issue the bill, mail it by certified mail (a batch printed by a job, then accepted by
the post office) and record a payment. Only the register and the first user are made
at the command line. Screenshots of each step are kept in the test's folder; the browser must
report no console error, and the pages must be usable by keyboard and at 200% zoom."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from clerk import CASEBOOK, article, clerk_at
from click.testing import CliRunner
from desk import add_users
from werkzeug.serving import make_server

from noticeclerk.clock import Clock
from noticeclerk.web import Desk, create_app

PASSWORD = "correct horse battery staple"


@contextmanager
def desk_on(workspace: Path, day: str) -> Iterator[str]:
    """The desk over the workspace's register, on a fixed day, served on a free port."""
    app = create_app(Desk(workspace, None, Clock.parse(day)))
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        thread.join()


def test_a_clerk_walks_a_case_from_its_directive_to_a_paid_bill_in_chromium(browser, tmp_path):
    from selenium.common.exceptions import WebDriverException
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.expected_conditions import staleness_of
    from selenium.webdriver.support.select import Select
    from selenium.webdriver.support.wait import WebDriverWait

    clerk = clerk_at(tmp_path, CliRunner())
    add_users(clerk, ("t.brennan", "admin"))
    shots = tmp_path / "screenshots"
    shots.mkdir()

    def shot(name: str) -> None:
        browser.save_screenshot(str(shots / f"{name}.png"))

    def fill(fields: dict[str, str]) -> None:
        for name, value in fields.items():
            element = browser.find_element(By.ID, name)
            element.clear()
            element.send_keys(value)

    def submit(selector: str = "form.fields button[type=submit]") -> None:
        """Send the form and wait for the page it leads to (the click returns before it)."""
        page = browser.find_element(By.TAG_NAME, "html")
        browser.find_element(By.CSS_SELECTOR, selector).click()
        WebDriverWait(browser, 30).until(left(page))

    def left(page):
        """Whether the browser has left `page`: its element is stale, or (asked while the next
        page replaces it) the browser says the node no longer belongs to the document."""

        def gone(_driver) -> bool:
            try:
                return staleness_of(page)(_driver)
            except WebDriverException as error:
                if "does not belong to the document" in str(error):
                    return True
                raise

        return gone

    def notice() -> str:
        found = browser.find_elements(By.CSS_SELECTOR, "p.done")
        assert found, browser.find_element(By.TAG_NAME, "main").text[:1500]
        return found[0].text

    def sign_in(base: str) -> None:
        browser.get(base + "/")
        assert browser.current_url.startswith(base + "/sign-in")
        # The name field has the focus: a clerk types, tabs to the password and presses Enter.
        page = browser.find_element(By.TAG_NAME, "html")
        browser.switch_to.active_element.send_keys("t.brennan", Keys.TAB, PASSWORD, Keys.ENTER)
        WebDriverWait(browser, 30).until(left(page))
        assert browser.find_element(By.TAG_NAME, "h1").text == "Today"
        # On every page, the first Tab reaches the skip link, which shows itself.
        browser.find_element(By.TAG_NAME, "body").send_keys(Keys.TAB)
        assert browser.switch_to.active_element.text == "Skip to the page's content"

    with desk_on(clerk.office, "2026-12-01T20:00") as base:  # 3 p.m. in Village A
        sign_in(base)
        shot("1-today-empty")
        browser.find_element(By.LINK_TEXT, "Roll").click()
        Select(browser.find_element(By.ID, "village")).select_by_value("village-a")
        browser.find_element(By.ID, "roll-file").send_keys(str(CASEBOOK / "village-a" / "roll.csv"))
        submit()
        assert (
            "5 parcels added, 0 changed, 0 unchanged"
            in browser.find_element(By.TAG_NAME, "main").text
        )
        shot("1b-roll-preview")
        submit("form.issue button")
        assert notice().startswith("Imported 5 rows of the village-a roll (import 1)")
        browser.find_element(By.LINK_TEXT, "Open a case").click()
        browser.find_element(By.LINK_TEXT, "Directive to Comply").click()
        fill(
            {
                "parcels": "0301-02-001",
                "inspection_date": "11/30/2026",
                "street_name": "A Street",
                "conditions": "Construction debris across the travel lane.",
                "corrective_action": "Remove the debris.",
            }
        )
        shot("2-open-case")
        submit()
        assert notice() == "Opened case VA-C-2026-0001."
        browser.find_element(By.PARTIAL_LINK_TEXT, "Read and issue the first document").click()
        pages = browser.find_elements(By.CSS_SELECTOR, "img.page")
        assert pages and all(
            browser.execute_script("return arguments[0].naturalWidth", page) > 500 for page in pages
        )
        shot("3-preview")
        submit("form.issue button")
        assert notice() == "Issued VA-D-2026-00001: Directive to Comply, to Ed and Marie Smith."
        browser.find_element(By.LINK_TEXT, "Record service of VA-D-2026-00001").click()
        browser.find_element(By.PARTIAL_LINK_TEXT, "Hand-delivered to an owner").click()
        fill(
            {
                "by": "J. Avery",
                "at_day": "12/1/2026",
                "at_time": "10:15 am",
                "to_person": "Marie Smith",
                "address": "12 A Street",
            }
        )
        shot("4-serve")
        submit()
        assert notice().startswith("Recorded service of VA-D-2026-00001 by hand delivery")
        assert "December 8, 2026" in notice()
        problems = [entry for entry in browser.get_log("browser") if entry["level"] != "INFO"]
        assert problems == []

    with desk_on(clerk.office, "2026-12-14T15:00") as base:
        sign_in(base)  # another day, another session
        today = browser.find_element(By.TAG_NAME, "main").text
        assert "Deadline passed" in today and "VA-D-2026-00001" in today
        shot("5-today-deadline-passed")
        browser.find_element(By.LINK_TEXT, "record them").click()
        fill(
            {
                "violation": "the failure to comply with § 134-41A within seven calendar days",
                "work_performed": "Removed construction debris from the travel lane.",
                "work_started": "12/9/2026",
                "work_completed": "12/10/2026",
                "labor": "DPW Laborer R. Ortiz | 6 | 31.25 | 42.5",
                "administrative_time": "$500",
                "general_counsel": "none",
                "contractors": "none",
                "materials_and_equipment": "none",
            }
        )
        submit()
        assert notice().startswith("Recorded 9 facts for the Bill")
        browser.find_element(By.PARTIAL_LINK_TEXT, "Read and issue the Bill").click()
        shot("6-bill-preview")
        submit("form.issue button")
        assert notice().startswith("Issued VA-D-2026-00002: Bill for Private Street Maintenance")
        # The bill goes by certified mail (§ 134-45B): a batch of one, printed by a job whose
        # page follows it by itself until it is done.
        browser.find_element(By.LINK_TEXT, "Mail").click()
        Select(browser.find_element(By.ID, "village")).select_by_value("village-a")
        fill({"documents": "VA-D-2026-00002"})
        submit()
        assert "ED AND MARIE SMITH" in browser.find_element(By.TAG_NAME, "main").text
        fill({"numbers": article(1)})
        shot("6b-mail-batch-checked")
        submit()
        WebDriverWait(browser, 60).until(
            lambda driver: driver.find_elements(By.CSS_SELECTOR, "p.done, p.refusal")
        )
        assert notice().startswith("Mail batch VA-M-2026-0001: 1 piece")
        browser.find_element(By.LINK_TEXT, "Open the batch to print its files").click()
        letters = browser.find_element(By.LINK_TEXT, "letters.pdf").get_attribute("href")
        assert letters.endswith("/mail/VA-M-2026-0001/files/letters.pdf")
        # The moment it was printed, and who took it to the post office (the affiant).
        fill({"mailed_by": "Dana Whitfield", "day": "12/14/2026", "time": "10:00 am"})
        shot("6c-mail-batch")
        submit("form[action$='/accepted'] button")
        assert notice().startswith("Recorded: the post office accepted 1 pieces")
        browser.find_element(By.LINK_TEXT, "Cases").click()
        browser.find_element(By.LINK_TEXT, "VA-C-2026-0001").click()
        fill({"pay-VA-D-2026-00002-amount": "$100.00", "pay-VA-D-2026-00002-paid_on": "12/14/2026"})
        submit("form.payment button")
        assert notice().startswith("Recorded $100.00 on VA-D-2026-00002;")
        shot("7-case-with-bill-and-payment")
        # At 200% zoom (half the width) the case page reflows: nothing scrolls sideways.
        browser.set_window_size(640, 900)
        browser.refresh()
        assert browser.execute_script(
            "return document.documentElement.scrollWidth <= document.documentElement.clientWidth"
        )
        shot("8-case-narrow")
        problems = [entry for entry in browser.get_log("browser") if entry["level"] != "INFO"]
        assert problems == []
    assert "Paid $100.00" in clerk("case", "show", "VA-C-2026-0001", today="2026-12-14").output


@pytest.mark.parametrize("width", [1280])
def test_the_sign_in_page_has_no_console_error_and_names_every_field(browser, tmp_path, width):
    from selenium.webdriver.common.by import By

    clerk = clerk_at(tmp_path, CliRunner())
    with desk_on(clerk.office, "2026-12-01") as base:
        browser.set_window_size(width, 900)
        browser.get(base + "/sign-in")
        for field in browser.find_elements(By.CSS_SELECTOR, "input:not([type=hidden])"):
            label = browser.find_element(
                By.CSS_SELECTOR, f'label[for="{field.get_attribute("id")}"]'
            )
            assert label.text
        assert "No one can sign in yet" in browser.find_element(By.TAG_NAME, "main").text
        problems = [entry for entry in browser.get_log("browser") if entry["level"] != "INFO"]
        assert problems == []
