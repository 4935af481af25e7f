"""What a clerk types on the command line, turned into checked text, dates, times and who is
recording."""

from __future__ import annotations

import getpass
import re
from collections.abc import Callable
from datetime import date, datetime, time
from pathlib import Path
from typing import Any, TypeVar

import click

from noticeclerk.cli.office import Office
from noticeclerk.clock import DAY, MOMENT
from noticeclerk.content.schema import refuse_control

F = TypeVar("F", bound=Callable[..., Any])


class CheckedText(click.ParamType):
    """Text typed for an option or argument, refused with one sentence naming it and the
    position when it holds a character no document can print or no reader can see.

    Every text option of every command has this type (tests/test_hostile_characters.py walks
    them all), so a bell, a terminal escape, a lone surrogate from a non-UTF-8 shell or a
    direction override is stopped before any command reads it, whatever it is for.
    """

    name = "TEXT"

    def __init__(self, *, one_line: bool = True, assignment: bool = False) -> None:
        # One line: a name, an address, a number, a choice; free text (a note, a reason) may
        # run to several lines. An assignment is --fact/--event name=value, named by its name.
        self.one_line = one_line
        self.assignment = assignment

    def convert(self, value: Any, param: Any, ctx: Any) -> str:
        text = str(value)
        what = _named(param)
        if self.assignment and "=" in text:
            name, _, rest = text.partition("=")
            kind = what.removeprefix("The option --")
            named = f"The {kind} '{name.strip()}'"
            refuse_control(name, what, one_line=True)
            refuse_control(rest, named, one_line=self.one_line)
            _check_in_window(_as_date(rest.strip()), named, ctx)
            return text
        return refuse_control(text, what, one_line=self.one_line)


def _as_date(text: str) -> date | datetime | None:
    """The day or moment a value is written as, if it is one; None for any other value."""
    try:
        if DAY.fullmatch(text):
            return date.fromisoformat(text)
        if MOMENT.fullmatch(text):
            return datetime.fromisoformat(text.replace(" ", "T"))
    except ValueError:
        pass
    return None


def _check_in_window(moment: date | None, what: str, ctx: Any) -> None:
    """Refuse a date for the register that lies outside the clock's window around today."""
    office = ctx.find_object(Office) if ctx is not None else None
    if moment is not None and office is not None:
        office.clock.check_in_window(moment, what)


def _named(param: Any) -> str:
    """How an error names a parameter: "The option --note" or "The case number"."""
    if isinstance(param, click.Option):
        return f"The option {max(param.opts, key=len)}"
    if param is not None and param.name:
        return f"The {param.name.replace('_', ' ')}"
    return "The text given"


# A name, an address line, a number, a choice: one line. A note or a reason: free text.
LINE = CheckedText()
FREE_TEXT = CheckedText(one_line=False)
# --fact name=value: a fact's value may be free text; its kind then decides (content/casefile).
FACT = CheckedText(one_line=False, assignment=True)
EVENT = CheckedText(assignment=True)


class DateOrMoment(click.ParamType):
    """A date (2025-12-19) or a date and time (2025-12-19T14:30, optionally with its offset).

    A date for the register (`register=True`) must lie within the clock's window around today
    (clock.DATE_WINDOW_YEARS): 0001-01-01 was numbered PA-D-1-00001 and 9999-12-31 crashed
    the deadline. The counter (calc) takes any date; a period that runs off the calendar is
    one sentence there (rules/periods.on_the_calendar).
    """

    name = "DATE[THH:MM]"

    def __init__(self, *, register: bool = False) -> None:
        self.register = register

    def convert(self, value: Any, param: Any, ctx: Any) -> date | datetime:
        converted = self._convert(value, param, ctx)
        if self.register:
            _check_in_window(converted, _named(param), ctx)
        return converted

    def _convert(self, value: Any, param: Any, ctx: Any) -> date | datetime:
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


def login_name() -> str:
    """Who is at the keyboard, for the register's "recorded by"."""
    try:
        return getpass.getuser()
    except (KeyError, OSError):
        return "unknown"


FORMATS_OPTION = click.option(
    "--format",
    "formats",
    type=LINE,
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
    """--by as the register keeps it: a name a document can print (its type saw to that),
    never blank."""
    from noticeclerk.exceptions import InputError

    if not value.strip():
        raise InputError("Say who is recording this with --by: the register keeps the name.")
    return value.strip()


def person_option(what: str) -> Callable[[F], F]:
    """--by as the name of the person a document prints or swears in (the mailing book's
    preparer, the affidavit of mailing's affiant): required, never the computer's login."""
    return click.option(
        "--by",
        "by",
        type=LINE,
        required=True,
        metavar="NAME",
        callback=_person,
        help=f"{what}, by full name (not a login name).",
    )


def _person(_ctx: click.Context, _param: click.Parameter, value: str) -> str:
    """--by as a person's name a document prints: some letters, one line, not too long."""
    from noticeclerk.content.schema import person_named

    return person_named(value, "The name given with --by")


BY_OPTION = click.option(
    "--by",
    "by",
    type=LINE,
    default=login_name,
    show_default="your login name",
    callback=_recorder,
    help="Who is recording this.",
)
