"""Certified and registered mail batches: the pieces of each mailing with their article numbers,
postage and fees, the files printed for it, and the post office's acceptance; the name a
return receipt was signed in

Revision ID: 0010
Revises: 0009
Create Date: 2026-12-01
"""

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # The name a return receipt was signed in, as the green card prints it.
    op.add_column("service_events", sa.Column("signed_by", sa.String(length=300), nullable=True))
    op.create_table(
        "mail_batches",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("number", sa.String(length=60), nullable=False),
        sa.Column("village", sa.String(length=40), nullable=False),
        sa.Column("method", sa.String(length=40), nullable=False),
        sa.Column("prepared_at", sa.DateTime(), nullable=False),
        sa.Column("prepared_by", sa.String(length=200), nullable=False),
        sa.Column("rates_effective", sa.Date(), nullable=False),
        sa.Column("rates_source", sa.Text(), nullable=False),
        sa.Column("mailer_id", sa.String(length=9), nullable=True),
        sa.Column("files", sa.JSON(), nullable=False),
        sa.Column("status", sa.String(length=10), nullable=False),
        sa.Column("accepted_at", sa.DateTime(), nullable=True),
        sa.Column("pieces_received", sa.Integer(), nullable=True),
        sa.Column("accepted_by", sa.String(length=200), nullable=True),
        sa.Column("recorded_at", sa.DateTime(), nullable=True),
        sa.Column("cancelled_at", sa.DateTime(), nullable=True),
        sa.Column("cancelled_by", sa.String(length=200), nullable=True),
        sa.Column("cancel_reason", sa.Text(), nullable=True),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_mail_batches")),
        sa.UniqueConstraint("number", name=op.f("uq_mail_batches_number")),
    )
    op.create_table(
        "mail_pieces",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("batch_id", sa.Integer(), nullable=False),
        sa.Column("line", sa.Integer(), nullable=False),
        sa.Column("document_id", sa.Integer(), nullable=False),
        sa.Column("article_number", sa.String(length=60), nullable=False),
        sa.Column("addressee", sa.String(length=300), nullable=False),
        sa.Column("address_lines", sa.JSON(), nullable=False),
        sa.Column("zip_code", sa.String(length=10), nullable=False),
        sa.Column("postage", sa.String(length=20), nullable=False),
        sa.Column("service_fee", sa.String(length=20), nullable=False),
        sa.Column("return_receipt_fee", sa.String(length=20), nullable=False),
        sa.Column("accepted", sa.Boolean(), nullable=True),
        sa.Column("service_id", sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(
            ["batch_id"], ["mail_batches.id"], name=op.f("fk_mail_pieces_batch_id_mail_batches")
        ),
        sa.ForeignKeyConstraint(
            ["document_id"], ["documents.id"], name=op.f("fk_mail_pieces_document_id_documents")
        ),
        sa.ForeignKeyConstraint(
            ["service_id"], ["services.id"], name=op.f("fk_mail_pieces_service_id_services")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_mail_pieces")),
        sa.UniqueConstraint("batch_id", "line", name=op.f("uq_mail_pieces_batch_id")),
    )
    for column in ("batch_id", "document_id", "article_number"):
        op.create_index(op.f(f"ix_mail_pieces_{column}"), "mail_pieces", [column])


def downgrade() -> None:
    for column in ("article_number", "document_id", "batch_id"):
        op.drop_index(op.f(f"ix_mail_pieces_{column}"), table_name="mail_pieces")
    op.drop_table("mail_pieces")
    op.drop_table("mail_batches")
    op.drop_column("service_events", "signed_by")
