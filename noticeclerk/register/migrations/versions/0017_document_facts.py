"""Each document keeps the facts it printed, so that a later record of the case (the final
resolution's day of publication, say) never stands for what an earlier document of the same
case printed under the same name

Revision ID: 0017
Revises: 0016
Create Date: 2026-12-02
"""

import sqlalchemy as sa
from alembic import op


revision = "0017"
down_revision = "0016"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Plain ALTER TABLE: copying the documents table would trip its services' foreign keys.
    op.add_column("documents", sa.Column("facts", sa.JSON(), nullable=True))


def downgrade() -> None:
    op.drop_column("documents", "facts")
