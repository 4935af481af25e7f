"""Bytes kept by their SHA-256: the archive's files (and, later, the register's frozen files)."""
