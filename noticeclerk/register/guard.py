"""Text on its way into the register, refused when no document could print it faithfully.

Each command checks its own fields and names the option to fix; this guard is the backstop
for every path that reaches the database (a new command, the web app, a script using the
register's functions), so no record ever holds a control character, a lone surrogate or an
invisible character that would break the affidavit built from it years later.
"""

from __future__ import annotations

import re
from typing import Any

from sqlalchemy import event, inspect
from sqlalchemy.orm import Session

from noticeclerk.content.schema import unprintable
from noticeclerk.exceptions import InputError


def _texts(value: Any) -> list[str]:
    """Every string in a value, looking inside the JSON columns' lists and tables."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [text for key, item in value.items() for text in _texts(key) + _texts(item)]
    if isinstance(value, list | tuple):
        return [text for item in value for text in _texts(item)]
    return []


def refuse_unprintable_records(session: Session) -> None:
    """InputError naming the table and column of the first new or changed text that holds a
    character no document can print; only what this flush adds is read, so a record written
    before the rule existed can still be struck or closed."""
    for record in [*session.new, *session.dirty]:
        state = inspect(record)
        for attribute in state.mapper.column_attrs:
            for value in state.attrs[attribute.key].history.added:
                for text in _texts(value):
                    problem = unprintable(text)
                    if problem:
                        kind = re.sub(r"(?<!^)(?=[A-Z])", " ", state.mapper.class_.__name__)
                        raise InputError(
                            f"The {attribute.key.replace('_', ' ')} of this {kind.lower()} "
                            f"record contains {problem}, which a document cannot print "
                            "faithfully; retype it without one."
                        )


class GuardedSession(Session):
    """The register's session: every flush passes the guard first."""


@event.listens_for(GuardedSession, "before_flush")
def _before_flush(session: Session, _context: Any, _instances: Any) -> None:
    refuse_unprintable_records(session)
