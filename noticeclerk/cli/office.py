"""The root options (workspace, register URL, clock), turned into what every command reads."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import click

from noticeclerk.clock import Clock

if TYPE_CHECKING:
    from sqlalchemy import Engine


@dataclass(frozen=True)
class Office:
    """The clerk's office as the command line was told of it: one per invocation."""

    workspace: Path | None
    db: str | None
    clock: Clock

    def register(self) -> Engine:
        """The register's database, opened and checked to be at the current migration."""
        # Here, not at the top: SQLAlchemy and Alembic are for the commands that use them.
        from noticeclerk.register.database import open_register, register_url
        from noticeclerk.register.frozen import attach

        # Its frozen files are in this workspace's store, wherever --db puts the database.
        return attach(open_register(register_url(self.workspace, self.db)), self.workspace)

    def outputs(self, folder: str, given: Path | None = None) -> Path:
        """Where a register command writes: --out if given, else the workspace's outputs."""
        return given if given is not None else Path(self.workspace or ".") / "outputs" / folder

    def register_url(self) -> str:
        """The register's database URL: --db, or noticeclerk.db in the workspace."""
        from noticeclerk.register.database import register_url

        return register_url(self.workspace, self.db)


pass_office = click.make_pass_decorator(Office)
