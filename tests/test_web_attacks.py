"""The desk attacked (issue 19, an attacker's pass over its first pages): look-alike names and
tries sent at once against the sign-in limit, a made-up cookie against the register's write
lock, a proxy's TLS, control characters in the page to go on to, a second sign-in, and text
the database folds differently from Python."""

from __future__ import annotations

import re
import sqlite3
import time
from concurrent.futures import ThreadPoolExecutor

import pytest
from clerk import VILLAGE_A_DIRECTIVE, Clerk, clerk_at
from click.testing import CliRunner
from desk import add_users, web_command

from noticeclerk.clock import Clock
from noticeclerk.register.people import SignInRefused, sign_in
from noticeclerk.web import Desk, create_app
from noticeclerk.web.app import SESSION_COOKIE, SIGN_IN_COOKIE

PASSWORD = "correct horse battery staple"
DAY = "2026-12-10"


@pytest.fixture(scope="module")
def office(tmp_path_factory: pytest.TempPathFactory) -> Clerk:
    clerk = clerk_at(tmp_path_factory.mktemp("attacks"), CliRunner(), "village-a")
    clerk(*VILLAGE_A_DIRECTIVE, today="2026-12-01")
    clerk(
        "case", "party", "VA-C-2026-0001", "--role", "contractor",
        "--name", "École Zoë Paving", "--address", "1 Rue Street|VILLAGE A NY 10000",
    )  # fmt: skip
    add_users(
        clerk, *((name, "clerk") for name in ("kate.k", "many.tries", "two.places", "t.brennan"))
    )
    return clerk


def app_for(office: Clerk, day: str = DAY, **options: bool):  # type: ignore[no-untyped-def]
    app = create_app(Desk(office.office, None, Clock.parse(day)), **options)
    app.testing = True
    return app


def form_token(page: str) -> str:
    return re.search(r'name="form_token" value="([^"]+)"', page)[1]


def try_sign_in(client, name: str, password: str, **options):  # type: ignore[no-untyped-def]
    token = form_token(client.get("/sign-in", **options).text)
    return client.post(
        "/sign-in", data={"name": name, "password": password, "form_token": token}, **options
    )


def test_a_look_alike_letter_neither_signs_in_nor_escapes_the_count(office):
    client = app_for(office).test_client()
    kelvin = "\u212aate.k"  # KELVIN SIGN, which Python lower-cases to "k"
    assert try_sign_in(client, kelvin, PASSWORD).status_code == 403
    assert try_sign_in(client, "KATE.K", PASSWORD).status_code == 302


def test_tries_sent_at_once_cannot_pass_the_limit(office):
    engine = app_for(office, "2026-12-11T08:00").extensions["noticeclerk.engine"]
    moment = Clock.parse("2026-12-11T08:00").now()

    def one_try(_: int) -> str:
        try:
            sign_in(engine, "many.tries", "wrong password here", address="10.0.0.9", now=moment)
        except SignInRefused as refusal:
            return str(refusal)
        return "signed in"

    with ThreadPoolExecutor(8) as pool:
        answers = list(pool.map(one_try, range(12)))
    checked = [a for a in answers if a.startswith("That name and password")]
    assert len(checked) == 5, answers
    assert all("failed 5 times in the last 15 minutes" in a for a in answers if a not in checked)


def test_failures_from_one_address_do_not_lock_the_name_elsewhere_until_twenty(office):
    app = app_for(office, "2026-12-12T08:00")
    for n in range(5):
        answer = try_sign_in(
            app.test_client(), "two.places", "wrong password here",
            environ_base={"REMOTE_ADDR": "10.0.0.66"},
        )  # fmt: skip
        assert answer.status_code == 403, n
    there = try_sign_in(
        app.test_client(), "two.places", PASSWORD, environ_base={"REMOTE_ADDR": "10.0.0.66"}
    )
    assert "failed 5 times" in there.text
    here = try_sign_in(
        app.test_client(), "two.places", PASSWORD, environ_base={"REMOTE_ADDR": "127.0.0.1"}
    )
    assert here.status_code == 302
    # Spread over many addresses, twenty failures lock the name everywhere.
    for n in range(20):
        try_sign_in(
            app.test_client(), "two.places", "wrong password here",
            environ_base={"REMOTE_ADDR": f"10.1.0.{n}"},
        )  # fmt: skip
    everywhere = try_sign_in(
        app.test_client(), "two.places", PASSWORD, environ_base={"REMOTE_ADDR": "127.0.0.1"}
    )
    assert "failed 20 times" in everywhere.text


def test_pages_are_answered_while_the_command_line_holds_the_write_lock(office):
    client = app_for(office).test_client()
    assert try_sign_in(client, "t.brennan", PASSWORD).status_code == 302
    client.get("/")  # the session's last view is now: the next need not be written
    holder = sqlite3.connect(office.office / "noticeclerk.db", isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    try:
        stranger = app_for(office).test_client()
        stranger.set_cookie(SESSION_COOKIE, "made-up")
        started = time.monotonic()
        assert stranger.get("/static/desk.css").status_code == 200
        assert stranger.get("/").status_code == 302
        assert client.get("/cases").status_code == 200
        assert time.monotonic() - started < 5
    finally:
        holder.execute("ROLLBACK")
        holder.close()


def test_behind_a_tls_proxy_the_cookies_are_secure_and_tls_is_remembered(office):
    client = app_for(office, behind_proxy=True).test_client()
    proxied = {"headers": {"X-Forwarded-Proto": "https", "X-Forwarded-For": "192.0.2.7"}}
    answer = try_sign_in(client, "t.brennan", PASSWORD, **proxied)
    cookie = next(c for c in answer.headers.getlist("Set-Cookie") if c.startswith(SESSION_COOKIE))
    assert "Secure" in cookie
    assert answer.headers["Strict-Transport-Security"] == "max-age=31536000"
    # Without --behind-proxy the header is not believed.
    plain = try_sign_in(app_for(office).test_client(), "t.brennan", PASSWORD, **proxied)
    assert "Secure" not in plain.headers["Set-Cookie"]


def test_a_control_character_in_the_page_to_go_on_to_is_ignored_not_a_server_error(office):
    client = app_for(office).test_client()
    token = form_token(client.get("/sign-in").text)
    answer = client.post(
        "/sign-in",
        data={"name": "t.brennan", "password": PASSWORD, "form_token": token, "next": "/\r\nX: y"},
    )
    assert answer.status_code == 302
    assert answer.headers["Location"] == "/"
    assert "X" not in answer.headers


def test_signing_in_again_ends_the_browser_s_earlier_session(office):
    client = app_for(office).test_client()
    try_sign_in(client, "t.brennan", PASSWORD)
    first = client.get_cookie(SESSION_COOKIE).value
    # A second sign-in form, opened in another tab before the first was sent.
    other_tab = app_for(office).test_client()
    token = form_token(other_tab.get("/sign-in").text)
    client.set_cookie(SIGN_IN_COOKIE, token)
    again = client.post(
        "/sign-in", data={"name": "t.brennan", "password": PASSWORD, "form_token": token}
    )
    assert again.status_code == 302
    assert client.get_cookie(SESSION_COOKIE).value != first
    replay = app_for(office).test_client()
    replay.set_cookie(SESSION_COOKIE, first)
    assert replay.get("/").status_code == 302


def test_a_name_with_accents_is_found_as_typed(office):
    client = app_for(office).test_client()
    try_sign_in(client, "t.brennan", PASSWORD)
    for words in ["École", "zoë paving"]:
        page = client.get("/cases", query_string={"q": words}).text
        assert "1 case found" in page, words


def test_the_health_check_says_only_that_the_desk_answers(office):
    answer = app_for(office).test_client().get("/healthz")
    assert answer.json == {"status": "ok"}


def test_a_head_request_of_a_page_is_sent_to_sign_in_like_a_get(office):
    answer = app_for(office).test_client().head("/cases")
    assert answer.status_code == 302


def test_the_desk_will_not_run_on_a_fixed_day(office):
    result = office("web", today="2026-12-10", ok=False)
    assert result.exit_code == 1
    assert "The desk runs on the computer's clock" in result.output


def test_a_body_larger_than_the_desk_takes_is_refused_before_it_is_read(office):
    import socket

    with (
        web_command(office.office) as (port, _server),
        socket.create_connection(("127.0.0.1", port), timeout=5) as connection,
    ):
        connection.sendall(
            b"POST /sign-in HTTP/1.1\r\nHost: x\r\nContent-Length: 100000000\r\n"
            b"Content-Type: application/x-www-form-urlencoded\r\n\r\n"
        )
        answer = connection.recv(200)
    # Answered from the headers alone: not one byte of the 100 MB was sent.
    assert answer.startswith(b"HTTP/1.1 413")
