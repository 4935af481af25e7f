"""A document issued for mailing on a day the Village names keeps that day: it states its
deadline as a date counted from it, and a mailing recorded on another day is warned about (NY
legal reading CF-3, CF-9, CF-11: "Pay by Monday, February 23, 2026", not "within 20 days after
this bill is sent")

Revision ID: 0021
Revises: 0020
Create Date: 2026-12-03
"""

import sqlalchemy as sa
from alembic import op

revision = "0021"
down_revision = "0020"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Plain ALTER TABLE: copying the documents table would trip its services' foreign keys.
    op.add_column("documents", sa.Column("mailing_planned_on", sa.Date(), nullable=True))


def downgrade() -> None:
    op.drop_column("documents", "mailing_planned_on")
