"""Frozen files out of the database: every issued document's and affidavit's PDF and DOCX moved
into the workspace's content-addressed store, the register keeping their SHA-256, size and
media type

Every file's bytes are first checked against the SHA-256 recorded when it was issued; one that
no longer has it stops the migration with one sentence naming its document, before anything is
changed. Then each is put into the store and read back, and only then are the columns of bytes
dropped. The store is the workspace's (`noticeclerk db upgrade` passes it as the Alembic
config's "store_folder" attribute, a PostgreSQL register's too); without it, the store of the
workspace that holds the SQLite file, or of the current folder.

Revision ID: 0015
Revises: 0014
Create Date: 2026-12-01
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterator
from pathlib import Path

import sqlalchemy as sa
from alembic import context, op

from noticeclerk.register.database import RegisterError
from noticeclerk.register.frozen import DOCX_TYPE, PDF_TYPE, FrozenFiles, files_of
from noticeclerk.store.folder import FolderStore

revision = "0015"
down_revision = "0014"
branch_labels = None
depends_on = None

TABLES = ("documents", "proofs")
KINDS = (("pdf", PDF_TYPE), ("docx", DOCX_TYPE))
BATCH = 100  # rows whose bytes are held at once


def _files() -> FrozenFiles:
    folder = context.config.attributes.get("store_folder")
    if folder is not None:
        return FrozenFiles(FolderStore(Path(os.path.abspath(folder))))
    return files_of(op.get_bind())


def _rows(table: str, columns: str) -> Iterator[sa.Row]:
    bind = op.get_bind()
    last = 0
    while True:
        rows = bind.execute(
            sa.text(
                f"SELECT id, number, {columns} FROM {table} WHERE id > :last ORDER BY id LIMIT :n"
            ),
            {"last": last, "n": BATCH},
        ).all()
        if not rows:
            return
        yield from rows
        last = rows[-1][0]


def _what(table: str, number: str) -> str:
    return f"affidavit of service {number}" if table == "proofs" else f"document {number}"


def upgrade() -> None:
    files = _files()
    columns = "pdf, pdf_sha256, docx, docx_sha256"
    # First every file against its SHA-256, changing nothing: a register whose files changed
    # is restored from its backup, not carried forward.
    for table in TABLES:
        for _id, number, pdf, pdf_sha256, docx, docx_sha256 in _rows(table, columns):
            for name, data, recorded in (("PDF", pdf, pdf_sha256), ("DOCX", docx, docx_sha256)):
                if hashlib.sha256(bytes(data)).hexdigest() != recorded:
                    raise RegisterError(
                        f"The register's {name} of {_what(table, number)} no longer matches the "
                        "SHA-256 recorded when it was issued, so its files cannot be moved to the "
                        "archive folder; nothing was changed: restore the register from its "
                        "backup, then run 'noticeclerk db upgrade' again."
                    )
    sizes: dict[str, list[dict[str, object]]] = {table: [] for table in TABLES}
    for table in TABLES:
        for row_id, number, pdf, pdf_sha256, docx, docx_sha256 in _rows(table, columns):
            for kind, data, recorded in (("pdf", pdf, pdf_sha256), ("docx", docx, docx_sha256)):
                files.store.put(bytes(data))
                files.read(number, kind, recorded)  # read back and checked before going on
            sizes[table].append({"row": row_id, "pdf_size": len(pdf), "docx_size": len(docx)})

    # Plain ALTER TABLE, the same on SQLite (3.35 or later) and PostgreSQL: a batch copy of
    # the table would have to drop it, which its foreign keys forbid.
    for table in TABLES:
        for kind, _type in KINDS:
            op.add_column(
                table, sa.Column(f"{kind}_size", sa.Integer(), nullable=False, server_default="0")
            )
            op.add_column(
                table, sa.Column(f"{kind}_type", sa.String(100), nullable=False, server_default="")
            )
        if sizes[table]:
            op.get_bind().execute(
                sa.text(
                    f"UPDATE {table} SET pdf_size = :pdf_size, docx_size = :docx_size, "
                    "pdf_type = :pdf_type, docx_type = :docx_type WHERE id = :row"
                ),
                [dict(row, pdf_type=PDF_TYPE, docx_type=DOCX_TYPE) for row in sizes[table]],
            )
        op.execute(f"ALTER TABLE {table} DROP COLUMN pdf")
        op.execute(f"ALTER TABLE {table} DROP COLUMN docx")


def downgrade() -> None:
    files = _files()
    for table in TABLES:
        op.add_column(table, sa.Column("pdf", sa.LargeBinary(), nullable=True))
        op.add_column(table, sa.Column("docx", sa.LargeBinary(), nullable=True))
        for row_id, number, pdf_sha256, docx_sha256 in _rows(table, "pdf_sha256, docx_sha256"):
            op.get_bind().execute(
                sa.text(f"UPDATE {table} SET pdf = :pdf, docx = :docx WHERE id = :row"),
                {
                    "pdf": files.read(number, "pdf", pdf_sha256),
                    "docx": files.read(number, "docx", docx_sha256),
                    "row": row_id,
                },
            )
        for kind, _type in KINDS:
            op.execute(f"ALTER TABLE {table} DROP COLUMN {kind}_size")
            op.execute(f"ALTER TABLE {table} DROP COLUMN {kind}_type")
