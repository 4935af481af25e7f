"""The roll's dwelling column, turned into a nullable dwelling on each parcel (NULL: not said).

Village A § 134-43B and D deliver and post "at the dwelling on the property".

Revision ID: 0018
Revises: 0017
Create Date: 2026-12-02
"""

import sqlalchemy as sa
from alembic import op


revision = "0018"
down_revision = "0017"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Plain ALTER TABLE, as in 0017: copying the parcels table would trip the foreign keys of
    # its owner records and case links. NULL on every parcel already there: no roll has said.
    op.add_column("parcels", sa.Column("dwelling", sa.Boolean(), nullable=True))


def downgrade() -> None:
    op.drop_column("parcels", "dwelling")
