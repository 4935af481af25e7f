"""A command's name, turned into the command, importing its module only when it is asked for.

Click's documented LazyGroup pattern: the root group knows each command by an import path,
so `noticeclerk calc deadline` loads the calc module and nothing of the register's or the
printer's. `--help` loads every command module to read its help, which is why those modules
keep their heavy imports inside the command functions.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import Any

import click


class LazyGroup(click.Group):
    """A group whose commands are named `module:attribute` and imported on first use."""

    def __init__(
        self, *args: Any, lazy_commands: Mapping[str, str] | None = None, **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        self.lazy_commands = dict(lazy_commands or {})

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *self.lazy_commands})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in self.lazy_commands:
            return super().get_command(ctx, cmd_name)
        module_name, _, attribute = self.lazy_commands[cmd_name].partition(":")
        command = getattr(importlib.import_module(module_name), attribute)
        if not isinstance(command, click.Command) or command.name != cmd_name:
            raise TypeError(f"{self.lazy_commands[cmd_name]} is not the command {cmd_name!r}.")
        return command
