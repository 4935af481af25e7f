"""The clerk's desk in a browser (issue 19), request by request through Flask's test client: a
register built at the command line as a clerk builds it, users made with `noticeclerk user`,
then signing in, the today page, the cases, and every refusal the desk's security owes."""

from __future__ import annotations

import hashlib
import re
import socket
import urllib.request

import pytest
from clerk import VILLAGE_A_DIRECTIVE, Clerk, clerk_at, day_after, issued_number
from click.testing import CliRunner
from desk import add_users, web_command
from sqlalchemy import create_engine, text

from noticeclerk.clock import Clock
from noticeclerk.web import Desk, create_app
from noticeclerk.web.app import SESSION_COOKIE
from noticeclerk.web.pages import pages

PASSWORD = "correct horse battery staple"
HOSTILE = '<script>alert("x")</script> {{ 7*7 }} <img src=x onerror=alert(1)>'
DAY = "2026-12-10"


@pytest.fixture(scope="module")
def office(tmp_path_factory: pytest.TempPathFactory) -> Clerk:
    """Village A's roll, a directive with a hostile condition issued and served by hand, and a
    user of each role."""
    clerk = clerk_at(tmp_path_factory.mktemp("desk"), CliRunner(), "village-a")
    directive = [
        a if not a.startswith("--fact=conditions=") else f"--fact=conditions={HOSTILE}"
        for a in VILLAGE_A_DIRECTIVE
    ]
    clerk(*directive, today="2026-12-01")
    number = issued_number(clerk("issue", "VA-C-2026-0001", today="2026-12-01"))
    at = "2026-12-01T10:15"
    clerk(
        "serve", number, "--method", "hand_owner", "--by", "J. Avery", "--at", at,
        "--to", "Marie Smith", "--address", "12 A Street", today=day_after(at),
    )  # fmt: skip
    add_users(clerk, ("t.brennan", "clerk"), ("a.counsel", "attorney"), ("m.treas", "treasurer"))
    return clerk


def desk(office: Clerk, day: str = DAY):  # type: ignore[no-untyped-def]
    app = create_app(Desk(office.office, None, Clock.parse(day)))
    app.testing = True
    return app.test_client()


def sign_in_form(client, path: str = "/sign-in") -> str:  # type: ignore[no-untyped-def]
    page = client.get(path)
    assert page.status_code == 200
    return re.search(r'name="form_token" value="([^"]+)"', page.text)[1]


def signed_in(office: Clerk, name: str = "t.brennan", day: str = DAY):  # type: ignore[no-untyped-def]
    client = desk(office, day)
    token = sign_in_form(client)
    answer = client.post(
        "/sign-in", data={"name": name, "password": PASSWORD, "form_token": token, "next": "/"}
    )
    assert answer.status_code == 302, answer.text
    return client


def page_token(page_text: str) -> str:
    return re.search(r'name="form_token" value="([^"]+)"', page_text)[1]


# ---- signing in --------------------------------------------------------------------------


def test_a_page_sends_whoever_is_not_signed_in_to_sign_in_first(office):
    answer = desk(office).get("/cases?q=Smith")
    assert answer.status_code == 302
    assert answer.headers["Location"] == "/sign-in?next=/cases?q%3DSmith"


def test_the_first_run_says_how_to_make_the_first_user(tmp_path):
    clerk = Clerk(tmp_path / "empty", CliRunner())
    clerk("init", str(clerk.office))
    page = desk(clerk).get("/sign-in")
    assert "No one can sign in yet" in page.text
    assert "noticeclerk user add NAME --role admin" in page.text


def test_a_clerk_signs_in_and_sees_what_is_due_by_village_with_the_next_step(office):
    client = signed_in(office)
    page = client.get("/")
    assert page.status_code == 200
    assert re.search(
        r"<h2[^>]*>Village A \(SAMPLE\) <span[^>]*>as of Thursday, December 10", page.text
    )
    assert "Deadline passed" in page.text
    assert (
        "Case VA-C-2026-0001</a>,\n        document VA-D-2026-00001: Directive to Comply"
        in page.text
    )
    assert "The deadline passed: Tuesday, December 8, 2026." in page.text
    assert "May issue the Bill for Private Street Maintenance Performed by the Village" in page.text
    assert "/cases/VA-C-2026-0001/record/maintenance-bill" in page.text
    assert "t.brennan (clerk)" in page.text


def test_a_wrong_password_and_an_unknown_name_get_the_same_one_sentence(office):
    client = desk(office)
    answers = []
    for name, password in [("t.brennan", "wrong password!!"), ("nobody.here", PASSWORD)]:
        token = sign_in_form(client)
        answer = client.post(
            "/sign-in", data={"name": name, "password": password, "form_token": token}
        )
        assert answer.status_code == 403
        answers.append(re.search(r'role="alert"[^>]*>([^<]+)<', answer.text)[1])
    assert (
        answers[0]
        == answers[1]
        == ("That name and password do not sign in; check both and try again.")
    )
    assert client.get_cookie(SESSION_COOKIE) is None


def test_five_failures_lock_the_name_for_fifteen_minutes_even_with_the_right_password(office):
    add_users(office, ("locked.out", "clerk"))
    client = desk(office, "2026-12-11T09:00")
    for _ in range(5):
        token = sign_in_form(client)
        client.post(
            "/sign-in", data={"name": "locked.out", "password": "x" * 14, "form_token": token}
        )
    token = sign_in_form(client)
    locked = client.post(
        "/sign-in", data={"name": "locked.out", "password": PASSWORD, "form_token": token}
    )
    assert locked.status_code == 403
    assert "failed 5 times in the last 15 minutes; wait 15 minutes" in locked.text
    # A quarter of an hour after the last failure, the right password signs in again.
    assert signed_in(office, "locked.out", "2026-12-11T09:16").get("/").status_code == 200


def test_signing_in_goes_on_to_the_page_asked_for_but_never_to_another_site(office):
    for asked, lands in [
        ("/cases?q=Smith", "/cases?q=Smith"),
        ("//evil.example/", "/"),
        ("https://evil.example/", "/"),
        ("/\\evil.example", "/"),
    ]:
        client = desk(office)
        token = sign_in_form(client)
        answer = client.post(
            "/sign-in",
            data={"name": "t.brennan", "password": PASSWORD, "form_token": token, "next": asked},
        )
        assert answer.headers["Location"] == lands, asked


# ---- sessions and forms ------------------------------------------------------------------


def test_the_session_cookie_is_http_only_same_site_strict_and_secure_over_tls(office):
    for base, secure in [("http://localhost", False), ("https://localhost", True)]:
        client = desk(office)
        page = client.get("/sign-in", base_url=base)
        token = page_token(page.text)
        answer = client.post(
            "/sign-in",
            data={"name": "t.brennan", "password": PASSWORD, "form_token": token},
            base_url=base,
        )
        cookie = next(
            c for c in answer.headers.getlist("Set-Cookie") if c.startswith(SESSION_COOKIE)
        )
        assert "HttpOnly" in cookie and "SameSite=Strict" in cookie
        assert ("Secure" in cookie) is secure


def test_the_register_keeps_only_the_session_token_s_hash_and_an_argon2id_password_hash(office):
    client = signed_in(office)
    token = client.get_cookie(SESSION_COOKIE).value
    register = create_engine(f"sqlite:///{office.office / 'noticeclerk.db'}")
    with register.connect() as connection:
        hashes = set(connection.scalars(text("SELECT token_sha256 FROM web_sessions")))
        password = connection.scalar(
            text("SELECT password_hash FROM users WHERE name = 't.brennan'")
        )
        dump = "\n".join(connection.connection.driver_connection.iterdump())
    assert hashlib.sha256(token.encode()).hexdigest() in hashes
    assert token not in dump and PASSWORD not in dump
    assert password.startswith("$argon2id$")


def test_a_form_sent_without_its_page_s_token_is_refused_and_changes_nothing(office):
    client = signed_in(office)
    refused = client.post("/sign-out", data={})
    assert refused.status_code == 403
    assert "not sent from a page of this desk" in refused.text
    assert client.get("/").status_code == 200  # still signed in
    # Nor is the sign-in form taken without its own token (its cookie and its field agree).
    stranger = desk(office)
    answer = stranger.post("/sign-in", data={"name": "t.brennan", "password": PASSWORD})
    assert answer.status_code == 403
    assert stranger.get_cookie(SESSION_COOKIE) is None


def test_signing_out_ends_the_session_for_good(office):
    client = signed_in(office)
    token = client.get_cookie(SESSION_COOKIE).value
    page = client.get("/")
    assert client.post("/sign-out", data={"form_token": page_token(page.text)}).status_code == 302
    replay = desk(office)
    replay.set_cookie(SESSION_COOKIE, token)
    assert replay.get("/").status_code == 302


def test_a_disabled_user_is_signed_out_at_once(office):
    add_users(office, ("leaving", "clerk"))
    client = signed_in(office, "leaving")
    assert client.get("/").status_code == 200
    office("user", "disable", "leaving")
    assert client.get("/").status_code == 302
    token = sign_in_form(client)
    again = client.post(
        "/sign-in", data={"name": "leaving", "password": PASSWORD, "form_token": token}
    )
    assert again.status_code == 403


def test_a_session_left_idle_two_hours_ends(office):
    client = signed_in(office, day="2026-12-12T09:00")
    token = client.get_cookie(SESSION_COOKIE).value
    for moment, status in [("2026-12-12T10:59", 200), ("2026-12-12T13:01", 302)]:
        later = desk(office, moment)
        later.set_cookie(SESSION_COOKIE, token)
        assert later.get("/").status_code == status, moment


def test_a_post_from_someone_not_signed_in_is_refused_not_redirected(office):
    answer = desk(office).post("/sign-out", data={"form_token": "x"})
    assert answer.status_code == 403


# ---- rights ------------------------------------------------------------------------------


def test_a_role_without_the_right_is_refused_with_a_sentence(office):
    from noticeclerk.web.app import needs

    app = create_app(Desk(office.office, None, Clock.parse(DAY)))

    @app.post("/test-payment")
    @needs("pay")
    def payment() -> str:
        return "recorded"

    for name, status in [("a.counsel", 403), ("m.treas", 200), ("t.brennan", 200)]:
        client = app.test_client()
        token = sign_in_form(client)
        client.post("/sign-in", data={"name": name, "password": PASSWORD, "form_token": token})
        form = page_token(client.get("/").text)
        answer = client.post("/test-payment", data={"form_token": form})
        assert answer.status_code == status, name
        if status == 403:
            assert "Your role (attorney) may not do this" in answer.text


# ---- pages -------------------------------------------------------------------------------


def test_the_case_page_shows_parcels_documents_service_and_records(office):
    page = signed_in(office).get("/cases/VA-C-2026-0001")
    assert page.status_code == 200
    assert "Case VA-C-2026-0001" in page.text
    assert "0301-02-001" in page.text
    assert "VA-D-2026-00001" in page.text
    assert "hand owner" in page.text and "J. Avery" in page.text
    assert "inspection_date" in page.text


def test_the_search_finds_a_case_by_number_parcel_address_and_owner(office):
    client = signed_in(office)
    for words in ["va-c-2026-0001", "0301-02", "a street", "SMITH"]:
        page = client.get("/cases", query_string={"q": words})
        assert "VA-C-2026-0001</a>" in page.text, words
        assert "1 case found" in page.text, words


def test_a_search_for_like_s_wildcards_looks_for_them_as_typed(office):
    client = signed_in(office)
    for words in ["%", "_", "\\"]:
        page = client.get("/cases", query_string={"q": words})
        assert "0 cases found" in page.text, words


def test_hostile_text_in_a_case_and_in_a_search_prints_escaped(office):
    client = signed_in(office)
    page = client.get("/cases/VA-C-2026-0001")
    assert "<script>" not in page.text and "<img src=x" not in page.text
    assert "&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt; {{ 7*7 }}" in page.text
    search = client.get("/cases", query_string={"q": HOSTILE})
    assert "<script>" not in search.text
    assert "&lt;img src=x onerror=alert(1)&gt;" in search.text


def test_an_unknown_case_is_one_sentence(office):
    page = signed_in(office).get("/cases/VA-C-2099-9999")
    assert page.status_code == 400
    assert "There is no case VA-C-2099-9999 in the register" in page.text


def test_every_page_carries_the_security_headers_and_no_inline_script(office):
    client = signed_in(office)
    for path in ["/", "/cases", "/cases/VA-C-2026-0001", "/sign-in", "/no-such-page"]:
        answer = client.get(path)
        headers = answer.headers
        policy = headers["Content-Security-Policy"]
        assert "script-src 'self'" in policy and "unsafe-inline" not in policy
        assert "frame-ancestors 'none'" in policy
        assert headers["X-Frame-Options"] == "DENY"
        assert headers["Referrer-Policy"] == "no-referrer"
        assert headers["Cache-Control"] == "no-store"
        assert "<script" not in answer.text and " style=" not in answer.text, path


def test_every_field_has_a_label(office):
    client = signed_in(office)
    for path in ["/sign-in", "/cases"]:
        page = desk(office).get(path).text if path == "/sign-in" else client.get(path).text
        for field_id in re.findall(r'<input id="([^"]+)"', page):
            assert f'<label for="{field_id}"' in page, (path, field_id)


def test_the_stylesheet_ships_in_the_package_and_needs_no_sign_in(office):
    answer = desk(office).get("/static/desk.css")
    assert answer.status_code == 200
    assert answer.headers["Content-Type"].startswith("text/css")
    assert "http" not in answer.text  # nothing fetched from elsewhere


def test_every_page_route_is_signed_in_unless_marked_public(office):
    app = create_app(Desk(office.office, None, Clock.parse(DAY)))
    public = {
        rule.rule
        for rule in app.url_map.iter_rules()
        if getattr(app.view_functions[rule.endpoint], "public", False)
    }
    assert public == {"/sign-in", "/healthz", "/favicon.ico"}
    assert pages.name == "pages"


# ---- the command line --------------------------------------------------------------------


def test_user_add_refuses_a_short_password_an_unknown_role_and_a_taken_name(office):
    cases = [
        (["t.new", "--role", "clerk"], "short pw\n", "use at least 12"),
        (["t.new", "--role", "mayor"], PASSWORD + "\n", "There is no role 'mayor'"),
        (["T.Brennan", "--role", "clerk"], PASSWORD + "\n", "already a user named 'T.Brennan'"),
        (["bad name", "--role", "clerk"], PASSWORD + "\n", "cannot be a user's name"),
    ]
    for arguments, typed, sentence in cases:
        result = office("user", "add", *arguments, "--password-stdin", input=typed, ok=False)
        assert result.exit_code == 1
        assert sentence in result.output
        assert "Traceback" not in result.output


def test_user_add_asks_for_the_password_twice_without_echoing_it(office):
    result = office(
        "user", "add", "twice.asked", "--role", "attorney", input=f"{PASSWORD}\n{PASSWORD}\n"
    )
    assert "Added twice.asked (attorney)" in result.output
    assert PASSWORD not in result.output
    assert "twice.asked  attorney  may sign in" in office("user", "list").output


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_the_web_command_serves_the_desk_and_warns_when_other_computers_can_reach_it(office):
    with (
        web_command(office.office, "--host", "0.0.0.0") as (port, server),
        urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=5) as answer,
    ):
        assert b'"status":"ok"' in answer.read().replace(b" ", b"")
    errors = server.stderr.read()
    assert "Warning: listening on 0.0.0.0" in errors
    assert "serve it behind TLS" in errors
    assert f"http://0.0.0.0:{port}/" in errors


def test_the_catalogue_lists_every_document_with_its_sections_and_a_doubted_law_s_standing(
    office,
):
    page = signed_in(office, "a.counsel").get("/catalogue")
    assert page.status_code == 200
    rows = re.findall(r'<th scope="row">', page.text)
    assert len(rows) == 127  # every notice type of the five villages
    assert "Directive to Comply" in page.text and "§ 134-41A" in page.text
    assert "PREEMPTED: the New York Court of Appeals held" in page.text
    assert "posting on the front door and a call to the telephone number on file" in page.text
