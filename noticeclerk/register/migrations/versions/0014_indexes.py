"""Indexes on every foreign key and on the filters the lists use most (a case's village, whether
it is closed, a document's notice type), so that what is due and the permits stay quick on a
large register

Revision ID: 0014
Revises: 0013
Create Date: 2026-12-01
"""

from alembic import op

revision = "0014"
down_revision = "0013"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_index("ix_archive_items_derived_from_id", "archive_items", ["derived_from_id"])
    op.create_index("ix_case_parcels_parcel_pk", "case_parcels", ["parcel_pk"])
    op.create_index("ix_cases_closed_at", "cases", ["closed_at"])
    op.create_index("ix_cases_village", "cases", ["village"])
    op.create_index("ix_documents_case_id", "documents", ["case_id"])
    op.create_index("ix_documents_notice_type", "documents", ["notice_type"])
    op.create_index("ix_events_case_id", "events", ["case_id"])
    op.create_index("ix_insertions_affidavit_item_id", "insertions", ["affidavit_item_id"])
    op.create_index("ix_insertions_service_id", "insertions", ["service_id"])
    op.create_index("ix_mail_pieces_service_id", "mail_pieces", ["service_id"])
    op.create_index("ix_outbox_service_id", "outbox", ["service_id"])
    op.create_index("ix_owner_records_parcel_pk", "owner_records", ["parcel_pk"])
    op.create_index("ix_owner_records_roll_import_id", "owner_records", ["roll_import_id"])
    op.create_index("ix_parties_case_id", "parties", ["case_id"])
    op.create_index("ix_payments_document_id", "payments", ["document_id"])
    op.create_index("ix_proofs_document_id", "proofs", ["document_id"])
    op.create_index("ix_service_events_service_id", "service_events", ["service_id"])
    op.create_index("ix_services_document_id", "services", ["document_id"])


def downgrade() -> None:
    op.drop_index("ix_services_document_id", table_name="services")
    op.drop_index("ix_service_events_service_id", table_name="service_events")
    op.drop_index("ix_proofs_document_id", table_name="proofs")
    op.drop_index("ix_payments_document_id", table_name="payments")
    op.drop_index("ix_parties_case_id", table_name="parties")
    op.drop_index("ix_owner_records_roll_import_id", table_name="owner_records")
    op.drop_index("ix_owner_records_parcel_pk", table_name="owner_records")
    op.drop_index("ix_outbox_service_id", table_name="outbox")
    op.drop_index("ix_mail_pieces_service_id", table_name="mail_pieces")
    op.drop_index("ix_insertions_service_id", table_name="insertions")
    op.drop_index("ix_insertions_affidavit_item_id", table_name="insertions")
    op.drop_index("ix_events_case_id", table_name="events")
    op.drop_index("ix_documents_notice_type", table_name="documents")
    op.drop_index("ix_documents_case_id", table_name="documents")
    op.drop_index("ix_cases_village", table_name="cases")
    op.drop_index("ix_cases_closed_at", table_name="cases")
    op.drop_index("ix_case_parcels_parcel_pk", table_name="case_parcels")
    op.drop_index("ix_archive_items_derived_from_id", table_name="archive_items")
