"""The document each follow-up follows (a sworn statement its bill), by number, and the parcel
a document is for when its case has several (one bill for each owner)

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-30
"""

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Plain ALTER TABLE: copying the documents table would trip its services' foreign keys.
    op.add_column("documents", sa.Column("follows", sa.String(length=60), nullable=True))
    op.add_column("documents", sa.Column("parcel_id", sa.String(length=60), nullable=True))


def downgrade() -> None:
    op.drop_column("documents", "parcel_id")
    op.drop_column("documents", "follows")
