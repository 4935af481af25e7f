"""The clerk's desk: the register turned into web pages a clerk uses from a browser.

A Flask application served by waitress on the office's own machine (`noticeclerk web`). Pages
are rendered on the server from Jinja2 templates with autoescape; forms work without
JavaScript; every asset ships in the package (no CDN, no build step). The same register
functions the command line calls answer every page, so a page refuses what a command refuses,
in the same sentence.

Security, in one place (noticeclerk.web.app): a session cookie (HttpOnly, SameSite=Strict,
Secure over TLS) holding a random token the register knows only by its SHA-256; a form token
in every form checked on every POST; a Content-Security-Policy with no inline script,
X-Frame-Options, Referrer-Policy and no caching of pages; roles checked before any change.
"""

from noticeclerk.web.app import Desk, create_app

__all__ = ["Desk", "create_app"]
