"""`noticeclerk web` and `noticeclerk user`: the options of the clerk's desk turned into a running
web server over the register, and its users."""

from __future__ import annotations

import ipaddress
import sys

import click

from noticeclerk.cli.office import Office, pass_office
from noticeclerk.cli.params import BY_OPTION, LINE
from noticeclerk.exceptions import InputError

ROLE_HELP = (
    "clerk (cases, documents, service), treasurer (payments), public_works (inspections and "
    "work done), attorney (reads only) or admin (everything, and the users)"
)


@click.command("web")
@click.option(
    "--host",
    type=LINE,
    default="127.0.0.1",
    show_default=True,
    help="The address to listen on. The default lets only this computer in; another address "
    "lets the office's network in (use it behind TLS).",
)
@click.option(
    "--port", type=click.IntRange(1, 65535), default=8000, show_default=True, help="The port."
)
@click.option(
    "--threads",
    type=click.IntRange(1, 64),
    default=4,
    show_default=True,
    help="How many requests are answered at once.",
)
@click.option(
    "--behind-proxy",
    is_flag=True,
    help="Requests come through a reverse proxy on this computer that serves the desk over "
    "TLS (and says so in X-Forwarded-Proto and X-Forwarded-For): cookies are then sent only "
    "over TLS, and sign-in tries are counted by the browser's address.",
)
@pass_office
def web_command(office: Office, host: str, port: int, threads: int, behind_proxy: bool) -> None:
    """Open the clerk's desk: the register's pages in a web browser.

    Serves the desk from this workspace's register until Ctrl-C, at http://HOST:PORT/. Users
    sign in with a name and password made with 'noticeclerk user add'; the first run says how
    if there are none yet.

    \b
    Example:
      noticeclerk web
      (then open http://127.0.0.1:8000/ in the browser)
    """
    from waitress import serve

    from noticeclerk.register.people import anyone_can_sign_in
    from noticeclerk.web import Desk, create_app
    from noticeclerk.web.app import MAX_REQUEST

    if office.clock.fixed is not None:
        # On a fixed day no session would ever end and no locked name ever unlock.
        raise InputError(
            "The desk runs on the computer's clock; start it without --today (and without "
            "NOTICECLERK_TODAY in the environment)."
        )
    app = create_app(Desk(office.workspace, office.db, office.clock), behind_proxy=behind_proxy)
    if not _loopback(host):
        click.echo(
            f"Warning: listening on {host}, so other computers can reach the desk; serve it "
            "behind TLS (a reverse proxy with a certificate) so passwords and cookies are not "
            "sent in the clear.",
            err=True,
        )
    if not anyone_can_sign_in(app.extensions["noticeclerk.engine"]):
        click.echo(
            "No one can sign in yet: create the first user with "
            "'noticeclerk user add NAME --role admin' (it asks for the password).",
            err=True,
        )
    shown = f"[{host}]" if ":" in host else host
    click.echo(f"The clerk's desk is at http://{shown}:{port}/ (Ctrl-C stops it).", err=True)
    serve(
        app,
        host=host,
        port=port,
        threads=threads,
        ident="noticeclerk",
        # Refused before it is read: waitress would otherwise take up to 1 GB to disk first.
        max_request_body_size=MAX_REQUEST,
        _quiet=True,
    )


def _loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


@click.group("user")
def user_group() -> None:
    """The people who sign in to the clerk's desk ('noticeclerk web')."""


@user_group.command("add")
@click.argument("name", type=LINE)
@click.option("--role", type=LINE, required=True, help=f"What they may do: {ROLE_HELP}.")
@click.option(
    "--password-stdin",
    is_flag=True,
    help="Read the password from the first line of standard input instead of asking twice.",
)
@BY_OPTION
@pass_office
def user_add(office: Office, name: str, role: str, password_stdin: bool, by: str) -> None:
    """Add a user who may sign in to the desk.

    Asks for the password twice without showing it (at least 12 characters). Each role's
    rights are fixed: a clerk works cases, a treasurer records payments, public works records
    inspections and work, an attorney only reads, an admin does all of it.

    \b
    Example:
      noticeclerk user add t.brennan --role clerk
    """
    from noticeclerk.register.people import add_user, check_name, check_password

    check_name(name)
    password = _password(password_stdin, name)
    check_password(password, name)
    add_user(office.register(), name, role, password, by=by, now=office.clock.now())
    click.echo(f"Added {name} ({role}); they can sign in to the desk now.")


@user_group.command("password")
@click.argument("name", type=LINE)
@click.option(
    "--password-stdin",
    is_flag=True,
    help="Read the password from the first line of standard input instead of asking twice.",
)
@pass_office
def user_password(office: Office, name: str, password_stdin: bool) -> None:
    """Give a user a new password; wherever they were signed in, they are signed out."""
    from noticeclerk.register.people import set_password

    password = _password(password_stdin, name)
    set_password(office.register(), name, password, now=office.clock.now())
    click.echo(f"Set a new password for {name}.")


@user_group.command("disable")
@click.argument("name", type=LINE)
@pass_office
def user_disable(office: Office, name: str) -> None:
    """Stop a user from signing in, and sign them out now. The register keeps their name, as
    who did what."""
    from noticeclerk.register.people import disable_user

    disable_user(office.register(), name, now=office.clock.now())
    click.echo(f"Disabled {name}; they can no longer sign in.")


@user_group.command("list")
@pass_office
def user_list(office: Office) -> None:
    """List the desk's users, their roles and whether they may sign in."""
    from noticeclerk.register.people import list_users

    users = list_users(office.register())
    if not users:
        click.echo("No users yet: 'noticeclerk user add NAME --role admin' makes the first.")
    for user in users:
        state = "disabled" if user.disabled_at else "may sign in"
        click.echo(f"{user.name}  {user.role}  {state}  (added by {user.created_by})")


def _password(from_stdin: bool, name: str) -> str:
    if from_stdin:
        line = sys.stdin.readline()
        if not line.strip():
            raise InputError("Standard input held no password; give it on its first line.")
        return line.rstrip("\r\n")
    return click.prompt(
        f"Password for {name}", hide_input=True, confirmation_prompt="Again, to be sure"
    )
