"""A workspace folder, a register URL and a clock, turned into the one object every action is
given: the command line, the desk and a worker each make one and hand it on."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from noticeclerk.clock import Clock

if TYPE_CHECKING:
    from sqlalchemy import Engine


@dataclass(frozen=True)
class Workspace:
    """The clerk's office as an action sees it: where its files are, its register, its clock."""

    workspace: Path | None
    db: str | None
    clock: Clock
    # The register, opened (and checked to be at the current migration) once for this object:
    # one command or one desk process reads and writes one register.
    _opened: dict[str, Engine] = field(
        default_factory=dict, init=False, repr=False, compare=False, hash=False
    )

    @classmethod
    def over(cls, engine: Engine, workspace: Path | None, clock: Clock) -> Workspace:
        """A workspace over a register already open (a worker's, a test's): the actions use
        that engine."""
        found = cls(workspace, engine.url.render_as_string(hide_password=False), clock)
        found._opened["engine"] = engine
        return found

    def at(self, moment: datetime) -> Workspace:
        """This workspace, its register shared, on a clock standing at `moment`: a job the
        desk runs later records what the clerk asked for at the moment they asked."""
        found = replace(self, clock=Clock(moment, window_years=self.clock.window_years))
        found._opened.update(self._opened)
        return found

    def register(self) -> Engine:
        """The register's database, opened and checked to be at the current migration."""
        if "engine" not in self._opened:
            # Here, not at the top: SQLAlchemy and Alembic are for the actions that use them.
            from noticeclerk.register.database import open_register, register_url
            from noticeclerk.register.frozen import attach

            # Its frozen files are in this workspace's store, wherever --db puts the database.
            url = register_url(self.workspace, self.db)
            self._opened["engine"] = attach(open_register(url), self.workspace)
        return self._opened["engine"]

    def now(self) -> datetime:
        """The moment on this workspace's clock (fixed with --today in tests and walks)."""
        return self.clock.now()

    def register_url(self) -> str:
        """The register's database URL: --db, or noticeclerk.db in the workspace."""
        from noticeclerk.register.database import register_url

        return register_url(self.workspace, self.db)
