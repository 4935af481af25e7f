"""Publication: each day a newspaper printed a document as a legal notice, with the archive
item of the publisher's affidavit and the service it is

Revision ID: 0013
Revises: 0012
Create Date: 2026-12-01
"""

import sqlalchemy as sa
from alembic import op

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "insertions",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("document_id", sa.Integer(), nullable=False),
        sa.Column("published_on", sa.Date(), nullable=False),
        sa.Column("newspaper", sa.String(length=300), nullable=False),
        sa.Column("affidavit_item_id", sa.Integer(), nullable=False),
        sa.Column("service_id", sa.Integer(), nullable=True),
        sa.Column("recorded_at", sa.DateTime(), nullable=False),
        sa.Column("recorded_by", sa.String(length=200), nullable=False),
        sa.ForeignKeyConstraint(
            ["document_id"], ["documents.id"], name=op.f("fk_insertions_document_id_documents")
        ),
        sa.ForeignKeyConstraint(
            ["affidavit_item_id"],
            ["archive_items.id"],
            name=op.f("fk_insertions_affidavit_item_id_archive_items"),
        ),
        sa.ForeignKeyConstraint(
            ["service_id"], ["services.id"], name=op.f("fk_insertions_service_id_services")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_insertions")),
        sa.UniqueConstraint("document_id", "published_on", name=op.f("uq_insertions_document_id")),
    )
    op.create_index(op.f("ix_insertions_document_id"), "insertions", ["document_id"])


def downgrade() -> None:
    op.drop_index(op.f("ix_insertions_document_id"), table_name="insertions")
    op.drop_table("insertions")
