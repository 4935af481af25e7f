"""What a document shared among several parcels charges each of them (a district's assessment
schedule, a clerk's certificate of cost), kept as it was printed for the follow-ups that bill
one parcel each

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-01
"""

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Plain ALTER TABLE: copying the documents table would trip its services' foreign keys.
    op.add_column("documents", sa.Column("parcel_charges", sa.JSON(), nullable=True))


def downgrade() -> None:
    op.drop_column("documents", "parcel_charges")
