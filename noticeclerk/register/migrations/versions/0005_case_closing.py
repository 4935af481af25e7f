"""A case closed, with why, when and by whom

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-30
"""

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


# Plain ALTER TABLE, not a batch copy: SQLite (3.35 and later) adds and drops a column in
# place, and copying the cases table would trip the foreign keys of its documents and events.
COLUMNS = (
    ("closed_at", sa.DateTime()),
    ("closed_by", sa.String(length=200)),
    ("close_reason", sa.String(length=20)),
    ("close_note", sa.Text()),
)


def upgrade() -> None:
    for name, kind in COLUMNS:
        op.add_column("cases", sa.Column(name, kind, nullable=True))


def downgrade() -> None:
    for name, _kind in reversed(COLUMNS):
        op.drop_column("cases", name)
