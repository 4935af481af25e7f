"""A workspace's register turned into the desk's Flask application, with its security rules.

Every request is signed in or sent to the sign-in page; every POST carries the form token of
its session (or, for the sign-in form, of its own cookie) or is refused; every response gets
the security headers. A NoticeclerkError raised by a page becomes its one sentence on the
page, with status 400; anything else is a bug and a plain 500 page.
"""

from __future__ import annotations

import hmac
import secrets
from collections.abc import Callable
from functools import wraps
from typing import Any, TypeVar

from flask import Flask, Response, abort, g, redirect, render_template, request, url_for
from jinja2 import StrictUndefined
from werkzeug.exceptions import HTTPException

from noticeclerk.actions.workspace import Workspace
from noticeclerk.exceptions import NoticeclerkError
from noticeclerk.register import spelled
from noticeclerk.web.jobs import Jobs

SESSION_COOKIE = "noticeclerk_session"
# The sign-in form's own token, before there is a session (double submit: cookie and form).
SIGN_IN_COOKIE = "noticeclerk_sign_in"
# An upload or a form larger than this is refused before it is read (a signed scan fits).
MAX_REQUEST = 20 * 1024 * 1024

CONTENT_SECURITY_POLICY = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "font-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"
)
SECURITY_HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    # Pages name owners and addresses: no copy is kept by the browser or a proxy.
    "Cache-Control": "no-store",
}

View = TypeVar("View", bound=Callable[..., Any])


# What the desk serves: a workspace's register, read with a clock (fixed in tests); the same
# object the command line and the actions use.
Desk = Workspace


def create_app(desk: Desk, *, behind_proxy: bool = False) -> Flask:
    """The desk's application over one workspace's register (opened once, shared by requests).

    `behind_proxy`: requests come through one reverse proxy on this machine that terminates
    TLS and says so (X-Forwarded-Proto, -For, -Host); the cookies are then marked Secure and
    sign-in tries are counted by the client's address, not the proxy's.
    """
    app = Flask(__name__)
    if behind_proxy:
        from werkzeug.middleware.proxy_fix import ProxyFix

        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=1, x_proto=1, x_host=1)  # type: ignore[method-assign]
    app.config.update(MAX_CONTENT_LENGTH=MAX_REQUEST)
    app.jinja_env.undefined = StrictUndefined
    # The register's answers read as the command line words them.
    app.jinja_env.filters.update(
        moment=spelled.moment,
        due=spelled.due,
        money=spelled.money,
        value=spelled.value,
        first_upper=first_upper,
    )
    app.extensions["noticeclerk.desk"] = desk
    app.extensions["noticeclerk.engine"] = desk.register()
    app.extensions["noticeclerk.jobs"] = Jobs(desk.clock.now)

    app.before_request(_who_is_asking)
    app.after_request(_secured)
    app.register_error_handler(NoticeclerkError, _refused)
    app.register_error_handler(HTTPException, _http_error)

    from noticeclerk.web import (
        archive_pages,
        case_pages,
        email_pages,
        issue_pages,
        mail_pages,
        publication_pages,
        receipt_pages,
        retention_pages,
        roll_pages,
        service_pages,
        striking_pages,
    )
    from noticeclerk.web.pages import pages

    # Their routes are on `pages`, added as each is imported.
    assert archive_pages.archive and case_pages.open_case_form and issue_pages.issue_document
    assert receipt_pages.receipts and roll_pages.roll_import and service_pages.serve_document
    assert mail_pages.mail and email_pages.outbox and publication_pages.publication
    assert striking_pages.strike_service and retention_pages.archive_export
    app.register_blueprint(pages)
    return app


def first_upper(words: str) -> str:
    """The words with their first letter in capitals and the rest as written (Jinja's
    `capitalize` would write "the village of luck")."""
    return words[:1].upper() + words[1:]


def engine():  # type: ignore[no-untyped-def]
    """The register of the application serving this request."""
    from flask import current_app

    return current_app.extensions["noticeclerk.engine"]


def desk() -> Desk:
    from flask import current_app

    return current_app.extensions["noticeclerk.desk"]


def jobs() -> Jobs:
    """The desk's long work, each job followed on its own page."""
    from flask import current_app

    return current_app.extensions["noticeclerk.jobs"]


def now():  # type: ignore[no-untyped-def]
    return desk().clock.now()


def public(view: View) -> View:
    """A page anyone may see without signing in (the sign-in page, the stylesheet)."""
    view.public = True  # type: ignore[attr-defined]
    return view


def needs(right: str) -> Callable[[View], View]:
    """A page only a role with `right` may use; others get 403 with a sentence."""

    def decorate(view: View) -> View:
        @wraps(view)
        def checked(*args: Any, **kwargs: Any) -> Any:
            if not g.user.may(right):
                abort(403, f"Your role ({g.user.role}) may not do this; ask the desk's admin.")
            return view(*args, **kwargs)

        return checked  # type: ignore[return-value]

    return decorate


def _who_is_asking() -> Response | None:
    from flask import current_app

    from noticeclerk.register.people import signed_in

    g.user = None
    if request.endpoint == "static":
        # The stylesheet and icon are the same for everyone: no session is looked up for them.
        return None
    view = current_app.view_functions.get(request.endpoint or "")
    token = request.cookies.get(SESSION_COOKIE, "")
    if token:
        g.user = signed_in(engine(), token, now=now())
    if view is not None and getattr(view, "public", False):
        _check_form_token(expected=request.cookies.get(SIGN_IN_COOKIE, ""))
        return None
    if g.user is None:
        if request.method not in ("GET", "HEAD"):
            abort(403, "You are not signed in (or your session ended); sign in and try again.")
        return redirect(url_for("pages.sign_in", next=request.full_path.rstrip("?")))
    _check_form_token(expected=g.user.form_token)
    return None


def _check_form_token(expected: str) -> None:
    """A POST must carry the form token its page was given, else it was not sent from it."""
    if request.method in ("GET", "HEAD", "OPTIONS"):
        return
    given = request.form.get("form_token", "")
    if not expected or not hmac.compare_digest(given.encode(), expected.encode()):
        abort(
            403,
            "This form was not sent from a page of this desk, or it is too old; "
            "open the page again and send it from there.",
        )


def form_token() -> str:
    """The token the page's forms carry: the session's, or the sign-in form's own."""
    if g.get("user") is not None:
        return g.user.form_token
    token = request.cookies.get(SIGN_IN_COOKIE) or g.get("new_sign_in_token")
    if not token:
        token = g.new_sign_in_token = secrets.token_urlsafe(32)
    return token


def _secured(response: Response) -> Response:
    for name, value in SECURITY_HEADERS.items():
        response.headers.setdefault(name, value)
    if request.is_secure:
        # Served over TLS once, always over TLS: a browser will not be talked into plain HTTP.
        response.headers.setdefault("Strict-Transport-Security", "max-age=31536000")
    if g.get("new_sign_in_token"):
        set_cookie(response, SIGN_IN_COOKIE, g.new_sign_in_token)
    return response


def set_cookie(response: Response, name: str, value: str) -> None:
    """A cookie scripts cannot read, sent only to this site's own pages, and only over TLS
    when the desk is served over TLS."""
    response.set_cookie(
        name, value, httponly=True, samesite="Strict", secure=request.is_secure, path="/"
    )


def _refused(error: NoticeclerkError) -> tuple[str, int]:
    return render_template("error.html", title="Not done", sentence=str(error)), 400


def _http_error(error: HTTPException) -> tuple[str, int]:
    titles = {403: "Not allowed", 404: "Not found", 413: "Too large"}
    sentence = error.description or error.name
    if error.code == 404:
        sentence = "There is no such page on this desk."
    if error.code == 413:
        sentence = f"What was sent is larger than {MAX_REQUEST // (1024 * 1024)} MB; send less."
    page = render_template(
        "error.html", title=titles.get(error.code or 0, error.name), sentence=sentence
    )
    return page, error.code or 500
