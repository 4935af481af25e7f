"""The root options (workspace, register URL, clock), turned into what every command reads."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import click

from noticeclerk.actions.workspace import Workspace


@dataclass(frozen=True)
class Office(Workspace):
    """The clerk's office as the command line was told of it: one per invocation, the same
    workspace object the desk and the actions use, with where a command writes its copies."""

    def outputs(self, folder: str, given: Path | None = None) -> Path:
        """Where a register command writes: --out if given, else the workspace's outputs."""
        return given if given is not None else Path(self.workspace or ".") / "outputs" / folder


pass_office = click.make_pass_decorator(Office)
