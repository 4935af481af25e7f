"""The desk as its tests reach it: users made at the command line, a Flask test client signed
in as one of them on a fixed day, forms sent with their page's token, and the register read
back with plain SQL."""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from clerk import Clerk
from sqlalchemy import create_engine, text

from noticeclerk.clock import Clock
from noticeclerk.web import Desk, create_app

PASSWORD = "correct horse battery staple"


def add_users(clerk: Clerk, *users: tuple[str, str]) -> None:
    """Each (name, role) made with `noticeclerk user add`, the password read from stdin."""
    for name, role in users:
        clerk("user", "add", name, "--role", role, "--password-stdin", input=PASSWORD + "\n")


def desk_client(clerk: Clerk, day: str, **options: bool):  # type: ignore[no-untyped-def]
    """A test client of the desk over the clerk's register, its clock fixed at `day`."""
    app = create_app(Desk(clerk.office, None, Clock.parse(day)), **options)
    app.testing = True
    return app.test_client()


def form_token(page: str) -> str:
    """The form token a page's forms carry."""
    return re.search(r'name="form_token" value="([^"]+)"', page)[1]


def signed_in(clerk: Clerk, name: str, day: str):  # type: ignore[no-untyped-def]
    """A test client signed in as `name` (made with add_users) on `day`."""
    client = desk_client(clerk, day)
    answer = client.post(
        "/sign-in",
        data={
            "name": name,
            "password": PASSWORD,
            "form_token": form_token(client.get("/sign-in").text),
        },
    )
    assert answer.status_code == 302, answer.text
    return client


def send(client, path: str, fields: dict[str, str]):  # type: ignore[no-untyped-def]
    """The form at `path` sent with these fields and the token its page carries."""
    return client.post(path, data={"form_token": form_token(client.get(path).text), **fields})


def field_errors(page: str) -> dict[str, str]:
    """Each field's error, by the field's name, as the page says it next to the field."""
    return dict(re.findall(r'<span class="field-error" id="([a-z_]+)-error">([^<]+)<', page))


def register_rows(clerk: Clerk, query: str) -> list[tuple[Any, ...]]:
    """The rows of a query on the clerk's register."""
    register = create_engine(f"sqlite:///{clerk.office / 'noticeclerk.db'}")
    with register.connect() as connection:
        return [tuple(row) for row in connection.execute(text(query))]


@contextmanager
def web_command(workspace: Path, *options: str) -> Iterator[tuple[int, subprocess.Popen[str]]]:
    """`noticeclerk web` run as a clerk runs it (on the computer's clock), on a free port; yields
    once it answers /healthz, and stops it after. Its stderr is the process's to read."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    environment = {k: v for k, v in os.environ.items() if k != "NOTICECLERK_TODAY"}
    command = [
        sys.executable, "-c", "from noticeclerk.cli import main; main()",
        "--workspace", str(workspace), "web", "--port", str(port), *options,
    ]  # fmt: skip
    server = subprocess.Popen(command, env=environment, stderr=subprocess.PIPE, text=True)
    try:
        for _ in range(100):
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2):
                    break
            except OSError:
                time.sleep(0.1)
        else:
            raise AssertionError("the desk did not answer")
        yield port, server
    finally:
        server.terminate()
        server.wait(10)
