"""The archive: its items (files kept by SHA-256 in the archive's store) and its hash-chained
ledger

Revision ID: 0012
Revises: 0011
Create Date: 2026-12-01
"""

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "archive_items",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("village", sa.String(length=40), nullable=False),
        sa.Column("kind", sa.String(length=40), nullable=False),
        sa.Column("sha256", sa.String(length=64), nullable=False),
        sa.Column("size", sa.Integer(), nullable=False),
        sa.Column("media_type", sa.String(length=100), nullable=False),
        sa.Column("original_name", sa.String(length=400), nullable=False),
        sa.Column("document_id", sa.Integer(), nullable=True),
        sa.Column("case_id", sa.Integer(), nullable=True),
        sa.Column("derived_from_id", sa.Integer(), nullable=True),
        sa.Column("pdfa", sa.Boolean(), nullable=False),
        sa.Column("signed_by", sa.String(length=300), nullable=True),
        sa.Column("signed_on", sa.Date(), nullable=True),
        sa.Column("note", sa.Text(), nullable=True),
        sa.Column("added_at", sa.DateTime(), nullable=False),
        sa.Column("added_by", sa.String(length=200), nullable=False),
        sa.Column("entry_seq", sa.Integer(), nullable=False),
        sa.Column("retention_reached_at", sa.DateTime(), nullable=True),
        sa.Column("disposed_at", sa.DateTime(), nullable=True),
        sa.Column("disposed_by", sa.String(length=200), nullable=True),
        sa.Column("disposal_authority", sa.Text(), nullable=True),
        sa.ForeignKeyConstraint(
            ["document_id"], ["documents.id"], name=op.f("fk_archive_items_document_id_documents")
        ),
        sa.ForeignKeyConstraint(
            ["case_id"], ["cases.id"], name=op.f("fk_archive_items_case_id_cases")
        ),
        sa.ForeignKeyConstraint(
            ["derived_from_id"],
            ["archive_items.id"],
            name=op.f("fk_archive_items_derived_from_id_archive_items"),
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_archive_items")),
    )
    op.create_index(op.f("ix_archive_items_sha256"), "archive_items", ["sha256"])
    op.create_index(op.f("ix_archive_items_document_id"), "archive_items", ["document_id"])
    op.create_index(op.f("ix_archive_items_case_id"), "archive_items", ["case_id"])
    op.create_table(
        "archive_ledger",
        sa.Column("seq", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("at", sa.DateTime(), nullable=False),
        sa.Column("event", sa.String(length=30), nullable=False),
        sa.Column("item_id", sa.Integer(), nullable=True),
        sa.Column("record", sa.Text(), nullable=False),
        sa.Column("previous_hash", sa.String(length=64), nullable=False),
        sa.Column("hash", sa.String(length=64), nullable=False),
        sa.ForeignKeyConstraint(
            ["item_id"], ["archive_items.id"], name=op.f("fk_archive_ledger_item_id_archive_items")
        ),
        sa.PrimaryKeyConstraint("seq", name=op.f("pk_archive_ledger")),
        sa.UniqueConstraint("hash", name=op.f("uq_archive_ledger_hash")),
    )
    op.create_index(op.f("ix_archive_ledger_item_id"), "archive_ledger", ["item_id"])


def downgrade() -> None:
    op.drop_index(op.f("ix_archive_ledger_item_id"), table_name="archive_ledger")
    op.drop_table("archive_ledger")
    op.drop_index(op.f("ix_archive_items_case_id"), table_name="archive_items")
    op.drop_index(op.f("ix_archive_items_document_id"), table_name="archive_items")
    op.drop_index(op.f("ix_archive_items_sha256"), table_name="archive_items")
    op.drop_table("archive_items")
