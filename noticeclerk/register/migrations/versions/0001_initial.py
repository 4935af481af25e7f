"""The register: parcels, owners of record, roll imports, cases, events, documents, services.

Revision ID: 0001
Revises:
Create Date: 2026-11-30

Date-times are stored in UTC without a zone (the models' UTCDateTime); the
migration uses plain DateTime so it does not depend on model code that may change.
"""

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "cases",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("number", sa.String(length=60), nullable=False),
        sa.Column("village", sa.String(length=40), nullable=False),
        sa.Column("notice_type", sa.String(length=80), nullable=False),
        sa.Column("opened_at", sa.DateTime(), nullable=False),
        sa.Column("opened_by", sa.String(length=200), nullable=False),
        sa.Column("recipient", sa.JSON(), nullable=True),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_cases")),
        sa.UniqueConstraint("number", name=op.f("uq_cases_number")),
    )
    op.create_table(
        "counters",
        sa.Column("series", sa.String(length=120), nullable=False),
        sa.Column("next_value", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("series", name=op.f("pk_counters")),
    )
    op.create_table(
        "parcels",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("village", sa.String(length=40), nullable=False),
        sa.Column("parcel_id", sa.String(length=60), nullable=False),
        sa.Column("section_block_lot", sa.String(length=200), nullable=False),
        sa.Column("property_address", sa.String(length=200), nullable=False),
        sa.Column("tax_lots", sa.String(length=200), nullable=False),
        sa.Column("resident", sa.Boolean(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_parcels")),
        sa.UniqueConstraint("village", "parcel_id", name=op.f("uq_parcels_village")),
    )
    op.create_table(
        "roll_imports",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("village", sa.String(length=40), nullable=False),
        sa.Column("filename", sa.String(length=400), nullable=False),
        sa.Column("sha256", sa.String(length=64), nullable=False),
        sa.Column("imported_at", sa.DateTime(), nullable=False),
        sa.Column("imported_by", sa.String(length=200), nullable=False),
        sa.Column("rows", sa.Integer(), nullable=False),
        sa.Column("changes", sa.JSON(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_roll_imports")),
    )
    op.create_table(
        "case_parcels",
        sa.Column("case_id", sa.Integer(), nullable=False),
        sa.Column("parcel_pk", sa.Integer(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["case_id"], ["cases.id"], name=op.f("fk_case_parcels_case_id_cases")
        ),
        sa.ForeignKeyConstraint(
            ["parcel_pk"], ["parcels.id"], name=op.f("fk_case_parcels_parcel_pk_parcels")
        ),
        sa.PrimaryKeyConstraint("case_id", "parcel_pk", name=op.f("pk_case_parcels")),
    )
    op.create_table(
        "documents",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("number", sa.String(length=60), nullable=False),
        sa.Column("case_id", sa.Integer(), nullable=False),
        sa.Column("notice_type", sa.String(length=80), nullable=False),
        sa.Column("document_date", sa.Date(), nullable=False),
        sa.Column("issued_at", sa.DateTime(), nullable=False),
        sa.Column("issued_by", sa.String(length=200), nullable=False),
        sa.Column("recipient_name", sa.String(length=300), nullable=False),
        sa.Column("recipient_lines", sa.JSON(), nullable=False),
        sa.Column("stated_deadline", sa.String(length=40), nullable=True),
        sa.Column("pdf", sa.LargeBinary(), nullable=False),
        sa.Column("pdf_sha256", sa.String(length=64), nullable=False),
        sa.Column("docx", sa.LargeBinary(), nullable=False),
        sa.Column("docx_sha256", sa.String(length=64), nullable=False),
        sa.Column("status", sa.String(length=10), nullable=False),
        sa.Column("void_reason", sa.Text(), nullable=True),
        sa.Column("voided_at", sa.DateTime(), nullable=True),
        sa.Column("voided_by", sa.String(length=200), nullable=True),
        sa.ForeignKeyConstraint(["case_id"], ["cases.id"], name=op.f("fk_documents_case_id_cases")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_documents")),
        sa.UniqueConstraint("number", name=op.f("uq_documents_number")),
    )
    op.create_table(
        "events",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("case_id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=10), nullable=False),
        sa.Column("name", sa.String(length=80), nullable=False),
        sa.Column("value", sa.JSON(), nullable=False),
        sa.Column("recorded_by", sa.String(length=200), nullable=False),
        sa.Column("recorded_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(["case_id"], ["cases.id"], name=op.f("fk_events_case_id_cases")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_events")),
    )
    op.create_table(
        "owner_records",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("parcel_pk", sa.Integer(), nullable=False),
        sa.Column("owner_name", sa.String(length=300), nullable=False),
        sa.Column("mailing_lines", sa.JSON(), nullable=False),
        sa.Column("email", sa.String(length=300), nullable=False),
        sa.Column("phone", sa.String(length=60), nullable=False),
        sa.Column("valid_from", sa.DateTime(), nullable=False),
        sa.Column("valid_to", sa.DateTime(), nullable=True),
        sa.Column("roll_import_id", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["parcel_pk"], ["parcels.id"], name=op.f("fk_owner_records_parcel_pk_parcels")
        ),
        sa.ForeignKeyConstraint(
            ["roll_import_id"],
            ["roll_imports.id"],
            name=op.f("fk_owner_records_roll_import_id_roll_imports"),
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_owner_records")),
    )
    op.create_table(
        "services",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("document_id", sa.Integer(), nullable=False),
        sa.Column("method", sa.String(length=40), nullable=False),
        sa.Column("served_by", sa.String(length=200), nullable=False),
        sa.Column("served_at", sa.DateTime(), nullable=False),
        sa.Column("to_person", sa.String(length=300), nullable=True),
        sa.Column("address", sa.Text(), nullable=True),
        sa.Column("email", sa.String(length=300), nullable=True),
        sa.Column("phone_result", sa.String(length=20), nullable=True),
        sa.Column("article_number", sa.String(length=60), nullable=True),
        sa.Column("note", sa.Text(), nullable=True),
        sa.Column("recorded_at", sa.DateTime(), nullable=False),
        sa.Column("effective", sa.String(length=40), nullable=False),
        sa.Column("deadline", sa.String(length=40), nullable=True),
        sa.Column("deadline_steps", sa.JSON(), nullable=False),
        sa.ForeignKeyConstraint(
            ["document_id"], ["documents.id"], name=op.f("fk_services_document_id_documents")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_services")),
    )


def downgrade() -> None:
    op.drop_table("services")
    op.drop_table("owner_records")
    op.drop_table("events")
    op.drop_table("documents")
    op.drop_table("case_parcels")
    op.drop_table("roll_imports")
    op.drop_table("parcels")
    op.drop_table("counters")
    op.drop_table("cases")
