"""The deadline a document states, kept as a date or an instant instead of text

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-30
"""

from datetime import UTC, date, datetime

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None

documents = sa.table(
    "documents",
    sa.column("id", sa.Integer()),
    sa.column("stated_deadline", sa.String(40)),
    sa.column("stated_due_on", sa.Date()),
    sa.column("stated_due_at", sa.DateTime()),
)


def upgrade() -> None:
    with op.batch_alter_table("documents", schema=None) as batch_op:
        batch_op.add_column(sa.Column("stated_due_on", sa.Date(), nullable=True))
        batch_op.add_column(sa.Column("stated_due_at", sa.DateTime(), nullable=True))
    connection = op.get_bind()
    rows = connection.execute(
        sa.select(documents.c.id, documents.c.stated_deadline).where(
            documents.c.stated_deadline.is_not(None)
        )
    ).all()
    for row in rows:
        # The text was the deadline's isoformat: a day, or an aware moment in the village's zone.
        if "T" in row.stated_deadline:
            moment = datetime.fromisoformat(row.stated_deadline)
            values = {
                "stated_due_on": moment.date(),
                "stated_due_at": moment.astimezone(UTC).replace(tzinfo=None),
            }
        else:
            values = {"stated_due_on": date.fromisoformat(row.stated_deadline)}
        connection.execute(documents.update().where(documents.c.id == row.id).values(**values))
    with op.batch_alter_table("documents", schema=None) as batch_op:
        batch_op.drop_column("stated_deadline")


def downgrade() -> None:
    with op.batch_alter_table("documents", schema=None) as batch_op:
        batch_op.add_column(sa.Column("stated_deadline", sa.String(length=40), nullable=True))
    connection = op.get_bind()
    rows = connection.execute(
        sa.select(documents.c.id, documents.c.stated_due_on, documents.c.stated_due_at).where(
            documents.c.stated_due_on.is_not(None)
        )
    ).all()
    for row in rows:
        text = (
            row.stated_due_at.replace(tzinfo=UTC).isoformat()
            if row.stated_due_at is not None
            else row.stated_due_on.isoformat()
        )
        connection.execute(
            documents.update().where(documents.c.id == row.id).values(stated_deadline=text)
        )
    with op.batch_alter_table("documents", schema=None) as batch_op:
        batch_op.drop_column("stated_due_at")
        batch_op.drop_column("stated_due_on")
