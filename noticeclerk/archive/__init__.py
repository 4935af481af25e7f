"""The archive: signed statements, scans and archival copies, kept tamper-evident for years.

Files are stored once by their SHA-256 (noticeclerk.store), every act on them is an entry of a
hash-chained ledger (ledger.py), issued documents get PDF/A-3b copies (pdfa.py), PDFs are signed
and their signatures checked (signing.py), records reach their retention period (retention.py),
and a selection leaves as a zip with its manifest and a certificate (export.py).
"""
