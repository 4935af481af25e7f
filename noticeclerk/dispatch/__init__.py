"""Dispatch: issued documents, turned into mailings the Post Office accepts and the register
records (certified and registered mail batches)."""
