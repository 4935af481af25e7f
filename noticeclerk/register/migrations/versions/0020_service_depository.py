"""A mailing records the post office or official depository its envelope was deposited in,
which the affidavit of mailing names: in New York, service by mail is by deposit "in an
official depository under the exclusive care and custody of the United States Postal Service
within the state" (CPLR 2103(b)(2)); and a service that is a further step after a mailing
came back unclaimed or refused is marked so (Jones v. Flowers, 547 U.S. 220 (2006))

Revision ID: 0020
Revises: 0019
Create Date: 2026-12-02
"""

import sqlalchemy as sa
from alembic import op

revision = "0020"
down_revision = "0019"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("services", sa.Column("deposited_at", sa.String(length=300), nullable=True))
    op.add_column("services", sa.Column("after_return", sa.Boolean(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("services") as batch:
        batch.drop_column("after_return")
        batch.drop_column("deposited_at")
