"""Service records as evidence: each method's particulars, mistaken records struck (never
edited or deleted), and affidavits of service issued and frozen like any document

Revision ID: 0009
Revises: 0008
Create Date: 2026-11-30
"""

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None

# Who struck a record, when and why; a struck record stays, and only standing ones are sworn to.
STRUCK = (
    ("struck_at", sa.DateTime()),
    ("struck_by", sa.String(length=200)),
    ("struck_reason", sa.Text()),
)

# The particulars a court asks of each method: where an email address came from when it is not
# the one on file; the number called for a door posting, when, and who answered.
PARTICULARS = (
    ("email_source", sa.Text()),
    ("phone_number", sa.String(length=60)),
    ("called_at", sa.DateTime()),
    ("answered_by", sa.String(length=300)),
)


def upgrade() -> None:
    # Plain ALTER TABLE: copying the services table would trip its events' foreign keys.
    for name, kind in PARTICULARS + STRUCK:
        op.add_column("services", sa.Column(name, kind, nullable=True))
    for name, kind in STRUCK:
        op.add_column("service_events", sa.Column(name, kind, nullable=True))
    op.create_table(
        "proofs",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("document_id", sa.Integer(), nullable=False),
        sa.Column("number", sa.String(length=80), nullable=False),
        sa.Column("issued_at", sa.DateTime(), nullable=False),
        sa.Column("issued_by", sa.String(length=200), nullable=False),
        sa.Column("service_ids", sa.JSON(), nullable=False),
        sa.Column("pdf", sa.LargeBinary(), nullable=False),
        sa.Column("pdf_sha256", sa.String(length=64), nullable=False),
        sa.Column("docx", sa.LargeBinary(), nullable=False),
        sa.Column("docx_sha256", sa.String(length=64), nullable=False),
        sa.ForeignKeyConstraint(
            ["document_id"], ["documents.id"], name=op.f("fk_proofs_document_id_documents")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_proofs")),
        sa.UniqueConstraint("number", name=op.f("uq_proofs_number")),
    )


def downgrade() -> None:
    op.drop_table("proofs")
    for name, _kind in reversed(STRUCK):
        op.drop_column("service_events", name)
    for name, _kind in reversed(PARTICULARS + STRUCK):
        op.drop_column("services", name)
