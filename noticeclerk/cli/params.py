"""What a clerk types on the command line, turned into dates, times and who is recording."""

from __future__ import annotations

import getpass
import re
from datetime import date, datetime, time
from pathlib import Path
from typing import Any

import click

from noticeclerk.clock import DAY, MOMENT


class DateOrMoment(click.ParamType):
    """A date (2025-12-19) or a date and time (2025-12-19T14:30, optionally with its offset)."""

    name = "DATE[THH:MM]"

    def convert(self, value: Any, param: Any, ctx: Any) -> date | datetime:
        if isinstance(value, date):
            return value
        text = str(value).strip()
        if DAY.fullmatch(text):
            try:
                return date.fromisoformat(text)
            except ValueError:
                self.fail(f"{text} is not a date that exists; write it YYYY-MM-DD.", param, ctx)
        if MOMENT.fullmatch(text):
            try:
                return datetime.fromisoformat(text.replace(" ", "T"))
            except ValueError:
                self.fail(f"{text} is not a date and time that exists.", param, ctx)
        self.fail(
            f"'{text}' is not a date; write YYYY-MM-DD, or YYYY-MM-DDTHH:MM for a time.",
            param,
            ctx,
        )


class ClockTime(click.ParamType):
    """A time of day written HH:MM (24-hour clock)."""

    name = "HH:MM"

    def convert(self, value: Any, param: Any, ctx: Any) -> time:
        if isinstance(value, time):
            return value
        text = str(value).strip()
        if re.fullmatch(r"\d{2}:\d{2}", text):
            try:
                return time.fromisoformat(text)
            except ValueError:
                pass
        self.fail(
            f"'{text}' is not a time of day; write HH:MM on a 24-hour clock, such as 12:00.",
            param,
            ctx,
        )


def _clerk() -> str:
    """Who is at the keyboard, for the register's "recorded by"."""
    try:
        return getpass.getuser()
    except (KeyError, OSError):
        return "unknown"


FORMATS_OPTION = click.option(
    "--format",
    "formats",
    default="pdf,docx",
    show_default=True,
    metavar="pdf,docx",
    help="Which files to make.",
)


def out_folder_option(default: str, help: str) -> Any:
    """The folder a command writes its files into, with its default shown in --help."""
    return click.option(
        "--out",
        "out_dir",
        type=click.Path(file_okay=False, path_type=Path),
        default=Path(default),
        show_default=True,
        help=help,
    )


def workspace_out_option(folder: str, help: str) -> Any:
    """The folder a register command writes into: by default the workspace's outputs/<folder>,
    wherever the clerk happens to stand."""
    return click.option(
        "--out",
        "out_dir",
        type=click.Path(file_okay=False, path_type=Path),
        default=None,
        show_default=f"the workspace's outputs/{folder}",
        help=help,
    )


def _recorder(_ctx: click.Context, _param: click.Parameter, value: str) -> str:
    """--by as the register keeps it: a name a document can print, never blank."""
    from noticeclerk.content.schema import refuse_control
    from noticeclerk.exceptions import InputError

    if not value.strip():
        raise InputError("Say who is recording this with --by: the register keeps the name.")
    return refuse_control(value.strip(), "Who is recording this (--by)")


BY_OPTION = click.option(
    "--by",
    "by",
    default=_clerk,
    show_default="your login name",
    callback=_recorder,
    help="Who is recording this.",
)
