"""The parties of a case other than the owners of record, and the party each document went to

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-30
"""

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "parties",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("case_id", sa.Integer(), nullable=False),
        sa.Column("role", sa.String(length=20), nullable=False),
        sa.Column("name", sa.String(length=300), nullable=False),
        sa.Column("address_lines", sa.JSON(), nullable=False),
        sa.Column("email", sa.String(length=300), nullable=False),
        sa.Column("phone", sa.String(length=60), nullable=False),
        sa.Column("recorded_by", sa.String(length=200), nullable=False),
        sa.Column("recorded_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(["case_id"], ["cases.id"], name=op.f("fk_parties_case_id_cases")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_parties")),
    )
    # Plain ALTER TABLE: copying the documents table would trip its services' foreign keys.
    op.add_column("documents", sa.Column("recipient_role", sa.String(length=20), nullable=True))


def downgrade() -> None:
    op.drop_column("documents", "recipient_role")
    op.drop_table("parties")
