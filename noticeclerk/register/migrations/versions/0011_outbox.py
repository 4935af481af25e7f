"""The email outbox: one message per document, channel and recipient, with its bytes, its
Message-ID, and what the server answered

Revision ID: 0011
Revises: 0010
Create Date: 2026-12-01
"""

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "outbox",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("document_id", sa.Integer(), nullable=False),
        sa.Column("channel", sa.String(length=10), nullable=False),
        sa.Column("recipient", sa.String(length=300), nullable=False),
        sa.Column("recipient_name", sa.String(length=300), nullable=False),
        sa.Column("address_source", sa.Text(), nullable=True),
        sa.Column("courtesy", sa.Boolean(), nullable=False),
        sa.Column("message_id", sa.String(length=200), nullable=False),
        sa.Column("message", sa.LargeBinary(), nullable=False),
        sa.Column("message_sha256", sa.String(length=64), nullable=False),
        sa.Column("state", sa.String(length=10), nullable=False),
        sa.Column("attempts", sa.Integer(), nullable=False),
        sa.Column("next_attempt_at", sa.DateTime(), nullable=True),
        sa.Column("last_reply", sa.Text(), nullable=True),
        sa.Column("queued_at", sa.DateTime(), nullable=False),
        sa.Column("queued_by", sa.String(length=200), nullable=False),
        sa.Column("sent_at", sa.DateTime(), nullable=True),
        sa.Column("queue_id", sa.Text(), nullable=True),
        sa.Column("service_id", sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(
            ["document_id"], ["documents.id"], name=op.f("fk_outbox_document_id_documents")
        ),
        sa.ForeignKeyConstraint(
            ["service_id"], ["services.id"], name=op.f("fk_outbox_service_id_services")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_outbox")),
        sa.UniqueConstraint(
            "document_id", "channel", "recipient", name=op.f("uq_outbox_document_id")
        ),
        sa.UniqueConstraint("message_id", name=op.f("uq_outbox_message_id")),
    )
    op.create_index(op.f("ix_outbox_document_id"), "outbox", ["document_id"])
    op.create_index(op.f("ix_outbox_state"), "outbox", ["state"])


def downgrade() -> None:
    op.drop_index(op.f("ix_outbox_state"), table_name="outbox")
    op.drop_index(op.f("ix_outbox_document_id"), table_name="outbox")
    op.drop_table("outbox")
