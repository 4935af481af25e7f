"""The desk's jobs (issue 19): long work runs on its own thread while its page follows it with a
bar, then says how it ended: done with the next step, refused with the register's sentence, or
stopped by a bug without a traceback on the page."""

from __future__ import annotations

import threading

import pytest
from clerk import clerk_at
from click.testing import CliRunner
from desk import add_users, signed_in

from noticeclerk.exceptions import InputError
from noticeclerk.web.jobs import Outcome

DAY = "2026-12-01"


@pytest.fixture
def client(tmp_path):  # type: ignore[no-untyped-def]
    clerk = clerk_at(tmp_path, CliRunner())
    add_users(clerk, ("t.brennan", "clerk"))
    return signed_in(clerk, "t.brennan", DAY)


def started(client, work):  # type: ignore[no-untyped-def]
    return client.application.extensions["noticeclerk.jobs"].start("Printing", "t.brennan", work)


def test_a_running_job_shows_how_far_it_has_gone_and_its_page_follows_it(client):
    go_on = threading.Event()

    def work(job):  # type: ignore[no-untyped-def]
        job.count(3, 10)
        job.say("Letter 3 of 10 <printed>")
        go_on.wait(10)
        return Outcome("Printed 10 letters.", ("Wrote letters.pdf",), ("pages.mail", {}), "To mail")

    job = started(client, work)
    while job.state != "running":
        threading.Event().wait(0.01)
    while job.done != 3:
        threading.Event().wait(0.01)
    page = client.get(f"/jobs/{job.id}").text
    assert '<meta http-equiv="refresh" content="2">' in page
    assert '<progress id="progress" value="3" max="10">' in page
    assert "Letter 3 of 10 &lt;printed&gt;" in page
    go_on.set()
    client.application.extensions["noticeclerk.jobs"].wait(timeout=10)
    page = client.get(f"/jobs/{job.id}").text
    assert "http-equiv" not in page and "<progress" not in page
    assert "Printed 10 letters." in page and "Wrote letters.pdf" in page
    assert '<a class="button" href="/mail">To mail</a>' in page


def test_a_refused_job_says_the_registers_sentence_and_a_bug_says_it_is_one(client):
    def refused(job):  # type: ignore[no-untyped-def]
        raise InputError("Article number 9407 is already used.")

    def broken(job):  # type: ignore[no-untyped-def]
        raise ZeroDivisionError("secret detail")

    first, second = started(client, refused), started(client, broken)
    client.application.extensions["noticeclerk.jobs"].wait(timeout=10)
    assert first.state == "refused" and second.state == "failed"
    assert "Not done: Article number 9407 is already used." in client.get(f"/jobs/{first.id}").text
    page = client.get(f"/jobs/{second.id}").text
    assert "a bug, written to the desk&#39;s log" in page
    assert "secret detail" not in page and "Traceback" not in page


def test_a_user_queues_only_a_few_jobs_and_the_same_verification_once(client):
    go_on = threading.Event()

    def waiting(job):  # type: ignore[no-untyped-def]
        go_on.wait(10)
        return Outcome("Done.")

    jobs = client.application.extensions["noticeclerk.jobs"]
    first = jobs.start("Verifying the archive", "t.brennan", waiting, once=True)
    assert jobs.start("Verifying the archive", "t.brennan", waiting, once=True) is first
    for _ in range(3):
        jobs.start("Printing", "t.brennan", waiting)
    with pytest.raises(InputError, match="You have 4 jobs waiting or running"):
        jobs.start("Printing", "t.brennan", waiting)
    assert jobs.start("Printing", "someone.else", waiting).owner == "someone.else"
    go_on.set()
    jobs.wait(timeout=10)
    later = jobs.start("Printing", "t.brennan", lambda job: Outcome("Done."))  # room again
    jobs.wait(timeout=10)
    assert later.state == "done"
