"""Every command a message, a help text or the README tells the clerk to run exists: a sentence
never sends anyone to 'noticeclerk case list' before there is one."""

from __future__ import annotations

import re
from pathlib import Path

import click

from noticeclerk.cli import cli

REPO = Path(__file__).resolve().parent.parent
# A command as the program quotes it ('noticeclerk db upgrade', `noticeclerk calc deadline`,
# "(noticeclerk case party --role ...)") or begins an indented example line with it; a
# docstring's first word ("""noticeclerk turns ...) is prose.
NAMED = re.compile(
    r"""(?:^[ \t]+(?:\$ )?|(?<!"")['"`(])noticeclerk ([a-z][a-z-]*)(?: ([a-z][a-z-]*))?""", re.M
)
FENCE = re.compile(r"^```[^\n]*\n(.*?)^```", re.M | re.S)


def named_commands(text: str) -> list[tuple[str, str | None]]:
    return [(match[1], match[2]) for match in NAMED.finditer(text)]


def where_named() -> dict[tuple[str, str | None], list[str]]:
    """Each command named, with the files naming it: the package's source and the README."""
    named: dict[tuple[str, str | None], list[str]] = {}
    for path in [*sorted((REPO / "noticeclerk").rglob("*")), REPO / "README.md"]:
        if path.suffix not in (".py", ".toml", ".j2", ".md") or not path.is_file():
            continue
        text = path.read_text(encoding="utf-8")
        if path.suffix == ".md":
            # The README's prose may start a line with the word; its code blocks are commands.
            blocks = "\n".join(FENCE.findall(text))
            text = (
                re.sub(r"^", "  ", blocks, flags=re.M)
                + "\n"
                + " ".join(re.findall(r"`[^`\n]*`", text))
            )
        for command in named_commands(text):
            named.setdefault(command, []).append(str(path.relative_to(REPO)))
    return named


def unknown(command: str, sub: str | None) -> str | None:
    """What is wrong with `noticeclerk command sub`, or None when the group has both."""
    context = click.Context(cli)
    found = cli.get_command(context, command)
    if found is None:
        return f"there is no command '{command}'"
    if isinstance(found, click.Group):
        if sub is None:
            return None
        if found.get_command(context, sub) is None:
            return f"'{command}' has no subcommand '{sub}'"
    return None


def test_the_pattern_finds_commands_as_the_program_quotes_them():
    text = (
        "run 'noticeclerk db upgrade'; see `noticeclerk calc deadline`\n"
        "the record (noticeclerk case party --role x)\n"
        "    noticeclerk proof VA-D-2026-00001 --issue\n"
        "a noticeclerk register, which this noticeclerk does not know\n"
        '"""noticeclerk turns a village\'s ordinances into documents."""'
    )
    assert named_commands(text) == [
        ("db", "upgrade"),
        ("calc", "deadline"),
        ("case", "party"),
        ("proof", None),
    ]


def test_a_command_that_does_not_exist_is_told_apart():
    assert unknown("case", "list") is None
    assert unknown("case", "lists") == "'case' has no subcommand 'lists'"
    assert unknown("register", None) == "there is no command 'register'"
    assert unknown("proof", None) is None


def test_every_command_a_message_or_the_readme_names_exists():
    named = where_named()
    assert len(named) > 20  # the search found the commands the program does name
    wrong = {
        f"noticeclerk {command}{' ' + sub if sub else ''}": (problem, files)
        for (command, sub), files in named.items()
        if (problem := unknown(command, sub))
    }
    assert not wrong, wrong
