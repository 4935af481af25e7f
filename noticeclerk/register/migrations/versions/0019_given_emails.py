"""An email address counts for service under Village A § 134-43C only as "provided to any
department of the Village by an owner or resident of the property": the register keeps who gave
it, as what, to which department, on which day, and the archived writing, and each email service
names the record it relied on; a suitable-age delivery records the person's relationship to
the dwelling

Revision ID: 0019
Revises: 0018
Create Date: 2026-12-02
"""

import sqlalchemy as sa
from alembic import op

revision = "0019"
down_revision = "0018"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "given_emails",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("case_id", sa.Integer(), nullable=False),
        sa.Column("email", sa.String(length=300), nullable=False),
        sa.Column("given_by", sa.String(length=300), nullable=False),
        sa.Column("given_as", sa.String(length=300), nullable=False),
        sa.Column("department", sa.String(length=200), nullable=False),
        sa.Column("given_on", sa.Date(), nullable=False),
        sa.Column("writing_item_id", sa.Integer(), nullable=False),
        sa.Column("recorded_by", sa.String(length=200), nullable=False),
        sa.Column("recorded_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["case_id"], ["cases.id"], name=op.f("fk_given_emails_case_id_cases")
        ),
        sa.ForeignKeyConstraint(
            ["writing_item_id"],
            ["archive_items.id"],
            name=op.f("fk_given_emails_writing_item_id_archive_items"),
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_given_emails")),
    )
    op.create_index(op.f("ix_given_emails_case_id"), "given_emails", ["case_id"])
    # Plain ALTER TABLE: copying the services table would trip its events' foreign keys.
    # SQLite takes a column's REFERENCES in ADD COLUMN but no ADD CONSTRAINT, which is how
    # Alembic adds a foreign key elsewhere.
    if op.get_bind().dialect.name == "sqlite":
        op.execute(
            "ALTER TABLE services ADD COLUMN given_email_id INTEGER "
            "CONSTRAINT fk_services_given_email_id_given_emails REFERENCES given_emails (id)"
        )
    else:
        op.add_column("services", sa.Column("given_email_id", sa.Integer(), nullable=True))
        op.create_foreign_key(
            op.f("fk_services_given_email_id_given_emails"),
            "services",
            "given_emails",
            ["given_email_id"],
            ["id"],
        )

    # Suitable-age delivery swears to who the person at the dwelling is (§ 134-43B).
    op.add_column("services", sa.Column("related_as", sa.String(length=300), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("services") as batch:
        batch.drop_column("related_as")
        batch.drop_column("given_email_id")
    op.drop_index(op.f("ix_given_emails_case_id"), table_name="given_emails")
    op.drop_table("given_emails")
